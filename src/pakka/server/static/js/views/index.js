// @ts-check
// Table views by game name; any game without its own view gets the generic one.
import * as generic from "./generic.js";
import * as koodinmurtaja from "./koodinmurtaja.js";
import * as viisisataa from "./viisisataa.js";
import * as ravaytys from "./ravaytys.js";
import { solo, memo, tiko, kubo, pairs } from "./zoker.js";

const VIEWS = {
  koodinmurtaja,
  viisisataa,
  ravaytys,
  "zoker-solo": solo,
  "zoker-memo": memo,
  "zoker-tiko": tiko,
  "zoker-kubo": kubo,
  "zoker-pairs": pairs,
};

/** The view module (with render(ctx)) for `game`. */
export function viewFor(game) {
  return VIEWS[game] || generic;
}

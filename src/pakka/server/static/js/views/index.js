// Table views by game name; any game without its own view gets the generic one.
import * as generic from "./generic.js";
import * as koodinmurtaja from "./koodinmurtaja.js";
import * as viisisataa from "./viisisataa.js";

const VIEWS = {
  koodinmurtaja,
  viisisataa,
};

/** The view module (with render(ctx)) for `game`. */
export function viewFor(game) {
  return VIEWS[game] || generic;
}

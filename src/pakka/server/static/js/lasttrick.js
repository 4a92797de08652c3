// @ts-check
// A small "last trick" view for trick games, drawn from the view's own fields:
// `last_trick` as {leader, cards: [{seat, card}], winner} (Viisisataa) or as a
// list of cards with `last_trick_seats` and `last_trick_winner` (Tiko).
import { h } from "./ui.js";
import { cardEl } from "./cards.js";

/**
 * The last trick of `view` as [{seat, card}] and its winner, or null.
 * @param {any} view
 * @returns {{cards: {seat: number, card: string}[], winner: number | null} | null}
 */
export function lastTrickOf(view) {
  const lt = view && view.last_trick;
  if (!lt) return null;
  if (Array.isArray(lt)) {
    if (!lt.length) return null;
    const seats = view.last_trick_seats || [];
    return { cards: lt.map((card, i) => ({ seat: seats[i], card })), winner: view.last_trick_winner ?? null };
  }
  if (Array.isArray(lt.cards) && lt.cards.length) return { cards: lt.cards, winner: lt.winner ?? null };
  return null;
}

/**
 * The mini view, or null when the game has no last trick (yet).
 * @param {any} view
 * @param {string} deck
 * @param {string} lang
 * @param {(seat: number) => string} name
 * @param {(key: string, args?: Record<string, unknown>) => string} tx the table's words
 */
export function lastTrickBox(view, deck, lang, name, tx) {
  const lt = lastTrickOf(view);
  if (!lt) return null;
  return h("section", { class: "last-trick-mini", id: "last-trick", "aria-label": tx("table.last_trick.title") },
    h("div", { class: "muted" }, tx("table.last_trick.title"), lt.winner !== null ? " — " + tx("table.last_trick.taken_by", { player: lt.winner }) : ""),
    h("div", { class: "cards small-cards" }, lt.cards.map((p) =>
      h("span", { class: "mini-play" + (p.seat === lt.winner ? " won" : ""), dataset: { seat: p.seat } }, cardEl(p.card, deck, lang), h("span", { class: "who" }, name(p.seat))))));
}

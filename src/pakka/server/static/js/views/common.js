// @ts-check
// Building blocks shared by the card-game table views: seat headers, a hand
// of cards whose playable cards are buttons, a trick in the middle, a score sheet.
import { h } from "../ui.js";
import { t } from "../i18n.js";
import { cardEl, cardBackSvg } from "../cards.js";

/** @typedef {import("../types").LegalAction} LegalAction */

/** A seat's heading: name, "you", whose turn, extra badges. */
export function seatHead(ctx, seat, ...badges) {
  const v = ctx.view;
  return h("div", { class: "seat-name" }, ctx.name(seat),
    seat === ctx.seat ? h("span", { class: "badge" }, t("you")) : null,
    seat === v.current_player ? h("span", { class: "badge turn" }, "▶") : null,
    ...badges);
}

/** A seat box (the seat's own area of the table). */
export function seatBox(ctx, seat, ...children) {
  const v = ctx.view;
  const cls = ["seat-box"];
  if (seat === v.current_player) cls.push("to-move");
  if (seat === ctx.seat) cls.push("me");
  return h("div", { class: cls.join(" "), dataset: { seat } }, ...children);
}

/** `n` card backs, fanned (an opponent's hand). */
export function backs(n, label) {
  const box = h("div", { class: "fan", "aria-label": label, role: "img" });
  for (let i = 0; i < Math.min(n, 20); i++) box.append(h("span", { class: "card" }, cardBackSvg("")));
  box.append(h("span", { class: "fan-count" }, String(n)));
  return box;
}

/**
 * A row of face-up cards. `actionFor(card, i)` returns the legal action that
 * playing the card means now (or a function to call, or null); such cards become
 * buttons.
 * @param {any} ctx
 * @param {string[]} cards
 * @param {(card: string, i: number) => LegalAction | (() => void) | null} [actionFor]
 * @param {{small?: boolean, label?: string, key?: string, selected?: Set<string>}} [opts]
 */
export function hand(ctx, cards, actionFor = () => null, opts = {}) {
  const row = h("div", { class: "cards hand" + (opts.small ? " small-cards" : ""), role: "group", "aria-label": opts.label || "" });
  let first = true;
  cards.forEach((c, i) => {
    const a = ctx.mine && !ctx.pending ? actionFor(c, i) : null;
    const el = cardEl(c, ctx.deck, ctx.lang, a ? { onClick: () => (typeof a === "function" ? a() : ctx.act(a)), className: "playable", label: typeof a === "function" ? undefined : ctx.label(a) } : {});
    el.dataset.fkey = (opts.key || "hand") + ":" + c + ":" + i;
    if (a && typeof a !== "function") {
      el.dataset.action = a.text;
      el.dataset.kind = a.kind;
    }
    if (a && first) {
      el.dataset.autofocus = "1";
      first = false;
    }
    if (opts.selected && opts.selected.has(c)) el.setAttribute("aria-pressed", "true");
    row.append(el);
  });
  return row;
}

/** The cards of a trick, each with the name of who played it. */
export function trick(ctx, plays, label = "") {
  return h("div", { class: "trick", role: "group", "aria-label": label },
    plays.length === 0 ? h("span", { class: "muted" }, "—") : null,
    plays.map((p) => h("div", { class: "trick-card" }, cardEl(p.card, ctx.deck, ctx.lang), h("span", { class: "who" }, ctx.name(p.seat)))));
}

/** A score sheet: one row per hand/round, one column per seat. */
export function sheet(ctx, rows, caption, cells) {
  const n = ctx.view.players;
  const head = [];
  for (let s = 0; s < n; s++) head.push(h("th", { scope: "col" }, ctx.name(s)));
  return h("div", { class: "sheet-wrap", tabindex: "0", role: "region", "aria-label": caption },
    h("table", { class: "scores-table sheet" },
      h("caption", {}, caption),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), head)),
      h("tbody", {}, rows.map((r, i) => h("tr", {}, h("td", {}, String(i + 1)), cells(r).map((c) => h("td", { class: "num" }, c)))))));
}

/**
 * Whether the game's display layer describes its actions (kinds, cards, targets);
 * a game without one yet sends every action as kind "move" with the generic label,
 * and its view then offers the actions as plain buttons.
 * @param {LegalAction[]} legal
 */
export function structured(legal) {
  return legal.some((a) => a.label.key !== "action.generic");
}

/**
 * One legal action as a button showing its label; `text` replaces the label.
 * @param {any} ctx
 * @param {LegalAction} a
 * @param {Record<string, any>} [extra] attributes (class, id, dataset...)
 * @param {any} [text]
 */
export function actionButton(ctx, a, extra = {}, text = null) {
  const { dataset = {}, onclick = null, ...rest } = extra;
  return h("button", {
    type: "button", disabled: ctx.pending,
    dataset: { action: a.text, kind: a.kind, fkey: "act:" + a.id, ...dataset },
    onclick: onclick || (() => ctx.act(a)),
    ...rest,
  }, text ?? ctx.label(a));
}

/**
 * Legal actions that no special control covers, as buttons with their labels.
 * @param {any} ctx
 * @param {LegalAction[]} actions
 */
export function otherActions(ctx, actions) {
  if (!ctx.mine || !actions.length) return null;
  return h("div", { class: "action-list other-actions" }, actions.map((a, i) =>
    actionButton(ctx, a, { class: "secondary", dataset: i === 0 ? { autofocus: "1" } : {} })));
}

/**
 * The fallback for a game whose display layer has not landed: every legal action
 * as a button (its label, else its notation), and nothing else to click.
 * @param {any} ctx
 */
export function fallbackActions(ctx) {
  if (!ctx.mine || !ctx.legal.length) return null;
  return h("section", { class: "actions-box fallback-actions", "aria-label": t("legal_actions") },
    h("h2", {}, t("legal_actions")),
    otherActions(ctx, ctx.legal));
}

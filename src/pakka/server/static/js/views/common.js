// Building blocks shared by the card-game table views: seat headers, a hand
// of cards whose playable cards are buttons, a trick in the middle, a score sheet.
import { h } from "../ui.js";
import { t } from "../i18n.js";
import { cardEl, cardBackSvg } from "../cards.js";

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
 * A row of face-up cards. `actionFor(card)` returns the action text that
 * playing the card means now (or null); such cards become buttons.
 */
export function hand(ctx, cards, actionFor = () => null, opts = {}) {
  const row = h("div", { class: "cards hand" + (opts.small ? " small-cards" : ""), role: "group", "aria-label": opts.label || "" });
  let first = true;
  cards.forEach((c, i) => {
    const a = ctx.mine && !ctx.pending ? actionFor(c, i) : null;
    const el = cardEl(c, ctx.game, ctx.lang, a ? { onClick: () => (typeof a === "function" ? a() : ctx.act(a)), className: "playable" } : {});
    el.dataset.fkey = (opts.key || "hand") + ":" + c + ":" + i;
    if (a && typeof a === "string") el.dataset.action = a;
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
    plays.map((p) => h("div", { class: "trick-card" }, cardEl(p.card, ctx.game, ctx.lang), h("span", { class: "who" }, ctx.name(p.seat)))));
}

/** A score sheet: one row per hand/round, one column per seat. */
export function sheet(ctx, rows, caption, cells) {
  const n = ctx.view.players;
  const head = [];
  for (let s = 0; s < n; s++) head.push(h("th", { scope: "col" }, ctx.name(s)));
  return h("div", { class: "sheet-wrap" },
    h("table", { class: "scores-table sheet" },
      h("caption", {}, caption),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), head)),
      h("tbody", {}, rows.map((r, i) => h("tr", {}, h("td", {}, String(i + 1)), cells(r).map((c) => h("td", { class: "num" }, c)))))));
}

/** Legal actions that no special control covers, as plain buttons. */
export function otherActions(ctx, actions) {
  if (!ctx.mine || !actions.length) return null;
  return h("div", { class: "action-list" }, actions.map((a) =>
    h("button", { type: "button", class: "secondary", disabled: ctx.pending, dataset: { action: a, fkey: "act:" + a }, onclick: () => ctx.act(a) }, a)));
}

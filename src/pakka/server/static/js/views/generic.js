// @ts-check
// The generic table view: works for ANY registered game from its view and
// its legal actions alone. Seats with their fields, cards drawn as cards,
// the other fields in words, and every legal action as a button.
import { h } from "../ui.js";
import { t } from "../i18n.js";
import { cardEl, isCard } from "../cards.js";

// Fields the base view always has; they are shown elsewhere (banner, scores).
const BASE = new Set(["game", "players", "options", "seat", "current_player", "is_terminal", "scores", "winners", "moves", "log"]);

function label(key) {
  return key.replace(/_/g, " ");
}

/** Render any JSON value from a view, drawing cards as cards. */
export function value(v, ctx, depth = 0) {
  const deck = ctx.deck;
  if (typeof v === "string" && isCard(v, deck)) return h("span", { class: "cards small-cards" }, cardEl(v, deck, ctx.lang));
  if (Array.isArray(v)) {
    if (v.length && v.every((x) => typeof x === "string" && isCard(x, deck)))
      return h("span", { class: "cards" }, v.map((c) => cardEl(c, deck, ctx.lang)));
    if (v.length === 0) return h("span", { class: "muted" }, "—");
    // A list of {card, ...} entries (hidden cards have card null): a row of cards.
    if (v.every((x) => x && typeof x === "object" && !Array.isArray(x) && "card" in x))
      return h("span", { class: "cards" }, v.map((x) => {
        const extra = Object.entries(x).filter(([k]) => k !== "card").map(([k, y]) => `${label(k)}: ${Array.isArray(y) ? y.join(",") : y}`).join("; ");
        const el = cardEl(x.card ?? "?", deck, ctx.lang, { label: (x.card ?? "?") + (extra ? ` (${extra})` : "") });
        return el;
      }));
    if (v.every((x) => x === null || typeof x !== "object"))
      return h("span", {}, v.map((x) => (x === null ? "·" : String(x))).join(", "));
    return h("ol", { start: 0 }, v.map((x) => h("li", {}, value(x, ctx, depth + 1))));
  }
  if (v && typeof v === "object") {
    if ("card" in v && (v.card === null || isCard(v.card, deck))) {
      const extra = Object.entries(v).filter(([k]) => k !== "card").map(([k, y]) => `${label(k)}: ${y}`).join("; ");
      return h("span", { class: "cards small-cards" }, cardEl(v.card ?? "?", deck, ctx.lang), h("span", { class: "muted" }, extra));
    }
    if (depth > 3) return h("code", {}, JSON.stringify(v));
    return h("dl", { class: "kv" }, Object.entries(v).flatMap(([k, x]) => [h("dt", {}, label(k)), h("dd", {}, value(x, ctx, depth + 1))]));
  }
  if (v === null || v === undefined) return h("span", { class: "muted" }, "—");
  return h("span", {}, String(v));
}

/** A row of seats: name, whose turn, score. */
export function seatBoxes(ctx, extra = (/** @type {number} */ _i) => null) {
  const v = ctx.view;
  const out = [];
  for (let i = 0; i < v.players; i++) {
    const classes = ["seat-box"];
    if (i === v.current_player) classes.push("to-move");
    if (i === ctx.seat) classes.push("me");
    out.push(h("div", { class: classes.join(" "), dataset: { seat: i } },
      h("div", { class: "seat-name" }, ctx.name(i),
        i === ctx.seat ? h("span", { class: "badge" }, t("you")) : null,
        i === v.current_player ? h("span", { class: "badge turn" }, "▶") : null,
        h("span", { class: "muted" }, `${t("score")}: ${(v.scores || [])[i] ?? 0}`)),
      extra(i)));
  }
  return out;
}

/** The legal actions as buttons showing their labels (cards in an action drawn small). */
export function actionButtons(ctx, actions = ctx.legal) {
  if (!ctx.mine || !actions.length) return null;
  return h("section", { class: "actions-box", "aria-label": t("legal_actions") },
    h("h2", {}, t("legal_actions")),
    h("div", { class: "action-list" }, actions.map((a, i) =>
      h("button", {
        type: "button", class: a.cards.length ? "secondary" : "", disabled: ctx.pending,
        dataset: { action: a.text, kind: a.kind, fkey: "act:" + a.id, ...(i === 0 ? { autofocus: "1" } : {}) },
        onclick: () => ctx.act(a),
      }, ctx.label(a), a.cards.length ? h("span", { class: "cards small-cards" }, a.cards.map((c) => cardEl(c, ctx.deck, ctx.lang))) : null))));
}

export function render(ctx) {
  const v = ctx.view;
  const perSeat = {};
  const general = [];
  for (const [k, x] of Object.entries(v)) {
    if (BASE.has(k)) continue;
    if (Array.isArray(x) && x.length === v.players && v.players > 1 && x.some((y) => typeof y === "object" || (typeof y === "string" && isCard(y, ctx.deck)) || typeof y === "number")) perSeat[k] = x;
    else general.push([k, x]);
  }
  const seats = seatBoxes(ctx, (i) => h("dl", { class: "kv" }, Object.entries(perSeat).flatMap(([k, arr]) => [h("dt", {}, label(k)), h("dd", {}, value(arr[i], ctx))])));
  return h("div", { class: "generic-view" },
    h("div", { class: "seats" }, seats),
    general.length ? h("dl", { class: "kv felt-fields" }, general.flatMap(([k, x]) => [h("dt", {}, label(k)), h("dd", {}, value(x, ctx))])) : null,
    actionButtons(ctx));
}

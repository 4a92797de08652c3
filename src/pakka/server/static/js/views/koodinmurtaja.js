// @ts-check
// Koodinmurtaja table: every player's code as a row of cards (sorted, lowest
// on the left). Choose a hidden card of the target, then name its rank; after
// a right guess, guess on or stop. Optional probability hints from the
// deduction engine (computed by the server from this seat's own view).
import { h } from "../ui.js";
import { t } from "../i18n.js";
import { cardEl, cardBackSvg, cardName } from "../cards.js";
import { structured, fallbackActions } from "./common.js";

/**
 * The legal actions by what they point at (kinds and targets, never notation):
 * guesses by card ("seat/position", 1-based), rank-only guesses by target,
 * reveals by position (1-based), and stop.
 * @param {LegalAction[]} legal
 */
function sortLegal(legal) {
  /** @type {Map<string, LegalAction[]>} */
  const byCard = new Map();
  /** @type {Map<number, LegalAction[]>} */
  const byTarget = new Map();
  /** @type {Map<number, LegalAction>} */
  const reveals = new Map();
  /** @type {LegalAction | null} */
  let stop = null;
  for (const a of legal) {
    const tg = a.target || {};
    if (a.kind === "guess" && tg.seat !== undefined && tg.position !== undefined) {
      const k = `${tg.seat}/${tg.position + 1}`;
      if (!byCard.has(k)) byCard.set(k, []);
      byCard.get(k).push(a);
    } else if (a.kind === "guess" && tg.seat !== undefined) {
      if (!byTarget.has(tg.seat)) byTarget.set(tg.seat, []);
      byTarget.get(tg.seat).push(a);
    } else if (a.kind === "reveal" && tg.position !== undefined) {
      reveals.set(tg.position + 1, a);
    } else if (a.kind === "stop") {
      stop = a;
    }
  }
  return { byCard, byTarget, reveals, stop };
}

/** @typedef {import("../types").LegalAction} LegalAction */

/** The accessible name of the drawn card: whose it is, and its name when I see it. */
function drawnLabel(ctx, drawn) {
  if (drawn.card && (drawn.player === ctx.seat || drawn.player === null)) return t("km_drawn_named", { card: cardName(drawn.card, ctx.lang) });
  if (drawn.card) return t("km_drawn_of_named", { name: ctx.name(drawn.player), card: cardName(drawn.card, ctx.lang) });
  return drawn.player === null ? t("km_drawn_card") : t("km_drawn_of", { name: ctx.name(drawn.player) });
}

function requestHint(ctx) {
  const ui = ctx.ui;
  const key = `${ctx.frame.game_no}:${ctx.frame.state_id}:${ctx.seat}`;
  if (ui.hintKey === key) return;
  ui.hintKey = key;
  ui.hint = null;
  ctx.hint().then((r) => {
    if (ui.hintKey !== key) return;
    ui.hint = r.cards || {};
    ctx.rerender();
  }).catch(() => {
    if (ui.hintKey !== key) return;
    ui.hint = "na";
    ctx.rerender();
  });
}

function topRanks(probs) {
  return Object.entries(probs || {}).sort((a, b) => b[1] - a[1]).slice(0, 2);
}

export function render(ctx) {
  const v = ctx.view;
  const ui = ctx.ui;
  const lang = ctx.lang;
  const fallback = ctx.mine && !structured(ctx.legal);
  const L = sortLegal(ctx.mine ? ctx.legal : []);
  if (ui.selected && !L.byCard.has(ui.selected)) ui.selected = null;
  if (ui.showHint && ctx.hints && ctx.seat !== null && !v.is_terminal) requestHint(ctx);
  const hint = ui.showHint && ui.hint && ui.hint !== "na" ? ui.hint : null;

  // Middle of the table: the stock and the drawn card.
  const drawn = v.drawn;
  const middle = h("div", { class: "stock" },
    h("span", { class: "card", title: t("stock") }, cardBackSvg(t("stock"))),
    h("span", {}, h("strong", {}, t("stock")), h("br"), t("cards_n", { n: v.stock })),
    drawn ? h("span", { class: "drawn", id: "drawn" },
      // The drawn card says whose it is: mine (face up to me), or another player's
      // (face down); no player (null) at the end of the game: the card is just "drawn".
      cardEl(drawn.card || "?", ctx.deck, lang, { label: drawnLabel(ctx, drawn) }),
      h("span", {}, drawn.player === null ? t("km_drawn_card") : drawn.player === ctx.seat ? t("km_drawn") : t("km_drawn_of", { name: ctx.name(drawn.player) }))) :
      (v.stock === 0 && !v.is_terminal ? h("span", { class: "muted" }, t("km_no_drawn")) : null));

  const rows = [];
  for (let q = 0; q < v.players; q++) {
    const code = v.codes[q] || [];
    const isTarget = v.target === q && !v.is_terminal;
    const classes = ["seat-box"];
    if (q === v.current_player) classes.push("to-move");
    if (q === ctx.seat) classes.push("me");
    if (v.out && v.out[q]) classes.push("out");
    const cards = code.map((e, i) => {
      const pos = i + 1;
      const key = `${q}/${pos}`;
      const guessable = L.byCard.has(key);
      const revealable = q === ctx.seat && L.reveals.has(pos);
      const faceUp = e.card !== null && e.card !== undefined;
      // Phrased so that no name needs a Finnish case ending ("piilokortti 3, pelaaja Maija").
      const mine = q === ctx.seat;
      let label;
      if (faceUp && mine) label = t(e.revealed ? "km_my_shown" : "km_my_hidden", { pos, card: cardName(e.card, lang) });
      else if (faceUp) label = t("km_their_shown", { pos, name: ctx.name(q), card: cardName(e.card, lang) });
      else label = t("km_their_hidden", { pos, name: ctx.name(q) }) + (e.not && e.not.length ? " " + t("km_not", { ranks: e.not.join(", ") }) : "");
      const opts = { label, className: e.revealed ? "revealed-card" : faceUp ? "own-hidden" : "" };
      if (guessable && !ctx.pending) opts.onClick = () => { ui.selected = ui.selected === key ? null : key; ui._focus = ui.selected ? "rank-first" : "card:" + key; ctx.rerender(); };
      else if (revealable && !ctx.pending) opts.onClick = () => ctx.act(L.reveals.get(pos));
      const c = cardEl(faceUp ? e.card : "?", ctx.deck, lang, opts);
      c.dataset.fkey = "card:" + key;
      c.dataset.pos = key;
      if (guessable) {
        c.classList.add("guessable");
        c.setAttribute("aria-pressed", String(ui.selected === key));
      }
      const under = [];
      under.push(h("span", { class: "pos" }, String(pos)));
      if (!faceUp && e.not && e.not.length) under.push(h("span", { class: "pos" }, "≠" + e.not.join(",")));
      if (hint && !faceUp && hint[e.handle]) {
        for (const [r, p] of topRanks(hint[e.handle])) under.push(h("span", { class: "prob" }, `${r} ${Math.round(p * 100)}%`));
      }
      return h("span", { class: "code-slot" }, c, ...under);
    });
    rows.push(h("div", { class: classes.join(" "), dataset: { seat: q } },
      h("div", { class: "seat-name" },
        ctx.name(q),
        q === ctx.seat ? h("span", { class: "badge" }, t("you")) : null,
        q === v.current_player ? h("span", { class: "badge turn" }, "▶") : null,
        isTarget ? h("span", { class: "badge turn" }, "◎ " + t("km_target")) : null,
        v.out && v.out[q] ? h("span", { class: "badge out" }, t("km_out")) : null),
      h("div", { class: "cards code", role: "group", "aria-label": t("km_code_of", { name: ctx.name(q) }) }, cards)));
  }

  // Controls for the player to move.
  let controls = null;
  if (ctx.mine) {
    const parts = [];
    if (ui.selected) {
      const [tq, tp] = ui.selected.split("/");
      parts.push(h("p", {}, t("km_chosen", { pos: tp, name: ctx.name(Number(tq)) }), " — ", t("km_choose_rank")));
      const guesses = L.byCard.get(ui.selected);
      parts.push(h("div", { class: "rank-picker", role: "group", "aria-label": t("km_choose_rank") },
        guesses.map((a, i) => h("button", {
          type: "button", disabled: ctx.pending, dataset: { rank: a.target.rank, action: a.text, fkey: i === 0 ? "rank-first" : "rank:" + a.target.rank },
          "aria-label": ctx.label(a),
          onclick: () => { ui.selected = null; ctx.act(a); },
        }, a.target.rank)),
        h("button", { type: "button", class: "secondary", dataset: { fkey: "cancel" }, onclick: () => { const k = ui.selected; ui.selected = null; ui._focus = "card:" + k; ctx.rerender(); } }, t("km_cancel"))));
    } else if (L.byCard.size) {
      parts.push(h("p", {}, t("km_help")));
    }
    for (const [tq, guesses] of L.byTarget) {
      parts.push(h("p", {}, `${t("km_target")}: ${ctx.name(tq)} — ${t("km_choose_rank")}`));
      parts.push(h("div", { class: "rank-picker" }, guesses.map((a, i) => h("button", {
        type: "button", disabled: ctx.pending, "aria-label": ctx.label(a),
        dataset: { rank: a.target.rank, action: a.text, fkey: `trank:${tq}:${a.target.rank}`, ...(i === 0 ? { autofocus: "1" } : {}) },
        onclick: () => ctx.act(a),
      }, a.target.rank))));
    }
    if (v.phase === "continue") {
      const opts = [];
      if (v.same_target) opts.push(t("km_continue_same", { name: ctx.name(v.target) }));
      if (v.next_target !== null && v.next_target !== undefined) opts.push(t("km_continue_next", { name: ctx.name(v.next_target) }));
      if (opts.length) parts.push(h("p", { class: "muted" }, opts.join(" · ")));
    }
    if (L.stop) {
      const stop = L.stop;
      parts.push(h("button", { type: "button", id: "km-stop", disabled: ctx.pending, title: ctx.label(stop), dataset: { fkey: "stop", action: stop.text }, onclick: () => ctx.act(stop) }, t("km_stop")));
    }
    if (fallback) parts.push(fallbackActions(ctx));
    if (L.reveals.size) parts.push(h("p", {}, t("km_reveal_help")));
    controls = h("section", { class: "actions-box", "aria-label": t("legal_actions") }, parts);
  }

  const hintBtn = ctx.seat !== null && !v.is_terminal && ctx.hints ? h("button", {
    type: "button", class: "small secondary", id: "km-hint", "aria-pressed": String(!!ui.showHint), dataset: { fkey: "hint" },
    onclick: () => { ui.showHint = !ui.showHint; ctx.rerender(); },
  }, ui.showHint ? t("km_hide_hint") : t("km_hint")) : null;

  // Keyboard: the first guessable card (or the stop button) gets focus when the turn starts.
  const first = rows.length ? null : null;
  void first;
  const view = h("div", { class: "km-view" },
    h("div", { class: "km-top" }, middle, hintBtn, ui.showHint && ui.hint === "na" ? h("span", { class: "muted" }, t("km_hint_na")) : null),
    rows,
    controls);
  const firstCard = view.querySelector("button.guessable:not([disabled])") || view.querySelector("#km-stop");
  if (firstCard) firstCard.dataset.autofocus = "1";
  return view;
}

// @ts-check
// Räväytys table: the hand (sortable; select a card to see its moves), the
// contract of the round, the stock and discard pile with the buy window, the
// melds on the table with what each wild card stands for (lay-off and swap
// targets light up for the selected card), and the score sheet of eight rounds.
import { h } from "../ui.js";
import { t } from "../i18n.js";
import { cardEl, cardBackSvg, parseStd, cardName } from "../cards.js";
import { seatBox, seatHead, backs, sheet, actionButton, structured, fallbackActions } from "./common.js";

const SUIT_SYM = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANK_ORDER = { A: 14, K: 13, Q: 12, J: 11 };
function rankValue(c) {
  const s = parseStd(c);
  if (!s) return 0;
  if (s.joker) return 99;
  return RANK_ORDER[s.rank] || Number(s.rank);
}
function suitValue(c) {
  const s = parseStd(c);
  return s && !s.joker ? "SHDC".indexOf(s.suit) : 9;
}

/** Sort a hand by rank or by suit, or keep the player's own arrangement. */
function sorted(cards, how, custom) {
  const list = cards.slice();
  if (how === "custom" && custom) {
    // The player's arrangement first (by drag and drop), new cards at the end.
    const rest = list.slice();
    const out = [];
    for (const c of custom) {
      const i = rest.indexOf(c);
      if (i >= 0) out.push(rest.splice(i, 1)[0]);
    }
    return out.concat(rest);
  }
  if (how === "rank") list.sort((a, b) => rankValue(a) - rankValue(b) || suitValue(a) - suitValue(b));
  else if (how === "suit") list.sort((a, b) => suitValue(a) - suitValue(b) || rankValue(a) - rankValue(b));
  return list;
}

/**
 * The legal actions by kind (never notation), as ravaytys/display.py describes
 * them: by the hand card they move (discard: its card; build with one hand card:
 * an add to the group being built; lay-off: its card, target meld and run end;
 * swap: cards [natural, wild] with target.wild the natural card from the hand),
 * and the rest by kind. A build with a target (rank, or suit and rank) opens a
 * group; a build with the pending group's cards and no target closes it. Meld
 * targets are indices into the view's melds.
 * @param {LegalAction[]} legal
 * @param {any[]} melds
 * @param {string[]} hand
 */
function sortLegal(legal, melds, hand) {
  const byCard = new Map(); // card -> [{kind, action, meld, end, wild}]
  const plain = []; // actions without a card of the hand
  const byKind = new Map();
  const push = (card, x) => {
    if (!byCard.has(card)) byCard.set(card, []);
    byCard.get(card).push(x);
  };
  const meldId = (i) => (melds[i] && melds[i].id) || "";
  const opens = [];
  /** @type {LegalAction | null} */
  let close = null;
  for (const a of legal) {
    const tg = a.target || {};
    if (!byKind.has(a.kind)) byKind.set(a.kind, []);
    byKind.get(a.kind).push(a);
    const card = a.cards.length === 1 ? a.cards[0] : null;
    if (a.kind === "discard" && card) push(card, { kind: "discard", action: a });
    else if (a.kind === "build" && a.target) opens.push(a);
    else if (a.kind === "build" && card && hand.includes(card)) push(card, { kind: "add", action: a });
    else if (a.kind === "build") close = a;
    else if (a.kind === "lay-off" && card) push(card, { kind: "lay", action: a, meld: meldId(tg.meld), end: tg.end || "" });
    else if (a.kind === "swap" && (tg.wild || a.cards[0])) push(tg.wild || a.cards[0], { kind: "swap", action: a, meld: meldId(tg.meld), wild: a.cards[1] || "" });
    else plain.push(a);
  }
  const first = (kind) => (byKind.get(kind) || [])[0] || null;
  return { byCard, plain, byKind, first, opens, close };
}

/** @typedef {import("../types").LegalAction} LegalAction */

function meldRow(ctx, meld, targets, label) {
  const cards = (meld.cards || []).map((e) => {
    const wrap = h("div", { class: "meld-card" }, cardEl(e.card, ctx.deck, ctx.lang, { className: "small-card" }));
    if (e.as) wrap.append(h("span", { class: "as" }, t("rv_as", { card: cardName(e.as, ctx.lang) })));
    return wrap;
  });
  const lit = targets.length > 0;
  const box = h("div", { class: "meld" + (lit ? " lit" : ""), dataset: { meld: meld.id || "" } },
    h("div", { class: "meld-head" }, h("strong", {}, meld.id || label), " ", ctx.name(meld.owner), " · ",
      meld.kind === "run" ? `${t("rv_run")} ${SUIT_SYM[meld.suit] || meld.suit} ${meld.from}–${meld.to}` : t(meld.kind === "set" ? "rv_set" : "rv_run")),
    h("div", { class: "cards small-cards" }, cards),
    lit ? h("div", { class: "action-list" }, targets) : null);
  return box;
}

/** Dropping a dragged hand card on a meld lays it off (or swaps it for a wild card). */
function dropOnMeld(box, meldId, L, act) {
  box.addEventListener("dragover", (e) => e.preventDefault());
  box.addEventListener("drop", (e) => {
    e.preventDefault();
    const card = e.dataTransfer.getData("text/plain");
    const x = (L.byCard.get(card) || []).find((y) => (y.kind === "lay" || y.kind === "swap") && y.meld === meldId);
    if (x) act(x.action);
  });
}

export function render(ctx) {
  const v = ctx.view;
  const ui = ctx.ui;
  const me = ctx.seat;
  const fallback = ctx.mine && !structured(ctx.legal);
  const myHand = v.hand || [];
  const L = sortLegal(ctx.mine && !fallback ? ctx.legal : [], v.melds || [], myHand);
  if (ui.sel && !myHand.includes(ui.sel)) ui.sel = null;
  const selActs = ui.sel ? L.byCard.get(ui.sel) || [] : [];
  const act = (a) => { ui.sel = null; ctx.act(a); };
  const abtn = (label, a, extra = {}) => actionButton(ctx, a, { onclick: () => act(a), ...extra }, label);
  const take = L.first("take");
  const draw = L.first("draw");
  const buy = L.first("buy");
  const decline = L.first("decline") || L.first("pass");

  // Opponents.
  const others = [];
  for (let s = 0; s < v.players; s++) {
    if (s === me) continue;
    others.push(seatBox(ctx, s,
      seatHead(ctx, s, v.down && v.down[s] ? h("span", { class: "badge turn" }, t("rv_down")) : null,
        v.buys && v.buys[s] ? h("span", { class: "badge" }, t("rv_buys", { n: v.buys[s] })) : null),
      backs((v.hand_sizes || [])[s] || 0, ctx.name(s)),
      v.known && v.known[s] && v.known[s].length ? h("div", { class: "muted" }, t("rv_known", { cards: v.known[s].map((c) => cardName(c, ctx.lang)).join(", ") })) : null));
  }

  // Stock, discard pile, buy window.
  const top = v.top;
  const pileCard = top ? cardEl(top, ctx.deck, ctx.lang, take && !ctx.pending ? { onClick: () => act(take), label: ctx.label(take), className: "playable" } : {}) : h("span", { class: "card empty-place" });
  pileCard.id = "rv-pile";
  const buyBox = buy ? h("div", { class: "info-box buy-box", role: "alert" },
    h("p", {}, t("rv_buy_window", { card: cardName(top || v.in_transit || "", ctx.lang) })),
    abtn(ctx.label(buy), buy, { id: "rv-buy", dataset: { autofocus: "1" } }), " ",
    decline ? abtn(t("rv_no_buy"), decline, { class: "secondary", id: "rv-pass" }) : null) : null;
  const contract = v.contract || {};
  const middle = h("div", { class: "center-row" },
    h("div", { class: "info-box" },
      h("strong", {}, t("rv_round", { round: v.round })), h("br"),
      t("rv_contract", { sets: contract.sets, runs: contract.runs })),
    h("div", { class: "stock" },
      h("span", { class: "card" }, cardBackSvg(t("stock"))),
      h("span", {}, t("cards_n", { n: v.stock_size })),
      pileCard,
      h("span", {}, t("rv_pile"), h("br"), t("cards_n", { n: v.pile_size })),
      draw ? abtn(ctx.label(draw), draw, { id: "rv-draw" }) : null,
      take ? abtn(ctx.label(take), take, { id: "rv-take", class: "secondary" }) : null),
    buyBox);

  // Melds on the table, with the targets of the selected card.
  const melds = (v.melds || []).map((m) => {
    const targets = selActs.filter((x) => (x.kind === "lay" || x.kind === "swap") && x.meld === m.id).map((x) =>
      abtn(ctx.label(x.action), x.action, x.kind === "swap" ? { class: "swap-target", dataset: { wild: x.wild } } : { class: "lay-target" }));
    const index = (v.melds || []).indexOf(m);
    const places = (L.byKind.get("place") || []).filter((a) => a.target && a.target.meld === index).map((a) => abtn(ctx.label(a), a, { class: "place-target" }));
    const box = meldRow(ctx, m, targets.concat(places), "");
    if (ctx.mine && !ctx.pending) dropOnMeld(box, m.id, L, act);
    return box;
  });
  const pending = (v.pending || []).map((g, i) => meldRow(ctx, { ...g, id: `#${i + 1}` }, [], ""));

  // My hand and controls.
  let mine = null;
  if (me !== null) {
    const how = ui.sort || "rank";
    const list = sorted(myHand, how, ui.order);
    const row = h("div", { class: "cards hand", role: "group", "aria-label": t("vs_your_hand") });
    list.forEach((c, i) => {
      const acts = L.byCard.get(c) || [];
      const el = cardEl(c, ctx.deck, ctx.lang, {
        onClick: () => { ui.sel = ui.sel === c ? null : c; ui._focus = ui.sel ? "rvact-0" : "rvcard:" + c; ctx.rerender(); },
        className: acts.length ? "playable" : "",
      });
      el.dataset.fkey = "rvcard:" + c;
      el.dataset.kinds = acts.map((x) => x.kind).join(" ");
      el.setAttribute("aria-pressed", String(ui.sel === c));
      if (i === 0) el.dataset.autofocus = "1";
      // Drag a card to rearrange the hand, or onto a meld to lay it off.
      el.draggable = true;
      el.addEventListener("dragstart", (/** @type {DragEvent} */ e) => { e.dataTransfer.setData("text/plain", c); e.dataTransfer.setData("application/x-pakka-index", String(i)); });
      el.addEventListener("dragover", (e) => e.preventDefault());
      el.addEventListener("drop", (/** @type {DragEvent} */ e) => {
        e.preventDefault();
        const from = Number(e.dataTransfer.getData("application/x-pakka-index"));
        if (Number.isNaN(from) || e.dataTransfer.getData("text/plain") === "") return;
        const order = list.slice();
        const [moved] = order.splice(from, 1);
        order.splice(i, 0, moved);
        ui.order = order;
        ui.sort = "custom";
        ctx.rerender();
      });
      row.append(el);
    });
    const controls = [];
    if (ctx.mine) {
      controls.push(h("p", { class: "muted" }, t("rv_select_help")));
      if (fallback) controls.push(fallbackActions(ctx));
      if (ui.sel && selActs.length) {
        controls.push(h("div", { class: "action-list", id: "rv-card-actions" }, selActs.filter((x) => x.kind === "discard" || x.kind === "add").map((x, i) =>
          abtn(ctx.label(x.action), x.action, { dataset: { fkey: i === 0 ? "rvact-0" : "act:" + x.action.id }, class: x.kind === "discard" ? "discard-btn" : "add-btn" }))));
      }
      // A group to open is a build with a target (rank, or suit and rank); close
      // and cancel end the building.
      const opens = L.opens;
      const shown = new Set(["take", "draw", "buy", "decline", "pass", "place"]);
      const misc = L.plain.filter((a) => !shown.has(a.kind));
      if (L.close) misc.unshift(L.close);
      const meld = L.first("meld");
      const ids = { meld: "rv-meld", cancel: "rv-cancel", build: "rv-close" };
      if (meld && ctx.hints) {
        controls.push(h("button", { type: "button", class: "secondary", id: "rv-propose", onclick: () => {
          ui.proposal = "…";
          ctx.rerender();
          ctx.hint().then((r) => { ui.proposal = r; ctx.rerender(); }).catch(() => { ui.proposal = null; ctx.rerender(); });
        } }, t("rv_propose")));
        if (ui.proposal && ui.proposal !== "…") {
          const p = ui.proposal;
          controls.push(p.steps.length ? h("div", { class: "proposal", id: "rv-proposal" },
            // A wild card comes as WILD=REP (display.Hint): the card, and what it stands for.
            p.groups.map((g) => h("div", { class: "cards small-cards" }, g.map((c) => {
              const [card, rep] = c.split("=");
              const el = h("div", { class: "meld-card" }, cardEl(card, ctx.deck, ctx.lang, { className: "small-card" }));
              if (rep) el.append(h("span", { class: "as" }, t("rv_as", { card: cardName(rep, ctx.lang) })));
              return el;
            }))),
            h("button", { type: "button", id: "rv-lay-proposal", disabled: ctx.pending, onclick: () => {
              // The proposal's steps are notation from the hint; each is played as the
              // legal action with that text when it is offered (matched, not parsed).
              ui.queue = p.steps.slice();
              ui.proposal = null;
              const step = ctx.legal.find((a) => a.text === ui.queue[0]);
              if (step) { ui.queue.shift(); act(step); }
            } }, t("rv_lay_proposal")))
            : h("p", { id: "rv-proposal" }, t("rv_no_proposal")));
        }
      } else if (!L.first("cancel")) ui.proposal = null;
      if (misc.length) controls.push(h("div", { class: "action-list" }, misc.map((a) => abtn(ctx.label(a), a, { id: ids[a.kind] || null, class: a.kind === "cancel" ? "secondary" : "" }))));
      if (opens.length) controls.push(h("p", {}, t("rv_open_group")), h("div", { class: "action-list open-list" }, opens.map((a) => abtn(ctx.label(a), a, { class: "secondary open-btn" }))));
    }
    mine = seatBox(ctx, me,
      seatHead(ctx, me, v.down && v.down[me] ? h("span", { class: "badge turn" }, t("rv_down")) : null,
        h("button", { type: "button", class: "small secondary", id: "rv-sort", onclick: () => { ui.sort = how === "rank" ? "suit" : "rank"; ui.order = null; ui._focus = "rv-sort"; ctx.rerender(); }, dataset: { fkey: "rv-sort" } }, how === "rank" ? t("rv_sort_suit") : t("rv_sort_rank"))),
      v.drawn ? h("div", { class: "muted" }, t("km_drawn"), ": ", cardName(v.drawn, ctx.lang)) : null,
      row,
      controls.length ? h("section", { class: "actions-box" }, controls) : null);
  }

  const rows = v.sheet || [];
  return h("div", { class: "rv-view" },
    h("div", { class: "opponents" }, others),
    middle,
    pending.length ? h("section", {}, h("h2", {}, t("rv_building")), pending) : null,
    h("section", { class: "melds" }, h("h2", {}, t("rv_melds")), melds.length ? melds : h("p", { class: "muted" }, "—")),
    mine,
    rows.length ? sheet(ctx, rows, t("rv_sheet"), (r) => r.map(String)) : null);
}

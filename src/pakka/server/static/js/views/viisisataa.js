// @ts-check
// Viisisataa (Five Hundred) table: the bidding box with only the legal bids,
// the kitty exchange, the trick in the middle, tricks taken, the contract and
// the score sheet to 500.
import { h } from "../ui.js";
import { t } from "../i18n.js";
import { seatBox, seatHead, backs, hand, trick, sheet, otherActions, actionButton, structured, fallbackActions } from "./common.js";
import { cardEl, parseStd, cardName } from "../cards.js";

const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };
const BID_SUITS = ["S", "C", "D", "H", "NT"];

function suitSpan(letter) {
  if (!SUIT[letter]) return letter;
  return h("span", { class: letter === "H" || letter === "D" ? "suit-red" : "" }, SUIT[letter]);
}

/** A bid or contract as the view holds it, in words (the display layer's notation words). */
function bidLabel(ctx, text) {
  return [text ? ctx.notation(text) : "—"];
}

/** A legal bid's face in the bidding box, from its target (tricks and suit). */
function bidFace(a) {
  const tg = a.target || {};
  if (tg.suit === "misere") return [t("vs_misere")];
  return [String(tg.tricks ?? ""), " ", tg.suit === "NT" ? "NT" : suitSpan(tg.suit)];
}

const RANK = { J: 11, Q: 12, K: 13, A: 14 };
/** The hand grouped by suit (♠ ♥ ♣ ♦, alternating colours), high cards first; the joker leads. */
function sortHand(cards) {
  const order = { S: 0, H: 1, C: 2, D: 3 };
  const key = (c) => {
    if (c === "JK") return -1;
    const p = parseStd(c);
    return p && !p.joker ? order[p.suit] * 100 + (100 - (RANK[p.rank] || Number(p.rank))) : 999;
  };
  return cards.slice().sort((a, b) => key(a) - key(b));
}

/**
 * The legal actions by kind and the cards or targets they name (never notation).
 * @param {LegalAction[]} legal
 */
function sortLegal(legal) {
  const L = { play: new Map(), jokerLeads: [], discard: new Map(), bids: new Map(), partner: [], call: [], calls: [], rest: [] };
  for (const a of legal) {
    const tg = a.target || {};
    if (a.kind === "bid" && tg.suit !== "misere" && tg.tricks !== undefined) L.bids.set(`${tg.tricks}${tg.suit}`, a);
    else if (a.kind === "discard" && a.cards.length === 1) L.discard.set(a.cards[0], a);
    else if (a.kind === "partner" && tg.seat !== undefined) L.partner.push([tg.seat, a]);
    else if (a.kind === "call" && a.cards.length === 1) L.call.push([a.cards[0], a]);
    else if (a.kind === "play" && a.cards.length === 1 && tg.suit) L.jokerLeads.push([tg.suit, a]);
    else if (a.kind === "play" && a.cards.length === 1) L.play.set(a.cards[0], a);
    else if (["pass", "double", "redouble"].includes(a.kind) || a.kind === "bid") L.calls.push(a);
    else L.rest.push(a);
  }
  return L;
}

/** @typedef {import("../types").LegalAction} LegalAction */

/** A call's word in the bidding box, by its kind. */
function actionWord(kind) {
  return { pass: t("vs_pass"), double: t("vs_double"), redouble: t("vs_redouble") }[kind] || kind;
}

export function render(ctx) {
  const v = ctx.view;
  const ui = ctx.ui;
  const fallback = ctx.mine && !structured(ctx.legal);
  const L = sortLegal(ctx.mine && !fallback ? ctx.legal : []);
  const me = ctx.seat;
  const n = v.players;
  const order = [];
  for (let i = 1; i <= n; i++) order.push(((me ?? 0) + i) % n);
  const others = me === null ? order : order.slice(0, n - 1);

  const lastBid = (s) => {
    const b = (v.bids || []).filter((x) => x.seat === s);
    return b.length ? b[b.length - 1].bid : null;
  };
  const badges = (s) => [
    v.contractor === s ? h("span", { class: "badge turn" }, t("vs_contractor")) : null,
    v.partner === s ? h("span", { class: "badge" }, t("vs_partner")) : null,
    v.dealer === s ? h("span", { class: "badge", title: t("vs_dealer"), "aria-label": t("vs_dealer") }, t("vs_dealer")) : null,
    v.sitting_out === s ? h("span", { class: "badge out" }, "—") : null,
  ];

  const opponents = h("div", { class: "opponents" }, others.map((s) => seatBox(ctx, s,
    seatHead(ctx, s, ...badges(s)),
    backs((v.hand_sizes || [])[s] || 0, `${ctx.name(s)}: ${t("cards_n", { n: (v.hand_sizes || [])[s] || 0 })}`),
    h("div", { class: "muted" }, `${t("vs_tricks")}: ${(v.tricks || [])[s] ?? 0}`, lastBid(s) ? " · " : "", lastBid(s) ? bidLabel(ctx, lastBid(s)) : null))));

  // The contract and the state of the hand.
  const trumpText = v.trump === null || v.trump === undefined ? "—" : v.trump === "none" ? t("vs_no_trump") : suitSpan(v.trump);
  const info = h("div", { class: "info-box" }, h("dl", { class: "kv" },
    h("dt", {}, t("vs_hand_no")), h("dd", {}, String(v.hand_no ?? "")),
    h("dt", {}, t("vs_contract")), h("dd", { id: "vs-contract" }, v.contract ? [bidLabel(ctx, v.contract), " · ", ctx.name(v.contractor)] : "—"),
    h("dt", {}, t("vs_trump")), h("dd", {}, trumpText),
    v.high_bid && !v.contract ? [h("dt", {}, t("vs_high_bid")), h("dd", {}, bidLabel(ctx, v.high_bid), " · ", ctx.name(v.high_bidder))] : null,
    v.multiplier > 1 ? [h("dt", {}, t("vs_multiplier")), h("dd", { id: "vs-multiplier" }, "×" + v.multiplier)] : null,
    // The contract's value (R-5S-18/19) and, doubled or redoubled (V5), what is at
    // stake: both from the view (contract_value, contract_points), never computed here.
    v.contract && typeof v.contract_value === "number" && typeof v.contract_points === "number" ? [h("dt", {}, t("vs_value")), h("dd", { id: "vs-value" },
      v.multiplier > 1 ? `${v.contract_value} × ${v.multiplier} = ${t("vs_points_n", { n: v.contract_points })}` : t("vs_points_n", { n: v.contract_points }))] : null,
    v.partner !== null && v.partner !== undefined && v.contractor !== v.partner ? [h("dt", {}, t("vs_partner")), h("dd", { id: "vs-partner" }, ctx.name(v.partner))] : null,
    h("dt", {}, t("vs_kitty")), h("dd", {}, t("cards_n", { n: v.kitty_size ?? 0 })),
    v.partner_card ? [h("dt", {}, t("vs_partner")), h("dd", { id: "vs-partner-card" }, cardName(v.partner_card, ctx.lang))] : null));

  const current = v.trick || [];
  const showLast = current.length === 0 && v.last_trick;
  const middle = h("div", {},
    h("div", { class: "muted" }, showLast ? t("vs_last_trick") : t("vs_trick")),
    trick(ctx, showLast ? v.last_trick.cards : current, t("vs_trick")));

  // My seat: hand and the controls of the phase.
  let mySeat = null;
  if (me !== null) {
    const myHand = sortHand(v.hand || []);
    let actionFor = () => null;
    const controls = [];
    if (L.discard.size) {
      actionFor = (c) => L.discard.get(c) || null;
      controls.push(h("p", {}, t("vs_discard_help", { n: v.discards_left })));
    } else if (L.play.size || L.jokerLeads.length) {
      actionFor = (c) => L.play.get(c) || (c === "JK" && L.jokerLeads.length ? () => { ui.jokerPick = true; ui._focus = "jk:" + L.jokerLeads[0][0]; ctx.rerender(); } : null);
      controls.push(h("p", {}, t("vs_play_help")));
    }
    if (ui.jokerPick && L.jokerLeads.length) {
      controls.push(h("p", {}, t("vs_joker_suit")), h("div", { class: "action-list" }, L.jokerLeads.map(([s, a]) =>
        h("button", { type: "button", "aria-label": ctx.label(a), dataset: { action: a.text, fkey: "jk:" + s }, onclick: () => { ui.jokerPick = false; ctx.act(a); } }, suitSpan(s)))));
    } else if (!L.jokerLeads.length) ui.jokerPick = false;
    if (L.bids.size || L.calls.length) {
      const grid = [];
      const levels = [...new Set([...L.bids.values()].map((a) => a.target.tricks))].sort((a, b) => a - b);
      let firstBid = true;
      for (const lv of levels) {
        for (const s of BID_SUITS) {
          const a = L.bids.get(`${lv}${s}`);
          if (!a) { grid.push(h("span", { class: "empty" }, "")); continue; }
          const btn = actionButton(ctx, a, { class: "secondary", "aria-label": ctx.label(a), title: ctx.label(a), dataset: { value: String(a.target.value ?? ""), ...(firstBid ? { autofocus: "1" } : {}) } }, bidFace(a));
          firstBid = false;
          grid.push(btn);
        }
      }
      const calls = L.calls;
      controls.push(h("section", { class: "bid-box", "aria-label": t("vs_bid_box") },
        h("h2", {}, t("vs_bid_box")),
        grid.length ? h("div", { class: "bid-grid" }, grid) : null,
        h("div", { class: "action-list", style: "margin-top:6px" }, calls.map((a) =>
          actionButton(ctx, a, { dataset: grid.length ? {} : { autofocus: "1" } }, a.kind === "bid" ? bidFace(a) : actionWord(a.kind))))));
    }
    if (L.partner.length) {
      controls.push(h("p", {}, t("vs_partner_choose")), h("div", { class: "action-list" }, L.partner.map(([s, a], i) =>
        actionButton(ctx, a, { dataset: i === 0 ? { autofocus: "1" } : {} }, ctx.name(s)))));
    }
    if (L.call.length) {
      controls.push(h("p", {}, t("vs_call_help")), h("div", { class: "cards small-cards" }, L.call.map(([c, a], i) => {
        const el = cardEl(c, ctx.deck, ctx.lang, { onClick: () => ctx.act(a), label: ctx.label(a) });
        el.dataset.action = a.text;
        if (i === 0) el.dataset.autofocus = "1";
        return el;
      })));
    }
    if (L.rest.length) controls.push(otherActions(ctx, L.rest));
    if (fallback) controls.push(fallbackActions(ctx));
    mySeat = seatBox(ctx, me,
      seatHead(ctx, me, ...badges(me), h("span", { class: "muted" }, `${t("vs_tricks")}: ${(v.tricks || [])[me] ?? 0}`)),
      hand(ctx, myHand, actionFor, { label: t("vs_your_hand") }),
      v.kitty && v.kitty.length ? h("div", { class: "muted" }, `${t("vs_kitty")}: `, v.kitty.map((c) => cardName(c, ctx.lang)).join(", ")) : null,
      ctx.mine && controls.length ? h("section", { class: "actions-box", "aria-label": t("legal_actions") }, controls) : null);
  }

  const rows = v.sheet || [];
  const sheetEl = rows.length ? sheet(ctx, rows, t("vs_sheet", { target: v.target || 500 }), (r) => r.totals.map((x, s) => `${x}${r.deltas[s] ? ` (${r.deltas[s] > 0 ? "+" : ""}${r.deltas[s]})` : ""}`)) : null;

  return h("div", { class: "vs-view" },
    opponents,
    h("div", { class: "center-row" }, info, middle),
    mySeat,
    sheetEl);
}

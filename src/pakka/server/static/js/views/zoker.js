// @ts-check
// The Zoker games: Solo (the 4x4 square and piles), Memo (face-down cards
// that turn, with the memory of every card seen), Tiko (the pile: on top or
// underneath), Kubo (the four layers of the cube as grids, legal places lit)
// and the pairs trainer.
import { h } from "../ui.js";
import { t } from "../i18n.js";
import { cardEl, cardBackSvg, cardName } from "../cards.js";
import { seatBox, seatHead, backs, hand, otherActions, actionButton, structured, fallbackActions } from "./common.js";

const COLS = "abcd";

function btn(ctx, label, action, extra = {}) {
  return actionButton(ctx, action, extra, label);
}

/** @typedef {import("../types").LegalAction} LegalAction */

/** Solo's place `i` (0..15 in reading order; 12..15 the piles) as the board names it. */
function soloPlace(i) {
  return `${COLS[i % 4]}${Math.floor(i / 4) + 1}`;
}

function empty(label = "") {
  return label ? h("span", { class: "card empty-place", role: "img", "aria-label": label, title: label }) : h("span", { class: "card empty-place" });
}

// --- Solo --------------------------------------------------------------------
export const solo = {
  render(ctx) {
    const v = ctx.view;
    const ui = ctx.ui;
    const fallback = ctx.mine && !structured(ctx.legal);
    const legal = ctx.mine && !fallback ? ctx.legal : [];
    const moves = new Map(); // source place -> [[target place, action]]
    for (const a of legal) {
      const tg = a.target || {};
      if (a.kind === "move" && tg.source !== undefined && tg.position !== undefined) {
        const src = soloPlace(tg.source);
        if (!moves.has(src)) moves.set(src, []);
        moves.get(src).push([soloPlace(tg.position), a]);
      }
    }
    const deal = legal.find((a) => a.kind === "deal") || null;
    if (ui.src && !moves.has(ui.src)) ui.src = null;
    const targets = new Map(ui.src ? moves.get(ui.src) : []);
    const hintAction = ui.hint ? soloHint(legal) : null;
    const hintSrc = hintAction && hintAction.kind !== "deal" && hintAction.target ? soloPlace(hintAction.target.source) : null;

    const place = (name, card, pileSize) => {
      const isSrc = moves.has(name);
      const isTarget = targets.has(name);
      const label = (card ? t("zk_place_card", { place: name, card: cardName(card, ctx.lang) }) : t("zk_place", { place: name })) + (pileSize > 1 ? ` (${t("cards_n", { n: pileSize })})` : "");
      let onClick = null;
      if (!ctx.pending && isTarget) onClick = () => { const a = targets.get(name); ui.src = null; ctx.act(a); };
      else if (!ctx.pending && isSrc) onClick = () => { ui.src = ui.src === name ? null : name; ui._focus = ui.src ? "solo:" + [...moves.get(name)][0][0] : "solo:" + name; ctx.rerender(); };
      const el = card ? cardEl(card, ctx.deck, ctx.lang, { onClick, label, className: [isTarget ? "target" : "", hintSrc === name ? "hinted" : ""].join(" ") })
        : onClick ? h("button", { type: "button", class: "card empty-place target", "aria-label": label, onclick: onClick }) : empty(label);
      el.dataset.fkey = "solo:" + name;
      el.dataset.place = name;
      if (isSrc || isTarget) el.setAttribute("aria-pressed", String(ui.src === name));
      return h("div", { class: "solo-cell" }, el, h("span", { class: "pos" }, name + (pileSize > 1 ? ` ×${pileSize}` : "")));
    };
    const cells = [];
    for (let r = 0; r < 3; r++) for (let c = 0; c < 4; c++) cells.push(place(`${COLS[c]}${r + 1}`, v.upper[r * 4 + c], 0));
    for (let c = 0; c < 4; c++) {
      const pile = v.piles[c] || [];
      cells.push(place(`${COLS[c]}4`, pile.length ? pile[pile.length - 1] : null, pile.length));
    }
    const first = [...moves.keys()][0];
    // Undo (D-SO-3): the server says whether the last move may be taken back
    // (never a deal: dealing again would show the order of the stock).
    const undo = h("button", { type: "button", class: "secondary", id: "solo-undo", disabled: !ctx.canUndo, title: t("zk_undo_help"), "aria-keyshortcuts": "U Control+Z", dataset: { fkey: "solo-undo" }, onclick: () => ctx.undo() }, "↶ ", t("zk_undo"));
    const controls = ctx.mine ? h("section", { class: "actions-box" },
      h("p", {}, ui.src ? t("zk_pick_target") : t("zk_pick_source")),
      deal ? btn(ctx, t("zk_deal"), deal, { id: "solo-deal", title: ctx.label(deal) }) : null, " ",
      h("button", { type: "button", class: "secondary", id: "solo-hint", "aria-pressed": String(!!ui.hint), onclick: () => { ui.hint = !ui.hint; ctx.rerender(); } }, t("zk_hint")), " ",
      undo,
      hintAction ? h("span", { class: "muted", id: "solo-hint-text" }, " → ", ctx.label(hintAction)) : null,
      h("p", { class: "muted small" }, t("zk_undo_help")),
      fallback ? fallbackActions(ctx) : null) : null;
    const grid = h("div", { class: "solo-grid", role: "group", "aria-label": t("zk_board") }, cells);
    const firstEl = first ? grid.querySelector(`[data-place="${first}"]`) : null;
    if (firstEl) firstEl.dataset.autofocus = "1";
    return h("div", { class: "zk-view" },
      h("div", { class: "info-box" }, `${t("zk_score")}: `, h("strong", { id: "solo-score" }, String(v.score)), ` · ${t("stock")}: ${t("cards_n", { n: v.stock })}`),
      grid, controls);
  },
};

/**
 * A stock-blind hint: merge piles, then build on a pile, then start one, then deal.
 * @param {LegalAction[]} legal
 */
function soloHint(legal) {
  const moves = legal.filter((a) => a.kind === "move" && a.target);
  const pileMerge = moves.find((a) => a.target.source >= 12);
  const onPile = moves.find((a) => a.target.source < 12);
  return pileMerge || onPile || moves[0] || legal.find((a) => a.kind === "deal") || null;
}

// --- Memo --------------------------------------------------------------------
export const memo = {
  render(ctx) {
    const v = ctx.view;
    const fallback = ctx.mine && !structured(ctx.legal);
    /** @type {Map<string, LegalAction>} */
    const legal = new Map();
    for (const a of ctx.mine && !fallback ? ctx.legal : []) if (a.kind === "reveal" && a.target && a.target.position !== undefined) legal.set(String(a.target.position + 1), a);
    const faceUp = new Set(v.face_up || []);
    const cells = (v.table || []).map((c, i) => {
      const place = String(i + 1);
      if (c === null) return h("div", { class: "memo-cell" }, empty());
      const up = faceUp.has(i + 1);
      const known = c !== "?";
      const can = legal.has(place) && !ctx.pending;
      // Seen cards are shown small and dimmed ("memory"); the turned card is big and bright.
      const el = cardEl(known ? c : "?", ctx.deck, ctx.lang, {
        onClick: can ? () => ctx.act(legal.get(place)) : null,
        label: can ? ctx.label(legal.get(place)) : known ? t("zk_place_card", { place, card: cardName(c, ctx.lang) }) : t("zk_place", { place }),
        className: (up ? "turned" : known ? "remembered" : "") + (can ? " playable" : ""),
      });
      el.dataset.place = place;
      el.dataset.fkey = "memo:" + place;
      return h("div", { class: "memo-cell" }, el);
    });
    const grid = h("div", { class: "memo-grid", style: `grid-template-columns: repeat(${v.columns || 4}, minmax(0, 1fr))` }, cells);
    const first = grid.querySelector("button.playable");
    if (first) first.dataset.autofocus = "1";
    const seats = [];
    for (let s = 0; s < v.players; s++) seats.push(seatBox(ctx, s, seatHead(ctx, s, h("span", { class: "muted" }, `${t("zk_taken")}: ${(v.taken || [])[s] ?? 0}`))));
    return h("div", { class: "zk-view" },
      h("div", { class: "opponents" }, seats),
      h("p", { class: "muted" }, `${t("stock")}: ${t("cards_n", { n: v.stock })} · ${t("zk_memory")}`),
      grid,
      ctx.mine ? h("p", {}, t("zk_pick_two")) : null,
      fallback ? fallbackActions(ctx) : null);
  },
};

// --- Tiko --------------------------------------------------------------------
export const tiko = {
  render(ctx) {
    const v = ctx.view;
    const me = ctx.seat;
    const fallback = ctx.mine && !structured(ctx.legal);
    /** @type {Map<string, LegalAction>} */
    const legal = new Map();
    for (const a of ctx.mine && !fallback ? ctx.legal : []) if (a.kind === "play" && a.cards.length === 1) legal.set(a.cards[0], a);
    const others = [];
    for (let s = 0; s < v.players; s++) if (s !== me) others.push(seatBox(ctx, s, seatHead(ctx, s), backs((v.hand_sizes || [])[s] || 0, ctx.name(s)), h("div", { class: "muted" }, `${t("zk_won")}: ${(v.won || [])[s] ?? 0}`)));
    // The pile from the top (strongest, winning) down to the bottom.
    const pile = (v.pile || []).map((c, i) => ({ c, s: (v.pile_seats || [])[i] }));
    const pileEl = h("div", { class: "tiko-pile", role: "list", "aria-label": t("zk_pile") },
      pile.length === 0 ? h("span", { class: "muted" }, "—") : null,
      pile.slice().reverse().map((p, i) => h("div", { class: "tiko-card" + (i === 0 ? " on-top" : ""), role: "listitem" },
        cardEl(p.c, ctx.deck, ctx.lang, { className: "small-card" }), h("span", { class: "who" }, ctx.name(p.s) + (i === 0 ? " ▲" : "")))));
    return h("div", { class: "zk-view" },
      h("div", { class: "opponents" }, others),
      h("div", { class: "center-row" },
        h("div", {}, h("div", { class: "muted" }, t("zk_pile")), pileEl),
        h("div", { class: "info-box" }, `${t("stock")}: ${t("cards_n", { n: v.stock })}`)),
      me !== null ? seatBox(ctx, me, seatHead(ctx, me, h("span", { class: "muted" }, `${t("zk_won")}: ${(v.won || [])[me] ?? 0}`)),
        hand(ctx, v.hand || [], (c) => legal.get(c) || null, { label: t("vs_your_hand") }), fallback ? fallbackActions(ctx) : null) : null);
  },
};

// --- Kubo --------------------------------------------------------------------
const LAYER_CODES = { colour: ["B", "G", "O", "R"], size: ["S", "M", "L", "XL"], shape: ["1", "2", "3", "4"] };

export const kubo = {
  render(ctx) {
    const v = ctx.view;
    const ui = ctx.ui;
    const me = ctx.seat;
    const fallback = ctx.mine && !structured(ctx.legal);
    const legal = ctx.mine && !fallback ? ctx.legal : [];
    // Placing a card: its place in the cube is the target's position (layer*16 + row*4 + column).
    /** @type {Map<string, LegalAction>} */
    const places = new Map();
    for (const a of legal) if (a.kind === "place" && a.cards.length === 1) places.set(a.cards[0], a);
    const myHand = v.hand || [];
    const playable = myHand.filter((c) => places.has(c));
    if (ui.card && !playable.includes(ui.card)) ui.card = null;
    /** @type {Map<number, LegalAction>} */
    const lit = new Map();
    for (const c of ui.card ? [ui.card] : playable) {
      const a = places.get(c);
      if (a && a.target && a.target.position !== undefined) lit.set(a.target.position, a);
    }
    const layerAttr = v.layers || "colour";
    const layers = (v.grids || []).map((grid, li) => h("div", { class: "kubo-layer" },
      h("div", { class: "muted" }, t("zk_layer", { n: li + 1 }) + ` (${(LAYER_CODES[layerAttr] || [])[li] ?? ""})`),
      h("div", { class: "kubo-grid", role: "group", "aria-label": t("zk_layer", { n: li + 1 }) }, grid.flatMap((row, x) => row.map((c, y) => {
        if (c) return h("div", { class: "kubo-cell" }, cardEl(c, ctx.deck, ctx.lang));
        const a = lit.get(li * 16 + x * 4 + y);
        if (a && !ctx.pending) {
          const name = a.cards[0];
          return h("button", { type: "button", class: "kubo-cell lit", "aria-label": ctx.label(a), title: ctx.label(a), dataset: { place: name, action: a.text, fkey: "kubo:" + name }, onclick: () => { ui.card = null; ctx.act(a); } }, h("span", { "aria-hidden": "true" }, "＋"));
        }
        return h("div", { class: "kubo-cell" }, "");
      })))));
    const others = [];
    for (let s = 0; s < v.players; s++) if (s !== me) others.push(seatBox(ctx, s, seatHead(ctx, s, h("span", { class: "muted" }, `${t("zk_score")}: ${(v.totals || [])[s] ?? 0} (+${(v.round_points || [])[s] ?? 0})`)), backs((v.hand_sizes || [])[s] || 0, ctx.name(s))));
    const extra = legal.filter((a) => a.kind !== "place");
    const ids = { draw: "kubo-draw", stop: "kubo-end" };
    const controls = ctx.mine ? h("section", { class: "actions-box" },
      playable.length ? h("p", {}, t("zk_place_help")) : null,
      h("div", { class: "action-list" }, extra.map((a) => btn(ctx, ctx.label(a), a, { class: a.kind === "claim" ? "" : "secondary", id: ids[a.kind] || null }))),
      fallback ? fallbackActions(ctx) : null) : null;
    const myBox = me !== null ? seatBox(ctx, me,
      seatHead(ctx, me, h("span", { class: "muted" }, `${t("zk_score")}: ${(v.totals || [])[me] ?? 0} (+${(v.round_points || [])[me] ?? 0})`)),
      hand(ctx, myHand, (c) => (places.has(c) ? () => { ui.card = ui.card === c ? null : c; ui._focus = "kubo:" + c; ctx.rerender(); } : null), { label: t("vs_your_hand"), selected: new Set(ui.card ? [ui.card] : []) }),
      controls) : null;
    return h("div", { class: "zk-view" },
      h("div", { class: "opponents" }, others),
      h("div", { class: "info-box" }, `${t("zk_round")} ${v.round} · ${t("stock")}: ${t("cards_n", { n: v.stock })}`),
      h("div", { class: "kubo-layers" }, layers),
      myBox);
  },
};

// --- Pairs trainer -------------------------------------------------------------
export const pairs = {
  render(ctx) {
    const v = ctx.view;
    const ui = ctx.ui;
    ui.pick = ui.pick || [];
    const fallback = ctx.mine && !structured(ctx.legal);
    const legal = ctx.mine && !fallback ? ctx.legal : [];
    // A pick is the legal action with exactly these cards (by its cards, not its notation).
    const byKey = new Map();
    for (const a of legal) if (a.cards.length) byKey.set(a.cards.slice().sort().join("+"), a);
    const stop = legal.find((a) => a.kind === "stop") || null;
    ui.pick = ui.pick.filter((c) => (v.table || []).includes(c));
    const key = ui.pick.slice().sort().join("+");
    const cells = (v.table || []).map((c, i) => {
      if (!c) return h("div", { class: "memo-cell" }, empty());
      const chosen = ui.pick.includes(c);
      const el = cardEl(c, ctx.deck, ctx.lang, {
        onClick: ctx.mine && !ctx.pending && !fallback ? () => { ui.pick = chosen ? ui.pick.filter((x) => x !== c) : ui.pick.concat([c]).slice(-4); ui._focus = "pair:" + c; ctx.rerender(); } : null,
      });
      el.dataset.fkey = "pair:" + c;
      el.dataset.card = c;
      el.setAttribute("aria-pressed", String(chosen));
      if (i === 0) el.dataset.autofocus = "1";
      return h("div", { class: "memo-cell" }, el);
    });
    const action = byKey.get(key);
    return h("div", { class: "zk-view" },
      h("div", { class: "info-box" }, `${t("zk_score")}: `, h("strong", {}, String(v.score)), ` · ${t("zk_pairs")}: ${v.pairs} · ${t("zk_straights")}: ${v.straights} · ${t("zk_mistakes")}: ${v.mistakes}`),
      h("div", { class: "memo-grid", style: "grid-template-columns: repeat(5, minmax(0, 1fr))" }, cells),
      ctx.mine ? h("section", { class: "actions-box" },
        h("p", {}, t("zk_pick_cards")),
        h("button", { type: "button", id: "pairs-check", disabled: ctx.pending || !action, onclick: () => {
          if (action) { ui.pick = []; ctx.act(action); }
        } }, t("zk_check")), " ",
        h("button", { type: "button", class: "secondary", onclick: () => { ui.pick = []; ctx.rerender(); } }, t("zk_clear")), " ",
        stop ? btn(ctx, t("zk_stop"), stop, { class: "secondary", id: "pairs-stop" }) : null,
        fallback ? fallbackActions(ctx) : null) : null);
  },
};

export { otherActions, cardBackSvg };

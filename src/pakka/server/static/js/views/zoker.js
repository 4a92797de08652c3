// The Zoker games: Solo (the 4x4 square and piles), Memo (face-down cards
// that turn, with the memory of every card seen), Tiko (the pile: on top or
// underneath), Kubo (the four layers of the cube as grids, legal places lit)
// and the pairs trainer.
import { h } from "../ui.js";
import { t } from "../i18n.js";
import { cardEl, cardBackSvg } from "../cards.js";
import { seatBox, seatHead, backs, hand, otherActions } from "./common.js";

const COLS = "abcd";

function btn(ctx, label, action, extra = {}) {
  return h("button", { type: "button", disabled: ctx.pending, dataset: { action, fkey: "act:" + action }, onclick: () => ctx.act(action), ...extra }, label);
}

function empty(label = "") {
  return h("span", { class: "card empty-place", "aria-label": label, title: label });
}

// --- Solo --------------------------------------------------------------------
export const solo = {
  render(ctx) {
    const v = ctx.view;
    const ui = ctx.ui;
    const legal = ctx.mine ? ctx.legal : [];
    const moves = new Map(); // source place -> [[target place, action]]
    for (const a of legal) {
      const m = /^([a-d][1-4])-([a-d]4)$/.exec(a);
      if (m) {
        if (!moves.has(m[1])) moves.set(m[1], []);
        moves.get(m[1]).push([m[2], a]);
      }
    }
    if (ui.src && !moves.has(ui.src)) ui.src = null;
    const targets = new Map(ui.src ? moves.get(ui.src) : []);
    const hintAction = ui.hint ? soloHint(legal) : null;
    const hintSrc = hintAction && hintAction !== "deal" ? hintAction.split("-")[0] : null;

    const place = (name, card, pileSize) => {
      const isSrc = moves.has(name);
      const isTarget = targets.has(name);
      const label = `${name}${card ? ": " + card : ""}${pileSize > 1 ? ` (${pileSize})` : ""}`;
      let onClick = null;
      if (!ctx.pending && isTarget) onClick = () => { const a = targets.get(name); ui.src = null; ctx.act(a); };
      else if (!ctx.pending && isSrc) onClick = () => { ui.src = ui.src === name ? null : name; ui._focus = ui.src ? "solo:" + [...moves.get(name)][0][0] : "solo:" + name; ctx.rerender(); };
      const el = card ? cardEl(card, ctx.game, ctx.lang, { onClick, label, className: [isTarget ? "target" : "", hintSrc === name ? "hinted" : ""].join(" ") })
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
      legal.includes("deal") ? btn(ctx, t("zk_deal"), "deal", { id: "solo-deal" }) : null, " ",
      h("button", { type: "button", class: "secondary", id: "solo-hint", "aria-pressed": String(!!ui.hint), onclick: () => { ui.hint = !ui.hint; ctx.rerender(); } }, t("zk_hint")), " ",
      undo,
      hintAction ? h("span", { class: "muted", id: "solo-hint-text" }, " → ", hintAction) : null,
      h("p", { class: "muted small" }, t("zk_undo_help"))) : null;
    const grid = h("div", { class: "solo-grid", role: "grid" }, cells);
    const firstEl = first ? grid.querySelector(`[data-place="${first}"]`) : null;
    if (firstEl) firstEl.dataset.autofocus = "1";
    return h("div", { class: "zk-view" },
      h("div", { class: "info-box" }, `${t("zk_score")}: `, h("strong", { id: "solo-score" }, String(v.score)), ` · ${t("stock")}: ${t("cards_n", { n: v.stock })}`),
      grid, controls);
  },
};

/** A stock-blind hint: merge piles, then build on a pile, then start one, then deal. */
function soloHint(legal) {
  const pileMerge = legal.find((a) => /^[a-d]4-[a-d]4$/.test(a));
  const onPile = legal.find((a) => /^[a-d][1-3]-[a-d]4$/.test(a));
  return pileMerge || onPile || legal.find((a) => a !== "deal") || (legal.includes("deal") ? "deal" : null);
}

// --- Memo --------------------------------------------------------------------
export const memo = {
  render(ctx) {
    const v = ctx.view;
    const legal = new Set(ctx.mine ? ctx.legal : []);
    const faceUp = new Set(v.face_up || []);
    const cells = (v.table || []).map((c, i) => {
      const place = String(i + 1);
      if (c === null) return h("div", { class: "memo-cell" }, empty());
      const up = faceUp.has(i + 1);
      const known = c !== "?";
      const can = legal.has(place) && !ctx.pending;
      // Seen cards are shown small and dimmed ("memory"); the turned card is big and bright.
      const el = cardEl(known ? c : "?", ctx.game, ctx.lang, {
        onClick: can ? () => ctx.act(place) : null,
        label: `${place}${known ? ": " + c : ""}`,
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
      ctx.mine ? h("p", {}, t("zk_pick_two")) : null);
  },
};

// --- Tiko --------------------------------------------------------------------
export const tiko = {
  render(ctx) {
    const v = ctx.view;
    const me = ctx.seat;
    const legal = new Set(ctx.mine ? ctx.legal : []);
    const others = [];
    for (let s = 0; s < v.players; s++) if (s !== me) others.push(seatBox(ctx, s, seatHead(ctx, s), backs((v.hand_sizes || [])[s] || 0, ctx.name(s)), h("div", { class: "muted" }, `${t("zk_won")}: ${(v.won || [])[s] ?? 0}`)));
    // The pile from the top (strongest, winning) down to the bottom.
    const pile = (v.pile || []).map((c, i) => ({ c, s: (v.pile_seats || [])[i] }));
    const pileEl = h("div", { class: "tiko-pile", role: "list", "aria-label": t("zk_pile") },
      pile.length === 0 ? h("span", { class: "muted" }, "—") : null,
      pile.slice().reverse().map((p, i) => h("div", { class: "tiko-card" + (i === 0 ? " on-top" : ""), role: "listitem" },
        cardEl(p.c, ctx.game, ctx.lang, { className: "small-card" }), h("span", { class: "who" }, ctx.name(p.s) + (i === 0 ? " ▲" : "")))));
    return h("div", { class: "zk-view" },
      h("div", { class: "opponents" }, others),
      h("div", { class: "center-row" },
        h("div", {}, h("div", { class: "muted" }, t("zk_pile")), pileEl),
        h("div", { class: "info-box" }, `${t("stock")}: ${t("cards_n", { n: v.stock })}`)),
      me !== null ? seatBox(ctx, me, seatHead(ctx, me, h("span", { class: "muted" }, `${t("zk_won")}: ${(v.won || [])[me] ?? 0}`)),
        hand(ctx, v.hand || [], (c) => (legal.has(c) ? c : null), { label: t("vs_your_hand") })) : null);
  },
};

// --- Kubo --------------------------------------------------------------------
const ATTR_VALUES = { colour: "BGOR", size: ["S", "M", "L", "XL"], shape: ["1", "2", "3", "4"] };

function kuboName(layerAttr, gridAttrs, layer, x, y) {
  const val = { [layerAttr]: layer, [gridAttrs[0]]: x, [gridAttrs[1]]: y };
  return ATTR_VALUES.colour[val.colour] + ATTR_VALUES.size[val.size] + ATTR_VALUES.shape[val.shape];
}

export const kubo = {
  render(ctx) {
    const v = ctx.view;
    const ui = ctx.ui;
    const me = ctx.seat;
    const legal = new Set(ctx.mine ? ctx.legal : []);
    const myHand = v.hand || [];
    const playable = myHand.filter((c) => legal.has(c));
    if (ui.card && !playable.includes(ui.card)) ui.card = null;
    const lit = new Set(ui.card ? [ui.card] : playable);
    const placeable = new Set(v.placeable || []);
    const layerAttr = v.layers || "colour";
    const gridAttrs = v.grid_attributes || ["size", "shape"];
    const layers = (v.grids || []).map((grid, li) => h("div", { class: "kubo-layer" },
      h("div", { class: "muted" }, t("zk_layer", { n: li + 1 }) + ` (${ATTR_VALUES[layerAttr][li]})`),
      h("div", { class: "kubo-grid", role: "grid" }, grid.flatMap((row, x) => row.map((c, y) => {
        const name = kuboName(layerAttr, gridAttrs, li, x, y);
        if (c) return h("div", { class: "kubo-cell" }, cardEl(c, ctx.game, ctx.lang));
        const isLit = lit.has(name) && !ctx.pending;
        if (isLit) {
          const b = h("button", { type: "button", class: "kubo-cell lit", "aria-label": name, title: name, dataset: { place: name, action: name, fkey: "kubo:" + name }, onclick: () => { ui.card = null; ctx.act(name); } }, name);
          return b;
        }
        return h("div", { class: "kubo-cell" + (placeable.has(name) ? " open" : ""), title: name }, "");
      })))));
    const others = [];
    for (let s = 0; s < v.players; s++) if (s !== me) others.push(seatBox(ctx, s, seatHead(ctx, s, h("span", { class: "muted" }, `${t("zk_score")}: ${(v.totals || [])[s] ?? 0} (+${(v.round_points || [])[s] ?? 0})`)), backs((v.hand_sizes || [])[s] || 0, ctx.name(s))));
    const extra = [...legal].filter((a) => !myHand.includes(a));
    const controls = ctx.mine ? h("section", { class: "actions-box" },
      playable.length ? h("p", {}, t("zk_place_help")) : null,
      h("div", { class: "action-list" }, extra.map((a) => {
        let label = a;
        if (a === "draw") label = t("zk_draw");
        else if (a === "end") label = t("zk_end");
        else if (a === "pass") label = t("zk_pass");
        else if (a.startsWith("piste ")) label = t("zk_piste", { line: a.slice(6) });
        return btn(ctx, label, a, { class: a.startsWith("piste") ? "" : "secondary", id: a === "end" ? "kubo-end" : a === "draw" ? "kubo-draw" : null });
      }))) : null;
    const myBox = me !== null ? seatBox(ctx, me,
      seatHead(ctx, me, h("span", { class: "muted" }, `${t("zk_score")}: ${(v.totals || [])[me] ?? 0} (+${(v.round_points || [])[me] ?? 0})`)),
      hand(ctx, myHand, (c) => (legal.has(c) ? () => { ui.card = ui.card === c ? null : c; ui._focus = "kubo:" + c; ctx.rerender(); } : null), { label: t("vs_your_hand"), selected: new Set(ui.card ? [ui.card] : []) }),
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
    const byKey = new Map();
    for (const a of ctx.mine ? ctx.legal : []) if (a !== "stop") byKey.set(a.split("+").sort().join("+"), a);
    ui.pick = ui.pick.filter((c) => (v.table || []).includes(c));
    const key = ui.pick.slice().sort().join("+");
    const cells = (v.table || []).map((c, i) => {
      if (!c) return h("div", { class: "memo-cell" }, empty());
      const chosen = ui.pick.includes(c);
      const el = cardEl(c, ctx.game, ctx.lang, {
        onClick: ctx.mine && !ctx.pending ? () => { ui.pick = chosen ? ui.pick.filter((x) => x !== c) : ui.pick.concat([c]).slice(-4); ui._focus = "pair:" + c; ctx.rerender(); } : null,
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
        h("button", { type: "button", id: "pairs-check", disabled: ctx.pending || !(ui.pick.length === 2 || ui.pick.length === 4), onclick: () => {
          if (action) { ui.pick = []; ctx.act(action); } else { ctx.act(ui.pick.join("+")); ui.pick = []; }
        } }, t("zk_check")), " ",
        h("button", { type: "button", class: "secondary", onclick: () => { ui.pick = []; ctx.rerender(); } }, t("zk_clear")), " ",
        ctx.legal.includes("stop") ? btn(ctx, t("zk_stop"), "stop", { class: "secondary", id: "pairs-stop" }) : null) : null);
  },
};

export { otherActions, cardBackSvg };

// @ts-check
// Card movement at the table: a card that is on screen before and after a move
// glides from where it was to where it is (to the trick, onto a meld, into the
// Kubo grid, into a pile); a card that appears comes from the seat that moved
// or from the stock (dealt, drawn); the cards of a trick that is taken glide to
// the trick's winner as the view names it. Web Animations API, at most 300 ms,
// and nothing moves when the system asks for reduced motion. The views draw the
// table again on every state; this module only compares the drawings.

/** The length of every card movement in milliseconds (at most 300). */
export const MOVE_MS = 240;

/** Whether the user asked the system for reduced motion. */
export function reducedMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Where every card and seat is now, before the table is drawn again.
 * @param {HTMLElement} root
 */
export function snapshot(root) {
  /** @type {Map<string, {rect: DOMRect, el: Element}>} */
  const cards = new Map();
  /** @type {Map<string, DOMRect>} */
  const seats = new Map();
  const felt = root.querySelectorAll(".felt");
  for (const f of felt) {
    for (const [key, el] of keyed(f)) cards.set(key, { rect: el.getBoundingClientRect(), el });
    for (const s of f.querySelectorAll(".seat-box[data-seat]")) {
      const k = /** @type {HTMLElement} */ (s).dataset.seat || "";
      if (!seats.has(k)) seats.set(k, s.getBoundingClientRect());
    }
  }
  const stock = root.querySelector(".felt [data-stock], .felt .stock, .felt .fan");
  return { cards, seats, stock: stock ? stock.getBoundingClientRect() : null };
}

/**
 * The face-up cards of a felt by a key that survives a new drawing: the card's
 * code and how many of the same code came before it (decks may hold two alike).
 * @param {Element} felt
 * @returns {[string, HTMLElement][]}
 */
function keyed(felt) {
  /** @type {Record<string, number>} */
  const seen = {};
  /** @type {[string, HTMLElement][]} */
  const out = [];
  for (const el of felt.querySelectorAll(".card[data-card]")) {
    const code = /** @type {HTMLElement} */ (el).dataset.card || "";
    if (!code || code === "?" || el.classList.contains("hidden-card") || el.closest(".last-trick-mini")) continue;
    seen[code] = (seen[code] || 0) + 1;
    out.push([`${code}#${seen[code]}`, /** @type {HTMLElement} */ (el)]);
  }
  return out;
}

function centre(r) {
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

/**
 * Counters for tests and the curious: movements started, the longest one, and one
 * entry per drawn state (`moves`: its state id, how many actions it showed, how many
 * cards moved and for how long; the last 50). A bot's compound move (a Räväytys
 * lay-down: several actions in one frame) is one entry: all its cards move together.
 */
const stats = { started: 0, longest: 0, skipped: 0, /** @type {any[]} */ moves: [] };
/** @type {any} */ (window).pakkaMotion = stats;

/**
 * Animate the change from `before` (a snapshot) to what `root` shows now.
 * `mover` is the seat that made the move (null: a deal or nobody); `winner` the
 * seat that just took a trick and `taken` its cards, when the view names them.
 * Returns how many movements started.
 * @param {HTMLElement} root
 * @param {ReturnType<typeof snapshot> | null} before
 * `state` and `steps` (the frame's state id and how many actions it shows) only
 * label the entry in `pakkaMotion.moves`.
 * @param {{mover?: number | null, winner?: number | null, taken?: string[], state?: number, steps?: number}} [who]
 */
export function animate(root, before, who = {}) {
  if (!before || before.cards.size + before.seats.size === 0) return 0;
  /** @type {{state: number | null, steps: number, mover: number | null, cards: number, ms: number, reduced: boolean, origin?: string | null}} */
  const entry = { state: who.state ?? null, steps: who.steps ?? 1, mover: who.mover ?? null, cards: 0, ms: 0, reduced: false };
  stats.moves.push(entry);
  if (stats.moves.length > 50) stats.moves.shift();
  if (reducedMotion()) {
    stats.skipped += 1;
    entry.reduced = true;
    document.body.dataset.motion = "reduced";
    return 0;
  }
  document.body.dataset.motion = "full";
  let n = 0;
  const now = new Map();
  for (const f of root.querySelectorAll(".felt")) for (const [k, el] of keyed(f)) if (!now.has(k)) now.set(k, el);
  const from = (seat) => (seat !== null && seat !== undefined ? before.seats.get(String(seat)) : null);
  const moverRect = from(who.mover) || before.stock;
  // Where new cards come from: the seat that moved (its hand), else the stock.
  entry.origin = from(who.mover) ? "seat" : before.stock ? "stock" : null;
  const run = (el, frames) => {
    el.animate(frames, { duration: MOVE_MS, easing: "cubic-bezier(.2,.7,.3,1)" });
    stats.started += 1;
    stats.longest = Math.max(stats.longest, MOVE_MS);
    entry.ms = MOVE_MS;
    n += 1;
    entry.cards = n;
  };
  for (const [k, el] of now) {
    const r = el.getBoundingClientRect();
    if (r.width === 0) continue;
    const old = before.cards.get(k);
    let src = old ? old.rect : moverRect;
    if (!src) continue;
    const a = centre(src);
    const b = centre(r);
    const dx = a.x - b.x;
    const dy = a.y - b.y;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
    const start = old ? `translate(${dx}px, ${dy}px)` : `translate(${dx}px, ${dy}px) scale(.6)`;
    run(el, [{ transform: start, opacity: old ? 1 : 0.3 }, { transform: "none", opacity: 1 }]);
  }
  // The cards of a trick that left the table glide to its winner and fade.
  const to = from(who.winner);
  const taken = new Set(who.taken || []);
  if (to && taken.size) {
    for (const [k, old] of before.cards) {
      if (now.has(k) || !taken.has(k.split("#")[0])) continue;
      const ghost = /** @type {HTMLElement} */ (old.el.cloneNode(true));
      Object.assign(ghost.style, { position: "fixed", left: `${old.rect.left}px`, top: `${old.rect.top}px`, width: `${old.rect.width}px`, margin: "0", pointerEvents: "none", zIndex: "50" });
      ghost.setAttribute("aria-hidden", "true");
      ghost.classList.add("ghost");
      document.body.append(ghost);
      const a = centre(old.rect);
      const b = centre(to);
      run(ghost, [{ transform: "none", opacity: 1 }, { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) scale(.5)`, opacity: 0 }]);
      setTimeout(() => ghost.remove(), MOVE_MS + 20);
    }
  }
  return n;
}

// @ts-check
// Playing cards drawn as SVG by code: standard cards (with a distinct joker),
// card backs for hidden cards, and Zoker cards (colour, size, shape = corners).
// No image assets: every card is built here from its notation.

const SVGNS = "http://www.w3.org/2000/svg";
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_NAMES = {
  en: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" },
  fi: { S: "pata", H: "hertta", D: "ruutu", C: "risti" },
};
const RANK_NAMES = {
  en: { J: "jack", Q: "queen", K: "king", A: "ace" },
  fi: { J: "jätkä", Q: "kuningatar", K: "kuningas", A: "ässä" },
};
// Text colours on white: both pass WCAG AA (>= 4.5:1).
const RED = "#b3141b";
const BLACK = "#111";

const STD_RE = /^(10|[2-9JQKA])([SHDC])$/;
const ZOKER_RE = /^([BGOR])(XL|S|M|L)([1-4])$/;

/** Parse standard notation ("AS", "10D", "JK") to {rank, suit, joker}, or null. */
export function parseStd(text) {
  if (typeof text !== "string") return null;
  const t = text.trim().toUpperCase();
  if (t === "JK") return { joker: true, rank: "", suit: "" };
  const m = STD_RE.exec(t);
  return m ? { joker: false, rank: m[1], suit: m[2] } : null;
}

/** Parse Zoker notation ("BS1", "RXL4") to {colour, size, shape}, or null. */
export function parseZoker(text) {
  if (typeof text !== "string") return null;
  const m = ZOKER_RE.exec(text.trim().toUpperCase());
  return m ? { colour: m[1], size: m[2], shape: Number(m[3]) } : null;
}

/**
 * Whether `text` is a card code of `deck` (the game descriptor's deck:
 * "french" or "zoker", GET /api/games `type.deck`).
 * @param {unknown} text
 * @param {string} deck
 */
export function isCard(text, deck) {
  return deck === "zoker" ? parseZoker(text) !== null : parseStd(text) !== null;
}

/** @type {Record<string, string>} */
let serverNames = {};

/**
 * Card names in words from the server's catalogue (the game's display layer);
 * they win over the built-in names below.
 * @param {Record<string, string>} names
 */
export function setCardNames(names) {
  serverNames = names || {};
}

/** Spoken name of a card, for screen readers and tooltips. */
export function cardName(text, lang = "en") {
  if (serverNames[text]) return serverNames[text];
  const z = parseZoker(text);
  const s = parseStd(text);
  if (s && (!z || !/^[BGOR]/.test(text))) {
    if (s.joker) return lang === "fi" ? "jokeri" : "joker";
    const r = RANK_NAMES[lang][s.rank] || s.rank;
    return lang === "fi"
      ? `${SUIT_NAMES.fi[s.suit]} ${r}`
      : `${r} of ${SUIT_NAMES.en[s.suit]}`;
  }
  if (z) {
    const col = {
      en: { B: "blue", G: "green", O: "orange", R: "red" },
      fi: { B: "sininen", G: "vihreä", O: "oranssi", R: "punainen" },
    }[lang][z.colour];
    const corners = lang === "fi" ? `${z.shape}-kulmainen` : `${z.shape}-cornered`;
    return `${col} ${z.size} ${corners}`;
  }
  return String(text);
}

function el(name, attrs = {}, text = null) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== null) e.textContent = text;
  return e;
}

function frame(extraClass) {
  const svg = el("svg", {
    viewBox: "0 0 60 84",
    class: "card-svg " + extraClass,
    role: "img",
    focusable: "false",
  });
  svg.appendChild(el("rect", {
    x: 1, y: 1, width: 58, height: 82, rx: 5, ry: 5,
    fill: "#fff", stroke: "#555", "stroke-width": 1,
  }));
  return svg;
}

// Pip layouts (x, y) in the 60x84 box for number cards; the middle column is
// clear of the corner indices.
const L = 23, M = 37, R = 51;
void R;
const PIPS = {
  2: [[30, 22], [30, 62]],
  3: [[30, 20], [30, 42], [30, 64]],
  4: [[L, 22], [M, 22], [L, 62], [M, 62]],
  5: [[L, 22], [M, 22], [30, 42], [L, 62], [M, 62]],
  6: [[L, 22], [M, 22], [L, 42], [M, 42], [L, 62], [M, 62]],
  7: [[L, 22], [M, 22], [30, 32], [L, 42], [M, 42], [L, 62], [M, 62]],
  8: [[L, 22], [M, 22], [30, 32], [L, 42], [M, 42], [30, 52], [L, 62], [M, 62]],
  9: [[L, 20], [M, 20], [L, 35], [M, 35], [30, 42], [L, 49], [M, 49], [L, 64], [M, 64]],
  10: [[L, 20], [M, 20], [30, 27], [L, 35], [M, 35], [L, 49], [M, 49], [30, 57], [L, 64], [M, 64]],
};

/** A standard card face (or the joker) as an SVG element. */
export function stdCardSvg(text, lang = "en") {
  const c = parseStd(text);
  if (!c) return cardBackSvg(text);
  if (c.joker) {
    const svg = frame("card-joker");
    svg.appendChild(el("rect", { x: 5, y: 5, width: 50, height: 74, rx: 3, fill: "#f4ecff", stroke: "#5b2a86", "stroke-width": 1.5 }));
    // A star and the word JOKER: no suit, no rank, unmistakable.
    svg.appendChild(el("polygon", {
      points: "30,22 34.7,35.5 49,35.8 37.6,44.5 41.8,58.2 30,50 18.2,58.2 22.4,44.5 11,35.8 25.3,35.5",
      fill: "#5b2a86",
    }));
    svg.appendChild(el("text", { x: 30, y: 15, "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: "#5b2a86", "font-family": "sans-serif" }, "JOKER"));
    svg.appendChild(el("text", { x: 30, y: 74, "text-anchor": "middle", "font-size": 9, "font-weight": 700, fill: "#5b2a86", "font-family": "sans-serif" }, "JK"));
    svg.setAttribute("aria-label", cardName("JK", lang));
    return svg;
  }
  const colour = c.suit === "H" || c.suit === "D" ? RED : BLACK;
  const sym = SUITS[c.suit];
  const svg = frame("card-face suit-" + c.suit);
  const corner = (x, y, rot) => {
    const g = el("g", rot ? { transform: `rotate(180 30 42)` } : {});
    g.appendChild(el("text", { x, y, "text-anchor": "middle", "font-size": c.rank === "10" ? 11 : 13, "letter-spacing": c.rank === "10" ? -1 : 0, "font-weight": 700, fill: colour, "font-family": "sans-serif" }, c.rank));
    g.appendChild(el("text", { x, y: y + 11, "text-anchor": "middle", "font-size": 11, fill: colour, "font-family": "sans-serif" }, sym));
    return g;
  };
  svg.appendChild(corner(9, 14, false));
  svg.appendChild(corner(9, 14, true));
  const pips = PIPS[c.rank];
  if (pips) {
    for (const [x, y] of pips) {
      const a = { x, y, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 12, fill: colour, "font-family": "sans-serif" };
      if (y > 42) a.transform = `rotate(180 ${x} ${y})`;
      svg.appendChild(el("text", a, sym));
    }
  } else {
    // Ace and court cards: one large suit symbol and a framed letter.
    if (c.rank !== "A") {
      svg.appendChild(el("rect", { x: 17, y: 17, width: 30, height: 50, rx: 3, fill: "none", stroke: colour, "stroke-width": 1 }));
      svg.appendChild(el("text", { x: 32, y: 40, "text-anchor": "middle", "font-size": 18, "font-weight": 700, fill: colour, "font-family": "serif" }, c.rank));
      svg.appendChild(el("text", { x: 32, y: 60, "text-anchor": "middle", "font-size": 16, fill: colour, "font-family": "sans-serif" }, sym));
    } else {
      svg.appendChild(el("text", { x: 32, y: 52, "text-anchor": "middle", "font-size": 30, fill: colour, "font-family": "sans-serif" }, sym));
    }
  }
  svg.setAttribute("aria-label", cardName(text, lang));
  return svg;
}

/** The back of a card (a hidden card); `label` is read out by screen readers. */
export function cardBackSvg(label = "") {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "card-svg card-back", role: "img", focusable: "false" });
  svg.appendChild(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, fill: "#1d3f72", stroke: "#0c2347", "stroke-width": 1 }));
  svg.appendChild(el("rect", { x: 5, y: 5, width: 50, height: 74, rx: 3, fill: "none", stroke: "#d8b45a", "stroke-width": 1.2 }));
  for (let i = 0; i < 6; i++) {
    svg.appendChild(el("path", { d: `M5 ${10 + i * 12} L55 ${22 + i * 12}`, stroke: "#3b66a8", "stroke-width": 2 }));
    svg.appendChild(el("path", { d: `M55 ${10 + i * 12} L5 ${22 + i * 12}`, stroke: "#3b66a8", "stroke-width": 2 }));
  }
  svg.appendChild(el("circle", { cx: 30, cy: 42, r: 9, fill: "#d8b45a" }));
  svg.appendChild(el("text", { x: 30, y: 46.5, "text-anchor": "middle", "font-size": 12, "font-weight": 700, fill: "#1d3f72", "font-family": "sans-serif" }, "p"));
  // Without a label the back is a picture only: its holder (a button or a pile) names it.
  if (label) svg.setAttribute("aria-label", label);
  else {
    svg.removeAttribute("role");
    svg.setAttribute("aria-hidden", "true");
  }
  return svg;
}

// Zoker colours: fills chosen to be told apart also by people with weak
// red/green vision (the corner code and the dots carry the value as well).
const ZCOL = { B: "#1f5fbf", G: "#2e8b3a", O: "#f08c00", R: "#c8102e" };
const ZDOTS = { B: 1, G: 2, O: 3, R: 4 };
const ZSCALE = { S: 0.42, M: 0.6, L: 0.78, XL: 0.95 };

function zokerShape(shape, scale, fill) {
  // Figure centred at (30, 46), radius up to 19.
  const r = 19 * scale;
  const cx = 30, cy = 46;
  let d;
  if (shape === 1) {
    // Drop: one corner (at the top).
    d = `M${cx} ${cy - r * 1.15} C ${cx + r * 0.35} ${cy - r * 0.45}, ${cx + r} ${cy - r * 0.1}, ${cx + r} ${cy + r * 0.3} A ${r} ${r * 0.85} 0 0 1 ${cx - r} ${cy + r * 0.3} C ${cx - r} ${cy - r * 0.1}, ${cx - r * 0.35} ${cy - r * 0.45}, ${cx} ${cy - r * 1.15} Z`;
  } else if (shape === 2) {
    // Lens: two corners (left and right).
    d = `M${cx - r * 1.1} ${cy} Q ${cx} ${cy - r * 1.3} ${cx + r * 1.1} ${cy} Q ${cx} ${cy + r * 1.3} ${cx - r * 1.1} ${cy} Z`;
  } else if (shape === 3) {
    d = `M${cx} ${cy - r * 1.1} L ${cx + r * 1.05} ${cy + r * 0.8} L ${cx - r * 1.05} ${cy + r * 0.8} Z`;
  } else {
    d = `M${cx - r * 0.85} ${cy - r * 0.85} L ${cx + r * 0.85} ${cy - r * 0.85} L ${cx + r * 0.85} ${cy + r * 0.85} L ${cx - r * 0.85} ${cy + r * 0.85} Z`;
  }
  return el("path", { d, fill, stroke: "#111", "stroke-width": 1.2, "stroke-linejoin": "miter" });
}

/** A Zoker card face as an SVG element. */
export function zokerCardSvg(text, lang = "en") {
  const z = parseZoker(text);
  if (!z) return cardBackSvg(text);
  const svg = frame("card-zoker zc-" + z.colour);
  const code = `${z.colour}${z.size}${z.shape}`;
  // The corner code is part of the picture; the card's name in words is its label.
  svg.appendChild(el("text", { x: 5, y: 13, "font-size": 10, "font-weight": 700, fill: "#111", "font-family": "sans-serif", "aria-hidden": "true" }, code));
  const g = el("g", { transform: "rotate(180 30 42)", "aria-hidden": "true" });
  g.appendChild(el("text", { x: 5, y: 13, "font-size": 10, "font-weight": 700, fill: "#111", "font-family": "sans-serif" }, code));
  svg.appendChild(g);
  // Colour strength as dots (1 blue .. 4 red), as on the physical cards.
  for (let i = 0; i < ZDOTS[z.colour]; i++) {
    svg.appendChild(el("circle", { cx: 6, cy: 20 + i * 6, r: 2.2, fill: ZCOL[z.colour], stroke: "#111", "stroke-width": 0.5 }));
  }
  svg.appendChild(zokerShape(z.shape, ZSCALE[z.size], ZCOL[z.colour]));
  svg.setAttribute("aria-label", cardName(text, lang));
  return svg;
}

/** Any card of `deck` as an SVG element (a back when it is not a readable card). */
export function cardSvg(text, deck, lang = "en") {
  if (deck === "zoker") return parseZoker(text) ? zokerCardSvg(text, lang) : cardBackSvg(String(text));
  return parseStd(text) ? stdCardSvg(text, lang) : cardBackSvg(String(text));
}

/**
 * A card as an HTML element (a <span class="card">, or a <button> when
 * `onClick` is given, so that it can be chosen with the keyboard).
 */
export function cardEl(text, deck, lang = "en", opts = {}) {
  const tag = opts.onClick ? "button" : "span";
  const wrap = /** @type {HTMLButtonElement} */ (document.createElement(tag));
  wrap.className = "card" + (opts.className ? " " + opts.className : "");
  if (opts.onClick) {
    wrap.type = "button";
    wrap.addEventListener("click", opts.onClick);
  }
  const hidden = !isCard(text, deck);
  const svg = hidden ? cardBackSvg(opts.label || "") : cardSvg(text, deck, lang);
  wrap.appendChild(svg);
  const label = opts.label || (hidden ? "" : cardName(text, lang));
  if (label) {
    wrap.setAttribute("aria-label", label);
    wrap.title = label;
  }
  if (hidden) wrap.classList.add("hidden-card");
  wrap.dataset.card = String(text);
  return wrap;
}

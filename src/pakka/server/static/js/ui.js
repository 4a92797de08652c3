// @ts-check
// Small DOM helpers shared by the lobby and the table views.
import { t } from "./i18n.js";

/**
 * Create an element: h("button", {class: "x", onclick: f}, "text", child...).
 * Attributes starting with "on" become listeners; null/false are skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else if (k === "class") e.className = v;
    else if (k === "dataset") Object.assign(e.dataset, v);
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

let toastTimer = null;

/** Show a message in plain words at the bottom of the screen. */
export function toast(message, { error = true, ms = 6000 } = {}) {
  const box = document.getElementById("toast");
  if (!box) return;
  box.replaceChildren(
    h("span", {}, message),
    h("button", { type: "button", class: "small secondary", onclick: () => (box.hidden = true) }, t("close")),
  );
  box.style.borderLeftColor = error ? "" : "#0f5132";
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (box.hidden = true), ms);
}

/** Error codes of the server in plain words. */
const ERROR_WORDS = {
  en: {
    stale_state: "The table moved on before your move arrived; here is the current position.",
    not_your_turn: "It is not your turn yet.",
    illegal_action: "That move is not allowed",
    game_over: "The game is already over.",
    not_over: "The game is not over yet.",
    spectator: "You are watching; spectators cannot play.",
    bot_seat: "A bot is playing your seat; take it back first.",
    rate_limited: "Too many requests; wait a moment.",
    invite_used: "This invite link has already been used.",
    not_found: "That table or link does not exist.",
    unauthorized: "This device has no seat at this table.",
    network: "The server cannot be reached. Check your connection.",
    conflict: "That seat is not free any more.",
    bad_request: "The server did not accept these settings",
    no_undo: "That cannot be taken back",
  },
  fi: {
    stale_state: "Pöytä ehti edetä ennen siirtoasi; tässä nykyinen tilanne.",
    not_your_turn: "Ei ole vielä sinun vuorosi.",
    illegal_action: "Siirto ei ole sallittu",
    game_over: "Peli on jo päättynyt.",
    not_over: "Peli ei ole vielä päättynyt.",
    spectator: "Katselet pöytää; katsojat eivät voi pelata.",
    bot_seat: "Botti pelaa paikkaasi; ota se ensin takaisin.",
    rate_limited: "Liikaa pyyntöjä; odota hetki.",
    invite_used: "Tämä kutsulinkki on jo käytetty.",
    not_found: "Pöytää tai linkkiä ei ole.",
    unauthorized: "Tällä laitteella ei ole paikkaa tässä pöydässä.",
    network: "Palvelimeen ei saada yhteyttä. Tarkista verkkoyhteys.",
    conflict: "Paikka ei ole enää vapaana.",
    bad_request: "Palvelin ei hyväksynyt näitä asetuksia",
    no_undo: "Sitä ei voi perua",
  },
};

/** A server error (code + developer message) in the player's words. */
export function errorWords(code, message, lang) {
  const words = ERROR_WORDS[lang] || ERROR_WORDS.en;
  const w = words[code];
  if (!w) return message || code;
  // For refused moves and settings the engine's reason says what is allowed; it is
  // English, so only English readers get it here (a message key says it in words).
  if ((code === "illegal_action" || code === "bad_request" || code === "no_undo") && message && lang === "en") return `${w}: ${message}`;
  return w;
}

/** Copy text to the clipboard (falls back to selecting it). */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const ta = h("textarea", { style: "position:fixed;left:-999px" });
    ta.value = text;
    document.body.append(ta);
    ta.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    ta.remove();
    return ok;
  }
}

/** A tiny Markdown renderer for the rules pages (headings, lists, emphasis, code). */
export function markdown(text) {
  const root = h("div", { class: "md" });
  let list = null;
  let para = [];
  const inline = (s) => {
    const out = h("span");
    const parts = s.split(/(\*\*[^*]+\*\*|`[^`]+`|\*[^*]+\*)/g);
    for (const p of parts) {
      if (/^\*\*.+\*\*$/.test(p)) out.append(h("strong", {}, p.slice(2, -2)));
      else if (/^`.+`$/.test(p)) out.append(h("code", {}, p.slice(1, -1)));
      else if (/^\*.+\*$/.test(p)) out.append(h("em", {}, p.slice(1, -1)));
      else out.append(p);
    }
    return out;
  };
  const flush = () => {
    if (para.length) root.append(h("p", {}, inline(para.join(" "))));
    para = [];
  };
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    const hm = /^(#{1,4})\s+(.*)$/.exec(line);
    const lm = /^\s*(?:[-*]|\d+\.)\s+(.*)$/.exec(line);
    if (hm) {
      flush();
      list = null;
      root.append(h("h" + Math.min(4, hm[1].length + 1), {}, inline(hm[2])));
    } else if (lm) {
      flush();
      if (!list) {
        list = h("ul");
        root.append(list);
      }
      list.append(h("li", {}, inline(lm[1])));
    } else if (!line.trim()) {
      flush();
      list = null;
    } else if (list && /^\s+/.test(raw)) {
      list.lastChild.append(" ", inline(line.trim()));
    } else {
      list = null;
      para.push(line.trim());
    }
  }
  flush();
  return root;
}

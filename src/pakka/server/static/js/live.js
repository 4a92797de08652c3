// @ts-check
// The live parts of a table (issue 16): the seat list with presence and bot
// marks, the turn clock's countdown, the player's own presence (idle when the
// page is hidden or untouched), and the your-turn cues of a hidden tab (title,
// optional sound, notifications). Every text is in i18n.js.
import { t } from "./i18n.js";
import { h } from "./ui.js";

/** Milliseconds without a key, click or touch after which the player counts as idle. */
const IDLE_AFTER = 120_000;

/** The idle threshold: IDLE_AFTER, unless the page set `window.pakkaIdleAfterMs`
 * before the table opened (the browser tests use a short one). */
function idleAfter() {
  const ms = Number(/** @type {any} */ (window).pakkaIdleAfterMs);
  return ms > 0 ? ms : IDLE_AFTER;
}

/**
 * The seats as a list: name, presence (connected / idle / gone), whether a bot
 * plays the seat now, and the seat to move.
 * @param {any} summary the table summary
 * @param {(seat: number) => string} name
 * @param {number[]} mine the seats this client holds
 * @param {number | null} cp the seat to move
 */
export function seatList(summary, name, mine, cp) {
  const seats = (summary && summary.seats) || [];
  return h("section", { class: "panel", id: "seat-panel" },
    h("h2", {}, t("at_table")),
    h("ul", { class: "seat-list" }, seats.map((s) => {
      const presence = s.presence || (s.connected ? "connected" : "gone");
      const bot = s.kind === "bot";
      return h("li", { class: "seat-item" + (s.seat === cp ? " current" : ""), dataset: { seat: s.seat, presence, zombie: String(!!s.zombie) } },
        h("span", { class: "dot " + presence, "aria-hidden": "true" }),
        h("span", { class: "seat-name" }, (s.seat === cp ? "▶ " : "") + name(s.seat) + (mine.includes(s.seat) ? ` (${t("you")})` : "")),
        " ",
        h("span", { class: "presence muted" }, bot ? t("presence_bot") : t("presence_" + presence)),
        s.zombie && !bot ? h("span", { class: "bot-mark" }, " · " + t("bot_plays_seat")) : null);
    })),
    h("p", { class: "muted", id: "spectator-count", dataset: { n: (summary && summary.spectators) || 0 } }, t("n_watching", { n: (summary && summary.spectators) || 0 })));
}

/**
 * The turn clock of a state frame: seconds left now (the frame's `remaining`
 * counted down from when it arrived), or null without a clock.
 * @param {any} frame
 */
export function secondsLeft(frame) {
  if (!frame || !frame.clock) return null;
  const gone = (Date.now() - (frame.receivedAt || Date.now())) / 1000;
  return Math.max(0, frame.clock.remaining - gone);
}

/**
 * The countdown element (updated in place by `tickClock`).
 * @param {any} frame
 * @param {(seat: number) => string} name
 */
export function clockBox(frame, name) {
  if (!frame || !frame.clock) return null;
  const el = h("div", { class: "turn-clock", id: "clock", role: "timer", "aria-live": "off", dataset: { seat: frame.clock.seat } });
  tickClock(el, frame, name);
  return el;
}

/**
 * Show the seconds left on the clock element.
 * @param {HTMLElement} el
 * @param {any} frame
 * @param {(seat: number) => string} name
 */
export function tickClock(el, frame, name) {
  const left = secondsLeft(frame);
  if (left === null) return;
  const s = Math.ceil(left);
  el.dataset.left = String(s);
  el.classList.toggle("low", s <= 10);
  el.textContent = s > 0 ? t("clock_left", { name: name(frame.clock.seat), s }) : t("clock_out", { name: name(frame.clock.seat) });
}

/**
 * Watches whether the player is at the page: hidden, or no input for a while,
 * is idle. `onChange(idle)` is called on every change.
 */
export class IdleWatch {
  /** @param {(idle: boolean) => void} onChange */
  constructor(onChange) {
    this.onChange = onChange;
    this.idle = document.hidden;
    this.timer = 0;
    this.poke = () => {
      clearTimeout(this.timer);
      this.timer = window.setTimeout(() => this.set(true), idleAfter());
      if (!document.hidden) this.set(false);
    };
    this.onVisible = () => (document.hidden ? this.set(true) : this.poke());
    for (const ev of ["keydown", "pointerdown", "touchstart"]) document.addEventListener(ev, this.poke, { passive: true });
    document.addEventListener("visibilitychange", this.onVisible);
    this.poke();
  }

  /** @param {boolean} idle */
  set(idle) {
    if (idle === this.idle) return;
    this.idle = idle;
    this.onChange(idle);
  }

  stop() {
    clearTimeout(this.timer);
    for (const ev of ["keydown", "pointerdown", "touchstart"]) document.removeEventListener(ev, this.poke);
    document.removeEventListener("visibilitychange", this.onVisible);
  }
}

const SOUND_KEY = "pakka.turn_sound";

/** Whether the your-turn sound is on (off unless the player turned it on). */
export function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "1";
}

/** @param {boolean} on */
export function setSound(on) {
  localStorage.setItem(SOUND_KEY, on ? "1" : "0");
}

/** A short soft tone (Web Audio; nothing is downloaded). */
function beep() {
  try {
    const ctx = new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.12, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.35);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.35);
    osc.onended = () => ctx.close();
  } catch {
    // no audio device: the title and the notification still tell
  }
}

/**
 * Your-turn cues while the tab is hidden: the title says so (until the tab is
 * shown again), an optional sound, and a notification where the player allowed it.
 */
export class TurnCues {
  constructor() {
    this.was = false;
    this.cued = false;
    this.onVisible = () => {
      if (!document.hidden) this.clear();
    };
    document.addEventListener("visibilitychange", this.onVisible);
  }

  /**
   * Called after every render with whether it is the player's turn now.
   * @param {boolean} mine
   * @param {string} gameTitle
   */
  update(mine, gameTitle) {
    const start = mine && !this.was;
    this.was = mine;
    if (!mine) {
      this.clear();
      return;
    }
    if (!start || !document.hidden) return;
    this.cued = true;
    document.title = t("title_your_turn", { game: gameTitle });
    document.body.dataset.turnCue = "1";
    if (soundOn()) beep();
    if ("Notification" in window && Notification.permission === "granted") {
      try {
        const n = new Notification(t("your_turn"), { body: gameTitle, tag: "pakka-turn" });
        n.onclick = () => window.focus();
      } catch {
        // some browsers allow notifications only from a service worker
      }
    }
  }

  clear() {
    if (!this.cued) return;
    this.cued = false;
    delete document.body.dataset.turnCue;
    document.title = t("app_title");
  }

  stop() {
    this.clear();
    document.removeEventListener("visibilitychange", this.onVisible);
  }
}

/**
 * The table's cue settings: the sound switch and a button that asks for
 * permission to notify (shown only where the browser can notify).
 * @param {() => void} rerender
 */
export function cueSettings(rerender) {
  const sound = h("label", { class: "cue-setting" },
    h("input", { type: "checkbox", id: "turn-sound", checked: soundOn(), onchange: (e) => setSound(e.target.checked) }),
    " ", t("turn_sound"));
  let notify = null;
  if ("Notification" in window && Notification.permission === "default") {
    notify = h("button", { type: "button", class: "small secondary", id: "turn-notify", onclick: () => Notification.requestPermission().then(rerender) }, t("turn_notify"));
  }
  return h("div", { class: "cue-settings" }, sound, notify);
}

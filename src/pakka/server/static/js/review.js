// @ts-check
// The post-game review in a replay (replay.js): a "Review" control asks the server
// for one seat's review (GET /api/tables/{id}/games/{n}/review, docs/protocol.md)
// and this marks every decision of that seat on a timeline and at the move. The
// marks, costs, better choices and summary are the server's (pakka.review, judged
// from what the player knew); every text is a catalogue message rendered here in
// the reader's language (the better choice is the display layer's label). A mark
// is an icon and a word, never a colour alone.
import { ApiError, myTables } from "./api.js";
import { lang } from "./i18n.js";
import { h } from "./ui.js";

/** The icon of each mark (chess annotation; the word always goes with it). */
export const ICONS = { good: "✓", inaccuracy: "?!", mistake: "?", blunder: "??" };

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The seat this device holds at a table (its own seat by default), else 0.
 * @param {string} tableId
 * @returns {number}
 */
export function ownSeat(tableId) {
  const info = myTables()[tableId] || {};
  const seats = Object.keys(info.tokens || {}).map(Number).filter(Number.isInteger);
  return seats.length ? Math.min(...seats) : 0;
}

/**
 * Ask for a review until it is done: a 202 answer means "still computing, ask again
 * after Retry-After seconds" (`onWait` is told); a refusal is an ApiError with its
 * catalogue message.
 * @param {string} tableId
 * @param {number} gameNo
 * @param {number} seat
 * @param {Record<string, string>} headers
 * @param {() => void} onWait
 */
export async function fetchReview(tableId, gameNo, seat, headers, onWait) {
  const url = `/api/tables/${encodeURIComponent(tableId)}/games/${gameNo}/review?seat=${seat}&lang=${lang()}`;
  for (;;) {
    let res;
    try {
      res = await fetch(url, { headers: { Accept: "application/json", ...headers } });
    } catch (e) {
      throw new ApiError("network", String(e), 0);
    }
    const data = await res.json().catch(() => null);
    if (res.status === 202) {
      onWait();
      await sleep(1000 * Math.max(1, Number(res.headers.get("Retry-After")) || 5));
      continue;
    }
    if (!res.ok) {
      throw new ApiError((data && data.error) || "http_" + res.status, (data && data.message) || res.statusText, res.status, (data && data.msg) || null);
    }
    return data;
  }
}

/**
 * The review controls and results of a replay screen.
 */
export class ReviewPanel {
  /**
   * @param {any} screen the ReplayScreen (its table, game, credentials, words and go())
   * @param {Record<string, string>} headers the credential headers of the replay
   */
  constructor(screen, headers) {
    this.screen = screen;
    this.headers = headers;
    this.seat = ownSeat(screen.tableId);
    /** @type {any} */
    this.review = null;
    /** @type {Map<number, any>} step -> the judgement whose action leads to it */
    this.bySteps = new Map();
    this.busy = false;
    /** @type {any} */
    this.error = null;
  }

  tx(key, args = {}) {
    return this.screen.tx(key, args);
  }

  markWord(mark) {
    return this.tx("table.review.mark." + mark);
  }

  async ask() {
    const s = this.screen;
    this.busy = true;
    this.error = null;
    this.review = null;
    this.bySteps = new Map();
    this.fill();
    try {
      const r = await fetchReview(s.tableId, s.gameNo, this.seat, this.headers, () => this.fill());
      this.review = r;
      for (const j of r.judgements) this.bySteps.set(j.step, j);
    } catch (e) {
      this.error = e;
    } finally {
      this.busy = false;
    }
    this.fill();
    s.update();
  }

  /** The panel (drawn once per screen render; fill() updates its contents). */
  element() {
    const s = this.screen;
    const players = s.rep.players;
    const seatSel = players > 1 ? h("label", {}, this.tx("table.review.seat"), " ",
      h("select", { id: "review-seat", onchange: (e) => { this.seat = Number(e.target.value); } },
        [...Array(players).keys()].map((q) => h("option", { value: q, selected: q === this.seat }, s.name(q))))) : null;
    this.box = h("section", { class: "panel review", id: "review", "aria-labelledby": "review-title" },
      h("h2", { id: "review-title" }, this.tx("table.review.title")),
      h("div", { class: "review-ask" }, seatSel,
        h("button", { type: "button", id: "review-run", class: "small", onclick: () => this.ask() }, this.tx("table.review.run"))),
      h("p", { class: "help" }, this.tx("table.review.judged_from")),
      h("p", { id: "review-status", role: "status" }),
      h("div", { id: "review-result" }));
    this.fill();
    return this.box;
  }

  /** Fill in the state: computing, the refusal, or the summary, timeline and list. */
  fill() {
    if (!this.box) return;
    const s = this.screen;
    const status = /** @type {HTMLElement} */ (this.box.querySelector("#review-status"));
    const result = /** @type {HTMLElement} */ (this.box.querySelector("#review-result"));
    const run = /** @type {HTMLButtonElement} */ (this.box.querySelector("#review-run"));
    run.disabled = this.busy;
    status.textContent = this.busy ? this.tx("table.review.computing")
      : this.error ? (this.error.msg ? s.words(this.error.msg) : String(this.error.message)) : "";
    const r = this.review;
    if (!r) {
      result.replaceChildren();
      return;
    }
    const marked = r.judgements.filter((j) => j.mark !== "good");
    const jump = (step) => () => { s.pause(); s.go(step); };
    result.replaceChildren(
      h("p", { id: "review-summary" }, r.summary.map((m) => s.words(m)).join(" ")),
      h("ol", { id: "review-timeline", class: "review-timeline", "aria-label": this.tx("table.review.timeline", { player: r.seat }) },
        r.judgements.map((j) => h("li", {},
          h("button", {
            type: "button", class: "review-tick mark-" + j.mark, dataset: { step: j.step, mark: j.mark },
            title: this.tx("table.review.at", { move: j.step, mark: this.markWord(j.mark) }),
            onclick: jump(j.step),
          }, h("span", { "aria-hidden": "true" }, ICONS[j.mark]),
          h("span", { class: "sr-only" }, this.tx("table.review.at", { move: j.step, mark: this.markWord(j.mark) })))))),
      h("h3", {}, this.tx("table.review.marked")),
      marked.length
        ? h("ul", { id: "review-list", class: "review-list" }, marked.map((j) => h("li", { class: "mark-" + j.mark, dataset: { step: j.step, mark: j.mark } },
          h("button", { type: "button", class: "secondary small", onclick: jump(j.step) },
            h("span", { class: "review-icon", "aria-hidden": "true" }, ICONS[j.mark]), " ",
            h("strong", {}, this.markWord(j.mark)), " — ", s.words(j.msg),
            j.known ? " " + s.words(j.known) : ""))))
        : h("p", { class: "muted" }, this.tx("table.review.none")));
  }

  /** The mark of the move that led to ``step`` (shown next to the replay's position). */
  here(step) {
    const j = this.bySteps.get(step);
    if (!j) return null;
    const s = this.screen;
    return h("span", { class: "review-here mark-" + j.mark, dataset: { mark: j.mark, step } },
      h("span", { class: "review-icon", "aria-hidden": "true" }, ICONS[j.mark]), " ",
      h("strong", {}, this.markWord(j.mark)), ": ", s.words(j.msg), j.known ? " " + s.words(j.known) : "");
  }

  /** Show which decision of the timeline is the current step. */
  current(step) {
    if (!this.box) return;
    for (const b of this.box.querySelectorAll(".review-tick")) {
      const el = /** @type {HTMLElement} */ (b);
      if (Number(el.dataset.step) === step) el.setAttribute("aria-current", "step");
      else el.removeAttribute("aria-current");
    }
  }
}

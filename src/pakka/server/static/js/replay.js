// @ts-check
// The replay of a finished game (route #replay=<table>&game=<n>[&watch=<code>]):
// the server plays the game's record through the engine and sends every seat's
// view at every step (GET /api/tables/{id}/games/{n}/replay); this screen only
// steps through them and draws each with the same view renderers as the live
// table. Nothing here knows a rule: the steps to jump to come from the server.
import { ApiError, myTables } from "./api.js";
import { t, lang, pick, renderMessage } from "./i18n.js";
import { h, toast, copyText } from "./ui.js";
import { setCardNames } from "./cards.js";
import { viewFor } from "./views/index.js";
import { snapshot, animate } from "./anim.js";
import { lastTrickBox, lastTrickOf } from "./lasttrick.js";
import { catalogue, cardText, nameTemplate, SEAT_ARGS, SEAT_LIST_ARGS } from "./table.js";
import { ReviewPanel } from "./review.js";

/** Milliseconds per move at each autoplay speed. */
const SPEEDS = { "0.5": 2000, "1": 1000, "2": 500, "4": 250, "8": 125 };
const KINDS = ["game", "round", "hand", "trick", "turn"];

/**
 * The credential headers that let this device read a table's finished games
 * (docs/protocol.md, Records): the spectator code of the link, else one this
 * device holds (the creator's spectator code, a seat or the admin token).
 * @param {string} tableId
 * @param {string | null} watch
 * @returns {Record<string, string>}
 */
export function credentials(tableId, watch) {
  const info = myTables()[tableId] || {};
  const code = watch || (info.spectator && info.spectator.code) || null;
  if (code) return { "X-Spectator-Code": code };
  const token = Object.values(info.tokens || {})[0] || info.admin_token;
  return token ? { Authorization: "Bearer " + token } : {};
}

/**
 * The link to a finished game's replay that works for whoever opens it: it holds
 * the table's spectator code when this device knows it (an unlisted table's
 * replays need it, or a seat at the table); a code travels after `#`, never to a server log.
 * @param {string} tableId
 * @param {number} gameNo
 * @param {string | null} [watch]
 */
export function replayHash(tableId, gameNo, watch = null) {
  const info = myTables()[tableId] || {};
  const code = watch || (info.spectator && info.spectator.code) || null;
  return `#replay=${encodeURIComponent(tableId)}&game=${gameNo}` + (code ? `&watch=${encodeURIComponent(code)}` : "");
}

async function fetchReplay(tableId, gameNo, headers) {
  let res;
  try {
    res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/games/${gameNo}/replay`, { headers: { Accept: "application/json", ...headers } });
  } catch (e) {
    throw new ApiError("network", String(e), 0);
  }
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError((data && data.error) || "http_" + res.status, (data && data.message) || res.statusText, res.status);
  return data;
}

export class ReplayScreen {
  /**
   * @param {HTMLElement} root
   * @param {string} tableId
   * @param {number} gameNo
   * @param {string | null} watch
   * @param {() => Promise<any[]>} loadGames
   * @param {(e: any) => void} onError
   */
  constructor(root, tableId, gameNo, watch, loadGames, onError) {
    this.root = root;
    this.tableId = tableId;
    this.gameNo = gameNo;
    this.watch = watch;
    this.rep = null;
    this.cat = null;
    this.meta = null;
    this.step = 0;
    /** @type {"follow" | "all" | number} */
    this.seen = "follow";
    this.speed = "1";
    this.timer = null;
    this.views = []; // views[seat][step], rebuilt from the server's differences
    this.shownStep = -1; // the step on screen
    this.onKey = (e) => this.key(e);
    document.addEventListener("keydown", this.onKey);
    /** @type {any} */ (window).pakkaReplay = this; // a handle for tests and debugging
    this.load(loadGames).catch(onError);
  }

  /** The replay's own texts, from the game's catalogue. */
  tx(key, args = {}) {
    return this.words({ key, args });
  }

  async load(loadGames) {
    const games = await loadGames();
    this.root.replaceChildren(h("p", { class: "muted" }, "…"));
    const rep = await fetchReplay(this.tableId, this.gameNo, credentials(this.tableId, this.watch));
    this.meta = games.find((g) => g.name === rep.game) || null;
    this.cat = await catalogue(rep.game);
    this.rep = rep;
    this.review = new ReviewPanel(this, credentials(this.tableId, this.watch));
    for (let s = 0; s < rep.players; s++) {
      const out = [];
      for (const step of rep.views) out.push({ ...(out.length ? out[out.length - 1] : {}), ...step[s] });
      this.views.push(out);
    }
    this.render();
  }

  close() {
    this.pause();
    document.removeEventListener("keydown", this.onKey);
  }

  deck() {
    return (this.meta && this.meta.type && this.meta.type.deck) || "french";
  }

  name(seat) {
    // A player who deleted their account is a "former player" in the reader's words.
    if (this.rep && this.rep.former && this.rep.former[seat]) return t("former_player");
    const n = this.rep && this.rep.names && this.rep.names[seat];
    return n || `${seat + 1}`;
  }

  /** A message in the reader's words; seat arguments become names (as at the table). */
  words(m) {
    const deck = this.deck();
    const msgs = (this.cat && this.cat.messages) || {};
    const template = (msgs[lang()] || {})[m.key] || (msgs.en || {})[m.key] || "";
    return renderMessage(this.cat, m, lang(), (k, v) => {
      if (SEAT_ARGS.has(k) && Number.isInteger(v)) return this.name(v);
      if (SEAT_LIST_ARGS.has(k) && Array.isArray(v) && v.every(Number.isInteger)) return v.map((x) => this.name(x)).join(", ");
      // The template names it itself ({bid:word=…}, {card:card} …).
      if (template.includes("{" + k + ":")) return undefined;
      if (Array.isArray(v)) return v.map((x) => cardText(x, deck)).join(" ");
      return cardText(v, deck);
    }, nameTemplate);
  }

  key(e) {
    const tag = (e.target && e.target.tagName) || "";
    if (!this.rep || ["INPUT", "TEXTAREA", "SELECT"].includes(tag) || e.altKey || e.ctrlKey || e.metaKey) return;
    const go = { ArrowLeft: this.step - 1, ArrowRight: this.step + 1, Home: 0, End: this.rep.steps - 1 }[e.key];
    if (go !== undefined) {
      e.preventDefault();
      this.pause();
      this.go(go);
    } else if (e.key === " " && tag !== "BUTTON") {
      e.preventDefault();
      this.toggle();
    }
  }

  go(step) {
    if (!this.rep) return;
    this.step = Math.max(0, Math.min(this.rep.steps - 1, step));
    this.update();
  }

  toggle() {
    if (this.timer) this.pause();
    else this.play();
    this.update();
  }

  play() {
    if (!this.rep) return;
    if (this.step >= this.rep.steps - 1) this.step = 0;
    this.pause();
    this.timer = setInterval(() => {
      if (this.step >= this.rep.steps - 1) {
        this.pause();
        this.update();
        return;
      }
      this.go(this.step + 1);
    }, SPEEDS[this.speed]);
  }

  pause() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The seats whose views are drawn at this step. */
  shownSeats() {
    const rep = this.rep;
    if (this.seen === "all") return [...Array(rep.players).keys()];
    if (typeof this.seen === "number") return [this.seen];
    // Follow the player to move (after the end: who made the last move).
    const cp = this.views[0][this.step].current_player;
    if (cp !== null && cp !== undefined) return [cp];
    const last = rep.moves[this.step];
    return [last && last.seat !== null ? last.seat : 0];
  }

  /** The context a view renderer gets at the live table, for a watcher who cannot act. */
  ctx(seat) {
    const view = this.views[seat][this.step];
    const move = this.rep.moves[this.step];
    return {
      view, legal: [], seat, game: this.rep.game, deck: this.deck(), lang: lang(), mine: false, pending: false,
      label: (a) => this.words(a.label), words: (m) => this.words(m),
      name: (s) => this.name(s), isBot: () => false,
      act: () => {}, ui: {}, rerender: () => this.update(),
      frame: { game_no: this.gameNo, state_id: this.step, seat, view },
      canUndo: false, undo: () => {}, hints: false, hint: () => Promise.resolve(null),
      lastAction: move ? { seat: move.seat, action: move.action, by: "human" } : null,
    };
  }

  /** Draw the whole screen (first time, or after a change of language or of the
   * hands shown); stepping only updates it (update()), so that a control is never
   * replaced under the pointer while a replay plays. */
  render() {
    const rep = this.rep;
    if (!rep) return;
    const title = this.meta ? pick(this.meta.title) : rep.game;
    const last = rep.steps - 1;
    const btn = (id, key, onclick) => h("button", { type: "button", id, class: "small", "aria-label": this.tx(key), title: this.tx(key), onclick }, this.tx(key));
    const slider = h("input", {
      type: "range", id: "replay-slider", min: 0, max: last, value: this.step, "aria-label": this.tx("table.replay.position"),
      oninput: (e) => { this.pause(); this.go(Number(e.target.value)); },
    });
    const speed = h("select", { id: "replay-speed", "aria-label": this.tx("table.replay.speed"), onchange: (e) => { this.speed = e.target.value; if (this.timer) this.play(); } },
      Object.keys(SPEEDS).map((x) => h("option", { value: x, selected: x === this.speed }, this.tx("table.replay.speed_x", { x }))));
    const seenSel = rep.players > 1 ? h("label", {}, this.tx("table.replay.seen_by"), " ",
      h("select", { id: "replay-seen", onchange: (e) => { const x = e.target.value; this.seen = x === "follow" || x === "all" ? x : Number(x); this.update(); } },
        h("option", { value: "follow", selected: this.seen === "follow" }, this.tx("table.replay.follow")),
        h("option", { value: "all", selected: this.seen === "all" }, this.tx("table.replay.every_hand")),
        [...Array(rep.players).keys()].map((s) => h("option", { value: s, selected: this.seen === s }, this.name(s))))) : null;
    const jumps = KINDS.filter((k) => rep.marks.some((m) => m.kind === k)).map((k) =>
      h("label", {}, this.tx("table.replay.jump"), " ", this.tx("table.replay.jump_kind." + k), " ",
        h("select", { id: "replay-jump-" + k, dataset: { kind: k }, onchange: (e) => { this.pause(); this.go(Number(e.target.value)); } },
          rep.marks.filter((m) => m.kind === k).map((m) => h("option", { value: m.step }, this.tx("table.replay.mark." + k, { no: m.no, step: m.step, player: m.seat ?? 0 }))))));
    const controls = h("section", { class: "panel replay-controls", "aria-label": this.tx("table.replay.controls") },
      h("div", { class: "replay-buttons" },
        btn("replay-first", "table.replay.first", () => { this.pause(); this.go(0); }),
        btn("replay-prev", "table.replay.prev", () => { this.pause(); this.go(this.step - 1); }),
        h("button", { type: "button", id: "replay-play", "aria-pressed": "false", onclick: () => this.toggle() }, this.tx("table.replay.play")),
        btn("replay-next", "table.replay.next", () => { this.pause(); this.go(this.step + 1); }),
        btn("replay-last", "table.replay.last", () => { this.pause(); this.go(last); }),
        speed),
      slider,
      h("p", { id: "replay-where", role: "status" }),
      h("p", { id: "replay-review", "aria-live": "polite" }),
      h("div", { class: "replay-jumps" }, seenSel, jumps),
      h("p", { class: "help" }, this.tx("table.replay.keys")));
    const share = h("button", {
      type: "button", class: "small secondary", id: "replay-copy",
      onclick: async () => {
        const url = location.origin + "/" + replayHash(this.tableId, this.gameNo, this.watch);
        await copyText(url);
        toast(this.tx("table.replay.link_copied"), { error: false, ms: 3000 });
      },
    }, this.tx("table.replay.copy_link"));
    this.root.replaceChildren(
      h("div", { class: "table-head" },
        h("h1", {}, title, " — ", this.tx("table.replay.title", { game_no: this.gameNo })),
        h("a", { href: `#table=${encodeURIComponent(this.tableId)}` + (this.watch ? `&watch=${encodeURIComponent(this.watch)}` : "") }, this.tx("table.replay.back_to_table")),
        share),
      controls,
      h("div", { class: "table-layout replay", id: "replay" },
        h("div", { class: "replay-felts" }),
        h("aside", { class: "side" },
          this.review ? this.review.element() : null,
          h("section", { class: "panel" }, h("h2", {}, t("scores")), h("div", { class: "replay-scores" })),
          h("section", { class: "panel" }, h("h2", {}, t("log")), h("ol", { class: "log", id: "log", "aria-label": t("log"), tabindex: "0" })))));
    this.update();
  }

  /** Show the current step: the felts, the log, the scores and the controls' state. */
  update() {
    const rep = this.rep;
    const box = /** @type {HTMLElement | null} */ (this.root.querySelector("#replay"));
    if (!rep || !box) return;
    setCardNames((this.cat && this.cat.cards[lang()]) || {});
    const last = rep.steps - 1;
    const seats = this.shownSeats();
    const felts = seats.map((s) => {
      let felt;
      try {
        felt = viewFor(rep.game).render(this.ctx(s));
      } catch (e) {
        console.error(e);
        felt = viewFor("").render(this.ctx(s));
      }
      return h("section", { class: "felt", dataset: { seat: s }, "aria-label": this.tx("table.replay.hand_of", { player: s }) },
        rep.players > 1 ? h("h2", { class: "replay-seat" }, this.tx("table.replay.hand_of", { player: s })) : null, felt,
        lastTrickBox(this.views[s][this.step], this.deck(), lang(), (x) => this.name(x), (key, args = {}) => this.tx(key, args)));
    });
    // One step forward moves the cards as at the live table; a jump does not.
    const before = this.shownStep === this.step - 1 ? snapshot(box) : null;
    box.querySelector(".replay-felts").replaceChildren(...felts);
    const mv = rep.moves[this.step];
    if (before) {
      const lt = lastTrickOf(this.views[seats[0]][this.step]);
      const fresh = lt && JSON.stringify(lt) !== JSON.stringify(lastTrickOf(this.views[seats[0]][this.step - 1]));
      animate(box, before, { mover: mv ? mv.seat : null, winner: fresh ? lt.winner : null, taken: fresh ? lt.cards.map((p) => p.card) : [] });
    }
    this.shownStep = this.step;
    const logSeat = seats[0];
    const log = rep.logs[logSeat].slice(0, rep.log_sizes[this.step][logSeat]);
    const logList = /** @type {HTMLElement} */ (box.querySelector("#log"));
    logList.replaceChildren(...log.map((e) => h("li", {}, this.words(e))));
    logList.scrollTop = logList.scrollHeight;
    const view = this.views[logSeat][this.step];
    box.querySelector(".replay-scores").replaceChildren(h("table", { class: "scores-table" },
      h("tbody", {}, (view.scores || []).map((s, i) => h("tr", { class: i === view.current_player ? "current" : "" },
        h("td", {}, (i === view.current_player ? "▶ " : "") + this.name(i)), h("td", { class: "num" }, String(s)))))));
    const q = (/** @type {string} */ sel) => /** @type {any} */ (this.root.querySelector(sel));
    for (const [id, off] of [["#replay-first", this.step === 0], ["#replay-prev", this.step === 0], ["#replay-next", this.step === last], ["#replay-last", this.step === last]]) {
      const b = q(/** @type {string} */ (id));
      if (b.disabled !== off) {
        // A control that goes off keeps the keyboard on the replay.
        if (off && document.activeElement === b) q("#replay-play").focus();
        b.disabled = off;
      }
    }
    const play = q("#replay-play");
    play.textContent = this.tx(this.timer ? "table.replay.pause" : "table.replay.play");
    play.setAttribute("aria-pressed", String(!!this.timer));
    q("#replay-slider").value = String(this.step);
    const move = rep.moves[this.step];
    const where = this.step === 0 ? this.tx("table.replay.deal") : this.tx("table.replay.moved", { player: move.seat ?? 0 });
    q("#replay-where").textContent = `${this.tx("table.replay.step", { step: this.step, steps: last })} · ${where}`;
    if (this.review) {
      const here = this.review.here(this.step);
      q("#replay-review").replaceChildren(...(here ? [here] : []));
      this.review.current(this.step);
    }
    for (const sel of this.root.querySelectorAll(".replay-jumps select[data-kind]")) {
      const marks = rep.marks.filter((m) => m.kind === /** @type {HTMLElement} */ (sel).dataset.kind);
      const cur = marks.filter((m) => m.step <= this.step).pop();
      /** @type {HTMLSelectElement} */ (sel).selectedIndex = cur ? marks.indexOf(cur) : -1;
    }
    Object.assign(box.dataset, { step: this.step, steps: rep.steps, seats: seats.join(","), playing: String(!!this.timer) });
  }
}

// @ts-check
// One table on screen: the WebSocket session, whose turn it is, the hot-seat
// cover, the log in words, scores, the result and "play again". The middle
// of the table (the felt) is drawn by the game's view module (views/).
import { api, TableSocket, rememberTable } from "./api.js";
import { t, lang, pick, renderMessage } from "./i18n.js";
import { h, toast, errorWords } from "./ui.js";
import { parseStd, setCardNames } from "./cards.js";
import { viewFor } from "./views/index.js";
import { historyPanel } from "./history.js";
import { snapshot, animate } from "./anim.js";
import { LastMoves } from "./lastmove.js";
import { lastTrickBox, lastTrickOf } from "./lasttrick.js";
import { seatList, clockBox, tickClock, IdleWatch, TurnCues, cueSettings } from "./live.js";
import { ChatPanel, chatKey } from "./chat.js";

// Log argument names that hold a seat number; they are shown as the seat's name.
export const SEAT_ARGS = new Set([
  "player", "seat", "target", "winner", "guesser", "by", "to", "from", "next", "dealer",
  "leader", "bidder", "buyer", "declarer", "partner", "taker", "owner", "loser", "starter", "claimer",
  "same", "other",
]);
// Log argument names that hold a list of seat numbers.
export const SEAT_LIST_ARGS = new Set(["winners", "losers", "players", "seats", "partners", "team"]);
const SUIT_SYM = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** The protocol this client speaks (docs/protocol.md). */
export const PROTOCOL = 3;

/** @typedef {import("./types").LegalAction} LegalAction */
/** @typedef {import("./types").Message} Message */
/** @typedef {import("./types").ErrorFrame} ErrorFrame */

/** @type {Record<string, Promise<import("./i18n.js").Catalogue>>} */
const catalogues = {};

export async function catalogue(game) {
  if (!catalogues[game]) {
    // One retry after a short pause (a busy server or a dropped connection); if that
    // fails too, the log is shown from its keys and the next welcome tries again.
    catalogues[game] = api.catalogue(game)
      .catch(() => new Promise((ok) => setTimeout(ok, 500)).then(() => api.catalogue(game)))
      .catch(() => {
        delete catalogues[game];
        return { game, languages: ["en", "fi"], messages: { en: {}, fi: {} }, cards: { en: {}, fi: {} } };
      });
  }
  return catalogues[game];
}

/** A card code in display form for running text (A♠, 10♥, JK), by the game's deck. */
export function cardText(text, deck) {
  if (typeof text !== "string") return text;
  if (deck !== "french") return text;
  const s = parseStd(text);
  if (!s) return text;
  return s.joker ? "JK" : s.rank + SUIT_SYM[s.suit];
}

/**
 * Catalogue templates speak of "seat {player}"; with names substituted the
 * word "seat" goes (English) or becomes "pelaaja" in its case (Finnish).
 */
export function nameTemplate(tmpl) {
  return tmpl
    .replace(/\b[Ss]eat (\{\w+\})/g, "$1")
    .replace(/\bPaikka (\{\w+\})/g, "$1")
    .replace(/\bpaikka (\{\w+\})/g, "$1")
    .replace(/\b([Pp])aikan (\{\w+\})/g, "$1elaajan $2")
    .replace(/\b([Pp])aikalla (\{\w+\})/g, "$1elaajalla $2")
    .replace(/\b([Pp])aikalle (\{\w+\})/g, "$1elaajalle $2")
    .replace(/\b([Pp])aikasta (\{\w+\})/g, "$1elaajasta $2");
}

/**
 * An unnamed bot seat in the reader's words, by its level ("Botti (helppo)").
 * @param {string | null | undefined} level
 */
export function botName(level) {
  const key = "level_" + level;
  const text = level ? t(key) : key;
  return text === key ? t("bot") : text;
}

export class TableScreen {
  constructor(root, tableId, info, watch, setConn, loadGames) {
    this.root = root;
    this.tableId = tableId;
    this.info = info;
    this.setConn = setConn;
    this.loadGames = loadGames;
    this.watch = watch || null;
    this.lastMoves = new LastMoves();
    this.drawn = null; // the state (game, id) last drawn, so only a new state animates
    this.lastTrickKey = ""; // the last trick already seen taken
    this.summary = null;
    this.seats = []; // seats this client holds
    this.spectator = false;
    this.frames = {}; // seat (or "null") -> latest state frame + accumulated log
    this.shown = null; // seat whose view is on screen
    this.cover = null; // hot-seat: seat waiting for "I am ..." confirmation
    this.pending = false;
    this.uiState = {}; // per-view scratch (selections), kept across renders
    this.cat = null;
    this.gameMeta = null;
    this.status = "connecting";
    this.fatal = null;
    const tokens = Object.values(info.tokens || {});
    // `session`: the seats bound to this browser's profile (another device of an
    // account plays them without the tokens, which stay on the device that took them).
    // A spectator sends back the chat identity this device was given (chat.js).
    const key = tokens.length ? undefined : chatKey(tableId);
    const hello = { ...(tokens.length ? { tokens } : watch ? { watch } : {}), ...(key ? { chat_key: key } : {}), session: true, protocol: PROTOCOL };
    this.root.replaceChildren(h("p", { class: "muted" }, t("connecting")));
    this.cues = new TurnCues();
    this.idleWatch = new IdleWatch((idle) => this.socket && this.socket.send({ type: "presence", idle }));
    this.shownFrame = null; // the frame on screen (the clock counts down from it)
    this.clockTimer = setInterval(() => {
      const el = document.getElementById("clock");
      if (el && this.shownFrame) tickClock(el, this.shownFrame, (s) => this.name(s));
    }, 250);
    this.chat = new ChatPanel(tableId, info, (m) => this.send(m), { seatName: (s) => this.name(s), errorText: (f) => this.errorText(f) });
    this.root.after(this.chat.el);
    this.socket = new TableSocket(tableId, hello, (f) => this.onFrame(f), (s) => this.onStatus(s));
    /** @type {any} */ (window).pakkaTable = this; // a handle for tests and debugging
    // Undo by keyboard (one-player games): U or Ctrl/Cmd+Z, unless typing somewhere.
    this.onKey = (e) => {
      const tag = (e.target && e.target.tagName) || "";
      if (["INPUT", "TEXTAREA", "SELECT"].includes(tag) || e.altKey) return;
      const z = (e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === "z";
      const u = !e.ctrlKey && !e.metaKey && e.key.toLowerCase() === "u";
      if ((z || u) && this.canUndo()) {
        e.preventDefault();
        this.undo();
      }
    };
    document.addEventListener("keydown", this.onKey);
  }

  close() {
    this.chat.el.remove();
    document.removeEventListener("keydown", this.onKey);
    clearInterval(this.clockTimer);
    this.cues.stop();
    this.idleWatch.stop();
    this.socket.close();
  }

  /** Whether the seat on screen may take back its last move now (the server says so). */
  canUndo() {
    const f = this.frames[String(this.shown)];
    return !!(f && f.undo && !this.pending && this.cover === null && !this.spectator);
  }

  /** Take back the last move of a one-player game (protocol: `undo`). */
  undo() {
    const f = this.frames[String(this.shown)];
    if (!this.canUndo()) return;
    if (!this.send({ type: "undo", seat: this.shown, state_id: f.state_id, count: 1 })) return;
    this.pending = true;
    this.uiState = {};
    this.render();
  }

  onStatus(s) {
    this.status = s;
    if (s === "open") this.setConn(t("connected"));
    else if (s === "reconnecting") this.setConn(t("reconnecting"), true);
    else if (s === "connecting") this.setConn(t("connecting"));
    else this.setConn("");
    document.body.dataset.conn = s;
    this.showOffline();
    const banner = this.root.querySelector(".turn-banner");
    if (banner) this.render();
  }

  /** Whether moves reach the server now. */
  get online() {
    return this.status === "open" && this.socket.online;
  }

  /** The sticky bar that says the connection is down (hidden while it is up). */
  showOffline() {
    const bar = document.getElementById("offline-bar");
    if (!bar) return;
    const down = this.status === "reconnecting";
    bar.hidden = !down;
    bar.textContent = down ? t("offline_bar") : "";
  }

  /** While offline every control of the table is disabled: nothing can be queued. */
  disableControls() {
    for (const el of this.root.querySelectorAll("#table button, #table input, #table select, #table textarea, #play-again, #resume")) {
      /** @type {HTMLButtonElement} */ (el).disabled = true;
      el.setAttribute("aria-disabled", "true");
    }
  }

  /**
   * Send a message to the server; while the connection is down nothing is sent
   * or kept for later, and the player is told so. Returns whether it went.
   * @param {object} msg
   */
  send(msg) {
    if (this.socket.send(msg)) return true;
    toast(t("offline_not_sent"));
    return false;
  }

  async onFrame(f) {
    if (f.type.startsWith("chat") || f.type === "error") {
      if (this.chat.onFrame(f)) return; // the chat panel draws itself
    }
    switch (f.type) {
      case "welcome":
        this.seats = f.seats || [];
        this.spectator = !!f.spectator;
        this.summary = f.table;
        this.frames = {};
        if (this.idleWatch.idle) this.socket.send({ type: "presence", idle: true });
        if (this.summary) rememberTable(this.tableId, { game: this.summary.game });
        if (!this.gameMeta) {
          const games = await this.loadGames();
          this.gameMeta = games.find((g) => g.name === f.table.game) || null;
        }
        this.cat = await catalogue(f.table.game);
        setCardNames(this.cat.cards[lang()] || {});
        break;
      case "state": {
        const key = String(f.seat);
        const old = this.frames[key];
        const shownKey = this.spectator || this.seats.length === 0 ? "null" : String(this.seats.length > 1 ? (this.shown ?? this.seats[0]) : this.seats[0]);
        if (key === shownKey) this.lastMoves.onFrame(f, this.seats, !old || old.game_no !== f.game_no || f.log_index === 0);
        let log = f.log || [];
        if (old && old.game_no === f.game_no && f.log_index === old.log.length) log = old.log.concat(log);
        else if (old && old.game_no === f.game_no && f.log_index > 0 && f.log_index < old.log.length) log = old.log.slice(0, f.log_index).concat(log);
        this.frames[key] = { ...f, log, receivedAt: Date.now() };
        if (f.table) this.summary = f.table;
        if (old && old.game_no !== f.game_no) this.uiState = {};
        this.pending = false;
        // Until the catalogue is here the frame waits (welcome renders it): the log
        // and labels never show as bare keys.
        if (!this.cat) return;
        // A queued sequence of moves (e.g. a proposed lay-down) goes on step by step.
        const q = this.uiState.queue;
        if (q && q.length && f.seat === this.shown && !this.spectator) {
          const step = (f.legal || []).find((a) => a.text === q[0]);
          if (step) {
            q.shift();
            setTimeout(() => this.act(step), 0);
          } else if ((f.legal || []).length) {
            this.uiState.queue = null;
          }
        }
        break;
      }
      case "table":
        this.summary = f.table;
        break;
      case "error":
        this.pending = false;
        if (f.code === "not_found" || f.code === "unauthorized" || f.code === "removed") {
          this.fatal = f.code === "not_found" ? t("not_found") : this.errorText(f);
        } else if (f.code !== "stale_state" || f.ref !== "action") {
          toast(this.errorText(f));
        } else {
          // Refused as stale: say whether another window of this seat moved first.
          const mineNow = this.frames[String(this.shown)];
          const last = mineNow && mineNow.last_action;
          const elsewhere = last && last.by === "human" && this.seats.includes(last.seat);
          toast(elsewhere ? t("moved_elsewhere") : this.errorText(f), { ms: 8000 });
        }
        break;
      default:
        return;
    }
    this.render();
  }

  /** The name of a seat as shown at this table. */
  name(seat) {
    if (seat === null || seat === undefined) return "";
    const all = (this.summary && this.summary.seats) || [];
    const own = (/** @type {any} */ s, /** @type {number} */ i) => (s && s.former ? t("former_player") : "") || (s && s.name) || (s && s.kind === "bot" ? botName(s.level) : t("player_n", { n: i + 1 }));
    const n = own(all[seat], seat);
    // Several seats with the same name (e.g. bots of one level) get their 1-based seat number too.
    const same = all.filter((x, i) => own(x, i) === n).length;
    return same > 1 ? t("name_seat", { name: n, n: seat + 1 }) : n;
  }

  isBot(seat) {
    const s = this.summary && this.summary.seats && this.summary.seats[seat];
    return !!(s && (s.kind === "bot" || s.zombie));
  }

  /** The frame to show: the held seat to move (hot-seat), else the one held seat. */
  currentFrame() {
    if (this.spectator || this.seats.length === 0) return this.frames["null"] || Object.values(this.frames)[0] || null;
    const any = this.frames[String(this.seats[0])];
    if (!any) return null;
    const cp = any.view.current_player;
    if (this.seats.length > 1) {
      // Hot-seat: when another held seat must move, cover the table until
      // that player confirms they hold the device.
      const held = cp !== null && this.seats.includes(cp);
      if (this.shown === null && this.cover === null) this.cover = held ? cp : this.seats[0];
      else if (held && cp !== this.shown) this.cover = cp;
    } else {
      this.shown = this.seats[0];
    }
    return this.frames[String(this.shown)] || any;
  }

  /**
   * Play one of the frame's legal actions: the server gets its id.
   * @param {LegalAction} action
   */
  act(action) {
    const f = this.frames[String(this.shown)];
    if (!f || this.pending || !action) return;
    if (!this.send({ type: "action", seat: this.shown, state_id: f.state_id, id: action.id })) return;
    this.pending = true;
    this.render();
  }

  /**
   * A message from the server in the reader's words: seat arguments become names.
   * @param {Message} m
   * @returns {string}
   */
  words(m) {
    // As the terminal's entry_text (pakka.cli.play): a word argument with a catalogue
    // key <prefix>.<arg>.<word> reads translated; an argument that is a card code (or
    // a list of them, or codes separated by spaces or dashes) reads as the cards'
    // names, even where the template prints it plainly; a list that the template
    // names with {x:cards} is left to it; any other list reads as its items.
    const language = lang();
    const cat = this.cat;
    const names = (cat && cat.cards && (cat.cards[language] || cat.cards.en)) || {};
    const en = (cat && cat.messages && cat.messages.en) || {};
    const template = (cat && cat.messages && ((cat.messages[language] || {})[m.key] || en[m.key])) || "";
    const prefix = m.key.split(".")[0];
    const named = (/** @type {string[]} */ parts) => parts.length > 0 && parts.every((p) => p in names);
    return renderMessage(cat, m, language, (k, v) => {
      if (SEAT_ARGS.has(k) && Number.isInteger(v)) return this.name(/** @type {number} */ (v));
      if (SEAT_LIST_ARGS.has(k) && Array.isArray(v) && v.every(Number.isInteger)) return v.map((x) => this.name(x)).join(", ");
      // The template names it itself ({bid:word=…}, {card:card} …).
      if (template.includes("{" + k + ":")) return undefined;
      if (typeof v === "string") {
        const wk = `${prefix}.${k}.${v}`;
        if (wk in en) return renderMessage(cat, { key: wk, args: {} }, language);
        const parts = v.replace(/-/g, " ").split(/\s+/).filter(Boolean);
        return named(parts) ? parts.map((p) => names[p]).join(", ") : v;
      }
      if (!Array.isArray(v) || template.includes("{" + k + ":cards}")) return undefined;
      const items = v.map(String);
      if (named(items)) return items.map((p) => names[p]).join(", ");
      // A list of groups of codes ("2H 2D 2D"): each group named, groups apart by ";".
      const groups = items.map((x) => x.split(/\s+/).filter(Boolean));
      if (groups.every(named)) return groups.map((g) => g.map((p) => names[p]).join(", ")).join("; ");
      return items.join(" ");
    }, nameTemplate);
  }

  /**
   * An error frame in the reader's words (its message key; the code's words, else
   * the English message, from a server that sends none).
   * @param {ErrorFrame} f
   */
  errorText(f) {
    if (f.msg && this.cat) return this.words(f.msg);
    return errorWords(f.code, f.message, lang());
  }

  /** The deck the game is played with (the game's descriptor). */
  deck() {
    return (this.gameMeta && this.gameMeta.type && this.gameMeta.type.deck) || "french";
  }

  playAgain() {
    const f = this.currentFrame();
    if (!f) return;
    this.send({ type: "play_again", game_no: f.game_no });
  }

  renderLog(frame) {
    // A key missing from the catalogue still reads as words, never as JSON.
    return frame.log.map((e) => this.words(e));
  }

  render() {
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    const focusKey = active && active.dataset ? active.dataset.fkey : null;
    const focusInMain = this.root.contains(document.activeElement) || document.activeElement === document.body;
    if (this.fatal) {
      this.root.replaceChildren(h("div", { class: "panel" }, h("h1", {}, t("error")), h("p", {}, this.fatal), h("p", {}, h("a", { href: "#/" }, t("back_to_lobby")))));
      return;
    }
    let frame = this.currentFrame();
    if (frame && this.cover !== null && this.seats.length > 1 && frame.view.is_terminal) {
      this.shown = this.cover;
      this.cover = null;
      frame = this.currentFrame();
    }
    if (!frame || !this.summary) {
      this.root.replaceChildren(h("p", { class: "muted" }, t("connecting")));
      return;
    }
    const view = frame.view;
    const game = view.game;
    const title = this.gameMeta ? pick(this.gameMeta.title) : game;

    if (this.cover !== null && this.seats.length > 1 && !view.is_terminal) {
      const who = this.name(this.cover);
      this.root.replaceChildren(h("div", { class: "cover", role: "dialog", "aria-modal": "true", "aria-labelledby": "cover-title" },
        h("h1", { id: "cover-title" }, t("pass_device", { name: who })),
        h("p", {}, t("pass_device_help", { name: who })),
        h("button", { type: "button", id: "cover-ok", dataset: { fkey: "cover-ok" }, onclick: () => { this.shown = this.cover; this.cover = null; this.uiState = {}; this.render(); } }, t("i_am", { name: who }))));
      this.root.querySelector("#cover-ok").focus();
      return;
    }

    const seat = this.spectator ? null : this.shown;
    const cp = view.current_player;
    const legal = frame.legal || [];
    const mine = cp !== null && cp === seat && legal.length > 0 && this.online;
    setCardNames((this.cat && this.cat.cards[lang()]) || {});
    const ctx = {
      view, legal, seat, game, deck: this.deck(), lang: lang(), mine, pending: this.pending,
      label: (/** @type {LegalAction} */ a) => this.words(a.label),
      // A bid or contract as the view holds it, in words (the display layer's notation_words).
      notation: (/** @type {string} */ text) => {
        const m = this.cat && this.cat.notation && this.cat.notation[text];
        return m ? this.words(m) : text;
      },
      words: (/** @type {Message} */ m) => this.words(m),
      name: (s) => this.name(s), isBot: (s) => this.isBot(s),
      act: (a) => this.act(a), ui: this.uiState, rerender: () => this.render(), frame,
      canUndo: this.canUndo(), undo: () => this.undo(),
      // Fair play (docs/ratings.md): a rated table offers no hints or proposals.
      hints: !(this.summary && this.summary.rated),
      // The server computes the hint from this seat's own view of the table's state.
      hint: () => api.hint(this.tableId, seat, frame.state_id, (this.info.tokens || {})[seat]).then((r) => r.hint),
      lastAction: frame.last_action,
    };

    let banner;
    const offline = !this.online;
    if (offline && !view.is_terminal) {
      banner = t("offline_banner");
    } else if (view.is_terminal) {
      banner = t("game_over");
    } else if (mine) {
      banner = t("your_turn");
    } else if (cp !== null && cp !== undefined) {
      banner = t("waiting_for", { name: this.name(cp) });
    } else {
      banner = "";
    }
    const waitingHumans = (this.summary.seats || []).some((s) => s.kind === "human" && s.status === "open" && !s.zombie);

    const viewMod = viewFor(new URLSearchParams(location.hash.slice(1)).get("view") === "generic" ? "" : game);
    let felt;
    try {
      felt = viewMod.render(ctx);
    } catch (e) {
      console.error(e);
      felt = viewFor("").render(ctx);
    }

    const logItems = this.renderLog(frame);
    // Focusable, so that the scrolling log can be read with the keyboard too.
    const logList = h("ol", { class: "log", id: "log", tabindex: "0", "aria-live": "polite", "aria-label": t("log") }, logItems.map((x) => h("li", {}, x)));

    const scores = h("table", { class: "scores-table" },
      h("caption", { class: "sr-only" }, t("scores")),
      h("tbody", {}, (view.scores || []).map((s, i) => h("tr", { class: i === cp ? "current" : "" },
        h("td", {}, (i === cp ? "▶ " : "") + this.name(i) + (this.seats.includes(i) ? ` (${t("you")})` : "")),
        h("td", { class: "num" }, String(s))))));

    const result = view.is_terminal ? this.resultBox(view) : null;
    // A bot plays my seat (I left or my clock ran out): offer to take it back.
    const zombie = seat !== null && ((this.summary.seats || [])[seat] || {}).zombie;
    const resume = zombie && !view.is_terminal ? h("div", { class: "turn-banner" }, t("bot_plays_you"), " ",
      h("button", { type: "button", id: "resume", onclick: () => this.send({ type: "resume", seat }) }, t("take_back_seat"))) : null;

    const stateKey = `${frame.game_no}:${frame.state_id}:${this.shown}`;
    const before = this.drawn !== null && this.drawn !== stateKey ? snapshot(this.root) : null;
    this.root.replaceChildren(...[
      h("div", { class: "table-head" },
        h("h1", {}, title),
        h("a", { href: `#rules=${game}`, target: "_blank", rel: "noopener" }, t("rules")),
        h("a", { href: "#/" }, t("lobby")),
        this.spectator ? null : cueSettings(() => this.render())),
      h("div", { class: "turn-banner" + (mine ? " mine" : ""), role: "status", "aria-live": "polite", id: "turn" },
        banner, this.spectator ? " · " + t("spectating") : "", waitingHumans && !view.is_terminal ? " · " + t("waiting_players") : ""),
      view.is_terminal ? null : clockBox(frame, (s) => this.name(s)),
      result,
      resume,
      h("div", { class: "table-layout", id: "table", dataset: { stateId: frame.state_id, gameNo: frame.game_no, moves: view.moves, terminal: String(view.is_terminal), mine: String(mine) } },
        h("section", { class: "felt", "aria-label": title }, felt,
          lastTrickBox(view, this.deck(), lang(), (s) => this.name(s), (key, args = {}) => this.words({ key, args }))),
        h("aside", { class: "side" },
          seatList(this.summary, (s) => this.name(s), this.seats, view.is_terminal ? null : cp),
          h("section", { class: "panel" }, h("h2", {}, t("scores")), scores),
          h("section", { class: "panel" }, h("h2", {}, t("log")), logList),
          historyPanel(this, this.watch))),
    ].filter(Boolean));
    logList.scrollTop = logList.scrollHeight;
    this.lastMoves.decorate(this.root, (m) => this.words(m));
    if (before) {
      // The trick just taken goes to its winner, as the view's last trick names it.
      const lt = lastTrickOf(view);
      const ltKey = lt ? JSON.stringify(lt) : "";
      const fresh = lt && ltKey !== this.lastTrickKey;
      this.lastTrickKey = ltKey;
      // A bot's compound move (its Räväytys lay-down: every build step in this one
      // frame's `steps`) is drawn once, so its cards all move together, as one move.
      animate(this.root, before, {
        mover: frame.last_action ? frame.last_action.seat : null,
        winner: fresh ? lt.winner : null,
        taken: fresh ? lt.cards.map((p) => p.card) : [],
        state: frame.state_id,
        steps: (frame.steps || []).length,
      });
    }
    this.drawn = stateKey;
    this.shownFrame = frame;
    this.cues.update(mine, title);
    const tableEl = this.root.querySelector("#table");
    if (tableEl) tableEl.dataset.offline = String(!this.online);
    if (!this.online) this.disableControls();

    // Keep keyboard focus where it was (or on the first control of a new turn).
    const want = this.uiState._focus;
    delete this.uiState._focus;
    let target = want ? this.root.querySelector(`[data-fkey="${CSS.escape(want)}"]`) : null;
    if (!target && focusKey) target = this.root.querySelector(`[data-fkey="${CSS.escape(focusKey)}"]`);
    if (target && target.disabled) target = null;
    if (!target && focusInMain && (mine || view.is_terminal)) target = this.root.querySelector("[data-autofocus]:not([disabled])");
    if (target) target.focus({ preventScroll: !focusKey });
  }

  resultBox(view) {
    const w = view.winners || [];
    const names = w.map((s) => this.name(s)).join(", ");
    let text;
    if (w.length === 0) text = t("no_winner");
    else if (w.length === 1 && this.seats.length === 1 && w[0] === this.seats[0]) text = t("you_won");
    else text = t(w.length > 1 ? "winners" : "winner", { names });
    return h("section", { class: "result", "aria-live": "polite" },
      h("h2", {}, t("game_over")),
      h("p", { id: "result-text" }, text),
      (this.spectator ? null : h("button", { type: "button", id: "play-again", dataset: { fkey: "play-again", autofocus: "1" }, onclick: () => this.playAgain() }, t("play_again"))),
      " ",
      h("a", { href: "#/" }, t("back_to_lobby")));
  }
}

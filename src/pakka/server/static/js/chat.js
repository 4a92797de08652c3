// @ts-check
// The chat panel of a table (issue 16, docs/protocol.md "Chat"): the players'
// channel and, for spectators, their own; a mute per reader (remembered per
// table on this device), report, and for the table's creator remove (a message)
// and remove (a spectator). Every text people typed is shown with textContent,
// never as HTML.
import { t } from "./i18n.js";
import { h, toast } from "./ui.js";

export const MAX_CHAT = 300;

const MUTE_KEY = "pakka.chat.mute.";
const KEY_KEY = "pakka.chat.key.";

/** The chat key this device keeps for watching table `id` (spectators' identity). */
export function chatKey(id) {
  return localStorage.getItem(KEY_KEY + id) || undefined;
}

function muted(id) {
  try {
    return new Set(JSON.parse(localStorage.getItem(MUTE_KEY + id) || "[]"));
  } catch {
    return new Set();
  }
}

/** Characters as the server counts them after cleaning (code points, trimmed). */
function length(text) {
  return [...text.normalize("NFC").trim()].length;
}

export class ChatPanel {
  /**
   * @param {string} tableId
   * @param {{admin_token?: string}} info what this device holds of the table
   * @param {(msg: object) => boolean} send sends a message (false when offline)
   * @param {{seatName: (seat: number) => string, errorText: (f: any) => string}} words
   */
  constructor(tableId, info, send, words) {
    this.tableId = tableId;
    this.admin = info.admin_token || null;
    this.send = send;
    this.words = words;
    /** @type {Map<string, any>} id -> message */
    this.messages = new Map();
    this.me = null; // this connection's author id
    this.channel = null; // where this connection writes (null: nowhere)
    this.tab = "players";
    this.tabChosen = false; // the reader picked a tab (else a spectator starts on theirs)
    this.muted = muted(tableId);
    const narrow = window.matchMedia && window.matchMedia("(max-width: 700px)").matches;
    this.open = !narrow;
    this.status = h("p", { class: "chat-status", id: "chat-status", role: "status", "aria-live": "polite" });
    this.list = h("ol", { class: "chat-log", id: "chat-log", "aria-live": "polite", "aria-relevant": "additions", "aria-labelledby": "chat-title" });
    this.input = /** @type {HTMLInputElement} */ (h("input", { type: "text", id: "chat-input", autocomplete: "off", "aria-describedby": "chat-count" }));
    this.count = h("span", { id: "chat-count", class: "chat-count", "aria-live": "off" });
    this.input.addEventListener("input", () => this.counter());
    this.form = h("form", { class: "chat-form", onsubmit: (e) => { e.preventDefault(); this.submit(); } },
      h("label", { for: "chat-input", id: "chat-input-label" }, t("chat_input")),
      h("div", { class: "chat-row" }, this.input, h("button", { type: "submit", id: "chat-send" }, t("chat_send"))),
      this.count);
    this.tabs = h("div", { class: "chat-tabs", role: "tablist", "aria-label": t("chat_channels") });
    this.toggle = h("button", { type: "button", id: "chat-toggle", class: "small secondary", "aria-controls": "chat-body", onclick: () => { this.open = !this.open; this.draw(); } });
    this.body = h("div", { id: "chat-body" }, this.tabs, this.list, this.status, this.form);
    this.el = h("section", { id: "chat", class: "chat panel", "aria-labelledby": "chat-title" },
      h("div", { class: "chat-head" }, h("h2", { id: "chat-title" }, t("chat_title")), this.toggle),
      this.body);
    this.counter();
    this.draw();
  }

  /** Handle a chat frame (or an error about chat); whether it was one. */
  onFrame(f) {
    switch (f.type) {
      case "chat_history":
        if (f.full) {
          this.messages.clear();
          this.me = f.author;
          this.channel = f.channel;
          if (f.key) localStorage.setItem(KEY_KEY + this.tableId, f.key);
          if (this.channel === "spectators" && !this.tabChosen) this.tab = "spectators";
        }
        for (const m of f.messages) this.messages.set(m.id, m);
        break;
      case "chat":
        this.messages.set(f.message.id, f.message);
        break;
      case "chat_removed": {
        const m = this.messages.get(f.id);
        if (m) Object.assign(m, { removed: true, text: "" });
        break;
      }
      case "chat_reported":
        this.say(t("chat_reported"));
        return true;
      case "error":
        if (f.code === "removed") {
          this.say(this.words.errorText(f), true);
          return false; // the table says so too, and stops
        }
        if (!String(f.ref || "").startsWith("chat")) return false;
        this.say(this.words.errorText(f), true);
        toast(this.words.errorText(f));
        return true;
      default:
        return false;
    }
    this.draw();
    return true;
  }

  say(text, error = false) {
    this.status.textContent = text;
    this.status.classList.toggle("error", error);
  }

  counter() {
    const n = length(this.input.value);
    this.count.textContent = t("chat_count", { n, max: MAX_CHAT });
    this.count.classList.toggle("over", n > MAX_CHAT);
  }

  submit() {
    const text = this.input.value;
    if (!text.trim()) return;
    const msg = { type: "chat", text };
    const name = localStorage.getItem("pakka.name");
    if (this.channel === "spectators" && name) msg.name = name;
    if (!this.send(msg)) return;
    this.say("");
    this.input.value = "";
    this.counter();
  }

  /** The name shown for a message's author. */
  author(m) {
    if (m.seat !== null && m.seat !== undefined) return m.name || this.words.seatName(m.seat);
    return m.name ? t("chat_spectator_named", { name: m.name }) : t("chat_spectator");
  }

  mute(author, on) {
    if (on) this.muted.add(author);
    else this.muted.delete(author);
    localStorage.setItem(MUTE_KEY + this.tableId, JSON.stringify([...this.muted]));
    this.draw();
  }

  item(m) {
    const own = m.author === this.me;
    const when = new Date(m.at * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    const li = h("li", { class: "chat-msg" + (m.removed ? " removed" : ""), dataset: { id: m.id, author: m.author } },
      h("span", { class: "chat-who", "data-user": m.name ? "" : null }, this.author(m)),
      " ",
      h("time", { class: "chat-time", datetime: new Date(m.at * 1000).toISOString() }, when),
      " ",
      // What people typed is marked as such (data-user): not the page's own words.
      m.removed ? h("span", { class: "chat-text muted" }, t("chat_removed")) : h("span", { class: "chat-text", "data-user": "", text: m.text }));
    if (m.removed) return li;
    const tools = h("span", { class: "chat-tools" });
    if (!own) {
      tools.append(
        h("button", { type: "button", class: "small secondary chat-mute", onclick: () => this.mute(m.author, true), "aria-label": t("chat_mute_who", { name: this.author(m) }) }, t("chat_mute")),
        h("button", { type: "button", class: "small secondary chat-report", onclick: () => this.send({ type: "chat_report", id: m.id }), "aria-label": t("chat_report_msg", { name: this.author(m) }) }, t("chat_report")));
    }
    if (this.admin) {
      tools.append(h("button", { type: "button", class: "small secondary chat-remove", onclick: () => this.send({ type: "chat_remove", id: m.id, admin: this.admin }) }, t("chat_remove")));
      if (m.author.startsWith("s") && !own) {
        tools.append(h("button", { type: "button", class: "small secondary chat-kick", onclick: () => this.send({ type: "chat_kick", author: m.author, admin: this.admin }) }, t("chat_kick")));
      }
    }
    li.append(" ", tools);
    return li;
  }

  draw() {
    this.toggle.textContent = this.open ? t("chat_hide") : t("chat_show");
    this.toggle.setAttribute("aria-expanded", String(this.open));
    this.body.hidden = !this.open;
    const all = [...this.messages.values()].sort((a, b) => a.n - b.n); // each tab is one channel
    const hasSpect = this.channel === "spectators" || all.some((m) => m.channel === "spectators");
    if (!hasSpect) this.tab = "players";
    this.tabs.hidden = !hasSpect;
    this.tabs.replaceChildren(...(hasSpect ? ["players", "spectators"] : []).map((c) =>
      h("button", { type: "button", role: "tab", id: "chat-tab-" + c, "aria-selected": String(this.tab === c), class: "small" + (this.tab === c ? "" : " secondary"), onclick: () => { this.tab = c; this.tabChosen = true; this.draw(); } }, t("chat_tab_" + c))));
    const shown = all.filter((m) => m.channel === this.tab && !this.muted.has(m.author));
    const hidden = all.filter((m) => m.channel === this.tab && this.muted.has(m.author));
    const items = shown.map((m) => this.item(m));
    if (!items.length) items.push(h("li", { class: "muted chat-empty" }, t("chat_empty")));
    // Keep the list's nodes when only new messages arrive, so a screen reader
    // announces the additions (aria-live) and not the whole list again.
    const old = [...this.list.querySelectorAll("li")].map((li) => li.outerHTML).join("");
    const fresh = items.map((li) => li.outerHTML).join("");
    if (old !== fresh) {
      const keep = [...this.list.children];
      const same = keep.length <= items.length && keep.every((li, i) => li.outerHTML === items[i].outerHTML);
      if (same) this.list.append(...items.slice(keep.length));
      else this.list.replaceChildren(...items);
      this.list.scrollTop = this.list.scrollHeight;
    }
    const mutedAuthors = [...new Set(hidden.map((m) => m.author))];
    const unmute = mutedAuthors.map((a) => {
      const m = hidden.find((x) => x.author === a);
      return h("button", { type: "button", class: "small secondary chat-unmute", onclick: () => this.mute(a, false) }, t("chat_unmute", { name: this.author(m) }));
    });
    const muteBox = this.body.querySelector(".chat-muted");
    const box = h("p", { class: "chat-muted" }, ...unmute);
    if (muteBox) muteBox.replaceWith(box);
    else this.list.after(box);
    box.hidden = !unmute.length;
    const writing = this.channel !== null && this.tab === this.channel;
    this.form.hidden = !writing;
    if (this.channel === null && this.me !== null && this.me.startsWith("s")) this.say(t("chat_banned"), true);
  }
}

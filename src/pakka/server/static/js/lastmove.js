// @ts-check
// The last move of every other player, marked at their seat until this player
// acts: the log entries the engine wrote for that move (in words: a
// Koodinmurtaja guess says its target and result there), and the card a guess
// named (the entry's `target` and `position`). Everything comes from the state
// frames; nothing is derived.
import { h } from "./ui.js";

/** @typedef {import("./types").Message} Message */

export class LastMoves {
  constructor() {
    /** @type {Record<string, Message[]>} seat -> the log entries of its last move */
    this.moves = {};
    this.gameNo = null;
  }

  /**
   * Take in a state frame of the seat on screen, before its log is merged: its
   * `log` holds the entries new since the previous frame.
   * @param {any} f the state frame
   * @param {number[]} mine the seats this client holds
   * @param {boolean} fresh whether `log` is the whole log (welcome, sync, new game)
   */
  onFrame(f, mine, fresh) {
    if (f.game_no !== this.gameNo) {
      this.moves = {};
      this.gameNo = f.game_no;
    }
    const la = f.last_action;
    if (!la || fresh) return;
    if (mine.includes(la.seat)) {
      this.moves = {}; // this player acted: the marks of the others go
      return;
    }
    this.moves[String(la.seat)] = (f.log || []).slice();
  }

  /**
   * Mark the seats that moved, in the felt just drawn (views put `data-seat` on
   * each seat's box). `words` renders a message.
   * @param {HTMLElement} root
   * @param {(m: Message) => string} words
   */
  decorate(root, words) {
    for (const [seat, entries] of Object.entries(this.moves)) {
      const box = root.querySelector(`.felt .seat-box[data-seat="${seat}"]`);
      if (!box) continue;
      box.classList.add("last-moved");
      // A move the engine logs nothing for (a card to the pile: the trick is
      // logged when it is taken) is still marked, in the table's words.
      const shown = entries.length ? entries : [{ key: "table.last_move.moved", args: { player: Number(seat) } }];
      box.append(h("div", { class: "last-move", dataset: { lastMove: seat }, role: "note", "aria-label": words({ key: "table.last_move.title", args: {} }) },
        shown.map((e) => h("div", {}, words(e)))));
    }
    // A guess names its target's card (log arguments `target` and 1-based
    // `position`): that card is marked; the entry's words say the result.
    for (const entries of Object.values(this.moves)) {
      for (const e of entries) {
        const a = /** @type {any} */ (e.args || {});
        if (!Number.isInteger(a.target) || !Number.isInteger(a.position)) continue;
        const card = root.querySelector(`.felt [data-pos="${a.target}/${a.position}"]`);
        if (card) card.closest(".code-slot")?.classList.add("last-guess");
      }
    }
  }
}

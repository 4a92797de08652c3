// @ts-check
// A table's history: its games with their scores (from the table summary the
// server sends), each finished one opening its replay (replay.js).
import { h } from "./ui.js";
import { replayHash } from "./replay.js";

/**
 * The "games at this table" panel of a table screen.
 * @param {any} screen the TableScreen (its summary, names, catalogue words)
 * @param {string | null} watch the spectator code this page was opened with
 */
export function historyPanel(screen, watch) {
  const summary = screen.summary;
  if (!summary || !screen.cat) return null;
  const tx = (key, args = {}) => screen.words({ key, args });
  // The summary names the games as they were when the seats last changed; the
  // game in play is as its latest state frame shows it.
  const frame = screen.currentFrame && screen.currentFrame();
  const games = (summary.games || []).filter((g) => !frame || g.game_no !== frame.game_no);
  if (frame) {
    const v = frame.view;
    games.push({ game_no: frame.game_no, finished: !!v.is_terminal, moves: v.moves, winners: v.winners || [], scores: v.scores || [] });
  }
  games.sort((a, b) => a.game_no - b.game_no);
  const n = summary.players;
  const seats = [...Array(n).keys()];
  const rows = games.map((g) => h("tr", { dataset: { gameNo: g.game_no, finished: String(!!g.finished) } },
    h("th", { scope: "row" }, tx("table.history.game", { game_no: g.game_no })),
    seats.map((s) => h("td", { class: "num" + ((g.winners || []).includes(s) ? " winner" : "") }, String((g.scores || [])[s] ?? ""))),
    h("td", {}, g.finished
      ? h("a", { href: replayHash(screen.tableId, g.game_no, watch), class: "replay-link", "aria-label": tx("table.history.replay_of", { game_no: g.game_no }) }, tx("table.history.replay"))
      : h("span", { class: "muted" }, tx("table.history.running")))));
  return h("section", { class: "panel history", id: "history" },
    h("h2", {}, tx("table.history.title")),
    games.some((g) => g.finished) ? null : h("p", { class: "muted" }, tx("table.history.none")),
    h("div", { class: "sheet-wrap" },
      h("table", { class: "scores-table sheet history-table" },
        h("caption", { class: "sr-only" }, tx("table.history.caption")),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "#"), seats.map((s) => h("th", { scope: "col" }, screen.name(s))), h("th", { scope: "col" }, ""))),
        h("tbody", {}, rows))));
}

// @ts-check
/**
 * The leaderboard page (`#leaderboard=GAME`, issue 17): the best rated players of one
 * game (at least the server's minimum of rated games), the reader's own place, and the
 * bot levels' fixed ratings on the same scale (docs/ratings.md).
 */
import { api } from "./api.js";
import { t, pick, lang } from "./i18n.js";
import { h, errorWords } from "./ui.js";

/** One table with a caption and column headers (screen readers read it as a table). */
function boardTable(caption, heads, rows, id) {
  return h("table", { class: "leaderboard", id },
    h("caption", {}, caption),
    h("thead", {}, h("tr", {}, heads.map((x) => h("th", { scope: "col" }, x)))),
    h("tbody", {}, rows));
}

/** Render the leaderboard of `game` into `main`. */
export async function showLeaderboard(main, game, loadGames) {
  const games = await loadGames();
  const g = games.find((x) => x.name === game);
  const title = g ? pick(g.title) : game;
  let board;
  try {
    board = await api.leaderboard(game);
  } catch (e) {
    main.replaceChildren(h("div", { class: "panel" }, h("h1", {}, t("error")), h("p", {}, errorWords(e.code, e.message, lang())), h("p", {}, h("a", { href: "#/" }, t("back_to_lobby")))));
    return;
  }
  const rows = board.top.map((/** @type {any} */ r) =>
    h("tr", r.you ? { class: "you", "aria-current": "true" } : {},
      h("td", {}, String(r.place)), h("th", { scope: "row" }, r.name || t("former_player")), h("td", {}, String(r.rating)), h("td", {}, String(r.games))));
  const parts = [
    h("h1", {}, t("leaderboard_title", { game: title })),
    board.top.length
      ? boardTable(t("leaderboard_caption", { n: board.min_games }), [t("lb_place"), t("lb_player"), t("lb_rating"), t("lb_games")], rows, "leaderboard")
      : h("p", { id: "leaderboard-empty" }, t("leaderboard_empty", { n: board.min_games })),
  ];
  if (board.me) {
    parts.push(h("p", { id: "my-place" }, board.me.place
      ? t("leaderboard_me", { rating: board.me.rating, place: board.me.place, players: board.players })
      : t("leaderboard_me_few", { rating: board.me.rating, games: board.me.games, n: board.min_games })));
    if (board.me.suggest) parts.push(h("p", { id: "suggest-level" }, t("suggest_level", { level: t("level_" + board.me.suggest) })));
  }
  const bots = Object.entries(board.bots || {});
  if (bots.length) {
    parts.push(boardTable(t("bot_ratings"), [t("lb_level"), t("lb_rating")],
      bots.map(([lv, r]) => h("tr", {}, h("th", { scope: "row" }, t("level_" + lv)), h("td", {}, String(r)))), "bot-ratings"));
  }
  parts.push(h("p", {}, h("a", { href: "#/" }, t("back_to_lobby"))));
  main.replaceChildren(h("div", { class: "panel profile" }, parts));
}

// @ts-check
// pakka web client: the lobby, the rules pages and the router. The table
// itself is in table.js; each game's table view is in views/.
import { api, myTables, rememberTable, forgetTable, ensureSession, currentProfile } from "./api.js";
import { showProfile } from "./profile.js";
import { showLeaderboard } from "./leaderboard.js";
import { t, lang, setLang, pick, renderMessage } from "./i18n.js";
import { h, toast, errorWords, copyText, markdown } from "./ui.js";
import { TableScreen, botName } from "./table.js";
import { ReplayScreen } from "./replay.js";
import { registerServiceWorker } from "./pwa.js";

const main = document.getElementById("main");
let gamesCache = null;
let screen = null; // the current TableScreen, if any
let replay = null; // the current ReplayScreen, if any
let lobbyState = { game: null, players: null, options: {}, seats: [], hotseat: false, listed: true, rated: false, created: null };

async function loadGames() {
  if (!gamesCache) gamesCache = (await api.games()).games;
  return gamesCache;
}

function params() {
  const hash = location.hash.replace(/^#\/?/, "");
  return new URLSearchParams(hash);
}

function setConn(text, bad = false) {
  const c = document.getElementById("conn");
  c.textContent = text;
  c.classList.toggle("bad", bad);
}

function renderChrome() {
  document.title = t("app_title");
  const prof = document.getElementById("profile-link");
  if (prof) prof.textContent = t("profile_link");
  const b = document.getElementById("lang-btn");
  b.textContent = t("lang_switch");
  b.setAttribute("aria-label", t("lang_switch_label"));
  b.lang = lang() === "fi" ? "en" : "fi";
  document.querySelector(".skip").textContent = lang() === "fi" ? "Siirry sisältöön" : "Skip to content";
}

document.getElementById("lang-btn").addEventListener("click", () => {
  setLang(lang() === "fi" ? "en" : "fi");
  renderChrome();
  if (screen) screen.render();
  else if (replay) replay.render();
  else route();
});

// --- routing ---------------------------------------------------------------
async function route() {
  renderChrome();
  const p = params();
  if (screen && (p.get("table") !== screen.tableId || p.get("view") !== screen.viewParam)) {
    screen.close();
    screen = null;
  }
  if (replay && (p.get("replay") !== replay.tableId || p.get("game") !== String(replay.gameNo) || p.get("watch") !== replay.watch)) {
    replay.close();
    replay = null;
  }
  try {
    if (p.get("replay")) return showReplay(p.get("replay"), Number(p.get("game") || "1"), p.get("watch"));
    if (p.get("invite")) return claimInvite(p.get("invite"));
    if (p.get("table")) return openTable(p.get("table"), p.get("watch"));
    if (p.get("rules")) return await showRules(p.get("rules"));
    if (p.get("leaderboard")) {
      setConn("");
      return await showLeaderboard(main, p.get("leaderboard"), loadGames);
    }
    if (p.has("profile")) {
      setConn("");
      return await showProfile(main, p.get("profile") || null, loadGames);
    }
    setConn("");
    return await showLobby();
  } catch (e) {
    main.replaceChildren(h("div", { class: "panel" }, h("h1", {}, t("error")), h("p", {}, errorWords(e.code, e.message, lang())), h("p", {}, h("a", { href: "#/" }, t("back_to_lobby")))));
  }
}

window.addEventListener("hashchange", route);

function showReplay(id, gameNo, watch) {
  setConn("");
  if (replay) return replay.render();
  const fail = (e) => {
    if (replay) replay.close();
    replay = null;
    main.replaceChildren(h("div", { class: "panel" }, h("h1", {}, t("error")), h("p", {}, errorWords(e.code, e.message, lang())), h("p", {}, h("a", { href: "#/" }, t("back_to_lobby")))));
  };
  replay = new ReplayScreen(main, id, gameNo, watch, loadGames, fail);
}

/** The reason a name was refused, in the reader's words (or null). */
function nameRefusal(err) {
  const bad = ((err && err.details) || []).find((d) => String(d.type).startsWith("name_"));
  return bad ? t(bad.type) : null;
}

/**
 * An invite link: the friend chooses the name the table shows (prefilled with the
 * last name used on this device), then takes the seat. A refused name says why.
 */
function claimInvite(code) {
  setConn("");
  const input = h("input", { type: "text", id: "claim-name", maxlength: 40, value: localStorage.getItem("pakka.name") || "", autocomplete: "nickname" });
  const why = h("p", { id: "claim-error", class: "error-text", role: "alert" });
  const button = h("button", { type: "submit", id: "claim-seat" }, t("claim_seat"));
  const form = h("form", { class: "panel claim", onsubmit: async (e) => {
    e.preventDefault();
    const name = input.value.trim();
    button.disabled = true;
    try {
      // The seat is bound to this browser's profile (a guest one is started if none).
      await ensureSession(name, t("guest_name"));
      // An empty name keeps the one the table's creator gave the seat.
      const r = await api.claim(code, name || undefined);
      if (name) localStorage.setItem("pakka.name", name);
      rememberTable(r.table_id, { tokens: { [r.seat]: r.token } });
      location.replace(`#table=${r.table_id}`);
    } catch (err) {
      button.disabled = false;
      const refusal = nameRefusal(err);
      if (refusal) {
        why.textContent = refusal;
        input.setAttribute("aria-invalid", "true");
        input.focus();
      } else {
        main.replaceChildren(h("div", { class: "panel" }, h("h1", {}, t("error")), h("p", {}, err.code === "invite_used" ? t("invite_used") : errorWords(err.code, err.message, lang())), h("p", {}, h("a", { href: "#/" }, t("back_to_lobby")))));
      }
    }
  } },
  h("h1", {}, t("claim_title")),
  h("div", { class: "field" }, h("label", { for: "claim-name" }, t("your_name")), input, h("div", { class: "help" }, t("claim_help"))),
  why,
  button);
  main.replaceChildren(form);
  input.focus();
}

function openTable(id, watch) {
  if (screen && screen.tableId === id && screen.viewParam === params().get("view")) {
    screen.render();
    return;
  }
  const info = myTables()[id] || { tokens: {} };
  screen = new TableScreen(main, id, info, watch, setConn, loadGames);
  /** @type {any} */ (screen).viewParam = params().get("view");
}

async function showRules(game) {
  setConn("");
  const games = await loadGames();
  const g = games.find((x) => x.name === game);
  let body;
  try {
    const r = await api.rules(game, lang());
    body = markdown(r.markdown);
  } catch (e) {
    body = h("p", {}, errorWords(e.code, e.message, lang()));
  }
  main.replaceChildren(
    h("article", { class: "panel rules" },
      h("p", {}, h("a", { href: "#/" }, "← " + t("back_to_lobby"))),
      h("h1", {}, (g ? pick(g.title) : game) + " — " + t("rules")),
      body),
  );
  main.focus();
}

// --- lobby -----------------------------------------------------------------
function optionDefault(opt, players) {
  const d = opt.defaults && opt.defaults[String(players)];
  return d !== undefined ? d : opt.default;
}

/** A bot level's name, with its fixed rating when the game's ladder has one. */
function levelLabel(l, g = null) {
  const r = g && g.level_ratings ? g.level_ratings[l] : undefined;
  return r === undefined ? t("level_" + l) : t("level_rated", { level: t("level_" + l), rating: r });
}

async function showLobby() {
  const games = await loadGames();
  // The page moved on (an invite, a table) while the games loaded: no lobby.
  const now = params();
  if (now.get("invite") || now.get("table") || now.get("rules") || now.get("replay") || now.has("profile")) return;
  if (!lobbyState.game || !games.find((g) => g.name === lobbyState.game)) selectGame(games[0]);
  const g = games.find((x) => x.name === lobbyState.game);

  const gameButtons = games.map((x) =>
    h("button", {
      type: "button", class: "game-choice", "aria-pressed": String(x.name === g.name),
      dataset: { game: x.name },
      onclick: () => { selectGame(x); showLobby().then(() => focusSel(`[data-game="${x.name}"]`)); },
    }, h("strong", {}, pick(x.title)), h("span", { class: "desc" }, pick(x.summary)),
    h("span", { class: "desc" }, x.min_players === x.max_players ? t(x.min_players === 1 ? "solo_game" : "n_players", { n: x.min_players }) : t("players_range", { lo: x.min_players, hi: x.max_players }))),
  );

  const playersSel = h("select", { id: "players", onchange: (e) => { setPlayers(g, Number(e.target.value)); showLobby().then(() => focusSel("#players")); } },
    range(g.min_players, g.max_players).map((n) => h("option", { value: n, selected: n === lobbyState.players }, String(n))));

  const optionFields = g.options.map((o) => optionField(o, g));

  const seatRows = lobbyState.seats.map((s, i) =>
    h("div", { class: "seat-row" },
      h("label", { for: `seat-${i}` }, `${t("seat")} ${i + 1}`),
      h("select", { id: `seat-${i}`, onchange: (e) => { lobbyState.seats[i] = e.target.value; } },
        h("option", { value: "human", selected: s === "human" }, t("human")),
        (g.levels || ["easy", "medium", "hard"]).map((l) => h("option", { value: "bot:" + l, selected: s === "bot:" + l }, levelLabel(l, g)))),
    ));

  const nameInput = h("input", { type: "text", id: "my-name", maxlength: 40, value: localStorage.getItem("pakka.name") || "", autocomplete: "nickname" });
  const hot = h("input", { type: "checkbox", id: "hotseat", checked: lobbyState.hotseat, onchange: (e) => (lobbyState.hotseat = e.target.checked) });
  const listed = h("input", { type: "checkbox", id: "listed", checked: lobbyState.listed, onchange: (e) => (lobbyState.listed = e.target.checked) });
  const rated = h("input", { type: "checkbox", id: "rated", checked: lobbyState.rated, onchange: (e) => (lobbyState.rated = e.target.checked) });

  const form = h("form", { class: "panel", onsubmit: (e) => { e.preventDefault(); createTable(g, nameInput.value.trim()); } },
    h("h1", {}, t("choose_game")),
    h("div", { class: "games", role: "group", "aria-label": t("choose_game") }, gameButtons),
    h("p", {}, h("a", { href: `#rules=${g.name}` }, `${t("rules")}: ${pick(g.title)}`),
      g.max_players > 1 ? [" · ", h("a", { href: `#leaderboard=${g.name}`, id: "leaderboard-link" }, t("leaderboard"))] : null),
    h("div", { class: "field" }, h("label", { for: "players" }, t("players")), playersSel),
    optionFields.length ? h("fieldset", {}, h("legend", {}, t("options")), optionFields) : null,
    h("fieldset", {}, h("legend", {}, t("seats")), seatRows,
      h("div", { class: "field" }, h("label", { for: "hotseat" }, hot, " ", t("hotseat")), h("div", { class: "help" }, t("hotseat_help"))),
      h("div", { class: "field" }, h("label", { for: "listed" }, listed, " ", t("listed")), h("div", { class: "help" }, t("listed_help"))),
      g.max_players > 1 ? h("div", { class: "field" }, h("label", { for: "rated" }, rated, " ", t("rated")), h("div", { class: "help" }, t("rated_help"))) : null),
    h("div", { class: "field" }, h("label", { for: "my-name" }, t("your_name")), nameInput),
    h("button", { type: "submit", id: "create" }, t("create_table")),
    lobbyState.created ? createdBox(lobbyState.created) : null,
  );

  // The form is on screen at once (no await before it), so a click or keystroke can
  // never land on a form that is about to be replaced; the open tables fill in later.
  const openBox = h("div", { id: "open-tables" }, h("section", { class: "panel" }, h("h2", {}, t("open_tables")), h("p", { class: "muted" }, "…")));
  const liveBox = h("div", { id: "live-tables" }, h("section", { class: "panel" }, h("h2", {}, t("live_tables")), h("p", { class: "muted" }, "…")));
  const mineBox = h("div", { id: "my-tables-box" }, myTablesPanel([]));
  const side = h("div", { class: "side" }, mineBox, openBox, liveBox);
  main.replaceChildren(h("div", { class: "lobby" }, form, side));
  serverTables().then((list) => mineBox.isConnected && mineBox.replaceChildren(myTablesPanel(list)));
  openTablesPanel().then((panel) => openBox.isConnected && openBox.replaceChildren(panel));
  liveTablesPanel().then((panel) => liveBox.isConnected && liveBox.replaceChildren(panel));
}

function focusSel(sel) {
  const e = main.querySelector(sel);
  if (e) e.focus();
}

function range(a, b) {
  const r = [];
  for (let i = a; i <= b; i++) r.push(i);
  return r;
}

function selectGame(g) {
  if (lobbyState.game === g.name) return;
  lobbyState.game = g.name;
  lobbyState.created = null;
  setPlayers(g, Math.max(g.min_players, Math.min(g.max_players, g.min_players === 1 ? 1 : Math.max(2, g.min_players))));
}

function setPlayers(g, n) {
  lobbyState.players = n;
  lobbyState.options = {};
  for (const o of g.options) lobbyState.options[o.name] = optionDefault(o, n);
  const seats = [];
  for (let i = 0; i < n; i++) seats.push(lobbyState.seats[i] || (i === 0 ? "human" : "bot:medium"));
  seats[0] = seats[0] || "human";
  lobbyState.seats = seats;
}

/**
 * An option value in the reader's words: a choice's words (the server's option
 * texts), yes/no, a seat 1-based, a list with commas.
 * @param {any} o
 * @param {unknown} v
 */
function optionValueWords(o, v) {
  if (o.kind === "bool") return t(v ? "yes" : "no");
  if (o.kind === "choice") return pick((o.values || {})[String(v)]) || String(v);
  if (o.seat && typeof v === "number") return t("seat_n", { n: v + 1 });
  return Array.isArray(v) ? v.join(", ") : String(v ?? "");
}

function optionField(o, g) {
  const id = "opt-" + o.name;
  const val = lobbyState.options[o.name];
  const def = optionDefault(o, lobbyState.players);
  const described = { "aria-describedby": id + "-help" };
  let input;
  if (o.kind === "choice") {
    input = h("select", { id, ...described, onchange: (e) => (lobbyState.options[o.name] = e.target.value) },
      o.choices.map((c) => h("option", { value: c, selected: c === val }, optionValueWords(o, c) + (c === def ? ` (${t("default_value")})` : ""))));
  } else if (o.kind === "bool") {
    input = h("input", { type: "checkbox", id, ...described, checked: !!val, onchange: (e) => (lobbyState.options[o.name] = e.target.checked) });
  } else if (o.kind === "int" && o.seat) {
    // A seat: chosen 1-based by the player, sent 0-based as the engine counts.
    const hi = Math.min(o.maximum ?? lobbyState.players - 1, lobbyState.players - 1);
    input = h("select", { id, ...described, onchange: (e) => (lobbyState.options[o.name] = Number(e.target.value)) },
      range(o.minimum ?? 0, hi).map((n) => h("option", { value: n, selected: n === val }, t("seat_n", { n: n + 1 }) + (n === def ? ` (${t("default_value")})` : ""))));
  } else if (o.kind === "int") {
    input = h("input", { type: "number", id, ...described, value: val, min: o.minimum ?? null, max: o.maximum ?? null, onchange: (e) => (lobbyState.options[o.name] = Number(e.target.value)) });
  } else {
    input = h("input", { type: "text", id, ...described, value: Array.isArray(val) ? val.join(",") : String(val ?? ""), onchange: (e) => (lobbyState.options[o.name] = e.target.value.split(",").map((x) => Number(x.trim()))) });
  }
  return h("div", { class: "field" },
    h("label", { for: id }, pick(o.label) || o.name),
    h("div", { class: "help", id: id + "-help" }, pick(o.help), ` (${t("default_value")}: ${optionValueWords(o, def)})`,
      // The rule's number only behind a link to the rules page, for those who look it up.
      o.rule ? [" ", h("a", { href: `#rules=${g.name}`, class: "rules-ref", dataset: { rulesRef: o.rule }, title: o.rule }, t("rules_ref"))] : null),
    input);
}

async function createTable(g, name) {
  if (name) localStorage.setItem("pakka.name", name);
  const seats = lobbyState.seats.map((s, i) => (s === "human" ? { kind: "human", ...(i === 0 && name ? { name } : {}) } : { kind: "bot", level: s.split(":")[1] }));
  const humans = seats.map((s, i) => (s.kind === "human" ? i : -1)).filter((i) => i >= 0);
  const body = { game: g.name, players: lobbyState.players, options: lobbyState.options, seats, listed: lobbyState.listed };
  if (lobbyState.rated && g.max_players > 1) body.rated = true;
  if (name) body.name = t("table_of", { name }).slice(0, 40);
  if (lobbyState.hotseat) {
    body.hotseat = true;
    body.seats = seats.map((/** @type {any} */ s, i) => (s.kind === "human" && !s.name ? { kind: "human", name: `${t("player_n", { n: i + 1 })}` } : s));
  } else if (humans.length) body.take_seat = humans[0];
  const btn = /** @type {HTMLButtonElement} */ (document.getElementById("create"));
  btn.disabled = true;
  btn.textContent = t("creating");
  try {
    await ensureSession(name, t("guest_name"));
    const r = await api.createTable(body);
    rememberTable(r.table_id, { tokens: r.seat_tokens || {}, admin_token: r.admin_token, game: g.name, invites: r.invites, spectator: r.spectator, hotseat: !!body.hotseat });
    if (!r.invites || r.invites.length === 0) {
      location.hash = `#table=${r.table_id}`;
      return;
    }
    lobbyState.created = r;
    await showLobby();
    focusSel(".invites button");
  } catch (e) {
    toast(nameRefusal(e) || (await refusalWords(g.name, e)));
    btn.disabled = false;
    btn.textContent = t("create_table");
  }
}

/**
 * An HTTP refusal in the reader's words: its message (`msg`) rendered from the
 * game's catalogue (which holds the core error texts), else the code's words.
 * @param {string} game
 * @param {any} e
 */
async function refusalWords(game, e) {
  if (e && e.msg) {
    try {
      // An option error names the option as the lobby does (its words, not its name).
      const g = (gamesCache || []).find((x) => x.name === game);
      const label = (/** @type {string} */ k, /** @type {unknown} */ v) => {
        const o = k === "option" && g ? g.options.find((x) => x.name === v) : null;
        return o ? pick(o.label) : undefined;
      };
      return renderMessage(await api.catalogue(game), e.msg, lang(), label);
    } catch {
      // the catalogue could not be loaded: the code's words below
    }
  }
  return errorWords(e.code, e.message, lang());
}

function createdBox(r) {
  const full = (u) => location.origin + "/" + u.replace(/^\//, "");
  const row = (label, url) => h("li", {}, h("span", {}, label), h("code", {}, full(url)),
    h("button", { type: "button", class: "small", onclick: async (e) => { const ok = await copyText(full(url)); e.target.textContent = ok ? t("copied") : t("copy"); } }, t("copy")));
  return h("section", { class: "field", "aria-live": "polite" },
    h("h2", {}, t("invite_links")),
    h("p", { class: "help" }, t("invite_help")),
    h("ul", { class: "invites" },
      r.invites.map((inv) => row(`${t("seat")} ${inv.seat + 1}`, inv.url)),
      r.spectator ? row(t("spectator_link"), r.spectator.url) : null),
    h("button", { type: "button", id: "go-table", onclick: () => { lobbyState.created = null; location.hash = `#table=${r.table_id}`; } }, t("go_to_table")));
}

/** The tables bound to this browser's profile (every device of an account), or []. */
async function serverTables() {
  try {
    return (await currentProfile()) ? (await api.serverTables()).tables : [];
  } catch {
    return [];
  }
}

/**
 * "My tables": those this device holds tokens of, and those bound to the profile
 * (from the server: also the ones taken on another device of the account).
 * @param {any[]} server
 */
function myTablesPanel(server) {
  const local = myTables();
  const merged = { ...local };
  /** @type {Record<string, string>} who sits at the tables the server knows (people's names, seat order) */
  const who = {};
  for (const x of server) {
    who[x.table_id] = (x.names || []).filter(Boolean).join(", ");
    if (x.closed || merged[x.table_id]) continue;
    merged[x.table_id] = { tokens: {}, game: x.game, updated: x.created * 1000 };
  }
  const all = Object.entries(merged).sort((a, b) => (b[1].updated || 0) - (a[1].updated || 0)).slice(0, 12);
  const games = gamesCache || [];
  return h("section", { class: "panel" }, h("h2", {}, t("my_tables")),
    all.length === 0 ? h("p", { class: "muted" }, t("no_tables")) :
      h("ul", { class: "table-list" }, all.map(([id, info]) => {
        const g = games.find((x) => x.name === info.game);
        return h("li", { dataset: { table: id } }, h("span", {}, g ? pick(g.title) : info.game || id, " ", who[id] ? h("span", { class: "who", "data-user": "" }, who[id], " ") : "", h("span", { class: "muted" }, new Date(info.updated || 0).toLocaleTimeString(lang()))),
          h("span", {},
            h("button", { type: "button", class: "small", onclick: () => (location.hash = `#table=${id}`) }, t("open")), " ",
            h("button", { type: "button", class: "small secondary", "aria-label": `${t("close")} ${id}`, onclick: () => { forgetTable(id); showLobby(); } }, "×")));
      })));
}

async function openTablesPanel() {
  let list = [];
  try {
    list = (await api.openTables()).tables;
  } catch {
    list = [];
  }
  const mine = myTables();
  list = list.filter((x) => !mine[x.table_id]);
  const games = gamesCache || [];
  return h("section", { class: "panel" },
    h("h2", {}, t("open_tables")),
    list.length === 0 ? h("p", { class: "muted" }, t("no_tables")) :
      h("ul", { class: "table-list" }, list.map((x) => {
        const g = games.find((y) => y.name === x.game);
        return h("li", {}, h("span", {}, userName(x.name), g ? pick(g.title) : x.game, " ", h("span", { class: "muted" }, t("free_seats", { n: x.free_seats.length }))),
          h("button", { type: "button", class: "small", onclick: () => joinTable(x) }, t("join")));
      })),
    h("button", { type: "button", class: "small secondary", onclick: () => showLobby() }, t("refresh")));
}

/**
 * A table's name as its creator typed it, marked as user content (`data-user`): it is
 * in whatever language the person wrote, so the words checks skip it.
 * @param {string | null | undefined} name
 */
function userName(name) {
  return name ? h("span", { "data-user": "" }, name + " — ") : null;
}

/** Listed tables with a game in play: watch one (the public view only). */
async function liveTablesPanel() {
  let list = [];
  try {
    list = (await api.liveTables()).tables;
  } catch {
    list = [];
  }
  const games = gamesCache || [];
  return h("section", { class: "panel" },
    h("h2", {}, t("live_tables")),
    list.length === 0 ? h("p", { class: "muted" }, t("no_tables")) :
      h("ul", { class: "table-list" }, list.map((x) => {
        const g = games.find((y) => y.name === x.game);
        const bots = x.bots || [];
        const who = x.names.map((n, i) => n || (bots[i] ? botName(bots[i]) : t("player_n", { n: i + 1 }))).join(", ");
        return h("li", { dataset: { table: x.table_id } },
          h("span", {}, userName(x.name), g ? pick(g.title) : x.game, " ", h("span", { class: "muted" }, h("span", { "data-user": "" }, who), " · " + t("n_watching", { n: x.spectators }))),
          h("button", { type: "button", class: "small watch", onclick: () => (location.hash = `#table=${x.table_id}`) }, t("watch")));
      })));
}

async function joinTable(x) {
  try {
    const typed = (/** @type {HTMLInputElement | null} */ (document.getElementById("my-name")) || { value: "" }).value;
    if (typed && typed.trim()) localStorage.setItem("pakka.name", typed.trim());
    const name = localStorage.getItem("pakka.name") || undefined;
    await ensureSession(name, t("guest_name"));
    const r = await api.join(x.table_id, name);
    rememberTable(r.table_id, { tokens: { [r.seat]: r.token }, game: x.game });
    location.hash = `#table=${r.table_id}`;
  } catch (e) {
    toast(nameRefusal(e) || errorWords(e.code, e.message, lang()));
  }
}

document.documentElement.lang = lang();
route();
registerServiceWorker();

// @ts-check
// The profile page (#profile, or #profile=<id> for someone else's public part): the
// games played with results and replay links, statistics per game, and for one's
// own profile the display name, the account (sign up, log in, log out), the devices
// (sessions) and deleting the account. docs/protocol.md describes the endpoints.
import { api, currentProfile, ApiError } from "./api.js";
import { t, lang, pick } from "./i18n.js";
import { h, toast, errorWords } from "./ui.js";

/** The words of a statistic's key (its own label, else the key). */
function statLabel(key) {
  return t("stat_" + key);
}

const STAT_ORDER = ["games", "wins", "draws", "best", "average", "contracts_made", "contracts_set", "misere_made", "misere_set", "rounds_won", "ravaytys", "codes_broken"];

function gameTitle(games, name) {
  const g = (games || []).find((x) => x.name === name);
  return g ? pick(g.title) : name;
}

function historySection(prof, games) {
  const rows = prof.games || [];
  const stats = Object.entries(prof.stats || {});
  return [
    h("section", { class: "panel", "aria-labelledby": "stats-h" },
      h("h2", { id: "stats-h" }, t("profile_stats")),
      stats.length === 0 ? h("p", { class: "muted" }, t("profile_no_games")) :
        stats.map(([game, s]) => h("div", { class: "stat-game" },
          h("h3", {}, gameTitle(games, game)),
          h("dl", { class: "stats", dataset: { game } },
            STAT_ORDER.filter((k) => s[k] !== undefined && s[k] !== null).map((k) => [h("dt", {}, statLabel(k)), h("dd", { dataset: { stat: k } }, String(s[k]))]))))),
    h("section", { class: "panel", "aria-labelledby": "history-h" },
      h("h2", { id: "history-h" }, t("profile_history")),
      rows.length === 0 ? h("p", { class: "muted" }, t("profile_no_games")) :
        h("table", { class: "history", id: "history" },
          h("caption", { class: "sr-only" }, t("profile_history")),
          h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("profile_game")), h("th", { scope: "col" }, t("profile_when")), h("th", { scope: "col" }, t("profile_result")), h("th", { scope: "col" }, t("profile_score")), h("th", { scope: "col" }, t("profile_replay")))),
          h("tbody", {}, rows.map((g) => h("tr", { dataset: { table: g.table_id } },
            h("td", {}, `${gameTitle(games, g.game)} · ${g.table_name}`),
            h("td", {}, new Date(g.finished * 1000).toLocaleString(lang())),
            h("td", { class: "result-" + g.result }, t("result_" + g.result)),
            h("td", { class: "num" }, g.score === null ? "" : String(g.score)),
            h("td", {}, h("a", { href: g.replay, class: "replay-link" }, t("profile_replay")))))))),
  ];
}

/** One's own ratings (issue 17): per game the rating, the rated games, the bot level
 * of about the same strength and a link to the game's leaderboard. */
function ratingsSection(me, games) {
  const rows = (me && me.ratings) || [];
  return h("section", { class: "panel", "aria-labelledby": "ratings-h" },
    h("h2", { id: "ratings-h" }, t("profile_ratings")),
    rows.length === 0 ? h("p", { class: "muted" }, t("profile_no_ratings")) :
      h("table", { class: "history", id: "ratings" },
        h("caption", { class: "sr-only" }, t("profile_ratings")),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("profile_game")), h("th", { scope: "col" }, t("lb_rating")), h("th", { scope: "col" }, t("lb_games")), h("th", { scope: "col" }, t("profile_suggest")))),
        h("tbody", {}, rows.map((/** @type {any} */ r) => h("tr", { dataset: { game: r.game } },
          h("th", { scope: "row" }, h("a", { href: `#leaderboard=${r.game}` }, gameTitle(games, r.game))),
          h("td", { class: "num", dataset: { rating: String(r.rating) } }, String(r.rating)),
          h("td", { class: "num" }, String(r.games)),
          h("td", {}, r.suggest ? t("level_" + r.suggest) : ""))))));
}

/** The value of the input `sel` of form `f`. */
function val(f, sel) {
  const el = /** @type {HTMLInputElement | null} */ (f.querySelector(sel));
  return el ? el.value : "";
}

function field(id, label, attrs) {
  return h("div", { class: "field" }, h("label", { for: id }, label), h("input", { id, ...attrs }));
}

/** The account part of one's own profile: sign up (a guest) or log out, and log in. */
function accountSection(me, rerender) {
  const why = h("p", { class: "error-text", role: "alert", id: "account-error" });
  const fail = (e) => {
    why.textContent = e instanceof ApiError && e.msg ? errorWords(e.code, e.message, lang()) : String(e.message || e);
    if (e && e.code === "login_failed") why.textContent = t("login_failed");
    if (e && e.code === "account_taken") why.textContent = t("account_taken");
  };
  const signUp = me && me.guest ? h("form", { class: "account-form", id: "signup-form", onsubmit: async (e) => {
    e.preventDefault();
    const f = /** @type {HTMLFormElement} */ (e.target);
    try {
      await api.signUp(val(f, "#signup-account").trim(), val(f, "#signup-password"));
      toast(t("account_made"));
      rerender();
    } catch (err) { fail(err); }
  } },
  h("h3", {}, t("signup_title")), h("p", { class: "help" }, t("signup_help")),
  field("signup-account", t("account_name"), { type: "text", maxlength: 40, autocomplete: "username", required: true }),
  field("signup-password", t("password"), { type: "password", minlength: 8, autocomplete: "new-password", required: true }),
  h("button", { type: "submit", id: "signup" }, t("signup_button"))) : null;
  const login = h("form", { class: "account-form", id: "login-form", onsubmit: async (e) => {
    e.preventDefault();
    const f = /** @type {HTMLFormElement} */ (e.target);
    try {
      await api.login(val(f, "#login-account").trim(), val(f, "#login-password"));
      toast(t("logged_in"));
      rerender();
    } catch (err) { fail(err); }
  } },
  h("h3", {}, t("login_title")),
  field("login-account", t("account_name"), { type: "text", maxlength: 40, autocomplete: "username", required: true }),
  field("login-password", t("password"), { type: "password", autocomplete: "current-password", required: true }),
  h("button", { type: "submit", id: "login" }, t("login_button")));
  // A guest has nothing to log back in to: only an account logs out.
  const out = me && !me.guest ? h("button", { type: "button", class: "secondary", id: "logout", onclick: async () => { await api.logout(); rerender(); } }, t("logout_button")) : null;
  return h("section", { class: "panel", "aria-labelledby": "account-h" },
    h("h2", { id: "account-h" }, t("account_title")),
    me && me.account ? h("p", { id: "account-line" }, t("signed_in_as", { account: me.account })) : h("p", { id: "account-line" }, t(me ? "guest_line" : "no_profile")),
    signUp, me && !me.guest ? null : login, out, why);
}

/** Changing one's display name (every seat bound to the profile takes it too). */
function renameSection(me, rerender) {
  const why = h("p", { class: "error-text", role: "alert", id: "rename-error" });
  return h("section", { class: "panel", "aria-labelledby": "rename-h" },
    h("h2", { id: "rename-h" }, t("rename_title")),
    h("form", { class: "account-form", id: "rename-form", onsubmit: async (e) => {
      e.preventDefault();
      const f = /** @type {HTMLFormElement} */ (e.target);
      try {
        await api.rename(val(f, "#rename-name").trim());
        toast(t("renamed"));
        rerender();
      } catch (err) {
        why.textContent = err instanceof ApiError ? errorWords(err.code, err.message, lang()) : String(err);
      }
    } },
    h("p", { class: "help" }, t("rename_help")),
    field("rename-name", t("rename_label"), { type: "text", maxlength: 40, autocomplete: "nickname", required: true, value: me.name }),
    h("button", { type: "submit", id: "rename" }, t("rename_button")), why));
}

async function sessionsSection(rerender) {
  let list = [];
  try { list = (await api.sessions()).sessions; } catch { list = []; }
  return h("section", { class: "panel", "aria-labelledby": "sessions-h" },
    h("h2", { id: "sessions-h" }, t("sessions_title")),
    h("ul", { class: "sessions", id: "sessions" }, list.map((s) => h("li", {},
      h("span", {}, s.label, " ", h("span", { class: "muted" }, new Date(s.last_seen * 1000).toLocaleString(lang())), s.current ? h("strong", {}, " · " + t("this_device")) : null),
      s.current ? null : h("button", { type: "button", class: "small secondary", "aria-label": `${t("revoke")}: ${s.label}`, onclick: async () => { await api.revokeSession(s.id); rerender(); } }, t("revoke"))))));
}

function deleteSection(rerender) {
  return h("section", { class: "panel danger", "aria-labelledby": "delete-h" },
    h("h2", { id: "delete-h" }, t("delete_title")), h("p", { class: "help" }, t("delete_help")),
    h("button", { type: "button", class: "secondary", id: "delete-account", onclick: async () => {
      if (!window.confirm(t("delete_confirm"))) return;
      await api.deleteMe();
      toast(t("deleted"));
      rerender();
    } }, t("delete_button")));
}

/**
 * Render the profile page into `main`: `id` someone's public profile, or null for
 * one's own (with the account, devices and deletion).
 */
export async function showProfile(main, id, loadGames) {
  const games = await loadGames();
  const rerender = () => showProfile(main, id, loadGames);
  try {
    if (id) {
      const prof = await api.profile(id);
      main.replaceChildren(h("div", { class: "profile" },
        h("h1", { id: "profile-name" }, prof.name), ...historySection(prof, games),
        h("p", {}, h("a", { href: "#/" }, t("back_to_lobby")))));
      return;
    }
    const me = await currentProfile();
    const parts = [h("h1", { id: "profile-name" }, me ? me.name : t("profile_title"))];
    if (me) parts.push(renameSection(me, rerender), ratingsSection(me, games), ...historySection(await api.profile(me.id), games));
    parts.push(accountSection(me, rerender));
    if (me) parts.push(await sessionsSection(rerender), deleteSection(rerender));
    parts.push(h("p", {}, h("a", { href: "#/" }, t("back_to_lobby"))));
    main.replaceChildren(h("div", { class: "profile" }, parts));
  } catch (e) {
    main.replaceChildren(h("div", { class: "panel" }, h("h1", {}, t("error")), h("p", {}, errorWords(e.code, e.message, lang())), h("p", {}, h("a", { href: "#/" }, t("back_to_lobby")))));
  }
}

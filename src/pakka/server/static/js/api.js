// @ts-check
// Talking to the pakka server: the HTTP API (docs/protocol.md) and one
// WebSocket per table that reconnects by itself.

/** An error from the server, with its stable code, English message and `msg`, the
 * same as a catalogue message ({key, args}) for the reader's language. */
export class ApiError extends Error {
  constructor(code, message, status = 0, msg = null, details = []) {
    super(message);
    this.code = code;
    this.status = status;
    /** @type {{key: string, args: Record<string, unknown>} | null} */
    this.msg = msg;
    /** @type {{loc: any[], msg: string, type: string}[]} the fields that did not validate */
    this.details = details;
  }
}

async function request(method, path, body = undefined, token = undefined) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = "Bearer " + token;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (e) {
    throw new ApiError("network", String(e), 0);
  }
  let data = null;
  const text = await res.text();
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { message: text };
  }
  if (!res.ok) {
    throw new ApiError((data && data.error) || "http_" + res.status, (data && (data.message || data.detail)) || res.statusText, res.status, (data && data.msg) || null, (data && Array.isArray(data.details) && data.details) || []);
  }
  return data;
}

export const api = {
  games: () => request("GET", "/api/games"),
  catalogue: (game) => request("GET", `/api/games/${encodeURIComponent(game)}/messages`),
  rules: (game, lang) => request("GET", `/api/games/${encodeURIComponent(game)}/rules/${lang}`),
  createTable: (body) => request("POST", "/api/tables", body),
  openTables: () => request("GET", "/api/tables"),
  liveTables: () => request("GET", "/api/tables/live"),
  table: (id) => request("GET", `/api/tables/${encodeURIComponent(id)}`),
  // The invite code travels in the body, never in a URL (protocol v1).
  claim: (code, name) => request("POST", "/api/invites/claim", name ? { code, name } : { code }),
  join: (id, name) => request("POST", `/api/tables/${encodeURIComponent(id)}/join`, name ? { name } : {}),
  // A seat's hint at a table (refused at rated tables): the seat's token, or the
  // session cookie for a seat bound to this browser's profile.
  hint: (id, seat, stateId, token) => request("POST", `/api/tables/${encodeURIComponent(id)}/hint`, { seat, state_id: stateId }, token),
  // Players (issue 17): the session cookie goes with every same-origin request.
  me: () => request("GET", "/api/me"),
  session: (name) => request("POST", "/api/session", { name }),
  rename: (name) => request("POST", "/api/me/name", { name }),
  serverTables: () => request("GET", "/api/me/tables"),
  profile: (id) => request("GET", `/api/profiles/${encodeURIComponent(id)}`),
  leaderboard: (game) => request("GET", `/api/leaderboards/${encodeURIComponent(game)}`),
  sessions: () => request("GET", "/api/me/sessions"),
  revokeSession: (id) => request("DELETE", `/api/me/sessions/${encodeURIComponent(id)}`),
  signUp: (account, password) => request("POST", "/api/account", { account, password }),
  login: (account, password) => request("POST", "/api/login", { account, password }),
  logout: () => request("POST", "/api/logout", {}),
  deleteMe: () => request("DELETE", "/api/me"),
  again: (id, gameNo, token) => request("POST", `/api/tables/${encodeURIComponent(id)}/again`, { game_no: gameNo }, token),
};

/**
 * A table's WebSocket: sends `hello` on every (re)connect and reconnects with
 * a growing pause when the connection drops. `onFrame(frame)` gets every frame,
 * `onStatus("connecting" | "open" | "reconnecting" | "closed")` the link state.
 */
export class TableSocket {
  constructor(tableId, hello, onFrame, onStatus) {
    this.tableId = tableId;
    this.hello = hello;
    this.onFrame = onFrame;
    this.onStatus = onStatus;
    this.ws = null;
    this.closed = false;
    this.attempt = 0;
    this.welcomed = false;
    this.heard = Date.now();
    // A connection that went silent (no frame, not even a pong, for 25 s) is
    // closed, so that the page says it is offline instead of looking live.
    this.heartbeat = setInterval(() => {
      if (!this.online || !this.ws) return;
      if (Date.now() - this.heard > 25000) this.ws.close();
      else this.ws.send(JSON.stringify({ type: "ping", id: "hb" }));
    }, 10000);
    this.connect();
  }

  connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const url = `${proto}//${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`;
    this.onStatus(this.attempt === 0 ? "connecting" : "reconnecting");
    const ws = new WebSocket(url);
    this.ws = ws;
    this.welcomed = false;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "hello", ...this.hello }));
    };
    ws.onmessage = (ev) => {
      this.heard = Date.now();
      let frame;
      try {
        frame = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (frame.type === "welcome") {
        this.attempt = 0;
        this.welcomed = true;
        this.onStatus("open");
      }
      this.onFrame(frame);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.welcomed = false;
      if (this.closed) return;
      if (ev.code === 4403) {
        // The table's creator removed this spectator: no reconnecting.
        this.onStatus("closed");
        this.onFrame({ type: "error", code: "removed", ref: null, message: ev.reason || "", msg: { key: "error.removed", args: {} } });
        return;
      }
      if (ev.code === 4401 || ev.code === 4404) {
        this.onStatus("closed");
        this.onFrame({ type: "error", code: ev.code === 4404 ? "not_found" : "unauthorized", message: ev.reason || "" });
        return;
      }
      this.attempt += 1;
      this.onStatus("reconnecting");
      const wait = Math.min(5000, 300 * 2 ** Math.min(this.attempt, 5));
      setTimeout(() => !this.closed && this.connect(), wait);
    };
    ws.onerror = () => {};
  }

  /** Whether messages reach the server now (the socket is open and welcomed). */
  get online() {
    return !!this.ws && this.ws.readyState === WebSocket.OPEN && this.welcomed;
  }

  /**
   * Send a message now; returns whether it went. Nothing is ever queued: a move
   * made while the connection is down is refused (the table says so), and after
   * reconnecting the server's fresh state is what the player sees.
   */
  send(msg) {
    if (!this.online || !this.ws) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  close() {
    this.closed = true;
    clearInterval(this.heartbeat);
    if (this.ws) this.ws.close();
  }
}

// What this browser remembers about its tables (tokens stay on this device).
const STORE_KEY = "pakka.tables";

/** Every table this browser holds seats of: {table_id: {...}}. */
export function myTables() {
  try {
    return JSON.parse(localStorage.getItem(STORE_KEY) || "{}");
  } catch {
    return {};
  }
}

/** Remember (merge) facts about a table, e.g. {tokens: {seat: token}}. */
export function rememberTable(id, info) {
  const all = myTables();
  const old = all[id] || { tokens: {} };
  const merged = { ...old, ...info, tokens: { ...(old.tokens || {}), ...(info.tokens || {}) } };
  merged.updated = Date.now();
  all[id] = merged;
  localStorage.setItem(STORE_KEY, JSON.stringify(all));
  return merged;
}

export function forgetTable(id) {
  const all = myTables();
  delete all[id];
  localStorage.setItem(STORE_KEY, JSON.stringify(all));
}

/** The signed-in profile, or null (no session cookie, or a revoked one). */
export async function currentProfile() {
  try {
    return await api.me();
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
}

/**
 * Make sure this browser has a profile before it takes a seat, so that the seat is
 * bound to it: a guest profile with `name` (or `fallback`) is started if there is none.
 */
export async function ensureSession(name, fallback) {
  const me = await currentProfile();
  if (me) return me;
  return api.session(name || fallback);
}

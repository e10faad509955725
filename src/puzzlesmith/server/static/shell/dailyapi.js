// The daily player (id, token, name kept in this browser) and the authorised API calls.
import { call } from "./api.js";

const KEY = "daily:player";

export function player() {
  try {
    const p = JSON.parse(localStorage.getItem(KEY) || "null");
    return p && typeof p.token === "string" && typeof p.id === "string" ? p : null;
  } catch { return null; }
}

function keep(p) { localStorage.setItem(KEY, JSON.stringify({ id: p.id, token: p.token, name: p.name })); return p; }

const auth = () => { const p = player(); return p ? { Authorization: `Bearer ${p.token}` } : {}; };
const enc = encodeURIComponent;

/** A 401 means the token is gone (moved to another device): forget it. */
export async function authed(method, path, body) {
  try { return await call(method, path, body, auth()); } catch (err) {
    if (err && err.status === 401) localStorage.removeItem(KEY);
    throw err;
  }
}

export const create = async (name) => keep(await call("POST", "/api/players", { name }));
export const claim = async (code) => keep(await call("POST", "/api/players/claim", { code }));
export async function rename(name) {
  const r = await authed("PATCH", "/api/players/me", { name });
  return keep({ ...player(), name: r.name });
}
export const transfer = () => authed("POST", "/api/players/me/transfer");
export const stats = () => authed("GET", "/api/players/me/stats");
export const today = () => authed("GET", "/api/daily");
export const start = (mode, date) => authed("POST", `/api/daily/${enc(mode)}/start`, date ? { date } : undefined);
export const finish = (mode, run, moves, log) => authed("POST", `/api/daily/${enc(mode)}/finish`, log ? { run, moves, log } : { run, moves });
export const replayOf = (mode, id) => call("GET", `/api/daily/${enc(mode)}/replay/${enc(id)}`);
export const hint = (mode, run, moves, kind) => authed("POST", `/api/daily/${enc(mode)}/hint`, { run, moves, kind });
export const board = (mode, date) =>
  authed("GET", `/api/daily/${enc(mode)}/leaderboard${date ? `?date=${enc(date)}` : ""}`);

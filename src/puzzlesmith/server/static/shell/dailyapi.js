// The daily player (id, token, name kept in this browser) and the authorised API calls.
// The stored player is checked before use (shape and size; a token is URL-safe base64, so
// one with a newline or a quote never reaches a header): a bad one is dropped with a toast.
import { call } from "./api.js";
import { isPlain, isText, readStored } from "./stored.js";
import { collect, applyProgress } from "./progress.js";

const KEY = "daily:player";
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;
const ID = /^[A-Za-z0-9-]{1,64}$/;

/** A stored player {id, token, name} is usable. */
export const validPlayer = (p) => isPlain(p) && isText(p.token, 128, TOKEN) && isText(p.id, 64, ID) && isText(p.name, 64);

export function player() {
  return readStored(KEY, validPlayer, { maxChars: 1000 });
}

function keep(p) { localStorage.setItem(KEY, JSON.stringify({ id: p.id, token: p.token, name: p.name })); return p; }

/** This device's own date, YYYY-MM-DD in its time zone: the daily is the puzzle of the
 *  player's date, and the streak counts the player's days (the server accepts any date
 *  that exists somewhere on Earth now). */
export function localDate(now = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
const auth = () => {
  const p = player();
  return { "X-Local-Date": localDate(), ...(p ? { Authorization: `Bearer ${p.token}` } : {}) };
};
const enc = encodeURIComponent;

const MOVED = "daily:moved";

/** A 401 means the token is gone (moved to another device): forget it, and keep the name
 * it had so the welcome screen can say what happened instead of a bare name prompt. */
function lost() {
  const p = player();
  localStorage.removeItem(KEY);
  if (p) try { localStorage.setItem(MOVED, JSON.stringify({ name: p.name })); } catch { /* full */ }
}

export async function authed(method, path, body) {
  try { return await call(method, path, body, auth()); } catch (err) {
    if (err && err.status === 401) lost();
    throw err;
  }
}

/** The profile this browser lost to a transfer ({name}), or null; forget() clears it. */
export const moved = () => readStored(MOVED, (v) => isPlain(v) && isText(v.name, 64), { maxChars: 500 });
export const forgetMoved = () => { try { localStorage.removeItem(MOVED); } catch { /* nothing kept */ } };

/** My result's picture (a PNG Blob) and what the share text says (its link at the
 * server's public address). */
export async function sharePicture(mode, lang) {
  const res = await fetch(`/api/daily/${enc(mode)}/share.png?lang=${enc(lang)}`, { headers: auth() });
  if (res.status === 401) lost();
  if (!res.ok) throw { status: res.status, error: "share", message: res.statusText };
  return res.blob();
}
export const shareInfo = (mode, lang) => authed("GET", `/api/daily/${enc(mode)}/share?lang=${enc(lang)}`);

export const create = async (name) => { forgetMoved(); return keep(await call("POST", "/api/players", { name })); };
/** Take over a profile and merge the progress its old device sent into this one's. */
export async function claim(code) {
  const p = keep(await call("POST", "/api/players/claim", { code }));
  forgetMoved();
  try {
    const r = await authed("GET", "/api/players/me/progress");
    if (r.data) applyProgress(r.data);
  } catch { /* the profile moved; its level progress can be sent again from the old device */ }
  return p;
}
export async function rename(name) {
  const r = await authed("PATCH", "/api/players/me", { name });
  return keep({ ...player(), name: r.name });
}
/** A transfer code, after this device's level progress is sent along with the profile. */
export async function transfer() {
  await authed("PUT", "/api/players/me/progress", { data: collect() });
  return authed("POST", "/api/players/me/transfer");
}
/** Whether the server answers at all (any status, a 401 included): a new player offline
 *  is told the daily needs a connection instead of a name form that cannot work. */
export const reachable = () =>
  call("GET", "/api/daily", undefined, { "X-Local-Date": localDate() }).then(() => true, (e) => e?.status !== 0);
export const stats = () => authed("GET", "/api/players/me/stats");
export const today = () => authed("GET", "/api/daily");
export const start = (mode, date) => authed("POST", `/api/daily/${enc(mode)}/start`, date ? { date } : undefined);
export const finish = (mode, run, moves, log) => authed("POST", `/api/daily/${enc(mode)}/finish`, log ? { run, moves, log } : { run, moves });
export const replayOf = (mode, id) => call("GET", `/api/daily/${enc(mode)}/replay/${enc(id)}`);
export const hint = (mode, run, moves, kind) => authed("POST", `/api/daily/${enc(mode)}/hint`, { run, moves, kind });
export const board = (mode, date) =>
  authed("GET", `/api/daily/${enc(mode)}/leaderboard${date ? `?date=${enc(date)}` : ""}`);

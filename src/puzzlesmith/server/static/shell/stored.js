// Every object the client keeps in localStorage is read through readStored(): the value is
// parsed only when its size is within bounds, must be a plain JSON object (or array, when
// the check says so) that the caller's shape check accepts, and is otherwise removed, with
// one toast per session in whatever screen is open (main.js listens with onDropped). The
// editor's drafts use it too (editor.js, with each board editor's isDraft), so a wrong-shaped save never bricks a screen.

export const MAX_STORED_CHARS = 1_000_000;   // a bigger value is not one this client wrote
const listeners = new Set();
const pending = [];                           // drops seen before anyone listened (module start)

/** Call fn(key) whenever a stored value is dropped; earlier drops are reported at once. */
export function onDropped(fn) {
  listeners.add(fn);
  for (const key of pending.splice(0)) fn(key);
  return () => listeners.delete(fn);
}

/** Tell the listeners that `key` was dropped (for readers that repair in place, saves.js). */
export function dropped(key) {
  if (!listeners.size) pending.push(key);
  for (const fn of listeners) fn(key);
}

/** A plain object (not null, not an array, not a class instance). */
export const isPlain = (x) => Boolean(x) && typeof x === "object" && !Array.isArray(x) && Object.getPrototypeOf(x) === Object.prototype;
/** A string of at most `max` characters and, when given, matching `re`. */
export const isText = (x, max = 200, re = null) => typeof x === "string" && x.length <= max && (!re || re.test(x));

/**
 * The stored value at `key` when it parses and `valid(value)` is true; otherwise the key is
 * removed (the screen starts afresh for it alone), listeners are told, and `fallback` is
 * returned. A missing key is `fallback`, silently.
 */
export function readStored(key, valid, { maxChars = MAX_STORED_CHARS, fallback = null, storage = globalThis.localStorage } = {}) {
  let raw;
  try { raw = storage.getItem(key); } catch { return fallback; }
  if (raw === null || raw === undefined) return fallback;
  let value;
  let ok = false;
  if (raw.length <= maxChars) {
    try { value = JSON.parse(raw); ok = value !== null && typeof value === "object" && valid(value) === true; } catch { ok = false; }
  }
  if (ok) return value;
  try { storage.removeItem(key); } catch { /* private mode: nothing to remove */ }
  dropped(key);
  return fallback;
}

/**
 * The stored text at `key` when it is within `maxChars` and `valid(text)` is true (the
 * stream pages' name, host key, way back and viewer token); otherwise the key is removed
 * and `fallback` returned. A 3 MB value set by hand or by another page is never put into an
 * input, a URL or a WebSocket (it crashed the stream pages, issue #38).
 */
export function readText(key, valid, { maxChars = 200, fallback = null, storage = globalThis.localStorage } = {}) {
  let raw;
  try { raw = storage.getItem(key); } catch { return fallback; }
  if (raw === null || raw === undefined) return fallback;
  if (typeof raw === "string" && raw.length <= maxChars && valid(raw) === true) return raw;
  try { storage.removeItem(key); } catch { /* private mode: nothing to remove */ }
  dropped(key);
  return fallback;
}

// JSON API client: resolves to parsed JSON, rejects with {status, error, message}.
// `status.reachable` is false after a network failure or an answer the service worker
// served from its cache because the server could not be reached (header below).
export const status = { reachable: true };
export const CACHE_FALLBACK_HEADER = "x-puzzlesmith-cache";

export async function call(method, path, body, headers = {}) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? headers : { ...headers, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    status.reachable = false;
    throw { status: 0, error: "offline", message: String(e && e.message || e) };
  }
  status.reachable = !res.headers.get(CACHE_FALLBACK_HEADER);
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) {
    throw { status: res.status, error: (data && (data.error || data.code)) || "http", message: (data && data.message) || res.statusText };
  }
  return data;
}

export const get = (path) => call("GET", path);
export const post = (path, body) => call("POST", path, body);

export const modes = () => get("/api/modes");
export const packs = (mode) => get(`/api/modes/${encodeURIComponent(mode)}/packs`);
export const level = (mode, id) => get(`/api/modes/${encodeURIComponent(mode)}/levels/${encodeURIComponent(id)}`);

/** The API service a mode receives: bound to one level (its URL `base`). */
function forBase(base) {
  return {
    get, post,
    check: (moves) => post(`${base}/check`, { moves }),
    hint: (moves, kind) => post(`${base}/hint`, { moves, kind }),
  };
}

export const forLevel = (mode, id) => forBase(`/api/modes/${encodeURIComponent(mode)}/levels/${encodeURIComponent(id)}`);

/** A level that travels as a level code: `{mode, level}`, and the service bound to it. */
export const codeLevel = (code) => get(`/api/codes/${encodeURIComponent(code)}`);
export const forCode = (code) => forBase(`/api/codes/${encodeURIComponent(code)}`);

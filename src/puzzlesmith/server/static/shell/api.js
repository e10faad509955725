// JSON API client: resolves to parsed JSON, rejects with {status, error, message}.
export async function call(method, path, body, headers = {}) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? headers : { ...headers, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw { status: 0, error: "offline", message: String(e && e.message || e) };
  }
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

/** The API service a mode receives: bound to one level. */
export function forLevel(mode, id) {
  const base = `/api/modes/${encodeURIComponent(mode)}/levels/${encodeURIComponent(id)}`;
  return {
    get, post,
    check: (moves) => post(`${base}/check`, { moves }),
    hint: (moves, kind) => post(`${base}/hint`, { moves, kind }),
  };
}

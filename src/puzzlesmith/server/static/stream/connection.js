// One room's live channel: reconnects by itself with backoff, and the server sends the
// current state first on every (re)connect, so the page only ever renders what the server says.
import { post } from "../shell/api.js";
import { readText } from "../shell/stored.js";

const TOKEN_KEY = "stream:token";
const TOKEN = /^v1\.[A-Za-z0-9_-]{12}\.[A-Za-z0-9_=-]{24}$/;
//: an unknown room is tried again this many times (a worker restarting, a link typed early)
const UNKNOWN_TRIES = 6;

/** The viewer identity the server issued to this browser (asked for once, then kept):
 *  {token} or {token: null, status} when the server gives none now (404: no such room yet,
 *  429: too many new viewers from this address). */
export async function viewerToken(room, { fresh = false } = {}) {
  let token = fresh ? null : readText(TOKEN_KEY, (x) => TOKEN.test(x), { maxChars: 64 });
  if (token) return { token };
  try {
    token = (await post(`/api/rooms/${encodeURIComponent(room)}/viewer`, {})).token;
  } catch (e) {
    return { token: null, status: e?.status ?? 0 };
  }
  try { localStorage.setItem(TOKEN_KEY, token); } catch { /* private mode: this visit only */ }
  return { token };
}

export class RoomConnection {
  /** params: {role, key, token, name}; onMessage(msg), onStatus("open" | "closed" | "retry" | "gone") */
  constructor(room, params, onMessage, onStatus) {
    this.room = room;
    this.params = params;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.delay = 500;
    this.unknown = 0;
    this.stopped = false;
    this.state = null;
    this.connect();
  }

  connect() {
    if (this.stopped) return;
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(this.params)) if (v) q.set(k, v);
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/ws/rooms/${encodeURIComponent(this.room)}?${q}`);
    this.ws = ws;
    ws.onopen = () => { this.delay = 500; this.onStatus("open"); };
    ws.onmessage = (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      if (msg.type === "state") {
        this.unknown = 0;
        // the board picture comes with the first state of each connection only
        this.state = { ...msg, board: msg.board ?? this.state?.board };
        msg = this.state;
      }
      this.onMessage(msg);
    };
    ws.onclose = (e) => {
      if (this.stopped || ws !== this.ws) return;
      // kicked, full, expired, bad key: final. Unknown room: tried again a few times (the
      // room may be on its way: a restarting server), then final with the reason shown.
      const final = e.code >= 4400 && e.code < 4500 && e.code !== 4408
        && (e.code !== 4404 || ++this.unknown > UNKNOWN_TRIES);
      if (final) { this.onStatus("gone"); return; }
      this.onStatus(e.code === 4404 ? "retry" : "closed");
      setTimeout(() => this.connect(), this.delay * (0.75 + Math.random() / 2));
      this.delay = Math.min(8000, this.delay * 2);
    };
  }

  /** Connect again now with other parameters (a new name or identity). */
  reconnect(params) {
    Object.assign(this.params, params);
    this.delay = 500;
    const old = this.ws;
    this.ws = null;
    old?.close();
    this.connect();
  }

  send(msg) {
    if (this.ws?.readyState === WebSocket.OPEN) { this.ws.send(JSON.stringify(msg)); return true; }
    return false;
  }

  stop() { this.stopped = true; this.ws?.close(); }
}

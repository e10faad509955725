// One room's live channel: reconnects by itself, and the server sends the current state
// first on every (re)connect, so the page only ever renders what the server says.

const VIEWER_KEY = "stream:viewer";

/** A stable anonymous viewer id (so a reconnect keeps the vote). */
export function viewerId() {
  let id = localStorage.getItem(VIEWER_KEY);
  if (!id || !/^[A-Za-z0-9_-]{6,40}$/.test(id)) {
    const bytes = crypto.getRandomValues(new Uint8Array(9));
    id = Array.from(bytes, (b) => (b % 36).toString(36)).join("");
    localStorage.setItem(VIEWER_KEY, id);
  }
  return id;
}

export class RoomConnection {
  /** params: {role, key, viewer, name}; onMessage(msg), onStatus("open" | "closed" | "gone") */
  constructor(room, params, onMessage, onStatus) {
    this.room = room;
    this.params = params;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.delay = 500;
    this.stopped = false;
    this.state = null;
    this.connect();
  }

  connect() {
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
        // the board picture comes with the first state of each connection only
        this.state = { ...msg, board: msg.board ?? this.state?.board };
        msg = this.state;
      }
      this.onMessage(msg);
    };
    ws.onclose = (e) => {
      if (this.stopped) return;
      if (e.code >= 4400 && e.code < 4500 && e.code !== 4408) {  // unknown, full, kicked, expired
        this.onStatus("gone");
        return;
      }
      this.onStatus("closed");
      setTimeout(() => this.connect(), this.delay);
      this.delay = Math.min(8000, this.delay * 2);
    };
  }

  send(msg) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  stop() { this.stopped = true; this.ws?.close(); }
}

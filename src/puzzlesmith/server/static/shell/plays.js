// Anonymous play figures (README, "Play figures of shipped levels"): the play screen of a
// level from a shipped pack reports each try once it ends — cleared, left for another
// screen, or the page hidden — to POST /api/plays, a few tries a request, for
// `puzzlesmith playtest`. Sent per try: mode, level, cleared/left, its start and end
// (this device's clock), the time the page was visible, hints, rewinds/undos, moves and
// the last step reached, under a random session id this tab makes for nothing else (not
// the daily player's id). Never from the trial file (no server), a daily, a community or
// code level (the shell only starts a try on a shipped level's screen), nor when the
// browser sends Global Privacy Control.
import { dataSource } from "./datasource.js";

const URL_ = "/api/plays";
const SESSION = "puzzlesmith.plays";   // sessionStorage: {id, n}, this tab only
const FLUSH_MS = 2000;                 // tries ending close together go in one request
const MAX_BATCH = 20;                  // = the server's bound
const MAX_QUEUE = 60;                  // offline: keep at most this many to send later
const DAY = 86_400_000;
const GLANCE_MS = 3000;                // a level left untouched sooner was only looked at
const cap = (x, hi) => Math.max(0, Math.min(hi, Math.round(Number(x) || 0)));

const queue = [];
let timer = null;
let open = null;                       // the try on screen, if any

function enabled() {
  return dataSource.kind === "http" && globalThis.navigator?.globalPrivacyControl !== true;
}

/** The next try number of this tab's random session (kept across reloads of the tab). */
function nextTry() {
  let s = null;
  try { s = JSON.parse(sessionStorage.getItem(SESSION)); } catch { /* made below */ }
  if (!s || !/^[0-9a-f]{32}$/.test(s.id) || !Number.isInteger(s.n) || s.n >= 100_000) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    s = { id: [...bytes].map((b) => b.toString(16).padStart(2, "0")).join(""), n: 0 };
  }
  s.n += 1;
  try { sessionStorage.setItem(SESSION, JSON.stringify(s)); } catch { /* this page only */ }
  return s;
}

/** What the server stores of a try, now (the screen may be gone: zeros then). */
function snapshot(t, outcome) {
  const log = t.screen?.log;
  const now = Date.now();
  const shown = t.shownMs + (t.since === null ? 0 : performance.now() - t.since);
  let step = 0;
  try { step = t.screen?.progress?.() ?? 0; } catch { /* a torn-down screen */ }
  return {
    n: t.n, mode: t.mode, level: t.level, outcome,
    started_ms: t.started, ended_ms: Math.max(now, t.started),
    time_ms: cap(Math.min(shown, now - t.started + 500), DAY),
    hints: cap(log?.hints, 1000), rewinds: cap(log?.backs, 100_000),
    moves: cap(log?.entries.length, 100_000), last_step: cap(step, 100_000),
  };
}

function report(t, outcome) {
  const entry = { session: t.session, body: snapshot(t, outcome) };
  const b = entry.body;
  if (b.ended_ms - b.started_ms > 7 * DAY) return;   // the server's bound
  if (outcome === "left" && !b.moves && b.time_ms < GLANCE_MS) return;   // opened and gone: no try
  const i = queue.findIndex((q) => q.session === t.session && q.body.n === t.n);
  if (i >= 0) queue.splice(i, 1);      // the newer report of the same try replaces it
  queue.push(entry);
  queue.splice(0, Math.max(0, queue.length - MAX_QUEUE));
  if (!timer) timer = setTimeout(() => flush(false), FLUSH_MS);
}

/** Send what is queued: sendBeacon while the page hides, else fetch (kept on a failure). */
function flush(hiding) {
  clearTimeout(timer);
  timer = null;
  while (queue.length) {
    const session = queue[0].session;
    const batch = [];
    while (batch.length < MAX_BATCH && queue.length && queue[0].session === session) batch.push(queue.shift());
    const body = JSON.stringify({ session, tries: batch.map((q) => q.body) });
    if (hiding && navigator.sendBeacon?.(URL_, body)) continue;
    fetch(URL_, { method: "POST", body, keepalive: true, headers: { "Content-Type": "application/json" } })
      .then((res) => { if (res.status >= 500) throw res; })
      .catch(() => { queue.push(...batch.slice(0, MAX_QUEUE - queue.length)); });
  }
}

/**
 * A try of a shipped level, from its screen's mount: watch(screen) once the mode mounted
 * (the screen's move log and progress() are read when it ends), cleared() at the clear,
 * left() when the screen goes. A try reported while the page hid stays open and is sent
 * again, under the same number, when it ends.
 */
export function startTry(modeId, levelId) {
  if (!enabled()) return null;
  const s = nextTry();
  const t = {
    session: s.id, n: s.n, mode: modeId, level: levelId, started: Date.now(),
    shownMs: 0, since: document.hidden ? null : performance.now(), screen: null, done: null,
  };
  open = t;
  const end = (outcome) => {
    if (t.done === "cleared" || (t.done && outcome === "left")) return;
    t.done = outcome;
    if (open === t) open = null;
    report(t, outcome);
  };
  return { watch(screen) { t.screen = screen; }, cleared: () => end("cleared"), left: () => end("left") };
}

function onVisibility() {
  const t = open;
  if (document.hidden) {
    if (t && t.since !== null) { t.shownMs += performance.now() - t.since; t.since = null; }
    if (t) report(t, "left");           // the tab may never come back: it left here
    flush(true);
  } else if (t && t.since === null) t.since = performance.now();
}

if (globalThis.document) {
  document.addEventListener("visibilitychange", onVisibility);
  window.addEventListener("pagehide", () => flush(true));
}

// Timed move logs (puzzlesmith.core.movelog, word for word): every play session records
// its move strings with the ms since the session started; the text form
// "m1~<delta base36>.<move>~..." fits in a link. Runs are kept per level in the browser
// (key `runs:<mode id>`): the best and the last few, nothing more. Pure except RunStore,
// which is given a storage object (localStorage in the page, a Map-like in tests).

import { isPlain, isText, readStored } from "../shell/stored.js";

export const PREFIX = "m1";
const ESC = { "%": "%25", "_": "%5F", "~": "%7E" };
const UNESC = { "%25": "%", "%5F": "_", "%7E": "~" };
const LAST_KEPT = 3;

const escapeMove = (m) => [...m].map((c) => ESC[c] ?? c).join("").replace(/ /g, "_");

function unescapeMove(s, where) {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "%") {
      const code = s.slice(i, i + 3).toUpperCase();
      if (!(code in UNESC)) throw new Error(`${where}: bad escape '${s.slice(i, i + 3)}' in the move`);
      out += UNESC[code];
      i += 2;
    } else out += c === "_" ? " " : c;
  }
  return out;
}

/** [[ms, move], ...] → text form. */
export function encodeLog(entries) {
  let last = 0;
  const parts = [PREFIX];
  for (const [ms, move] of entries) {
    parts.push(`${Math.max(0, ms - last).toString(36)}.${escapeMove(move)}`);
    last = Math.max(last, ms);
  }
  return parts.join("~");
}

/** Text form → [[ms, move], ...]; throws an Error naming the first bad entry. */
export function decodeLog(text) {
  const parts = String(text).replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, "").split("~");
  if (parts[0] !== PREFIX) throw new Error(`not a move log: it must start with '${PREFIX}'`);
  const out = [];
  let ms = 0;
  parts.slice(1).forEach((part, k) => {
    const where = `entry ${k + 1}`;
    const dot = part.indexOf(".");
    const delta = dot < 0 ? "" : part.slice(0, dot);
    if (!/^[0-9a-z]{1,8}$/.test(delta)) throw new Error(`${where}: expected <base-36 delay>.<move>`);
    const move = unescapeMove(part.slice(dot + 1), where);
    if (!move) throw new Error(`${where}: empty move`);
    ms += parseInt(delta, 36);
    out.push([ms, move]);
  });
  return out;
}

/**
 * One session's record: the moves with their times, and what highlight detection needs
 * (conflict moments, hints used, steps back). `now` is injectable for tests.
 */
export class MoveLog {
  /** `t0`: the clock's zero (a daily's log counts from the server's start of the run: 0). */
  constructor(now = () => performance.now(), t0 = now()) {
    this.now = now;
    this.t0 = t0;
    this.entries = [];
    this.conflictAt = [];   // ms of each new conflict or wrong turn
    this.hints = 0;
    this.backs = 0;
  }

  elapsed() { return Math.round(this.now() - this.t0); }
  record(move) { this.entries.push([this.elapsed(), move]); }
  conflict() { this.conflictAt.push(this.elapsed()); }
  hint() { this.hints += 1; }
  back() { this.backs += 1; }
  text() { return encodeLog(this.entries); }

  /** The run summary kept in history when the level is cleared. */
  summary() {
    const ms = this.entries.length ? this.entries[this.entries.length - 1][0] : 0;
    const lastConflict = this.conflictAt.length ? this.conflictAt[this.conflictAt.length - 1] : null;
    return { log: this.text(), ms, moves: this.entries.length, hints: this.hints, backs: this.backs, conflicts: this.conflictAt.length, lastConflict, at: Date.now() };
  }
}

/**
 * The highlight moments of a cleared run (best = the previous best time, or null):
 * comeback (极限反杀: a conflict or a wrong turn in the last 15 % of the run or its last
 * 5 s), flawless (no hint, no step back, no conflict), personal best.
 */
export function highlights(run, best) {
  const out = [];
  if (run.lastConflict != null && run.ms - run.lastConflict <= Math.max(5000, run.ms * 0.15)) out.push("comeback");
  if (!run.hints && !run.backs && !run.conflicts) out.push("flawless");
  if (best == null || run.ms < best) out.push("best");
  return out;
}

const MAX_LOG_CHARS = 200_000;
const isRun = (r) => isPlain(r) && isText(r.log, MAX_LOG_CHARS) && Number.isFinite(r.ms) && (r.highlights === undefined || (Array.isArray(r.highlights) && r.highlights.every((h) => isText(h, 20))));
const isEntry = (e) => isPlain(e) && (e.best === null || e.best === undefined || isRun(e.best)) && Array.isArray(e.last) && e.last.length <= LAST_KEPT && e.last.every(isRun);
/** A stored `runs:<mode>` value: {level id: {best, last}} with well-formed runs only. */
export const validRuns = (v) => isPlain(v) && Object.entries(v).every(([k, e]) => isText(k, 200) && isEntry(e));

/**
 * Per level: the best run (fewest ms) and the last few, in one localStorage key per mode
 * (`prefix`: a trial file's "trial:"). A value of the wrong shape is dropped (readStored).
 */
export class RunStore {
  constructor(storage, modeId, prefix = "") {
    this.storage = storage;
    this.key = `${prefix}runs:${modeId}`;
  }

  all() {
    return readStored(this.key, validRuns, { storage: this.storage, fallback: null, maxChars: 4_000_000 }) ?? {};
  }

  get(levelId) {
    const e = this.all()[levelId];
    return e && Array.isArray(e.last) ? e : { best: null, last: [] };
  }

  /** Keep a cleared run; returns its highlights (relative to the best before it). */
  add(levelId, run) {
    const all = this.all();
    const e = this.get(levelId);
    const marks = highlights(run, e.best ? e.best.ms : null);
    const kept = { ...run, highlights: marks };
    if (!e.best || run.ms < e.best.ms) e.best = kept;
    e.last = [kept, ...e.last].slice(0, LAST_KEPT);
    all[levelId] = e;
    try { this.storage.setItem(this.key, JSON.stringify(all)); } catch { /* storage full: keep playing */ }
    return marks;
  }
}

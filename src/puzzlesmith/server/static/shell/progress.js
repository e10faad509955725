// Level progress that follows the player (issue #26): before a transfer code is shown this
// device sends its saves (level clears, best runs, achievements, settings); after a claim
// the new device merges them with its own, so a player who changes phone keeps everything.
// mergeProgress is pure (node --test checks it); every value is validated as on read.
import { storagePrefix } from "./env.js";
import { salvage } from "./saves.js";

const TRAVELS = /^(mode:[A-Za-z0-9_-]{1,40}|runs:[A-Za-z0-9_-]{1,40}|achievements|shell:settings)$/;
const LAST_KEPT = 3;
const MAX_HISTORY = 2000;

const isObject = (x) => Boolean(x) && typeof x === "object" && !Array.isArray(x);
const parse = (text) => { try { return JSON.parse(text); } catch { return undefined; } };

/** This device's saves that travel, by key (without the trial prefix), as stored text. */
export function collect(storage = localStorage) {
  const out = {};
  for (let k = 0; k < storage.length; k++) {
    const full = storage.key(k);
    if (!full || !full.startsWith(storagePrefix)) continue;
    const key = full.slice(storagePrefix.length);
    if (TRAVELS.test(key)) out[key] = storage.getItem(full);
  }
  return out;
}

function mergeBucket(mine, theirs) {
  const a = salvage(mine) || { clearedId: [], currentId: null };
  const b = salvage(theirs);
  if (!b) return a;
  const out = { ...b, ...a, clearedId: [...new Set([...a.clearedId, ...b.clearedId])] };
  out.currentId = a.currentId ?? b.currentId ?? null;
  if (a.play === undefined && b.play !== undefined) out.play = b.play;
  return out;
}

const validRun = (r) => isObject(r) && typeof r.ms === "number" && Number.isFinite(r.ms);

function mergeRuns(mine, theirs) {
  const a = isObject(mine) ? mine : {};
  const b = isObject(theirs) ? theirs : {};
  const out = { ...a };
  for (const [level, e] of Object.entries(b)) {
    if (!isObject(e)) continue;
    const here = isObject(out[level]) ? out[level] : { best: null, last: [] };
    const bests = [here.best, e.best].filter(validRun);
    const best = bests.length ? bests.reduce((x, y) => (y.ms < x.ms ? y : x)) : null;
    const seen = new Set();
    const last = [...(Array.isArray(here.last) ? here.last : []), ...(Array.isArray(e.last) ? e.last : [])]
      .filter(validRun).filter((r) => { const k = JSON.stringify(r); return !seen.has(k) && seen.add(k); })
      .slice(0, LAST_KEPT);
    out[level] = { best, last };
  }
  return out;
}

function mergeAchievements(mine, theirs) {
  const ok = (v) => isObject(v) && Array.isArray(v.history) && isObject(v.unlocked);
  const a = ok(mine) ? mine : { history: [], unlocked: {} };
  if (!ok(theirs)) return a;
  const unlocked = { ...theirs.unlocked };
  for (const [id, ms] of Object.entries(a.unlocked)) {
    unlocked[id] = typeof unlocked[id] === "number" && unlocked[id] < ms ? unlocked[id] : ms;
  }
  const history = [...theirs.history, ...a.history].slice(-MAX_HISTORY);
  return { ...a, history, unlocked };
}

/** What the new device keeps: its own progress joined with the old device's, key by key. */
export function mergeProgress(mine, theirs) {
  const out = {};
  for (const key of new Set([...Object.keys(mine), ...Object.keys(theirs)])) {
    if (!TRAVELS.test(key)) continue;
    const a = mine[key] == null ? undefined : parse(mine[key]);
    const b = typeof theirs[key] === "string" ? parse(theirs[key]) : undefined;
    let v;
    if (key.startsWith("mode:")) v = mergeBucket(a, b);
    else if (key.startsWith("runs:")) v = mergeRuns(a, b);
    else if (key === "achievements") v = mergeAchievements(a, b);
    else v = isObject(a) ? a : isObject(b) ? b : {};  // settings: this device's own win
    out[key] = JSON.stringify(v);
  }
  return out;
}

/** Merge the old device's saves into this one's storage (each key once). */
export function applyProgress(theirs, storage = localStorage) {
  if (!isObject(theirs)) return 0;
  const merged = mergeProgress(collect(storage), theirs);
  let n = 0;
  for (const [key, text] of Object.entries(merged)) {
    try { storage.setItem(storagePrefix + key, text); n += 1; } catch { /* storage full: keep what fits */ }
  }
  return n;
}

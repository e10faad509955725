// Per-mode save bucket `mode:<id>` = {clearedId: [], currentId, play?, ...}; no other key is
// read or written (seed 000 §10). `play` is an object the mode owns (Cows keeps its
// half-played boards there; Number Stroke never writes one: seed 000 §10). A partly bad save keeps every valid entry: a non-string id is
// dropped alone, a bad currentId becomes null, fields this version does not know are kept
// as they are (a newer client may have written them). Only JSON that does not parse, is too big, or is
// not an object, starts the bucket afresh (with a toast: stored.js). Every change re-reads the stored value first, so
// another tab's clears are merged, not overwritten. A write that fails (storage full, private
// mode) keeps the change in memory for this session and tells the player once.
// A trial file (export-html) prefixes every key (env.js), so it never mixes with the
// served game.
import { storagePrefix } from "./env.js";
import { MAX_STORED_CHARS, dropped } from "./stored.js";

const EMPTY = () => ({ clearedId: [], currentId: null });
const unsaved = new Map();   // key → {cleared: Set, currentId?}: changes the storage refused
const errorListeners = new Set();
let told = false;

/** Call fn(error) when a save fails; the player is told once per session (see main.js). */
export function onSaveError(fn) {
  errorListeners.add(fn);
  return () => errorListeners.delete(fn);
}

function failed(err) {
  if (told) return;
  told = true;
  for (const fn of errorListeners) fn(err);
}

const isObject = (x) => Boolean(x) && typeof x === "object" && !Array.isArray(x);

/** The usable part of a stored value, or null when nothing in it can be used. */
export function salvage(v) {
  if (!isObject(v)) return null;
  const ids = Array.isArray(v.clearedId) ? v.clearedId.filter((x) => typeof x === "string" && x) : [];
  // unknown fields are kept (a newer client's), but never a "__proto__" key
  const known = Object.fromEntries(Object.entries(v).filter(([k]) => k !== "__proto__"));
  return {
    ...known,
    clearedId: [...new Set(ids)],
    currentId: typeof v.currentId === "string" ? v.currentId : null,
    ...(v.play === undefined ? {} : { play: isObject(v.play) ? v.play : {} }),
  };
}

export function bucket(modeId, storage = globalThis.localStorage) {
  const key = `${storagePrefix}mode:${modeId}`;
  function stored() {
    let raw = null;
    try { raw = storage.getItem(key); } catch { return EMPTY(); }
    if (raw === null) return EMPTY();
    let parsed = null;
    if (raw.length <= MAX_STORED_CHARS) {
      try { parsed = JSON.parse(raw); } catch { /* not JSON: nothing to keep */ }
    }
    const v = salvage(parsed);
    if (v === null) { write(EMPTY()); dropped(key); return EMPTY(); }   // the player is told (stored.js)
    // repaired: the bad entries go, the rest stays (a sound value is left byte for byte)
    if (JSON.stringify(v) !== JSON.stringify(parsed)) write(v);
    return v;
  }
  function read() {
    const v = stored();
    const mem = unsaved.get(key);
    if (mem) {
      for (const id of mem.cleared) if (!v.clearedId.includes(id)) v.clearedId.push(id);
      if (mem.currentId !== undefined) v.currentId = mem.currentId;
      if (mem.play !== undefined) v.play = mem.play;
    }
    return v;
  }
  function write(v) {
    try {
      storage.setItem(key, JSON.stringify(v));
      unsaved.delete(key);
      return true;
    } catch (err) {
      failed(err);
      return false;
    }
  }
  function change(edit) {
    const v = read();             // fresh: what other tabs saved meanwhile is kept
    edit(v);
    if (!write(v)) {
      const mem = unsaved.get(key) || { cleared: new Set() };
      for (const id of v.clearedId) mem.cleared.add(id);
      mem.currentId = v.currentId;
      if (v.play !== undefined) mem.play = v.play;
      unsaved.set(key, mem);
    }
  }
  return {
    key,
    read,
    cleared: () => read().clearedId,
    current: () => read().currentId,
    isCleared: (id) => read().clearedId.includes(id),
    markCleared(id) {
      change((v) => { if (!v.clearedId.includes(id)) v.clearedId.push(id); });
    },
    play: () => read().play || {},
    setPlay(play) {
      change((v) => { v.play = play; });
    },
    setCurrent(id) {
      change((v) => { v.currentId = id; });
    },
  };
}

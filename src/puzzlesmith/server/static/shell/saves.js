// Per-mode save bucket `mode:<id>` = {clearedId: [], currentId, play?}. `play` is an
// object the mode owns (Cows keeps its half-played boards there; Number Stroke never
// writes one: seed 000 §10). A corrupt value resets that key alone; no other key is read
// or written (seed 000 §10). A trial file (export-html) prefixes every key (env.js), so it
// never mixes with the served game.
import { storagePrefix } from "./env.js";

const EMPTY = () => ({ clearedId: [], currentId: null });

function valid(v) {
  return v && typeof v === "object" && !Array.isArray(v)
    && Array.isArray(v.clearedId) && v.clearedId.every((x) => typeof x === "string")
    && (v.currentId === null || typeof v.currentId === "string")
    && (v.play === undefined || (v.play && typeof v.play === "object" && !Array.isArray(v.play)))
    && Object.keys(v).every((k) => k === "clearedId" || k === "currentId" || k === "play");
}

export function bucket(modeId, storage = globalThis.localStorage) {
  const key = `${storagePrefix}mode:${modeId}`;
  function read() {
    let raw = null;
    try { raw = storage.getItem(key); } catch { return EMPTY(); }
    if (raw === null) return EMPTY();
    try {
      const v = JSON.parse(raw);
      if (valid(v)) {
        const out = { clearedId: [...new Set(v.clearedId)], currentId: v.currentId };
        if (v.play) out.play = v.play;
        return out;
      }
    } catch { /* fall through: reset below */ }
    write(EMPTY());
    return EMPTY();
  }
  function write(v) {
    try { storage.setItem(key, JSON.stringify(v)); } catch { /* private mode: play on */ }
  }
  return {
    key,
    read,
    cleared: () => read().clearedId,
    current: () => read().currentId,
    isCleared: (id) => read().clearedId.includes(id),
    markCleared(id) {
      const v = read();
      if (!v.clearedId.includes(id)) v.clearedId.push(id);
      write(v);
    },
    play: () => read().play || {},
    setPlay(play) {
      const v = read();
      v.play = play;
      write(v);
    },
    setCurrent(id) {
      const v = read();
      v.currentId = id;
      write(v);
    },
  };
}

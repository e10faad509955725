// The browser's move log against the engine's text form (tests/core/test_movelog.py holds
// the same vector), highlights and the bounded per-level store.
import test from "node:test";
import assert from "node:assert/strict";
import { encodeLog, decodeLog, MoveLog, RunStore, highlights } from "../../src/puzzlesmith/server/static/kit/movelog.js";

const VECTOR = [[0, "start 1,0"], [1500, "add 1,1"], [1500, "reveal a_b 3"], [40000, "undo"]];
const VECTOR_TEXT = "m1~0.start_1,0~15o.add_1,1~0.reveal_a%5Fb_3~tpg.undo";

test("text form matches the engine word for word", () => {
  assert.equal(encodeLog(VECTOR), VECTOR_TEXT);
  assert.deepEqual(decodeLog(VECTOR_TEXT), VECTOR);
  assert.deepEqual(decodeLog(encodeLog([[3, "a ~%_ b"]])), [[3, "a ~%_ b"]]);
  assert.throws(() => decodeLog("m1~0a"), /entry 1/);
  assert.throws(() => decodeLog("x"), /not a move log/);
});

test("a log records times, conflicts, hints and steps back", () => {
  let now = 100;
  const log = new MoveLog(() => now);
  log.record("start a"); now = 600; log.conflict(); log.record("add b"); log.back(); log.hint();
  const run = log.summary();
  assert.equal(run.ms, 500);
  assert.equal(run.lastConflict, 500);
  assert.deepEqual(decodeLog(run.log), [[0, "start a"], [500, "add b"]]);
  assert.deepEqual(highlights(run, 200), ["comeback"]);
  assert.deepEqual(highlights({ ms: 9000, hints: 0, backs: 0, conflicts: 0, lastConflict: null }, null), ["flawless", "best"]);
});

test("the store keeps the best and the last three per level", () => {
  const m = new Map();
  const storage = { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => m.set(k, v) };
  const store = new RunStore(storage, "04-cows");
  for (const ms of [5000, 3000, 4000, 6000, 7000]) store.add("1-1", { ms, log: "m1", hints: 1, backs: 0, conflicts: 0, lastConflict: null });
  const e = store.get("1-1");
  assert.equal(e.best.ms, 3000);
  assert.deepEqual(e.last.map((r) => r.ms), [7000, 6000, 4000]);
  m.set("runs:04-cows", "not json");
  assert.deepEqual(store.get("1-1"), { best: null, last: [] });
});

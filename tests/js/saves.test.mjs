// The save buckets (static/shell/saves.js) on a fake Storage: partly bad saves keep their
// valid entries, a refused write is remembered for the session and reported once, and a
// change re-reads the stored value, so what another tab saved meanwhile is kept.
import { test } from "node:test";
import assert from "node:assert/strict";
import { bucket, salvage, onSaveError } from "../../src/puzzlesmith/server/static/shell/saves.js";

function fakeStorage(init = {}) {
  const data = new Map(Object.entries(init));
  return {
    full: false,
    data,
    getItem: (k) => (data.has(k) ? data.get(k) : null),
    setItem(k, v) {
      if (this.full) throw new Error("QuotaExceededError");
      data.set(k, String(v));
    },
  };
}

test("salvage keeps every valid entry and unknown fields", () => {
  assert.deepEqual(
    salvage({ clearedId: ["1-1", 5, "1-2", null, "1-1", ""], currentId: 3, boards: { a: 1 } }),
    { clearedId: ["1-1", "1-2"], currentId: null, boards: { a: 1 } },
  );
  assert.deepEqual(salvage({ clearedId: "1-1" }), { clearedId: [], currentId: null });
  assert.equal(salvage([1, 2]), null);
  assert.equal(salvage(null), null);
});

test("a partly bad save is repaired in place; a sound one is left byte for byte", () => {
  const sound = '{"clearedId": ["1-1"], "currentId": "1-2"}';
  const s = fakeStorage({ "mode:a": '{"clearedId":["1-1",7],"currentId":4,"x":true}', "mode:b": sound });
  assert.deepEqual(bucket("a", s).cleared(), ["1-1"]);
  assert.deepEqual(JSON.parse(s.getItem("mode:a")), { clearedId: ["1-1"], currentId: null, x: true });
  assert.deepEqual(bucket("b", s).cleared(), ["1-1"]);
  assert.equal(s.getItem("mode:b"), sound);
  const junk = fakeStorage({ "mode:c": "}{" });
  assert.deepEqual(bucket("c", junk).read(), { clearedId: [], currentId: null });
});

test("a refused write holds for the session and is reported once", () => {
  const s = fakeStorage();
  const seen = [];
  const off = onSaveError((e) => seen.push(String(e.message)));
  s.full = true;
  const b = bucket("full", s);
  b.markCleared("1-1");
  b.setCurrent("1-2");
  b.markCleared("1-2");
  assert.deepEqual(b.cleared(), ["1-1", "1-2"]);
  assert.equal(b.current(), "1-2");
  assert.equal(s.getItem("mode:full"), null);
  assert.deepEqual(seen, ["QuotaExceededError"]);
  s.full = false;
  b.markCleared("1-3");  // room again: everything held in memory is written
  assert.deepEqual(JSON.parse(s.getItem("mode:full")).clearedId, ["1-1", "1-2", "1-3"]);
  off();
});

test("changes merge with what another tab stored meanwhile", () => {
  const s = fakeStorage();
  const tabA = bucket("m", s);
  const tabB = bucket("m", s);
  tabA.markCleared("1-1");
  tabB.markCleared("1-2");
  tabA.setCurrent("1-3");
  assert.deepEqual(JSON.parse(s.getItem("mode:m")), { clearedId: ["1-1", "1-2"], currentId: "1-3" });
});

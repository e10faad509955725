// Progress that follows the player: the new device's saves merged with the old device's.
import test from "node:test";
import assert from "node:assert/strict";
import { mergeProgress, collect, applyProgress } from "../../src/puzzlesmith/server/static/shell/progress.js";

class Storage {
  constructor(init = {}) { this.m = new Map(Object.entries(init)); }
  get length() { return this.m.size; }
  key(i) { return [...this.m.keys()][i] ?? null; }
  getItem(k) { return this.m.has(k) ? this.m.get(k) : null; }
  setItem(k, v) { this.m.set(k, String(v)); }
}

const J = JSON.stringify;

test("clears join, this device's current level and half-played boards stay", () => {
  const out = mergeProgress(
    { "mode:04-cows": J({ clearedId: ["1-1"], currentId: "1-2", play: { "1-2": "x" } }) },
    { "mode:04-cows": J({ clearedId: ["1-1", "1-5"], currentId: "1-6", play: { "1-6": "y" } }),
      "mode:01-number-stroke": J({ clearedId: ["2-1"], currentId: null }) },
  );
  const cows = JSON.parse(out["mode:04-cows"]);
  assert.deepEqual(cows.clearedId, ["1-1", "1-5"]);
  assert.equal(cows.currentId, "1-2");
  assert.deepEqual(cows.play, { "1-2": "x" });
  assert.deepEqual(JSON.parse(out["mode:01-number-stroke"]).clearedId, ["2-1"]);
});

test("best runs keep the fastest, last runs are bounded, achievements unite", () => {
  const mine = { "runs:m": J({ a: { best: { ms: 9000 }, last: [{ ms: 9000 }] } }),
    achievements: J({ history: [{ id: 1 }], unlocked: { x: 50 } }) };
  const theirs = { "runs:m": J({ a: { best: { ms: 4000 }, last: [{ ms: 4000 }, { ms: 5000 }, { ms: 6000 }] },
    b: { best: { ms: 1 }, last: [] } }),
  achievements: J({ history: [{ id: 0 }], unlocked: { x: 10, y: 20 } }) };
  const out = mergeProgress(mine, theirs);
  const runs = JSON.parse(out["runs:m"]);
  assert.equal(runs.a.best.ms, 4000);
  assert.equal(runs.a.last.length, 3);
  assert.equal(runs.b.best.ms, 1);
  const ach = JSON.parse(out.achievements);
  assert.deepEqual(ach.unlocked, { x: 10, y: 20 });
  assert.deepEqual(ach.history, [{ id: 0 }, { id: 1 }]);
});

test("broken values from either side never break the merge; settings stay this device's", () => {
  const out = mergeProgress(
    { "mode:x": "{not json", "shell:settings": J({ lang: "zh" }) },
    { "mode:x": J({ clearedId: ["1-1", 5, null] }), "shell:settings": J({ lang: "en" }),
      achievements: J([1, 2]), "runs:x": "null", "daily:player": J({ token: "t" }) },
  );
  assert.deepEqual(JSON.parse(out["mode:x"]).clearedId, ["1-1"]);
  assert.equal(JSON.parse(out["shell:settings"]).lang, "zh");
  assert.deepEqual(JSON.parse(out.achievements), { history: [], unlocked: {} });
  assert.deepEqual(JSON.parse(out["runs:x"]), {});
  assert.equal(out["daily:player"], undefined);  // the token never travels
});

test("collect sends only the keys that travel; apply writes the merge", () => {
  const old = new Storage({ "mode:04-cows": J({ clearedId: ["1-1"] }), "daily:player": "secret", other: "1" });
  const sent = collect(old);
  assert.deepEqual(Object.keys(sent), ["mode:04-cows"]);
  const fresh = new Storage({ "mode:04-cows": J({ clearedId: ["1-2"], currentId: null }) });
  assert.equal(applyProgress(sent, fresh), 1);
  assert.deepEqual(JSON.parse(fresh.getItem("mode:04-cows")).clearedId, ["1-2", "1-1"]);
});

// The Cows rules mirror against the Python engine. The vectors are exported by
// tests/js/cows_export_vectors.py at the start of every run (or read from $COWS_VECTORS),
// so the mirror cannot drift from the engine.
import { test } from "node:test";
import assert from "node:assert/strict";
import { clientModule } from "./client.mjs";
import { loadVectors, testMirror } from "./harness.mjs";
const rules = await clientModule("modes/04-cows/rules.js");

const { makeBoard, applyMoves, autoMarks, offlineHint, COW } = rules;
const data = loadVectors("COWS_VECTORS", "cows_export_vectors.py");

test("vectors cover every shipped level, with conflicts of each kind and rejections", () => {
  assert.equal(data.mode, "04-cows");
  assert.ok(data.levels.length >= 50, `${data.levels.length} levels`);
  const states = data.levels.flatMap((l) => l.cases).filter((c) => c.state);
  const codes = new Set(states.flatMap((c) => c.state.conflicts.map((p) => p.code)));
  for (const code of ["cows-same-row", "cows-same-column", "cows-same-region", "cows-touch"]) assert.ok(codes.has(code), code);
  assert.ok(states.some((c) => c.state.cleared));
  assert.ok(data.levels.flatMap((l) => l.cases).filter((c) => c.error).length > 500);
});

testMirror(data, rules);

test("auto-mark leaves the cow and every other cow alone, and undoes as one move", () => {
  const lv = data.levels[0];
  const board = makeBoard(lv.view);
  const sol = lv.view.solution;
  const moves = sol.map((c, r) => `cow ${r} ${c}`);
  const before = applyMoves(board, moves);
  const i = sol[0];
  const marks = autoMarks(board, before, i);
  assert.ok(marks.length > 0 && marks.every((j) => before[j] === 0));
  const after = applyMoves(board, [...moves, `auto 0 ${sol[0]}`]);
  assert.equal(after.filter((s) => s === COW).length, sol.length);
  assert.deepStrictEqual(applyMoves(board, moves), before);  // undo = drop the last move
});

test("offline hints: mistakes first, then a cow of the baked solution, then solved", () => {
  const lv = data.levels.find((l) => l.view.size === 7);
  const board = makeBoard(lv.view);
  const sol = lv.view.solution;
  const wrong = [...Array(7).keys()].find((c) => Math.abs(c - sol[0]) > 1);
  assert.equal(offlineHint(board, sol, [`cow 0 ${wrong}`]).code, "cow-wrong");
  assert.equal(offlineHint(board, sol, [`mark 0 ${sol[0]}`]).code, "mark-wrong");
  assert.equal(offlineHint(board, sol, ["cow 0 0", "cow 0 1"]).code, "cows-same-row");
  const h = offlineHint(board, sol, []);
  assert.equal(h.kind, "reveal");
  assert.deepStrictEqual(h.place, [`r1c${sol[0] + 1}`]);  // ids are 1-based
  assert.equal(offlineHint(board, sol, sol.map((c, r) => `cow ${r} ${c}`)).kind, "solved");
});

// The Number Stroke rules mirror against the Python engine. The vectors are exported
// by tests/js/export_vectors.py at the start of every run (or read from
// $STROKE_VECTORS when set), so the mirror cannot drift from the engine.
import { test } from "node:test";
import assert from "node:assert/strict";
import { clientModule } from "./client.mjs";
import { loadVectors, testMirror, testPathHints } from "./harness.mjs";
import * as hints from "../../src/puzzlesmith/server/static/kit/pathrules.js";
const rules = await clientModule("modes/01-number-stroke/rules.js");
const { geometry, outlinePath } = await clientModule("modes/01-number-stroke/geometry.js");

const { replay, makeBoard, Game } = rules;
const data = loadVectors("STROKE_VECTORS", "export_vectors.py");

test("vectors cover the demo level and every shipped level", () => {
  assert.equal(data.mode, "01-number-stroke");
  assert.ok(data.levels.some((l) => l.level === "demo"), "the hidden demo level is exported");
  for (const lv of data.levels) assert.ok(lv.cases.length > 5, `${lv.level} has cases`);
});

testMirror(data, rules, { title: "every engine state and rejection, word for word (the kit's moves)" });
testPathHints(data, rules, hints);

test("solution path clears; moves() rebuilds the position", () => {
  for (const lv of data.levels) {
    if (!lv.view.solution) continue;
    const board = makeBoard(lv.view);
    const g = new Game(board);
    const sol = lv.view.solution.map((id) => board.index.get(id));
    g.start(sol[0]);
    for (const c of sol.slice(1)) { assert.ok(g.canAdd(c)); g.add(c); }
    assert.equal(g.cleared(), true, lv.level);
    assert.deepStrictEqual(replay(board, g.moves()), g.toJSON());
  }
});

test("demo: the wrong move j → i leaves B as a red 8, rewinding clears it", () => {
  const demo = data.levels.find((l) => l.level === "demo");
  const g = new Game(makeBoard(demo.view));
  ["start s", "add l", "add m", "add j", "add i", "add g", "add h", "add B"].forEach((m, i) => g.apply(m, i));
  assert.deepStrictEqual(g.toJSON().conflicts, [
    { cell: "g", step: 6, code: "step-elsewhere", clue: 6 },
    { cell: "B", step: 8, code: "clue-step", clue: 6 },
  ]);
  g.apply("rewind j");
  assert.deepStrictEqual(g.toJSON().conflicts, []);
  for (const id of ["h", "B"]) g.apply(`add ${id}`);
  assert.equal(g.toJSON().steps.B, 6);
  assert.deepStrictEqual(g.toJSON().conflicts, []);
});

test("geometry: every cell is hit at its label, solution steps share an edge, shapes are real", () => {
  for (const lv of data.levels) {
    const geo = geometry(lv.view);
    lv.view.cells.forEach((c, i) => {
      const [x, y] = geo.cells[i].at;
      assert.equal(geo.hit(x, y, 0.14), i, `${lv.level}: label of ${c.id} hits it`);
      const d = outlinePath(c.units, 0);
      const corners = d.split("L").length;
      const xs = c.units.map((u) => u[0]), ys = c.units.map((u) => u[1]);
      const rect = (Math.max(...xs) - Math.min(...xs) + 1) * (Math.max(...ys) - Math.min(...ys) + 1) === c.units.length;
      assert.ok(rect ? corners === 4 : corners >= 6, `${lv.level}: outline of ${c.id} is its shape (${d})`);
    });
    const sol = lv.view.solution || [];
    for (let k = 0; k + 1 < sol.length; k++) {
      const a = lv.view.cells.findIndex((c) => c.id === sol[k]);
      const b = lv.view.cells.findIndex((c) => c.id === sol[k + 1]);
      assert.ok(geo.sharedEdge(a, b), `${lv.level}: ${sol[k]} and ${sol[k + 1]} share an edge`);
    }
    // a point in a hole or outside the board hits nothing
    const b = lv.view.bounds;
    assert.equal(geo.hit(b.x - 0.5, b.y - 0.5, 0), -1);
  }
});

test("geometry: dead zones lie on cell borders only, not on a big cell's inner seams", () => {
  const demo = data.levels.find((l) => l.level === "demo");
  const geo = geometry(demo.view);
  const A = demo.view.cells.findIndex((c) => c.id === "A");
  assert.equal(geo.hit(1.0, 0.5, 0.14), A, "the seam inside the 2×2 A is live");
  assert.equal(geo.hit(1.9, 0.5, 0.14), -1, "A's border with a is a dead zone for the mouse (14 %)");
  assert.equal(geo.hit(1.9, 0.5, 0.08), A, "the touch dead zone is narrower (8 %)");
});

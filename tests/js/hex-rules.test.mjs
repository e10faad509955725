// The Hex Walls rules mirror against the Python engine. The vectors are exported by
// tests/js/hex_export_vectors.py at the start of every run (or read from $HEX_VECTORS),
// so the mirror cannot drift from the engine. Hints are the shared offline copies (kit/pathrules.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { clientModule } from "./client.mjs";
import { loadVectors, testMirror, testPathHints } from "./harness.mjs";
import * as hints from "../../src/puzzlesmith/server/static/kit/pathrules.js";
const rules = await clientModule("modes/03-hex-walls/rules.js");
const { hexAt } = await clientModule("modes/03-hex-walls.js");

const { replay, makeBoard, Game, isOpen } = rules;
const data = loadVectors("HEX_VECTORS", "hex_export_vectors.py");

test("vectors cover all 19 shipped levels, with wall-blocked moves", () => {
  assert.equal(data.mode, "03-hex-walls");
  assert.equal(data.levels.length, 19);
  const blocked = data.levels.flatMap((l) => l.cases).filter((c) => c.error && c.error.includes("wall blocks"));
  assert.ok(blocked.length > 20, `${blocked.length} wall-blocked cases`);
});

testMirror(data, rules);
testPathHints(data, rules, hints, "offline hints (kit/pathrules.js) agree with the engine's");

test("turner levels: undo turns every wall back; moves() rebuilds the position", () => {
  for (const lv of data.levels.filter((l) => l.view.turners.length)) {
    const board = makeBoard(lv.view);
    const g = new Game(board);
    const sol = lv.view.solution.map((id) => board.index.get(id));
    g.start(sol[0]);
    const seen = [JSON.stringify(g.toJSON().turners)];
    for (const c of sol.slice(1)) {
      assert.ok(isOpen(board, g.end, c, g.k), `${lv.level}: solution move open`);
      g.add(c);
      seen.push(JSON.stringify(g.toJSON().turners));
    }
    assert.equal(g.cleared(), true);
    assert.deepStrictEqual(replay(board, g.moves()), g.toJSON());
    for (let k = seen.length - 1; k > 0; k--) {
      g.undo();
      assert.equal(JSON.stringify(g.toJSON().turners), seen[k - 1], `${lv.level}: undo to ${k}`);
    }
  }
});

test("hit testing: every cell centre, and points near it, map back to the cell's hex", () => {
  for (const lv of data.levels) {
    for (const c of lv.view.cells) {
      for (const [dx, dy] of [[0, 0], [0.5, 0], [-0.3, 0.5], [0, -0.8], [0.7, 0.1]]) {
        assert.deepStrictEqual(hexAt(c.x + dx, c.y + dy), [c.q, c.r], `${lv.level} ${c.id} +${dx},${dy}`);
      }
    }
  }
});

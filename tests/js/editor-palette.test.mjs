// The Cows editor's palette: every region a colour of its own, neighbours far apart on the
// hue ring, for every shipped board (boards up to 12×12: the editor's limit).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { regionColours, PALETTE } from "../../src/puzzlesmith/server/static/editor/04-cows.js";

const dir = new URL("../../src/puzzlesmith/cows/levels/", import.meta.url);
const boards = readdirSync(dir).filter((f) => f.endsWith(".json"))
  .flatMap((f) => JSON.parse(readFileSync(new URL(f, dir), "utf8")).levels.map((l) => l.regions))
  .filter((rows) => rows.length <= 12);

function neighbours(rows) {
  const out = new Set();
  rows.forEach((row, r) => [...row].forEach((a, c) => {
    for (const b of [row[c + 1], rows[r + 1]?.[c]]) if (b !== undefined && b !== a) out.add([a, b].sort().join(""));
  }));
  return [...out];
}

test("every region gets its own colour; neighbours at least two steps apart on the ring", () => {
  assert.ok(boards.length >= 40, `${boards.length} boards`);
  let worst = Infinity;
  for (const rows of boards) {
    const colours = regionColours(rows);
    const letters = new Set(rows.join(""));
    assert.equal(new Set([...letters].map((l) => colours.get(l))).size, letters.size, rows.join("/"));
    for (const [a, b] of neighbours(rows)) {
      const i = PALETTE.indexOf(colours.get(a)), j = PALETTE.indexOf(colours.get(b));
      const d = Math.min((i - j + PALETTE.length) % PALETTE.length, (j - i + PALETTE.length) % PALETTE.length);
      worst = Math.min(worst, d);
    }
  }
  assert.ok(worst >= 2, `closest neighbours ${worst} step(s) apart`);
});

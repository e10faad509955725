// Shared harness of the rules-mirror tests (*.test.mjs): export the engine's vectors with
// a mode's Python exporter at the start of every run (or read a pre-exported file named
// by an environment variable), and the checks every mirror runs against them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const root = resolve(here, "../..");

/** The vectors from `$envVar` if set, else freshly exported by `tests/js/<exporter>`. */
export function loadVectors(envVar, exporter) {
  if (process.env[envVar]) return JSON.parse(readFileSync(process.env[envVar], "utf8"));
  const venv = join(root, ".venv/bin/python");
  const python = process.env.PUZZLESMITH_PYTHON || (existsSync(venv) ? venv : "python3");
  const dir = mkdtempSync(join(tmpdir(), "vectors-"));
  const out = join(dir, "vectors.json");
  try {
    execFileSync(python, [join(here, exporter), out], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    return JSON.parse(readFileSync(out, "utf8"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const label = (lv, c) => `${lv.level}: ${JSON.stringify(c.moves)}`;

/**
 * One test per level: `replay` gives every engine state, and throws IllegalMove where the
 * engine does (with the engine's message word for word when `exactMessage`).
 */
export function testMirror(data, { makeBoard, replay, IllegalMove }, { exactMessage = true, title = "every engine state and rejection" } = {}) {
  for (const lv of data.levels) {
    test(`level ${lv.level}: the mirror reproduces ${title}`, () => {
      const board = makeBoard(lv.view);
      for (const c of lv.cases) {
        if (c.error !== undefined) {
          const expected = exactMessage ? (e) => e instanceof IllegalMove && e.message === c.error : IllegalMove;
          assert.throws(() => replay(board, c.moves), expected, label(lv, c));
        } else {
          assert.deepStrictEqual(replay(board, c.moves), c.state, label(lv, c));
        }
      }
    });
  }
}

/** One test per level: the offline reveal/guide hints give the engine's answers. */
export function testPathHints(data, { makeBoard, Game }, hints, title = "offline hints agree with the engine's") {
  for (const lv of data.levels) {
    test(`level ${lv.level}: ${title}`, () => {
      const board = makeBoard(lv.view);
      for (const c of lv.cases) {
        if (!c.hints) continue;
        const g = new Game(board);
        c.moves.forEach((m, i) => g.apply(m, i));
        assert.deepStrictEqual(hints.reveal(lv.view.solution, g), c.hints.reveal, label(lv, c));
        assert.deepStrictEqual(hints.guide(lv.view.solution, g), c.hints.guide, label(lv, c));
      }
    });
  }
}

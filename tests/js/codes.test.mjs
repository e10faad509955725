// The JS level codec against the Python engine: vectors exported by
// tests/js/codes_export_vectors.py at the start of every run (or read from $CODES_VECTORS).
import { test } from "node:test";
import assert from "node:assert/strict";
import { clientModule } from "./client.mjs";
import { loadVectors } from "./harness.mjs";
import { decodeLevel, encodeLevel, CodeError } from "../../src/puzzlesmith/server/static/shell/codes.js";
const { codec: stroke, RECTANGLES, AMBIGUOUS } = await clientModule("modes/01-number-stroke/code.js");
const { codec: hex } = await clientModule("modes/03-hex-walls/code.js");
const { codec: cows } = await clientModule("modes/04-cows/code.js");

const CODECS = [stroke, hex, cows];   // menu order, as the engine lists known tags
const byMode = new Map(CODECS.map((c) => [c.modeId, c]));
const data = loadVectors("CODES_VECTORS", "codes_export_vectors.py");

test("vectors cover every mode, shipped and random levels, and damaged codes of each kind", () => {
  for (const c of CODECS) assert.ok(data.levels.filter((l) => l.mode === c.modeId).length > 300, c.modeId);
  const errors = data.damaged.filter((d) => d.error);
  assert.ok(errors.length > 500, `${errors.length} damaged codes`);
  for (const kind of ["check character", "ends early", "unknown mode tag", "format version", "not base64url", "too short", "more than one"]) {
    assert.ok(errors.some((d) => d.error.includes(kind)), kind);
  }
  assert.ok(data.damaged.some((d) => d.decoded) && data.damaged.some((d) => d.loadRule));
});

test("stroke: the rectangle tables match the engine's", () => {
  assert.deepEqual([...RECTANGLES].sort(), data.stroke.rectangles);
  assert.deepEqual([...AMBIGUOUS].sort(), data.stroke.ambiguous);
});

test("encode: the engine's code for every level, with and without text", () => {
  for (const lv of data.levels) {
    const codec = byMode.get(lv.mode);
    assert.equal(encodeLevel(codec, lv.source), lv.code, `${lv.mode} ${lv.source.id}`);
    assert.equal(encodeLevel(codec, lv.source, { text: false }), lv.bare, `${lv.mode} ${lv.source.id} bare`);
  }
});

test("decode: the engine's level for every code; without text it is the level 'code'", () => {
  for (const lv of data.levels) {
    const got = decodeLevel(lv.code, CODECS);
    assert.equal(got.codec.modeId, lv.mode);
    assert.deepStrictEqual(got.level, lv.decoded, lv.code);
    const bare = decodeLevel(lv.bare, CODECS).level;
    const { caption, ...rest } = lv.decoded;
    assert.deepStrictEqual(bare, { ...rest, id: "code" }, lv.bare);
  }
});

test("damaged codes: the engine's message word for word, or the engine's level", () => {
  for (const d of data.damaged) {
    if (d.error !== undefined) {
      assert.throws(() => decodeLevel(d.code, CODECS), (e) => e instanceof CodeError && e.message === d.error, JSON.stringify(d.code));
    } else if (d.loadRule) {
      assert.doesNotThrow(() => decodeLevel(d.code, CODECS), d.code);   // load rules are the server's
    } else {
      assert.deepStrictEqual(decodeLevel(d.code, CODECS).level, d.decoded, d.code);
    }
  }
});

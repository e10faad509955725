// The screens' words are the catalogue's (issue #36): a refusal whose code has no err.<code>
// reads its problem.<code> sentence (one sentence per code), and the generated words of the
// shell (a default player name) come from the catalogue in the player's language.
import test from "node:test";
import assert from "node:assert/strict";
import { words } from "./words.mjs";
import { settings } from "../../src/puzzlesmith/server/static/shell/settings.js";
import { explain } from "../../src/puzzlesmith/server/static/shell/errors.js";
import { defaultName } from "../../src/puzzlesmith/server/static/shell/profile.js";

test("a code with one sentence reads it from problem.<code>", () => {
  for (const code of ["clip-failed", "suggest-refused", "bad-achievements"]) {
    assert.equal(words.zh[`err.${code}`], undefined, code);
    settings.lang = "zh";
    assert.equal(explain({ status: 500, error: code }), words.zh[`problem.${code}`]);
    settings.lang = "en";
    assert.equal(explain({ status: 500, error: code }), words.en[`problem.${code}`]);
  }
  settings.lang = "zh";
});

test("a default name is the catalogue's, in the player's language", () => {
  settings.lang = "zh";
  assert.match(defaultName(), /^玩家\d{4}$/);
  settings.lang = "en";
  assert.match(defaultName(), /^Player \d{4}$/);
  settings.lang = "zh";
});

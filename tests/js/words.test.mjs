// The client's tables are views of the one catalogue (issue #36): the refusal sentences,
// the daily's flags and the editor's problem sentences come from the served words, in the
// language the one switch (settings.lang) names.
import test from "node:test";
import assert from "node:assert/strict";
import { words } from "./words.mjs";
import { settings } from "../../src/puzzlesmith/server/static/shell/settings.js";
import { explain, explainShort } from "../../src/puzzlesmith/server/static/shell/errors.js";
import { flagSentences } from "../../src/puzzlesmith/server/static/shell/dailywords.js";
import { t } from "../../src/puzzlesmith/server/static/shell/i18n.js";

test("a refusal is the catalogue's sentence in the player's language", () => {
  settings.lang = "zh";
  assert.equal(explain({ status: 404, error: "unknown-room" }), words.zh["err.unknown-room"]);
  assert.equal(explainShort({ status: 0 }), words.zh["err.offline-short"]);
  settings.lang = "en";
  assert.equal(explain({ status: 404, error: "unknown-room" }), words.en["err.unknown-room"]);
  assert.equal(explain({ status: 418, error: "no-such-code" }), "The server refused this (no-such-code)");
  settings.lang = "zh";
});

test("a flag the client does not know reads as the general sentence, never its code", () => {
  settings.lang = "en";
  assert.deepEqual(flagSentences(["too-fast", "brand-new"]), [words.en["d.flag.too-fast"], words.en["d.flag.other"]]);
  settings.lang = "zh";
});

test("every mode's words are in it, and each key says something in both languages", () => {
  assert.deepEqual(Object.keys(words.zh).sort(), Object.keys(words.en).sort());
  settings.lang = "zh";
  assert.equal(t("problem.cows-touch"), words.zh["problem.cows-touch"]);
  assert.match(t("problem.cows-touch"), /牛/);
});

// Grades in the player's language: Cows' "hard (hall 2)" names its technique too (#40).
import test from "node:test";
import assert from "node:assert/strict";
import { gradeName } from "../../src/puzzlesmith/server/static/shell/i18n.js";
import { settings } from "../../src/puzzlesmith/server/static/shell/settings.js";
import "./words.mjs";

test("a Cows grade with a Hall set reads in Chinese on Chinese screens", () => {
  settings.lang = "zh";
  assert.equal(gradeName("hard (hall 2)"), "困难（多色共占 2）");
  assert.equal(gradeName("expert (hall 3)"), "专家（多色共占 3）");
  assert.equal(gradeName("easy"), "简单");
});

test("and in English on English screens; unknown grades pass through", () => {
  settings.lang = "en";
  assert.equal(gradeName("hard (hall 2)"), "hard (shared rows 2)");
  assert.equal(gradeName("mystery"), "mystery");
  // the shell names no mode: a sized idea without words is shown as the server sent it
  assert.equal(gradeName("hard (lamps 4)"), "hard (lamps 4)");
  settings.lang = "zh";
});

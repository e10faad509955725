// The browser's achievement rules against the same vectors and catalogue as the engine
// (tests/core/test_achievements.py).
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { evaluate, expand } from "../../src/puzzlesmith/server/static/shell/achievements-rules.js";

const here = new URL(".", import.meta.url);
const cat = JSON.parse(readFileSync(new URL("../../src/puzzlesmith/core/achievements.json", here), "utf8"));
const vectors = JSON.parse(readFileSync(new URL("../achievements_vectors.json", here), "utf8"));

test("every vector gives the engine's answer", () => {
  for (const c of vectors.cases) assert.deepEqual(evaluate(cat, c.history, vectors.context), c.expected);
});

test("each pack becomes one achievement", () => {
  const ids = expand(cat, vectors.context).map((a) => a.id).filter((id) => id.startsWith("pack:"));
  assert.deepEqual(ids, ["pack:m1:1", "pack:m1:2", "pack:m2:1"]);
});

test("every icon the catalogue names is drawn", async () => {
  const { ICONS } = await import("../../src/puzzlesmith/server/static/shell/achievement-icons.js");
  for (const a of cat.achievements) assert.ok(ICONS.includes(a.icon), `${a.id}: no icon '${a.icon}'`);
});

test("a bilingual pack title is named in each language's own part", () => {
  const ctx = { ...vectors.context, packs: [{ mode: "m1", pack: 1, title: "入门 / Starter", levels: ["a"] }] };
  const [a] = expand(cat, ctx).filter((x) => x.id.startsWith("pack:"));
  assert.ok(a.name.en.includes("Starter") && !/[\u3400-\u9fff]/.test(a.name.en), a.name.en);
  assert.ok(a.name.zh.includes("入门") && !a.name.zh.includes("Starter"), a.name.zh);
});

// The achievement rules over a history of cleared runs: a word-for-word mirror of
// puzzlesmith.core.achievements (the catalogue is GET /api/achievements, the same file the
// server evaluates). Pure: no DOM (tests/js/achievements.test.mjs runs it in node against
// the vectors tests/core/test_achievements.py checks in Python).

import { langPart } from "./bilingual.js";

/** The catalogue with `"each": "pack"` entries made one per pack of the context. */
export function expand(cat, context) {
  const out = [];
  const titles = context.modeTitles || {};
  for (const a of cat.achievements) {
    if (a.each !== "pack") { out.push(a); continue; }
    for (const p of context.packs || []) {
      const mt = titles[p.mode] || { zh: p.mode, en: p.mode };
      const fill = (text) => Object.fromEntries(Object.entries(text).map(([k, v]) => [k, v.replaceAll("{pack}", langPart(p.title, k)).replaceAll("{mode}", mt[k] ?? p.mode)]));
      out.push({ ...a, id: `${a.id}:${p.mode}:${p.pack}`, name: fill(a.name), desc: fill(a.desc), scope: { mode: p.mode, pack: p.pack } });
    }
  }
  return out;
}

function longest(flags) {
  let best = 0, cur = 0;
  for (const f of flags) { cur = f ? cur + 1 : 0; best = Math.max(best, cur); }
  return best;
}

const tier = (grade) => (typeof grade === "string" && grade ? grade.split(" ")[0] : null);

function packDone(pack, history, flawless) {
  const done = new Set(history.filter((r) => r.mode === pack.mode && (!flawless || (r.highlights || []).includes("flawless"))).map((r) => r.level));
  return pack.levels.length > 0 && pack.levels.every((id) => done.has(id));
}

function dayStreak(days) {
  const sorted = [...new Set(days.filter((d) => typeof d === "string" && d.length === 10))].sort();
  let best = 0, cur = 0, prev = null;
  for (const d of sorted) {
    const t = Date.parse(`${d}T00:00:00Z`);
    cur = prev !== null && t - prev === 86400000 ? cur + 1 : 1;
    best = Math.max(best, cur);
    prev = t;
  }
  return best;
}

/** Whether one (expanded) achievement's rule holds over the history. */
export function holds(a, history, context, par) {
  const rule = a.rule;
  const count = Number(rule.count ?? 1);
  switch (rule.kind) {
    case "clears": return history.length >= count;
    case "modes": {
      const modes = context.modes || [];
      const played = new Set(history.map((r) => r.mode));
      return modes.length > 0 && modes.every((m) => played.has(m));
    }
    case "pack": {
      let packs = context.packs || [];
      if (a.scope) packs = packs.filter((p) => p.mode === a.scope.mode && p.pack === a.scope.pack);
      return packs.some((p) => packDone(p, history, Boolean(rule.flawless)));
    }
    case "highlight": return history.filter((r) => (r.highlights || []).includes(rule.name)).length >= count;
    case "streak":
      if (rule.of !== "no-hint") throw new Error(`${a.id}: unknown streak '${rule.of}'`);
      return longest(history.map((r) => !r.hints)) >= count;
    case "fast": {
      const tiers = new Set(rule.grades || Object.keys(par));
      const fast = history.filter((r) => { const g = tier(r.grade); return g !== null && tiers.has(g) && g in par && (r.ms ?? Infinity) <= par[g]; });
      return fast.length >= count;
    }
    case "daily-streak": return dayStreak(history.map((r) => r.daily).filter(Boolean)) >= count;
    default: throw new Error(`${a.id}: unknown rule kind '${rule.kind}'`);
  }
}

/** The ids of every achievement the history earns, in catalogue order. */
export function evaluate(cat, history, context) {
  const par = cat.par || {};
  return expand(cat, context).filter((a) => holds(a, history, context, par)).map((a) => a.id);
}

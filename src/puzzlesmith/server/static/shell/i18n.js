// Words: Simplified Chinese first, English second; t() looks a key up in the player's language.
import { settings } from "./settings.js";

// The words themselves are data (puzzlesmith/core/words.py, served as /static/words.js):
// each page's entry module imports ./loadwords.js first, which adds them here.
const dict = { zh: {}, en: {} };

export function addStrings(strings) {
  if (!strings) return;
  for (const lang of Object.keys(strings)) dict[lang] = Object.assign(dict[lang] || {}, strings[lang]);
}

export function t(key, vars) {
  const table = dict[settings.lang] || dict.zh;
  let s = table[key] ?? dict.zh[key] ?? key;
  if (vars) s = s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
  return s;
}

/** A logic grade ("easy"... from the server) in the player's language; unknown ones as sent.
 *  Screens handed a `t` by the shell (the editor) pass it. */
export function gradeName(grade, tr = t) {
  // "<grade> (<idea> <k>)": a grade that names the size of the idea it needs (Cows' "hard
  // (hall 2)", the largest Hall set) reads grade.<idea> with {k}; an idea without words as sent
  const sized = /^(\w+) \((\w+) (\d+)\)$/.exec(String(grade ?? ""));
  if (sized) {
    const key = `grade.${sized[2]}`;
    const idea = tr(key, { k: sized[3] });
    if (idea !== key) return gradeName(sized[1], tr) + idea;
  }
  const key = `grade.${grade}`;
  const s = tr(key);
  return s === key ? String(grade ?? "") : s;
}

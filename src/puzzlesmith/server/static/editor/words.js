// The editor's words: Simplified Chinese first, English second. What a problem code means
// is not kept here: the server serves each mode's catalogue (GET /api/modes/<id>/problem-codes,
// puzzlesmith/<mode>/problem_codes.py), the same sentences the CLI prints with --lang.
export const strings = {
  zh: {
    "ed.undo": "撤销", "ed.redo": "重做",
    "ed.checking": "检查中…", "ed.v.none": "无解", "ed.v.unique": "唯一解（已证明）· 难度 {grade}",
    "ed.v.blocked": "唯一解，但还不能发布：{problem}",
    "ed.v.multiple": "两个或更多解：标黄的格子两解不同", "ed.v.too-large": "太大，这里查不了，请用命令行 check",
    "ed.v.error": "这次没查成：{msg}", "ed.guessing": "需要猜", "ed.suggest": "给点建议",
    "ed.suggestion": "建议线索：{clues}", "ed.suggestEdit": "建议改动：{edit}", "ed.use": "采用", "ed.testPlay": "试玩", "ed.export": "导出",
    "ed.noSuggestion": "只加数字提示做不出能发布的关卡：试试加一道墙或转墙。",
    "ed.import": "导入", "ed.new": "清空", "ed.code": "关卡码", "ed.link": "链接", "ed.pack": "关卡包 JSON",
    "ed.importHint": "粘贴关卡码、链接或关卡 JSON", "ed.importError": "导入失败：{msg}",
    "ed.badCode": "这不是有效的关卡码，可能少抄或抄错了字符。", "ed.badJson": "这段文字不是有效的 JSON。",
    "ed.badShape": "这段 JSON 不是这个玩法的关卡。",
    "ed.otherMode": "这是另一个玩法的关卡包（{mode}）", "ed.playNeedsUnique": "先做成唯一解再试玩",
    "ed.refused": "不能合并：{msg}", "ed.value": "数字", "ed.noCode": "这个棋盘还做不成关卡码：先画几个格子。",
    "ed.err.busy": "服务器正忙，稍后会再检查。", "ed.err.offline": "需要联网才能检查，现在连不上服务器。",
    "ed.err.generic": "服务器出了问题，请稍后再试。", "ed.err.too-big": "关卡太大，发不到服务器。",
    "ed.cells": "（格子：{cells}）", "ed.sep": "、", "ed.unknownCode": "出了一个问题（{code}）。",
  },
  en: {
    "ed.undo": "Undo", "ed.redo": "Redo",
    "ed.checking": "Checking…", "ed.v.none": "No solution", "ed.v.unique": "Unique (proven) · grade {grade}",
    "ed.v.blocked": "Unique, but it cannot be published yet: {problem}",
    "ed.v.multiple": "Two or more solutions: they differ on the yellow cells", "ed.v.too-large": "Too large to check here: use the CLI (check)",
    "ed.v.error": "The check did not run: {msg}", "ed.guessing": "needs guessing", "ed.suggest": "Suggest",
    "ed.suggestion": "Suggested clues: {clues}", "ed.suggestEdit": "Suggested edit: {edit}", "ed.use": "Use", "ed.testPlay": "Test play", "ed.export": "Export",
    "ed.noSuggestion": "No set of number clues makes this a level that can be published: try a wall or a turning wall.",
    "ed.import": "Import", "ed.new": "Clear", "ed.code": "Level code", "ed.link": "Link", "ed.pack": "Pack JSON",
    "ed.importHint": "Paste a level code, a link or level JSON", "ed.importError": "Could not import: {msg}",
    "ed.badCode": "This is not a valid level code; a character may be missing or mistyped.", "ed.badJson": "This text is not valid JSON.",
    "ed.badShape": "This JSON is not a level of this game.",
    "ed.otherMode": "This pack is for another mode ({mode})", "ed.playNeedsUnique": "Make it unique before test play",
    "ed.refused": "Cannot merge: {msg}", "ed.value": "Number", "ed.noCode": "This board cannot become a level code yet: draw some cells first.",
    "ed.err.busy": "The server is busy; the check runs again shortly.", "ed.err.offline": "Checking needs a connection; the server cannot be reached now.",
    "ed.err.generic": "Something went wrong on the server; try again later.", "ed.err.too-big": "The level is too big to send.",
    "ed.cells": " (cells: {cells})", "ed.sep": ", ", "ed.unknownCode": "A problem ({code}).",
  },
};

/** The mode's problem-code catalogue, {zh: {code: sentence}, en: {...}}; {} when unreachable. */
export async function loadCatalogue(modeId) {
  try {
    const res = await fetch(`/api/modes/${encodeURIComponent(modeId)}/problem-codes`);
    if (res.ok) return await res.json();
  } catch { /* offline: the editor says so with its check */ }
  return {};
}

/** A cell as people read it: Hex Walls' "q,r" ids in brackets, so a list stays unambiguous. */
export function cellName(id) {
  return String(id).includes(",") ? `(${id})` : String(id);
}

/** At most this many cells are named in one sentence. */
const NAMED = 8;

/** One problem as a sentence in the player's language, naming its cells (`t` is the editor's). */
export function problemText(p, t, catalogue, lang) {
  const table = catalogue?.[lang] ?? {};
  let text = table[p.code] ?? t("ed.unknownCode", { code: p.code });
  const cells = p.cells ?? [];
  if (cells.length) {
    let named = cells.slice(0, NAMED).map(cellName).join(t("ed.sep"));
    if (cells.length > NAMED) named += lang === "zh" ? ` 等 ${cells.length} 个` : ` and ${cells.length - NAMED} more`;
    text = text.replace(/[。.]$/, "") + t("ed.cells", { cells: named }) + (lang === "zh" ? "。" : ".");
  }
  return text;
}

/** A failed request (fetch error or the server's {error, message}) as a sentence. */
export function requestErrorText(err, t) {
  if (err?.error === "busy" || err?.status === 503) return t("ed.err.busy");
  if (err?.error === "too-big" || err?.status === 413) return t("ed.err.too-big");
  if (err instanceof TypeError || err?.status === undefined) return t("ed.err.offline");
  return t("ed.err.generic");
}

// The editor's words: Simplified Chinese first, English second. Problem codes are the
// engine's (validate's) codes; the server's English message is kept as the detail.
export const strings = {
  zh: {
    "ed.undo": "撤销", "ed.redo": "重做",
    "ed.checking": "检查中…", "ed.v.none": "无解", "ed.v.unique": "唯一解（已证明）· 难度 {grade}",
    "ed.v.multiple": "两个或更多解：标黄的格子两解不同", "ed.v.too-large": "太大，这里查不了，请用命令行 check",
    "ed.v.error": "检查失败：{msg}", "ed.guessing": "需要猜", "ed.suggest": "给点建议",
    "ed.suggestion": "建议线索：{clues}", "ed.use": "采用", "ed.testPlay": "试玩", "ed.export": "导出",
    "ed.import": "导入", "ed.new": "清空", "ed.code": "关卡码", "ed.link": "链接", "ed.pack": "关卡包 JSON",
    "ed.importHint": "粘贴关卡码、链接或关卡 JSON", "ed.importError": "导入失败：{msg}",
    "ed.otherMode": "这是另一个玩法的关卡包（{mode}）", "ed.playNeedsUnique": "先做成唯一解再试玩",
    "ed.refused": "不能合并：{msg}", "ed.value": "数字",
  },
  en: {
    "ed.undo": "Undo", "ed.redo": "Redo",
    "ed.checking": "Checking…", "ed.v.none": "No solution", "ed.v.unique": "Unique (proven) · grade {grade}",
    "ed.v.multiple": "Two or more solutions: they differ on the yellow cells", "ed.v.too-large": "Too large to check here: use the CLI (check)",
    "ed.v.error": "Check failed: {msg}", "ed.guessing": "needs guessing", "ed.suggest": "Suggest",
    "ed.suggestion": "Suggested clues: {clues}", "ed.use": "Use", "ed.testPlay": "Test play", "ed.export": "Export",
    "ed.import": "Import", "ed.new": "Clear", "ed.code": "Level code", "ed.link": "Link", "ed.pack": "Pack JSON",
    "ed.importHint": "Paste a level code, a link or level JSON", "ed.importError": "Could not import: {msg}",
    "ed.otherMode": "This pack is for another mode ({mode})", "ed.playNeedsUnique": "Make it unique before test play",
    "ed.refused": "Cannot merge: {msg}", "ed.value": "Number",
  },
};

/** What a rule code means, in Chinese (English players read the engine's message). */
const ZH = {
  "no-solution": "无解", "not-unique": "不止一个解", "too-large": "棋盘太大，这里不检查，请用命令行",
  "rect-size": "不是允许的矩形（1×1、1×2、2×1、2×2、3×3）", "shape-catalogue": "不是 I/L/S/T/O 形（2–4 格）",
  "shape-bbox": "形状和外框不符", "cell-overlap": "格子重叠", "clue-repeated": "数字重复",
  "clue-range": "数字超出 1..格数", "board-disconnected": "棋盘不连通", "parity-redundant": "这个奇偶提示多余",
  "clue-and-parity": "一格不能既有数字又有奇偶", "level-no-cells": "棋盘是空的",
  "walls-missing": "至少要有一道墙或转墙", "walls-unneeded": "去掉所有墙仍唯一：墙没起作用",
  "wall-redundant": "这道墙可以去掉", "turner-redundant": "这个转墙可以去掉", "turner-replaceable": "换成固定墙也唯一：转动没起作用",
  "needs-guessing": "逻辑推不完，需要猜", "duplicate-shipped": "和内置关卡相同（旋转或翻转后）", "region-count": "区域数必须等于边长", "region-disconnected": "区域不连通",
  "board-size": "边长超出范围", "board-not-square": "棋盘不是正方形", "wall-off-board": "墙不在棋盘上",
  "wall-not-adjacent": "墙两边的格子不相邻", "pivot-not-vertex": "转墙轴不在三格交点", "turner-at": "转墙起始边不在它的三条边上",
};

/** One problem line in the player's language. */
export function problemText(p, lang) {
  if (lang === "en" || !ZH[p.code]) return p.message;
  return `${ZH[p.code]}（${p.message}）`;
}

// Words: Simplified Chinese first, English second. Modes add theirs via `strings`.
import { settings } from "./settings.js";

const dict = {
  zh: {
    appTitle: "谜题工坊", chooseMode: "选择玩法", levels: "关卡", menu: "菜单", back: "返回",
    levelSelect: "关卡列表", home: "返回首页", settings: "设置", close: "关闭",
    language: "语言", sound: "音效", vibration: "振动", highContrast: "色弱辅助（条纹）", reducedMotion: "减弱动态效果",
    showAll: "开放全部关卡", conflicts: "标出错误", "conflicts.instant": "立即", "conflicts.full": "填满后",
    autoMark: "放牛后自动打 ✕", loadError: "加载失败：{msg}", retry: "重试", locked: "未解锁",
    cleared: "已通关", allCleared: "全部关卡已通关！", levelsCount: "{n} 关", comingSoon: "敬请期待",
    saveFailed: "无法保存进度（存储空间已满？）：本次游戏中仍会记住",
    needsConnection: "{feature}需要联网，现在连不上服务器；已打开过的关卡离线照样能玩。", needsServerFile: "{feature}需要联网版游戏，这个试玩文件里没有。",
    offlineFile: "离线",
    cancel: "取消",
    "pf.ask": "先起个名字：点赞、举报、发布和每日挑战都用它", "pf.rules": "2–16 个字符：文字、数字、空格或 _-.·'",
    "pf.save": "好", "pf.bad": "这个名字不行：{msg}", "pf.rename": "改个名字",
    "hint.reveal": "补数字：填出一格在路线上是第几步", "hint.guide": "指路：指出下一步该走哪一格（走错时指出退回到哪）",
    storeDropped: "一份保存的数据已损坏，已丢弃，其余进度还在",
    "grade.easy": "简单", "grade.medium": "中等", "grade.hard": "困难", "grade.expert": "专家",
    "grade.hall": "（多色共占 {k}）",
    // play by keyboard and screen reader (kit/access.js): a cell's words, what was done
    "a11y.sep": "，", "a11y.step": "第 {k} 步", "a11y.number": "数字 {n}", "a11y.odd": "奇数", "a11y.even": "偶数",
    "a11y.walked": "已走", "a11y.notWalked": "未走", "a11y.start": "起点", "a11y.end": "终点", "a11y.conflict": "冲突",
    "a11y.rowcol": "第 {r} 行第 {c} 列", "a11y.empty": "空", "a11y.mark": "打了 ✕", "a11y.cow": "奶牛", "a11y.region": "{letter} 区",
    "a11y.cannot": "不能走到这里", "a11y.startHere": "从起点开始：{cell}", "a11y.cleared": "过关！", "a11y.left": "还剩 {n} 格",
    "a11y.walls": "有墙：{dirs}", "a11y.dir.0": "右", "a11y.dir.1": "右下", "a11y.dir.2": "左下", "a11y.dir.3": "左", "a11y.dir.4": "左上", "a11y.dir.5": "右上",
    check: "检查", "check.none": "目前没有发现错误",
    "a11y.board": "棋盘：方向键移动，空格或回车走一步，退格键退一步",
  },
  en: {
    appTitle: "Puzzlesmith", chooseMode: "Choose a game", levels: "Levels", menu: "Menu", back: "Back",
    levelSelect: "Level list", home: "Home", settings: "Settings", close: "Close",
    language: "Language", sound: "Sound", vibration: "Vibration", highContrast: "Colour-blind aid (stripes)", reducedMotion: "Reduce motion",
    showAll: "Open all levels", conflicts: "Mark errors", "conflicts.instant": "Instantly", "conflicts.full": "When the board is full",
    autoMark: "Auto ✕ around a placed cow", loadError: "Could not load: {msg}", retry: "Retry", locked: "Locked",
    cleared: "Cleared", allCleared: "All levels cleared!", levelsCount: "{n} levels", comingSoon: "Coming soon",
    saveFailed: "Progress could not be saved (storage full?); it is kept until you close the game",
    needsConnection: "{feature} needs a connection; the server cannot be reached now. Levels you have opened still play offline.", needsServerFile: "{feature} needs the online game; this trial file does not have it.",
    offlineFile: "offline",
    cancel: "Cancel",
    "pf.ask": "Pick a name first: likes, reports, publishing and the daily use it", "pf.rules": "2–16 characters: letters, digits, spaces or _-.·'",
    "pf.save": "OK", "pf.bad": "That name does not work: {msg}", "pf.rename": "Change your name",
    "hint.reveal": "Add number: shows which step of the path one cell is", "hint.guide": "Show way: points at the next cell to go to (or where to go back to)",
    storeDropped: "A damaged save was dropped; the rest is kept",
    "grade.easy": "easy", "grade.medium": "medium", "grade.hard": "hard", "grade.expert": "expert",
    "grade.hall": " (shared rows {k})",
    "a11y.sep": ", ", "a11y.step": "step {k}", "a11y.number": "number {n}", "a11y.odd": "odd", "a11y.even": "even",
    "a11y.walked": "walked", "a11y.notWalked": "not walked", "a11y.start": "start", "a11y.end": "end", "a11y.conflict": "conflict",
    "a11y.rowcol": "row {r} column {c}", "a11y.empty": "empty", "a11y.mark": "crossed out", "a11y.cow": "cow", "a11y.region": "region {letter}",
    "a11y.cannot": "Can't go there", "a11y.startHere": "Start on the start cell: {cell}", "a11y.cleared": "Cleared!", "a11y.left": "{n} cells left",
    "a11y.walls": "walls: {dirs}", "a11y.dir.0": "right", "a11y.dir.1": "lower right", "a11y.dir.2": "lower left", "a11y.dir.3": "left", "a11y.dir.4": "upper left", "a11y.dir.5": "upper right",
    check: "Check", "check.none": "No errors so far",
    "a11y.board": "Board: arrow keys move, Space or Enter plays, Backspace steps back",
  },
};

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
  // Cows: "hard (hall 2)" names the largest Hall set (the 多色共占 technique) it needs
  const hall = /^(\w+) \(hall (\d+)\)$/.exec(String(grade ?? ""));
  if (hall) return gradeName(hall[1], tr) + tr("grade.hall", { k: hall[2] });
  const key = `grade.${grade}`;
  const s = tr(key);
  return s === key ? String(grade ?? "") : s;
}

// The daily challenge's words: Simplified Chinese first, English complete.
import { addStrings, t } from "./i18n.js";

addStrings({
  zh: {
    "d.entry": "每日挑战", "d.entrySub": "每天三道新题 · 排行榜 · 连续天数", "d.title": "每日挑战",
    "d.new": "未开始", "d.started": "进行中", "d.finished": "已完成",
    "d.rank": "第 {rank} 名", "d.unranked": "未排名", "d.board": "排行榜", "d.stats": "我的统计",
    "d.nameAsk": "给自己起个名字，它会出现在排行榜上", "d.nameRules": "2–16 个字符：文字、数字、空格或 _-.·'",
    "d.nameSave": "开始", "d.nameBad": "这个名字不行：{msg}", "d.rename": "改名", "d.you": "你",
    "d.claimAsk": "已有转移码？", "d.claim": "转入", "d.claimBad": "转移码无效：{msg}",
    "d.time": "用时", "d.flawless": "完美（未用提示、未撤销）", "d.hints": "用了 {n} 次提示",
    "d.flagged": "成绩已记录，但未计入排名：",
    "d.flag.too-fast": "快得不像人手：平均每一步不到 60 毫秒。", "d.flag.archive": "这是往日的题目，往日的题目不排名。",
    "d.flag.no-log": "没有收到这一局的计时记录，无法核对用时。",
    "d.flag.under-floor": "比人读完这道题、做完它的每个决定所需的最短时间还快。",
    "d.flag.machine-timing": "每一步的间隔都一样长，手做不到这么均匀。",
    "d.flag.no-pause": "整局没有一次停顿超过一秒，连看题的时间都没有。",
    "d.flag.fast-decisions": "一半的决定都在四分之一秒内做出。", "d.flag.other": "这一局的用时无法核对。",
    "d.moved": "「{name}」已用转移码转到另一台设备，这台设备不再登录它。可以在下面取个新名字，或在旧设备上生成新的转移码、在这里输入，把它拿回来。",
    "d.celebrate": "完成！", "d.shareImage": "分享成绩图", "d.shareAlt": "成绩图：{title}，用时 {time}",
    "d.streak": "连续 {n} 天", "d.copy": "复制结果", "d.copied": "已复制", "d.share": "分享",
    "d.back": "返回每日挑战", "d.empty": "还没有人完成，快来当第一名！", "d.emptyPast": "那天没有记入排名的成绩（往日的题目不排名）",
    "d.freezeWhy": "❄ 冻结卡：漏掉一天时自动用掉一张，连续天数不断；每完成 5 天得一张，最多存 2 张。",
    "d.weekdays": "一 二 三 四 五 六 日", "d.months": "1月 2月 3月 4月 5月 6月 7月 8月 9月 10月 11月 12月", "d.done": "看成绩",
    "d.daysPlayed": "参与天数", "d.current": "当前连续", "d.best": "最长连续", "d.freezes": "冻结卡",
    "d.bestTime": "最快", "d.meanTime": "平均", "d.played": "完成", "d.calendar": "打卡日历", "d.rating": "等级分",
    "d.transfer": "转移到其他设备", "d.transferCode": "在另一台设备的每日挑战页输入：{code}（24 小时内有效）",
    "d.refused": "成绩未被接受：{msg}", "d.shareHead": "谜题工坊 每日挑战",
    "d.shareFlawless": "完美", "d.shareHints": "提示 {n} 次", "d.shareStreak": "连续 {n} 天", "d.legend": "★ 完美：未用提示、未撤销", "d.watch": "看 {name} 的回放",
  },
  en: {
    "d.entry": "Daily", "d.entrySub": "Three new puzzles a day · leaderboards · streaks", "d.title": "Daily challenge",
    "d.new": "Not started", "d.started": "In progress", "d.finished": "Done",
    "d.rank": "Rank {rank}", "d.unranked": "Not ranked", "d.board": "Leaderboard", "d.stats": "My stats",
    "d.nameAsk": "Pick a name; it is shown on the leaderboards", "d.nameRules": "2–16 characters: letters, digits, spaces or _-.·'",
    "d.nameSave": "Start", "d.nameBad": "That name does not work: {msg}", "d.rename": "Rename", "d.you": "you",
    "d.claimAsk": "Have a transfer code?", "d.claim": "Move here", "d.claimBad": "Transfer code not accepted: {msg}",
    "d.time": "Time", "d.flawless": "Flawless (no hint, no undo)", "d.hints": "{n} hint(s) used",
    "d.flagged": "Recorded, but not ranked:",
    "d.flag.too-fast": "Faster than a human hand: under 60 ms a move.", "d.flag.archive": "This is a past day's puzzle; past days are not ranked.",
    "d.flag.no-log": "No timed record of the moves arrived, so the time cannot be checked.",
    "d.flag.under-floor": "Cleared faster than a person can read this puzzle and make its decisions.",
    "d.flag.machine-timing": "The moves came at an even pace no hand keeps.",
    "d.flag.no-pause": "No pause of a second anywhere in the run, not even to read the board.",
    "d.flag.fast-decisions": "Half the decisions came faster than a quarter second.", "d.flag.other": "This run's timing cannot be checked.",
    "d.moved": "“{name}” was moved to another device with a transfer code, so this device is signed out of it. Pick a new name below, or make a new transfer code on the other device and enter it here to bring it back.",
    "d.celebrate": "Solved!", "d.shareImage": "Share picture", "d.shareAlt": "Result picture: {title}, time {time}",
    "d.streak": "{n}-day streak", "d.copy": "Copy result", "d.copied": "Copied", "d.share": "Share",
    "d.back": "Back to the daily", "d.empty": "Nobody has finished yet: be the first!", "d.emptyPast": "No ranked results that day (past days' puzzles are not ranked)",
    "d.freezeWhy": "❄ Freeze: used by itself when you miss a day, so the streak holds; you earn one per 5 days played, 2 at most.",
    "d.weekdays": "Mo Tu We Th Fr Sa Su", "d.months": "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec", "d.done": "Result",
    "d.daysPlayed": "Days played", "d.current": "Current streak", "d.best": "Best streak", "d.freezes": "Freezes",
    "d.bestTime": "Best", "d.meanTime": "Mean", "d.played": "Played", "d.calendar": "Calendar", "d.rating": "Rating",
    "d.transfer": "Move to another device", "d.transferCode": "On the other device's Daily page enter: {code} (valid 24 h)",
    "d.refused": "Result not accepted: {msg}", "d.shareHead": "Puzzlesmith Daily",
    "d.shareFlawless": "flawless", "d.shareHints": "{n} hint(s)", "d.shareStreak": "{n}-day streak", "d.legend": "★ flawless: no hint, no undo", "d.watch": "Watch {name}'s replay",
  },
});

/** 83450 → "1:23.4" (m:ss.t); over an hour "1:02:03". */
export function clock(ms, tenths = true) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const mm = h ? `${h}:${String(m).padStart(2, "0")}` : String(m);
  const tail = tenths ? `.${Math.floor((ms % 1000) / 100)}` : "";
  return `${mm}:${String(sec).padStart(2, "0")}${tail}`;
}

/** Why a run is not ranked, one sentence per flag (the finish answer's `flags`) in the
 *  player's language; a flag this client does not know reads as a general sentence, never
 *  as its code. */
export function flagSentences(flags) {
  return [...new Set(flags.map((f) => {
    const key = `d.flag.${f}`;
    const known = t(key);
    return known === key ? t("d.flag.other") : known;
  }))];
}

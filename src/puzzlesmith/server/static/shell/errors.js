// A refusal in the player's words: the server's error codes (and "offline") become one
// sentence in the current language; its English message is shown as is on an English
// screen only when no sentence is known, never on a Chinese one (issue #31).
import { addStrings, t } from "./i18n.js";

addStrings({
  zh: {
    "err.offline": "需要联网：现在连不上服务器。已打开过的关卡离线照样能玩。",
    "err.bad-name": "名字要 2–16 个字符，只能用文字、数字、空格或 _-.·'",
    "err.bad-text": "文字太短、太长或含有不能用的字符",
    "err.bad-code": "少抄或抄错了几个字符",
    "err.code-level": "这个关卡码里的棋盘不能玩（例如是空的或无解）",
    "err.rate-limited": "操作太频繁，请稍后再试",
    "err.no-token": "请先起个名字", "err.bad-token": "这台设备上的资料已失效，请重新起个名字",
    "err.foreign-token": "这一局不属于你", "err.already-finished": "这一题今天已经完成了",
    "err.unknown-level": "找不到这一关", "err.unknown-mode": "找不到这个玩法",
    "err.not-cleared": "还没有完成", "err.illegal-move": "有一步不合规则", "err.bad-log": "这一局的记录无法核对",
    "err.duplicate": "同样的棋盘已经有人发布了", "err.not-unique": "这一关不止一个解，不能发布",
    "err.busy": "服务器正忙，请稍后再试", "err.internal": "服务器出了点问题，请稍后再试",
    "err.too-many-rooms": "现在直播间太多了，请稍后再试", "err.future-date": "那一天还没到",
    "err.other": "服务器拒绝了这个请求（{code}）",
  },
  en: {
    "err.offline": "Needs a connection: the server cannot be reached. Levels you have opened still play offline.",
    "err.bad-name": "A name is 2–16 characters: letters, digits, spaces or _-.·'",
    "err.bad-text": "The text is too short, too long or has characters that are not allowed",
    "err.bad-code": "some characters are missing or mistyped",
    "err.code-level": "The board in this level code cannot be played (empty or unsolvable)",
    "err.rate-limited": "Too many requests; try again in a moment",
    "err.no-token": "Pick a name first", "err.bad-token": "Your profile on this device is no longer valid; pick a name again",
    "err.foreign-token": "This run is not yours", "err.already-finished": "You finished this one today",
    "err.unknown-level": "No such level", "err.unknown-mode": "No such game",
    "err.not-cleared": "Not finished yet", "err.illegal-move": "A move breaks the rules", "err.bad-log": "This run's record cannot be checked",
    "err.duplicate": "The same board is already published", "err.not-unique": "This level has more than one solution; it cannot be published",
    "err.busy": "The server is busy; try again in a moment", "err.internal": "Something went wrong on the server; try again later",
    "err.too-many-rooms": "Too many streams right now; try again later", "err.future-date": "That day has not come yet",
    "err.other": "The server refused this ({code})",
  },
});

/** One sentence for a rejection `{status, error, message}` (api.js) or an Error. */
export function explain(err) {
  // a sentence the client made itself (needsConnection, …): already in the player's words
  if (!err || typeof err !== "object" || (err.status === undefined && !err.error && !err.code)) return String(err?.message ?? err);
  const code = err?.status === 0 ? "offline" : String(err?.error || err?.code || "");
  const key = `err.${code}`;
  const known = t(key);
  if (code && known !== key) return known;
  if (err?.status === 429) return t("err.rate-limited");
  if (err?.status >= 500) return t("err.busy");
  return t("err.other", { code: code || err?.status || "?" });
}

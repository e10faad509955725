// A refusal in the player's words: the server's error codes (and "offline") become one
// sentence in the current language; its English message is shown as is on an English
// screen only when no sentence is known, never on a Chinese one (issue #31).
import { addStrings, t } from "./i18n.js";

// error code → [中文, English]: one sentence each
const SENTENCES = {
  offline: ["需要联网：现在连不上服务器。已打开过的关卡离线照样能玩。", "Needs a connection: the server cannot be reached. Levels you have opened still play offline."],
  // the same in one line for the top strip's toast (a whole sentence there is cut off)
  "offline-short": ["需要联网：现在连不上服务器", "Needs a connection: no server"],
  "bad-name": ["名字要 2–16 个字符，只能用文字、数字、空格或 _-.·'", "A name is 2–16 characters: letters, digits, spaces or _-.·'"],
  "bad-text": ["文字太短、太长或含有不能用的字符", "The text is too short, too long or has characters that are not allowed"],
  "bad-code": ["少抄或抄错了几个字符", "some characters are missing or mistyped"],
  "code-level": ["这个关卡码里的棋盘不能玩（例如是空的或无解）", "The board in this level code cannot be played (empty or unsolvable)"],
  "rate-limited": ["操作太频繁，请稍后再试", "Too many requests; try again in a moment"],
  "no-token": ["请先起个名字", "Pick a name first"],
  "bad-token": ["这台设备上的资料已失效，请重新起个名字", "Your profile on this device is no longer valid; pick a name again"],
  "foreign-token": ["这一局不属于你", "This run is not yours"],
  "already-finished": ["这一题今天已经完成了", "You finished this one today"],
  "unknown-level": ["找不到这一关", "No such level"],
  "unknown-mode": ["找不到这个玩法", "No such game"],
  "not-cleared": ["还没有完成", "Not finished yet"],
  "illegal-move": ["有一步不合规则", "A move breaks the rules"],
  "bad-log": ["这一局的记录无法核对", "This run's record cannot be checked"],
  duplicate: ["同样的棋盘已经有人发布了", "The same board is already published"],
  "not-unique": ["这一关不止一个解，不能发布", "This level has more than one solution; it cannot be published"],
  busy: ["服务器正忙，请稍后再试", "The server is busy; try again in a moment"],
  internal: ["服务器出了点问题，请稍后再试", "Something went wrong on the server; try again later"],
  "too-many-rooms": ["现在直播间太多了，请稍后再试", "Too many streams right now; try again later"],
  "future-date": ["那一天还没到", "That day has not come yet"],
  other: ["服务器拒绝了这个请求（{code}）", "The server refused this ({code})"],
};
const table = (i) => Object.fromEntries(Object.entries(SENTENCES).map(([k, v]) => [`err.${k}`, v[i]]));
addStrings({ zh: table(0), en: table(1) });

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

/** explain(), in one line for a toast: offline is the short sentence. */
export function explainShort(err) {
  return err && typeof err === "object" && err.status === 0 ? t("err.offline-short") : explain(err);
}

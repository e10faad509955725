// Friends: my friend code and link, follow by code, who I follow, the opt-out, and how
// my friends are doing (#/daily/friends); #/daily/friend/<code> follows from a link.
// The friend board itself is a tab of the daily leaderboard (dailyviews.js).
import * as dapi from "./dailyapi.js";
import { el, button } from "./dom.js";
import { t, addStrings } from "./i18n.js";
import { clock } from "./dailywords.js";

addStrings({
  zh: {
    "f.title": "好友", "f.code": "我的好友码", "f.link": "好友链接", "f.copy": "复制链接", "f.copied": "已复制",
    "f.add": "关注", "f.addAsk": "输入朋友的好友码", "f.following": "我关注的人", "f.none": "还没有关注任何人。把你的好友码发给朋友，或输入他们的好友码。",
    "f.unfollow": "取消关注", "f.hidden": "（已隐藏）", "f.hide": "不出现在别人的好友榜上", "f.followers": "{n} 人关注了你",
    "f.followed": "已关注 {name}", "f.again": "你已经关注了 {name}", "f.bad": "关注失败：{msg}",
    "f.stats": "好友近况", "f.streak": "连续 {n} 天", "f.days": "参与 {n} 天", "f.today": "今天完成 {n} 道",
    "f.tabAll": "全部", "f.tabFriends": "好友", "f.boardEmpty": "今天还没有好友完成。",
    "f.me": "我", "f.todayCol": "今天",
    "f.noFriend": "没有这个好友码", "f.self": "这是你自己的好友码", "f.tooMany": "关注的人太多了",
    "f.badCode": "这不是好友码，请检查后再试", "f.failed": "现在关注不了，请稍后再试",
  },
  en: {
    "f.title": "Friends", "f.code": "My friend code", "f.link": "Friend link", "f.copy": "Copy link", "f.copied": "Copied",
    "f.add": "Follow", "f.addAsk": "Enter a friend's code", "f.following": "Following", "f.none": "You follow nobody yet. Send your code to a friend, or enter theirs.",
    "f.unfollow": "Unfollow", "f.hidden": " (hidden)", "f.hide": "Keep me off other players' friend boards", "f.followers": "{n} follow(s) you",
    "f.followed": "Following {name}", "f.again": "You already follow {name}", "f.bad": "Could not follow: {msg}",
    "f.stats": "How friends are doing", "f.streak": "{n}-day streak", "f.days": "{n} day(s) played", "f.today": "{n} done today",
    "f.tabAll": "Everyone", "f.tabFriends": "Friends", "f.boardEmpty": "No friend has finished this one yet.",
    "f.me": "me", "f.todayCol": "Today",
    "f.noFriend": "No player has this friend code", "f.self": "This is your own friend code", "f.tooMany": "You follow too many players",
    "f.badCode": "That is not a friend code; check it and try again", "f.failed": "Following does not work right now; try again later",
  },
});

const enc = encodeURIComponent;
export const mine = () => dapi.authed("GET", "/api/friends");
export const follow = (code) => dapi.authed("POST", "/api/friends", { code });
export const unfollow = (id) => dapi.authed("DELETE", `/api/friends/${enc(id)}`);
export const setHidden = (hidden) => dapi.authed("PATCH", "/api/friends/me", { hidden });
export const stats = () => dapi.authed("GET", "/api/friends/stats");
export const board = (mode, date) =>
  dapi.authed("GET", `/api/friends/board/${enc(mode)}${date ? `?date=${enc(date)}` : ""}`);

const linkOf = (code) => `${location.origin}${location.pathname}#/daily/friend/${code}`;

/** A refusal in the player's language, never the API's own text: a malformed code (a
 *  bad link: too long, wrong letters) is "not a friend code", anything else unknown a
 *  plain "try again later". */
function why(err) {
  const key = { "no-friend": "f.noFriend", "self-follow": "f.self", "too-many-friends": "f.tooMany" }[err?.error];
  if (key) return t(key);
  if (err?.field === "code" || err?.error === "invalid-request") return t("f.badCode");
  return t("f.failed");
}

async function followAndSay(env, code) {
  try {
    const r = await follow(code);
    env.toast(t(r.new ? "f.followed" : "f.again", { name: r.followed.name }));
    return true;
  } catch (err) { env.toast(t("f.bad", { msg: why(err) }), 4000); return false; }
}

/** #/daily/friend/<code>: follow, then the friends screen. */
export async function followFromLink(env, code) {
  await followAndSay(env, code);
  if (env.current()) env.go("daily", "friends");
}

export async function renderFriends(env) {
  const [me, st] = await Promise.all([mine(), stats()]);
  if (!env.current()) return;
  env.topBar.setTitle(t("f.title"));
  const wrap = el("div", "scroll daily f-friends");
  const code = el("div", "f-code", me.code);
  code.dataset.code = me.code;
  const copyBtn = button("d-btn d-primary", t("f.copy"), { action: "copy-link" }, async () => {
    try { await navigator.clipboard.writeText(linkOf(me.code)); env.toast(t("f.copied")); } catch { env.toast(linkOf(me.code), 6000); }
  });
  wrap.append(el("h1", "shell-title", t("f.title")), el("p", "d-muted", t("f.code")), code,
    el("p", "d-muted f-link", linkOf(me.code)), copyBtn, el("p", "d-muted", t("f.followers", { n: me.followers })));

  const form = el("form", "d-name f-add");
  const input = el("input");
  input.name = "code"; input.placeholder = "ABCD-EFGH"; input.autocapitalize = "characters"; input.maxLength = 20;
  input.setAttribute("aria-label", t("f.addAsk"));
  form.append(el("p", "", t("f.addAsk")), input, el("button", "d-btn", t("f.add")));
  form.onsubmit = async (e) => {
    e.preventDefault();
    if (await followAndSay(env, input.value)) env.route();
  };
  wrap.append(form, el("h2", "d-h2", t("f.following")));

  const list = el("ul", "d-board f-list");
  for (const f of me.following) {
    const li = el("li");
    li.dataset.friend = f.id;
    li.append(el("span", "d-who", f.name + (f.hidden ? t("f.hidden") : "")),
      button("d-btn d-play", t("f.unfollow"), { action: "unfollow" }, async () => { await unfollow(f.id); env.route(); }));
    list.append(li);
  }
  wrap.append(me.following.length ? list : el("p", "d-muted", t("f.none")));

  if (st.friends.length) {
    wrap.append(el("h2", "d-h2", t("f.stats")));
    const box = el("ul", "d-board f-stats");
    for (const f of st.friends) {
      const li = el("li");
      li.append(el("span", "d-who", f.name),
        el("span", "d-t", [t("f.streak", { n: f.streak.current }), t("f.days", { n: f.days_played }), t("f.today", { n: f.today.length })].join(" · ")));
      box.append(li);
    }
    wrap.append(box);
  }

  const hide = el("label", "f-hide");
  const box = el("input");
  box.type = "checkbox"; box.checked = me.hidden; box.name = "hidden";
  box.onchange = async () => { await setHidden(box.checked); };
  hide.append(box, el("span", "", t("f.hide")));
  wrap.append(hide, button("d-btn d-wide", t("d.back"), { action: "back" }, () => env.go("daily")));
  env.view.replaceChildren(wrap);
}

/** The friend board's rows, in the leaderboard's own list (dailyviews.js). */
export function friendRows(b) {
  const list = el("ol", "d-board");
  for (const e of b.entries) {
    const li = el("li", e.me ? "d-mine" : "");
    li.dataset.entry = String(e.id);
    li.append(el("span", "d-pos", String(e.rank)), el("span", "d-who", e.name),
      el("span", "d-t", `${clock(e.time_ms)}${e.flawless ? " ★" : ""}`));
    list.append(li);
  }
  return list;
}

/** The stats screen's 好友 tab: me, then each visible friend — current and best streak,
 * days played, dailies done today (`st`: my own /api/daily/stats; `friends`: /api/friends/stats). */
export function friendStatsTable(st, friends) {
  const table = el("table", "d-table f-table");
  const head = el("tr");
  for (const k of ["", "d.current", "d.best", "d.daysPlayed", "f.todayCol"]) head.append(el("th", "", k ? t(k) : ""));
  table.append(head);
  const today = new Date().toISOString().slice(0, 10);
  const rows = [{ id: "", name: `${st.name} (${t("f.me")})`, streak: st.streak, days_played: st.days_played,
    today: st.calendar[today] || [], me: true }, ...friends];
  for (const f of rows) {
    const tr = el("tr", f.me ? "d-mine" : "");
    if (f.id) tr.dataset.friend = f.id;
    tr.append(el("td", "", f.name), el("td", "", String(f.streak.current)), el("td", "", String(f.streak.best)),
      el("td", "", String(f.days_played)), el("td", "", String(f.today.length)));
    table.append(tr);
  }
  return table;
}

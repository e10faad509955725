// Friends: my friend code and link, follow by code, who I follow, the opt-out, and how
// my friends are doing (#/daily/friends); #/daily/friend/<code> follows from a link.
// The friend board itself is a tab of the daily leaderboard (dailyviews.js).
import * as dapi from "./dailyapi.js";
import { el, button } from "./dom.js";
import { t } from "./i18n.js";
import { clock } from "./dailywords.js";

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
  const key = { "no-friend": "fr.noFriend", "self-follow": "fr.self", "too-many-friends": "fr.tooMany" }[err?.error];
  if (key) return t(key);
  if (err?.field === "code" || err?.error === "invalid-request") return t("fr.badCode");
  return t("fr.failed");
}

async function followAndSay(env, code) {
  try {
    const r = await follow(code);
    env.toast(t(r.new ? "fr.followed" : "fr.again", { name: r.followed.name }));
    return true;
  } catch (err) { env.toast(t("fr.bad", { msg: why(err) }), 4000); return false; }
}

/** #/daily/friend/<code>: follow, then the friends screen. */
export async function followFromLink(env, code) {
  await followAndSay(env, code);
  if (env.current()) env.go("daily", "friends");
}

export async function renderFriends(env) {
  const [me, st] = await Promise.all([mine(), stats()]);
  if (!env.current()) return;
  env.topBar.setTitle(t("fr.title"));
  const wrap = el("div", "scroll daily f-friends");
  const code = el("div", "f-code", me.code);
  code.dataset.code = me.code;
  const copyBtn = button("d-btn d-primary", t("fr.copy"), { action: "copy-link" }, async () => {
    try { await navigator.clipboard.writeText(linkOf(me.code)); env.toast(t("fr.copied")); } catch { env.toast(linkOf(me.code), 6000); }
  });
  wrap.append(el("h1", "shell-title", t("fr.title")), el("p", "d-muted", t("fr.code")), code,
    el("p", "d-muted f-link", linkOf(me.code)), copyBtn, el("p", "d-muted", t("fr.followers", { n: me.followers })));

  const form = el("form", "d-name f-add");
  const input = el("input");
  input.name = "code"; input.placeholder = "ABCD-EFGH"; input.autocapitalize = "characters"; input.maxLength = 20;
  input.setAttribute("aria-label", t("fr.addAsk"));
  form.append(el("p", "", t("fr.addAsk")), input, el("button", "d-btn", t("fr.add")));
  form.onsubmit = async (e) => {
    e.preventDefault();
    if (await followAndSay(env, input.value)) env.route();
  };
  wrap.append(form, el("h2", "d-h2", t("fr.following")));

  const list = el("ul", "d-board f-list");
  for (const f of me.following) {
    const li = el("li");
    li.dataset.friend = f.id;
    li.append(el("span", "d-who", f.name + (f.hidden ? t("fr.hidden") : "")),
      button("d-btn d-play", t("fr.unfollow"), { action: "unfollow" }, async () => { await unfollow(f.id); env.route(); }));
    list.append(li);
  }
  wrap.append(me.following.length ? list : el("p", "d-muted", t("fr.none")));

  if (st.friends.length) {
    wrap.append(el("h2", "d-h2", t("fr.stats")));
    const box = el("ul", "d-board f-stats");
    for (const f of st.friends) {
      const li = el("li");
      li.append(el("span", "d-who", f.name),
        el("span", "d-t", [t("fr.streak", { n: f.streak.current }), t("fr.days", { n: f.days_played }), t("fr.today", { n: f.today.length })].join(" · ")));
      box.append(li);
    }
    wrap.append(box);
  }

  const hide = el("label", "f-hide");
  const box = el("input");
  box.type = "checkbox"; box.checked = me.hidden; box.name = "hidden";
  box.onchange = async () => { await setHidden(box.checked); };
  hide.append(box, el("span", "", t("fr.hide")));
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
  for (const k of ["", "d.current", "d.best", "d.daysPlayed", "fr.todayCol"]) head.append(el("th", "", k ? t(k) : ""));
  table.append(head);
  const today = new Date().toISOString().slice(0, 10);
  const rows = [{ id: "", name: `${st.name} (${t("fr.me")})`, streak: st.streak, days_played: st.days_played,
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

// The daily's result screens: the clear (time, rank, share), the leaderboard, my stats.
import * as dapi from "./dailyapi.js";
import { clock, flagSentences } from "./dailywords.js";
import { settings } from "./settings.js";
import { t } from "./i18n.js";
import { el, button } from "./dom.js";
import { explain } from "./errors.js";
import { board as friendBoard, friendRows, stats as friendStats, friendStatsTable } from "./friends.js";
import "./breakdown.js";  // its words (bd.*)

export const titleOf = (m) => (settings.lang === "en" ? m.title.en : m.title.zh);

/** The spoiler-free result: mode, number, time, flawless or hints, streak, link (at the
 * server's public address, `url` from /share; this page's origin when it has none). */
export function shareText(mode, number, r, streak, url = null) {
  const how = r.flawless ? `★ ${t("d.shareFlawless")}` : t("d.shareHints", { n: r.hints });
  const lines = [t("d.shareHead"), `${titleOf(mode)} #${number} · ${clock(r.time_ms)} · ${how}`];
  if (streak > 0) lines.push(t("d.shareStreak", { n: streak }));
  lines.push(url || `${location.origin}/#/daily/${encodeURIComponent(mode.id)}`);
  return lines.join("\n");
}

const CELEBRATE_KEY = (modeId) => `daily:celebrate:${modeId}`;
/** The clear just recorded: its result screen opens with the celebration (once). */
export function celebrateNext(modeId) {
  try { sessionStorage.setItem(CELEBRATE_KEY(modeId), "1"); } catch { /* no celebration */ }
}
function takeCelebration(modeId) {
  try {
    const on = sessionStorage.getItem(CELEBRATE_KEY(modeId)) === "1";
    sessionStorage.removeItem(CELEBRATE_KEY(modeId));
    return on;
  } catch { return false; }
}

const CELEBRATE_MS = 1300;
const reducedMotion = () => settings.reducedMotion;   // the setting follows the OS by default

/** A short burst before the rank: sparks round the time, the time counting up, then the
 * rank. Under reduced motion the same words without movement, the rank at once. */
function celebrate(box, big, rank, ms) {
  box.append(el("p", "d-cheer", t("d.celebrate")));
  if (reducedMotion()) { box.dataset.motion = "reduced"; return Promise.resolve(); }
  box.dataset.motion = "full";
  rank.style.visibility = "hidden";
  const burst = el("div", "d-burst");
  burst.setAttribute("aria-hidden", "true");
  for (let k = 0; k < 14; k++) {
    const spark = el("i", "d-spark");
    const a = (k / 14) * Math.PI * 2;
    spark.animate([{ transform: "translate(0, 0) scale(1)", opacity: 1 },
      { transform: `translate(${Math.cos(a) * 140}px, ${Math.sin(a) * 90}px) scale(.3)`, opacity: 0 }],
    { duration: 900, delay: 80 * (k % 3), easing: "cubic-bezier(.2,.7,.3,1)", fill: "forwards" });
    burst.append(spark);
  }
  big.before(burst);
  big.animate([{ transform: "scale(.6)", opacity: 0.2 }, { transform: "scale(1.12)", opacity: 1, offset: 0.6 }, { transform: "scale(1)" }],
    { duration: 700, easing: "ease-out" });
  const t0 = performance.now();
  return new Promise((done) => {
    const step = (now) => {
      const f = Math.min(1, (now - t0) / 700);
      big.textContent = clock(Math.round(ms * f));
      if (f < 1) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
    setTimeout(() => {
      big.textContent = clock(ms);
      rank.style.visibility = "";
      rank.animate([{ transform: "translateY(8px)", opacity: 0 }, { transform: "none", opacity: 1 }], { duration: 250, easing: "ease-out" });
      burst.remove();
      done();
    }, CELEBRATE_MS);
  });
}

/**
 * The share row: the result's picture (drawn by the server, nothing of the board on it)
 * shared as a file where the phone's share sheet takes files, else the text copied.
 */
function shareRow(env, mode, d, r, streak) {
  const lang = settings.lang === "en" ? "en" : "zh";
  let text = shareText(mode, d.number, r, streak);
  const pre = el("pre", "d-share", text);
  const img = el("img", "d-share-img");
  img.alt = t("d.shareAlt", { title: `${titleOf(mode)} #${d.number}`, time: clock(r.time_ms) });
  let file = null;
  const ready = Promise.all([
    dapi.shareInfo(mode.id, lang).then((info) => { text = shareText(mode, d.number, r, streak, info.url); pre.textContent = text; }),
    dapi.sharePicture(mode.id, lang).then((blob) => {
      file = new File([blob], `puzzlesmith-${mode.id}-${d.number}.png`, { type: "image/png" });
      img.src = URL.createObjectURL(blob);
    }),
  ]).catch(() => { img.remove(); });
  const row = el("div", "d-row");
  const copyBtn = el("button", "d-btn", t("d.copy"));
  copyBtn.dataset.action = "copy";
  copyBtn.onclick = async () => { await ready; if (await copy(text)) env.toast(t("d.copied")); };
  const shareBtn = el("button", "d-btn d-primary", t("d.shareImage"));
  shareBtn.dataset.action = "share";
  shareBtn.onclick = async () => {
    await ready;
    const withFile = file && navigator.canShare?.({ files: [file] });
    if (withFile || (navigator.share && !file)) {
      try { await navigator.share(withFile ? { files: [file], text } : { text }); return; } catch (err) {
        if (err && err.name === "AbortError") return;   // the player closed the sheet
      }
    }
    if (await copy(text)) env.toast(t("d.copied"));
  };
  row.append(shareBtn, copyBtn);
  return [img, pre, row];
}

async function copy(text) {
  try { await navigator.clipboard.writeText(text); return true; } catch {
    const area = el("textarea");
    area.value = text;
    document.body.append(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

function backButton(env) {
  const b = el("button", "d-btn d-wide", t("d.back"));
  b.dataset.action = "back";
  b.onclick = () => env.go("daily");
  return b;
}

export async function renderDone(env, mode) {
  const [today, st] = await Promise.all([dapi.today(), dapi.stats()]);
  if (!env.current()) return;
  const d = today.dailies.find((x) => x.mode === mode.id);
  if (!d || d.state !== "finished") return env.go("daily", mode.id);
  const r = d.result;
  env.topBar.setTitle(`${titleOf(mode)} #${d.number}`);
  const wrap = el("div", "scroll daily d-done");
  const big = el("div", "d-big", clock(r.time_ms));
  big.dataset.timeMs = String(r.time_ms);
  const rank = el("div", "d-rank", r.rank ? t("d.rank", { rank: r.rank }) : t("d.unranked"));
  const how = el("p", "", r.flawless ? t("d.flawless") : t("d.hints", { n: r.hints }));
  wrap.append(el("p", "d-muted", t("d.time")), big, rank, how);
  const party = takeCelebration(mode.id) ? el("div", "d-celebrate") : null;
  if (party) { party.setAttribute("role", "status"); wrap.prepend(party); }
  if (r.flags.length) {
    const note = el("div", "d-error d-flagged", t("d.flagged"));
    const list = el("ul");
    for (const why of flagSentences(r.flags)) list.append(el("li", "", why));
    note.append(list);
    wrap.append(note);
  }
  wrap.append(el("p", "d-streak", t("d.streak", { n: st.streak.current })));
  wrap.append(...shareRow(env, mode, d, r, st.streak.current));
  const board = el("button", "d-btn d-wide", t("d.board"));
  board.dataset.action = "board";
  board.onclick = () => env.go("daily", `${mode.id}/board`);
  const explain = button("d-btn d-wide", t("bd.title"), { action: "explain" }, () => env.go("daily", `${mode.id}/explain`));
  wrap.append(board, explain, backButton(env));
  env.view.replaceChildren(wrap);
  if (party) await celebrate(party, big, rank, r.time_ms);
}

/** The UTC date `days` before an ISO date. */
const shiftDay = (iso, days) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10);

/** A past day's entry: ▶ fetches its verified run and opens the replay viewer. */
function replayButton(env, mode, e) {
  const b = el("button", "d-btn d-play", "▶");
  b.dataset.action = "replay";
  b.setAttribute("aria-label", t("d.watch", { name: e.name }));
  b.onclick = async () => {
    try {
      const r = await dapi.replayOf(mode.id, e.id);
      location.hash = `#/replay/${encodeURIComponent(r.code)}/${encodeURIComponent(r.log)}`;
    } catch (err) { env.toast(explain(err), 4000); }
  };
  return b;
}

/** A day's leaderboard (today by default); past days' runs can be replayed (▶). */
export async function renderBoard(env, mode, day) {
  const [b, fb] = await Promise.all([dapi.board(mode.id, day), friendBoard(mode.id, day).catch(() => null)]);
  if (!env.current()) return;
  env.topBar.setTitle(`${titleOf(mode)} · ${t("d.board")}`);
  const wrap = el("div", "scroll daily");
  const past = b.date < new Date().toISOString().slice(0, 10);
  const nav = el("div", "d-row d-days");
  const prev = el("button", "d-btn", `◀ ${shiftDay(b.date, -1).slice(5)}`);
  prev.dataset.action = "prev-day";
  prev.onclick = () => env.go("daily", `${mode.id}/board/${shiftDay(b.date, -1)}`);
  nav.append(prev, el("span", "d-muted", b.date));
  if (past) {
    const next = el("button", "d-btn", `${shiftDay(b.date, 1).slice(5)} ▶`);
    next.dataset.action = "next-day";
    next.onclick = () => env.go("daily", `${mode.id}/board/${shiftDay(b.date, 1)}`);
    nav.append(next);
  }
  wrap.append(nav);
  const list = el("ol", "d-board");
  const me = dapi.player();
  for (const e of b.entries) {
    const li = el("li", me && b.you && b.you.rank === e.rank ? "d-mine" : "");
    li.dataset.entry = String(e.id);
    li.append(el("span", "d-pos", String(e.rank)), el("span", "d-who", e.name),
      el("span", "d-t", `${clock(e.time_ms)}${e.flawless ? " ★" : ""}`));
    if (past && e.replay) li.append(replayButton(env, mode, e));
    list.append(li);
  }
  const everyone = el("div", "d-scope");
  everyone.dataset.scope = "all";
  // past days are never ranked: no "be the first" on them
  everyone.append(el("p", "d-muted", b.entries.length ? t("d.legend") : t(past ? "d.emptyPast" : "d.empty")), list);
  if (fb && fb.friends > 0) {  // tabs once I follow anyone, the friend board first
    const friends = fb.entries.length ? friendRows(fb) : el("p", "d-muted", t("fr.boardEmpty"));
    wrap.append(scopeTabs(friends, everyone, "friends"));
  } else wrap.append(everyone);
  if (b.you && (!b.you.rank || b.you.rank > b.entries.length)) {
    const mine = el("p", "d-mine d-you", `${t("d.you")}: ${clock(b.you.time_ms)} · ${b.you.rank ? t("d.rank", { rank: b.you.rank }) : t("d.unranked")}`);
    wrap.append(mine);
  }
  wrap.append(backButton(env));
  env.view.replaceChildren(wrap);
}

/** 全部 / 好友 tabs over two views of a screen (the leaderboard, the stats), `first` shown. */
function scopeTabs(friendsView, everyone, first) {
  everyone.classList.add("d-scope");
  everyone.dataset.scope = "all";
  const friends = el("div", "d-scope");
  friends.dataset.scope = "friends";
  friends.append(friendsView);
  const box = el("div", "d-scopes");
  const tabs = el("div", "d-row d-tabs");
  tabs.setAttribute("role", "tablist");
  const show = (which) => {
    for (const b of tabs.children) b.setAttribute("aria-selected", String(b.dataset.scope === which));
    for (const b of tabs.children) b.classList.toggle("d-primary", b.dataset.scope === which);
    everyone.hidden = which !== "all";
    friends.hidden = which !== "friends";
  };
  for (const [scope, key] of [["friends", "fr.tabFriends"], ["all", "fr.tabAll"]]) {
    const b = button("d-btn", t(key), { scope, action: `scope-${scope}` }, () => show(scope));
    b.setAttribute("role", "tab");
    tabs.append(b);
  }
  box.append(tabs, friends, everyone);
  show(first);
  return box;
}

/** The player's Glicko-2 rating in a mode (docs/ratings.md): value, ± its deviation. */
function ratingCell(r) {
  const td = el("td", "d-rating", r ? String(r.value) : "–");
  if (r) td.append(el("small", "d-muted", ` ±${r.deviation}`));
  return td;
}

/** My stats (全部), and once I follow anyone a 好友 tab: me beside each friend. */
export async function renderStats(env) {
  const [st, modes, fs] = await Promise.all([dapi.stats(), env.getModes(), friendStats().catch(() => null)]);
  if (!env.current()) return;
  env.topBar.setTitle(t("d.stats"));
  const page = el("div", "scroll daily d-stats");
  const wrap = el("div");
  const grid = el("div", "d-grid");
  for (const [k, v] of [["d.daysPlayed", st.days_played], ["d.current", st.streak.current],
    ["d.best", st.streak.best], ["d.freezes", `${st.streak.freezes} ❄`]]) {
    const c = el("div", "d-stat");
    c.append(el("b", "", String(v)), el("span", "", t(k)));
    grid.append(c);
  }
  page.append(el("h1", "shell-title", st.name));
  wrap.append(grid, el("p", "d-muted d-freeze-why", t("d.freezeWhy")));
  const table = el("table", "d-table");
  const head = el("tr");
  for (const k of ["", "d.played", "d.bestTime", "d.meanTime", "d.rating"]) head.append(el("th", "", k ? t(k) : ""));
  table.append(head);
  for (const m of modes) {
    const s = st.modes[m.id];
    const tr = el("tr");
    tr.append(el("td", "", titleOf(m)), el("td", "", s ? String(s.played) : "0"),
      // only archive runs yet: no time of its own day to show (they set none)
      el("td", "", s && s.best_ms != null ? clock(s.best_ms) : "–"), el("td", "", s && s.mean_ms != null ? clock(s.mean_ms) : "–"),
      ratingCell(s?.rating));
    table.append(tr);
  }
  wrap.append(table, el("h2", "d-h2", t("d.calendar")), calendar(st.calendar, st.streak.frozen));
  const tr = el("button", "d-btn d-wide", t("d.transfer"));
  tr.dataset.action = "transfer";
  const out = el("p", "d-code");
  tr.onclick = async () => { const r = await dapi.transfer(); out.textContent = t("d.transferCode", { code: r.code }); };
  wrap.append(tr, out);
  if (fs && fs.friends.length) page.append(scopeTabs(friendStatsTable(st, fs.friends), wrap, "all"));
  else page.append(wrap);
  page.append(backButton(env));
  env.view.replaceChildren(page);
}

/**
 * The last five weeks, Monday first, under a weekday row: solved days filled, frozen days
 * marked ❄; the 1st of a month shows the month's name instead of "1".
 */
function calendar(days, frozen) {
  const box = el("div", "d-cal");
  for (const w of t("d.weekdays").split(" ")) box.append(el("span", "d-wd", w));
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dow = (new Date(today).getUTCDay() + 6) % 7;
  const first = today - (dow + 28) * 86400000;
  const months = t("d.months").split(" ");
  for (let k = 0; k < 35; k++) {
    const day = new Date(first + k * 86400000).toISOString().slice(0, 10);
    const dom = Number(day.slice(8));
    const c = el("span", "d-day", String(dom));
    if (k === 0 || dom === 1) {   // the month's name over its first day (and the first cell)
      c.classList.add("d-month");
      c.replaceChildren(el("small", "d-mon", months[Number(day.slice(5, 7)) - 1]), el("span", "", String(dom)));
    }
    c.title = day;
    if (days[day]) { c.classList.add("d-solved"); c.dataset.modes = String(days[day].length); }
    if (frozen.includes(day)) { c.classList.add("d-frozen"); c.textContent = "❄"; }
    if (first + k * 86400000 > today) c.classList.add("d-future");
    box.append(c);
  }
  return box;
}

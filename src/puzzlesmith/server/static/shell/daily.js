// The daily challenge screens: #/daily (today's three), #/daily/<mode> (play, with a timer
// resumed from the server's start time), #/daily/<mode>/done, …/board, #/daily/stats.
// The shell calls dailyRoute(env); a daily is played by the mode's own module.
import * as dapi from "./dailyapi.js";
import { clock } from "./dailywords.js";
import { renderDone, renderBoard, renderStats, titleOf, celebrateNext } from "./dailyviews.js";
import { el, button } from "./dom.js";
import { linkCss } from "./css.js";
import { dailyCss } from "./dailyentry.js";
import { dataSource, needsConnection } from "./datasource.js";
import { settings } from "./settings.js";
import { sound, vibrate } from "./sound.js";
import { t, addStrings } from "./i18n.js";
import { showUnlocked } from "./achievements.js";
import { isPlain, isText, readStored } from "./stored.js";
import { explain } from "./errors.js";
import { defaultName, renamePlayer } from "./profile.js";
import { renderFriends, followFromLink } from "./friends.js";
import { renderArchive, renderArchiveDone } from "./archive.js";
import { renderDailyExplain } from "./breakdown.js";

const served = dataSource.kind !== "embedded";

export async function dailyRoute(env) {
  if (served) dailyCss();
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  const [, modeId, sub, day] = parts;
  env.back(true);
  if (!served) {  // a trial file opened at #/daily: no server, so no dailies
    env.topBar.setTitle(t("d.title"));
    const box = el("div", "error-box", needsConnection(t("d.entry")));
    return env.view.replaceChildren(box);
  }
  if (!dapi.player()) return renderWelcome(env);
  try {
    return await dailyScreen(env, modeId, sub, day);
  } catch (err) {
    // the profile moved to another device (401): say so on the welcome screen
    if (err && err.status === 401 && !dapi.player() && env.current()) return renderWelcome(env);
    throw err;
  }
}

async function dailyScreen(env, modeId, sub, day) {
  if (modeId === "stats") return renderStats(env);
  if (modeId === "friends") return renderFriends(env);
  if (modeId === "friend") return followFromLink(env, sub || "");
  if (modeId === "archive") return renderArchive(env, await env.getModes(), sub, day);
  if (!modeId) return renderHome(env);
  const mode = (await env.getModes()).find((m) => m.id === modeId);
  if (!mode) return env.go("daily");
  if (sub === "board") return renderBoard(env, mode, day);
  if (sub === "done") return renderDone(env, mode);
  if (sub === "day" && day) return renderPlay(env, mode, day);
  if (sub === "explain") return renderDailyExplain(env, mode, day, titleOf(mode));
  return renderPlay(env, mode);
}

// ---- first visit: pick a name (or bring a profile over with a transfer code) ----------
async function renderWelcome(env) {
  env.topBar.setTitle(t("d.title"));
  if (!(await dapi.reachable())) {   // offline: a name cannot be made now; say so
    if (!env.current()) return;
    return env.view.replaceChildren(el("div", "error-box", needsConnection(t("d.entry"))));
  }
  if (!env.current()) return;
  const wrap = el("div", "scroll daily");
  const form = el("form", "d-name");
  const input = el("input");
  input.name = "name"; input.maxLength = 16; input.required = true; input.autocomplete = "nickname";
  input.value = defaultName();
  input.setAttribute("aria-label", t("d.nameAsk"));
  const err = el("p", "d-error");
  form.append(el("p", "", t("d.nameAsk")), input, el("p", "d-muted", t("d.nameRules")), err,
    el("button", "d-btn d-primary", t("d.nameSave")));
  form.onsubmit = async (e) => {
    e.preventDefault();
    try { await dapi.create(input.value); env.route(); } catch (x) { err.textContent = t("d.nameBad", { msg: explain(x) }); }
  };
  const cform = el("form", "d-name");
  const code = el("input");
  code.name = "code"; code.placeholder = "ABCD-EFGH-JKMN"; code.autocapitalize = "characters";
  const cerr = el("p", "d-error");
  cform.append(el("p", "d-muted", t("d.claimAsk")), code, cerr, el("button", "d-btn", t("d.claim")));
  cform.onsubmit = async (e) => {
    e.preventDefault();
    try { await dapi.claim(code.value); env.route(); } catch (x) { cerr.textContent = t("d.claimBad", { msg: explain(x) }); }
  };
  wrap.append(el("h1", "shell-title", t("d.title")));
  const gone = dapi.moved();   // signed out by a transfer: say so before asking for a name
  if (gone) wrap.append(el("p", "d-error d-moved", t("d.moved", { name: gone.name })));
  wrap.append(form, cform);
  env.view.replaceChildren(wrap);
}

// ---- today's three -------------------------------------------------------------------
async function renderHome(env) {
  const me = dapi.player();
  const [today, modes] = await Promise.all([dapi.today(), env.getModes()]);
  if (!env.current()) return;
  env.topBar.setTitle(t("d.title"));
  const wrap = el("div", "scroll daily");
  const who = el("div", "d-who");
  const name = el("span", "d-me", me.name);
  const rename = el("button", "d-link", t("d.rename"));
  rename.dataset.action = "rename";
  rename.onclick = async () => { if ((await renamePlayer()) !== null) env.route(); };   // an in-page sheet
  who.append(name, rename);
  wrap.append(el("h1", "shell-title", today.date), who);
  const list = el("div", "d-list");
  for (const d of today.dailies) {
    const mode = modes.find((m) => m.id === d.mode);
    if (!mode) continue;
    const card = el("div", `d-daily d-${d.state}`);
    card.dataset.mode = d.mode;
    const title = el("b", "", `${titleOf(mode)} #${d.number}`);
    let state = t(`d.${d.state}`);
    if (d.state === "finished") {
      const r = d.result;
      state = `${clock(r.time_ms)} · ${r.rank ? t("d.rank", { rank: r.rank }) : t("d.unranked")}${r.flawless ? " ★" : ""}`;
    }
    const row = el("div", "d-row");
    // a finished one says so in words (its result is the line above): no bare "✓"
    const play = el("button", "d-btn d-primary", d.state === "finished" ? `✓ ${t("d.done")}` : "▶");
    play.dataset.action = "play";
    // the name begins with the words it shows (axe: label-content-name-mismatch), then says which
    play.setAttribute("aria-label", d.state === "finished" ? `${t("d.done")} · ${titleOf(mode)}` : titleOf(mode));
    play.onclick = () => env.go("daily", d.state === "finished" ? `${d.mode}/done` : d.mode);
    const board = el("button", "d-btn", t("d.board"));
    board.dataset.action = "board";
    board.onclick = () => env.go("daily", `${d.mode}/board`);
    row.append(play, board);
    card.append(title, el("span", "d-state", state), row);
    list.append(card);
  }
  const stats = el("button", "d-btn d-wide", t("d.stats"));
  stats.dataset.action = "stats";
  stats.onclick = () => env.go("daily", "stats");
  const more = el("div", "d-row");
  more.append(button("d-btn", t("fr.title"), { action: "friends" }, () => env.go("daily", "friends")),
    button("d-btn", t("ar.title"), { action: "archive" }, () => env.go("daily", "archive")));
  wrap.append(list, stats, more);
  env.view.replaceChildren(wrap);
}

// ---- play ----------------------------------------------------------------------------
/** Today's daily, or with `date` a past one from the archive (unranked, no streak). */
async function renderPlay(env, mode, date) {
  const [s, module] = await Promise.all([dapi.start(mode.id, date), import(mode.module)]);
  if (!env.current()) return;
  const after = date ? `${mode.id}/day/${date}` : `${mode.id}/done`;
  if (s.finished) return date ? renderArchiveDone(env, mode, s) : env.go("daily", after);
  addStrings(module.strings);
  if (mode.css) await linkCss(mode.css, mode.id);
  if (!env.current()) return;
  env.topBar.setTitle(`${titleOf(mode)} #${s.number}`);
  env.topBar.setCaption(null);
  const timer = startTimer(s);
  const kept = runBoard(mode.id, s.run);
  const root = el("div", "mode-root");
  env.view.replaceChildren(root);
  let left = false;
  const none = () => Promise.reject({ status: 400, error: "daily", message: "not in a daily" });
  const services = {
    api: {
      get: none,
      post: none,
      // the mode's clear confirmation: the server replays the log and records the run
      async check(moves, log) {
        timer.stop();
        try {
          const r = await dapi.finish(mode.id, s.run, moves, log);
          forgetBoard(mode.id);
          celebrateNext(mode.id);   // the result screen opens with a short celebration
          if (r.achievements?.length) showUnlocked(r.achievements);
          return { cleared: true };
        } catch (err) {
          if (err.status === 409) return { cleared: true };  // recorded already (another tab)
          if (err.status === 422) { timer.resume(); return { cleared: false }; }
          env.toast(t("d.refused", { msg: explain(err) }), 4000);
          return { cleared: true };
        }
      },
      hint: (moves, kind) => dapi.hint(mode.id, s.run, moves, kind),
    },
    saves: { cleared: () => [], current: () => null, isCleared: () => false, ...kept },
    runLog: { entries: kept.log, save: kept.setLog },
    // one clock: the top bar's, from the server's start time (a mode shows no timer of its own)
    elapsed: timer.elapsed,
    sound, vibrate, settings, t, explain, toast: env.toast, topBar: env.topBar,
    goLevelSelect: () => env.go("daily"),
    onCleared() {
      if (!left) env.go("daily", after);
    },
  };
  env.setMounted({
    unmount() { left = true; timer.remove(); module.unmount?.(); },
  });
  await module.mount(root, s.level, services);
}

// ---- the half-played board of today's run ---------------------------------------------
// A mode keeps its board in `saves.play()` (Cows: its moves), and every mode its timed move
// log (`runLog`, [[ms since the server's start, move], ...]); for a daily both live in
// `daily:board:<mode>` = {run: token, play, log}, kept for this run only, so a reload shows
// the board the server's run is timing and the server still replays every move. Seed 000
// §10's "no half-drawn path" is about level play: a timed daily keeps its path.
const boardKey = (modeId) => `daily:board:${modeId}`;
const isEntry = (e) => Array.isArray(e) && e.length === 2 && Number.isFinite(e[0]) && e[0] >= 0 && isText(e[1], 200);
const validBoard = (v) => isPlain(v) && isText(v.run, 2000) && isPlain(v.play)
  && (v.log === undefined || (Array.isArray(v.log) && v.log.length <= 5000 && v.log.every(isEntry)));

function runBoard(modeId, run) {
  const key = boardKey(modeId);
  const mine = () => { const v = readStored(key, validBoard); return v && v.run === run ? v : null; };
  const write = (change) => {
    const v = { run, play: {}, log: [], ...(mine() || {}), ...change };
    try { localStorage.setItem(key, JSON.stringify(v)); } catch { /* storage full: this session only */ }
  };
  return {
    play: () => mine()?.play || {},
    setPlay: (play) => write({ play }),
    log: () => mine()?.log || [],
    setLog: (log) => write({ log }),
  };
}

function forgetBoard(modeId) {
  try { localStorage.removeItem(boardKey(modeId)); } catch { /* nothing kept */ }
}

/** The visible timer: server time since the server's start of this run (survives a reload). */
function startTimer(s) {
  const offset = s.now_ms - Date.now();      // server clock − this clock
  const box = el("div", "d-timer");
  box.setAttribute("role", "timer");
  document.getElementById("tb-counter").before(box);
  let stopped = false;
  const elapsed = () => Math.max(0, Date.now() + offset - s.started_ms);
  const tick = () => { if (!stopped) box.textContent = clock(elapsed(), false); };
  tick();
  const id = setInterval(tick, 250);
  return {
    elapsed,
    stop() { tick(); stopped = true; },
    resume() { stopped = false; tick(); },
    remove() { clearInterval(id); box.remove(); },
  };
}

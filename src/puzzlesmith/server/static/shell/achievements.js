// Achievements for local play: every clear joins the history (localStorage `achievements`,
// bounded), the catalogue (GET /api/achievements) is evaluated by achievements-rules.js,
// each new one pops a toast once; #/achievements lists them all, locked ones greyed with
// their condition shown.
import { evaluate, expand } from "./achievements-rules.js";
import { t } from "./i18n.js";
import { settings } from "./settings.js";
import { iconSvg } from "./achievement-icons.js";
import { dataSource, needsConnection } from "./datasource.js";
import { notice } from "./dock.js";
import { isPlain, isText, readStored } from "./stored.js";
import { storagePrefix } from "./env.js";
import { el } from "./dom.js";

export const ROUTE = "achievements";
const KEY = `${storagePrefix}achievements`;   // trial:achievements in a trial file
const MAX_HISTORY = 2000;
const TOAST_MS = 3200;         // one unlock alone
const TOAST_QUEUED_MS = 1700;  // each of several at once: four in a row would be 13 s of toasts

let catalogue = null;
async function getCatalogue() {
  if (!catalogue) catalogue = await dataSource.get("/api/achievements");  // the server's file
  return catalogue;
}

const isHistoryRun = (h) => isPlain(h) && isText(h.mode, 64) && isText(h.level, 300);
/** A stored `achievements` value: {history: [≤ MAX_HISTORY clears], unlocked: {id: ms}}. */
export const validAchievements = (v) => isPlain(v) && Array.isArray(v.history) && v.history.length <= MAX_HISTORY
  && v.history.every(isHistoryRun) && isPlain(v.unlocked) && Object.entries(v.unlocked).every(([k, ms]) => isText(k, 100) && Number.isFinite(ms));

/** {history: [run], unlocked: {id: ms}}; a broken value is dropped (this key only) with a toast. */
export function loadState(storage = localStorage) {
  return readStored(KEY, validAchievements, { storage, maxChars: 2_000_000 }) ?? { history: [], unlocked: {} };
}

function saveState(state, storage = localStorage) {
  try { storage.setItem(KEY, JSON.stringify(state)); } catch { /* storage full: keep playing */ }
}

/** A queued unlock not shown within this long is not shown (it belongs to an earlier level). */
const STALE_MS = 12_000;
const visited = [];   // the routes shown since the page opened, newest last

addEventListener("hashchange", () => { visited.push(location.hash); if (visited.length > 20) visited.shift(); });

/** Has the player left `level` and the screen after it (a clear moves on to the next)? */
function movedOn(level) {
  const at = visited.lastIndexOf(level);
  const after = at < 0 ? visited.length : visited.length - 1 - at;
  return location.hash !== level && after >= 2;
}

let queue = Promise.resolve();
let waiting = 0;  // toasts queued or showing

/** Show one unlock at a time at the top of the screen; shorter while others wait. */
function pop(a) {
  waiting += 1;
  const born = performance.now();
  const level = location.hash;
  queue = queue.then(() => new Promise((done) => {
    // its moment has passed: the player is two levels on, or it waited too long (the
    // unlock is on the achievements screen all the same)
    if (performance.now() - born > STALE_MS || movedOn(level)) { waiting -= 1; done(); return; }
    const toastBox = el("div", "ach-toast");
    toastBox.setAttribute("role", "status");
    toastBox.dataset.id = a.id;
    const lang = settings.lang === "en" ? "en" : "zh";
    const text = el("span", "", t("ach.unlocked", { name: a.name[lang] }));
    toastBox.append(iconSvg(a.icon), text);
    const ms = waiting > 1 ? TOAST_QUEUED_MS : TOAST_MS;
    notice(toastBox, ms, { wait: true, done: () => { waiting -= 1; done(); } });
  }));
}

/**
 * A clear: add it to the history, unlock (once) what it earns, pop a toast for each.
 * `context()` resolves to {modes, modeTitles, packs}. Resolves to the new ids.
 */
export async function recordClear(modeId, levelId, run, highlights, context) {
  const state = loadState();
  state.history.push({
    mode: modeId, level: levelId, ms: run?.ms ?? null, hints: run?.hints ?? 0, backs: run?.backs ?? 0,
    conflicts: run?.conflicts ?? 0, highlights: highlights || [], grade: run?.grade ?? null, at: Date.now(),
  });
  if (state.history.length > MAX_HISTORY) state.history = state.history.slice(-MAX_HISTORY);
  saveState(state);
  let cat, ctx;
  try { [cat, ctx] = await Promise.all([getCatalogue(), context()]); } catch { return []; }  // offline: next time
  const now = loadState();   // another clear may have landed meanwhile
  const fresh = [];
  const all = expand(cat, ctx);
  for (const id of evaluate(cat, now.history, ctx)) {
    if (now.unlocked[id]) continue;
    now.unlocked[id] = Date.now();
    fresh.push(id);
  }
  saveState(now);
  for (const id of fresh) pop(all.find((a) => a.id === id));
  return fresh;
}

/**
 * Unlocks the server made (a verified daily): kept here too, a toast for each one this
 * browser had not unlocked yet. Pack achievements never come from a daily.
 */
export async function showUnlocked(ids) {
  let cat;
  try { cat = await getCatalogue(); } catch { return; }
  const all = expand(cat, { packs: [] });
  const state = loadState();
  for (const id of ids) {
    const a = all.find((x) => x.id === id);
    if (!a || state.unlocked[id]) continue;
    state.unlocked[id] = Date.now();
    pop(a);
  }
  saveState(state);
}

/** The achievements screen. */
export async function renderAchievements(view, context, topBar) {
  topBar.setTitle(t("ach.title"));
  let cat, ctx;
  try {
    [cat, ctx] = await Promise.all([getCatalogue(), context()]);
  } catch (err) {
    if (err?.status !== 0) throw err;
    const box = el("div", "error-box");
    box.textContent = needsConnection(t("ach.title"));   // the trial file, or no network yet
    view.replaceChildren(box);
    return;
  }
  const state = loadState();
  const all = expand(cat, ctx);
  const lang = settings.lang === "en" ? "en" : "zh";
  const wrap = el("div", "scroll ach-list");
  // a list with nothing to focus in it: the list itself takes focus, so keys scroll it
  wrap.tabIndex = 0;
  wrap.setAttribute("role", "region");
  wrap.setAttribute("aria-label", t("ach.title"));
  const head = el("div", "ach-count", t("ach.count", { k: all.filter((a) => state.unlocked[a.id]).length, n: all.length }));
  wrap.append(head);
  for (const a of all) {
    const row = el("div");
    const on = Boolean(state.unlocked[a.id]);
    row.className = `ach${on ? " on" : " locked"}`;
    row.dataset.id = a.id;
    const icon = el("div", "ach-icon");
    icon.append(iconSvg(a.icon));
    const text = el("div", "ach-text");
    const name = el("b", "", a.name[lang]);
    const desc = el("span", "", on ? `${a.desc[lang]} · ${new Date(state.unlocked[a.id]).toLocaleDateString(lang === "en" ? "en" : "zh-CN")}` : `${t("ach.locked")} · ${a.desc[lang]}`);
    text.append(name, desc);
    row.append(icon, text);
    wrap.append(row);
  }
  view.replaceChildren(wrap);
}

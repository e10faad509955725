// The shell: routing (#/ → modes, #/<mode> → level select, #/<mode>/<level> → play,
// #/play/<level code> → play a shared level),
// top bar, menu and settings. It never names a mode: everything comes from /api/modes.
import "./loadwords.js";
import { dataSource as api, needsConnection } from "./datasource.js";
import { bucket, onSaveError } from "./saves.js";
import { settings, set as setSetting, applyClasses, CONFLICT_MODES } from "./settings.js";
import { keepFocus } from "../kit/access.js";
import { sound, vibrate } from "./sound.js";
import { t, addStrings } from "./i18n.js";
import { renderLevelSelect, flatten, firstUncleared, isOpen, showAll } from "./levelselect.js";
import { themeRows } from "./themes.js";
import { dailyEntry } from "./dailyentry.js";
import { linkCss } from "./css.js";
import { storagePrefix } from "./env.js";
import { isPlain, isText, onDropped, readStored } from "./stored.js";
import { explain, explainShort } from "./errors.js";
import { notice } from "./dock.js";
import { el } from "./dom.js";
import { startTry } from "./plays.js";

const $ = (id) => document.getElementById(id);
const view = $("view");
let modesCache = null;
const packsCache = new Map();
let mounted = null;            // {module, modeId, levelId}
let renderToken = 0;

// The achievement, replay, daily and stream modules load at their point of use (a route,
// a menu action, a clear), never with the first screen: index.html preloads only what
// main.js imports statically. Their routes' names, as those modules spell them:
const ACHIEVEMENTS = "achievements";   // = achievements.js ROUTE
const REPLAY = "replay";               // = replay.js ROUTE
// Loaded once asked for (a play screen asks once its board has been painted, so a clear
// usually finds both here and keeps its run before the next screen reads the runs).
let replayJs = null;
let achievementsJs = null;
const loadReplay = async () => (replayJs ??= await import("./replay.js"));
const loadAchievements = async () => (achievementsJs ??= await import("./achievements.js"));
/** Start loading what a clear needs, without waiting (a failure is retried on the clear),
 *  after the frame that shows the board: their fetch, compile and evaluation are not
 *  needed for the first frame and would otherwise run before it. */
function warmClearModules() {
  afterPaint(() => { loadReplay().catch(() => {}); loadAchievements().catch(() => {}); });
}
/** `fn` once the next frame has been painted (a task after the frame's rendering). */
function afterPaint(fn) { requestAnimationFrame(() => setTimeout(fn, 0)); }

/**
 * Keep a cleared run (its replay chip) and record it for the achievements. `hashOf(replay)`:
 * where the chip leads (default: the level's last run). At once when both modules are
 * here, else once they have loaded.
 */
function keepAndRecord(modeId, key, run, hashOf = null) {
  const record = (replay, ach) => ach.recordClear(modeId, key, run, replay.keepRun(modeId, key, run, hashOf?.(replay) ?? null), achievementContext);
  if (replayJs && achievementsJs) return record(replayJs, achievementsJs);
  return Promise.all([loadReplay(), loadAchievements()]).then(([r, a]) => record(r, a)).catch(console.error);
}

const topBar = {
  setTitle(text) { $("tb-title").textContent = text ?? ""; },
  setCounter(text) { $("tb-counter").textContent = text ?? ""; },
  setCaption(text) { const c = $("caption"); c.textContent = text ?? ""; c.hidden = !text; },
};

// What a first-time player has been told once (`shell:seen` = {name: true}): the play kit
// asks firstTime(name) before explaining a button on its first press.
const SEEN = `${storagePrefix}shell:seen`;
const validSeen = (v) => isPlain(v) && Object.keys(v).length <= 50 && Object.values(v).every((x) => x === true);
/** True the first time `name` is asked in this browser (and remembered from then on). */
export function firstTime(name) {
  const seen = readStored(SEEN, validSeen, { maxChars: 4000, fallback: {} });
  if (seen[name]) return false;
  try { localStorage.setItem(SEEN, JSON.stringify({ ...seen, [name]: true })); } catch { /* this session only */ }
  return true;
}

/** A short message in the top bar's dock (shell/dock.js): never over a caption or the board. */
export function toast(text, ms = 2200) {
  const el = $("toast");
  el.textContent = text;
  notice(el, ms);   // the newest message shows; what it covers in the dock comes back after
}

function decode(part) {
  try { return decodeURIComponent(part); } catch { return part; }  // a hand-typed "%E0%A4%A"
}

function parseHash() {
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decode);
  return { modeId: parts[0] || null, levelId: parts[1] || null };
}

function hashOf(modeId, levelId) {
  return modeId ? `#/${encodeURIComponent(modeId)}${levelId ? "/" + encodeURIComponent(levelId) : ""}` : "#/";
}

export function go(modeId, levelId) {
  const h = hashOf(modeId, levelId);
  if (location.hash === h) route(); else location.hash = h;
}

/** Like go, but in place of the current history entry: the back button must not land
 *  on a URL that sends the player straight forward again (unknown mode, locked level). */
function redirect(modeId, levelId) {
  history.replaceState(history.state, "", hashOf(modeId, levelId));
  route();
}

// Promises are cached (a failure is forgotten), so the requests a screen needs can start
// together at the top of route() instead of one round trip after another.
function getModes() {
  if (!modesCache) {
    modesCache = api.modes().then((d) => d.modes.filter((m) => m.module));
    modesCache.catch(() => { modesCache = null; });
  }
  return modesCache;
}

function getPacks(modeId) {
  if (!packsCache.has(modeId)) {
    const p = api.packs(modeId);
    p.catch(() => packsCache.delete(modeId));
    packsCache.set(modeId, p);
  }
  return packsCache.get(modeId);
}

function unmountCurrent() {
  if (!mounted) return;
  mounted.stop?.();
  try { mounted.module.unmount?.(); } catch (e) { console.error(e); }
  mounted = null;
  view.replaceChildren();
}

function showError(err, retry, { key = "loadError", label = t("retry"), title = t("appTitle") } = {}) {
  topBar.setTitle(title);   // not the title of the screen before
  const box = el("div", "error-box");
  // offline: the sentence says what still works; never a browser's "Failed to fetch"
  box.textContent = err?.status === 0 ? explain(err) : t(key, { msg: explain(err) });
  const b = el("button", "", label);
  b.onclick = retry;
  box.append(el("br"), b);
  view.replaceChildren(box);
}

/**
 * Render the screen the hash names; focus is never lost on the way: if something had it
 * and the change removed it, it goes to the new board, else to the screen's title.
 */
async function route() {
  const had = document.activeElement && document.activeElement !== document.body;
  const token = renderToken + 1;
  try {
    return await renderRoute();
  } finally {
    if (had && token === renderToken) keepFocus(view.querySelector(".pk-svg[tabindex]") || $("tb-title"));
  }
}

async function renderRoute() {
  const token = ++renderToken;
  closeMenu();
  unmountCurrent();
  topBar.setCaption(null);
  topBar.setCounter("");
  const { modeId, levelId } = parseHash();
  try {
    if (!modeId) return await renderModes(token);
    if (modeId === REPLAY) {
      const replay = await loadReplay();
      return token === renderToken ? await renderReplayRoute(replay, replay.parseReplayHash(location.hash), token) : undefined;
    }
    if (modeId === ACHIEVEMENTS) {
      $("tb-back").hidden = false;
      const { renderAchievements } = await loadAchievements();
      return token === renderToken ? await renderAchievements(view, achievementContext, topBar) : undefined;
    }
    if (modeId === "daily") {
      const { dailyRoute } = await import("./daily.js");
      return token === renderToken ? await dailyRoute(dailyEnv(token)) : undefined;
    }
    if (modeId === "play" && levelId) return await renderCode(levelId, token);
    if (modeId === "edit" && levelId) return await renderEditor(levelId, token);
    if (modeId === "community" && levelId) return await renderCommunity(levelId, token);
    // Start what this screen needs at once (awaited below, or dropped on a redirect).
    getPacks(modeId).catch(() => {});
    const levelP = levelId ? api.level(modeId, levelId) : null;
    levelP?.catch(() => {});
    const modes = await getModes();
    const mode = modes.find((m) => m.id === modeId);
    if (!mode) return redirect(null);
    if (!levelId) return await renderSelect(mode, token);
    return await renderPlay(mode, levelId, token, levelP);
  } catch (err) {
    if (token === renderToken) showError(err, route);
  }
}

async function renderModes(token) {
  topBar.setTitle(t("appTitle"));
  $("tb-back").hidden = true;
  const modes = await getModes();
  if (token !== renderToken) return;
  const wrap = el("div", "scroll");
  const h = el("h1", "shell-title", t("chooseMode"));
  const list = el("div", "modes");
  for (const m of modes) {
    const b = el("button", "mode-card");
    b.dataset.mode = m.id;
    const name = el("b", "", settings.lang === "en" ? m.title.en : m.title.zh);
    const sub = el("span");
    // Chinese screens show the English name too; English ones stay English only.
    sub.textContent = settings.lang === "en" ? "" : m.title.en;
    b.append(name, sub);
    getPacks(m.id).then((p) => {
      const total = flatten(p).length;
      const done = bucket(m.id).cleared().filter((id) => flatten(p).some((l) => l.id === id)).length;
      if (total) sub.textContent += `${sub.textContent ? " · " : ""}${done}/${total}`;
    }, () => {});
    b.onclick = () => go(m.id);
    list.append(b);
    if (api.kind !== "embedded") list.append(editorLink(m));   // a trial file has no server to edit or browse with
  }
  wrap.append(h, dailyEntry(go), list);
  view.replaceChildren(wrap);
}

/** What the daily screens (shell/daily.js) need of the shell; `go("daily", "<mode>/done")`. */
function dailyEnv(token) {
  const goDaily = (first, rest) => {
    const h = rest ? `#/${first}/${rest}` : `#/${first}`;
    if (location.hash === h) route(); else location.hash = h;
  };
  return {
    view, topBar, toast, getModes, route, go: goDaily,
    current: () => token === renderToken,
    back: (show) => { $("tb-back").hidden = !show; },
    setMounted: (module) => { mounted = { module, modeId: "daily", levelId: null }; },
  };
}

async function renderSelect(mode, token) {
  $("tb-back").hidden = false;
  topBar.setTitle(settings.lang === "en" ? mode.title.en : mode.title.zh);
  const packs = await getPacks(mode.id);
  if (token !== renderToken) return;
  const saves = bucket(mode.id);
  view.replaceChildren(renderLevelSelect(packs, saves, { t, onPick: (id) => go(mode.id, id) }));
  view.querySelector(".tile.current")?.scrollIntoView({ block: "center" });
  try {
    const { decorateSelect } = await loadReplay();   // the ▶ of levels with a kept run
    if (token === renderToken) decorateSelect(view, mode.id);
  } catch (e) { console.error(e); }   // the list works without its ▶
}

/** A mode's words and stylesheet, once its module is loaded (resolves when the sheet has). */
async function useModule(mode, module) {
  addStrings(module.strings);
  if (mode.css) await linkCss(mode.css, mode.id);
}


/** #/play/<code>: a level from a level code, in no pack: nothing saved, no next level;
 *  after the clear the player lands on that mode's level select. */
async function renderCode(code, token) {
  $("tb-back").hidden = false;
  let modes, modeId, level;
  try {
    [modes, { mode: modeId, level }] = await Promise.all([getModes(), api.codeLevel(code)]);
  } catch (err) {
    if (err?.status !== 400 && err?.status !== 422) throw err;  // offline: retry as usual
    if (token === renderToken) showError(err, () => go(null), { key: "badCode", label: t("home"), title: t("codeLevel") });
    return;
  }
  const mode = modes.find((m) => m.id === modeId);
  if (!mode) throw { message: modeId };
  const module = await import(mode.module);
  if (token !== renderToken) return;
  await useModule(mode, module);
  if (token !== renderToken) return;
  // a community level (community.js left its text): its title, the author's caption
  const from = communityContext(code);
  if (from) level = { ...level, caption: from.caption };
  topBar.setTitle(from ? from.title : level.id === "code" ? t("codeLevel") : level.id);
  topBar.setCaption(level.caption || null);
  const root = el("div", "mode-root");
  view.replaceChildren(root);
  let clearedOnce = false;
  // a test play from the level editor goes back to the editor, else to the level select
  const fromEditor = sessionStorage.getItem("puzzlesmith.editor.return") === mode.id;
  sessionStorage.removeItem("puzzlesmith.editor.return");
  const leave = () => (fromEditor ? go("edit", mode.id) : from ? go("community", mode.id) : go(mode.id));
  mounted = { module, modeId: mode.id, levelId: code, back: fromEditor ? leave : null };
  await module.mount(root, level, {
    api: api.forCode(code),
    saves: { cleared: () => [], current: () => null, isCleared: () => false },
    sound, vibrate, settings, t, toast, topBar, explain, firstTime,
    goLevelSelect: leave,
    onCleared(run) {
      if (clearedOnce || token !== renderToken) return;
      clearedOnce = true;
      const key = `code:${code}`;   // the code's runs and achievements, under the code itself
      // a designer test-playing their own draft earns nothing: no run kept, no achievement
      if (run && !fromEditor) keepAndRecord(mode.id, key, run, (replay) => replay.codeReplayHash(code, run.log));
      leave();
    },
  });
  warmClearModules();
}

const COMMUNITY_PLAY = "puzzlesmith.community.play";   // = community.js PLAY_CONTEXT
const validContext = (v) => isPlain(v) && isText(v.code, 200) && isText(v.mode, 64) && isText(v.title, 200) && (v.caption === null || isText(v.caption, 400));

/** What the community screen said about the level `code` it opened (this tab), or null. */
function communityContext(code) {
  const v = readStored(COMMUNITY_PLAY, validContext, { storage: sessionStorage, maxChars: 4000 });
  return v && v.code === code ? v : null;
}

/** #/edit/<mode id>: the level editor (static/editor/), mounted like a play screen. */
async function renderEditor(modeId, token) {
  $("tb-back").hidden = false;
  const mode = (await getModes()).find((m) => m.id === modeId);
  if (!mode) return redirect(null);
  if (!api.online) return showError({ message: needsConnection(t("ed.title")) }, () => go(null), { label: t("home"), title: t("ed.title") });
  // a URL, not a literal specifier: the editor is not preloaded with the shell nor bundled
  const { mountEditor } = await import(new URL("../editor/editor.js", import.meta.url).href);
  const module = await import(mode.module);
  if (token !== renderToken) return;
  await useModule(mode, module);
  if (token !== renderToken) return;
  // "✎ <mode>": "Level editor · Number Stroke" did not fit a phone's top bar
  topBar.setTitle(t("ed.screenTitle", { mode: settings.lang === "en" ? mode.title.en : mode.title.zh }));
  const root = el("div", "mode-root");
  view.replaceChildren(root);
  const editor = await mountEditor(root, mode, { settings, t, toast, addStrings });
  if (token !== renderToken) return editor.unmount();
  mounted = { module: editor, modeId: mode.id, levelId: null };
}

/** #/community/<mode id>: published levels of a mode (static/editor/community.js). */
async function renderCommunity(modeId, token) {
  $("tb-back").hidden = false;
  const mode = (await getModes()).find((m) => m.id === modeId);
  if (!mode) return redirect(null);
  if (!api.online) return showError({ message: needsConnection(t("cm.browse")) }, () => go(null), { label: t("home"), title: t("cm.browse") });
  const [community] = await Promise.all([
    import(new URL("../editor/community.js", import.meta.url).href),
    linkCss(new URL("../editor/editor.css", import.meta.url).href, "editor"),  // its buttons and list
  ]);
  if (token !== renderToken) return;
  topBar.setTitle(`${t("cm.browse")} · ${settings.lang === "en" ? mode.title.en : mode.title.zh}`);
  const root = el("div", "mode-root");
  view.replaceChildren(root);
  const screen = await community.mountBrowse(root, mode, { settings, t, toast });
  if (token !== renderToken) return screen.unmount();
  mounted = { module: screen, modeId: mode.id, levelId: null };
}

function editorLink(mode) {
  const a = el("a", "editor-link");
  a.href = `#/edit/${encodeURIComponent(mode.id)}`;
  a.dataset.edit = mode.id;
  a.textContent = t("ed.open");
  const c = el("a", "editor-link");
  c.href = `#/community/${encodeURIComponent(mode.id)}`;
  c.dataset.community = mode.id;
  c.textContent = t("cm.open");
  const row = el("div", "editor-links");
  row.append(c, a);
  return row;
}

async function renderPlay(mode, levelId, token, levelP = api.level(mode.id, levelId)) {
  $("tb-back").hidden = false;
  const saves = bucket(mode.id);
  const moduleP = import(mode.module);
  moduleP.catch(() => {});
  const packs = await getPacks(mode.id);
  const order = flatten(packs);
  const listed = order.find((l) => l.id === levelId);
  if (listed && !isOpen(order, listed.id, saves)) return redirect(mode.id);
  let level, module;
  try {
    [level, module] = await Promise.all([levelP, moduleP]);
  } catch (err) {
    if (err?.status !== 404 || token !== renderToken) throw err;
    toast(t("loadError", { msg: explain(err) }));  // a stale link: no level by that id
    return redirect(mode.id);
  }
  if (token !== renderToken) return;
  await useModule(mode, module);
  if (token !== renderToken) return;
  if (listed) saves.setCurrent(levelId);
  topBar.setTitle(listed ? `${listed.pack}-${listed.index}` : levelId);  // {pack}-{index}
  topBar.setCaption(level.caption || null);
  const root = el("div", "mode-root");
  view.replaceChildren(root);
  let clearedOnce = false;
  const tried = listed ? startTry(mode.id, levelId) : null;   // anonymous figures (shell/plays.js)
  const services = {
    api: api.forLevel(mode.id, levelId),
    saves: { cleared: saves.cleared, current: saves.current, isCleared: saves.isCleared, play: saves.play, setPlay: saves.setPlay },
    sound, vibrate, settings, t, toast, topBar, explain, firstTime,
    goLevelSelect: () => go(mode.id),
    onCleared(run) {
      if (clearedOnce) return;
      clearedOnce = true;
      tried?.cleared();
      keepAndRecord(mode.id, levelId, run);
      const here = token === renderToken;   // false: the player left during the celebration
      if (!listed) return here ? go(mode.id) : undefined;  // hidden levels are not saved
      saves.markCleared(levelId);
      if (!here) {                           // recorded; stay where the player went
        const now = parseHash();
        if (now.modeId === mode.id && !now.levelId) route();  // its level select: show the tick
        return;
      }
      const i = order.findIndex((l) => l.id === levelId);
      const next = order[i + 1];
      if (next) { saves.setCurrent(next.id); go(mode.id, next.id); return; }
      go(mode.id);
      const done = new Set(saves.cleared());
      if (order.every((l) => done.has(l.id))) toast(t("allCleared"), 4000);  // the very last one
    },
  };
  mounted = { module, modeId: mode.id, levelId, stop: tried?.left };
  const screen = await module.mount(root, level, services);
  tried?.watch(screen);   // not tried?.watch(await mount(…)): ?. would skip the mount too
  warmClearModules();
}

/** What the achievement rules read besides the history: the modes and every pack's levels. */
async function achievementContext() {
  const modes = await getModes();
  const packs = [];
  for (const m of modes) {
    for (const p of (await getPacks(m.id)).packs) packs.push({ mode: m.id, pack: p.pack, title: p.title, levels: p.levels.map((l) => l.id) });
  }
  return { modes: modes.map((m) => m.id), modeTitles: Object.fromEntries(modes.map((m) => [m.id, m.title])), packs };
}

const SILENT = { step() {}, conflict() {}, clear() {}, tap() {}, nudge() {} };

/**
 * #/replay/<mode>/<level>[/<log>|/last] or #/replay/<level code>/<log>: the viewer
 * (shell/replay.js) on the mode's own screen.
 */
async function renderReplayRoute({ logFor, replayHash, codeReplayHash, renderReplay }, r, token) {
  $("tb-back").hidden = false;
  const modes = await getModes();
  let mode = modes.find((m) => m.id === r.modeId);
  let level, log, base, title, linkHash;
  try {
    if (mode) {
      if (!r.levelId) return redirect(null);
      log = logFor(mode.id, r.levelId, r.log);
      if (!log) { toast(t("rp.none")); return redirect(mode.id); }
      level = await api.level(mode.id, r.levelId);
      base = `/api/modes/${encodeURIComponent(mode.id)}/levels/${encodeURIComponent(r.levelId)}`;
      [title, linkHash] = [r.levelId, replayHash(mode.id, r.levelId, log)];
    } else {                                   // a level code and its log
      const found = await api.codeLevel(r.modeId);
      mode = modes.find((m) => m.id === found.mode);
      if (!mode || !r.tail) throw { message: r.modeId };
      [level, log] = [found.level, r.tail];
      base = `/api/codes/${encodeURIComponent(r.modeId)}`;
      [title, linkHash] = [level.id === "code" ? t("codeLevel") : level.id, codeReplayHash(r.modeId, log)];
    }
  } catch (err) {
    if (err?.status === 0 || token !== renderToken) throw err;  // offline: retry as usual
    toast(t("rp.bad", { msg: explain(err) }), 4000);
    return redirect(mode ? mode.id : null);
  }
  const module = await import(mode.module);
  if (token !== renderToken) return;
  await useModule(mode, module);
  if (token !== renderToken) return;
  const saves = bucket(mode.id);
  const services = {
    api: mode.id === r.modeId ? api.forLevel(mode.id, r.levelId) : api.forCode(r.modeId),
    saves: { cleared: saves.cleared, current: saves.current, isCleared: saves.isCleared },
    sound: SILENT, vibrate() {}, settings, t, toast, topBar, goLevelSelect: () => go(mode.id),
  };
  mounted = { module, modeId: mode.id, levelId: r.levelId };
  try {
    const viewer = await renderReplay(view, { mode, title, level, module, services, log, clipUrl: `${base}/clip`, linkHash, topBar, toast });
    if (mounted && mounted.module === module) mounted.stop = viewer.stop;
  } catch (err) {
    if (token !== renderToken) return;
    toast(t("rp.bad", { msg: explain(err) }), 4000);
    redirect(mode.id);
  }
}

// ---- menu and settings ------------------------------------------------------------
/** A setting with a few named values: a row of pressed/unpressed buttons (data-setting). */
function segRow(key, values) {
  const row = el("div", "setting");
  row.append(t(key));
  const seg = el("div", "seg");
  seg.setAttribute("role", "group");
  seg.setAttribute("aria-label", t(key));
  for (const v of values) {
    const b = el("button", "", t(`${key}.${v}`));
    b.type = "button";
    b.dataset.setting = key;
    b.dataset.value = v;
    b.setAttribute("aria-pressed", String(settings[key] === v));
    b.onclick = () => {
      setSetting(key, v);
      for (const o of seg.children) o.setAttribute("aria-pressed", String(o === b));
    };
    seg.append(b);
  }
  row.append(seg);
  return row;
}

function closeMenu() { $("menu").hidden = true; $("menu").replaceChildren(); }

function openMenu() {
  const modeId = mounted?.modeId ?? parseHash().modeId;  // #/play/<code>: the code's mode
  const sheet = $("menu");
  const body = el("div", "sheet-body");
  const item = (label, fn, name) => {
    const b = el("button", "item");
    b.dataset.menu = name;
    b.textContent = label;
    b.onclick = () => { closeMenu(); fn(); };
    body.append(b);
  };
  if (modeId) item(t("levelSelect"), () => go(modeId), "levels");
  const here = parseHash();  // #/<mode>/<level> or #/play/<code>
  const stream = () => import("../stream/open.js")
    .catch(() => { throw { status: 0 }; })  // the module itself did not load: offline
    .then(({ startStream }) => startStream(here.modeId, here.levelId));
  if (here.levelId) item(t("st.stream"), () => stream().catch((e) => toast(explainShort(e), 5000)), "stream");
  item(t("home"), () => go(null), "home");
  item(t("ach.title"), () => { location.hash = `#/${ACHIEVEMENTS}`; }, "achievements");
  const h = el("h2", "", t("settings"));
  body.append(h);
  const lang = el("div", "setting");
  lang.append(t("language"));
  const seg = el("div", "seg");
  for (const [code, label] of [["zh", "中文"], ["en", "English"]]) {
    const b = el("button", "", label);
    b.dataset.lang = code;
    b.setAttribute("aria-pressed", String(settings.lang === code));
    b.onclick = () => {
      setSetting("lang", code);
      closeMenu();
      labelTopBar();
      // A play screen relabels itself (settings.onChange); re-routing would wipe the path.
      if (!mounted) route();
    };
    seg.append(b);
  }
  lang.append(seg);
  body.append(lang);
  body.append(segRow("conflicts", CONFLICT_MODES));
  for (const key of ["sound", "vibration", "highContrast", "reducedMotion", "showAll", "autoMark"]) {
    const row = el("label", "setting");
    const box = el("input");
    box.type = "checkbox";
    box.name = key;
    box.checked = settings[key];
    box.onchange = () => {
      setSetting(key, box.checked);
      if (key === "showAll" && !parseHash().levelId) route();
    };
    row.append(t(key), box);
    body.append(row);
  }
  body.append(...themeRows(settings, setSetting));
  item(t("close"), () => {}, "close");
  sheet.replaceChildren(body);
  sheet.hidden = false;
}

$("menu").addEventListener("click", (e) => { if (e.target === $("menu")) closeMenu(); });
$("tb-menu").addEventListener("click", () => ($("menu").hidden ? openMenu() : closeMenu()));
$("tb-back").addEventListener("click", () => {
  if (mounted?.back) return mounted.back();
  const { modeId, levelId } = parseHash();
  go(levelId ? mounted?.modeId ?? modeId : null);
});
// Escape: close the menu, else go back (play → level select → modes).
document.addEventListener("keydown", (e) => {
  if (e.key !== "Escape" || e.ctrlKey || e.metaKey || e.altKey) return;
  if (!$("menu").hidden) { closeMenu(); return; }
  if (!$("tb-back").hidden) $("tb-back").click();
});
function labelTopBar() {
  $("tb-menu").setAttribute("aria-label", t("menu"));
  $("tb-back").setAttribute("aria-label", t("back"));  // index.html says "back" until now
}
labelTopBar();
$("tb-title").tabIndex = -1;   // focusable by script: where focus goes when a screen change drops it
applyClasses();
window.addEventListener("hashchange", route);
onSaveError(() => toast(t("saveFailed"), 5000));  // once per session (saves.js)
let droppedTold = false;   // a damaged stored value (shell/stored.js): said once, on any screen
onDropped(() => { if (!droppedTold) { droppedTold = true; toast(t("storeDropped"), 5000); } });
window.addEventListener("storage", (e) => {  // another tab cleared a level: show its tick here
  if (e.key?.includes("mode:") && !parseHash().levelId && parseHash().modeId) route();
});
window.puzzlesmith = { go, settings, setSetting, showAll, firstUncleared, toast };
route();

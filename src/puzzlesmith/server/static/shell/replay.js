// Replays: the runs a player cleared (kept per level by kit/movelog.js's RunStore), the
// replay viewer (#/replay/<mode>/<level>[/<log text>|/last]) drawn by the mode's own play
// screen, the ▶ on level-select tiles with a best run, and the chip after a clear.
// Generic over the registry: a mode's screen only has to implement showMoves(moves).
import { RunStore, decodeLog } from "../kit/movelog.js";
import { button, el } from "./dom.js";
import { dismiss, notice } from "./dock.js";
import { t } from "./i18n.js";
import { dataSource, needsConnection } from "./datasource.js";
import { explain } from "./errors.js";
import { storagePrefix } from "./env.js";
import { showBreakdown } from "./breakdown.js";

export const ROUTE = "replay";
const SPEEDS = [1, 2, 4];
const THINK_MS = 600;   // "skip thinking time": no wait between moves longer than this
const CHIP_MS = 6000;

const store = (modeId) => new RunStore(localStorage, modeId, storagePrefix);   // trial:runs:… in a trial file

/** The hash of a replay: a level and, optionally, a log's text form (else the best run). */
export function replayHash(modeId, levelId, log = null) {
  const tail = log ? `/${encodeURIComponent(log)}` : "";
  return `#/${ROUTE}/${encodeURIComponent(modeId)}/${encodeURIComponent(levelId)}${tail}`;
}

/** The hash of a replay of a level that travels as a level code: the code and the log. */
export function codeReplayHash(code, log) {
  return `#/${ROUTE}/${encodeURIComponent(code)}/${encodeURIComponent(log)}`;
}

/**
 * Keep a cleared run; a chip offers its replay (and names its highlight) for a few
 * seconds. `hash`: where the chip leads (default: this level's last run).
 */
export function keepRun(modeId, levelId, run, hash = null) {
  if (!run || !run.log) return [];
  const marks = store(modeId).add(levelId, run);
  const chip = el("button");
  chip.type = "button";
  chip.className = "rp-chip";
  chip.dataset.highlights = marks.join(" ");
  const hl = marks.find((m) => m !== "best" || marks.length === 1);
  chip.textContent = `${hl ? t(`rp.hl.${hl}`) + " " : ""}${t("rp.watch")}`;
  chip.onclick = () => { dismiss(chip); location.hash = hash ?? replayHash(modeId, levelId, "last"); };
  const before = document.querySelector(".rp-chip");
  if (before) dismiss(before);
  notice(chip, CHIP_MS, { wait: true });   // in the dock: waits while an achievement toast shows
  return marks;
}

/** A ▶ on every level-select tile that has a best run: it opens that replay. */
export function decorateSelect(wrap, modeId) {
  const runs = store(modeId).all();
  for (const tile of wrap.querySelectorAll(".tile[data-level]")) {
    if (!runs[tile.dataset.level]?.best) continue;
    const play = el("span", "tile-replay", "▶");
    play.setAttribute("role", "link");
    play.setAttribute("aria-label", t("rp.watch"));
    play.onclick = (e) => { e.stopPropagation(); location.hash = replayHash(modeId, tile.dataset.level); };
    tile.append(play);
  }
}

/**
 * The replay route's parts: {modeId, levelId, log} (log: text form, "last", or null = the
 * best run); for a level code, `modeId` is the code and `tail` its log.
 */
export function parseReplayHash(hash) {
  const parts = hash.replace(/^#\/?/, "").split("/");
  if (parts[0] !== ROUTE) return null;
  const dec = (s) => { try { return decodeURIComponent(s); } catch { return s; } };
  return {
    modeId: dec(parts[1] || ""), levelId: dec(parts[2] || ""),
    log: parts.length > 3 ? dec(parts.slice(3).join("/")) : null, tail: dec(parts.slice(2).join("/")),
  };
}

/** Wait before move k (0-based) at this speed; long thinking shortened when `skip`. */
export function waitBefore(entries, k, speed, skip) {
  const gap = entries[k][0] - (k ? entries[k - 1][0] : 0);
  return (skip ? Math.min(gap, THINK_MS) : gap) / speed;
}

/**
 * The viewer. `deps`: {mode (from /api/modes), title, level (view JSON), module, services,
 * log, clipUrl (POST → the GIF), linkHash (the replay's own link), topBar, toast}. Mounts
 * the mode's screen in replay mode; resolves to {module, stop}.
 */
export async function renderReplay(view, { mode, title, level, module, services, log, clipUrl, linkHash, topBar, toast }) {
  const entries = decodeLog(log);
  const moves = entries.map(([, m]) => m);
  const wrap = el("div", "replay");
  const root = el("div", "mode-root");
  const bar = el("div", "rp-bar");
  const scrub = el("input");
  scrub.type = "range";
  scrub.className = "rp-scrub";
  scrub.min = "0";
  scrub.max = String(moves.length);
  scrub.value = "0";
  scrub.setAttribute("aria-label", t("rp.scrub"));
  const info = el("div", "rp-info");
  const row = el("div", "rp-row");
  const btn = (name, text, fn) => {
    const b = button("rp-btn", text, { rp: name }, fn);
    row.append(b);
    return b;
  };
  const row2 = el("div", "rp-row");
  bar.append(scrub, info, row, row2);
  wrap.append(root, bar);
  view.replaceChildren(wrap);
  topBar.setTitle(t("rp.title", { level: title }));
  topBar.setCaption(null);

  const screen = await module.mount(root, level, { ...services, onCleared() {} });
  if (!screen || typeof screen.showMoves !== "function" || typeof screen.asReplay !== "function") {
    throw new Error(`${mode.id}: this mode cannot show replays`);
  }
  screen.asReplay();

  let index = 0, speed = 1, skip = false, timer = 0, playing = false;
  const show = (k) => {
    index = Math.max(0, Math.min(moves.length, k));
    const st = screen.showMoves(moves.slice(0, index));
    scrub.value = String(index);
    const ms = index ? entries[index - 1][0] : 0;
    info.textContent = `${index} / ${moves.length} · ${(ms / 1000).toFixed(1)} s`;
    wrap.dataset.index = String(index);
    wrap.dataset.total = String(moves.length);
    wrap.dataset.cleared = String(Boolean(st && st.cleared));
    wrap.dataset.state = playing ? "playing" : index === moves.length ? "done" : "paused";
    play.textContent = playing ? `⏸ ${t("rp.pause")}` : `▶ ${t("rp.play")}`;
  };
  const stop = () => { clearTimeout(timer); playing = false; };
  const tick = () => {
    if (index >= moves.length) { playing = false; show(index); return; }
    timer = setTimeout(() => { show(index + 1); if (playing) tick(); }, waitBefore(entries, index, speed, skip));
  };
  btn("back", `‹ ${t("rp.back")}`, () => { stop(); show(index - 1); });
  const play = btn("play", "", () => {
    if (playing) { stop(); show(index); return; }
    if (index >= moves.length) show(0);
    playing = true;
    show(index);
    tick();
  });
  btn("fwd", `${t("rp.fwd")} ›`, () => { stop(); show(index + 1); });
  const speedBtn = btn("speed", "1×", () => {
    speed = SPEEDS[(SPEEDS.indexOf(speed) + 1) % SPEEDS.length];
    speedBtn.textContent = `${speed}×`;
    wrap.dataset.speed = String(speed);
    if (playing) { clearTimeout(timer); tick(); }
  });
  row.append(speedBtn);
  const skipBtn = btn("skip", t("rp.skip"), () => {
    skip = !skip;
    skipBtn.setAttribute("aria-pressed", String(skip));
    if (playing) { clearTimeout(timer); tick(); }
  });
  skipBtn.setAttribute("aria-pressed", "false");
  row2.append(skipBtn);
  const gif = btn("gif", t("rp.gif"), () => saveGif(clipUrl, `${mode.id}-${title}`, log, toast));
  const link = btn("link", t("rp.link"), async () => {
    const url = `${location.origin}${location.pathname}${linkHash}`;
    try { await navigator.clipboard.writeText(url); toast(t("rp.linkCopied")); } catch { toast(url, 6000); }
  });
  const explainBtn = btn("explain", t("bd.open"), () => {
    if (!dataSource.online) { toast(needsConnection(t("bd.open"))); return; }  // the server's solver reads it
    stop();
    showBreakdown(clipUrl.replace(/\/clip$/, "/breakdown"), log, toast);
  });
  row2.append(gif, link, explainBtn);
  scrub.oninput = () => { stop(); show(Number(scrub.value)); };
  wrap.dataset.speed = "1";
  show(0);
  return { module, stop };
}

/** Ask the server for the clip of this log and download it. */
async function saveGif(clipUrl, name, log, toast) {
  if (!dataSource.online) { toast(needsConnection(t("rp.gif"))); return; }  // the server draws clips
  toast(t("rp.making"));
  try {
    const res = await fetch(clipUrl, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ log, format: "gif" }),
    });
    if (!res.ok) {
      const body = await res.json().catch(() => ({}));
      throw { status: res.status, error: body.error, message: body.message || res.statusText };
    }
    const url = URL.createObjectURL(await res.blob());
    const a = el("a");
    a.href = url;
    a.download = `${name.replace(/[^\w.-]+/g, "_").slice(0, 60)}.gif`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (err) {
    toast(t("rp.bad", { msg: explain(err instanceof TypeError ? { status: 0 } : err) }));  // fetch: no network
  }
}

/** The log a replay route names: its own text, the last run, or the best run (null if none). */
export function logFor(modeId, levelId, log) {
  if (log && log !== "last") return log;
  const e = store(modeId).get(levelId);
  const run = log === "last" ? e.last[0] : e.best;
  return run ? run.log : null;
}

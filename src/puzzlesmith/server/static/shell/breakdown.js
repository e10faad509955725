// Your solve, explained: the server reads a run's timed log against the logic solver
// (core/breakdown.py); this draws it: the time against the day's median, thinking and
// moving, the longest pauses with the deduction the solver needed there, the steps back.
// Opened from the replay viewer (解析) and from a daily's clear (我的解题过程).
import { el } from "./dom.js";
import { t } from "./i18n.js";
import { settings } from "./settings.js";
import { authed } from "./dailyapi.js";
import { clock as dailyClock } from "./dailywords.js";

const secs = (ms) => (ms / 1000).toFixed(1);
const clock = (ms) => dailyClock(ms, false);  // m:ss, as the daily screens show times
const said = (h, key) => (h ? (settings.lang === "en" ? h[`${key}_en`] : h[`${key}_zh`]) : "") || "";

/** A position drawn by the server (an SVG document) as an image: its style stays inside. */
function boardImage(svg, alt) {
  const img = el("img", "bd-board");
  img.alt = alt;
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  return img;
}

/** The breakdown as a block of the page (figures, pauses, steps back). */
export function breakdownView(b) {
  const box = el("section", "bd");
  box.setAttribute("aria-label", t("bd.title"));
  const time = el("p", "bd-time", t("bd.time", { time: clock(b.time_ms) }));
  time.dataset.timeMs = String(b.time_ms);   // a daily's: the official time, the server's
  box.append(el("h2", "bd-h", t("bd.title")), time);
  if (b.median_ms !== undefined) box.append(el("p", "bd-median", t(b.median_of === "level" ? "bd.medianLevel" : "bd.median", { time: clock(b.median_ms), n: b.faster_than })));
  box.append(el("p", "d-muted", t("bd.split", { think: clock(b.thinking_ms), move: clock(b.moving_ms) })));
  box.append(el("h3", "bd-h3", t("bd.pauses")));
  if (b.pauses.some((p) => p.board)) box.append(el("p", "d-muted bd-legend", t("bd.legend")));
  const list = el("ol", "bd-pauses");
  for (const p of b.pauses) {
    const li = el("li", "bd-pause");
    li.dataset.index = String(p.index);
    li.append(el("b", "", t("bd.pause", { k: p.index + 1, s: secs(p.pause_ms) })));
    if (p.board) li.append(boardImage(p.board, t("bd.board", { k: p.index + 1 })));
    const h = p.why;
    const wrong = Boolean(h) && (h.verdict === "mistake" || h.kind === "mistake");
    if (h && p.again !== undefined) {   // a technique or a kind of mistake is explained once, then named
      const again = wrong ? t("bd.againWrong", { k: p.again + 1 }) : t("bd.again", { name: said(h, "name"), k: p.again + 1 });
      li.append(el("p", "bd-why bd-again", again));
    } else if (h) {
      const name = said(h, "name");
      const lead = wrong ? t("bd.wrong") : name ? t("bd.saw", { name }) : "";
      li.append(el("p", "bd-why", lead + said(h, "reason")));
    }
    list.append(li);
  }
  box.append(list);
  const backs = b.backs.length
    ? t("bd.backs", { n: b.backs.length, at: b.backs.slice(0, 5).map((x) => x.index + 1).join(t("bd.sep")) })
    : t("bd.noBacks");
  box.append(el("p", "bd-backs", backs));
  return box;
}

/** A sheet over the screen with the breakdown of `log` (POST `url`), closed by a button. */
export async function showBreakdown(url, log, toast) {
  let b;
  try {
    const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ log }) });
    b = await res.json();
    if (!res.ok) throw new Error(b.message || res.statusText);
  } catch (err) { toast(t("bd.failed", { msg: err.message || String(err) }), 4000); return null; }
  const sheet = el("div", "bd-sheet");
  sheet.setAttribute("role", "dialog");
  sheet.setAttribute("aria-modal", "true");
  sheet.setAttribute("aria-label", t("bd.title"));
  const close = el("button", "bd-close", t("bd.close"));
  close.type = "button";
  const opener = document.activeElement;
  // closed by its button or Escape (focus back where it was), and by leaving the screen
  const shut = (back) => {
    sheet.remove();
    removeEventListener("hashchange", leave);
    if (back && opener?.isConnected) opener.focus();
  };
  const leave = () => shut(false);
  close.onclick = () => shut(true);
  sheet.addEventListener("keydown", (e) => { if (e.key === "Escape") shut(true); });
  addEventListener("hashchange", leave);
  sheet.append(breakdownView(b), close);
  document.querySelector(".bd-sheet")?.remove();
  document.body.append(sheet);
  close.focus();
  return sheet;
}

/** #/daily/<mode>/explain[/<date>]: my verified run of that daily, with the day's median. */
export async function renderDailyExplain(env, mode, day, title) {
  const q = day ? `?date=${encodeURIComponent(day)}` : "";
  const b = await authed("GET", `/api/daily/${encodeURIComponent(mode.id)}/breakdown${q}`);
  if (!env.current()) return;
  env.topBar.setTitle(`${title} · ${t("bd.title")}`);
  const wrap = el("div", "scroll daily");
  const back = el("button", "d-btn d-wide", t("d.back"));
  back.type = "button";
  back.dataset.action = "back";
  back.onclick = () => env.go("daily");
  wrap.append(breakdownView(b), back);
  env.view.replaceChildren(wrap);
}

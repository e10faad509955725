// The archive (#/daily/archive/<mode>/<YYYY-MM>): every past daily of a mode, a month at a
// time, with my own marks (✓ done, · started). A past day plays at #/daily/<mode>/day/<date>,
// verified by the server but unranked, and it never touches the streak.
import * as dapi from "./dailyapi.js";
import { el, button } from "./dom.js";
import { t } from "./i18n.js";
import { clock } from "./dailywords.js";
import { titleOf } from "./dailyviews.js";
import { settings } from "./settings.js";

const enc = encodeURIComponent;
export const month = (mode, m) => dapi.authed("GET", `/api/archive/${enc(mode)}${m ? `?month=${enc(m)}` : ""}`);

export async function renderArchive(env, modes, modeId, wanted) {
  const mode = modes.find((m) => m.id === modeId) || modes[0];
  const page = await month(mode.id, wanted);
  if (!env.current()) return;
  env.topBar.setTitle(`${t("ar.title")} · ${titleOf(mode)}`);
  const wrap = el("div", "scroll daily a-archive");
  const tabs = el("div", "d-row a-modes");
  for (const m of modes) {
    const b = button(`d-btn${m.id === mode.id ? " d-primary" : ""}`, titleOf(m), { mode: m.id },
      () => env.go("daily", `archive/${m.id}/${page.month}`));
    b.setAttribute("aria-pressed", String(m.id === mode.id));
    tabs.append(b);
  }
  const at = page.months.indexOf(page.month);
  const nav = el("div", "d-row d-days");
  const older = page.months[at + 1], newer = page.months[at - 1];
  const prev = button("d-btn", "◀", { action: "prev-month" }, () => env.go("daily", `archive/${mode.id}/${older}`));
  prev.disabled = !older; prev.setAttribute("aria-label", t("ar.prev"));
  const next = button("d-btn", "▶", { action: "next-month" }, () => env.go("daily", `archive/${mode.id}/${newer}`));
  next.disabled = !newer; next.setAttribute("aria-label", t("ar.next"));
  const label = el("span", "a-month", monthName(page.month));
  label.dataset.month = page.month;
  nav.append(prev, label, next);
  wrap.append(tabs, nav, el("p", "d-muted", t("ar.note")), calendar(env, mode, page));
  wrap.append(button("d-btn d-wide", t("d.back"), { action: "back" }, () => env.go("daily")));
  env.view.replaceChildren(wrap);
}

/** "2026-11" as "2026年11月" / "November 2026". */
function monthName(ym) {
  const lang = settings.lang === "en" ? "en" : "zh-CN";
  return new Intl.DateTimeFormat(lang, { year: "numeric", month: "long", timeZone: "UTC" }).format(new Date(`${ym}-01T00:00:00Z`));
}

/** The month Monday first, weekday names on top; a past day is a button to play it. */
function calendar(env, mode, page) {
  const grid = el("div", "d-cal a-cal");
  grid.setAttribute("role", "group");   // a month of buttons, read in order (no grid rows)
  grid.setAttribute("aria-label", monthName(page.month));
  for (const w of t("ar.weekdays").split(",")) grid.append(el("span", "a-wd", w));
  const first = new Date(`${page.month}-01T00:00:00Z`);
  for (let k = 0; k < (first.getUTCDay() + 6) % 7; k++) grid.append(el("span", "a-pad"));
  const byDate = Object.fromEntries(page.days.map((d) => [d.date, d]));
  const days = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  for (let k = 1; k <= days; k++) {
    const iso = `${page.month}-${String(k).padStart(2, "0")}`;
    const d = byDate[iso];
    if (!d) { grid.append(el("span", "d-day d-future", String(k))); continue; }
    const label = t("ar.play", { mode: titleOf(mode), n: d.number, date: iso })
      + (d.state === "finished" ? ` · ${t("ar.done", { time: clock(d.result.time_ms) })}` : d.state === "started" ? ` · ${t("ar.started")}` : "");
    const shown = d.state === "finished" ? `${k}✓` : String(k);
    const b = button(`d-day a-day a-${d.state}`, shown, { date: iso }, () => env.go("daily", `${mode.id}/day/${iso}`));
    b.setAttribute("aria-label", `${shown} · ${label}`);   // the name starts with what is shown
    b.title = label;
    grid.append(b);
  }
  return grid;
}

/** A finished past daily: its time, and the way back to the archive. */
export function renderArchiveDone(env, mode, s) {
  env.topBar.setTitle(`${titleOf(mode)} #${s.number}`);
  const wrap = el("div", "scroll daily d-done");
  const r = s.finished;
  wrap.append(el("p", "d-muted", t("ar.finished")), el("div", "d-big", clock(r.time_ms)),
    el("p", "", r.flawless ? t("d.flawless") : t("d.hints", { n: r.hints })), el("p", "d-muted", t("ar.note")),
    button("d-btn d-wide", t("d.board"), { action: "board" }, () => env.go("daily", `${mode.id}/board/${s.date}`)),
    button("d-btn d-wide", t("ar.playAgain"), { action: "archive" }, () => env.go("daily", `archive/${mode.id}/${s.date.slice(0, 7)}`)));
  env.view.replaceChildren(wrap);
}

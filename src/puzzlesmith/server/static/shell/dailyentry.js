// The home screen's daily card, without the daily screens: shell/daily.js (and the
// leaderboard, friends, archive and achievement modules it needs) loads when it is pressed.
import "./dailywords.js";
import { el } from "./dom.js";
import { linkCss } from "./css.js";
import { dataSource } from "./datasource.js";
import { t } from "./i18n.js";

/** The daily screens' stylesheet, beside this module (the same build as the shell). */
export const dailyCss = () => linkCss(new URL("./daily.css", import.meta.url).href, "daily");

/** The home screen's entry card; none in a trial file (it has no server). */
export function dailyEntry(go) {
  if (dataSource.kind === "embedded") return "";
  dailyCss();
  const b = el("button", "daily-card", "");
  b.dataset.mode = "daily";
  b.append(el("b", "", t("d.entry")), el("span", "", t("d.entrySub")));
  b.onclick = () => go("daily");
  return b;
}

// Themes and cow skins: the choices in settings. The tokens live in static/themes.css
// (html[data-theme]); settings.js puts data-theme / data-cow on <html>. The contrast
// theme also turns on the high-contrast cues (html.hc: stripes on every conflict).
// Their names are the catalogue's `th.*` words (puzzlesmith/core/words/).
import { el } from "./dom.js";
import { t } from "./i18n.js";
export const THEMES = [
  { id: "classic", word: "th.classic" },
  { id: "dark", word: "th.dark" },
  { id: "paper", word: "th.paper" },
  { id: "contrast", word: "th.contrast" },
];

export const COW_SKINS = [
  { id: "classic", word: "th.cow.classic" },
  { id: "calf", word: "th.cow.calf" },
  { id: "highland", word: "th.cow.highland" },
];

export const THEME_IDS = THEMES.map((x) => x.id);
export const COW_IDS = COW_SKINS.map((x) => x.id);

/** One settings row: a label and a segmented choice of `options` for `key`. */
function choiceRow(key, label, options, { settings, set }) {
  const row = el("div", "setting");
  row.append(label);
  const seg = el("div", "seg seg-wrap");
  for (const o of options) {
    const b = el("button");
    b.type = "button";
    b.textContent = t(o.word);
    b.dataset[key] = o.id;
    b.setAttribute("aria-pressed", String(settings[key] === o.id));
    b.onclick = () => {
      set(key, o.id);
      for (const x of seg.children) x.setAttribute("aria-pressed", String(x === b));
    };
    seg.append(b);
  }
  row.append(seg);
  return row;
}

/** The theme and cow-skin rows of the settings sheet. */
export function themeRows(settings, set) {
  const ctx = { settings, set };
  return [choiceRow("theme", t("th.theme"), THEMES, ctx), choiceRow("cowSkin", t("th.cowSkin"), COW_SKINS, ctx)];
}

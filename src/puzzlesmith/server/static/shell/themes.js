// Themes and cow skins: the choices in settings. The tokens live in static/themes.css
// (html[data-theme]); settings.js puts data-theme / data-cow on <html>. The contrast
// theme also turns on the high-contrast cues (html.hc: stripes on every conflict).
import { el } from "./dom.js";
export const THEMES = [
  { id: "classic", zh: "经典", en: "Classic" },
  { id: "dark", zh: "深色", en: "Dark" },
  { id: "paper", zh: "暖纸", en: "Paper" },
  { id: "contrast", zh: "高对比", en: "Contrast" },
];

export const COW_SKINS = [
  { id: "classic", zh: "黑白花", en: "Holstein" },
  { id: "calf", zh: "小花牛", en: "Calf" },
  { id: "highland", zh: "高地牛", en: "Highland" },
];

const LABELS = { theme: { zh: "主题", en: "Theme" }, cowSkin: { zh: "奶牛样子", en: "Cow look" } };

export const THEME_IDS = THEMES.map((x) => x.id);
export const COW_IDS = COW_SKINS.map((x) => x.id);

/** One settings row: a label and a segmented choice of `options` for `key`. */
function choiceRow(key, label, options, { settings, set, lang }) {
  const row = el("div", "setting");
  row.append(label);
  const seg = el("div", "seg seg-wrap");
  for (const o of options) {
    const b = el("button");
    b.type = "button";
    b.textContent = lang === "en" ? o.en : o.zh;
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
  const lang = settings.lang === "en" ? "en" : "zh";
  const ctx = { settings, set, lang };
  return [choiceRow("theme", LABELS.theme[lang], THEMES, ctx), choiceRow("cowSkin", LABELS.cowSkin[lang], COW_SKINS, ctx)];
}

// Shell settings (key `shell:settings`), live: modes subscribe with settings.onChange(fn).
import { storagePrefix } from "./env.js";
import { THEME_IDS, COW_IDS } from "./themes.js";
import { isPlain, readStored } from "./stored.js";

const KEY = `${storagePrefix}shell:settings`;
const prefersReduced = () => !!(globalThis.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches);
const DEFAULTS = () => ({
  lang: "zh", // Chinese first; English is a switch in settings
  sound: true, vibration: true, highContrast: false, reducedMotion: prefersReduced(), showAll: false,
  theme: "classic", cowSkin: "classic",
  // error marking (issue 26): "instant" marks a conflict at once, "full" only once the
  // board is full (a path over every cell, a cow in every row); Cows' automatic ✕
  conflicts: "instant", autoMark: false,
});
export const CONFLICT_MODES = ["instant", "full"];
const listeners = new Set();

/** The stored settings (`raw`: another tab's new value); a value that is not a small plain
 *  object is dropped with a toast (stored.js), a bad field alone falls back to its default. */
function load(raw = null) {
  const s = DEFAULTS();
  try {
    const v = raw === null ? readStored(KEY, isPlain, { maxChars: 4000, fallback: {} }) : JSON.parse(raw);
    if (isPlain(v)) {
      if (v.lang === "zh" || v.lang === "en") s.lang = v.lang;
      for (const k of ["sound", "vibration", "highContrast", "reducedMotion", "showAll", "autoMark"]) {
        if (typeof v[k] === "boolean") s[k] = v[k];
      }
      if (THEME_IDS.includes(v.theme)) s.theme = v.theme;
      if (COW_IDS.includes(v.cowSkin)) s.cowSkin = v.cowSkin;
      if (CONFLICT_MODES.includes(v.conflicts)) s.conflicts = v.conflicts;
    }
  } catch { /* corrupt: defaults */ }
  return s;
}

export const settings = load();
Object.defineProperty(settings, "onChange", {
  enumerable: false,
  value(fn) { listeners.add(fn); return () => listeners.delete(fn); },
});

export function applyClasses() {
  const h = document.documentElement;
  h.classList.toggle("hc", settings.highContrast || settings.theme === "contrast");
  h.dataset.theme = settings.theme;
  h.dataset.cow = settings.cowSkin;
  h.classList.toggle("rm", settings.reducedMotion);
  h.lang = settings.lang === "zh" ? "zh-CN" : "en";
}

export function set(key, value) {
  // Only this key changes: what another tab stored meanwhile for the others is kept.
  Object.assign(settings, load(), { [key]: value });
  try {
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(Object.keys(DEFAULTS()).map((k) => [k, settings[k]]))));
  } catch { /* storage full or private mode: the setting holds for this session */ }
  applyClasses();
  for (const fn of listeners) fn(settings, key);
}

// Another tab changed the settings: take them over live, as if set here.
globalThis.addEventListener?.("storage", (e) => {
  if (e.key !== KEY || e.storageArea !== localStorage) return;
  const next = load(e.newValue ?? "{}");
  const changed = Object.keys(next).filter((k) => next[k] !== settings[k]);
  if (!changed.length) return;
  Object.assign(settings, next);
  applyClasses();
  for (const k of changed) for (const fn of listeners) fn(settings, k);
});

// Level select, generic over a mode's packs: linear unlock across packs in play order,
// opens on the first uncleared level; `?all=1`, the "open all" setting or a trial file
// (export-html: every level open) opens all.
import { settings } from "./settings.js";
import { langPart } from "./bilingual.js";
import { embedded } from "./env.js";
import { el } from "./dom.js";

export function showAll() {
  return settings.showAll || !!embedded?.showAll || new URLSearchParams(location.search).get("all") === "1";
}

/** Levels in play order: pack by pack, then index. */
export function flatten(packs) {
  const out = [];
  for (const p of packs.packs) for (const l of p.levels) out.push({ ...l, pack: p.pack });
  return out;
}

export function firstUncleared(order, saves) {
  const cleared = new Set(saves.cleared());
  return order.find((l) => !cleared.has(l.id)) || null;
}

export function isOpen(order, id, saves) {
  if (showAll()) return true;
  const cleared = new Set(saves.cleared());
  const i = order.findIndex((l) => l.id === id);
  if (i < 0) return false;
  return i === 0 || cleared.has(id) || cleared.has(order[i - 1].id);
}

/** "中文 / English" text (pack titles) in the current language; text without " / " as is. */
export function inLang(text, lang = settings.lang) {
  return langPart(text, lang);
}

export function renderLevelSelect(packs, saves, { t, onPick }) {
  const order = flatten(packs);
  const cleared = new Set(saves.cleared());
  const first = firstUncleared(order, saves);
  const wrap = el("div", "scroll level-select");
  for (const p of packs.packs) {
    const h = el("div", "pack-title", `${p.pack} · ${inLang(p.title)}`);
    const grid = el("div", "tiles");
    for (const l of p.levels) {
      const b = el("button");
      const open = isOpen(order, l.id, saves);
      b.className = "tile";
      b.dataset.level = l.id;
      b.textContent = `${p.pack}-${l.index}`;
      b.setAttribute("aria-label", `${p.pack}-${l.index}`);
      if (cleared.has(l.id)) { b.classList.add("cleared"); b.title = t("cleared"); }
      if (!open) {
        b.classList.add("locked"); b.disabled = true; b.title = t("locked");
        b.setAttribute("aria-label", `${p.pack}-${l.index} ${t("locked")}`);
      }
      if (first && first.id === l.id) b.classList.add("current");
      b.onclick = () => open && onPick(l.id);
      grid.append(b);
    }
    wrap.append(h, grid);
  }
  return wrap;
}

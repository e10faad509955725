// What the board editors share: small controls, ids and highlight fills.
import { svgEl } from "../kit/playkit.js";
import { button, el } from "../shell/dom.js";
import { isPlain, isText } from "../shell/stored.js";

/** An integer in lo..hi. */
export const isInt = (x, lo, hi) => Number.isInteger(x) && x >= lo && x <= hi;
/** An array of at most `max` items each passing `ok`. */
export const arrayOf = (x, max, ok) => Array.isArray(x) && x.length <= max && x.every(ok);
/** An editor level's common frame: a plain object whose optional id/title are short text. */
export const isLevelFrame = (x) => isPlain(x) && (x.id === undefined || isText(x.id, 64)) && (x.title === undefined || isText(x.title, 200));
/** A cell id as the editors make it (short text). */
export const isCellId = (x) => isText(x, 32) && x.length > 0;

/** A − n + stepper for the number tool; `get`/`set` hold the value. */
export function stepper(t, get, set, min, max) {
  const box = el("div", "ed-stepper");
  const label = el("span");
  const show = () => { label.textContent = `${t("ed.value")} ${get()}`; };
  const b = (text, d, name) => button("ed-btn small", text, { act: name }, () => {
    set(Math.min(max(), Math.max(min, get() + d)));
    show();
  });
  show();
  box.append(b("−", -1, "value-down"), label, b("+", 1, "value-up"));
  box.refresh = show;
  return box;
}

/** The first free id of the form `${prefix}${k}`. */
export function freshId(used, prefix = "c") {
  for (let k = 0; ; k++) if (!used.has(`${prefix}${k}`)) return `${prefix}${k}`;
}

/** The fill of a cell under the latest check: a broken rule, an ambiguity, or plain. */
export function fillOf(id, hl, plain) {
  if (hl.problem.has(id)) return "var(--ed-problem)";
  if (hl.differ.has(id)) return "var(--ed-differ)";
  return plain;
}

/** A centred label. */
export function label(parent, x, y, text, size, cls = "ed-label") {
  const e = svgEl("text", { x, y, "font-size": size, class: cls, "text-anchor": "middle", "dominant-baseline": "central" }, parent);
  e.textContent = text;
  return e;
}

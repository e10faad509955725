// What the board editors share: small controls, ids and highlight fills.
import { svgEl } from "../kit/playkit.js";
import { button, el } from "../shell/dom.js";

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

// One HTML element helper for the shell's screens and the editor (SVG has kit/playkit.js's svgEl).
export function el(tag, cls = "", text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A button that never submits a form: class, label, data-* attributes, what a press does. */
export function button(cls, text, data = {}, onclick = null) {
  const b = el("button", cls, text);
  b.type = "button";
  Object.assign(b.dataset, data);
  if (onclick) b.onclick = onclick;
  return b;
}

// One HTML element helper for the shell's screens and the editor (SVG has kit/playkit.js's svgEl).
export function el(tag, cls = "", text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

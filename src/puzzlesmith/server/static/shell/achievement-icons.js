// Achievement icons as inline SVG (24×24, currentColor), so they look the same on every
// device without an emoji font. The catalogue's `icon` names one of these.
const PATHS = {
  star: "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z",
  medal: "M7 2h4l1 4 1-4h4l-3 7a6 6 0 1 1-4 0zM12 11a4 4 0 1 0 0 8 4 4 0 0 0 0-8z",
  compass: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm4 4l-6 2-2 6 6-2z",
  box: "M12 2l9 4.5v11L12 22l-9-4.5v-11zM5 7.6v8.7l6 3V10.6zm14 0l-6 3v8.7l6-3zM12 4.3L6.3 7.1 12 9.9l5.7-2.8z",
  diamond: "M6 3h12l4 6-10 12L2 9zm1.1 2L4.6 8.7h4.2L10 5zm5.9 0l1.2 3.7h4.2L16.9 5zm-2.9 5.7L12 17l1.9-6.3z",
  flame: "M12 2c1 4 6 6 6 12a6 6 0 0 1-12 0c0-3 2-5 3-6 0 2 1 3 2 3-1-3 0-6 1-9z",
  volcano: "M9 9h6l7 12H2zm1-7c1 1 1 3 0 5h4c-1-2-1-4 0-5l-2 2z",
  sparkle: "M12 2l2 7 7 3-7 3-2 7-2-7-7-3 7-3zM19 2l.8 2.2L22 5l-2.2.8L19 8l-.8-2.2L16 5l2.2-.8z",
  brain: "M9 3a3 3 0 0 0-3 3 3 3 0 0 0-2 5 3 3 0 0 0 1 5 3 3 0 0 0 4 4h2V3zm6 0a3 3 0 0 1 3 3 3 3 0 0 1 2 5 3 3 0 0 1-1 5 3 3 0 0 1-4 4h-2V3z",
  owl: "M4 3l4 3h8l4-3v10a8 8 0 0 1-16 0zm4.5 6a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zm7 0a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM12 15l-1.5 2h3z",
  bolt: "M13 2L4 14h6l-1 8 9-12h-6z",
  rocket: "M14 2c4 0 8 4 8 8l-7 7-8-8zM6 11l7 7-2 2-3-1-1 3-2-2 3-1-1-3zm10-5a2 2 0 1 0 0 4 2 2 0 0 0 0-4z",
  calendar: "M7 2h2v2h6V2h2v2h3v18H4V4h3zM6 9v11h12V9zm2 2h3v3H8z",
  calendar7: "M7 2h2v2h6V2h2v2h3v18H4V4h3zM6 9v11h12V9zm3 2h6v2l-3 6h-2l3-6H9z",
  trophy: "M6 2h12v3h3v3a4 4 0 0 1-4 4 6 6 0 0 1-4 3v3h4v4H7v-4h4v-3a6 6 0 0 1-4-3 4 4 0 0 1-4-4V5h3zm-1 5v1a2 2 0 0 0 1.4 1.9L6 7zm14 0h-1l-.4 2.9A2 2 0 0 0 19 8z",
};

/** An <svg> for the icon name (a plain circle for an unknown name). */
export function iconSvg(name) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.classList.add("ach-svg");
  const p = document.createElementNS(ns, "path");
  p.setAttribute("d", PATHS[name] || "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z");
  p.setAttribute("fill", "currentColor");
  p.setAttribute("fill-rule", "evenodd");
  svg.append(p);
  return svg;
}

export const ICONS = Object.keys(PATHS);

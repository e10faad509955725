// A read-only picture of any mode's position: the server's SVG of the board (cells carry
// data-cell), with the mode's own marks, vote targets, tallies and hint markers drawn over
// it. What a position looks like is the mode's: static/modes/<mode id>/stream.js exports
// drawPosition(pen, position) and drag (docs/adding-a-mode.md), loaded by the mode id the
// room's state names; a mode without that file shows its targets and markers only.
// Nothing from viewers is parsed as markup: names and texts are textContent.

import { el as html } from "../shell/dom.js";
import { senderName } from "./common.js";

const NS = "http://www.w3.org/2000/svg";

function el(name, attrs = {}, text) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = String(text);
  return e;
}

/** The server's SVG, made inert (no scripts, no handlers, no links) — it is ours, but still. */
function importSvg(text) {
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const svg = doc.documentElement;
  if (svg.nodeName !== "svg") throw new Error("board: not an SVG");
  for (const bad of svg.querySelectorAll("script, foreignObject, a, iframe")) bad.remove();
  for (const node of [svg, ...svg.querySelectorAll("*")]) {
    for (const a of [...node.attributes]) if (/^on/i.test(a.name) || /href/i.test(a.name)) node.removeAttribute(a.name);
  }
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  return document.importNode(svg, true);
}

/** Each mode's stream drawing, loaded once per page (mode id → promise of the module). */
const drawings = new Map();

/** The stream drawing of `mode` (null when the mode ships none, or the id is not one). */
function drawingOf(mode) {
  if (typeof mode !== "string" || !/^[\w-]+$/.test(mode)) return Promise.resolve(null);
  if (!drawings.has(mode)) drawings.set(mode, import(`../modes/${mode}/stream.js`).catch(() => null));
  return drawings.get(mode);
}

export class Board {
  /** onTap(cell) is called for a tap on a target cell (or any cell when anyCell is set). */
  constructor(host, onTap) {
    this.host = host;
    this.onTap = onTap;
    this.anyCell = false;
    this.boardText = null;
    this.mode = null;
    this.drawing = null;
    this.ready = Promise.resolve();
    this.last = null;
  }

  /** Whether the host moves by one drag through cells (the mode's drawing says). */
  get drag() {
    return Boolean(this.drawing?.drag);
  }

  /** Show the server's picture `text` of a `mode` level; the promise settles once the
   *  mode's drawing is loaded (the last position is drawn again then). */
  setBoard(text, mode) {
    if (mode !== this.mode) {
      this.mode = mode;
      this.drawing = null;
      this.ready = drawingOf(mode).then((drawing) => {
        if (this.mode !== mode) return;
        this.drawing = drawing;
        if (this.last) this.draw(this.last);
      });
    }
    if (text === this.boardText) return this.ready;
    this.boardText = text;
    this.svg = importSvg(text);
    this.svg.classList.add("st-svg");
    this.svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    this.host.replaceChildren(this.svg);
    this.layer = el("g", { class: "st-layer" });
    this.svg.append(this.layer);
    this.centres = new Map();
    this.sizes = new Map();
    for (const c of this.svg.querySelectorAll("[data-cell]")) {
      const b = c.getBBox();
      this.centres.set(c.dataset.cell, [b.x + b.width / 2, b.y + b.height / 2]);
      this.sizes.set(c.dataset.cell, Math.min(b.width, b.height));
      c.addEventListener("click", () => { if (this.anyCell) this.onTap(c.dataset.cell); });
    }
    this.unit = Math.min(...this.sizes.values());
    return this.ready;
  }

  /** What a mode's drawPosition draws with: cell centres, the unit, the server's picture,
   *  and marks — a path with step numbers, a piece (a glyph), a conflict ring. */
  pen(g, bad) {
    const u = this.unit;
    const at = (cell) => this.centres.get(cell);
    return {
      svg: this.svg, unit: u, at, el,
      add: (node) => g.append(node),
      path(cells) {
        if (!Array.isArray(cells) || !cells.length) return;
        const pts = cells.map(at).filter(Boolean);
        g.append(el("polyline", {
          points: pts.map((p) => p.join(",")).join(" "), fill: "none", stroke: "var(--path)",
          "stroke-width": u * 0.22, "stroke-linecap": "round", "stroke-linejoin": "round", opacity: 0.85,
        }));
        cells.forEach((cell, i) => {
          const p = at(cell);
          if (!p) return;
          g.append(el("circle", { cx: p[0], cy: p[1], r: u * 0.26, fill: "var(--path)" }));
          g.append(el("text", { x: p[0], y: p[1], class: "st-step", "font-size": u * 0.3 }, i + 1));
        });
      },
      piece(cell, glyph) {
        const p = at(cell);
        if (p) g.append(el("text", { x: p[0], y: p[1], class: "st-piece", "font-size": u * 0.6 }, glyph));
      },
      conflict(cell) {
        if (cell) bad.add(cell);
      },
    };
  }

  /** Draw the position (state.position), targets (cells → counts), your pick and hints. */
  draw({ position, targets = null, tally = {}, mine = null, hints = [], celebrate = false, labels = false }) {
    this.last = { position, targets, tally, mine, hints, celebrate, labels };
    if (!this.layer) return;
    const u = this.unit;
    const g = el("g");
    const at = (cell) => this.centres.get(cell);
    const bad = new Set();
    if (position && this.drawing) this.drawing.drawPosition(this.pen(g, bad), position);
    for (const cell of bad) {
      const p = at(cell);
      if (p) g.append(el("circle", { cx: p[0], cy: p[1], r: u * 0.4, class: "st-conflict" }));
    }
    if (targets) {
      for (const cell of targets) {
        const p = at(cell);
        if (!p) continue;
        const t = el("g", { class: "st-target" + (cell === mine ? " mine" : ""), "data-target": cell });
        t.append(el("circle", { cx: p[0], cy: p[1], r: u * 0.36 }));
        // chat votes by cell name (!vote r1c3): the overlay and the host page show the names
        // top right of the cell: clear of the mode's own marks (Cows' region letter is top left)
        if (labels) t.append(el("text", { x: p[0] + u * 0.46, y: p[1] - u * 0.3, "font-size": u * 0.2, class: "st-label" }, cell));
        const n = tally[cell];
        if (n) t.append(el("text", { x: p[0], y: p[1] + u * 0.3, "font-size": u * 0.24, class: "st-count" }, n));
        t.addEventListener("click", (e) => { e.stopPropagation(); this.onTap(cell); });
        g.append(t);
      }
    }
    for (const h of hints) {
      const p = at(h.cell);
      if (!p) continue;
      const m = el("g", { class: "st-hint", "data-hint": h.cell });
      m.append(el("circle", { cx: p[0], cy: p[1], r: u * 0.46 }));
      m.append(el("text", { x: p[0], y: p[1] - u * 0.52, "font-size": u * 0.22 }, senderName(h)));
      g.append(m);
    }
    this.layer.replaceChildren(g);
    this.host.classList.toggle("st-celebrate", celebrate);
  }
}

/** Vote bars: one row per option with votes (and the leader first). */
export function renderBars(box, tally, label) {
  const rows = Object.entries(tally).filter(([, n]) => n > 0).slice(0, 6);
  const total = rows.reduce((s, [, n]) => s + n, 0) || 1;
  box.replaceChildren(...rows.map(([cell, n]) => {
    const row = html("div", "st-bar");
    row.dataset.cell = cell;
    const track = html("span", "st-bar-track");
    const fill = html("span", "st-bar-fill");
    fill.style.width = `${Math.round((100 * n) / total)}%`;
    track.append(fill);
    row.append(html("span", "st-bar-name", cell), track, html("span", "st-bar-count", label(n)));
    return row;
  }));
}

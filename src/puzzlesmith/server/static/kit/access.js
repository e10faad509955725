// Play without touch or sight (issue 26): what every mode's board shares for keyboard and
// screen-reader players. BoardCursor makes the board's SVG an ARIA grid (rows of
// gridcells, each labelled with its content by the mode), keeps a visible cursor that the
// arrow keys move to the nearest cell in that direction (square, shaped and hex cells
// alike), and hands Space/Enter and Backspace to the mode. announce() speaks through the
// page's one polite live region. PathScreen and the Cows screen use both; no DOM besides
// the board and that region.

import { el } from "../shell/dom.js";

const SVGNS = "http://www.w3.org/2000/svg";
const LIVE_ID = "pk-live";
const ROW_EPS = 0.05;    // cells whose centres differ less than this (units) share a row

/** The page's one polite live region (made on first use, kept across screens). */
function liveRegion() {
  let live = document.getElementById(LIVE_ID);
  if (!live) {
    live = el("div", "pk-live");
    live.id = LIVE_ID;
    live.setAttribute("role", "status");
    live.setAttribute("aria-live", "polite");
    live.setAttribute("aria-atomic", "true");
    document.body.append(live);
  }
  return live;
}

/** Say `text` to a screen reader (politely); the same sentence twice is said twice. */
export function announce(text) {
  if (!text) return;
  const live = liveRegion();
  // a trailing no-break space toggles so a repeated sentence is still a change
  live.textContent = live.textContent === text ? `${text}\u00a0` : text;
}

/**
 * The cell nearest to `from` in the direction (dx, dy) among `centres` ([x, y] per cell,
 * board units), or -1: within 60° of the direction the nearest wins (a neighbour before a
 * cell further along the line: hex rows are offset), being off the line costs half its
 * distance from it; ties go to the first.
 */
export function nearestInDirection(centres, from, [dx, dy]) {
  const [x0, y0] = centres[from];
  let best = -1, bestScore = Infinity;
  centres.forEach(([x, y], j) => {
    if (j === from) return;
    const vx = x - x0, vy = y - y0;
    const along = vx * dx + vy * dy;
    const across = Math.abs(vx * dy - vy * dx);
    if (along <= 0.1 || across > along * 1.75) return;
    const score = Math.hypot(vx, vy) + 0.5 * across;
    if (score < bestScore - 1e-9) { best = j; bestScore = score; }
  });
  return best;
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * The keyboard cursor and ARIA grid of one board.
 * - svg: the board (gets role=grid, tabindex 0, aria-activedescendant = the cursor cell);
 * - cells: the cell elements (each becomes a gridcell, regrouped into rows by its centre);
 * - centres: [x, y] of each cell in board units; shapes: the shape the cursor outlines;
 * - label(i): the cell's words; act(i) on Space/Enter; back() on Backspace;
 * - decor: the board's other layers, hidden from assistive technology (text, walls, marks).
 */
export class BoardCursor {
  constructor({ svg, prefix, cells, centres, shapes, label, act, back, decor = [], start = 0, help = "" }) {
    this.svg = svg;
    this.cells = cells;
    this.centres = centres;
    this.shapes = shapes;
    this.label = label;
    this.labels = [];
    this.at = Math.max(0, Math.min(cells.length - 1, start));
    svg.setAttribute("role", "grid");
    svg.setAttribute("tabindex", "0");
    for (const d of decor) d.setAttribute("aria-hidden", "true");
    this.rows(prefix);
    this.ring = document.createElementNS(SVGNS, "g");
    this.ring.setAttribute("class", "pk-cursor");
    this.ring.setAttribute("aria-hidden", "true");
    svg.append(this.ring);
    this.onKey = (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const dir = ARROWS[e.key];
      if (dir) {
        e.preventDefault();
        const j = nearestInDirection(this.centres, this.at, dir);
        if (j >= 0) this.moveTo(j, true);
      } else if (e.key === " " || e.key === "Enter") {
        e.preventDefault();
        if (!e.repeat) act(this.at);
      } else if (e.key === "Backspace") {
        e.preventDefault();
        back();
      }
    };
    // the cursor shows once keys are used on the board, and hides again at a touch or click
    this.onPointer = () => svg.classList.remove("pk-keys");
    this.onKeyMark = () => svg.classList.add("pk-keys");
    svg.addEventListener("keydown", this.onKeyMark);
    svg.addEventListener("keydown", this.onKey);
    svg.addEventListener("pointerdown", this.onPointer);
    this.onFocus = () => announce(`${help} ${this.labelOf(this.at)}`.trim());
    svg.addEventListener("focus", this.onFocus);
    this.moveTo(this.at, false);
  }

  /** Regroup the cells into role=row groups, top to bottom, each left to right. */
  rows(prefix) {
    const order = this.cells.map((_, i) => i).sort((a, b) => this.centres[a][1] - this.centres[b][1] || this.centres[a][0] - this.centres[b][0]);
    const groups = [];
    for (const i of order) {
      const last = groups[groups.length - 1];
      if (last && Math.abs(this.centres[last[0]][1] - this.centres[i][1]) < ROW_EPS) last.push(i);
      else groups.push([i]);
    }
    for (const g of groups) g.sort((a, b) => this.centres[a][0] - this.centres[b][0]);
    const parent = this.cells[0].parentNode;
    for (const g of groups) {
      const row = document.createElementNS(SVGNS, "g");
      row.setAttribute("role", "row");
      for (const i of g) {
        const c = this.cells[i];
        c.id = `${prefix}-cell-${i}`;
        c.setAttribute("role", "gridcell");
        row.append(c);
      }
      parent.append(row);
    }
  }

  /** Put the cursor on cell i (`spoken`: and say the cell, as a screen reader would). */
  moveTo(i, spoken = false) {
    this.at = i;
    this.svg.setAttribute("aria-activedescendant", this.cells[i].id);
    this.svg.dataset.cursor = String(i);
    const shape = this.shapes[i].cloneNode(false);
    shape.removeAttribute("fill");
    shape.removeAttribute("id");
    shape.setAttribute("class", "pk-cursor-shape");
    this.ring.replaceChildren(shape);
    if (spoken) announce(this.labelOf(i));
  }

  labelOf(i) { return this.labels[i] ?? this.label(i); }

  /** Re-word every cell whose content changed (after each render). */
  relabel() {
    this.cells.forEach((c, i) => {
      const words = this.label(i);
      if (words !== this.labels[i]) { this.labels[i] = words; c.setAttribute("aria-label", words); }
    });
  }

  destroy() {
    this.svg.removeEventListener("keydown", this.onKey);
    this.svg.removeEventListener("keydown", this.onKeyMark);
    this.svg.removeEventListener("pointerdown", this.onPointer);
    this.svg.removeEventListener("focus", this.onFocus);
  }
}

/**
 * Keep the focus on the page when a screen changes: if it was lost (on the body, or on an
 * element the change removed), it goes to `target` (the new board, else the title).
 */
export function keepFocus(target) {
  const a = document.activeElement;
  if (target && (!a || a === document.body || !a.isConnected)) target.focus({ preventScroll: true });
}

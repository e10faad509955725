// A read-only picture of any mode's position: the server's SVG of the board (cells carry
// data-cell), with the path or the pieces, conflicts, vote targets, tallies and hint markers
// drawn over it. Nothing from viewers is parsed as markup: names and texts are textContent.

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

/** An edge [[q, r], [q, r]] as the board's data-edge text "q,r|q,r". */
function edgeKey(edge) {
  return Array.isArray(edge) ? edge.map((h) => (Array.isArray(h) ? h.join(",") : "")).join("|") : "";
}

export class Board {
  /** onTap(cell) is called for a tap on a target cell (or any cell when anyCell is set). */
  constructor(host, onTap) {
    this.host = host;
    this.onTap = onTap;
    this.anyCell = false;
    this.boardText = null;
  }

  setBoard(text) {
    if (text === this.boardText) return;
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
    this.turnerLines = [...this.svg.querySelectorAll("line[data-turner]")];
  }

  /** Hex Walls: each turning wall drawn where it stands in this position (the server's
   *  picture shows it on its start edge). */
  placeTurners(turners) {
    if (!this.turnerLines?.length || !Array.isArray(turners)) return;
    const now = new Map(turners.map((t, k) => [String(k), edgeKey(t.edge)]));
    for (const line of this.turnerLines) {
      const on = now.get(line.dataset.turner) === line.dataset.edge;
      line.classList.toggle("st-turn-on", on);
      line.classList.toggle("st-turn-off", !on);
    }
  }

  /** Draw the position (state.position), targets (cells → counts), your pick and hints. */
  draw({ position, targets = null, tally = {}, mine = null, hints = [], celebrate = false, labels = false }) {
    if (!this.layer) return;
    const u = this.unit;
    const g = el("g");
    const at = (cell) => this.centres.get(cell);
    this.placeTurners(position?.turners);
    const path = position?.path;
    if (Array.isArray(path) && path.length) {
      const pts = path.map(at).filter(Boolean);
      g.append(el("polyline", {
        points: pts.map((p) => p.join(",")).join(" "), fill: "none", stroke: "var(--path)",
        "stroke-width": u * 0.22, "stroke-linecap": "round", "stroke-linejoin": "round", opacity: 0.85,
      }));
      path.forEach((cell, i) => {
        const p = at(cell);
        if (!p) return;
        g.append(el("circle", { cx: p[0], cy: p[1], r: u * 0.26, fill: "var(--path)" }));
        g.append(el("text", { x: p[0], y: p[1], class: "st-step", "font-size": u * 0.3 }, i + 1));
      });
    }
    for (const cell of position?.cows ?? []) {
      const p = at(cell);
      if (p) g.append(el("text", { x: p[0], y: p[1], class: "st-piece", "font-size": u * 0.6 }, "🐮"));
    }
    const bad = new Set();
    for (const c of position?.conflicts ?? []) {
      if (c.cell) bad.add(c.cell);
      for (const x of c.cells ?? []) bad.add(x);
    }
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
    const row = document.createElement("div");
    row.className = "st-bar";
    row.dataset.cell = cell;
    const name = document.createElement("span");
    name.className = "st-bar-name";
    name.textContent = cell;
    const track = document.createElement("span");
    track.className = "st-bar-track";
    const fill = document.createElement("span");
    fill.className = "st-bar-fill";
    fill.style.width = `${Math.round((100 * n) / total)}%`;
    track.append(fill);
    const count = document.createElement("span");
    count.className = "st-bar-count";
    count.textContent = label(n);
    row.append(name, track, count);
    return row;
  }));
}

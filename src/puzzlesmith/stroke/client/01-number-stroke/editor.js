// Number Stroke's board editor: paint and erase unit squares, merge a selection into a big
// or shaped cell (the server's load rules refuse what seed 001 §2's catalogue does not
// hold, and the refusal names the rule), number and odd/even clues. Holes are the squares
// left unpainted.
import { svgEl } from "../../kit/playkit.js";
import { outlinePath, anchor } from "./geometry.js";
import { unitsOf } from "./code.js";
import { arrayOf, isCellId, isInt, isLevelFrame, stepper, freshId, fillOf, label } from "../../editor/common.js";
import { button } from "../../shell/dom.js";
import { requestErrorText } from "../../editor/words.js";

/** The canvas: a GRID×GRID field of unit squares (100 = the server's limit). */
const GRID = 10;
const MERGE_RULES = new Set(["rect-size", "shape-catalogue", "shape-bbox"]);
const k = (x, y) => `${x},${y}`;

export function blank() {
  return { id: "draft", cells: [] };
}

const MAX_UNITS = 100;   // the server's limit on unit squares
const isUnit = (u) => Array.isArray(u) && u.length === 2 && isInt(u[0], -MAX_UNITS, MAX_UNITS) && isInt(u[1], -MAX_UNITS, MAX_UNITS);
const isCell = (c) => isLevelFrame(c) && isCellId(c.id) && isInt(c.x, -MAX_UNITS, MAX_UNITS) && isInt(c.y, -MAX_UNITS, MAX_UNITS)
  && (c.shape === undefined ? isInt(c.w, 1, GRID) && isInt(c.h, 1, GRID) : arrayOf(c.shape, MAX_UNITS, isUnit))
  && (c.clue === undefined || isInt(c.clue, 0, 10_000)) && (c.parity === undefined || c.parity === "odd" || c.parity === "even");

/** Whether a stored draft has the shape this editor draws (editor.js drops it otherwise). */
export function isDraft(level) {
  return isLevelFrame(level) && arrayOf(level.cells, MAX_UNITS, isCell);
}

export class BoardEditor {
  constructor(frame) {
    this.f = frame;
    this.words = "ns.ed";   // its own words: ns.ed.tool.<tool>, ns.ed.noSuggestion, …
    this.tools = ["paint", "erase", "merge", "number", "parity"];
    this.canSuggest = true;
    this.value = 1;
    this.sel = new Set();
    this.lastUnit = null;
  }

  blankLike() { return blank(); }

  owners(level) {
    const own = new Map();
    level.cells.forEach((c, i) => unitsOf(c).forEach(([x, y]) => own.set(k(x, y), i)));
    return own;
  }

  unitAt([px, py]) {
    const x = Math.floor(px), y = Math.floor(py);
    return x >= 0 && y >= 0 && x < GRID && y < GRID ? [x, y] : null;
  }

  // ---- gestures ------------------------------------------------------------------------
  down(p, tool) {
    this.lastUnit = null;
    this.dragMode = null;
    return this.apply(p, tool, true);
  }

  move(p, tool) {
    return tool === "paint" || tool === "erase" || tool === "merge" ? this.apply(p, tool, false) : null;
  }

  apply(p, tool, first) {
    const u = this.unitAt(p);
    if (!u || (this.lastUnit && k(...u) === k(...this.lastUnit))) return null;
    this.lastUnit = u;
    const level = this.f.level;
    const own = this.owners(level);
    const i = own.get(k(...u));
    if (tool === "paint") return i === undefined ? this.paint(level, u) : null;
    if (tool === "erase") return i === undefined ? null : this.erase(level, i, u);
    if (tool === "merge") {
      if (first) this.dragMode = this.sel.has(k(...u)) ? "off" : "on";
      if (this.dragMode === "off") this.sel.delete(k(...u)); else this.sel.add(k(...u));
      this.f.draw();
      return null;
    }
    if (!first || i === undefined) return null;
    const cells = level.cells.map((c) => ({ ...c }));
    const c = cells[i];
    if (tool === "number") {
      // a repeat tap on the cell just numbered keeps its number (it sets, never counts up)
      if (this.lastSet === c.id && c.clue !== undefined) return null;
      if (c.clue === this.value) { delete c.clue; this.lastSet = null; }
      else {
        this.lastSet = c.id;
        c.clue = this.value;
        delete c.parity;
        this.value = Math.min(this.value + 1, Math.max(1, this.size(level)));
        this.stepper?.refresh();
      }
    } else if (tool === "parity") {
      const next = { undefined: "odd", odd: "even", even: undefined }[c.parity];
      delete c.clue;
      if (next) c.parity = next; else delete c.parity;
    }
    return { ...level, cells };
  }

  size(level) { return level.cells.length; }

  paint(level, [x, y]) {
    const id = freshId(new Set(level.cells.map((c) => c.id)));
    return { ...level, cells: [...level.cells, { id, x, y, w: 1, h: 1 }] };
  }

  /** Remove one square; the rest of a big cell falls back to single squares. */
  erase(level, i, [x, y]) {
    const cells = level.cells.filter((_, j) => j !== i);
    const used = new Set(cells.map((c) => c.id));
    for (const [ux, uy] of unitsOf(level.cells[i])) {
      if (ux === x && uy === y) continue;
      const id = freshId(used);
      used.add(id);
      cells.push({ id, x: ux, y: uy, w: 1, h: 1 });
    }
    return { ...level, cells };
  }

  /** The selection as one cell, or a refusal naming the rule it breaks. */
  async merge() {
    const units = [...this.sel].map((s) => s.split(",").map(Number));
    if (units.length < 2) return;
    const level = this.f.level;
    const own = this.owners(level);
    const hit = new Set(units.map(([x, y]) => own.get(k(x, y))).filter((i) => i !== undefined));
    let cells = level.cells.filter((_, j) => !hit.has(j));
    const used = new Set(cells.map((c) => c.id));
    const inSel = new Set(this.sel);
    for (const j of hit) {             // squares of touched cells outside the selection stay, single
      for (const [ux, uy] of unitsOf(level.cells[j])) {
        if (inSel.has(k(ux, uy))) continue;
        const id = freshId(used);
        used.add(id);
        cells.push({ id, x: ux, y: uy, w: 1, h: 1 });
      }
    }
    const xs = units.map((u) => u[0]), ys = units.map((u) => u[1]);
    const x = Math.min(...xs), y = Math.min(...ys);
    const w = Math.max(...xs) - x + 1, h = Math.max(...ys) - y + 1;
    const id = freshId(used);
    const cell = { id, x, y, w, h };
    if (w * h !== units.length) cell.shape = units.map(([ux, uy]) => [ux - x, uy - y]);
    cells = [...cells, cell];
    const candidate = { ...level, cells };
    let out;
    try { out = await this.f.checkLevel(candidate); } catch (err) { this.f.s.toast(requestErrorText(err, this.f.t)); return; }
    const broken = out.problems.find((p) => MERGE_RULES.has(p.code) && p.cells.includes(id));
    if (broken) {
      this.f.s.toast(this.f.t("ns.ed.refused", { msg: this.f.problemText(broken) }), 3500);
      this.f.root.dataset.refused = broken.code;
      return;
    }
    delete this.f.root.dataset.refused;
    this.sel.clear();
    this.f.commit(candidate);
  }

  withClues(clues) {
    const cells = this.f.level.cells.map((c) => {
      const d = { ...c };
      delete d.clue;
      if (c.id in clues) { d.clue = clues[c.id]; delete d.parity; }
      return d;
    });
    return { ...this.f.level, cells };
  }

  controls(tool) {
    const t = this.f.t;
    if (tool === "number") {
      this.stepper = stepper(t, () => this.value, (v) => { this.value = v; this.lastSet = null; }, 1, () => Math.max(1, this.size(this.f.level)));
      return [this.stepper];
    }
    if (tool === "merge") {
      return [
        button("ed-btn", t("ns.ed.merge"), { act: "merge" }, () => this.merge()),
        button("ed-btn", t("ns.ed.clearSel"), { act: "clear-selection" }, () => { this.sel.clear(); this.f.draw(); }),
      ];
    }
    return [];
  }

  key(key, tool) {
    if (tool === "merge" && key === "Enter") this.merge();
    if (tool === "number" && (key === "+" || key === "=")) { this.value += 1; this.lastSet = null; this.stepper?.refresh(); }
    if (tool === "number" && key === "-") { this.value = Math.max(1, this.value - 1); this.lastSet = null; this.stepper?.refresh(); }
  }

  // ---- drawing ---------------------------------------------------------------------------
  draw(svg, hl) {
    const level = this.f.level;
    const pad = 0.1;
    svg.setAttribute("viewBox", `${-pad} ${-pad} ${GRID + 2 * pad} ${GRID + 2 * pad}`);
    svg.replaceChildren();
    const grid = svgEl("g", { class: "ed-grid" }, svg);
    for (let y = 0; y < GRID; y++) {
      for (let x = 0; x < GRID; x++) {
        svgEl("rect", { x: x + 0.04, y: y + 0.04, width: 0.92, height: 0.92, rx: 0.08, class: "ed-empty", "data-unit": k(x, y) }, grid);
      }
    }
    const cellsG = svgEl("g", {}, svg);
    for (const c of level.cells) {
      let units;
      try { units = unitsOf(c); } catch { continue; }
      if (!units.length) continue;
      svgEl("path", { d: outlinePath(units, 0.05), class: "ed-cell", fill: fillOf(c.id, hl, "var(--cell)"), "data-cell": c.id }, cellsG);
      const [ax, ay] = anchor(units);
      if (c.clue !== undefined) label(cellsG, ax, ay, String(c.clue), 0.55);
      else if (c.parity) label(cellsG, ax, ay, this.f.t(`ns.${c.parity}`), 0.42, "ed-label ed-parity");
    }
    for (const s of this.sel) {
      const [x, y] = s.split(",").map(Number);
      svgEl("rect", { x: x + 0.1, y: y + 0.1, width: 0.8, height: 0.8, rx: 0.1, class: "ed-sel" }, svg);
    }
  }
}

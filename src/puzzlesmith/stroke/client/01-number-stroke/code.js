// Number Stroke level codes: painted unit squares, merges into cells, clues, parities
// (mirror of puzzlesmith/stroke/code.py; the payload layout is documented there).
import { CodeError, readMarks, widthFor, writeMarks } from "../../shell/codes.js";

/** Plain rectangles a cell may be without a `shape` (w, h). */
export const RECTANGLES = ["1,1", "1,2", "2,1", "2,2", "3,3"];
/** Rectangles that are also catalogue pieces (I2, O4): a pack may write them either way. */
export const AMBIGUOUS = ["1,2", "2,1", "2,2"];
const MAX_SIDE = 256;

export function cellName(k) {
  if (k < 26) return String.fromCharCode(97 + k);
  if (k < 52) return String.fromCharCode(65 + k - 26);
  return `c${k}`;
}

const byReading = (a, b) => a[1] - b[1] || a[0] - b[0];   // units [x, y]: by y, then x

/** A cell's unit squares [x, y] (its shape, else its w×h rectangle). */
export function unitsOf(c) {
  if (c.shape) return c.shape.map(([dx, dy]) => [c.x + dx, c.y + dy]);
  const out = [];
  for (let dy = 0; dy < c.h; dy++) for (let dx = 0; dx < c.w; dx++) out.push([c.x + dx, c.y + dy]);
  return out;
}

const topLeft = (units) => units.reduce((m, u) => (byReading(u, m) < 0 ? u : m));

function box(units) {
  const xs = units.map((u) => u[0]), ys = units.map((u) => u[1]);
  const x = Math.min(...xs), y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x + 1, h: Math.max(...ys) - y + 1 };
}

function ambiguous(units) {
  const b = box(units);
  return b.w * b.h === units.length && AMBIGUOUS.includes(`${b.w},${b.h}`);
}

const key = (x, y) => `${x},${y}`;

export const codec = {
  tag: "S",
  version: 0,
  name: "stroke",
  modeId: "01-number-stroke",
  write(level, out) {
    const cells = level.cells.map((c) => ({ c, units: unitsOf(c) }));
    cells.sort((a, b) => byReading(topLeft(a.units), topLeft(b.units)));
    const owner = new Map();
    cells.forEach(({ units }, i) => units.forEach(([x, y]) => owner.set(key(x, y), i)));
    const b = box(cells.flatMap((e) => e.units));
    out.flag(b.x === 0 && b.y === 0);
    if (b.x !== 0 || b.y !== 0) { out.varint(b.x); out.varint(b.y); }
    out.varuint(b.w - 1);
    out.varuint(b.h - 1);
    for (let y = b.y; y < b.y + b.h; y++) for (let x = b.x; x < b.x + b.w; x++) out.flag(owner.has(key(x, y)));
    for (let y = b.y; y < b.y + b.h; y++) {
      for (let x = b.x; x < b.x + b.w; x++) {
        if (!owner.has(key(x, y))) continue;
        for (const [vx, vy] of [[x - 1, y], [x, y - 1]]) {
          if (owner.has(key(vx, vy))) out.flag(owner.get(key(vx, vy)) === owner.get(key(x, y)));
        }
      }
    }
    for (const { c, units } of cells) if (ambiguous(units)) out.flag(c.shape !== undefined && c.shape !== null);
    const n = cells.length;
    const has = (v) => v !== undefined && v !== null;
    writeMarks(out, cells.flatMap(({ c }, i) => (has(c.clue) ? [[i, c.clue - 1]] : [])), n, widthFor(n));
    writeMarks(out, cells.flatMap(({ c }, i) => (has(c.parity) ? [[i, c.parity === "odd" ? 1 : 0]] : [])), n, 1);
  },
  read(bits) {
    let x0 = 0, y0 = 0;
    if (!bits.flag("origin")) {
      x0 = bits.varint("origin x", MAX_SIDE);
      y0 = bits.varint("origin y", MAX_SIDE);
    }
    const w = bits.varuint("board width", MAX_SIDE - 1) + 1;
    const h = bits.varuint("board height", MAX_SIDE - 1) + 1;
    const painted = [];
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) if (bits.flag("painted squares")) painted.push([x, y]);
    if (!painted.length) throw new CodeError("level code (stroke board): no painted squares");
    const parent = new Map(painted.map(([x, y]) => [key(x, y), key(x, y)]));
    const root = (u) => { while (parent.get(u) !== u) { parent.set(u, parent.get(parent.get(u))); u = parent.get(u); } return u; };
    for (const [x, y] of painted) {
      for (const [vx, vy] of [[x - 1, y], [x, y - 1]]) {
        if (parent.has(key(vx, vy)) && bits.flag("cell merges")) parent.set(root(key(vx, vy)), root(key(x, y)));
      }
    }
    const groups = new Map();
    for (const [x, y] of painted) {
      const r = root(key(x, y));
      if (!groups.has(r)) groups.set(r, []);
      groups.get(r).push([x, y]);
    }
    const cells = [...groups.values()].sort((a, b) => byReading(topLeft(a), topLeft(b)));
    const n = cells.length;
    const raw = cells.map((units, k) => {
      const b = box(units);
      const cell = { id: cellName(k), x: b.x, y: b.y, w: b.w, h: b.h };
      const rect = b.w * b.h === units.length && RECTANGLES.includes(`${b.w},${b.h}`);
      const shaped = ambiguous(units) ? bits.flag("cell shapes") : !rect;
      if (shaped) cell.shape = units.map(([x, y]) => [x - b.x, y - b.y]).sort((p, q) => p[0] - q[0] || p[1] - q[1]);
      return cell;
    });
    for (const [i, step] of readMarks(bits, n, widthFor(n), "number clue")) raw[i].clue = step + 1;
    for (const [i, odd] of readMarks(bits, n, 1, "parity clue")) raw[i].parity = odd ? "odd" : "even";
    return { cells: raw };
  },
};

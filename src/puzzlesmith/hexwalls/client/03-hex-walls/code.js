// Hex Walls level codes: hexes in their bounding parallelogram, clues, walls, turners
// (mirror of puzzlesmith/hexwalls/code.py; the payload layout is documented there).
import { CodeError, readMarks, widthFor, writeMarks } from "../../shell/codes.js";

const FORWARD = [[1, 0], [0, 1], [-1, 1]];
const TRIANGLES = [[[1, 0], [0, 1]], [[0, 1], [-1, 1]]];
const MAX_SIDE = 256;
const SQRT3 = Math.sqrt(3.0);

const byQR = (a, b) => a[0] - b[0] || a[1] - b[1];        // Python's tuple order
const byReading = (a, b) => a[1] - b[1] || a[0] - b[0];   // by r, then q
const same = (a, b) => a[0] === b[0] && a[1] === b[1];
const add = (h, d) => [h[0] + d[0], h[1] + d[1]];
const edge = (a, b) => (byQR(a, b) <= 0 ? [a, b] : [b, a]);
const edgeKey = (e) => `${e[0][0]},${e[0][1]}|${e[1][0]},${e[1][1]}`;

function centre([q, r]) { return [SQRT3 * (q + r / 2), 1.5 * r]; }

/** The three edges of a vertex (sorted hex triple) in clockwise order on screen. */
export function turnCycle(v) {
  const cs = v.map(centre);
  const vx = (0 + cs[0][0] + cs[1][0] + cs[2][0]) / 3, vy = (0 + cs[0][1] + cs[1][1] + cs[2][1]) / 3;
  const [a, b, c] = v;
  const angle = (e) => {
    const [ax, ay] = centre(e[0]), [bx, by] = centre(e[1]);
    return Math.atan2((ay + by) / 2 - vy, (ax + bx) / 2 - vx);
  };
  return [edge(a, b), edge(b, c), edge(a, c)].map((e) => [angle(e), e]).sort((p, q) => p[0] - q[0]).map((p) => p[1]);
}

function forwardEdges(hexes) {
  const cells = new Set(hexes.map((h) => `${h[0]},${h[1]}`));
  const out = [];
  for (const h of hexes) {
    for (const d of FORWARD) {
      const g = add(h, d);
      if (cells.has(`${g[0]},${g[1]}`)) out.push(edge(h, g));
    }
  }
  return out;
}

const cmpList = (a, b) => {
  for (let k = 0; k < Math.min(a.length, b.length); k++) { const d = byReading(a[k], b[k]); if (d) return d; }
  return a.length - b.length;
};

export const codec = {
  tag: "H",
  version: 0,
  name: "hex",
  modeId: "03-hex-walls",
  write(level, out) {
    const cells = [...level.cells].sort((a, b) => byReading([a.q, a.r], [b.q, b.r]));
    const hexes = cells.map((c) => [c.q, c.r]);
    const q0 = Math.min(...hexes.map((h) => h[0])), r0 = Math.min(...hexes.map((h) => h[1]));
    const w = Math.max(...hexes.map((h) => h[0])) - q0 + 1, h = Math.max(...hexes.map((x) => x[1])) - r0 + 1;
    out.varint(q0); out.varint(r0); out.varuint(w - 1); out.varuint(h - 1);
    const present = new Set(hexes.map((x) => `${x[0]},${x[1]}`));
    for (let r = r0; r < r0 + h; r++) for (let q = q0; q < q0 + w; q++) out.flag(present.has(`${q},${r}`));
    const n = cells.length;
    writeMarks(out, cells.flatMap((c, i) => (c.clue !== undefined && c.clue !== null ? [[i, c.clue - 1]] : [])), n, widthFor(n));
    const walls = new Set((level.walls || []).map(([a, b]) => edgeKey(edge(a, b))));
    for (const e of forwardEdges(hexes)) out.flag(walls.has(edgeKey(e)));
    const turners = (level.turners || []).map((t) => {
      const pivot = [...t.pivot].sort(byQR);
      const at = edge(t.at[0], t.at[1]);
      return { pivot, start: turnCycle(pivot).findIndex((e) => edgeKey(e) === edgeKey(at)) };
    }).sort((a, b) => cmpList(a.pivot, b.pivot));
    out.varuint(turners.length);
    for (const t of turners) {
      const first = [...t.pivot].sort(byReading)[0];
      const rest = t.pivot.filter((x) => !same(x, first)).map((x) => [x[0] - first[0], x[1] - first[1]]).sort(byReading);
      const kind = TRIANGLES.findIndex((tri) => { const s = [...tri].sort(byReading); return same(s[0], rest[0]) && same(s[1], rest[1]); });
      out.varint(first[0] - q0); out.varint(first[1] - r0);
      out.flag(kind === 1);
      out.uint(t.start, 2);
    }
  },
  read(bits) {
    const q0 = bits.varint("origin q", MAX_SIDE), r0 = bits.varint("origin r", MAX_SIDE);
    const w = bits.varuint("width", MAX_SIDE - 1) + 1, h = bits.varuint("height", MAX_SIDE - 1) + 1;
    const hexes = [];
    for (let r = r0; r < r0 + h; r++) for (let q = q0; q < q0 + w; q++) if (bits.flag("hexes")) hexes.push([q, r]);
    if (!hexes.length) throw new CodeError(`${bits.what}: no cells`);
    const n = hexes.length;
    const cells = hexes.map(([q, r]) => ({ id: `${q},${r}`, q, r }));
    for (const [i, step] of readMarks(bits, n, widthFor(n), "number clue")) cells[i].clue = step + 1;
    const walls = forwardEdges(hexes).filter(() => bits.flag("walls"));
    const turners = [];
    for (let k = bits.varuint("the count of turners", 3 * MAX_SIDE * MAX_SIDE); k > 0; k--) {
      const first = [q0 + bits.varint("a turner's pivot", MAX_SIDE), 0];
      first[1] = r0 + bits.varint("a turner's pivot", MAX_SIDE);
      const [a, b] = TRIANGLES[bits.flag("a turner's pivot") ? 1 : 0];
      const pivot = [first, add(first, a), add(first, b)].sort(byQR);
      const s = bits.uint(2, "a turner's start edge");
      if (s === 3) throw new CodeError(`${bits.what}: a turner's start edge is 3 (must be 0..2)`);
      turners.push({ pivot: pivot.map((x) => [...x]), at: turnCycle(pivot)[s].map((x) => [...x]) });
    }
    return { cells, walls: walls.map((e) => e.map((x) => [...x])), turners };
  },
};

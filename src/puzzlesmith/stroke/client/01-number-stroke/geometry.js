// Board geometry in unit squares: real cell outlines (the union of a cell's units),
// label anchors, shared edges for connectors and a unit → cell lookup for hit tests.

const key = (x, y) => `${x},${y}`;

/**
 * The outline of a polyomino as one closed loop, inset by `d` units, as an SVG path.
 * Edges run clockwise (screen coordinates, y down) so the inward normal of a step
 * (dx, dy) is (-dy, dx); an inset vertex is v + d·(n_in + n_out) (all edges are axis-aligned).
 */
export function outlinePath(units, d = 0) {
  const s = new Set(units.map(([x, y]) => key(x, y)));
  const next = new Map();
  const edge = (x1, y1, x2, y2) => { if (!next.has(key(x1, y1))) next.set(key(x1, y1), [x2, y2]); };
  for (const [x, y] of units) {
    if (!s.has(key(x, y - 1))) edge(x, y, x + 1, y);
    if (!s.has(key(x + 1, y))) edge(x + 1, y, x + 1, y + 1);
    if (!s.has(key(x, y + 1))) edge(x + 1, y + 1, x, y + 1);
    if (!s.has(key(x - 1, y))) edge(x, y + 1, x, y);
  }
  // Walk the loop from the top-left-most vertex.
  let start = null;
  for (const k of next.keys()) {
    const [x, y] = k.split(",").map(Number);
    if (!start || y < start[1] || (y === start[1] && x < start[0])) start = [x, y];
  }
  const pts = [start];
  let cur = next.get(key(...start));
  for (let guard = 0; guard < 4 * units.length + 4 && key(...cur) !== key(...start); guard++) {
    pts.push(cur);
    cur = next.get(key(...cur));
  }
  // Keep corners only.
  const corners = pts.filter((p, i) => {
    const a = pts[(i - 1 + pts.length) % pts.length], b = pts[(i + 1) % pts.length];
    return !((a[0] === p[0] && p[0] === b[0]) || (a[1] === p[1] && p[1] === b[1]));
  });
  const m = corners.length;
  const out = corners.map((p, i) => {
    const a = corners[(i - 1 + m) % m], b = corners[(i + 1) % m];
    const din = [Math.sign(p[0] - a[0]), Math.sign(p[1] - a[1])];
    const dout = [Math.sign(b[0] - p[0]), Math.sign(b[1] - p[1])];
    return [p[0] + d * (-din[1] - dout[1]), p[1] + d * (din[0] + dout[0])];
  });
  const r = (v) => Math.round(v * 1000) / 1000;
  return "M" + out.map(([x, y]) => `${r(x)} ${r(y)}`).join("L") + "Z";
}

/** Where a cell's number goes: a rectangle's centre, else the unit centre nearest the centroid. */
export function anchor(units) {
  const xs = units.map((u) => u[0]), ys = units.map((u) => u[1]);
  const x0 = Math.min(...xs), x1 = Math.max(...xs) + 1, y0 = Math.min(...ys), y1 = Math.max(...ys) + 1;
  if ((x1 - x0) * (y1 - y0) === units.length) return [(x0 + x1) / 2, (y0 + y1) / 2];
  const cx = xs.reduce((s, x) => s + x + 0.5, 0) / units.length;
  const cy = ys.reduce((s, y) => s + y + 0.5, 0) / units.length;
  let best = units[0], bd = Infinity;
  for (const u of units) {
    const dd = (u[0] + 0.5 - cx) ** 2 + (u[1] + 0.5 - cy) ** 2;
    if (dd < bd - 1e-9) { bd = dd; best = u; }
  }
  return [best[0] + 0.5, best[1] + 0.5];
}

/** Precomputed geometry of a view. */
export function geometry(view) {
  const owner = new Map();
  const cells = view.cells.map((c, i) => {
    for (const [x, y] of c.units) owner.set(key(x, y), i);
    const big = c.units.length > 1;
    return { id: c.id, units: c.units, big, at: anchor(c.units) };
  });
  const edgeCache = new Map();

  /** The midpoint of the shared unit edge nearest the two anchors (for a connector). */
  function sharedEdge(a, b) {
    const k = a < b ? `${a}|${b}` : `${b}|${a}`;
    if (edgeCache.has(k)) return edgeCache.get(k);
    const [ax, ay] = cells[a].at, [bx, by] = cells[b].at;
    const mx = (ax + bx) / 2, my = (ay + by) / 2;
    let best = null, bd = Infinity;
    for (const [x, y] of cells[a].units) {
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
        if (owner.get(key(x + dx, y + dy)) !== b) continue;
        const p = [x + 0.5 + dx / 2, y + 0.5 + dy / 2];
        const dd = (p[0] - mx) ** 2 + (p[1] - my) ** 2;
        if (dd < bd) { bd = dd; best = p; }
      }
    }
    edgeCache.set(k, best);
    return best;
  }

  /**
   * The cell under a point (unit coordinates), or -1 inside a dead zone or a hole.
   * The dead zone is a band of `dz` units along every side of a unit square that is a
   * cell border (the inner seams of a big cell have none).
   */
  function hit(ux, uy, dz) {
    const x = Math.floor(ux), y = Math.floor(uy);
    const i = owner.get(key(x, y));
    if (i === undefined) return -1;
    const fx = ux - x, fy = uy - y;
    if (fx < dz && owner.get(key(x - 1, y)) !== i) return -1;
    if (fx > 1 - dz && owner.get(key(x + 1, y)) !== i) return -1;
    if (fy < dz && owner.get(key(x, y - 1)) !== i) return -1;
    if (fy > 1 - dz && owner.get(key(x, y + 1)) !== i) return -1;
    return i;
  }

  return { cells, owner, sharedEdge, hit };
}

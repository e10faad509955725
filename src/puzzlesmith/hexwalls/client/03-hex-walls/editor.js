// Hex Walls' board editor: add and remove hexes on a radius-3 field (37 ≤ the server's 40),
// toggle a wall on a shared edge, place a turning wall on a vertex (tap again to move its
// starting edge round its three positions, a fourth tap removes it), number clues.
import { svgEl } from "../../kit/playkit.js";
import { arrayOf, isCellId, isInt, isLevelFrame, stepper, fillOf, label } from "../../editor/common.js";
import { isPlain } from "../../shell/stored.js";

const RADIUS = 3;
const S3 = Math.sqrt(3);
const DIRS = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, -1], [-1, 1]];
const hk = ([q, r]) => `${q},${r}`;
const centre = ([q, r]) => [S3 * (q + r / 2), 1.5 * r];
const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
const sameEdge = (e, f) => (hk(e[0]) === hk(f[0]) && hk(e[1]) === hk(f[1])) || (hk(e[0]) === hk(f[1]) && hk(e[1]) === hk(f[0]));

/** Every hex of the editing field. */
const FIELD = [];
for (let q = -RADIUS; q <= RADIUS; q++) {
  for (let r = -RADIUS; r <= RADIUS; r++) if (Math.abs(q + r) <= RADIUS) FIELD.push([q, r]);
}

function corners(h) {
  const [cx, cy] = centre(h);
  return [0, 1, 2, 3, 4, 5].map((i) => {
    const a = (Math.PI / 180) * (-90 + 60 * i);
    return [cx + Math.cos(a), cy + Math.sin(a)];
  });
}

/** The two corner points of the edge between neighbours a and b. */
function edgeEnds(a, b) {
  const ca = centre(a), cb = centre(b);
  const m = [(ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2];
  const d = dist(ca, cb), ux = (cb[0] - ca[0]) / d, uy = (cb[1] - ca[1]) / d;
  return [[m[0] - uy / 2, m[1] + ux / 2], [m[0] + uy / 2, m[1] - ux / 2]];
}

/** The three hexes meeting at a corner point of hex h. */
function vertexAt(h, p) {
  return [h, ...DIRS.map(([dq, dr]) => [h[0] + dq, h[1] + dr]).filter((n) => dist(centre(n), p) < 1.01)];
}

export function blank() {
  return { id: "draft", cells: [], walls: [], turners: [] };
}

const MAX_CELLS = 40;   // the server's limit
const isHex = (h) => Array.isArray(h) && h.length === 2 && h.every((v) => isInt(v, -20, 20));
const isEdge = (e) => Array.isArray(e) && e.length === 2 && e.every(isHex);
const isCell = (c) => isLevelFrame(c) && isCellId(c.id) && isInt(c.q, -20, 20) && isInt(c.r, -20, 20) && (c.clue === undefined || isInt(c.clue, 0, 1000));
const isTurner = (t) => isPlain(t) && Array.isArray(t.pivot) && t.pivot.length === 3 && t.pivot.every(isHex) && isEdge(t.at);

/** A hand-written file's level as the editor keeps it: a cell's `id` is optional in the
 *  file format (docs/hexwalls.md: it defaults to "q,r"), the editor names every cell. */
export function fromFile(level) {
  if (!isPlain(level) || !Array.isArray(level.cells)) return level;
  const named = (c) => (isPlain(c) && c.id === undefined && isInt(c.q, -20, 20) && isInt(c.r, -20, 20) ? { ...c, id: hk([c.q, c.r]) } : c);
  return { ...level, cells: level.cells.map(named) };
}

/** Whether a stored draft has the shape this editor draws (editor.js drops it otherwise). */
export function isDraft(level) {
  return isLevelFrame(level) && arrayOf(level.cells, MAX_CELLS, isCell)
    && (level.walls === undefined || arrayOf(level.walls, 1000, isEdge))
    && (level.turners === undefined || arrayOf(level.turners, 1000, isTurner));
}

export class BoardEditor {
  constructor(frame) {
    this.f = frame;
    this.words = "hx.ed";   // its own words: hx.ed.tool.<tool>, hx.ed.noSuggestion
    this.tools = ["hex", "wall", "turner", "number"];
    this.canSuggest = true;
    this.value = 1;
  }

  blankLike() { return blank(); }

  lv() {
    const l = this.f.level;
    return { ...l, cells: l.cells ?? [], walls: l.walls ?? [], turners: l.turners ?? [] };
  }

  onBoard(level) { return new Set(level.cells.map((c) => hk([c.q, c.r]))); }

  hexAt(p) {
    let best = null, bd = 0.9;
    for (const h of FIELD) { const d = dist(centre(h), p); if (d < bd) { bd = d; best = h; } }
    return best;
  }

  down(p, tool) {
    this.dragAdd = null;
    this.last = null;
    return this.apply(p, tool, true);
  }

  move(p, tool) { return tool === "hex" ? this.apply(p, tool, false) : null; }

  apply(p, tool, first) {
    const level = this.lv();
    const board = this.onBoard(level);
    if (tool === "hex") {
      const h = this.hexAt(p);
      if (!h || hk(h) === this.last) return null;
      this.last = hk(h);
      const has = board.has(hk(h));
      if (first) this.dragAdd = !has;
      if (this.dragAdd === has) return null;
      if (this.dragAdd) return { ...level, cells: [...level.cells, { id: hk(h), q: h[0], r: h[1] }] };
      const touches = (e) => e.some((x) => hk(x) === hk(h));
      return {
        ...level,
        cells: level.cells.filter((c) => hk([c.q, c.r]) !== hk(h)),
        walls: level.walls.filter((w) => !touches(w)),
        turners: level.turners.filter((t) => !touches(t.pivot)),
      };
    }
    if (!first) return null;
    if (tool === "number") {
      const h = this.hexAt(p);
      if (!h || !board.has(hk(h))) return null;
      const cells = level.cells.map((c) => {
        if (hk([c.q, c.r]) !== hk(h)) return c;
        const d = { ...c };
        // a repeat tap on the cell just numbered keeps its number (it sets, never counts up)
        if (this.lastSet === c.id && c.clue !== undefined) return c;
        if (c.clue === this.value) { delete d.clue; this.lastSet = null; }
        else { d.clue = this.value; this.lastSet = c.id; this.value = Math.min(this.value + 1, level.cells.length); this.stepper?.refresh(); }
        return d;
      });
      return { ...level, cells };
    }
    if (tool === "wall") return this.toggleWall(level, board, p);
    if (tool === "turner") return this.cycleTurner(level, board, p);
    return null;
  }

  toggleWall(level, board, p) {
    let best = null, bd = 0.4;
    for (const c of level.cells) {
      for (const [dq, dr] of DIRS) {
        const a = [c.q, c.r], b = [c.q + dq, c.r + dr];
        if (!board.has(hk(b))) continue;
        const ca = centre(a), cb = centre(b);
        const d = dist([(ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2], p);
        if (d < bd) { bd = d; best = [a, b]; }
      }
    }
    if (!best) return null;
    const i = level.walls.findIndex((w) => sameEdge(w, best));
    if (i >= 0) return { ...level, walls: level.walls.filter((_, j) => j !== i) };
    return { ...level, walls: [...level.walls, best] };
  }

  /** No turner → one on the first edge; then its next edge; after the third, none. */
  cycleTurner(level, board, p) {
    let best = null, bd = 0.35;
    for (const c of level.cells) {
      for (const v of corners([c.q, c.r])) {
        const d = dist(v, p);
        if (d < bd) { bd = d; best = vertexAt([c.q, c.r], v); }
      }
    }
    if (!best || best.length !== 3) return null;
    const key = best.map(hk).sort().join(" ");
    const pairs = [[best[0], best[1]], [best[1], best[2]], [best[0], best[2]]];
    const onBoard = pairs.filter((e) => e.every((h) => board.has(hk(h))));
    const i = level.turners.findIndex((t) => t.pivot.map(hk).sort().join(" ") === key);
    if (i < 0) {
      if (!onBoard.length) return null;
      return { ...level, turners: [...level.turners, { pivot: best, at: onBoard[0] }] };
    }
    const t = level.turners[i];
    const k = onBoard.findIndex((e) => sameEdge(e, t.at));
    const rest = level.turners.filter((_, j) => j !== i);
    if (k < 0 || k + 1 >= onBoard.length) return { ...level, turners: rest };
    return { ...level, turners: [...rest, { pivot: t.pivot, at: onBoard[k + 1] }] };
  }

  withClues(clues) {
    const cells = this.lv().cells.map((c) => {
      const d = { ...c };
      delete d.clue;
      if (c.id in clues) d.clue = clues[c.id];
      return d;
    });
    return { ...this.lv(), cells };
  }

  controls(tool) {
    if (tool !== "number") return [];
    this.stepper = stepper(this.f.t, () => this.value, (v) => { this.value = v; this.lastSet = null; }, 1, () => Math.max(1, this.lv().cells.length));
    return [this.stepper];
  }

  draw(svg, hl) {
    const level = this.lv();
    const xs = FIELD.map((h) => centre(h)[0]), ys = FIELD.map((h) => centre(h)[1]);
    const x0 = Math.min(...xs) - 1, y0 = Math.min(...ys) - 1.1;
    const w = Math.max(...xs) - x0 + 1, h = Math.max(...ys) - y0 + 1.1;
    svg.setAttribute("viewBox", `${x0} ${y0} ${w} ${h}`);
    svg.replaceChildren();
    const byKey = new Map(level.cells.map((c) => [hk([c.q, c.r]), c]));
    for (const f of FIELD) {
      const c = byKey.get(hk(f));
      const pts = corners(f).map(([x, y]) => `${x.toFixed(3)},${y.toFixed(3)}`).join(" ");
      const attrs = { points: pts, "data-hex": hk(f) };
      if (c) svgEl("polygon", { ...attrs, class: "ed-hex", fill: fillOf(c.id, hl, "var(--cell)"), "data-cell": c.id }, svg);
      else svgEl("polygon", { ...attrs, class: "ed-hex-empty" }, svg);
      if (c?.clue !== undefined) label(svg, ...centre(f), String(c.clue), 0.8);
    }
    const line = (e, cls) => {
      const [[ax, ay], [bx, by]] = edgeEnds(e[0], e[1]);
      svgEl("line", { x1: ax, y1: ay, x2: bx, y2: by, class: cls }, svg);
    };
    for (const wl of level.walls) line(wl, "ed-wall");
    for (const t of level.turners) {
      const [a, b, c] = t.pivot;
      for (const e of [[a, b], [b, c], [a, c]]) if (!sameEdge(e, t.at)) line(e, "ed-turner-ghost");
      line(t.at, "ed-turner");
      const cs = t.pivot.map(centre);
      svgEl("circle", { cx: (cs[0][0] + cs[1][0] + cs[2][0]) / 3, cy: (cs[0][1] + cs[1][1] + cs[2][1]) / 3, r: 0.14, class: "ed-pivot", "data-pivot": t.pivot.map(hk).sort().join(" ") }, svg);
    }
  }
}

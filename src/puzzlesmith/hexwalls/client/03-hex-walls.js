// Hex Walls play screen (seed 001 §9, issue 5): drag across hexes to add cells, tap the
// end (or drag back onto the previous cell, or press 撤销) to step back one; static walls
// on their edges; every turning wall turns 120° clockwise about its dot each time a cell
// is added — the start included — and back on undo.
// Mounted by the shell: mount(element, level, services) / unmount() — docs/client.md.
import { makeBoard, Game, isOpen } from "./03-hex-walls/rules.js";
import { popEl, screenModule, svgEl as el, walkSegment } from "../kit/playkit.js";
import { PathScreen } from "../kit/pathscreen.js";

const INRADIUS = Math.sqrt(3) / 2;
const DEAD_ZONE = { touch: 0.1, pen: 0.1, mouse: 0.16 };
const SAMPLE = 0.25;          // interpolation step of fast drags, in units
const SHRINK = 0.94;          // hexes drawn slightly smaller than their cell: a visible gap
const TURN_MS = 220;

export const { mount, unmount } = screenModule((element, level, services) => new HexScreen(element, level, services));

function hexPoints(x, y, r) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 90);
    pts.push(`${(x + r * Math.cos(a)).toFixed(4)},${(y + r * Math.sin(a)).toFixed(4)}`);
  }
  return pts.join(" ");
}

/** Axial (q, r) of the hex containing point (x, y) (pointy top, circumradius 1), by cube rounding. */
export function hexAt(x, y) {
  const q = (Math.sqrt(3) / 3) * x - y / 3;
  const r = (2 / 3) * y;
  const s = -q - r;
  let rq = Math.round(q), rr = Math.round(r), rs = Math.round(s);
  const dq = Math.abs(rq - q), dr = Math.abs(rr - r), ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return [rq || 0, rr || 0];  // no -0
}

class HexScreen extends PathScreen {
  constructor(root, view, services) {
    super(root, view, services, "hx", { makeBoard, Game });
    this.byHex = new Map(view.cells.map((c, i) => [`${c.q},${c.r}`, i]));
    this.build();
    this.render();
    this.watchSettings();
  }

  // ---- layout -----------------------------------------------------------------------
  build() {
    const { view } = this;
    const b = view.bounds;
    const pad = 0.15;
    this.vb = { x: b.x - pad, y: b.y - pad, w: b.w + 2 * pad, h: b.h + 2 * pad };
    const svg = this.makeSvg(`${this.vb.x} ${this.vb.y} ${this.vb.w} ${this.vb.h}`, { size: "0.2", bar: "0.09", opacity: "0.55" });
    this.layerCells = el("g", { class: "hx-cells" }, svg);
    this.layerPath = el("g", { class: "hx-pathline" }, svg);
    this.layerWalls = el("g", { class: "hx-walls" }, svg);
    this.layerTurners = el("g", { class: "hx-turners" }, svg);
    this.layerText = el("g", { class: "hx-labels" }, svg);
    this.cellEls = view.cells.map((c, i) => {
      const g = el("g", { class: "hx-cell", "data-id": c.id, "data-i": String(i) }, this.layerCells);
      const base = el("polygon", { class: "hx-base", points: hexPoints(c.x, c.y, SHRINK) }, g);
      const hatch = el("polygon", { class: "hx-hatch", points: hexPoints(c.x, c.y, SHRINK), fill: "url(#hx-stripes)" }, g);
      const ring = el("polygon", { class: "hx-ring", points: hexPoints(c.x, c.y, SHRINK - 0.06) }, g);
      const t = el("g", { class: "hx-label", "data-id": c.id }, this.layerText);
      const num = el("text", { class: "hx-num", x: c.x, y: c.y }, t);
      const corner = el("text", { class: "hx-corner", x: c.x + 0.42, y: c.y - 0.4 }, t);
      return { g, base, hatch, ring, t, num, corner };
    });
    this.pathLine = el("polyline", { class: "hx-line", points: "" }, this.layerPath);
    this.wallEls = view.walls.map((w) => {
      const [[x1, y1], [x2, y2]] = w.ends;
      const line = el("line", { class: "hx-wall", x1, y1, x2, y2 }, this.layerWalls);
      line.dataset.cells = w.cells.join("|");
      return line;
    });
    this.turnerEls = view.turners.map((t, ti) => {
      const g = el("g", { class: "hx-turner", "data-t": String(ti) }, this.layerTurners);
      for (const e of t.cycle) {
        const [[x1, y1], [x2, y2]] = e.ends;
        el("line", { class: "hx-ghost", x1, y1, x2, y2 }, g);
      }
      const arm = el("g", { class: "hx-arm" }, g);
      const [[x1, y1], [x2, y2]] = t.cycle[t.start].ends;
      el("line", { class: "hx-tw", x1, y1, x2, y2 }, arm);
      const [px, py] = t.point;
      arm.style.transformOrigin = `${px}px ${py}px`;
      el("circle", { class: "hx-pivot", cx: px, cy: py, r: 0.11 }, g);
      return { g, arm, turns: 0 };
    });
    const bar = this.makeBar([["undo", () => this.undo()], ["restart", () => this.restart()], ["reveal", () => this.reveal()], ["guide", () => this.guide()], ["why", () => this.why()]]);
    this.mountRows([this.wrap, this.tip, bar]);
    this.makeCursor({
      cells: this.cellEls.map((c) => c.g), centres: view.cells.map((c) => [c.x, c.y]),
      shapes: this.cellEls.map((c) => c.base), decor: [this.layerPath, this.layerWalls, this.layerTurners, this.layerText],
      start: this.board.stepCell.get(1) ?? 0,
    });
  }

  fit() {
    this.fitUnits(this.vb.w, this.vb.h, [10, 24, 0.04], 90);
  }

  /** Orange turning walls are mentioned only where there are some. */
  tipKey() { return this.view.turners.length ? "hx.tip" : "hx.tipPlain"; }

  // ---- drawing ------------------------------------------------------------------------
  cellLook(i) {
    const g = this.game, b = this.board;
    const step = g.pos.get(i);
    const clue = b.clue.get(i);
    const rev = g.revealed.get(i);
    const given = clue !== undefined ? clue : rev;
    let kind = "empty", num = "", corner = "";
    if (step !== undefined) {
      const bad = this.shownConflicts(i, step).length > 0;
      kind = bad ? "conflict" : "path";
      num = String(step);
      if (bad && given !== undefined) corner = String(given);
    } else if (given !== undefined) {
      num = String(given);
    }
    const isStart = step === undefined && g.path.length === 0 && clue === 1;
    const isEnd = step !== undefined && i === g.end;
    // a clue a conflict clashes with is ringed in red (the cause is on screen too)
    const ring = this.freshReveal.has(i) || this.whyReads.has(i) ? "amber" : this.causes?.has(i) ? "cause" : given !== undefined ? (step !== undefined || isStart ? "light" : "ink") : "";
    const tgt = this.target;
    const targeted = this.targeted(i) ? 1 : 0;
    const dim = tgt && tgt.dimFrom !== undefined && step !== undefined && step > tgt.dimFrom ? 1 : 0;
    const bright = this.locked && kind === "path" ? 1 : 0;
    return [kind, num, corner, ring, isStart ? 1 : 0, isEnd ? 1 : 0, targeted, dim, bright].join("|");
  }

  render() {
    const n = this.board.n;
    for (let i = 0; i < n; i++) {
      const sig = this.cellLook(i);
      if (sig !== this.sig[i]) { this.sig[i] = sig; this.paintCell(i, sig); }
    }
    const cells = this.view.cells;
    this.pathLine.setAttribute("points", this.game.path.map((i) => `${cells[i].x},${cells[i].y}`).join(" "));
    this.renderTurners();
    this.s.topBar.setCounter(this.s.t("hx.left", { n: n - this.game.path.length }));
    this.svg.dataset.cleared = String(this.locked);
    this.svg.dataset.len = String(this.game.path.length);
    this.keys?.relabel();
  }

  paintCell(i, sig) {
    const [kind, num, corner, ring, isStart, isEnd, targeted, dim, bright] = sig.split("|");
    const c = this.cellEls[i];
    const cls = `hx-${kind}` + (isStart === "1" ? " hx-start" : "") + (isEnd === "1" ? " hx-end" : "") +
      (targeted === "1" ? " hx-target" : "") + (dim === "1" ? " hx-dim" : "") + (bright === "1" ? " hx-bright" : "");
    c.g.setAttribute("class", `hx-cell ${cls}`);
    c.g.dataset.state = kind;
    c.g.dataset.step = kind === "empty" ? "" : num;
    c.t.setAttribute("class", `hx-label ${cls}` + (ring === "ink" || ring === "cause" ? " hx-given" : ""));
    c.ring.setAttribute("class", `hx-ring hx-ring-${ring || "none"}`);
    c.num.textContent = num;
    c.corner.textContent = corner;
  }

  /** Each turner's arm is rotated 120°·k about its dot; a CSS transition animates the turn. */
  renderTurners() {
    const k = this.game.path.length;
    const path = this.game.path.map((i) => this.board.ids[i]);
    const crossed = new Set(path.slice(1).map((id, j) => [path[j], id].sort().join("|")));
    this.turnerEls.forEach((t, ti) => {
      if (t.turns === k && t.len === path.length && t.path === path.join()) return;
      t.turns = k; t.len = path.length; t.path = path.join();
      t.arm.style.transform = `rotate(${120 * k}deg)`;
      t.g.dataset.turns = String(k);
      // a wall that turned onto an edge the path already crossed arrived after the step:
      // drawn dashed under the line, so the path never looks drawn through a wall
      const v = this.view.turners[ti];
      const e = v.cycle[(v.start + k) % 3];
      const on = e.cells[0] != null && e.cells[1] != null && crossed.has([...e.cells].sort().join("|"));
      t.g.classList.toggle("hx-crossed", on);
    });
  }

  // ---- feedback ----------------------------------------------------------------------
  /** Each step pops its hex (80 ms). */
  stepped(i, bad) {
    if (this.motion) popEl(this.cellEls[i].g, 1.1);
    return super.stepped(i, bad);
  }

  flashWall(elm) {
    elm.classList.remove("hx-hit");
    void elm.getBoundingClientRect();
    elm.classList.add("hx-hit");
    this.later(420, () => elm.classList.remove("hx-hit"));
  }

  /** A refused step into a wall: show which wall, nudge. */
  blocked(i, j) {
    const b = this.board, k = this.game.k;
    const ids = [b.ids[i], b.ids[j]].sort().join("|");
    for (const w of this.wallEls) if (w.dataset.cells.split("|").sort().join("|") === ids) this.flashWall(w);
    this.view.turners.forEach((t, ti) => {
      const e = t.cycle[(t.start + k) % 3];
      if (e.cells[0] != null && e.cells[1] != null && [...e.cells].sort().join("|") === ids) this.flashWall(this.turnerEls[ti].g);
    });
    this.s.toast(this.s.t("hx.blocked"), 1400);
    this.s.sound.nudge();
    this.s.vibrate(15);
  }

  // ---- input ------------------------------------------------------------------------
  /** The cell under a point, or -1; ``dz`` keeps a margin from the hex's edge. */
  hit(x, y, dz) {
    const [q, r] = hexAt(x, y);
    const i = this.byHex.get(`${q},${r}`);
    if (i === undefined) return -1;
    const c = this.view.cells[i];
    return Math.hypot(x - c.x, y - c.y) <= INRADIUS - dz ? i : -1;
  }

  down(e) {
    const press = this.press(e, DEAD_ZONE);
    if (!press) return;
    const [ux, uy] = press.at;
    const i = this.hit(ux, uy, 0);
    const g = this.game;
    let drawing = false, tapEnd = false;
    if (i >= 0) {
      if (!g.path.length) {
        if (g.canStart(i)) { g.start(i); this.changed({ added: i }); drawing = true; }
        else {
          const one = g.legalStarts()[0];
          if (one !== undefined) this.shake(one);
          this.s.sound.nudge();
        }
      } else if (i === g.end) {
        drawing = true; tapEnd = true;      // a tap (no drag) on the end steps back one
      } else if (g.has(i)) {
        this.s.toast(this.s.t("hx.oneStep"));
        this.pulse(this.buttons.undo);
      } else if (g.canAdd(i)) {
        g.add(i); this.changed({ added: i }); drawing = true;
      } else if (this.board.adjSet[g.end].has(i)) {
        this.blocked(g.end, i);
      }
    }
    if (drawing && !this.locked) this.capture(e, press, { tapEnd, lastRefused: -1 });
  }

  /** Walk the segment from the last sample in small steps so a fast drag skips no cell. */
  track([x, y]) {
    const p = this.pointer, g = this.game;
    walkSegment(p.last, [x, y], SAMPLE, (px, py) => {
      const i = this.hit(px, py, p.dz);
      if (i < 0 || i === g.end) return false;
      p.tapEnd = false;
      if (g.path.length >= 2 && i === g.path[g.path.length - 2]) {
        this.stepBack();                // dragging back onto the previous cell undoes one
      } else if (g.canAdd(i)) {
        g.add(i);
        this.changed({ added: i });
        return this.locked;
      } else if (i !== p.lastRefused && !g.has(i) && this.board.adjSet[g.end].has(i) && !isOpen(this.board, g.end, i, g.k)) {
        p.lastRefused = i;
        this.blocked(g.end, i);
      }
      return false;
    });
    p.last = [x, y];
  }

  up(e, cancelled = false) {
    const p = this.release(e);
    if (!p) return;
    if (p.tapEnd && !cancelled && !this.locked) this.stepBack();
  }

  stepBack() {
    const g = this.game;
    if (!g.path.length) return;
    const c = g.undo();
    for (const e of [this.cellEls[c].g, this.cellEls[c].t]) for (const a of e.getAnimations()) a.cancel();
    this.s.sound.tap();
    this.changed();
  }

  // ---- keyboard and screen reader ----------------------------------------------------
  /** Hex Walls steps back one cell at a time: back to cell i is that many undos. */
  rewindTo(i) {
    const g = this.game;
    while (g.path.length && g.end !== i) g.undo();
    this.s.sound.tap();
    this.changed();
  }

  /** A refused step next to the end is a wall: show it. */
  refused(i) {
    const end = this.game.end;
    if (end !== null && this.board.adjSet[end].has(i)) { this.blocked(end, i); this.say(this.s.t("hx.blocked")); }
    else super.refused(i);
  }

  /** The sides of a hex a wall closes now, by direction ("有墙：右、左上"). */
  cellDetail(i) {
    const b = this.board, c = this.view.cells[i], k = this.game.k;
    const dirs = [];
    for (const j of b.adj[i]) {
      if (isOpen(b, i, j, k)) continue;
      const o = this.view.cells[j];
      const a = Math.round(((Math.atan2(o.y - c.y, o.x - c.x) * 180) / Math.PI + 360) / 60) % 6;
      dirs.push([a, this.s.t(`a11y.dir.${a}`)]);
    }
    if (!dirs.length) return "";
    dirs.sort((x, y) => x[0] - y[0]);
    return this.s.t("a11y.walls", { dirs: dirs.map((d) => d[1]).join(this.s.t("ed.sep")) });
  }

  // ---- buttons -------------------------------------------------------------------------
  undo() {
    if (this.locked) return;
    if (!this.game.path.length) { this.s.sound.nudge(); return; }
    this.stepBack();
  }

  guideRewind() {
    this.s.toast(this.s.t("hx.rewindHint"));
    this.pulse(this.buttons.undo);
  }

  // ---- clear: the path line flares ---------------------------------------------------
  sweep(ms) {
    this.pathLine.animate([{ strokeWidth: 0.16 }, { strokeWidth: 0.3, stroke: "#FFFFFF" }, { strokeWidth: 0.16 }], { duration: ms + TURN_MS, easing: "ease-out" });
  }
}

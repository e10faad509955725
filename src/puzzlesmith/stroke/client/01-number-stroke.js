// Number Stroke play screen (seed 000 §5 input, §6 feedback, §9 layout, §10 hints).
// Mounted by the shell: mount(element, level, services) / unmount() — docs/client.md.
import { makeBoard, Game } from "./01-number-stroke/rules.js";
import { geometry, outlinePath } from "./01-number-stroke/geometry.js";
import { screenModule, svgEl as el, walkSegment } from "../kit/playkit.js";
import { PathScreen } from "../kit/pathscreen.js";

const DEAD_ZONE = { touch: 0.08, pen: 0.08, mouse: 0.14 };
const SAMPLE = 0.2;           // interpolation step of fast drags, in units
const INSET = 0.055;          // half the gap between cells, in units
const CONNECTOR = 0.2;        // length of the bar across a shared edge (plus round caps), in units

export const { mount, unmount } = screenModule((element, level, services) => new StrokeScreen(element, level, services));

class StrokeScreen extends PathScreen {
  constructor(root, view, services) {
    super(root, view, services, "ns", { makeBoard, Game });
    this.geo = geometry(view);
    this.conn = [];               // connectors: [{a, b, el}]
    this.shaking = new Map();     // cell → its running shake animations (stopped by rewind)
    this.build();
    this.render();
    this.watchSettings();
    performance.mark?.("ns:interactive"); // drawn and listening (benchmarks/browser_stroke.py)
  }

  // ---- layout -----------------------------------------------------------------------
  build() {
    const { view } = this;
    const b = view.bounds;
    const pad = 0.12;
    const svg = this.makeSvg(`${b.x - pad} ${b.y - pad} ${b.w + 2 * pad} ${b.h + 2 * pad}`, { size: "0.16", bar: "0.07", opacity: "0.55" });
    this.layerCells = el("g", { class: "ns-cells" }, svg);
    this.layerConn = el("g", { class: "ns-conns" }, svg);
    this.layerText = el("g", { class: "ns-labels" }, svg);
    this.cellEls = this.geo.cells.map((c, i) => {
      const g = el("g", { class: "ns-cell", "data-id": c.id, "data-i": String(i) }, this.layerCells);
      const base = el("path", { class: "ns-base", d: outlinePath(c.units, INSET) }, g);
      const hatch = el("path", { class: "ns-hatch", d: outlinePath(c.units, INSET), fill: "url(#ns-stripes)" }, g);
      const ring = el("path", { class: "ns-ring", d: outlinePath(c.units, INSET + 0.035) }, g);
      const t = el("g", { class: "ns-label", "data-id": c.id }, this.layerText);
      const [ax, ay] = c.at;
      const num = el("text", { class: "ns-num", x: ax, y: ay }, t);
      const [cx, cy] = c.units[0];
      const badge = el("rect", { class: "ns-badge", x: cx + 0.08, y: cy + 0.08, width: 0.3, height: 0.3, rx: 0.07 }, t);
      const corner = el("text", { class: "ns-corner", x: cx + 0.23, y: cy + 0.235 }, t);
      const sub = el("text", { class: "ns-sub", x: ax, y: ay + 0.23 }, t);
      return { g, base, hatch, ring, t, num, corner, badge, sub };
    });
    const bar = this.makeBar([["restart", () => this.restart()], ["reveal", () => this.reveal()], ["guide", () => this.guide()], ["why", () => this.why()]]);
    this.mountRows([this.wrap, this.tip, bar]);
    this.makeCursor({
      cells: this.cellEls.map((c) => c.g), centres: this.geo.cells.map((c) => c.at),
      shapes: this.cellEls.map((c) => c.base), decor: [this.layerConn, this.layerText],
      start: this.board.stepCell.get(1) ?? 0,
    });
  }

  /** Scale the board by the short side, leaving a finger's margin all round. */
  fit() {
    const b = this.view.bounds;
    this.fitUnits(b.w + 0.24, b.h + 0.24, [12, 28, 0.06], 132);
  }

  // ---- drawing: only cells whose look changed are touched ------------------------------
  cellLook(i) {
    const g = this.game, b = this.board;
    const step = g.pos.get(i);
    const clue = b.clue.get(i);
    const rev = g.revealed.get(i);
    const par = b.parity.get(i);
    const lang = this.s.settings.lang;
    const parText = par === undefined ? "" : this.s.t(par ? "ns.odd" : "ns.even");
    const given = clue !== undefined ? clue : rev;
    let kind = "empty", num = "", corner = "", sub = "";
    if (step !== undefined) {
      const bad = this.shownConflicts(i, step).length > 0;
      kind = bad ? "conflict" : "path";
      num = String(step);
      if (bad) corner = given !== undefined ? String(given) : parText;
      else if (par !== undefined) sub = parText;
    } else if (given !== undefined) {
      num = String(given);
      if (par !== undefined) sub = parText;
    } else if (par !== undefined) {
      num = parText;
    }
    const isStart = step === undefined && g.path.length === 0 && clue === 1;
    const outlined = given !== undefined || par !== undefined;
    // a clue a conflict clashes with is ringed in red (the cause is on screen too)
    const ring = this.freshReveal.has(i) || this.whyReads.has(i) ? "amber" : this.causes?.has(i) ? "cause" : outlined ? (step !== undefined || isStart ? "light" : "ink") : "";
    const tgt = this.target;
    const targeted = this.targeted(i);
    const dim = tgt && tgt.dimFrom !== undefined && step !== undefined && step > tgt.dimFrom;
    const bright = this.locked && kind === "path";
    return [kind, num, corner, sub, ring, isStart ? 1 : 0, targeted ? 1 : 0, dim ? 1 : 0, bright ? 1 : 0, lang, parText ? 1 : 0].join("|");
  }

  render() {
    const n = this.board.n;
    for (let i = 0; i < n; i++) {
      const sig = this.cellLook(i);
      if (sig !== this.sig[i]) { this.sig[i] = sig; this.paintCell(i, sig); }
    }
    this.renderConnectors();
    const left = n - this.game.path.length;
    this.s.topBar.setCounter(this.s.t("ns.left", { n: left }));   // what the number counts, in words
    this.svg.dataset.cleared = String(this.locked);
    this.svg.dataset.len = String(this.game.path.length);
    this.keys?.relabel();
  }

  paintCell(i, sig) {
    const [kind, num, corner, sub, ring, isStart, targeted, dim, bright, , isParityOnly] = sig.split("|");
    const c = this.cellEls[i];
    c.g.setAttribute("class", `ns-cell ns-${kind}` + (isStart === "1" ? " ns-start" : "") + (targeted === "1" ? " ns-target" : "") + (dim === "1" ? " ns-dim" : "") + (bright === "1" ? " ns-bright" : ""));
    c.g.dataset.state = kind;
    c.t.setAttribute("class", `ns-label ns-${kind}` + (isStart === "1" ? " ns-start" : "") + (dim === "1" ? " ns-dim" : "") + (ring === "ink" || ring === "cause" ? " ns-given" : "") + (bright === "1" ? " ns-bright" : ""));
    c.ring.setAttribute("class", `ns-ring ns-ring-${ring || "none"}`);
    c.num.textContent = num;
    const partext = isParityOnly === "1" && kind === "empty" && !/^\d+$/.test(num);
    const long = partext && num.length > 3;  // English "even" must stay inside the clue ring
    c.num.setAttribute("class", "ns-num" + (partext ? " ns-partext" + (long ? " ns-partext-long" : "") : num.length > 1 ? " ns-num2" : ""));
    const [, ay] = this.geo.cells[i].at;
    // a corner badge (the clue or 奇/偶/even/odd of a conflict) sits top-left: the step goes lower
    c.num.setAttribute("y", String(sub ? ay - 0.07 : corner ? ay + 0.15 : ay));
    c.corner.textContent = corner;
    c.badge.style.display = corner ? "" : "none";
    if (corner) {
      const w = Math.max(0.3, 0.13 * corner.length + 0.1);
      c.badge.setAttribute("width", String(w));
      c.corner.setAttribute("x", String(+c.badge.getAttribute("x") + w / 2));
    }
    c.sub.textContent = sub;
    c.t.dataset.step = kind === "empty" ? "" : num;
    c.g.dataset.step = kind === "empty" ? "" : num;
  }

  renderConnectors() {
    const path = this.game.path;
    let k = 0;
    while (k < this.conn.length && k + 1 < path.length && this.conn[k].a === path[k] && this.conn[k].b === path[k + 1]) k++;
    for (const c of this.conn.splice(k)) c.el.remove();
    for (let j = k; j + 1 < path.length; j++) {
      const a = path[j], b = path[j + 1];
      const [ax, ay] = this.geo.cells[a].at, [bx, by] = this.geo.cells[b].at;
      const [mx, my] = this.geo.sharedEdge(a, b) || [(ax + bx) / 2, (ay + by) / 2];
      // a short bar across the shared edge, pointing from a's side to b's (seed: 连接短边)
      const vertical = Math.abs(mx - Math.round(mx)) < 1e-6;  // edge on x = const → horizontal bar
      const dir = vertical ? Math.sign(bx - ax) || 1 : Math.sign(by - ay) || 1;
      const h = CONNECTOR / 2;
      const [x1, y1, x2, y2] = vertical ? [mx - dir * h, my, mx + dir * h, my] : [mx, my - dir * h, mx, my + dir * h];
      const line = el("line", { class: "ns-conn", x1, y1, x2, y2 }, this.layerConn);
      line.dataset.from = this.board.ids[a];
      line.dataset.to = this.board.ids[b];
      this.conn.push({ a, b, el: line });
    }
    const dimFrom = this.target?.dimFrom;
    this.conn.forEach((c, j) => c.el.classList.toggle("ns-dim", dimFrom !== undefined && j + 1 >= dimFrom));
  }

  // ---- feedback ----------------------------------------------------------------------
  // The 80 ms pop, the step's fade-in and the connector's growth are CSS animations that
  // start when a cell turns into a path cell (01-number-stroke.css): no script animation
  // objects on the hot path of a drag.

  shake(i, amp = 0.09, ms = 280) {
    const anims = super.shake(i, amp, ms);
    if (!anims) return;
    this.shaking.set(i, anims);
    this.later(ms, () => { if (this.shaking.get(i) === anims) this.shaking.delete(i); });
  }

  flash(i) {
    this.cellEls[i].ring.animate(
      [{ stroke: "#FFFFFF", strokeWidth: 0.16, offset: 0.3 }, { stroke: "#DFE1EC", strokeWidth: 0.05 }],
      { duration: 320, easing: "ease-out" },
    );
    this.cellEls[i].g.classList.add("ns-flashed");
    this.later(320, () => this.cellEls[i].g.classList.remove("ns-flashed"));
  }

  /** A clean step flashes a cell whose number it meets. */
  stepped(i, bad) {
    if (super.stepped(i, bad) && this.game.numberOn(i) === this.game.pos.get(i)) this.flash(i);
  }

  // ---- input (seed 000 §5.3) ----------------------------------------------------------
  down(e) {
    const press = this.press(e, DEAD_ZONE);
    if (!press) return;
    const [ux, uy] = press.at;
    const i = this.geo.hit(ux, uy, 0); // a press takes the cell under it; dead zones are for drags
    const g = this.game;
    let drawing = false;
    if (i >= 0) {
      if (!g.path.length) {
        if (g.canStart(i)) { g.start(i); this.changed({ added: i }); drawing = true; }
        else {
          const one = this.board.stepCell.get(1);
          if (one !== undefined) { this.shake(one); this.s.sound.nudge(); }
        }
      } else if (g.has(i)) {
        if (i !== g.end) this.rewindTo(i);
        drawing = true;
      } else if (g.canAdd(i)) {
        g.add(i); this.changed({ added: i }); drawing = true;
      }
    }
    if (drawing && !this.locked) this.capture(e, press);
  }

  /**
   * One real sample: a real touch on a history cell rewinds (and wins over interpolated
   * samples); otherwise the segment from the last sample is walked in small steps so a
   * fast drag skips no cell, and only cells adjacent to the end are appended.
   */
  track([x, y]) {
    const p = this.pointer, g = this.game;
    const real = this.geo.hit(x, y, p.dz);
    if (real >= 0 && g.has(real)) {
      if (real !== g.end) this.rewindTo(real);
      p.last = [x, y];
      return;
    }
    walkSegment(p.last, [x, y], SAMPLE, (px, py, last) => {
      const i = last ? real : this.geo.hit(px, py, p.dz);
      if (i < 0 || !g.canAdd(i)) return false;
      g.add(i);
      this.changed({ added: i });
      return this.locked;
    });
    p.last = [x, y];
  }

  /** Rewind to a visited cell; the dropped cells stop shaking at once (seed 000 §4.5). */
  rewindTo(i) {
    this.stopMotion(this.game.path.slice(this.game.pos.get(i)));
    this.game.rewind(i);
    this.changed();
  }

  stopMotion(cells) {
    if (!this.shaking.size) return;
    for (const c of cells) {
      for (const a of this.shaking.get(c) || []) a.cancel();
      this.shaking.delete(c);
    }
  }

  up(e) {
    this.release(e);
  }

  // ---- clear: the white sweep along the connectors -------------------------------------
  sweep(ms) {
    const n = Math.max(1, this.conn.length);
    this.conn.forEach((c, j) => c.el.animate(
      [{ stroke: "var(--path-line)" }, { stroke: "#FFFFFF", strokeWidth: 0.2 }, { stroke: "var(--path-line)" }],
      { duration: 120, delay: (j * (ms - 120)) / n, easing: "ease-out" },
    ));
  }
}

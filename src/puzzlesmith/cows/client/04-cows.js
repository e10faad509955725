// Cows play screen (seed 002, issue 6): one cow per row, column and colour region, and no
// two cows touch. Tap cycles empty → ✕ → cow (right-click toggles ✕ with a mouse); a drag
// marks ✕ across cells, a drag that starts on ✕ erases; double-tap a cow to cross out every
// cell it rules out (one undoable step); long-press outlines the cell's region; hints show
// the next logical step with its reason and the cells it rests on; undo/redo; a hideable timer.
// Mounted by the shell: mount(element, level, services) / unmount() — docs/client.md.
import { makeBoard, apply, applyMoves, autoMarks, stateJSON, offlineHint, cellId, EMPTY, MARK, COW } from "./04-cows/rules.js";
import { el as html } from "../shell/dom.js";
import { captionFor, PlayScreen, popEl, screenModule, shakeEls, svgEl as el, toUnits, walkSegment } from "../kit/playkit.js";

// Its words are the `cw.*` and `problem.*` keys of puzzlesmith/cows/words/ (core/words.py).

/** A mistake in the player's words: a rule broken is said as the rule's problem code is. */
function mistakeText(t, code) {
  const own = t(`cw.mistake.${code}`);
  return own === `cw.mistake.${code}` ? t(`problem.${code}`) : own;
}

const DOUBLE_TAP_MS = 350;
const LONG_PRESS_MS = 500;
const OUTLINE_MS = 1600;
const CLEAR_HOLD_MS = 700;
const PAD = 0.08;
const LETTERS_FROM = 9;     // region letters are on by default from 9×9 up
const ZOOM_FROM = 10;       // boards this big go edge to edge and pinch-zoom
const MAX_ZOOM = 2.5;
const KEEP_BOARDS = 30;     // half-played boards kept (the most recent levels)
const MAX_MOVES = 1500;     // a longer history is saved as the position alone

let timerHidden = false;   // a player's choice, kept while the page lives

export const { mount, unmount } = screenModule((element, level, services) => new CowsScreen(element, level, services));

function clock(ms) {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

class CowsScreen extends PlayScreen {
  constructor(root, view, services) {
    super(root, view, services, "cw");
    this.board = makeBoard(view);
    this.n = view.size;
    this.moves = [];
    this.redoStack = [];
    this.joined = new Set();      // indices of moves undone together with the one before
    this.redoJoined = new Set();  // the same for the redo stack
    this.state = new Array(this.n * this.n).fill(EMPTY);
    this.press = null;
    this.touches = new Map();    // touch pointers on the board: id → [x, y] (pinch zoom)
    this.pinch = null;
    this.zoom = 1;
    this.lastTap = null;
    this.highlight = null;       // {because: Set, cells: Set}
    this.outline = null;         // region index outlined by a long press
    this.started = performance.now();
    this.elapsed = 0;
    this.moves = this.restore();
    this.maybe = this.restoreMaybe();   // possible positions (not moves: no rule reads them)
    this.maybeMode = false;
    // a daily's timed log comes back with it: the restored board is not played again into
    // the log (the server replays the log; the moves keep their real times)
    const logged = new Array(this.n * this.n).fill(EMPTY);
    if (this.resumeLog((m, k) => apply(this.board, logged, m, k))) {
      this.state = applyMoves(this.board, this.moves);
      if (this.state.some((x, i) => x !== logged[i])) { this.moves = this.log.entries.map(([, m]) => m); this.state = logged; }
    }
    this.build();
    this.changed();
    this.speaking = true;        // moves from here on are said (not the restored board)
    this.tick = setInterval(() => this.renderTimer(), 1000);
    this.watchSettings();
  }

  // ---- layout -----------------------------------------------------------------------
  build() {
    const { view, n } = this;
    const top = html("div", "cw-top");
    this.timerEl = html("span", "cw-timer");
    this.timerBtn = html("button");
    this.timerBtn.type = "button";
    this.timerBtn.className = "cw-link";
    this.timerBtn.dataset.action = "timer";
    this.timerBtn.onclick = () => { timerHidden = !timerHidden; this.relabel(); this.renderTimer(); };
    this.lettersBtn = html("button");
    this.lettersBtn.type = "button";
    this.lettersBtn.className = "cw-link";
    this.lettersBtn.dataset.action = "letters";
    this.lettersBtn.onclick = () => this.setLetters(!this.letters());
    this.timerBtn.hidden = Boolean(this.s.elapsed);   // the shell's timer is not the mode's to hide
    // 可能位置 (seed 002 §3.3): a pencil mark of the player's own, outside the rules and the
    // move log; a right-click, or taps while this is pressed (a phone has no right button)
    this.maybeBtn = html("button");
    this.maybeBtn.type = "button";
    this.maybeBtn.className = "cw-link cw-maybe-btn";
    this.maybeBtn.dataset.action = "maybe";
    this.maybeBtn.setAttribute("aria-pressed", "false");
    this.maybeBtn.onclick = () => { this.maybeMode = !this.maybeMode; this.maybeBtn.setAttribute("aria-pressed", String(this.maybeMode)); };
    top.append(this.timerEl, this.maybeBtn, this.lettersBtn, this.timerBtn);

    const svg = this.makeSvg(`${-PAD} ${-PAD} ${n + 2 * PAD} ${n + 2 * PAD}`, { size: "0.2", bar: "0.08", opacity: "0.7" });
    const layerCells = el("g", { class: "cw-cells" }, svg);
    const layerBorders = el("g", { class: "cw-borders" }, svg);
    this.layerOutline = el("g", { class: "cw-outline" }, svg);
    const layerMarks = el("g", { class: "cw-marks" }, svg);
    this.cellEls = [];
    for (let i = 0; i < n * n; i++) {
      const r = Math.floor(i / n), c = i % n, g = view.regionOf[i];
      const cell = el("g", { class: "cw-cell", "data-i": String(i), "data-id": cellId({ n }, i), "data-region": view.letters[g] }, layerCells);
      el("rect", { class: "cw-base", x: c, y: r, width: 1, height: 1, fill: view.colours[g] }, cell);
      el("rect", { class: "cw-hatch", x: c, y: r, width: 1, height: 1, fill: "url(#cw-stripes)" }, cell);
      el("rect", { class: "cw-ring", x: c + 0.07, y: r + 0.07, width: 0.86, height: 0.86, rx: 0.12 }, cell);
      // drawn over the ring with a halo of its region's colour: a hint ring never hides it
      const letter = el("text", { class: "cw-letter", x: c + 0.08, y: r + 0.1, stroke: view.colours[g] }, cell);
      letter.textContent = view.letters[g];
      const mark = el("g", { class: "cw-x" }, layerMarks);
      el("path", { d: `M${c + 0.32},${r + 0.32} L${c + 0.68},${r + 0.68} M${c + 0.68},${r + 0.32} L${c + 0.32},${r + 0.68}` }, mark);
      const maybe = el("circle", { class: "cw-maybe", cx: c + 0.5, cy: r + 0.5, r: 0.17 }, layerMarks);
      const cow = el("g", { class: "cw-cow" }, layerMarks);
      const cx = c + 0.5, cy = r + 0.52;
      el("path", { class: "cw-horn", d: `M${cx - 0.2},${cy - 0.16} l-0.09,-0.14 M${cx + 0.2},${cy - 0.16} l0.09,-0.14` }, cow);
      el("ellipse", { class: "cw-head", cx, cy, rx: 0.27, ry: 0.23 }, cow);
      // skin parts (themes.css shows them per html[data-cow]): a calf's patch, a highland fringe
      el("ellipse", { class: "cw-spot", cx: cx + 0.1, cy: cy - 0.07, rx: 0.1, ry: 0.085 }, cow);
      el("path", { class: "cw-fringe", d: `M${cx - 0.25},${cy - 0.08} q0.05,-0.2 0.25,-0.2 q0.2,0 0.25,0.2 l-0.06,-0.03 l-0.05,0.06 l-0.06,-0.06 l-0.05,0.07 l-0.06,-0.07 l-0.05,0.06 l-0.06,-0.06 l-0.05,0.06 z` }, cow);
      el("circle", { class: "cw-eye", cx: cx - 0.1, cy: cy - 0.05, r: 0.04 }, cow);
      el("circle", { class: "cw-eye", cx: cx + 0.1, cy: cy - 0.05, r: 0.04 }, cow);
      el("ellipse", { class: "cw-nose", cx, cy: cy + 0.11, rx: 0.13, ry: 0.07 }, cow);
      el("path", { class: "cw-bow", d: `M${cx},${cy - 0.22} l-0.13,-0.07 v0.14 z M${cx},${cy - 0.22} l0.13,-0.07 v0.14 z` }, cow);
      this.cellEls.push({ cell, mark, cow, maybe });
    }
    // thick lines between regions, thin grid elsewhere
    for (let i = 0; i < n * n; i++) {
      const r = Math.floor(i / n), c = i % n, g = view.regionOf[i];
      if (c + 1 < n) {
        const thick = view.regionOf[i + 1] !== g;
        el("line", { class: thick ? "cw-wall" : "cw-grid", x1: c + 1, y1: r, x2: c + 1, y2: r + 1 }, layerBorders);
      }
      if (r + 1 < n) {
        const thick = view.regionOf[i + n] !== g;
        el("line", { class: thick ? "cw-wall" : "cw-grid", x1: c, y1: r + 1, x2: c + 1, y2: r + 1 }, layerBorders);
      }
    }
    el("rect", { class: "cw-frame", x: 0, y: 0, width: n, height: n }, layerBorders);
    this.outlinePath = el("path", { class: "cw-outline-path", d: "" }, this.layerOutline);

    this.hintBox = html("div", "cw-hintbox");
    this.hintBox.hidden = true;
    const bar = this.makeBar([["undo", () => this.undo()], ["redo", () => this.redo()], ["hint", () => this.hint()], ["why", () => this.hint("why")], ["restart", () => this.restart()]]);
    // The tip and the hint share one row of fixed height, so the board never moves.
    const info = html("div", "cw-info");
    info.append(this.tip, this.hintBox);
    this.mountRows([top, this.wrap, info, bar], false);
    this.makeCursor({
      cells: this.cellEls.map((c) => c.cell),
      centres: this.cellEls.map((_, i) => [(i % n) + 0.5, Math.floor(i / n) + 0.5]),
      shapes: this.cellEls.map((c) => c.cell.querySelector(".cw-base")),
      decor: [layerBorders, this.layerOutline, layerMarks],
    });
  }

  tipKey() { return matchMedia?.("(pointer: fine)")?.matches ? "cw.tipMouse" : "cw.tip"; }
  caption() { return captionFor(this.view.caption, this.s.settings.lang, " · ", true); }

  relabel() {
    super.relabel();
    this.timerBtn.textContent = this.s.t(timerHidden ? "cw.timerShow" : "cw.timerHide");
    this.lettersBtn.textContent = this.s.t(this.letters() ? "cw.lettersOff" : "cw.lettersOn");
    this.maybeBtn.textContent = `? ${this.s.t("cw.maybe")}`;
    this.root.classList.toggle("cw-letters", this.letters());
    if (this.lastHint) this.showHint(this.lastHint, this.lastHintOffline);
  }

  fit() {
    const r = this.wrap.getBoundingClientRect();
    // 390 px phones: up to 9×9 a cell is ≥ 40 px; larger boards go edge to edge and a
    // pinch zooms them (cells ≥ 40 px, the board then scrolls with two fingers).
    const margin = this.n >= ZOOM_FROM ? 0 : 16;
    const side = Math.max(80, Math.min(r.width - margin, r.height - 8, 720)) * this.zoom;
    this.svg.setAttribute("width", String(Math.floor(side)));
    this.svg.setAttribute("height", String(Math.floor(side)));
    this.root.classList.toggle("cw-zoomed", this.zoom > 1);
  }

  // ---- pinch zoom (boards from 10×10 up) ---------------------------------------------------
  /** Two fingers on the board: the cell press of the first is dropped, the pinch begins. */
  pinchStart() {
    const p = this.press;
    if (p) {
      this.press = null;
      clearTimeout(p.longTimer);
      try { this.svg.releasePointerCapture(p.id); } catch { /* not captured */ }
      if (p.cells) for (const i of p.cells) this.sig[i] = null;
      this.render();
    }
    const [a, b] = [...this.touches.values()];
    this.pinch = { d0: Math.hypot(a[0] - b[0], a[1] - b[1]) || 1, z0: this.zoom, mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] };
  }

  /** Zoom about the fingers' midpoint and pan with it (the wrap scrolls). */
  pinchMove() {
    const [a, b] = [...this.touches.values()];
    const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const z = Math.min(MAX_ZOOM, Math.max(1, (this.pinch.z0 * Math.hypot(a[0] - b[0], a[1] - b[1])) / this.pinch.d0));
    const before = this.svg.getBoundingClientRect();
    // the board point under the old midpoint stays under the new one
    const ux = (this.pinch.mid[0] - before.left) / before.width, uy = (this.pinch.mid[1] - before.top) / before.height;
    this.zoom = z;
    this.fit();
    const after = this.svg.getBoundingClientRect();
    this.wrap.scrollLeft += after.left + ux * after.width - mid[0];
    this.wrap.scrollTop += after.top + uy * after.height - mid[1];
    this.pinch.mid = mid;
    this.svg.dataset.zoom = z.toFixed(2);
  }

  destroy() {
    clearInterval(this.tick);
    if (this.press?.longTimer) clearTimeout(this.press.longTimer);
    super.destroy();
  }

  // ---- state ------------------------------------------------------------------------------
  /** Play a move (a new step: the redo stack is dropped). */
  play(move) {
    this.moves.push(move);
    this.redoStack = [];
    this.redoJoined.clear();
    this.changed();
  }

  /** Several moves as one step: one undo takes them all back (a cow and its automatic ✕). */
  playTogether(moves) {
    const first = this.moves.length;
    this.moves.push(...moves);
    for (let k = first + 1; k < this.moves.length; k++) this.joined.add(k);
    this.redoStack = [];
    this.redoJoined.clear();
    this.changed();
  }

  /**
   * Are conflicts shown now? Always under the "instant" setting; under "full" only once
   * every row has a cow, or on 检查 / Check.
   */
  marking() {
    if (this.s.settings.conflicts !== "full" || this.checked()) return true;
    const n = this.n;
    for (let r = 0; r < n; r++) if (!this.state.slice(r * n, r * n + n).includes(COW)) return false;
    return true;
  }

  changed() {
    const before = this.state;
    this.state = applyMoves(this.board, this.moves);
    if (before) for (const m of this.diffMoves(before, this.state)) this.record(m);
    this.json = stateJSON(this.board, this.state);
    this.save();
    this.highlight = null;
    this.hideHint();
    const now = new Set(this.marking() ? this.json.conflicts.flatMap((p) => p.cells) : []);
    const fresh = [...now].filter((id) => !this.prevConflicts.has(id));
    this.prevConflicts = now;
    this.render();
    if (fresh.length) this.conflicted(fresh);
    this.sayChange(before, fresh);
    if (this.json.cleared && !this.locked) this.clear();
  }

  // ---- keyboard and screen reader ----------------------------------------------------
  /** A cell in words: "第 2 行第 3 列，奶牛，A 区" / "row 2 column 3, cow, region A". */
  cellLabel(i) {
    const { t } = this.s, n = this.n;
    const bad = this.prevConflicts.has(cellId({ n }, i));
    return this.words([
      t("a11y.rowcol", { r: Math.floor(i / n) + 1, c: (i % n) + 1 }),
      t(["a11y.empty", "a11y.mark", "a11y.cow"][this.state[i]]),
      this.state[i] === EMPTY && this.maybe.has(i) && t("cw.maybeSaid"),
      t("a11y.region", { letter: this.view.letters[this.view.regionOf[i]] }),
      bad && t("a11y.conflict"),
    ]);
  }

  /**
   * After a change: a new conflict in the rules' words, else the cell that changed (the
   * first cow of several) and the cow count.
   */
  sayChange(before, fresh) {
    if (!before || !this.speaking || this.replaying) return;
    if (fresh.length) {
      const ids = new Set(fresh);
      const p = this.json.conflicts.find((c) => c.cells.some((id) => ids.has(id)));
      if (p) { this.say(`${mistakeText(this.s.t, p.code)} ${this.cellLabel(this.cellIndex(fresh[0]))}`); return; }
    }
    const changed = this.state.map((x, i) => (x !== before[i] ? i : -1)).filter((i) => i >= 0);
    if (!changed.length) return;
    const at = changed.find((i) => this.state[i] === COW) ?? (changed.includes(this.keys?.at) ? this.keys.at : changed[0]);
    this.say(this.words([this.cellLabel(at), this.s.t("cw.counter", { k: this.json.cows.length, n: this.n })]));
  }

  /** Space/Enter: the tap's cycle on the cursor cell (empty → ✕ → cow → empty), no double tap. */
  keyAct(i) {
    this.lastTap = null;
    const st = this.state[i];
    this.cycleMove(i, `${st === EMPTY ? "mark" : st === MARK ? "cow" : "clear"} ${this.rc(i)}`);
    if (st === MARK) { this.s.sound.step(1); this.pop(i); } else this.s.sound.tap();
  }

  /** Backspace: undo. */
  keyBack() { this.undo(); }

  /** Replays: the position the moves reach, drawn quietly (no sound, no clear hand-off). */
  showMoves(moves) {
    this.moves = [...moves];
    this.redoStack = [];
    this.joined.clear();
    this.redoJoined.clear();
    this.state = applyMoves(this.board, this.moves);
    this.json = stateJSON(this.board, this.state);
    this.prevConflicts = new Set(this.json.conflicts.flatMap((p) => p.cells));
    this.highlight = null;
    this.hideHint();
    this.elapsed = 0;
    this.showLocked(this.json.cleared);
    this.render();
    return this.json;
  }

  // ---- the half-played board, per level, in the mode's save bucket ------------------------
  /** The saved moves of this level (dropped when they no longer replay). */
  restore() {
    const saved = this.s.saves.play?.()?.boards?.[this.view.id];
    if (!Array.isArray(saved) || !saved.every((m) => typeof m === "string")) return [];
    try { applyMoves(this.board, saved); return [...saved]; } catch { return []; }
  }

  save() {
    if (!this.s.saves.setPlay) return;
    const play = { ...this.s.saves.play() };
    const boards = { ...(play.boards || {}) };
    delete boards[this.view.id];                         // re-added last: most recent
    const used = this.state.some((x) => x !== EMPTY);
    if (used && !this.json.cleared) boards[this.view.id] = this.moves.length > MAX_MOVES ? this.compact() : this.moves;
    const ids = Object.keys(boards);
    for (const id of ids.slice(0, Math.max(0, ids.length - KEEP_BOARDS))) delete boards[id];
    play.boards = boards;
    this.s.saves.setPlay(play);
  }

  /** The position alone as moves: one mark move, then the cows. */
  compact() {
    const marks = [], cows = [];
    this.state.forEach((x, i) => { if (x === MARK) marks.push(this.rc(i)); else if (x === COW) cows.push(`cow ${this.rc(i)}`); });
    return [...(marks.length ? [`mark ${marks.join(" ")}`] : []), ...cows];
  }

  // ---- possible positions: the player's pencil marks, kept per level ------------------
  restoreMaybe() {
    const saved = this.s.saves.play?.()?.maybe?.[this.view.id];
    const ok = Array.isArray(saved) ? saved.filter((i) => Number.isInteger(i) && i >= 0 && i < this.n * this.n) : [];
    return new Set(ok);
  }

  toggleMaybe(i) {
    if (this.locked || this.state[i] !== EMPTY) { this.s.sound.nudge?.(); return; }
    if (this.maybe.has(i)) this.maybe.delete(i); else this.maybe.add(i);
    if (this.s.saves.setPlay) {
      const play = { ...this.s.saves.play() };
      const all = { ...(play.maybe || {}) };
      if (this.maybe.size) all[this.view.id] = [...this.maybe].sort((a, z) => a - z); else delete all[this.view.id];
      this.s.saves.setPlay({ ...play, maybe: all });
    }
    this.s.sound.tap();
    this.render();
    this.say(this.cellLabel(i));
  }

  /** Region letters: the player's choice, else on from 9×9 up (separate from high contrast). */
  letters() {
    const v = this.s.saves.play?.()?.letters;
    return typeof v === "boolean" ? v : this.n >= LETTERS_FROM;
  }

  setLetters(on) {
    if (this.s.saves.setPlay) this.s.saves.setPlay({ ...this.s.saves.play(), letters: on });
    this.relabel();
  }

  // ---- drawing ------------------------------------------------------------------------
  render() {
    const n = this.n;
    const conflictCells = this.prevConflicts;
    const hl = this.highlight;
    for (let i = 0; i < n * n; i++) {
      const id = cellId({ n }, i);
      const st = this.state[i];
      const sig = [st, conflictCells.has(id) ? 1 : 0, hl?.because.has(id) ? 1 : 0, hl?.cells.has(id) ? 1 : 0, this.pendingHas(i) ? 1 : 0, this.maybe.has(i) ? 1 : 0].join("|");
      if (sig === this.sig[i]) continue;
      this.sig[i] = sig;
      const [s, bad, because, target, pending, maybe] = sig.split("|");
      const e = this.cellEls[i];
      const kind = ["empty", "mark", "cow"][Number(s)];
      e.cell.dataset.state = kind;
      e.cell.setAttribute("class", "cw-cell" + (bad === "1" ? " cw-conflict" : "") + (because === "1" ? " cw-because" : "") + (target === "1" ? " cw-target" : ""));
      e.mark.setAttribute("class", "cw-x" + ((Number(s) === MARK || pending === "1") ? " on" : "") + (pending === "1" && Number(s) === MARK && this.press?.mode === "erase" ? " erasing" : ""));
      e.cow.setAttribute("class", "cw-cow" + (Number(s) === COW ? " on" : "") + (bad === "1" ? " bad" : ""));
      // a possible position shows on an empty cell only (a ✕ or a cow says more)
      const possible = maybe === "1" && Number(s) === EMPTY && pending !== "1";
      e.maybe.setAttribute("class", "cw-maybe" + (possible ? " on" : ""));
      if (possible) e.cell.dataset.maybe = "1"; else delete e.cell.dataset.maybe;
    }
    const cows = this.json.cows.length;
    this.s.topBar.setCounter(this.s.t("cw.counter", { k: cows, n }));
    this.svg.dataset.cleared = String(this.locked);
    this.svg.dataset.moves = String(this.moves.length);
    this.buttons.undo.disabled = this.locked || !this.moves.length;
    this.buttons.redo.disabled = this.locked || !this.redoStack.length;
    this.renderTimer();
    this.keys?.relabel();
  }

  pendingHas(i) {
    return !!this.press?.cells?.has(i);
  }

  /** The time of this session, or the shell's clock when it keeps one (the daily's). */
  now() { return this.s.elapsed ? this.s.elapsed() : performance.now() - this.started; }

  renderTimer() {
    const ms = this.locked ? this.elapsed : this.now();
    this.timerEl.textContent = this.s.t("cw.time", { time: clock(ms) });
    this.timerEl.hidden = timerHidden || Boolean(this.s.elapsed);   // one timer on screen
  }

  shake(id) {
    if (!this.motion) return;
    shakeEls([this.cellEls[this.cellIndex(id)].cow], 0.06, 280, [0, -1, 1, -0.7, 0.7, 0]);
  }

  cellIndex(id) {
    const m = /^r(\d+)c(\d+)$/.exec(id);   // 1-based, as people name cells
    return (Number(m[1]) - 1) * this.n + Number(m[2]) - 1;
  }

  /** Outline a region (long press): every cell side that borders another region. */
  showOutline(g) {
    const { n, view } = this;
    let d = "";
    for (let i = 0; i < n * n; i++) {
      if (view.regionOf[i] !== g) continue;
      const r = Math.floor(i / n), c = i % n;
      const other = (rr, cc) => rr < 0 || cc < 0 || rr >= n || cc >= n || view.regionOf[rr * n + cc] !== g;
      if (other(r - 1, c)) d += `M${c},${r}h1`;
      if (other(r + 1, c)) d += `M${c},${r + 1}h1`;
      if (other(r, c - 1)) d += `M${c},${r}v1`;
      if (other(r, c + 1)) d += `M${c + 1},${r}v1`;
    }
    this.outline = g;
    this.outlinePath.setAttribute("d", d);
    this.svg.dataset.outline = view.letters[g];
    this.s.toast(this.s.t("cw.region", { letter: view.letters[g] }), 1200);
    if (this.outlineTimer) clearTimeout(this.outlineTimer);
    this.outlineTimer = this.later(OUTLINE_MS, () => this.hideOutline());
  }

  hideOutline() {
    this.outline = null;
    this.outlinePath.setAttribute("d", "");
    delete this.svg.dataset.outline;
  }

  // ---- input ------------------------------------------------------------------------
  cellAt(e) {
    return this.cellAtUnits(...toUnits(e, this.svg.getScreenCTM().inverse()));
  }

  cellAtUnits(x, y) {
    const r = Math.floor(y), c = Math.floor(x);
    return r >= 0 && c >= 0 && r < this.n && c < this.n ? r * this.n + c : -1;
  }

  rc(i) { return `${Math.floor(i / this.n)} ${i % this.n}`; }

  down(e) {
    if (e.pointerType === "touch" && this.n >= ZOOM_FROM && !this.replaying) {
      this.touches.set(e.pointerId, [e.clientX, e.clientY]);
      if (this.touches.size === 2) { e.preventDefault(); this.pinchStart(); return; }
    }
    if (this.pinch) return;
    if (this.locked || !e.isPrimary) return;
    const i = this.cellAt(e);
    if (i < 0) return;
    e.preventDefault();
    if (e.pointerType === "mouse" && e.button === 2) {   // right-click: a possible position (seed 002 §3.3)
      this.toggleMaybe(i);
      return;
    }
    if (e.pointerType === "mouse" && e.button !== 0) return;
    if (this.press) return;
    const ctm = this.svg.getScreenCTM().inverse();
    this.press = { id: e.pointerId, start: i, startState: this.state[i], ctm, last: toUnits(e, ctm), mode: null, cells: null, long: false };
    this.press.longTimer = setTimeout(() => {
      if (this.press && !this.press.mode) {
        this.press.long = true;
        this.showOutline(this.view.regionOf[i]);
        this.s.vibrate(10);
      }
    }, LONG_PRESS_MS);
    try { this.svg.setPointerCapture(e.pointerId); } catch { /* synthetic events */ }
  }

  move(e) {
    if (this.touches.has(e.pointerId)) this.touches.set(e.pointerId, [e.clientX, e.clientY]);
    if (this.pinch) { if (this.touches.size === 2) this.pinchMove(); return; }
    const p = this.press;
    if (!p || e.pointerId !== p.id || this.locked || p.long) return;
    const events = e.getCoalescedEvents ? e.getCoalescedEvents() : [];
    for (const ev of events.length ? events : [e]) this.track(...toUnits(ev, p.ctm));
  }

  /** Walk from the last sample in small steps so a fast drag skips no cell. */
  track(x, y) {
    const p = this.press;
    walkSegment(p.last, [x, y], 0.25, (px, py) => {
      const i = this.cellAtUnits(px, py);
      if (i < 0) return false;
      if (!p.mode && i !== p.start) {
        clearTimeout(p.longTimer);
        p.mode = p.startState === MARK ? "erase" : "mark";
        p.cells = new Set();
        this.dragAdd(p.start);
      }
      if (p.mode) this.dragAdd(i);
      return false;
    });
    p.last = [x, y];
  }

  dragAdd(i) {
    const p = this.press;
    const want = p.mode === "erase" ? MARK : EMPTY;
    if (this.state[i] !== want || p.cells.has(i)) return;
    p.cells.add(i);
    this.sig[i] = null;
    this.render();
  }

  up(e, cancelled = false) {
    this.touches.delete(e.pointerId);
    if (this.pinch) { if (!this.touches.size) this.pinch = null; return; }   // the last finger lifts: done
    const p = this.press;
    if (!p || e.pointerId !== p.id) return;
    this.press = null;
    clearTimeout(p.longTimer);
    try { this.svg.releasePointerCapture(e.pointerId); } catch { /* already released */ }
    if (p.long || this.locked) return;
    if (p.mode) {
      for (const i of p.cells) this.sig[i] = null;
      if (cancelled || !p.cells.size) { this.render(); return; }
      const cells = [...p.cells].sort((a, z) => a - z).map((i) => this.rc(i)).join(" ");
      this.play(`${p.mode === "erase" ? "clear" : "mark"} ${cells}`);
      this.s.sound.tap();
      return;
    }
    if (!cancelled) this.tap(p.start);
  }

  /** Tap cycles empty → ✕ → cow → empty; a second tap on a cow just cleared auto-marks.
   * While 标记可能 is pressed a tap marks (or unmarks) a possible position instead. */
  tap(i) {
    if (this.maybeMode) { this.toggleMaybe(i); return; }
    const now = performance.now();
    const last = this.lastTap;
    this.lastTap = null;
    if (last && last.cell === i && last.wasCow && now - last.t < DOUBLE_TAP_MS && this.moves[this.moves.length - 1] === last.move) {
      this.moves.pop();                   // the first tap's clear is replaced by the auto-mark
      this.moves.push(`auto ${this.rc(i)}`);
      this.redoStack = [];
      this.redoJoined.clear();
      this.changed();
      this.s.sound.step(3);
      this.s.vibrate(12);
      return;
    }
    const st = this.state[i];
    const move = `${st === EMPTY ? "mark" : st === MARK ? "cow" : "clear"} ${this.rc(i)}`;
    this.cycleMove(i, move);
    this.lastTap = { cell: i, t: now, wasCow: st === COW, move };
    if (st === MARK) { this.s.sound.step(1); this.pop(i); } else this.s.sound.tap();
  }

  /** Play the cycle's move on i; a new cow brings its automatic ✕ when the setting is on. */
  cycleMove(i, move) {
    if (move.startsWith("cow ") && this.s.settings.autoMark && autoMarks(this.board, this.state, i).length) {
      this.playTogether([move, `auto ${this.rc(i)}`]);
    } else this.play(move);
  }

  pop(i) {
    if (this.motion) popEl(this.cellEls[i].cow, 1.15);
  }

  // ---- buttons -------------------------------------------------------------------------
  /**
   * The moves that turn one board into the other (cows, then marks, then clears): the
   * timed log records what the player saw change, undo and redo included.
   */
  diffMoves(before, after) {
    const by = { [COW]: [], [MARK]: [], [EMPTY]: [] };
    after.forEach((st, i) => { if (st !== before[i]) by[st].push(this.rc(i)); });
    return [...by[COW].map((c) => `cow ${c}`), ...(by[MARK].length ? [`mark ${by[MARK].join(" ")}`] : []), ...(by[EMPTY].length ? [`clear ${by[EMPTY].join(" ")}`] : [])];
  }

  /** The step a try has reached: the cows on the board. */
  progress() { return this.state.filter((x) => x === COW).length; }

  undo() { if (this.moves.length && !this.locked) this.log.back(); this.shift(this.moves, this.redoStack, "cw.nothing", this.joined, this.redoJoined); }
  redo() { this.shift(this.redoStack, this.moves, "cw.noRedo", this.redoJoined, this.joined); }

  /**
   * Undo/redo: move the last step of `from` onto `to` (or say there is none); a step of
   * joined moves (`fromJoined` holds the index of each move joined to the one before) moves whole.
   */
  shift(from, to, none, fromJoined, toJoined) {
    if (this.locked) return;
    if (!from.length) { this.s.toast(this.s.t(none)); return; }
    let count = 1;
    while (fromJoined.has(from.length - count)) count++;
    for (let c = 0; c < count; c++) {
      fromJoined.delete(from.length - 1);
      to.push(from.pop());
      if (c > 0) toJoined.add(to.length - 1);
    }
    this.lastTap = null;
    this.s.sound.tap();
    this.changed();
  }

  restart() {
    if (this.locked) return;
    const used = [];
    this.state.forEach((s, i) => { if (s !== EMPTY) used.push(this.rc(i)); });
    if (!used.length) return;
    this.log.back();
    this.play(`clear ${used.join(" ")}`);   // one step, so Undo brings the board back
  }

  /** 提示 (`next`: the next step, a cow revealed when logic is stuck) or 为什么 (`why`:
   * the solver's deduction from the player's marks, or where they went wrong). */
  async hint(kind = "next") {
    if (this.locked) return;
    const moves = [...this.moves];
    // offline, a Why has no solver: a mistake is still pointed at, else it says it needs the server
    const local = () => {
      const h = offlineHint(this.board, this.view.solution, moves);
      return kind === "why" && h.kind !== "mistake" ? { kind: "why", verdict: "offline" } : h;
    };
    const h = await this.askHint(kind, moves, local);
    const offline = Boolean(this.lastAsked?.offline);
    if (!h || this.locked || moves.length !== this.moves.length) return;
    if (h.verdict === "offline") {
      this.s.toast(this.s.t("needsConnection", { feature: this.s.t("cw.why") }), 4000);
      return;
    }
    this.highlight = { because: new Set(h.because || []), cells: new Set(h.cells || []) };
    this.sig = [];
    this.render();
    this.showHint(h, offline);
    this.s.sound.nudge();
  }

  hintText(h, offline) {
    const { t } = this.s;
    const lang = this.s.settings.lang;
    let text;
    if (h.reason_zh && h.reason_en && !offline) {
      // the technique's name in the player's language; never its internal code
      const own = lang === "en" ? h.name_en : h.name_zh;
      const name = own ? t("cw.hintName", { name: own }) : "";
      text = name + (lang === "en" ? h.reason_en : h.reason_zh);
    } else if (h.kind === "mistake") text = mistakeText(t, h.code);
    else if (h.kind === "solved" || h.verdict === "done") text = t("cw.solved");
    else text = t("cw.reveal");
    return offline ? `${text} ${t("cw.offline")}` : text;
  }

  showHint(h, offline) {
    this.lastHint = h;
    this.lastHintOffline = offline;
    this.hintBox.textContent = this.hintText(h, offline);
    this.hintBox.dataset.kind = h.kind;
    this.hintBox.dataset.technique = h.technique || "";
    this.hintBox.hidden = false;
    this.tip.hidden = true;
  }

  hideHint() {
    this.lastHint = null;
    if (this.hintBox) this.hintBox.hidden = true;
    if (this.tip) this.tip.hidden = false;
  }

  // ---- clear -------------------------------------------------------------------------
  clear() {
    this.elapsed = this.now();
    this.press = null;
    this.lock();
    this.s.toast(this.s.t("cw.cleared", { time: clock(this.elapsed) }), 1800);
    if (this.motion) {
      this.svg.animate([{ filter: "brightness(1)" }, { filter: "brightness(1.25)" }, { filter: "brightness(1)" }], { duration: 500, easing: "ease-out" });
    }
    this.confirmClear(this.moves, CLEAR_HOLD_MS);
  }
}

// The play screen of the path puzzles (Number Stroke, Hex Walls): one path through every
// cell, drawn by dragging. What they share on top of PlayScreen: the reaction to a change
// (step sound, conflicts, dead-end nudge, clear), the pointer press/drag/release
// plumbing, restart, the 补数字 / 指路 hints (server first, kit/pathrules.js offline) and
// 为什么 (the server's logic engine explains the next step from the player's position).
// Each mode keeps its drawing, hit test, drag rules and its own extras.
import { PlayScreen, shakeEls, toUnits } from "./playkit.js";
import * as offlineHints from "./pathrules.js";

const REVEAL_RING_MS = 1400;  // amber ring before a revealed number looks like a clue
const CLEAR_HOLD_MS = 450;    // after the sweep, before the next level opens
const SWEEP_MS = 250;

/**
 * Subclasses set this.cellEls[i] = {g, t, ring, ...} in build(), and provide render(),
 * fit(), down(e) and track([x, y]); sweep(ms) animates the clear; stepped(i) adds to the
 * feedback of a step; stopMotion(cells) cancels what runs on dropped cells.
 */
export class PathScreen extends PlayScreen {
  constructor(root, view, services, prefix, { makeBoard, Game }) {
    super(root, view, services, prefix);
    this.board = makeBoard(view);
    this.game = new Game(this.board);
    // a daily comes back where the reload left it (level play keeps no half-drawn path)
    if (this.resumeLog((m, i) => this.game.apply(m, i))) this.resumed();
    else this.game = new Game(this.board);
    this.game.onMove = (m) => {
      this.record(m);
      if (/^(rewind|undo|reset)\b/.test(m)) this.log.back();
    };
    this.pointer = null;          // {id, dz, last: [ux, uy], ctm, ...}
    this.freshReveal = new Set(); // cells still showing the amber ring
    this.target = null;           // guide highlight: {cell, dimFrom?} or why's {cells: Set}
    this.whyReads = new Set();    // why: the cells its reasoning rests on (amber ring)
  }

  /** After a resumed daily: the conflicts and causes of the position, as changed() keeps them. */
  resumed() {
    const g = this.game;
    this.prevConflicts = new Set(this.marking() ? g.conflicts().map((c) => this.board.index.get(c.cell)) : []);
    this.causes = this.marking() ? g.causes() : new Set();
  }

  /**
   * Are conflicts shown now? Always under the "instant" setting; under "full" only once
   * the path covers every cell or the player presses 检查 / Check (until the next move).
   */
  marking() {
    return this.s.settings.conflicts !== "full" || this.game.path.length === this.board.n || this.checked();
  }

  /** The conflicts of cell i at step k that are shown now (none while marking waits). */
  shownConflicts(i, k) {
    return this.marking() ? this.game.conflictsAt(i, k) : [];
  }

  /** The cell shakes (cell and label); returns the animations, or undefined under reduced motion. */
  shake(i, amp = 0.09, ms = 280) {
    if (!this.motion) return undefined;
    return shakeEls([this.cellEls[i].g, this.cellEls[i].t], amp, ms);
  }

  stopMotion() {}

  /** The step the path has reached: the cells on it. */
  progress() { return this.game.path.length; }

  /** A step onto cell i: unless it is `bad` (a new conflict), its sound and a tick; true if so. */
  stepped(i, bad) {
    if (bad) return false;
    this.s.sound.step(this.game.pos.get(i));
    this.s.vibrate(8);
    return true;
  }

  /** After a change: sounds, shakes and flashes for what is new, then redraw. */
  changed({ added = null } = {}) {
    const g = this.game;
    this.target = null;
    this.whyReads = new Set();
    this.hideWhy();
    const marking = this.marking();
    const now = new Set(marking ? g.conflicts().map((c) => this.board.index.get(c.cell)) : []);
    const fresh = [...now].filter((i) => !this.prevConflicts.has(i));
    this.prevConflicts = now;
    this.causes = marking ? g.causes() : new Set();
    this.render();
    if (g.end !== null) this.keys?.moveTo(g.end);
    if (added !== null) this.stepped(added, fresh.length > 0);
    if (fresh.length) this.conflicted(fresh);
    this.sayPosition(fresh);
    if (g.cleared()) return this.clear();
    if (added !== null && g.deadEnd()) {
      this.later(90, () => { if (g.end !== null) this.shake(g.end, 0.04, 220); this.s.sound.nudge(); });
    }
  }

  // ---- keyboard and screen reader ----------------------------------------------------
  /** A cell in words: "第 3 步，奇数，已走" / "step 3, odd, walked" (what it shows now). */
  cellLabel(i) {
    const g = this.game, b = this.board, t = this.s.t;
    const step = g.pos.get(i), num = g.numberOn(i), par = b.parity?.get(i);
    return this.words([
      step !== undefined && t("a11y.step", { k: step }),
      num !== undefined && num !== step && t("a11y.number", { n: num }),
      par !== undefined && t(par ? "a11y.odd" : "a11y.even"),
      step !== undefined && this.shownConflicts(i, step).length > 0 && t("a11y.conflict"),
      step === undefined && !g.path.length && b.clue.get(i) === 1 && t("a11y.start"),
      i === g.end && t("a11y.end"),
      this.cellDetail(i),
      t(step !== undefined ? "a11y.walked" : "a11y.notWalked"),
    ]);
  }

  /** The mode's extra words for a cell (Hex Walls: its walls now), or "". */
  cellDetail() { return ""; }

  /** After a change: the end cell (or the conflict) and how many cells are left. */
  sayPosition(fresh) {
    const g = this.game;
    const left = this.s.t("a11y.left", { n: this.board.n - g.path.length });
    const at = fresh.length ? fresh[0] : g.end;
    this.say(this.words([at !== null && this.cellLabel(at), left]));
  }

  /** Space/Enter on cell i: start there, extend to it, or rewind to it. */
  keyAct(i) {
    const g = this.game;
    if (!g.path.length) {
      if (g.canStart(i)) { g.start(i); this.changed({ added: i }); return; }
      const one = g.legalStarts()[0];
      this.s.sound.nudge();
      this.say(this.s.t("a11y.startHere", { cell: one === undefined ? "" : this.cellLabel(one) }));
      return;
    }
    if (g.has(i)) {
      if (i !== g.end) this.rewindTo(i);
      else this.say(this.cellLabel(i));
      return;
    }
    if (g.canAdd(i)) { g.add(i); this.changed({ added: i }); return; }
    this.refused(i);
  }

  /** A step the rules refuse (the mode may show why: a wall). */
  refused(i) {
    if (this.motion) this.shake(i, 0.04, 220);
    this.s.sound.nudge();
    this.say(this.s.t("a11y.cannot"));
  }

  /** Backspace: one step back (the start alone: the path is cleared). */
  keyBack() {
    const g = this.game;
    if (!g.path.length) { this.s.sound.nudge(); return; }
    if (g.path.length === 1) this.restart();
    else this.rewindTo(g.path[g.path.length - 2]);
  }

  /** Back to visited cell i (the mode's own way: a rewind, or undos one by one). */
  rewindTo(i) {
    this.game.rewind(i);
    this.changed();
  }

  // ---- input ------------------------------------------------------------------------
  /**
   * A primary press on the board: {ctm, dz, at: [ux, uy]} (dz from `deadZones` by pointer
   * type), or null when it is not for us (another pointer is down, a secondary button,
   * or the board is locked).
   */
  press(e, deadZones) {
    if (this.pointer || !e.isPrimary || (e.pointerType === "mouse" && e.button !== 0)) return null;
    e.preventDefault();
    if (this.locked) return null;
    const ctm = this.svg.getScreenCTM().inverse();
    return { ctm, dz: deadZones[e.pointerType] ?? deadZones.touch, at: toUnits(e, ctm) };
  }

  /** Start drawing with this pointer (captured): this.pointer = {id, dz, last, ctm, ...extra}. */
  capture(e, { ctm, dz, at }, extra = {}) {
    this.pointer = { id: e.pointerId, dz, last: at, ctm, ...extra };
    try { this.svg.setPointerCapture(e.pointerId); } catch { /* synthetic events */ }
  }

  /** Every sample of a move (coalesced ones included) goes to track(). */
  move(e) {
    const p = this.pointer;
    if (!p || e.pointerId !== p.id || this.locked) return;
    const events = e.getCoalescedEvents ? e.getCoalescedEvents() : [];
    for (const ev of events.length ? events : [e]) {
      this.track(toUnits(ev, p.ctm));
      if (this.locked || !this.pointer) break;
    }
  }

  /** The drawing pointer lifts (or is lost): the pointer state it had, or null if not ours. */
  release(e) {
    const p = this.pointer;
    if (!p || e.pointerId !== p.id) return null;
    this.pointer = null;
    try { this.svg.releasePointerCapture(e.pointerId); } catch { /* already released */ }
    return p;
  }

  // ---- buttons -------------------------------------------------------------------------
  restart() {
    if (this.locked) return;
    this.stopMotion(this.game.path);
    this.game.reset();
    this.prevConflicts = new Set();
    this.changed();
  }

  /** The server's hint; offline (or on a server error) the same hint from the baked solution. */
  async hint(kind) {
    const moves = this.game.moves();
    const solution = this.view.solution || [];
    const offline = () => offlineHints[kind](solution, this.game);
    return this.askHint(kind, moves, offline);
  }

  /** The first press of 补数字 / 指路 in this browser says in one line what it does. */
  explainOnce(kind) {
    if (this.s.firstTime?.(`hint.${kind}`)) this.s.toast(this.s.t(`hint.${kind}`), 3500);
  }

  async reveal() {
    if (this.locked) return;
    this.explainOnce("reveal");
    const h = await this.hint("reveal");
    if (this.locked || !h) return;
    if (!h.cell) {
      this.s.toast(this.s.t(`${this.p}.noReveal`));
      this.pulse(this.buttons.guide);
      return;
    }
    const i = this.board.index.get(h.cell);
    if (i === undefined || this.game.numberOn(i) !== undefined) return;
    try {
      this.game.apply(`reveal ${h.cell} ${h.step}`);
    } catch {
      return; // the step is already known (a hint raced a reveal): nothing to add
    }
    this.freshReveal.add(i);
    this.later(REVEAL_RING_MS, () => { this.freshReveal.delete(i); this.render(); });
    this.s.sound.tap();
    this.changed();
  }

  /** The guide's "rewind" answer: the mode may point at its way back (a button). */
  guideRewind() {}

  async guide() {
    if (this.locked) return;
    this.explainOnce("guide");
    const h = await this.hint("guide");
    if (this.locked || !h) return;
    const i = h.cell == null ? undefined : this.board.index.get(h.cell);
    if (h.action === "restart") {
      this.s.toast(this.s.t(`${this.p}.restartHint`));
      this.pulse(this.buttons.restart);
      this.target = i === undefined ? null : { cell: i };
    } else if (h.action === "done") {
      this.s.toast(this.s.t(`${this.p}.done`));
      return;
    } else if (h.action === "rewind") {
      this.guideRewind();
      this.target = { cell: i, dimFrom: this.game.pos.get(i) };
    } else {
      this.target = { cell: i };
    }
    this.render();
  }

  /** 为什么: the deduction that fixes the next step, on the board and in one sentence. */
  async why() {
    if (this.locked) return;
    const h = await this.hint("why");
    if (this.locked || !h) return;
    if (h.verdict === "offline") {
      this.s.toast(this.s.t("needsConnection", { feature: this.s.t(`${this.p}.why`) }), 4000);
      return;
    }
    const idx = (ids) => new Set(ids.map((c) => this.board.index.get(c)).filter((i) => i !== undefined));
    this.target = { cells: idx(h.cells) };
    this.whyReads = idx(h.reads || []);
    // said in the tip's row under the board (as Cows says its hints), not in the dock over
    // the top bar: the level number and the cells left stay in sight while it is read
    this.showWhy(this.s.settings.lang === "en" ? h.reason_en : h.reason_zh);
    this.render();
  }

  /** The Why's sentence in the tip's row, until the next change (the tip comes back). */
  showWhy(text) {
    this.tip.textContent = text;
    this.tip.dataset.why = "1";
    this.tip.classList.add("pk-why");
    this.tip.setAttribute("role", "status");
    this.say(text);
  }

  hideWhy() {
    if (!this.tip?.dataset.why) return;
    delete this.tip.dataset.why;
    this.tip.classList.remove("pk-why");
    this.tip.removeAttribute("role");
    this.tip.textContent = this.s.t(this.tipKey());
  }

  /** Is cell i lit by the guide or by a why answer? */
  targeted(i) {
    const t = this.target;
    return Boolean(t && (t.cell === i || (t.cells && t.cells.has(i))));
  }

  // ---- clear -------------------------------------------------------------------------
  /** Lock, the mode's sweep (skipped under reduced motion), then the server's confirmation. */
  clear() {
    this.pointer = null;
    this.lock();
    this.say(this.s.t("a11y.cleared"));
    const sweep = this.motion ? SWEEP_MS : 0;
    if (this.motion) this.sweep(sweep);
    this.confirmClear(this.game.moves(), sweep + CLEAR_HOLD_MS);
  }

  sweep() {}

  /** Replays: the position the moves reach, drawn quietly (no sound, no clear hand-off). */
  showMoves(moves) {
    const game = new this.game.constructor(this.board);
    moves.forEach((m, i) => game.apply(m, i));
    this.game = game;
    this.prevConflicts = new Set(game.conflicts().map((c) => this.board.index.get(c.cell)));
    this.causes = game.causes();
    this.target = null;
    this.showLocked(game.cleared());
    this.render();
    return game.toJSON();
  }
}

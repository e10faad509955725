// The play kit: what every mode's play screen shares, so a mode module keeps only its own
// board, input and rules (docs/client.md, "Shared play kit"). PlayScreen owns the
// lifecycle (timers, settings, resize, board listeners, teardown), the SVG board in its
// wrapper, the tip line and the bottom button bar, the caption, conflict feedback, hint
// fetching with the offline fallback, and the clear hand-off to the shell. Shared CSS:
// the `pk-*` classes in shell.css. Mode modules import this; the shell never does.
// Every session keeps a timed move log (kit/movelog.js): a mode calls record(move) for
// each move string it applies; the clear hands the run to the shell with onCleared(run).
import { MoveLog } from "./movelog.js";
import { BoardCursor, announce } from "./access.js";
import { el } from "../shell/dom.js";

export const SVGNS = "http://www.w3.org/2000/svg";

/** An SVG element with attributes, appended to `parent` when given. */
export function svgEl(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}

/**
 * Caption text for the current language: "中文 / English" gives one side. With `rest`,
 * any number of parts: the first is Chinese, the others (joined) English.
 */
export function captionFor(caption, lang, sep = " / ", rest = false) {
  if (!caption) return null;
  const parts = caption.split(sep);
  if (rest ? parts.length < 2 : parts.length !== 2) return caption;
  return lang === "en" ? parts.slice(1).join(sep) : parts[0];
}

/** The module's mount/unmount for a screen class: one screen at a time, destroyed on unmount. */
export function screenModule(make) {
  let current = null;
  return {
    mount(element, level, services) { current = make(element, level, services); return current; },
    unmount() {
      if (current) current.destroy();
      current = null;
    },
  };
}

/** A pointer event's position in board units (ctm: the inverse screen CTM of the SVG). */
export function toUnits(e, ctm) {
  const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm);
  return [p.x, p.y];
}

/**
 * Walk the segment from `from` to `to` in steps of at most `step` units so a fast drag
 * skips no cell: fn(x, y, last) for each point (`last` on `to` itself); true stops.
 */
export function walkSegment([lx, ly], [x, y], step, fn) {
  const steps = Math.max(1, Math.ceil(Math.hypot(x - lx, y - ly) / step));
  for (let s = 1; s <= steps; s++) {
    if (fn(lx + ((x - lx) * s) / steps, ly + ((y - ly) * s) / steps, s === steps)) return;
  }
}

const SHAKE = [0, -1, 1, -0.7, 0.7, -0.3, 0];

/** A horizontal shake of `amp` units on each element; returns the animations. */
export function shakeEls(els, amp, ms = 280, pattern = SHAKE) {
  const frames = pattern.map((x) => ({ transform: `translateX(${x * amp}px)` }));
  return els.map((e) => e.animate(frames, { duration: ms, easing: "ease-out" }));
}

/** The 80 ms pop: from `scale` back to 1. */
export function popEl(e, scale) {
  return e.animate([{ transform: `scale(${scale})` }, { transform: "scale(1)" }], { duration: 80, easing: "cubic-bezier(.3,1.6,.6,1)" });
}

/** Buttons drawn as a sign, their word in aria-label and title (five share a phone's width). */
const ICONS = { why: "?", check: "✓" };

/**
 * Base of a play screen. `prefix` is the mode's class and string prefix (e.g. "ns"): the
 * root gets it, the board `{p}-board`/`{p}-svg`, buttons `{p}-btn` labelled `{p}.{name}`,
 * the tip `{p}.tip`, the clear lock `{p}-locked`, a failed server check `{p}.mismatch`.
 * Subclasses provide build() (calling makeSvg, makeBar, then mountRows), render(),
 * fit() and shake(x); they call watchSettings() once drawn.
 */
export class PlayScreen {
  constructor(root, view, services, prefix) {
    this.root = root;
    this.view = view;
    this.s = services;
    this.p = prefix;
    this.locked = false;
    this.sig = [];                  // per-cell render signature: only changed cells repaint
    this.prevConflicts = new Set();
    this.timers = new Set();
    this.listeners = [];
    this.buttons = {};
    // a daily's log runs on the run's one clock (the server's, from its start) and is kept
    // over a reload (services.runLog): the server replays it, every move at its real time
    this.log = services.runLog && services.elapsed ? new MoveLog(() => services.elapsed(), 0) : new MoveLog();
    this.kept = services.runLog ? services.runLog.entries() : [];
    root.classList.add(prefix);
  }

  /** A move string the player just made (with its time, for replays and highlights). */
  record(move) {
    this.log.record(move);
    this.moveCount = (this.moveCount || 0) + 1;
    this.s.runLog?.save(this.log.entries);
  }

  /**
   * A daily's kept log, replayed by `apply(move, index)` (the mode's own fold): the log
   * goes on from it; a log that no longer replays is dropped with the position. True if
   * a position came back.
   */
  resumeLog(apply) {
    const kept = this.kept;
    this.kept = [];
    if (!kept.length) return false;
    try { kept.forEach(([, m], i) => apply(m, i)); } catch { this.s.runLog.save([]); return false; }
    this.log.entries = kept.map(([ms, m]) => [ms, m]);
    this.moveCount = kept.length;
    return true;
  }

  /** How far the player got (the last step a try reached, shell/plays.js); modes say. */
  progress() { return 0; }

  /**
   * The replay viewer drives the screen: no input, no buttons; showMoves(moves) then
   * draws the position those moves reach (the mode's own drawing), quietly.
   */
  asReplay() {
    this.replaying = true;
    this.root.classList.add("pk-replay");
    this.keys?.destroy();
    this.svg.removeAttribute("tabindex");
  }

  /** Draw the position `moves` reach; the mode implements it (path kit, Cows). */
  showMoves(_moves) { throw new Error(`${this.p}: no replay drawing`); }

  /** The clear look without the clear's sound, buzz or hand-off (replays). */
  showLocked(on) {
    this.locked = on;
    this.root.classList.toggle(`${this.p}-locked`, on);
  }

  /** Re-label and repaint everything when a setting changes (language, contrast, ...). */
  watchSettings() {
    this.offSettings = this.s.settings.onChange?.((_, k) => {
      if (k === "lang") this.relabel();
      if (k === "conflicts") this.showCheck();
      if (k === "conflicts" && !this.locked && !this.replaying) this.changed();
      this.sig = [];
      if (k === "lang") this.keys?.relabel();
      this.render();
    });
  }

  // ---- keyboard and screen reader (kit/access.js) -----------------------------------
  /**
   * The board as an ARIA grid with a keyboard cursor: `cells` (elements), `centres` ([x, y]
   * units), `shapes` (what the cursor outlines), `decor` (layers hidden from assistive
   * technology). The mode provides cellLabel(i), keyAct(i) and keyBack().
   */
  makeCursor({ cells, centres, shapes, decor, start = 0 }) {
    if (this.replaying) return;
    this.keys = new BoardCursor({
      svg: this.svg, prefix: this.p, cells, centres, shapes, decor, start,
      label: (i) => this.cellLabel(i),
      act: (i) => { if (!this.locked) this.keyAct(i); },
      back: () => { if (!this.locked) this.keyBack(); },
      help: this.s.t("a11y.board"),
    });
    this.keys.relabel();
  }

  /** Say `text` in the page's live region (not in replays). */
  say(text) { if (!this.replaying) announce(text); }

  /** Words joined with the language's separator. */
  words(parts) { return parts.filter(Boolean).join(this.s.t("a11y.sep")); }

  // ---- layout -----------------------------------------------------------------------
  /** The board's SVG in its wrapper div, with the high-contrast stripes `{p}-stripes`. */
  makeSvg(viewBox, { size, bar, opacity }) {
    const p = this.p;
    this.wrap = el("div", `${p}-board pk-board`);
    const svg = svgEl("svg", { viewBox, class: `${p}-svg pk-svg`, role: "img", "aria-label": this.view.id });
    this.svg = svg;
    const defs = svgEl("defs", {}, svg);
    const pat = svgEl("pattern", { id: `${p}-stripes`, width: size, height: size, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" }, defs);
    svgEl("rect", { width: bar, height: size, fill: "#ffffff", "fill-opacity": opacity }, pat);
    this.wrap.append(svg);
    return svg;
  }

  /** The tip line (this.tip) and the bottom bar of buttons [[name, onclick]] (this.buttons). */
  makeBar(actions) {
    const p = this.p;
    this.tip = el("div", `${p}-tip pk-tip`);
    const bar = el("div", `${p}-buttons pk-buttons`);
    // 检查 / Check: under the "full" error marking, the player asks for the check
    for (const [name, fn] of [...actions, ["check", () => this.check()]]) {
      const btn = el("button");
      btn.type = "button";
      btn.className = `${p}-btn pk-btn`;
      btn.dataset.action = name;
      btn.onclick = fn;
      this.buttons[name] = btn;
      bar.append(btn);
    }
    return bar;
  }

  tipKey() { return `${this.p}.tip`; }
  caption() { return captionFor(this.view.caption, this.s.settings.lang); }

  /** Tip, button labels and caption in the current language. */
  relabel() {
    const { t } = this.s;
    this.tip.textContent = t(this.tipKey());
    for (const [name, btn] of Object.entries(this.buttons)) {
      const label = t(name === "check" ? "check" : `${this.p}.${name}`);
      btn.textContent = ICONS[name] || label;
      if (ICONS[name]) { btn.setAttribute("aria-label", label); btn.title = label; btn.classList.add("pk-icon"); }
    }
    this.showCheck();
    this.s.topBar.setCaption(this.caption());
  }

  /** The Check button is there only under the "when the board is full" marking. */
  showCheck() {
    if (this.buttons.check) this.buttons.check.hidden = this.s.settings.conflicts !== "full";
  }

  /**
   * 检查 / Check: the conflicts of this position are shown now, until the next move;
   * none found is said. The mode's `marking()` asks `checked()`.
   */
  check() {
    if (this.locked) return;
    this.checkedAt = this.moveCount || 0;
    this.changed();
    if (!this.prevConflicts.size) { this.s.toast(this.s.t("check.none")); this.say(this.s.t("check.none")); }
  }

  /** Was Check pressed since the last move? */
  checked() { return this.checkedAt !== undefined && this.checkedAt === (this.moveCount || 0); }

  /** Put the screen's rows in the root, label them, fit the board and listen to it. */
  mountRows(rows, lost = true) {
    this.root.append(...rows);
    this.relabel();
    this.watchSize();
    this.listenPointer(lost);
    this.listenKeys();
  }

  /** Ctrl/⌘+Z undoes, Ctrl/⌘+Shift+Z (or Ctrl+Y) redoes, where the screen has those buttons. */
  listenKeys() {
    this.onKey = (e) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const k = e.key.toLowerCase();
      const name = k === "z" ? (e.shiftKey ? "redo" : "undo") : k === "y" ? "redo" : null;
      const btn = name && this.buttons[name];
      if (!btn) return;
      e.preventDefault();
      if (!btn.disabled) btn.click();
    };
    document.addEventListener("keydown", this.onKey);
  }

  /**
   * Size the SVG for a board `w` × `h` units: the largest unit (at most `maxUnit` px) that
   * leaves a margin of `frac` of the width, within [lo, hi] px, all round.
   */
  fitUnits(w, h, [lo, hi, frac], maxUnit) {
    const r = this.wrap.getBoundingClientRect();
    const margin = Math.min(hi, Math.max(lo, r.width * frac));
    const u = Math.max(8, Math.min((r.width - 2 * margin) / w, (r.height - 2 * margin) / h, maxUnit));
    this.svg.setAttribute("width", String(Math.floor(u * w)));
    this.svg.setAttribute("height", String(Math.floor(u * h)));
  }

  /** Refit the board (the mode's fit()) now and whenever its box changes size. */
  watchSize() {
    this.ro = new ResizeObserver(() => this.fit());
    this.ro.observe(this.wrap);
    this.fit();
  }

  /**
   * The board's pointer listeners (removed by destroy()): down(e), move(e), up(e) and
   * up(e, true) on a cancel (or, with `lost`, a lost capture); no context menu.
   */
  listenPointer(lost = true) {
    const handlers = {
      pointerdown: (e) => this.down(e),
      pointermove: (e) => this.move(e),
      pointerup: (e) => this.up(e),
      pointercancel: (e) => this.up(e, true),
      contextmenu: (e) => e.preventDefault(),
    };
    if (lost) handlers.lostpointercapture = (e) => this.up(e, true);
    for (const [type, fn] of Object.entries(handlers)) {
      this.svg.addEventListener(type, fn);
      this.listeners.push([type, fn]);
    }
  }

  destroy() {
    this.flushClear?.();
    for (const id of this.timers) clearTimeout(id);
    this.timers.clear();
    this.ro?.disconnect();
    this.offSettings?.();
    this.keys?.destroy();
    for (const [type, fn] of this.listeners) this.svg.removeEventListener(type, fn);
    if (this.onKey) document.removeEventListener("keydown", this.onKey);
    this.root.replaceChildren();
  }

  /** setTimeout that destroy() cancels. */
  later(ms, fn) {
    const id = setTimeout(() => { this.timers.delete(id); fn(); }, ms);
    this.timers.add(id);
    return id;
  }

  get motion() { return !this.s.settings.reducedMotion; }

  // ---- feedback ----------------------------------------------------------------------
  /** Draw the eye to a button (an amber ring, twice). */
  pulse(btn) {
    btn.classList.remove("pk-pulse");
    void btn.offsetWidth;
    btn.classList.add("pk-pulse");
  }

  /** New conflicts: shake each, the conflict sound, a double buzz. */
  conflicted(fresh) {
    this.log.conflict();
    if (this.replaying) return;
    for (const x of fresh) this.shake(x);
    this.s.sound.conflict();
    this.s.vibrate([30, 40, 30]);
  }

  // ---- hints -------------------------------------------------------------------------
  /**
   * A hint of `kind` for the position `moves`: the same question on the same position
   * shows nothing new, so it is answered from the last answer, neither asked nor counted
   * (a daily's server counts every hint it answers). Resolves to the hint or null.
   */
  async askHint(kind, moves, offline) {
    const key = `${kind}\n${moves.join("\n")}`;
    if (this.lastAsked?.key === key) return this.lastAsked.answer;
    this.log.hint();
    const [answer, isOffline] = await this.fetchHint(moves, kind, offline);
    if (answer) this.lastAsked = { key, answer, offline: isOffline };
    return answer;
  }

  /**
   * The server's hint; when the server is unreachable (or fails) `offline()` computes it
   * from the baked solution. A request the server rejects (4xx) becomes a toast and null.
   * Resolves to [hint | null, offline].
   */
  async fetchHint(moves, kind, offline) {
    try {
      return [await this.s.api.hint(moves, kind), false];
    } catch (err) {
      if (err && err.status >= 400 && err.status < 500) {
        this.s.toast(this.s.explain ? this.s.explain(err) : err.message || String(err));
        return [null, false];
      }
      return [offline(), true];
    }
  }

  // ---- clear -------------------------------------------------------------------------
  /** Solved: lock the board and the buttons, repaint, the clear sound and buzz. */
  lock() {
    this.locked = true;
    this.root.classList.add(`${this.p}-locked`);
    for (const b of Object.values(this.buttons)) b.disabled = true;
    this.render();
    this.s.sound.clear();
    this.s.vibrate([20, 40, 60]);
  }

  /**
   * After `ms`, report the clear to the shell if the server's check agrees (Python is the
   * authority; offline the mirror is trusted); otherwise say so and unlock.
   */
  confirmClear(moves, ms) {
    // the timed log too: a daily's server replays every move (rewinds and undos included)
    const verified = this.s.api.check(moves, this.log.text()).then((st) => st.cleared, () => true);
    // Leaving during the celebration must not lose the clear: destroy() reports it at once.
    const run = { ...this.log.summary(), grade: this.view.grade ?? null };
    this.flushClear = () => { this.flushClear = null; verified.then((ok) => ok && this.s.onCleared(run)); };
    this.later(ms, async () => {
      this.flushClear = null;
      if (await verified) this.s.onCleared(run);
      else {
        this.s.toast(this.s.t(`${this.p}.mismatch`));
        this.locked = false;
        this.root.classList.remove(`${this.p}-locked`);
        for (const b of Object.values(this.buttons)) b.disabled = false;
        this.render();
      }
    });
  }
}

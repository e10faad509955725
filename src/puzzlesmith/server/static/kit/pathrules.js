// What the path-puzzle rules mirrors share (Number Stroke, Hex Walls: one path through
// every cell, numbered cells, 补数字 reveals): the board index, the path state and its
// JSON, replay, and the offline copies of the two hints. Each mode's rules.js extends
// PathGame with its own legality and conflicts. Pure: no DOM (tests/js runs it in node).

export class IllegalMove extends Error {}

/** Index a path view: cell ids in file order, adjacency, clues (number → cell too). */
export function indexPathView(view) {
  const ids = view.cells.map((c) => c.id);
  const index = new Map(ids.map((id, i) => [id, i]));
  const n = ids.length;
  const adj = ids.map((id) => (view.adjacency[id] || []).map((j) => index.get(j)));
  const adjSet = adj.map((a) => new Set(a));
  const clue = new Map();
  const stepCell = new Map();
  view.cells.forEach((c, i) => {
    if (c.clue != null) { clue.set(i, c.clue); stepCell.set(c.clue, i); }
  });
  return { ids, index, n, adj, adjSet, clue, stepCell };
}

/** Python's repr() of a plain string, so error messages match the engine's word for word. */
export function pyRepr(s) {
  const body = s.replace(/\\/g, "\\\\");
  if (s.includes("'") && !s.includes('"')) return `"${body}"`;
  return `'${body.replace(/'/g, "\\'")}'`;
}

/** Split a move string; `illegal(why)` names the move and its index (as the engine does). */
export function parseMove(move, index) {
  const illegal = (why) => new IllegalMove(`move ${index + 1} ${pyRepr(String(move))}: ${why}`);
  if (typeof move !== "string") throw illegal("a move must be a string");
  const [verb, ...args] = move.split(" ");
  return { verb, args, illegal };
}

/**
 * The path, the revealed numbers, the moves and the conflicts (puzzlesmith.paths.state).
 * A mode subclasses it for what is its own: `static BACK` (the move back: "rewind <cell>"
 * or "undo"), `stepBack(args, cell, illegal)`, `blocked(i, j)` (its extra legality) and
 * extra state JSON (override toJSON).
 */
export class PathGame {
  static BACK = "rewind";
  static BACK_ARG = " <cell>";

  constructor(board) {
    this.board = board;
    this.path = [];             // cell indices in step order
    this.pos = new Map();       // cell index → step (1-based)
    this.revealed = new Map();  // cell index → step, added by 补数字 (kept by reset)
    this.onMove = null;         // (move string) => void: every move made, for the timed log
  }

  note(move) { this.onMove?.(move); }

  get end() { return this.path.length ? this.path[this.path.length - 1] : null; }
  has(cell) { return this.pos.has(cell); }

  legalStarts() {
    const one = this.board.stepCell.get(1);
    return one !== undefined ? [one] : [...Array(this.board.n).keys()];
  }

  canStart(cell) { return this.path.length === 0 && this.legalStarts().includes(cell); }

  /** Cell → step for the clues and the revealed numbers together. */
  known() {
    const out = new Map(this.board.clue);
    for (const [c, s] of this.revealed) out.set(c, s);
    return out;
  }

  numberOn(cell) {
    const c = this.board.clue.get(cell);
    return c !== undefined ? c : this.revealed.get(cell);
  }

  cellForStep(step) {
    const c = this.board.stepCell.get(step);
    if (c !== undefined) return c;
    for (const [cell, s] of this.revealed) if (s === step) return cell;
    return undefined;
  }

  /** Conflicts of one visited cell at step k, in the engine's order. */
  conflictsAt(cell, k) {
    const out = [];
    const id = this.board.ids[cell];
    const num = this.numberOn(cell);
    if (num !== undefined && num !== k) out.push({ cell: id, step: k, code: "clue-step", clue: num });
    const owner = this.cellForStep(k);
    if (owner !== undefined && owner !== cell) out.push({ cell: id, step: k, code: "step-elsewhere", clue: k });
    const p = this.board.parity.get(cell);
    if (p !== undefined && (k & 1) !== p) out.push({ cell: id, step: k, code: "parity", parity: p ? "odd" : "even" });
    return out;
  }

  /** Why the path may not step from i to its neighbour j now (the mode's own rules), or null. */
  blocked(_i, _j) { return null; }

  /** Why cell j cannot be added now, or null when it can (the engine's wording). */
  whyNot(j) {
    const b = this.board;
    if (!this.path.length) return "the path has not started: no path yet (start first)";
    if (this.pos.has(j)) return `cell ${b.ids[j]} is already on the path`;
    const i = this.end;
    if (!b.adjSet[i].has(j)) return `cell ${b.ids[j]} is not next to the end ${b.ids[i]} (not adjacent)`;
    return this.blocked(i, j);
  }

  canAdd(cell) { return this.whyNot(cell) === null; }

  conflicts() {
    const out = [];
    this.path.forEach((cell, i) => { for (const c of this.conflictsAt(cell, i + 1)) out.push(c); });
    return out;
  }

  /**
   * The cells a conflict involves besides the stepped cell itself: the clue that owns the
   * step ("step-elsewhere": the player must see which 4 the red cell clashes with).
   */
  causes() {
    const out = new Set();
    for (const c of this.conflicts()) {
      if (c.code !== "step-elsewhere") continue;
      const owner = this.cellForStep(c.step);
      if (owner !== undefined) out.add(owner);
    }
    return out;
  }

  cleared() { return this.path.length === this.board.n && this.conflicts().length === 0; }

  deadEnd() {
    const end = this.end;
    if (end === null || this.cleared()) return false;
    return !this.board.adj[end].some((j) => this.canAdd(j));
  }

  // Direct operations (the input layer uses these; apply() parses strings into them).
  start(cell) { this.path = [cell]; this.pos = new Map([[cell, 1]]); this.note(`start ${this.board.ids[cell]}`); }
  add(cell) { this.path.push(cell); this.pos.set(cell, this.path.length); this.note(`add ${this.board.ids[cell]}`); }
  reset() { this.path = []; this.pos = new Map(); this.note("reset"); }
  rewind(cell) {
    this.note(`rewind ${this.board.ids[cell]}`);
    const k = this.pos.get(cell);
    for (const c of this.path.splice(k)) this.pos.delete(c);
  }

  /** The mode's move back (`static BACK`); here `rewind <cell>`: keep the cell, drop the rest. */
  stepBack(args, cell, illegal) {
    if (args.length !== 1) throw illegal(`unknown move: ${pyRepr(this.constructor.BACK)} takes one cell id`);
    const i = cell(args[0]);
    if (!this.pos.has(i)) throw illegal(`cell ${args[0]} is not on the path`);
    this.rewind(i);
  }

  /** Apply one move string; IllegalMove names the move index and why (like the engine). */
  apply(move, index = 0) {
    const { verb, args, illegal } = parseMove(move, index);
    const b = this.board;
    const { BACK, BACK_ARG } = this.constructor;
    const cell = (arg) => {
      const i = b.index.get(arg);
      if (i === undefined) throw illegal(`no cell ${pyRepr(arg)}`);
      return i;
    };
    const oneCell = () => {
      if (args.length !== 1) throw illegal(`unknown move: ${pyRepr(verb)} takes one cell id`);
      return cell(args[0]);
    };
    if (verb === "start") {
      const j = oneCell();
      if (this.path.length) throw illegal(`the path has already started (${BACK} or reset first)`);
      if (!this.legalStarts().includes(j)) throw illegal(`the path must start on the cell numbered 1: the clue-1 cell ${b.ids[b.stepCell.get(1)]}`);
      this.start(j);
    } else if (verb === "add") {
      const j = oneCell();
      const why = this.whyNot(j);
      if (why) throw illegal(why);
      this.add(j);
    } else if (verb === BACK) {
      this.stepBack(args, cell, illegal);
    } else if (verb === "reset") {
      if (args.length) throw illegal("unknown move: 'reset' takes no argument");
      this.reset();
    } else if (verb === "reveal") {
      if (args.length !== 2) throw illegal("unknown move: 'reveal' takes a cell id and a step");
      const j = cell(args[0]);
      if (!/^[0-9]+$/.test(args[1])) throw illegal(`step ${pyRepr(args[1])} is not a number`);
      const step = Number(args[1]);
      if (step < 1 || step > b.n) throw illegal(`step ${step} is outside 1..${b.n}`);
      if (this.numberOn(j) !== undefined) throw illegal(`cell ${args[0]} already shows a number`);
      const owner = this.cellForStep(step);
      if (owner !== undefined) throw illegal(`step ${step} is already given: already shown on ${b.ids[owner]}`);
      this.revealed.set(j, step);
      this.note(move);
    } else {
      throw illegal(`unknown move ${pyRepr(verb)} (start <cell>, add <cell>, ${BACK}${BACK_ARG}, reset, reveal <cell> <step>)`);
    }
  }

  /** The move strings that rebuild this position (reveals first, then the path). */
  moves() {
    const ids = this.board.ids;
    const out = [...this.revealed].map(([c, s]) => `reveal ${ids[c]} ${s}`);
    this.path.forEach((c, i) => out.push(i === 0 ? `start ${ids[c]}` : `add ${ids[c]}`));
    return out;
  }

  toJSON() {
    const ids = this.board.ids;
    const steps = {};
    this.path.forEach((c, i) => { steps[ids[c]] = i + 1; });
    const revealed = {};
    for (const [c, s] of this.revealed) revealed[ids[c]] = s;
    const end = this.end;
    return {
      path: this.path.map((c) => ids[c]),
      steps,
      revealed,
      conflicts: this.conflicts(),
      end: end === null ? null : ids[end],
      deadEnd: this.deadEnd(),
      remaining: this.board.n - this.path.length,
      cleared: this.cleared(),
    };
  }
}

/** `replay(viewOrBoard, moves)`: the state the moves reach from the empty position (throws IllegalMove). */
export function replayWith(makeBoard, Game) {
  return (viewOrBoard, moves) => {
    const board = viewOrBoard.ids ? viewOrBoard : makeBoard(viewOrBoard);
    if (!Array.isArray(moves)) throw new IllegalMove("moves must be a list of move strings");
    const g = new Game(board);
    moves.forEach((m, i) => g.apply(m, i));
    return g.toJSON();
  };
}

// ---- offline hints (puzzlesmith.paths.hints, which both path modes use) ----
// Used only when the server is unreachable; tests/js checks them against the engines.

/** How many first steps of the path agree with the solution. */
export function correctPrefix(solution, game) {
  const ids = game.board.ids;
  let p = 0;
  for (; p < game.path.length && p < solution.length; p++) if (ids[game.path[p]] !== solution[p]) break;
  return p;
}

/** {kind: "reveal", cell, step} or {kind: "reveal", cell: null}. */
export function reveal(solution, game) {
  const n = game.board.n;
  const known = new Set([...game.board.stepCell.keys(), ...game.revealed.values()]);
  const p = correctPrefix(solution, game);
  for (let k = 1; k <= p; k++) known.add(k);
  const fences = [...known, 0, n + 1].sort((a, b) => a - b);
  let best = null;
  for (let i = 0; i + 1 < fences.length; i++) {
    const a = fences[i], b = fences[i + 1];
    const width = b - a - 1;
    if (width <= 0) continue;
    if (best === null || width > best[0]) best = [width, Math.floor((a + b) / 2)];
  }
  if (best === null) return { kind: "reveal", cell: null };
  return { kind: "reveal", cell: solution[best[1] - 1], step: best[1] };
}

/** {kind: "guide", action: start|next|rewind|restart|done, cell}. */
export function guide(solution, game) {
  const b = game.board;
  if (!game.path.length) {   // a 1 on screen already says where to start: its first step
    const one = b.stepCell.get(1);
    if (one !== undefined && solution.length > 1) return { kind: "guide", action: "next", cell: solution[1] };
    return { kind: "guide", action: "start", cell: one !== undefined ? b.ids[one] : solution[0] };
  }
  const p = correctPrefix(solution, game);
  if (p === game.path.length) {
    if (p >= solution.length) return { kind: "guide", action: "done", cell: null };
    return { kind: "guide", action: "next", cell: solution[p] };
  }
  if (p === 0) return { kind: "guide", action: "restart", cell: solution[0] };
  return { kind: "guide", action: "rewind", cell: solution[p - 1] };
}

/** 为什么 needs the server's logic engine: offline the screen says so. */
export function why() {
  return { kind: "why", verdict: "offline", cells: [], reads: [] };
}

// Number Stroke rules mirror: the same moves and the same state JSON as
// puzzlesmith.stroke.rules (Python stays the authority; tests/js checks the two agree
// on vectors the Python engine exports). Pure: no DOM.

export class IllegalMove extends Error {}

/** Index the view JSON: cell ids in file order, adjacency, clues, parity. */
export function makeBoard(view) {
  const ids = view.cells.map((c) => c.id);
  const index = new Map(ids.map((id, i) => [id, i]));
  const n = ids.length;
  const adj = ids.map((id) => (view.adjacency[id] || []).map((j) => index.get(j)));
  const adjSet = adj.map((a) => new Set(a));
  const clue = new Map();
  const stepCell = new Map();
  const parity = new Map();
  view.cells.forEach((c, i) => {
    if (c.clue != null) { clue.set(i, c.clue); stepCell.set(c.clue, i); }
    if (c.parity != null) parity.set(i, c.parity === "odd" ? 1 : 0);
  });
  return { ids, index, n, adj, adjSet, clue, stepCell, parity };
}

export class Game {
  constructor(board) {
    this.board = board;
    this.path = [];             // cell indices in step order
    this.pos = new Map();       // cell index → step (1-based)
    this.revealed = new Map();  // cell index → step, added by 补数字 (kept by reset)
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

  conflicts() {
    const out = [];
    this.path.forEach((cell, i) => { for (const c of this.conflictsAt(cell, i + 1)) out.push(c); });
    return out;
  }

  get end() { return this.path.length ? this.path[this.path.length - 1] : null; }
  has(cell) { return this.pos.has(cell); }

  cleared() { return this.path.length === this.board.n && this.conflicts().length === 0; }

  deadEnd() {
    const end = this.end;
    if (end === null || this.cleared()) return false;
    return !this.board.adj[end].some((j) => !this.pos.has(j));
  }

  legalStarts() {
    const one = this.board.stepCell.get(1);
    return one !== undefined ? [one] : [...Array(this.board.n).keys()];
  }

  canStart(cell) { return this.path.length === 0 && this.legalStarts().includes(cell); }
  canAdd(cell) {
    return this.path.length > 0 && !this.pos.has(cell) && this.board.adjSet[this.end].has(cell);
  }

  // Direct operations (the input layer uses these; apply() parses strings into them).
  start(cell) { this.path = [cell]; this.pos = new Map([[cell, 1]]); }
  add(cell) { this.path.push(cell); this.pos.set(cell, this.path.length); }
  rewind(cell) {
    const k = this.pos.get(cell);
    for (const c of this.path.splice(k)) this.pos.delete(c);
  }
  reset() { this.path = []; this.pos = new Map(); }

  /** Apply one move string; IllegalMove names the move index and why (like the engine). */
  apply(move, index = 0) {
    const illegal = (why) => new IllegalMove(`move ${index + 1} ${JSON.stringify(move)}: ${why}`);
    if (typeof move !== "string") throw illegal("a move must be a string");
    const [verb, ...args] = move.split(" ");
    const b = this.board;
    const cellArg = () => {
      if (args.length !== 1) throw illegal(`'${verb}' takes one cell id`);
      const i = b.index.get(args[0]);
      if (i === undefined) throw illegal(`no cell '${args[0]}'`);
      return i;
    };
    if (verb === "start") {
      const cell = cellArg();
      if (this.path.length) throw illegal("the path has already started (rewind or reset first)");
      if (!this.legalStarts().includes(cell)) throw illegal(`the path must start on the clue-1 cell ${b.ids[b.stepCell.get(1)]}`);
      this.start(cell);
    } else if (verb === "add") {
      const cell = cellArg();
      if (!this.path.length) throw illegal("no path yet (start first)");
      if (this.pos.has(cell)) throw illegal(`cell ${args[0]} is already on the path`);
      if (!b.adjSet[this.end].has(cell)) throw illegal(`cell ${args[0]} is not adjacent to the end ${b.ids[this.end]}`);
      this.add(cell);
    } else if (verb === "rewind") {
      const cell = cellArg();
      if (!this.pos.has(cell)) throw illegal(`cell ${args[0]} is not on the path`);
      this.rewind(cell);
    } else if (verb === "reset") {
      if (args.length) throw illegal("'reset' takes no argument");
      this.reset();
    } else if (verb === "reveal") {
      if (args.length !== 2) throw illegal("'reveal' takes a cell id and a step");
      const cell = b.index.get(args[0]);
      if (cell === undefined) throw illegal(`no cell '${args[0]}'`);
      if (!/^[0-9]+$/.test(args[1])) throw illegal(`step '${args[1]}' is not a number`);
      const step = Number(args[1]);
      if (step < 1 || step > b.n) throw illegal(`step ${step} is outside 1..${b.n}`);
      if (this.numberOn(cell) !== undefined) throw illegal(`cell ${args[0]} already shows a number`);
      if (this.cellForStep(step) !== undefined) throw illegal(`step ${step} is already given`);
      this.revealed.set(cell, step);
    } else {
      throw illegal(`unknown move '${verb}' (start, add, rewind, reset, reveal)`);
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

/** The state the moves reach from the empty position (throws IllegalMove). */
export function replay(viewOrBoard, moves) {
  const board = viewOrBoard.ids ? viewOrBoard : makeBoard(viewOrBoard);
  if (!Array.isArray(moves)) throw new IllegalMove("moves must be a list of move strings");
  const g = new Game(board);
  moves.forEach((m, i) => g.apply(m, i));
  return g.toJSON();
}

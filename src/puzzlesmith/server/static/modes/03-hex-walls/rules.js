// Hex Walls rules mirror: the same moves and the same state JSON as
// puzzlesmith.hexwalls.rules (Python stays the authority; tests/js checks the two agree
// on vectors the Python engine exports). Pure: no DOM.
//
// Turning walls: after k cells on the path every turner has turned k times, so the move
// k → k+1 is judged with turner t on view.turners[t].cycle[(start + k) % 3]; undo turns
// it back by construction.

import { IllegalMove, indexPathView, parseMove, PathGame, replayWith } from "../../kit/pathrules.js";

export { IllegalMove };

/** Python's repr() of a plain string, so error messages match the engine's word for word. */
export function pyRepr(s) {
  const body = s.replace(/\\/g, "\\\\");
  if (s.includes("'") && !s.includes('"')) return `"${body}"`;
  return `'${body.replace(/'/g, "\\'")}'`;
}

const key = (i, j) => (i < j ? `${i},${j}` : `${j},${i}`);

/** Index the view JSON: ids in file order, adjacency, clues, static walls, turner phases. */
export function makeBoard(view) {
  const { ids, index, n, adj, adjSet, clue, stepCell } = indexPathView(view);
  const walls = new Set((view.walls || []).map((w) => key(index.get(w.cells[0]), index.get(w.cells[1]))));
  const turners = view.turners || [];
  // blocked[p]: edges a turner stands on after k landings, k % 3 === p (on-board edges only)
  const blocked = [0, 1, 2].map((p) => {
    const s = new Set();
    for (const t of turners) {
      const e = t.cycle[(t.start + p) % 3];
      if (e.cells[0] != null && e.cells[1] != null) s.add(key(index.get(e.cells[0]), index.get(e.cells[1])));
    }
    return s;
  });
  return { ids, index, n, adj, adjSet, clue, stepCell, walls, turners, blocked, parity: new Map() };
}

/** May the path step i → j after k landings? */
export function isOpen(board, i, j, k) {
  if (!board.adjSet[i].has(j)) return false;
  const e = key(i, j);
  return !board.walls.has(e) && !board.blocked[k % 3].has(e);
}

/** The [[q, r], [q, r]] edge turner t stands on after k landings. */
export function turnerEdge(board, t, k) {
  const tt = board.turners[t];
  return tt.cycle[(tt.start + k) % 3].hexes;
}

export class Game extends PathGame {
  get k() { return this.path.length; }

  known() {
    const out = new Map(this.board.clue);
    for (const [c, s] of this.revealed) out.set(c, s);
    return out;
  }

  numberOn(cell) { return this.known().get(cell); }

  /** Why cell j cannot be added now, or null when it can (the engine's wording). */
  whyNot(j) {
    const b = this.board;
    if (!this.path.length) return "the path has not started";
    if (this.pos.has(j)) return `${b.ids[j]} is already on the path`;
    const i = this.end;
    if (!b.adjSet[i].has(j)) return `${b.ids[j]} is not next to the end ${b.ids[i]}`;
    if (!isOpen(b, i, j, this.k)) return `a wall blocks ${b.ids[i]} → ${b.ids[j]} after ${this.k} landing(s)`;
    return null;
  }

  canAdd(cell) { return this.whyNot(cell) === null; }

  conflictsAt(cell, step) {
    const out = [];
    const id = this.board.ids[cell];
    const known = this.known();
    const num = known.get(cell);
    if (num !== undefined && num !== step) out.push({ cell: id, step, code: "clue-step", clue: num });
    for (const [c, s] of known) {
      if (s === step && c !== cell) { out.push({ cell: id, step, code: "step-elsewhere", clue: step }); break; }
    }
    return out;
  }

  // Direct operations (the input layer uses these; apply() parses strings into them).
  undo() { const c = this.path.pop(); this.pos.delete(c); return c; }

  apply(move, index = 0) {
    const { verb, args, illegal } = parseMove(move, index, (m) => pyRepr(String(m)));
    const b = this.board;
    const cell = (arg) => {
      const i = b.index.get(arg);
      if (i === undefined) throw illegal(`no cell ${pyRepr(arg)}`);
      return i;
    };
    if (verb === "start" && args.length === 1) {
      const j = cell(args[0]);
      if (this.path.length) throw illegal("the path has already started (undo or reset first)");
      if (!this.legalStarts().includes(j)) throw illegal("the path must start on the cell numbered 1");
      this.start(j);
    } else if (verb === "add" && args.length === 1) {
      const j = cell(args[0]);
      const why = this.whyNot(j);
      if (why) throw illegal(why);
      this.add(j);
    } else if (verb === "undo" && args.length === 0) {
      if (!this.path.length) throw illegal("nothing to undo");
      this.undo();
    } else if (verb === "reset" && args.length === 0) {
      this.reset();
    } else if (verb === "reveal" && args.length === 2) {
      const j = cell(args[0]);
      if (!/^[0-9]+$/.test(args[1])) throw illegal(`step ${pyRepr(args[1])} is not a number`);
      const step = Number(args[1]);
      if (step < 1 || step > b.n) throw illegal(`step ${step} is outside 1..${b.n}`);
      const known = this.known();
      if (known.has(j)) throw illegal(`${b.ids[j]} already shows a number`);
      if ([...known.values()].includes(step)) throw illegal(`step ${step} is already shown`);
      this.revealed.set(j, step);
    } else {
      throw illegal("unknown move (start/add <cell>, undo, reset, reveal <cell> <step>)");
    }
  }

  toJSON() {
    const b = this.board;
    return {
      ...super.toJSON(),
      turns: this.k,
      turners: b.turners.map((t, i) => ({ pivot: t.pivot, edge: turnerEdge(b, i, this.k) })),
    };
  }
}

/** The state the moves reach from the empty position (throws IllegalMove). */
export const replay = replayWith(makeBoard, Game);

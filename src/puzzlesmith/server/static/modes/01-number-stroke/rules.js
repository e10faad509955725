// Number Stroke rules mirror: the same moves and the same state JSON as
// puzzlesmith.stroke.rules (Python stays the authority; tests/js checks the two agree
// on vectors the Python engine exports). Pure: no DOM.

import { IllegalMove, indexPathView, parseMove, PathGame, replayWith } from "../../kit/pathrules.js";

export { IllegalMove };

/** Index the view JSON: cell ids in file order, adjacency, clues, parity. */
export function makeBoard(view) {
  const parity = new Map();
  view.cells.forEach((c, i) => {
    if (c.parity != null) parity.set(i, c.parity === "odd" ? 1 : 0);
  });
  return { ...indexPathView(view), parity };
}

export class Game extends PathGame {
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

  canAdd(cell) {
    return this.path.length > 0 && !this.pos.has(cell) && this.board.adjSet[this.end].has(cell);
  }

  rewind(cell) {
    const k = this.pos.get(cell);
    for (const c of this.path.splice(k)) this.pos.delete(c);
  }

  /** Apply one move string; IllegalMove names the move index and why (like the engine). */
  apply(move, index = 0) {
    const { verb, args, illegal } = parseMove(move, index, JSON.stringify);
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
}

/** The state the moves reach from the empty position (throws IllegalMove). */
export const replay = replayWith(makeBoard, Game);

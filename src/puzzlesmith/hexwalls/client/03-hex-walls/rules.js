// Hex Walls rules mirror: the same moves and the same state JSON as
// puzzlesmith.hexwalls.rules (Python stays the authority; tests/js checks the two agree
// on vectors the Python engine exports). Pure: no DOM.
//
// Turning walls: after k cells on the path every turner has turned k times, so the move
// k → k+1 is judged with turner t on view.turners[t].cycle[(start + k) % 3]; undo turns
// it back by construction.

import { IllegalMove, indexPathView, PathGame, replayWith } from "../../kit/pathrules.js";

export { IllegalMove };

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

/** A Hex Walls position: the kit's PathGame, stepping back with `undo`, judged by the walls. */
export class Game extends PathGame {
  static BACK = "undo";
  static BACK_ARG = "";

  get k() { return this.path.length; }

  blocked(i, j) {
    const b = this.board;
    if (!isOpen(b, i, j, this.k)) return `a wall blocks ${b.ids[i]} → ${b.ids[j]} after ${this.k} landing(s)`;
    return null;
  }

  // Direct operations (the input layer uses these; apply() parses strings into them).
  undo() { const c = this.path.pop(); this.pos.delete(c); this.note("undo"); return c; }

  stepBack(args, _cell, illegal) {
    if (args.length) throw illegal("unknown move: 'undo' takes no argument");
    if (!this.path.length) throw illegal("nothing to undo");
    this.undo();
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

// Number Stroke rules mirror: the same moves and the same state JSON as
// puzzlesmith.stroke.rules (Python stays the authority; tests/js checks the two agree
// on vectors the Python engine exports). The moves, conflicts and state JSON are the
// kit's (kit/pathrules.js); what is Number Stroke's own is the parity clues. Pure: no DOM.

import { IllegalMove, indexPathView, PathGame, replayWith } from "../../kit/pathrules.js";

export { IllegalMove };

/** Index the view JSON: cell ids in file order, adjacency, clues, parity. */
export function makeBoard(view) {
  const parity = new Map();
  view.cells.forEach((c, i) => {
    if (c.parity != null) parity.set(i, c.parity === "odd" ? 1 : 0);
  });
  return { ...indexPathView(view), parity };
}

/** A Number Stroke position: the kit's PathGame as is (the path steps back with `rewind <cell>`). */
export class Game extends PathGame {}

/** The state the moves reach from the empty position (throws IllegalMove). */
export const replay = replayWith(makeBoard, Game);

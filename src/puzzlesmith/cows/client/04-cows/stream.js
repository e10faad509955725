// How a Cows position looks on a stream board (stream/board.js loads this file by mode
// id): a cow on each cow cell, and the cells of every broken rule.

/** Each move is one tap on a cell (no drag). */
export const drag = false;

/** Draw `position` (the server's state JSON) with the board's pen (stream/board.js). */
export function drawPosition(pen, position) {
  for (const cell of position.cows ?? []) pen.piece(cell, "🐮");
  for (const c of position.conflicts ?? []) for (const cell of c.cells ?? []) pen.conflict(cell);
}

// How a Switches position looks on a stream board (stream/board.js loads this file by
// mode id): a lamp glyph on each lit lamp. Served from this package's client/ folder.

/** Each move is one press on a lamp (no drag). */
export const drag = false;

/** Draw `position` (the server's state JSON) with the board's pen (stream/board.js). */
export function drawPosition(pen, position) {
  for (const cell of position.lit ?? []) pen.piece(cell, "💡");
}

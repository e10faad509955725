// How a Number Stroke position looks on a stream board (stream/board.js loads this file
// by mode id): the path with its step numbers, and the cells whose clue it breaks.

/** The host plays by drawing the path in one drag (else a tap per move). */
export const drag = true;

/** Draw `position` (the server's state JSON) with the board's pen (stream/board.js). */
export function drawPosition(pen, position) {
  pen.path(position.path ?? []);
  for (const c of position.conflicts ?? []) pen.conflict(c.cell);
}

// How a Hex Walls position looks on a stream board (stream/board.js loads this file by
// mode id): each turning wall where it stands now, the path, and the broken clues.

/** The host plays by drawing the path in one drag (else a tap per move). */
export const drag = true;

/** An edge [[q, r], [q, r]] as the server picture's data-edge text "q,r|q,r". */
function edgeKey(edge) {
  return Array.isArray(edge) ? edge.map((h) => (Array.isArray(h) ? h.join(",") : "")).join("|") : "";
}

/** Draw `position` with the board's pen. The server's picture shows each turner on its
 *  start edge: the line of the edge it stands on now is lit, the others dimmed. */
export function drawPosition(pen, position) {
  const now = new Map((position.turners ?? []).map((t, k) => [String(k), edgeKey(t.edge)]));
  for (const line of pen.svg.querySelectorAll("line[data-turner]")) {
    const on = now.get(line.dataset.turner) === line.dataset.edge;
    line.classList.toggle("st-turn-on", on);
    line.classList.toggle("st-turn-off", !on);
  }
  pen.path(position.path ?? []);
  for (const c of position.conflicts ?? []) pen.conflict(c.cell);
}

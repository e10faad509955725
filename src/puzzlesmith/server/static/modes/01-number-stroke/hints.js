// Offline copies of the two hints (puzzlesmith.stroke.hints), used when the server is
// unreachable; tests/js checks them against the engine's answers.

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
  if (!game.path.length) {
    const one = b.stepCell.get(1);
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

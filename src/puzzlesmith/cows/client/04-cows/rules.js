// Cows rules mirror: a pure copy of puzzlesmith.cows.rules (move strings, replay, conflicts),
// so the screen can react at once. Python stays the authority: tests/js/cows-rules.test.mjs
// checks this file against vectors the engine exports. No DOM here.

export const EMPTY = 0, MARK = 1, COW = 2;
const SYMBOLS = ".xC";
const VERBS = ["cow", "mark", "clear", "auto"];
const INT = /^[0-9]{1,3}$/;

export class IllegalMove extends Error {}

/** Board geometry from the level view: size, region per cell, the cells each cow rules out. */
export function makeBoard(view) {
  const n = view.size;
  const regionOf = view.regionOf;
  const attack = [];
  for (let i = 0; i < n * n; i++) {
    const r = Math.floor(i / n), c = i % n, g = regionOf[i];
    const out = [];
    for (let j = 0; j < n * n; j++) {
      if (j === i) continue;
      const rr = Math.floor(j / n), cc = j % n;
      if (rr === r || cc === c || regionOf[j] === g || (Math.abs(rr - r) <= 1 && Math.abs(cc - c) <= 1)) out.push(j);
    }
    attack.push(out);
  }
  const regionCells = view.letters.map(() => []);
  regionOf.forEach((g, i) => regionCells[g].push(i));
  return { n, regionOf, letters: view.letters, attack, regionCells };
}

/** A cell's id, 1-based as people (and chat votes) name it: row 1 column 3 is `r1c3`. */
export const cellId = (b, i) => `r${Math.floor(i / b.n) + 1}c${(i % b.n) + 1}`;

/** A move string → [verb, cells]; throws IllegalMove with the engine's message. */
export function parseMove(b, move, k = 0) {
  if (typeof move !== "string") throw new IllegalMove(`move ${k + 1}: must be a string`);
  const label = `move ${k + 1} "${move}"`;
  const parts = move.split(" ");
  if (!VERBS.includes(parts[0])) throw new IllegalMove(`${label}: unknown verb (expected one of ${VERBS.join(", ")})`);
  const verb = parts[0], nums = parts.slice(1);
  const single = verb === "cow" || verb === "auto";
  if (!nums.length || nums.length % 2 || (single && nums.length !== 2)) {
    throw new IllegalMove(`${label}: expected '${verb} r c'${single ? "" : " [r c ...]"}`);
  }
  const cells = [];
  for (let j = 0; j < nums.length; j += 2) {
    if (!INT.test(nums[j]) || !INT.test(nums[j + 1])) throw new IllegalMove(`${label}: row and column must be whole numbers`);
    const r = Number(nums[j]), c = Number(nums[j + 1]);
    if (r >= b.n || c >= b.n) throw new IllegalMove(`${label}: cell (${r}, ${c}) is off the board`);
    cells.push(r * b.n + c);
  }
  return [verb, cells];
}

/** The empty cells a cow on i rules out (what "auto" crosses out). */
export function autoMarks(b, state, i) {
  return b.attack[i].filter((j) => state[j] === EMPTY);
}

/** Apply one move to a state array in place. */
export function apply(b, state, move, k = 0) {
  const [verb, cells] = parseMove(b, move, k);
  if (verb === "cow") state[cells[0]] = COW;
  else if (verb === "mark") for (const i of cells) state[i] = MARK;
  else if (verb === "clear") for (const i of cells) state[i] = EMPTY;
  else {
    const i = cells[0];
    if (state[i] !== COW) throw new IllegalMove(`move ${k + 1} "${move}": no cow on that cell to expand`);
    for (const j of autoMarks(b, state, i)) state[j] = MARK;
  }
  return state;
}

export function applyMoves(b, moves) {
  const state = new Array(b.n * b.n).fill(EMPTY);
  moves.forEach((m, k) => apply(b, state, m, k));
  return state;
}

/** Every broken rule among the cows, in the engine's order, naming the cells. */
export function conflicts(b, cows) {
  const n = b.n;
  const out = [];
  const kinds = [
    [(i) => Math.floor(i / n), "cows-same-row", "row", (g) => String(g + 1)],
    [(i) => i % n, "cows-same-column", "column", (g) => String(g + 1)],
    [(i) => b.regionOf[i], "cows-same-region", "region", (g) => b.letters[g]],
  ];
  for (const [key, code, label, name] of kinds) {
    const groups = new Map();
    for (const i of cows) {
      const g = key(i);
      if (!groups.has(g)) groups.set(g, []);
      groups.get(g).push(i);
    }
    for (const g of [...groups.keys()].sort((a, z) => a - z)) {
      const cells = groups.get(g);
      if (cells.length > 1) {
        out.push({ code, where: `${label} ${name(g)}`, cells: [...cells].sort((a, z) => a - z).map((i) => cellId(b, i)) });
      }
    }
  }
  const cs = [...cows].sort((a, z) => a - z);
  for (let x = 0; x < cs.length; x++) {
    for (let y = x + 1; y < cs.length; y++) {
      const a = cs[x], z = cs[y];
      if (Math.abs(Math.floor(a / n) - Math.floor(z / n)) <= 1 && Math.abs((a % n) - (z % n)) <= 1) {
        out.push({ code: "cows-touch", where: cellId(b, a), cells: [cellId(b, a), cellId(b, z)] });
      }
    }
  }
  return out;
}

/** The position as the engine's replay reports it. */
export function stateJSON(b, state) {
  const n = b.n;
  const cows = [];
  state.forEach((s, i) => { if (s === COW) cows.push(i); });
  const probs = conflicts(b, cows);
  const grid = [];
  for (let r = 0; r < n; r++) {
    let row = "";
    for (let c = 0; c < n; c++) row += SYMBOLS[state[r * n + c]];
    grid.push(row);
  }
  return { size: n, grid, cows: cows.map((i) => cellId(b, i)), conflicts: probs, cleared: cows.length === n && probs.length === 0 };
}

export function replay(b, moves) {
  return stateJSON(b, applyMoves(b, moves));
}

/** Offline hint when the server is gone: point out a mistake, or reveal one cow of the baked solution. */
export function offlineHint(b, solution, moves) {
  const state = applyMoves(b, moves);
  const cows = [];
  state.forEach((s, i) => { if (s === COW) cows.push(i); });
  const probs = conflicts(b, cows);
  if (probs.length) return { kind: "mistake", code: probs[0].code, cells: probs[0].cells, because: probs[0].cells };
  const sol = new Set((solution || []).map((c, r) => r * b.n + c));
  const wrongCow = cows.find((i) => !sol.has(i));
  if (wrongCow !== undefined) return { kind: "mistake", code: "cow-wrong", cells: [cellId(b, wrongCow)], because: [cellId(b, wrongCow)] };
  const wrongMark = state.findIndex((s, i) => s === MARK && sol.has(i));
  if (wrongMark >= 0) return { kind: "mistake", code: "mark-wrong", cells: [cellId(b, wrongMark)], because: [cellId(b, wrongMark)] };
  const next = [...sol].sort((a, z) => a - z).find((i) => state[i] !== COW);
  if (next === undefined) return { kind: "solved", cells: [], because: [] };
  return { kind: "reveal", cells: [cellId(b, next)], place: [cellId(b, next)], because: [] };
}

// Cows level codes: the board size and its region borders (mirror of puzzlesmith/cows/code.py).
// Regions come back lettered A, B, C... in reading order of their first cell.
import { CodeError } from "../../shell/codes.js";

const MIN_SIZE = 4, SIZE_BITS = 5;
const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function pairs(n) {
  const out = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < n - 1; c++) out.push([r * n + c, r * n + c + 1]);
  for (let r = 0; r < n - 1; r++) for (let c = 0; c < n; c++) out.push([r * n + c, (r + 1) * n + c]);
  return out;
}

export const codec = {
  tag: "C",
  version: 0,
  name: "cows",
  modeId: "04-cows",
  write(level, out) {
    const rows = level.regions, n = rows.length, flat = rows.join("");
    out.uint(n - MIN_SIZE, SIZE_BITS);
    for (const [a, b] of pairs(n)) out.flag(flat[a] !== flat[b]);
  },
  read(bits) {
    const n = bits.uint(SIZE_BITS, "board size") + MIN_SIZE;
    const border = Array.from({ length: 2 * n * (n - 1) }, () => bits.flag("region borders"));
    const parent = Array.from({ length: n * n }, (_, i) => i);
    const root = (i) => { while (parent[i] !== i) { parent[i] = parent[parent[i]]; i = parent[i]; } return i; };
    const ps = pairs(n);
    ps.forEach(([a, b], k) => { if (!border[k]) parent[root(a)] = root(b); });
    ps.forEach(([a, b], k) => {
      if (border[k] && root(a) === root(b)) {
        const r = Math.floor(a / n), c = a % n;
        throw new CodeError(`level code (cows board): a border at row ${r + 1} column ${c + 1} runs inside one region`);
      }
    });
    const letter = new Map();
    for (let i = 0; i < n * n; i++) {
      if (!letter.has(root(i))) {
        if (letter.size === LETTERS.length) throw new CodeError(`level code (cows board): more than ${LETTERS.length} regions`);
        letter.set(root(i), LETTERS[letter.size]);
      }
    }
    const regions = [];
    for (let r = 0; r < n; r++) {
      let row = "";
      for (let c = 0; c < n; c++) row += letter.get(root(r * n + c));
      regions.push(row);
    }
    return { regions };
  },
};

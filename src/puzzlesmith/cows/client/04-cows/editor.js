// Cows' board editor: choose N (5–12), paint regions with a letter's colour; every cell
// shows its region's letter. The colours are the play screen's (cows/palette.py: touching
// regions far apart, checked under colour blindness), sent with each live check; until the
// first answer (and for a letter new since the last one) a region is plain grey.
import { svgEl } from "../../kit/playkit.js";
import { button, el } from "../../shell/dom.js";
import { isLevelFrame, label } from "../../editor/common.js";

const MIN_N = 5, MAX_N = 12;
const LETTERS = "ABCDEFGHIJKL";
/** N rows, each its own region: a start with many answers. */
export function blank(n = 5) {
  return { id: "draft", regions: Array.from({ length: n }, (_, r) => LETTERS[r].repeat(n)) };
}

/** The painted board at size n: what fits is kept; a new column repeats its row's last
 *  letter and a new row is a region of its own letter (the board is never wiped). */
export function resized(regions, n) {
  return Array.from({ length: n }, (_, r) => {
    const row = regions[r];
    if (row === undefined) return LETTERS[r].repeat(n);
    return row.length >= n ? row.slice(0, n) : row + row[row.length - 1].repeat(n - row.length);
  });
}

/** Whether a stored draft has the shape this editor draws (editor.js drops it otherwise):
 *  a square of region letters, at most the server's 20 rows (an import may exceed MAX_N). */
export function isDraft(level) {
  const rows = isLevelFrame(level) ? level.regions : null;
  return Array.isArray(rows) && rows.length >= 1 && rows.length <= 20
    && rows.every((row) => typeof row === "string" && row.length === rows.length && /^[A-Za-z]+$/.test(row));
}

export class BoardEditor {
  constructor(frame) {
    this.f = frame;
    this.known = new Map();    // letter → colour from the latest check
    this.words = "cw.ed";   // its own words: cw.ed.tool.paint, cw.ed.size, cw.ed.noSuggestion
    this.tools = ["paint"];
    // 给点建议 asks the server for region edits (cows/design.py, as `cows design --suggest`)
    this.canSuggest = true;
    this.letter = "A";
  }

  n() { return this.f.level.regions?.length ?? 5; }

  /** The latest check's colours (kept while the next check runs). */
  colours() {
    const sent = this.f.result?.extras?.colours;
    if (sent) this.known = new Map(Object.entries(sent));
    return this.known;
  }

  blankLike() { return blank(this.n()); }

  /** The level a suggestion leads to: its edited regions (what 采用 commits). */
  adopt(s) { return { ...this.f.level, regions: [...s.regions] }; }

  cellAt([x, y]) {
    const n = this.n(), c = Math.floor(x), r = Math.floor(y);
    return r >= 0 && c >= 0 && r < n && c < n ? [r, c] : null;
  }

  down(p) { this.last = null; return this.move(p); }

  move(p) {
    const rc = this.cellAt(p);
    if (!rc || `${rc}` === this.last) return null;
    this.last = `${rc}`;
    const [r, c] = rc;
    const regions = [...this.f.level.regions];
    if (regions[r][c] === this.letter) return null;
    regions[r] = regions[r].slice(0, c) + this.letter + regions[r].slice(c + 1);
    return { ...this.f.level, regions };
  }

  key(key) {
    const l = key.toUpperCase();
    if (LETTERS.slice(0, this.n()).includes(l) && l.length === 1) { this.letter = l; this.f.setTool("paint"); }
  }

  controls() {
    const t = this.f.t;
    const size = el("div", "ed-stepper");
    const shown = el("span", "", `${t("cw.ed.size")} ${this.n()}`);
    const step = (d, name, text) => button("ed-btn small", text, { act: name }, () => {
      const n = Math.min(MAX_N, Math.max(MIN_N, this.n() + d));
      if (n === this.n()) return;
      if (this.letter >= LETTERS[n]) this.letter = "A";
      this.f.commit({ ...this.f.level, regions: resized(this.f.level.regions, n) });
      this.f.setTool("paint");
    });
    size.append(step(-1, "size-down", "−"), shown, step(1, "size-up", "+"));
    const swatches = el("div", "ed-extra");
    const colours = this.colours();
    for (const l of LETTERS.slice(0, this.n())) {
      const b = button("ed-swatch", l, { letter: l }, () => { this.letter = l; this.f.setTool("paint"); });
      b.style.background = colours.get(l) ?? "var(--soft)";
      b.setAttribute("aria-pressed", String(l === this.letter));
      swatches.append(b);
    }
    return [size, swatches];
  }

  draw(svg, hl) {
    const { regions } = this.f.level;
    const n = regions.length;
    svg.setAttribute("viewBox", `-0.05 -0.05 ${n + 0.1} ${n + 0.1}`);
    svg.replaceChildren();
    const colours = this.colours();
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const id = `r${r + 1}c${c + 1}`;   // 1-based, as the checks and messages name it
        const l = regions[r][c];
        svgEl("rect", { x: c, y: r, width: 1, height: 1, fill: colours.get(l) ?? "var(--soft)", "data-cell": id, class: "ed-cow" }, svg);
        if (hl.problem.has(id) || hl.differ.has(id)) {
          svgEl("rect", { x: c + 0.12, y: r + 0.12, width: 0.76, height: 0.76, rx: 0.12, fill: "none", stroke: hl.problem.has(id) ? "#E5484D" : "#B7791F", "stroke-width": 0.1, "data-mark": id }, svg);
        }
        label(svg, c + 0.5, r + 0.52, l, 0.38, "ed-label ed-parity");
      }
    }
    const edge = (x1, y1, x2, y2) => svgEl("line", { x1, y1, x2, y2, class: "ed-region-edge" }, svg);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        if (c + 1 < n && regions[r][c] !== regions[r][c + 1]) edge(c + 1, r, c + 1, r + 1);
        if (r + 1 < n && regions[r][c] !== regions[r + 1][c]) edge(c, r + 1, c + 1, r + 1);
      }
    }
    svgEl("rect", { x: 0, y: 0, width: n, height: n, fill: "none", class: "ed-region-edge" }, svg);
    // the swatches follow the colours as regions change
    for (const b of this.f.els?.extra.querySelectorAll(".ed-swatch") ?? []) {
      b.style.background = colours.get(b.dataset.letter) ?? "var(--soft)";
      b.setAttribute("aria-pressed", String(b.dataset.letter === this.letter));
    }
  }
}

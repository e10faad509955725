// Cows' board editor: choose N (5–12), paint regions with a letter's colour; neighbouring
// regions always get colours far apart, and every cell shows its region's letter.
import { svgEl } from "../kit/playkit.js";
import { label } from "./common.js";

export const strings = {
  zh: { "ed.tool.paint": "涂区域", "ed.size": "边长 N" },
  en: { "ed.tool.paint": "Paint regions", "ed.size": "Size N" },
};

const MIN_N = 5, MAX_N = 12;
const LETTERS = "ABCDEFGHIJKL";
/** Twelve region colours in hue order; neighbours are given ones far apart in this ring. */
const PALETTE = ["#F28B82", "#FBBC04", "#FFF475", "#CCFF90", "#A7FFEB", "#CBF0F8",
  "#AECBFA", "#D7AEFB", "#FDCFE8", "#E6C9A8", "#B8E0B0", "#C8C8D8"];

/** N rows, each its own region: a start with many answers. */
export function blank(n = 5) {
  return { id: "draft", regions: Array.from({ length: n }, (_, r) => LETTERS[r].repeat(n)) };
}

/** Letter → colour: greedy over regions by number of neighbours, each taking the free
 *  palette colour farthest (round the hue ring) from its coloured neighbours'. */
export function regionColours(regions) {
  const n = regions.length;
  const adj = new Map();
  const add = (a, b) => {
    if (a === b) return;
    if (!adj.has(a)) adj.set(a, new Set());
    if (!adj.has(b)) adj.set(b, new Set());
    adj.get(a).add(b);
    adj.get(b).add(a);
  };
  const letters = new Set();
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < regions[r].length; c++) {
      const a = regions[r][c];
      letters.add(a);
      if (c + 1 < regions[r].length) add(a, regions[r][c + 1]);
      if (r + 1 < n && c < regions[r + 1].length) add(a, regions[r + 1][c]);
    }
  }
  const order = [...letters].sort((a, b) => (adj.get(b)?.size ?? 0) - (adj.get(a)?.size ?? 0) || a.localeCompare(b));
  const colour = new Map();
  const ring = PALETTE.length;
  for (const l of order) {
    const taken = new Set(colour.values());
    const near = [...(adj.get(l) ?? [])].filter((m) => colour.has(m)).map((m) => colour.get(m));
    let best = -1, score = -1;
    for (let i = 0; i < ring; i++) {
      if (taken.has(i) && taken.size < ring) continue;
      const s = near.length ? Math.min(...near.map((j) => Math.min((i - j + ring) % ring, (j - i + ring) % ring))) : ring;
      if (s > score) { score = s; best = i; }
    }
    colour.set(l, best);
  }
  return new Map([...colour].map(([l, i]) => [l, PALETTE[i]]));
}

export class BoardEditor {
  constructor(frame) {
    this.f = frame;
    this.tools = ["paint"];
    this.canSuggest = false;   // the yellow cells are what keeps it ambiguous
    this.letter = "A";
  }

  n() { return this.f.level.regions?.length ?? 5; }

  blankLike() { return blank(this.n()); }

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
    const size = document.createElement("div");
    size.className = "ed-stepper";
    const shown = document.createElement("span");
    shown.textContent = `${t("ed.size")} ${this.n()}`;
    const step = (d, name, text) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "ed-btn small";
      b.dataset.act = name;
      b.textContent = text;
      b.onclick = () => {
        const n = Math.min(MAX_N, Math.max(MIN_N, this.n() + d));
        if (n === this.n()) return;
        if (this.letter >= LETTERS[n]) this.letter = "A";
        this.f.commit(blank(n));
        this.f.setTool("paint");
      };
      return b;
    };
    size.append(step(-1, "size-down", "−"), shown, step(1, "size-up", "+"));
    const swatches = document.createElement("div");
    swatches.className = "ed-extra";
    const colours = regionColours(this.f.level.regions);
    for (const l of LETTERS.slice(0, this.n())) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "ed-swatch";
      b.dataset.letter = l;
      b.textContent = l;
      b.style.background = colours.get(l) ?? "var(--soft)";
      b.setAttribute("aria-pressed", String(l === this.letter));
      b.onclick = () => { this.letter = l; this.f.setTool("paint"); };
      swatches.append(b);
    }
    return [size, swatches];
  }

  draw(svg, hl) {
    const { regions } = this.f.level;
    const n = regions.length;
    svg.setAttribute("viewBox", `-0.05 -0.05 ${n + 0.1} ${n + 0.1}`);
    svg.replaceChildren();
    const colours = regionColours(regions);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const id = `r${r}c${c}`;
        const l = regions[r][c];
        svgEl("rect", { x: c, y: r, width: 1, height: 1, fill: colours.get(l) ?? "#eee", "data-cell": id, class: "ed-cow" }, svg);
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

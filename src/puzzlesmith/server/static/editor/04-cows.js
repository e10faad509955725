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
/** Twelve region colours in hue order; neighbours are given ones far apart in this ring.
 *  (w-ux's colour-vision-checked Cows palette replaces this list when it lands.) */
export const PALETTE = ["#F28B82", "#FBBC04", "#FFF475", "#CCFF90", "#A7FFEB", "#CBF0F8",
  "#AECBFA", "#D7AEFB", "#FDCFE8", "#E6C9A8", "#B8E0B0", "#C8C8D8"];

/** N rows, each its own region: a start with many answers. */
export function blank(n = 5) {
  return { id: "draft", regions: Array.from({ length: n }, (_, r) => LETTERS[r].repeat(n)) };
}

/** Letter → colour: every region its own palette colour, neighbours as far apart round the
 *  hue ring as a small search finds (at least 3 steps, else 2, else 1), remembered per board. */
let memo = { key: "", colours: new Map() };
export function regionColours(regions) {
  const key = regions.join("/");
  if (memo.key === key) return memo.colours;
  const n = regions.length;
  const adj = new Map();
  const letters = [...new Set(regions.join(""))];
  for (const l of letters) adj.set(l, new Set());
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < regions[r].length; c++) {
      const a = regions[r][c];
      for (const b of [regions[r][c + 1], regions[r + 1]?.[c]]) {
        if (b !== undefined && b !== a) { adj.get(a).add(b); adj.get(b).add(a); }
      }
    }
  }
  const order = letters.sort((a, b) => adj.get(b).size - adj.get(a).size || a.localeCompare(b));
  const ring = PALETTE.length;
  const gap = (i, j) => Math.min((i - j + ring) % ring, (j - i + ring) % ring);
  let found = null;
  for (let want = 3; want >= 1 && !found; want--) {
    const colour = new Map();
    let budget = 20000;
    const place = (k) => {
      if (k === order.length) return true;
      if (--budget < 0) return false;
      const l = order[k];
      const used = new Set(colour.values());
      for (let i = 0; i < ring; i++) {
        if (used.has(i) && used.size < ring) continue;
        if ([...adj.get(l)].some((m) => colour.has(m) && gap(i, colour.get(m)) < want)) continue;
        colour.set(l, i);
        if (place(k + 1)) return true;
        colour.delete(l);
      }
      return false;
    };
    if (place(0)) found = colour;
  }
  found ??= new Map(order.map((l, i) => [l, i % ring]));
  memo = { key, colours: new Map([...found].map(([l, i]) => [l, PALETTE[i]])) };
  return memo.colours;
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

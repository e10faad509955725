// The level editor's frame (#/edit/<mode id>): tools, undo/redo, draft, live check,
// import/export and test play. The board itself — drawing and what a gesture does — is the
// mode's board editor in ./<mode id>.js; the frame never names a mode. Every edit is a new
// level (the mode's pack-file format), so undo, drafts, export and the check share it.
import { svgEl } from "../kit/playkit.js";
import { encodeLevel, decodeLevel } from "../shell/codes.js";
import { button, el } from "../shell/dom.js";
import { readStored } from "../shell/stored.js";
import { gradeName } from "../shell/i18n.js";
import { cellName, loadCatalogue, problemText, requestErrorText } from "./words.js";
import { publishedLink, publishedOf } from "./community.js";

const DEBOUNCE_MS = 250;
const MAX_UNDO = 200;
const MAX_DRAFT_CHARS = 200_000;   // a full 10×10 / radius-3 / 12×12 board is a few kB
const draftKey = (modeId) => `puzzlesmith.editor.${modeId}`;

/** Mount the editor of `mode` (an /api/modes entry) into `root`. Returns {unmount}. */
export async function mountEditor(root, mode, services) {
  const [boardModule, codeModule, catalogue] = await Promise.all([
    import(`./${mode.id}.js`),
    import(`../modes/${mode.id}/code.js`),
    loadCatalogue(),
  ]);
  if (!document.querySelector("link[data-editor-css]")) {
    const link = el("link");
    link.rel = "stylesheet";
    link.href = new URL("./editor.css", import.meta.url).href;
    link.dataset.editorCss = "1";
    document.head.append(link);
  }
  services.addStrings(boardModule.strings);
  const ed = new Editor(root, mode, boardModule, codeModule.codec, services, catalogue);
  return { unmount: () => ed.destroy() };
}

class Editor {
  constructor(root, mode, boardModule, codec, services, catalogue = {}) {
    this.root = root;
    this.catalogue = catalogue;   // problem code → sentence, per language (words.js)
    this.sheetKind = null;        // which sheet is open: "publish", "export", "import", …
    this.mode = mode;
    this.codec = codec;
    this.s = services;
    this.t = services.t;
    this.undoStack = [];
    this.redoStack = [];
    this.checkSeq = 0;
    this.abort = null;
    this.timer = 0;
    this.result = null;
    this.isDraft = boardModule.isDraft;   // the shape the board editor can draw
    this.fromFile = boardModule.fromFile ?? ((level) => level);   // a file's defaults filled in
    this.level = this.loadDraft() ?? boardModule.blank();
    this.board = new boardModule.BoardEditor(this);
    this.build();
    this.onKey = (e) => this.key(e);
    window.addEventListener("keydown", this.onKey);
    this.changed();
  }

  // ---- level state ----------------------------------------------------------------
  /** The saved draft when the mode's board editor accepts its shape (`isDraft`); a bad one
   *  is dropped with the shell's "damaged" toast (stored.js), so it cannot brick the editor. */
  loadDraft() {
    return readStored(draftKey(this.mode.id), (v) => this.isDraft(v), { maxChars: MAX_DRAFT_CHARS });
  }

  /** Replace the level by an edited copy (one undo step) and re-check it. */
  commit(level) {
    if (JSON.stringify(level) === JSON.stringify(this.level)) return;
    this.undoStack.push(this.level);
    if (this.undoStack.length > MAX_UNDO) this.undoStack.shift();
    this.redoStack = [];
    this.level = level;
    this.changed();
  }

  undo() {
    if (!this.undoStack.length) return;
    this.redoStack.push(this.level);
    this.level = this.undoStack.pop();
    this.changed();
  }

  redo() {
    if (!this.redoStack.length) return;
    this.undoStack.push(this.level);
    this.level = this.redoStack.pop();
    this.changed();
  }

  changed() {
    try { localStorage.setItem(draftKey(this.mode.id), JSON.stringify(this.level)); } catch { /* full */ }
    this.result = null;
    delete this.els.wrap.dataset.publishedKnown;
    this.els.undo.disabled = !this.undoStack.length;
    this.els.redo.disabled = !this.redoStack.length;
    this.showVerdict();
    this.draw();
    this.scheduleCheck();
  }

  // ---- live check: debounced, a newer edit cancels the request in flight ------------
  scheduleCheck(suggest = 0) {
    clearTimeout(this.timer);
    this.abort?.abort();
    this.timer = setTimeout(() => this.runCheck(suggest), suggest ? 0 : DEBOUNCE_MS);
  }

  async runCheck(suggest) {
    const seq = ++this.checkSeq;
    const ctl = new AbortController();
    this.abort = ctl;
    this.root.dataset.checking = "1";
    try {
      const out = await this.checkLevel(this.level, suggest, ctl.signal);
      if (seq !== this.checkSeq) return;
      this.result = { ...out, asked: suggest > 0 };
      if (out.publishable) this.lookPublished(seq);
    } catch (err) {
      if (err?.name === "AbortError" || seq !== this.checkSeq) return;
      this.result = { verdict: "error", message: requestErrorText(err, this.t), problems: [], differ: [] };
    }
    delete this.root.dataset.checking;
    this.showVerdict();
    this.draw();
  }

  /** After a verdict that allows publishing: ask the store whether this board is already
   *  published, so the editor says so (with a link to it) instead of offering 发布. */
  async lookPublished(seq) {
    let code;
    try { code = this.code(); } catch { return; }
    let found = null;
    try { found = await publishedOf(code); } catch { return; }  // offline: a publish still answers duplicate
    if (seq !== this.checkSeq || !this.result) return;
    this.els.wrap.dataset.publishedKnown = found ? "yes" : "no";
    if (!found) return;
    this.result = { ...this.result, published: found };
    this.showVerdict();
  }

  /** POST the level to the mode's check-level route; rejects with {message}. */
  async checkLevel(level, suggest = 0, signal = undefined) {
    const res = await fetch(`/api/modes/${encodeURIComponent(this.mode.id)}/check-level`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ level, suggest }),
      signal,
    });
    const data = await res.json().catch(() => null);
    if (!res.ok) throw { status: res.status, error: data?.error, message: data?.message || res.statusText };
    return data;
  }

  /** A problem as a sentence in the player's language, naming its cells. */
  problemText(p) {
    return problemText(p, this.t, this.catalogue, this.s.settings.lang);
  }

  /** A suggestion in the player's language: one the server worded itself (Cows region
   *  edits carry `words` in zh and en, as the CLI prints them), else its clue set. */
  suggestionText(s) {
    const t = this.t;
    if (s.words) return t("ed.suggestEdit", { edit: s.words[this.s.settings.lang] ?? s.words.en });
    const clues = Object.entries(s.clues).map(([c, n]) => `${cellName(c)} = ${n}`).join(t("ed.sep"));
    return t("ed.suggestion", { clues });
  }

  /** Cells to highlight: {differ: Set, problem: Set} from the latest answer. */
  highlights() {
    const r = this.result;
    const problem = new Set((r?.problems ?? []).filter((p) => p.severity !== "warning").flatMap((p) => p.cells));
    // a clue set names its clued cells; a region edit (Cows) the cells it moves
    const suggested = (r?.suggestions ?? []).flatMap((s) => [...Object.keys(s.clues ?? {}), ...(s.cells ?? [])]);
    // the cells a message names carry their id on the board, so the text can be followed
    const named = new Set([...(r?.problems ?? []).flatMap((p) => p.cells), ...(r?.differ ?? []), ...suggested]);
    return { differ: new Set(r?.differ ?? []), problem, named };
  }

  // ---- screen -----------------------------------------------------------------------
  build() {
    const t = this.t;
    const act = (name, label, fn, parent) => {
      const b = button("ed-btn", label, { act: name }, fn);
      parent.append(b);
      return b;
    };
    const wrap = el("div", "ed-root");
    wrap.dataset.mode = this.mode.id;
    const tools = el("div", "ed-tools");
    for (const tool of this.board.tools) {
      const b = act(`tool-${tool}`, t(`ed.tool.${tool}`), () => this.setTool(tool), tools);
      b.dataset.tool = tool;
    }
    const extra = el("div", "ed-extra");
    const history = el("div", "ed-history");
    const undo = act("undo", "↶", () => this.undo(), history);
    undo.title = t("ed.undo") + " (Ctrl+Z)";
    const redo = act("redo", "↷", () => this.redo(), history);
    redo.title = t("ed.redo") + " (Ctrl+Y)";
    tools.append(history);
    const stage = el("div", "ed-stage");
    const svg = svgEl("svg", { class: "ed-board" });
    stage.append(svg);
    const verdict = el("div", "ed-verdict");
    verdict.setAttribute("aria-live", "polite");
    const problems = el("ul", "ed-problems");
    const actions = el("div", "ed-actions");
    const suggest = act("suggest", t("ed.suggest"), () => this.scheduleCheck(3), actions);
    act("play", t("ed.testPlay"), () => this.testPlay(), actions);
    const publish = act("publish", t("cm.publish"), () => import("./community.js").then((m) => m.publishSheet(this)), actions);
    act("export", t("ed.export"), () => this.exportSheet(), actions);
    act("import", t("ed.import"), () => this.importSheet(), actions);
    act("new", t("ed.new"), () => this.commit(this.board.blankLike()), actions);
    const sheet = el("div", "ed-sheet");
    sheet.hidden = true;
    wrap.append(tools, extra, stage, verdict, problems, actions, sheet);
    this.root.replaceChildren(wrap);
    this.els = { wrap, tools, extra, svg, verdict, problems, undo, redo, suggest, publish, sheet };
    this.setTool(this.board.tools[0]);
    this.bindPointer(svg);
  }

  setTool(tool) {
    this.tool = tool;
    for (const b of this.els.tools.querySelectorAll("[data-tool]")) b.setAttribute("aria-pressed", String(b.dataset.tool === tool));
    this.els.extra.replaceChildren(...(this.board.controls?.(tool) ?? []));
    this.draw();
  }

  draw() {
    if (!this.els) return;
    const hl = this.highlights();
    this.board.draw(this.els.svg, hl);
    this.drawIds(this.els.svg, hl.named);
  }

  /** The id of every cell a message names, drawn small in the cell's top-left corner. */
  drawIds(svg, named) {
    if (!named.size) return;
    const layer = svgEl("g", { class: "ed-ids", "pointer-events": "none" }, svg);
    for (const cell of svg.querySelectorAll("[data-cell]")) {
      const id = cell.dataset.cell;
      if (!named.has(id) || !cell.getBBox) continue;
      const b = cell.getBBox();
      const size = Math.min(b.width, b.height) * 0.24;
      const text = svgEl("text", { x: b.x + b.width * 0.5, y: b.y + size * 1.05, "font-size": size, class: "ed-id", "text-anchor": "middle", "data-id-of": id }, layer);
      text.textContent = cellName(id);
    }
  }

  showVerdict() {
    const { verdict, problems, suggest } = this.els;
    const r = this.result;
    const t = this.t;
    // the banner says the worst thing found: a unique board that breaks a publish rule is
    // not shown as a green "unique" (the first error is the one to fix)
    const worst = (r?.problems ?? []).find((p) => p.severity !== "warning");
    const blocked = r?.verdict === "unique" && worst;
    verdict.dataset.verdict = !r ? "checking" : blocked ? "blocked" : r.verdict;
    if (!r) verdict.textContent = t("ed.checking");
    else if (blocked) verdict.textContent = t("ed.v.blocked", { problem: this.problemText(worst) });
    else if (r.verdict === "unique") {
      verdict.textContent = t("ed.v.unique", { grade: gradeName(r.grade, t) }) + (r.needs_guessing ? " · " + t("ed.guessing") : "");
    } else if (r.verdict === "error") verdict.textContent = t("ed.v.error", { msg: r.message });
    else verdict.textContent = t(`ed.v.${r.verdict}`);
    const items = [];
    for (const p of r?.problems ?? []) {
      const li = el("li", p.severity === "warning" ? "warn" : "err", this.problemText(p));
      li.dataset.code = p.code;
      items.push(li);
    }
    for (const s of r?.suggestions ?? []) {
      const li = el("li", "suggest", this.suggestionText(s));
      li.dataset.code = "suggestion";
      // the board editor adopts what it suggests (Cows: the edited regions); else the clues
      const use = () => this.commit(this.board.adopt?.(s) ?? this.board.withClues(s.clues));
      li.append(" ", button("ed-btn small", t("ed.use"), { act: "use" }, use));
      items.push(li);
    }
    if (r?.asked && r.verdict === "multiple" && !r.suggestions?.length) {
      const li = el("li", "warn", t(this.board.noSuggestion ?? "ed.noSuggestion"));
      li.dataset.code = "no-suggestion";
      items.push(li);
    }
    if (r?.published) {   // the store knows this board: say so instead of offering 发布
      const li = el("li", "warn", t("cm.already"));
      li.dataset.code = "already-published";
      if (r.published.code) li.append(" ", publishedLink(r.published, t));
      items.push(li);
    }
    problems.replaceChildren(...items);
    suggest.hidden = !(r?.verdict === "multiple" && this.board.canSuggest);
    // a level with two solutions, a broken rule or a board already published is never offered
    this.els.publish.hidden = !r?.publishable || Boolean(r?.published);
    this.els.wrap.dataset.verdict = r?.verdict ?? "checking";
    // a publish sheet left open must not cover a verdict that no longer allows publishing
    if (r && this.sheetKind === "publish" && !r.publishable) this.closeSheet();
  }

  // ---- pointer: the board editor gets positions in SVG units ------------------------
  bindPointer(svg) {
    let active = null;
    const at = (e) => {
      const m = svg.getScreenCTM();
      if (!m) return null;
      const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
      return [p.x, p.y];
    };
    svg.addEventListener("pointerdown", (e) => {
      const p = at(e);
      if (!p) return;
      e.preventDefault();
      svg.setPointerCapture?.(e.pointerId);
      active = { id: e.pointerId, start: this.level, level: this.board.down(p, this.tool) };
      if (active.level) { this.level = active.level; this.draw(); }
    });
    svg.addEventListener("pointermove", (e) => {
      if (!active || e.pointerId !== active.id) return;
      const p = at(e);
      const next = p && this.board.move(p, this.tool);
      if (next) { this.level = next; this.draw(); }
    });
    const end = (e) => {
      if (!active || e.pointerId !== active.id) return;
      const done = this.board.up?.(this.tool) ?? this.level;
      const start = active.start;
      active = null;
      this.level = start;   // one gesture is one undo step
      this.commit(done);
    };
    svg.addEventListener("pointerup", end);
    svg.addEventListener("pointercancel", end);
  }

  key(e) {
    if (e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLInputElement) return;
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key.toLowerCase() === "z") { e.preventDefault(); (e.shiftKey ? this.redo() : this.undo()); return; }
    if (mod && e.key.toLowerCase() === "y") { e.preventDefault(); this.redo(); return; }
    if (mod) return;
    const k = Number(e.key);
    if (k >= 1 && k <= this.board.tools.length) this.setTool(this.board.tools[k - 1]);
    else this.board.key?.(e.key, this.tool);
  }

  // ---- import / export / test play ----------------------------------------------------
  code() {
    return encodeLevel(this.codec, this.level);
  }

  link(code) {
    return `${location.origin}${location.pathname}#/play/${code}`;
  }

  packJson() {
    const pack = { mode: this.mode.id, pack: "editor", title: "编辑器 / Editor", levels: [this.level] };
    return JSON.stringify(pack, null, 2);
  }

  openSheet(children, kind = "info") {
    const { sheet } = this.els;
    const close = button("ed-btn", this.t("close"), { act: "close" }, () => this.closeSheet());
    sheet.replaceChildren(...children, close);
    sheet.dataset.kind = kind;
    sheet.hidden = false;
    this.sheetKind = kind;
  }

  closeSheet() {
    const { sheet } = this.els;
    sheet.hidden = true;
    sheet.replaceChildren();
    delete sheet.dataset.kind;
    this.sheetKind = null;
  }

  field(label, value, name) {
    const box = el("label", "ed-field");
    const area = el("textarea");
    area.readOnly = value !== null;
    area.name = name;
    area.value = value ?? "";
    area.rows = name === "pack" ? 8 : 2;
    box.append(label, area);
    return box;
  }

  exportSheet() {
    let code = "";
    try { code = this.code(); } catch { this.s.toast(this.t("ed.noCode")); return; }
    this.openSheet([
      this.field(this.t("ed.code"), code, "code"),
      this.field(this.t("ed.link"), this.link(code), "link"),
      this.field(this.t("ed.pack"), this.packJson(), "pack"),
    ], "export");
  }

  importSheet() {
    const f = this.field(this.t("ed.importHint"), null, "import");
    const go = button("ed-btn", this.t("ed.import"), { act: "do-import" }, () => {
      const level = this.parseImport(f.querySelector("textarea").value);
      if (!level) return;
      this.closeSheet();
      this.commit(level);
    });
    this.openSheet([f, go], "import");
  }

  /** A level from pasted text: a pack file (its first level), one level, a code or a link. */
  parseImport(text) {
    text = text.trim();
    try {
      if (text.startsWith("{")) {
        const raw = JSON.parse(text);
        const level = this.fromFile(Array.isArray(raw?.levels) ? raw.levels[0] : raw);
        if (Array.isArray(raw?.levels) && raw.mode && raw.mode !== this.mode.id) throw new Error(this.t("ed.otherMode", { mode: raw.mode }));
        // a level the board editor cannot draw would be saved as the draft: refuse it here
        if (!this.isDraft(level)) throw new Error(this.t("ed.badShape"));
        return level;
      }
      let decoded;
      try { decoded = decodeLevel(text, [this.codec]); } catch { throw new Error(this.t("ed.badCode")); }
      if (decoded.codec !== this.codec) return null;
      return decoded.level;
    } catch (err) {
      // the decoder's and JSON.parse's own words are English internals: say it in a sentence
      const msg = err instanceof SyntaxError ? this.t("ed.badJson") : err.message;
      this.s.toast(this.t("ed.importError", { msg }));
      return null;
    }
  }

  testPlay() {
    let code;
    try { code = this.code(); } catch { this.s.toast(this.t("ed.noCode")); return; }
    if (this.result?.verdict !== "unique") { this.s.toast(this.t("ed.playNeedsUnique")); return; }
    sessionStorage.setItem("puzzlesmith.editor.return", this.mode.id);
    location.hash = `#/play/${code}`;
  }

  destroy() {
    clearTimeout(this.timer);
    this.abort?.abort();
    window.removeEventListener("keydown", this.onKey);
    this.board.destroy?.();
  }
}

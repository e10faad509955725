// The notice dock: one strip over the top bar (between ‹ and ☰) where every toast, the
// replay chip and the achievement toasts appear, so nothing ever covers a level's caption,
// its tip or the board (issue #31: toasts hid the teaching after an auto-advance). The
// newest notice shows; the ones it covers wait, and their time runs only while they show.
import { el } from "./dom.js";

const items = [];    // {node, left: ms still to show, done, wait}; the last one is on screen
let top = null;
let timer = 0;
let since = 0;

/** The dock element, made on first use inside the top bar (or the body, without one). */
export function dock() {
  let d = document.getElementById("dock");
  if (!d) {
    d = el("div", "dock");
    d.id = "dock";
    (document.getElementById("topbar") ?? document.body).append(d);
  }
  return d;
}

/** Start the clock of the notice on screen (pausing the one it covers). */
function schedule() {
  const cur = items[items.length - 1] ?? null;
  if (cur === top) return;
  if (top?.wait) { clearTimeout(timer); top.left -= performance.now() - since; }
  top = cur;
  if (!cur?.wait) return;
  since = performance.now();
  timer = setTimeout(() => dismiss(cur.node), Math.max(0, cur.left));
}

/** Take a notice off (its time is up, or it was tapped); `done` is called once. */
export function dismiss(node) {
  const i = items.findIndex((x) => x.node === node);
  if (i < 0) return;
  const [item] = items.splice(i, 1);
  if (item === top && item.wait) clearTimeout(timer);
  if (item === top) top = null;
  clearTimeout(item.own);
  if (node.id === "toast") node.hidden = true; else node.remove();  // #toast is reused
  item.done?.();
  schedule();
}

/**
 * Show `node` in the dock for `ms`; `done()` when it goes. With `wait` (the replay chip, an
 * achievement) the time counts only while it is on screen; a plain toast says something
 * about now, so its time runs even while a newer notice covers it.
 */
export function notice(node, ms, { done = null, wait = false } = {}) {
  const again = items.findIndex((x) => x.node === node);
  if (again >= 0) {                       // the same toast again: its new text, from the start
    const [old] = items.splice(again, 1);
    clearTimeout(old.own);
    if (old === top) { if (old.wait) clearTimeout(timer); top = null; }
  }
  node.hidden = false;
  dock().append(node);
  const item = { node, left: ms, done, wait };
  if (!wait) item.own = setTimeout(() => dismiss(node), ms);
  items.push(item);
  schedule();
}

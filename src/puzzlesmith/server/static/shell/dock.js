// The notice dock: one strip over the top bar (between ‹ and ☰) where every toast, the
// replay chip and the achievement toasts appear, so nothing ever covers a level's caption,
// its tip or the board (issue #31: toasts hid the teaching after an auto-advance). The
// newest notice shows; an older one that is still due shows again when it goes.
import { el } from "./dom.js";

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

// A stylesheet linked once per page (mode CSS, the daily screens' CSS). The promise
// settles when it has loaded (or failed, or after 3 s), so a screen can wait for it before
// it measures and fits its board: no first frame drawn at the browser's default sizes.
import { el } from "./dom.js";
const loading = new Map();

export function linkCss(href, key) {
  if (loading.has(key)) return loading.get(key);
  let link = document.querySelector(`link[data-css="${key}"]`);
  let done;
  if (link?.sheet) {
    done = Promise.resolve();
  } else {
    if (!link) {
      link = el("link");
      link.rel = "stylesheet";
      link.href = href;
      link.dataset.css = key;
    }
    done = new Promise((resolve) => {
      link.addEventListener("load", resolve, { once: true });
      link.addEventListener("error", resolve, { once: true });  // a missing sheet must not block play
      setTimeout(resolve, 3000);
    });
    if (!link.isConnected) document.head.append(link);
  }
  loading.set(key, done);
  return done;
}

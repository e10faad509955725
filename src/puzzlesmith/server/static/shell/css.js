// A stylesheet linked once per page (mode CSS, the daily screens' CSS).
export function linkCss(href, key) {
  if (document.querySelector(`link[data-css="${key}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.dataset.css = key;
  document.head.append(link);
}

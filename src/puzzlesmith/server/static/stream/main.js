// Stream pages, one per hash route: #/view/<room> (phone), #/host/<room>, #/overlay/<room>?w=&h=.
// #/ asks for a room code.
import "../shell/loadwords.js";
import { t } from "../shell/i18n.js";
import { applyClasses, settings } from "../shell/settings.js";
import { button, h, langSwitch } from "./common.js";
import { mountHost } from "./host.js";
import { mountOverlay } from "./overlay.js";
import { mountViewer } from "./viewer.js";

const root = document.getElementById("st-root");
let current = null;

function join() {
  const input = h("input", "st-code-input");
  input.placeholder = t("st.code");
  input.maxLength = 8;
  input.autocapitalize = "characters";
  const go = () => { location.hash = `#/view/${input.value.trim().toUpperCase()}`; };
  input.onkeydown = (e) => { if (e.key === "Enter") go(); };
  const head = h("h1", "st-head st-title", t("st.join"));
  head.append(langSwitch(route));
  root.replaceChildren(head, input, button(t("st.go"), "join", go));
}

function route() {
  current?.stop();
  current = null;
  document.body.classList.remove("st-overlay-body");
  root.className = "st-root";
  root.removeAttribute("style");
  const [path, query] = location.hash.replace(/^#\/?/, "").split("?");
  const [page, raw] = path.split("/");
  const room = (raw || "").toUpperCase().replace(/[^A-Z0-9]/g, "").slice(0, 12);
  const params = new URLSearchParams(query || location.search);
  // ?lang=en|zh: an OBS browser source has no settings screen (this page only, not saved)
  const lang = params.get("lang");
  if (lang === "zh" || lang === "en") { settings.lang = lang; applyClasses(); }
  document.title = t("st.pageTitle");
  if (!room) return join();
  const redraw = () => {  // after the language switch: the page again in the other language
    if (lang) {
      params.set("lang", settings.lang);
      location.hash = `#/${page}/${room}?${params}`;
    } else route();
  };
  if (page === "host") current = mountHost(root, room, redraw);
  else if (page === "overlay") current = mountOverlay(root, room, params, redraw);
  else current = mountViewer(root, room, redraw);
}

applyClasses();
window.addEventListener("hashchange", route);
route();

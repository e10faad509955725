// The OBS browser-source overlay: transparent, the board, the tally as bars, the latest
// hints and a celebration; sized by ?w=&h= (pixels) after the room code.
import { t } from "../shell/i18n.js";
import { settings } from "../shell/settings.js";
import { Board, renderBars } from "./board.js";
import { RoomConnection } from "./connection.js";
import { h, hintText, langSwitch, RoundClock } from "./common.js";

export function mountOverlay(root, room, params, onLang) {
  document.body.classList.add("st-overlay-body");
  const w = Number(params.get("w")) || 0, hgt = Number(params.get("h")) || 0;
  if (w > 0) root.style.width = `${Math.min(w, 7680)}px`;
  if (hgt > 0) root.style.height = `${Math.min(hgt, 4320)}px`;
  root.classList.add("st-overlay");
  const boardBox = h("div", "st-board");
  const side = h("div", "st-side");
  const line = h("div", "st-line");
  const bars = h("div", "st-bars");
  const hints = h("div", "st-hints");
  // a full-width "！" is half empty space on its right: the big word would sit left of centre
  const party = h("div", "st-party", t("st.cleared").replace(/！$/u, "!"));
  party.hidden = true;
  const head = h("div", "st-head st-title", t("st.room", { code: room }));
  head.append(langSwitch(onLang));
  side.append(head, line, bars, hints, h("div", "st-note", t("st.chat")));
  root.replaceChildren(boardBox, side, party);
  const clock = new RoundClock(line);
  const board = new Board(boardBox, () => {});
  let state = null, live = null;

  function paint() {
    if (!state) return;
    const r = state.round;
    const tally = live && r && live.round === r.number ? live.tally : {};
    board.draw({ position: state.position, targets: r ? r.options : null, tally,
      hints: (live?.hints ?? []).slice(-3), celebrate: state.cleared, labels: true });
    renderBars(bars, tally, (n) => t("st.votes", { n }));
    hints.replaceChildren(...(live?.hints ?? []).slice(-3).reverse().map((x) => h("div", "st-hint-row", hintText(x, settings.lang))));
    party.hidden = !state.cleared;
  }

  // role=overlay: it sees everything, votes for nothing and is not counted as a viewer
  return new RoomConnection(room, { role: "overlay" }, (msg) => {
    if (msg.type === "state") { state = msg; board.setBoard(msg.board, msg.mode); clock.set(msg); }
    else if (msg.type === "live") live = msg;
    paint();
  }, () => {});
}

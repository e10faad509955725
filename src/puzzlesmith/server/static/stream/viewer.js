// The viewer page (phone first): the board read-only, the vote, and hints for the streamer.
import { t } from "../shell/i18n.js";
import { settings } from "../shell/settings.js";
import { Board, renderBars } from "./board.js";
import { RoomConnection, viewerId } from "./connection.js";
import { button, errorText, h, RoundClock } from "./common.js";

const PRESETS = ["look", "number", "stuck", "wrong", "next"];
const PRESET_WORDS = {
  zh: { look: "看这里！", number: "这里是 ？", stuck: "这一片卡住了", wrong: "这里好像错了", next: "下一步走这里" },
  en: { look: "Look here!", number: "Is this …?", stuck: "This region is stuck", wrong: "This looks wrong", next: "Go here next" },
};

export function mountViewer(root, room) {
  const title = h("div", "st-head", t("st.room", { code: room }));
  const line = h("div", "st-line");
  const note = h("div", "st-note", t("st.tapVote"));
  const boardBox = h("div", "st-board");
  const bars = h("div", "st-bars");
  const hintBar = h("div", "st-row");
  const presetBox = h("div", "st-presets");
  presetBox.hidden = true;
  const num = h("input", "st-num");
  num.type = "number"; num.min = "0"; num.max = "999"; num.value = "1";
  root.replaceChildren(title, line, boardBox, note, bars, hintBar, presetBox);
  const clock = new RoundClock(line);
  let state = null, live = null, mine = null, hintMode = false, hintCell = null, lastError = "";

  const board = new Board(boardBox, (cell) => {
    if (hintMode) { hintCell = cell; showPresets(); return; }
    conn.send({ type: "vote", cell });
  });

  function showPresets() {
    presetBox.hidden = !hintCell;
    const words = PRESET_WORDS[settings.lang] ?? PRESET_WORDS.zh;
    presetBox.replaceChildren(
      h("div", "st-note", `${hintCell}`),
      ...PRESETS.map((p) => button(words[p], `preset-${p}`, () => {
        const msg = { type: "hint", cell: hintCell, preset: p };
        if (p === "number") msg.n = Math.max(0, Math.min(999, parseInt(num.value, 10) || 0));
        conn.send(msg);
        setHintMode(false);
      })),
      num,
    );
  }

  function setHintMode(on) {
    hintMode = on;
    hintCell = null;
    board.anyCell = on;
    presetBox.hidden = true;
    note.textContent = on ? t("st.pickCell") : (mine ? t("st.voted", { cell: mine }) : t("st.tapVote"));
    hintBtn.textContent = on ? t("st.cancel") : t("st.hintMode");
    paint();
  }
  const hintBtn = button(t("st.hintMode"), "hint", () => setHintMode(!hintMode));
  hintBar.append(hintBtn);

  function paint() {
    if (!state) return;
    const r = state.round;
    const open = r && !r.paused && !hintMode;
    board.draw({
      position: state.position,
      targets: open ? r.options : null,
      tally: live && r && live.round === r.number ? live.tally : {},
      mine,
      celebrate: state.cleared,
    });
    renderBars(bars, live && r && live.round === r.number ? live.tally : {}, (n) => t("st.votes", { n }));
  }

  const conn = new RoomConnection(room, { viewer: viewerId(), name: "" }, (msg) => {
    if (msg.type === "state") {
      if (state?.round?.number !== msg.round?.number) mine = null;
      state = msg;
      board.setBoard(msg.board);
      clock.set(msg);
      if (!hintMode) note.textContent = mine ? t("st.voted", { cell: mine }) : t("st.tapVote");
    } else if (msg.type === "live") {
      live = msg;
    } else if (msg.type === "hello") {
      mine = msg.vote;
    } else if (msg.type === "voted") {
      mine = msg.cell;
      note.textContent = t("st.voted", { cell: mine });
    } else if (msg.type === "hinted") {
      note.textContent = t("st.hintSent");
    } else if (msg.type === "error") {
      lastError = errorText(msg);
      note.textContent = lastError;
    }
    paint();
  }, (status) => {
    if (status === "gone") {  // nothing more to do here but join another room
      clock.stop(lastError);
      const again = h("a", "st-btn", t("st.join"));
      again.href = "#/";
      hintBar.replaceChildren(again);
      note.textContent = "";
      presetBox.hidden = true;
    }
    else if (status !== "open") line.textContent = t("st.connecting");
  });
  return conn;
}

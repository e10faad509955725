// The viewer page (phone first): the board read-only, the vote, and hints for the streamer.
import { t } from "../shell/i18n.js";
import { Board, renderBars } from "./board.js";
import { RoomConnection, viewerToken } from "./connection.js";
import { button, errorText, h, langSwitch, RoundClock } from "./common.js";
import { readText } from "../shell/stored.js";

const NAME_KEY = "stream:name";

const PRESETS = ["look", "number", "stuck", "wrong", "next"];

export function mountViewer(root, room, onLang) {
  const title = h("div", "st-head st-title", t("st.room", { code: room }));
  title.append(langSwitch(onLang));
  const line = h("div", "st-line");
  const note = h("div", "st-note", t("st.tapVote"));
  const boardBox = h("div", "st-board");
  const bars = h("div", "st-bars");
  const hintBar = h("div", "st-row");
  const presetBox = h("div", "st-presets");
  presetBox.hidden = true;
  const num = h("input", "st-num");
  num.type = "number"; num.min = "0"; num.max = "999"; num.value = "1";
  // viewers choose the name the streamer sees next to their hints (kept in this browser)
  const nameRow = h("div", "st-row");
  const nameInput = h("input", "st-channel st-name");
  nameInput.placeholder = t("st.namePh");
  nameInput.maxLength = 20;
  nameInput.value = readText(NAME_KEY, () => true, { maxChars: 20, fallback: "" });
  const saveName = () => {
    const name = nameInput.value.trim();
    try { localStorage.setItem(NAME_KEY, name); } catch { /* private mode */ }
    conn?.params && Object.assign(conn.params, { name });
    conn?.send({ type: "name", name });
  };
  nameInput.onkeydown = (e) => { if (e.key === "Enter") saveName(); };
  nameRow.append(h("label", "st-note", t("st.name")), nameInput, button(t("st.nameSave"), "name", saveName));
  root.replaceChildren(title, line, boardBox, note, bars, hintBar, presetBox, nameRow);
  const clock = new RoundClock(line);
  let state = null, live = null, mine = null, hintMode = false, hintCell = null, lastError = "";

  let conn = null, stopped = false;
  const board = new Board(boardBox, (cell) => {
    if (hintMode) { hintCell = cell; showPresets(); return; }
    conn?.send({ type: "vote", cell });
  });

  function showPresets() {
    presetBox.hidden = !hintCell;
    presetBox.replaceChildren(
      h("div", "st-note", `${hintCell}`),
      ...PRESETS.map((p) => button(t(p === "number" ? "st.hint.numberAsk" : `st.hint.${p}`), `preset-${p}`, () => {
        const msg = { type: "hint", cell: hintCell, preset: p };
        if (p === "number") msg.n = Math.max(0, Math.min(999, parseInt(num.value, 10) || 0));
        conn?.send(msg);
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

  const onMessage = (msg) => {
    if (msg.type === "state") {
      if (state?.round?.number !== msg.round?.number) mine = null;
      state = msg;
      board.setBoard(msg.board, msg.mode);
      clock.set(msg);
      if (!hintMode) note.textContent = mine ? t("st.voted", { cell: mine }) : t("st.tapVote");
    } else if (msg.type === "live") {
      live = msg;
    } else if (msg.type === "hello") {
      mine = msg.vote;
      if (!msg.viewer && !asked) {  // no identity, or one this server does not know: ask once
        asked = true;
        viewerToken(room, { fresh: Boolean(conn.params.token) }).then(({ token, status }) => {
          if (token && !stopped) conn.reconnect({ token });
          else if (status === 429) note.textContent = t("st.watchOnly");
        });
      }
    } else if (msg.type === "named") {
      nameInput.value = msg.name;
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
  };
  const onStatus = (status) => {
    if (status === "gone") {  // say why, and offer to try again or join another room
      clock.stop(lastError);
      const again = h("a", "st-btn", t("st.join"));
      again.href = "#/";
      hintBar.replaceChildren(button(t("st.retry"), "retry", () => onLang()), again);
      note.textContent = "";
      presetBox.hidden = true;
    } else if (status === "retry") {  // the round line keeps ticking: say it underneath
      note.textContent = `${lastError || t("st.err.unknown-room")} · ${t("st.retrying")}`;
    } else if (status !== "open") line.textContent = t("st.connecting");
  };
  let asked = false;
  viewerToken(room).then(({ token, status }) => {
    if (stopped) return;
    if (status === 429) note.textContent = t("st.watchOnly");
    asked = status === 429;  // a 404 (no room yet) is asked again once the room answers
    conn = new RoomConnection(room, { token, name: nameInput.value.trim() }, onMessage, onStatus);
  });
  return { stop() { stopped = true; conn?.stop(); } };
}

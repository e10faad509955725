// The streamer's page: the board (tap a lit cell, or drag a path, to move), vote controls, links, Twitch,
// viewer hints as markers (with a kick button). Every action carries the host key.
import { t } from "../shell/i18n.js";
import { settings } from "../shell/settings.js";
import { Board, renderBars } from "./board.js";
import { RoomConnection } from "./connection.js";
import { button, errorText, h, hintText, langSwitch, RoundClock } from "./common.js";
import { backName, hostKeyName } from "./open.js";
import { readText } from "../shell/stored.js";

const BACK = /^#\/[\w./~%:+,()-]*$/;
//: the host key the server issued (secrets.token_urlsafe(18): 24 characters)
const HOST_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/** The way back to the game: the level the room was opened from (else the home screen). */
function backLink(room) {
  const hash = readText(backName(room), (x) => BACK.test(x), { maxChars: 300, fallback: "#/" });
  const a = h("a", "st-btn st-back", t("st.back"));
  a.href = `/${hash}`;
  a.dataset.action = "back";
  return a;
}

export function mountHost(root, room, onLang) {
  const key = readText(hostKeyName(room), (x) => HOST_KEY.test(x), { maxChars: 64 });
  if (!key) {
    root.replaceChildren(backLink(room), h("div", "st-note", t("st.noKey")));
    return null;
  }
  const origin = location.origin;
  const viewerUrl = `${origin}/r/${room}`;
  const overlayUrl = `${origin}/static/stream/index.html#/overlay/${room}?w=1280&h=720`;
  const title = h("div", "st-head st-title");
  const count = h("span", "st-count-line");
  title.append(backLink(room), h("span", "", t("st.room", { code: room })), " · ", count, langSwitch(onLang));
  const links = h("div", "st-links");
  for (const [label, url, name] of [[t("st.viewerLink"), viewerUrl, "viewer"], [t("st.overlayLink"), overlayUrl, "overlay"]]) {
    const row = h("div", "st-link");
    const a = h("a", "", url);
    a.href = url; a.target = "_blank"; a.rel = "noopener"; a.dataset.link = name;
    row.append(h("b", "", label + " "), a);
    links.append(row);
  }
  const line = h("div", "st-line");
  const note = h("div", "st-note", t("st.tapMove"));
  const boardBox = h("div", "st-board");
  const bars = h("div", "st-bars");
  const controls = h("div", "st-row st-controls");
  const seconds = h("select", "st-seconds");
  for (const s of [10, 15, 20, 30, 45, 60]) {
    const o = h("option", "", `${s}s`);
    o.value = String(s);
    if (s === 20) o.selected = true;
    seconds.append(o);
  }
  seconds.title = t("st.seconds");
  const auto = h("input");
  auto.type = "checkbox"; auto.name = "auto";
  const autoLabel = h("label", "st-auto", t("st.auto") + " ");
  autoLabel.append(auto);
  const act = (action, extra = {}) => conn.send({ type: "host", key, action, ...extra });
  controls.append(
    seconds, autoLabel,
    button(t("st.vote"), "vote", () => act("vote", { seconds: Number(seconds.value), auto: auto.checked })),
    button(t("st.pause"), "pause", () => act(state?.round?.paused ? "resume" : "pause")),
    button(t("st.close"), "close", () => act("close")),
    button(t("st.skip"), "skip", () => act("skip")),
    button(t("st.stop"), "stop", () => act("stop")),
    button(t("st.undo"), "undo", () => act("undo")),
  );
  const twitch = h("div", "st-row");
  const channel = h("input", "st-channel");
  channel.placeholder = t("st.twitch");
  channel.maxLength = 26;
  const bridgeLine = h("span", "st-note");
  twitch.append(channel,
    button(t("st.connect"), "twitch", () => act("twitch", { channel: channel.value })),
    button(t("st.disconnect"), "untwitch", () => act("twitch", { channel: "" })),
    bridgeLine, h("span", "st-note", t("st.chat")));
  const kickRow = h("div", "st-row");
  const kickName = h("input", "st-channel");
  kickName.placeholder = t("st.kickChat");
  kickName.maxLength = 25;
  kickRow.append(kickName, button(t("st.kick"), "kick-chat", () => {
    const nick = kickName.value.trim().toLowerCase();
    if (nick) act("kick", { viewer: `twitch:${nick}` });
    kickName.value = "";
  }));
  const hintList = h("div", "st-hints");
  root.replaceChildren(title, links, line, boardBox, note, bars, controls, twitch, kickRow, h("h3", "", t("st.hints")), hintList);
  const clock = new RoundClock(line);
  let state = null, live = null;

  // the streamer plays as in the game: a tap on a lit cell, or (path modes) one drag through
  // cells; cells entered wait their turn, each sent once the previous move is in the state
  const board = new Board(boardBox, () => {});
  const isPath = () => board.drag;  // the mode's stream drawing says (modes/<id>/stream.js)
  let pending = [], sentAt = -1, dragging = false, last = null;
  const cellAt = (x, y) => {
    const e = document.elementFromPoint(x, y)?.closest("[data-target], [data-cell]");
    return e && boardBox.contains(e) ? (e.dataset.target ?? e.dataset.cell) : null;
  };
  const drain = () => {
    while (state && sentAt < 0 && pending.length) {
      const move = state.legal?.[pending.shift()];
      if (move) { sentAt = state.moves.length; act("move", { move }); }
    }
  };
  const enter = (e) => {
    const cell = cellAt(e.clientX, e.clientY);
    if (cell === null || cell === last) return;
    last = cell;
    pending.push(cell);
    drain();
  };
  boardBox.addEventListener("pointerdown", (e) => {
    if (!e.isPrimary || (e.pointerType === "mouse" && e.button !== 0)) return;
    pending = []; last = null;
    dragging = isPath();
    if (dragging) { e.preventDefault(); boardBox.setPointerCapture?.(e.pointerId); }
    enter(e);
  });
  boardBox.addEventListener("pointermove", (e) => {
    if (!dragging) return;
    for (const ev of e.getCoalescedEvents?.() || [e]) enter(ev);
  });
  for (const end of ["pointerup", "pointercancel"]) boardBox.addEventListener(end, () => { dragging = false; });

  function paint() {
    if (!state) return;
    const r = state.round;
    const tally = live && r && live.round === r.number ? live.tally : {};
    board.draw({
      position: state.position,
      targets: r ? r.options : Object.keys(state.legal),
      // no cell names here: the streamer taps or draws (names are for chat, on the overlay)
      tally, hints: live?.hints ?? [], celebrate: state.cleared,
    });
    renderBars(bars, tally, (n) => t("st.votes", { n }));
    count.textContent = t("st.viewers", { n: live?.viewers ?? state.viewers ?? 0 });
    const b = state.bridge;
    bridgeLine.textContent = b ? (b.connected ? t("st.bridgeOn", { ch: b.channel }) : t("st.bridgeOff", { ch: b.channel, err: b.error ?? "" })) : "";
    controls.querySelector('[data-action="pause"]').textContent = r?.paused ? t("st.resume") : t("st.pause");
    hintList.replaceChildren(...[...(live?.hints ?? [])].reverse().map((hint) => {
      const row = h("div", "st-hint-row", hintText(hint, settings.lang));
      row.append(button(t("st.kick"), "kick", () => act("kick", { viewer: hint.viewer })));
      return row;
    }));
  }

  const conn = new RoomConnection(room, { role: "host", key }, (msg) => {
    if (msg.type === "state") {
      state = msg;
      board.setBoard(msg.board, msg.mode).then(() => {
        boardBox.classList.toggle("st-drag", isPath());
        if (note.textContent === t("st.tapMove")) note.textContent = t(isPath() ? "st.dragMove" : "st.tapMove");
      });
      clock.set(msg);
      auto.checked = msg.auto;
      if (sentAt >= 0 && msg.moves.length !== sentAt) sentAt = -1;
    } else if (msg.type === "live") {
      live = msg;
    } else if (msg.type === "error") {
      note.textContent = errorText(msg);
      sentAt = -1;  // a refused move: go on with the rest of the drag
    } else if (msg.type === "ok") {
      note.textContent = t(isPath() ? "st.dragMove" : "st.tapMove");
    }
    paint();
    drain();
  }, (status) => {
    if (status === "open") return;
    line.textContent = t("st.connecting");
    pending = []; sentAt = -1;  // a move sent on a dropped connection is never confirmed
  });
  return conn;
}

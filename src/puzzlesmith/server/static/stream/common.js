// What the three stream pages share: DOM helpers, the round line and its countdown.
import { button as plainButton, el as h } from "../shell/dom.js";
import { t } from "../shell/i18n.js";
import { set, settings } from "../shell/settings.js";

export { h };

/** 中文 / English on every stream page: switches the language and draws the page again. */
export function langSwitch(redraw) {
  const other = settings.lang === "zh" ? "en" : "zh";
  const b = plainButton("st-btn st-lang", other === "en" ? "English" : "中文", { action: "lang" }, () => {
    set("lang", other);
    redraw();
  });
  b.lang = other === "en" ? "en" : "zh-CN";
  return b;
}

export function button(label, action, fn) {
  return plainButton("st-btn", label, { action }, fn);
}

/** Keeps the round line ticking between server messages (the server decides the end). */
export class RoundClock {
  constructor(line) {
    this.line = line;
    this.timer = setInterval(() => this.paint(), 250);
  }

  /** The room is gone (kicked, full, expired, unknown): say so and stop ticking. */
  stop(text) {
    clearInterval(this.timer);
    this.line.textContent = text;
  }

  set(state) {
    this.state = state;
    this.until = state?.round && !state.round.paused ? performance.now() + state.round.left * 1000 : null;
    this.paint();
  }

  paint() {
    const s = this.state;
    if (!s) { this.line.textContent = t("st.connecting"); return; }
    if (s.cleared) { this.line.textContent = t("st.cleared"); return; }
    const r = s.round;
    if (!r) { this.line.textContent = lastText(s.last) || t("st.noRound"); return; }
    if (r.paused) { this.line.textContent = t("st.paused"); return; }
    const left = Math.max(0, Math.ceil((this.until - performance.now()) / 1000));
    this.line.textContent = t("st.round", { n: r.number, s: left });
  }
}

export function lastText(last) {
  if (!last) return "";
  if (last.skipped) return t("st.skipped");
  if (!last.winner) return t("st.lastNone");
  return t("st.last", { cell: last.winner, n: last.tally[last.winner] });
}

/** Who sent a hint: their own name, else the string table's label with the server's tag. */
export function senderName(hint) {
  return hint.name || t("st.viewerName", { tag: hint.tag ?? "" });
}

export function hintText(hint, lang) {
  return `${senderName(hint)}: ${hint.cell} · ${hint.text[lang] ?? hint.text.zh}`;
}

/** A server error for people: the translated sentence for known codes, else its one line. */
export function errorText(msg) {
  const key = `st.err.${msg.code}`;
  const text = t(key);
  return text === key ? msg.message : text;
}

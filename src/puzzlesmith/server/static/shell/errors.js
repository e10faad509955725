// A refusal in the player's words: the server's error codes (and "offline") become one
// sentence in the current language; its English message is shown as is on an English
// screen only when no sentence is known, never on a Chinese one (issue #31).
import { t } from "./i18n.js";

// error code → sentence: the `err.<code>` words of the catalogue (puzzlesmith/core/words/),
// else the code's `problem.<code>` sentence

/** One sentence for a rejection `{status, error, message}` (api.js) or an Error. */
export function explain(err) {
  // a sentence the client made itself (needsConnection, …): already in the player's words
  if (!err || typeof err !== "object" || (err.status === undefined && !err.error && !err.code)) return String(err?.message ?? err);
  const code = err?.status === 0 ? "offline" : String(err?.error || err?.code || "");
  // a code has one sentence: its `err.<code>`, or, when that would say what its
  // `problem.<code>` says, that one (tests/core/test_screen_words.py)
  for (const key of [`err.${code}`, `problem.${code}`]) {
    const known = t(key);
    if (code && known !== key) return known;
  }
  if (err?.status === 429) return t("err.rate-limited");
  if (err?.status >= 500) return t("err.busy");
  return t("err.other", { code: code || err?.status || "?" });
}

/** explain(), in one line for a toast: offline is the short sentence. */
export function explainShort(err) {
  return err && typeof err === "object" && err.status === 0 ? t("err.offline-short") : explain(err);
}

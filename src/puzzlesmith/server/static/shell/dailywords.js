// The daily challenge's helpers for its words (the `d.*` keys of the catalogue,
// puzzlesmith/core/words/): clock times and why a run is not ranked.
import { t } from "./i18n.js";

/** 83450 → "1:23.4" (m:ss.t); over an hour "1:02:03". */
export function clock(ms, tenths = true) {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const mm = h ? `${h}:${String(m).padStart(2, "0")}` : String(m);
  const tail = tenths ? `.${Math.floor((ms % 1000) / 100)}` : "";
  return `${mm}:${String(sec).padStart(2, "0")}${tail}`;
}

/** Why a run is not ranked, one sentence per flag (the finish answer's `flags`) in the
 *  player's language; a flag this client does not know reads as a general sentence, never
 *  as its code. */
export function flagSentences(flags) {
  return [...new Set(flags.map((f) => {
    const key = `d.flag.${f}`;
    const known = t(key);
    return known === key ? t("d.flag.other") : known;
  }))];
}

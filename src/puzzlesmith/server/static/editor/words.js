// The editor's helpers for its words: the `ed.*` keys and each problem code's sentence
// (`problem.<code>`) are the catalogue's (puzzlesmith/core/words.py, every mode's words
// merged), the same sentences the CLI prints with --lang.
import words from "../words.js";
/** The problem codes' sentences, {zh: {code: sentence}, en: {...}}: a view of the
 *  catalogue the page imported, so it is there offline too (every mode's codes are in it;
 *  a key belongs to one package). */
export async function loadCatalogue() {
  const view = (table) => Object.fromEntries(Object.entries(table)
    .filter(([k]) => k.startsWith("problem.")).map(([k, v]) => [k.slice("problem.".length), v]));
  return { zh: view(words.zh), en: view(words.en) };
}

/** A cell as people read it: Hex Walls' "q,r" ids in brackets, so a list stays unambiguous. */
export function cellName(id) {
  return String(id).includes(",") ? `(${id})` : String(id);
}

/** At most this many cells are named in one sentence. */
const NAMED = 8;

/** One problem as a sentence in the player's language, naming its cells (`t` is the editor's). */
export function problemText(p, t, catalogue, lang) {
  const table = catalogue?.[lang] ?? {};
  let text = table[p.code] ?? t("ed.unknownCode", { code: p.code });
  const cells = p.cells ?? [];
  if (cells.length) {
    let named = cells.slice(0, NAMED).map(cellName).join(t("ed.sep"));
    if (cells.length > NAMED) named += t("ed.more", { n: cells.length - NAMED, total: cells.length });
    text = text.replace(/[。.]$/, "") + t("ed.cells", { cells: named }) + t("ed.stop");
  }
  return text;
}

/** A failed request (fetch error or the server's {error, message}) as a sentence. */
export function requestErrorText(err, t) {
  if (err?.error === "busy" || err?.error === "too-many-at-once" || err?.status === 503) return t("ed.err.busy");
  if (err?.error === "body-too-large" || err?.status === 413) return t("ed.err.too-big");
  if (err instanceof TypeError || err?.status === undefined) return t("ed.err.offline");
  return t("ed.err.generic");
}

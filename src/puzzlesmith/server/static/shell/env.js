// Where this page runs: served by the app, or a self-contained file (export-html) whose
// levels are embedded in <script type="application/json" id="ps-data">. Read once.
function readEmbedded() {
  const el = globalThis.document?.getElementById("ps-data");
  if (!el) return null;
  try { return JSON.parse(el.textContent); } catch { return null; }
}

/** The embedded bundle `{storagePrefix, modes, packs: {mode: ...}, levels: {mode: {id: view}}}`, or null. */
export const embedded = readEmbedded();

/** Prefix of every localStorage key, so a trial file never mixes its saves with the served game's. */
export const storagePrefix = embedded?.storagePrefix ?? "";

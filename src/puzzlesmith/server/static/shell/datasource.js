// Where levels, packs and hints come from: one interface, two sources.
// - HTTP: the app's JSON API (api.js). With the service worker a visited game keeps
//   answering from its cache when the network is gone; `online` says whether the last
//   answer came from the server itself.
// - embedded: a self-contained file (export-html) carries every level view. Check and hint
//   reject as unreachable, so the play kit falls back to the rules mirror and the baked
//   solution, exactly as when a served game loses its server.
// Features that need the server (dailies, leaderboard, publishing) ask `dataSource.online`
// and show `needsConnection(feature)` when it is false.
import * as http from "./api.js";
import { embedded } from "./env.js";
import { t } from "./i18n.js";

const unreachable = () => Promise.reject({ status: 0, error: "offline", message: t("offlineFile") });
const notFound = (error, message) => Promise.reject({ status: 404, error, message });

function httpSource() {
  // The shell's static root (/static/ or a versioned /static/v/<hash>/): mode assets are
  // loaded from the same build as the shell, so a cached shell never mixes with a newer mode.
  const root = new URL("../", import.meta.url).href;
  const asset = (url) => (typeof url === "string" && url.startsWith("/static/") ? root + url.slice(8) : url);
  return {
    kind: "http",
    get online() { return http.status.reachable && globalThis.navigator?.onLine !== false; },
    async modes() {
      const data = await http.modes();
      return { ...data, modes: data.modes.map((m) => ({ ...m, module: asset(m.module), css: asset(m.css) })) };
    },
    packs: http.packs,
    level: http.level,
    forLevel: http.forLevel,
    codeLevel: http.codeLevel,   // #/play/<code>: the server decodes and solves the level
    forCode: http.forCode,
    get: http.get,     // any other route (dailies, leaderboard…): the server's, or "offline"
    post: http.post,
  };
}

function embeddedSource(data) {
  const levelApi = { get: unreachable, post: unreachable, check: unreachable, hint: unreachable };
  return {
    kind: "embedded",
    online: false,
    modes: async () => ({ modes: data.modes }),
    packs: async (mode) => data.packs[mode] ?? notFound("unknown-mode", `no mode ${mode}`),
    level: async (mode, id) => data.levels[mode]?.[id] ?? notFound("unknown-level", `mode ${mode}: no level ${id}`),
    forLevel: () => levelApi,
    codeLevel: unreachable,      // a shared level needs the server to be solved for hints
    forCode: () => levelApi,
    get: unreachable,
    post: unreachable,
  };
}

export const dataSource = embedded ? embeddedSource(embedded) : httpSource();

/** The plain sentence for a feature that needs the server, e.g. needsConnection(t("daily")). */
export function needsConnection(feature) {
  return t(dataSource.kind === "embedded" ? "needsServerFile" : "needsConnection", { feature });
}

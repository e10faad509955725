// The player a screen needs (like, report, publish, the daily): made in place, on the
// screen the player is on, from a name asked in a sheet (issue #31: only the daily screen
// could make one, so a new player could not like or report anything).
import * as dapi from "./dailyapi.js";
import { askText } from "./ask.js";
import { explain } from "./errors.js";
import { t } from "./i18n.js";

/** A fresh default name, "玩家1234" / "Player 1234" (the catalogue's `pf.defaultName`). */
export const defaultName = () => t("pf.defaultName", { n: Math.floor(1000 + Math.random() * 9000) });

/** The stored player, or one made now from a name the player types; null if they cancel. */
export async function ensurePlayer() {
  const have = dapi.player();
  if (have) return have;
  const name = await askText({
    title: t("pf.ask"), hint: t("pf.rules"), value: defaultName(), max: 16, ok: t("pf.save"), name: "name",
    submit: async (v) => { try { await dapi.create(v); return null; } catch (err) { return t("pf.bad", { msg: explain(err) }); } },
  });
  return name === null ? null : dapi.player();
}

/** Rename the stored player in a sheet; resolves to the new name, or null (cancelled). */
export function renamePlayer() {
  const me = dapi.player();
  return askText({
    title: t("pf.rename"), hint: t("pf.rules"), value: me?.name ?? "", max: 16, ok: t("pf.save"), name: "name",
    submit: async (v) => { try { await dapi.rename(v); return null; } catch (err) { return t("pf.bad", { msg: explain(err) }); } },
  });
}

// A client module by its path under /static/ ("modes/04-cows/rules.js"), imported as
// the browser would: a mode's files live in its package (src/puzzlesmith/<mode>/client/)
// and import the kit and shell by URL, so the resolve hook (client-hooks.mjs) follows
// /static/ paths, not the disk's.
import { register } from "node:module";
import { pathToFileURL } from "node:url";
import { fileOf } from "./client-hooks.mjs";

register("./client-hooks.mjs", import.meta.url);

export async function clientModule(rel) {
  const file = fileOf(rel);
  if (!file) throw new Error(`no client file /static/${rel}`);
  return import(pathToFileURL(file).href);
}

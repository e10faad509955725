// Node's module resolution, made to follow the browser's over the client tree the server
// serves (static_files.client_tree): the server's static folder, and under modes/ each
// mode's files from its package's client/ folder. A mode module's "../../kit/x.js" is a
// URL under /static/, not a path next to it on disk. Registered by client.mjs.
import { existsSync, readdirSync } from "node:fs";
import { posix } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const SRC = fileURLToPath(new URL("../../src/puzzlesmith/", import.meta.url));
const STATIC = SRC + "server/static/";
const CLIENTS = readdirSync(SRC, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(SRC + d.name + "/client"))
  .map((d) => SRC + d.name + "/client/");

/** The path under /static/ of a file of the tree, or null. */
export function servedPath(file) {
  if (file.startsWith(STATIC)) return file.slice(STATIC.length);
  const root = CLIENTS.find((c) => file.startsWith(c));
  return root ? "modes/" + file.slice(root.length) : null;
}

/** The file behind /static/<rel>, or null. */
export function fileOf(rel) {
  if (rel.startsWith("modes/")) {
    const found = CLIENTS.map((c) => c + rel.slice("modes/".length)).find((f) => existsSync(f));
    if (found) return found;
  }
  return existsSync(STATIC + rel) ? STATIC + rel : null;
}

export async function resolve(specifier, context, next) {
  const parent = context.parentURL?.startsWith("file:") ? fileURLToPath(context.parentURL) : "";
  const from = parent && servedPath(parent);
  if (from && /^\.\.?\//.test(specifier)) {
    const file = fileOf(posix.normalize(posix.join(posix.dirname(from), specifier)));
    if (file) return { url: pathToFileURL(file).href, shortCircuit: true };
  }
  return next(specifier, context);
}

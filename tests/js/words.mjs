// The catalogue of words (puzzlesmith/core/words.py: core's and every mode's JSON, merged)
// into the shell's t(), as the served page's shell/loadwords.js does with /static/words.js:
// the node tests read the words the game reads, not a copy.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { root } from "./harness.mjs";
import { addStrings } from "../../src/puzzlesmith/server/static/shell/i18n.js";

const venv = join(root, ".venv/bin/python");
const python = process.env.PUZZLESMITH_PYTHON || (existsSync(venv) ? venv : "python3");
const script = "import json, sys\nfrom puzzlesmith.core import words\nsys.stdout.write(json.dumps(words.catalogue()))";

/** {zh: {key: sentence}, en: {...}}, as the server serves it. */
export const words = JSON.parse(execFileSync(python, ["-c", script], { cwd: root, encoding: "utf8" }));
addStrings(words);

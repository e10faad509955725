// The one catalogue of words (puzzlesmith/core/words.py: the shared words and every mode's,
// served as the module /static/words.js) into t(). Each page's entry module imports this
// first, so no screen speaks before its words are there; the module is precached with the
// other client files, so the words are there offline too.
import words from "../words.js";
import { addStrings } from "./i18n.js";

addStrings(words);

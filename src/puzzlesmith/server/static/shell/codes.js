// Level codes in the browser: the envelope <tag><version><payload>[.<text>]<check> and the
// bit packing under it; each mode's payload is static/modes/<mode id>/code.js. A mirror of
// puzzlesmith/core/codes.py and core/bitio.py, messages word for word, checked against
// vectors the Python engine exports (tests/js/codes.test.mjs). Pure: no DOM, no fetch.
// decodeLevel gives the level as a pack-file level (JSON); the mode's load rules run on the
// server (GET /api/codes/<code>), which is what the play route uses.

export const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const VALUE = new Map([...ALPHABET].map((ch, i) => [ch, i]));
const VAR_GROUP = 4;
export const TEXT_MARK = ".";
export const DEFAULT_ID = "code";
export const MAX_CODE_LEN = 4000;

export class CodeError extends Error {}

/** A character for a message: quoted when visible ASCII, else its code point (U+000A). */
export function shown(ch) {
  return ch >= "!" && ch <= "~" ? `"${ch}"` : `U+${ch.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Bits needed to write any of `count` values (0 when there is only one). */
export function widthFor(count) {
  let n = Math.max(count - 1, 0), w = 0;
  while (n > 0) { w += 1; n = Math.floor(n / 2); }
  return w;
}

export class BitWriter {
  constructor() { this.bits = []; }
  uint(value, width) {
    if (value < 0 || value >= 2 ** width) throw new Error(`${value} does not fit in ${width} bits`);
    for (let k = width - 1; k >= 0; k--) this.bits.push(Math.floor(value / 2 ** k) % 2);
  }
  flag(on) { this.uint(on ? 1 : 0, 1); }
  varuint(value) {
    for (;;) {
      const group = value % 16;
      value = Math.floor(value / 16);
      this.flag(value > 0);
      this.uint(group, VAR_GROUP);
      if (!value) return;
    }
  }
  varint(value) { this.varuint(value >= 0 ? value * 2 : -value * 2 - 1); }
  text() {
    const bits = [...this.bits];
    while (bits.length % 6) bits.push(0);
    let out = "";
    for (let k = 0; k < bits.length; k += 6) {
      out += ALPHABET[bits.slice(k, k + 6).reduce((v, b) => v * 2 + b, 0)];
    }
    return out;
  }
}

export class BitReader {
  constructor(text, what = "payload") {
    this.what = what;
    const chars = [...text];
    chars.forEach((ch, k) => {
      if (!VALUE.has(ch)) throw new CodeError(`${what}: character ${shown(ch)} at position ${k + 1} is not base64url`);
    });
    this.bits = chars.flatMap((ch) => { const v = VALUE.get(ch); return [5, 4, 3, 2, 1, 0].map((s) => (v >> s) & 1); });
    this.pos = 0;
  }
  get left() { return this.bits.length - this.pos; }
  uint(width, field) {
    if (width > this.left) throw new CodeError(`${this.what} ends early while reading ${field} (truncated code?)`);
    let v = 0;
    for (let k = 0; k < width; k++) v = v * 2 + this.bits[this.pos++];
    return v;
  }
  flag(field) { return this.uint(1, field) === 1; }
  varuint(field, limit = 2 ** 20) {
    let value = 0, scale = 1;
    for (;;) {
      const more = this.flag(field);
      value += this.uint(VAR_GROUP, field) * scale;
      scale *= 16;
      if (value > limit) throw new CodeError(`${this.what}: ${field} ${value} is out of range (at most ${limit})`);
      if (!more) return value;
    }
  }
  varint(field, limit = 2 ** 20) {
    const z = this.varuint(field, 2 * limit + 1);
    return z % 2 === 0 ? z / 2 : -(z + 1) / 2;
  }
  end() {
    if (this.left >= 6) throw new CodeError(`${this.what}: ${Math.floor(this.left / 6)} character(s) left over after the level`);
    if (this.bits.slice(this.pos).some((b) => b)) throw new CodeError(`${this.what}: non-zero padding in the last character`);
  }
}

/** Values on some of `n` cells (clues): a count, then [cell index, value] pairs in order. */
export function writeMarks(out, marks, n, width) {
  out.uint(marks.length, widthFor(n + 1));
  for (const [i, value] of marks) { out.uint(i, widthFor(n)); out.uint(value, width); }
}

/** What writeMarks wrote, as a Map cell index → value; `what` names them in messages. */
export function readMarks(bits, n, width, what) {
  const count = bits.uint(widthFor(n + 1), `the count of ${what}s`);
  if (count > n) throw new CodeError(`${bits.what}: ${count} ${what}s on ${n} cells`);
  const marks = new Map();
  for (let k = 0; k < count; k++) {
    const i = bits.uint(widthFor(n), `a ${what}'s cell`);
    if (i >= n) throw new CodeError(`${bits.what}: a ${what}'s cell is #${i + 1} of ${n}`);
    if (marks.has(i)) throw new CodeError(`${bits.what}: cell #${i + 1} has two ${what}s`);
    marks.set(i, bits.uint(width, `a ${what}'s value`));
  }
  return marks;
}

/** (length + Σ (2i+1)·value) mod 64 over the body; "." counts 64. */
export function checkChar(body) {
  const chars = [...body];
  let total = chars.length;
  chars.forEach((ch, k) => { total += (2 * k + 1) * (ch === TEXT_MARK ? 64 : VALUE.get(ch)); });
  return ALPHABET[total % 64];
}

function toBase64url(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The code of a pack-file level with the mode's codec; `text: false` leaves out id and caption. */
export function encodeLevel(codec, level, { text = true } = {}) {
  const out = new BitWriter();
  codec.write(level, out);
  let body = codec.tag + ALPHABET[codec.version] + out.text();
  const id = String(level.id ?? "");
  if (text && id.includes("\n")) throw new CodeError(`level ${JSON.stringify(id)}: an id with a line break cannot travel in a code`);
  const words = text ? (level.caption ? `${id}\n${level.caption}` : id) : "";
  if (words) body += TEXT_MARK + toBase64url(words);
  const code = body + checkChar(body);
  const len = [...code].length;
  if (len > MAX_CODE_LEN) {
    throw new CodeError(`level ${level.id ?? "?"}: its code would be ${len} characters long (at most ${MAX_CODE_LEN}); leave the text out`);
  }
  return code;
}

function clean(code) {
  code = code.trim();
  if (code.includes("/")) code = code.slice(code.lastIndexOf("/") + 1);
  return code;
}

/** Characters and check character verified; {tag, version, payload, text}. */
export function splitCode(code) {
  code = clean(code);
  const chars = [...code];
  if (!chars.length) throw new CodeError("level code is empty");
  if (chars.length > MAX_CODE_LEN) throw new CodeError(`level code is ${chars.length} characters long (at most ${MAX_CODE_LEN})`);
  chars.forEach((ch, k) => {
    if (!VALUE.has(ch) && ch !== TEXT_MARK) {
      throw new CodeError(`level code: character ${shown(ch)} at position ${k + 1} is not base64url (A-Z a-z 0-9 - _)`);
    }
  });
  if (chars.length < 3) throw new CodeError(`level code "${code}" is too short (a mode tag, a version and a check character)`);
  const body = code.slice(0, -1), check = code.slice(-1), want = checkChar(body);
  if (check !== want) throw new CodeError(`level code: check character is "${check}", expected "${want}" (mistyped or cut-off code)`);
  const rest = body.slice(2);
  if (rest.split(TEXT_MARK).length > 2) throw new CodeError('level code: more than one "." (only the text part starts with one)');
  if (body[0] === TEXT_MARK || body[1] === TEXT_MARK) throw new CodeError('level code: "." where the mode tag and version belong');
  const at = rest.indexOf(TEXT_MARK);
  return {
    tag: body[0],
    version: VALUE.get(body[1]),
    payload: at < 0 ? rest : rest.slice(0, at),
    text: at < 0 ? null : rest.slice(at + 1),
  };
}

function readText(text) {
  if (text === null) return [DEFAULT_ID, null];
  if (text.length % 4 === 1) throw new CodeError("level code: text part has a length no base64url text can have");
  let words;
  try {
    const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    words = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new CodeError("level code: text part is not UTF-8 text");
  }
  const nl = words.indexOf("\n");
  const lid = nl < 0 ? words : words.slice(0, nl);
  const caption = nl < 0 ? "" : words.slice(nl + 1);
  return [lid || DEFAULT_ID, caption || null];
}

/**
 * The codec and pack-file level a code holds, given the codecs known (in menu order).
 * Throws CodeError with the engine's message for a code that holds none.
 */
export function decodeLevel(code, codecs) {
  const parts = splitCode(code);
  const codec = codecs.find((c) => c.tag === parts.tag);
  if (!codec) {
    const known = codecs.map((c) => `${c.tag} ${c.name}`).join(", ");
    throw new CodeError(`level code: unknown mode tag "${parts.tag}" (known: ${known})`);
  }
  if (parts.version !== codec.version) {
    throw new CodeError(`level code: ${codec.name} format version ${parts.version} is not known (this build reads version ${codec.version})`);
  }
  const bits = new BitReader(parts.payload, `level code (${codec.name} board)`);
  const body = codec.read(bits);
  bits.end();
  const [id, caption] = readText(parts.text);
  const level = { id };
  if (caption !== null) level.caption = caption;
  return { codec, level: Object.assign(level, body) };
}

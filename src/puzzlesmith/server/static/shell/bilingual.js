// "中文 / English" text (pack titles): one language's part; text without " / " as is.
// Pure (node tests import the modules that use it).
export function langPart(text, lang) {
  const parts = String(text ?? "").split(" / ");
  if (parts.length !== 2) return text;
  return lang === "en" ? parts[1] : parts[0];
}

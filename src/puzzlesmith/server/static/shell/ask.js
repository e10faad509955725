// An in-page sheet that asks for one line of text (a name, a report's reason): never the
// browser's prompt(), which a phone shows as a system dialog over a blank page. `submit`
// may refuse with a sentence: the sheet stays open and shows it under the field.
import { el, button } from "./dom.js";
import { t } from "./i18n.js";

/**
 * Ask for a line: {title, hint?, value?, max, ok, submit(value) → error sentence | null}.
 * Resolves to the accepted value, or null when the player cancels.
 */
export function askText({ title, hint = "", value = "", max = 80, ok, submit = async () => null, name = "answer" }) {
  return new Promise((resolve) => {
    const sheet = el("div", "sheet ask");
    const form = el("form", "sheet-body ask-body");
    const input = el("input", "ask-input");
    input.name = name; input.maxLength = max; input.value = value; input.autocomplete = "off";
    const err = el("p", "ask-error");
    const cancel = button("ask-btn", t("cancel"), { act: "cancel" });
    const go = el("button", "ask-btn ask-ok", ok);
    go.type = "submit";
    go.dataset.act = "ok";
    const row = el("div", "ask-row");
    row.append(cancel, go);
    form.append(el("h2", "ask-title", title), ...(hint ? [el("p", "ask-hint", hint)] : []), input, err, row);
    sheet.append(form);
    const close = (v) => { sheet.remove(); resolve(v); };
    cancel.onclick = () => close(null);
    sheet.addEventListener("click", (e) => { if (e.target === sheet) close(null); });
    form.onsubmit = async (e) => {
      e.preventDefault();
      go.disabled = true;
      const why = await submit(input.value);
      go.disabled = false;
      if (why) { err.textContent = why; input.focus(); return; }
      close(input.value);
    };
    document.body.append(sheet);
    input.focus();
    input.select();
  });
}

// Community levels in the browser: the editor's publish sheet and the browse screen
// (#/community/<mode id>). A player is the daily layer's anonymous player (dailyapi.js);
// one is made on the spot from a name when this browser has none yet.
import { player, create } from "../shell/dailyapi.js";
import { button, el } from "../shell/dom.js";
import { gradeName } from "../shell/i18n.js";
import { ensurePlayer } from "../shell/profile.js";
import { askText } from "../shell/ask.js";
import { explain } from "../shell/errors.js";
import { isText, readStored } from "../shell/stored.js";

const enc = encodeURIComponent;

// The levels this browser liked (the list answer does not say), kept so ♥ survives a reload.
const LIKED = "community:liked";
const MAX_LIKED = 500;
const likedIds = () => readStored(LIKED, (v) => Array.isArray(v) && v.length <= MAX_LIKED && v.every((x) => isText(x, 64)), { fallback: [] });
function setLiked(id, on) {
  const ids = likedIds().filter((x) => x !== id);
  if (on) ids.push(id);
  try { localStorage.setItem(LIKED, JSON.stringify(ids.slice(-MAX_LIKED))); } catch { /* storage full */ }
}

/** What the play screen of a community level shows (shell/main.js renderCode reads it). */
export const PLAY_CONTEXT = "puzzlesmith.community.play";

async function call(method, path, body) {
  const p = player();
  const headers = { "Content-Type": "application/json" };
  if (p) headers.Authorization = `Bearer ${p.token}`;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw { status: res.status, error: data?.error, field: data?.field, message: data?.message || res.statusText };
  return data;
}

/** A failed community request as a sentence in the player's language (never the server's
 *  English text): its error code, a problem code from the mode's catalogue, or a general line. */
export function communityErrorText(err, t, problem = null) {
  const code = err?.error;
  if (err?.status === undefined || err instanceof TypeError) return t("cm.err.offline");
  if (err.status === 401) return t("cm.err.unauthorized");
  const keyed = code === "bad-text" ? `cm.err.bad-text.${err.field}` : `cm.err.${code}`;
  if (t(keyed) !== keyed) return t(keyed);
  if (problem && err.status === 422) {
    const sentence = problem(code);
    if (sentence) return t("cm.err.level", { problem: sentence });
  }
  return explain(err) || t("cm.err.generic");  // the shell's sentence for any other code
}

function input(name, label, max) {
  const box = el("label", "ed-field");
  const i = el("input");
  i.name = name;
  i.maxLength = max;
  box.append(label, i);
  return box;
}

/** The published level with this board (turned or mirrored too), as {id, code, title,
 *  caption}: `{}` when it is published but hidden, null when it is not published. */
export async function publishedOf(code) {
  const found = await call("GET", `/api/community/published/${enc(code)}`);
  if (!found?.published) return null;
  if (!found.id) return {};
  const lv = await call("GET", `/api/community/levels/${enc(found.id)}`);
  return { id: lv.id, code: lv.code, title: lv.title, caption: lv.caption || null, mode: found.mode };
}

/** A link that opens a published level as the community list's ▶ does (its title shown). */
export function publishedLink(found, t) {
  const a = el("a", "ed-btn small", t("cm.openPublished", { title: found.title }));
  a.href = `#/play/${found.code}`;
  a.dataset.act = "open-published";
  a.onclick = () => {
    sessionStorage.setItem(PLAY_CONTEXT, JSON.stringify({ code: found.code, mode: found.mode, title: found.title, caption: found.caption }));
  };
  return a;
}

/** The publish sheet of an editor frame (editor.js `Editor`). */
export function publishSheet(ed) {
  const t = ed.t;
  const fields = [input("title", t("cm.title"), 30), input("caption", t("cm.caption"), 80)];
  if (!player()) fields.unshift(input("name", t("cm.name"), 16));
  const go = button("ed-btn", t("cm.publish"), { act: "do-publish" });
  go.onclick = async () => {
    const val = (n) => ed.els.sheet.querySelector(`input[name="${n}"]`)?.value ?? "";
    go.disabled = true;
    try {
      if (!player()) await create(val("name"));
      const out = await call("POST", `/api/community/${enc(ed.mode.id)}`, {
        level: ed.level, title: val("title"), caption: val("caption"),
      });
      ed.root.dataset.published = out.id;
      // the editor now knows this board is published: no second 发布 once the sheet closes
      ed.result = { ...ed.result, published: { id: out.id, code: out.code, title: val("title"), caption: val("caption") || null, mode: ed.mode.id } };
      ed.showVerdict();
      const browse = el("a", "ed-btn", t("cm.browse"));
      browse.href = `#/community/${enc(ed.mode.id)}`;
      browse.dataset.act = "browse";
      ed.openSheet([t("cm.published"), ed.field(t("ed.code"), out.code, "code"), ed.field(t("ed.link"), ed.link(out.code), "link"), browse], "done");
    } catch (err) {
      const problem = (code) => ed.catalogue?.[ed.s.settings.lang]?.[code] ? ed.problemText({ code, cells: [] }) : null;
      const text = communityErrorText(err, t, problem);
      ed.root.dataset.publishError = err?.error ?? "offline";
      if (err?.error === "duplicate") {   // say it where the publish button was, not only in a toast
        ed.closeSheet();
        ed.result = { ...ed.result, published: true };
        ed.showVerdict();
        ed.lookPublished(ed.checkSeq);   // and the link to the level already there
      } else ed.s.toast(text, 4000);    // (the duplicate sentence is on the page: no cut-off toast)
      go.disabled = false;
    }
  };
  ed.openSheet([...fields, go], "publish");
}

/** The browse screen: sorted lists, a grade filter, play / like / report. */
export async function mountBrowse(root, mode, services) {
  const { t } = services;
  const wrap = el("div", "ed-root cm-root");
  const bar = el("div", "ed-tools");
  const list = el("ul", "cm-list");
  const grades = el("select");
  grades.name = "grade";
  grades.setAttribute("aria-label", t("cm.allGrades"));   // a select needs a name (axe)
  let sort = "newest";
  const seen = new Set();
  const load = async () => {
    for (const b of bar.querySelectorAll("[data-sort]")) b.setAttribute("aria-pressed", String(b.dataset.sort === sort));
    const q = new URLSearchParams({ sort });
    if (grades.value) q.set("grade", grades.value);
    let out;
    try { out = await call("GET", `/api/community/${enc(mode.id)}?${q}`); } catch (err) {
      list.replaceChildren(el("li", "cm-note", communityErrorText(err, t)));   // a list holds items only
      return;
    }
    for (const lv of out.levels) {
      if (seen.has(lv.grade)) continue;
      seen.add(lv.grade);
      grades.append(new Option(gradeName(lv.grade, t), lv.grade));
    }
    list.replaceChildren(...out.levels.map(item));
    if (!out.levels.length) list.replaceChildren(el("li", "cm-note", t("cm.empty")));
  };
  const item = (lv) => {
    const li = el("li", "cm-item");
    li.dataset.id = lv.id;
    const head = el("b", "", lv.title);
    const sub = el("span", "", t("cm.by", { ...lv, grade: gradeName(lv.grade, t) }));
    const btn = (name, label, fn) => {
      const b = button("ed-btn small", label, { act: name });
      b.onclick = () => fn(b).catch((err) => services.toast(communityErrorText(err, t), 3500));
      return b;
    };
    const likeBtn = btn("like", t("cm.like", { n: lv.likes }), async (b) => {
      if (!(await ensurePlayer())) return;   // a new player makes a name right here
      const on = b.getAttribute("aria-pressed") !== "true";
      const r = await call("POST", `/api/community/levels/${enc(lv.id)}/like`, { on });
      setLiked(lv.id, on);
      b.textContent = t("cm.like", { n: r.likes });
      b.setAttribute("aria-pressed", String(on));
    });
    likeBtn.setAttribute("aria-pressed", String(likedIds().includes(lv.id)));
    const row = el("div", "ed-actions");
    row.append(
      btn("play", t("cm.play"), async () => {
        await call("POST", `/api/community/levels/${enc(lv.id)}/play`);
        // its title in the title bar, the author's caption, and back here after the clear
        sessionStorage.setItem(PLAY_CONTEXT, JSON.stringify({ code: lv.code, mode: mode.id, title: lv.title, caption: lv.caption || null }));
        location.hash = `#/play/${lv.code}`;
      }),
      likeBtn,
      btn("report", t("cm.report"), async () => {
        if (!(await ensurePlayer())) return;
        let sent = false;
        const reason = await askText({
          title: t("cm.reportWhy"), max: 200, ok: t("cm.report"), name: "reason",
          submit: async (v) => {
            try { await call("POST", `/api/community/levels/${enc(lv.id)}/report`, { reason: v }); sent = true; return null; } catch (err) { return explain(err); }
          },
        });
        if (reason === null || !sent) return;
        services.toast(t("cm.reported"));
        load();
      }),
    );
    li.append(head, " ", sub, row);
    return li;
  };
  for (const s of ["newest", "played", "likes"]) {
    bar.append(button("ed-btn", t(`cm.${s}`), { sort: s }, () => { sort = s; load(); }));
  }
  grades.append(new Option(t("cm.allGrades"), ""));
  grades.onchange = load;
  bar.append(grades);
  wrap.append(bar, list);
  root.replaceChildren(wrap);
  await load();
  return { unmount() {} };
}

// Opening a room from the game: POST /api/rooms, keep the host key, go to the host page.
import { post } from "../shell/api.js";
import { readText } from "../shell/stored.js";

export const hostKeyName = (room) => `stream:host:${room}`;
/** Where the host page's "back to the game" goes: the level the room was opened from. */
export const backName = (room) => `stream:back:${room}`;

/** A shipped level (mode id + level id), or a level code (the #/play/<code> route). */
export async function startStream(modeId, levelId) {
  const body = modeId === "play" ? { code: levelId } : { mode: modeId, level: levelId };
  // this browser's identity, if it has one (bounded and checked as connection.js reads it)
  const client = readText("stream:token", (x) => /^v1\.[\w=-]+\.[\w=-]+$/.test(x), { maxChars: 64 });
  if (client) body.client = client;
  const r = await post("/api/rooms", body);
  localStorage.setItem(hostKeyName(r.room), r.host_key);
  localStorage.setItem(backName(r.room), location.hash || "#/");
  location.href = r.host_url;
}

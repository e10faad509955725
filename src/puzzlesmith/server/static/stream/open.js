// Opening a room from the game: POST /api/rooms, keep the host key, go to the host page.
import { post } from "../shell/api.js";
import "./strings.js";

export const hostKeyName = (room) => `stream:host:${room}`;

/** A shipped level (mode id + level id), or a level code (the #/play/<code> route). */
export async function startStream(modeId, levelId) {
  const body = modeId === "play" ? { code: levelId } : { mode: modeId, level: levelId };
  const r = await post("/api/rooms", body);
  localStorage.setItem(hostKeyName(r.room), r.host_key);
  location.href = r.host_url;
}

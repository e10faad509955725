// Opening a room from the game: POST /api/rooms, keep the host key, go to the host page.
import { post } from "../shell/api.js";
import "./strings.js";

export const hostKeyName = (room) => `stream:host:${room}`;

export async function startStream(modeId, levelId) {
  const r = await post("/api/rooms", { mode: modeId, level: levelId });
  localStorage.setItem(hostKeyName(r.room), r.host_key);
  location.href = r.host_url;
}

// WebAudio-synthesised sounds (nothing downloaded): step note rising with the step and
// looping after 12, a dull conflict thud, a clear chord. Silent when the setting is off.
import { settings } from "./settings.js";

let ctx = null;
function audio() {
  if (!settings.sound) return null;
  const AC = globalThis.AudioContext || globalThis.webkitAudioContext;
  if (!AC) return null;
  if (!ctx) { try { ctx = new AC(); } catch { return null; } }
  if (ctx.state === "suspended") ctx.resume().catch(() => {});
  return ctx;
}

function tone(freq, { at = 0, dur = 0.12, type = "sine", gain = 0.18, slide = 0 } = {}) {
  const a = audio();
  if (!a) return;
  const t0 = a.currentTime + at;
  const osc = a.createOscillator();
  const g = a.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  if (slide) osc.frequency.exponentialRampToValueAtTime(freq * slide, t0 + dur);
  g.gain.setValueAtTime(0.0001, t0);
  g.gain.exponentialRampToValueAtTime(gain, t0 + 0.008);
  g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
  osc.connect(g).connect(a.destination);
  osc.start(t0);
  osc.stop(t0 + dur + 0.02);
}

// A major pentatonic-ish ladder over 12 steps.
const LADDER = [0, 2, 4, 7, 9, 12, 14, 16, 19, 21, 24, 26];
export const sound = {
  step(k) {
    const semi = LADDER[(Math.max(1, k) - 1) % 12];
    tone(440 * Math.pow(2, semi / 12), { dur: 0.09, type: "triangle", gain: 0.16 });
  },
  tap() { tone(660, { dur: 0.05, type: "sine", gain: 0.08 }); },
  conflict() { tone(150, { dur: 0.18, type: "sine", gain: 0.3, slide: 0.6 }); },
  nudge() { tone(220, { dur: 0.08, type: "sine", gain: 0.1 }); },
  clear() {
    [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => tone(f, { at: i * 0.05, dur: 0.5, type: "triangle", gain: 0.12 }));
  },
};

export function vibrate(pattern) {
  if (!settings.vibration) return;
  try { if (navigator.vibrate) navigator.vibrate(pattern); } catch { /* unsupported */ }
}

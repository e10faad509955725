// shell/plays.js: the tries of shipped levels it reports, in a fake page (timers mocked):
// batched, one report a try (the newest), kept when the network fails, a glance is no try,
// a hidden page sends at once by beacon, nothing under Global Privacy Control.
import { test, mock } from "node:test";
import assert from "node:assert/strict";

class Storage {
  constructor() { this.m = new Map(); }
  getItem(k) { return this.m.has(k) ? this.m.get(k) : null; }
  setItem(k, v) { this.m.set(k, String(v)); }
  removeItem(k) { this.m.delete(k); }
}

const listeners = {};
const on = (type, fn) => { (listeners[type] ||= []).push(fn); };
const sent = [];        // {via, body}
let fetchFails = false;
let clock = 1_800_000_000_000;
let perf = 0;

Object.assign(globalThis, {
  document: { hidden: false, addEventListener: on, documentElement: { classList: { toggle() {} }, dataset: {} }, getElementById: () => null },
  window: { addEventListener: on },
  localStorage: new Storage(),
  sessionStorage: new Storage(),
});
Object.defineProperty(globalThis, "navigator", {
  configurable: true,
  value: { onLine: true, sendBeacon: (url, body) => { sent.push({ via: "beacon", url, body: JSON.parse(body) }); return true; } },
});
globalThis.fetch = async (url, init) => {
  if (fetchFails) throw new TypeError("Failed to fetch");
  sent.push({ via: "fetch", url, keepalive: init.keepalive, body: JSON.parse(init.body) });
  return { status: 202 };
};
mock.method(Date, "now", () => clock);
mock.method(performance, "now", () => perf);
mock.timers.enable({ apis: ["setTimeout"] });

const { startTry } = await import("../../src/puzzlesmith/server/static/shell/plays.js");

const screen = (moves, step, hints = 0, backs = 0) => ({ log: { entries: Array(moves).fill([0, "m"]), hints, backs }, progress: () => step });
const pass = (ms) => { clock += ms; perf += ms; };
const settle = () => new Promise((r) => setImmediate(r));
const tick = async (ms) => { mock.timers.tick(ms); await settle(); };

test("tries that end close together go in one request, 2 s after the first", async () => {
  sent.length = 0;
  const a = startTry("01-number-stroke", "1-4");
  a.watch(screen(5, 4, 1, 2));
  pass(20_000);
  a.cleared();
  const b = startTry("01-number-stroke", "1-5");
  b.watch(screen(3, 2));
  pass(5_000);
  b.left();
  b.left();                       // once only
  await tick(1_999);
  assert.equal(sent.length, 0);
  await tick(1);
  assert.equal(sent.length, 1);
  const [{ via, url, keepalive, body }] = sent;
  assert.deepEqual([via, url, keepalive], ["fetch", "/api/plays", true]);
  assert.match(body.session, /^[0-9a-f]{32}$/);
  const [one, two] = body.tries;
  assert.deepEqual(
    { ...one, started_ms: 0, ended_ms: 0 },
    { n: 1, mode: "01-number-stroke", level: "1-4", outcome: "cleared", started_ms: 0, ended_ms: 0, time_ms: 20_000, hints: 1, rewinds: 2, moves: 5, last_step: 4 },
  );
  assert.equal(one.ended_ms - one.started_ms, 20_000);
  assert.deepEqual([two.n, two.outcome, two.last_step, two.time_ms], [2, "left", 2, 5_000]);
});

test("a level left untouched within 3 s is no try; touched or looked at longer, it is", async () => {
  sent.length = 0;
  const glance = startTry("01-number-stroke", "1-6");
  glance.watch(screen(0, 0));
  pass(2_000);
  glance.left();
  const look = startTry("01-number-stroke", "1-7");
  look.watch(screen(0, 0));
  pass(40_000);                   // stared at 1-7 and gave up without drawing
  look.left();
  await tick(2_000);
  assert.deepEqual(sent[0].body.tries.map((t) => [t.level, t.last_step, t.time_ms]), [["1-7", 0, 40_000]]);
});

test("the page hides: the open try goes by beacon at once, its hidden time is not counted, and its clear later is the same try", async () => {
  sent.length = 0;
  const t = startTry("04-cows", "1-7");
  const sc = screen(4, 2);
  t.watch(sc);
  pass(10_000);
  document.hidden = true;
  for (const fn of listeners.visibilitychange) fn();
  assert.equal(sent.length, 1);
  const [hid] = sent[0].body.tries;
  assert.deepEqual([sent[0].via, hid.outcome, hid.last_step, hid.time_ms], ["beacon", "left", 2, 10_000]);
  pass(600_000);                  // ten minutes in a pocket
  document.hidden = false;
  for (const fn of listeners.visibilitychange) fn();
  pass(5_000);
  sc.log.entries.push([0, "m"]);
  sc.progress = () => 5;
  t.cleared();
  await tick(2_000);
  const [done] = sent[1].body.tries;
  assert.deepEqual([done.n, done.outcome, done.last_step, done.time_ms], [hid.n, "cleared", 5, 15_000]);
  assert.equal(sent[1].body.session, sent[0].body.session);
});

test("a failed request keeps its tries for the next one", async () => {
  sent.length = 0;
  fetchFails = true;
  const t = startTry("03-hex-walls", "1-1");
  t.watch(screen(2, 2));
  pass(4_000);
  t.left();
  await tick(2_000);
  assert.equal(sent.length, 0);
  fetchFails = false;
  const u = startTry("03-hex-walls", "1-2");
  u.watch(screen(1, 1));
  pass(4_000);
  u.left();
  await tick(2_000);
  assert.deepEqual(sent[0].body.tries.map((x) => x.level), ["1-1", "1-2"]);
});

test("Global Privacy Control: no try is made", async () => {
  navigator.globalPrivacyControl = true;
  assert.equal(startTry("01-number-stroke", "1-1"), null);
  delete navigator.globalPrivacyControl;
});

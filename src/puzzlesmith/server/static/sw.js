// The service worker of the installable game (served as /sw.js, with PRECACHE in front:
// {version, pages, static, api}). After one online visit every shipped level plays offline.
// - install: store the start page, every client file of this version and the API answers
//   a shipped level needs; one cache per version.
// - activate: drop the caches of other versions, take over open pages at once.
// - fetch: versioned static files cache-first (their URLs never change content); pages and
//   API GETs network-first, falling back to the cache when the server cannot be reached
//   (marked with a header, so the shell knows it is offline); POSTs (check, hint) go to
//   the network only: when it is gone the play kit uses the rules mirror and the baked
//   solution.
/* global PRECACHE */
const PREFIX = "puzzlesmith-";
const CACHE = PREFIX + PRECACHE.version;
const FALLBACK_HEADER = "x-puzzlesmith-cache";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll([...PRECACHE.pages, ...PRECACHE.static, ...PRECACHE.api]);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

function fromCacheMarked(res) {
  const headers = new Headers(res.headers);
  headers.set(FALLBACK_HEADER, "fallback");
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(request);
    if (res.ok) await cache.put(key, res.clone());
    return res;
  } catch (err) {
    const hit = await cache.match(key);
    if (!hit) throw err;               // the page sees a network error: "needs a connection"
    return fromCacheMarked(hit);
  }
}

async function cacheFirst(request) {
  const hit = await caches.match(request);
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok) await (await caches.open(CACHE)).put(request, res.clone());
  return res;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // Every page of the game is the one start page (routes live in the hash).
    event.respondWith(networkFirst(request, url.pathname === "/" ? "/" : request));
  } else if (url.pathname.startsWith("/static/v/")) {
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(networkFirst(request, request));
  }
});

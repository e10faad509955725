// The service worker of the installable game (served as /sw.js, with PRECACHE in front:
// {version, pages, static, api}). After one online visit every shipped level plays offline.
// - install: store the start page, every client file of this version and the API answers
//   a shipped level needs; one cache per version.
// - activate: drop the caches of other versions, take over open pages at once.
// - fetch: versioned static files cache-first (their URLs never change content); pages and
//   API GETs network-first (a page through navigation preload, so its request does not
//   wait for the worker to start; an answer is cached after it went to the page, never
//   before), falling back to the cache when the server cannot be reached
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
    // A page's request goes to the network while the worker starts, not after it.
    await self.registration.navigationPreload?.enable().catch(() => {});
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

// The fast path: the answer goes to the page as soon as it arrives; writing it to the
// cache is left to event.waitUntil (awaiting it first held every page and API answer
// back by a cache write).
function keep(event, cacheP, key, res) {
  if (res.ok) {
    const copy = res.clone();
    event.waitUntil(cacheP.then((cache) => cache.put(key, copy)).catch(() => {}));
  }
  return res;
}

async function networkFirst(event, key, preload = null) {
  const cacheP = caches.open(CACHE);
  try {
    const res = (preload && (await preload)) || (await fetch(event.request));
    return keep(event, cacheP, key, res);
  } catch (err) {
    const hit = await (await cacheP).match(key);
    if (!hit) throw err;               // the page sees a network error: "needs a connection"
    return fromCacheMarked(hit);
  }
}

async function cacheFirst(event) {
  const cacheP = caches.open(CACHE);
  const hit = await (await cacheP).match(event.request);
  if (hit) return hit;
  return keep(event, cacheP, event.request, await fetch(event.request));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    // Every page of the game is the one start page (routes live in the hash); the answer
    // the browser already asked for while the worker started (navigation preload).
    event.respondWith(networkFirst(event, url.pathname === "/" ? "/" : request, event.preloadResponse));
  } else if (url.pathname.startsWith("/static/v/")) {
    event.respondWith(cacheFirst(event));
  } else {
    event.respondWith(networkFirst(event, request));
  }
});

// Keeps the game working offline once it has loaded: every file of the site is cached on install
// and served from the cache, refreshed from the network when it can be.
const CACHE = "tictactoe-SITE_VERSION";
const FILES = ["./", "index.html", "tictactoe.js", "tictactoe_bg.wasm", "worker.js", "manifest.webmanifest",
  "icon-32.png", "icon-256.png", "icon-512.png"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) =>
    Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key)))));
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(fetch(event.request).then((response) => {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(event.request, copy));
    return response;
  }).catch(() => caches.match(event.request, { ignoreSearch: true })));
});

// Keeps the game working offline once it has loaded: every file of the site is cached on install.
// The program and its WebAssembly, whose addresses carry the build's version (`?v=`), are served
// from the cache at once: an address with this version holds these bytes for good, and a new build
// asks for new addresses, which come from the network. Everything else (the page, which names the
// version, the worker's script, the icons) comes from the network when it can, so that a new build
// is seen on the next load, and from the cache offline.
const VERSION = "SITE_VERSION";
const CACHE = `tictactoe-${VERSION}`;
const VERSIONED = [`tictactoe.js?v=${VERSION}`, `tictactoe_bg.wasm?v=${VERSION}`];
const FILES = ["./", "index.html", "worker.js", "manifest.webmanifest", "icon-32.png", "icon-512.png",
  ...VERSIONED];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((keys) =>
    Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key)))));
});

const fromNetwork = (request) => fetch(request).then((response) => {
  if (response.ok) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const url = new URL(event.request.url);
  if (url.searchParams.has("v") && /\.(js|wasm)$/.test(url.pathname)) {
    // Any version's cache may hold it (the one still installing, the one before): the same
    // address is the same bytes.
    event.respondWith(caches.match(event.request).then((kept) => kept || fromNetwork(event.request)));
    return;
  }
  event.respondWith(fromNetwork(event.request).catch(() => caches.match(event.request, { ignoreSearch: true })));
});

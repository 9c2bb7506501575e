// A static host for the built site, set up as docs/installing.md tells one to be: each file with
// its type, and where scripts/web-build.sh wrote FILE.gz beside it and the browser accepts gzip,
// those bytes instead, with Content-Encoding: gzip (what nginx's gzip_static and Caddy's
// precompressed do). Files as a host sends them: Last-Modified, no Cache-Control unless asked.
//
//   node tests/web/static-host.mjs SITE PORT     (serves SITE on 127.0.0.1:PORT until killed)
//
// or, from a test, staticHost(() => folder, { headers }): the folder is asked for at each request,
// so a test can deploy another version in its place.
import { readFileSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";
import { pathToFileURL } from "node:url";

export const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm",
  ".json": "application/json", ".webmanifest": "application/manifest+json", ".png": "image/png" };

// Files read once per version of them (their path and time), so that a timed load never waits on
// the disk.
const kept = new Map();
function read(file) {
  const modified = statSync(file).mtime;
  const key = `${file} ${modified.getTime()}`;
  if (!kept.has(key)) kept.set(key, { bytes: readFileSync(file), modified });
  return kept.get(key);
}

export function staticHost(root, { headers = {} } = {}) {
  return createServer((request, response) => {
    let path = decodeURIComponent(new URL(request.url, "http://x").pathname);
    if (path.endsWith("/")) path += "index.html";
    const file = join(root(), normalize(path).replace(/^(\.\.[/\\])+/, ""));
    let plain;
    try {
      plain = read(file);
    } catch {
      response.writeHead(404).end();
      return;
    }
    let gzipped = null;
    if (/\bgzip\b/.test(request.headers["accept-encoding"] || "")) {
      try {
        gzipped = read(`${file}.gz`);
      } catch {
        gzipped = null;
      }
    }
    const body = (gzipped ?? plain).bytes;
    response.writeHead(200, {
      "Content-Type": types[extname(file)] || "application/octet-stream",
      "Content-Length": body.length,
      "Last-Modified": plain.modified.toUTCString(),
      Vary: "Accept-Encoding",
      ...(gzipped ? { "Content-Encoding": "gzip" } : {}),
      ...headers,
    });
    response.end(body);
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [site, port] = process.argv.slice(2);
  if (!site || !/^\d+$/.test(port || "")) {
    console.error("usage: node tests/web/static-host.mjs SITE PORT");
    process.exit(2);
  }
  staticHost(() => site).listen(Number(port), "127.0.0.1");
}

// A returning visitor after a new version of the site is deployed (scripts/web-check.sh runs
// this on the built site): version A is served and loaded twice, so that its service worker
// keeps its offline copy and controls the page; then version B is deployed in its place (the
// same site with another build id in its service worker and in the program's addresses, and a
// visible marker in its page, as a new build differs) and the visitor, in the same browser
// profile, reloads: the page must be version B running B's program (never A's kept offline), and
// the game must start. Reports what served it and what became of B's service
// worker. Screenshots go to OUT_DIR/update-*.png.
//
//   node update.mjs SITE_DIR OUT_DIR
import { gatherErrors, launchHeadless } from "./chromium.mjs";
import { staticHost } from "./static-host.mjs";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const [site, out] = process.argv.slice(2);
if (!site || !out) {
  console.error("usage: node update.mjs SITE_DIR OUT_DIR");
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const say = (text) => console.log(`web-check: ${text}`);
const problems = [];
function check(condition, message) {
  if (!condition) throw new Error(message);
}

// Version A is the site as built; version B the same files with a new build id (the service
// worker's cache name, and the program's and the WebAssembly's addresses in the page and its
// worker, as scripts/web-build.sh writes them) and a marker on its page.
const versionA = join(out, "update-site-a");
const versionB = join(out, "update-site-b");
for (const folder of [versionA, versionB]) {
  rmSync(folder, { recursive: true, force: true });
  cpSync(site, folder, { recursive: true });
}
const idA = readFileSync(join(versionB, "sw.js"), "utf8").match(/const VERSION = "([^"]+)"/)?.[1];
check(idA, "the service worker names no version");
const idB = `${idA}-next`;
const cacheA = `tictactoe-${idA}`;
const cacheB = `tictactoe-${idB}`;
// Each changed file's precompressed copy (FILE.gz) is made anew, as a new build makes it: the
// host sends that copy to a browser that accepts gzip.
const rewrite = (name, text) => {
  check(existsSync(join(versionB, `${name}.gz`)), `the site has no ${name}.gz (scripts/web-build.sh writes one)`);
  writeFileSync(join(versionB, name), text);
  writeFileSync(join(versionB, `${name}.gz`), gzipSync(text, { level: 9 }));
};
for (const name of ["sw.js", "index.html", "worker.js"]) {
  const text = readFileSync(join(versionB, name), "utf8");
  check(text.includes(idA), `${name} does not name the build's version`);
  rewrite(name, text.replaceAll(idA, idB));
}
const page = readFileSync(join(versionB, "index.html"), "utf8");
check(page.includes("<body>"), "the page has no <body>");
rewrite("index.html", page.replace("<body>",
  '<body>\n  <div id="deployed" style="position:absolute;right:8px;bottom:8px;color:#c0c">version B</div>'));

// A static server, as a host serves a site (Last-Modified, no Cache-Control, the precompressed
// files), whose folder is swapped when version B is deployed.
let root = versionA;
const server = staticHost(() => root);
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${server.address().port}/index.html`;

const browser = await launchHeadless();
const context = await browser.newContext({ viewport: { width: 900, height: 700 } });
const tab = await context.newPage();
gatherErrors(tab, problems);
const started = () => tab.waitForFunction(() =>
  (document.getElementById("status")?.textContent || "").includes("Your move"), null, { timeout: 30_000 });
const cacheNames = () => tab.evaluate(() => caches.keys());

try {
  // The first visit: A's service worker installs and keeps the site; the second, A's worker
  // controls the page.
  await tab.goto(url);
  await started();
  await tab.evaluate(() => navigator.serviceWorker.ready);
  await tab.reload();
  await started();
  check(await tab.evaluate(() => navigator.serviceWorker.controller !== null),
    "version A's service worker does not control the page on the second visit");
  check((await cacheNames()).includes(cacheA), `no offline copy of version A: ${await cacheNames()}`);
  check(await tab.locator("#deployed").count() === 0, "version A shows B's marker");

  // Version B deployed; the visitor comes back.
  root = versionB;
  const response = await tab.reload();
  await started();
  await tab.screenshot({ path: `${out}/update-b.png` });
  const marker = tab.locator("#deployed");
  check(await marker.count() === 1 && await marker.isVisible(),
    "after version B was deployed, a reload still shows version A");
  // B's page runs B's program, not A's kept in the offline copy.
  const program = await tab.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name)
    .filter((name) => /tictactoe(_bg)?\.(js|wasm)\?/.test(name)));
  check(program.length > 0 && program.every((name) => name.endsWith(`?v=${idB}`)),
    `version B's page loaded ${JSON.stringify(program)}, not B's program`);
  // B's service worker installs beside A's: its offline copy is kept once it is installed.
  const waitingSince = Date.now();
  while (!(await cacheNames()).includes(cacheB)) {
    check(Date.now() - waitingSince < 30_000,
      `version B's offline copy (${cacheB}) never appeared: ${JSON.stringify(await cacheNames())}`);
    await tab.waitForTimeout(200);
  }
  const worker = await tab.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return registration.waiting ? "waiting" : registration.installing ? "installing" : "active";
  });
  say(`update: after version B was deployed, one reload showed B (served ${response.fromServiceWorker()
    ? "through A's service worker" : "from the network"}); B's service worker installed its offline copy ` +
    `and is ${worker}; caches ${JSON.stringify(await cacheNames())}`);
} catch (error) {
  problems.push(error.message);
  await tab.screenshot({ path: `${out}/update-failure.png` }).catch(() => {});
}
await browser.close();
server.close();
if (problems.length) {
  for (const problem of problems) console.error(`web-check: FAIL: ${problem}`);
  process.exit(1);
}
say("update: ok");

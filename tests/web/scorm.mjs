// A set's SCORM 1.2 package run by a real SCORM 1.2 runtime (scripts/web-check.sh runs this):
// the package the command line made (`tictactoe exercises --format scorm`) is unzipped and served
// under a host page whose window.API is scorm-again's Scorm12API (pinned in package.json), as an
// LMS frames a SCO. The set is answered by keyboard from its key (the command line's
// `--format json`), half of it, then the host reloads with what the LMS kept (its data model, as
// an LMS stores it between visits) and the page resumes from cmi.suspend_data; what the LMS
// received is checked: one interaction per item, score 100 of 0..100, `passed`. A second
// attempt with the value items answered wrong gets the score those answers earn and `failed`.
// The manifest is checked against SCORM 1.2's rules for it (see checkManifest), and the
// package the page itself downloads ("For the teacher" › "Download for an LMS (SCORM 1.2)")
// must be the command line's byte for byte.
//
//   node scorm.mjs SITE_DIR PACKAGE.zip SET.json OUT_DIR
//
// SITE_DIR is the built site the package was made from (the page's download is made from it);
// PACKAGE.zip was made with the pass mark 80. Screenshots go to OUT_DIR.
import { gatherErrors, launchHeadless } from "./chromium.mjs";
import { createServer } from "node:http";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const [site, packagePath, setPath, out] = process.argv.slice(2);
if (!out) {
  console.error("usage: node scorm.mjs SITE_DIR PACKAGE.zip SET.json OUT_DIR");
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const say = (text) => console.log(`scorm: ${text}`);
const problems = [];
const check = (ok, what) => { if (!ok) problems.push(what); };
const started = Date.now();
const PASS = 80;

// The entries of a zip whose files are stored (no compression), as the package's are: each
// file's name and bytes, from the central directory; its CRC-32 checked.
function unzip(bytes) {
  const u16 = (at) => bytes.readUInt16LE(at), u32 = (at) => bytes.readUInt32LE(at);
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error("not a zip: no end of central directory");
  const files = new Map();
  let at = u32(end + 16);
  for (let i = 0; i < u16(end + 10); i++) {
    if (u32(at) !== 0x02014b50) throw new Error(`central directory entry ${i} is broken`);
    const [method, crc, size, nameLength, extra, comment, local] =
      [u16(at + 10), u32(at + 16), u32(at + 20), u16(at + 28), u16(at + 30), u16(at + 32), u32(at + 42)];
    const name = bytes.toString("latin1", at + 46, at + 46 + nameLength);
    if (method !== 0) throw new Error(`${name} is compressed (method ${method}), not stored`);
    const start = local + 30 + u16(local + 26) + u16(local + 28);
    const data = bytes.subarray(start, start + size);
    if (crc32(data) !== crc) throw new Error(`${name}: its CRC-32 does not match`);
    files.set(name, data);
    at += 46 + nameLength + extra + comment;
  }
  return files;
}
function crc32(bytes) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc >>> 0;
}

const zipBytes = readFileSync(packagePath);
const packaged = unzip(zipBytes);
const set = JSON.parse(readFileSync(setPath, "utf8"));
const count = set.items.length;

// A static server: the host page and the runtime at /, the unzipped package under /pkg/, the
// built site under /site/.
// Its browser build, which sets window.Scorm12API.
const runtime = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "node_modules/scorm-again/dist/scorm12.min.js"));
const host = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>LMS</title>
<link rel="icon" href="data:,"><script src="scorm12.min.js"></script>
<style>body{margin:0;font:14px sans-serif}header{padding:4px 8px;background:#335;color:#fff}
iframe{border:0;width:100vw;height:calc(100vh - 26px)}</style></head><body>
<header>A test LMS: scorm-again's Scorm12API as window.API</header>
<script>
  // What the LMS keeps between visits: the data model committed last, in this tab's storage.
  const kept = sessionStorage.getItem("lms");
  window.API = new Scorm12API({ autocommit: false, logLevel: 5 });
  window.API.loadFromJSON(kept ? JSON.parse(kept).cmi : { student_data: { mastery_score: "${PASS}" } }, "");
  window.commits = 0;
  window.API.on("LMSCommit", () => {
    window.commits++;
    sessionStorage.setItem("lms", JSON.stringify(window.API.renderCMIToJSONObject()));
  });
  window.finished = false;
  window.API.on("LMSFinish", () => { window.finished = true; });
  const start = new URLSearchParams(location.search).get("start");
  document.write('<iframe id="sco" src="pkg/' + start + '"></iframe>');
</script></body></html>`;
const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".png": "image/png",
  ".webmanifest": "application/manifest+json", ".xml": "application/xml" };
const notFound = [];
const server = createServer((request, response) => {
  // A folder's index.html, as a static host (and an LMS's package player) serves it.
  const asked = decodeURIComponent(new URL(request.url, "http://x").pathname);
  const path = asked.endsWith("/") ? `${asked}index.html` : asked;
  if (path === "/favicon.ico") { response.writeHead(204); response.end(); return; }
  let body = null;
  if (path === "/host.html") body = Buffer.from(host);
  else if (path === "/scorm12.min.js") body = runtime;
  else if (path.startsWith("/pkg/")) body = packaged.get(path.slice(5)) ?? null;
  else if (path.startsWith("/site/")) {
    try { body = readFileSync(join(site, normalize(path.slice(6)).replace(/^(\.\.[/\\])+/, ""))); } catch { body = null; }
  }
  if (body === null) {
    notFound.push(path);
    response.writeHead(404);
    response.end();
    return;
  }
  response.writeHead(200, { "content-type": types[extname(path)] || "application/octet-stream" });
  response.end(body);
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

// SCORM 1.2's rules for imsmanifest.xml (the Content Aggregation Model, on IMS Content
// Packaging 1.1.2), checked with the browser's own XML parser: the root <manifest> in the IMS CP
// namespace with an identifier; <metadata> saying schema "ADL SCORM", version "1.2";
// <organizations> whose default names one of its <organization>s, each with a <title> and
// <item>s; each item an identifier, a title and an identifierref naming a resource; each
// <resource> an identifier, type "webcontent", adlcp:scormtype "sco" or "asset" in ADL's
// namespace, and (a SCO) an href whose file is in the package; every <file href> in the package
// and every file of the package listed; identifiers XML IDs (NCNames), none twice;
// adlcp:masteryscore a whole number from 0 to 100.
async function checkManifest(page, xml, files) {
  return page.evaluate(({ xml, files }) => {
    const IMSCP = "http://www.imsproject.org/xsd/imscp_rootv1p1p2";
    const ADLCP = "http://www.adlnet.org/xsd/adlcp_rootv1p2";
    const found = [];
    const doc = new DOMParser().parseFromString(xml, "application/xml");
    if (doc.getElementsByTagName("parsererror").length) return { found: ["not well-formed XML"] };
    const need = (ok, what) => { if (!ok) found.push(what); };
    const children = (el, name, ns = IMSCP) => [...el.children].filter((c) => c.localName === name && c.namespaceURI === ns);
    const root = doc.documentElement;
    need(root.localName === "manifest" && root.namespaceURI === IMSCP, "the root is not <manifest> in IMS CP 1.1.2's namespace");
    const ids = [...doc.querySelectorAll("[identifier]")].map((el) => el.getAttribute("identifier"));
    const ncName = /^[A-Za-z_][A-Za-z0-9._-]*$/;
    for (const id of ids) need(ncName.test(id), `identifier "${id}" is not an XML ID`);
    need(new Set(ids).size === ids.length, "an identifier is used twice");
    need(root.hasAttribute("identifier"), "<manifest> has no identifier");
    const [metadata] = children(root, "metadata");
    need(metadata && children(metadata, "schema")[0]?.textContent.trim() === "ADL SCORM", "metadata's schema is not ADL SCORM");
    need(metadata && children(metadata, "schemaversion")[0]?.textContent.trim() === "1.2", "metadata's schemaversion is not 1.2");
    const [organizations] = children(root, "organizations");
    const [resourcesEl] = children(root, "resources");
    need(organizations && resourcesEl, "<organizations> or <resources> is missing");
    if (!organizations || !resourcesEl) return { found };
    const orgs = children(organizations, "organization");
    need(orgs.length > 0, "no <organization>");
    need(orgs.some((o) => o.getAttribute("identifier") === organizations.getAttribute("default")),
      "organizations' default names no organization");
    const resources = children(resourcesEl, "resource");
    const byId = new Map(resources.map((r) => [r.getAttribute("identifier"), r]));
    const items = [];
    for (const org of orgs) {
      need(children(org, "title").length === 1, "an organization has no title");
      const walk = (el) => { for (const item of children(el, "item")) { items.push(item); walk(item); } };
      walk(org);
    }
    need(items.length > 0, "no <item>");
    for (const item of items) {
      need(item.hasAttribute("identifier") && children(item, "title").length === 1, "an item lacks its identifier or title");
      const ref = item.getAttribute("identifierref");
      if (ref !== null) need(byId.has(ref), `item's identifierref "${ref}" names no resource`);
      const mastery = children(item, "masteryscore", ADLCP)[0]?.textContent.trim();
      if (mastery !== undefined) need(/^\d+$/.test(mastery) && Number(mastery) <= 100, `masteryscore "${mastery}" is not 0 to 100`);
    }
    const listed = new Set();
    let scos = 0;
    for (const r of resources) {
      need(r.hasAttribute("identifier") && r.getAttribute("type") === "webcontent", "a resource is not webcontent with an identifier");
      const kind = r.getAttributeNS(ADLCP, "scormtype");
      need(kind === "sco" || kind === "asset", `a resource's adlcp:scormtype is "${kind}"`);
      if (kind === "sco") {
        scos++;
        const href = r.getAttribute("href") || "";
        need(files.includes(href.split("?")[0]), `the SCO's href "${href}" is not in the package`);
      }
      for (const f of children(r, "file")) listed.add(f.getAttribute("href"));
    }
    need(scos === 1, `${scos} SCOs, not one`);
    for (const f of listed) need(files.includes(f), `listed file ${f} is not in the package`);
    for (const f of files) need(f === "imsmanifest.xml" || listed.has(f), `${f} is in the package but not listed`);
    const mastery = doc.getElementsByTagNameNS(ADLCP, "masteryscore")[0]?.textContent.trim();
    const href = resources[0]?.getAttribute("href");
    return { found, mastery, href };
  }, { xml, files });
}

const browser = await launchHeadless();
const context = await browser.newContext({ viewport: { width: 900, height: 760 }, acceptDownloads: true });
const page = await context.newPage();
gatherErrors(page, problems);

const manifest = await checkManifest(page, packaged.get("imsmanifest.xml").toString("utf8"), [...packaged.keys()]);
for (const problem of manifest.found) check(false, `the manifest: ${problem}`);
check(manifest.mastery === String(PASS), `the manifest's masteryscore is ${manifest.mastery}, not ${PASS}`);
say(`the manifest meets SCORM 1.2's rules (${manifest.found.length} problems); it starts ${manifest.href}`);

const shot = (name) => page.screenshot({ path: `${out}/${name}.png` });
const sco = () => page.frame({ url: /\/pkg\/index\.html/ });
const status = async () => (await sco()?.locator("#status").textContent().catch(() => "")) || "";
const until = async (test, what, timeout = 20_000) => {
  const start = Date.now();
  while (Date.now() - start < timeout) {
    if (await test().catch(() => false)) return;
    await page.waitForTimeout(50);
  }
  await shot("scorm-timed-out").catch(() => {});
  throw new Error(`timed out waiting for ${what}; the set's status says ${JSON.stringify(await status())}; ` +
    `the frames: ${page.frames().map((f) => f.url()).join(", ")}; problems: ${problems.join("; ")}`);
};
const lms = () => page.evaluate(() => ({
  status: API.LMSGetValue("cmi.core.lesson_status"),
  raw: API.LMSGetValue("cmi.core.score.raw"),
  min: API.LMSGetValue("cmi.core.score.min"),
  max: API.LMSGetValue("cmi.core.score.max"),
  interactions: Number(API.LMSGetValue("cmi.interactions._count")),
  suspend: API.cmi.suspend_data,
  stored: JSON.parse(sessionStorage.getItem("lms") || "{}"),
  commits: window.commits,
}));
// What the LMS kept of each interaction (SCORM 1.2's interactions are write-only through the
// API: an LMS reads them from what was committed).
const interactions = (kept) => Object.values(kept.cmi?.interactions ?? {});

const openHost = async () => {
  await page.goto(`${origin}/host.html?start=${encodeURIComponent(manifest.href)}`);
  await until(async () => /^Exercises/.test(await status()), "the set in the LMS's frame", 30_000);
};
// Answers item `item` by keyboard: its field has the keyboard once the item settles; Enter
// checks, N goes on.
const answer = async (item, typed) => {
  await until(async () => (await status()).startsWith(`Exercises: item ${item} of ${count}`), `item ${item}`);
  await page.waitForTimeout(300);
  await page.keyboard.type(typed, { delay: 5 });
  await page.keyboard.press("Enter");
  await until(async () => /^(Right|Not quite)/.test(await sco().locator("#notice").textContent()), `the verdict on item ${item}`);
  await page.keyboard.press("n");
};

// The whole set right, with a reload half-way.
await openHost();
await sco().locator("#game").focus();
const half = Math.floor(count / 2);
for (const item of set.items.slice(0, half)) await answer(item.item, item.answer);
await until(async () => (await lms()).interactions === half, `${half} interactions`);
let seen = await lms();
check(seen.status === "incomplete", `half-way the status is ${seen.status}, not incomplete`);
check(seen.suspend.startsWith(set.code), `the suspend data is ${JSON.stringify(seen.suspend)}`);
await shot("scorm-half-way");
await openHost();
await until(async () => (await status()).startsWith(`Exercises: item ${half + 1} of ${count}`),
  `the set resumed on item ${half + 1}`);
say(`after a reload the set resumed on item ${half + 1} of ${count}, from cmi.suspend_data`);
await shot("scorm-resumed");
await sco().locator("#game").focus();
for (const item of set.items.slice(half)) await answer(item.item, item.answer);
await until(async () => (await lms()).status === "passed", "passed");
seen = await lms();
const kept = interactions(seen.stored);
check(seen.raw === "100" && seen.min === "0" && seen.max === "100",
  `the score is ${seen.raw} of ${seen.min}..${seen.max}, not 100 of 0..100`);
check(seen.interactions === count, `${seen.interactions} interactions, not ${count}`);
check(kept.length === count && kept.every((k, i) => k.id === `item-${i + 1}` && k.result === "correct"
  && k.student_response === set.items[i].answer),
  `the interactions the LMS kept: ${JSON.stringify(kept)}`);
say(`the LMS received score ${seen.raw} (${seen.min}..${seen.max}), ${seen.status}, ${seen.interactions} interactions, ` +
  `${seen.commits} commits`);
await until(async () => (await status()).startsWith("Exercises done"), "the results");
await page.waitForTimeout(300);
await shot("scorm-passed");
// The page left: LMSFinish.
await page.goto("about:blank");

// Another attempt: the value items answered wrong.
await page.goto(`${origin}/scorm12.min.js`);
await page.evaluate(() => sessionStorage.clear());
await openHost();
await sco().locator("#game").focus();
let right = 0;
for (const item of set.items) {
  const wrong = item.kind === "value";
  right += wrong ? 0 : 1;
  await answer(item.item, wrong ? "99" : item.answer);
}
const expected = Math.round((100 * right) / count);
await until(async () => (await lms()).status === "failed", "failed");
seen = await lms();
check(seen.raw === String(expected), `the wrong set's score is ${seen.raw}, not ${expected}`);
const wrongs = interactions(seen.stored).filter((k) => k.result === "wrong").length;
check(wrongs === count - right, `${wrongs} interactions wrong, not ${count - right}`);
say(`a set with ${count - right} of ${count} wrong: score ${seen.raw}, ${seen.status}`);
await page.waitForTimeout(300);
await shot("scorm-failed");

// The page's own package, downloaded from the set's screen: the command line's bytes.
await page.goto(`${origin}/site/index.html?exercises=${set.code}`);
const mirror = (label) => page.locator(`#controls button[aria-label="${label}"]`);
await mirror("For the teacher").waitFor({ state: "attached", timeout: 30_000 });
await mirror("For the teacher").dispatchEvent("click");
await mirror("Download for an LMS (SCORM 1.2)").waitFor({ state: "attached" });
const [download] = await Promise.all([
  page.waitForEvent("download", { timeout: 30_000 }),
  mirror("Download for an LMS (SCORM 1.2)").dispatchEvent("click"),
]);
const downloaded = readFileSync(await download.path());
check(downloaded.equals(zipBytes),
  `the page's package (${downloaded.length} bytes, ${download.suggestedFilename()}) differs from the command line's (${zipBytes.length} bytes)`);
await page.waitForTimeout(500);
await shot("scorm-download");
say(`the page's package, ${download.suggestedFilename()}, is the command line's byte for byte (${downloaded.length} bytes)`);

await browser.close();
server.close();
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (notFound.length) problems.push(`not found on the server: ${notFound.join(", ")}`);
if (problems.length) {
  console.error(`scorm: ${problems.length} problems:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
say(`passed in ${seconds} s`);
writeFileSync(`${out}/scorm-report.txt`, `passed in ${seconds} s\n`);

// A whole exercise set done on a phone's screen by taps and typing only, at true viewport
// widths: the page opened as a Chromium app window (--app=URL, a persistent context) of the
// phone's size at a device pixel ratio of 3, under a virtual X server, with touch
// (page.touchscreen). At each step every control the page mirrors (a button placed over each of
// the open view's key controls, named as the app names it) is inside the viewport's sides, but a
// tree's nodes, which scroll sideways; the page neither scrolls nor is wider than the screen; the
// answer field, Check and Next are tapped where the mirror says they are, and must be inside the
// view without a swipe (they sit in a bar that never scrolls away). The answers come from the
// command line (`tictactoe exercises --code CODE --format json`, run by scripts/web-check.sh
// before the browser starts), never from this file. Fails on any page error.
//
//   xvfb-run -a node phone.mjs URL OUT_DIR SET_JSON [WIDTHxHEIGHT[:ITEMS] ...]
//
// Each screen gets the first ITEMS items of the set (all of them when ITEMS is left out); without
// screens, 390x844 (scripts/web-check.sh gives its own). One browser does every screen: its app
// window is resized to each screen in turn and the set opened afresh, where a browser started
// for each screen loaded and compiled the page again.
import { chromium } from "playwright-core";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const [url, out, setFile, ...screenArgs] = process.argv.slice(2);
if (!url || !out || !setFile) {
  console.error("usage: xvfb-run -a node phone.mjs URL OUT_DIR SET_JSON [WIDTHxHEIGHT[:ITEMS] ...]");
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const set = JSON.parse(readFileSync(setFile, "utf8"));
const screens = (screenArgs.length ? screenArgs : ["390x844"]).map((arg) => {
  const [size, items] = arg.split(":");
  const [width, height] = size.split("x").map(Number);
  return { width, height, items: items ? Number(items) : set.items.length };
});
const ratio = 3;
const address = `${url}?exercises=${set.code}`;
const say = (text) => console.log(`web-phone: ${text}`);
const problems = [];
const check = (condition, message) => { if (!condition) throw new Error(message); };

// A browser with one app window, at `first`'s size; its page and a DevTools session on it.
async function launch(first) {
  const profile = mkdtempSync(join(tmpdir(), "phone-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: false,
    viewport: null,
    hasTouch: true,
    // Software WebGL without a GPU process, as in touch.mjs.
    args: ["--no-sandbox", "--enable-unsafe-swiftshader", "--disable-gpu", `--force-device-scale-factor=${ratio}`,
      `--window-size=${first.width},${first.height}`, `--app=${address}`, "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const page = context.pages()[0] || await context.waitForEvent("page");
  const cdp = await context.newCDPSession(page);
  let name = "starting";
  page.on("pageerror", (error) => problems.push(`${name}: page error: ${error.message}`));
  page.on("console", (m) => m.type() === "error" && problems.push(`${name}: console error: ${m.text()}`));
  const close = async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { page, cdp, close, used: false, named: (screen) => { name = screen; } };
}

// The app window made `width`×`height` and the set opened afresh in it (a new browser's window
// has both already).
async function resize(browser, { width, height }) {
  const { page, cdp } = browser;
  if (browser.used) {
    const { windowId } = await cdp.send("Browser.getWindowForTarget");
    await cdp.send("Browser.setWindowBounds", { windowId, bounds: { width, height } });
    // A set's progress is kept in the browser's storage by its code: each screen's student starts
    // the set afresh, as the first screen's new browser does.
    await page.goto("about:blank");
    await cdp.send("Storage.clearDataForOrigin", {
      origin: new URL(address).origin, storageTypes: "local_storage",
    });
    await page.goto(address);
  }
  browser.used = true;
  await page.waitForLoadState("domcontentloaded");
}

async function session(browser, { width, height, items }) {
  const { page } = browser;
  const name = `${width}x${height}`;
  browser.named(name);
  const started = Date.now();
  const viewport = await page.evaluate(() => ({
    width: innerWidth, height: innerHeight, ratio: devicePixelRatio,
  }));
  check(viewport.width === width && viewport.ratio === ratio,
    `${name}: the viewport is ${JSON.stringify(viewport)}, not ${width} px wide at ${ratio}×`);
  say(`${name}: a true viewport of ${viewport.width}×${viewport.height} CSS px at ${viewport.ratio}×`);
  const controls = page.locator("#controls");
  const mirrored = () => controls.getByRole("button").evaluateAll((buttons) => buttons.map((b) => {
    const r = b.getBoundingClientRect();
    return { name: b.getAttribute("aria-label"), left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  }));
  const until = async (test, what, timeout = 30_000) => {
    const start = Date.now();
    while (Date.now() - start < timeout) {
      if (await test().catch(() => false)) return;
      await page.waitForTimeout(50);
    }
    throw new Error(`${name}: timed out waiting for ${what}; the status says ` +
      `${JSON.stringify(await page.locator("#status").textContent())}, the controls are ` +
      JSON.stringify((await mirrored().catch(() => [])).map((c) => c.name)));
  };
  const control = async (label) => (await mirrored()).find((c) => c.name === label);
  // The view's part of the screen: under the menu bar (its "Game" menu).
  const viewTop = async () => (await control("Game"))?.bottom ?? 0;
  let shots = 0;
  const shot = (what) => page.screenshot({ path: `${out}/${name}-${String(++shots).padStart(2, "0")}-${what}.png` });
  // Nothing the page mirrors is past the viewport's sides (a tree's nodes may run on to the
  // right, to be swiped into sight), and the page itself does not scroll sideways.
  const checkSides = async (when) => {
    for (const c of await mirrored()) {
      const tree = c.name.startsWith("Node ");
      check(c.left >= -0.5 && (tree || c.right <= width + 0.5),
        `${name}, ${when}: "${c.name}" is at ${c.left.toFixed(0)}…${c.right.toFixed(0)} px, past the ` +
        `viewport's sides (0…${width})`);
    }
    const page_ = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth, scrollX, canvas: document.getElementById("game").clientWidth,
    }));
    check(page_.scrollWidth <= width && page_.scrollX === 0 && page_.canvas === width,
      `${name}, ${when}: the page is wider than the screen: ${JSON.stringify(page_)}`);
  };
  // Taps the control named `label` where the mirror says it is: it must be in the view, under
  // the menu bar and inside the viewport, without a swipe (out of the view a control is clipped
  // away and not mirrored).
  const tap = async (label, when) => {
    await until(async () => (await control(label)) !== undefined, `"${label}" in the view (${when})`, 5_000);
    const c = await control(label);
    check(c.top >= (await viewTop()) - 0.5 && c.bottom <= height + 0.5 && c.left >= -0.5 && c.right <= width + 0.5,
      `${name}, ${when}: "${label}" is at ${JSON.stringify(c)}, outside the ${width}×${height} view`);
    await page.touchscreen.tap((c.left + c.right) / 2, (c.top + c.bottom) / 2);
  };
  const status = async () => (await page.locator("#status").textContent()) || "";
  const notice = async () => (await page.locator("#notice").textContent()) || "";

  await until(async () => (await control("Check")) !== undefined, "the first item's Check");
  for (const item of set.items.slice(0, items)) {
    const when = `item ${item.item} (${item.kind})`;
    await until(async () => (await status()).startsWith(`Exercises: item ${item.item} of ${set.items.length}`),
      `the status of ${when}`);
    // The new item's layout settles (its scroll into sight takes a few frames).
    await page.waitForTimeout(250);
    await checkSides(when);
    if (item.item <= 2 || item.kind === "prune") await shot(`item-${item.item}`);
    await tap("Your answer", when);
    await page.waitForTimeout(100);
    await page.keyboard.type(item.answer, { delay: 10 });
    await page.waitForTimeout(150);
    await tap("Check", when);
    await until(async () => (await notice()).startsWith("Right"), `the verdict on ${when}`);
    await page.waitForTimeout(250);
    await checkSides(`${when}, graded`);
    if (item.item === 1) await shot(`item-${item.item}-graded`);
    const last = item.item === set.items.length;
    await tap(last ? "See the results" : "Next", `${when}, graded`);
  }
  if (items === set.items.length) {
    await until(async () => (await status()).startsWith(`Exercises done: ${items} of ${items} right.`),
      "the results");
    await checkSides("the results");
    await shot("results");
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  say(`${name} at ${ratio}×: ${items} of ${set.items.length} items answered by taps and typing, every ` +
    `control inside the sides, Check and Next in the view without a swipe, ${seconds} s`);
}

const started = Date.now();
let browser = null;
for (const screen of screens) {
  const name = `${screen.width}x${screen.height}`;
  // A WebGL context lost under Xvfb is the virtual display's (see touch.mjs): tried again once,
  // in a fresh browser.
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      browser ??= await launch(screen);
      await resize(browser, screen);
      await session(browser, screen);
      break;
    } catch (error) {
      if (browser) {
        await browser.page.screenshot({ path: `${out}/${name}-failed.png` }).catch(() => {});
        await browser.close().catch(() => {});
        browser = null;
      }
      if (attempt < 2 && error.message.includes("WebGL context")) continue;
      problems.push(error.message);
      break;
    }
  }
}
if (browser) await browser.close();
say(`every screen in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (problems.length) {
  for (const problem of problems) console.error(`web-phone: FAIL: ${problem}`);
  process.exit(1);
}
say("ok");

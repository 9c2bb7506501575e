// A whole exercise set done on a phone's screen by taps and typing only, at true viewport
// widths: the page opened as a Chromium app window (--app=URL, a persistent context) of the
// phone's size at a device pixel ratio of 3, under a virtual X server, with touch
// (page.touchscreen; a swipe by the DevTools protocol's touch events). At each step every control
// the page mirrors (a button placed over each of the open view's key controls, named as the app
// names it) is inside the viewport's sides, but a tree's nodes, which scroll sideways; the page
// neither scrolls nor is wider than the screen; the answer field, Check and Next are tapped where
// the mirror says they are, inside the viewport (swiped into it first if they are out of it). The
// answers come from the command line (`tictactoe exercises --code CODE --format json`, run by
// scripts/web-check.sh before the browser starts), never from this file. Fails on any page error.
//
//   xvfb-run -a node phone.mjs URL OUT_DIR SET_JSON [WIDTHxHEIGHT[:ITEMS] ...]
//
// Each screen gets the first ITEMS items of the set (all of them when ITEMS is left out); the
// default screens are those of scripts/web-check.sh.
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
const say = (text) => console.log(`web-phone: ${text}`);
const problems = [];
const check = (condition, message) => { if (!condition) throw new Error(message); };

async function session({ width, height, items }) {
  const name = `${width}x${height}`;
  const started = Date.now();
  const profile = mkdtempSync(join(tmpdir(), "phone-"));
  const address = `${url}?exercises=${set.code}`;
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: false,
    viewport: null,
    hasTouch: true,
    // Software WebGL without a GPU process, as in touch.mjs.
    args: ["--no-sandbox", "--enable-unsafe-swiftshader", "--disable-gpu", `--force-device-scale-factor=${ratio}`,
      `--window-size=${width},${height}`, `--app=${address}`, "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const page = context.pages()[0] || await context.waitForEvent("page");
    page.on("pageerror", (error) => problems.push(`${name}: page error: ${error.message}`));
    // A swipe's touchmove reaches a listener Chromium treats as passive, and it says so as an
    // error (an intervention: the scroll goes on, egui scrolls the view): not the page's error.
    const passive = /Unable to preventDefault inside passive event listener/;
    page.on("console", (m) => m.type() === "error" && !passive.test(m.text()) &&
      problems.push(`${name}: console error: ${m.text()}`));
    await page.waitForLoadState("domcontentloaded");
    const cdp = await context.newCDPSession(page);
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
        await page.waitForTimeout(100);
      }
      throw new Error(`${name}: timed out waiting for ${what}; the status says ` +
        `${JSON.stringify(await page.locator("#status").textContent())}, the controls are ` +
        JSON.stringify((await mirrored().catch(() => [])).map((c) => c.name)));
    };
    const control = async (label) => (await mirrored()).find((c) => c.name === label);
    // The view's part of the screen: under the menu bar (its "Game" menu), over the status bar.
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
    const swipe = async (from, to) => {
      const point = (p) => [{ x: p.x, y: p.y, id: 1 }];
      await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point(from) });
      for (let step = 1; step <= 8; step++) {
        const at = { x: from.x + (to.x - from.x) * step / 8, y: from.y + (to.y - from.y) * step / 8 };
        await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: point(at) });
        await page.waitForTimeout(30);
      }
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await page.waitForTimeout(800);
    };
    let swipes = 0;
    // Taps the control named `label` where the mirror says it is, once it is inside the
    // viewport: swiped up or down into the view if it is not.
    const tap = async (label, when) => {
      // Out of the view a control is clipped away and not mirrored: swiped for, above the view
      // first (where Next is left when the verdict scrolls it up), then below.
      await until(async () => (await control(label)) !== undefined, `"${label}" (${when})`, 3_000).catch(() => {});
      for (let attempt = 0; attempt < 6 && (await control(label)) === undefined; attempt++) {
        const top = await viewTop();
        const bottom = height - 90;
        const middle = (top + bottom) / 2;
        const by = (attempt < 3 ? 1 : -1) * 0.3 * (bottom - top);
        say(`${name}, ${when}: "${label}" is out of the view, swiped ${by > 0 ? "down" : "up"} for it`);
        swipes++;
        await swipe({ x: width - 12, y: middle - by / 2 }, { x: width - 12, y: middle + by / 2 });
      }
      await until(async () => (await control(label)) !== undefined, `"${label}" (${when})`, 5_000);
      for (let attempt = 0; attempt < 6; attempt++) {
        const c = await control(label);
        const top = await viewTop();
        const bottom = height - 90;
        if (c.top >= top - 0.5 && c.bottom <= height + 0.5 && c.left >= -0.5 && c.right <= width + 0.5
          && (c.bottom <= bottom || attempt === 5)) break;
        const middle = (top + bottom) / 2;
        const by = Math.max(-0.4 * (bottom - top), Math.min(0.4 * (bottom - top), (c.top + c.bottom) / 2 - middle));
        say(`${name}, ${when}: "${label}" at ${c.top.toFixed(0)}…${c.bottom.toFixed(0)} px, swiped into the view`);
        swipes++;
        await swipe({ x: width - 12, y: middle + by / 2 }, { x: width - 12, y: middle - by / 2 });
      }
      const c = await control(label);
      check(c.left >= -0.5 && c.right <= width + 0.5 && c.top >= 0 && c.bottom <= height + 0.5,
        `${name}, ${when}: "${label}" is at ${JSON.stringify(c)}, outside the ${width}×${height} viewport`);
      await page.touchscreen.tap((c.left + c.right) / 2, (c.top + c.bottom) / 2);
      await page.waitForTimeout(300);
    };
    const status = async () => (await page.locator("#status").textContent()) || "";
    const notice = async () => (await page.locator("#notice").textContent()) || "";

    await until(async () => (await control("Check")) !== undefined, "the first item's Check");
    for (const item of set.items.slice(0, items)) {
      const when = `item ${item.item} (${item.kind})`;
      await page.waitForTimeout(500);
      await checkSides(when);
      await until(async () => (await status()).startsWith(`Exercises: item ${item.item} of ${set.items.length}`),
        `the status of ${when}`);
      if (item.item <= 2 || item.kind === "prune") await shot(`item-${item.item}`);
      await tap("Your answer", when);
      await page.keyboard.type(item.answer, { delay: 20 });
      await page.waitForTimeout(300);
      await tap("Check", when);
      await until(async () => (await notice()).startsWith("Right"), `the verdict on ${when}`);
      await checkSides(`${when}, graded`);
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
      `control inside the sides, ${swipes} swipe(s) to reach a control, ${seconds} s`);
  } catch (error) {
    const page = context.pages()[0];
    if (page) await page.screenshot({ path: `${out}/${name}-failed.png` }).catch(() => {});
    throw error;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

for (const screen of screens) {
  // A WebGL context lost under Xvfb is the virtual display's (see touch.mjs): tried again once.
  for (let attempt = 1; attempt <= 2; attempt++) {
    try {
      await session(screen);
      break;
    } catch (error) {
      if (attempt < 2 && error.message.includes("WebGL context")) continue;
      problems.push(error.message);
      break;
    }
  }
}
if (problems.length) {
  for (const problem of problems) console.error(`web-phone: FAIL: ${problem}`);
  process.exit(1);
}
say("ok");

// The page zoomed (scripts/web-check.sh serves the site and runs this): its viewport lets a
// reader zoom (pinch on a phone), and at 200 % (a 900×700 window zoomed
// twice: 450×350 CSS pixels at two device pixels each) the game still fills the page with the
// whole board in view. Screenshots go to OUT_DIR/zoom-*.png.
//
//   node zoom.mjs URL OUT_DIR
import { chromium } from "playwright-core";
import { gatherErrors, launchHeadless } from "./chromium.mjs";
import { mkdirSync } from "node:fs";

const [url, out] = process.argv.slice(2);
if (!url || !out) {
  console.error("usage: node zoom.mjs URL OUT_DIR");
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const say = (text) => console.log(`web-check: ${text}`);
const problems = [];
function check(condition, message) {
  if (!condition) throw new Error(message);
}

const browser = await launchHeadless();
async function open(options) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  gatherErrors(page, problems);
  await page.goto(url);
  await page.waitForFunction(() => (document.getElementById("status")?.textContent || "").includes("Your move"),
    null, { timeout: 30_000 });
  return { context, page };
}

try {
  // The viewport as the page declares it: nothing that forbids zooming.
  const { context: phone, page } = await open({ viewport: { width: 390, height: 700 }, isMobile: true, hasTouch: true });
  const viewport = await page.locator('meta[name="viewport"]').getAttribute("content");
  const declared = Object.fromEntries(viewport.split(",").map((part) => part.trim().split("=").map((s) => s.trim())));
  check(!["no", "0"].includes(declared["user-scalable"]), `the viewport forbids zooming: "${viewport}"`);
  check(!declared["maximum-scale"] || Number(declared["maximum-scale"]) >= 2,
    `the viewport stops zooming below 200 %: "${viewport}"`);

  await phone.close();

  // 200 %: a 900×700 window zoomed twice is a page of 450×350 CSS pixels at two device pixels
  // each. A true device pixel ratio needs a headful Chromium (under Xvfb, as web-check.sh runs
  // it; an emulated one puts eframe's canvas and the mirror's buttons off by that ratio), and a
  // window that narrow an iframe. The canvas fills the page, drawn at two pixels a CSS pixel, and
  // every cell of the board is in view and large enough to tap.
  const zoomedBrowser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: false,
    args: ["--no-sandbox", "--enable-unsafe-swiftshader", "--disable-gpu", "--force-device-scale-factor=2",
      "--window-size=600,600", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
  const zoomed = await zoomedBrowser.newContext({ viewport: null });
  const big = await zoomed.newPage();
  big.on("pageerror", (error) => problems.push(`page error at 200 %: ${error.message}`));
  big.on("console", (m) => m.type() === "error" && problems.push(`console error at 200 %: ${m.text()}`));
  const origin = new URL(url).origin;
  await big.route(`${origin}/zoomed.html`, (route) => route.fulfill({
    contentType: "text/html",
    body: `<!DOCTYPE html><html><body style="margin:0"><iframe src="${url}" ` +
      `style="border:0;width:450px;height:350px"></iframe></body></html>`,
  }));
  await big.goto(`${origin}/zoomed.html`);
  const frame = big.frameLocator("iframe");
  await big.waitForFunction(() => (document.querySelector("iframe").contentDocument
    ?.getElementById("status")?.textContent || "").includes("Your move"), null, { timeout: 30_000 });
  await big.waitForTimeout(500);
  const shot = async (name) => big.screenshot({ path: `${out}/zoom-200-${name}.png`, clip: { x: 0, y: 0, width: 450, height: 350 } });
  await shot("first");
  const pixels = await frame.locator("canvas#game").evaluate((c) => [c.width, c.height, c.clientWidth, c.clientHeight, devicePixelRatio]);
  check(pixels.join() === "900,700,450,350,2",
    `at 200 % the canvas is not the page's size at two pixels a CSS pixel (width, height, CSS width, CSS height, ratio): ${pixels}`);
  const cellsInView = async () => frame.locator("#board button").evaluateAll((buttons) => buttons.map((b) => {
    const r = b.getBoundingClientRect();
    return { name: b.getAttribute("aria-label"), left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  }));
  const tooSmall = (cells) => cells.filter((c) => c.left < 0 || c.top < 0 || c.right > 450.5 || c.bottom > 350.5 ||
    c.right - c.left < 40);
  // The first visit's tip over the board, then the board alone once the tip is put away.
  const firstCells = await cellsInView();
  check(firstCells.length === 9 && tooSmall(firstCells).length === 0,
    `at 200 %, under the first visit's tip, cells out of view or under 40 CSS px: ${JSON.stringify(firstCells)}`);
  const firstSide = firstCells[0].right - firstCells[0].left;
  await frame.locator("#controls button", { hasText: "Got it" }).evaluate((b) => b.click());
  await big.waitForTimeout(800);
  await shot("board");
  const cells = await cellsInView();
  check(cells.length === 9, `at 200 % the page names ${cells.length} cells, not 9`);
  check(tooSmall(cells).length === 0, `at 200 % cells out of view or under 40 CSS px: ${JSON.stringify(tooSmall(cells))}`);
  await zoomedBrowser.close();
  say(`zoom: the viewport allows it ("${viewport}"); ` +
    `at 200 % the canvas fills the page at two pixels a CSS pixel; the board's cells are ` +
    `${firstSide.toFixed(0)} CSS px under the first visit's tip, ${(cells[0].right - cells[0].left).toFixed(0)} once it is put away`);
} catch (error) {
  problems.push(error.message);
}
await browser.close();
if (problems.length) {
  for (const problem of problems) console.error(`web-check: FAIL: ${problem}`);
  process.exit(1);
}
say("zoom: ok");

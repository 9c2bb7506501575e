// A touch session on a phone (390×844 at a device pixel ratio of 3) and a tablet (768×1024 at 2),
// on the path real devices take: a headful Chromium (run under xvfb-run) with a real device pixel
// ratio (--force-device-scale-factor) and touch events (page.touchscreen), not Chromium's device
// emulation, with which taps landed at about twice their position. A headful window is at least
// 500 CSS px wide, so the page runs in an iframe of the device's size: its viewport is the
// device's. Taps land on the cells where the page's cell buttons (the screen reader's board, each
// over the cell it names) say they are, and on the explorer, the step-through, the review and
// practice where the page's buttons for the open view's controls say they are. Fails on any page
// error.
//
//   xvfb-run -a node touch.mjs URL OUT_DIR phone|tablet
//
// One device a run: a second headful Chromium on the same virtual display drew the crashed-frame
// face over a page that went on working (its GPU process, not the page), so each device gets a
// display of its own.
import { chromium } from "playwright-core";
import { mkdirSync, writeFileSync } from "node:fs";

const [url, out, device] = process.argv.slice(2);
const devices = { phone: [390, 844, 3], tablet: [768, 1024, 2] };
if (!url || !out || !devices[device]) {
  console.error("usage: xvfb-run -a node touch.mjs URL OUT_DIR phone|tablet");
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const say = (text) => console.log(`web-touch: ${text}`);
const problems = [];
const check = (condition, message) => { if (!condition) throw new Error(message); };

async function session(name, width, height, ratio) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: false,
    // Software WebGL (SwiftShader) without a GPU process: under Xvfb the GPU process's GL
    // now and then lost the page's WebGL context, which no device does.
    args: ["--no-sandbox", "--enable-unsafe-swiftshader", "--disable-gpu", `--force-device-scale-factor=${ratio}`,
      `--window-size=${Math.max(600, width + 40)},${height + 160}`, "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const context = await browser.newContext({ viewport: null, hasTouch: true });
    const page = await context.newPage();
    page.on("pageerror", (error) => problems.push(`${name}: page error: ${error.message}`));
    page.on("console", (m) => m.type() === "error" && problems.push(`${name}: console error: ${m.text()}`));
    const origin = new URL(url).origin;
    await page.route(`${origin}/device.html`, (route) => route.fulfill({
      contentType: "text/html",
      body: `<!DOCTYPE html><html><body style="margin:0"><iframe src="${url}?scores=on" ` +
        `style="border:0;width:${width}px;height:${height}px"></iframe></body></html>`,
    }));
    await page.goto(`${origin}/device.html`);
    const frame = page.frameLocator("iframe");
    const status = async () => (await frame.locator("#status").textContent()) || "";
    const waitFor = async (test, what, timeout = 30_000) => {
      const start = Date.now();
      let last = "";
      while (Date.now() - start < timeout) {
        last = await status().catch(() => "");
        if (test(last)) return last;
        await page.waitForTimeout(100);
      }
      throw new Error(`${name}: timed out waiting for ${what}; the status says ${JSON.stringify(last)}`);
    };
    await waitFor((s) => s.includes("Your move (X)"), "the first frame");
    // The page draws: its WebGL context is alive (a lost one leaves the crashed-frame face).
    const drawing = () => frame.locator("canvas#game").evaluate((canvas) => {
      const gl = canvas.getContext("webgl2") || canvas.getContext("webgl");
      return gl !== null && !gl.isContextLost();
    });
    check(await drawing(), `${name}: the page's WebGL context is lost`);
    check(await page.evaluate(() => devicePixelRatio) === ratio, `${name}: not at a ratio of ${ratio}`);
    const cell = (label) => frame.locator("#board").getByRole("button", { name: new RegExp(`^${label}, `) });
    const tapCell = async (label) => {
      const box = await cell(label).boundingBox();
      check(box, `${name}: no button for ${label}`);
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForTimeout(600);
    };
    const description = () => frame.locator("#board").getAttribute("aria-description");
    // A tap on a score explains it: its line of play is drawn, nothing is played.
    await waitFor(async () => (await cell("Row 2, column 2").getAttribute("aria-label")).includes("score"),
      "the scores");
    // The page's accessibility tree as a screen reader gets it, for the record.
    writeFileSync(`${out}/${name}-accessibility-tree.txt`, await frame.locator("body").ariaSnapshot());
    await tapCell("Row 2, column 2");
    await page.screenshot({ path: `${out}/${name}-explained.png` });
    const line = await description();
    check(line && line.startsWith("Line of play shown: 1. X row 2, column 2"),
      `${name}: a tap on a score shows no line of play: ${line}`);
    check((await status()).startsWith("Your move (X)"), `${name}: the first tap played: ${await status()}`);
    // A second tap plays it; the computer answers.
    await tapCell("Row 2, column 2");
    const answered = await waitFor((s) => s.includes("The computer (O) played"), "the computer's answer");
    await page.screenshot({ path: `${out}/${name}-played.png` });
    const names = await frame.locator("#board").getByRole("button")
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")));
    check(names.length === 9 && names.filter((n) => n.includes(", empty")).every((n) => n.includes(", score ")),
      `${name}: the cells' names: ${JSON.stringify(names)}`);
    say(`${name} ${width}×${height} at ${ratio}×: a tap explained row 2, column 2 ("${line.slice(0, 60)}…"), ` +
      `a second tap played it: "${answered}"`);

    // The learning views, opened and used by taps where the page's mirror of the open view's
    // controls (a button over each, named as the app names it) says they are.
    const controls = frame.locator("#controls");
    const controlNames = () => controls.getByRole("button")
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")));
    const until = async (test, what, timeout = 30_000) => {
      const start = Date.now();
      while (Date.now() - start < timeout) {
        if (await test().catch(() => false)) return;
        await page.waitForTimeout(100);
      }
      throw new Error(`${name}: timed out waiting for ${what}; the controls are ` +
        JSON.stringify(await controlNames().catch(() => [])));
    };
    const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const control = (label) => controls.getByRole("button", { name: label, exact: true });
    const controlStarting = (prefix) =>
      controls.getByRole("button", { name: new RegExp(`^${escape(prefix)}`) }).first();
    const tap = async (locator, what) => {
      await until(async () => (await locator.count()) > 0, what, 10_000);
      const box = await locator.boundingBox();
      await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
      await page.waitForTimeout(600);
    };
    const tapControl = (label) => tap(control(label), `the control "${label}"`);
    const boardName = () => frame.locator("#board").getAttribute("aria-label");
    const notice = async () => (await frame.locator("#notice").textContent()) || "";

    // A screen reader's press on a mirrored control presses it: the View menu opens.
    await control("View").evaluate((button) => button.click());
    await until(async () => (await control("Game tree explorer").count()) === 1, "the View menu, pressed");
    // The explorer, from the menu by a tap: a row tapped previews its position on the board.
    await tapControl("Game tree explorer");
    const gameBoard = await boardName();
    const row = controlStarting("Tree node ");
    await until(async () => (await row.count()) === 1, "the explorer's rows");
    const rowName = await row.getAttribute("aria-label");
    await tap(row, "an explorer row");
    await until(async () => (await boardName()) !== gameBoard, `the preview of ${rowName}`);
    await page.screenshot({ path: `${out}/${name}-explorer.png` });
    const previewed = await boardName();
    await tapControl("Close");
    await until(async () => (await controlStarting("Tree node ").count()) === 0, "the explorer closed");

    // The step-through: two steps change what is drawn; the board's cell buttons are gone while
    // it covers the board.
    await tapControl("View");
    await tapControl("Step through the search");
    await until(async () => (await control("Step").count()) === 1, "the step-through's buttons");
    const unstepped = await page.screenshot();
    await tapControl("Step");
    await tapControl("Step");
    await page.screenshot({ path: `${out}/${name}-step-through.png` });
    check(!unstepped.equals(await page.screenshot()), `${name}: two taps on Step changed nothing drawn`);
    check(await frame.locator("#board").getByRole("button").count() === 0,
      `${name}: the page names a board's cells under the step-through`);
    await tapControl("Close");

    // The review: the first move's row, tapped, shows the position before it.
    await tapControl("Game");
    await tapControl("Game review");
    await tap(controlStarting("Graph point, move 1: "), "the review graph's first point");
    await until(async () => (await notice()).includes("the position before move 1"), "the review's preview");
    await page.screenshot({ path: `${out}/${name}-review.png` });
    const reviewed = await notice();
    await tapControl("Close");

    // Practice: its board is the one the cell buttons name; a tap on a cell answers.
    await tapControl("Game");
    await tapControl("Practice positions");
    await until(async () => (await control("Back to the game").count()) === 1, "practice");
    const practiceCell = frame.locator("#board").getByRole("button", { name: /, empty/ }).first();
    await until(async () => (await practiceCell.count()) === 1 && (await boardName()) !== gameBoard,
      "a practice position on the cell buttons");
    const practiceBoard = await boardName();
    await tap(practiceCell, "an empty cell of the practice board");
    await until(async () => (await control("Next position").count()) === 1, "the practice answer taken");
    await page.screenshot({ path: `${out}/${name}-practice.png` });
    await tapControl("Back to the game");
    await until(async () => (await control("Back to the game").count()) === 0, "back to the game");
    check(await drawing(), `${name}: the page's WebGL context was lost during the session`);
    say(`${name}: by taps on the mirrored controls, the explorer previewed "${previewed}", the ` +
      `step-through stepped, the review showed "${reviewed}", practice took an answer on "${practiceBoard}"`);
  } finally {
    await browser.close();
  }
}

// A WebGL context lost under Xvfb is the virtual display's, not the page's: a fresh browser
// tries again (said in the log), twice at most; a page error or a wrong answer fails at once.
for (let attempt = 1; attempt <= 3; attempt++) {
  try {
    await session(device, ...devices[device]);
    break;
  } catch (error) {
    if (attempt < 3 && error.message.includes("WebGL context")) {
      say(`${error.message}; a fresh browser tries again (attempt ${attempt + 1} of 3)`);
      continue;
    }
    problems.push(error.message);
    break;
  }
}
if (problems.length) {
  for (const problem of problems) console.error(`web-touch: FAIL: ${problem}`);
  process.exit(1);
}
say("ok");

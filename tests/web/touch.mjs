// A touch session on a phone (390×844 at a device pixel ratio of 3) and a tablet (768×1024 at 2),
// on the path real devices take: a headful Chromium (run under xvfb-run) with a real device pixel
// ratio (--force-device-scale-factor) and touch events (page.touchscreen), not Chromium's device
// emulation, with which taps landed at about twice their position. A headful window is at least
// 500 CSS px wide, so the page runs in an iframe of the device's size: its viewport is the
// device's. Taps land on the cells where the page's cell buttons (the screen reader's board, each
// over the cell it names) say they are. Fails on any page error.
//
//   xvfb-run -a node touch.mjs URL OUT_DIR phone|tablet
//
// One device a run: a second headful Chromium on the same virtual display drew the crashed-frame
// face over a page that went on working (its GPU process, not the page), so each device gets a
// display of its own.
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";

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
    check(await drawing(), `${name}: the page's WebGL context was lost during the session`);
    say(`${name} ${width}×${height} at ${ratio}×: a tap explained row 2, column 2 ("${line.slice(0, 60)}…"), ` +
      `a second tap played it: "${answered}"`);
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

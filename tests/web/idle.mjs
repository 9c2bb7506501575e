// What an idle page costs: the page opened in Debian's Chromium and left alone for 10 s, once on
// the game and once on an exercise whose answer box has the keyboard's focus (a text field, whose
// caret could keep a page drawing). Prints, for each, the main thread's busy time in those 10 s
// (CDP Performance.getMetrics: TaskDuration, of which ScriptDuration) and the frames the game ran
// (the app reports each through window.tictactoeFrameTimed). It reports and never judges.
//
//   node tests/web/idle.mjs URL [SECONDS]     (default 10)
import { launchHeadless } from "./chromium.mjs";

const [url, secondsArg = "10"] = process.argv.slice(2);
const seconds = Number(secondsArg);
if (!url || !(seconds > 0)) {
  console.error("usage: node tests/web/idle.mjs URL [SECONDS]");
  process.exit(2);
}
const cases = [
  { name: "the game, nothing focused", query: "" },
  { name: "an exercise, its answer box focused", query: "?exercises=v1-s2025-k=value-n=3-3x3", focus: "Your answer" },
];

const browser = await launchHeadless();
try {
  for (const { name, query, focus } of cases) {
    const context = await browser.newContext({ viewport: { width: 900, height: 700 } });
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.framesRun = 0;
      window.tictactoeFrameTimed = () => { window.framesRun += 1; };
    });
    await page.goto(url.replace(/\?.*$/, "") + query);
    await page.waitForFunction(() => (document.getElementById("status")?.textContent || "").length > 0,
      null, { timeout: 60_000 });
    await page.locator("canvas#game").focus();
    let focused = "";
    if (focus) {
      // The answer box, pressed through the page's mirror as a screen reader presses it.
      await page.waitForFunction((focus) => [...document.querySelectorAll("#controls > button")]
        .some((b) => (b.getAttribute("aria-label") || "").startsWith(focus)), focus, { timeout: 30_000 });
      focused = await page.evaluate((focus) => {
        const box = [...document.querySelectorAll("#controls > button")]
          .find((b) => (b.getAttribute("aria-label") || "").startsWith(focus));
        box.click();
        return box.getAttribute("aria-label");
      }, focus);
      await page.locator("canvas#game").focus();
    }
    // Whatever the start still does (fonts, the worker's first answer) settles first.
    await page.waitForTimeout(3000);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const metrics = async () => Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics
      .map((m) => [m.name, m.value]));
    const before = await metrics();
    const framesBefore = await page.evaluate(() => window.framesRun);
    await page.waitForTimeout(seconds * 1000);
    const after = await metrics();
    const frames = (await page.evaluate(() => window.framesRun)) - framesBefore;
    const ms = (key) => ((after[key] - before[key]) * 1000).toFixed(0);
    const share = ((after.TaskDuration - before.TaskDuration) / seconds * 100).toFixed(2);
    console.log(`idle: ${name}${focused ? ` ("${focused}")` : ""}: ${ms("TaskDuration")} ms of tasks in ` +
      `${seconds} s (${share} % of a core), ${ms("ScriptDuration")} ms of it script; ${frames} frames run`);
    await context.close();
  }
} finally {
  await browser.close();
}

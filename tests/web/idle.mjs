// What an idle page costs: the page opened in Debian's Chromium and left alone, once on the game
// and once on an exercise whose answer box has the keyboard's focus (a text field, whose caret
// could keep a page drawing), on a laptop's window (headless, 900×700) and, with --phone, on a
// phone's screen too (an app window of a true 390×844 CSS px at a device pixel ratio of 3, with
// touch, which needs a virtual X server). Prints, for each, over SECONDS: the CPU time of all the
// browser's processes (the page's, its compositor's and software WebGL's, from /proc), the page's
// main thread's busy time (CDP Performance.getMetrics: TaskDuration), the animation frames the
// browser ran for the page (requestAnimationFrame callbacks) and the frames the game ran (the app
// reports each frame's work through window.tictactoeFrameTimed). It reports and never judges.
//
//   node tests/web/idle.mjs URL [SECONDS] [--phone] [--no-hold]     (default 10 s; --phone under
//   xvfb-run; --no-hold: the page's frame holding turned off, as the browser storage's "tictactoe
//   hold frames" set to "off" does, for eframe's own loop)
import { chromium } from "playwright-core";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchHeadless } from "./chromium.mjs";

const args = process.argv.slice(2);
const phone = args.includes("--phone");
const noHold = args.includes("--no-hold");
const turnHoldingOff = () => localStorage.setItem("tictactoe hold frames", "off");
const [url, secondsArg = "10"] = args.filter((arg) => !arg.startsWith("--"));
const seconds = Number(secondsArg);
if (!url || !(seconds > 0)) {
  console.error("usage: node tests/web/idle.mjs URL [SECONDS] [--phone] [--no-hold]");
  process.exit(2);
}
const cases = [
  { name: "the game, nothing focused", query: "" },
  { name: "an exercise, its answer box focused", query: "?exercises=v1-s2025-k=value-n=3-3x3", focus: "Your answer" },
];
const address = (query) => url.replace(/\?.*$/, "") + query;

// The CPU time (s) of every process under this one: the browser and all of its children.
function browserCpuSeconds() {
  const parents = new Map();
  const times = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parents.set(Number(entry), Number(fields[1]));
      times.set(Number(entry), Number(fields[11]) + Number(fields[12]));
    } catch {
      // A process that ended meanwhile.
    }
  }
  const under = (pid) => {
    for (let p = parents.get(pid); p; p = parents.get(p)) if (p === process.pid) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, time] of times) if (under(pid)) ticks += time;
  return ticks / 100; // USER_HZ
}

// Counts the animation frames the browser runs for the page (before the page's own script runs,
// so whatever that does to requestAnimationFrame, each callback the browser calls is counted).
function countFrames() {
  window.framesRun = 0;
  window.animationFrames = 0;
  window.tictactoeFrameTimed = () => { window.framesRun += 1; };
  const request = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => request((time) => {
    window.animationFrames += 1;
    callback(time);
  });
}

async function measure(page, context, name, focus) {
  await page.waitForFunction(() => (document.getElementById("status")?.textContent || "").length > 0,
    null, { timeout: 60_000 });
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
  }
  await page.locator("canvas#game").focus();
  // Whatever the start still does (fonts, the worker's first answer) settles first.
  await page.waitForTimeout(3000);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  const metrics = async () => Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics
    .map((m) => [m.name, m.value]));
  const counts = () => page.evaluate(() => [window.framesRun, window.animationFrames]);
  const before = await metrics();
  const [framesBefore, animationBefore] = await counts();
  const cpuBefore = browserCpuSeconds();
  await page.waitForTimeout(seconds * 1000);
  const cpu = browserCpuSeconds() - cpuBefore;
  const after = await metrics();
  const [framesAfter, animationAfter] = await counts();
  const tasks = after.TaskDuration - before.TaskDuration;
  const percent = (s) => (s / seconds * 100).toFixed(2);
  console.log(`idle: ${name}${focused ? ` ("${focused}")` : ""}: the browser ${percent(cpu)} % of a core ` +
    `(${(cpu * 1000).toFixed(0)} ms in ${seconds} s), the page's main thread ${percent(tasks)} % ` +
    `(${(tasks * 1000).toFixed(0)} ms of tasks); ${animationAfter - animationBefore} animation frames, ` +
    `${framesAfter - framesBefore} of the game's frames`);
}

const browser = await launchHeadless();
try {
  for (const { name, query, focus } of cases) {
    const context = await browser.newContext({ viewport: { width: 900, height: 700 } });
    const page = await context.newPage();
    await page.addInitScript(countFrames);
    if (noHold) await page.addInitScript(turnHoldingOff);
    await page.goto(address(query));
    await measure(page, context, `laptop 900×700, ${name}`, focus);
    await context.close();
  }
} finally {
  await browser.close();
}
if (phone) {
  for (const { name, query, focus } of cases) {
    const profile = mkdtempSync(join(tmpdir(), "idle-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
      headless: false,
      viewport: null,
      hasTouch: true,
      args: ["--no-sandbox", "--enable-unsafe-swiftshader", "--disable-gpu", "--force-device-scale-factor=3",
        "--window-size=390,844", `--app=${address(query)}`, "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"],
    });
    try {
      const page = context.pages()[0] || await context.waitForEvent("page");
      // The app window opened on the page (a window of a phone's width needs --app); opened
      // again, counted from its start.
      await page.addInitScript(countFrames);
      if (noHold) await page.addInitScript(turnHoldingOff);
      await page.goto(address(query));
      const viewport = await page.evaluate(() => `${innerWidth}×${innerHeight} at ${devicePixelRatio}×`);
      await measure(page, context, `phone ${viewport}, ${name}`, focus);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  }
}

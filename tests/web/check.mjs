// Drives the web build in Debian's Chromium (scripts/web-check.sh serves it and runs this):
// waits for the first frame, fails on any page or console error, plays a game with keys, turns
// the scores on, opens the explorer, opens a position from a URL, reloads and checks that the
// settings persisted and that a link left them as they were, that an idle page holds its frames
// (and runs eframe's own loop when the holding is turned off), that a tap lands on a page whose
// frames are slow to draw, and that the page is installable
// (its manifest as Chromium reads it) and loads offline after one visit. It reads the game's state from the page's status mirror (an aria-live
// region the app keeps equal to its status line), not from pixels, and reports the load time and
// the page's long tasks.
//
//   node check.mjs URL OUT_DIR
import { gatherErrors, launchHeadless } from "./chromium.mjs";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";

const [url, out] = process.argv.slice(2);
if (!url || !out) {
  console.error("usage: node check.mjs URL OUT_DIR");
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const say = (text) => console.log(`web-check: ${text}`);
const problems = [];

const browser = await launchHeadless();
const context = await browser.newContext({ viewport: { width: 900, height: 700 } });
const page = await context.newPage();
gatherErrors(page, problems);
// Long tasks, from the page's own observer, kept on window for the report, and the game's own
// work in each frame (the app reports it through window.tictactoeFrameTimed), to tell a long
// task of ours from the browser's software WebGL.
await page.addInitScript(() => {
  window.longTasks = [];
  window.ourWork = [];
  window.tictactoeFrameTimed = (start, ms) => window.ourWork.push({ start, ms });
  // Every animation frame the browser runs for the page, counted before the page's own script
  // can hold any (an idle page asks for none: see checkIdle).
  window.animationFrames = 0;
  const requestFrame = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => requestFrame((time) => {
    window.animationFrames += 1;
    callback(time);
  });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push({ start: entry.startTime, ms: entry.duration });
  }).observe({ type: "longtask", buffered: true });
});

const status = () => page.locator("#status").textContent();
const notice = () => page.locator("#notice").textContent();
async function waitForStatus(test, what, timeout = 30_000) {
  const start = Date.now();
  let last = "";
  while (Date.now() - start < timeout) {
    last = (await status()) || "";
    if (test(last)) return last;
    await page.waitForTimeout(100);
  }
  throw new Error(`timed out waiting for ${what}; the status says: ${JSON.stringify(last)}`);
}
// The long tasks since `mark`, each with how much of it was the game's own work.
async function longTasksSince(mark) {
  return page.evaluate((mark) => window.longTasks.filter((t) => t.start >= mark).map((t) => ({
    ...t,
    ours: window.ourWork.filter((w) => w.start >= t.start && w.start < t.start + t.ms)
      .reduce((sum, w) => sum + w.ms, 0),
  })), mark);
}
const longest = (tasks, key) => Math.max(0, ...tasks.map((t) => t[key])).toFixed(0);
// From now on, when the status line's text changed, and to what: kept on window.statusChanges.
async function watchStatus() {
  await page.evaluate(() => {
    const line = document.getElementById("status");
    window.statusChanges = [];
    new MutationObserver(() => window.statusChanges.push({ at: performance.now(), text: line.textContent }))
      .observe(line, { childList: true, characterData: true, subtree: true });
  });
}
// How many frames the game began after the status line first matched `from` and before it first
// matched `to` (each frame reports its own work): the frame that wrote `to` is one of them.
async function framesBetween(from, to) {
  return page.evaluate(([from, to]) => {
    const first = (pattern) => window.statusChanges.find((c) => c.text.includes(pattern))?.at;
    const [start, end] = [first(from), first(to)];
    return window.ourWork.filter((w) => w.start >= start && w.start < end).length;
  }, [from, to]);
}
const now = () => page.evaluate(() => performance.now());
// An idle page asks the browser for (almost) no frames: left alone for 2 s after a second to
// settle, at most a few animation frames run (eframe's own loop asked for one at every display
// refresh, about 120 in 2 s, drawing nothing in them: 5-10 % of a core for an idle page).
async function checkIdle(what) {
  await page.waitForTimeout(1000);
  const before = await page.evaluate(() => window.animationFrames);
  await page.waitForTimeout(2000);
  const frames = (await page.evaluate(() => window.animationFrames)) - before;
  check(frames < 20, `${what}: the page ran ${frames} animation frames in 2 s of idleness (at most 19)`);
  say(`idle, ${what}: ${frames} animation frames in 2 s`);
}

// The search worker is ready before it is needed: started with the page, before the first move,
// and started again as soon as a search is stopped, not when the next search is asked for. A
// fresh context (no stored settings: the scores off), every Web Worker the page starts counted,
// with the requests posted to it and whether it was stopped.
async function checkWorkersReady() {
  const fresh = await browser.newContext({ viewport: { width: 900, height: 700 } });
  const tab = await fresh.newPage();
  tab.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  tab.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  await tab.addInitScript(() => {
    window.searchWorkers = [];
    const Started = window.Worker;
    window.Worker = class extends Started {
      constructor(...args) {
        super(...args);
        const seen = { requests: 0, stopped: false };
        window.searchWorkers.push(seen);
        const post = this.postMessage.bind(this);
        this.postMessage = (data, ...rest) => {
          if (data instanceof Uint8Array) seen.requests++;
          return post(data, ...rest);
        };
        const terminate = this.terminate.bind(this);
        this.terminate = () => {
          seen.stopped = true;
          terminate();
        };
      }
    };
  });
  const workers = () => tab.evaluate(() => window.searchWorkers);
  const tabStatus = () => tab.locator("#status").textContent();
  const waitFor = async (text, what, timeout = 30_000) => {
    await tab.waitForFunction((text) => (document.getElementById("status")?.textContent || "").includes(text),
      text, { timeout }).catch(async () => { throw new Error(`timed out waiting for ${what}; the status says: "${await tabStatus()}"`); });
  };
  try {
    // The classic board, X to move, nothing to search: the worker is there, idle.
    await tab.goto(url);
    await waitFor("Your move (X)", "the first frame of a fresh page");
    let seen = await workers();
    check(seen.length === 1 && seen[0].requests === 0,
      `before the first move the page should have one search worker, asked nothing: ${JSON.stringify(seen)}`);
    await tab.locator("#board").getByRole("button", { name: /^Row 2, column 2, empty/ }).evaluate((b) => b.click());
    await waitFor("The computer (O) played", "the computer's answer on a fresh page");
    seen = await workers();
    check(seen.length === 1 && seen[0].requests > 0,
      `the first move's search should go to the worker started with the page: ${JSON.stringify(seen)}`);

    // A search that takes long (every move of the empty 7×7 with four in a row, the scores on),
    // no longer wanted once the scores are turned off: its worker is stopped, and the next one
    // started at once, asked nothing yet.
    await tab.goto(`${url}?position=${encodeURIComponent(Array(7).fill(".......").join("/"))}&k=4&scores=on`);
    await waitFor("Your move (X)", "the empty 7×7 with the scores on");
    await tab.waitForTimeout(1000);
    seen = await workers();
    check(seen.length === 1 && seen[0].requests > 0 && !seen[0].stopped,
      `the 7×7's scores should be searched by the worker started with the page: ${JSON.stringify(seen)}`);
    await tab.locator("canvas#game").focus();
    await tab.keyboard.press("s");
    await tab.waitForFunction(() => window.searchWorkers[0].stopped, null, { timeout: 10_000 })
      .catch(() => { throw new Error("turning the scores off did not stop the 7×7's search"); });
    seen = await workers();
    check(seen.length === 2 && seen[1].requests === 0,
      `a stopped search's worker should be replaced at once, by one asked nothing yet: ${JSON.stringify(seen)}`);
    say(`search workers: one started with the page and asked the first move; a stopped one replaced at once`);
  } finally {
    await fresh.close();
  }
}
function check(condition, message) {
  if (!condition) throw new Error(message);
}

// A tap on a page whose frames are slow to draw: each drawn frame keeps the page's main thread
// for a second, as software WebGL at 3× did on a loaded machine. A finger down for 0.05 s on the
// View menu's button opens the menu. While the browser draws a frame the page takes no input,
// and egui takes a press held for over 0.8 s as a long press, not a click: a frame begun between
// a press and its release (at once, on a page whose frames were held; at the next display
// refresh, in eframe's own loop) made the release wait behind it, and the tap was lost. The page
// holds its frames from a press to its release, for 0.3 s at most: the tap is well inside that.
async function checkTapOnSlowPage() {
  const touch = await browser.newContext({ viewport: { width: 900, height: 700 }, hasTouch: true });
  const tab = await touch.newPage();
  gatherErrors(tab, problems);
  await tab.addInitScript(() => {
    window.slowFrames = false;
    window.seen = [];
    let drawing = false;
    for (const context of [window.WebGLRenderingContext, window.WebGL2RenderingContext]) {
      for (const name of ["drawArrays", "drawElements"]) {
        const draw = context.prototype[name];
        context.prototype[name] = function (...args) {
          if (window.slowFrames && !drawing) {
            // Once a frame: its draw calls come one after another, in one task.
            drawing = true;
            queueMicrotask(() => { drawing = false; });
            window.seen.push("a frame drawn");
            const until = performance.now() + 1000;
            while (performance.now() < until) { /* the frame's slow drawing */ }
          }
          return draw.apply(this, args);
        };
      }
    }
    for (const type of ["pointerdown", "pointerup"]) addEventListener(type, () => window.seen.push(type), true);
  });
  try {
    await tab.goto(url);
    const control = (name) => tab.locator("#controls").getByRole("button", { name, exact: true });
    await control("View").waitFor({ state: "attached", timeout: 30_000 });
    // Settled and idle: the page's frames held.
    await tab.waitForTimeout(1500);
    await tab.evaluate(() => { window.slowFrames = true; });
    const box = await control("View").boundingBox();
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const cdp = await touch.newCDPSession(tab);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [at] });
    await tab.waitForTimeout(50);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    const opened = await control("Game tree explorer").waitFor({ state: "attached", timeout: 8000 })
      .then(() => true, () => false);
    const seen = (await tab.evaluate(() => window.seen)).join(", ");
    check(opened, `a 0.05 s tap on View, on a page whose frames take 1 s to draw, did not open the menu ` +
      `(the page saw: ${seen})`);
    say(`a 0.05 s tap on a page whose frames take 1 s to draw opened the View menu (the page saw: ${seen})`);
  } finally {
    await touch.close();
  }
}

// The holding turned off (the browser storage's "tictactoe hold frames" set to "off"): eframe's
// own loop, a frame at every display refresh.
async function checkHoldingOff() {
  const plain = await browser.newContext({ viewport: { width: 900, height: 700 } });
  const tab = await plain.newPage();
  gatherErrors(tab, problems);
  await tab.addInitScript(() => {
    localStorage.setItem("tictactoe hold frames", "off");
    window.animationFrames = 0;
    const requestFrame = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => requestFrame((time) => {
      window.animationFrames += 1;
      callback(time);
    });
  });
  try {
    await tab.goto(url);
    await tab.waitForFunction(() => (document.getElementById("status")?.textContent || "").includes("Your move"),
      null, { timeout: 30_000 });
    await tab.waitForTimeout(1000);
    const before = await tab.evaluate(() => window.animationFrames);
    await tab.waitForTimeout(2000);
    const frames = (await tab.evaluate(() => window.animationFrames)) - before;
    check(frames >= 60, `with the holding turned off, an idle page ran ${frames} animation frames in 2 s (eframe's ` +
      `own loop runs one at every display refresh)`);
    say(`the holding turned off: ${frames} animation frames in 2 s of idleness`);
  } finally {
    await plain.close();
  }
}

try {
  // First frame: the status mirror is filled in by the app's first frame.
  const loadStart = Date.now();
  await page.goto(url);
  const first = await waitForStatus((s) => s.includes("Your move"), "the first frame");
  const loadMs = Date.now() - loadStart;
  say(`first frame after ${loadMs} ms: "${first}"`);
  await page.screenshot({ path: `${out}/first.png` });

  // Idle, then woken by a key and by the worker's answer (the game below).
  await checkIdle("the game");

  // A 3×3 game by keys: the computer answers each move.
  await page.locator("canvas#game").focus();
  let mark = await now();
  await page.keyboard.press("5");
  await waitForStatus((s) => s.includes("The computer (O) played"), "the computer's answer");
  await page.keyboard.press("s");
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/scores.png` });
  // What a screen reader gets: the board, and a button per cell named with its score.
  const cellButtons = page.locator("#board").getByRole("button", { name: /^Row \d, column \d, / });
  check(await cellButtons.count() === 9, `the page names ${await cellButtons.count()} cells, not 9`);
  const names = await cellButtons.evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")));
  const empty = names.filter((name) => name.includes(", empty"));
  check(empty.length === 7 && empty.every((name) => /, empty, score -?\d+, /.test(name)),
    `an empty cell's name has no score: ${JSON.stringify(names)}`);
  say(`the page's cells for a screen reader: ${JSON.stringify(names.slice(0, 2))}…`);
  for (const key of ["1", "2", "3", "4", "6", "7", "8", "9"]) {
    const before = await status();
    if (/wins|draw|Draw/.test(before)) break;
    await page.keyboard.press(key);
    await page.waitForTimeout(300);
  }
  const game = await longTasksSince(mark);
  // Reported, never judged: a time depends on the machine and what else runs on it (the goal, no
  // task of which our own work is over 50 ms, is read from this line).
  say(`3×3 game played: ${game.length} long tasks, longest ${longest(game, "ms")} ms, ` +
    `of which ours ${longest(game, "ours")} ms at most`);
  await page.screenshot({ path: `${out}/game.png` });

  // Save game is a download of the game file; Open game takes it back as an upload.
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Control+s")]);
  const saved = `${out}/${download.suggestedFilename()}`;
  await download.saveAs(saved);
  const gameText = readFileSync(saved, "utf8");
  check(download.suggestedFilename() === "game.ron", `the download is named ${download.suggestedFilename()}`);
  check(gameText.includes("moves:"), `the download is not a game file: ${gameText.slice(0, 200)}`);
  say(`Save game downloaded ${download.suggestedFilename()} (${gameText.length} bytes); notice: "${await notice()}"`);
  await page.keyboard.press("Control+n");
  await page.waitForTimeout(300);
  // Once in a clean CI run (2026-11-26) the first Ctrl+O opened no chooser within 30 s, and the
  // same build opened it on a rerun; the cause is not known. A second press, as a player would
  // give, is allowed and said; a chooser that never opens still fails the check.
  const openChooser = async (timeout) =>
    (await Promise.all([page.waitForEvent("filechooser", { timeout }), page.keyboard.press("Control+o")]))[0];
  let chooser;
  try {
    chooser = await openChooser(10000);
  } catch {
    say("Open game: no file chooser 10 s after Ctrl+O; pressing it again");
    chooser = await openChooser(30000);
  }
  await chooser.setFiles(saved);
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/opened.png` });
  say(`Open game took the upload; status: "${await status()}", notice: "${await notice()}"`);

  // A cell's button on the page plays that cell, as a screen reader's user presses it.
  await page.keyboard.press("Control+n");
  await waitForStatus((s) => s.startsWith("Your move"), "a new game");
  await page.locator("#board").getByRole("button", { name: /^Row 2, column 2, empty/ })
    .evaluate((button) => button.click());
  await waitForStatus((s) => s.includes("The computer (O) played"), "the answer to a cell button's move");
  say(`a cell button played row 2, column 2: "${await status()}"`);

  // The explorer.
  await page.keyboard.press("Control+n");
  await page.waitForTimeout(300);
  await page.keyboard.press("t");
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/explorer.png` });
  await page.keyboard.press("t");

  // A position from the URL, seen from X's side with the scores on.
  const position = "XO./.X./..O";
  await page.goto(`${url}?position=${encodeURIComponent(position)}&view=x&scores=on`);
  await waitForStatus((s) => s.length > 0, "the position's first frame");
  await page.screenshot({ path: `${out}/position.png` });
  const positionStatus = await status();
  say(`opened ?position=${position}: "${positionStatus}"`);

  // Settings persisted across a reload: scores stay on.
  await page.goto(url);
  await waitForStatus((s) => s.length > 0, "the reloaded page");
  const stored = await page.evaluate(() => JSON.stringify(Object.keys(localStorage)));
  say(`local storage keys after reload: ${stored}`);
  await page.screenshot({ path: `${out}/reloaded.png` });

  // A link never changes what the player saved: O to move, X's numbers, scores off; a new game
  // on the link's page too. The stored settings are byte for byte what they were before it.
  const settingsKey = "tictactoe settings";
  const storedSettings = () => page.evaluate((key) => localStorage.getItem(key), settingsKey);
  // eframe stores the app's state when the canvas loses the focus (and every 30 s).
  const letItSave = async () => {
    await page.locator("canvas#game").focus();
    await page.waitForTimeout(200);
    await page.evaluate(() => document.activeElement && document.activeElement.blur());
    await page.waitForTimeout(300);
  };
  await letItSave();
  const before = await storedSettings();
  check(before !== null, "the player's settings were never stored");
  await page.goto(`${url}?position=${encodeURIComponent("XOX/.O./X..")}&view=x&scores=off`);
  await waitForStatus((s) => s.includes("Your move (O)"), "the link's position, O to move");
  await page.locator("canvas#game").focus();
  await page.keyboard.press("Control+n");
  await waitForStatus((s) => s.includes("Your move"), "a new game on the link's page");
  await letItSave();
  await page.goto(url);
  const plain = await waitForStatus((s) => s.includes("Your move"), "the page without the link");
  const after = await storedSettings();
  check(after === before, `a link changed the stored settings:\n${before}\n→\n${after}`);
  check(plain.includes("Your move (X)"), `after a link for O, the plain page says: "${plain}"`);
  say(`a link, a new game and a reload left the stored settings as they were (${after.length} bytes)`);

  // A link with one part the page cannot read uses the rest, and says which part it ignored.
  await page.goto(`${url}?position=${encodeURIComponent("XOX/.O./X..")}&view=articles`);
  await waitForStatus((s) => s.includes("Your move (O)"), "the position of a link with a bad view");
  const ignored = await notice();
  check(ignored.includes("view=articles") && ignored.includes("The rest of the link is used."),
    `the notice for a link's bad part: "${ignored}"`);
  say(`a link's bad part: "${ignored}"`);
  await page.screenshot({ path: `${out}/link-partly-read.png` });

  // A 7×7 game: a click on the middle of the board, then the computer's think time, in the
  // page's Web Worker: the page keeps drawing its progress.
  const empty7 = Array(7).fill(".......").join("/");
  await page.goto(`${url}?position=${encodeURIComponent(empty7)}`);
  await waitForStatus((s) => s.includes("Your move"), "the 7×7 board");
  const box = await page.locator("canvas#game").boundingBox();
  await watchStatus();
  mark = await now();
  await page.mouse.click(box.x + box.width * 0.34, box.y + box.height * 0.45);
  await waitForStatus((s) => s.includes("The computer (O) played"), "the computer's 7×7 move", 60_000);
  const big = await longTasksSince(mark);
  await page.screenshot({ path: `${out}/seven.png` });
  // The search runs in the page's worker, so the game goes on drawing while it thinks: a search
  // on the page's own thread would hold the page in the one frame that ends with its move. A
  // count, not a time.
  const drawnWhileThinking = await framesBetween("is thinking", "The computer (O) played");
  check(drawnWhileThinking >= 2,
    `the page drew ${drawnWhileThinking} frames from "is thinking" to the computer's 7×7 move: its search held the page`);
  say(`7×7 move: ${drawnWhileThinking} frames drawn while the computer thought; ` +
    `${big.length} long tasks, longest ${longest(big, "ms")} ms, of which ours ${longest(big, "ours")} ms at most`);

  // The exact search goes on after the computer's move (the scores of the player's moves); a new
  // game stops it at once: the worker is replaced, and the new board answers right away.
  await page.waitForTimeout(1000);
  const searching = await status();
  mark = await now();
  await page.keyboard.press("Control+n");
  const fresh = await waitForStatus((s) => s !== searching && s.includes("Your move"), "a new game", 5_000);
  say(`new game during a 7×7 search: "${fresh}" after ${((await now()) - mark).toFixed(0)} ms`);
  await page.mouse.click(box.x + box.width * 0.34, box.y + box.height * 0.45);
  await waitForStatus((s) => s.includes("The computer (O) played"), "the computer's move in the new game", 60_000);
  await page.screenshot({ path: `${out}/seven-again.png` });

  await checkWorkersReady();
  await checkTapOnSlowPage();
  await checkHoldingOff();

  // An exercise's answer box with the keyboard's focus (pressed through the page's mirror, as a
  // screen reader presses it): idle too, and a digit typed then still reaches it.
  await page.goto(`${url}?exercises=v1-s2025-k=value-n=3-3x3`);
  const answerBox = page.locator("#controls").getByRole("button", { name: /^Your answer/ });
  await answerBox.waitFor({ state: "attached", timeout: 30_000 });
  await answerBox.evaluate((button) => button.click());
  await page.locator("canvas#game").focus();
  await checkIdle("an exercise, its answer box focused");
  // The digit drawn in the box (the mirror names the box, not what it holds): the canvas changes.
  const idleCanvas = await page.locator("canvas#game").screenshot();
  await page.keyboard.press("7");
  await page.waitForTimeout(500);
  check(!idleCanvas.equals(await page.locator("canvas#game").screenshot()),
    "a digit typed into the idle page's focused answer box was not drawn");
  say("a digit typed into the idle page's answer box was drawn");

  // Installable: the manifest as Chromium reads it (no errors, a standalone display, every icon
  // a PNG of the size it declares, one of them large enough for an install), and the page working
  // offline after one visit, served by its service worker with the network cut off (the
  // worker's own fetches included).
  const cdp = await context.newCDPSession(page);
  await page.goto(url);
  await waitForStatus((s) => s.includes("Your move"), "the page before going offline");
  const manifest = await cdp.send("Page.getAppManifest");
  check(manifest.url && manifest.errors.length === 0,
    `the manifest (${manifest.url}): ${JSON.stringify(manifest.errors)}`);
  const declared = JSON.parse(manifest.data);
  check(declared.display === "standalone" && declared.name && declared.start_url,
    `the manifest's display, name or start_url: ${manifest.data}`);
  const icons = [];
  for (const icon of declared.icons) {
    const fetched = await page.request.get(new URL(icon.src, manifest.url).href);
    const png = await fetched.body();
    check(fetched.ok() && png.toString("latin1", 1, 4) === "PNG", `the icon ${icon.src} is no PNG`);
    const size = `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
    check(size === icon.sizes, `the icon ${icon.src} is ${size}, the manifest says ${icon.sizes}`);
    icons.push(`${icon.src} ${size}`);
  }
  check(declared.icons.some((icon) => parseInt(icon.sizes, 10) >= 192), "no icon of 192 px or more");
  // A browser context is private (incognito), which Chromium names among the reasons not to
  // install; any other reason fails.
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  const blocking = installabilityErrors.filter((e) => e.errorId !== "in-incognito");
  check(blocking.length === 0, `Chromium would not install the page: ${JSON.stringify(blocking)}`);
  const controlled = await page.evaluate(() => Promise.race([navigator.serviceWorker.ready.then(() => true),
    new Promise((resolve) => setTimeout(() => resolve(false), 10_000))]));
  check(controlled, "no service worker was ready for the page within 10 s");
  await context.setOffline(true);
  await context.route("**/*", (route) => route.abort("internetdisconnected"));
  const offline = await page.reload();
  check(offline && offline.fromServiceWorker(), "the page offline was not served by its service worker");
  const offlineStatus = await waitForStatus((s) => s.includes("Your move"), "the page offline");
  await page.screenshot({ path: `${out}/offline.png` });
  await context.unroute("**/*");
  await context.setOffline(false);
  say(`installable: manifest "${declared.name}", display ${declared.display}, icons ${icons.join(", ")}; ` +
    `offline after one visit, from the service worker: "${offlineStatus}"`);

  writeFileSync(`${out}/report.json`, JSON.stringify({ loadMs, game, big }, null, 2));
} catch (error) {
  problems.push(error.message);
  await page.screenshot({ path: `${out}/failure.png` }).catch(() => {});
}
await browser.close();
if (problems.length) {
  for (const problem of problems) console.error(`web-check: FAIL: ${problem}`);
  process.exit(1);
}
say("ok");

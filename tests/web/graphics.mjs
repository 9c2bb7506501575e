// The page when the browser takes its graphics away and gives them back (scripts/web-check.sh
// serves the site and runs this): a game under way, with the scores on, loses its WebGL context
// (WEBGL_lose_context, as a phone short of memory does); the page says so where it can be seen
// and in a live region, and once the context is restored the game draws again on the same
// position, with the same scores and the page's address as it was. Then the same with a set of
// exercises open. Screenshots go to OUT_DIR/graphics-*.png.
//
//   node graphics.mjs URL OUT_DIR
import { gatherErrors, launchHeadless } from "./chromium.mjs";
import { mkdirSync } from "node:fs";

const [url, out] = process.argv.slice(2);
if (!url || !out) {
  console.error("usage: node graphics.mjs URL OUT_DIR");
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const say = (text) => console.log(`web-check: ${text}`);
const problems = [];
function check(condition, message) {
  if (!condition) throw new Error(message);
}

const browser = await launchHeadless();
const context = await browser.newContext({ viewport: { width: 900, height: 700 } });
const page = await context.newPage();
gatherErrors(page, problems);
// Frames the game has worked out since this document loaded (a reload starts again from 0).
await page.addInitScript(() => {
  window.framesDrawn = 0;
  window.tictactoeFrameTimed = () => window.framesDrawn++;
});

const status = () => page.locator("#status").textContent();
const cellNames = () => page.locator("#board button").evaluateAll((buttons) =>
  buttons.map((b) => b.getAttribute("aria-label")));
const controlNames = () => page.locator("#controls button").evaluateAll((buttons) =>
  buttons.map((b) => b.getAttribute("aria-label")));
async function waitUntil(test, what, timeout = 30_000) {
  const start = Date.now();
  let last;
  while (Date.now() - start < timeout) {
    last = await test().catch((error) => `(${error.message})`);
    if (last === true) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
}
// A screenshot's PNG size: a blank page (one colour and a line of text) packs into a few KB, a
// drawn board into many times that.
const shotBytes = async (name) => (await page.screenshot({ path: `${out}/graphics-${name}.png` })).length;

// Takes the page's WebGL context away, checks what the page says, gives it back, and waits for
// the game's first frame on the reloaded page; returns what the reloaded page shows.
async function loseAndRestore(name) {
  const addressBefore = page.url();
  await page.evaluate(() => {
    // The context the game draws on (eframe took the one the page made first).
    const gl = document.getElementById("game").getContext("webgl2");
    window.lostContext = gl.getExtension("WEBGL_lose_context");
    window.lostContext.loseContext();
  });
  const message = page.locator("#graphics");
  await waitUntil(async () => (await message.textContent()) === "The graphics were reset; redrawing…",
    "the message that the graphics were reset");
  check(await message.isVisible(), "the message that the graphics were reset is not visible");
  const live = await message.evaluate((m) => [m.getAttribute("role"), m.getAttribute("aria-live")]);
  check(live[0] === "status" && live[1] === "assertive",
    `the message is not in a live region (role ${live[0]}, aria-live ${live[1]})`);
  const lostBytes = await shotBytes(`${name}-lost`);
  const started = Date.now();
  await Promise.all([
    page.waitForEvent("load", { timeout: 30_000 }),
    page.evaluate(() => window.lostContext.restoreContext()),
  ]);
  await waitUntil(async () => (await page.evaluate(() => window.framesDrawn)) > 0 &&
    (await status()).length > 0, "the game's first frame after the graphics came back");
  const redrawnMs = Date.now() - started;
  check(page.url() === addressBefore, `the page's address changed: ${addressBefore} → ${page.url()}`);
  check((await page.locator("#graphics").textContent()) === "", "the reset's message is still shown");
  const kept = await page.evaluate(() => sessionStorage.getItem("tictactoe restore"));
  check(kept === null, `the link to reload into is still kept for the next load: ${kept}`);
  return { lostBytes, redrawnMs };
}

try {
  // A game under way: X in the middle, the computer's answer, the scores on.
  await page.goto(url);
  await waitUntil(async () => (await status()).includes("Your move (X)"), "the first frame");
  await page.locator("canvas#game").focus();
  await page.keyboard.press("5");
  await waitUntil(async () => (await status()).includes("The computer (O) played"), "the computer's answer");
  await page.keyboard.press("s");
  await waitUntil(async () => (await cellNames()).filter((n) => /, empty, score -?\d+/.test(n)).length === 7,
    "the scores of the seven empty cells");
  const cellsBefore = await cellNames();
  const statusBefore = await status();
  const drawnBytes = await shotBytes("game-before");

  const { lostBytes, redrawnMs } = await loseAndRestore("game");
  // The reloaded page plays on from the position: what it keeps of the game is the position,
  // not its moves, so the last move is no longer marked.
  const position = (names) => JSON.stringify(names.map((n) => n.replace(/, the computer's last move$/, "")));
  await waitUntil(async () => {
    const now = position(await cellNames());
    return now === position(cellsBefore) || now;
  },
    `the same position with the same scores (before: ${position(cellsBefore)})`);
  const redrawnBytes = await shotBytes("game-after");
  check(redrawnBytes > 3 * lostBytes,
    `the canvas looks blank after the graphics came back (${redrawnBytes} bytes of PNG; blank: ${lostBytes})`);
  say(`graphics reset during a game: said on the page, redrawn ${redrawnMs} ms after the context came back, ` +
    `on the same position and scores ("${statusBefore}" → "${await status()}"; ` +
    `screenshots ${drawnBytes} bytes before, ${lostBytes} lost, ${redrawnBytes} after)`);

  // A set of exercises open on its second item (from its link): it is open again after the
  // reset, on the same item.
  await page.goto(`${url}?exercises=v1-s7-k=value-n=4-3x3&item=2`);
  await waitUntil(async () => (await controlNames()).some((n) => /answer|Check/i.test(n)) ||
    (await page.evaluate(() => window.framesDrawn)) > 5, "the exercises' first frames");
  const controlsBefore = await controlNames();
  const cellsInSet = await cellNames();
  await loseAndRestore("exercises");
  await waitUntil(async () => JSON.stringify(await controlNames()) === JSON.stringify(controlsBefore) &&
    JSON.stringify(await cellNames()) === JSON.stringify(cellsInSet),
    `the same exercise on show (controls before: ${JSON.stringify(controlsBefore)})`);
  const link = await page.locator("canvas#game").getAttribute("data-link");
  check(/exercises=v1-s7-k%3Dvalue-n%3D4-3x3&item=2$|exercises=v1-s7-k=value-n=4-3x3&item=2$/.test(link),
    `after the reset the app is not on the set's second item: its link is ${link}`);
  await shotBytes("exercises-after");
  say(`graphics reset in a set of exercises: the set open again on the same item ` +
    `(${controlsBefore.length} controls, ${cellsInSet.length} cells mirrored)`);
} catch (error) {
  problems.push(error.message);
  await page.screenshot({ path: `${out}/graphics-failure.png` }).catch(() => {});
}
await browser.close();
if (problems.length) {
  for (const problem of problems) console.error(`web-check: FAIL: ${problem}`);
  process.exit(1);
}
say("graphics reset: ok");

// Every menu and view of the page opened by its screen reader's mirror alone, on a phone's true
// viewport (390×844, touch) and a laptop's (1280×800): the same walk as tests/touch.rs's
// kittest one (every menu, submenu and view), here on the built page in Chromium, pressing only
// the buttons the page keeps in `<div id="controls">` (as a screen reader presses them: a click
// on the element, no pointer on the canvas). Each step's control must be among the mirrored
// buttons, pressing it must change what the mirror offers, and the view at the end of each path
// must offer a mirrored control to go on from. Fails on any of these and on any page error;
// prints what each path's end offers.
//
//   node mirror-walk.mjs URL OUT_DIR
import { gatherErrors, launchHeadless } from "./chromium.mjs";
import { mkdirSync, writeFileSync } from "node:fs";

const [url, out] = process.argv.slice(2);
if (!url || !out) {
  console.error("usage: node mirror-walk.mjs URL OUT_DIR");
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const say = (text) => console.log(`web-mirror-walk: ${text}`);

// The paths of tests/touch.rs's `every_menu_and_view_is_walked_by_the_mirror_alone…`.
const paths = [
  ["Game", "The articles' examples"],
  ["Players", "Who starts"],
  ["Players", "You play"],
  ["Players", "Mode"],
  ["Players", "Difficulty"],
  ["Board", "In a row to win"],
  ["Board", "Computer's time on large boards"],
  ["View", "Scores are seen"],
  ["View", "Theme"],
  ["Settings"],
  ["View", "Game tree explorer"],
  ["View", "Step through the search"],
  ["View", "A textbook's tree (minimax and alpha-beta)"],
  ["View", "Monte Carlo tree search"],
  ["View", "Cutting the search off (depth and evaluation)"],
  ["View", "Exercises…"],
  ["View", "Why the computer played there"],
  ["Game", "Game review"],
  ["Game", "Practice positions"],
  ["Game", "Set up a position…"],
];
const sizes = [
  { name: "phone", viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: "laptop", viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false },
];

const problems = [];
const report = [];
const started = Date.now();
const browser = await launchHeadless();
try {
  for (const size of sizes) {
    const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.hasTouch,
      isMobile: size.isMobile });
    // Every path starts from a new game: nothing kept from the path before.
    await context.addInitScript(() => {
      try {
        localStorage.clear();
      } catch {
        // No storage: nothing kept to clear.
      }
    });
    const page = await context.newPage();
    gatherErrors(page, problems);
    const names = () => page.locator("#controls > button")
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")));
    // The mirrored names once a press has changed them (or, with no `changedFrom`, as they are)
    // and they have stood still for 150 ms (a press redraws in the next frame or two), watched
    // in the page (a MutationObserver on the mirror), not by polling from here.
    const settled = async (changedFrom) => {
      await page.waitForFunction((changedFrom) => {
        const watch = window.mirrorWatch;
        if (changedFrom !== undefined && watch.changes === changedFrom) return false;
        return performance.now() - watch.last > 150;
      }, changedFrom, { timeout: 10_000, polling: 50 }).catch(() => {});
      return page.evaluate(() => ({ changes: window.mirrorWatch.changes,
        names: [...document.querySelectorAll("#controls > button")].map((b) => b.getAttribute("aria-label")) }));
    };
    const press = (name) => page.evaluate((name) => [...document.querySelectorAll("#controls > button")]
      .find((button) => button.getAttribute("aria-label") === name).click(), name);
    const start = async () => {
      await page.goto(url);
      await page.waitForFunction(() => (document.getElementById("status")?.textContent || "")
        .includes("Your move"), null, { timeout: 60_000 });
      await page.evaluate(() => {
        if (!document.getElementById("controls")) throw new Error("the page has no <div id=\"controls\">");
        window.mirrorWatch = { changes: 0, last: performance.now() };
        new MutationObserver(() => {
          window.mirrorWatch.changes += 1;
          window.mirrorWatch.last = performance.now();
        }).observe(document.getElementById("controls"), { subtree: true, childList: true, attributes: true,
          characterData: true });
      });
      return settled();
    };
    // Each path starts where a new game starts: left by the mirror (a view's Close or Back, a
    // menu's own button pressed again), or, where that does not lead back, by a reload.
    const atStart = JSON.stringify((await start()).names);
    let reloads = 0;
    for (const path of paths) {
      const where = `${size.name}: ${path.join(" › ")}`;
      try {
        let shown = await settled();
        if (JSON.stringify(shown.names) !== atStart) {
          reloads += 1;
          shown = await start();
        }
        let offered = shown.names;
        for (const [step, name] of path.entries()) {
          if (!offered.includes(name)) {
            throw new Error(`"${name}" is not mirrored after ${path.slice(0, step).join(" › ") || "the start"}; ` +
              `the mirror offers ${JSON.stringify(offered)}`);
          }
          await press(name);
          shown = await settled(shown.changes);
          if (JSON.stringify(shown.names) === JSON.stringify(offered)) {
            throw new Error(`pressing the mirrored "${name}" changed nothing the mirror offers`);
          }
          offered = shown.names;
        }
        // A view is left by a mirrored control; a menu closes when its button is pressed again.
        const leave = ["Close", "Close (Esc)", "Back to the game", "Cancel"].find((name) => offered.includes(name)) ??
          (offered.includes(path[0]) ? path[0] : undefined);
        if (!leave) throw new Error(`the view offers no mirrored control to go on: ${JSON.stringify(offered)}`);
        report.push(`${where}: ${offered.length} controls, left by "${leave}"; e.g. ` +
          offered.slice(5, 11).map((n) => `"${n}"`).join(", "));
        await press(leave);
        await settled(shown.changes);
      } catch (error) {
        problems.push(`${where}: ${error.message}`);
        await page.screenshot({ path: `${out}/mirror-walk-${size.name}-${path.join("-").replace(/[^A-Za-z0-9-]+/g, "_")}.png` })
          .catch(() => {});
      }
    }
    if (reloads) say(`${size.name}: ${reloads} paths began with a reload (the mirror's way out led elsewhere)`);
    await context.close();
  }
} finally {
  await browser.close();
}
writeFileSync(`${out}/mirror-walk.txt`, `${report.join("\n")}\n`);
for (const line of report) say(line);
if (problems.length) {
  for (const problem of problems) console.error(`web-mirror-walk: FAIL: ${problem}`);
  process.exit(1);
}
say(`ok: ${paths.length} paths on a phone and a laptop by the mirror alone in ` +
  `${((Date.now() - started) / 1000).toFixed(0)} s`);

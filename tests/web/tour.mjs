// A tour of every view in the web build, for a person to look at (not run by CI): opens each view
// with its key and saves a screenshot, and fails on any page or console error.
//
//   node tests/web/tour.mjs URL OUT_DIR      (serve target/site first, as scripts/web-check.sh does)
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";

const [url, out] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--enable-unsafe-swiftshader"],
});
const page = await (await browser.newContext({ viewport: { width: 1000, height: 760 } })).newPage();
const problems = [];
page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
page.on("console", (m) => m.type() === "error" && problems.push(`console error: ${m.text()}`));
const status = () => page.locator("#status").textContent();
async function shot(name, wait = 700) {
  await page.waitForTimeout(wait);
  await page.screenshot({ path: `${out}/${name}.png` });
  console.log(`tour: ${name}: "${await status()}"`);
}
async function open(query) {
  await page.goto(`${url}${query}`);
  await page.waitForFunction(() => document.getElementById("status")?.textContent);
  await page.locator("canvas#game").focus();
}
const press = async (...keys) => { for (const key of keys) { await page.keyboard.press(key); await page.waitForTimeout(250); } };

await open("?position=XO./.X./..O&view=mover&scores=on");
await shot("scores");
await press("w"); await shot("reasoning"); await press("w");
await press("t"); await shot("explorer", 1500); await press("t");
await press("d"); await press("ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight"); await shot("step-through"); await press("Escape");
await press("h"); await shot("hint"); await press("h");
await press("g"); await shot("threat"); await press("g");
await press("e"); await shot("editor"); await press("e");
await open("");
await press("5", "1"); await page.waitForTimeout(1500); await press("m"); await shot("review", 1500); await press("m");
await press("p"); await shot("practice", 2500); await press("p");
await page.mouse.click(30, 12); await shot("menu-game", 400); await page.keyboard.press("Escape");
await page.mouse.click(220, 12); await shot("menu-board", 400); await page.keyboard.press("Escape");
await open(`?position=${encodeURIComponent(Array(4).fill("....").join("/"))}&scores=on`); await shot("4x4", 3000);
await open(`?position=${encodeURIComponent(Array(5).fill(".....").join("/"))}&scores=on`); await shot("5x5", 4000);
await open(`?position=${encodeURIComponent(Array(6).fill("......").join("/"))}&scores=on`); await shot("6x6", 4000);
await open(`?position=${encodeURIComponent(Array(7).fill(".......").join("/"))}&scores=on`); await shot("7x7", 4000);
await browser.close();
for (const problem of problems) console.error(`tour: ${problem}`);
process.exit(problems.length ? 1 : 0);

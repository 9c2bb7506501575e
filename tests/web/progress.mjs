// A student's progress on the page: a set opened by its link, two items answered (one wrong, one
// right), the page reloaded: the set is back on item 2 with both answers (the status line says
// so), and the browser's storage holds them under the set's code. Start again clears them. Then
// the set builder's quiz, downloaded, is the command line's bytes.
//
//   node progress.mjs URL OUT_DIR SET_JSON GIFT_FILE
//
// SET_JSON is `tictactoe exercises --code CODE --format json` for a set of at least two items
// whose first two answers are typed (numbers or cells); GIFT_FILE is `tictactoe exercises --code
// CODE --format gift`, the quiz of the same set (the builder opens on the open set's choices).
// Fails (exit 1) on any difference or a page error.
import { readFileSync } from "node:fs";
import { gatherErrors, launchHeadless } from "./chromium.mjs";

const [url, out, setFile, giftFile] = process.argv.slice(2);
if (!url || !out || !setFile || !giftFile) {
  console.error("usage: node progress.mjs URL OUT_DIR SET_JSON GIFT_FILE");
  process.exit(2);
}
const say = (text) => console.log(`progress: ${text}`);
const set = JSON.parse(readFileSync(setFile, "utf8"));
const gift = readFileSync(giftFile, "utf8");
const problems = [];
const started = Date.now();

const browser = await launchHeadless();
const context = await browser.newContext({ viewport: { width: 1000, height: 900 }, acceptDownloads: true });
const page = await context.newPage();
gatherErrors(page, problems);
const status = async () => (await page.locator("#status").textContent()) || "";
// The words over the view: an answer's verdict, first.
const notice = async () => (await page.locator("#notice").textContent()) || "";
const until = async (test, what, timeout = 30_000) => {
  const start = Date.now();
  while (Date.now() - start < timeout) {
    if (await test().catch(() => false)) return;
    await page.waitForTimeout(50);
  }
  throw new Error(`timed out waiting for ${what}; the status says ${JSON.stringify(await status())}`);
};
const controls = () => page.locator("#controls").getByRole("button").evaluateAll((buttons) => buttons.map((b) => {
  const r = b.getBoundingClientRect();
  return { name: b.getAttribute("aria-label"), x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2 };
}));
const click = async (label) => {
  await until(async () => (await controls()).some((c) => c.name === label), `"${label}" on the screen`, 10_000);
  const c = (await controls()).find((c) => c.name === label);
  await page.mouse.click(c.x, c.y);
};
const kept = () => page.evaluate(() => localStorage.getItem("tictactoe exercises in progress"));

try {
  const link = `${url}?exercises=${set.code}`;
  await page.goto(link);
  const items = set.items.length;
  await until(async () => (await status()).startsWith(`Exercises: item 1 of ${items}`), "the set's first item");
  const [first, second] = set.items;
  // A wrong number for the first, if it is a number; the key for the second.
  const wrong = /^-?\d+$/.test(first.answer) ? String(Number(first.answer) + 1) : first.answer;
  for (const [answer, n] of [[wrong, 1], [second.answer, 2]]) {
    await until(async () => (await status()).startsWith(`Exercises: item ${n} of ${items}`), `item ${n}`);
    await page.waitForTimeout(300);
    await click("Your answer");
    await page.keyboard.type(answer, { delay: 5 });
    await page.keyboard.press("Enter");
    const verdict = n === 1 && wrong !== first.answer ? "Not quite" : "Right";
    await until(async () => (await notice()).startsWith(verdict), `the verdict on item ${n}`);
    if (n === 1) await click("Next");
  }
  const before = await kept();
  if (!before || !before.includes(`set ${set.code}\nitem 2\n1=${wrong}\n2=${second.answer}\n`)) {
    problems.push(`the browser's storage holds ${JSON.stringify(before)}, not the two answers on item 2`);
  }
  await page.reload();
  await until(async () => (await status()).startsWith(`Exercises: item 2 of ${items}`), "item 2 after the reload");
  // Item 2 graded as it was: its verdict over it, and the page still keeps both answers.
  await until(async () => (await notice()).startsWith("Right"), "item 2's verdict after the reload");
  if ((await kept()) !== before) problems.push(`the reload changed the storage to ${JSON.stringify(await kept())}`);
  await page.screenshot({ path: `${out}/progress-resumed.png` });
  say(`reloaded on item 2 with both answers: ${JSON.stringify(await status())}`);
  await click("Start again");
  await until(async () => (await status()).startsWith(`Exercises: item 1 of ${items}`), "a set started again");
  await until(async () => (await kept()) === null, "the storage cleared");

  // The builder's quiz, downloaded.
  await click("Build a set…");
  await until(async () => (await status()).startsWith("Building a set"), "the builder");
  const [download] = await Promise.all([page.waitForEvent("download"), click("Export GIFT…")]);
  const path = `${out}/progress-quiz.txt`;
  await download.saveAs(path);
  const downloaded = readFileSync(path, "utf8");
  if (download.suggestedFilename() !== `quiz-${set.code}.txt`) {
    problems.push(`the quiz is named ${download.suggestedFilename()}, not after the set's code`);
  }
  if (downloaded !== gift) {
    problems.push(`the downloaded quiz (${download.suggestedFilename()}) is not the command line's bytes`);
  }
  say(`the builder's quiz downloaded as ${download.suggestedFilename()}, ${downloaded.length} bytes, ` +
    `the command line's: ${downloaded === gift}`);
} catch (error) {
  problems.push(error.message);
}
await browser.close();
say(`${((Date.now() - started) / 1000).toFixed(1)} s`);
if (problems.length) {
  for (const problem of problems) console.error(`progress: ${problem}`);
  process.exit(1);
}
say("ok");

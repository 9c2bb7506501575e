// How fast the page's computer answers each first move of X, and whether its answer is proven:
// on the empty 6×6 (four in a row) and 7×7 (five in a row), X plays each cell up to the board's
// symmetry (6 and 10 cells) on a fresh page (a new browser context: a new Web Worker with an
// empty table, the default settings: Perfect, a think time of 2 s), and the computer answers as O.
//
//   node first-answers.mjs URL OUT_DIR [RUNS]      (RUNS: runs of each move, default 5)
//   THINK_MS=20000 PAUSE_MS=0 node first-answers.mjs URL OUT_DIR [RUNS]
//
// THINK_MS and PAUSE_MS, when set, are stored as the player's think time and pause before the
// computer moves (the settings' think_time_ms and ai_delay_ms) before each page opens: with no
// pause and time enough to prove every answer, the time is the page's time to the proof, to set
// against the native one (the engine's example, below).
//
// The answer is read from the page's status mirror (<div id="status">, kept equal to the status
// line): "The computer (O) played row 3, column 3." is proven, and an answer the exact search did
// not prove within the think time says so: "(not proven: its think time ran out; …)". The time is
// the page's own clock (performance.now()): from just before the cell's button is pressed to the
// moment the status mirror names the computer's move (a MutationObserver on it). It includes the
// computer's pause before it moves (0.3 s by default), so no answer comes sooner. A second time
// starts later, at the frame that shows X's move ("The computer (O) is thinking"): the frame in
// which the app took the move and asked its Web Worker for the answer, so the frames before it
// are left out and what remains is nearer the search's own time.
//
// Each row also gives the frames the page drew while the computer thought (from the press to the
// answer, counted as the canvas's WebGL clears, one per frame drawn): each frame takes processor
// time from the search beside it, much of it where the browser draws in software (this machine's
// Chromium has no graphics card). The page draws about five a second while a search runs (its
// progress counters), and at once for what someone waits for.
//
// With NATIVE=FILE, the native times of the same answers as the engine's example prints them
// (`cargo run --release -p tictactoe-engine --example first_answers 5 > FILE`: one thread, a
// fresh table, the median of 5), each row also gives the page's time from X's move shown over
// the native one: the page's ratio to native (scripts/wasm-bench.sh gives the engine's alone).
//
// It prints a table per board and a summary line, and writes every run to OUT_DIR/first-answers.json.
// Times are reported, never judged: it fails (exit 1) only on a page or console error, a page that
// does not start, or a move the computer never answers. Unproven answers are listed, not failed.
import { chromium } from "playwright-core";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";

const [url, out, runsText = "5"] = process.argv.slice(2);
const runs = Number(runsText);
if (!url || !out || !Number.isInteger(runs) || runs < 1) {
  console.error("usage: node first-answers.mjs URL OUT_DIR [RUNS]");
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const say = (text) => console.log(`first-answers: ${text}`);
const problems = [];
// The boards measured: the largest the game plays, with their usual run length.
const boards = [{ side: 6, k: 4 }, { side: 7, k: 5 }];
// The native medians, by board and move, from the engine's example's lines:
// "6x6 k4 X at (0, 1)<TAB>milliseconds<TAB>positions".
const native = new Map();
if (process.env.NATIVE) {
  for (const line of readFileSync(process.env.NATIVE, "utf8").split("\n")) {
    const row = /^(\d+)x\d+ k(\d+) X at (\(\d+, \d+\))\t([\d.]+)\t/.exec(line);
    if (row) native.set(`${row[1]}:${row[2]} ${row[3]}`, Number(row[4]));
  }
  if (native.size === 0) {
    console.error(`first-answers: ${process.env.NATIVE} has none of the lines of the engine's example first_answers`);
    process.exit(2);
  }
}

// Settings stored before each page opens, when asked for.
const lab = ["THINK_MS", "PAUSE_MS"].filter((name) => process.env[name] !== undefined);
for (const name of lab) {
  if (!/^\d+$/.test(process.env[name])) {
    console.error(`first-answers: ${name} must be a whole number of milliseconds, not ${JSON.stringify(process.env[name])}`);
    process.exit(2);
  }
}
const stored = [["THINK_MS", "think_time_ms"], ["PAUSE_MS", "ai_delay_ms"]]
  .filter(([name]) => process.env[name] !== undefined)
  .map(([name, field]) => `${field}: ${process.env[name]}`);
const settings = stored.length ? `(${stored.join(", ")})` : null;
// How long a move may wait for its answer before the page is taken to have failed: far beyond
// the think time, which the page's own settings bound.
const ANSWER_TIMEOUT_MS = 60_000 + Number(process.env.THINK_MS || 0) + Number(process.env.PAUSE_MS || 0);

// The first moves of X up to the board's eight symmetries: the triangle of the top-left quarter
// on and above its diagonal, counted from 0 as `tictactoe analyze` prints cells.
function firstMoves(side) {
  const half = Math.ceil(side / 2);
  const moves = [];
  for (let row = 0; row < half; row++) for (let col = row; col < half; col++) moves.push({ row, col });
  return moves;
}
const cellName = ({ row, col }) => `(${row}, ${col})`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--enable-unsafe-swiftshader", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync"],
});

// One run: a fresh page on the empty board, X's move on `cell`, the computer's answer.
async function answer(side, k, cell) {
  const context = await browser.newContext({ viewport: { width: 900, height: 700 } });
  // The settings as the player would have stored them (a fresh context has none).
  if (settings) await context.addInitScript((text) => localStorage.setItem("tictactoe settings", text), settings);
  // Every frame drawn: egui clears the canvas once per frame.
  await context.addInitScript(() => {
    window.framesDrawn = 0;
    for (const Context of [window.WebGL2RenderingContext, window.WebGLRenderingContext]) {
      const clear = Context?.prototype.clear;
      if (clear) Context.prototype.clear = function (...args) {
        window.framesDrawn++;
        return clear.apply(this, args);
      };
    }
  });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console error: ${message.text()}`);
  });
  const what = `${side}×${side}, X at ${cellName(cell)}`;
  try {
    const empty = Array(side).fill(".".repeat(side)).join("/");
    const loadStart = Date.now();
    await page.goto(`${url}?position=${encodeURIComponent(empty)}&k=${k}`);
    await page.waitForFunction(() => (document.getElementById("status")?.textContent || "").includes("Your move (X)"),
      null, { timeout: 30_000 }).catch(() => { throw new Error(`${what}: the page did not start`); });
    const loadMs = Date.now() - loadStart;
    const ready = await page.locator("#status").textContent();
    if (!ready.includes("Computer: Perfect")) throw new Error(`${what}: the computer is not at Perfect: "${ready}"`);
    // Every change of the status mirror, timed on the page's clock, until the computer's move.
    await page.evaluate(() => {
      const status = document.getElementById("status");
      window.statusChanges = [];
      window.answered = false;
      const observer = new MutationObserver(() => {
        const text = status.textContent;
        window.statusChanges.push({ at: performance.now(), text });
        if (text.includes("The computer (O) played")) {
          window.answered = true;
          observer.disconnect();
        }
      });
      observer.observe(status, { childList: true, characterData: true, subtree: true });
    });
    const button = page.locator("#board").getByRole("button", {
      name: new RegExp(`^Row ${cell.row + 1}, column ${cell.col + 1}, empty`),
    });
    const { movedAt, framesBefore } = await button.evaluate((button) => {
      const at = performance.now();
      const frames = window.framesDrawn;
      button.click();
      return { movedAt: at, framesBefore: frames };
    });
    await page.waitForFunction(() => window.answered, null, { timeout: ANSWER_TIMEOUT_MS })
      .catch(() => { throw new Error(`${what}: no answer within ${ANSWER_TIMEOUT_MS / 1000} s`); });
    const frames = await page.evaluate((before) => window.framesDrawn - before, framesBefore);
    const changes = await page.evaluate(() => window.statusChanges);
    const last = changes[changes.length - 1];
    const thinking = changes.find((change) => change.text.includes("is thinking"));
    const played = /The computer \(O\) played row (\d+), column (\d+)/.exec(last.text);
    const notProven = /\(not proven: ([^;)]*)/.exec(last.text);
    const thinkTime = thinking ? (/up to ([\d.]+) s/.exec(thinking.text) || [])[1] : undefined;
    if (process.env.THINK_MS !== undefined && thinking && Number(thinkTime) * 1000 !== Number(process.env.THINK_MS)) {
      throw new Error(`${what}: the think time asked for was not taken: "${thinking ? thinking.text : last.text}"`);
    }
    return {
      side, k, move: cellName(cell),
      answer: played ? cellName({ row: played[1] - 1, col: played[2] - 1 }) : "?",
      proven: !notProven,
      why: notProven ? notProven[1] : null,
      ms: last.at - movedAt,
      thinkingAfterMs: thinking ? thinking.at - movedAt : null,
      thinkTime: thinkTime ? `${thinkTime} s` : null,
      loadMs,
      frames,
      status: last.text,
      errors,
    };
  } catch (error) {
    await page.screenshot({ path: `${out}/failure-${side}x${side}-${cell.row}-${cell.col}.png` }).catch(() => {});
    return { side, k, move: cellName(cell), failed: error.message, errors };
  } finally {
    await context.close();
  }
}

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const secs = (ms) => (ms / 1000).toFixed(2);
// Times as the table shows them: the median and, from more than one run, the range.
const spread = (times) => times.length === 0 ? "–" : times.length === 1 ? `${secs(times[0])} s`
  : `${secs(median(times))} s (${secs(Math.min(...times))}–${secs(Math.max(...times))})`;

const all = [];
const summaries = [];
const started = Date.now();
for (const { side, k } of boards) {
  const rows = [];
  let thinkTime = null;
  for (const cell of firstMoves(side)) {
    const results = [];
    for (let run = 1; run <= runs; run++) {
      const result = await answer(side, k, cell);
      all.push(result);
      results.push(result);
      for (const error of result.errors) problems.push(`${side}×${side}, X at ${result.move}: ${error}`);
      if (result.failed) {
        problems.push(result.failed);
        continue;
      }
      thinkTime ||= result.thinkTime;
      console.error(`first-answers: ${side}×${side} X at ${result.move}, run ${run}: O at ${result.answer}, ` +
        `${result.proven ? "proven" : `not proven (${result.why})`}, ${secs(result.ms)} s`);
    }
    const answered = results.filter((r) => !r.failed);
    const times = answered.map((r) => r.ms);
    const fromShown = answered.filter((r) => r.thinkingAfterMs !== null).map((r) => r.ms - r.thinkingAfterMs);
    rows.push({
      move: cellName(cell),
      answers: [...new Set(answered.map((r) => r.answer))].join(" "),
      proven: answered.filter((r) => r.proven).length,
      answered: answered.length,
      why: [...new Set(answered.filter((r) => !r.proven).map((r) => r.why))].join("; "),
      // An answer not proven in the think time would have been proven later: at least this.
      ratio: fromShown.length && native.has(`${side}:${k} ${cellName(cell)}`)
        ? `${answered.every((r) => r.proven) ? "" : "≥ "}` +
          `${(median(fromShown) / native.get(`${side}:${k} ${cellName(cell)}`)).toFixed(1)}×` : "–",
      time: spread(times),
      fromShown: spread(fromShown),
      frames: answered.length ? String(median(answered.map((r) => r.frames))) : "–",
    });
  }
  console.log();
  const pause = process.env.PAUSE_MS === undefined ? "" : `, a pause of ${process.env.PAUSE_MS} ms set`;
  console.log(`${side}×${side}, k = ${k}: the page's computer (Perfect, think time ${thinkTime || "?"}${pause}) answering X's ` +
    `first move, ${runs === 1 ? "once" : `${runs} runs each`} on a fresh page; time to O's answer on the page's ` +
    `clock from the press of X's cell and from the frame that shows X's move${runs === 1 ? "" : ", median (min–max)"}`);
  console.log();
  const ratio = native.size > 0;
  console.log(`| X's move | O's answer | proven | from the press | from X's move shown | frames drawn |${ratio ? " ÷ native |" : ""}`);
  console.log(`| --- | --- | --- | --- | --- | --- |${ratio ? " --- |" : ""}`);
  for (const row of rows) {
    const proven = row.answered === 0 ? "no answer"
      : row.proven === row.answered ? (runs === 1 ? "yes" : `yes (${row.proven} of ${row.answered})`)
        : `NO (${row.proven} of ${row.answered}: ${row.why})`;
    console.log(`| ${row.move} | ${row.answers} | ${proven} | ${row.time} | ${row.fromShown} | ${row.frames} |${ratio ? ` ${row.ratio} |` : ""}`);
  }
  const always = rows.filter((row) => row.answered === runs && row.proven === runs);
  const not = rows.filter((row) => !(row.answered === runs && row.proven === runs));
  const summary = `${side}×${side}, k = ${k}: ${always.length} of ${rows.length} first answers proven in every run` +
    (not.length ? `; NOT proven every time: ${not.map((row) => `${row.move} (${row.proven} of ${runs})`).join(", ")}` : "");
  summaries.push(summary);
  console.log();
  console.log(summary);
}
await browser.close();
writeFileSync(`${out}/first-answers.json`, JSON.stringify(all, null, 2));
console.log();
for (const summary of summaries) say(summary);
say(`${all.length} page(s) in ${((Date.now() - started) / 1000).toFixed(0)} s; every run in ${out}/first-answers.json`);
if (problems.length) {
  for (const problem of problems) console.error(`first-answers: FAIL: ${problem}`);
  process.exit(1);
}
say("ok (times and provenness are reported, not judged)");

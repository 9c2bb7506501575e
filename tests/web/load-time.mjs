// How long from navigation to a playable board: the site in SITE (scripts/web-build.sh's
// output) served from 127.0.0.1 as a static host serves it (its precompressed FILE.gz, when the
// browser accepts gzip: tests/web/static-host.mjs), opened
// in Debian's Chromium, the CPU as it is (1×) and slowed four times (4×, CDP's
// Emulation.setCPUThrottlingRate), on no network limit, on a 4G-like one (9 Mbit/s down,
// 170 ms latency, CDP's Network.emulateNetworkConditions) and on Chromium's "Fast 3G" preset
// (1.44 Mbit/s down, 675 kbit/s up, 562.5 ms latency). Cold is a fresh profile; warm is the
// next load in the same profile, once the service worker has the site. "Playable" is the app's
// first frame: its status mirror says "Your move", timed in the page from navigation start.
// Prints a table of medians over RUNS runs; it reports and never judges (a time is no test).
//
//   node tests/web/load-time.mjs SITE [RUNS]     (default 3 runs)
import { existsSync } from "node:fs";
import { join } from "node:path";
import { launchHeadless } from "./chromium.mjs";
import { staticHost } from "./static-host.mjs";

const [site, runsArg = "3"] = process.argv.slice(2);
const runs = Number(runsArg);
if (!site || !Number.isInteger(runs) || runs < 1) {
  console.error("usage: node tests/web/load-time.mjs SITE [RUNS]");
  process.exit(2);
}
// A site without its precompressed files would be timed as sent uncompressed.
if (!existsSync(join(site, "tictactoe_bg.wasm.gz"))) {
  console.error(`load-time: ${site} has no precompressed files (FILE.gz): build it with scripts/web-build.sh`);
  process.exit(2);
}

const server = staticHost(() => site, { headers: { "Cache-Control": "no-cache" } });
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${server.address().port}/index.html`;

const networks = {
  none: null,
  "4G": { offline: false, latency: 170, downloadThroughput: 9e6 / 8, uploadThroughput: 9e6 / 8 },
  "Fast 3G": { offline: false, latency: 562.5, downloadThroughput: 1.44e6 / 8, uploadThroughput: 675e3 / 8 },
};

// The time from navigation start to the first status that says "Your move", in the page.
const watchStatus = () => {
  const seen = () => {
    const status = document.getElementById("status");
    if (status && status.textContent.includes("Your move") && window.playableAt === undefined) {
      window.playableAt = performance.now();
    }
  };
  new MutationObserver(seen).observe(document, { subtree: true, childList: true, characterData: true });
};

async function load(page, cdp, cpu, network) {
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
  await cdp.send("Network.enable");
  if (network) await cdp.send("Network.emulateNetworkConditions", network);
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForFunction(() => window.playableAt !== undefined, null, { timeout: 120_000, polling: 50 });
  return page.evaluate(() => window.playableAt);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const browser = await launchHeadless();
const rows = [];
try {
  for (const cpu of [1, 4]) {
    for (const [networkName, network] of Object.entries(networks)) {
      const cold = [];
      const warm = [];
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({ viewport: { width: 900, height: 700 } });
        await context.addInitScript(watchStatus);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        cold.push(await load(page, cdp, cpu, network));
        // The service worker has the site before the warm load.
        await page.evaluate(() => navigator.serviceWorker.ready);
        warm.push(await load(page, cdp, cpu, network));
        await context.close();
      }
      rows.push({ cpu: `${cpu}×`, network: networkName, cold: median(cold), warm: median(warm) });
    }
  }
} finally {
  await browser.close();
  server.close();
}
console.log(`Navigation to a playable board, median of ${runs} (served precompressed from 127.0.0.1):`);
console.log("| CPU | network | cold | warm |");
console.log("| --- | --- | --- | --- |");
for (const row of rows) {
  console.log(`| ${row.cpu} | ${row.network} | ${(row.cold / 1000).toFixed(2)} s | ${(row.warm / 1000).toFixed(2)} s |`);
}

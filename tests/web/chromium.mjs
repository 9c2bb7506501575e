// What the browser checks share: Debian's Chromium started as this machine allows (no sandbox
// as root, software WebGL, none of the background connections the closed network refuses), and
// a page's errors gathered for the report.
import { chromium } from "playwright-core";

export function launchHeadless() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--enable-unsafe-swiftshader", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
}

// Every uncaught error and every console error of `page` goes into `problems`.
export function gatherErrors(page, problems) {
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
}

// The page's search worker: a second copy of the game's program, so that no search ever holds up
// the page. The page sends the program, already compiled, as the first message; the program's
// main() then finds itself in a worker and answers the page's requests (bytes) from there.
// The program's version is the page's (scripts/web-build.sh writes it): see index.html.
import init from "./tictactoe.js?v=SITE_VERSION";

const early = [];
self.onmessage = async (first) => {
  // Requests that come while the program starts wait for it.
  self.onmessage = (later) => early.push(later);
  await init({ module_or_path: first.data });
  for (const message of early) self.onmessage(message);
};

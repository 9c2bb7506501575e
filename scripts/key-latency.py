#!/usr/bin/env python3
"""How long a key takes to show in the game's window, at rest and while an exact 7x7 search runs.

Runs the game (the release binary) in a real window under Xvfb, presses a key again and again, and
times each press from the key to the first change of the window's pixels, read with XGetImage on
the X server every millisecond or so:
- W (the panel on the computer's last move: a redraw the search does not see), with nothing
  under way, then with the scores on, so that the exact search of the 7x7 board runs the whole
  time;
- S with the scores on: each press stops the search or starts it again, as Ctrl+Z, Ctrl+N and
  a new board do.
Prints the medians and their ratios to W at rest.

    scripts/key-latency.py [--bin target/release/tictactoe] [--presses 15]

Needs Xvfb and xdotool (apt-get install xvfb xdotool). Numbers vary with the machine; compare
the two columns of one run, not runs on different days.
"""

import argparse
import ctypes
import ctypes.util
import os
import statistics
import subprocess
import sys
import tempfile
import time

SETTINGS = """(
    version: 1,
    first_player: Human,
    human_mark: X,
    mode: VsComputer,
    difficulty: Perfect,
    show_scores: {scores},
    welcome_hint: false,
    theme: Dark,
    board_size: 7,
    think_time_ms: 60000,
    ai_delay_ms: 0,
)
"""


class Screen:
    """Reads the X server's pixels, fast enough to poll every millisecond."""

    def __init__(self, display):
        self.x11 = ctypes.cdll.LoadLibrary(ctypes.util.find_library("X11"))
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.x11.XDefaultRootWindow.restype = ctypes.c_ulong
        self.x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        self.x11.XGetImage.restype = ctypes.c_void_p
        self.x11.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int,
                                       ctypes.c_int, ctypes.c_uint, ctypes.c_uint,
                                       ctypes.c_ulong, ctypes.c_int]
        self.x11.XDestroyImage = None
        self.display = self.x11.XOpenDisplay(display.encode())
        if not self.display:
            sys.exit(f"cannot open display {display}")
        self.root = self.x11.XDefaultRootWindow(self.display)

    def checksum(self, width, height):
        # XImage's data pointer sits after width, height, xoffset, format (4 ints).
        image = self.x11.XGetImage(self.display, self.root, 0, 0, width, height,
                                   0xFFFFFFFF, 2)  # ZPixmap
        data = ctypes.cast(image + 16, ctypes.POINTER(ctypes.c_void_p))[0]
        raw = ctypes.string_at(data, width * height * 4)
        self.x11.XFree(ctypes.c_void_p(data))
        self.x11.XFree(ctypes.c_void_p(image))
        return hash(raw)


def press_and_time(display, screen, size, key, timeout=5.0):
    before = screen.checksum(*size)
    started = time.perf_counter()
    subprocess.run(["xdotool", "key", key], env=display, check=True)
    while time.perf_counter() - started < timeout:
        if screen.checksum(*size) != before:
            return time.perf_counter() - started
        time.sleep(0.001)
    return None


def measure(binary, presses, scores, key, xdisplay):
    env = dict(os.environ, DISPLAY=xdisplay)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "settings.ron")
        with open(path, "w") as f:
            f.write(SETTINGS.format(scores="true" if scores else "false"))
        app = subprocess.Popen([binary, "--settings", path], env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            window = None
            for _ in range(100):
                found = subprocess.run(["xdotool", "search", "--pid", str(app.pid),
                                        "--onlyvisible", "--name", "."],
                                       env=env, capture_output=True, text=True)
                if found.stdout.strip():
                    window = found.stdout.split()[0]
                    break
                time.sleep(0.1)
            if window is None:
                sys.exit("no window appeared")
            subprocess.run(["xdotool", "windowsize", "--sync", window, "900", "700"], env=env)
            subprocess.run(["xdotool", "windowfocus", "--sync", window], env=env)
            time.sleep(2.0)  # the first frames, and the search under way if scores are on
            screen = Screen(xdisplay)
            times = []
            for _ in range(presses):
                elapsed = press_and_time(env, screen, (900, 700), key)
                if elapsed is not None:
                    times.append(elapsed)
                time.sleep(0.3)
            return times
        finally:
            app.kill()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", default="target/release/tictactoe")
    parser.add_argument("--presses", type=int, default=15)
    args = parser.parse_args()
    xdisplay = f":{150 + os.getpid() % 50}"
    xvfb = subprocess.Popen(["Xvfb", xdisplay, "-screen", "0", "1024x768x24"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    runs = {}
    try:
        time.sleep(1.0)
        runs["W at rest"] = measure(args.bin, args.presses, False, "w", xdisplay)
        runs["W while the 7x7 search runs"] = measure(args.bin, args.presses, True, "w", xdisplay)
        runs["S stopping and starting it"] = measure(args.bin, args.presses, True, "s", xdisplay)
    finally:
        xvfb.kill()
    if not all(runs.values()):
        sys.exit(f"a key never showed: {runs}")
    at_rest = statistics.median(runs["W at rest"])
    print(f"cores: {os.cpu_count()}")
    for name, times in runs.items():
        median = statistics.median(times)
        print(f"{name:30} median {median * 1000:4.0f} ms (min {min(times) * 1000:.0f}, "
              f"max {max(times) * 1000:.0f}, {len(times)} presses), "
              f"ratio to W at rest {median / at_rest:.2f}")


if __name__ == "__main__":
    main()

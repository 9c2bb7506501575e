//! Running the real binary from the tests: its exit status, standard output and error.

// Each test binary that includes this uses only part of it.
#![allow(dead_code)]

use std::ffi::OsStr;
use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::Value;

pub struct Run {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Each line of standard output as JSON.
    pub fn json_lines(&self) -> Vec<Value> {
        self.stdout
            .lines()
            .map(|line| {
                serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: not JSON: {line:?}"))
            })
            .collect()
    }

    /// Standard output as exactly one JSON document on one line.
    pub fn json(&self) -> Value {
        let lines = self.json_lines();
        assert_eq!(lines.len(), 1, "expected one line: {:?}", self.stdout);
        lines.into_iter().next().unwrap()
    }

    pub fn assert_no_panic(&self) {
        assert!(!self.stderr.contains("panicked"), "{}", self.stderr);
    }
}

/// What the binary printed, byte for byte, and how it exited.
pub struct RawRun {
    pub status: i32,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

/// Runs the binary with `args`, feeding it `stdin`; its output as text, checked for panics.
pub fn run(args: &[&str], stdin: &[u8]) -> Run {
    let raw = run_raw(args, stdin);
    let run = Run {
        status: raw.status,
        stdout: String::from_utf8(raw.stdout).expect("output is UTF-8"),
        stderr: String::from_utf8_lossy(&raw.stderr).into_owned(),
    };
    run.assert_no_panic();
    run
}

/// The program the tests run: the one cargo built, or `TICTACTOE_TEST_BINARY` run through
/// `TICTACTOE_TEST_RUNNER` when they are set, as the Windows check runs the Windows build under
/// Wine (scripts/windows-check.sh).
fn command() -> Command {
    let binary = std::env::var_os("TICTACTOE_TEST_BINARY")
        .unwrap_or_else(|| env!("CARGO_BIN_EXE_tictactoe").into());
    match std::env::var_os("TICTACTOE_TEST_RUNNER") {
        Some(runner) => {
            let mut command = Command::new(runner);
            command.arg(binary);
            command
        }
        None => Command::new(binary),
    }
}

/// Whether the program the tests run is a Windows one, whose whole command line must fit in
/// 32,767 characters.
pub fn runs_windows_program() -> bool {
    std::env::var("TICTACTOE_TEST_BINARY")
        .is_ok_and(|binary| binary.ends_with(".exe") || binary.ends_with(".com"))
}

/// Runs the binary with `args`, feeding it `stdin`; its output exactly as written.
pub fn run_raw(args: &[impl AsRef<OsStr>], stdin: &[u8]) -> RawRun {
    let run = run_once(args, stdin);
    if std::env::var_os("TICTACTOE_TEST_RUNNER").is_some() && wine_did_not_start_it(&run) {
        // Wine's loader can exit 1 before the program writes anything, rarely and not on
        // demand. The program never ends that way (each of its failures prints a line), so
        // the second run is the program's; a second such exit fails the test as it is.
        eprintln!("the runner exited 1 with no output; running the program once more");
        return run_once(args, stdin);
    }
    run
}

/// Exit status 1 with nothing written: what Wine's loader leaves when it cannot start the
/// program, and never what the program leaves.
fn wine_did_not_start_it(run: &RawRun) -> bool {
    run.status == 1 && run.stdout.is_empty() && run.stderr.is_empty()
}

fn run_once(args: &[impl AsRef<OsStr>], stdin: &[u8]) -> RawRun {
    let mut child = command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().unwrap();
    let output = std::thread::scope(|scope| {
        // Written from another thread so that a large input cannot deadlock against the output.
        scope.spawn(move || {
            // A single-board run does not read its input and may exit before taking it all.
            let _ = input.write_all(stdin);
        });
        child.wait_with_output().unwrap()
    });
    RawRun {
        status: output
            .status
            .code()
            .expect("exited, not killed by a signal"),
        stdout: output.stdout,
        stderr: output.stderr,
    }
}

/// `stdout` against the golden file `name` in `tests/fixtures/FOLDER`, or written there when
/// `TICTACTOE_BLESS_GOLDEN=1` (re-bless only for a change of output that is meant).
pub fn assert_golden(folder: &str, name: &str, stdout: &str) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(folder);
    let path = dir.join(name);
    if std::env::var_os("TICTACTOE_BLESS_GOLDEN").is_some() {
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&path, stdout).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|_| panic!("{} (bless with TICTACTOE_BLESS_GOLDEN=1)", path.display()));
    assert_eq!(stdout, want, "{name}");
}

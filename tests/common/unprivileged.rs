//! Checks that need a user who cannot read or write everything, as root can.

/// Runs `check` as such a user: directly when this process is not root; as root, by running the
/// test named `test` again, from a world-readable copy of this test binary, as user nobody
/// (through `setpriv`, from util-linux), and asserting that it passed. `child` names the
/// variable that tells the re-run it is one.
#[cfg(unix)]
pub fn as_unprivileged_user(test: &str, child: &str, check: impl FnOnce()) {
    let root = is_root();
    if std::env::var_os(child).is_some() {
        assert!(!root, "the re-run of {test} must not run as root");
        return check();
    }
    if !root {
        return check();
    }
    rerun_as_nobody(test, child, std::ffi::OsStr::new("1"));
}

/// Whether this process runs as root.
#[cfg(unix)]
#[allow(unsafe_code, reason = "libc's calls, for a test's own files and user")]
pub fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() == 0 }
}

/// Runs the test named `test` again, from a world-readable copy of this test binary, as user
/// nobody (uid and gid 65534, no other groups, through `setpriv` from util-linux), with the
/// variable `child` set to `value`, and asserts that it passed. For root only.
#[cfg(unix)]
pub fn rerun_as_nobody(test: &str, child: &str, value: &std::ffi::OsStr) {
    use std::fs;
    use std::os::unix::fs::PermissionsExt;
    // The binary may sit where user nobody cannot reach it: run a world-readable copy.
    let dir = tempfile::TempDir::new().unwrap();
    fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).unwrap();
    let exe = dir.path().join("unprivileged-test");
    fs::copy(std::env::current_exe().unwrap(), &exe).unwrap();
    fs::set_permissions(&exe, fs::Permissions::from_mode(0o755)).unwrap();
    let run = || {
        std::process::Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(&exe)
            .args(["--exact", test, "--nocapture"])
            .env(child, value)
            .env("TMPDIR", "/tmp")
            .current_dir("/")
            .output()
            .expect("setpriv runs")
    };
    // Another test thread that starts a process just while the copy is being written hands its
    // child the copy's open file until that child runs its own program: the copy then cannot be
    // run ("Text file busy") for that moment. Trying again is the usual answer.
    let mut output = run();
    for _ in 0..20 {
        if !String::from_utf8_lossy(&output.stderr).contains("Text file busy") {
            break;
        }
        #[allow(clippy::disallowed_methods, reason = "a test, not the seam")]
        std::thread::sleep(std::time::Duration::from_millis(50));
        output = run();
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && stdout.contains(" 1 passed;"),
        "{test} as user nobody: {}\n{stdout}\n{stderr}",
        output.status
    );
}

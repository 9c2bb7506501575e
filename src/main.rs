// No console window behind the game on Windows release builds. scripts/windows-dist.sh ships a
// copy marked for the console subsystem beside it as `tictactoe.com`, which a console runs when
// the user types `tictactoe analyze …`.
#![cfg_attr(all(windows, not(debug_assertions)), windows_subsystem = "windows")]

/// The desktop: the command line's commands, or the game's window.
#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    desktop::main()
}

/// The browser: the game on the page's canvas (see `tictactoe::app::web`), or, where the page
/// has started this program again as its Web Worker, the searches it asks for.
#[cfg(target_arch = "wasm32")]
fn main() {
    if tictactoe::platform::in_web_worker() {
        tictactoe::game::worker::serve_page();
    } else {
        tictactoe::app::web::start();
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod desktop {
    use std::io::{self, BufReader, IsTerminal};
    use std::process::ExitCode;

    use clap::Parser;
    use tictactoe::app::{self, AppOptions};
    use tictactoe::cli::{self, Cli, Command};

    pub fn main() -> ExitCode {
        // .cargo/config.toml builds for processors with POPCNT: one without it would stop on
        // the first search with an illegal instruction.
        #[cfg(all(target_arch = "x86_64", target_feature = "popcnt"))]
        if !std::arch::is_x86_feature_detected!("popcnt") {
            eprintln!(
                "tictactoe: this build needs a processor with the POPCNT instruction \
                 (every x86-64 processor since 2008 has it)"
            );
            return ExitCode::FAILURE;
        }
        let cli = Cli::parse();
        match cli.command {
            Some(Command::Analyze(args)) => {
                let stdin = BufReader::with_capacity(1 << 16, io::stdin().lock());
                let stdout = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
                let progress = io::stderr().is_terminal();
                exit_status(
                    "analyze",
                    cli::analyze_showing_progress(&args, stdin, stdout, io::stderr(), progress),
                )
            }
            Some(Command::Tree(args)) => {
                let stdout = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
                let progress = io::stderr().is_terminal();
                exit_status(
                    "tree",
                    cli::tree_showing_progress(&args, stdout, io::stderr(), progress),
                )
            }
            Some(Command::Mcts(args)) => {
                let stdout = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
                let progress = io::stderr().is_terminal();
                exit_status(
                    "mcts",
                    cli::mcts_showing_progress(&args, stdout, io::stderr(), progress),
                )
            }
            Some(Command::Cutoff(args)) => {
                let stdout = io::BufWriter::new(io::stdout().lock());
                exit_status("cutoff", cli::cutoff(&args, stdout, io::stderr()))
            }
            Some(Command::Review(args)) => {
                let stdout = io::BufWriter::new(io::stdout().lock());
                let progress = io::stderr().is_terminal();
                exit_status(
                    "review",
                    cli::review_showing_progress(&args, stdout, io::stderr(), progress),
                )
            }
            Some(Command::Exercises(args)) => {
                let stdout = io::BufWriter::new(io::stdout().lock());
                exit_status("exercises", cli::exercises(&args, stdout, io::stderr()))
            }
            Some(Command::Trace(args)) => {
                let stdout = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
                let progress = io::stderr().is_terminal();
                exit_status(
                    "trace",
                    cli::trace_showing_progress(&args, stdout, io::stderr(), progress),
                )
            }
            None => {
                let position = match cli.position().and_then(|p| cli.check_tree().map(|()| p)) {
                    Ok(position) => position,
                    Err(message) => {
                        eprintln!("{message}");
                        return ExitCode::from(cli::EXIT_BAD_BOARD as u8);
                    }
                };
                open_window(AppOptions {
                    settings_path: cli.settings,
                    position,
                    tree: cli.tree,
                    exercises: cli.exercises,
                    ..AppOptions::default()
                })
            }
        }
    }

    fn open_window(options: AppOptions) -> ExitCode {
        match app::run(options) {
            Ok(()) => ExitCode::SUCCESS,
            // `run` has told the user (stderr, a message box and the log).
            Err(_) => ExitCode::FAILURE,
        }
    }

    /// A command's exit status, from what it returned.
    fn exit_status(command: &str, result: io::Result<i32>) -> ExitCode {
        match result {
            Ok(status) => ExitCode::from(status as u8),
            // A closed pipe (`| head`) is the reader's choice, not an error to report.
            Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("tictactoe {command}: {error}");
                ExitCode::FAILURE
            }
        }
    }
}

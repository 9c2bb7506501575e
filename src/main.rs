// No console window behind the game on Windows release builds.
#![cfg_attr(all(windows, not(debug_assertions)), windows_subsystem = "windows")]

use std::io::{self, BufReader, IsTerminal};
use std::process::ExitCode;

use clap::Parser;
use tictactoe::app::{self, AppOptions};
use tictactoe::cli::{self, Cli, Command};

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Analyze(args)) => {
            let stdin = BufReader::with_capacity(1 << 16, io::stdin().lock());
            let stdout = io::BufWriter::with_capacity(1 << 16, io::stdout().lock());
            let progress = io::stderr().is_terminal();
            match cli::analyze_showing_progress(&args, stdin, stdout, io::stderr(), progress) {
                Ok(status) => ExitCode::from(status as u8),
                // A closed pipe (`| head`) is the reader's choice, not an error to report.
                Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(error) => {
                    eprintln!("tictactoe analyze: {error}");
                    ExitCode::FAILURE
                }
            }
        }
        None => match app::run(AppOptions {
            settings_path: cli.settings,
            ai_seed: None,
            clock: None,
        }) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("tictactoe: could not open the game window: {error}");
                ExitCode::FAILURE
            }
        },
    }
}

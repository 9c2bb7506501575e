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
    use std::process::ExitCode;

    use clap::Parser;
    use tictactoe::app::link::Link;
    use tictactoe::app::{self, AppOptions};
    use tictactoe::cli::{self, Cli};

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
        if let Some(command) = &cli.command {
            return ExitCode::from(command.run() as u8);
        }
        let position = match cli.position().and_then(|p| cli.check_tree().map(|()| p)) {
            Ok(position) => position,
            Err(message) => {
                eprintln!("{message}");
                return ExitCode::from(cli::EXIT_BAD_BOARD as u8);
            }
        };
        open_window(AppOptions {
            settings_path: cli.settings,
            open_on: Link {
                position,
                tree: cli.tree,
                exercises: cli.exercises,
                ..Link::default()
            },
            ..AppOptions::default()
        })
    }

    fn open_window(options: AppOptions) -> ExitCode {
        match app::run(options) {
            Ok(()) => ExitCode::SUCCESS,
            // `run` has told the user (stderr, a message box and the log).
            Err(_) => ExitCode::FAILURE,
        }
    }
}

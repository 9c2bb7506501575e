//! The controls the MCTS view's two searches share, on a board and on a textbook's tree: the
//! seed and c, the run buttons, Stop and Restart.

use egui::Ui;

use crate::app::commands::{Command, MctsCommand};

/// The buttons' iterations.
const RUNS: [(u64, &str); 4] = [(1, "1"), (10, "10"), (100, "100"), (1_000, "1,000")];

/// The seed and c fields, the run buttons, Stop and Restart, the same on a board and a tree:
/// `settings` are the seed and c in use, `pending` the iterations to go, `run` those run.
pub(super) fn run_controls(
    ui: &mut Ui,
    settings: (u64, f64),
    pending: u64,
    run: u64,
    commands: &mut Vec<Command>,
) {
    let (seed_now, c_now) = settings;
    ui.horizontal_wrapped(|ui| {
        let mut seed = seed_now;
        let label = ui.label("Seed");
        if ui
            .add(egui::DragValue::new(&mut seed))
            .labelled_by(label.id)
            .changed()
            && seed != seed_now
        {
            // Only a new seed restarts: Tab through the field (which edits it as text)
            // keeps the iterations run.
            commands.push(MctsCommand::Seed(seed).into());
        }
        let mut c = c_now;
        let label = ui.label("c");
        if ui
            .add(
                egui::DragValue::new(&mut c)
                    .range(0.0..=100.0)
                    .speed(0.01)
                    .max_decimals(3),
            )
            .labelled_by(label.id)
            .changed()
            && as_shown(c) != as_shown(c_now)
        {
            commands.push(MctsCommand::C(c).into());
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Run:");
        for (iterations, words) in RUNS {
            let button = egui::Button::new(words);
            if ui
                .add_enabled(pending == 0, button)
                .on_hover_text(format!("Run {words} more iterations"))
                .clicked()
            {
                commands.push(MctsCommand::Run(iterations).into());
            }
        }
        if ui
            .add_enabled(pending > 0, egui::Button::new("Stop"))
            .clicked()
        {
            commands.push(MctsCommand::Stop.into());
        }
        if ui
            .add_enabled(run > 0, egui::Button::new("Restart"))
            .clicked()
        {
            commands.push(MctsCommand::Restart.into());
        }
    });
}

/// `c` as its field shows it, to three places: the field, edited as text (Tab goes through it),
/// gives back √2 as 1.414, which is no new c.
pub(super) fn as_shown(c: f64) -> f64 {
    (c * 1000.0).round() / 1000.0
}

/// What the player asked of a run, the same on a board and a tree: its seed, its c, and the
/// iterations still to run.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Asked {
    pub seed: u64,
    pub c: f64,
    pub pending: u64,
}

impl Default for Asked {
    /// Seed 1 and c = √2, as `tictactoe mcts` without them.
    fn default() -> Self {
        Asked {
            seed: 1,
            c: std::f64::consts::SQRT_2,
            pending: 0,
        }
    }
}

impl Asked {
    /// Takes a run's command (run, stop, seed, c, restart; any other is not a run's): true when
    /// the search must start again, with the seed and c now asked.
    pub(super) fn take(&mut self, command: MctsCommand) -> bool {
        match command {
            MctsCommand::Run(iterations) => {
                self.pending = self.pending.saturating_add(iterations);
                false
            }
            MctsCommand::Stop => {
                self.pending = 0;
                false
            }
            MctsCommand::Seed(seed) => {
                self.seed = seed;
                true
            }
            MctsCommand::C(c) => {
                // As the field shows it, so that `tictactoe mcts --c` can be given the same.
                self.c = as_shown(c);
                true
            }
            MctsCommand::Restart => true,
            _ => false,
        }
    }

    /// The run's seed and c as `tictactoe mcts` takes them (c left out at its default, √2).
    pub(super) fn options(&self) -> String {
        match self.c == std::f64::consts::SQRT_2 {
            true => format!(" --seed {}", self.seed),
            false => format!(" --seed {} --c {}", self.seed, self.c),
        }
    }
}

//! What the MCTS view's two searches share, on a board and on a textbook's tree: the seed and c,
//! the run buttons, Stop and Restart, the run asked for, the status line, and the plot of the
//! root moves' estimates over the iterations.

use egui::{Color32, Pos2, Sense, Stroke, Ui, Vec2};

use crate::app::commands::{Command, MctsCommand};
use crate::app::drawing::texts::thousands;
use crate::engine::mcts::{Iteration, Mcts, Reward};
use crate::learn::mcts_report::{TREE_NODES, root_moves};

/// The most points the plot keeps; past it every other is dropped.
const PLOT_POINTS: usize = 400;
/// The buttons' iterations.
const RUNS: [(u64, &str); 4] = [(1, "1"), (10, "10"), (100, "100"), (1_000, "1,000")];

/// The seed and c fields, the run buttons, Stop and Restart, and under them how far the search
/// has got ([`status_words`]), the same on a board and a tree: `asked` is the run asked for,
/// `tree_size` a typed tree's nodes.
pub(super) fn run_controls<G: Reward>(
    ui: &mut Ui,
    asked: &Asked,
    search: &Mcts<G>,
    tree_size: Option<usize>,
    commands: &mut Vec<Command>,
) {
    let (seed_now, c_now) = (asked.seed, asked.c);
    let (pending, run) = (asked.pending, search.iterations());
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
    let status = status_words(search, pending, tree_size);
    ui.add(egui::Label::new(status).wrap());
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
    /// the search must start again, with the seed and c now asked. Without a search (a finished
    /// position, a tree that did not read) there is nothing to run, and a run is not taken.
    pub(super) fn take(&mut self, command: MctsCommand, searchable: bool) -> bool {
        match command {
            MctsCommand::Run(_) if !searchable => false,
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

    /// The iterations to run this frame, at most `most`, taken from those still to run.
    pub(super) fn this_frame(&mut self, most: u64) -> u64 {
        let now = self.pending.min(most);
        self.pending -= now;
        now
    }

    /// The run's seed and c as `tictactoe mcts` takes them (c left out at its default, √2).
    pub(super) fn options(&self) -> String {
        match self.c == std::f64::consts::SQRT_2 {
            true => format!(" --seed {}", self.seed),
            false => format!(" --seed {} --c {}", self.seed, self.c),
        }
    }
}

/// Runs `now` iterations of `search`, the last kept in `last` and, after each, the estimates of
/// the root's `moves` in the plot's `history` (every iteration a point, so that a short run
/// draws its whole curve): the same on a board and a tree.
pub(super) fn iterate<G: Reward, I: Iterator<Item = G::Move>>(
    search: &mut Mcts<G>,
    now: u64,
    last: &mut Option<Iteration<G::Move>>,
    history: &mut Vec<(u64, Vec<Option<f64>>)>,
    moves: impl Fn() -> I,
) {
    for _ in 0..now {
        *last = Some(search.step());
        record(history, search, moves());
    }
}

/// Appends the estimates (W/N) of the root's `moves`, in their order, after the search's latest
/// iteration to the plot's `history`, every other point dropped once it holds [`PLOT_POINTS`]:
/// the same on a board and a tree.
fn record<G: Reward>(
    history: &mut Vec<(u64, Vec<Option<f64>>)>,
    search: &Mcts<G>,
    moves: impl Iterator<Item = G::Move>,
) {
    let estimates = root_moves(search, moves)
        .iter()
        .map(|row| row.mean)
        .collect();
    history.push((search.iterations(), estimates));
    if history.len() > PLOT_POINTS {
        let mut index = 0;
        history.retain(|_| {
            index += 1;
            index % 2 == 0
        });
    }
}

/// "Iterations 120 · tree nodes 121 of at most 2,000 · 880 to go": how far the search has got,
/// the same on a board and a tree (`tree_size`: the typed tree's nodes, said after the most).
fn status_words<G: Reward>(search: &Mcts<G>, pending: u64, tree_size: Option<usize>) -> String {
    let mut status = format!(
        "Iterations {} · tree nodes {} of at most {}",
        thousands(search.iterations()),
        thousands(search.len() as u64),
        thousands(TREE_NODES as u64)
    );
    if let Some(size) = tree_size {
        status.push_str(&format!(" (this tree has {})", thousands(size as u64)));
    }
    if pending > 0 {
        status.push_str(&format!(" · {} to go", thousands(pending)));
    }
    if search.is_full() {
        status.push_str(" · the tree is full: iterations go on without adding nodes");
    }
    status
}

/// The root moves' estimates in `history` over the iterations, a line each in its `lines`
/// colour, from `low` at the bottom to `high` at the top (written there as `labels`), a move's
/// exact value, where it is given, dashed at its height in its colour.
pub(super) fn plot(
    ui: &mut Ui,
    history: &[(u64, Vec<Option<f64>>)],
    lines: &[(Color32, Option<f64>)],
    (low, high): (f64, f64),
    labels: (String, String),
) {
    let span = high - low;
    let width = ui.available_width().min(420.0);
    let (rect, _) = ui.allocate_exact_size(Vec2::new(width, 110.0), Sense::hover());
    let painter = ui.painter_at(rect);
    let text = ui.visuals().weak_text_color();
    painter.rect_stroke(rect, 0.0, Stroke::new(1.0, text), egui::StrokeKind::Inside);
    let last = history.last().map_or(1, |(n, _)| *n).max(1) as f32;
    // Inside the frame, so that a line at the top or the bottom is not drawn over it.
    let inner = rect.shrink(3.0);
    let height = |value: f64| {
        inner.bottom() - inner.height() * ((value - low) / span).clamp(0.0, 1.0) as f32
    };
    for (index, &(colour, exact)) in lines.iter().enumerate() {
        if let Some(exact) = exact {
            let y = height(exact);
            painter.add(egui::Shape::dashed_line(
                &[Pos2::new(inner.left(), y), Pos2::new(inner.right(), y)],
                Stroke::new(1.0, colour),
                3.0,
                3.0,
            ));
        }
        let points: Vec<Pos2> = history
            .iter()
            .filter_map(|(n, means)| {
                let mean = means.get(index).copied().flatten()?;
                Some(Pos2::new(
                    inner.left() + inner.width() * *n as f32 / last,
                    height(mean),
                ))
            })
            .collect();
        if points.len() > 1 {
            painter.add(egui::Shape::line(points, Stroke::new(1.5, colour)));
        }
    }
    let font = egui::FontId::proportional(11.0);
    let corner = |at: Pos2, align, words: String| {
        painter.text(at, align, words, font.clone(), text);
    };
    let (top, bottom) = labels;
    corner(
        rect.left_top() + Vec2::new(3.0, 2.0),
        egui::Align2::LEFT_TOP,
        top,
    );
    corner(
        rect.left_bottom() + Vec2::new(3.0, -2.0),
        egui::Align2::LEFT_BOTTOM,
        bottom,
    );
    corner(
        rect.right_bottom() + Vec2::new(-3.0, -2.0),
        egui::Align2::RIGHT_BOTTOM,
        format!("{} iterations", thousands(last as u64)),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Without a search there is nothing to run: a run is not taken, so none waits for frames.
    #[test]
    fn a_run_is_taken_only_where_there_is_a_search() {
        let mut asked = Asked::default();
        assert!(!asked.take(MctsCommand::Run(100), false));
        assert_eq!(asked.pending, 0);
        assert!(!asked.take(MctsCommand::Run(100), true));
        assert_eq!(asked.pending, 100);
        assert!(
            asked.take(MctsCommand::Seed(7), false),
            "a new seed restarts"
        );
    }

    /// A frame takes at most its share of the iterations to run, the rest left for the next.
    #[test]
    fn a_frame_takes_its_share_of_the_run() {
        let mut asked = Asked::default();
        asked.take(MctsCommand::Run(1_000), true);
        assert_eq!(asked.this_frame(250), 250);
        assert_eq!(asked.pending, 750);
        asked.take(MctsCommand::Stop, true);
        assert_eq!(asked.this_frame(250), 0);
    }
}

//! The program's command line as a whole: the options that open the game window, and the
//! commands.

use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::path::PathBuf;

use clap::{Parser, Subcommand};

use super::analyze::AnalyzeArgs;
use super::args::{Checked, MarkArg, parse_k, preview};
use super::contest::MatchArgs;
use super::cutoff::CutoffArgs;
use super::error;
use super::exercises::{ExercisesArgs, parse_code};
use super::mcts::MctsArgs;
use super::review::ReviewArgs;
use super::trace::TraceArgs;
use super::tree::TreeArgs;
use crate::engine::board::{Board, Mark};
use crate::engine::game_tree::GameTree;
use crate::learn::abstract_tree::tree_examples;

#[derive(Debug, Parser)]
#[command(
    name = "tictactoe",
    // The usage line says `tictactoe` whatever the program file is called (tictactoe.exe).
    bin_name = "tictactoe",
    version,
    about = "Tic-Tac-Toe against a minimax AI that shows how it rates every move"
)]
pub struct Cli {
    /// Settings file to load and save (default: settings.ron in the platform's config directory).
    #[arg(long, value_name = "FILE")]
    pub settings: Option<PathBuf>,

    /// Open the game on this position: board notation, as `analyze` takes it (e.g. XOX/OOX/...),
    /// or anything Ctrl+V takes in the game (rows on separate lines, as the articles print
    /// them). The game plays square boards, 3×3 to 7×7.
    #[arg(long, value_name = "BOARD")]
    pub position: Option<String>,

    /// With --position: whose move it is (default: from the counts).
    #[arg(long, value_enum, requires = "position")]
    pub to_move: Option<MarkArg>,

    /// With --position: how many in a row win (default: the board's usual).
    #[arg(long, value_name = "K", requires = "position", value_parser = Checked(parse_k), allow_hyphen_values = true)]
    pub k: Option<usize>,

    /// Open the game on a textbook's tree (View › A textbook's tree): nested lists of leaf
    /// values, e.g. [[3,12,8],[2,4,6],[14,5,2]] (min: first for a MIN root), or a built-in
    /// tree's name (three-ply, three-cutoffs, worst-order, best-order), as the page's ?tree= does.
    // The text is the option's help as `--help` prints it, where the tree's brackets are
    // brackets, not links.
    #[allow(rustdoc::broken_intra_doc_links)]
    #[arg(long, value_name = "TREE", allow_hyphen_values = true)]
    pub tree: Option<String>,

    /// Open the game on a set of exercises by its code (e.g. v1-s7-k=value,prune-n=4-3x3), as the
    /// page's ?exercises= does: everyone who opens the same code gets the same set.
    #[arg(long, value_name = "CODE", value_parser = Checked(parse_code))]
    pub exercises: Option<crate::learn::exercises::SetCode>,

    #[command(subcommand)]
    pub command: Option<Command>,
}

impl Cli {
    /// The position `--position` gives, read as a paste is ([`Board::paste_with`]: what Ctrl+V
    /// takes, checked as `analyze` checks a board, square as the game's boards are): `Err` is
    /// the one line to print (before any window opens).
    pub fn position(&self) -> Result<Option<Board>, String> {
        let Some(text) = &self.position else {
            return Ok(None);
        };
        Board::paste_with(text, self.to_move.map(Mark::from), self.k)
            .map(Some)
            .map_err(|error| format!("tictactoe --position: {:?}: {error}", preview(text)))
    }

    /// Whether `--tree` gives a tree the window can open on (a built-in tree's name, or nested
    /// lists of leaf values, as the tree's field reads it): `Err` is the one line to print
    /// (before any window opens), naming what was typed and what is accepted.
    pub fn check_tree(&self) -> Result<(), String> {
        let Some(text) = &self.tree else {
            return Ok(());
        };
        let examples = tree_examples();
        if examples.iter().any(|example| example.name == text.trim()) {
            return Ok(());
        }
        let names: Vec<&str> = examples.iter().map(|example| example.name).collect();
        // `Three-Ply`, `three_ply`: a name written another way.
        let plain = text.trim().to_lowercase().replace(['_', ' '], "-");
        if let Some(name) = names.iter().find(|name| **name == plain) {
            return Err(format!(
                "tictactoe --tree: {:?} is not a tree's name; did you mean {name}? The names are \
                 {}",
                preview(text),
                names.join(", ")
            ));
        }
        // A tree with chance nodes is read too: the lab draws its expectiminimax values.
        text.parse::<GameTree>().map(drop).map_err(|error| {
            format!(
                "tictactoe --tree: {:?}: {error}; a tree is nested lists of leaf values, like \
                 [[3,12,8],[2,4,6],[14,5,2]], or one of {}",
                preview(text),
                names.join(", ")
            )
        })
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Rate every legal move of a position with minimax and print the result as JSON.
    Analyze(AnalyzeArgs),
    /// Print the game tree below a position with every move's score, as the explorer shows it.
    Tree(TreeArgs),
    /// Print every call a search makes, as JSON lines, as the step-through view shows them.
    Trace(TraceArgs),
    /// Monte Carlo tree search (UCT) from a position: each move's visits and estimate beside
    /// its exact value, as JSON; with --trace, every iteration's phases.
    Mcts(MctsArgs),
    /// Two computer players against each other on 3×3 (a minimax level or Monte Carlo tree
    /// search): each side's wins, draws and losses, as JSON.
    Match(MatchArgs),
    /// Depth-limited minimax with an evaluation function at the cutoff: each move's number
    /// beside its exact score, as JSON.
    Cutoff(CutoffArgs),
    /// Review a game move by move: each move's score, the best score there was, and its class.
    Review(ReviewArgs),
    /// Print a graded set of exercises (the questions, or with their key as JSON, a GIFT quiz or
    /// a Moodle XML quiz), or grade answers to one.
    Exercises(ExercisesArgs),
}

impl Command {
    /// The command's name, as typed after `tictactoe`: every error line it writes starts with
    /// `tictactoe NAME: `.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Analyze(_) => "analyze",
            Command::Tree(_) => "tree",
            Command::Trace(_) => "trace",
            Command::Mcts(_) => "mcts",
            Command::Match(_) => "match",
            Command::Cutoff(_) => "cutoff",
            Command::Review(_) => "review",
            Command::Exercises(_) => "exercises",
        }
    }

    /// Runs the command on the process's standard streams, with a progress line where standard
    /// error is a terminal. Returns the exit status.
    pub fn run(&self) -> i32 {
        let stdin = BufReader::with_capacity(1 << 16, io::stdin().lock());
        let stdout = BufWriter::with_capacity(1 << 16, io::stdout().lock());
        let progress = io::stderr().is_terminal();
        self.run_on(stdin, stdout, io::stderr(), progress)
    }

    /// Runs the command reading `input` (for `analyze -`), writing its output on `out` and its
    /// notes, progress and error on `err`. Returns the exit status.
    pub fn run_on(
        &self,
        input: impl BufRead,
        out: impl Write,
        mut err: impl Write,
        progress: bool,
    ) -> i32 {
        let outcome = match self {
            Command::Analyze(args) => super::analyze::analyze(args, input, out, &mut err, progress),
            Command::Tree(args) => super::tree::tree(args, out, &mut err, progress),
            Command::Trace(args) => super::trace::trace(args, out, progress),
            Command::Mcts(args) => super::mcts::mcts(args, out, &mut err, progress),
            Command::Match(args) => super::contest::contest(args, out, progress),
            Command::Cutoff(args) => super::cutoff::cutoff(args, out),
            Command::Review(args) => super::review::review(args, out, &mut err, progress),
            Command::Exercises(args) => super::exercises::exercises(args, out),
        };
        error::exit_status(self.name(), outcome, err)
    }
}

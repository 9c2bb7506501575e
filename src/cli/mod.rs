//! The command line: `tictactoe` opens the game, `tictactoe analyze` asks the engine about
//! positions.
//!
//! `program` is the command line as a whole (the game window's options and the commands); one
//! module a command (`analyze`, `tree`, `trace`, `mcts`, `cutoff`, `review`, `exercises`, `match` in `contest`); the options they share in
//! `args`, what goes wrong and the exit status it gives in `error`, the JSON `analyze` writes in `report`, and the
//! progress line in `progress`.

mod analyze;
mod args;
mod contest;
mod cutoff;
mod error;
mod exercises;
mod mcts;
mod position;
mod program;
mod progress;
mod report;
mod review;
mod trace;
mod tree;

pub use analyze::{AnalyzeArgs, analyze};
pub use args::{
    AlgorithmArg, DEFAULT_MAX_NODES, MarkArg, RulesArgs, TEST_DEFAULT_MAX_NODES_VAR, ViewArg,
    default_max_nodes,
};
pub use contest::{MAX_GAMES, MatchArgs, contest};
pub use cutoff::{CutoffArgs, EvalArg, cutoff};
pub use error::{
    AnswersFileProblem, EXIT_BAD_BOARD, EXIT_IO, EXIT_OK, EXIT_SOME_LINES_BAD, Error, Finished,
    ReviewError, exit_status,
};
pub use exercises::{ExercisesArgs, ExercisesFormat, KindList, exercises};
pub use mcts::{DEFAULT_TREE_NODES, MAX_ITERATIONS, MAX_TRACED, MAX_TREE_NODES, MctsArgs, mcts};
pub use program::{Cli, Command};
pub use report::{Report, UnsettledMove, write_analysis, write_report, write_report_seen};
pub use review::{ReviewArgs, review};
pub use trace::{DEFAULT_MAX_LINES, RootArg, TraceAlgorithmArg, TraceArgs, TraceFormat, trace};
pub use tree::{DEFAULT_MAX_PRINTED, MAX_DRAWN, TreeArgs, TreeFormat, tree};

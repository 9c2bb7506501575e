//! Playing: a game's history ([`Game`]), a session of games with its seating and score
//! ([`Session`]), and the match controller that runs the computer's turns and the searches the
//! display needs ([`GameController`]). Everything here is plain state and rules; the desktop app
//! draws it and feeds it commands.

mod controller;
mod history;
mod knowledge;
mod record;
mod session;
pub mod worker;

pub use controller::{ComputerMove, ControllerOptions, GameController, PlayOptions, SetupChange};
pub use history::Game;
pub use knowledge::{
    Basis, COUNT_LIMIT, CUTOFF_LIMIT, CutoffSearch, MatchSearch, PartialScores, TRACE_LIMIT,
    TraceLog,
};
pub use record::{GameRecord, SessionAccuracy, game_summary};
pub use session::{FirstPlayer, GameSetup, Mode, Player, Players, Session, Tally};

//! What a command returns, and the one place that turns it into the line the user reads and
//! the exit status.

use std::io::{self, Write};
use std::path::PathBuf;

use super::args::preview;
use crate::engine::board::{BadMoveNumber, BoardError};
use crate::store::files::ReadProblem;
use crate::store::game_file::GameFileError;

/// Exit status: everything asked was done.
pub const EXIT_OK: i32 = 0;
/// Exit status: in batch mode, at least one line was not a valid board.
pub const EXIT_SOME_LINES_BAD: i32 = 1;
/// Exit status: the board, an option or a file was bad (one line on standard error says which).
pub const EXIT_BAD_BOARD: i32 = 2;
/// Exit status: reading the input or writing the output failed.
pub const EXIT_IO: i32 = 1;

/// How a command that did what was asked ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[must_use]
pub enum Finished {
    /// Everything asked was done (a note on standard error may say what was left out, as a
    /// capped tree's does).
    Done,
    /// A batch went through, but some of its lines were not boards: each has its error line in
    /// the output.
    SomeLinesBad,
}

impl Finished {
    pub fn exit_status(self) -> i32 {
        match self {
            Finished::Done => EXIT_OK,
            Finished::SomeLinesBad => EXIT_SOME_LINES_BAD,
        }
    }
}

/// Why a command did not do what was asked. Its text is the one line the user reads after
/// `tictactoe COMMAND: ` ([`exit_status`] writes both).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The board or tree given (its start, quoted, as typed) cannot be worked on: it is not
    /// valid, the game is over, or its search stopped before there was an answer.
    #[error("{typed:?}: {problem}")]
    Position { typed: String, problem: String },
    /// An option, a pair of options or an answer that cannot be used.
    #[error("{0}")]
    Usage(String),
    /// A search stopped at its limit while the command was printing its answer.
    #[error("{0}")]
    Stopped(String),
    /// The answers file to grade could not be read.
    #[error("cannot read answers from {}: {problem}", .path.display())]
    AnswersFile {
        path: PathBuf,
        problem: AnswersFileProblem,
    },
    /// The game to review could not be read or played.
    #[error(transparent)]
    Review(#[from] ReviewError),
    /// Reading standard input or writing standard output failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

impl Error {
    /// What is wrong with the position typed as `text` (shown by its start).
    pub fn position(text: &str, problem: impl ToString) -> Error {
        Error::Position {
            typed: preview(text),
            problem: problem.to_string(),
        }
    }

    /// The exit status: 2 for bad input, 1 when reading or writing failed, 0 for a closed pipe
    /// (`| head`: the reader's choice, not an error).
    pub fn exit_status(&self) -> i32 {
        match self {
            Error::Io(error) if error.kind() == io::ErrorKind::BrokenPipe => EXIT_OK,
            Error::Io(_) => EXIT_IO,
            Error::Position { .. }
            | Error::Usage(_)
            | Error::Stopped(_)
            | Error::AnswersFile { .. }
            | Error::Review(_) => EXIT_BAD_BOARD,
        }
    }
}

/// Writing JSON fails only as its writer does.
impl From<serde_json::Error> for Error {
    fn from(error: serde_json::Error) -> Error {
        Error::Io(io::Error::from(error))
    }
}

/// The largest answers file read: far more than a hundred answers need.
pub(super) const MAX_ANSWERS_BYTES: u64 = 1 << 20;

/// Why a game could not be reviewed.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    /// No board of that size or k, or a start position `analyze` would refuse.
    #[error(transparent)]
    Board(#[from] BoardError),
    #[error("--from: the board is {rows}×{cols}, but --size {size} asks for {size}×{size}")]
    StartSize {
        rows: usize,
        cols: usize,
        size: usize,
    },
    /// A `--from` board `analyze` would refuse, named as typed (its start).
    #[error("--from {text:?}: {error}")]
    From { text: String, error: BoardError },
    #[error("no moves given: list the cells played, e.g. 5,1,9,3")]
    NoMoves,
    /// A saved game with no moves: nothing to review, as with no moves given.
    #[error("game file {}: no moves to review yet; review a game file with at least one move",
        crate::store::shown_path(.0))]
    NoMovesInFile(std::path::PathBuf),
    #[error("move {ply} ({text:?}): not a cell number; cells are numbered 1 to {cells}")]
    NotANumber {
        ply: usize,
        text: String,
        cells: usize,
    },
    /// A number that is not a cell, or a move that cannot be played: as saved games say it.
    #[error("{0}")]
    BadMove(BadMoveNumber),
    #[error(transparent)]
    GameFile(#[from] GameFileError),
}

/// Why an answers file could not be read.
#[derive(Debug)]
pub enum AnswersFileProblem {
    Read(ReadProblem),
    NotText,
}

impl std::fmt::Display for AnswersFileProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnswersFileProblem::Read(ReadProblem::IsDirectory) => write!(f, "it is a folder"),
            AnswersFileProblem::Read(ReadProblem::NotARegularFile) => {
                write!(f, "it is not a regular file")
            }
            AnswersFileProblem::Read(ReadProblem::TooLarge { size }) => write!(
                f,
                "it has {size} bytes, more than the {MAX_ANSWERS_BYTES} an answers file may have"
            ),
            AnswersFileProblem::Read(ReadProblem::Io(error)) => write!(f, "{error}"),
            AnswersFileProblem::NotText => write!(f, "it is not UTF-8 text"),
        }
    }
}

/// Ends `command` (its name, as typed after `tictactoe`): an error as one line on `err`
/// (none for a closed pipe), and the exit status.
pub fn exit_status(command: &str, outcome: Result<Finished, Error>, mut err: impl Write) -> i32 {
    match outcome {
        Ok(finished) => finished.exit_status(),
        Err(error) => {
            let status = error.exit_status();
            if status != EXIT_OK {
                // Standard error closed too: there is nowhere left to say it.
                let _ = writeln!(err, "tictactoe {command}: {error}");
            }
            status
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `exit_status` writes on standard error for `outcome`, and the status.
    fn ended(outcome: Result<Finished, Error>) -> (i32, String) {
        let mut err = Vec::new();
        let status = exit_status("tree", outcome, &mut err);
        (status, String::from_utf8(err).unwrap())
    }

    #[test]
    fn every_error_is_one_line_after_the_commands_name_with_its_status() {
        let bad_board = Error::position("XXXX/...", "the board's rows have different lengths");
        assert_eq!(
            ended(Err(bad_board)),
            (
                2,
                "tictactoe tree: \"XXXX/...\": the board's rows have different lengths\n".into()
            )
        );
        let usage = Error::Usage("give --code or --seed".into());
        assert_eq!(
            ended(Err(usage)),
            (2, "tictactoe tree: give --code or --seed\n".into())
        );
        let folder = Error::AnswersFile {
            path: PathBuf::from("answers"),
            problem: AnswersFileProblem::Read(ReadProblem::IsDirectory),
        };
        assert_eq!(
            ended(Err(folder)),
            (
                2,
                "tictactoe tree: cannot read answers from answers: it is a folder\n".into()
            )
        );
        let full = Error::Io(io::Error::other("No space left on device"));
        assert_eq!(
            ended(Err(full)),
            (1, "tictactoe tree: No space left on device\n".into())
        );
    }

    /// `| head` closing the pipe is the reader's choice: nothing said, status 0.
    #[test]
    fn a_closed_pipe_is_no_error() {
        let closed = Error::Io(io::Error::from(io::ErrorKind::BrokenPipe));
        assert_eq!(ended(Err(closed)), (0, String::new()));
    }

    #[test]
    fn a_finished_command_says_nothing_and_a_batch_with_bad_lines_exits_1() {
        assert_eq!(ended(Ok(Finished::Done)), (0, String::new()));
        assert_eq!(ended(Ok(Finished::SomeLinesBad)), (1, String::new()));
    }
}

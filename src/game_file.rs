//! Saved games: a small RON file that keeps one game (its board, who sat where, where it started,
//! its moves and its result), opening with the `tictactoe review` command that reviews it.
//!
//! ```text
//! // tictactoe review 5,1,9,3 --first X --size 3 --k 3
//! (
//!     version: 1,          // the game file format
//!     size: 3,             // the board's side, 3 to 7
//!     k: 3,                // how many in a row win
//!     first: X,            // the mark that made the first move
//!     x: Human,            // who played X: Human | Computer
//!     o: Computer,         // who played O: Human | Computer
//!     moves: [5, 1, 9, 3], // cells numbered from 1 in reading order
//!     result: "ongoing",   // X wins | O wins | draw | ongoing
//! )
//! ```
//!
//! A game that started from a set-up position has `start: Some("X../.O./...")` (the position in
//! notation, with `first` to move and `k` in a row), and its command ends with `--from BOARD`.
//!
//! A game with no moves yet has no command to give (`review` needs a move), so its first line
//! says so instead: `// tictactoe review: no moves to review yet (--first X --size 3 --k 3)`.
//!
//! [`load`] accepts a file only when all of it is right: the RON, the version, the board, the
//! start position (by `analyze`'s rules, with its messages), every move (named as `tictactoe
//! review` names it) and the result. Each problem is one line naming the file, and loading never
//! writes anything. [`save`] writes atomically (a temporary file beside the target, synced, then
//! renamed over it), so a failed save leaves the old file whole.
//!
//! The file keeps who played X and who played O; [`GameSetup`] is derived from that when a file is
//! read: `Human`/`Computer` is [`Mode::VsComputer`] with the human on X (and the other way round
//! with the human on O), two humans [`Mode::TwoPlayers`], two computers
//! [`Mode::ComputerVsComputer`]; `human_mark` is the first mover's mark when both seats are alike;
//! and `first_player` is [`FirstPlayer::Human`] when the human's mark moved first, else
//! [`FirstPlayer::Computer`]. [`FirstPlayer::Alternate`] is a rule for a series of games, not a
//! fact about one, so it is saved as whichever of the two it gave.

use std::fmt;
use std::fs::File;
use std::io::{self, ErrorKind, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::board::{Board, BoardError, Cell, Geometry, MAX_SIDE, MIN_SIDE, Mark, PlayError};
use crate::files::{self, ReadProblem, TargetProblem};
use crate::game::{FirstPlayer, GameSetup, Mode, Player, Players};
use crate::review::GameRecord;

/// The file format's version, written by this build and the only one it reads.
pub const VERSION: u32 = 1;

/// The largest game file [`load`] reads. The longest game, on 7×7, takes under 1 KiB.
pub const MAX_FILE_BYTES: u64 = 64 * 1024;

/// A line and column in a game file, from 1 (columns in characters).
pub use ron::error::Position;

/// What is wrong with a game's text, or with a game that is to be written.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GameFileProblem {
    #[error("no such file")]
    NotFound,
    #[error("cannot be read: {0}")]
    Unreadable(String),
    #[error("is a directory, not a game file")]
    IsDirectory,
    #[error("is not a regular file")]
    NotARegularFile,
    #[error("is {size} bytes long; a game file is at most {MAX_FILE_BYTES} bytes")]
    TooLarge { size: u64 },
    #[error("is not text: line {}, column {} is not UTF-8", .at.line, .at.col)]
    NotUtf8 { at: Position },
    #[error("is empty")]
    Empty,
    #[error("line {}, column {}: {detail}", .at.line, .at.col)]
    Syntax { at: Position, detail: String },
    #[error("has no version: a game file starts with (version: {VERSION}, …)")]
    NoVersion,
    #[error("is version {found}; this build reads version {VERSION} game files")]
    Version { found: u32 },
    #[error(
        "size {found}: the game offers boards from {MIN_SIDE}×{MIN_SIDE} to {MAX_SIDE}×{MAX_SIDE}"
    )]
    Size { found: usize },
    #[error("k: {0}")]
    K(BoardError),
    #[error(
        "the game offers square boards from {MIN_SIDE}×{MIN_SIDE} to {MAX_SIDE}×{MAX_SIDE}, not {rows}×{cols}"
    )]
    Shape { rows: usize, cols: usize },
    #[error(
        "the start position's board ({}×{}, {} in a row) is not the game's ({}×{}, {} in a row)",
        .start.rows(), .start.cols(), .start.k(), .setup.rows(), .setup.cols(), .setup.k()
    )]
    SetupGeometry { start: Geometry, setup: Geometry },
    #[error("start position {notation:?} is {rows}×{cols}, but the game is {size}×{size}")]
    StartSize {
        notation: String,
        rows: usize,
        cols: usize,
        size: usize,
    },
    /// The start position is not one a game could reach; the message is `analyze`'s.
    #[error("start position {notation:?}: {error}")]
    Start { notation: String, error: BoardError },
    /// A move that is not a cell, or cannot be played; worded as `tictactoe review` words it.
    #[error("{0}")]
    Move(BadMoveNumber),
    #[error("result {found:?}: expected \"X wins\", \"O wins\", \"draw\" or \"ongoing\"")]
    BadResult { found: String },
    #[error("result says {written:?}, but the moves end in {actual:?}")]
    WrongResult {
        written: String,
        actual: &'static str,
    },
}

/// A numbered move that cannot be played: "move 2 (cell 5): that cell already holds X".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadMoveNumber {
    /// 1 for the first move.
    pub ply: usize,
    /// The number written for it.
    pub number: i64,
    /// Why it cannot be played, or `None` when the number is not a cell.
    pub reason: Option<PlayError>,
    /// How many cells the board has.
    pub cells: usize,
}

impl fmt::Display for BadMoveNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (ply, number, cells) = (self.ply, self.number, self.cells);
        match self.reason {
            None => write!(
                f,
                "move {ply} ({number}): no such cell; cells are numbered 1 to {cells}"
            ),
            Some(PlayError::Occupied { mark, .. }) => {
                write!(
                    f,
                    "move {ply} (cell {number}): that cell already holds {mark}"
                )
            }
            Some(PlayError::GameOver { outcome }) => write!(
                f,
                "move {ply} (cell {number}): the game is already over ({outcome})"
            ),
            Some(PlayError::OffBoard { .. }) => {
                write!(f, "move {ply} (cell {number}): that cell is off the board")
            }
        }
    }
}

/// A game file that could not be read, and why: one line naming the file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("game file {}: {problem}", .path.display())]
pub struct GameFileError {
    pub path: PathBuf,
    pub problem: GameFileProblem,
}

/// A game that could not be saved, and why: one line naming the file.
#[derive(Debug, Error)]
#[error("cannot save the game to {}: {reason}", .path.display())]
pub struct GameSaveError {
    pub path: PathBuf,
    pub reason: SaveReason,
}

/// Why a save failed.
#[derive(Debug, Error)]
pub enum SaveReason {
    /// The game itself cannot be written (its moves are illegal, or its board is not one the
    /// game offers).
    #[error("{0}")]
    Game(GameFileProblem),
    #[error("it is a directory")]
    IsDirectory,
    #[error("it is not a regular file")]
    NotARegularFile,
    #[error("the path does not name a file")]
    NoFileName,
    #[error("{0}")]
    Io(io::Error),
}

/// The cell numbered `number` (from 1, in reading order), if the board has it.
pub fn cell_of_number(geometry: Geometry, number: i64) -> Option<Cell> {
    let index = usize::try_from(number).ok()?.checked_sub(1)?;
    (index < geometry.cells()).then(|| geometry.cell(index))
}

/// A cell's number, from 1 in reading order, as `tictactoe review` takes moves.
pub fn cell_number(geometry: Geometry, cell: Cell) -> usize {
    geometry.index(cell) + 1
}

/// "5,1,9,3": a game's moves as `tictactoe review` takes them (and "Copy moves" copies them).
pub fn move_numbers(geometry: Geometry, moves: &[Cell]) -> String {
    let numbers: Vec<String> = moves
        .iter()
        .map(|&cell| cell_number(geometry, cell).to_string())
        .collect();
    numbers.join(",")
}

/// The `tictactoe review` command that reviews `record`'s moves (with `--from BOARD` when the game
/// started from a set-up position; `review` needs that option for such games).
pub fn review_command(record: &GameRecord) -> String {
    let geometry = record.start.geometry();
    let options = format!(
        "--first {} --size {} --k {}",
        record.start.to_move(),
        geometry.rows(),
        geometry.k()
    );
    let from = if is_empty_start(record) {
        String::new()
    } else {
        format!(" --from {}", record.start.notation().as_str())
    };
    if record.moves.is_empty() {
        format!("tictactoe review: no moves to review yet ({options}{from})")
    } else {
        let moves = move_numbers(geometry, &record.moves);
        format!("tictactoe review {moves} {options}{from}")
    }
}

fn is_empty_start(record: &GameRecord) -> bool {
    record.start == Board::empty(record.start.geometry(), record.start.to_move())
}

/// Who sat at a mark, as the file writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
enum Seat {
    Human,
    Computer,
}

impl From<Player> for Seat {
    fn from(player: Player) -> Seat {
        match player {
            Player::Human => Seat::Human,
            Player::Computer => Seat::Computer,
        }
    }
}

/// The fields of a game file, as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename = "Game")]
struct Fields {
    version: u32,
    size: usize,
    k: usize,
    first: Mark,
    x: Seat,
    o: Seat,
    #[serde(default)]
    start: Option<String>,
    /// Signed, so that `0` and `-3` are reported as moves that are not cells.
    moves: Vec<i64>,
    result: String,
}

/// Just the version, read first so that a newer file is named as such rather than for its
/// unknown fields.
#[derive(Deserialize)]
#[serde(rename = "Game")]
struct Versioned {
    /// Written as a plain number; a missing one is `None`.
    #[serde(default, deserialize_with = "present")]
    version: Option<u32>,
}

fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    u32::deserialize(d).map(Some)
}

/// The game as a game file's text, checked by reading it back.
pub fn to_text(record: &GameRecord) -> Result<String, GameFileProblem> {
    let geometry = record.start.geometry();
    let (rows, cols) = (geometry.rows(), geometry.cols());
    if rows != cols || !(MIN_SIDE..=MAX_SIDE).contains(&rows) {
        return Err(GameFileProblem::Shape { rows, cols });
    }
    if record.setup.geometry != geometry {
        return Err(GameFileProblem::SetupGeometry {
            start: geometry,
            setup: record.setup.geometry,
        });
    }
    let numbers: Vec<usize> = record
        .moves
        .iter()
        .map(|&cell| cell_number(geometry, cell))
        .collect();
    let end = replay(&record.start, numbers.iter().map(|&n| n as i64))?;
    let players = record.players();
    let mut fields = vec![
        ("version", VERSION.to_string(), "the game file format"),
        ("size", rows.to_string(), "the board's side, 3 to 7"),
        ("k", geometry.k().to_string(), "how many in a row win"),
        (
            "first",
            record.start.to_move().to_string(),
            "the mark that made the first move",
        ),
        ("x", seat_name(players.x), "who played X: Human | Computer"),
        ("o", seat_name(players.o), "who played O: Human | Computer"),
    ];
    if !is_empty_start(record) {
        let notation = quoted(record.start.notation().as_str());
        fields.push((
            "start",
            format!("Some({notation})"),
            "the position the game started from",
        ));
    }
    let numbers: Vec<String> = numbers.iter().map(usize::to_string).collect();
    fields.push((
        "moves",
        format!("[{}]", numbers.join(", ")),
        "cells numbered from 1 in reading order",
    ));
    fields.push((
        "result",
        quoted(&end.outcome().to_string()),
        "X wins | O wins | draw | ongoing",
    ));
    let lines: Vec<String> = fields
        .iter()
        .map(|(name, value, _)| format!("    {name}: {value},"))
        .collect();
    let width = lines.iter().map(|line| line.len()).max().unwrap_or(0) + 1;
    let mut text = format!("// {}\n(\n", review_command(record));
    for (line, (_, _, comment)) in lines.iter().zip(&fields) {
        text.push_str(&format!("{line:<width$}// {comment}\n"));
    }
    text.push_str(")\n");
    // A file this build could not open again is never written.
    let read_back = from_text(&text)?;
    debug_assert_eq!(read_back.start, record.start);
    debug_assert_eq!(read_back.moves, record.moves);
    debug_assert_eq!(read_back.players(), record.players());
    Ok(text)
}

fn seat_name(player: Player) -> String {
    format!("{:?}", Seat::from(player))
}

fn quoted(text: &str) -> String {
    ron::to_string(text).unwrap_or_else(|_| format!("{text:?}"))
}

/// Plays numbered moves from `start`; the first that is not a cell or cannot be played is named
/// as `tictactoe review` names it.
fn replay(start: &Board, numbers: impl IntoIterator<Item = i64>) -> Result<Board, BadMoveNumber> {
    let geometry = start.geometry();
    let mut board = *start;
    for (index, number) in numbers.into_iter().enumerate() {
        let bad = |reason| BadMoveNumber {
            ply: index + 1,
            number,
            reason,
            cells: geometry.cells(),
        };
        let cell = cell_of_number(geometry, number).ok_or_else(|| bad(None))?;
        board.play(cell).map_err(|reason| bad(Some(reason)))?;
    }
    Ok(board)
}

impl From<BadMoveNumber> for GameFileProblem {
    fn from(bad: BadMoveNumber) -> Self {
        GameFileProblem::Move(bad)
    }
}

/// The problem a RON error in `text` describes, at its line and column.
fn syntax(text: &str, error: ron::error::SpannedError) -> GameFileProblem {
    let mut detail = error.code.to_string();
    // "Expected comma" reads better after "line 4, column 5:" as "expected comma".
    if let Some(first) = detail.get_mut(..1) {
        first.make_ascii_lowercase();
    }
    GameFileProblem::Syntax {
        at: first_visible(text, error.span.start),
        detail,
    }
}

/// The first character at or after `at` on its line that is not a space: RON's spans start
/// with the spaces before the value they are about.
fn first_visible(text: &str, at: Position) -> Position {
    let Some(line) = text.split('\n').nth(at.line.saturating_sub(1)) else {
        return at;
    };
    let spaces = line
        .chars()
        .skip(at.col.saturating_sub(1))
        .take_while(|c| c.is_whitespace())
        .count();
    // Past the end of the line (a missing field at the closing parenthesis): as RON has it.
    if at.col + spaces > line.trim_end().chars().count() {
        return at;
    }
    Position {
        line: at.line,
        col: at.col + spaces,
    }
}

/// Reads a game file's text, checking everything: the RON, the version, the board, the start
/// position (with `analyze`'s rules and messages), every move, and the result.
pub fn from_text(text: &str) -> Result<GameRecord, GameFileProblem> {
    // A byte-order mark, as some Windows editors write, is not part of the RON.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Err(GameFileProblem::Empty);
    }
    let versioned: Versioned = ron::from_str(text).map_err(|e| syntax(text, e))?;
    match versioned.version {
        None => return Err(GameFileProblem::NoVersion),
        Some(VERSION) => {}
        Some(found) => return Err(GameFileProblem::Version { found }),
    }
    let fields: Fields = ron::from_str(text).map_err(|e| syntax(text, e))?;
    debug_assert_eq!(fields.version, VERSION);
    let size = fields.size;
    if !(MIN_SIDE..=MAX_SIDE).contains(&size) {
        return Err(GameFileProblem::Size { found: size });
    }
    let geometry = Geometry::new(size, size, fields.k).map_err(GameFileProblem::K)?;
    let start = match &fields.start {
        None => Board::empty(geometry, fields.first),
        Some(notation) => start_position(notation, fields.first, geometry)?,
    };
    let end = replay(&start, fields.moves.iter().copied())?;
    let actual = outcome_name(end.outcome());
    let written = fields.result.trim();
    if !["X wins", "O wins", "draw", "ongoing"].contains(&written) {
        return Err(GameFileProblem::BadResult {
            found: shown(written),
        });
    }
    if written != actual {
        return Err(GameFileProblem::WrongResult {
            written: written.to_owned(),
            actual,
        });
    }
    let moves = fields
        .moves
        .iter()
        .map(|&number| cell_of_number(geometry, number).expect("replayed moves are cells"))
        .collect();
    Ok(GameRecord {
        start,
        moves,
        setup: setup_of(fields.x, fields.o, fields.first, geometry),
    })
}

/// `analyze`'s words for an outcome.
fn outcome_name(outcome: crate::board::Outcome) -> &'static str {
    use crate::board::Outcome;
    match outcome {
        Outcome::Ongoing => "ongoing",
        Outcome::Won { mark: Mark::X, .. } => "X wins",
        Outcome::Won { mark: Mark::O, .. } => "O wins",
        Outcome::Draw => "draw",
    }
}

/// The start position in `notation`, `first` to move, checked with `analyze`'s rules.
fn start_position(
    notation: &str,
    first: Mark,
    geometry: Geometry,
) -> Result<Board, GameFileProblem> {
    let shown_notation = shown(notation);
    // The shape first, so that a start of the wrong size is not blamed on k.
    let rows = notation.trim().split('/').count();
    let cols = notation
        .trim()
        .split('/')
        .next()
        .map_or(0, |row| row.chars().count());
    if (rows, cols) != (geometry.rows(), geometry.cols()) {
        return Err(GameFileProblem::StartSize {
            notation: shown_notation,
            rows,
            cols,
            size: geometry.rows(),
        });
    }
    Board::parse_with(notation, Some(first), Some(geometry.k())).map_err(|error| {
        GameFileProblem::Start {
            notation: shown_notation,
            error,
        }
    })
}

/// The seating and who started, from the seats and the first mover (see the module docs).
fn setup_of(x: Seat, o: Seat, first: Mark, geometry: Geometry) -> GameSetup {
    let (mode, human_mark) = match (x, o) {
        (Seat::Human, Seat::Computer) => (Mode::VsComputer, Mark::X),
        (Seat::Computer, Seat::Human) => (Mode::VsComputer, Mark::O),
        (Seat::Human, Seat::Human) => (Mode::TwoPlayers, first),
        (Seat::Computer, Seat::Computer) => (Mode::ComputerVsComputer, first),
    };
    debug_assert_eq!(
        Players::for_mode(mode, human_mark).x == Player::Human,
        x == Seat::Human
    );
    GameSetup {
        mode,
        human_mark,
        first_player: if first == human_mark {
            FirstPlayer::Human
        } else {
            FirstPlayer::Computer
        },
        geometry,
    }
}

/// A text from the file, cut short and quoted safely for a one-line message.
fn shown(text: &str) -> String {
    let cut: String = text.chars().take(60).collect();
    if cut.len() < text.len() {
        format!("{cut}…")
    } else {
        cut
    }
}

/// Reads and checks the game file at `path`. Nothing is written, whatever the outcome.
pub fn load(path: &Path) -> Result<GameRecord, GameFileError> {
    let error = |problem| GameFileError {
        path: path.to_owned(),
        problem,
    };
    let bytes = read_capped(path).map_err(error)?;
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        error(GameFileProblem::NotUtf8 {
            at: position_at(&bytes[..e.valid_up_to()]),
        })
    })?;
    from_text(text).map_err(error)
}

/// The line and column just after `valid` (UTF-8 text).
fn position_at(valid: &[u8]) -> Position {
    let text = std::str::from_utf8(valid).unwrap_or_default();
    let line = text.matches('\n').count() + 1;
    let col = text.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Position { line, col }
}

/// A file's bytes, if it is a regular file of at most [`MAX_FILE_BYTES`].
fn read_capped(path: &Path) -> Result<Vec<u8>, GameFileProblem> {
    files::read_capped(path, MAX_FILE_BYTES, |path| File::open(path)).map_err(|problem| {
        match problem {
            ReadProblem::IsDirectory => GameFileProblem::IsDirectory,
            ReadProblem::NotARegularFile => GameFileProblem::NotARegularFile,
            ReadProblem::TooLarge { size } => GameFileProblem::TooLarge { size },
            ReadProblem::Io(e) if e.kind() == ErrorKind::NotFound => GameFileProblem::NotFound,
            ReadProblem::Io(e) => GameFileProblem::Unreadable(e.to_string()),
        }
    })
}

/// Saves the game to `path` atomically: a temporary file beside it is written, synced and renamed
/// over it, so that the old file stays whole if anything fails. A symlink stays a link (the file
/// it points to is replaced); a directory or a special file in its place is refused.
pub fn save(path: &Path, record: &GameRecord) -> Result<(), GameSaveError> {
    let error = |reason| GameSaveError {
        path: path.to_owned(),
        reason,
    };
    let text = to_text(record).map_err(|p| error(SaveReason::Game(p)))?;
    let (target, dir) = files::save_target(path).map_err(|problem| {
        error(match problem {
            TargetProblem::IsDirectory => SaveReason::IsDirectory,
            TargetProblem::NotARegularFile => SaveReason::NotARegularFile,
            TargetProblem::NoFileName => SaveReason::NoFileName,
        })
    })?;
    // Dropping the temporary file deletes it, on any failure below.
    let mut temp = files::temp_file_in(&dir).map_err(|e| error(SaveReason::Io(e)))?;
    temp.write_all(text.as_bytes())
        .and_then(|()| temp.as_file().sync_all())
        .map_err(|e| error(SaveReason::Io(e)))?;
    temp.persist(&target)
        .map_err(|e| error(SaveReason::Io(e.error)))?;
    files::sync_dir(&dir);
    Ok(())
}

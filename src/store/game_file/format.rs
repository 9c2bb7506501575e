//! A game file's text: writing it with its comments, and reading it back with every check.

use serde::{Deserialize, Serialize};

use super::problems::{GameFileProblem, Position, VERSION};
use crate::engine::board::{Board, Geometry, MAX_SIDE, MIN_SIDE, Mark, MoveNumbers};
use crate::game::{FirstPlayer, GameRecord, GameSetup, Mode, Player, Players};
use crate::store::files;
use crate::store::game_shape::looks_like_game;

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
    let numbers = MoveNumbers::of(geometry, &record.moves);
    let (end, _) = numbers.play(&record.start)?;
    let players = record.players();
    let mut fields = vec![
        ("version", VERSION.to_string(), Some("the game file format")),
        ("size", rows.to_string(), Some("the board's side, 3 to 7")),
        ("k", geometry.k().to_string(), Some("how many in a row win")),
        (
            "first",
            record.start.to_move().to_string(),
            Some("the mark that made the first move"),
        ),
        (
            "x",
            seat_name(players.x),
            Some("who played X: Human | Computer"),
        ),
        (
            "o",
            seat_name(players.o),
            Some("who played O: Human | Computer"),
        ),
    ];
    if !is_empty_start(record) {
        let notation = quoted(record.start.notation().as_str());
        fields.push((
            "start",
            format!("Some({notation})"),
            Some("the position the game started from"),
        ));
    }
    let numbers: Vec<String> = numbers.0.iter().map(i64::to_string).collect();
    fields.push((
        "moves",
        format!("[{}]", numbers.join(", ")),
        Some("cells numbered from 1 in reading order"),
    ));
    fields.push((
        "result",
        quoted(&end.outcome().to_string()),
        Some("X wins | O wins | draw | ongoing"),
    ));
    let text = format!(
        "// {}\n(\n{})\n",
        review_command(record),
        files::commented_fields(&fields, 1)
    );
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

/// The problem a RON error in `text` describes, at its line and column.
fn syntax(text: &str, error: ron::error::SpannedError) -> GameFileProblem {
    // RON names the type it reads into (`struct `Game``), which means nothing to a player.
    let mut detail = files::ron_detail(&error.code)
        .replace("struct `Game`", "a game")
        .replace("in `Game`", "in a game");
    // RON names neither the field nor its range: the field is the last name before the number.
    if matches!(error.code, ron::Error::IntegerOutOfBounds) {
        let field = files::field_before(text, error.span.start);
        let accepted = match field.as_deref() {
            Some("version") => format!("the game file format's version, {VERSION}"),
            Some("size") => format!("the board's side, {MIN_SIDE} to {MAX_SIDE}"),
            Some("k") => "how many in a row win, 3 to 5".to_owned(),
            Some("moves") => "cell numbers, from 1 to the number of cells".to_owned(),
            _ => "a smaller number".to_owned(),
        };
        let field = field.map_or_else(String::new, |field| format!("{field}: "));
        let found = files::token_at(text, error.span.start);
        detail = format!("{field}found {found}; expected {accepted}");
    }
    // RON names the Rust enum (`in enum `Mark``) and quotes with backticks: the field, what was
    // typed and the values it takes instead.
    if let ron::Error::NoSuchEnumVariant {
        expected, found, ..
    } = &error.code
    {
        let field = files::field_before(text, error.span.start);
        let field = field.map_or_else(String::new, |field| format!("{field}: "));
        detail = format!(
            "{field}found {}; expected {}",
            files::shown_token(found),
            expected.join(" or ")
        );
    }
    if matches!(error.code, ron::Error::ExpectedOption) {
        let field = files::field_before(text, error.span.start);
        let field = field.map_or_else(String::new, |field| format!("{field}: "));
        let found = files::token_at(text, error.span.start);
        detail = format!("{field}found {found}; expected Some(\"…\") or None");
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
///
/// A settings file is named as one, not reported by its first field a game does not have.
pub fn from_text(text: &str) -> Result<GameRecord, GameFileProblem> {
    // A byte-order mark, as some Windows editors write, is not part of the RON.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    read_game(text).map_err(|problem| {
        match !looks_like_game(text) && crate::store::settings::looks_like_settings(text) {
            true => GameFileProblem::SettingsFile,
            false => problem,
        }
    })
}

/// [`from_text`], once the byte-order mark is gone.
fn read_game(text: &str) -> Result<GameRecord, GameFileProblem> {
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
    let (end, moves) = MoveNumbers(fields.moves).play(&start)?;
    let actual = end.outcome().name();
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
    Ok(GameRecord {
        start,
        moves,
        setup: setup_of(fields.x, fields.o, fields.first, geometry),
    })
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
        let moves = MoveNumbers::of(geometry, &record.moves);
        format!("tictactoe review {moves} {options}{from}")
    }
}

/// Whether `record` started from an empty board.
fn is_empty_start(record: &GameRecord) -> bool {
    record.start == Board::empty(record.start.geometry(), record.start.to_move())
}

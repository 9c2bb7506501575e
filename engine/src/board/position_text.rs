//! Positions as text people pass around: [`Board::copy_text`] writes the command line's notation,
//! [`Board::paste`] reads it back, and also reads boards as articles print them.
//!
//! Pasted text is turned into notation and handed to [`Board::parse_with`], so a pasted board is
//! checked by the same rules, with the same messages, as `tictactoe analyze` checks it.

use thiserror::Error;

use super::limits::{MAX_SIDE, MIN_SIDE};
use super::{error::BoardError, error::NotSquare, geometry::Geometry, mark::Mark, position::Board};

/// The longest text [`Board::paste`] reads: far more than any board with code around it, and
/// short enough that a whole file pasted by mistake is refused at once.
pub const MAX_PASTE_BYTES: usize = 64 * 1024;

/// Why a pasted text is not a position. Every message is one line; a text that is a board but
/// not a position a game could reach gets exactly `tictactoe analyze`'s message ([`BoardError`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PasteError {
    #[error(
        "nothing to read: expected a board like XOX/OOX/... or rows like x o x on separate lines"
    )]
    Empty,
    #[error("the text is {bytes} bytes long; a position is at most {MAX_PASTE_BYTES}")]
    TooLong { bytes: usize },
    #[error("no board in the text: expected XOX/OOX/... or rows like x o x on separate lines")]
    NoBoard,
    #[error("unknown option {0}: a position takes only --to-move X|O and --k K")]
    UnknownOption(String),
    #[error("{0} needs a value on the same line: --to-move X|O, --k K")]
    MissingValue(&'static str),
    #[error("--to-move takes X or O, not {0}")]
    BadMark(String),
    #[error("--k takes how many in a row win, a number from 3 to 5, not {0}")]
    BadK(String),
    #[error("{0} is given twice")]
    Repeated(&'static str),
    /// The text is a board, and `analyze` would refuse it with this message.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// The text is a board of a shape `analyze` reads but the game does not play.
    #[error(transparent)]
    NotSquare(#[from] NotSquare),
}

impl Board {
    /// The position as the command line writes it: the notation, then ` --to-move M` only where
    /// the counts do not decide the side to move, and ` --k K` only where K is not the size's
    /// usual run length. `tictactoe analyze` followed by this text analyses exactly this
    /// position, and [`Board::paste`] reads it back.
    ///
    /// ```
    /// use tictactoe_engine::{Board, Geometry, Mark};
    /// let board: Board = "XOX/OOX/...".parse().unwrap();
    /// assert_eq!(board.copy_text(), "XOX/OOX/...");
    /// let empty = Board::empty(Geometry::new(4, 4, 3).unwrap(), Mark::O);
    /// assert_eq!(empty.copy_text(), "..../..../..../.... --to-move O --k 3");
    /// assert_eq!(Board::paste(&empty.copy_text()), Ok(empty));
    /// ```
    pub fn copy_text(&self) -> String {
        let mut text = self.notation().as_str().to_owned();
        let (to_move, k) = self.beyond_notation();
        if let Some(mark) = to_move {
            text.push_str(&format!(" --to-move {mark}"));
        }
        if let Some(k) = k {
            text.push_str(&format!(" --k {k}"));
        }
        text
    }

    /// The position as a link's query, the web page's `--position` (`position=X../.O./...`, with
    /// `&to_move=O` and `&k=3` where the notation does not imply them).
    pub fn link_query(&self) -> String {
        // The notation's characters (X, O, '.', '/') need no escaping in a query.
        let mut query = format!("position={}", self.notation().as_str());
        let (to_move, k) = self.beyond_notation();
        if let Some(mark) = to_move {
            query.push_str(&format!("&to_move={mark}"));
        }
        if let Some(k) = k {
            query.push_str(&format!("&k={k}"));
        }
        query
    }

    /// What the notation does not say: the side to move where the count rule `analyze` follows
    /// (one more X: O is to move; otherwise X) would say the other, and k where it is not the
    /// board's usual.
    fn beyond_notation(&self) -> (Option<Mark>, Option<usize>) {
        let (x, o) = (self.count(Mark::X), self.count(Mark::O));
        let counted = if x > o { Mark::O } else { Mark::X };
        let geometry = self.geometry();
        let usual_k = Geometry::default_k(geometry.rows(), geometry.cols());
        (
            (self.to_move() != counted).then(|| self.to_move()),
            (geometry.k() != usual_k).then(|| geometry.k()),
        )
    }

    /// Reads a pasted position: the command line's notation (`XOX/OOX/...`, with `--to-move X|O`
    /// and `--k K` in any order, and `tictactoe analyze` before it if it was copied from a
    /// command), or a board as articles print it, one row per line:
    ///
    /// ```text
    /// x o x            { 'x', 'o', 'x' },        [['x', 'o', 'x'],
    /// o o x            { 'o', 'o', 'x' },         ['o', 'o', 'x'],
    /// _ _ _            { '_', '_', '_' }          ['_', '_', '_']]
    /// ```
    ///
    /// Marks are X and O in either case; `_`, `.`, `-` and an empty string (`''`, `' '`) are
    /// empty cells. Quotes, commas, brackets and braces are ignored, and so are `//` and `#`
    /// comments, blank lines and text before the first row and after the last (`board = [`,
    /// `char board[3][3] = {`). A line counts as a row when most of its characters are marks or
    /// empty cells; any line between the first row and the last is a row, so a mistyped one is
    /// reported by row and column rather than skipped. The side to move is the counts' unless
    /// `--to-move` says otherwise, as in `analyze`. The board must be square, as every board the
    /// game plays is ([`NotSquare`]); `analyze` also reads other shapes.
    ///
    /// ```
    /// use tictactoe_engine::Board;
    /// let pasted = Board::paste("char board[3][3] = {\n  { 'x', 'o', 'x' },\n  \
    ///                            { 'o', 'o', 'x' },\n  { '_', '_', '_' }\n};").unwrap();
    /// assert_eq!(pasted.to_string(), "XOX/OOX/...");
    /// // The message `tictactoe analyze XOX/OOX/O.O` gives.
    /// let error = Board::paste("x o x\no o x\no _ o").unwrap_err();
    /// assert_eq!(error.to_string(), "impossible counts: 3 X and 5 O (players alternate, so they differ by at most one)");
    /// ```
    pub fn paste(text: &str) -> Result<Board, PasteError> {
        Board::paste_with(text, None, None)
    }

    /// [`Board::paste`] with `--to-move` and `--k` given apart from the text, as `tictactoe
    /// --position BOARD --to-move O --k 3` gives them: the game's one reader of positions, so
    /// that `--position` takes whatever Ctrl+V takes. The text may not repeat an option given
    /// here.
    ///
    /// ```
    /// use tictactoe_engine::{Board, Mark};
    /// let board = Board::paste_with("x . .\n. . .\n. . .", Some(Mark::X), None);
    /// assert_eq!(board.unwrap_err().to_string(), "X cannot be to move: with 1 X and 0 O, X moved last, so O is to move");
    /// assert_eq!(
    ///     Board::paste("..../..../....").unwrap_err().to_string(),
    ///     "the game offers square boards from 3×3 to 7×7, not 3×4"
    /// );
    /// ```
    pub fn paste_with(
        text: &str,
        to_move: Option<Mark>,
        k: Option<usize>,
    ) -> Result<Board, PasteError> {
        Board::read_text(text, to_move, k, Shapes::Played)
    }

    /// The command line's reader (`analyze`, `tree`, `trace`): the text as [`Board::paste_with`]
    /// reads it (rows joined by `/` or on separate lines, the articles' `x o _`), and also the
    /// shapes `analyze` rates but the game does not play (3×4, …).
    ///
    /// ```
    /// use tictactoe_engine::Board;
    /// let board = Board::read_with("x o x\no o x\n_ _ _", None, None).unwrap();
    /// assert_eq!(board, "XOX/OOX/...".parse().unwrap());
    /// assert!(Board::read_with("XO../..../....", None, None).is_ok());
    /// ```
    pub fn read_with(
        text: &str,
        to_move: Option<Mark>,
        k: Option<usize>,
    ) -> Result<Board, PasteError> {
        match Board::read_text(text, to_move, k, Shapes::Any) {
            // Text with no board in it at all gets the notation's own message, which names the
            // first character that is not a cell (`bad character 'b'`), or says it is empty.
            Err(PasteError::Empty | PasteError::NoBoard | PasteError::TooLong { .. }) => {
                Ok(Board::parse_with(text, to_move, k)?)
            }
            read => read,
        }
    }

    fn read_text(
        text: &str,
        to_move: Option<Mark>,
        k: Option<usize>,
        shapes: Shapes,
    ) -> Result<Board, PasteError> {
        if text.len() > MAX_PASTE_BYTES {
            return Err(PasteError::TooLong { bytes: text.len() });
        }
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if text.trim().is_empty() {
            return Err(PasteError::Empty);
        }
        let mut options = Options { to_move, k };
        let mut candidates = Vec::new();
        let mut anything = false;
        for line in text.lines() {
            let line = options.take_from(strip_comment(line))?;
            let line = strip_command(&line);
            anything |= !line.trim().is_empty();
            candidates.extend(row_candidates(line));
        }
        if !anything {
            // Only a command, options or comments.
            return Err(PasteError::Empty);
        }
        // Text before the first row and after the last surrounds the board; between them every
        // line is a row, so that a mistyped one is named rather than skipped.
        let first = candidates.iter().position(|c| c.looks_like_row);
        let last = candidates.iter().rposition(|c| c.looks_like_row);
        let (Some(first), Some(last)) = (first, last) else {
            return Err(PasteError::NoBoard);
        };
        let rows = &candidates[first..=last];
        // A shape `analyze` reads but the game does not play is named as such, before anything
        // else about the board; ragged rows and sizes out of range get `analyze`'s message.
        let cols = rows[0].cells.len();
        let sides = MIN_SIDE..=MAX_SIDE;
        if shapes == Shapes::Played
            && rows.iter().all(|row| row.cells.len() == cols)
            && rows.len() != cols
            && sides.contains(&rows.len())
            && sides.contains(&cols)
        {
            return Err(NotSquare {
                rows: rows.len(),
                cols,
            }
            .into());
        }
        let mut notation = String::new();
        for (row, candidate) in rows.iter().enumerate() {
            if row > 0 {
                notation.push('/');
            }
            // Any other character goes through as it is, so that `parse_with` reports the first
            // problem in reading order, as `analyze` would; a slash would start a row there, so
            // it goes through as a stand-in, named again below.
            let symbols = candidate.cells.iter().map(|&ch| match ch {
                '/' => SLASH,
                ch => cell_symbol(ch).unwrap_or(ch),
            });
            notation.extend(symbols);
        }
        Board::parse_with(&notation, options.to_move, options.k).map_err(|error| match error {
            BoardError::BadCharacter {
                ch: SLASH,
                row,
                col,
            } if rows[row - 1].cells.get(col - 1) == Some(&'/') => {
                BoardError::BadCharacter { ch: '/', row, col }.into()
            }
            error => error.into(),
        })
    }
}

/// Which boards a reader takes: the game's (square), or every shape `analyze` rates.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shapes {
    Played,
    Any,
}

/// What a slash inside a row is written as for [`Board::parse_with`]: a character it reports
/// as bad (from Unicode's private use area, which no board text holds).
const SLASH: char = '\u{e000}';

/// What a cell's character stands for in notation, or `None` if it is not a mark or empty.
fn cell_symbol(ch: char) -> Option<char> {
    match ch {
        'X' | 'x' => Some('X'),
        'O' | 'o' => Some('O'),
        '.' | '_' | '-' => Some('.'),
        _ => None,
    }
}

/// The options a pasted position may carry, as `analyze` takes them.
#[derive(Default)]
struct Options {
    to_move: Option<Mark>,
    k: Option<usize>,
}

impl Options {
    /// Takes `--to-move` and `--k` (with their values, `--k 4` or `--k=4`) out of `line`,
    /// leaving spaces where they were.
    fn take_from(&mut self, line: &str) -> Result<String, PasteError> {
        let mut kept = String::with_capacity(line.len());
        let mut tokens = line.split_inclusive(char::is_whitespace).peekable();
        while let Some(raw) = tokens.next() {
            let token = raw.trim_end();
            let (name, inline) = match token.split_once('=') {
                Some((name, value)) => (name, Some(value)),
                None => (token, None),
            };
            let option = match name {
                "--to-move" => "--to-move",
                "--k" => "--k",
                _ if is_option(token) => return Err(PasteError::UnknownOption(shown(name))),
                _ => {
                    kept.push_str(raw);
                    continue;
                }
            };
            // The value is the next word on the line, past any run of spaces.
            let value = match inline {
                Some(value) => value.to_owned(),
                None => loop {
                    match tokens.next().map(str::trim_end) {
                        Some("") => continue,
                        Some(value) => break value.to_owned(),
                        None => return Err(PasteError::MissingValue(option)),
                    }
                },
            };
            if option == "--to-move" {
                let mark = value
                    .parse()
                    .map_err(|_| PasteError::BadMark(shown(&value)))?;
                if self.to_move.replace(mark).is_some() {
                    return Err(PasteError::Repeated(option));
                }
            } else {
                let k = value.parse().map_err(|_| PasteError::BadK(shown(&value)))?;
                if self.k.replace(k).is_some() {
                    return Err(PasteError::Repeated(option));
                }
            }
            kept.push(' ');
        }
        Ok(kept)
    }
}

/// Whether a word is meant as an option: `--` and a name of two or more lower-case letters and
/// dashes (`--size`, `--algorithm=plain`), and not a row of marks and dashes such as `--xo`.
/// Code around a pasted board (`--i;`) is left alone.
fn is_option(token: &str) -> bool {
    let Some(rest) = token.strip_prefix("--") else {
        return false;
    };
    let name = rest.split_once('=').map_or(rest, |(name, _)| name);
    let named = name.len() >= 2
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name.chars().all(|c| c.is_ascii_lowercase() || c == '-');
    named && !token.chars().all(|c| cell_symbol(c).is_some())
}

/// A word from the user's text, quoted and cut short for a one-line message.
fn shown(text: &str) -> String {
    let cut: String = text.chars().take(20).collect();
    let more = if cut.len() < text.len() { "…" } else { "" };
    format!("{:?}", format!("{cut}{more}"))
}

/// The line without a `//` or `#` comment.
fn strip_comment(line: &str) -> &str {
    let end = [line.find("//"), line.find('#')]
        .into_iter()
        .flatten()
        .min();
    &line[..end.unwrap_or(line.len())]
}

/// The line without a leading `tictactoe analyze` (or `$ ./tictactoe analyze`), as copied from
/// a terminal.
fn strip_command(line: &str) -> &str {
    let rest = line.trim_start();
    let rest = rest.strip_prefix('$').unwrap_or(rest).trim_start();
    let program_end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    let program = &rest[..program_end];
    let name = program.rsplit(['/', '\\']).next().unwrap_or(program);
    if !matches!(name, "tictactoe" | "tictactoe.exe") {
        return line;
    }
    let rest = rest[program_end..].trim_start();
    rest.strip_prefix("analyze")
        .filter(|after| after.is_empty() || after.starts_with(char::is_whitespace))
        .unwrap_or(line)
}

/// A stretch of text that may be a row: its cells' characters, and whether it looks like a row
/// (most of its characters are marks or empty cells) rather than text around a board.
struct Candidate {
    cells: Vec<char>,
    looks_like_row: bool,
}

impl Candidate {
    fn new(text: &str) -> Candidate {
        let cells = cells_of(text);
        let marks = cells.iter().filter(|&&c| cell_symbol(c).is_some()).count();
        Candidate {
            looks_like_row: marks * 2 > cells.len(),
            cells,
        }
    }

    /// A part of a line written in notation: a row even if it does not look like one, so that
    /// `XOX/QQQ/...` gets `analyze`'s message about the `Q`.
    fn forced(text: &str) -> Candidate {
        Candidate {
            cells: cells_of(text),
            looks_like_row: true,
        }
    }
}

/// The rows a line may hold: the parts of a line in notation, each innermost `[…]` or `{…}`
/// group of a line of code, or else the line itself. Lines with nothing in them give none.
fn row_candidates(line: &str) -> Vec<Candidate> {
    if line.contains('/') {
        // Judged without its slashes, which are neither marks nor text.
        if Candidate::new(&line.replace('/', " ")).looks_like_row {
            return line.split('/').map(Candidate::forced).collect();
        }
        return vec![Candidate::new(line)];
    }
    let groups = innermost_groups(line);
    let parts = if groups.is_empty() {
        vec![line]
    } else {
        groups
    };
    parts
        .into_iter()
        .map(Candidate::new)
        .filter(|c| !c.cells.is_empty())
        .collect()
}

/// The contents of the `[…]` and `{…}` groups of `line` that hold no other group, in order.
fn innermost_groups(line: &str) -> Vec<&str> {
    let mut groups = Vec::new();
    // Where each open group's contents start, and whether a group closed inside it.
    let mut open: Vec<(usize, bool)> = Vec::new();
    for (at, ch) in line.char_indices() {
        match ch {
            '[' | '{' => open.push((at + 1, false)),
            ']' | '}' => {
                if let Some((start, has_inner)) = open.pop() {
                    if !has_inner {
                        groups.push(&line[start..at]);
                    }
                    if let Some(parent) = open.last_mut() {
                        parent.1 = true;
                    }
                }
            }
            _ => {}
        }
    }
    groups
}

/// The cells' characters in a stretch of text: every character but separators (spaces, commas,
/// semicolons, bars, brackets, braces, parentheses, backticks); a quoted string gives its
/// characters, or one empty cell if it holds only spaces (`''`, `' '`).
fn cells_of(text: &str) -> Vec<char> {
    let mut cells = Vec::new();
    let mut chars = text.chars();
    while let Some(ch) = chars.next() {
        match ch {
            '\'' | '"' => {
                let quoted: String = chars.by_ref().take_while(|&c| c != ch).collect();
                let before = cells.len();
                cells.extend(quoted.chars().filter(|c| !c.is_whitespace()));
                if cells.len() == before {
                    cells.push('.');
                }
            }
            ',' | ';' | '|' | '(' | ')' | '[' | ']' | '{' | '}' | '`' => {}
            c if c.is_whitespace() => {}
            c => cells.push(c),
        }
    }
    cells
}

/// The start of a position as typed (at most 60 characters, then "…"), for an error message that
/// stays one readable line whatever was typed: `--position`'s, a link's.
pub fn typed_start(text: &str) -> String {
    const SHOWN: usize = 60;
    match text.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_found_in_notation_code_and_plain_lines() {
        let cells = |text: &str| -> Vec<String> {
            row_candidates(text)
                .into_iter()
                .map(|c| c.cells.into_iter().collect())
                .collect()
        };
        assert_eq!(cells("XOX/OOX/..."), ["XOX", "OOX", "..."]);
        assert_eq!(cells("x o x"), ["xox"]);
        assert_eq!(cells("  { 'x', 'o', 'x' },"), ["xox"]);
        assert_eq!(cells("[['', ' ', 'x'], ['o','_','-']]"), ["..x", "o_-"]);
        assert_eq!(cells("board = ["), ["board="]);
        assert!(!row_candidates("board = [")[0].looks_like_row);
        assert!(row_candidates("};").is_empty());
    }

    #[test]
    fn options_are_taken_out_wherever_they_are() {
        let mut options = Options::default();
        let rest = options
            .take_from("--k=4 ..../ --to-move   o ..../")
            .unwrap();
        assert_eq!(
            rest.split_whitespace().collect::<Vec<_>>(),
            ["..../", "..../"]
        );
        assert_eq!((options.to_move, options.k), (Some(Mark::O), Some(4)));
        assert!(!is_option("--x"));
        assert!(!is_option("--xo-"));
        assert!(!is_option("---"));
        assert!(!is_option("--i;"));
        assert!(is_option("--size"));
        assert!(is_option("--algorithm=plain"));
    }

    #[test]
    fn a_command_prefix_is_dropped_only_when_it_is_one() {
        assert_eq!(
            strip_command("tictactoe analyze XOX/OOX/...").trim(),
            "XOX/OOX/..."
        );
        assert_eq!(
            strip_command("$ ./target/release/tictactoe analyze X../...").trim(),
            "X../..."
        );
        assert_eq!(strip_command("tictactoe analyzer"), "tictactoe analyzer");
        assert_eq!(strip_command("x o x"), "x o x");
    }
}

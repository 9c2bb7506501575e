//! Graded exercises on board positions: a set made from a seed, its kinds, its board and its
//! length, the same wherever it is made; each item's answer key taken from the engine (plain
//! minimax, the reference; the computer's horizon for the horizon kind); typed answers read and
//! graded with feedback that works the right answer out.
//!
//! A set is named by a short code that round-trips through text, so a link or a command line
//! gives everyone the same set:
//!
//! ```
//! use tictactoe::learn::exercises::{Kind, SetCode, generate};
//! let code: SetCode = "v1-s7-k=value,horizon-n=4-3x3".parse().unwrap();
//! assert_eq!(code.kinds, [Kind::Value, Kind::Horizon]);
//! assert_eq!(code.to_string(), "v1-s7-k=value,horizon-n=4-3x3");
//! let set = generate(&code);
//! assert_eq!(set.items.len(), 4);
//! let first = &set.items[0];
//! let graded = first.grade(&first.answer_text()).unwrap();
//! assert!(graded.correct);
//! ```
//!
//! Nothing here knows egui; the app shows the prompts and feedback, `tictactoe exercises`
//! prints them.

use std::fmt;
use std::str::FromStr;

// StdRng (ChaCha) gives the same numbers on every platform; SmallRng is another generator on
// 32-bit targets such as the browser's, which would deal the page another set.
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::engine::ai::{AiPlayer, Difficulty};
use crate::engine::board::{Board, Cell, Geometry, Mark};
use crate::engine::minimax::{Analysis, MoveScore, plain};
use crate::learn::explain::{computer_reasoning, formula, line_of_play, short_verdict};
use crate::learn::practice::{self, Goal};
use crate::learn::view::{Role, ScoreView, Seen, Shown};

/// The version of the set code: a code names the same set for as long as this stays.
pub const CODE_VERSION: &str = "v1";
/// The most items a set has.
pub const MAX_COUNT: usize = 100;
/// The board sides sets are made on: plain minimax, the reference, answers them at once.
pub const SIZES: std::ops::RangeInclusive<usize> = 3..=4;
/// Levels run from 1 to this, growing along the set.
pub const LEVELS: u8 = 3;

/// What an exercise asks for. Tree exercises on the textbook's abstract trees are to be kinds
/// of their own beside these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// The minimax value of one move, a number in the set's view.
    Value,
    /// The values of every move and every reply two plies down, filled in bottom-up.
    Tree,
    /// Which moves a computer that looks a few plies ahead rates best.
    Horizon,
    /// The one move that keeps the best result, as Practice deals it.
    FindMove,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Value, Kind::Tree, Kind::Horizon, Kind::FindMove];

    /// The word in a set code and on the command line.
    pub fn code(self) -> &'static str {
        match self {
            Kind::Value => "value",
            Kind::Tree => "tree",
            Kind::Horizon => "horizon",
            Kind::FindMove => "move",
        }
    }

    /// The name a summary gives the kind.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Value => "a move's value",
            Kind::Tree => "a tree bottom-up",
            Kind::Horizon => "the horizon",
            Kind::FindMove => "find the move",
        }
    }

    pub fn from_code(text: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.code() == text)
    }

    /// How many empty cells an item of this kind has at `level` (1 to [`LEVELS`]): fewer first,
    /// so the search to do by hand grows along the set.
    pub fn empty_cells(self, level: u8) -> usize {
        let by_level = match self {
            Kind::Value | Kind::FindMove => [3, 5, 7],
            // A tree of three moves has about nine nodes, of four about sixteen.
            Kind::Tree => [3, 3, 4],
            Kind::Horizon => [5, 6, 7],
        };
        by_level[usize::from(level.clamp(1, LEVELS) - 1)]
    }
}

/// The computer each level of the horizon kind asks about.
pub fn horizon_difficulty(level: u8) -> Difficulty {
    match level {
        0 | 1 => Difficulty::Easy,
        2 => Difficulty::Medium,
        _ => Difficulty::Hard,
    }
}

/// A set of exercises, as its code names it: the same seed, kinds, length, board and view give
/// the same items.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetCode {
    pub seed: u64,
    /// In the order items of them come: item `i` is of kind `kinds[i % kinds.len()]`.
    pub kinds: Vec<Kind>,
    pub count: usize,
    /// The board's side (square boards, with their usual number in a row).
    pub size: usize,
    /// Whose numbers the values are typed in.
    pub view: ScoreView,
}

/// Why a set code or its parts were refused: one line that names what was typed and what is
/// accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SetCodeError(String);

/// What a set code looks like, for messages.
const CODE_EXAMPLE: &str =
    "a code looks like v1-s1234-k=value,horizon-n=10-3x3 (add -view=x for X's numbers)";

impl SetCode {
    /// A set code, checked: at least one kind and none twice, 1 to [`MAX_COUNT`] items, a side
    /// in [`SIZES`], and the horizon kind on 3×3 only (on larger boards the computer estimates).
    pub fn new(
        seed: u64,
        kinds: Vec<Kind>,
        count: usize,
        size: usize,
        view: ScoreView,
    ) -> Result<SetCode, SetCodeError> {
        if kinds.is_empty() {
            return Err(SetCodeError(format!(
                "a set needs at least one kind: {}",
                kinds_accepted()
            )));
        }
        if let Some(twice) = kinds
            .iter()
            .enumerate()
            .find(|&(i, kind)| kinds[..i].contains(kind))
        {
            return Err(SetCodeError(format!(
                "the kind {} is named twice: name each kind once",
                twice.1.code()
            )));
        }
        if !(1..=MAX_COUNT).contains(&count) {
            return Err(SetCodeError(format!(
                "a set has 1 to {MAX_COUNT} items, not {count}"
            )));
        }
        if !SIZES.contains(&size) {
            return Err(SetCodeError(format!(
                "exercises are on boards of side {} to {}, not {size}",
                SIZES.start(),
                SIZES.end()
            )));
        }
        if size != 3 && kinds.contains(&Kind::Horizon) {
            return Err(SetCodeError(format!(
                "the horizon kind is on 3x3 boards only (on {size}x{size} the computer estimates \
                 instead of looking exactly)"
            )));
        }
        Ok(SetCode {
            seed,
            kinds,
            count,
            size,
            view,
        })
    }

    pub fn geometry(&self) -> Geometry {
        Geometry::with_default_k(self.size, self.size)
            .expect("SetCode::new accepts only sides the game plays")
    }

    /// The level of the item at `index` (from 0): 1 for the first third, up to [`LEVELS`].
    pub fn level(&self, index: usize) -> u8 {
        1 + (index * usize::from(LEVELS) / self.count.max(1)) as u8
    }

    /// The kind of the item at `index` (from 0).
    pub fn kind(&self, index: usize) -> Kind {
        self.kinds[index % self.kinds.len()]
    }
}

/// "value, tree, horizon or move", for messages.
fn kinds_accepted() -> String {
    let codes: Vec<&str> = Kind::ALL.iter().map(|k| k.code()).collect();
    format!(
        "the kinds are {} or {}",
        codes[..codes.len() - 1].join(", "),
        codes[codes.len() - 1]
    )
}

/// The kinds a list such as `value,horizon` names.
pub fn parse_kinds(text: &str) -> Result<Vec<Kind>, SetCodeError> {
    text.split(',')
        .map(|word| {
            let word = word.trim();
            Kind::from_code(&word.to_ascii_lowercase()).ok_or_else(|| {
                SetCodeError(format!(
                    "{} is not a kind of exercise: {}",
                    quoted(word),
                    kinds_accepted()
                ))
            })
        })
        .collect()
}

impl fmt::Display for SetCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kinds: Vec<&str> = self.kinds.iter().map(|k| k.code()).collect();
        write!(
            f,
            "{CODE_VERSION}-s{}-k={}-n={}-{}x{}",
            self.seed,
            kinds.join(","),
            self.count,
            self.size,
            self.size
        )?;
        if self.view == ScoreView::Articles {
            f.write_str("-view=x")?;
        }
        Ok(())
    }
}

impl FromStr for SetCode {
    type Err = SetCodeError;

    fn from_str(text: &str) -> Result<SetCode, SetCodeError> {
        let refuse =
            |problem: String| SetCodeError(format!("set code {}: {problem}", quoted(text)));
        let trimmed = text.trim();
        let mut parts = trimmed.split('-');
        if parts.next() != Some(CODE_VERSION) {
            return Err(refuse(format!(
                "it must start with {CODE_VERSION}-; {CODE_EXAMPLE}"
            )));
        }
        let (mut seed, mut kinds, mut count, mut size, mut view) =
            (None, None, None, None, ScoreView::SideToMove);
        for part in parts {
            if let Some(number) = part.strip_prefix('s') {
                seed = Some(number.parse::<u64>().map_err(|_| {
                    refuse(format!(
                        "the seed {} is not a whole number from 0 to {}; {CODE_EXAMPLE}",
                        quoted(number),
                        u64::MAX
                    ))
                })?);
            } else if let Some(list) = part.strip_prefix("k=") {
                kinds = Some(parse_kinds(list).map_err(|e| refuse(e.0))?);
            } else if let Some(number) = part.strip_prefix("n=") {
                count = Some(number.parse::<usize>().map_err(|_| {
                    refuse(format!(
                        "the count {} is not a whole number from 1 to {MAX_COUNT}",
                        quoted(number)
                    ))
                })?);
            } else if let Some(name) = part.strip_prefix("view=") {
                view = match name {
                    "x" | "X" => ScoreView::Articles,
                    "mover" => ScoreView::SideToMove,
                    _ => {
                        return Err(refuse(format!(
                            "the view {} is not mover or x",
                            quoted(name)
                        )));
                    }
                };
            } else if let Some((rows, cols)) = part.split_once('x') {
                match (rows.parse::<usize>(), cols.parse::<usize>()) {
                    (Ok(rows), Ok(cols)) if rows == cols => size = Some(rows),
                    _ => {
                        return Err(refuse(format!(
                            "the board {} is not a square such as 3x3",
                            quoted(part)
                        )));
                    }
                }
            } else {
                return Err(refuse(format!(
                    "{} is not a part of a set code; {CODE_EXAMPLE}",
                    quoted(part)
                )));
            }
        }
        let missing = |what: &str| refuse(format!("it has no {what}; {CODE_EXAMPLE}"));
        SetCode::new(
            seed.ok_or_else(|| missing("seed (s1234)"))?,
            kinds.ok_or_else(|| missing("kinds (k=value,tree)"))?,
            count.ok_or_else(|| missing("count (n=10)"))?,
            size.ok_or_else(|| missing("board (3x3)"))?,
            view,
        )
        .map_err(|e| refuse(e.0))
    }
}

/// `"text"`, shortened to one readable line, for a message.
fn quoted(text: &str) -> String {
    let escaped: String = text.chars().flat_map(char::escape_debug).collect();
    format!("\"{}\"", crate::engine::board::typed_start(&escaped))
}

/// A cell as exercises name it, from 1: `r2c3`.
pub fn cell_name(cell: Cell) -> String {
    format!("r{}c{}", cell.row + 1, cell.col + 1)
}

/// One exercise of a set: the position, what is asked, and its key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// From 1, as the set lists it.
    pub number: usize,
    pub level: u8,
    pub board: Board,
    pub task: Task,
}

/// What an item asks, with the engine's answer to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Task {
    Value(ValueKey),
    Tree(TreeKey),
    Horizon(HorizonKey),
    FindMove(MoveKey),
}

/// The value of one move: plain minimax's score and line for it, and its number in the view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueKey {
    pub seen: Seen,
    /// The move asked about, its score for the side to move and its line of play.
    pub scored: MoveScore,
    pub number: Shown,
}

/// A tree two plies deep, its nodes listed bottom-up: each move's replies, then the move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeKey {
    pub seen: Seen,
    pub nodes: Vec<TreeNode>,
}

/// A node of an exercise's tree: the move (and reply) that lead to it from the position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeNode {
    /// One cell for a move, two for a reply to it.
    pub path: Vec<Cell>,
    /// Who plays the node's last move.
    pub mover: Mark,
    /// The node's last move with its score for `mover` (counted from where it is played) and
    /// its line, as plain minimax gives it there.
    pub scored: MoveScore,
    /// The number to type: seen in the set's view, depth counted from the item's position.
    pub number: Shown,
}

/// What a computer looking `difficulty`'s plies ahead rates best, from the exact analysis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HorizonKey {
    pub view: ScoreView,
    pub difficulty: Difficulty,
    pub analysis: Analysis,
    /// The moves it rates best, in reading order: it plays one of them at random.
    pub plays: Vec<Cell>,
}

/// Practice's "find the move": the position's one good move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveKey {
    pub view: ScoreView,
    pub exercise: practice::Exercise,
    pub analysis: Analysis,
}

/// A whole set: its code and its items, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExerciseSet {
    pub code: SetCode,
    pub items: Vec<Item>,
}

/// The set `code` names, its keys from plain minimax.
pub fn generate(code: &SetCode) -> ExerciseSet {
    let mut rng = StdRng::seed_from_u64(code.seed);
    let geometry = code.geometry();
    let items = (0..code.count)
        .map(|index| {
            let (kind, level) = (code.kind(index), code.level(index));
            let (board, task) = make_task(&mut rng, geometry, kind, level, code.view);
            Item {
                number: index + 1,
                level,
                board,
                task,
            }
        })
        .collect();
    ExerciseSet {
        code: code.clone(),
        items,
    }
}

/// One item of `kind` at `level` made from its own `seed`, outside any set: what a learner
/// practising freely is dealt next (a level up after successes, a missed kind again), the same
/// on every platform for the same seed.
pub fn make_item(seed: u64, kind: Kind, level: u8, geometry: Geometry, view: ScoreView) -> Item {
    let mut rng = StdRng::seed_from_u64(seed);
    let level = level.clamp(1, LEVELS);
    let (board, task) = make_task(&mut rng, geometry, kind, level, view);
    Item {
        number: 1,
        level,
        board,
        task,
    }
}

/// A number below `n`, drawn the same way on every platform.
fn below(rng: &mut StdRng, n: usize) -> usize {
    rng.random_range(0..n as u32) as usize
}

/// A position of a game played at random from the empty board (X first) with `empty` empty
/// cells, not over, with at least two moves to choose from.
fn random_position(rng: &mut StdRng, geometry: Geometry, empty: usize) -> Board {
    let empty = empty.clamp(2, geometry.cells());
    loop {
        let mut board = Board::empty(geometry, Mark::X);
        while board.empty_cells().count() > empty && !board.outcome().is_over() {
            let moves: Vec<Cell> = board.legal_moves().collect();
            board = board
                .after(moves[below(rng, moves.len())])
                .expect("a legal move plays");
        }
        if !board.outcome().is_over() {
            return board;
        }
    }
}

/// Positions to try for a kind whose position must teach something before one that does not
/// is taken (the horizon's): the set stays the same, only how long making it takes is bounded.
const TRIES: usize = 300;

fn make_task(
    rng: &mut StdRng,
    geometry: Geometry,
    kind: Kind,
    level: u8,
    view: ScoreView,
) -> (Board, Task) {
    let empty = kind.empty_cells(level);
    match kind {
        Kind::Value => {
            let board = random_position(rng, geometry, empty);
            let moves: Vec<Cell> = board.legal_moves().collect();
            let cell = moves[below(rng, moves.len())];
            (board, Task::Value(value_key(&board, cell, view)))
        }
        Kind::Tree => {
            let board = random_position(rng, geometry, empty);
            (board, Task::Tree(tree_key(&board, view)))
        }
        Kind::Horizon => {
            let difficulty = horizon_difficulty(level);
            let mut tries = 0;
            loop {
                let board = random_position(rng, geometry, empty);
                let key = horizon_key(&board, difficulty, view);
                tries += 1;
                // Worth asking: the horizon hides the result of a move it rates best, or of a
                // better move it passes over.
                if key.hides_something() || tries >= TRIES {
                    return (board, Task::Horizon(key));
                }
            }
        }
        Kind::FindMove => loop {
            // Practice's positions (one good move, the rest costly) are common at every
            // level; a position without one is passed over.
            let board = random_position(rng, geometry, empty);
            let analysis = plain(&board);
            if let Some(exercise) = practice::exercise(&analysis) {
                return (
                    board,
                    Task::FindMove(MoveKey {
                        view,
                        exercise,
                        analysis,
                    }),
                );
            }
        },
    }
}

/// The key of "the value of `cell` on `board`": plain minimax's score, shown in `view`.
pub fn value_key(board: &Board, cell: Cell, view: ScoreView) -> ValueKey {
    let seen = Seen::new(view, board);
    let scored = plain(board)
        .get(cell)
        .expect("the cell asked about is a legal move")
        .clone();
    let number = seen.number(scored.score, board.to_move(), 0);
    ValueKey {
        seen,
        scored,
        number,
    }
}

/// The key of the tree two plies below `board`: each move's replies, then the move, in reading
/// order, each scored by plain minimax where it is played.
pub fn tree_key(board: &Board, view: ScoreView) -> TreeKey {
    let seen = Seen::new(view, board);
    let mover = board.to_move();
    let mut nodes = Vec::new();
    for scored in plain(board).moves {
        let after = board.after(scored.cell).expect("a scored move is legal");
        for reply in plain(&after).moves {
            nodes.push(TreeNode {
                path: vec![scored.cell, reply.cell],
                mover: mover.opponent(),
                number: seen.number(reply.score, mover.opponent(), 1),
                scored: reply,
            });
        }
        nodes.push(TreeNode {
            path: vec![scored.cell],
            mover,
            number: seen.number(scored.score, mover, 0),
            scored,
        });
    }
    TreeKey { seen, nodes }
}

/// The key of "what does `difficulty` play on `board`": the moves the computer rates best
/// ([`AiPlayer::candidates`], the same function the game's computer chooses with), from plain
/// minimax's scores.
pub fn horizon_key(board: &Board, difficulty: Difficulty, view: ScoreView) -> HorizonKey {
    let analysis = plain(board);
    let plays = AiPlayer::candidates(&analysis, difficulty);
    HorizonKey {
        view,
        difficulty,
        analysis,
        plays,
    }
}

impl HorizonKey {
    /// The moves the horizon makes it misjudge: a win or loss it sees as a draw.
    pub fn misjudged(&self) -> Vec<&MoveScore> {
        let geometry = self.analysis.board.geometry();
        self.analysis
            .moves
            .iter()
            .filter(|m| self.difficulty.perceived_score(m.score, geometry) != m.score)
            .collect()
    }

    /// Whether the computer's choice differs from the best moves: it plays a move that is not
    /// best, or passes over a best one.
    pub fn hides_something(&self) -> bool {
        let best: Vec<Cell> = self.analysis.best_moves().map(|m| m.cell).collect();
        best != self.plays
    }
}

/// Why a typed answer could not be read: one line naming what was typed and what is accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{typed} {problem}: {accepted}")]
pub struct AnswerError {
    /// What was typed, quoted and shortened.
    pub typed: String,
    pub problem: String,
    pub accepted: String,
}

fn answer_error(
    typed: &str,
    problem: impl Into<String>,
    accepted: impl Into<String>,
) -> AnswerError {
    AnswerError {
        typed: quoted(typed.trim()),
        problem: problem.into(),
        accepted: accepted.into(),
    }
}

const NUMBER_ACCEPTED: &str = "type a whole number, like -5, 0 or 8";

/// A whole number as typed: `-5`, `+8`, `0`, with the typographic minus `−5` too.
pub fn parse_number(text: &str) -> Result<i32, AnswerError> {
    let cleaned = text.trim().replace('\u{2212}', "-");
    let digits = cleaned.strip_prefix('+').unwrap_or(&cleaned);
    digits
        .parse::<i32>()
        .map_err(|_| answer_error(text, "is not a number", NUMBER_ACCEPTED))
}

/// The whole numbers of a list separated by commas, semicolons or spaces.
pub fn parse_numbers(text: &str) -> Result<Vec<i32>, AnswerError> {
    let pieces: Vec<&str> = text
        .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|piece| !piece.is_empty())
        .collect();
    if pieces.is_empty() {
        return Err(answer_error(
            text,
            "has no numbers",
            "type the numbers in the order listed, separated by commas, like 8, -9, 0",
        ));
    }
    pieces
        .iter()
        .map(|piece| {
            parse_number(piece).map_err(|e| {
                answer_error(
                    text,
                    format!("has {} where a number belongs", e.typed),
                    "type whole numbers separated by commas, like 8, -9, 0",
                )
            })
        })
        .collect()
}

fn cell_accepted(geometry: Geometry) -> String {
    format!(
        "type a cell as r2c3, 2,3 or row 2 column 3 (rows and columns 1 to {}), or its number 1 \
         to {} in reading order",
        geometry.rows(),
        geometry.cells()
    )
}

/// A cell as typed: `r2c3`, `2,3`, `2 3`, `row 2 column 3`, `row 2, column 3`, or its number
/// in reading order (`6`); rows and columns count from 1.
pub fn parse_cell(text: &str, geometry: Geometry) -> Result<Cell, AnswerError> {
    let refuse = || answer_error(text, "is not a cell", cell_accepted(geometry));
    let lower = text.trim().to_ascii_lowercase();
    let numbers: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty())
        .collect();
    // The words around the numbers, which must be one of the accepted shapes.
    let words: String = lower
        .chars()
        .filter(|c| !c.is_ascii_digit() && !c.is_whitespace() && *c != ',')
        .collect();
    let read = |n: &str| n.parse::<usize>().ok();
    let cell = match (numbers.as_slice(), words.as_str()) {
        ([number], "") => {
            let number = read(number).ok_or_else(refuse)?;
            let index = number.checked_sub(1).filter(|&i| i < geometry.cells());
            return index.map(|i| geometry.cell(i)).ok_or_else(|| {
                answer_error(
                    text,
                    format!(
                        "is not a cell number of the {}x{} board",
                        geometry.rows(),
                        geometry.cols()
                    ),
                    cell_accepted(geometry),
                )
            });
        }
        ([row, col], "rc" | "" | "rowcolumn" | "rowcol") => {
            let (row, col) = (read(row).ok_or_else(refuse)?, read(col).ok_or_else(refuse)?);
            (row, col)
        }
        _ => return Err(refuse()),
    };
    let (row, col) = cell;
    let inside = (1..=geometry.rows()).contains(&row) && (1..=geometry.cols()).contains(&col);
    if !inside {
        return Err(answer_error(
            text,
            format!(
                "is not a cell of the {}x{} board",
                geometry.rows(),
                geometry.cols()
            ),
            cell_accepted(geometry),
        ));
    }
    Ok(Cell::new(row - 1, col - 1))
}

/// Several cells: separated by `;` (`r1c1; 3,3`), or by spaces and commas when each is written
/// `r1c1` or as a number (`r1c1 r3c3`, `1, 9`). One cell alone is read as [`parse_cell`] reads it.
pub fn parse_cells(text: &str, geometry: Geometry) -> Result<Vec<Cell>, AnswerError> {
    let accepted = || {
        format!(
            "type one or more cells separated by ';', like r1c1; r3c3 ({})",
            cell_accepted(geometry).trim_start_matches("type ")
        )
    };
    let list = |pieces: Vec<&str>| -> Result<Vec<Cell>, AnswerError> {
        let mut cells = Vec::new();
        for piece in pieces {
            let cell = parse_cell(piece, geometry).map_err(|e| {
                answer_error(
                    text,
                    format!("has {} where a cell belongs", e.typed),
                    accepted(),
                )
            })?;
            if !cells.contains(&cell) {
                cells.push(cell);
            }
        }
        cells.sort();
        Ok(cells)
    };
    if text.trim().is_empty() {
        return Err(answer_error(text, "has no cells", accepted()));
    }
    if text.contains(';') {
        return list(text.split(';').filter(|p| !p.trim().is_empty()).collect());
    }
    if let Ok(cell) = parse_cell(text, geometry) {
        return Ok(vec![cell]);
    }
    list(
        text.split(|c: char| c == ',' || c.is_whitespace())
            .filter(|p| !p.is_empty())
            .collect(),
    )
}

/// A graded answer: whether it was right, and the right answer worked out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graded {
    pub correct: bool,
    /// The first line says right or not and gives the answer; the rest work it out.
    pub feedback: Vec<String>,
}

impl Item {
    pub fn kind(&self) -> Kind {
        match self.task {
            Task::Value(_) => Kind::Value,
            Task::Tree(_) => Kind::Tree,
            Task::Horizon(_) => Kind::Horizon,
            Task::FindMove(_) => Kind::FindMove,
        }
    }

    fn mover(&self) -> Mark {
        self.board.to_move()
    }

    /// Whose numbers the values are, in words: "X's numbers (X maximises)".
    fn numbers_words(seen: &Seen) -> String {
        let win = seen.geometry().win_score();
        format!(
            "in {}'s numbers ({} maximises; a win is {win} - depth, a loss depth - {win}, a draw 0)",
            seen.maximiser(),
            seen.maximiser()
        )
    }

    /// What the item asks, in one paragraph.
    pub fn prompt(&self) -> String {
        let at = format!("{} to move on {}", self.mover(), self.board);
        match &self.task {
            Task::Value(key) => format!(
                "{at}: what is the minimax value of {} playing {}, {}?",
                self.mover(),
                key.scored.cell.human(),
                Item::numbers_words(&key.seen)
            ),
            Task::Tree(key) => {
                let order: Vec<String> = key.nodes.iter().map(|n| path_name(&n.path)).collect();
                format!(
                    "{at}: fill in the tree bottom-up, {}, depth counted from this position. Type \
                     the value of each node in this order (a reply after its move): {}.",
                    Item::numbers_words(&key.seen),
                    order.join(", ")
                )
            }
            Task::Horizon(key) => {
                let horizon = key.difficulty.horizon().unwrap_or(0);
                let plies = if horizon == 1 { "ply" } else { "plies" };
                format!(
                    "{at}: the computer at {} looks {horizon} {plies} ahead (its own move \
                     counted); a result further away looks like a draw to it. Which moves does \
                     it rate best? It plays one of them at random; name them all.",
                    key.difficulty.name()
                )
            }
            Task::FindMove(key) => {
                let goal = Goal::of(key.analysis.best_score().unwrap_or_default());
                format!("{at}: {}.", goal.task())
            }
        }
    }

    /// The right answer as it would be typed.
    pub fn answer_text(&self) -> String {
        match &self.task {
            Task::Value(key) => key.number.value().to_string(),
            Task::Tree(key) => {
                let numbers: Vec<String> = key
                    .nodes
                    .iter()
                    .map(|n| n.number.value().to_string())
                    .collect();
                numbers.join(", ")
            }
            Task::Horizon(key) => cells_text(&key.plays),
            Task::FindMove(key) => cell_name(key.exercise.answer),
        }
    }

    /// What a typed answer to this item looks like, for a prompt or a message.
    pub fn accepted(&self) -> String {
        let geometry = self.board.geometry();
        match &self.task {
            Task::Value(_) => NUMBER_ACCEPTED.to_string(),
            Task::Tree(key) => format!(
                "type {} whole numbers in the order listed, separated by commas",
                key.nodes.len()
            ),
            Task::Horizon(_) => "type one or more cells separated by ';', like r1c1; r3c3".into(),
            Task::FindMove(_) => cell_accepted(geometry),
        }
    }

    /// Grades `typed`: `Err` when it cannot be read as an answer to this item (the learner may
    /// type again), else right or wrong with the answer worked out.
    pub fn grade(&self, typed: &str) -> Result<Graded, AnswerError> {
        let geometry = self.board.geometry();
        let (correct, verdict) = match &self.task {
            Task::Value(key) => {
                let number = parse_number(typed)?;
                let right = key.number.value();
                (number == right, format!("the value is {right}"))
            }
            Task::Tree(key) => {
                let numbers = parse_numbers(typed)?;
                if numbers.len() != key.nodes.len() {
                    return Err(answer_error(
                        typed,
                        format!(
                            "has {} numbers, but the tree has {} nodes",
                            numbers.len(),
                            key.nodes.len()
                        ),
                        self.accepted(),
                    ));
                }
                let wrong: Vec<String> = key
                    .nodes
                    .iter()
                    .zip(&numbers)
                    .filter(|&(node, &n)| node.number.value() != n)
                    .map(|(node, n)| {
                        format!(
                            "{} is {}, not {n}",
                            path_name(&node.path),
                            node.number.value()
                        )
                    })
                    .collect();
                let verdict = match wrong.is_empty() {
                    true => format!("the values are {}", self.answer_text()),
                    false => wrong.join("; "),
                };
                (wrong.is_empty(), verdict)
            }
            Task::Horizon(key) => {
                let cells = parse_cells(typed, geometry)?;
                self.refuse_taken(typed, &cells)?;
                let verdict = format!("it rates best {}", cells_text(&key.plays));
                (cells == key.plays, verdict)
            }
            Task::FindMove(key) => {
                let cell = parse_cell(typed, geometry)?;
                self.refuse_taken(typed, &[cell])?;
                let mut verdict = format!("the move is {}", cell_name(key.exercise.answer));
                if !key.exercise.is_good(cell) {
                    let seen = Seen::new(key.view, &self.board);
                    if let Some(played) = key.analysis.get(cell) {
                        let number = seen.number(played.score, self.mover(), 0);
                        verdict.push_str(&format!(
                            "; {} scores {} ({})",
                            cell_name(cell),
                            number.value(),
                            short_verdict(&seen, number)
                        ));
                    }
                }
                (key.exercise.is_good(cell), verdict)
            }
        };
        let mut feedback = vec![match correct {
            true => format!("Right: {verdict}."),
            false => format!("Not quite: {verdict}."),
        }];
        feedback.extend(self.worked());
        Ok(Graded { correct, feedback })
    }

    /// An answer naming a cell that is not empty cannot be a move: refused, naming the choices.
    fn refuse_taken(&self, typed: &str, cells: &[Cell]) -> Result<(), AnswerError> {
        let empty: Vec<Cell> = self.board.legal_moves().collect();
        match cells.iter().find(|cell| !empty.contains(cell)) {
            None => Ok(()),
            Some(&taken) => Err(answer_error(
                typed,
                match cells.len() {
                    1 => "is not an empty cell".to_string(),
                    _ => format!("names {}, which is not empty", cell_name(taken)),
                },
                format!("choose among {}", cells_text(&empty)),
            )),
        }
    }

    /// The right answer worked out, one sentence a line: the formula and the line of play, each
    /// node's value from its replies, the horizon's hidden results.
    pub fn worked(&self) -> Vec<String> {
        let mover = self.mover();
        match &self.task {
            Task::Value(key) => vec![
                formula(&key.seen, key.number),
                format!("Line of play: {}.", line_of_play(mover, &key.scored)),
            ],
            Task::Tree(key) => tree_worked(key),
            Task::Horizon(key) => {
                let mut lines = vec![format!(
                    "It rates best {}, and plays one of them.",
                    cells_text(&key.plays)
                )];
                if let Some(&chosen) = key.plays.first() {
                    lines.extend(
                        computer_reasoning(
                            &key.analysis,
                            chosen,
                            &key.plays,
                            key.difficulty,
                            key.view,
                        )
                        .into_iter()
                        .skip(2),
                    );
                }
                let seen = Seen::new(key.view, &self.board);
                if let Some(best) = key.analysis.best() {
                    let number = seen.number(best.score, mover, 0);
                    lines.push(format!(
                        "Seeing to the end: {} scores {} ({}); {}.",
                        cell_name(best.cell),
                        number.value(),
                        short_verdict(&seen, number),
                        line_of_play(mover, best)
                    ));
                }
                lines
            }
            Task::FindMove(key) => {
                let seen = Seen::new(key.view, &self.board);
                let Some(best) = key.analysis.get(key.exercise.answer) else {
                    return Vec::new();
                };
                let number = seen.number(best.score, mover, 0);
                vec![
                    format!(
                        "{} ({}): {}",
                        cell_name(best.cell),
                        key.exercise.lesson.name(),
                        formula(&seen, number)
                    ),
                    format!("Line of play: {}.", line_of_play(mover, best)),
                ]
            }
        }
    }
}

/// "r1c3" for a move, "r1c3 r2c1" for a reply after it.
pub fn path_name(path: &[Cell]) -> String {
    path.iter()
        .map(|&c| cell_name(c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// "r1c1; r3c3".
pub fn cells_text(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(|&c| cell_name(c))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Each node of a tree worked out: a leaf by its formula, an inner node as the best of its
/// replies for the side that chooses there.
fn tree_worked(key: &TreeKey) -> Vec<String> {
    key.nodes
        .iter()
        .map(|node| {
            let replies: Vec<&TreeNode> = key
                .nodes
                .iter()
                .filter(|n| n.path.len() == 2 && n.path[0] == node.path[0] && node.path.len() == 1)
                .collect();
            if replies.is_empty() {
                // A node the tree stops at without the game ending takes its value from the
                // best play below it, which the learner finds as plain minimax does.
                let ends = match node.scored.pv.is_empty() {
                    true => "the game ends".to_string(),
                    false => format!("best play after it: {}", cells_text(&node.scored.pv)),
                };
                return format!(
                    "{} ({ends}): {}",
                    path_name(&node.path),
                    formula(&key.seen, node.number)
                );
            }
            let chooser = node.mover.opponent();
            let (how, pick) = match key.seen.role(chooser) {
                Role::Maximiser => ("max", "highest"),
                Role::Minimiser => ("min", "lowest"),
            };
            let values: Vec<String> = replies
                .iter()
                .map(|r| r.number.value().to_string())
                .collect();
            format!(
                "{} = {how}({}) = {}: {chooser} replies there and picks the {pick}.",
                path_name(&node.path),
                values.join(", "),
                node.number.value()
            )
        })
        .collect()
}

/// A student's results on a set: per kind, how many were right, and the items missed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub code: SetCode,
    /// Every kind of the set, in the set's order.
    pub per_kind: Vec<KindScore>,
    /// The numbers of the items answered wrong or not at all.
    pub missed: Vec<usize>,
    pub right: usize,
}

/// How a learner did on one kind of a set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KindScore {
    pub kind: Kind,
    pub right: usize,
    pub items: usize,
}

impl Summary {
    /// The summary of `set` when `results[i]` says whether item `i + 1` was right (`None`: not
    /// answered).
    pub fn of(set: &ExerciseSet, results: &[Option<bool>]) -> Summary {
        let mut per_kind: Vec<KindScore> = set
            .code
            .kinds
            .iter()
            .map(|&kind| KindScore {
                kind,
                right: 0,
                items: 0,
            })
            .collect();
        let mut missed = Vec::new();
        for (i, item) in set.items.iter().enumerate() {
            let right = results.get(i).copied().flatten() == Some(true);
            if let Some(score) = per_kind.iter_mut().find(|s| s.kind == item.kind()) {
                score.items += 1;
                score.right += usize::from(right);
            }
            if !right {
                missed.push(item.number);
            }
        }
        Summary {
            code: set.code.clone(),
            right: set.items.len() - missed.len(),
            per_kind,
            missed,
        }
    }

    /// The kinds with an item missed, most missed first (ties in the set's order): what a
    /// learner practising freely is dealt again.
    pub fn missed_kinds(&self) -> Vec<Kind> {
        let mut missed: Vec<&KindScore> =
            self.per_kind.iter().filter(|s| s.right < s.items).collect();
        missed.sort_by_key(|s| std::cmp::Reverse(s.items - s.right));
        missed.into_iter().map(|s| s.kind).collect()
    }

    /// The summary to hand in, one fact a line.
    pub fn lines(&self) -> Vec<String> {
        let total: usize = self.per_kind.iter().map(|s| s.items).sum();
        let mut lines = vec![format!(
            "Set {}: {} of {total} right.",
            self.code, self.right
        )];
        for score in &self.per_kind {
            lines.push(format!(
                "{}: {} of {}",
                score.kind.name(),
                score.right,
                score.items
            ));
        }
        lines.push(match self.missed.is_empty() {
            true => "Missed: none.".to_string(),
            false => {
                let numbers: Vec<String> = self.missed.iter().map(|n| n.to_string()).collect();
                format!("Missed: {}.", numbers.join(", "))
            }
        });
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASSIC: Geometry = Geometry::CLASSIC;

    #[test]
    fn cells_are_read_in_every_accepted_shape() {
        let want = Cell::new(1, 2);
        for typed in [
            "r2c3",
            "R2C3",
            "2,3",
            "2 3",
            " 2, 3 ",
            "row 2 column 3",
            "row 2, column 3",
            "6",
        ] {
            assert_eq!(parse_cell(typed, CLASSIC), Ok(want), "{typed}");
        }
        let error = parse_cell("r4c1", CLASSIC).unwrap_err().to_string();
        assert!(
            error.starts_with("\"r4c1\" is not a cell of the 3x3 board: type a cell as r2c3"),
            "{error}"
        );
        assert!(
            parse_cell("10", CLASSIC)
                .unwrap_err()
                .to_string()
                .contains("cell number")
        );
        assert_eq!(
            parse_cells("r1c1; 3,3", CLASSIC),
            Ok(vec![Cell::new(0, 0), Cell::new(2, 2)])
        );
        assert_eq!(
            parse_cells("r3c3 r1c1", CLASSIC),
            Ok(vec![Cell::new(0, 0), Cell::new(2, 2)])
        );
        assert_eq!(
            parse_cells("1, 9", CLASSIC),
            Ok(vec![Cell::new(0, 0), Cell::new(2, 2)])
        );
    }

    #[test]
    fn numbers_take_a_sign_and_the_typographic_minus() {
        assert_eq!(parse_number("-5"), Ok(-5));
        assert_eq!(parse_number("\u{2212}5"), Ok(-5));
        assert_eq!(parse_number(" +8 "), Ok(8));
        assert_eq!(
            parse_number("five").unwrap_err().to_string(),
            "\"five\" is not a number: type a whole number, like -5, 0 or 8"
        );
        assert_eq!(parse_numbers("8, -9 0;1"), Ok(vec![8, -9, 0, 1]));
        let error = parse_numbers("8, x").unwrap_err().to_string();
        assert!(
            error.starts_with("\"8, x\" has \"x\" where a number belongs"),
            "{error}"
        );
    }

    #[test]
    fn a_code_round_trips_and_names_its_problems() {
        let code: SetCode = "v1-s1234-k=value,horizon-n=10-3x3".parse().unwrap();
        assert_eq!(code.seed, 1234);
        assert_eq!(code.to_string(), "v1-s1234-k=value,horizon-n=10-3x3");
        let x: SetCode = "v1-s5-k=tree-n=3-4x4-view=x".parse().unwrap();
        assert_eq!(x.view, ScoreView::Articles);
        assert_eq!(x.to_string().parse::<SetCode>(), Ok(x));
        for (bad, says) in [
            ("v2-s1-k=value-n=1-3x3", "must start with v1-"),
            (
                "v1-s1-k=value,fork-n=1-3x3",
                "\"fork\" is not a kind of exercise",
            ),
            ("v1-s1-k=value-n=0-3x3", "1 to 100 items, not 0"),
            ("v1-s1-k=value-n=3-9x9", "side 3 to 4, not 9"),
            ("v1-s1-k=horizon-n=3-4x4", "3x3 boards only"),
            ("v1-s1-k=value-3x3", "no count"),
            ("v1-sx-k=value-n=1-3x3", "the seed \"x\""),
            ("v1-s1-k=value,value-n=1-3x3", "named twice"),
        ] {
            let error = bad.parse::<SetCode>().unwrap_err().to_string();
            assert!(error.contains(says), "{bad}: {error}");
            assert!(error.starts_with(&format!("set code \"{bad}\"")), "{error}");
            assert!(!error.contains('\n'));
        }
    }

    #[test]
    fn levels_grow_along_the_set_and_kinds_take_turns() {
        let code = SetCode::new(3, Kind::ALL.to_vec(), 12, 3, ScoreView::SideToMove).unwrap();
        let set = generate(&code);
        let levels: Vec<u8> = set.items.iter().map(|i| i.level).collect();
        assert_eq!(levels, [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]);
        for (i, item) in set.items.iter().enumerate() {
            assert_eq!(item.kind(), Kind::ALL[i % 4]);
            assert_eq!(
                item.board.empty_cells().count(),
                item.kind().empty_cells(item.level)
            );
        }
        let shape = |set: &ExerciseSet| -> Vec<(Board, String, String)> {
            set.items
                .iter()
                .map(|i| (i.board, i.prompt(), i.answer_text()))
                .collect()
        };
        assert_eq!(
            shape(&generate(&code)),
            shape(&set),
            "the same code, the same set"
        );
    }

    #[test]
    fn an_item_alone_is_made_from_its_seed_at_its_level() {
        for kind in Kind::ALL {
            for level in 1..=LEVELS {
                let item = make_item(9, kind, level, CLASSIC, ScoreView::Articles);
                let again = make_item(9, kind, level, CLASSIC, ScoreView::Articles);
                assert_eq!(
                    (item.board, item.answer_text()),
                    (again.board, again.answer_text())
                );
                assert_eq!(item.kind(), kind);
                assert_eq!(item.board.empty_cells().count(), kind.empty_cells(level));
                assert!(item.grade(&item.answer_text()).unwrap().correct);
            }
        }
    }

    #[test]
    fn a_summary_counts_each_kind_and_lists_the_items_missed() {
        let code = SetCode::new(
            4,
            vec![Kind::Value, Kind::FindMove],
            5,
            3,
            ScoreView::SideToMove,
        )
        .unwrap();
        let set = generate(&code);
        // Items 1, 3, 5 are values, 2 and 4 find-the-move.
        let summary = Summary::of(
            &set,
            &[Some(true), Some(false), None, Some(false), Some(true)],
        );
        assert_eq!(summary.right, 2);
        assert_eq!(summary.missed, [2, 3, 4]);
        assert_eq!(summary.missed_kinds(), [Kind::FindMove, Kind::Value]);
        assert_eq!(
            summary.lines(),
            [
                "Set v1-s4-k=value,move-n=5-3x3: 2 of 5 right.",
                "a move's value: 2 of 3",
                "find the move: 0 of 2",
                "Missed: 2, 3, 4.",
            ]
        );
    }

    #[test]
    fn a_tree_is_plain_minimax_two_plies_down_and_each_move_the_best_of_its_replies() {
        // X to move, three cells left.
        let board: Board = "XOX/OO./X.X".parse().unwrap();
        for view in ScoreView::ALL {
            let key = tree_key(&board, view);
            let seen = Seen::new(view, &board);
            for node in &key.nodes {
                let parent = match node.path.as_slice() {
                    [_] => board,
                    [first, _] => board.after(*first).unwrap(),
                    _ => unreachable!(),
                };
                let exact = plain(&parent)
                    .get(*node.path.last().unwrap())
                    .unwrap()
                    .clone();
                assert_eq!(node.scored, exact);
                let plies = node.path.len() as i32 - 1;
                assert_eq!(
                    node.number,
                    seen.number(exact.score, parent.to_move(), plies)
                );
                let replies: Vec<i32> = key
                    .nodes
                    .iter()
                    .filter(|n| {
                        n.path.len() == 2 && node.path.len() == 1 && n.path[0] == node.path[0]
                    })
                    .map(|n| n.number.value())
                    .collect();
                if !replies.is_empty() {
                    let chooser = seen.role(board.to_move().opponent());
                    let want = match chooser {
                        Role::Maximiser => replies.iter().max(),
                        Role::Minimiser => replies.iter().min(),
                    };
                    assert_eq!(Some(&node.number.value()), want, "{view:?}");
                }
            }
        }
    }
}

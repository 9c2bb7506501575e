//! The positions the seed articles and notes work through, each with what the article found there
//! and what exact minimax says (the tests check every number against [`crate::engine::minimax::plain`]).
//!
//! The seeds (`shared/seeds/` beside the project) are two copies of the GeeksforGeeks article on
//! finding the optimal move with minimax (000, and 001 without its driver code), two OpenGenus
//! articles (002, 003) and a page of handwritten notes (004). The boards below are the ones in
//! their driver code, their worked examples and their figures; the sentences are ours. Rows and
//! columns are counted from 1, as the app counts them.
//!
//! In every example the side to move is the article's maximiser, so [`Example::value`] and
//! [`Example::scores`] are both the scores `tictactoe analyze` prints (for the side to move) and
//! the article's numbers (for its maximiser).

use crate::engine::board::{Board, Cell, Mark};

/// One position an article works through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Example {
    /// A short name, unique among the examples (`gfg-driver`).
    pub name: &'static str,
    /// What the menu calls it: the article and the board's place in it.
    pub title: &'static str,
    /// The seed file's number and the article, and where in it the position is.
    pub source: &'static str,
    /// The position in the command line's notation (rows joined by `/`).
    pub notation: &'static str,
    /// The side to move, as the article has it.
    pub to_move: Mark,
    /// The mark the article maximises: its `player`, its computer or its AI.
    pub maximiser: Mark,
    /// How many in a row win.
    pub k: usize,
    /// The move minimax's `findBestMove` picks: the first best move in reading order.
    pub best: Cell,
    /// The best move's exact score, for the side to move.
    pub value: i32,
    /// Every legal move's exact score, for the side to move, in reading order.
    pub scores: &'static [(Cell, i32)],
    /// The scores the article itself prints or draws for moves of this position, if any.
    pub article_scores: &'static [(Cell, i32)],
    /// Whether every number in [`Example::article_scores`] is the exact minimax score.
    pub article_agrees: bool,
    /// One sentence on what the article found here and, where it differs, what exact minimax
    /// gives.
    pub sentence: &'static str,
}

impl Example {
    /// The position, with the article's side to move and k.
    pub fn board(&self) -> Board {
        Board::parse_with(self.notation, Some(self.to_move), Some(self.k))
            .expect("every example is a legal position (checked by the tests)")
    }

    /// The position as [`Board::copy_text`] writes it, for `tictactoe analyze`.
    pub fn copy_text(&self) -> String {
        self.board().copy_text()
    }
}

/// The examples, in seed order.
pub fn examples() -> &'static [Example] {
    &EXAMPLES
}

/// The example named `name`, if there is one.
pub fn find(name: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|example| example.name == name)
}

const fn cell(row: usize, col: usize) -> Cell {
    Cell::new(row, col)
}

static EXAMPLES: [Example; 6] = [
    Example {
        name: "gfg-driver",
        title: "GeeksforGeeks: the driver's board",
        source: "seed 000 (and 001, the same article without its driver code): GeeksforGeeks, \
                 \"Finding optimal move in Tic-Tac-Toe using Minimax Algorithm in Game Theory\", \
                 the driver code and the explanation of its three moves",
        notation: "XOX/OOX/...",
        to_move: Mark::X,
        maximiser: Mark::X,
        k: 3,
        best: cell(2, 2),
        value: 10,
        scores: &[(cell(2, 0), -9), (cell(2, 1), 0), (cell(2, 2), 10)],
        article_scores: &[(cell(2, 0), -10), (cell(2, 1), 0), (cell(2, 2), 10)],
        article_agrees: false,
        sentence: "The article's best move is row 3, column 3, value 10, where X completes the \
                   right column; it rates row 3, column 1 at -10, but exact minimax with depth \
                   gives -9, because O wins one move later and the article's code returns ±10 \
                   without subtracting the depth its text describes.",
    },
    Example {
        name: "opengenus-python-driver",
        title: "OpenGenus (Python): the driver's board",
        source: "seed 002: OpenGenus, minimax applied to tic-tac-toe, the driver of the \
                 \"Next Best Move Guesser\" Python code (the computer plays 'x')",
        notation: "XXO/O../X.O",
        to_move: Mark::X,
        maximiser: Mark::X,
        k: 3,
        best: cell(1, 2),
        value: 0,
        scores: &[(cell(1, 1), -9), (cell(1, 2), 0), (cell(2, 1), -9)],
        article_scores: &[],
        article_agrees: true,
        sentence: "The article's driver asks the computer (X) for its move here and shows no \
                   output; exact minimax finds that only the block at row 2, column 3 holds \
                   the draw, value 0, while both other moves score -9 as O completes the right \
                   column.",
    },
    Example {
        name: "opengenus-array",
        title: "OpenGenus: the worked array",
        source: "seed 003: OpenGenus, the minimax algorithm explained with tic-tac-toe, the \
                 intermediate board [0,1,2,2,0,2,1,2,1] (0 the computer's O, 1 the user's X, \
                 2 empty, as the code reads them)",
        notation: "OX./.O./X.X",
        to_move: Mark::O,
        maximiser: Mark::O,
        k: 3,
        best: cell(2, 1),
        value: 0,
        scores: &[
            (cell(0, 2), -9),
            (cell(1, 0), -9),
            (cell(1, 2), -9),
            (cell(2, 1), 0),
        ],
        article_scores: &[],
        article_agrees: true,
        sentence: "The article's computer, O, which it makes the maximiser, puts its O between \
                   the two X's at row 3, column 2 and draws, value 0, and exact minimax agrees: \
                   every other move lets X complete the bottom row next (-9).",
    },
    Example {
        name: "notes-block",
        title: "The notes: the AI blocks a column",
        source: "seed 004: handwritten notes, the game between the user (O, moving first) and \
                 the AI (X), the AI's second move",
        notation: "OX./O../...",
        to_move: Mark::X,
        maximiser: Mark::X,
        k: 3,
        best: cell(2, 0),
        value: -7,
        scores: &[
            (cell(0, 2), -9),
            (cell(1, 1), -9),
            (cell(1, 2), -9),
            (cell(2, 0), -7),
            (cell(2, 1), -9),
            (cell(2, 2), -9),
        ],
        article_scores: &[],
        article_agrees: true,
        sentence: "In the notes the AI (X) blocks the user's left column at row 3, column 1, \
                   and exact minimax agrees it is the best move, but only as the slowest loss, \
                   value -7, since O's reply in the centre makes two threats at once.",
    },
    Example {
        name: "notes-fork",
        title: "The notes: the fork",
        source: "seed 004: handwritten notes, the same game after the user's O in the centre \
                 (\"now AI can minimize user's score … but … user wins\")",
        notation: "OX./OO./X..",
        to_move: Mark::X,
        maximiser: Mark::X,
        k: 3,
        best: cell(0, 2),
        value: -9,
        scores: &[
            (cell(0, 2), -9),
            (cell(1, 2), -9),
            (cell(2, 1), -9),
            (cell(2, 2), -9),
        ],
        article_scores: &[],
        article_agrees: true,
        sentence: "Next the notes' AI (X) blocks the diagonal at row 3, column 3 and the user \
                   completes the middle row, and exact minimax confirms X had no defence: with \
                   O threatening two lines, every move scores -9.",
    },
    Example {
        name: "notes-tree",
        title: "The notes: the game tree",
        source: "seed 004: handwritten notes, the game tree drawn below the game (X, the AI, \
                 to move with three empty cells)",
        notation: "O.X/X../XOO",
        to_move: Mark::X,
        maximiser: Mark::X,
        k: 3,
        best: cell(1, 1),
        value: 10,
        scores: &[(cell(0, 1), -9), (cell(1, 1), 10), (cell(1, 2), -9)],
        article_scores: &[(cell(0, 1), -10), (cell(1, 1), 10)],
        article_agrees: false,
        sentence: "The notes' tree has X win at once in the centre, row 2, column 2, scored +10, \
                   and scores row 1, column 2 at -10 because O then completes the diagonal; \
                   exact minimax agrees on the centre, value 10, but gives that move -9, as \
                   the notes do not subtract the depth.",
    },
];

//! What an exercise asks for ([`Kind`]), and how many levels a set grows through.

use crate::engine::board::{Geometry, Mark};

/// Levels run from 1 to this, growing along the set.
pub const LEVELS: u8 = 3;

/// What an exercise asks for. The tree and prune kinds work below a board position, or on the
/// textbooks' abstract trees when the set's code says `-trees`.
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
    /// Which branches alpha-beta prunes, left to right, or α and β at a node.
    Prune,
}

impl Kind {
    pub const ALL: [Kind; 5] = [
        Kind::Value,
        Kind::Tree,
        Kind::Horizon,
        Kind::FindMove,
        Kind::Prune,
    ];

    /// The word in a set code and on the command line.
    pub fn code(self) -> &'static str {
        match self {
            Kind::Value => "value",
            Kind::Tree => "tree",
            Kind::Horizon => "horizon",
            Kind::FindMove => "move",
            Kind::Prune => "prune",
        }
    }

    /// The name a summary gives the kind.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Value => "a move's value",
            Kind::Tree => "a tree bottom-up",
            Kind::Horizon => "the horizon",
            Kind::FindMove => "find the move",
            Kind::Prune => "alpha-beta's cut-offs",
        }
    }

    pub fn from_code(text: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.code() == text)
    }

    /// How many empty cells an item of this kind has at `level` (1 to [`LEVELS`]) with `mover`
    /// to move on a board of `geometry` where X starts: fewer first, so the search to do by hand
    /// grows along the set. The table is for the side whose turn it is at the table's count; the
    /// other side gets one cell more (one move fewer played), or one fewer at the kind's largest.
    ///
    /// The horizon kind has six at every level, whoever moves (for X, on a board where O
    /// started): only there does the computer (at Hard) rate best a move that is not, while
    /// passing over another. Easy and Medium never do (what they see of a move's result is
    /// exact, and a move they see no result of is the best when another loses at once), and Hard
    /// sees every game with fewer empty cells to its end and none with more.
    pub fn empty_cells(self, level: u8, geometry: Geometry, mover: Mark) -> usize {
        let (by_level, most) = match self {
            Kind::Horizon => return 6,
            Kind::Value | Kind::FindMove => ([3, 5, 7], 7),
            // A tree of three moves has about nine nodes, of four about sixteen.
            Kind::Tree => ([3, 3, 4], 4),
            // The whole tree below three or four empty cells is drawn; a start whose tree has
            // more than `prune::MAX_NODES` nodes is passed over.
            Kind::Prune => ([3, 3, 3], 4),
        };
        let table = by_level[usize::from(level.clamp(1, LEVELS) - 1)];
        // X is to move when an even number of marks is on the board.
        let x_to_move = (geometry.cells() - table).is_multiple_of(2);
        if x_to_move == (mover == Mark::X) {
            table
        } else if table < most {
            table + 1
        } else {
            table - 1
        }
    }
}

//! What an exercise asks for ([`Kind`]), and how many levels a set grows through.

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

    /// How many empty cells an item of this kind has at `level` (1 to [`LEVELS`]): fewer first,
    /// so the search to do by hand grows along the set.
    pub fn empty_cells(self, level: u8) -> usize {
        let by_level = match self {
            Kind::Value | Kind::FindMove => [3, 5, 7],
            // A tree of three moves has about nine nodes, of four about sixteen.
            Kind::Tree => [3, 3, 4],
            Kind::Horizon => [5, 6, 7],
            // The whole tree below three empty cells has at most sixteen nodes, all drawn.
            Kind::Prune => [3, 3, 3],
        };
        by_level[usize::from(level.clamp(1, LEVELS) - 1)]
    }
}

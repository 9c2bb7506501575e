//! One module per kind of exercise. Each holds its key's type, how an item of it is dealt (its
//! `spec`) and what its key does (its [`Exercise`], in `exercise.rs`): the prompt, the answer
//! as typed, grading and the classic slips it catches, the answer worked out, how the answer is
//! given ([`Form`], which the app draws whatever the kind), the quiz question ([`QuizForm`])
//! and the JSON key.
//!
//! The registry below is the one place that lists the kinds: a new kind is its file here and
//! its line in the registry. The app, the command line and the quiz writers go through the
//! trait and the forms; only a new form needs them. A kind's module knows neither [`Kind`] nor
//! [`Task`]: it deals into any type its keys convert into, so the registry depends on the kinds
//! and not the other way round.

mod chance;
mod eval;
mod exercise;
mod find_move;
mod horizon;
mod mcts;
mod prune;
#[cfg(test)]
mod toy;
mod tree;
mod tree_fill;
mod value;

pub use chance::{CHANCE_TREES, ChanceAsk, ChanceKey, close_enough, parse_fraction};
pub use eval::EvalKey;
pub use exercise::{Exercise, Figure, Form, LEVELS, Plan, QuizForm, Spec};
pub use find_move::MoveKey;
pub use horizon::{HorizonKey, horizon_difficulty, horizon_key};
pub use mcts::{Counts, Exploration, MctsAsk, MctsKey};
pub use tree::{TreeKey, TreeNode, tree_key};
pub use value::{ValueKey, value_key};

use crate::engine::board::{Geometry, Mark};
use crate::exercises::prune::{PruneKey, TreeFillKey};

/// Declares the kinds and the shapes of their keys: [`Kind`] with each kind's [`Spec`], and
/// [`Task`] with each key's [`Exercise`].
macro_rules! registry {
    (
        $( $(#[$only:meta])* $kind:ident($key:ty) => $module:ident, )*
        ;
        $( $shape:ident($shape_key:ty) in $of:ident, )*
    ) => {
        /// What an exercise asks for: each kind's module (in `kinds/`) says what. The tree and
        /// prune kinds work below a board position, or on the textbooks' abstract trees when
        /// the set's code says `-trees`.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Kind {
            $( $(#[$only])* $kind, )*
        }

        impl Kind {
            /// Every kind, in the order a set of all of them deals them.
            pub const ALL: &[Kind] = &[ $( $(#[$only])* Kind::$kind, )* ];

            /// How the kind is named and dealt.
            pub fn spec(self) -> Spec<Task> {
                match self {
                    $( $(#[$only])* Kind::$kind => $module::spec(), )*
                }
            }
        }

        /// What an item asks, with the engine's answer to it: one shape of key a kind (and the
        /// other shapes a kind's items take).
        #[derive(Debug, Clone, PartialEq, Eq)]
        pub enum Task {
            $( $(#[$only])* $kind($key), )*
            $( $shape($shape_key), )*
        }

        impl Task {
            /// What the key does.
            pub fn exercise(&self) -> &dyn Exercise {
                match self {
                    $( $(#[$only])* Task::$kind(key) => key, )*
                    $( Task::$shape(key) => key, )*
                }
            }

            /// The kind the item counts for in a summary.
            pub fn kind(&self) -> Kind {
                match self {
                    $( $(#[$only])* Task::$kind(_) => Kind::$kind, )*
                    $( Task::$shape(_) => Kind::$of, )*
                }
            }
        }

        $( $(#[$only])* impl From<$key> for Task {
            fn from(key: $key) -> Task {
                Task::$kind(key)
            }
        } )*
        $( impl From<$shape_key> for Task {
            fn from(key: $shape_key) -> Task {
                Task::$shape(key)
            }
        } )*
    };
}

// The kinds, in the order a set of every kind deals them (which a set code's items depend on):
// each with the shape of its key and its module.
registry! {
    Value(ValueKey) => value,
    Tree(TreeKey) => tree,
    Horizon(HorizonKey) => horizon,
    FindMove(MoveKey) => find_move,
    Prune(PruneKey) => prune,
    Chance(ChanceKey) => chance,
    Eval(EvalKey) => eval,
    Mcts(MctsKey) => mcts,
    #[cfg(test)]
    Toy(toy::ToyKey) => toy,
    ;
    // Another shape of a kind's key: the tree kind on an abstract tree.
    TreeFill(TreeFillKey) in Tree,
}

impl Kind {
    /// The kinds of the sets the app starts from (the menu's set, the set builder's first
    /// choice): minimax and alpha-beta. The chance, evaluation and MCTS kinds, the chapter's
    /// later lectures, are ticked in the builder or named in a code.
    pub const FIRST_SET: &[Kind] = &[
        Kind::Value,
        Kind::Tree,
        Kind::Horizon,
        Kind::FindMove,
        Kind::Prune,
    ];

    /// The word in a set code and on the command line.
    pub fn code(self) -> &'static str {
        self.spec().code
    }

    /// The name a summary gives the kind.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// What each of its levels asks, in a few words (level 1 first), below positions or (with
    /// `trees`) on the textbooks' trees; empty for a kind whose items are the same at every
    /// level.
    pub fn level_words(self, trees: bool) -> &'static [&'static str] {
        let spec = self.spec();
        match trees && !spec.tree_levels.is_empty() {
            true => spec.tree_levels,
            false => spec.levels,
        }
    }

    pub fn from_code(text: &str) -> Option<Kind> {
        Kind::ALL.iter().copied().find(|kind| kind.code() == text)
    }

    /// How many empty cells an item of this kind has at `level` (1 to [`LEVELS`]) with `mover`
    /// to move on a board of `geometry` where X starts: fewer first, so the search to do by hand
    /// grows along the set.
    pub fn empty_cells(self, level: u8, geometry: Geometry, mover: Mark) -> usize {
        (self.spec().empty_cells)(level, geometry, mover)
    }
}

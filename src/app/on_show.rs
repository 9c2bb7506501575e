//! The one home for what the board shows: the position on show and where it came from. Every
//! panel that prints a number takes the position it counts depth from here, and says so when it is
//! not the game's current position.

use crate::engine::board::{Board, Cell};
use crate::learn::view::{ScoreView, Seen};

/// Where the position on show comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// The game's current position.
    Game,
    /// An explorer node: the moves from the explorer's root (the game's position) that lead to it.
    Node { path: Vec<Cell> },
    /// A line of play replayed from the game's position, after `step` of its moves.
    Replay { step: usize },
    /// The reviewed game's position before move `ply`, where `played` was played.
    BeforeMove { ply: usize, played: Cell },
    /// A practice position.
    Practice,
    /// A position set up in the editor, pasted or opened from the articles' examples, named as
    /// the views name it: "the pasted position", "the example GeeksforGeeks: the driver's board".
    SetUp { name: String },
}

/// The position on show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OnShow {
    pub board: Board,
    pub source: Source,
    /// Where depth counts from: the explorer's root for a node, the start of a replay, else the
    /// board itself. One rule: a preview keeps the depth of where it started, so a line of play
    /// has one number on the board, in the tree and in the replay's banner.
    pub origin: Board,
}

impl OnShow {
    pub fn game(board: Board) -> OnShow {
        OnShow::at(board, Source::Game)
    }

    /// A position that depth counts from itself.
    pub fn at(board: Board, source: Source) -> OnShow {
        OnShow {
            board,
            source,
            origin: board,
        }
    }

    /// How many plies the board lies below where depth counts from.
    pub fn plies_below(&self) -> i32 {
        match &self.source {
            Source::Node { path } => path.len() as i32,
            Source::Replay { step } => *step as i32,
            _ => 0,
        }
    }

    /// The view rule for the board on show, depth kept from where it counts from.
    pub fn seen(&self, view: ScoreView) -> Seen {
        Seen::below(view, &self.origin, self.plies_below())
    }

    pub fn is_game(&self) -> bool {
        self.source == Source::Game
    }

    /// The position in words: "the game's position", "the position after r1c2 r2c2 in the
    /// explorer", "the position before move 4".
    pub fn name(&self) -> String {
        match &self.source {
            Source::Game => "the game's position".to_string(),
            Source::Node { path } if path.is_empty() => "the explorer's root".to_string(),
            Source::Node { path } => format!("the position after {} in the explorer", moves(path)),
            Source::Replay { step: 0 } => "the start of the replay".to_string(),
            Source::Replay { step } => format!("the replay after move {step}"),
            Source::BeforeMove { ply, .. } => format!("the position before move {ply}"),
            Source::Practice => "the practice position".to_string(),
            Source::SetUp { name } => format!("{name}, not the game's"),
        }
    }

    /// Where depth counts from, said where it is not the game's current position.
    pub fn depth_note(&self) -> Option<String> {
        let above = match self.plies_below() {
            1 => ", 1 ply above this board".to_string(),
            plies => format!(", {plies} plies above this board"),
        };
        match &self.source {
            Source::Game => None,
            Source::Node { path } if !path.is_empty() => Some(format!(
                "Depth counted from the explorer's root (the game's position){above}, as in the \
                 tree."
            )),
            Source::Replay { step } if *step > 0 => Some(format!(
                "Depth counted from the start of the replay{above}, as in the banner."
            )),
            _ => Some(format!("Depth counted from {}.", self.name())),
        }
    }
}

/// "r1c2 r2c2": moves, rows and columns from 1.
pub fn moves(path: &[Cell]) -> String {
    path.iter().map(|c| c.name()).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_is_said_to_count_from_anything_but_the_game() {
        let board = Board::classic();
        assert_eq!(OnShow::game(board).depth_note(), None);
        let path = vec![Cell::new(0, 1), Cell::new(1, 1)];
        let node = OnShow {
            board: board.after(path[0]).unwrap().after(path[1]).unwrap(),
            source: Source::Node { path: path.clone() },
            origin: board,
        };
        assert_eq!(
            node.depth_note().as_deref(),
            Some(
                "Depth counted from the explorer's root (the game's position), 2 plies above \
                 this board, as in the tree."
            )
        );
        assert_eq!(node.seen(ScoreView::SideToMove).plies_below(), 2);
        let replay = OnShow {
            board: board.after(path[0]).unwrap(),
            source: Source::Replay { step: 1 },
            origin: board,
        };
        assert_eq!(
            replay.depth_note().as_deref(),
            Some(
                "Depth counted from the start of the replay, 1 ply above this board, as in the banner."
            )
        );
        let before = OnShow::at(
            board,
            Source::BeforeMove {
                ply: 4,
                played: Cell::new(0, 0),
            },
        );
        assert_eq!(
            before.depth_note().as_deref(),
            Some("Depth counted from the position before move 4.")
        );
    }
}

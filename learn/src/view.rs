//! How scores are seen: the one rule every view of the app and every command follows.
//!
//! A move's score, as `tictactoe analyze` prints it, is for the side that plays it, with depth
//! counted from the position it is played on. What the views show is always seen by one side,
//! the maximiser, with depth counted from one position, the position on show:
//!
//! - [`ScoreView::SideToMove`] (the default): the player to move in the position on show
//!   maximises; every number is theirs.
//! - [`ScoreView::Articles`]: X maximises and O minimises; every number is X's.
//!
//! So a move on the position on show scores what `analyze` prints for it (negated for O's moves
//! in the articles' view), and a move further down scores the value minimax gives it in the one
//! search from the position on show, as the seeds' `minimax(board, depth, isMax)` does when
//! `findBestMove` is called there. [`Seen`] applies the rule; nothing else works out a sign or a
//! depth.
//!
//! ```
//! use tictactoe_learn::engine::{Board, Cell, Mark, Score};
//! use tictactoe_learn::view::{Role, ScoreView, Seen};
//! // O to move; O's move at row 1, column 2 loses at depth 1 (X wins with its next move).
//! let board: Board = "X../.O./..X".parse()?;
//! let articles = Seen::new(ScoreView::Articles, &board);
//! assert_eq!(articles.maximiser(), Mark::X);
//! assert_eq!(articles.role(Mark::O), Role::Minimiser);
//! assert_eq!(articles.number(Score::new(-9), Mark::O, 0).value(), 9);
//! // The same loss seen by O, the side to move, and X's win one ply further down.
//! let mover = Seen::new(ScoreView::SideToMove, &board);
//! assert_eq!(mover.number(Score::new(-9), Mark::O, 0).value(), -9);
//! assert_eq!(mover.number(Score::new(10), Mark::X, 1).value(), -9);
//! # Ok::<(), tictactoe_learn::engine::board::BoardError>(())
//! ```

use serde::{Deserialize, Serialize};

use crate::engine::board::{Board, Geometry, Mark};
use crate::engine::game_tree::{GameTree, Side, TreePosition};
use crate::engine::rules::Rules;
use crate::engine::score::Score;

/// Whose side the numbers are seen from. The settings file spells the two `SideToMove` and
/// `Articles`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum ScoreView {
    /// The player to move in the position on show maximises: every number is theirs, and a
    /// higher number is better for whoever moves there.
    #[default]
    SideToMove,
    /// The articles' view: X maximises and O minimises; every number is X's.
    Articles,
}

impl ScoreView {
    /// Every choice, in menu order.
    pub const ALL: [ScoreView; 2] = [ScoreView::SideToMove, ScoreView::Articles];

    /// The menu's and the legend's name for the view.
    pub fn name(self) -> &'static str {
        match self {
            ScoreView::SideToMove => "For the player to move",
            ScoreView::Articles => "X maximises (the articles' view)",
        }
    }
}

/// Whom minimax plays for at a position: the maximiser's numbers go up, the minimiser's down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Maximiser,
    Minimiser,
}

impl Role {
    pub fn name(self) -> &'static str {
        match self {
            Role::Maximiser => "maximiser",
            Role::Minimiser => "minimiser",
        }
    }

    /// The seeds' name of the function that picks a value: "max" or "min".
    pub fn pick(self) -> &'static str {
        match self {
            Role::Maximiser => "max",
            Role::Minimiser => "min",
        }
    }
}

/// A number as a view shows it: a [`Score`] seen by the view's maximiser, with depth counted
/// from the position on show. Only [`Seen`] makes one, so every view and command that draws a
/// number takes a `Shown`, and drawing a move's raw score (seen by its own mover, depth counted
/// from where it is played) is a type error instead of a wrong sign or depth on screen.
///
/// It serialises as its plain number, as the commands' JSON prints it.
///
/// A raw score does not go where a shown number is drawn:
///
/// ```compile_fail
/// use tictactoe_learn::engine::{Board, Score};
/// use tictactoe_learn::{explain::formula, view::{ScoreView, Seen}};
/// let board = Board::default();
/// let seen = Seen::new(ScoreView::Articles, &board);
/// formula(&seen, Score::new(-5)); // expected `Shown`, found `Score`
/// ```
///
/// ```
/// # use tictactoe_learn::engine::{Board, Mark, Score};
/// # use tictactoe_learn::{explain::formula, view::{ScoreView, Seen}};
/// # let board = Board::default();
/// # let seen = Seen::new(ScoreView::Articles, &board);
/// formula(&seen, seen.number(Score::new(-5), Mark::X, 0));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize)]
#[serde(transparent)]
pub struct Shown(Score);

impl Shown {
    /// The number drawn.
    pub const fn value(self) -> i32 {
        self.0.value()
    }

    /// Whether the number is a win for the view's maximiser.
    pub fn is_win(self) -> bool {
        self.0.is_win()
    }

    /// Whether the number is a loss for the view's maximiser.
    pub fn is_loss(self) -> bool {
        self.0.is_loss()
    }

    /// Whether this is [`Score::infinity`] or its negation: an alpha-beta window's open end.
    pub fn is_infinite(self, geometry: Geometry) -> bool {
        self.0.is_infinite(geometry)
    }

    /// The number as an alpha-beta window's end is written: "+inf", "-inf" or its value.
    pub fn bound(self, geometry: Geometry) -> String {
        if self.is_infinite(geometry) {
            if self.is_win() { "+inf" } else { "-inf" }.to_string()
        } else {
            self.value().to_string()
        }
    }

    /// A number for a test to compare with: what a view is expected to draw.
    #[cfg(test)]
    pub(crate) const fn expected(value: i32) -> Shown {
        Shown(Score::new(value))
    }
}

/// The rule applied to one position on show: who maximises there, and the number shown for any
/// move at or below it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seen {
    view: ScoreView,
    /// The side to move where depth counts from (the position on show, unless [`Seen::below`]).
    root_mover: Mark,
    geometry: Geometry,
    /// How many plies the position on show lies below where depth counts from.
    plies_below: i32,
}

impl Seen {
    /// The rule for `view` with depth counted from `on_show`.
    pub fn new(view: ScoreView, on_show: &Board) -> Seen {
        Seen::below(view, on_show, 0)
    }

    /// The rule for `view` on a position `plies` moves below `origin`, with depth (and, for the
    /// player to move, the maximiser) kept from `origin`: a replay's board or an explorer node's
    /// preview gives a line the number its start gives it, so a line never carries two numbers.
    pub fn below(view: ScoreView, origin: &Board, plies: i32) -> Seen {
        Seen {
            view,
            root_mover: origin.to_move(),
            geometry: origin.geometry(),
            plies_below: plies,
        }
    }

    /// How many plies the position on show lies below where depth counts from (0 for
    /// [`Seen::new`]).
    pub fn plies_below(&self) -> i32 {
        self.plies_below
    }

    /// The side to move in the position on show.
    pub fn mover(&self) -> Mark {
        if self.plies_below % 2 == 0 {
            self.root_mover
        } else {
            self.root_mover.opponent()
        }
    }

    pub fn view(&self) -> ScoreView {
        self.view
    }

    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// The side to move where depth counts from: the position on show, unless [`Seen::below`].
    pub fn root_mover(&self) -> Mark {
        self.root_mover
    }

    /// The side whose numbers are shown.
    pub fn maximiser(&self) -> Mark {
        match self.view {
            ScoreView::SideToMove => self.root_mover,
            ScoreView::Articles => Mark::X,
        }
    }

    /// Whether the numbers are the negation of the root mover's (the articles' view on O's turn).
    pub fn flips(&self) -> bool {
        self.maximiser() != self.root_mover
    }

    /// The role of the side to move at any position of the search.
    pub fn role(&self, to_move: Mark) -> Role {
        if to_move == self.maximiser() {
            Role::Maximiser
        } else {
            Role::Minimiser
        }
    }

    /// The number shown for a move whose own score is `score` (for `mover`, who plays it, with
    /// depth counted from the position it is played on: what `analyze` prints there), when it is
    /// played `plies` moves below the position on show (0: a move on the position on show).
    pub fn number(&self, score: Score, mover: Mark, plies: i32) -> Shown {
        Shown(
            score
                .seen_by(mover, self.maximiser())
                .shifted(plies + self.plies_below),
        )
    }

    /// The number shown for a value already counted from the position on show and seen by its
    /// side to move: what the textbook searches return when started there (a trace's values).
    pub fn root_number(&self, value: Score) -> Shown {
        self.number(value, self.root_mover, 0)
    }

    /// Bounds on a move's score for `mover` (played on the position on show), as bounds on its
    /// shown number: each end through [`Seen::number`], swapped when the view flips the sign.
    pub fn bounds(&self, lower: Score, upper: Score, mover: Mark) -> (Shown, Shown) {
        let (lower, upper) = (self.number(lower, mover, 0), self.number(upper, mover, 0));
        if lower > upper {
            (upper, lower)
        } else {
            (lower, upper)
        }
    }

    /// An estimate of a move on the position on show, in evaluation points for the side to move
    /// there (not a score), as the maximiser sees it.
    pub fn points(&self, points: i32) -> i32 {
        if self.maximiser() != self.mover() {
            -points
        } else {
            points
        }
    }

    /// An alpha-beta window of a search started on the position on show (its root mover
    /// maximising), as the shown numbers bound it.
    pub fn window(&self, alpha: Score, beta: Score) -> (Shown, Shown) {
        if self.flips() {
            (Shown(-beta), Shown(-alpha))
        } else {
            (Shown(alpha), Shown(beta))
        }
    }

    /// Whether a search call whose side to move is the root mover's maximiser (`root_is_max`)
    /// maximises the shown numbers.
    pub fn is_max(&self, root_is_max: bool) -> bool {
        root_is_max != self.flips()
    }

    /// The best of `numbers` for `to_move`: the highest for the maximiser, the lowest for the
    /// minimiser.
    pub fn best_of(
        &self,
        to_move: Mark,
        numbers: impl IntoIterator<Item = Shown>,
    ) -> Option<Shown> {
        let numbers = numbers.into_iter();
        match self.role(to_move) {
            Role::Maximiser => numbers.max(),
            Role::Minimiser => numbers.min(),
        }
    }

    /// Who wins, and at which depth counted from the position on show; `None` for a draw.
    pub fn result(&self, number: Shown) -> Option<(Mark, i32)> {
        let depth = number.0.depth(self.geometry)?;
        let maximiser = self.maximiser();
        Some(if number.0.is_win() {
            (maximiser, depth)
        } else {
            (maximiser.opponent(), depth)
        })
    }

    /// Who wins, and with which of their own moves counted from the position on show (1: their
    /// first move from there); `None` for a draw.
    pub fn winners_move(&self, number: Shown) -> Option<(Mark, u32)> {
        let (winner, depth) = self.result(number)?;
        // The result comes with ply depth + 1 from the position on show; its side to move plays
        // the odd plies.
        let plies = depth as u32 + 1;
        let moves = if winner == self.root_mover {
            plies.div_ceil(2)
        } else {
            plies / 2
        };
        Some((winner, moves))
    }
}

/// The rule for a textbook search of the whole tree below the position on show whose first call
/// is on that position itself (as [`trace_game`](crate::trace::trace_game) searches a
/// board for an alpha-beta exercise). That search counts depth from its first call, so a move
/// that ends the game at once is at depth 1 there; the articles, `analyze` and every view count
/// depth after the move, from 0. Shown through this rule, every value of such a search is one
/// ply nearer: each move on the position on show gets the number [`Seen::number`] gives it (what
/// `analyze` prints, in the view), a reply the number it has one ply down, and so on.
///
/// Alpha-beta's cut-offs do not change: counting every result one ply nearer keeps their order
/// (wins stay above draws, draws above losses), and the window's infinity stays infinity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeenWholeTree(Seen);

impl Seen {
    /// This rule for a search whose first call is on the position on show: see
    /// [`SeenWholeTree`].
    pub fn whole_tree(self) -> SeenWholeTree {
        SeenWholeTree(self)
    }
}

impl SeenWholeTree {
    /// The rule it applies after counting depth as the articles do.
    pub fn seen(&self) -> &Seen {
        &self.0
    }

    /// A value of the search, its depth counted from the first call, counted after the first
    /// move instead; the window's infinity is left as it is.
    fn after_the_move(&self, value: Score) -> Score {
        if value.is_infinite(self.0.geometry) {
            value
        } else {
            value.shifted(-1)
        }
    }
}

impl ShowsSearch<Board> for SeenWholeTree {
    fn root_number(&self, value: Score) -> Shown {
        self.0.root_number(self.after_the_move(value))
    }

    fn window(&self, alpha: Score, beta: Score) -> (Shown, Shown) {
        self.0
            .window(self.after_the_move(alpha), self.after_the_move(beta))
    }

    fn role_at(&self, board: &Board) -> Option<Role> {
        self.0.role_at(board)
    }
}

/// How the numbers and roles of a search of the game `G` are shown, for the pictures of a search
/// under way ([`search_picture`](crate::search_picture)): a board's through [`Seen`], a
/// typed tree's through [`SeenTree`].
pub trait ShowsSearch<G: Rules> {
    /// A value the search found (for the side to move where it started), as shown.
    fn root_number(&self, value: Score) -> Shown;
    /// An alpha-beta window of the search, as the shown numbers bound it.
    fn window(&self, alpha: Score, beta: Score) -> (Shown, Shown);
    /// Who moves at `position` as shown; `None` where play is over.
    fn role_at(&self, position: &G) -> Option<Role>;
}

impl ShowsSearch<Board> for Seen {
    fn root_number(&self, value: Score) -> Shown {
        Seen::root_number(self, value)
    }

    fn window(&self, alpha: Score, beta: Score) -> (Shown, Shown) {
        Seen::window(self, alpha, beta)
    }

    fn role_at(&self, board: &Board) -> Option<Role> {
        (!board.outcome().is_over()).then(|| self.role(board.to_move()))
    }
}

/// A typed tree's search value, which is for the side to move where the search started (`side`),
/// as MAX's number: the one sign rule of a tree's numbers.
pub fn for_max(side: Side, score: Score) -> i32 {
    match side {
        Side::Max => score.value(),
        Side::Min => -score.value(),
    }
}

/// The rule for a typed tree: every number is MAX's, as its leaves are typed, and MAX is the
/// maximiser wherever MAX moves. A tree has no other view (its leaves carry no depth and no
/// player but MAX).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeenTree {
    /// The side to move at the root: the search's own maximiser.
    root_side: Side,
}

impl SeenTree {
    pub fn new(tree: &GameTree) -> SeenTree {
        SeenTree {
            root_side: tree.root_side(),
        }
    }

    /// Who moves at a node of the side `side`, as shown.
    pub fn role(&self, side: Side) -> Role {
        match side {
            Side::Max => Role::Maximiser,
            Side::Min => Role::Minimiser,
        }
    }
}

impl<'a> ShowsSearch<TreePosition<'a>> for SeenTree {
    fn root_number(&self, value: Score) -> Shown {
        Shown(Score::new(for_max(self.root_side, value)))
    }

    fn window(&self, alpha: Score, beta: Score) -> (Shown, Shown) {
        match self.root_side {
            Side::Max => (Shown(alpha), Shown(beta)),
            Side::Min => (Shown(-beta), Shown(-alpha)),
        }
    }

    fn role_at(&self, node: &TreePosition<'a>) -> Option<Role> {
        (!node.is_leaf()).then(|| self.role(node.side()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::minimax::plain;

    fn board(text: &str) -> Board {
        text.parse().unwrap()
    }

    /// Minimax from scratch with X maximising, depth counted as the seeds count it: the value of
    /// `board` reached at `depth`.
    fn x_minimax(board: &Board, depth: i32) -> i32 {
        let win = board.geometry().win_score();
        match board.outcome() {
            crate::engine::board::Outcome::Won { mark: Mark::X, .. } => return win - depth,
            crate::engine::board::Outcome::Won { .. } => return depth - win,
            crate::engine::board::Outcome::Draw => return 0,
            crate::engine::board::Outcome::Ongoing => {}
        }
        let values = board
            .legal_moves()
            .map(|cell| x_minimax(&board.after(cell).unwrap(), depth + 1));
        if board.to_move() == Mark::X {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }

    #[test]
    fn every_number_two_plies_down_is_the_value_of_the_one_search_from_the_position_on_show() {
        for text in ["X../.O./..X", "XOX/.O./X..", "X../.../...", "XO./.X./..O"] {
            let root = board(text);
            for view in ScoreView::ALL {
                let seen = Seen::new(view, &root);
                let sign = if seen.maximiser() == Mark::X { 1 } else { -1 };
                for first in plain(&root).moves {
                    let child = root.after(first.cell).unwrap();
                    let shown = seen.number(first.score, root.to_move(), 0).value();
                    assert_eq!(shown, sign * x_minimax(&child, 0), "{text} {view:?}");
                    if child.outcome().is_over() {
                        continue;
                    }
                    for second in plain(&child).moves {
                        let grandchild = child.after(second.cell).unwrap();
                        let shown = seen.number(second.score, child.to_move(), 1).value();
                        assert_eq!(shown, sign * x_minimax(&grandchild, 1), "{text} {view:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_position_below_its_origin_shows_the_numbers_of_the_search_from_the_origin() {
        let origin = board("X../.../...");
        for view in ScoreView::ALL {
            let from_origin = Seen::new(view, &origin);
            for first in plain(&origin).moves {
                let child = origin.after(first.cell).unwrap();
                let below = Seen::below(view, &origin, 1);
                assert_eq!(below.mover(), child.to_move());
                for second in plain(&child).moves {
                    // The number the origin's search gives the second move, two ways.
                    let at_origin = from_origin.number(second.score, child.to_move(), 1);
                    let on_child = below.number(second.score, below.mover(), 0);
                    assert_eq!(at_origin, on_child, "{view:?}");
                }
            }
        }
    }

    #[test]
    fn the_articles_view_on_os_turn_has_x_maximise_and_o_pick_the_lowest() {
        let root = board("X../.O./..X");
        let seen = Seen::new(ScoreView::Articles, &root);
        assert!(seen.flips());
        assert_eq!(seen.role(Mark::O), Role::Minimiser);
        assert_eq!(seen.role(Mark::X), Role::Maximiser);
        let numbers: Vec<Shown> = plain(&root)
            .moves
            .iter()
            .map(|m| seen.number(m.score, Mark::O, 0))
            .collect();
        assert_eq!(
            seen.best_of(Mark::O, numbers.iter().copied()),
            Some(Shown::expected(0))
        );
        assert!(numbers.iter().any(|n| n.value() == 7), "{numbers:?}");
        // A window of the search started there, (α, β) for O, is (-β, -α) for X.
        let (alpha, beta) = seen.window(Score::new(-11), Score::new(3));
        assert_eq!((alpha.value(), beta.value()), (-3, 11));
        assert!(!seen.is_max(true));
        let mover = Seen::new(ScoreView::SideToMove, &root);
        assert!(!mover.flips() && mover.is_max(true));
    }

    #[test]
    fn a_result_is_counted_in_the_winners_own_moves_from_the_position_on_show() {
        let root = board("X../.O./..X"); // O to move
        let seen = Seen::new(ScoreView::Articles, &root);
        // X wins at depth 1: with its first move from here.
        assert_eq!(seen.result(Shown::expected(9)), Some((Mark::X, 1)));
        assert_eq!(seen.winners_move(Shown::expected(9)), Some((Mark::X, 1)));
        // O wins at depth 0 (with the move itself) and at depth 2 (its second move).
        assert_eq!(seen.winners_move(Shown::expected(-10)), Some((Mark::O, 1)));
        assert_eq!(seen.winners_move(Shown::expected(-8)), Some((Mark::O, 2)));
        assert_eq!(seen.winners_move(Shown::expected(7)), Some((Mark::X, 2)));
        assert_eq!(seen.winners_move(Shown::expected(0)), None);
    }
}

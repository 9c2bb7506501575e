//! Feedback that names the slip: a wrong answer compared with what the classic mistakes give,
//! each worked out by running the mistaken search itself (minimax where MIN maximises too, with
//! depth counted a ply off, in the other view; alpha-beta with `α > β` as its cut-off test,
//! children right to left, α and β not passed down, or α raised at MIN nodes; the computer's
//! horizon a ply off or gone), and the slip named when the answer is what it gives; a pruned
//! subtree named by the nodes inside it is recognised from the search's own record of what it
//! never entered. A slip that gives the right answer is not a slip, and is never named. For
//! answers that are sets (pruned branches, the horizon's moves) the feedback also says what was
//! missed and what was extra.
//!
//! Each search here is checked against the item's key before it is trusted: if the slip-free
//! run does not give the key's answer, nothing is named (a slip is measured from the key's own
//! rule, whatever that rule is). Nothing here knows of items or egui: engine data and typed text
//! in, slipped answers and words out; `Item::grade` adds the words to its feedback.

use crate::engine::ai::Difficulty;
use crate::engine::board::{Board, Cell, Mark};
use crate::engine::game_tree::Side;
use crate::engine::minimax::Analysis;
use crate::engine::rules::Rules;
use crate::engine::score::Score;
use crate::view::{Role, ScoreView, Seen};

use super::answer::{
    parse_cell, parse_cells, parse_labels, parse_number, parse_numbers, parse_window,
};
use super::cell_names::cell_name;
use super::prune::{Ask, PruneKey, TreeFillKey};

/// A classic mistake, which the feedback names when an answer is what it gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slip {
    /// The minimiser takes the highest value too: every level maximises.
    MinMaximises,
    /// Depth counted this many plies off the key's rule: 1, one ply too deep (as when it is
    /// counted from the position instead of after the move); -1, one ply short.
    Depth(i32),
    /// The numbers seen by `maximiser`: the other view's.
    OtherView { maximiser: Mark },
    /// The cut-off test `α > β` instead of `α ≥ β`: no cut when α = β.
    StrictCutoff,
    /// The children searched right to left.
    RightToLeft,
    /// α and β not passed down: each child searched with a fresh (−∞, ∞) window.
    WindowNotPassedDown,
    /// A node inside a pruned subtree (a leaf of it) named instead of the subtree's top.
    LeafForSubtree,
    /// The computer's horizon taken as `plies` instead of the `asked` ones.
    Horizon { plies: i32, asked: i32 },
    /// The computer taken to see to the end of the game.
    SeesToTheEnd,
}

impl Slip {
    /// The mistake in words, to follow "That is what you get if".
    pub fn clause(self) -> String {
        match self {
            Slip::MinMaximises => "MIN also maximises (every level takes the highest value)".into(),
            Slip::Depth(1) => {
                "depth is counted one ply too deep (from the position, not after the move)".into()
            }
            Slip::Depth(-1) => "depth is counted one ply short".into(),
            Slip::Depth(plies) => format!("depth is counted {plies} plies off"),
            Slip::OtherView { maximiser } => {
                format!("the numbers are {maximiser}'s ({maximiser} maximising), the other view's")
            }
            Slip::StrictCutoff => "the cut-off test is α > β instead of α ≥ β".into(),
            Slip::RightToLeft => "the children are searched right to left".into(),
            Slip::WindowNotPassedDown => {
                "α and β are not passed down (each child starts from (−∞, ∞))".into()
            }
            Slip::LeafForSubtree => {
                "a pruned subtree is named by nodes inside it instead of its top".into()
            }
            Slip::Horizon { plies, asked } => {
                let why = match plies - asked {
                    1 => " (its own move not counted)",
                    _ => "",
                };
                let unit = if plies == 1 { "ply" } else { "plies" };
                format!("the computer looks {plies} {unit} ahead instead of {asked}{why}")
            }
            Slip::SeesToTheEnd => "the computer sees to the end of the game (no horizon)".into(),
        }
    }
}

/// The line that names `slips`: "That is what you get if MIN also maximises …"; none for none.
pub fn naming(slips: &[Slip]) -> Option<String> {
    let clauses: Vec<String> = slips.iter().map(|slip| slip.clause()).collect();
    (!clauses.is_empty()).then(|| format!("That is what you get if {}.", clauses.join(", or if ")))
}

/// The slips among `answers` that give `typed` and not `right`.
fn matching<A: PartialEq>(answers: &[(Slip, A)], right: &A, typed: &A) -> Vec<Slip> {
    answers
        .iter()
        .filter(|(_, answer)| answer == typed && answer != right)
        .map(|&(slip, _)| slip)
        .collect()
}

// Minimax, slipped.

/// How a minimax search slips: MIN maximising too, depth counted some plies off.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MinimaxSlip {
    pub min_maximises: bool,
    /// Added to the depth every finished position is scored at.
    pub depth: i32,
}

/// The value of `position` for `side` by minimax, `position` lying `depth` plies below where
/// depth counts from (the seeds' `minimax(board, depth, isMax)`, `side` maximising), with `slip`.
pub fn minimax<G: Rules>(position: &G, side: G::Side, depth: i32, slip: MinimaxSlip) -> Score {
    if let Some(score) = position.evaluate(side, depth + slip.depth) {
        return score;
    }
    let values = position
        .moves()
        .map(|mv| minimax(&position.after(mv), side, depth + 1, slip));
    let best = match slip.min_maximises || position.to_move() == side {
        true => values.max(),
        false => values.min(),
    };
    best.expect("a position where play goes on has a move")
}

/// The number shown in `view` for the node `path` leads to from `board` (depth counted from
/// `board`, the node's last move played at `path.len() - 1` plies below it), by minimax with
/// `slip`.
pub fn board_number(board: &Board, view: ScoreView, path: &[Cell], slip: MinimaxSlip) -> i32 {
    let seen = Seen::new(view, board);
    let position = path.iter().fold(*board, |b, &cell| Rules::after(&b, cell));
    let side = seen.maximiser();
    let score = minimax(&position, side, path.len() as i32 - 1, slip);
    seen.number(score, side, 0).value()
}

/// The slips of a board's numbers, each with the view and search that make it.
fn board_slips(board: &Board, view: ScoreView) -> Vec<(Slip, ScoreView, MinimaxSlip)> {
    let other = match view {
        ScoreView::SideToMove => ScoreView::Articles,
        ScoreView::Articles => ScoreView::SideToMove,
    };
    let slipped = |min_maximises, depth| MinimaxSlip {
        min_maximises,
        depth,
    };
    vec![
        (Slip::MinMaximises, view, slipped(true, 0)),
        (Slip::Depth(1), view, slipped(false, 1)),
        (Slip::Depth(-1), view, slipped(false, -1)),
        (
            Slip::OtherView {
                maximiser: Seen::new(other, board).maximiser(),
            },
            other,
            MinimaxSlip::default(),
        ),
    ]
}

/// The numbers of the nodes `paths` lead to, slip-free first, then as each slip gives them.
pub fn tree_answers(
    board: &Board,
    view: ScoreView,
    paths: &[Vec<Cell>],
) -> (Vec<i32>, Vec<(Slip, Vec<i32>)>) {
    let numbers = |view, slip| -> Vec<i32> {
        paths
            .iter()
            .map(|path| board_number(board, view, path, slip))
            .collect()
    };
    let right = numbers(view, MinimaxSlip::default());
    let slipped = board_slips(board, view)
        .into_iter()
        .map(|(slip, view, search)| (slip, numbers(view, search)))
        .collect();
    (right, slipped)
}

/// Feedback on a move's value typed as `typed`, when `right` is the key's: the slips that give
/// it.
pub fn value_feedback(
    board: &Board,
    cell: Cell,
    view: ScoreView,
    right: i32,
    typed: &str,
) -> Vec<String> {
    let Ok(typed) = parse_number(typed) else {
        return Vec::new();
    };
    let (computed, slipped) = tree_answers(board, view, &[vec![cell]]);
    if computed != [right] {
        return Vec::new();
    }
    naming(&matching(&slipped, &vec![right], &vec![typed]))
        .into_iter()
        .collect()
}

/// Feedback on a tree's values typed as `typed`, the nodes `paths` lead to, when `right` are the
/// key's: the slips that give them all.
pub fn tree_feedback(
    board: &Board,
    view: ScoreView,
    paths: &[Vec<Cell>],
    right: &[i32],
    typed: &str,
) -> Vec<String> {
    let Ok(typed) = parse_numbers(typed) else {
        return Vec::new();
    };
    let (computed, slipped) = tree_answers(board, view, paths);
    if computed != right {
        return Vec::new();
    }
    naming(&matching(&slipped, &computed, &typed))
        .into_iter()
        .collect()
}

/// An abstract tree's inner values in `key.order`, slip-free first, then as each slip gives
/// them (MIN maximising; a tree's leaves carry no depth and no other view).
pub fn tree_fill_answers(key: &TreeFillKey) -> (Vec<i32>, Vec<(Slip, Vec<i32>)>) {
    let values = |slip| -> Vec<i32> {
        key.order
            .iter()
            .map(|&id| {
                let node = key.tree.node(id).expect("a node of the tree");
                minimax(&node, Side::Max, 0, slip).value()
            })
            .collect()
    };
    let right = values(MinimaxSlip::default());
    let all_max = MinimaxSlip {
        min_maximises: true,
        depth: 0,
    };
    (right, vec![(Slip::MinMaximises, values(all_max))])
}

/// Feedback on an abstract tree's values typed as `typed`.
pub fn tree_fill_feedback(key: &TreeFillKey, typed: &str) -> Vec<String> {
    let Ok(typed) = parse_numbers(typed) else {
        return Vec::new();
    };
    let (right, slipped) = tree_fill_answers(key);
    let keyed: Vec<i32> = key.order.iter().map(|&id| key.values[id]).collect();
    if right != keyed {
        return Vec::new();
    }
    naming(&matching(&slipped, &right, &typed))
        .into_iter()
        .collect()
}

// Alpha-beta, slipped.

/// How an alpha-beta search slips.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AlphaBetaSlip {
    /// Cuts only when α > β.
    pub strict_cutoff: bool,
    /// Tries the children right to left.
    pub right_to_left: bool,
    /// Searches each child with (−∞, ∞), not the window it has.
    pub fresh_window: bool,
    /// Maximises at MIN nodes too, raising α there instead of lowering β.
    pub min_maximises: bool,
}

/// What an alpha-beta run over a key's tree did, node by node (ids in the key's preorder).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AlphaBetaRun {
    pub searched: Vec<bool>,
    /// The tops of the subtrees never searched, in preorder.
    pub pruned: Vec<usize>,
    /// The window (α, β) when the search leaves each node, as shown; `None`: never searched.
    pub windows: Vec<Option<(i32, i32)>>,
    /// The root's value, as shown.
    pub value: i32,
}

/// Textbook alpha-beta (update α or β, then test, as the key's trace does) over the tree of
/// `key`, its leaves and roles as the key shows them (so the numbers are the key's, whatever
/// its depth rule), with `slip`.
pub fn alpha_beta(key: &PruneKey, slip: AlphaBetaSlip) -> AlphaBetaRun {
    let count = key.nodes.len();
    let mut run = AlphaBetaRun {
        searched: vec![false; count],
        pruned: Vec::new(),
        windows: vec![None; count],
        value: 0,
    };
    let infinity = key.infinity;
    run.value = search(key, 0, (-infinity, infinity), slip, &mut run);
    run.pruned.sort_unstable();
    run
}

fn search(
    key: &PruneKey,
    id: usize,
    (mut alpha, mut beta): (i32, i32),
    slip: AlphaBetaSlip,
    run: &mut AlphaBetaRun,
) -> i32 {
    run.searched[id] = true;
    let node = &key.nodes[id];
    if let Some(leaf) = node.leaf {
        run.windows[id] = Some((alpha, beta));
        return leaf.value();
    }
    let infinity = key.infinity;
    let maximises = slip.min_maximises || node.role == Some(Role::Maximiser);
    let mut children = node.children.clone();
    if slip.right_to_left {
        children.reverse();
    }
    let mut best = if maximises { -infinity } else { infinity };
    for (tried, &child) in children.iter().enumerate() {
        let window = match slip.fresh_window {
            true => (-infinity, infinity),
            false => (alpha, beta),
        };
        let value = search(key, child, window, slip, run);
        if maximises {
            best = best.max(value);
            alpha = alpha.max(best);
        } else {
            best = best.min(value);
            beta = beta.min(best);
        }
        let cut = match slip.strict_cutoff {
            true => alpha > beta,
            false => alpha >= beta,
        };
        if cut {
            run.pruned.extend(&children[tried + 1..]);
            break;
        }
    }
    run.windows[id] = Some((alpha, beta));
    best
}

/// The slips of alpha-beta, each with its search.
fn alpha_beta_slips() -> [(Slip, AlphaBetaSlip); 3] {
    let slipped = AlphaBetaSlip::default();
    [
        (
            Slip::StrictCutoff,
            AlphaBetaSlip {
                strict_cutoff: true,
                ..slipped
            },
        ),
        (
            Slip::RightToLeft,
            AlphaBetaSlip {
                right_to_left: true,
                ..slipped
            },
        ),
        (
            Slip::WindowNotPassedDown,
            AlphaBetaSlip {
                fresh_window: true,
                ..slipped
            },
        ),
    ]
}

/// An answer to an alpha-beta item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PruneAnswer {
    /// The pruned branches, by node id in preorder.
    Pruned(Vec<usize>),
    /// α and β when the search leaves the node asked about.
    Window(i32, i32),
}

/// What `run` answers to `key`'s question; `None` when it never searched the node asked about.
fn prune_answer(key: &PruneKey, run: &AlphaBetaRun) -> Option<PruneAnswer> {
    match key.ask {
        Ask::Pruned => Some(PruneAnswer::Pruned(run.pruned.clone())),
        Ask::Window(node) => run.windows[node].map(|(a, b)| PruneAnswer::Window(a, b)),
    }
}

/// The key's answer read off the key itself.
fn keyed_answer(key: &PruneKey) -> Option<PruneAnswer> {
    match key.ask {
        Ask::Pruned => Some(PruneAnswer::Pruned(key.pruned.clone())),
        Ask::Window(node) => key
            .final_window(node)
            .map(|(a, b)| PruneAnswer::Window(a.value(), b.value())),
    }
}

/// The answer to `key`'s question, slip-free first (`None` if this search does not give the
/// key's answer), then as each slip gives it; for the pruned branches, also the leaves inside
/// the pruned subtrees named instead of their tops.
pub fn prune_answers(key: &PruneKey) -> (Option<PruneAnswer>, Vec<(Slip, PruneAnswer)>) {
    let run = alpha_beta(key, AlphaBetaSlip::default());
    let right = prune_answer(key, &run).filter(|answer| Some(answer) == keyed_answer(key).as_ref());
    let mut slipped: Vec<(Slip, PruneAnswer)> = alpha_beta_slips()
        .into_iter()
        .filter_map(|(slip, search)| Some((slip, prune_answer(key, &alpha_beta(key, search))?)))
        .collect();
    if let Ask::Window(node) = key.ask {
        // Maximising everywhere never cuts (β stays ∞), which "none" already names for the
        // pruned branches; a window tells it apart.
        let all_max = AlphaBetaSlip {
            min_maximises: true,
            ..AlphaBetaSlip::default()
        };
        if let Some((a, b)) = alpha_beta(key, all_max).windows[node] {
            slipped.push((Slip::MinMaximises, PruneAnswer::Window(a, b)));
        }
    }
    if key.ask == Ask::Pruned {
        let leaves: Vec<usize> = (0..key.nodes.len())
            .filter(|&n| !run.searched[n] && key.nodes[n].leaf.is_some())
            .collect();
        slipped.push((Slip::LeafForSubtree, PruneAnswer::Pruned(leaves)));
    }
    (right, slipped)
}

/// The node at the top of the unsearched subtree `node` lies in.
fn top_of(key: &PruneKey, run: &AlphaBetaRun, mut node: usize) -> usize {
    while let Some(parent) = key.nodes[node].parent
        && !run.searched[parent]
    {
        node = parent;
    }
    node
}

/// "E is", "E, F are".
/// Those of `items` not in `among`, in order.
fn left_out<T: Copy + PartialEq>(items: &[T], among: &[T]) -> Vec<T> {
    items
        .iter()
        .copied()
        .filter(|x| !among.contains(x))
        .collect()
}

fn are(key: &PruneKey, nodes: &[usize], one: &str, many: &str) -> String {
    let verb = if nodes.len() == 1 { one } else { many };
    format!("{} {verb}", key.labels(nodes))
}

/// Feedback on an alpha-beta item typed as `typed`: what was missed and what was extra (the
/// pruned branches), which bound is right (a window), and the slips that give the answer.
pub fn prune_feedback(key: &PruneKey, typed: &str) -> Vec<String> {
    let typed = match key.ask {
        Ask::Pruned => parse_labels(typed, key).map(PruneAnswer::Pruned),
        Ask::Window(_) => parse_window(typed, key.infinity).map(|(a, b)| PruneAnswer::Window(a, b)),
    };
    let Ok(typed) = typed else {
        return Vec::new();
    };
    let (Some(right), slipped) = prune_answers(key) else {
        return Vec::new();
    };
    let mut lines = Vec::new();
    let mut slips = matching(&slipped, &right, &typed);
    match (&typed, &right) {
        (PruneAnswer::Pruned(named), PruneAnswer::Pruned(pruned)) => {
            let run = alpha_beta(key, AlphaBetaSlip::default());
            let searched: Vec<usize> = named.iter().copied().filter(|&n| run.searched[n]).collect();
            let inside: Vec<usize> = named
                .iter()
                .copied()
                .filter(|&n| !run.searched[n] && !pruned.contains(&n))
                .collect();
            let missed = left_out(pruned, named);
            let mut parts = Vec::new();
            if !searched.is_empty() {
                parts.push(format!(
                    "{} (extra)",
                    are(key, &searched, "is searched", "are searched")
                ));
            }
            if !inside.is_empty() {
                let mut tops: Vec<usize> = inside.iter().map(|&n| top_of(key, &run, n)).collect();
                tops.dedup();
                parts.push(format!(
                    "{} inside {}, pruned whole: name the top (extra)",
                    are(key, &inside, "lies", "lie"),
                    key.labels(&tops)
                ));
                // Every named node inside a pruned subtree or its top, and every top covered:
                // the subtrees were found, only named by their insides.
                let mut covered: Vec<usize> = named.iter().map(|&n| top_of(key, &run, n)).collect();
                covered.sort_unstable();
                covered.dedup();
                if searched.is_empty()
                    && &covered == pruned
                    && !slips.contains(&Slip::LeafForSubtree)
                {
                    slips.push(Slip::LeafForSubtree);
                }
            }
            if !missed.is_empty() {
                let too = if named.is_empty() { "" } else { " too" };
                parts.push(format!(
                    "{} (missed)",
                    are(
                        key,
                        &missed,
                        &format!("is pruned{too}"),
                        &format!("are pruned{too}")
                    )
                ));
            }
            if !parts.is_empty() {
                lines.push(format!("{}.", parts.join("; ")));
            }
        }
        (PruneAnswer::Window(alpha, beta), PruneAnswer::Window(right_alpha, right_beta)) => {
            match (alpha == right_alpha, beta == right_beta) {
                (true, false) => lines.push("Your α is right; β is not.".into()),
                (false, true) => lines.push("Your β is right; α is not.".into()),
                _ => {}
            }
        }
        _ => {}
    }
    lines.extend(naming(&slips));
    lines
}

// The horizon and the move.

/// The moves a computer looking `horizon` plies ahead (`None`: to the end) rates best, in
/// reading order: the best of the exact scores as that horizon sees them
/// ([`Score::within_horizon`], the rule the computer plays by).
pub fn rated_best(analysis: &Analysis, horizon: Option<i32>) -> Vec<Cell> {
    let geometry = analysis.board.geometry();
    let seen: Vec<(Cell, Score)> = analysis
        .moves
        .iter()
        .map(|m| (m.cell, m.score.within_horizon(horizon, geometry)))
        .collect();
    let Some(best) = seen.iter().map(|&(_, score)| score).max() else {
        return Vec::new();
    };
    seen.into_iter()
        .filter(|&(_, score)| score == best)
        .map(|(cell, _)| cell)
        .collect()
}

/// The moves `difficulty` rates best, slip-free first, then as each slip of its horizon gives
/// them: a ply more, a ply fewer (never none), no horizon at all.
pub fn horizon_answers(
    analysis: &Analysis,
    difficulty: Difficulty,
) -> (Vec<Cell>, Vec<(Slip, Vec<Cell>)>) {
    let right = rated_best(analysis, difficulty.horizon());
    let mut slipped = Vec::new();
    if let Some(asked) = difficulty.horizon() {
        for plies in [asked + 1, asked - 1] {
            if plies >= 1 {
                let slip = Slip::Horizon { plies, asked };
                slipped.push((slip, rated_best(analysis, Some(plies))));
            }
        }
        slipped.push((Slip::SeesToTheEnd, rated_best(analysis, None)));
    }
    (right, slipped)
}

/// "r1c1, r3c3 is"/"are".
fn cells_are(cells: &[Cell], one: &str, many: &str) -> String {
    let names: Vec<String> = cells.iter().map(|&c| cell_name(c)).collect();
    let verb = if cells.len() == 1 { one } else { many };
    format!("{} {verb}", names.join(", "))
}

/// Feedback on the horizon's moves typed as `typed`, when the key says `plays`: the moves
/// missed and those extra, and the slips that give them.
pub fn horizon_feedback(
    analysis: &Analysis,
    difficulty: Difficulty,
    plays: &[Cell],
    typed: &str,
) -> Vec<String> {
    let Ok(mut named) = parse_cells(typed, analysis.board.geometry()) else {
        return Vec::new();
    };
    let (right, slipped) = horizon_answers(analysis, difficulty);
    if right != plays {
        return Vec::new();
    }
    crate::short_sort::sort_short_by_key(&mut named, |c| (c.row, c.col));
    named.dedup();
    let missed = left_out(&right, &named);
    let extra = left_out(&named, &right);
    let mut parts = Vec::new();
    if !missed.is_empty() {
        parts.push(format!(
            "{} (missed)",
            cells_are(&missed, "is rated best too", "are rated best too")
        ));
    }
    if !extra.is_empty() {
        parts.push(format!(
            "{} (extra)",
            cells_are(&extra, "is rated lower", "are rated lower")
        ));
    }
    let mut lines = Vec::new();
    if !parts.is_empty() {
        lines.push(format!("{}.", parts.join("; ")));
    }
    lines.extend(naming(&matching(&slipped, &right, &named)));
    lines
}

/// The moves a slip of minimax picks on `board` as best for its side to move, the numbers seen
/// in `view`: MIN maximising too (every level taking the view's highest number: where the side
/// to move maximises, its opponent taken to help; where it minimises, it takes the highest).
pub fn move_answers(board: &Board, view: ScoreView) -> Vec<(Slip, Vec<Cell>)> {
    let slip = MinimaxSlip {
        min_maximises: true,
        depth: 0,
    };
    let numbered: Vec<(Cell, i32)> = board
        .legal_moves()
        .map(|cell| (cell, board_number(board, view, &[cell], slip)))
        .collect();
    let best = numbered.iter().map(|&(_, number)| number).max();
    let picks = numbered
        .into_iter()
        .filter(|&(_, number)| Some(number) == best)
        .map(|(cell, _)| cell)
        .collect();
    vec![(Slip::MinMaximises, picks)]
}

/// Feedback on a move typed as `typed` when `good` are the moves that keep the best result: the
/// slips whose picks include it, include no good move, and leave out some other move (a slip
/// that picks every wrong move says nothing about this one).
pub fn move_feedback(board: &Board, view: ScoreView, good: &[Cell], typed: &str) -> Vec<String> {
    let Ok(cell) = parse_cell(typed, board.geometry()) else {
        return Vec::new();
    };
    if good.contains(&cell) {
        return Vec::new();
    }
    let wrong = board.legal_moves().filter(|c| !good.contains(c)).count();
    let slips: Vec<Slip> = move_answers(board, view)
        .into_iter()
        .filter(|(_, picks)| {
            picks.contains(&cell) && !picks.iter().any(|p| good.contains(p)) && picks.len() < wrong
        })
        .map(|(slip, _)| slip)
        .collect();
    naming(&slips).into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game_tree::GameTree;
    use crate::engine::minimax::plain;
    use crate::exercises::prune::tree_key;

    /// The textbooks' three-ply tree, lettered in preorder: A (MAX) over B, F, J (MIN); B over
    /// C 3, D 12, E 8; F over G 2, H 4, I 6; J over K 14, L 5, M 2.
    const TEXTBOOK: &str = "[[3,12,8],[2,4,6],[14,5,2]]";
    const F: usize = 5;
    const J: usize = 9;

    /// The textbook tree's key and alpha-beta's run on it with the slip `slipped` makes.
    fn on_the_textbook(slipped: impl FnOnce(&mut AlphaBetaSlip)) -> (PruneKey, AlphaBetaRun) {
        let key = tree_key(&tree(TEXTBOOK), None);
        let mut slip = AlphaBetaSlip::default();
        slipped(&mut slip);
        let run = alpha_beta(&key, slip);
        (key, run)
    }

    fn tree(text: &str) -> GameTree {
        text.parse().unwrap()
    }

    fn cell(row: usize, col: usize) -> Cell {
        Cell::new(row - 1, col - 1)
    }

    #[test]
    fn min_also_maximising_takes_the_highest_leaf_everywhere() {
        let textbook = tree(TEXTBOOK);
        let root = textbook.root();
        let right = minimax(&root, Side::Max, 0, MinimaxSlip::default());
        assert_eq!(right.value(), 3);
        // Every level maximising: B = max(3, 12, 8) = 12, F = 6, J = 14, A = max(12, 6, 14).
        let all_max = MinimaxSlip {
            min_maximises: true,
            depth: 0,
        };
        assert_eq!(minimax(&root, Side::Max, 0, all_max).value(), 14);
        let (right, slipped) = tree_fill_answers(&TreeFillKey::new(textbook.clone(), None));
        // Filled bottom-up: B, F, J, then A.
        assert_eq!(right, [3, 2, 2, 3]);
        assert_eq!(slipped, [(Slip::MinMaximises, vec![12, 6, 14, 14])]);
    }

    #[test]
    fn depth_a_ply_off_moves_every_result_one_step() {
        // X to move; r1c3 wins at once (10), r3c1 lets O win with its reply at depth 1 (-9).
        let board: Board = "XX./OO./...".parse().unwrap();
        let number = |path: &[Cell], depth| {
            let slip = MinimaxSlip {
                min_maximises: false,
                depth,
            };
            board_number(&board, ScoreView::Articles, path, slip)
        };
        assert_eq!(number(&[cell(1, 3)], 0), 10);
        // Counted from the position, the win with the move itself is at depth 1: 9.
        assert_eq!(number(&[cell(1, 3)], 1), 9);
        assert_eq!(number(&[cell(1, 3)], -1), 11);
        assert_eq!(number(&[cell(3, 1)], 0), -9);
        assert_eq!(number(&[cell(3, 1)], 1), -8);
        assert_eq!(number(&[cell(3, 1)], -1), -10);
        // O's reply r2c3 after r3c1, two plies down: O wins there, at depth 1.
        assert_eq!(number(&[cell(3, 1), cell(2, 3)], 0), -9);
        assert_eq!(number(&[cell(3, 1), cell(2, 3)], 1), -8);
    }

    #[test]
    fn on_a_board_min_also_maximising_lets_the_maximiser_win_fastest() {
        let board: Board = "XX./OO./...".parse().unwrap();
        let all_max = MinimaxSlip {
            min_maximises: true,
            depth: 0,
        };
        // After X r3c1, O helping: O leaves r1c3 (r3c2 or r3c3), X wins there at depth 2: 8.
        // Had O taken r1c3, X could not win at depth 2; O's r2c3 wins for O (-9).
        let number = board_number(&board, ScoreView::Articles, &[cell(3, 1)], all_max);
        assert_eq!(number, 8);
        let (right, slipped) = tree_answers(&board, ScoreView::SideToMove, &[vec![cell(3, 1)]]);
        assert_eq!(right, [-9]);
        assert!(slipped.contains(&(Slip::MinMaximises, vec![8])));
        assert!(slipped.contains(&(Slip::Depth(1), vec![-8])));
        // X to move: both views have X maximise, so the other view gives the right number.
        assert!(slipped.contains(&(Slip::OtherView { maximiser: Mark::X }, vec![-9])));
    }

    #[test]
    fn the_other_view_negates_every_number_when_o_moves() {
        // O to move; O's r2c3 wins at once: 10 in O's numbers, -10 in X's.
        let board: Board = "XX./OO./X..".parse().unwrap();
        let (right, slipped) = tree_answers(&board, ScoreView::SideToMove, &[vec![cell(2, 3)]]);
        assert_eq!(right, [10]);
        assert!(slipped.contains(&(Slip::OtherView { maximiser: Mark::X }, vec![-10])));
        let (right, slipped) = tree_answers(&board, ScoreView::Articles, &[vec![cell(2, 3)]]);
        assert_eq!(right, [-10]);
        assert!(slipped.contains(&(Slip::OtherView { maximiser: Mark::O }, vec![10])));
    }

    #[test]
    fn alpha_beta_on_the_textbook_tree_prunes_h_and_i() {
        let key = tree_key(&tree(TEXTBOOK), None);
        let run = alpha_beta(&key, AlphaBetaSlip::default());
        // B returns 3, so A's α = 3; F's first leaf G = 2 makes β = 2 ≤ α: H, I are skipped.
        // J's leaves 14, 5, 2 bring β down to 2 only at its last leaf: nothing left to skip.
        assert_eq!(key.labels(&run.pruned), "H, I");
        assert_eq!(run.pruned, key.pruned);
        assert_eq!(run.value, 3);
        assert_eq!(run.windows[F], Some((3, 2)));
        assert_eq!(run.windows[J], Some((3, 2)));
        // Every node's window as the key's trace has it, the root's too: A leaves with α = 3.
        assert_eq!(run.windows[0], Some((3, 15)));
        for node in 0..key.nodes.len() {
            let keyed = key.final_window(node).map(|(a, b)| (a.value(), b.value()));
            assert_eq!(run.windows[node], keyed, "{}", key.nodes[node].label);
        }
    }

    #[test]
    fn right_to_left_on_the_textbook_tree_prunes_nothing() {
        let (_, run) = on_the_textbook(|slip| slip.right_to_left = true);
        // J first, (−∞, ∞): M 2, L 5, K 14 → 2; A's α = 2. F with (2, ∞): I 6, H 4, G 2 → β
        // falls to 2 = α only at its last leaf. B with (2, ∞): E 8, D 12, C 3 → β = 3 > α.
        assert!(run.pruned.is_empty());
        assert_eq!(run.value, 3);
        assert_eq!(run.windows[F], Some((2, 2)));
        // The window's infinity is one beyond the largest leaf, 14.
        assert_eq!(run.windows[J], Some((-15, 2)));
    }

    #[test]
    fn fresh_windows_prune_nothing_and_leave_each_node_its_own_bound() {
        let (key, run) = on_the_textbook(|slip| slip.fresh_window = true);
        assert!(run.pruned.is_empty());
        // F searched whole from (−∞, ∞): β = min(2, 4, 6) = 2; B the same as with α passed down.
        assert_eq!(run.windows[F], Some((-15, 2)));
        assert_eq!(run.windows[1], Some((-15, 3)));
        assert_eq!(
            run.windows[1],
            alpha_beta(&key, AlphaBetaSlip::default()).windows[1]
        );
    }

    #[test]
    fn maximising_at_min_nodes_raises_alpha_and_never_cuts() {
        let (_, run) = on_the_textbook(|slip| slip.min_maximises = true);
        // B takes max(3, 12, 8): A's α = 12. F enters with (12, ∞); G 2, H 4, I 6 never raise
        // α above 12, and β stays ∞: (12, ∞), nothing cut. J raises α to 14; A is worth 14.
        assert!(run.pruned.is_empty());
        assert_eq!(run.windows[F], Some((12, 15)));
        assert_eq!(run.windows[J], Some((14, 15)));
        assert_eq!(run.value, 14);
    }

    #[test]
    fn a_strict_cutoff_test_does_not_cut_when_alpha_equals_beta() {
        // A over B (C 3, D 5) and E (F 3, G 9): B = 3, so E enters with α = 3; F = 3 makes β = 3.
        let key = tree_key(&tree("[[3,5],[3,9]]"), None);
        assert_eq!(
            key.labels(&alpha_beta(&key, AlphaBetaSlip::default()).pruned),
            "G"
        );
        let strict = AlphaBetaSlip {
            strict_cutoff: true,
            ..AlphaBetaSlip::default()
        };
        let run = alpha_beta(&key, strict);
        assert!(run.pruned.is_empty());
        assert_eq!(run.windows[4], Some((3, 3)));
    }

    #[test]
    fn a_pruned_subtree_named_by_its_leaves_is_recognised() {
        // A over B (C 5, D 6) and E (F 2, G); G (MAX) over H 7, I 8. E cuts after F: G pruned.
        let key = tree_key(&tree("[[5,6],[2,[7,8]]]"), None);
        let (right, slipped) = prune_answers(&key);
        assert_eq!(right, Some(PruneAnswer::Pruned(vec![6])));
        assert!(slipped.contains(&(Slip::LeafForSubtree, PruneAnswer::Pruned(vec![7, 8]))));
        let lines = prune_feedback(&key, "H, I");
        assert_eq!(
            lines,
            [
                "H, I lie inside G, pruned whole: name the top (extra); G is pruned too (missed).",
                "That is what you get if a pruned subtree is named by nodes inside it instead of \
                 its top."
            ]
        );
        // One leaf of the subtree is enough to have found it.
        assert!(
            prune_feedback(&key, "I")
                .iter()
                .any(|l| l.contains("nodes inside it"))
        );
        // A searched node named beside it is another mistake: no slip named.
        assert!(
            !prune_feedback(&key, "D, I")
                .iter()
                .any(|l| l.starts_with("That is"))
        );
    }

    #[test]
    fn the_pruned_branches_missed_and_extra_are_said() {
        let key = tree_key(&tree(TEXTBOOK), None);
        assert_eq!(prune_feedback(&key, "H, I, L"), ["L is searched (extra)."]);
        assert_eq!(prune_feedback(&key, "H"), ["I is pruned too (missed)."]);
        assert_eq!(
            prune_feedback(&key, "none"),
            [
                "H, I are pruned (missed).",
                "That is what you get if the children are searched right to left, or if α and β \
                 are not passed down (each child starts from (−∞, ∞))."
            ]
        );
    }

    #[test]
    fn the_horizon_a_ply_off_or_gone_rates_other_moves_best() {
        // O to move; r1c1 and r2c1 lose at depth 3 (-7), the rest draw. Two plies ahead (and
        // three: the loss comes with the move's fourth ply) every move looks like a draw.
        let board: Board = ".../.OX/X..".parse().unwrap();
        let analysis = plain(&board);
        let all: Vec<Cell> = board.legal_moves().collect();
        let (right, slipped) = horizon_answers(&analysis, Difficulty::Medium);
        assert_eq!(right, all);
        let draws = vec![cell(1, 2), cell(1, 3), cell(3, 2), cell(3, 3)];
        assert_eq!(
            slipped,
            [
                (Slip::Horizon { plies: 3, asked: 2 }, all.clone()),
                (Slip::Horizon { plies: 1, asked: 2 }, all.clone()),
                (Slip::SeesToTheEnd, draws),
            ]
        );
        assert_eq!(
            horizon_feedback(
                &analysis,
                Difficulty::Medium,
                &right,
                "r1c2; r1c3; r3c2; r3c3"
            ),
            [
                "r1c1, r2c1 are rated best too (missed).",
                "That is what you get if the computer sees to the end of the game (no horizon)."
            ]
        );
    }
}

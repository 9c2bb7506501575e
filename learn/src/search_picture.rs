//! The search under way, drawn as the textbooks draw it: from a step of a trace ([`StepState`]),
//! the tree around the current call — the root, every call on the stack, and the moves each has
//! tried so far: returned with their values, pruned by alpha-beta (to be drawn crossed out, with
//! the window that cut them), or under way. Finished subtrees are folded into their values, so
//! the picture stays small however long the search runs. Laid out as
//! [`tree_picture`](super::tree_picture) lays out the game tree.

use crate::engine::board::Board;
use crate::engine::rules::Rules;
use crate::engine::score::Score;
use crate::trace::{Bound, Child, EventKind, Step, StepState};
use crate::tree_picture::tidy;
use crate::view::{Role, Shown, ShowsSearch};

/// Where a node of the search stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// Its call returned: `value` is what it returned.
    Returned,
    /// Its call is on the stack, waiting for a move below it.
    Waiting,
    /// The call running now.
    Current,
    /// Never called: alpha-beta pruned it, because of `window` at its parent (or a node above
    /// it was pruned).
    Pruned,
    /// Not reached yet: the whole tree is drawn up front, the nodes ahead of the search faint.
    Unvisited,
}

/// A node of the search's picture. Values and windows are as `seen` shows them.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchSpot<G: Rules = Board> {
    /// The move that led here (none at the root).
    pub cell: Option<G::Move>,
    /// The position (a board, or a tree's node).
    pub board: G,
    pub x: f32,
    pub level: usize,
    /// Who moves here (`None`: the game is over here).
    pub role: Option<Role>,
    pub standing: Standing,
    /// A returned call's value; for a call under way, its best so far.
    pub value: Option<Shown>,
    /// Alpha-beta's window: where a call under way stands now, the window a returned call was
    /// called with, or the window that pruned a move.
    pub window: Option<(Shown, Shown)>,
    /// What a returned value says of the minimax value, as shown ("≥ 7" where a MAX node cut).
    pub bound: Bound,
}

/// The picture: spots (the root first), edges from parent to child, slots across, levels down.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchPicture<G: Rules = Board> {
    pub spots: Vec<SearchSpot<G>>,
    pub edges: Vec<(usize, usize)>,
    pub width: usize,
    pub levels: usize,
}

/// The tree around the current call of `state`, seen as `seen` shows it (a board's
/// [`Seen`](crate::view::Seen), a typed tree's
/// [`SeenTree`](crate::view::SeenTree)).
pub fn search_picture<G: Rules>(
    state: &StepState<G>,
    seen: &impl ShowsSearch<G>,
) -> SearchPicture<G> {
    let mut picture = rooted(state, seen);
    let start = state.start;
    // The root's moves returned so far, then each call on the stack with the moves it has tried.
    let mut parent = 0;
    for (&(cell, score), &bound) in state.root_moves.iter().zip(&state.root_bounds) {
        let board = start.after(cell);
        let spot = SearchSpot {
            value: Some(seen.root_number(score)),
            bound: shown_bound(seen, bound),
            ..SearchSpot::below(cell, board, 1, Standing::Returned, seen)
        };
        add(&mut picture, parent, spot);
    }
    for (depth, frame) in state.stack.iter().enumerate() {
        let level = depth + 1;
        let standing = if depth + 1 == state.stack.len() {
            Standing::Current
        } else {
            Standing::Waiting
        };
        let spot = SearchSpot {
            value: frame.best.map(|best| seen.root_number(best)),
            window: frame.window.map(|(alpha, beta)| seen.window(alpha, beta)),
            ..SearchSpot::below(frame.cell, frame.board, level, standing, seen)
        };
        let at = add(&mut picture, parent, spot);
        for child in &frame.children {
            match child {
                Child::Returned { cell, score, bound } => {
                    let board = frame.board.after(*cell);
                    let spot = SearchSpot {
                        value: Some(seen.root_number(*score)),
                        bound: shown_bound(seen, *bound),
                        ..SearchSpot::below(*cell, board, level + 1, Standing::Returned, seen)
                    };
                    add(&mut picture, at, spot);
                }
                Child::Pruned { cells, alpha, beta } => {
                    for &cell in cells {
                        let board = frame.board.after(cell);
                        let spot = SearchSpot {
                            window: Some(seen.window(*alpha, *beta)),
                            ..SearchSpot::below(cell, board, level + 1, Standing::Pruned, seen)
                        };
                        add(&mut picture, at, spot);
                    }
                }
            }
        }
        parent = at;
    }
    laid_out(picture)
}

/// The whole search so far, as the textbooks draw alpha-beta at work, on the whole tree drawn
/// up front: every node of the tree from `start`, in preorder, laid out once (so its place never
/// moves as the search goes on), those not reached yet [`Standing::Unvisited`] with a finished
/// position's value showing; every call made with the value it returned, a bound where alpha-beta
/// cut, and the window it was called with; every move pruned, crossed out with the window that cut
/// it, and the nodes under it pruned too, kept for the rest of the search; the calls under way
/// with their best so far and window (from the [`StepState`] after `steps`). For small searches
/// only, such as a typed tree's (at most 1,000 nodes): every position is drawn.
/// [`search_picture`] folds finished calls into their values, so a board's long search stays
/// small.
pub fn whole_search_picture<'m, G: Rules>(
    start: G,
    steps: impl IntoIterator<Item = (Step<G::Move>, &'m [G::Move])>,
    seen: &impl ShowsSearch<G>,
) -> SearchPicture<G>
where
    G::Move: 'm,
{
    let mut state = StepState::new(start);
    let mut picture = whole_tree(&state, seen);
    let mut children = vec![Vec::new(); picture.spots.len()];
    for &(from, to) in &picture.edges {
        children[from].push(to);
    }
    let child = |picture: &SearchPicture<G>, parent: usize, mv: G::Move| {
        children[parent]
            .iter()
            .copied()
            .find(|&at| picture.spots[at].cell == Some(mv))
            .expect("the search makes the tree's moves")
    };
    // The spots of the calls under way, the root's first.
    let mut open = vec![0];
    let mut root_returned = None;
    for (step, pruned) in steps {
        let parent = *open.last().expect("the root stays open");
        let mut returned = None;
        match step.kind {
            // A search's first call on its start (a tree's root) is the root's own spot.
            EventKind::Enter => {
                if let Some(mv) = step.mv {
                    let at = child(&picture, parent, mv);
                    let spot = &mut picture.spots[at];
                    spot.standing = Standing::Waiting;
                    // The window it was called with: what the edge passed down.
                    spot.window = step
                        .alpha_beta_window()
                        .filter(|_| spot.role.is_some())
                        .map(|(alpha, beta)| seen.window(alpha, beta));
                    open.push(at);
                }
            }
            EventKind::Exit if open.len() > 1 => {
                let at = open.pop().expect("more than the root");
                let done = &mut picture.spots[at];
                done.standing = Standing::Returned;
                done.value = Some(seen.root_number(step.score()));
                returned = Some(at);
            }
            EventKind::Cutoff => {
                let (alpha, beta) = step.window();
                for &mv in pruned {
                    let at = child(&picture, parent, mv);
                    picture.spots[at].window = Some(seen.window(alpha, beta));
                    let mut below = vec![at];
                    while let Some(next) = below.pop() {
                        picture.spots[next].standing = Standing::Pruned;
                        below.extend(&children[next]);
                    }
                }
            }
            // The root's own call returning (a tree's search): the search is over.
            EventKind::Exit => root_returned = Some(step.score()),
            EventKind::Leaf => {}
        }
        state.step(step, pruned);
        // What the call that returned says of its minimax value, as the step state worked it
        // out: the last move its caller (or the root) has seen return.
        if let Some(at) = returned {
            let bound = match state.stack.last() {
                Some(caller) => match caller.children.last() {
                    Some(Child::Returned { bound, .. }) => *bound,
                    _ => Bound::Exact,
                },
                None => state.root_bounds.last().copied().unwrap_or_default(),
            };
            picture.spots[at].bound = shown_bound(seen, bound);
        }
    }
    // The calls under way, as the step state has them: best so far, window, the last running.
    for (frame, &at) in state.stack.iter().zip(&open[1..]) {
        let spot = &mut picture.spots[at];
        spot.value = frame.best.map(|best| seen.root_number(best));
        spot.window = frame.window.map(|(alpha, beta)| seen.window(alpha, beta));
    }
    if let Some(&running) = open.last().filter(|_| open.len() > 1) {
        picture.spots[running].standing = Standing::Current;
    }
    let mut root = rooted(&state, seen).spots.remove(0);
    if let Some(value) = root_returned {
        root.standing = Standing::Returned;
        root.value = Some(seen.root_number(value));
    }
    picture.spots[0] = root;
    picture
}

/// Every position from `state`'s start, in preorder, not reached yet: the root as [`rooted`]
/// has it, a finished position with its value (a leaf's value is on show before the search
/// reaches it), laid out once.
fn whole_tree<G: Rules>(state: &StepState<G>, seen: &impl ShowsSearch<G>) -> SearchPicture<G> {
    let mut picture = rooted(state, seen);
    let maximiser = state.start.to_move();
    // (spot, position) still to open, deepest last, so that the spots come in preorder.
    let mut ahead = vec![0];
    while let Some(parent) = ahead.pop() {
        let (board, level) = (picture.spots[parent].board, picture.spots[parent].level);
        let first = picture.spots.len();
        for mv in board.moves() {
            let child = board.after(mv);
            let value = child
                .evaluate(maximiser, level as i32 + 1)
                .map(|score| seen.root_number(score));
            let spot = SearchSpot {
                value,
                ..SearchSpot::below(mv, child, level + 1, Standing::Unvisited, seen)
            };
            add(&mut picture, parent, spot);
        }
        ahead.extend((first..picture.spots.len()).rev());
    }
    // Preorder: each spot's children were added together, but a spot's subtree must come before
    // its next sibling's; renumber by a walk from the root.
    let preorder = preordered(&picture);
    laid_out(preorder)
}

/// `picture` with its spots renumbered in preorder (the root first, each subtree whole before
/// the next sibling), its edges renumbered with them.
fn preordered<G: Rules>(picture: &SearchPicture<G>) -> SearchPicture<G> {
    let mut children = vec![Vec::new(); picture.spots.len()];
    for &(from, to) in &picture.edges {
        children[from].push(to);
    }
    let mut order = Vec::with_capacity(picture.spots.len());
    let mut ahead = vec![0];
    while let Some(at) = ahead.pop() {
        order.push(at);
        ahead.extend(children[at].iter().rev());
    }
    let mut new_index = vec![0; picture.spots.len()];
    for (index, &old) in order.iter().enumerate() {
        new_index[old] = index;
    }
    let mut edges: Vec<(usize, usize)> = picture
        .edges
        .iter()
        .map(|&(from, to)| (new_index[from], new_index[to]))
        .collect();
    edges.sort_by_key(|&(_, to)| to);
    SearchPicture {
        spots: order
            .iter()
            .map(|&old| picture.spots[old].clone())
            .collect(),
        edges,
        width: picture.width,
        levels: picture.levels,
    }
}

/// A bound in the search's numbers as shown: turned round where the shown numbers run the other
/// way (a MIN root's tree, shown in MAX's numbers).
fn shown_bound<G: Rules>(seen: &impl ShowsSearch<G>, bound: Bound) -> Bound {
    let (low, high) = (
        seen.root_number(Score::DRAW),
        seen.root_number(Score::new(1)),
    );
    if high.value() < low.value() {
        bound.flipped()
    } else {
        bound
    }
}

/// A picture with only its root: `state`'s start, with the best of the root's moves so far,
/// running when no call is under way.
fn rooted<G: Rules>(state: &StepState<G>, seen: &impl ShowsSearch<G>) -> SearchPicture<G> {
    let start = state.start;
    let root_numbers = state
        .root_moves
        .iter()
        .map(|&(_, score)| seen.root_number(score));
    let root_best = match seen.role_at(&start) {
        Some(Role::Maximiser) => root_numbers.max(),
        Some(Role::Minimiser) => root_numbers.min(),
        None => None,
    };
    SearchPicture {
        spots: vec![SearchSpot {
            cell: None,
            board: start,
            x: 0.0,
            level: 0,
            role: seen.role_at(&start),
            standing: if state.stack.is_empty() {
                Standing::Current
            } else {
                Standing::Waiting
            },
            value: root_best,
            window: None,
            bound: Bound::Exact,
        }],
        edges: Vec::new(),
        width: 1,
        levels: 1,
    }
}

/// The picture with each spot placed across by the tidy layout.
fn laid_out<G: Rules>(mut picture: SearchPicture<G>) -> SearchPicture<G> {
    let mut children = vec![Vec::new(); picture.spots.len()];
    for &(from, to) in &picture.edges {
        children[from].push(to);
    }
    let (across, width) = tidy(&children);
    for (spot, x) in picture.spots.iter_mut().zip(across) {
        spot.x = x;
    }
    picture.width = width;
    picture
}

/// Adds `spot` below `parent`; returns its index.
fn add<G: Rules>(picture: &mut SearchPicture<G>, parent: usize, spot: SearchSpot<G>) -> usize {
    let index = picture.spots.len();
    picture.levels = picture.levels.max(spot.level + 1);
    picture.spots.push(spot);
    picture.edges.push((parent, index));
    index
}

impl<G: Rules> SearchSpot<G> {
    /// The spot of `board`, reached by `cell`, `level` plies below the root, with no value or
    /// window yet.
    fn below(
        cell: G::Move,
        board: G,
        level: usize,
        standing: Standing,
        seen: &impl ShowsSearch<G>,
    ) -> Self {
        SearchSpot {
            cell: Some(cell),
            board,
            x: 0.0,
            level,
            role: seen.role_at(&board),
            standing,
            value: None,
            window: None,
            bound: Bound::Exact,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Cell;
    use crate::engine::minimax::plain;
    use crate::engine::score::Score;
    use crate::trace::{EventKind, TraceAlgorithm, TraceEvent};
    use crate::view::{ScoreView, Seen};

    fn events(start: &Board, algorithm: TraceAlgorithm) -> Vec<TraceEvent> {
        crate::trace::whole_board_trace(start, algorithm)
    }

    /// Pruned spots appear exactly where the trace reports a cutoff, under the call that cut,
    /// with the cells it skipped; and the current call is the last one entered.
    #[test]
    fn pruned_moves_are_drawn_where_the_trace_cuts() {
        let start: Board = "XOX/.O./X..".parse().unwrap();
        let seen = Seen::new(ScoreView::SideToMove, &start);
        let events = events(&start, TraceAlgorithm::AlphaBetaClassic);
        let mut cutoffs = 0;
        let state = StepState::after_each(start, &events, |event, state| {
            let picture = search_picture(state, &seen);
            let current: Vec<&SearchSpot> = picture
                .spots
                .iter()
                .filter(|s| s.standing == Standing::Current)
                .collect();
            assert_eq!(current.len(), 1);
            if event.kind == EventKind::Cutoff {
                cutoffs += 1;
                let cutting = picture
                    .spots
                    .iter()
                    .position(|s| s.standing == Standing::Current)
                    .unwrap();
                let pruned: Vec<Cell> = picture
                    .edges
                    .iter()
                    .filter(|&&(from, _)| from == cutting)
                    .map(|&(_, to)| &picture.spots[to])
                    .filter(|s| s.standing == Standing::Pruned)
                    .map(|s| s.cell.unwrap())
                    .collect();
                let reported = event.pruned_cells(&start);
                assert!(pruned.ends_with(&reported), "{pruned:?} {reported:?}");
                let window = seen.window(event.window().0, event.window().1);
                let last = picture
                    .spots
                    .iter()
                    .rev()
                    .find(|s| s.standing == Standing::Pruned);
                assert_eq!(last.unwrap().window, Some(window));
            }
        });
        assert!(cutoffs > 0, "alpha-beta cuts on this position");
        // At the end: the root and its moves, each with minimax's value.
        let picture = search_picture(&state, &seen);
        let reference = plain(&start);
        let values: Vec<Option<i32>> = picture.spots[1..]
            .iter()
            .map(|s| s.value.map(Shown::value))
            .collect();
        let scores: Vec<Option<i32>> = reference
            .moves
            .iter()
            .map(|m| Some(m.score.value()))
            .collect();
        assert_eq!(values, scores);
        assert_eq!(
            picture.spots[0].value.map(Shown::value),
            reference.best_score().map(Score::value)
        );
    }

    /// A typed tree draws as a board's search does, with MAX's numbers: on the 3-ply figure,
    /// alpha-beta's cut shows the second MIN node's 4 and 6 pruned with the window (3, 2), and at
    /// the end the root holds its three moves' values and its own, 3.
    #[test]
    fn a_tree_s_search_is_drawn_with_its_pruned_leaves() {
        use crate::engine::game_tree::GameTree;
        use crate::view::SeenTree;
        for (text, root_value, moves) in [
            ("[[3,12,8],[2,4,6],[14,5,2]]", 3, [3, 2, 2]),
            ("min:[[3,12,8],[2,4,6],[14,5,2]]", 6, [12, 6, 14]),
        ] {
            let tree: GameTree = text.parse().unwrap();
            let seen = SeenTree::new(&tree);
            let steps = crate::trace::whole_trace(&tree.root(), TraceAlgorithm::AlphaBetaClassic);
            let mut state = StepState::new(tree.root());
            let mut pruned_drawn = Vec::new();
            for (step, pruned) in &steps {
                state.step(*step, pruned);
                let picture = search_picture(&state, &seen);
                for spot in picture
                    .spots
                    .iter()
                    .filter(|s| s.standing == Standing::Pruned)
                {
                    let leaf = spot.board.leaf().unwrap();
                    let window = spot.window.map(|(a, b)| (a.value(), b.value()));
                    if !pruned_drawn.contains(&(leaf, window)) {
                        pruned_drawn.push((leaf, window));
                    }
                }
            }
            let picture = search_picture(&state, &seen);
            assert_eq!(picture.spots[0].value.map(Shown::value), Some(root_value));
            let values: Vec<i32> = picture.spots[1..]
                .iter()
                .map(|s| s.value.unwrap().value())
                .collect();
            assert_eq!(values, moves, "{text}");
            let expected = match root_value {
                3 => vec![(4, Some((3, 2))), (6, Some((3, 2)))],
                _ => vec![(5, Some((14, 6))), (2, Some((14, 6)))],
            };
            assert_eq!(pruned_drawn, expected, "{text}");
        }
    }

    /// The whole search keeps what the folded picture forgets: on the 3-ply figure, alpha-beta's
    /// pruned 4 and 6 stay drawn, with the window (3, 2) that cut them, to the end, where every
    /// node of the tree is drawn; along the way the call running has the folded picture's value
    /// and window, and no pruned spot ever goes away.
    #[test]
    fn the_whole_search_keeps_its_pruned_leaves_to_the_end() {
        use crate::engine::game_tree::GameTree;
        use crate::view::SeenTree;
        let tree: GameTree = "[[3,12,8],[2,4,6],[14,5,2]]".parse().unwrap();
        let seen = SeenTree::new(&tree);
        for algorithm in [TraceAlgorithm::Plain, TraceAlgorithm::AlphaBetaClassic] {
            let steps = crate::trace::whole_trace(&tree.root(), algorithm);
            let whole = |count: usize| {
                let so_far = steps[..count].iter().map(|(s, p)| (*s, p.as_slice()));
                whole_search_picture(tree.root(), so_far, &seen)
            };
            let mut state = StepState::new(tree.root());
            let mut pruned_before = 0;
            for (count, (step, pruned)) in steps.iter().enumerate() {
                state.step(*step, pruned);
                let (folded, whole) = (search_picture(&state, &seen), whole(count + 1));
                let running = |picture: &SearchPicture<_>| {
                    let spot = picture
                        .spots
                        .iter()
                        .find(|s| s.standing == Standing::Current)
                        .unwrap();
                    (spot.level, spot.cell, spot.value, spot.window)
                };
                // Once the root's own call has returned, the whole picture says so; until then
                // both show the same call running.
                if count + 1 < steps.len() {
                    assert_eq!(running(&whole), running(&folded), "step {count}");
                }
                let pruned = whole
                    .spots
                    .iter()
                    .filter(|s| s.standing == Standing::Pruned)
                    .count();
                assert!(pruned >= pruned_before, "step {count}");
                pruned_before = pruned;
            }
            let end = whole(steps.len());
            assert_eq!(end.spots[0].standing, Standing::Returned);
            assert_eq!(end.spots[0].value.map(Shown::value), Some(3));
            // Each leaf's value, standing and window.
            type Drawn = (i32, Standing, Option<(i32, i32)>);
            let drawn: Vec<Drawn> = end
                .spots
                .iter()
                .filter(|s| s.level == 2)
                .map(|s| {
                    let window = s.window.map(|(a, b)| (a.value(), b.value()));
                    (s.board.leaf().unwrap(), s.standing, window)
                })
                .collect();
            let leaves = [3, 12, 8, 2, 4, 6, 14, 5, 2];
            assert_eq!(drawn.len(), 9, "every leaf is drawn");
            for (spot, leaf) in drawn.iter().zip(leaves) {
                let cut = algorithm == TraceAlgorithm::AlphaBetaClassic && [4, 6].contains(&leaf);
                let expected = if cut {
                    (leaf, Standing::Pruned, Some((3, 2)))
                } else {
                    (leaf, Standing::Returned, spot.2)
                };
                assert_eq!(*spot, expected, "{algorithm:?}");
            }
            assert_eq!(end.spots.len(), tree.len());
        }
    }
}

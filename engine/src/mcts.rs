//! Monte Carlo tree search (UCT) over any game's [`Rules`]: a board, or an abstract tree, its
//! chance nodes included. Each iteration has the four phases the lectures draw:
//!
//! 1. **selection**: from the root, while a node has every move tried, go to the child with the
//!    highest UCB1 = W/N + c·√(ln N(parent) / N) (the first added on a tie); at a chance node,
//!    to the outcome drawn by its probabilities (nobody chooses there);
//! 2. **expansion**: add one untried move's position (chosen at random) as a new node; at a
//!    chance node, the outcome drawn, if the tree does not have it yet;
//! 3. **playout**: play random moves from there to the end, chance nodes' outcomes drawn by
//!    their probabilities;
//! 4. **backup**: every node on the path gets N + 1 and W + the playout's reward for the side
//!    that chose the move into it (below a chance node, the side that chose the move into the
//!    chance node: an outcome's W/N is then on the same scale as its chance node's).
//!
//! Rewards ([`Reward`]): on a board 1 for a win, ½ for a draw, 0 for a loss, so W/N is a score
//! rate; on an abstract tree the leaf's value as typed (negated for MIN), not scaled, so `c`
//! should be scaled to the leaves. With chance nodes W/N then estimates the expectiminimax
//! value ([`crate::minimax::expectiminimax`]). The counts keep one rule,
//! which the tests check: a node added by an iteration has N = 1 + the sum of its children's N
//! (its own playout, then one visit passed down per later iteration); the root, added by no
//! iteration, has N = the sum of its children's N = the iterations run; a finished position
//! has no children and N = the times it was reached. (Once the tree is full, a node with moves
//! untried counts the playouts that start from it too.)
//!
//! The random numbers are the search's own (SplitMix64 from the seed), the same sequence on
//! every machine and target, so a seed repeats a run. The tree is capped at a number of nodes: once full,
//! iterations go on without adding nodes (the playout starts at the node selection stopped at)
//! and [`Mcts::is_full`] says so.
//!
//! ```
//! use tictactoe_engine::Board;
//! use tictactoe_engine::mcts::Mcts;
//! let board: Board = "XX./OO./...".parse().unwrap();
//! let mut search = Mcts::new(board, 7, std::f64::consts::SQRT_2, 10_000);
//! search.run(2_000);
//! let best = search.most_visited().unwrap();
//! assert_eq!((best.row, best.col), (0, 2));
//! ```

use crate::board::{Board, Outcome};
use crate::game_tree::{GameTree, Side, TreePosition};
use crate::rules::Rules;

/// What a finished position is worth to a side, as MCTS adds it up.
pub trait Reward: Rules {
    /// `None` while play goes on.
    fn reward(&self, side: Self::Side) -> Option<f64>;

    /// Whether this is a chance node, where an outcome is drawn and nobody chooses (never, by
    /// default: a board has no chance nodes).
    fn is_chance(&self) -> bool {
        false
    }

    /// At a chance node, the probability of the outcome `mv`; `None` where a side chooses.
    fn chance(&self, _mv: Self::Move) -> Option<f64> {
        None
    }
}

impl Reward for Board {
    /// 1 for a win, ½ for a draw, 0 for a loss.
    fn reward(&self, side: Self::Side) -> Option<f64> {
        match self.outcome() {
            Outcome::Ongoing => None,
            Outcome::Draw => Some(0.5),
            Outcome::Won { mark, .. } => Some(if mark == side { 1.0 } else { 0.0 }),
        }
    }
}

impl Reward for TreePosition<'_> {
    /// The leaf's value for MAX, negated for MIN, as minimax reads it.
    fn reward(&self, side: Side) -> Option<f64> {
        let value = f64::from(self.leaf()?);
        Some(match side {
            Side::Max => value,
            Side::Min => -value,
        })
    }

    fn is_chance(&self) -> bool {
        TreePosition::is_chance(self)
    }

    fn chance(&self, index: usize) -> Option<f64> {
        if !TreePosition::is_chance(self) {
            return None;
        }
        Some(self.child(index)?.probability()?.to_f64())
    }
}

/// UCB1 of a child: its mean reward plus `c` times the exploration term. `None` for a child
/// never visited (selection takes those first; in UCT every child is tried once before any
/// is compared, so the formula never meets N = 0).
pub fn ucb1(total: f64, visits: u64, parent_visits: u64, c: f64) -> Option<f64> {
    ucb1_terms(total, visits, parent_visits, c).map(|(mean, explore)| mean + explore)
}

/// UCB1's two terms, whose sum is [`ucb1`]: the mean reward W/N and the exploration term
/// c·√(ln N(parent) / N), for a worked example that writes each out. `None` for a child never
/// visited.
pub fn ucb1_terms(total: f64, visits: u64, parent_visits: u64, c: f64) -> Option<(f64, f64)> {
    (visits > 0).then(|| {
        let visits = visits as f64;
        (
            total / visits,
            c * ((parent_visits as f64).ln() / visits).sqrt(),
        )
    })
}

/// The search's random numbers: SplitMix64, the same sequence on every target for a seed.
#[derive(Debug, Clone)]
pub struct SplitMix(u64);

impl SplitMix {
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (which is above 0), by Lemire's multiply-shift.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A number in [0, 1), from the top 53 bits.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
}

/// The place in `moves` of the outcome a draw of `rng` picks at a chance node, each move with
/// its probability (the last one takes what rounding leaves).
fn draw_outcome<G: Reward>(position: &G, moves: &[G::Move], rng: &mut SplitMix) -> usize {
    let mut left = rng.unit();
    for (place, &mv) in moves.iter().enumerate() {
        left -= position.chance(mv).unwrap_or(0.0);
        if left < 0.0 {
            return place;
        }
    }
    moves.len() - 1
}

/// A node of the search tree: its position `P` (or, in a [`ParkedMcts`], the key it is found
/// again by) and the move `M` that led there.
#[derive(Debug, Clone)]
struct MctsNode<P, M> {
    position: P,
    /// The move that led here; `None` at the root.
    mv: Option<M>,
    parent: Option<u32>,
    children: Vec<u32>,
    /// Moves not yet added as children, as their places in [`Rules::moves`]' order (two bytes
    /// a move rather than a whole move: a 7×7 board's node is a fifth of the size).
    untried: Vec<u16>,
    visits: u64,
    /// The rewards of the playouts through here, for the side that chose the move into this
    /// node (at the root, for the side to move there).
    total: f64,
}

impl<P, M> MctsNode<P, M> {
    /// The same node at `position` (a search parked or resumed changes only its positions).
    fn at<Q>(self, position: Q) -> MctsNode<Q, M> {
        MctsNode {
            position,
            mv: self.mv,
            parent: self.parent,
            children: self.children,
            untried: self.untried,
            visits: self.visits,
            total: self.total,
        }
    }
}

/// One iteration's four phases, as a trace shows them.
#[derive(Debug, Clone, PartialEq)]
pub struct Iteration<M> {
    /// Selection: the moves from the root to the node it stopped at.
    pub selected: Vec<M>,
    /// Expansion: the move whose node was added below it (`None`: the node was a finished
    /// position, or the tree was full).
    pub added: Option<M>,
    /// Playout: the random moves played after that, to the end.
    pub playout: Vec<M>,
    /// The playout's reward for the side to move at the root.
    pub reward: f64,
}

/// A node's numbers as the views write them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NodeStats<M> {
    /// The move into the node (`None` at the root).
    pub mv: Option<M>,
    /// N: the iterations through here.
    pub visits: u64,
    /// W: their rewards added up, for the side that chose this node's move.
    pub total: f64,
    /// UCB1 as the parent sees this child now (`None` at the root and for a child never
    /// visited).
    pub ucb1: Option<f64>,
}

impl<M> NodeStats<M> {
    /// W/N, the estimate; `None` before any visit.
    pub fn mean(&self) -> Option<f64> {
        (self.visits > 0).then(|| self.total / self.visits as f64)
    }
}

/// The search: its tree, its random numbers and its settings.
#[derive(Debug, Clone)]
pub struct Mcts<G: Reward> {
    search: Search<G, G::Move>,
}

/// What a search is, over any kind of node position: a game's ([`Mcts`]) or the keys it is
/// found again by ([`ParkedMcts`]).
#[derive(Debug, Clone)]
struct Search<P, M> {
    nodes: Vec<MctsNode<P, M>>,
    rng: SplitMix,
    c: f64,
    max_nodes: usize,
    iterations: u64,
    full: bool,
}

impl<P, M> Search<P, M> {
    /// The same search, each node's position replaced by `to(position)`.
    fn moved<Q>(self, to: impl Fn(&P) -> Q) -> Search<Q, M> {
        Search {
            nodes: self
                .nodes
                .into_iter()
                .map(|node| {
                    let position = to(&node.position);
                    node.at(position)
                })
                .collect(),
            rng: self.rng,
            c: self.c,
            max_nodes: self.max_nodes,
            iterations: self.iterations,
            full: self.full,
        }
    }
}

impl<G: Reward> Mcts<G> {
    /// A search from `root` with exploration constant `c`, its random numbers from `seed`, its
    /// tree at most `max_nodes` nodes (at least the root).
    pub fn new(root: G, seed: u64, c: f64, max_nodes: usize) -> Mcts<G> {
        let mut search = Mcts {
            search: Search {
                nodes: Vec::new(),
                rng: SplitMix::new(seed),
                c,
                max_nodes: max_nodes.max(1),
                iterations: 0,
                full: false,
            },
        };
        search.push(root, None, None);
        search
    }

    fn push(&mut self, position: G, mv: Option<G::Move>, parent: Option<u32>) -> u32 {
        let count = position.moves().count();
        let untried = (0..count)
            .map(|index| u16::try_from(index).expect("a position has at most 65,535 moves"))
            .collect();
        self.search.nodes.push(MctsNode {
            position,
            mv,
            parent,
            children: Vec::new(),
            untried,
            visits: 0,
            total: 0.0,
        });
        (self.search.nodes.len() - 1) as u32
    }

    /// The exploration constant.
    pub fn c(&self) -> f64 {
        self.search.c
    }

    /// How many iterations have run.
    pub fn iterations(&self) -> u64 {
        self.search.iterations
    }

    /// How many nodes the tree has, the root included.
    pub fn len(&self) -> usize {
        self.search.nodes.len()
    }

    /// Never true: the root is always there.
    pub fn is_empty(&self) -> bool {
        self.search.nodes.is_empty()
    }

    /// Whether the tree has reached its cap: iterations go on, adding no node.
    pub fn is_full(&self) -> bool {
        self.search.full
    }

    /// Runs `iterations` iterations.
    pub fn run(&mut self, iterations: u64) {
        for _ in 0..iterations {
            self.step();
        }
    }

    /// One iteration: selection, expansion, playout, backup. On a finished root nothing
    /// happens but the count.
    pub fn step(&mut self) -> Iteration<G::Move> {
        self.search.iterations += 1;
        let root_side = self.search.nodes[0].position.to_move();
        // Selection (at a chance node, the outcome drawn, if the tree has it).
        let mut at = 0u32;
        let mut selected = Vec::new();
        let mut drawn = None;
        loop {
            let node = &self.search.nodes[at as usize];
            if node.position.is_chance() {
                let moves: Vec<G::Move> = node.position.moves().collect();
                let place = draw_outcome(&node.position, &moves, &mut self.search.rng);
                let mv = moves[place];
                match node
                    .children
                    .iter()
                    .find(|&&child| self.search.nodes[child as usize].mv == Some(mv))
                {
                    Some(&child) => {
                        at = child;
                        selected.push(mv);
                        continue;
                    }
                    None => {
                        drawn = Some(place);
                        break;
                    }
                }
            }
            if !node.untried.is_empty() || node.children.is_empty() {
                break;
            }
            at = self.select_child(at);
            selected.push(
                self.search.nodes[at as usize]
                    .mv
                    .expect("a child has a move"),
            );
        }
        // Expansion: a chance node's outcome drawn, or one untried move at random.
        let mut added = None;
        if !self.search.nodes[at as usize].untried.is_empty() {
            if self.search.nodes.len() < self.search.max_nodes {
                let index = match drawn {
                    Some(place) => self.search.nodes[at as usize]
                        .untried
                        .iter()
                        .position(|&untried| usize::from(untried) == place)
                        .expect("an outcome not in the tree is untried"),
                    None => self
                        .search
                        .rng
                        .below(self.search.nodes[at as usize].untried.len()),
                };
                let node = &mut self.search.nodes[at as usize];
                let place = node.untried.remove(index);
                let mv = node
                    .position
                    .moves()
                    .nth(place.into())
                    .expect("an untried move is one of the moves");
                if node.untried.is_empty() {
                    node.untried = Vec::new();
                }
                let position = node.position.after(mv);
                let child = self.push(position, Some(mv), Some(at));
                self.search.nodes[at as usize].children.push(child);
                at = child;
                added = Some(mv);
            } else {
                self.search.full = true;
            }
        }
        // Playout.
        let mut position = self.search.nodes[at as usize].position;
        let mut playout = Vec::new();
        let mut moves = Vec::new();
        while position.reward(root_side).is_none() {
            moves.clear();
            moves.extend(position.moves());
            if moves.is_empty() {
                break;
            }
            let place = match position.is_chance() {
                true => draw_outcome(&position, &moves, &mut self.search.rng),
                false => self.search.rng.below(moves.len()),
            };
            let mv = moves[place];
            playout.push(mv);
            position = position.after(mv);
        }
        // Backup.
        let mut node = Some(at);
        while let Some(id) = node {
            let chooser = self.chooser(id, root_side);
            let reward = position.reward(chooser).unwrap_or(0.0);
            let data = &mut self.search.nodes[id as usize];
            data.visits += 1;
            data.total += reward;
            node = data.parent;
        }
        Iteration {
            selected,
            added,
            playout,
            reward: position.reward(root_side).unwrap_or(0.0),
        }
    }

    /// The side whose reward a node's W adds up: the side to move at its parent, or below a
    /// chance node the chance node's own (nobody chose the outcome); at the root, the side to
    /// move there.
    fn chooser(&self, id: u32, root_side: G::Side) -> G::Side {
        let mut at = id;
        while let Some(parent) = self.search.nodes[at as usize].parent {
            let above = &self.search.nodes[parent as usize];
            if !above.position.is_chance() {
                return above.position.to_move();
            }
            at = parent;
        }
        root_side
    }

    /// The child of `parent` with the highest UCB1, the first in order on a tie.
    fn select_child(&self, parent: u32) -> u32 {
        let node = &self.search.nodes[parent as usize];
        let mut best = node.children[0];
        let mut best_ucb = f64::NEG_INFINITY;
        for &child in &node.children {
            let data = &self.search.nodes[child as usize];
            let value =
                ucb1(data.total, data.visits, node.visits, self.search.c).unwrap_or(f64::INFINITY);
            if value > best_ucb {
                best = child;
                best_ucb = value;
            }
        }
        best
    }

    fn stats_of(&self, id: u32) -> NodeStats<G::Move> {
        let node = &self.search.nodes[id as usize];
        NodeStats {
            mv: node.mv,
            visits: node.visits,
            total: node.total,
            ucb1: node.parent.and_then(|parent| {
                let above = &self.search.nodes[parent as usize].position;
                if above.is_chance() {
                    return None; // a chance node's outcome is drawn, not selected
                }
                ucb1(
                    node.total,
                    node.visits,
                    self.search.nodes[parent as usize].visits,
                    self.search.c,
                )
            }),
        }
    }

    /// The root's numbers.
    pub fn root(&self) -> NodeStats<G::Move> {
        self.stats_of(0)
    }

    /// The node the moves lead to from the root, if the tree has it.
    fn find(&self, path: &[G::Move]) -> Option<u32> {
        let mut at = 0u32;
        for &mv in path {
            at = *self.search.nodes[at as usize]
                .children
                .iter()
                .find(|&&child| self.search.nodes[child as usize].mv == Some(mv))?;
        }
        Some(at)
    }

    /// The numbers of the node `path` leads to, if the tree has it.
    pub fn stats(&self, path: &[G::Move]) -> Option<NodeStats<G::Move>> {
        self.find(path).map(|id| self.stats_of(id))
    }

    /// The children of the node `path` leads to, in the order they were added.
    pub fn children(&self, path: &[G::Move]) -> Vec<NodeStats<G::Move>> {
        self.find(path).map_or_else(Vec::new, |id| {
            self.search.nodes[id as usize]
                .children
                .iter()
                .map(|&child| self.stats_of(child))
                .collect()
        })
    }

    /// The move MCTS plays: the root's most visited child (the higher mean on a tie, then the
    /// first added).
    pub fn most_visited(&self) -> Option<G::Move> {
        let mut best: Option<NodeStats<G::Move>> = None;
        for child in self.children(&[]) {
            let better = best.is_none_or(|b| {
                child.visits > b.visits || (child.visits == b.visits && child.mean() > b.mean())
            });
            if better {
                best = Some(child);
            }
        }
        best.and_then(|b| b.mv)
    }
}

/// A search put aside with each node's position replaced by a key it is found again by (a tree
/// node's index, say): what a caller keeps between uses when the positions borrow something
/// the caller owns too, as an abstract tree's do ([`TreeMcts`]). Resumed, it goes on exactly as
/// if it had never stopped: the same tree, counts and random numbers.
#[derive(Debug, Clone)]
pub struct ParkedMcts<K, M> {
    search: Search<K, M>,
}

impl<G: Reward> Mcts<G> {
    /// The search put aside, each position replaced by `key(position)`.
    pub fn park<K>(self, key: impl Fn(&G) -> K) -> ParkedMcts<K, G::Move> {
        ParkedMcts {
            search: self.search.moved(key),
        }
    }
}

impl<K, M> ParkedMcts<K, M> {
    /// The search again, each key turned back into its position by `position`.
    pub fn resume<G: Reward<Move = M>>(self, position: impl Fn(&K) -> G) -> Mcts<G> {
        Mcts {
            search: self.search.moved(position),
        }
    }
}

/// MCTS on an abstract tree it owns. A search of [`TreePosition`]s borrows their tree, so a
/// caller that keeps a search from one use to the next (an app's view, frame after frame) and
/// owns the tree keeps this: the tree, and the search parked with each position as its node's
/// index. Its numbers are those of `Mcts::new(tree.root(), ..)` stepped as often.
#[derive(Debug, Clone)]
pub struct TreeMcts {
    tree: GameTree,
    parked: ParkedMcts<usize, usize>,
}

impl TreeMcts {
    /// A search of `tree` from its root, as [`Mcts::new`] starts one.
    pub fn new(tree: GameTree, seed: u64, c: f64, max_nodes: usize) -> TreeMcts {
        let parked = Mcts::new(tree.root(), seed, c, max_nodes).park(TreePosition::id);
        TreeMcts { tree, parked }
    }

    pub fn tree(&self) -> &GameTree {
        &self.tree
    }

    /// The search, to read (a copy: at most one node a tree node, so at most
    /// [`MAX_NODES`](crate::game_tree::MAX_NODES)).
    pub fn search(&self) -> Mcts<TreePosition<'_>> {
        let tree = &self.tree;
        self.parked.clone().resume(|&id| node_of(tree, id))
    }

    /// Runs `work` on the search (to step it), which is then put aside again.
    pub fn with_search<R>(&mut self, work: impl FnOnce(&mut Mcts<TreePosition<'_>>) -> R) -> R {
        let parked = ParkedMcts {
            search: Search {
                nodes: std::mem::take(&mut self.parked.search.nodes),
                rng: self.parked.search.rng.clone(),
                ..self.parked.search
            },
        };
        let tree = &self.tree;
        let mut search = parked.resume(|&id| node_of(tree, id));
        let result = work(&mut search);
        self.parked = search.park(TreePosition::id);
        result
    }
}

fn node_of(tree: &GameTree, id: usize) -> TreePosition<'_> {
    tree.node(id).expect("a parked node is a node of its tree")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game_tree::GameTree;

    #[test]
    fn ucb1_is_the_mean_plus_c_times_the_square_root_of_ln_n_over_n() {
        // W = 3, N = 4, parent N = 10, c = √2: 0.75 + 1.414214 · √(2.302585 / 4)
        // = 0.75 + 1.414214 · 0.758713 = 0.75 + 1.072983.
        let found = ucb1(3.0, 4, 10, 2f64.sqrt()).unwrap();
        assert!((found - 1.822_983).abs() < 1e-6, "{found}");
        let (mean, explore) = ucb1_terms(3.0, 4, 10, 2f64.sqrt()).unwrap();
        assert_eq!((mean, mean + explore), (0.75, found));
        assert!((explore - 1.072_983).abs() < 1e-6, "{explore}");
        assert_eq!(ucb1(3.0, 0, 10, 1.0), None);
        assert_eq!(ucb1(2.0, 4, 1, 1.0), Some(0.5));
    }

    #[test]
    fn selection_goes_to_the_child_with_the_highest_ucb1_worked_out_here() {
        let tree: GameTree = "[[3,12,8],[2,4,6],[14,5,2]]".parse().unwrap();
        let mut search = Mcts::new(tree.root(), 5, 4.0, 1000);
        for _ in 0..60 {
            search.run(1);
            let parent = search.root().visits as f64;
            let children = search.children(&[]);
            if children.len() < 3 {
                continue;
            }
            // The textbook's formula, written out: mean + c·sqrt(ln N_parent / N_child).
            let scores: Vec<f64> = children
                .iter()
                .map(|child| {
                    let n = child.visits as f64;
                    child.total / n + 4.0 * (parent.ln() / n).sqrt()
                })
                .collect();
            let top = scores.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
            let expected = children[scores.iter().position(|&s| s == top).unwrap()].mv;
            let next = search.step();
            assert_eq!(next.selected.first().copied(), expected);
        }
    }

    #[test]
    fn a_seed_gives_the_same_search_and_the_counts_add_up() {
        let board: Board = "X../.O./...".parse().unwrap();
        let mut one = Mcts::new(board, 3, 1.0, 100_000);
        let mut two = Mcts::new(board, 3, 1.0, 100_000);
        for _ in 0..500 {
            assert_eq!(one.step(), two.step());
        }
        let three = {
            let mut s = Mcts::new(board, 4, 1.0, 100_000);
            s.run(500);
            s
        };
        assert_ne!(one.children(&[]), three.children(&[]));
        for (id, node) in one.search.nodes.iter().enumerate() {
            let below: u64 = node
                .children
                .iter()
                .map(|&c| one.search.nodes[c as usize].visits)
                .sum();
            let own = u64::from(id != 0);
            if node.position.reward(board.to_move()).is_some() {
                assert!(node.children.is_empty());
            } else {
                assert_eq!(node.visits, own + below, "node {id}");
            }
        }
        assert_eq!(one.root().visits, 500);
    }

    #[test]
    fn a_full_tree_goes_on_without_growing() {
        let board: Board = "...../...../...../...../.....".parse().unwrap();
        let mut search = Mcts::new(board, 1, 1.0, 50);
        search.run(200);
        assert_eq!((search.len(), search.is_full()), (50, true));
        assert_eq!(search.root().visits, 200);
    }

    #[test]
    fn on_a_textbook_tree_it_finds_minimax_s_move() {
        let tree: GameTree = "[[3,12,8],[2,4,6],[14,5,2]]".parse().unwrap();
        let mut search = Mcts::new(tree.root(), 1, 10.0, 1000);
        search.run(3_000);
        assert_eq!(search.most_visited(), Some(0));
    }

    /// A chance node's outcomes are drawn by their probabilities, never chosen by UCB1, and its
    /// W/N approaches its expectiminimax value.
    #[test]
    fn a_chance_node_draws_its_outcomes_by_their_probabilities() {
        let tree: GameTree = "[chance[0.75: 4, 0.25: 8], [1, 2]]".parse().unwrap();
        let mut search = Mcts::new(tree.root(), 9, 10.0, 1000);
        search.run(4_000);
        let chance = search.stats(&[0]).unwrap();
        let outcomes = search.children(&[0]);
        let four = outcomes.iter().find(|o| o.mv == Some(0)).unwrap();
        let share = four.visits as f64 / chance.visits as f64;
        assert!((share - 0.75).abs() < 0.05, "{share}");
        assert_eq!(four.ucb1, None);
        // Below the chance node the outcomes count for MAX, as the chance node does: 4 and 8.
        assert_eq!(four.mean(), Some(4.0));
        let mean = chance.mean().unwrap();
        assert!((mean - 5.0).abs() < 0.3, "{mean}");
        assert_eq!(search.most_visited(), Some(0));
    }

    /// Parked and resumed between steps, a search goes on as if it had never stopped: an owned
    /// tree's search gives the borrowed one's iterations and numbers.
    #[test]
    fn a_tree_search_parked_between_steps_is_the_search_run_straight() {
        let tree: GameTree = "[chance[3, 12], [[2, 4], chance[0.25: 6, 0.75: 1]]]"
            .parse()
            .unwrap();
        let mut straight = Mcts::new(tree.root(), 11, 3.0, 6);
        let mut owned = TreeMcts::new(tree.clone(), 11, 3.0, 6);
        for _ in 0..300 {
            let expected = straight.step();
            assert_eq!(owned.with_search(|search| search.step()), expected);
        }
        let search = owned.search();
        assert_eq!(search.root(), straight.root());
        assert_eq!(search.children(&[]), straight.children(&[]));
        assert_eq!(search.children(&[1]), straight.children(&[1]));
        assert_eq!((search.len(), search.is_full()), (6, true));
        assert_eq!(search.iterations(), 300);
    }
}

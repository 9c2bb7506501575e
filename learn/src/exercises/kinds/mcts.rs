//! "Monte Carlo tree search": which child UCB1 selects next from the numbers given (each
//! child's N and W, the parent's N, c), and each node's N and W after a backup (the path and
//! the playout's result given). The numbers come from the engine's search ([`Mcts`], seeded
//! from the set) run a few iterations on a small random tree whose leaves are -1, 0 and 1
//! (MAX's loss, draw, win); the key from its [`ucb1`] and its backup.

use rand::Rng;
use rand::rngs::StdRng;

use super::exercise::{Exercise, Form, NumbersInOrder, Plan, QuizForm, Spec, telling_draw};
use crate::engine::board::Board;
use crate::engine::game_tree::{GameTree, Side, TreePosition};
use crate::engine::mcts::{Mcts, NodeStats, ucb1_terms};
use crate::exercises::answer::{AnswerError, answer_error};
use crate::exercises::prune::tree_outline;
use crate::exercises::random::below;

/// How the kind is named and dealt.
pub fn spec<T: From<MctsKey>>() -> Spec<T> {
    Spec::on_abstract_trees(
        "mcts",
        "Monte Carlo tree search",
        &[
            "the child UCB1 selects, c = 1",
            "the child UCB1 selects, c = √2",
            "the counts after a backup",
        ],
        make::<T>,
    )
}

/// The exploration constant c of UCB1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exploration {
    One,
    Sqrt2,
}

impl Exploration {
    pub fn value(self) -> f64 {
        match self {
            Exploration::One => 1.0,
            Exploration::Sqrt2 => std::f64::consts::SQRT_2,
        }
    }

    pub fn words(self) -> &'static str {
        match self {
            Exploration::One => "1",
            Exploration::Sqrt2 => "√2 ≈ 1.414",
        }
    }
}

/// A node's counts: its id in the tree, N and W.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counts {
    pub node: usize,
    pub visits: u64,
    /// W: the rewards added up for the side that chose the move into the node (leaves are
    /// whole numbers, so W is one).
    pub total: i64,
}

/// What an item asks, with the engine's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MctsAsk {
    /// UCB1's choice among the root's children, listed in the order they were added.
    Select {
        parent_visits: u64,
        children: Vec<Counts>,
        /// The child selected (its node id): the highest UCB1, the first listed on a tie.
        choice: usize,
    },
    /// An iteration's backup along `before`'s path (the root first, the node added last).
    Backup {
        before: Vec<Counts>,
        /// The node added by the expansion (the last on the path), if one was.
        added: Option<usize>,
        /// The leaf the playout ended at, worth its value to MAX.
        leaf: usize,
        after: Vec<Counts>,
    },
}

/// A search's numbers on a small tree, and what is asked of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MctsKey {
    pub tree: GameTree,
    pub c: Exploration,
    /// The search's seed and the iterations run before the question.
    pub seed: u64,
    pub iterations: u64,
    pub ask: MctsAsk,
}

/// A random tree three levels deep (MAX, MIN, MAX) of two or three children a node, whose
/// leaves are -1, 0 and 1.
pub fn random_mcts_tree(rng: &mut StdRng) -> GameTree {
    fn write(rng: &mut StdRng, levels_left: usize, out: &mut String) {
        if levels_left == 0 {
            out.push_str(&(rng.random_range(0..3i32) - 1).to_string());
            return;
        }
        let children = 2 + below(rng, 2);
        out.push('[');
        for child in 0..children {
            if child > 0 {
                out.push(',');
            }
            write(rng, levels_left - 1, out);
        }
        out.push(']');
    }
    let mut text = String::new();
    write(rng, 3, &mut text);
    text.parse()
        .expect("a random tree is written in the notation")
}

/// A node's name: "root", or the children taken from it, each numbered from 1 left to right
/// (`3.1`: the root's third child's first), which says where it is without a drawing and never
/// reads like N or W.
pub fn node_name(tree: &GameTree, node: usize) -> String {
    let path = tree.node(node).map(|n| n.path()).unwrap_or_default();
    match path.is_empty() {
        true => "root".to_string(),
        false => path
            .iter()
            .map(|i| (i + 1).to_string())
            .collect::<Vec<_>>()
            .join("."),
    }
}

/// The node the moves lead to from the root.
fn node_at<'a>(tree: &'a GameTree, moves: &[usize]) -> TreePosition<'a> {
    let mut node = tree.root();
    for &mv in moves {
        node = node.child(mv).expect("the search's moves are the tree's");
    }
    node
}

fn counts(node: usize, stats: Option<NodeStats<usize>>) -> Counts {
    let (visits, total) = stats.map_or((0, 0.0), |s| (s.visits, s.total));
    Counts {
        node,
        visits,
        total: total as i64,
    }
}

/// The key of a search on `tree` with `c`, run `iterations` from `seed`: UCB1's choice at the
/// root, or (`backup`) the next iteration's backup.
pub fn mcts_key(
    tree: GameTree,
    c: Exploration,
    seed: u64,
    iterations: u64,
    backup: bool,
) -> MctsKey {
    let mut search = Mcts::new(tree.root(), seed, c.value(), 1000);
    search.run(iterations);
    let ask = match backup {
        false => {
            let children: Vec<(Counts, Option<f64>)> = search
                .children(&[])
                .into_iter()
                .map(|s| {
                    let id = tree
                        .root()
                        .child(s.mv.expect("a child has a move"))
                        .expect("a child")
                        .id();
                    (counts(id, Some(s)), s.ucb1)
                })
                .collect();
            // The engine's UCB1 of each child as the root sees it; the first listed on a tie.
            let mut choice = 0;
            for (index, (_, value)) in children.iter().enumerate() {
                if value.unwrap_or(f64::INFINITY) > children[choice].1.unwrap_or(f64::INFINITY) {
                    choice = index;
                }
            }
            MctsAsk::Select {
                parent_visits: search.root().visits,
                choice: children[choice].0.node,
                children: children.into_iter().map(|(c, _)| c).collect(),
            }
        }
        true => {
            let mut next = search.clone();
            let iteration = next.step();
            let mut path: Vec<Vec<usize>> = vec![Vec::new()];
            let mut moves = Vec::new();
            for &mv in iteration.selected.iter().chain(&iteration.added) {
                moves.push(mv);
                path.push(moves.clone());
            }
            let id = |moves: &[usize]| node_at(&tree, moves).id();
            let before = path
                .iter()
                .map(|m| counts(id(m), search.stats(m)))
                .collect();
            let after = path.iter().map(|m| counts(id(m), next.stats(m))).collect();
            let mut to_leaf = moves.clone();
            to_leaf.extend(&iteration.playout);
            MctsAsk::Backup {
                before,
                added: iteration.added.map(|_| id(&moves)),
                leaf: id(&to_leaf),
                after,
            }
        }
    };
    MctsKey {
        tree,
        c,
        seed,
        iterations,
        ask,
    }
}

fn make<T: From<MctsKey>>(rng: &mut StdRng, plan: Plan) -> (Board, T) {
    let (c, backup) = match plan.level {
        ..=1 => (Exploration::One, false),
        2 => (Exploration::Sqrt2, false),
        _ => (Exploration::Sqrt2, true),
    };
    telling_draw(rng, |rng| {
        let tree = random_mcts_tree(rng);
        let seed = rng.random::<u64>();
        let iterations = rng.random_range(5..=16);
        let key = mcts_key(tree, c, seed, iterations, backup);
        let tells = key.tells();
        ((plan.no_board(), key.into()), tells)
    })
}

/// A child's UCB1 worked out from the numbers given, term by term.
struct Ucb<'a> {
    child: &'a Counts,
    /// W/N.
    mean: f64,
    /// c·√(ln N(parent) / N).
    explore: f64,
}

impl Ucb<'_> {
    /// UCB1: infinite for a child never visited, which selection takes first.
    fn value(&self) -> f64 {
        self.mean + self.explore
    }
}

impl MctsKey {
    /// Whether the item teaches something: for UCB1, its choice clear by at least 0.02 and not
    /// the child with the highest mean (exploration matters); for a backup, a path below the
    /// root's children (both sides' rewards).
    pub fn tells(&self) -> bool {
        match &self.ask {
            MctsAsk::Select { choice, .. } => {
                let ucbs = self.ucbs();
                let (chosen, others): (Vec<&Ucb>, Vec<&Ucb>) =
                    ucbs.iter().partition(|ucb| ucb.child.node == *choice);
                let best = chosen.first().expect("chosen").value();
                let clear = others.iter().all(|ucb| best - ucb.value() >= 0.02);
                clear && self.highest_mean() != Some(*choice)
            }
            MctsAsk::Backup { before, leaf, .. } => {
                before.len() >= 3 && self.leaf_value(*leaf) != 0
            }
        }
    }

    /// Each child's UCB1 from the numbers given (the engine's [`ucb1_terms`]), in the order
    /// listed; none for a backup.
    fn ucbs(&self) -> Vec<Ucb<'_>> {
        let Some((parent_visits, children, _)) = self.select_parts() else {
            return Vec::new();
        };
        children
            .iter()
            .map(|child| {
                let (mean, explore) = ucb1_terms(
                    child.total as f64,
                    child.visits,
                    parent_visits,
                    self.c.value(),
                )
                .unwrap_or((0.0, f64::INFINITY));
                Ucb {
                    child,
                    mean,
                    explore,
                }
            })
            .collect()
    }

    /// The child with the highest W/N (the first listed on a tie), for a selection.
    fn highest_mean(&self) -> Option<usize> {
        let MctsAsk::Select { children, .. } = &self.ask else {
            return None;
        };
        let mean = |ch: &Counts| ch.total as f64 / ch.visits.max(1) as f64;
        let mut best = children.first()?;
        for ch in children {
            if mean(ch) > mean(best) {
                best = ch;
            }
        }
        Some(best.node)
    }

    fn leaf_value(&self, leaf: usize) -> i32 {
        self.tree.node(leaf).and_then(|n| n.leaf()).unwrap_or(0)
    }

    /// Who chose the move into `node`: its parent's side (MAX at the root, which W counts for
    /// MAX).
    pub fn chooser(&self, node: usize) -> Side {
        let position = self.tree.node(node).expect("a node of the tree");
        let path = position.path();
        match path.split_last() {
            Some((_, parent)) => node_at(&self.tree, parent).side(),
            None => self.tree.root_side(),
        }
    }

    /// The backup's numbers as typed: each node's N, then its W, along the path.
    fn in_order(&self) -> Option<NumbersInOrder> {
        let MctsAsk::Backup { after, .. } = &self.ask else {
            return None;
        };
        let mut nodes = Vec::new();
        for counts in after {
            let name = node_name(&self.tree, counts.node);
            nodes.push((format!("{name}'s N"), counts.visits as i32));
            nodes.push((format!("{name}'s W"), counts.total as i32));
        }
        Some(NumbersInOrder {
            nodes,
            what: "numbers to give (N and W of each node on the path)",
        })
    }

    fn select_parts(&self) -> Option<(u64, &[Counts], usize)> {
        match &self.ask {
            MctsAsk::Select {
                parent_visits,
                children,
                choice,
            } => Some((*parent_visits, children, *choice)),
            MctsAsk::Backup { .. } => None,
        }
    }

    fn accepted_child(&self, children: &[Counts]) -> String {
        let names: Vec<String> = children
            .iter()
            .map(|ch| node_name(&self.tree, ch.node))
            .collect();
        format!("type the number of one child: {}", names.join(", "))
    }

    fn parse_child(&self, typed: &str, children: &[Counts]) -> Result<usize, AnswerError> {
        let name = typed.trim();
        let name = name.strip_prefix("child").unwrap_or(name).trim();
        children
            .iter()
            .find(|ch| node_name(&self.tree, ch.node) == name)
            .map(|ch| ch.node)
            .ok_or_else(|| {
                answer_error(
                    typed,
                    "is not one of the children listed",
                    self.accepted_child(children),
                )
            })
    }
}

impl Exercise for MctsKey {
    fn on_board(&self) -> bool {
        false
    }

    /// The tree, for a backup (who chooses where): one node a line.
    fn figure(&self) -> Vec<String> {
        match self.ask {
            MctsAsk::Select { .. } => Vec::new(),
            MctsAsk::Backup { .. } => tree_outline(&self.tree, |id| node_name(&self.tree, id)),
        }
    }

    fn figure_line(&self) -> Option<String> {
        match self.ask {
            MctsAsk::Select { .. } => None,
            MctsAsk::Backup { .. } => Some(format!("The tree (MAX at the root): {}", self.tree)),
        }
    }

    fn tree(&self) -> Option<&GameTree> {
        Some(&self.tree)
    }

    fn prompt(&self, _board: &Board, _at: &str) -> String {
        match &self.ask {
            MctsAsk::Select {
                parent_visits,
                children,
                ..
            } => {
                let listed: Vec<String> = children
                    .iter()
                    .map(|ch| {
                        format!(
                            "child {} has N = {}, W = {}",
                            node_name(&self.tree, ch.node),
                            ch.visits,
                            ch.total
                        )
                    })
                    .collect();
                format!(
                    "Monte Carlo tree search, selection: the root has N = {parent_visits}; its \
                     children (numbered from the left), in the order they were added: {}. UCB1 = W/N + c·√(ln N(parent) \
                     / N), with c = {}. Which child does selection go to next? On a tie, the \
                     first listed. Type its number.",
                    listed.join("; "),
                    self.c.words()
                )
            }
            MctsAsk::Backup {
                before,
                added,
                leaf,
                ..
            } => {
                let path: Vec<String> = before
                    .iter()
                    .map(|c| node_name(&self.tree, c.node))
                    .collect();
                let selected = match added {
                    Some(node) => format!(
                        "selected {} and added {} below it",
                        path[..path.len() - 1].join(" → "),
                        node_name(&self.tree, *node)
                    ),
                    None => format!("selected {}", path.join(" → ")),
                };
                let counts: Vec<String> = before
                    .iter()
                    .map(|c| match Some(c.node) == *added {
                        true => format!("{} is new (N = 0, W = 0)", node_name(&self.tree, c.node)),
                        false => format!(
                            "{} has N = {}, W = {}",
                            node_name(&self.tree, c.node),
                            c.visits,
                            c.total
                        ),
                    })
                    .collect();
                let order: Vec<String> = path
                    .iter()
                    .flat_map(|name| [format!("{name}'s N"), format!("{name}'s W")])
                    .collect();
                format!(
                    "Monte Carlo tree search on this tree (leaves are MAX's values: 1 a win, -1 \
                     a loss, 0 a draw). A node's W adds up the playouts' rewards for the side \
                     that chose the move into it: the leaf's value where MAX chose, the value \
                     negated where MIN chose (the root's W is MAX's). Nodes are named by the \
                     children taken from the root, each numbered from the left (2.1: the root's \
                     second child's first child). An iteration {selected}; \
                     its playout ended at leaf {}, worth {} to MAX. Before the backup: {}. Type \
                     N and W of each node on the path after the backup, in this order: {}.",
                    node_name(&self.tree, *leaf),
                    self.leaf_value(*leaf),
                    counts.join("; "),
                    order.join(", ")
                )
            }
        }
    }

    fn answer_text(&self) -> String {
        match (&self.ask, self.in_order()) {
            (MctsAsk::Select { choice, .. }, _) => node_name(&self.tree, *choice),
            (_, Some(order)) => order.answer_text(),
            (_, None) => String::new(),
        }
    }

    fn accepted(&self, _board: &Board) -> String {
        match (self.select_parts(), self.in_order()) {
            (Some((_, children, _)), _) => self.accepted_child(children),
            (None, Some(order)) => order.accepted(),
            (None, None) => String::new(),
        }
    }

    fn grade(&self, _board: &Board, typed: &str) -> Result<(bool, String), AnswerError> {
        match (self.select_parts(), self.in_order()) {
            (Some((_, children, choice)), _) => {
                let given = self.parse_child(typed, children)?;
                Ok((
                    given == choice,
                    format!("UCB1 selects {}", node_name(&self.tree, choice)),
                ))
            }
            (None, Some(order)) => order.grade(typed),
            (None, None) => Ok((false, String::new())),
        }
    }

    fn slip_feedback(&self, _board: &Board, typed: &str) -> Vec<String> {
        match &self.ask {
            MctsAsk::Select {
                children, choice, ..
            } => {
                let Ok(given) = self.parse_child(typed, children) else {
                    return Vec::new();
                };
                let least = children.iter().min_by_key(|ch| ch.visits).map(|ch| ch.node);
                if given != *choice && Some(given) == self.highest_mean() {
                    vec![
                        "That child has the highest W/N: UCB1 adds the exploration term, \
                          larger for a child visited less."
                            .to_string(),
                    ]
                } else if given != *choice && Some(given) == least {
                    vec!["That child is the least visited: UCB1 weighs its W/N too.".to_string()]
                } else {
                    Vec::new()
                }
            }
            MctsAsk::Backup { before, leaf, .. } => {
                // The sign: W counted for MAX at every node.
                let Ok(numbers) = crate::exercises::answer::parse_numbers(typed) else {
                    return Vec::new();
                };
                let value = i64::from(self.leaf_value(*leaf));
                let for_max: Vec<i32> = before
                    .iter()
                    .flat_map(|c| [c.visits as i32 + 1, (c.total + value) as i32])
                    .collect();
                match numbers == for_max && value != 0 {
                    true => vec![
                        "You added the leaf's value for MAX at every node: where MIN \
                                  chose the move, its reward is the value negated."
                            .to_string(),
                    ],
                    false => Vec::new(),
                }
            }
        }
    }

    fn worked(&self, _board: &Board) -> Vec<String> {
        match &self.ask {
            MctsAsk::Select {
                parent_visits,
                choice,
                ..
            } => {
                let mut lines: Vec<String> = self
                    .ucbs()
                    .iter()
                    .map(|ucb| {
                        format!(
                            "{}: {}/{} + {}·√(ln {parent_visits} / {}) = {:.3} + {:.3} = {:.3}",
                            node_name(&self.tree, ucb.child.node),
                            ucb.child.total,
                            ucb.child.visits,
                            self.c.words().split(' ').next().unwrap_or("c"),
                            ucb.child.visits,
                            ucb.mean,
                            ucb.explore,
                            ucb.value()
                        )
                    })
                    .collect();
                lines.push(format!(
                    "The highest is {}: selection goes there.",
                    node_name(&self.tree, *choice)
                ));
                lines
            }
            MctsAsk::Backup {
                before,
                after,
                leaf,
                ..
            } => {
                let value = self.leaf_value(*leaf);
                let mut lines: Vec<String> = before
                    .iter()
                    .zip(after)
                    .map(|(b, a)| {
                        let chooser = self.chooser(b.node);
                        let reward = match chooser {
                            Side::Max => value,
                            Side::Min => -value,
                        };
                        format!(
                            "{}: N = {} + 1 = {}, W = {} + ({reward}) = {} ({chooser}'s reward).",
                            node_name(&self.tree, b.node),
                            b.visits,
                            a.visits,
                            b.total,
                            a.total
                        )
                    })
                    .collect();
                lines.push(
                    "Every node on the path gets one more visit and the playout's reward for \
                     the side that chose the move into it."
                        .to_string(),
                );
                lines
            }
        }
    }

    fn form(&self) -> Form<'_> {
        match self.ask {
            MctsAsk::Select { .. } => Form::Typed,
            MctsAsk::Backup { .. } => Form::Numbers,
        }
    }

    fn quiz(&self, _board: &Board) -> QuizForm {
        match (self.select_parts(), self.in_order()) {
            (Some((_, children, choice)), _) => QuizForm::Ticks {
                right: vec![node_name(&self.tree, choice)],
                among: children
                    .iter()
                    .map(|ch| node_name(&self.tree, ch.node))
                    .collect(),
            },
            (None, Some(order)) => order.quiz(&[], None),
            (None, None) => QuizForm::Number(0),
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn key_json(&self) -> Box<serde_json::value::RawValue> {
        #[derive(serde::Serialize)]
        struct CountsJson {
            node: String,
            n: u64,
            w: i64,
        }
        #[derive(serde::Serialize)]
        struct Json {
            tree: String,
            c: f64,
            seed: u64,
            iterations: u64,
            parent_n: Option<u64>,
            children: Vec<CountsJson>,
            selects: Option<String>,
            path_before: Vec<CountsJson>,
            path_after: Vec<CountsJson>,
            playout_leaf: Option<String>,
        }
        let list = |counts: &[Counts]| -> Vec<CountsJson> {
            counts
                .iter()
                .map(|c| CountsJson {
                    node: node_name(&self.tree, c.node),
                    n: c.visits,
                    w: c.total,
                })
                .collect()
        };
        let mut json = Json {
            tree: self.tree.to_string(),
            c: self.c.value(),
            seed: self.seed,
            iterations: self.iterations,
            parent_n: None,
            children: Vec::new(),
            selects: None,
            path_before: Vec::new(),
            path_after: Vec::new(),
            playout_leaf: None,
        };
        match &self.ask {
            MctsAsk::Select {
                parent_visits,
                children,
                choice,
            } => {
                json.parent_n = Some(*parent_visits);
                json.children = list(children);
                json.selects = Some(node_name(&self.tree, *choice));
            }
            MctsAsk::Backup {
                before,
                after,
                leaf,
                ..
            } => {
                json.path_before = list(before);
                json.path_after = list(after);
                json.playout_leaf = Some(node_name(&self.tree, *leaf));
            }
        }
        super::exercise::json(&json)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn exercises_mcts_the_choice_asked_is_where_the_search_goes_next() {
        for seed in 0..100 {
            let mut rng = StdRng::seed_from_u64(seed);
            let tree = random_mcts_tree(&mut rng);
            let key = mcts_key(tree.clone(), Exploration::One, seed, 8, false);
            let MctsAsk::Select { choice, .. } = key.ask else {
                panic!("a selection");
            };
            let mut search = Mcts::new(tree.root(), seed, 1.0, 1000);
            search.run(8);
            let next = search.step();
            assert_eq!(
                node_at(&tree, &next.selected[..1]).id(),
                choice,
                "seed {seed}"
            );
        }
    }
}

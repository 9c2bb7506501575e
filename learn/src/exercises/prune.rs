//! Exercises on alpha-beta and on the textbooks' abstract trees: the whole tree below a start
//! (a small board position, or a [`GameTree`]) with a letter on every node, and its key read off
//! the real alpha-beta trace ([`trace_game`], textbook alpha-beta from the start, children left
//! to right): which branches it prunes, the cut-offs with their α ≥ β, and the window (α, β) at
//! every node it searched. Nothing here searches on its own: the tree is only listed, the
//! searching is the trace's.

use rand::Rng;
use rand::rngs::StdRng;

use crate::abstract_tree::{TreeExample, probability_words, tree_examples, values};
use crate::engine::board::Board;
use crate::engine::game_tree::{GameTree, Side, TreePosition};
use crate::engine::minimax::SearchControl;
use crate::engine::rules::Rules;
use crate::pseudocode::{CodeStep, line_of, tree_pseudocode};
use crate::trace::{EventKind, StepState, TraceAlgorithm, trace_game};
use crate::view::{Role, ScoreView, Seen, SeenTree, Shown, ShowsSearch};

/// What an alpha-beta exercise starts from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Start {
    /// A board position: its moves are the branches, its finished games the leaves.
    Board(Board),
    /// A textbook's abstract tree: a built-in one (named) or one made from the set's seed.
    Tree {
        tree: GameTree,
        name: Option<&'static str>,
    },
}

/// A node of the whole tree below a start, in preorder (the root first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LetteredNode {
    /// A, B, C… in preorder: how answers name the node.
    pub label: String,
    pub parent: Option<usize>,
    pub children: Vec<usize>,
    /// Levels below the root.
    pub depth: usize,
    /// The move that leads here, for a board (`r1c3`); `None` in an abstract tree.
    pub move_name: Option<String>,
    /// Who chooses here, as shown; `None` at a leaf.
    pub role: Option<Role>,
    /// A leaf's number, as shown (on a board, a finished game's value with depth counted after
    /// the first move from the start, as the articles count it).
    pub leaf: Option<Shown>,
}

/// A cut-off of the trace: at `at`, after some children returned, α ≥ β, and `pruned` (the rest
/// of its children) are never searched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cutoff {
    pub at: usize,
    pub window: (Shown, Shown),
    pub pruned: Vec<usize>,
}

/// The alpha-beta trace of a whole tree, as node facts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PruneKey {
    pub start: Start,
    pub nodes: Vec<LetteredNode>,
    /// The branches pruned, left to right (the tops of the subtrees never searched), by node.
    pub pruned: Vec<usize>,
    pub cutoffs: Vec<Cutoff>,
    /// What each node's call returned (`None`: never searched).
    pub returned: Vec<Option<Shown>>,
    /// Each searched node's window: the one it was entered with, then after each child that
    /// returned (the last is the window when the search leaves the node).
    pub windows: Vec<Vec<(Shown, Shown)>>,
    /// The window's infinity as shown (one beyond the largest value there is).
    pub infinity: i32,
    /// What is asked: the pruned branches, or the window at one node.
    pub ask: Ask,
    /// Whose numbers a board's values are (an abstract tree's are MAX's).
    pub view: ScoreView,
}

/// What an alpha-beta item asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    /// Which branches are pruned, left to right.
    Pruned,
    /// α and β when the search leaves this node.
    Window(usize),
}

/// The letters of node `index` in preorder: A…Z, then AA, AB….
pub fn label(index: usize) -> String {
    let letter = |i: usize| char::from(b'A' + (i % 26) as u8);
    match index {
        0..26 => letter(index).to_string(),
        _ => format!("{}{}", letter(index / 26 - 1), letter(index)),
    }
}

/// An abstract tree as lines, one node a line in preorder, indented by depth, each named by
/// `name` (from its id) with its side, or with its value for a leaf.
pub fn tree_outline(tree: &GameTree, name: impl Fn(usize) -> String) -> Vec<String> {
    tree.nodes()
        .map(|node| {
            let indent = "  ".repeat(node.depth());
            match node.leaf() {
                Some(value) => format!("{indent}{}: {value}", name(node.id())),
                None => format!("{indent}{} {}", name(node.id()), node.side()),
            }
        })
        .collect()
}

/// An abstract tree on one line, lettered: each inner node as `head` names it with its children,
/// each child with its probability where its parent is a chance node and its value where it is a
/// leaf (`A MAX: B, C; B MIN: D = 3`; `B (chance): D (p = ¼) = 3, E (p = ¾) = 12`).
pub fn lettered_one_line(tree: &GameTree, head: impl Fn(TreePosition<'_>) -> String) -> String {
    let inner: Vec<String> = tree
        .nodes()
        .filter(|n| !n.is_leaf())
        .map(|n| {
            let children: Vec<String> = n
                .children()
                .map(|c| {
                    let mut words = label(c.id());
                    if let Some(p) = c.probability() {
                        words.push_str(&format!(" (p = {})", probability_words(p)));
                    }
                    if let Some(leaf) = c.leaf() {
                        words.push_str(&format!(" = {leaf}"));
                    }
                    words
                })
                .collect();
            format!("{}: {}", head(n), children.join(", "))
        })
        .collect();
    inner.join("; ")
}

/// The key of the alpha-beta trace from `start`, seen as `seen` shows numbers; `move_name` names
/// a branch (a board's cell), if it has a name.
fn key_of<G: Rules>(
    start: &G,
    seen: &impl ShowsSearch<G>,
    move_name: impl Fn(G::Move) -> Option<String>,
    start_info: Start,
    view: ScoreView,
) -> PruneKey {
    // The tree listed in preorder, with each child's move: the search's moves, in its order.
    let mut nodes: Vec<LetteredNode> = Vec::new();
    let mut moves_of: Vec<Vec<(G::Move, usize)>> = Vec::new();
    let maximiser = start.to_move();
    let mut pending = vec![(*start, None, None::<G::Move>, 0usize)];
    while let Some((position, parent, mv, depth)) = pending.pop() {
        let id = nodes.len();
        let leaf = position
            .evaluate(maximiser, depth as i32)
            .map(|score| seen.root_number(score));
        nodes.push(LetteredNode {
            label: label(id),
            parent,
            children: Vec::new(),
            depth,
            move_name: mv.and_then(&move_name),
            role: seen.role_at(&position),
            leaf,
        });
        moves_of.push(Vec::new());
        if let (Some(parent), Some(mv)) = (parent, mv) {
            nodes[parent].children.push(id);
            moves_of[parent].push((mv, id));
        }
        if leaf.is_none() {
            let children: Vec<G::Move> = position.moves().collect();
            for &child in children.iter().rev() {
                pending.push((position.after(child), Some(id), Some(child), depth + 1));
            }
        }
    }
    let infinity = seen.root_number(start.infinity()).value().abs();
    let mut key = PruneKey {
        start: start_info,
        pruned: Vec::new(),
        cutoffs: Vec::new(),
        returned: vec![None; nodes.len()],
        windows: vec![Vec::new(); nodes.len()],
        nodes,
        infinity,
        ask: Ask::Pruned,
        view,
    };
    // The trace, node by node: the calls under way (node ids), and the step state beside it,
    // whose frames hold each call's window as the moves return.
    let mut open = vec![0usize];
    let mut state = StepState::new(*start);
    // The root's call is no frame of the step state: whether it maximises, and its window.
    let mut root = None;
    let mut steps = Vec::new();
    trace_game(
        start,
        TraceAlgorithm::AlphaBetaClassic,
        &SearchControl::new(),
        |step, pruned| steps.push((step, pruned.to_vec())),
    )
    .expect("a search without a budget is not stopped");
    let child = |moves_of: &Vec<Vec<(G::Move, usize)>>, parent: usize, mv: G::Move| {
        moves_of[parent]
            .iter()
            .find(|(m, _)| *m == mv)
            .map(|&(_, id)| id)
            .expect("the trace plays the tree's moves")
    };
    for (step, pruned) in steps {
        let at = *open.last().expect("the root stays open");
        match step.kind {
            EventKind::Enter => {
                let (alpha, beta) = step.window();
                let id = match step.mv {
                    Some(mv) => {
                        let id = child(&moves_of, at, mv);
                        open.push(id);
                        id
                    }
                    None => {
                        root = Some((step.is_max, (alpha, beta)));
                        0
                    }
                };
                key.windows[id].push(seen.window(alpha, beta));
            }
            EventKind::Cutoff => {
                let (alpha, beta) = step.window();
                let ids: Vec<usize> = pruned.iter().map(|&mv| child(&moves_of, at, mv)).collect();
                key.pruned.extend(&ids);
                key.cutoffs.push(Cutoff {
                    at,
                    window: seen.window(alpha, beta),
                    pruned: ids,
                });
            }
            EventKind::Exit => {
                key.returned[at] = Some(seen.root_number(step.score()));
                if open.len() > 1 {
                    open.pop();
                }
            }
            EventKind::Leaf => {}
        }
        state.step(step, &pruned);
        // After a child returned, its parent's window is narrowed: a call's frame holds it;
        // the root's, which is no frame, narrows here as the code narrows it
        // (`alpha = max(alpha, best)`, or β for a MIN root).
        if step.kind == EventKind::Exit && at != 0 {
            let narrowed = match (state.stack.last(), &mut root) {
                (Some(frame), _) => frame.window,
                (None, Some((is_max, (alpha, beta)))) => {
                    match is_max {
                        true => *alpha = (*alpha).max(step.score()),
                        false => *beta = (*beta).min(step.score()),
                    }
                    Some((*alpha, *beta))
                }
                (None, None) => None,
            };
            if let (Some((alpha, beta)), Some(&parent)) = (narrowed, open.last()) {
                key.windows[parent].push(seen.window(alpha, beta));
            }
        }
    }
    key.pruned.sort_unstable();
    key
}

/// The key of the alpha-beta trace below a board position, its numbers counted as the articles
/// count them (depth after the first move, so each move's value is what `analyze` prints for
/// it, in the view).
pub fn board_key(board: &Board, view: ScoreView) -> PruneKey {
    let seen = Seen::new(view, board).whole_tree();
    let name = |cell: crate::engine::board::Cell| Some(super::cell_names::cell_name(cell));
    key_of(board, &seen, name, Start::Board(*board), view)
}

/// The key of the alpha-beta trace of an abstract tree, in MAX's numbers.
pub fn tree_key(tree: &GameTree, name: Option<&'static str>) -> PruneKey {
    let seen = SeenTree::new(tree);
    key_of(
        &tree.root(),
        &seen,
        |_| None,
        Start::Tree {
            tree: tree.clone(),
            name,
        },
        ScoreView::Articles,
    )
}

impl PruneKey {
    /// A number as the learner reads it: ∞ and −∞ for the window's ends.
    pub fn number_text(&self, value: i32) -> String {
        match value {
            v if v >= self.infinity => "∞".to_string(),
            v if v <= -self.infinity => "−∞".to_string(),
            v => v.to_string(),
        }
    }

    /// The window as written: "(3, ∞)".
    pub fn window_text(&self, (alpha, beta): (Shown, Shown)) -> String {
        format!(
            "({}, {})",
            self.number_text(alpha.value()),
            self.number_text(beta.value())
        )
    }

    /// The window when the search leaves `node`; `None` if it never searched it.
    pub fn final_window(&self, node: usize) -> Option<(Shown, Shown)> {
        self.windows[node].last().copied()
    }

    /// The labels of `nodes`: "E, F", or "none".
    pub fn labels(&self, nodes: &[usize]) -> String {
        match nodes.is_empty() {
            true => "none".to_string(),
            false => nodes
                .iter()
                .map(|&n| self.nodes[n].label.clone())
                .collect::<Vec<_>>()
                .join(", "),
        }
    }

    /// A node in words: "E (4)" for a leaf, "C (MIN, r1c2)" for an inner node.
    pub fn node_words(&self, node: usize) -> String {
        let n = &self.nodes[node];
        let mut parts = Vec::new();
        if let Some(leaf) = n.leaf {
            parts.push(leaf.value().to_string());
        }
        if let Some(role) = n.role {
            parts.push(role_word(role).to_string());
        }
        if let Some(name) = &n.move_name {
            parts.push(name.clone());
        }
        format!("{} ({})", n.label, parts.join(", "))
    }

    /// The tree as lines of text, one node a line, indented by depth: what the command line
    /// prints for the tree the app draws.
    pub fn outline(&self) -> Vec<String> {
        self.nodes
            .iter()
            .map(|n| {
                let mut line = format!("{}{}", "  ".repeat(n.depth), n.label);
                if let Some(name) = &n.move_name {
                    line.push_str(&format!(" {name}"));
                }
                match (n.role, n.leaf) {
                    (_, Some(leaf)) => line.push_str(&format!(": {}", leaf.value())),
                    (Some(role), None) => line.push_str(&format!(" {}", role_word(role))),
                    (None, None) => {}
                }
                line
            })
            .collect()
    }

    /// The tree on one line, each inner node with its children: `A MAX: B, C; B MIN: D 3, E 12`
    /// (for a quiz, whose question is one line).
    pub fn one_line(&self) -> String {
        let inner: Vec<String> = self
            .nodes
            .iter()
            .filter(|n| !n.children.is_empty())
            .map(|n| {
                let children: Vec<String> = n
                    .children
                    .iter()
                    .map(|&c| {
                        let child = &self.nodes[c];
                        let mut words = child.label.clone();
                        if let Some(name) = &child.move_name {
                            words.push_str(&format!(" {name}"));
                        }
                        if let Some(leaf) = child.leaf {
                            words.push_str(&format!(" = {}", leaf.value()));
                        }
                        words
                    })
                    .collect();
                let role = n.role.map_or("", role_word);
                format!("{} {role}: {}", n.label, children.join(", "))
            })
            .collect();
        inner.join("; ")
    }

    /// Each cut-off worked out, one a line: where, the window, α ≥ β and why, what is skipped.
    pub fn worked(&self) -> Vec<String> {
        let mut lines: Vec<String> = self
            .cutoffs
            .iter()
            .map(|cut| {
                let node = &self.nodes[cut.at];
                let (alpha, beta) = cut.window;
                let why = match node.role {
                    // A MIN node stops once its best so far (β) is no better for MAX than what
                    // MAX has already secured above it (α); and the other way round.
                    Some(Role::Minimiser) => format!(
                        "the maximiser above can already get {} elsewhere, so it never lets play \
                         reach here",
                        self.number_text(alpha.value())
                    ),
                    _ => format!(
                        "the minimiser above can already hold play to {} elsewhere, so it never \
                         lets play reach here",
                        self.number_text(beta.value())
                    ),
                };
                format!(
                    "At {}: α = {} ≥ β = {}: {why}; {} skipped.",
                    self.node_words(cut.at),
                    self.number_text(alpha.value()),
                    self.number_text(beta.value()),
                    self.labels(&cut.pruned)
                )
            })
            .collect();
        if self.cutoffs.is_empty() {
            lines.push(
                "Alpha-beta never finds α ≥ β here: every node is searched (no branch is pruned)."
                    .to_string(),
            );
        }
        if let Ask::Window(node) = self.ask {
            lines.push(self.window_worked(node));
        }
        if let Some(root) = self.returned[0] {
            lines.push(format!(
                "The root {} is worth {}.",
                self.nodes[0].label,
                root.value()
            ));
        }
        lines
    }

    /// How the window at `node` came to be: entered with one, narrowed as each child returned.
    pub fn window_worked(&self, node: usize) -> String {
        let windows = &self.windows[node];
        let Some(first) = windows.first() else {
            return format!("{} is never searched.", self.nodes[node].label);
        };
        let which = match self.nodes[node].role {
            Some(Role::Maximiser) => "α rises to the best value so far",
            _ => "β falls to the best value so far",
        };
        let mut text = format!(
            "{} is entered with (α, β) = {}",
            self.node_words(node),
            self.window_text(*first)
        );
        let returned: Vec<usize> = self.nodes[node]
            .children
            .iter()
            .copied()
            .filter(|&c| self.returned[c].is_some())
            .collect();
        for (child, window) in returned.iter().zip(&windows[1..]) {
            let value = self.returned[*child].expect("filtered").value();
            text.push_str(&format!(
                "; {} returns {value}: {}",
                self.nodes[*child].label,
                self.window_text(*window)
            ));
        }
        text.push_str(&format!(
            " ({which}); leaving it, α = {} and β = {}.",
            self.number_text(windows.last().expect("not empty").0.value()),
            self.number_text(windows.last().expect("not empty").1.value()),
        ));
        text
    }

    /// The nodes a window may be asked at: searched, inner, not the root; those that cut first.
    fn window_candidates(&self) -> Vec<usize> {
        let searched: Vec<usize> = (1..self.nodes.len())
            .filter(|&n| self.nodes[n].leaf.is_none() && !self.windows[n].is_empty())
            .collect();
        let cutting: Vec<usize> = searched
            .iter()
            .copied()
            .filter(|n| self.cutoffs.iter().any(|c| c.at == *n))
            .collect();
        if cutting.is_empty() {
            searched
        } else {
            cutting
        }
    }
}

/// What a MAX node does with each child, as the step-through's code writes it (the call, α
/// raised, then the test): `best = max(best, alphabeta(child, alpha, beta, false)); alpha =
/// max(alpha, best); if alpha >= beta: break`. Taken from the code itself, so that the prompt
/// and the step-through cannot tell two orders.
pub fn max_node_steps() -> String {
    let code = tree_pseudocode(TraceAlgorithm::AlphaBetaClassic, Side::Max);
    let takes = line_of(&code, CodeStep::MaxTakes).expect("alpha-beta's code raises alpha");
    code[takes - 1..=takes + 1]
        .iter()
        .map(|line| line.text.split('#').next().unwrap_or_default().trim())
        .collect::<Vec<_>>()
        .join("; ")
}

/// How alpha-beta runs, in two sentences for a prompt: the step-through's order (update, then
/// test), and the window a node starts with.
pub fn rule_words(root: &str) -> String {
    format!(
        "Its code, as the step-through shows it: at a MAX node, for each child, `{}`; at a MIN \
         node the same with min and beta. {root} starts with α = −∞ and β = ∞, each child with \
         its parent's α and β as they stand.",
        max_node_steps()
    )
}

fn role_word(role: Role) -> &'static str {
    match role {
        Role::Maximiser => "MAX",
        Role::Minimiser => "MIN",
    }
}

/// The most nodes a tree of an alpha-beta item has: all of them are drawn to be clicked.
pub const MAX_NODES: usize = 40;

/// A random abstract tree for `level`: two levels below a MAX root (three at level 3), two or
/// three children a node, leaves 0 to 20, as the practice sites deal them.
pub fn random_tree(rng: &mut StdRng, level: u8) -> GameTree {
    let height = if level >= 3 { 3 } else { 2 };
    let widest: u32 = if level >= 2 { 3 } else { 2 };
    let mut text = String::new();
    // The number of children is drawn as a `u32`, as the sets dealt so far were.
    let mut children = |rng: &mut StdRng| rng.random_range(2..=widest) as usize;
    crate::abstract_tree::write_random_tree(rng, height, &mut children, &mut text);
    text.parse()
        .expect("a random tree is written in the notation")
}

/// The abstract tree of an item at `level`: at level 1 one of the textbooks' built-in trees,
/// then random ones from the set's seed.
pub fn pick_tree(rng: &mut StdRng, level: u8) -> (GameTree, Option<&'static str>) {
    if level <= 1 {
        let examples: Vec<&TreeExample> = tree_examples().iter().collect();
        let example = examples[super::random::below(rng, examples.len())];
        return (example.tree(), Some(example.name));
    }
    (random_tree(rng, level), None)
}

/// An alpha-beta item's key: at level 2 the window at a node, otherwise the pruned branches;
/// on a start where alpha-beta cuts, as far as `TRIES` starts allow.
pub fn make_key(
    rng: &mut StdRng,
    mut next: impl FnMut(&mut StdRng) -> PruneKey,
    level: u8,
) -> PruneKey {
    let mut tries = 0;
    let mut key = loop {
        let key = next(rng);
        tries += 1;
        let fits = key.nodes.len() <= MAX_NODES && !key.cutoffs.is_empty();
        if fits || tries >= super::random::TRIES {
            break key;
        }
    };
    if level == 2 {
        let candidates = key.window_candidates();
        if !candidates.is_empty() {
            key.ask = Ask::Window(candidates[super::random::below(rng, candidates.len())]);
        }
    }
    key
}

/// An abstract tree's values to fill in bottom-up: every inner node, children before parents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeFillKey {
    pub tree: GameTree,
    pub name: Option<&'static str>,
    /// The nodes to fill in (ids), in the order typed: each node after its children.
    pub order: Vec<usize>,
    /// Every node's minimax value (MAX's), by id, from plain minimax.
    pub values: Vec<i32>,
}

impl TreeFillKey {
    pub fn new(tree: GameTree, name: Option<&'static str>) -> TreeFillKey {
        let values: Vec<i32> = values(&tree).iter().map(|v| v.value).collect();
        // Postorder: a node after all of its children.
        fn post(node: TreePosition, out: &mut Vec<usize>) {
            for child in node.children() {
                post(child, out);
            }
            if !node.is_leaf() {
                out.push(node.id());
            }
        }
        let mut order = Vec::new();
        post(tree.root(), &mut order);
        TreeFillKey {
            tree,
            name,
            order,
            values,
        }
    }

    /// The tree as lines, one node a line, indented by depth, lettered in preorder.
    pub fn outline(&self) -> Vec<String> {
        tree_outline(&self.tree, label)
    }

    /// The tree on one line, each inner node with its children: `A MAX: B, C; B MIN: D = 3`.
    pub fn one_line(&self) -> String {
        lettered_one_line(&self.tree, |n| format!("{} {}", label(n.id()), n.side()))
    }

    /// Each inner node worked out: `C = min(2, 4, 6) = 2`.
    pub fn worked(&self) -> Vec<String> {
        self.order
            .iter()
            .map(|&id| {
                let node = self.tree.node(id).expect("a node of the tree");
                let how = match node.side() {
                    Side::Max => "max",
                    Side::Min => "min",
                };
                let children: Vec<String> = node
                    .children()
                    .map(|c| self.values[c.id()].to_string())
                    .collect();
                format!(
                    "{} = {how}({}) = {}",
                    label(id),
                    children.join(", "),
                    self.values[id]
                )
            })
            .collect()
    }
}

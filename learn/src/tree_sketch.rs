//! What a drawn tree shows, whoever draws it: the explorer's game tree, a search around its
//! current call, a typed tree and its search, as one [`Sketch`] each: nodes in leaf slots and
//! levels, each with its shape (MAX, MIN, a finished game or leaf), value, window, cross and
//! small board; edges with their moves; a label a level; the legend. The app paints a sketch and
//! `tictactoe tree --format svg` (and the app's SVG and PNG exports) write it, both through the
//! one layout of [`tree_layout`](super::tree_layout), so the picture on screen and the picture
//! in a file are the same picture.
//!
//! Moves are named as everywhere else, from 1 ([`Cell::name`]: `r3c1`, row 3, column 1). Only
//! the JSON that programs read (`analyze`, `tree`, `trace`) keeps `analyze`'s 0-based pairs.

use crate::abstract_tree::{
    AbstractPicture, CHANCE_PLACES, Chosen, average_lines, chance_value_text, probability_words,
};
use crate::engine::board::{Board, Cell, Outcome};
use crate::engine::game_tree::{GameTree, Side, TreePosition};
use crate::engine::minimax::expectiminimax;
use crate::engine::rules::Rules;
use crate::exercises::prune::label as letter;
use crate::search_picture::{SearchPicture, SearchSpot, Standing};
use crate::trace::Bound;
use crate::tree_picture::{Picture, Spot, level_label};
use crate::view::{Role, ScoreView, Seen, Shown};

/// A drawn tree: nodes, edges, a label a level and the legend.
#[derive(Debug, Clone, PartialEq)]
pub struct Sketch {
    pub nodes: Vec<SketchNode>,
    pub edges: Vec<SketchEdge>,
    /// Leaf slots across.
    pub width: usize,
    /// One label per level, from the top: "MAX: X to move (depth 0)".
    pub levels: Vec<String>,
    /// What the shapes and colours mean, a line each (written under an exported picture; the
    /// app says it beside the drawing).
    pub legend: Vec<String>,
}

/// A node's shape: who moves there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Max,
    Min,
    /// A finished game, or a leaf of a typed tree.
    End,
    /// A chance node of a typed tree: its value the average of its children's, weighted by the
    /// probabilities on their edges (drawn as a double circle, larger than a leaf's).
    Chance,
}

impl Shape {
    /// A triangle up for the maximiser, down for the minimiser, a circle where no one moves.
    pub fn of(role: Option<Role>) -> Shape {
        match role {
            Some(Role::Maximiser) => Shape::Max,
            Some(Role::Minimiser) => Shape::Min,
            None => Shape::End,
        }
    }
}

/// A node: where it goes (across in leaf slots, down in levels) and what it shows.
#[derive(Debug, Clone, PartialEq)]
pub struct SketchNode {
    pub x: f32,
    pub level: usize,
    pub shape: Shape,
    pub value: Option<i32>,
    /// The value as written, where it is not a whole number (a chance tree's `7.5`); drawn in
    /// place of `value`.
    pub value_text: Option<String>,
    /// What it is in words: the app's button name, the picture's tooltip.
    pub title: String,
    /// Not opened: its value is known, its moves are not drawn.
    pub dashed: bool,
    /// On minimax's line, or on a search's path to its current call: drawn orange.
    pub on_line: bool,
    /// Pruned: drawn faint and crossed out.
    pub crossed: bool,
    /// A small text under the node, a line each (alpha-beta's window).
    pub note: Option<String>,
    /// The position, drawn small under the node when small boards are asked for.
    pub board: Option<Board>,
    /// What its value says of the minimax value: written "≥ 7" or "≤ 2" where alpha-beta cut.
    pub bound: Bound,
    /// Not reached by the search yet, or under a pruned move: drawn faint, its value grey.
    pub faint: bool,
    /// Its letter, written beside it, as the textbooks letter a tree's nodes (and its cut-off
    /// sentences name them).
    pub label: Option<String>,
    /// Picked by the learner (in an exercise's answer): outlined thick, in the best move's colour.
    pub picked: bool,
}

/// An edge from parent to child, with its move.
#[derive(Debug, Clone, PartialEq)]
pub struct SketchEdge {
    pub from: usize,
    pub to: usize,
    pub label: String,
    /// Minimax's choice at `from` (drawn stronger than the other moves).
    pub best: bool,
    pub on_line: bool,
    /// Its child's pick and prune marked on the branch too (an exercise's tree): a bar across
    /// it where the learner picked the child, a cross where the search pruned it.
    pub marked: bool,
}

impl SketchNode {
    /// A node in its slot and level with its shape and title, plain: no value, not on the line,
    /// not crossed, dashed or noted, no board.
    pub fn at(x: f32, level: usize, shape: Shape, title: String) -> SketchNode {
        SketchNode {
            x,
            level,
            shape,
            value: None,
            value_text: None,
            title,
            dashed: false,
            on_line: false,
            crossed: false,
            note: None,
            board: None,
            bound: Bound::Exact,
            faint: false,
            label: None,
            picked: false,
        }
    }
}

impl SketchEdge {
    /// The edge `from` → `to` labelled with its move, the `best` move there or not, on the
    /// line or not.
    pub fn of(from: usize, to: usize, label: String, best: bool, on_line: bool) -> SketchEdge {
        SketchEdge {
            from,
            to,
            label,
            best,
            on_line,
            marked: false,
        }
    }
}

impl Sketch {
    /// Whether any node has a position to draw small.
    pub fn has_boards(&self) -> bool {
        self.nodes.iter().any(|node| node.board.is_some())
    }
}

/// A board's game tree `picture`, each node named by `titles` (in the picture's order); `note`
/// (a tree cut short) goes under the legend.
pub fn board_tree(
    picture: &Picture,
    seen: &Seen,
    titles: Vec<String>,
    note: Option<&str>,
) -> Sketch {
    let nodes = picture
        .spots
        .iter()
        .zip(titles)
        .map(|(spot, title)| SketchNode {
            value: spot.value.map(Shown::value),
            dashed: !spot.opened && !spot.board.outcome().is_over(),
            on_line: spot.on_line,
            board: Some(spot.board),
            ..SketchNode::at(spot.x, spot.level, Shape::of(spot.role), title)
        })
        .collect();
    let edges = picture
        .edges
        .iter()
        .map(|e| SketchEdge::of(e.from, e.to, e.cell.name(), e.best, e.on_line))
        .collect();
    let boards = picture.spots.iter().map(|spot| (spot.level, spot.board));
    Sketch {
        nodes,
        edges,
        width: picture.width,
        levels: level_labels(picture.levels, seen, boards),
        legend: board_tree_legend(seen)
            .into_iter()
            .chain(note.map(str::to_string))
            .collect(),
    }
}

/// A position as a picture's tooltip names it: "XOX/.O./X.. (O to move)".
pub fn position_title(board: &Board) -> String {
    let status = match board.outcome() {
        Outcome::Ongoing => format!("{} to move", board.to_move()),
        outcome => outcome.to_string(),
    };
    format!("{} ({status})", board.notation().as_str())
}

/// What a node of the explorer's tree is, in words, for its button's name: "O row 2, column 1:
/// 8, the minimiser moves next" (the move that led there, its value, who moves there).
pub fn node_name(spot: &Spot, move_name: Option<String>) -> String {
    let value = spot.value.map_or_else(
        || "not searched".to_string(),
        |value| value.value().to_string(),
    );
    let next = next_words(spot.board.outcome(), spot.role);
    match move_name {
        Some(played) => format!("{played}: {value}, {next}"),
        None => format!("The position: {value}, {next}"),
    }
}

/// A typed tree's `picture`: values are MAX's, as the leaves are typed, and the root is at
/// depth 0, as the textbooks and `trace` count it.
pub fn typed_tree(tree: &GameTree, picture: &AbstractPicture) -> Sketch {
    let nodes = picture
        .spots
        .iter()
        .map(|spot| {
            let node = tree.node(spot.node).expect("a spot is a node of its tree");
            let path: Vec<String> = node.path().iter().map(|i| (i + 1).to_string()).collect();
            let name = if path.is_empty() {
                "the root".to_string()
            } else {
                format!("child {}", path.join("."))
            };
            let title = match spot.side {
                Some(side) => format!("{name} ({side})"),
                None => format!("{name} (a leaf)"),
            };
            SketchNode {
                value: Some(spot.value),
                on_line: spot.on_line,
                ..SketchNode::at(spot.x, spot.level, Shape::of(spot.side.map(role_of)), title)
            }
        })
        .collect();
    let edges = picture
        .edges
        .iter()
        .map(|e| SketchEdge::of(e.from, e.to, (e.child + 1).to_string(), e.best, e.on_line))
        .collect();
    Sketch {
        nodes,
        edges,
        width: picture.width,
        levels: (0..picture.levels)
            .map(|level| tree_level_label(tree, level))
            .collect(),
        legend: tree_legend()
            .into_iter()
            .chain([LINE_WORDS.to_string()])
            .collect(),
    }
}

fn role_of(side: Side) -> Role {
    match side {
        Side::Max => Role::Maximiser,
        Side::Min => Role::Minimiser,
    }
}

/// The label of a typed tree's `level`: "MAX (depth 0)" at the root.
pub fn tree_level_label(tree: &GameTree, level: usize) -> String {
    let side = if level.is_multiple_of(2) {
        tree.root_side()
    } else {
        tree.root_side().opponent()
    };
    format!("{} (depth {level})", side.name())
}

/// Each level's label, from the first position at that level among `boards` (level, board).
fn level_labels(
    levels: usize,
    seen: &Seen,
    boards: impl Iterator<Item = (usize, Board)>,
) -> Vec<String> {
    let mut labels = vec![String::new(); levels];
    let mut labelled = vec![false; levels];
    for (level, board) in boards {
        if level < levels && !labelled[level] {
            labelled[level] = true;
            labels[level] = level_label(&board, seen, level);
        }
    }
    labels
}

/// The step-through's search around its current call: the path to the current call in orange,
/// each call's window under it, pruned moves crossed out.
pub fn board_search(picture: &SearchPicture, seen: &Seen) -> Sketch {
    let start = picture.spots[0].board;
    let boards = picture.spots.iter().map(|spot| (spot.level, spot.board));
    let levels = level_labels(picture.levels, seen, boards);
    let sides = Sides {
        max: seen.maximiser().to_string(),
        min: seen.maximiser().opponent().to_string(),
    };
    search_sketch(
        picture,
        levels,
        board_search_legend(seen),
        |number| number.bound(start.geometry()),
        Cell::name,
        search_node_name,
        |spot| Some(spot.board),
        board_place,
        board_place,
        &sides,
    )
}

/// A board's call named by the move that led to it ("r2c1"), the start "the start".
fn board_place(spot: &SearchSpot) -> String {
    spot.cell
        .map_or_else(|| "the start".to_string(), Cell::name)
}

/// The words for the two sides in a cut-off's sentence: "MAX" and "MIN" in a tree, the marks on
/// a board.
pub struct Sides {
    pub max: String,
    pub min: String,
}

impl Sides {
    /// A typed tree's: MAX and MIN.
    pub fn tree() -> Sides {
        Sides {
            max: "MAX".to_string(),
            min: "MIN".to_string(),
        }
    }
}

/// Why alpha-beta stops at a call, in one sentence: "At F (MAX): α = 7 ≥ β = 6: MIN above
/// already has 6 elsewhere, so it never lets play reach F, and H is pruned." `place` names the
/// call that cut, `cut_at` who moves there, `alpha` and `beta` its window as written, `pruned`
/// the moves skipped, `sides` the two sides' names. The tree lab, the step-through and `trace
/// --format svg` all say a cut-off with it.
pub fn cutoff_sentence(
    place: &str,
    cut_at: Role,
    alpha: &str,
    beta: &str,
    pruned: &[String],
    sides: &Sides,
) -> String {
    let (mover, above, has) = match cut_at {
        Role::Maximiser => (&sides.max, &sides.min, beta),
        Role::Minimiser => (&sides.min, &sides.max, alpha),
    };
    let skipped = match pruned {
        [] => "nothing is left to prune".to_string(),
        [one] => format!("{one} is pruned"),
        [first @ .., last] => format!("{} and {last} are pruned", first.join(", ")),
    };
    format!(
        "At {place} ({mover}): α = {alpha} ≥ β = {beta}: {above} above already has {has} \
         elsewhere, so it never lets play reach {place}, and {skipped}."
    )
}

/// A cut-off in a drawn search: the node that cut (its index in the picture) and why, in one
/// sentence ([`cutoff_sentence`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cutoff {
    pub at: usize,
    pub sentence: String,
}

/// The cut-offs a search's picture shows, each with its sentence: every node with moves crossed
/// out under it, in the picture's order.
fn cutoffs_of<G: Rules>(
    picture: &SearchPicture<G>,
    bound: &impl Fn(Shown) -> String,
    place: &impl Fn(&SearchSpot<G>) -> String,
    pruned_name: &impl Fn(&SearchSpot<G>) -> String,
    sides: &Sides,
) -> Vec<Cutoff> {
    let mut cuts: Vec<(usize, Vec<usize>)> = Vec::new();
    for &(from, to) in &picture.edges {
        let cut = picture.spots[to].standing == Standing::Pruned
            && picture.spots[from].standing != Standing::Pruned;
        if !cut {
            continue;
        }
        match cuts.iter_mut().find(|(at, _)| *at == from) {
            Some((_, pruned)) => pruned.push(to),
            None => cuts.push((from, vec![to])),
        }
    }
    cuts.into_iter()
        .filter_map(|(at, pruned)| {
            let spot = &picture.spots[at];
            let (alpha, beta) = picture.spots[pruned[0]].window?;
            let names: Vec<String> = pruned
                .iter()
                .map(|&index| pruned_name(&picture.spots[index]))
                .collect();
            let sentence = cutoff_sentence(
                &place(spot),
                spot.role?,
                &bound(alpha),
                &bound(beta),
                &names,
                sides,
            );
            Some(Cutoff { at, sentence })
        })
        .collect()
}

/// The cut-offs of a board's search as the step-through draws it ([`board_search`]).
pub fn board_cutoffs(picture: &SearchPicture, seen: &Seen) -> Vec<Cutoff> {
    let geometry = picture.spots[0].board.geometry();
    let sides = Sides {
        max: seen.maximiser().to_string(),
        min: seen.maximiser().opponent().to_string(),
    };
    cutoffs_of(
        picture,
        &|number: Shown| number.bound(geometry),
        &board_place,
        &board_place,
        &sides,
    )
}

/// The cut-offs of a typed tree's search as the tree lab draws it ([`tree_search`]): nodes
/// named by their letters, a pruned leaf with its value ("H (9)").
pub fn tree_cutoffs(picture: &SearchPicture<TreePosition<'_>>, tree: &GameTree) -> Vec<Cutoff> {
    cutoffs_of(
        picture,
        &tree_bound(tree),
        &tree_place,
        &tree_pruned_name,
        &Sides::tree(),
    )
}

/// A typed tree's node by its letter (preorder, the root A).
fn tree_place(spot: &SearchSpot<TreePosition<'_>>) -> String {
    letter(spot.board.id())
}

/// A pruned node of a typed tree: its letter, and a leaf's value ("H (9)").
fn tree_pruned_name(spot: &SearchSpot<TreePosition<'_>>) -> String {
    match spot.board.leaf() {
        Some(value) => format!("{} ({value})", letter(spot.board.id())),
        None => letter(spot.board.id()),
    }
}

/// How a typed tree's search writes a window's end: its number, or ±inf beyond every leaf.
fn tree_bound(tree: &GameTree) -> impl Fn(Shown) -> String {
    let infinity = tree.root().infinity().value();
    move |number: Shown| match number.value() {
        value if value >= infinity => "+inf".to_string(),
        value if value <= -infinity => "-inf".to_string(),
        value => value.to_string(),
    }
}

/// A typed tree's search, drawn as [`board_search`] draws a board's: moves named by their place
/// among their siblings from 1 (as the textbooks count leaves), every level MAX or MIN with its
/// depth from the root, 0.
pub fn tree_search(picture: &SearchPicture<TreePosition<'_>>, tree: &GameTree) -> Sketch {
    let levels = (0..picture.levels)
        .map(|level| tree_level_label(tree, level))
        .collect();
    let mut sketch = search_sketch(
        picture,
        levels,
        tree_search_legend(),
        tree_bound(tree),
        |index: usize| (index + 1).to_string(),
        tree_node_name,
        |_| None,
        tree_place,
        tree_pruned_name,
        &Sides::tree(),
    );
    for (node, spot) in sketch.nodes.iter_mut().zip(&picture.spots) {
        node.label = Some(letter(spot.board.id()));
    }
    sketch
}

/// A search's picture as a sketch: `bound` writes a window's number, `move_name` an edge's
/// move, `name` a node's title (given its window in words), `pruned_name` a pruned node in a
/// cut-off's sentence; the sentences follow the legend.
#[allow(clippy::too_many_arguments)]
fn search_sketch<G: Rules>(
    picture: &SearchPicture<G>,
    levels: Vec<String>,
    legend: Vec<String>,
    bound: impl Fn(Shown) -> String,
    move_name: impl Fn(G::Move) -> String,
    name: impl Fn(&SearchSpot<G>, Option<String>) -> String,
    board: impl Fn(&SearchSpot<G>) -> Option<Board>,
    place: impl Fn(&SearchSpot<G>) -> String,
    pruned_name: impl Fn(&SearchSpot<G>) -> String,
    sides: &Sides,
) -> Sketch {
    let mut parent_of = vec![None; picture.spots.len()];
    for &(from, to) in &picture.edges {
        parent_of[to] = Some(from);
    }
    // A pruned branch is crossed where it was cut; the nodes under it are only faint.
    let cut_here = |index: usize| {
        picture.spots[index].standing == Standing::Pruned
            && parent_of[index]
                .is_none_or(|parent| picture.spots[parent].standing != Standing::Pruned)
    };
    let window = |spot: &SearchSpot<G>| {
        spot.window
            .map(|(alpha, beta)| format!("α {}\nβ {}", bound(alpha), bound(beta)))
    };
    let on_path =
        |spot: &SearchSpot<G>| matches!(spot.standing, Standing::Waiting | Standing::Current);
    let nodes = picture
        .spots
        .iter()
        .enumerate()
        .map(|(index, spot)| {
            let title = name(spot, window(spot).map(|w| w.replace('\n', " ")));
            SketchNode {
                value: spot.value.map(Shown::value),
                on_line: on_path(spot),
                crossed: cut_here(index),
                faint: matches!(spot.standing, Standing::Unvisited | Standing::Pruned)
                    && !cut_here(index),
                bound: spot.bound,
                note: window(spot),
                board: board(spot),
                ..SketchNode::at(spot.x, spot.level, Shape::of(spot.role), title)
            }
        })
        .collect();
    let sentences = cutoffs_of(picture, &bound, &place, &pruned_name, sides);
    let edges = picture
        .edges
        .iter()
        .map(|&(from, to)| {
            let spot = &picture.spots[to];
            let mv = spot.cell.expect("below the root, a move led here");
            SketchEdge {
                from,
                to,
                label: move_name(mv),
                best: false,
                on_line: on_path(spot),
                marked: false,
            }
        })
        .collect();
    Sketch {
        nodes,
        edges,
        width: picture.width,
        levels,
        legend: legend
            .into_iter()
            .chain(sentences.into_iter().map(|cut| cut.sentence))
            .collect(),
    }
}

/// What a node of a tree's search is, in words: "Node 2.1: returned 3, MIN moves next", "Node
/// 2.2: pruned (α 3 β 2)" (its place from the root, each child counted from 1).
fn tree_node_name(spot: &SearchSpot<TreePosition<'_>>, window: Option<String>) -> String {
    let path = spot.board.path();
    let name = letter(spot.board.id());
    let place = if path.is_empty() {
        format!("The root {name}")
    } else {
        let steps: Vec<String> = path.iter().map(|index| (index + 1).to_string()).collect();
        format!("Node {name} ({})", steps.join("."))
    };
    let what = call_words(spot, window);
    let next = match spot.role {
        Some(Role::Maximiser) => "MAX moves next",
        Some(Role::Minimiser) => "MIN moves next",
        None => "a leaf",
    };
    format!("{place}: {what}, {next}")
}

/// Where a call of a search stands, in words: "returned 8", "pruned (α 8 β 10)", "running now,
/// best so far 0 (α 0 β 11)" (`window` in words).
fn call_words<G: Rules>(spot: &SearchSpot<G>, window: Option<String>) -> String {
    let window = window.map_or_else(String::new, |window| format!(" ({window})"));
    let value = |words: &str| {
        spot.value
            .map_or_else(String::new, |value| format!(", {words} {}", value.value()))
    };
    match spot.standing {
        Standing::Returned => match spot.value {
            Some(value) => match spot.bound {
                Bound::Exact => format!("returned {}", value.value()),
                bound => format!(
                    "returned {}, a bound: its minimax value is {}",
                    value.value(),
                    bound.write(value.value())
                ),
            },
            None => "returned".to_string(),
        },
        Standing::Unvisited => match spot.value {
            Some(value) => format!("not reached yet, worth {}", value.value()),
            None => "not reached yet".to_string(),
        },
        Standing::Waiting => format!("waiting{}{window}", value("best so far")),
        Standing::Current => format!("running now{}{window}", value("best so far")),
        Standing::Pruned => format!("pruned{window}"),
    }
}

/// What a node of the search is, in words: "Call O row 2, column 1: returned 8", "… pruned
/// (α 8 β 10)", "… under way, best so far 0 (α 0 β 11)".
fn search_node_name(spot: &SearchSpot, window: Option<String>) -> String {
    let what = call_words(spot, window);
    let place = match spot.cell {
        Some(cell) => format!("Call {} {}", spot.board.to_move().opponent(), cell.human()),
        None => "findBestMove".to_string(),
    };
    format!(
        "{place}: {what}, {}",
        next_words(spot.board.outcome(), spot.role)
    )
}

fn next_words(outcome: Outcome, role: Option<Role>) -> String {
    match (outcome, role) {
        (Outcome::Ongoing, Some(Role::Maximiser)) => "the maximiser moves next".to_string(),
        (Outcome::Ongoing, _) => "the minimiser moves next".to_string(),
        (outcome, _) => outcome.to_string(),
    }
}

/// How a board's drawings name a move, said under them.
const MOVES: &str = "Moves name cells from 1, as the app does: r3c1 is row 3, column 1.";
/// What the orange line of a drawn tree is.
const LINE_WORDS: &str = "Orange: minimax's line.";

/// What a board's drawn tree or search needs said first: its shapes, whose values, how depth
/// counts, how moves are named.
pub fn board_legend(seen: &Seen) -> Vec<String> {
    let values = match seen.view() {
        ScoreView::SideToMove => "Values are the top player's.",
        ScoreView::Articles => "Values are X's (X maximises).",
    };
    [
        "Triangle up: the maximiser moves; down: the minimiser; circle: the game is over.",
        values,
        "Depth as minimax(board, depth, isMax) counts it: the top's moves lead to depth 0.",
        MOVES,
    ]
    .iter()
    .map(|line| line.to_string())
    .collect()
}

/// What a typed tree's drawing needs said first: its shapes, whose values, how depth and
/// children count.
pub fn tree_legend() -> Vec<String> {
    [
        "Triangle up: MAX moves; down: MIN; circle: a leaf.",
        "Values are MAX's, as the leaves are typed. Depth counted from the root, 0.",
        "Children numbered from 1, left to right, the order the search tries them.",
    ]
    .iter()
    .map(|line| line.to_string())
    .collect()
}

/// What a drawn search's shapes and colours mean, after [`board_legend`] or [`tree_legend`].
pub fn search_legend() -> Vec<String> {
    [
        "Orange: the calls under way. Crossed out: pruned, with the window that cut it.",
        "Under a call: its window, alpha over beta.",
        "≥ v, ≤ v: alpha-beta stopped early there: the minimax value is at least, at most v.",
    ]
    .iter()
    .map(|line| line.to_string())
    .collect()
}

/// The legend of the explorer's tree and of `tictactoe tree --format svg`.
pub fn board_tree_legend(seen: &Seen) -> Vec<String> {
    let mut legend = board_legend(seen);
    legend.push(format!(
        "{LINE_WORDS} Dashed: a position whose moves are not drawn."
    ));
    legend
}

/// The legend of a drawn search of a board.
pub fn board_search_legend(seen: &Seen) -> Vec<String> {
    let mut legend = board_legend(seen);
    legend.extend(search_legend());
    legend
}

/// The legend of a typed tree's drawn search: the whole tree, up front.
pub fn tree_search_legend() -> Vec<String> {
    let mut legend = tree_legend();
    legend.extend([
        "Orange: the calls under way. Crossed out: pruned where it was cut, with the window \
         that cut it; faint: not reached yet, or under a pruned move."
            .to_string(),
        "Under a call: the window it was passed, alpha over beta (under way: its window now). \
         Letters name the nodes."
            .to_string(),
        "≥ v, ≤ v: alpha-beta stopped early there: the minimax value is at least, at most v."
            .to_string(),
    ]);
    legend
}

/// A tree with chance nodes, drawn with its expectiminimax values (MAX's, [`CHANCE_PLACES`]
/// decimal places): MAX and MIN as triangles, chance nodes as double circles with each
/// child's probability on its edge and the average written out under them, MAX's and MIN's
/// choices from the root in orange (down to the first chance node, where chance decides). A
/// level's label names the kinds of node on it: "MIN / chance (depth 1)".
pub fn chance_tree(tree: &GameTree) -> Sketch {
    let values = expectiminimax(tree);
    let chosen = Chosen::new(tree, |id| values[id].best);
    let nodes = tree
        .nodes()
        .map(|node| {
            let path: Vec<String> = node.path().iter().map(|i| (i + 1).to_string()).collect();
            let name = if path.is_empty() {
                "the root".to_string()
            } else {
                format!("child {}", path.join("."))
            };
            let value = chance_value_text(values[node.id()].value);
            let average = average_lines(&node, &values);
            let (shape, title) = if node.is_leaf() {
                (Shape::End, format!("{name} (a leaf): {value}"))
            } else if node.is_chance() {
                (
                    Shape::Chance,
                    format!("{name} (chance): {}", average.join(" ")),
                )
            } else {
                let side = node.side();
                (
                    Shape::of(Some(role_of(side))),
                    format!("{name} ({side}): {value}"),
                )
            };
            SketchNode {
                value_text: Some(value),
                on_line: chosen.on_line[node.id()],
                note: (!average.is_empty()).then(|| average.join("\n")),
                ..SketchNode::at(chosen.across[node.id()], node.depth(), shape, title)
            }
        })
        .collect();
    let edges = chosen
        .edges(tree)
        .into_iter()
        .map(|edge| {
            let label = match edge.child.probability() {
                Some(probability) if edge.parent.is_chance() => probability_words(probability),
                _ => (edge.index + 1).to_string(),
            };
            let (from, to) = (edge.parent.id(), edge.child.id());
            SketchEdge::of(from, to, label, edge.best, edge.on_line)
        })
        .collect();
    let levels = (0..=tree.height())
        .map(|level| chance_level_label(tree, level))
        .collect();
    Sketch {
        nodes,
        edges,
        width: chosen.width,
        levels,
        legend: chance_legend(),
    }
}

/// The label of a chance tree's `level`: the kinds of inner node on it, MAX, MIN and chance in
/// that order ("leaves" where there are none), and its depth.
pub fn chance_level_label(tree: &GameTree, level: usize) -> String {
    let at_level: Vec<TreePosition> = tree
        .nodes()
        .filter(|node| node.depth() == level && !node.is_leaf())
        .collect();
    let kind = |node: &TreePosition| {
        if node.is_chance() {
            "chance"
        } else {
            node.side().name()
        }
    };
    let kinds: Vec<&str> = [Side::Max.name(), Side::Min.name(), "chance"]
        .into_iter()
        .filter(|wanted| at_level.iter().any(|node| kind(node) == *wanted))
        .collect();
    let kinds = if kinds.is_empty() {
        "leaves".to_string()
    } else {
        kinds.join(" / ")
    };
    format!("{kinds} (depth {level})")
}

/// What a chance tree's drawing needs said: its shapes, what the numbers on the edges and under
/// the chance nodes are, how values are written.
pub fn chance_legend() -> Vec<String> {
    vec![
        "Triangle up: MAX moves; down: MIN; double circle: chance; small circle: a leaf."
            .to_string(),
        "On a chance node's edges: each child's probability; under it: its average, \
         probability times value added up."
            .to_string(),
        format!(
            "Values are expectiminimax's, MAX's, to {CHANCE_PLACES} decimal places (≈ where \
             rounded). Depth counted from the root, 0."
        ),
        "Orange: MAX's and MIN's choices from the root, down to where chance decides.".to_string(),
    ]
}

#[cfg(test)]
mod chance_tests {
    use super::*;

    #[test]
    fn a_chance_tree_is_drawn_with_its_averages_and_probabilities() {
        let tree: GameTree = "[chance[3, 12], chance[2, 4, 6]]".parse().unwrap();
        let sketch = chance_tree(&tree);
        let root = &sketch.nodes[0];
        assert_eq!(root.value_text.as_deref(), Some("7.5"));
        assert_eq!(root.shape, Shape::Max);
        assert_eq!(root.title, "the root (MAX): 7.5");
        let first = &sketch.nodes[1];
        assert_eq!(first.shape, Shape::Chance);
        assert_eq!(first.note.as_deref(), Some("½·3 + ½·12\n= 7.5"));
        assert_eq!(first.title, "child 1 (chance): ½·3 + ½·12 = 7.5");
        assert!(first.on_line && !sketch.nodes[4].on_line);
        assert_eq!(sketch.nodes[4].value_text.as_deref(), Some("4"));
        let labels: Vec<&str> = sketch.edges.iter().map(|e| e.label.as_str()).collect();
        assert_eq!(labels, ["1", "2", "½", "½", "1/3", "1/3", "1/3"]);
        assert_eq!(
            sketch.levels,
            ["MAX (depth 0)", "chance (depth 1)", "leaves (depth 2)"]
        );
        let mixed: GameTree = "min:[chance[[3,5],[2,9]], 4]".parse().unwrap();
        assert_eq!(chance_tree(&mixed).levels[1], "chance (depth 1)");
        assert_eq!(chance_tree(&mixed).levels[2], "MAX (depth 2)");
    }
}

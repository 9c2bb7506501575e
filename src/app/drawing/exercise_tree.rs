//! The tree of an alpha-beta or fill-in exercise, drawn as the textbooks draw it: a letter on
//! every node (how answers name them), MAX and MIN by shape, leaves with their values, a board's
//! moves on the edges. Each node is a button with a name for screen readers: clicking or tapping
//! one adds its letter to the answer, or takes it back. Once graded, "Show the search" draws the
//! trace over it: what each call returned, its window, the branches pruned crossed out.
//!
//! The exercise's tree becomes a [`Sketch`] that holds all the drawing shows (the letters, the
//! learner's picks, the pruned nodes, the notes, the marks on the branches), laid out by learn's
//! one layout and painted by the one painter, as every other tree picture
//! ([`tree_drawing::draw_with`](super::tree_drawing::draw_with), its nodes an answer's picks).
//!
//! A chance item's tree ([`chance_sketch`]) is the tree lab's drawing of the same tree
//! ([`chance_tree`]), painted by the lab's painter: chance nodes as double circles, each child's
//! probability on its edge; lettered as the prompt letters them, the node asked about outlined,
//! and until the answer is graded no value but the leaves'.

use crate::learn::abstract_tree::{average_lines, chance_value_text, probability_words};
use crate::learn::exercises::prune::{PruneKey, TreeFillKey, label};
use crate::learn::exercises::{ChanceAsk, ChanceKey};
use crate::learn::tree_picture::tidy;
use crate::learn::tree_sketch::{Shape, Sketch, SketchEdge, SketchNode, chance_tree};
use crate::learn::view::Role;

/// A node of an exercise's tree before it is placed: its parent, the move on the edge from it
/// (a board's cell), and the sketch node it becomes (its place across still to be found, its
/// name still to be given).
struct Unplaced {
    parent: Option<usize>,
    edge: Option<String>,
    node: SketchNode,
}

/// The tree of an alpha-beta item; `chosen` are the nodes in the answer (`picked`); `reveal`
/// adds the trace's values, windows (`note`) and pruned branches (`crossed`, and `faint` below
/// them).
pub fn prune_sketch(key: &PruneKey, chosen: &[usize], reveal: bool) -> Sketch {
    let nodes = key.nodes.iter().enumerate().map(|(id, node)| {
        let note = reveal.then(|| {
            let returned = key.returned[id].map(|v| v.value().to_string());
            // Every searched node's window as the search left it, the root's too.
            let window = key.final_window(id).map(|w| key.window_text(w));
            match (returned, window, node.leaf) {
                (_, _, Some(_)) => None,
                (Some(v), Some(w), None) => Some(format!("{v} {w}")),
                (Some(v), None, None) => Some(v),
                (None, Some(w), None) => Some(w),
                (None, None, None) => None,
            }
        });
        Unplaced {
            parent: node.parent,
            edge: node.move_name.clone(),
            node: SketchNode {
                value: node.leaf.map(|v| v.value()),
                label: Some(node.label.clone()),
                picked: chosen.contains(&id),
                crossed: reveal && key.pruned.contains(&id),
                faint: reveal && key.returned[id].is_none(),
                note: note.flatten(),
                ..SketchNode::at(0.0, node.depth, Shape::of(node.role), String::new())
            },
        }
    });
    placed(nodes.collect())
}

/// The tree of a fill-in item on an abstract tree; `reveal` writes each inner node's value.
pub fn fill_sketch(key: &TreeFillKey, reveal: bool) -> Sketch {
    let nodes = key.tree.nodes().map(|node| {
        let role = (!node.is_leaf()).then(|| match node.side() {
            crate::engine::game_tree::Side::Max => Role::Maximiser,
            crate::engine::game_tree::Side::Min => Role::Minimiser,
        });
        Unplaced {
            parent: (node.id() > 0).then(|| {
                let path = node.path();
                let mut at = key.tree.root();
                for &step in &path[..path.len() - 1] {
                    at = at.child(step).expect("a path of the tree");
                }
                at.id()
            }),
            edge: None,
            node: SketchNode {
                value: node.leaf(),
                label: Some(label(node.id())),
                note: (reveal && !node.is_leaf()).then(|| key.values[node.id()].to_string()),
                ..SketchNode::at(0.0, node.depth(), Shape::of(role), String::new())
            },
        }
    });
    placed(nodes.collect())
}

/// The tree of a chance item, as the tree lab draws it ([`chance_tree`]) with the nodes lettered
/// as the prompt letters them and the node asked about outlined (a value asked: written `?` in
/// it; MAX's move: the root). Until `reveal` (the answer graded) only the leaves have values: no
/// inner node's value, no average, no line of MAX's choices. No level labels: the shapes say who
/// moves, and the room goes to the tree.
pub fn chance_sketch(key: &ChanceKey, reveal: bool) -> Sketch {
    let mut sketch = chance_tree(&key.tree);
    let asked = match key.ask {
        ChanceAsk::Value(id) => id,
        ChanceAsk::Move => 0,
    };
    for (node, position) in sketch.nodes.iter_mut().zip(key.tree.nodes()) {
        let id = position.id();
        let kind = match (position.leaf(), position.is_chance()) {
            (Some(leaf), _) => format!("leaf {leaf}"),
            (None, true) => "chance".to_string(),
            (None, false) => position.side().name().to_string(),
        };
        let mut words = vec![format!("Node {}", label(id)), kind];
        words.extend(
            position
                .probability()
                .map(|p| format!("p = {}", probability_words(p))),
        );
        if id == asked {
            words.push(match key.ask {
                ChanceAsk::Value(_) => "its value asked".to_string(),
                ChanceAsk::Move => "MAX's move asked".to_string(),
            });
        }
        if reveal && !position.is_leaf() {
            let average = average_lines(&position, &key.values);
            words.push(match average.is_empty() {
                true => format!("worth {}", chance_value_text(key.values[id].value)),
                false => average.join(" "),
            });
        }
        node.title = words.join(", ");
        node.label = Some(label(id));
        node.picked = id == asked;
        if !reveal && !position.is_leaf() {
            let asked_value = id == asked && matches!(key.ask, ChanceAsk::Value(_));
            node.value_text = asked_value.then(|| "?".to_string());
            node.note = None;
        }
        node.on_line &= reveal;
    }
    for edge in &mut sketch.edges {
        edge.best &= reveal;
        edge.on_line &= reveal;
    }
    sketch.levels = vec![String::new(); sketch.levels.len()];
    sketch.legend = Vec::new();
    sketch
}

/// What a node is called for a screen reader and a test: "Node E, MIN, move r1c2, leaf 4, in
/// your answer".
fn node_name(node: &SketchNode, edge: Option<&str>) -> String {
    let mut words = vec![format!(
        "Node {}",
        node.label.as_deref().unwrap_or_default()
    )];
    match node.shape {
        Shape::Max => words.push("MAX".to_string()),
        Shape::Min => words.push("MIN".to_string()),
        Shape::End | Shape::Chance => {}
    }
    if let Some(edge) = edge {
        words.push(format!("move {edge}"));
    }
    if let Some(leaf) = node.value {
        words.push(format!("leaf {leaf}"));
    }
    if node.picked {
        words.push("in your answer".to_string());
    }
    if node.crossed {
        words.push("pruned".to_string());
    }
    if let Some(note) = &node.note {
        words.push(format!("returned {note}"));
    }
    words.join(", ")
}

/// The nodes as a tree picture's sketch, everything the drawing shows as data: each node in its
/// slot (as [`tidy`] places every tree picture's) with its name, each edge with its move and
/// its child's pick and prune marked on it.
fn placed(unplaced: Vec<Unplaced>) -> Sketch {
    let mut children = vec![Vec::new(); unplaced.len()];
    for (id, node) in unplaced.iter().enumerate() {
        if let Some(parent) = node.parent {
            children[parent].push(id);
        }
    }
    let (across, width) = tidy(&children);
    let levels = unplaced.iter().map(|n| n.node.level).max().unwrap_or(0) + 1;
    let edges = unplaced
        .iter()
        .enumerate()
        .filter_map(|(id, node)| {
            let label = node.edge.clone().unwrap_or_default();
            Some(SketchEdge {
                marked: true,
                ..SketchEdge::of(node.parent?, id, label, false, false)
            })
        })
        .collect();
    let nodes = unplaced
        .into_iter()
        .enumerate()
        .map(|(id, Unplaced { edge, node, .. })| SketchNode {
            x: across[id],
            title: node_name(&node, edge.as_deref()),
            ..node
        })
        .collect();
    Sketch {
        nodes,
        edges,
        width,
        // No level labels: the shapes say MAX and MIN, and the room goes to the tree.
        levels: vec![String::new(); levels],
        legend: Vec::new(),
    }
}

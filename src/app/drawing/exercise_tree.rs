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

use crate::learn::exercises::prune::{PruneKey, TreeFillKey, label};
use crate::learn::tree_picture::tidy;
use crate::learn::tree_sketch::{Shape, Sketch, SketchEdge, SketchNode};
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

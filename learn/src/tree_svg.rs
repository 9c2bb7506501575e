//! Drawn trees as SVG pictures, for slides: `tictactoe tree --format svg` and the app's "Export
//! SVG" (and PNG, rasterised from it) write them. The writer draws a [`Scene`], the one layout
//! the app paints too ([`tree_layout`](super::tree_layout)): it only gives each colour role a
//! colour on white paper (the app's light theme's, the marks in the board's colours) and writes
//! each item as an element, a node's items in a group with its title as the tooltip.

use std::fmt::Write;

use crate::abstract_tree::AbstractPicture;
use crate::engine::board::{Board, Mark};
use crate::engine::game_tree::GameTree;
use crate::engine::minimax::{SearchControl, Stop};
use crate::search_picture::{search_picture, whole_search_picture};
use crate::trace::{StepState, TraceAlgorithm, trace, whole_trace};
use crate::tree_layout::{Anchor, Fill, Ink, Item, Point, Scene, scene, scene_sized};
use crate::tree_picture::Picture;
use crate::tree_sketch::{self, Sketch, position_title};
use crate::view::Seen;
use crate::view::SeenTree;

/// How far below a text's middle its baseline is, as a share of its size.
pub const BASELINE: f32 = 0.35;

/// A colour role's colour on white paper.
pub fn ink(ink: Ink) -> &'static str {
    match ink {
        Ink::Text => "#222",
        Ink::Strong => "#444",
        Ink::Soft => "#555",
        Ink::Faint => "#aaa",
        Ink::Line => "#d9822b",
        Ink::Grid => "#999",
        // The board's own colours on a light theme: X red, O blue.
        Ink::Mark(Mark::X) => "#d64828",
        Ink::Mark(Mark::O) => "#1482aa",
        // The board's palette on a light theme: the best move's, a loss's.
        Ink::Picked => "#c88c00",
        Ink::Cut => "#c82828",
    }
}

fn fill(fill: Fill) -> &'static str {
    match fill {
        Fill::Node => "#f4f4f4",
        Fill::Paper => "white",
    }
}

/// A board's game tree `picture` as a standalone SVG document, as `tictactoe tree --format svg`
/// draws it: each node titled with its position; `note` (a tree cut short) under the legend;
/// with `boards`, each position drawn small under its node.
pub fn board_tree_svg(picture: &Picture, seen: &Seen, note: Option<&str>, boards: bool) -> String {
    let titles = picture
        .spots
        .iter()
        .map(|spot| position_title(&spot.board))
        .collect();
    svg(
        &tree_sketch::board_tree(picture, seen, titles, note),
        boards,
    )
}

/// A typed tree's `picture` as a standalone SVG document.
pub fn typed_tree_svg(tree: &GameTree, picture: &AbstractPicture) -> String {
    svg(&tree_sketch::typed_tree(tree, picture), false)
}

/// A typed tree's whole search by `algorithm`, finished, as the tree lab draws it at its end
/// (and `tictactoe trace TREE --format svg` writes it): every node with its value, a bound where
/// alpha-beta cut, pruned branches crossed, each cut-off's sentence after the legend.
pub fn tree_search_svg(tree: &GameTree, algorithm: TraceAlgorithm) -> String {
    svg(&tree_search_sketch(tree, algorithm), false)
}

/// The sketch of [`tree_search_svg`]: the tree lab's drawing after the search's last step.
pub fn tree_search_sketch(tree: &GameTree, algorithm: TraceAlgorithm) -> Sketch {
    let steps = whole_trace(&tree.root(), algorithm);
    let shown = steps
        .iter()
        .map(|(step, pruned)| (*step, pruned.as_slice()));
    let picture = whole_search_picture(tree.root(), shown, &SeenTree::new(tree));
    tree_sketch::tree_search(&picture, tree)
}

/// A board's search by `algorithm` under `control`, finished, as the step-through draws it at
/// its end (the start and its moves' values, as `seen` shows them); or why it stopped.
pub fn board_search_svg(
    board: &Board,
    algorithm: TraceAlgorithm,
    control: &SearchControl,
    seen: &Seen,
) -> Result<String, Stop> {
    let mut state = StepState::new(*board);
    trace(board, algorithm, control, |event| state.apply(&event))?;
    let picture = search_picture(&state, seen);
    Ok(svg(&tree_sketch::board_search(&picture, seen), false))
}

/// The standalone SVG document of `sketch`, laid out as the app lays it out.
pub fn svg(sketch: &Sketch, boards: bool) -> String {
    write_scene(&scene(sketch, boards))
}

/// The standalone SVG document of `sketch` laid out in the room `sizing` needs
/// ([`scene_sized`]), as the app lays out a search stepped through.
pub fn svg_sized(sketch: &Sketch, boards: bool, sizing: &Sketch) -> String {
    write_scene(&scene_sized(sketch, boards, sizing))
}

/// The standalone SVG document of `scene`.
pub fn write_scene(scene: &Scene) -> String {
    let mut out = String::new();
    write_all(&mut out, scene).expect("writing to a String does not fail");
    out
}

fn write_all(out: &mut String, scene: &Scene) -> std::fmt::Result {
    let (width, height) = (scene.size.x.ceil(), scene.size.y.ceil());
    writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">"
    )?;
    writeln!(out, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>")?;
    for item in &scene.items {
        write_item(out, item)?;
    }
    for node in &scene.nodes {
        writeln!(out, "<g>")?;
        writeln!(out, "<title>{}</title>", escape(&node.title))?;
        for item in &node.items {
            write_item(out, item)?;
        }
        writeln!(out, "</g>")?;
    }
    for item in &scene.legend {
        write_item(out, item)?;
    }
    writeln!(out, "</svg>")
}

fn write_item(out: &mut String, item: &Item) -> std::fmt::Result {
    let dash = |dashed: bool| {
        if dashed {
            " stroke-dasharray=\"4 3\""
        } else {
            ""
        }
    };
    match item {
        Item::Line {
            from,
            to,
            width,
            ink: colour,
        } => writeln!(
            out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{width}\"/>",
            from.x,
            from.y,
            to.x,
            to.y,
            ink(*colour)
        ),
        Item::Polygon {
            points,
            fill: inside,
            width,
            ink: colour,
            dashed,
        } => {
            let points: Vec<String> = points.iter().map(|p| format!("{},{}", p.x, p.y)).collect();
            writeln!(
                out,
                "<polygon points=\"{}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{width}\"{}/>",
                points.join(" "),
                fill(*inside),
                ink(*colour),
                dash(*dashed)
            )
        }
        Item::Circle {
            centre,
            radius,
            fill: inside,
            width,
            ink: colour,
            dashed,
        } => writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{radius}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"{width}\"{}/>",
            centre.x,
            centre.y,
            inside.map_or("none", fill),
            ink(*colour),
            dash(*dashed)
        ),
        Item::Rect {
            min,
            max,
            fill: inside,
            ink: colour,
        } => writeln!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" stroke=\"{}\"/>",
            min.x,
            min.y,
            max.x - min.x,
            max.y - min.y,
            fill(*inside),
            ink(*colour)
        ),
        Item::Text {
            at,
            anchor,
            text,
            size,
            ink: colour,
            bold,
            halo,
        } => {
            let Point { x, y } = *at;
            let anchor = match anchor {
                Anchor::Left => "",
                Anchor::Centre => " text-anchor=\"middle\"",
            };
            let bold = if *bold { " font-weight=\"bold\"" } else { "" };
            // A halo of the paper's colour, so that the edges under it do not strike it through.
            let halo = if *halo {
                " stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\""
            } else {
                ""
            };
            writeln!(
                out,
                "<text x=\"{x}\" y=\"{}\" font-size=\"{size}\" fill=\"{}\"{anchor}{bold}{halo}>{}</text>",
                y + size * BASELINE,
                ink(*colour),
                escape(text)
            )
        }
    }
}

/// Text made safe inside an SVG element.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The sketch's own checks, here above it: some read it back through the layout and the SVG.
#[cfg(test)]
mod sketch_tests {
    use crate::abstract_tree::find_tree;
    use crate::engine::board::Board;
    use crate::engine::game_tree::{GameTree, Side, TreePosition};
    use crate::search_picture::Standing;
    use crate::search_picture::whole_search_picture;
    use crate::trace::Bound;
    use crate::trace::{TraceAlgorithm, whole_trace};
    use crate::tree_layout::{Item, scene};
    use crate::tree_sketch::*;
    use crate::view::SeenTree;
    use crate::view::{Role, Seen};

    /// Minimax written out for the test: MAX's value at `node`, MAX maximising.
    fn minimax(node: &TreePosition) -> i32 {
        match node.leaf() {
            Some(value) => value,
            None => {
                let values = node.children().map(|child| minimax(&child));
                match node.side() {
                    Side::Max => values.max().unwrap(),
                    Side::Min => values.min().unwrap(),
                }
            }
        }
    }

    /// The finished alpha-beta search of `tree`, drawn as the tree lab and `trace --format svg`
    /// draw it.
    fn finished(tree: &GameTree) -> Sketch {
        super::tree_search_sketch(tree, TraceAlgorithm::AlphaBetaClassic)
    }

    /// The texts drawn for node `index` of `sketch`'s scene.
    fn texts(sketch: &Sketch, index: usize) -> Vec<String> {
        scene(sketch, false).nodes[index]
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Text { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect()
    }

    /// The textbooks' three cut-offs: F (MAX, minimax value 9) stops at its 7 and reads "≥ 7";
    /// I (MIN, value 1) stops at its 2 and reads "≤ 2"; T (MAX, value 9) reads "≥ 9"; every other
    /// node searched reads its minimax value, and the pruned leaves keep theirs, grey.
    #[test]
    fn three_cutoffs_draws_f_as_at_least_7_and_i_as_at_most_2() {
        let tree = find_tree("three-cutoffs").unwrap().tree();
        let sketch = finished(&tree);
        let bounds: Vec<(String, String)> = sketch
            .nodes
            .iter()
            .filter(|node| node.bound != Bound::Exact)
            .map(|node| {
                let label = node.label.clone().unwrap();
                (label, node.bound.write(node.value.unwrap()))
            })
            .collect();
        let expected = [("F", "≥ 7"), ("I", "≤ 2"), ("T", "≥ 9")];
        assert_eq!(
            bounds,
            expected.map(|(a, b)| (a.to_string(), b.to_string()))
        );
        let minimax_of = |id: usize| minimax(&tree.node(id).unwrap());
        assert_eq!((minimax_of(5), minimax_of(8)), (9, 1));
        assert!(texts(&sketch, 5).contains(&"≥ 7".to_string()));
        assert!(texts(&sketch, 8).contains(&"≤ 2".to_string()));
        // Pruned: H (9) under F, K and its leaves under I, V (2) under T: crossed where cut,
        // faint below, every leaf's value kept.
        let crossed: Vec<usize> = (0..sketch.nodes.len())
            .filter(|&i| sketch.nodes[i].crossed)
            .collect();
        assert_eq!(crossed, [7, 12, 21]);
        let faint: Vec<usize> = (0..sketch.nodes.len())
            .filter(|&i| sketch.nodes[i].faint)
            .collect();
        assert_eq!(faint, [13, 14]);
        for id in [7, 13, 14, 21] {
            assert_eq!(sketch.nodes[id].value, tree.node(id).unwrap().leaf());
        }
        // In the file as on the screen.
        let svg = crate::tree_svg::svg(&sketch, false);
        assert!(
            svg.contains(">≥ 7</text>") && svg.contains(">≤ 2</text>"),
            "{svg}"
        );
    }

    /// Every step of a run is laid out in the room the finished drawing needs: no node moves and
    /// the size holds from the first step to the last, so the picture keeps its scale; and the
    /// whole tree is drawn from the first step, the nodes ahead faint with the leaves' values.
    #[test]
    fn a_run_keeps_every_node_in_its_place() {
        use crate::tree_layout::scene_sized;
        let tree = find_tree("three-cutoffs").unwrap().tree();
        let steps = whole_trace(&tree.root(), TraceAlgorithm::AlphaBetaClassic);
        let after = |count: usize| {
            let shown = steps[..count].iter().map(|(s, p)| (*s, p.as_slice()));
            tree_search(
                &whole_search_picture(tree.root(), shown, &SeenTree::new(&tree)),
                &tree,
            )
        };
        let finished = after(steps.len());
        let start = after(0);
        assert_eq!(start.nodes.len(), tree.len());
        assert!(start.nodes[1..].iter().all(|node| node.faint));
        let leaves: Vec<Option<i32>> = start
            .nodes
            .iter()
            .filter(|n| n.shape == Shape::End)
            .map(|n| n.value)
            .collect();
        assert_eq!(
            leaves,
            tree.leaves().map(|leaf| leaf.leaf()).collect::<Vec<_>>()
        );
        let placed = |count: usize| {
            let scene = scene_sized(&after(count), false, &finished);
            let centres: Vec<(f32, f32)> = scene
                .nodes
                .iter()
                .map(|n| (n.centre.x, n.centre.y))
                .collect();
            (scene.tree_size, centres)
        };
        let first = placed(0);
        for count in 1..=steps.len() {
            assert_eq!(placed(count), first, "step {count}");
        }
    }

    /// On a board, every cut-off of the step-through is said in the one sentence, naming the
    /// call that cut by its move, its side, the trace's window and the cells it skipped; cut-offs
    /// at both sides' calls, near the start and deep, all have theirs.
    #[test]
    fn a_board_s_cut_offs_are_said_with_the_trace_s_numbers() {
        use crate::search_picture::search_picture;
        use crate::trace::{EventKind, StepState, whole_board_trace};
        use crate::view::ScoreView;
        let start: Board = "..O/.../.X.".parse().unwrap();
        let seen = Seen::new(ScoreView::SideToMove, &start);
        let events = whole_board_trace(&start, TraceAlgorithm::AlphaBetaClassic);
        let (mut at_max, mut at_min, mut depths) = (0, 0, std::collections::BTreeSet::new());
        StepState::after_each(start, &events, |event, state| {
            if event.kind != EventKind::Cutoff {
                return;
            }
            let frame = state.stack.last().unwrap();
            let picture = search_picture(state, &seen);
            let current = picture
                .spots
                .iter()
                .position(|spot| spot.standing == Standing::Current)
                .unwrap();
            let cuts = board_cutoffs(&picture, &seen);
            let said = &cuts.iter().find(|cut| cut.at == current).unwrap().sentence;
            let (alpha, beta) = seen.window(event.window().0, event.window().1);
            let mover = frame.board.to_move();
            let skipped: Vec<String> = (event.pruned_cells(&start).iter())
                .map(|cell| cell.name())
                .collect();
            let opening = format!(
                "At {} ({mover}): α = {} ≥ β = {}: ",
                frame.cell.name(),
                alpha.value(),
                beta.value()
            );
            assert!(said.starts_with(&opening), "{said} / {opening}");
            assert!(
                said.contains(&skipped.join(", ")) || skipped.len() > 1,
                "{said}"
            );
            assert!(alpha.value() >= beta.value());
            match seen.role(mover) {
                Role::Maximiser => at_max += 1,
                Role::Minimiser => at_min += 1,
            }
            depths.insert(frame.depth);
        });
        assert!(at_max > 0 && at_min > 0, "{at_max} {at_min}");
        assert!(
            depths.contains(&1) && depths.iter().any(|&d| d >= 4),
            "{depths:?}"
        );
    }

    /// Against minimax written in the test, on the built-in trees and on random ones: a value
    /// drawn plain is the node's minimax value, "≥ v" never exceeds it, "≤ v" is never below it.
    #[test]
    fn every_bound_drawn_holds_and_every_plain_value_is_minimax() {
        let mut trees: Vec<GameTree> = crate::abstract_tree::tree_examples()
            .iter()
            .map(|example| example.tree())
            .collect();
        for seed in 0..40 {
            let notation = crate::abstract_tree::random_tree(
                seed,
                2 + seed as usize % 3,
                2 + seed as usize % 2,
            );
            trees.push(notation.parse().unwrap());
            // MIN at the root: the search's own numbers are MIN's, the bounds turn round.
            trees.push(format!("min:{notation}").parse().unwrap());
        }
        let mut bounds = 0;
        for tree in &trees {
            let sketch = finished(tree);
            for (id, node) in sketch.nodes.iter().enumerate() {
                if node.faint || node.crossed {
                    continue;
                }
                let (value, truth) = (node.value.unwrap(), minimax(&tree.node(id).unwrap()));
                match node.bound {
                    Bound::Exact => assert_eq!(value, truth, "{tree:?} {id}"),
                    Bound::AtLeast => assert!(truth >= value, "{tree:?} {id}"),
                    Bound::AtMost => assert!(truth <= value, "{tree:?} {id}"),
                }
                bounds += usize::from(node.bound != Bound::Exact);
            }
        }
        assert!(bounds > 40, "{bounds}");
    }

    /// One sentence a cut-off, for each kind: at MAX, at MIN, deep, in a MIN-rooted tree, and
    /// on a board.
    #[test]
    fn each_cut_off_is_said_in_one_sentence() {
        let tree = find_tree("three-cutoffs").unwrap().tree();
        let steps = whole_trace(&tree.root(), TraceAlgorithm::AlphaBetaClassic);
        let shown = steps
            .iter()
            .map(|(step, pruned)| (*step, pruned.as_slice()));
        let picture = whole_search_picture(tree.root(), shown, &SeenTree::new(&tree));
        let said: Vec<(usize, String)> = tree_cutoffs(&picture, &tree)
            .into_iter()
            .map(|cut| (cut.at, cut.sentence))
            .collect();
        assert_eq!(
            said,
            [
                (
                    5,
                    "At F (MAX): α = 7 ≥ β = 6: MIN above already has 6 elsewhere, so it never \
                     lets play reach F, and H (9) is pruned."
                        .to_string()
                ),
                (
                    8,
                    "At I (MIN): α = 6 ≥ β = 2: MAX above already has 6 elsewhere, so it never \
                     lets play reach I, and M is pruned."
                        .to_string()
                ),
                (
                    19,
                    "At T (MAX): α = 9 ≥ β = 8: MIN above already has 8 elsewhere, so it never \
                     lets play reach T, and V (2) is pruned."
                        .to_string()
                ),
            ]
        );
        // The sentences follow the legend, in the file too.
        let sketch = tree_search(&picture, &tree);
        assert!(
            sketch
                .legend
                .ends_with(&said.iter().map(|s| s.1.clone()).collect::<Vec<_>>())
        );
        // A MIN root: the numbers stay MAX's, the roles turn round.
        let tree: GameTree = "min:[[3,12,8],[2,4,6],[14,5,2]]".parse().unwrap();
        let steps = whole_trace(&tree.root(), TraceAlgorithm::AlphaBetaClassic);
        let shown = steps
            .iter()
            .map(|(step, pruned)| (*step, pruned.as_slice()));
        let picture = whole_search_picture(tree.root(), shown, &SeenTree::new(&tree));
        let said: Vec<String> = tree_cutoffs(&picture, &tree)
            .into_iter()
            .map(|cut| cut.sentence)
            .collect();
        assert_eq!(
            said,
            [
                "At J (MAX): α = 14 ≥ β = 6: MIN above already has 6 elsewhere, so it never \
              lets play reach J, and L (5) and M (2) are pruned."
            ]
        );
        // Two moves pruned at once are listed.
        let two = cutoff_sentence(
            "r1c2",
            Role::Minimiser,
            "0",
            "-9",
            &["r3c2".into(), "r3c3".into()],
            &Sides {
                max: "X".into(),
                min: "O".into(),
            },
        );
        assert_eq!(
            two,
            "At r1c2 (O): α = 0 ≥ β = -9: X above already has 0 elsewhere, so it never lets play \
             reach r1c2, and r3c2 and r3c3 are pruned."
        );
    }
}

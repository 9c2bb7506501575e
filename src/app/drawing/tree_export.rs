//! A drawn tree's picture as a file's contents: the drawing on show ([`tree_drawing::Drawing`])
//! becomes a [`Sketch`] node for node, which the SVG writer `tictactoe tree --format svg` uses
//! draws, and [`png`] rasterises on the desktop. The whole tree, whatever part of it is scrolled
//! into view: the picture is drawn from the drawing's data, not from the screen.
//! `picture_saving.rs` hands the file to the player.

use egui::Ui;

use super::tree_drawing::{self, Drawing, Emphasis};
use crate::app::commands::{PictureExport, PictureFormat};
use crate::learn::tree_svg::{self, Shape, Sketch, SketchEdge, SketchNode};
use crate::learn::view::Role;

/// `drawing` as the SVG writer draws it: the same nodes in the same slots and levels, the same
/// values, labels, windows and crosses; small boards if `boards`; `legend` under it.
pub fn sketch(drawing: &Drawing, legend: Vec<String>, boards: bool) -> Sketch {
    let nodes = drawing
        .nodes
        .iter()
        .map(|node| SketchNode {
            x: node.x,
            level: node.level,
            shape: match node.role {
                Some(Role::Maximiser) => Shape::Max,
                Some(Role::Minimiser) => Shape::Min,
                None => Shape::End,
            },
            value: node.value.map(|value| value.value()),
            title: node.name.clone(),
            dashed: node.dashed,
            on_line: node.emphasis == Emphasis::Line,
            crossed: node.crossed,
            note: node.note.clone(),
            board: node.board.filter(|_| boards),
        })
        .collect();
    let edges = drawing
        .links
        .iter()
        .map(|link| SketchEdge {
            from: link.from,
            to: link.to,
            label: link.label.clone(),
            best: link.best,
            on_line: link.emphasis == Emphasis::Line,
        })
        .collect();
    Sketch {
        nodes,
        edges,
        width: drawing.width,
        levels: drawing.levels.clone(),
        legend,
    }
}

/// Under a drawing's zoom bar: small boards on or off (a board's tree), and the picture exported
/// as SVG or PNG. `legend` says what the picture's shapes mean; `name` is the file's name
/// without its extension. Returns the export asked for.
pub fn export_bar(
    ui: &mut Ui,
    key: egui::Id,
    drawing: &Drawing,
    legend: impl FnOnce() -> Vec<String>,
    name: &'static str,
) -> Option<PictureExport> {
    let mut asked = None;
    ui.horizontal_wrapped(|ui| {
        let has_boards = drawing.nodes.iter().any(|node| node.board.is_some());
        let mut boards = tree_drawing::show_boards(ui, key);
        if has_boards
            && ui
                .checkbox(&mut boards, "Small boards")
                .on_hover_text("Each node shows its position")
                .changed()
        {
            tree_drawing::set_show_boards(ui, key, boards);
        }
        for (words, format) in [
            ("Export SVG", PictureFormat::Svg),
            ("Export PNG", PictureFormat::Png),
        ] {
            if ui
                .button(words)
                .on_hover_text("The whole drawing as a picture, for slides")
                .clicked()
            {
                asked = Some(format);
            }
        }
        asked.map(|format| PictureExport {
            svg: tree_svg::svg(&sketch(drawing, legend(), boards && has_boards)),
            format,
            name,
        })
    })
    .inner
}

/// The legend of a drawn search of a board, as the exported picture says it.
pub fn board_search_legend(seen: &crate::learn::view::Seen) -> Vec<String> {
    let mut legend = tree_svg::board_legend(seen);
    legend.push(MOVES.to_string());
    legend.extend(tree_svg::search_legend());
    legend
}

/// The legend of the explorer's tree, as the exported picture says it.
pub fn board_tree_legend(seen: &crate::learn::view::Seen) -> Vec<String> {
    let mut legend = tree_svg::board_legend(seen);
    legend.push(MOVES.to_string());
    legend.push("Orange: minimax's line. Dashed: a position whose moves are not drawn.".into());
    legend
}

/// The legend of a typed tree's drawn search.
pub fn tree_search_legend() -> Vec<String> {
    let mut legend = tree_svg::tree_legend();
    legend.extend(tree_svg::search_legend());
    legend
}

/// How the app's drawings name a move, said under an exported picture.
const MOVES: &str = "Moves are row,column counted from 1, as the app names cells.";

/// `svg` as a PNG, its text in the app's own font (egui's, built into the program).
pub(crate) fn png(svg: &str) -> Result<Vec<u8>, String> {
    let fonts = egui::FontDefinitions::default();
    let fonts: Vec<&[u8]> = fonts
        .font_data
        .values()
        .map(|data| (*data.font).as_ref())
        .collect();
    crate::platform::pictures::png(svg, &fonts, "Ubuntu")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game_tree::GameTree;
    use crate::engine::minimax::SearchControl;
    use crate::learn::search_picture::whole_search_picture;
    use crate::learn::trace::{TraceAlgorithm, trace_game};
    use crate::learn::tree_svg::Layout;
    use crate::learn::view::SeenTree;

    /// The three-ply figure searched by alpha-beta to the end, as the textbook's tree draws it.
    fn three_ply_drawing(tree: &GameTree) -> Drawing {
        let mut steps = Vec::new();
        let _ = trace_game(
            &tree.root(),
            TraceAlgorithm::AlphaBetaClassic,
            &SearchControl::new(),
            |step, pruned| steps.push((step, pruned.to_vec())),
        );
        let shown = steps
            .iter()
            .map(|(step, pruned)| (*step, pruned.as_slice()));
        let picture = whole_search_picture(tree.root(), shown, &SeenTree::new(tree));
        tree_drawing::of_tree_search(&picture, tree)
    }

    /// The value of `attribute` in an SVG element's `line`.
    fn attribute(line: &str, attribute: &str) -> f32 {
        let start = line.find(&format!(" {attribute}=\"")).unwrap() + attribute.len() + 3;
        let end = start + line[start..].find('"').unwrap();
        line[start..end].parse().unwrap()
    }

    /// Every node of the exported picture is the app's node: the same name, the same value, at
    /// the place the app's slot and level give it; the levels' labels, the moves' labels, the
    /// windows and the crosses are the app's too.
    #[test]
    fn the_exported_svg_is_the_drawing_on_show() {
        let tree: GameTree = "[[3,12,8],[2,4,6],[14,5,2]]".parse().unwrap();
        let drawing = three_ply_drawing(&tree);
        let sketch = sketch(&drawing, tree_search_legend(), false);
        let svg = tree_svg::svg(&sketch);
        let layout = Layout::of(&sketch);
        let groups: Vec<&str> = svg.split("<g>").skip(1).collect();
        assert_eq!(groups.len(), drawing.nodes.len());
        for (node, group) in drawing.nodes.iter().zip(&groups) {
            assert!(group.contains(&format!("<title>{}</title>", node.name)));
            let (x, y) = layout.centre(node.x, node.level);
            let value = group
                .lines()
                .find(|line| line.contains("font-weight=\"bold\""));
            if let Some(shown) = node.value {
                let value = value.unwrap();
                assert_eq!(attribute(value, "x"), x, "{}", node.name);
                assert_eq!(attribute(value, "y"), y + 4.5, "{}", node.name);
                assert!(value.ends_with(&format!(">{}</text>", shown.value())));
            } else {
                // A pruned leaf has no value: its place is its shape's.
                assert!(value.is_none(), "{}", node.name);
                let circle = group.lines().find(|l| l.starts_with("<circle")).unwrap();
                assert_eq!((attribute(circle, "cx"), attribute(circle, "cy")), (x, y));
            }
            for line in node.note.iter().flat_map(|note| note.lines()) {
                assert!(group.contains(&format!(">{line}</text>")), "{line}");
            }
            // A cross is two lines through the node.
            assert_eq!(
                group.matches("<line").count(),
                if node.crossed { 2 } else { 0 }
            );
        }
        // Leaves 2.2 and 2.3 pruned with the window that cut them, as the app shows.
        let crossed: Vec<&str> = drawing
            .nodes
            .iter()
            .filter(|node| node.crossed)
            .map(|node| node.name.as_str())
            .collect();
        assert_eq!(crossed.len(), 2, "{crossed:?}");
        assert!(groups.iter().any(|group| group.contains(">α 3</text>")));
        assert!(groups.iter().any(|group| group.contains(">β 2</text>")));
        for (level, label) in drawing.levels.iter().enumerate() {
            let (_, y) = layout.centre(0.0, level);
            let line = format!(
                "<text x=\"8\" y=\"{}\" fill=\"#555\">{label}</text>",
                y + 4.0
            );
            assert!(svg.contains(&line), "{line}");
        }
        assert_eq!(
            drawing.levels,
            ["MAX (depth 0)", "MIN (depth 1)", "MAX (depth 2)"]
        );
        for link in &drawing.links {
            assert!(svg.contains(&format!("paint-order=\"stroke\">{}</text>", link.label)));
        }
    }

    /// A board's drawing exports each position small under its node only when asked.
    #[test]
    fn small_boards_are_exported_when_asked() {
        use crate::engine::board::Board;
        use crate::learn::tree::grow;
        use crate::learn::tree_picture::picture;
        use crate::learn::view::{ScoreView, Seen};
        let board: Board = "XOX/.O./X..".parse().unwrap();
        let seen = Seen::new(ScoreView::SideToMove, &board);
        let tree =
            grow(&board, &mut |path: &[crate::engine::board::Cell],
                               node: &Board| {
                Ok::<_, ()>(
                    (path.is_empty() && !node.outcome().is_over())
                        .then(|| crate::engine::minimax::plain(node)),
                )
            })
            .unwrap();
        let picture = picture(&tree, &seen);
        let names = vec![String::new(); picture.spots.len()];
        let drawing = tree_drawing::of_tree(&picture, names, &seen);
        let without = tree_svg::svg(&sketch(&drawing, Vec::new(), false));
        let with = tree_svg::svg(&sketch(&drawing, Vec::new(), true));
        assert!(!without.contains("stroke=\"#999\""));
        // One small board a node, and in them as many marks as the positions hold.
        assert_eq!(with.matches("stroke=\"#999\"").count(), drawing.nodes.len());
        let marks: usize = picture.spots.iter().map(|s| s.board.marks_placed()).sum();
        let drawn = with.matches("<path d=").count() + with.matches("fill=\"none\"").count();
        assert_eq!(drawn, marks);
    }

    /// The desktop's PNG is the SVG rasterised twice its size, text and all.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn the_png_is_the_svg_twice_its_size() {
        let tree: GameTree = "[[3,12,8],[2,4,6],[14,5,2]]".parse().unwrap();
        let drawing = three_ply_drawing(&tree);
        let svg = tree_svg::svg(&sketch(&drawing, tree_search_legend(), false));
        let png = png(&svg).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let number = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
        let size = |name: &str| {
            let start = svg.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
            let end = start + svg[start..].find('"').unwrap();
            svg[start..end].parse::<f32>().unwrap()
        };
        assert_eq!(number(16), (size("width") * 2.0).round() as u32);
        assert_eq!(number(20), (size("height") * 2.0).round() as u32);
    }

    /// A PNG is bounded: a wide picture is drawn smaller to fit (16,384 pixels a side), and one
    /// that would have to be drawn at less than half its size is refused with a line that says
    /// to export the SVG instead.
    #[test]
    fn a_png_is_bounded_in_size() {
        let svg = |width: u32, height: u32| {
            format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\">\
                 <rect width=\"{width}\" height=\"{height}\" fill=\"white\"/></svg>"
            )
        };
        let fitted = png(&svg(10_000, 100)).unwrap();
        let width = u32::from_be_bytes(fitted[16..20].try_into().unwrap());
        assert_eq!(width, 16_384);
        // The largest tree's picture: 128,336 × 544 pixels at twice its size.
        let error = png(&svg(64_168, 272)).unwrap_err();
        assert!(error.contains("128336 × 544 pixels"), "{error}");
        assert!(error.contains("export it as SVG instead"), "{error}");
    }
}

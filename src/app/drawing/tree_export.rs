//! A drawn tree's picture as a file's contents: the sketch on show, written by learn's SVG
//! writer from the same scene the app paints ([`tree_layout`](crate::learn::tree_layout)), and
//! [`png`] rasterises that SVG on the desktop. The whole tree, whatever part of it is scrolled
//! into view: the picture is drawn from the sketch, not from the screen. `picture_saving.rs`
//! hands the file to the player.

use egui::Ui;

use super::tree_drawing;
use crate::app::commands::{PictureExport, PictureFormat};
use crate::learn::tree_sketch::Sketch;
use crate::learn::tree_svg;

/// Under a drawing's zoom bar: small boards on or off (a board's tree), and the picture exported
/// as SVG or PNG, small boards as on screen. `name` is the file's name without its extension.
/// Returns the export asked for.
pub fn export_bar(
    ui: &mut Ui,
    key: egui::Id,
    sketch: &Sketch,
    name: &'static str,
) -> Option<PictureExport> {
    export_bar_sized(ui, key, sketch, sketch, name)
}

/// [`export_bar`] for a drawing laid out in the room `sizing` needs, as
/// [`tree_drawing::draw_sized`] draws it.
pub fn export_bar_sized(
    ui: &mut Ui,
    key: egui::Id,
    sketch: &Sketch,
    sizing: &Sketch,
    name: &'static str,
) -> Option<PictureExport> {
    let mut asked = None;
    ui.horizontal_wrapped(|ui| {
        let mut boards = tree_drawing::show_boards(ui, key);
        if sketch.has_boards()
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
            svg: tree_svg::svg_sized(sketch, boards, sizing),
            format,
            name,
        })
    })
    .inner
}

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
    use egui::{Pos2, Rect, Shape as Drawn};

    use super::super::board_widget::Palette;
    use super::super::tree_drawing::{Colours, Place, shapes};
    use super::*;
    use crate::engine::board::{Board, Cell, Mark};
    use crate::engine::game_tree::GameTree;
    use crate::engine::mcts::Mcts;
    use crate::engine::minimax::{SearchControl, plain};
    use crate::learn::abstract_tree::{self, tree_examples};
    use crate::learn::examples::examples;
    use crate::learn::mcts_report::mcts_sketch;
    use crate::learn::search_picture::search_picture;
    use crate::learn::trace::{StepState, TraceAlgorithm, trace_game};
    use crate::learn::tree::grow;
    use crate::learn::tree_layout::{Ink, scene};
    use crate::learn::tree_picture::picture;
    use crate::learn::tree_sketch::{self, position_title};
    use crate::learn::view::{ScoreView, Seen};

    /// A typed tree searched by alpha-beta to the end, as the textbook's tree draws it.
    fn textbook_search(tree: &GameTree) -> Sketch {
        tree_svg::tree_search_sketch(tree, TraceAlgorithm::AlphaBetaClassic)
    }

    /// The step-through's drawing of alpha-beta on `board` after `count` steps.
    fn board_search(board: &Board, count: usize) -> Sketch {
        let mut state = StepState::new(*board);
        let mut taken = 0;
        let _ = trace_game(
            board,
            TraceAlgorithm::AlphaBetaClassic,
            &SearchControl::new(),
            |step, pruned| {
                if taken < count {
                    state.step(step, pruned);
                    taken += 1;
                }
            },
        );
        let seen = Seen::new(ScoreView::SideToMove, board);
        tree_sketch::board_search(&search_picture(&state, &seen), &seen)
    }

    /// The explorer's tree of `board`, `depth` plies opened.
    fn board_tree(board: &Board, depth: usize) -> Sketch {
        let tree = grow(board, &mut |path: &[Cell], node: &Board| {
            Ok::<_, ()>((path.len() < depth && !node.outcome().is_over()).then(|| plain(node)))
        })
        .unwrap();
        let seen = Seen::new(ScoreView::SideToMove, board);
        let picture = picture(&tree, &seen);
        let titles = picture.spots.iter().map(|s| position_title(&s.board));
        tree_sketch::board_tree(&picture, &seen, titles.collect(), None)
    }

    /// Every kind of drawing: the typed trees and their searches, the articles' positions'
    /// trees, a board's search at its start, midway and at its end.
    fn every_kind() -> Vec<(String, Sketch)> {
        let mut sketches = Vec::new();
        for example in tree_examples() {
            let tree = example.tree();
            let typed = tree_sketch::typed_tree(&tree, &abstract_tree::picture(&tree));
            sketches.push((format!("tree {}", example.name), typed));
            sketches.push((format!("search {}", example.name), textbook_search(&tree)));
        }
        for example in examples() {
            let board = example.board();
            sketches.push((format!("explorer {}", example.name), board_tree(&board, 2)));
        }
        let board: Board = "XOX/.O./X..".parse().unwrap();
        for count in [1, 12, 40, usize::MAX] {
            sketches.push((format!("step-through {count}"), board_search(&board, count)));
        }
        let chance: GameTree = "[chance[3, 12], chance[2, 4, 6], chance[0.25: -4, 0.75: 1]]"
            .parse()
            .unwrap();
        sketches.push(("chance tree".to_string(), tree_sketch::chance_tree(&chance)));
        let mut search = Mcts::new(Board::classic(), 1, 1.4, 1_000);
        search.run(19);
        let last = search.step();
        sketches.push((
            "mcts".to_string(),
            mcts_sketch(&Board::classic(), &search, Some(&last)),
        ));
        sketches
    }

    /// What the app paints for `sketch` at 100% of the layout's pixels, on the light theme.
    fn painted(sketch: &Sketch, boards: bool) -> Vec<Drawn> {
        let scene = scene(sketch, boards);
        let ctx = egui::Context::default();
        ctx.set_visuals(egui::Visuals::light());
        let mut drawn = Vec::new();
        let output = ctx.run_ui(Default::default(), |ui| {
            let painter = ui.painter().clone();
            let colours = Colours::of(ui);
            let place = Place {
                origin: Pos2::ZERO,
                scale: 1.0,
            };
            drawn = shapes(&painter, &scene.items, place, &colours, None);
            for node in &scene.nodes {
                drawn.extend(shapes(&painter, &node.items, place, &colours, None));
            }
        });
        output.drop_without_applying_deltas();
        drawn
    }

    fn number(node: roxmltree::Node, name: &str) -> f32 {
        node.attribute(name).unwrap().parse().unwrap()
    }

    fn close(a: f32, b: f32) -> bool {
        (a - b).abs() < 0.01
    }

    /// The app's painted picture and the exported SVG are one picture: every text the app
    /// paints is the SVG's text at the same place (the legend, which the app says beside the
    /// drawing, follows in the file), every line the SVG draws the app draws where it does,
    /// and every node's shape has the same corners; the file's tooltips are the app's buttons'
    /// names.
    #[test]
    fn the_app_paints_what_the_svg_writes() {
        for (name, sketch) in every_kind() {
            for boards in [false, true] {
                let svg = tree_svg::svg(&sketch, boards);
                let document = roxmltree::Document::parse(&svg).unwrap();
                let elements: Vec<roxmltree::Node> = document.descendants().collect();
                let drawn = painted(&sketch, boards);

                let texts: Vec<_> = elements.iter().filter(|e| e.has_tag_name("text")).collect();
                let painted_texts: Vec<_> = drawn
                    .iter()
                    .filter_map(|shape| match shape {
                        Drawn::Text(text) => Some(text),
                        _ => None,
                    })
                    .collect();
                assert_eq!(
                    texts.len(),
                    painted_texts.len() + sketch.legend.len(),
                    "{name}"
                );
                for (text, shown) in texts.iter().zip(&painted_texts) {
                    let words = text.text().unwrap_or_default();
                    assert_eq!(shown.galley.text(), words, "{name}");
                    let size = number(**text, "font-size");
                    let middle = number(**text, "y") - size * tree_svg::BASELINE;
                    let rect = Rect::from_min_size(shown.pos, shown.galley.size());
                    let x = match text.attribute("text-anchor") {
                        Some("middle") => rect.center().x,
                        _ => rect.left(),
                    };
                    assert!(close(x, number(**text, "x")), "{name}: {words}");
                    assert!(close(rect.center().y, middle), "{name}: {words}");
                }

                let segments: Vec<[Pos2; 2]> = drawn
                    .iter()
                    .filter_map(|shape| match shape {
                        Drawn::LineSegment { points, .. } => Some(*points),
                        _ => None,
                    })
                    .collect();
                let mut rest = segments.iter();
                for line in elements.iter().filter(|e| e.has_tag_name("line")) {
                    let want = [
                        (number(*line, "x1"), number(*line, "y1")),
                        (number(*line, "x2"), number(*line, "y2")),
                    ];
                    let found = rest.any(|[a, b]| {
                        close(a.x, want[0].0)
                            && close(a.y, want[0].1)
                            && close(b.x, want[1].0)
                            && close(b.y, want[1].1)
                    });
                    assert!(found, "{name}: the app draws the SVG's line {want:?}");
                }

                let corners: Vec<Vec<(f32, f32)>> = drawn
                    .iter()
                    .filter_map(|shape| match shape {
                        Drawn::Path(path) => Some(path.points.iter().map(|p| (p.x, p.y)).collect()),
                        _ => None,
                    })
                    .collect();
                let polygons: Vec<Vec<(f32, f32)>> = elements
                    .iter()
                    .filter(|e| e.has_tag_name("polygon"))
                    .map(|polygon| {
                        let points = polygon.attribute("points").unwrap().split(' ');
                        points
                            .map(|pair| {
                                let (x, y) = pair.split_once(',').unwrap();
                                (x.parse().unwrap(), y.parse().unwrap())
                            })
                            .collect()
                    })
                    .collect();
                assert_eq!(corners, polygons, "{name}");

                let titles: Vec<&str> = elements
                    .iter()
                    .filter(|e| e.has_tag_name("title"))
                    .map(|e| e.text().unwrap_or_default())
                    .collect();
                let names: Vec<&str> = sketch.nodes.iter().map(|n| n.title.as_str()).collect();
                assert_eq!(titles, names, "{name}");
            }
        }
    }

    /// Moves are named one way on screen and in a file, by the one formatter: `r2c1`.
    #[test]
    fn moves_are_named_as_everywhere_else() {
        let board: Board = "XOX/.O./X..".parse().unwrap();
        for sketch in [board_tree(&board, 1), board_search(&board, usize::MAX)] {
            let labels: Vec<&str> = sketch.edges.iter().map(|e| e.label.as_str()).collect();
            assert!(labels.contains(&"r2c1"), "{labels:?}");
            let svg = tree_svg::svg(&sketch, false);
            assert!(svg.contains(">r2c1</text>"));
            assert!(!svg.contains(">2,1</text>"));
        }
    }

    /// Small boards keep the screen's colours in a file: X red, O blue, as the light theme's
    /// board draws them (they were swapped once).
    #[test]
    fn small_boards_keep_the_marks_colours() {
        let board: Board = "XOX/.O./X..".parse().unwrap();
        let sketch = board_tree(&board, 1);
        let svg = tree_svg::svg(&sketch, true);
        let light = Palette::themed(false, egui::Color32::GRAY, egui::Color32::BLACK);
        let hex = |colour: egui::Color32| {
            format!("#{:02x}{:02x}{:02x}", colour.r(), colour.g(), colour.b())
        };
        let document = roxmltree::Document::parse(&svg).unwrap();
        let strokes = |tag: &str| -> Vec<String> {
            document
                .descendants()
                .filter(|e| e.has_tag_name(tag) && e.attribute("fill").is_none())
                .filter_map(|e| e.attribute("stroke").map(str::to_string))
                .collect()
        };
        // The O marks: circles without a fill.
        let o_marks: Vec<String> = document
            .descendants()
            .filter(|e| e.has_tag_name("circle") && e.attribute("fill") == Some("none"))
            .map(|e| e.attribute("stroke").unwrap().to_string())
            .collect();
        let o_count: usize = sketch
            .nodes
            .iter()
            .map(|n| n.board.unwrap().count(Mark::O))
            .sum();
        assert_eq!(o_marks.len(), o_count);
        assert!(
            o_marks.iter().all(|c| *c == hex(light.mark(Mark::O))),
            "{o_marks:?}"
        );
        // The X marks: two strokes each in X's colour.
        let x_count: usize = sketch
            .nodes
            .iter()
            .map(|n| n.board.unwrap().count(Mark::X))
            .sum();
        let x_strokes = strokes("line")
            .into_iter()
            .filter(|c| *c == hex(light.mark(Mark::X)))
            .count();
        assert_eq!(x_strokes, 2 * x_count);
        assert_eq!(tree_svg::ink(Ink::Mark(Mark::X)), hex(light.mark(Mark::X)));
        // Red and blue, not the other way round.
        let x = light.mark(Mark::X);
        assert!(x.r() > x.b());
        // On screen, the app paints them in the same colours.
        let painted_x = painted(&sketch, true)
            .iter()
            .filter(|shape| matches!(shape, Drawn::LineSegment { stroke, .. } if stroke.color == x))
            .count();
        assert_eq!(painted_x, 2 * x_count);
    }

    /// The desktop's PNG is the SVG rasterised twice its size, text and all.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn the_png_is_the_svg_twice_its_size() {
        let tree: GameTree = "[[3,12,8],[2,4,6],[14,5,2]]".parse().unwrap();
        let svg = tree_svg::svg(&textbook_search(&tree), false);
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

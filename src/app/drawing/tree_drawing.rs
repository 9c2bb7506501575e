//! Trees drawn as the textbooks draw a search: the explorer's game tree, the step-through's
//! search around its current call and the textbook trees' searches, each a
//! [`Sketch`](crate::learn::tree_sketch::Sketch) laid out by learn's one layout
//! ([`scene`]) and painted here with egui, item by item, as the SVG writer writes the same
//! scene. Each node is a button a click or a screen reader can reach.

use std::sync::Arc;

use egui::{
    Color32, CornerRadius, FontId, Galley, Painter, Pos2, Rect, RichText, Sense, Shape as Drawn,
    Stroke, StrokeKind, Ui, Vec2,
};

use crate::app::controls::Mirrored;
use crate::engine::board::Mark;
use crate::learn::tree_layout::{
    Anchor, Fill, Ink, Item, Packing, Point, RADIUS, scene, scene_packed,
};
use crate::learn::tree_sketch::{Shape, Sketch, SketchNode};
use crate::learn::view::Role;

/// The app's 100%: the layout's pixels (sized for slides) drawn a little smaller on screen.
const BASE: f32 = 0.75;
const LINE: Color32 = Color32::from_rgb(217, 130, 43);

/// How much larger than at first a tree is drawn: the zoom under `key`, kept for as long as the
/// app runs.
fn zoom_of(ui: &Ui, key: egui::Id) -> Zoom {
    ui.data(|data| data.get_temp(key)).unwrap_or_default()
}

fn set_zoom(ui: &Ui, key: egui::Id, zoom: Zoom) {
    let zoom = Zoom {
        factor: zoom.factor.clamp(MIN_ZOOM, MAX_ZOOM),
        ..zoom
    };
    ui.data_mut(|data| data.insert_temp(key, zoom));
}

/// How large a drawing is drawn: a factor, or as large as fits the room it has (for a
/// projector), which shrinks as a search's drawing grows.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Zoom {
    pub factor: f32,
    pub fit: bool,
}

impl Default for Zoom {
    fn default() -> Zoom {
        Zoom {
            factor: 1.0,
            fit: false,
        }
    }
}

/// Makes the drawing under `key` fit its room from now on (unless the player zooms it), whatever
/// zoom it had: the drawing given the whole window ("Only the drawing") opens as large as fits.
pub fn fit_now(ui: &Ui, key: egui::Id) {
    let zoom = zoom_of(ui, key);
    set_zoom(ui, key, Zoom { fit: true, ..zoom });
}

/// How many times larger than the app's 100% a drawing is drawn in presenter mode, where its
/// values and labels must read from the back of a room: the layout's smallest words (13 of its
/// pixels, a window's α and β) come to 24 pixels at 100%.
const PRESENTER_BOOST: f32 = 2.5;

/// The app's 100% in the layout's pixels: [`BASE`], twice that in presenter mode.
fn base(ui: &Ui) -> f32 {
    if super::texts::presenter(ui.ctx()) {
        BASE * PRESENTER_BOOST
    } else {
        BASE
    }
}

/// Makes the drawing under `key` fit its room from now on (unless the player zooms it), when no
/// zoom was chosen for it yet.
pub fn fit_at_first(ui: &Ui, key: egui::Id) {
    if ui.data(|data| data.get_temp::<Zoom>(key)).is_none() {
        set_zoom(
            ui,
            key,
            Zoom {
                factor: 1.0,
                fit: true,
            },
        );
    }
}

/// Makes the drawing of `sketch` under `key` as large as `room` allows (its width, and the
/// height of the view it scrolls in), from `least` to `most` times the app's 100% (larger than
/// the room at `least`, it scrolls): for a drawing without a zoom bar (an exercise's tree).
/// Fitted again each frame, so that a phone turned or a tree grown (its averages written out)
/// fits anew, unless the player zoomed it (Ctrl+wheel, pinch).
pub fn fit_room(ui: &Ui, key: egui::Id, sketch: &Sketch, room: Vec2, least: f32, most: f32) {
    if zoomed_by_hand(ui, key) {
        return;
    }
    let tree = tree_size(ui, key, sketch, Packing::Roomy);
    let factor = (room.x / tree.x).min(room.y / tree.y).clamp(least, most);
    set_fitted(ui, key, factor);
}

/// [`fit_room`] for a lettered tree to tap (an exercise's), which on a phone must show whole:
/// where its roomy layout at `least` is wider than the room, it is packed narrow
/// ([`Packing::Narrow`]: its letters in its nodes) and fitted to the room's width, from
/// `narrow_least` (its letters still read) to `most`; below that, it scrolls.
pub fn fit_lettered(
    ui: &Ui,
    key: egui::Id,
    sketch: &Sketch,
    room: Vec2,
    [least, narrow_least, most]: [f32; 3],
) {
    if zoomed_by_hand(ui, key) {
        return;
    }
    let roomy = tree_size(ui, key, sketch, Packing::Roomy);
    if roomy.x * least <= room.x {
        set_packing(ui, key, Packing::Roomy);
        fit_room(ui, key, sketch, room, least, most);
        return;
    }
    set_packing(ui, key, Packing::Narrow);
    let tree = tree_size(ui, key, sketch, Packing::Narrow);
    // A point to spare, so that rounding never makes it scroll.
    let factor = ((room.x - 1.0) / tree.x).clamp(narrow_least, most);
    set_fitted(ui, key, factor);
}

/// Whether the player zoomed the drawing under `key` (Ctrl+wheel, pinch) since it was last
/// fitted: then it keeps their zoom.
fn zoomed_by_hand(ui: &Ui, key: egui::Id) -> bool {
    let fitted: Option<f32> = ui.data(|data| data.get_temp(key.with("fitted to the room")));
    ui.data(|data| data.get_temp::<Zoom>(key))
        .is_some_and(|zoom| Some(zoom.factor) != fitted)
}

fn set_fitted(ui: &Ui, key: egui::Id, factor: f32) {
    let factor = factor.clamp(MIN_ZOOM, MAX_ZOOM);
    set_zoom(ui, key, Zoom { factor, fit: false });
    ui.data_mut(|data| data.insert_temp(key.with("fitted to the room"), factor));
}

/// The drawing of `sketch` under `key` at the app's 100%, packed as `packing` says.
fn tree_size(ui: &Ui, key: egui::Id, sketch: &Sketch, packing: Packing) -> Vec2 {
    let size = scene_packed(sketch, show_boards(ui, key), sketch, packing).tree_size;
    Vec2::new(size.x, size.y) * base(ui)
}

/// How the drawing under `key` is packed across: roomy unless [`fit_lettered`] packed it.
fn packing(ui: &Ui, key: egui::Id) -> Packing {
    ui.data(|data| data.get_temp(key.with("packing")))
        .unwrap_or_default()
}

fn set_packing(ui: &Ui, key: egui::Id, packing: Packing) {
    ui.data_mut(|data| data.insert_temp(key.with("packing"), packing));
}

/// Whether the drawing under `key` shows each node's position in a small board.
pub fn show_boards(ui: &Ui, key: egui::Id) -> bool {
    ui.data(|data| data.get_temp(key.with("boards")))
        .unwrap_or(false)
}

pub fn set_show_boards(ui: &Ui, key: egui::Id, shown: bool) {
    ui.data_mut(|data| data.insert_temp(key.with("boards"), shown));
}

const MIN_ZOOM: f32 = 0.5;
const MAX_ZOOM: f32 = 4.0;

/// What a drawing's orange line is, said in its bar's legend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Orange {
    /// Minimax's line from the root (a finished search, the explorer's tree).
    MinimaxLine,
    /// An alpha-beta search stepped through: the path to the running call; crossed nodes were
    /// pruned.
    CallsUnderWay,
    /// Monte Carlo tree search: the last iteration's path.
    LastIteration,
}

/// Over a drawing: its zoom (buttons; Ctrl+wheel and pinch on the drawing too) and what its
/// shapes mean. `key` names the drawing's zoom; `orange` what its orange line is.
pub fn drawing_bar(ui: &mut Ui, key: egui::Id, orange: Orange) {
    let zoom = zoom_of(ui, key);
    let by = |factor: f32| Zoom { factor, fit: false };
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(zoom.factor > MIN_ZOOM, egui::Button::new("−"))
            .on_hover_text("Zoom out (Ctrl+wheel, pinch)")
            .clicked()
        {
            set_zoom(ui, key, by(zoom.factor / 1.25));
        }
        let label = format!("{:.0}%", zoom.factor * 100.0);
        if ui.button(label).on_hover_text("Back to 100%").clicked() {
            set_zoom(ui, key, by(1.0));
        }
        if ui
            .add_enabled(zoom.factor < MAX_ZOOM, egui::Button::new("+"))
            .on_hover_text("Zoom in (Ctrl+wheel, pinch)")
            .clicked()
        {
            set_zoom(ui, key, by(zoom.factor * 1.25));
        }
        let fit = egui::Button::new("Fit").selected(zoom.fit);
        if ui
            .add(fit)
            .on_hover_text("As large as the room allows")
            .clicked()
        {
            set_zoom(
                ui,
                key,
                Zoom {
                    fit: !zoom.fit,
                    ..zoom
                },
            );
        }
        ui.separator();
        legend_item(ui, Some(Role::Maximiser), false, "MAX moves");
        legend_item(ui, Some(Role::Minimiser), false, "MIN moves");
        legend_item(ui, None, false, "game over");
        let words = match orange {
            Orange::MinimaxLine => "orange: minimax's line",
            Orange::CallsUnderWay => {
                legend_item(ui, None, true, "pruned, with the window that cut it");
                "orange: the calls under way"
            }
            Orange::LastIteration => "orange: the last iteration's path",
        };
        ui.label(RichText::new(words).color(LINE));
    });
}

/// A small shape of the drawing and what it means: a one-node sketch, laid out and painted as
/// the drawing's nodes are, shrunk to the text's height.
fn legend_item(ui: &mut Ui, role: Option<Role>, crossed: bool, meaning: &str) {
    let side = ui.text_style_height(&egui::TextStyle::Body);
    let (rect, _) = ui.allocate_exact_size(Vec2::splat(side), Sense::hover());
    let icon = Sketch {
        nodes: vec![SketchNode {
            crossed,
            ..SketchNode::at(0.0, 0, Shape::of(role), String::new())
        }],
        edges: Vec::new(),
        width: 1,
        levels: Vec::new(),
        legend: Vec::new(),
    };
    let scene = scene(&icon, false);
    let node = &scene.nodes[0];
    let scale = side * 0.45 / RADIUS;
    let place = Place {
        origin: rect.center() - Vec2::new(node.centre.x, node.centre.y) * scale,
        scale,
    };
    let painter = ui.painter();
    painter.extend(shapes(painter, &node.items, place, &Colours::of(ui), None));
    ui.label(meaning);
}

/// Draws `sketch` at the zoom under `key`, the `selected` node ringed and, with `reveal`,
/// scrolled into view; returns the node clicked, if any.
pub fn draw(
    ui: &mut Ui,
    sketch: &Sketch,
    key: egui::Id,
    selected: Option<usize>,
    reveal: bool,
) -> Option<usize> {
    draw_sized(ui, sketch, sketch, key, selected, reveal)
}

/// The least height a drawing gets under the lines above it, so that a tree shows on a phone.
pub const MIN_DRAWING: f32 = 320.0;

/// [`draw`] in the rest of the view's height (at least [`MIN_DRAWING`]), scrolled both ways on
/// its own (`id_salt`): a drawing under a view's controls. Where the lines above take most of
/// the height (on a phone), the view around it scrolls.
pub fn draw_in_the_rest(ui: &mut Ui, id_salt: &str, sketch: &Sketch, key: egui::Id) {
    // The room's height less what is above, not the cursor's place: in a view that scrolls,
    // that moves with the scrolling, and the drawing would grow as it is scrolled.
    let height = (ui.clip_rect().height() - ui.min_rect().height()).max(MIN_DRAWING);
    ui.allocate_ui(Vec2::new(ui.available_width(), height), |ui| {
        egui::ScrollArea::both()
            .id_salt(id_salt)
            .auto_shrink([false, false])
            .show(ui, |ui| {
                draw(ui, sketch, key, None, false);
            });
    });
}

/// [`draw`], laid out in the room `sizing` needs
/// ([`scene_sized`](crate::learn::tree_layout::scene_sized)): a search stepped through
/// keeps its nodes' places and its scale from the first step to the last.
pub fn draw_sized(
    ui: &mut Ui,
    sketch: &Sketch,
    sizing: &Sketch,
    key: egui::Id,
    selected: Option<usize>,
    reveal: bool,
) -> Option<usize> {
    let clicks = Clicks::Select { selected, reveal };
    draw_with(ui, sketch, sizing, key, clicks)
}

/// What a click on a node does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clicks {
    /// Every node is a button that selects it (the explorer's, the lab's, the step-through's):
    /// the `selected` node ringed and, with `reveal`, scrolled into view; its words on hover
    /// (on a touch screen, on a tap).
    Select {
        selected: Option<usize>,
        reveal: bool,
    },
    /// The nodes are an answer's picks (an exercise's tree): while `open`, every node but the
    /// root is a button that adds it to the answer or takes it back, mirrored on the page; a
    /// node's `picked` is its button's selected state (the layout outlines it). Graded, no
    /// node takes a click.
    Pick { open: bool },
}

/// [`draw_sized`] with its nodes' clicks as `clicks` says; returns the node clicked, if any.
pub fn draw_with(
    ui: &mut Ui,
    sketch: &Sketch,
    sizing: &Sketch,
    key: egui::Id,
    clicks: Clicks,
) -> Option<usize> {
    let mut zoom = zoom_of(ui, key);
    let scene = scene_packed(sketch, show_boards(ui, key), sizing, packing(ui, key));
    let base = base(ui);
    let tree = Vec2::new(scene.tree_size.x, scene.tree_size.y) * base;
    if zoom.fit {
        // As large as the room allows.
        let room = ui.available_size();
        let factor = (room.x / tree.x).min(room.y / tree.y) * 0.98;
        let factor = factor.clamp(MIN_ZOOM, MAX_ZOOM);
        if (factor - zoom.factor).abs() > 0.01 {
            zoom.factor = factor;
            set_zoom(ui, key, zoom);
        }
    }
    let scale = zoom.factor * base;
    let (area, _) = ui.allocate_exact_size(tree * zoom.factor, Sense::hover());
    // Ctrl+wheel and pinch over the drawing (its nodes included) zoom it, from the next frame.
    if ui.rect_contains_pointer(area) {
        let delta = ui.input(|input| input.zoom_delta());
        if delta != 1.0 {
            set_zoom(
                ui,
                key,
                Zoom {
                    factor: zoom.factor * delta,
                    fit: false,
                },
            );
        }
    }
    let place = Place {
        origin: area.min,
        scale,
    };
    let colours = Colours::of(ui);
    let painter = ui.painter_at(area);
    painter.extend(shapes(&painter, &scene.items, place, &colours, None));
    let mut clicked = None;
    let mut targets = Vec::new();
    // On a touch screen nothing hovers: a tapped node keeps its words open beside it until it
    // or another node is tapped.
    let touch = super::texts::touch(ui.ctx());
    let tapped_key = key.with("tapped node");
    let mut tapped_at = None;
    let mut tapped: Option<usize> = ui.data(|data| data.get_temp(tapped_key)).flatten();
    for (index, node) in scene.nodes.iter().enumerate() {
        // On a touch screen a finger's size at least, however small the fitted drawing.
        let side = (RADIUS * 2.2 * scale).max(if touch { FINGER } else { 0.0 });
        let rect = Rect::from_center_size(place.at(node.centre), Vec2::splat(side));
        let id = ui.scope_id().with(("tree node", index));
        let (takes_click, enabled, is_selected) = match clicks {
            Clicks::Select { selected, .. } => (true, true, selected == Some(index)),
            Clicks::Pick { open } => (open && index > 0, open, sketch.nodes[index].picked),
        };
        let sense = if takes_click {
            Sense::click()
        } else {
            Sense::hover()
        };
        let response = ui.interact(rect, id, sense);
        response.widget_info(|| {
            egui::WidgetInfo::selected(egui::Role::Button, enabled, is_selected, &node.title)
        });
        let picking = matches!(clicks, Clicks::Pick { .. });
        // On the page, a node to pick is a button a screen reader and a finger reach.
        let response = match picking && takes_click {
            true => response.mirrored(node.title.clone()),
            false => response,
        };
        if takes_click {
            targets.push((index, rect));
        }
        if response.clicked() {
            clicked = Some(index);
            tapped_at = response.interact_pointer_pos();
            if touch && !picking {
                tapped = (tapped != Some(index)).then_some(index);
                ui.data_mut(|data| data.insert_temp(tapped_key, tapped));
            }
        }
        let fill =
            (response.hovered() && takes_click).then_some(ui.visuals().widgets.hovered.bg_fill);
        painter.extend(shapes(&painter, &node.items, place, &colours, fill));
        let Clicks::Select { reveal, .. } = clicks else {
            // A pick is outlined by the layout, and its words are its button's name.
            continue;
        };
        if is_selected && reveal {
            ui.scroll_to_rect(rect.expand(scale * 64.0), None);
        }
        if is_selected {
            painter.rect_stroke(
                rect.expand(2.0),
                CornerRadius::same(4),
                Stroke::new(1.5, ui.visuals().selection.stroke.color),
                StrokeKind::Outside,
            );
        }
        if touch && tapped == Some(index) {
            response.show_tooltip_text(&node.title);
        } else {
            response.on_hover_text(&node.title);
        }
    }
    // Packed for a phone, neighbours' finger-sized targets overlap, and egui gives a tap there
    // to the one made last: a pick goes to the node nearest the finger instead.
    if matches!(clicks, Clicks::Pick { .. })
        && let Some(at) = tapped_at
    {
        let nearest =
            targets
                .iter()
                .filter(|(_, rect)| rect.contains(at))
                .min_by(|(_, a), (_, b)| {
                    let distance = |rect: &Rect| rect.center().distance_sq(at);
                    distance(a).total_cmp(&distance(b))
                });
        clicked = nearest.map(|&(index, _)| index).or(clicked);
    }
    clicked
}

/// The least side of a node a finger taps, in points.
const FINGER: f32 = 44.0;

/// Where the scene's pixels land on the screen: from `origin`, `scale` times as large.
#[derive(Clone, Copy, Debug)]
pub(super) struct Place {
    pub origin: Pos2,
    pub scale: f32,
}

impl Place {
    fn at(&self, point: Point) -> Pos2 {
        self.origin + Vec2::new(point.x, point.y) * self.scale
    }
}

/// The colour roles' colours on the current theme: the text's, the board's marks.
pub(super) struct Colours {
    text: Color32,
    soft: Color32,
    faint: Color32,
    node: Color32,
    panel: Color32,
    x: Color32,
    o: Color32,
    best: Color32,
    loss: Color32,
}

impl Colours {
    pub fn of(ui: &Ui) -> Colours {
        Colours::for_visuals(
            ui.visuals(),
            super::board_widget::Palette::of(ui),
            super::texts::presenter(ui.ctx()),
        )
    }

    /// The colours on `visuals`: every ink that writes words reads at 4.5:1 or more on the
    /// nodes and the panel (WCAG's contrast for text), the faint ink (pruned, greyed) as well,
    /// lifted towards the text's colour as far as it takes; in presenter mode the words take the
    /// strongest text colour.
    fn for_visuals(
        visuals: &egui::Visuals,
        palette: super::board_widget::Palette,
        presenter: bool,
    ) -> Colours {
        let text = if presenter {
            visuals.strong_text_color()
        } else {
            visuals.text_color()
        };
        let backgrounds = [visuals.extreme_bg_color, visuals.panel_fill];
        let faint = readable(visuals.weak_text_color(), text, &backgrounds);
        Colours {
            text,
            soft: text,
            faint,
            node: visuals.extreme_bg_color,
            panel: visuals.panel_fill,
            x: palette.mark(Mark::X),
            o: palette.mark(Mark::O),
            best: palette.best,
            loss: palette.loss,
        }
    }

    pub fn ink(&self, ink: Ink) -> Color32 {
        match ink {
            Ink::Text | Ink::Strong => self.text,
            Ink::Soft => self.soft,
            Ink::Faint | Ink::Grid => self.faint,
            Ink::Line => LINE,
            Ink::Mark(Mark::X) => self.x,
            Ink::Mark(Mark::O) => self.o,
            Ink::Picked => self.best,
            Ink::Cut => self.loss,
        }
    }

    fn fill(&self, fill: Fill) -> Color32 {
        match fill {
            Fill::Node | Fill::Paper => self.node,
        }
    }
}

/// WCAG's contrast ratio of `front` over `back` (from 1:1 to 21:1), `front` blended over `back`
/// by its alpha as it is drawn.
pub(super) fn contrast(front: Color32, back: Color32) -> f32 {
    let blended = back.blend(front);
    let luminance = |colour: Color32| {
        let channel = |c: u8| {
            let c = f32::from(c) / 255.0;
            if c <= 0.040_45 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(colour.r()) + 0.7152 * channel(colour.g()) + 0.0722 * channel(colour.b())
    };
    let (a, b) = (luminance(blended), luminance(back));
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

/// `weak`, or a colour between it and `strong` close enough to `strong` to read at 4.5:1 on
/// every one of `backgrounds` (`strong` itself if nothing short of it does).
fn readable(weak: Color32, strong: Color32, backgrounds: &[Color32]) -> Color32 {
    let reads = |colour: Color32| {
        backgrounds
            .iter()
            .all(|&back| contrast(colour, back) >= 4.5)
    };
    (0..=10)
        .map(|step| weak.lerp_to_gamma(strong, step as f32 / 10.0))
        .find(|&colour| reads(colour))
        .unwrap_or(strong)
}

/// The egui shapes of a scene's `items` at `place`: what [`draw`] paints, item for item what the
/// SVG writer writes. `node_fill` replaces a node's fill (a hovered node's).
pub(super) fn shapes(
    painter: &Painter,
    items: &[Item],
    place: Place,
    colours: &Colours,
    node_fill: Option<Color32>,
) -> Vec<Drawn> {
    let fill_of = |fill: Fill| match (fill, node_fill) {
        (Fill::Node, Some(hovered)) => hovered,
        (fill, _) => colours.fill(fill),
    };
    let scaled = |width: f32| width * place.scale;
    let mut out = Vec::new();
    for item in items {
        match item {
            Item::Line {
                from,
                to,
                width,
                ink,
            } => out.push(Drawn::line_segment(
                [place.at(*from), place.at(*to)],
                Stroke::new(scaled(*width), colours.ink(*ink)),
            )),
            Item::Polygon {
                points,
                fill,
                width,
                ink,
                dashed,
            } => {
                let points: Vec<Pos2> = points.iter().map(|p| place.at(*p)).collect();
                let stroke = Stroke::new(scaled(*width), colours.ink(*ink));
                outline(&mut out, points, fill_of(*fill), stroke, *dashed, place);
            }
            Item::Circle {
                centre,
                radius,
                fill,
                width,
                ink,
                dashed,
            } => {
                let (centre, radius) = (place.at(*centre), scaled(*radius));
                let stroke = Stroke::new(scaled(*width), colours.ink(*ink));
                let fill = fill.map_or(Color32::TRANSPARENT, fill_of);
                if *dashed {
                    let points = (0..32)
                        .map(|i| {
                            let angle = i as f32 / 32.0 * std::f32::consts::TAU;
                            centre + Vec2::angled(angle) * radius
                        })
                        .collect();
                    outline(&mut out, points, fill, stroke, true, place);
                } else {
                    out.push(Drawn::circle_filled(centre, radius, fill));
                    out.push(Drawn::circle_stroke(centre, radius, stroke));
                }
            }
            Item::Rect {
                min,
                max,
                fill,
                ink,
            } => {
                let rect = Rect::from_min_max(place.at(*min), place.at(*max));
                out.push(Drawn::rect_filled(rect, 0.0, fill_of(*fill)));
                out.push(Drawn::rect_stroke(
                    rect,
                    0.0,
                    Stroke::new(1.0, colours.ink(*ink)),
                    StrokeKind::Inside,
                ));
            }
            // An edge without a move (an abstract tree's): no patch of background on it.
            Item::Text { text, .. } if text.is_empty() => {}
            Item::Text {
                at,
                anchor,
                text,
                size,
                ink,
                bold: _,
                halo,
            } => {
                let colour = colours.ink(*ink);
                let galley: Arc<Galley> = painter.layout_no_wrap(
                    text.clone(),
                    FontId::proportional(scaled(*size)),
                    colour,
                );
                let align = match anchor {
                    Anchor::Left => egui::Align2::LEFT_CENTER,
                    Anchor::Centre => egui::Align2::CENTER_CENTER,
                };
                let rect = align.anchor_size(place.at(*at), galley.size());
                if *halo {
                    out.push(Drawn::rect_filled(rect.expand(1.0), 2.0, colours.panel));
                }
                out.push(Drawn::galley(rect.min, galley, colour));
            }
        }
    }
    out
}

/// A closed shape through `points`: filled, its outline whole or dashed.
fn outline(
    out: &mut Vec<Drawn>,
    points: Vec<Pos2>,
    fill: Color32,
    stroke: Stroke,
    dashed: bool,
    place: Place,
) {
    if dashed {
        let mut closed = points.clone();
        closed.push(points[0]);
        out.push(Drawn::convex_polygon(points, fill, Stroke::NONE));
        out.extend(Drawn::dashed_line(
            &closed,
            stroke,
            4.0 * place.scale,
            3.0 * place.scale,
        ));
    } else {
        out.push(Drawn::convex_polygon(points, fill, stroke));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every ink a drawing writes words in (values, windows and bounds, level labels, legends,
    /// pruned values), on both themes, in and out of presenter mode, read at WCAG's 4.5:1 or
    /// more on a node's fill and on the panel, where the α/β windows are drawn.
    #[test]
    fn every_word_of_a_drawing_reads_at_four_and_a_half_to_one() {
        for visuals in [egui::Visuals::dark(), egui::Visuals::light()] {
            for presenter in [false, true] {
                egui::__run_test_ui(|ui| {
                    ui.ctx().set_visuals(visuals.clone());
                    super::super::texts::set_presenter(ui.ctx(), presenter);
                    let colours = Colours::of(ui);
                    let backgrounds = [colours.node, colours.panel];
                    for ink in [Ink::Text, Ink::Strong, Ink::Soft, Ink::Faint] {
                        for back in backgrounds {
                            let ratio = contrast(colours.ink(ink), back);
                            assert!(
                                ratio >= 4.5,
                                "{ink:?} on {back:?} (dark {}, presenter {presenter}): {ratio:.2}",
                                visuals.dark_mode
                            );
                        }
                    }
                    // The faint ink stays fainter than the words, so that pruned reads as such.
                    let node = colours.node;
                    assert!(
                        contrast(colours.ink(Ink::Faint), node)
                            <= contrast(colours.ink(Ink::Text), node)
                    );
                });
            }
        }
        // The ratio itself: black on white is 21:1, a colour on itself 1:1.
        assert!((contrast(Color32::BLACK, Color32::WHITE) - 21.0).abs() < 0.01);
        assert!((contrast(Color32::GRAY, Color32::GRAY) - 1.0).abs() < 0.01);
    }
}

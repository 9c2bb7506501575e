//! The open view's controls, each with its accessible name and where it is drawn, as the frame
//! draws them: the web page mirrors them into buttons that assistive technology reads and presses
//! (eframe's web runner gives it nothing of egui's own tree), and that tell a browser test where
//! to tap.
//!
//! Every control egui draws is mirrored, from the accessibility tree egui builds each frame
//! (`ControlsMirrorPlugin`), so that no control can be drawn and left out. A widget may give
//! its mirrored button a name of its own ([`Mirrored::mirrored`]: "3×3, chosen" for a menu's
//! choice), or leave it to another mirror (`mirrored_elsewhere`: the board's cells, which the
//! page keeps in a group of their own).

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use egui::accesskit::{self, Action, NodeId, Role, Toggled};
use egui::{Context, Id, Rect, Response};

/// Told every control of the open view as each frame draws it, from egui's accessibility tree.
pub type ControlsMirror = Arc<dyn Fn(&[Control]) + Send + Sync>;

/// One control of the open view: its accessible name, and the rectangle it answers in, in
/// points (the page's CSS pixels).
#[derive(Clone, Debug, PartialEq)]
pub struct Control {
    pub name: String,
    pub rect: Rect,
    /// The widget's id, which names its node in egui's accessibility tree.
    pub id: Id,
}

/// Where this frame's controls are collected, in egui's memory.
fn collected() -> egui::Id {
    egui::Id::unique("the open view's key controls")
}

/// Notes a response as one of the open view's key controls. Shown widgets only: a row scrolled
/// out of its panel has nowhere to be pressed.
pub trait Mirrored {
    /// Notes the control under `name`; gives the response back.
    fn mirrored(self, name: impl Into<String>) -> Self;
}

impl Mirrored for Response {
    fn mirrored(self, name: impl Into<String>) -> Response {
        let rect = self.interact_rect;
        if self.enabled() && rect.is_positive() && rect.is_finite() {
            let control = Control {
                name: name.into(),
                rect,
                id: self.id,
            };
            self.ctx.data_mut(|data| {
                data.get_temp_mut_or_default::<Vec<Control>>(collected())
                    .push(control);
            });
        }
        self
    }
}

/// The controls noted since the last call, in the order they were drawn.
pub(super) fn take(ctx: &Context) -> Vec<Control> {
    ctx.data_mut(|data| {
        data.remove_temp::<HashSet<Id>>(left_out());
        std::mem::take(data.get_temp_mut_or_default::<Vec<Control>>(collected()))
    })
}

/// Where this frame's widgets mirrored by another part of the page are noted.
fn left_out() -> egui::Id {
    egui::Id::unique("the controls another mirror keeps")
}

/// Leaves `response`'s widget out of the controls' mirror: another mirror keeps it (the board's
/// cells are a group of their own on the page).
pub(super) fn mirrored_elsewhere(response: &Response) {
    response.ctx.data_mut(|data| {
        data.get_temp_mut_or_default::<HashSet<Id>>(left_out())
            .insert(response.id);
    });
}

/// Tells a [`ControlsMirror`] every control of each frame: the ones named with
/// [`Mirrored::mirrored`] under that name, every other widget that can be pressed under its
/// accessible name, with its state ("chosen", "on", "off") where it has one, in the order of
/// egui's accessibility tree (the order they were drawn, menus after the view they cover).
pub(super) struct ControlsMirrorPlugin {
    pub(super) mirror: ControlsMirror,
}

impl egui::Plugin for ControlsMirrorPlugin {
    fn debug_name(&self) -> &'static str {
        "the controls' mirror"
    }

    fn setup(&mut self, ctx: &Context) {
        ctx.enable_accesskit();
    }

    fn output_hook(&mut self, ctx: &Context, output: &mut egui::FullOutput) {
        let named = ctx.data_mut(|data| {
            std::mem::take(data.get_temp_mut_or_default::<Vec<Control>>(collected()))
        });
        let elsewhere = ctx.data_mut(|data| {
            data.remove_temp::<HashSet<Id>>(left_out())
                .unwrap_or_default()
        });
        let controls = match &output.platform_output.accesskit_update {
            Some(tree) => every_control(named, &elsewhere, tree, &pressable_places(ctx)),
            None => named,
        };
        (self.mirror)(&controls);
    }
}

/// Where each widget of the pass just ended answers a press, by its node's id: the part of it
/// that is shown (a row half scrolled out of its panel answers only in the half shown), in the
/// window's points. The tree's own bounds are the whole widget, shown or not.
fn pressable_places(ctx: &Context) -> HashMap<NodeId, Rect> {
    let widgets: Vec<(egui::LayerId, NodeId, Rect)> = ctx.viewport(|viewport| {
        let widgets = &viewport.prev_pass.widgets;
        widgets
            .layer_ids()
            .flat_map(|layer| widgets.get_layer(layer))
            .filter(|widget| widget.enabled && widget.sense.interactive())
            .map(|widget| {
                (
                    widget.layer_id,
                    widget.id.accesskit_id(),
                    widget.interact_rect,
                )
            })
            .collect()
    });
    // Outside `viewport`, which holds the context's lock.
    let mut to_global = HashMap::new();
    widgets
        .into_iter()
        .map(|(layer, id, rect)| {
            let transform = *to_global
                .entry(layer)
                .or_insert_with(|| ctx.layer_transform_to_global(layer));
            (id, transform.map_or(rect, |transform| transform * rect))
        })
        .collect()
}

/// The controls of `tree`, in its order: those in `named` under their given names, the others
/// that can be pressed (where `places` says) and have a name under that name and state, none of
/// `elsewhere`.
fn every_control(
    named: Vec<Control>,
    elsewhere: &HashSet<Id>,
    tree: &accesskit::TreeUpdate,
    places: &HashMap<NodeId, Rect>,
) -> Vec<Control> {
    let nodes: HashMap<NodeId, &accesskit::Node> =
        tree.nodes.iter().map(|(id, node)| (*id, node)).collect();
    let skipped: HashSet<NodeId> = elsewhere.iter().map(Id::accesskit_id).collect();
    let mut by_node: HashMap<NodeId, Control> = HashMap::new();
    let mut unplaced = Vec::new();
    for control in named {
        let node = control.id.accesskit_id();
        if nodes.contains_key(&node) && !by_node.contains_key(&node) {
            by_node.insert(node, control);
        } else {
            unplaced.push(control);
        }
    }
    let mut controls = Vec::new();
    let mut stack: Vec<NodeId> = tree.tree.iter().map(|info| info.root).collect();
    while let Some(id) = stack.pop() {
        let Some(node) = nodes.get(&id) else {
            continue;
        };
        if let Some(control) = by_node.remove(&id) {
            controls.push(control);
        } else if !skipped.contains(&id)
            && let Some(&rect) = places.get(&id)
            && let Some(control) = pressable(id, node, rect, &nodes)
        {
            controls.push(control);
        }
        stack.extend(node.children().iter().rev());
    }
    controls.extend(unplaced);
    controls
}

/// The control a node of the tree stands for, pressed in `rect`, if it can be pressed, is
/// shown and enabled, and has a name.
fn pressable(
    id: NodeId,
    node: &accesskit::Node,
    rect: Rect,
    nodes: &HashMap<NodeId, &accesskit::Node>,
) -> Option<Control> {
    // Text is read, not pressed (a label answers a click only to select its words).
    if !node.supports_action(Action::Click)
        || node.is_hidden()
        || node.is_disabled()
        || node.role() == Role::Label
    {
        return None;
    }
    let label = accessible_name(node, nodes)?;
    if !rect.is_positive() || !rect.is_finite() {
        return None;
    }
    let state = match (node.role(), node.toggled()) {
        (Role::CheckBox | Role::Switch, Some(Toggled::True)) => ", on",
        (Role::CheckBox | Role::Switch, Some(Toggled::False)) => ", off",
        (_, Some(Toggled::True)) => ", chosen",
        _ => "",
    };
    let kind = match node.role() {
        Role::TextInput | Role::MultilineTextInput | Role::SearchInput => ", text field",
        Role::Slider | Role::SpinButton => ", slider",
        Role::ComboBox => ", list",
        _ => "",
    };
    Some(Control {
        name: format!("{label}{kind}{state}"),
        rect,
        id: Id::unique(("a node of the accessibility tree", id.0)),
    })
}

/// What a screen reader calls `node`: its label, else the words of the nodes it is labelled by
/// (a slider's text beside it).
fn accessible_name(
    node: &accesskit::Node,
    nodes: &HashMap<NodeId, &accesskit::Node>,
) -> Option<String> {
    let words = |node: &accesskit::Node| {
        node.label()
            .or_else(|| node.value())
            .map(str::trim)
            .filter(|words| !words.is_empty())
            .map(str::to_owned)
    };
    words(node).or_else(|| {
        let by: Vec<String> = node
            .labelled_by()
            .iter()
            .filter_map(|id| nodes.get(id).and_then(|&node| words(node)))
            .collect();
        (!by.is_empty()).then(|| by.join(" "))
    })
}

//! The open views, in one place: each is there while open, and the shell asks them all the same
//! questions through [`View`].

use crate::app::view::{Needs, View, ViewKind};
use crate::app::views::cutoff::CutoffView;
use crate::app::views::editor::Editor;
use crate::app::views::exercises::Exercises;
use crate::app::views::explorer::Explorer;
use crate::app::views::mcts::MctsView;
use crate::app::views::set_builder::SetBuilder;
use crate::app::views::stepper::Stepper;
use crate::app::views::tree_lab::TreeLab;
use crate::game::GameController;

/// The views that are open (`None`: closed).
#[derive(Default)]
pub struct OpenViews {
    pub exercises: Option<Exercises>,
    pub tree_lab: Option<TreeLab>,
    pub stepper: Option<Stepper>,
    pub editor: Option<Editor>,
    pub explorer: Option<Explorer>,
    pub builder: Option<SetBuilder>,
    pub mcts: Option<MctsView>,
    pub cutoff: Option<CutoffView>,
}

impl OpenViews {
    pub fn get(&self, kind: ViewKind) -> Option<&dyn View> {
        match kind {
            ViewKind::Exercises => self.exercises.as_ref().map(|v| v as &dyn View),
            ViewKind::TreeLab => self.tree_lab.as_ref().map(|v| v as &dyn View),
            ViewKind::Stepper => self.stepper.as_ref().map(|v| v as &dyn View),
            ViewKind::Editor => self.editor.as_ref().map(|v| v as &dyn View),
            ViewKind::Explorer => self.explorer.as_ref().map(|v| v as &dyn View),
            ViewKind::Builder => self.builder.as_ref().map(|v| v as &dyn View),
            ViewKind::Mcts => self.mcts.as_ref().map(|v| v as &dyn View),
            ViewKind::Cutoff => self.cutoff.as_ref().map(|v| v as &dyn View),
        }
    }

    pub fn get_mut(&mut self, kind: ViewKind) -> Option<&mut dyn View> {
        match kind {
            ViewKind::Exercises => self.exercises.as_mut().map(|v| v as &mut dyn View),
            ViewKind::TreeLab => self.tree_lab.as_mut().map(|v| v as &mut dyn View),
            ViewKind::Stepper => self.stepper.as_mut().map(|v| v as &mut dyn View),
            ViewKind::Editor => self.editor.as_mut().map(|v| v as &mut dyn View),
            ViewKind::Explorer => self.explorer.as_mut().map(|v| v as &mut dyn View),
            ViewKind::Builder => self.builder.as_mut().map(|v| v as &mut dyn View),
            ViewKind::Mcts => self.mcts.as_mut().map(|v| v as &mut dyn View),
            ViewKind::Cutoff => self.cutoff.as_mut().map(|v| v as &mut dyn View),
        }
    }

    /// The open views, in the registry's order.
    pub fn open(&self) -> Vec<ViewKind> {
        ViewKind::ALL
            .into_iter()
            .filter(|&kind| self.get(kind).is_some())
            .collect()
    }

    /// The open view drawn in the board's place, if any.
    pub fn covering(&self) -> Option<ViewKind> {
        self.open().into_iter().find(|kind| kind.covers_the_board())
    }

    /// What the open views need searched, together.
    pub fn needs(&self, controller: &GameController) -> Needs {
        ViewKind::ALL
            .into_iter()
            .filter_map(|kind| self.get(kind))
            .fold(Needs::default(), |needs, view| {
                needs.and(view.needs(controller))
            })
    }
}

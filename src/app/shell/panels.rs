//! The window's panels, one function each: the menu bar, the status bar, the step-through, the
//! review, the explorer, the legend and the board. Each draws what the app holds and returns the
//! commands the player gave.

use egui::{Color32, RichText, Ui};

use super::keys::KeyContext;
use super::menus;
use super::tic_tac_toe_app::TicTacToeApp;
use crate::app::commands::Command;
use crate::app::drawing::board_widget::{BoardWidget, Highlight, Palette, Spoken};
use crate::app::drawing::texts::{self, StatusFacts, Tone};
use crate::app::on_show::Source;
use crate::app::view::{Given, View, ViewKind};
use crate::app::views::coach::BoardKeyboard;
use crate::app::views::legend::{self, LegendData};
use crate::game::Mode;

/// On a touch screen: egui's body text (12.5 points) made a phone's 16 CSS px, and the height of
/// a touch target (the usual guideline, in CSS px).
const TOUCH_TEXT_SCALE: f32 = 1.28;
const TOUCH_TARGET: f32 = 44.0;

/// Narrower than this, the explorer and the review open under the board, full width, instead of
/// beside it (a phone held upright).
const NARROW: f32 = 600.0;

/// The width a panel beside the board leaves it at least: a 3×3 board with scores still reads.
const MIN_BOARD_ROOM: f32 = 240.0;

/// A panel beside the board: about a third of the room, within reason, never the board's room.
fn side_width(room: f32) -> f32 {
    (room * 0.32)
        .clamp(240.0, 420.0)
        .min((room - MIN_BOARD_ROOM).max(160.0))
}

/// Asks for the frame to be laid out again when a panel sized by its contents changed height:
/// egui sizes such a panel from the last frame, so new contents would be cut off until something
/// else repaints (the score line at the end of a game, in a small window).
fn refit(ui: &Ui, name: &'static str, height: f32) {
    let ctx = ui.ctx();
    let id = egui::Id::unique(("panel height", name));
    let last: Option<f32> = ctx.data(|data| data.get_temp(id));
    ctx.data_mut(|data| data.insert_temp(id, height));
    if last.is_none_or(|last| (last - height).abs() > 0.5) {
        ctx.request_discard(name);
    }
}

/// A notice across the top of the room `ui` has, over what is drawn there rather than above it:
/// what is under the pointer stays where it was when a notice comes or goes.
fn notice_over(ui: &mut Ui, text: &str) -> Option<Command> {
    let room = ui.available_rect_before_wrap();
    egui::Area::new(ui.scope_id().with("notice over"))
        .order(egui::Order::Foreground)
        .fixed_pos(room.min)
        .show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style())
                .show(ui, |ui| {
                    let margins = egui::Frame::popup(ui.style()).total_margin().sum().x;
                    let width = (room.width() - margins).max(0.0);
                    ui.set_min_width(width);
                    ui.set_max_width(width);
                    menus::notice_banner(ui, text, "Dismiss")
                })
                .inner
        })
        .inner
}

impl TicTacToeApp {
    /// Whether the player has touched the screen: a tap on a score then explains it before it
    /// plays, and the words speak of taps, not keys.
    pub(super) fn touch(&self, ctx: &egui::Context) -> bool {
        texts::touch(ctx)
    }

    /// What is open, for the key map.
    pub(super) fn key_context(&self) -> KeyContext {
        KeyContext {
            stepping: self.views.stepper.is_some(),
            tree_lab: self.views.tree_lab.is_some(),
            exercises: self.views.exercises.is_some(),
            builder: self.views.builder.is_some(),
            practice: self.coach.practice.is_some(),
            explorer_keys: self.views.explorer.as_ref().is_some_and(|e| e.has_keyboard),
            digits_play: self.preview.is_none()
                && self.views.editor.is_none()
                && self.on_show().board.geometry().cells() == 9,
            mcts: self.views.covering() == Some(ViewKind::Mcts),
            cutoff: self.views.covering() == Some(ViewKind::Cutoff),
        }
    }

    /// Text grows with the window, so that a large window is not a sea of small print. On a
    /// touch screen the text is at least a phone's body text (16 px) and every button at least
    /// a finger's 44 px tall.
    /// In presenter mode every text is at least [`texts::PRESENTER_TEXT`] points.
    pub(super) fn scale_text(&mut self, ctx: &egui::Context) {
        let size = ctx.content_rect().size();
        let touch = self.touch(ctx);
        let presenter = self.settings.presenter;
        texts::set_presenter(ctx, presenter);
        let mut scale = (size.x / 460.0).min(size.y / 580.0).clamp(0.9, 1.5);
        if touch {
            scale = scale.max(TOUCH_TEXT_SCALE);
        }
        let smallest = if presenter {
            texts::PRESENTER_TEXT
        } else {
            0.0
        };
        if presenter {
            let body = egui::Style::default().text_styles[&egui::TextStyle::Body].size;
            scale = scale.max(texts::PRESENTER_TEXT / body);
        }
        if (scale - self.text_scale).abs() < 0.02
            && touch == self.touch_sized
            && presenter == self.presenter_sized
        {
            return;
        }
        self.presenter_sized = presenter;
        self.text_scale = scale;
        self.touch_sized = touch;
        ctx.all_styles_mut(|style| {
            let defaults = egui::Style::default();
            for (text_style, font) in &mut style.text_styles {
                if let Some(default) = defaults.text_styles.get(text_style) {
                    font.size = (default.size * scale).round().max(smallest);
                }
            }
            style.spacing.interact_size.y = if touch {
                TOUCH_TARGET
            } else {
                defaults.spacing.interact_size.y
            };
        });
    }

    pub(super) fn menu_panel(&self, ui: &mut Ui) -> Vec<Command> {
        egui::Panel::top("menu bar")
            .show(ui, |ui| {
                menus::menu_bar(ui, &self.settings, self.controller.session())
            })
            .inner
    }

    /// What the status line says now.
    fn status_facts(&self, touch: bool) -> String {
        let controller = &self.controller;
        let board = controller.board();
        let just_played = controller
            .last_computer_move()
            .filter(|last| last.board.after(last.cell).as_ref() == Ok(board))
            .map(|last| (last.cell, last.basis));
        let summary = controller.game_summary();
        texts::status_text(&StatusFacts {
            board,
            players: controller.session().players(),
            difficulty: controller.difficulty(),
            computer_just_played: just_played,
            gave_up: controller.gave_up().is_some(),
            // A Monte Carlo level runs its iterations, with no think time.
            think_time: (controller.board_is_large()
                && controller.difficulty().mcts_iterations().is_none())
            .then(|| controller.think_time()),
            summary: summary.as_deref(),
            touch,
        })
    }

    /// The status bar: what just happened and whose turn it is (a live region, so that a screen
    /// reader announces the computer's moves and the result), the search's progress, the score.
    pub(super) fn status_panel(&self, ui: &mut Ui) {
        let touch = self.touch(ui.ctx());
        // While a set is open the bar speaks of the set; the game waits under it.
        let (status, tally) = match (&self.views.exercises, &self.views.builder) {
            (Some(exercises), _) => exercises.status_lines(touch),
            (None, Some(builder)) => builder.status_lines(),
            (None, None) => {
                let session = self.controller.session();
                let tally = texts::tally_text(
                    session.tally(),
                    session.setup().mode,
                    &self.controller.accuracy(),
                );
                (self.status_facts(touch), tally)
            }
        };
        if let Some(mirror) = &self.status_mirror {
            mirror(&status, &self.over_the_board().unwrap_or_default());
        }
        let search = self
            .controller
            .board_is_large()
            .then(|| {
                Some((
                    self.controller.progress()?,
                    self.controller.search_elapsed()?,
                ))
            })
            .flatten();
        // The lines are laid out first, so that the panel is as tall as they are in this very
        // frame: a panel sized by its contents takes the last frame's height, and the score line
        // would be cut off at the end of a game until something else repaints.
        let frame = egui::Frame::side_top_panel(ui.style());
        let width = ui.available_width() - frame.total_margin().sum().x;
        let mut lines = vec![RichText::new(status).strong()];
        let searching = search.is_some();
        if let Some((progress, elapsed)) = search {
            lines.push(RichText::new(texts::search_line(progress, elapsed)));
        }
        // A Monte Carlo level's iterations, as the worker reports them (each report wakes the
        // window).
        if let Some((done, of)) = self.controller.mcts_progress() {
            lines.push(RichText::new(texts::mcts_line(done, of)));
        }
        lines.push(RichText::new(tally));
        let galleys: Vec<_> = lines
            .into_iter()
            .map(|line| {
                egui::WidgetText::from(line).into_galley(
                    ui,
                    Some(egui::TextWrapMode::Wrap),
                    width,
                    egui::TextStyle::Body,
                )
            })
            .collect();
        let spacing = ui.spacing().item_spacing.y;
        let height = galleys.iter().map(|g| g.size().y + spacing).sum::<f32>()
            + 8.0
            + frame.total_margin().sum().y;
        egui::Panel::bottom("status")
            .resizable(false)
            .exact_size(height)
            .frame(frame)
            .show(ui, |ui| {
                ui.add_space(4.0);
                for (index, galley) in galleys.into_iter().enumerate() {
                    let line = ui.add(egui::Label::new(galley));
                    if index == 0 {
                        ui.ctx().accesskit_node_builder(line.id, |node| {
                            node.set_live(egui::accesskit::Live::Polite);
                        });
                    }
                }
            });
        if searching {
            // The counters move while the search runs; nothing repaints once it is over.
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_millis(200));
        }
    }

    /// The open view that takes the board's place, drawn in the central panel; a notice goes
    /// over it where the view shows notices.
    pub(super) fn covering_panel(
        &mut self,
        ui: &mut Ui,
        kind: ViewKind,
        spoken: &mut Spoken,
    ) -> Vec<Command> {
        let notice = self.notice.as_ref().map(|notice| notice.text.as_str());
        let mut given = Given {
            controller: &self.controller,
            score_view: self.settings.score_view,
            spoken,
            student_name: &self.settings.student_name,
        };
        let Some(view) = self.views.get_mut(kind) else {
            return Vec::new();
        };
        egui::CentralPanel::default()
            .show(ui, |ui| {
                let dismissed = notice
                    .filter(|_| view.shows_notices())
                    .and_then(|text| notice_over(ui, text));
                let shown = view.ui(ui, &mut given);
                dismissed.into_iter().chain(shown).collect()
            })
            .inner
    }

    pub(super) fn review_panel(&self, ui: &mut Ui) -> Vec<Command> {
        if !self.coach.show_review {
            return Vec::new();
        }
        let previewed = match self.on_show().source {
            Source::BeforeMove { ply, .. } => Some(ply),
            _ => None,
        };
        let room = ui.available_rect_before_wrap().size();
        let panel = if room.x < NARROW {
            egui::Panel::bottom("review under the board").exact_size(room.y * 0.5)
        } else {
            egui::Panel::right("review").exact_size(side_width(room.x))
        };
        panel
            .resizable(false)
            .show(ui, |ui| {
                egui::ScrollArea::vertical()
                    .show(ui, |ui| {
                        self.coach.review_panel(
                            ui,
                            &self.controller,
                            previewed,
                            self.settings.score_view,
                        )
                    })
                    .inner
            })
            .inner
    }

    pub(super) fn explorer_panel(&mut self, ui: &mut Ui) -> Vec<Command> {
        let view = self.settings.score_view;
        let room = ui.available_rect_before_wrap().size();
        let Some(explorer) = &mut self.views.explorer else {
            return Vec::new();
        };
        let presenter = self.settings.presenter;
        let panel = if room.x < NARROW {
            // A phone held upright: under the board, full width, half the height to start.
            egui::Panel::bottom("explorer under the board")
                .default_size(room.y * 0.5)
                .size_range((room.y * 0.25)..=(room.y * 0.75))
        } else if presenter {
            // For a projector the tree is the lesson: it takes all the room but the board's.
            egui::Panel::left("explorer presented").exact_size(room.x - MIN_BOARD_ROOM)
        } else {
            egui::Panel::left("explorer")
                .default_size(side_width(room.x).max(300.0).min(room.x - MIN_BOARD_ROOM))
                .size_range(200.0..=(room.x - MIN_BOARD_ROOM).max(200.0))
        };
        panel
            .resizable(!presenter)
            .show(ui, |ui| {
                explorer.ui(
                    ui,
                    &mut Given {
                        controller: &self.controller,
                        score_view: view,
                        spoken: &mut Spoken::default(),
                        student_name: "",
                    },
                )
            })
            .inner
    }

    /// The legend beside the board when what the side panels leave is wide, under it otherwise;
    /// it never takes the room the board needs.
    pub(super) fn legend_panel(&mut self, ui: &mut Ui) -> Vec<Command> {
        let on_show = self.on_show();
        let scores = self.scores_on_show(&on_show);
        let partial = on_show
            .is_game()
            .then(|| self.controller.shown_partial_scores())
            .flatten();
        if scores.is_none() && partial.is_none() && !self.show_reasoning {
            return Vec::new();
        }
        let room = ui.available_rect_before_wrap().size();
        let wide = room.x >= 1.25 * room.y && room.x >= 640.0;
        let data = LegendData {
            scores,
            partial,
            view: self.settings.score_view,
            seen: on_show.seen(self.settings.score_view),
            inspected: self.inspected,
            compact: !wide,
            depth_note: on_show.depth_note(),
            touch: self.touch(ui.ctx()),
            playable: on_show.is_game() && self.controller.session().human_to_move(),
        };
        let last = self
            .controller
            .last_computer_move()
            .map(|last| (last, self.controller.analysis(&last.board)));
        let show_reasoning = self.show_reasoning;
        // The computer's reasons are the game's: said so while the board shows another position.
        let reasons_note = (!on_show.is_game()).then(|| {
            format!(
                "About the game's last move, not {} on the board (Esc returns to the game).",
                on_show.name()
            )
        });
        let mut commands = Vec::new();
        let side = |ui: &mut Ui| {
            if scores.is_some() || partial.is_some() {
                commands.extend(legend::legend(ui, &data));
            }
            if show_reasoning {
                ui.separator();
                if let Some(note) = &reasons_note {
                    ui.add(egui::Label::new(RichText::new(note).italics()).wrap());
                }
                commands.extend(legend::reasoning(ui, last, data.view));
            }
        };
        if wide {
            egui::Panel::right("legend")
                .resizable(false)
                .exact_size(side_width(room.x))
                .show(ui, |ui| egui::ScrollArea::vertical().show(ui, side));
        } else {
            // Under the board it takes the height it needs (it has fewer words there), up to two
            // fifths of the room, and scrolls beyond that, from its first line.
            let panel = egui::Panel::bottom("legend")
                .resizable(false)
                .max_size(room.y * 0.4)
                .show(ui, |ui| {
                    // As tall as its words up to the panel's limit, whatever height the panel
                    // had last frame (which alone would cap it).
                    egui::ScrollArea::vertical()
                        .auto_shrink([false, true])
                        .min_scrolled_height(room.y * 0.4)
                        .show(ui, side)
                });
            refit(ui, "legend", panel.response.rect.height());
        }
        commands
    }

    /// The board with what goes over it: a preview's banner or a notice, the coach's line, the
    /// result. Practice takes the board's place.
    pub(super) fn board_panel(&mut self, ui: &mut Ui) -> Vec<Command> {
        let mut commands = Vec::new();
        let on_show = self.on_show();
        let view = self.settings.score_view;
        let mut inspected = self.inspected;
        let take_focus = std::mem::take(&mut self.focus_moved);
        let mut keyboard_cell = None;
        let mut spoken = Spoken::default();
        egui::CentralPanel::default().show(ui, |ui| {
            if self.coach.practice.is_some() {
                commands.extend(self.coach.practice_panel(
                    ui,
                    &self.controller,
                    view,
                    &mut inspected,
                    BoardKeyboard {
                        focus: self.focus,
                        take_focus,
                        cell: &mut keyboard_cell,
                    },
                    &mut spoken,
                ));
                return;
            }
            commands.extend(self.banner(ui));
            if let Some(line) = self.coach.line(&self.controller) {
                ui.add(egui::Label::new(RichText::new(line).strong()).wrap());
            }
            let is_game = on_show.is_game();
            // The game's result belongs over the game's board, not over a position before it.
            if is_game {
                self.result(ui);
            }
            let palette = Palette::of(ui);
            let highlights: Vec<Highlight> = match on_show.source {
                Source::Game => self.coach.highlights(&self.controller, &palette),
                Source::BeforeMove { played, .. } => vec![Highlight {
                    cell: played,
                    color: palette.text,
                    label: "the move played",
                }],
                _ => Vec::new(),
            };
            let last_move = self
                .controller
                .last_computer_move()
                .filter(|last| {
                    is_game && last.board.after(last.cell).as_ref() == Ok(&on_show.board)
                })
                .map(|last| last.cell);
            let partial = is_game
                .then(|| self.controller.shown_partial_scores())
                .flatten();
            let accepts = is_game && self.controller.session().human_to_move();
            let mut clicked = None;
            let name = if is_game {
                "game board"
            } else {
                "preview board"
            };
            ui.add(
                BoardWidget::new(&on_show.board, name)
                    .scores(self.scores_on_show(&on_show))
                    .partial(partial)
                    .seen(on_show.seen(view))
                    .preview(!is_game)
                    .last_move(last_move)
                    .highlights(&highlights)
                    .focus(self.focus.filter(|_| is_game))
                    .take_focus(take_focus && is_game)
                    .keyboard_cell(&mut keyboard_cell)
                    .spoken(&mut spoken)
                    .inspected(&mut inspected)
                    .on_click(&mut clicked, accepts),
            );
            commands.extend(clicked.map(Command::Play));
        });
        self.inspected = inspected;
        if let Some(mirror) = &self.board_mirror {
            mirror(&spoken);
        }
        // A cell reached with Tab becomes the arrow keys' cell too: one cell has the keyboard.
        if keyboard_cell.is_some() {
            self.focus = keyboard_cell;
        }
        commands
    }

    /// The words over the board as [`TicTacToeApp::banner`] draws them (a preview's first line,
    /// else the notice), for the page's mirror; `None` when nothing is there or the board is
    /// covered (the step-through, the editor, practice).
    fn over_the_board(&self) -> Option<String> {
        // The exercises cover the board: their verdict is what a screen reader is told.
        if let Some(exercises) = &self.views.exercises {
            return exercises.live_words();
        }
        if self.views.stepper.is_some()
            || self.views.editor.is_some()
            || self.coach.practice.is_some()
        {
            return None;
        }
        match &self.preview {
            Some(preview) => Some(preview.headline(self.settings.score_view)),
            None => self.notice().map(str::to_owned),
        }
    }

    /// Over the board: a preview's banner, else a notice, else the first-run tip.
    fn banner(&self, ui: &mut Ui) -> Vec<Command> {
        let two_players = self.controller.session().setup().mode == Mode::TwoPlayers;
        if let Some(preview) = &self.preview {
            preview.banner(ui, two_players, self.settings.score_view)
        } else if let Some(notice) = &self.notice {
            notice_over(ui, &notice.text).into_iter().collect()
        } else if self.settings.welcome_hint && !self.settings.show_scores {
            menus::welcome_banner(ui, self.touch(ui.ctx()))
                .into_iter()
                .collect()
        } else {
            Vec::new()
        }
    }

    /// The result of a finished game in large letters, with a colour.
    fn result(&self, ui: &mut Ui) {
        let session = self.controller.session();
        let Some((text, tone)) = texts::result_text(session.board().outcome(), session.players())
        else {
            return;
        };
        let color = match tone {
            Tone::Won => Color32::from_rgb(60, 190, 90),
            Tone::Lost => Color32::from_rgb(230, 70, 70),
            Tone::Neutral => Color32::from_rgb(200, 160, 40),
            Tone::Draw => Color32::from_rgb(140, 150, 170),
        };
        ui.vertical_centered(|ui| {
            ui.label(
                RichText::new(text)
                    .size(self.text_scale * 26.0)
                    .strong()
                    .color(color),
            );
        });
    }
}

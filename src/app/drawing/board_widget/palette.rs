//! The board's colours.

use egui::{Color32, Ui};

use crate::engine::board::Mark;
use crate::learn::view::{ScoreView, Seen, Shown};

/// Colours that read well on the current theme.
pub(in crate::app) struct Palette {
    pub grid: Color32,
    pub x: Color32,
    pub o: Color32,
    pub win: Color32,
    pub draw: Color32,
    pub loss: Color32,
    pub best: Color32,
    pub text: Color32,
    /// Estimates, which are not scores.
    pub estimate: Color32,
}

impl Palette {
    pub fn of(ui: &Ui) -> Palette {
        let visuals = ui.visuals();
        Palette::themed(
            visuals.dark_mode,
            visuals.widgets.noninteractive.fg_stroke.color,
            visuals.strong_text_color(),
        )
    }

    /// The colours for a dark or light theme whose lines and strong text have these colours.
    pub fn themed(dark: bool, line: Color32, text: Color32) -> Palette {
        let pick = |on_dark: [u8; 3], on_light: [u8; 3]| {
            let [r, g, b] = if dark { on_dark } else { on_light };
            Color32::from_rgb(r, g, b)
        };
        Palette {
            grid: line.gamma_multiply(0.6),
            x: pick([255, 112, 80], [214, 72, 40]),
            o: pick([77, 201, 230], [20, 130, 170]),
            win: pick([60, 190, 90], [30, 150, 60]),
            draw: pick([140, 150, 170], [120, 130, 150]),
            loss: pick([230, 70, 70], [200, 40, 40]),
            best: pick([255, 210, 60], [200, 140, 0]),
            text,
            estimate: pick([190, 150, 255], [110, 60, 190]),
        }
    }

    pub fn mark(&self, mark: Mark) -> Color32 {
        match mark {
            Mark::X => self.x,
            Mark::O => self.o,
        }
    }

    /// A number's tile colour. For the player to move: green when the maximiser wins, red when
    /// it loses. In the articles' view: the winner's colour. Grey for a draw; faster results are
    /// stronger.
    pub fn score_color(&self, seen: &Seen, number: Shown) -> Color32 {
        let color = self.result_color(seen, number);
        if seen.result(number).is_none() {
            return color.gamma_multiply(0.25);
        }
        // |score| is W minus the depth of the end.
        let urgency = number.value().unsigned_abs() as f32 / seen.geometry().win_score() as f32;
        color.gamma_multiply(0.25 + 0.55 * urgency)
    }

    /// The colour of a number's result at full strength, as the legend's keys show it: the one
    /// choice of colour behind every tile and every key.
    pub fn result_color(&self, seen: &Seen, number: Shown) -> Color32 {
        self.winner_color(seen, seen.result(number).map(|(winner, _)| winner))
    }

    /// The colour of a result with this winner (`None`: a draw) at full strength, as
    /// [`Palette::result_color`] gives it and the legend's keys show it.
    pub fn winner_color(&self, seen: &Seen, winner: Option<Mark>) -> Color32 {
        match winner {
            None => self.draw,
            Some(winner) => match seen.view() {
                ScoreView::SideToMove if winner == seen.maximiser() => self.win,
                ScoreView::SideToMove => self.loss,
                ScoreView::Articles => self.mark(winner),
            },
        }
    }
}

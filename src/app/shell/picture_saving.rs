//! Saving a drawn tree's picture: where the player picks in a dialog on the desktop, as a
//! download in a browser, never over a file that is not a picture of its format.

use super::notice::Notice;
use super::tic_tac_toe_app::TicTacToeApp;
use crate::app::commands::{PictureExport, PictureFormat};
use crate::app::drawing::tree_export;
use crate::app::files::dialogs::Purpose;

impl TicTacToeApp {
    /// Saves a drawn tree's picture: where the player picks in a dialog on the desktop, as a
    /// download in a browser.
    pub(super) fn export_picture(&mut self, ctx: &egui::Context, export: PictureExport) {
        let purpose = Purpose::ExportPicture(export.format);
        self.picture_to_save = Some(export);
        self.open_dialog(ctx, purpose);
    }

    /// Hands the picture waiting to be saved to the browser as a download.
    pub(super) fn download_picture(&mut self) {
        let Some(export) = self.picture_to_save.take() else {
            return;
        };
        let name = format!("{}.{}", export.name, export.format.extension());
        let png = export.format == PictureFormat::Png;
        let said = crate::platform::dialogs::download_picture(&name, &export.svg, png);
        self.notice = Some(Notice::new(match said {
            Ok(()) => format!("The picture was downloaded as {name}."),
            Err(error) => format!("Nothing was saved: {error}."),
        }));
    }

    /// Saves the picture waiting to be saved at `path`, the player's choice: never over a file
    /// that is not a picture of its format (`store::picture_file`).
    pub(super) fn save_picture(&mut self, path: &std::path::Path) {
        let Some(export) = self.picture_to_save.take() else {
            return;
        };
        let bytes = match export.format {
            PictureFormat::Svg => Ok(export.svg.into_bytes()),
            PictureFormat::Png => tree_export::png(&export.svg),
        };
        let png = export.format == PictureFormat::Png;
        let saved = bytes
            .map_err(|error| format!("The picture could not be drawn: {error}."))
            .and_then(|bytes| {
                crate::store::picture_file::save(path, &bytes, png).map_err(|e| e.to_string())
            });
        self.notice = Some(Notice::new(match saved {
            Ok(()) => format!(
                "The picture was saved to {}.",
                crate::store::shown_path(path)
            ),
            Err(error) => error,
        }));
    }
}

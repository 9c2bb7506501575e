//! Files and what goes in and out as text: the file dialogs, settings saved off the UI thread,
//! and links.

pub(super) mod dialogs;
pub mod link;
pub(super) mod saver;

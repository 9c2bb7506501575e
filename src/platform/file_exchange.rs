//! What passes between the player and a file dialog: the question asked and, in a browser, the
//! file handed over.

/// A file to ask the player for, in a dialog ([`crate::platform::dialogs::ask`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileQuestion {
    pub title: &'static str,
    /// The filter's name and the extension it shows: `("Games (RON)", "ron")`.
    pub filter: (&'static str, &'static str),
    /// The name proposed.
    pub file_name: &'static str,
    /// A name to save under (else a file to open).
    pub save: bool,
}

/// A file the player handed over in a browser: its name and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Upload {
    pub name: String,
    pub text: String,
}

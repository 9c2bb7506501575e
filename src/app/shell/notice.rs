//! A message over the board.

/// A message over the board, shown until dismissed.
pub(super) struct Notice {
    pub(super) text: String,
    /// About a setup that waits for the next game: it goes away when that game starts.
    pub(super) until_next_game: bool,
}

impl Notice {
    pub(super) fn new(text: impl Into<String>) -> Notice {
        Notice {
            text: text.into(),
            until_next_game: false,
        }
    }
}

//! What makes a text a saved game, whatever its values: its `moves` and `result` fields. The
//! settings and the game file both ask, so that neither is ever saved over the other, and a
//! game opened as settings (or settings opened as a game) is named for what it is.

use serde::Deserialize;

/// The fields only a game file has, whatever their values: its shape.
#[derive(Deserialize)]
#[serde(rename = "Game")]
struct Shape {
    #[serde(rename = "moves")]
    _moves: serde::de::IgnoredAny,
    #[serde(rename = "result")]
    _result: serde::de::IgnoredAny,
}

/// Whether `text` is a saved game, by its shape (its `moves` and `result`), even one with values
/// this build would refuse: settings are never saved over one.
pub fn looks_like_game(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    ron::from_str::<Shape>(text).is_ok()
}

//! How a message quotes what the learner typed.

/// `"text"`, shortened to one readable line, for a message.
pub(super) fn quoted(text: &str) -> String {
    let escaped: String = text.chars().flat_map(char::escape_debug).collect();
    format!("\"{}\"", crate::engine::board::typed_start(&escaped))
}

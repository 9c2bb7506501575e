//! The settings file's text: reading it field by field, and writing it.

use ron::error::Position;
use ron::{Error as RonError, error::SpannedResult, value::RawValue};
use serde::de::{Deserializer, MapAccess, Visitor};

use super::preferences::{
    AI_DELAY_EXPECTED, BOARD_SIZE_EXPECTED, IN_A_ROW_EXPECTED, Settings, THINK_TIME_EXPECTED,
};
use super::problems::{Issue, SaveError};
use crate::store::files;

const AI_DELAY_COMMENT: &str = "pause before a computer move, 0 to 10000";

/// What a field's valid values look like in messages ("one of Easy, Medium, Hard, Perfect"),
/// and the comment beside it in the file.
fn describe(field: &str) -> (String, Option<String>) {
    let text = |expected: &str, comment: &str| (expected.to_owned(), Some(comment.to_owned()));
    match field {
        "version" => ("a whole number".to_owned(), None),
        "show_scores" => text("true or false", "true | false"),
        "welcome_hint" => text("true or false", "true | false: the tip about S on start"),
        "explorer_open" => text("true or false", "true | false: the game-tree explorer"),
        "presenter" => text("true or false", "true | false: large, for a projector (F5)"),
        "board_size" => text(BOARD_SIZE_EXPECTED, "3 to 7"),
        "in_a_row" => text(
            IN_A_ROW_EXPECTED,
            "how many in a row win: 3 to 5, 0 for the usual",
        ),
        "think_time_ms" => text(THINK_TIME_EXPECTED, "the computer's time on large boards"),
        "ai_delay_ms" => text(AI_DELAY_EXPECTED, AI_DELAY_COMMENT),
        "student_name" => text("a name in quotes", "the name on an exercise hand-in"),
        // An enum: its choices as serde lists them for an unknown one, so they always match.
        _ => match ron::from_str::<Settings>(&format!("({field}: _)")).map_err(|e| e.code) {
            Err(RonError::NoSuchEnumVariant { expected: all, .. }) => {
                text(&format!("one of {}", all.join(", ")), &all.join(" | "))
            }
            _ => (String::new(), None),
        },
    }
}

/// Collects the top-level fields as raw RON, keeping those before a syntax error.
struct Collect<'a, 'de>(&'a mut Vec<(String, &'de RawValue)>);

impl<'de> Visitor<'de> for Collect<'_, 'de> {
    type Value = ();
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("settings in parentheses, like (difficulty: Hard)")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            self.0.push((key, map.next_value()?));
        }
        Ok(())
    }
}

/// Reads `text`'s top-level fields into `out` until an error, whose span ends where it stopped.
fn raw_fields<'a>(text: &'a str, out: &mut Vec<(String, &'a RawValue)>) -> SpannedResult<()> {
    let mut de = ron::Deserializer::from_str(text)?;
    let result = (&mut de).deserialize_struct("Settings", &[], Collect(out));
    result.and_then(|()| de.end()).map_err(|e| de.span_error(e))
}

/// Each field of `settings` and its value as RON, in the struct's order.
fn written_fields(settings: &Settings) -> Result<Vec<(String, String)>, RonError> {
    let (text, mut fields) = (ron::to_string(settings)?, Vec::new());
    raw_fields(&text, &mut fields).map_err(|e| e.code)?;
    let fields = fields.into_iter().map(|(k, v)| (k, v.to_string()));
    Ok(fields.collect())
}

/// The line and column of byte `offset` in `text`.
fn position_at(text: &str, offset: usize) -> Position {
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Position { line, col }
}

/// The user's text for a value, made safe and short for a one-line message.
fn shown(text: &str) -> String {
    let first_line = text.lines().next().unwrap_or("").trim();
    let escape = |c: char| match c.is_control() {
        true => c.escape_default().to_string(),
        false => c.to_string(),
    };
    let mut out: String = first_line.chars().take(40).map(escape).collect();
    if first_line.chars().count() > 40 || first_line.len() < text.trim().len() {
        out.push('…');
    }
    out
}

/// Fields this version does not know, each as its name and its value's RON as written, in file
/// order: kept so that saving writes them back ([`to_ron_keeping`]).
pub type UnknownFields = Vec<(String, String)>;

/// Reads the settings in a file's bytes, keeping every field it can and listing what it could not,
/// in file order. Bytes that are not UTF-8 are replaced, and the rest is read. The fields this
/// version does not know go into `unknown`, each named in an [`Issue::UnknownField`].
pub(super) fn parse_keeping(
    bytes: &[u8],
    issues: &mut Vec<Issue>,
    unknown: &mut UnknownFields,
) -> Settings {
    let text = String::from_utf8_lossy(bytes);
    let not_utf8 = std::str::from_utf8(bytes).err();
    let not_utf8 = not_utf8.map(|e| position_at(&text, e.valid_up_to()));
    let mut located = Vec::from_iter(not_utf8.map(|at| (at, Issue::NotUtf8 { at })));
    // A byte-order mark (as some Windows editors write) is not part of the RON.
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    if text.trim().is_empty() {
        issues.push(Issue::Empty);
        return Settings::default();
    }
    let mut raw = Vec::new();
    if let Err(error) = raw_fields(text, &mut raw) {
        let (at, kept) = (error.span.end, raw.len());
        // RON names the Rust type it reads into, which means nothing to a player.
        let detail = files::ron_detail(&error.code)
            .replace(
                "expected opening `(` for struct `Settings`",
                "expected settings in parentheses, like (difficulty: Hard)",
            )
            .replace("struct `Settings`", "the settings")
            .replace("in `Settings`", "in the settings");
        located.push((at, Issue::Syntax { at, detail, kept }));
    }
    let defaults = written_fields(&Settings::default()).unwrap_or_default();
    let (mut settings, mut accepted, mut seen) = (Settings::default(), String::new(), Vec::new());
    let mut in_a_row_at = None;
    for (field, value) in raw {
        // Where the value itself starts, after any comments before it.
        let trimmed = value.trim().get_ron();
        let at = position_at(text, trimmed.as_ptr().addr() - text.as_ptr().addr());
        // Unknown fields do not stop a file from loading (files from newer and older versions
        // load), and are kept to be written back.
        let Some((_, default)) = defaults.iter().find(|(name, _)| *name == field) else {
            // Every value, a repeated name too: they are the user's, and this version cannot
            // tell which one a newer version would read.
            if !unknown.iter().any(|(name, _)| *name == field) {
                let field = shown(&field);
                located.push((at, Issue::UnknownField { at, field }));
            }
            unknown.push((field, trimmed.to_owned()));
            continue;
        };
        if field == "in_a_row" {
            in_a_row_at = Some(at);
        }
        if seen.contains(&field) {
            located.push((at, Issue::DuplicateField { at, field }));
            continue;
        }
        // Read with the fields accepted so far by the derived `Deserialize`, which checks ranges.
        let candidate = format!("{accepted}{field}:{value}\n,");
        seen.push(field.clone());
        let (expected, default) = (describe(&field).0, default.clone());
        let issue = match ron::Options::default().from_str(&format!("({candidate})")) {
            Ok(read) => {
                (settings, accepted) = (read, candidate);
                continue;
            }
            Err(error) => match error.code {
                RonError::NoSuchEnumVariant {
                    found,
                    expected: all,
                    ..
                } => {
                    let suggestion = all.iter().find(|c| c.eq_ignore_ascii_case(&found));
                    let (suggestion, found) = (suggestion.map(|c| c.to_string()), shown(&found));
                    Issue::UnknownVariant {
                        at,
                        field,
                        found,
                        expected,
                        default,
                        suggestion,
                    }
                }
                _ => Issue::InvalidValue {
                    at,
                    field,
                    found: shown(trimmed),
                    expected,
                    default,
                },
            },
        };
        located.push((at, issue));
    }
    // A line longer than the board's side cannot be played: the usual one for the size is.
    if settings.in_a_row > settings.board_size
        && let Some(at) = in_a_row_at
    {
        let issue = Issue::InARowTooLong {
            at,
            in_a_row: settings.in_a_row,
            board_size: settings.board_size,
            usual: settings.geometry().k(),
        };
        settings.in_a_row = 0;
        located.push((at, issue));
    }
    crate::learn::short_sort::sort_short_by_key(&mut located, |(at, _)| *at);
    issues.extend(located.into_iter().map(|(_, issue)| issue));
    settings
}

/// Settings kept as text somewhere other than a file (the web page's storage): every field that
/// could be read, defaults for the rest.
pub fn from_text(text: &str) -> Settings {
    parse_keeping(text.as_bytes(), &mut Vec::new(), &mut Vec::new())
}

/// Whether `text` is a settings file, by its shape: RON fields, one of them a setting (not
/// `version` alone, which every kind of file has). A game is never saved over one.
pub fn looks_like_settings(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut raw = Vec::new();
    let known = written_fields(&Settings::default()).unwrap_or_default();
    let is_setting =
        |field: &str| field != "version" && known.iter().any(|(name, _)| name == field);
    raw_fields(text, &mut raw).is_ok() && raw.iter().any(|(field, _)| is_setting(field))
}

/// Whether `text` is RON of fields none of which is a setting (another program's file, say):
/// only `version`, or no field at all, is an empty settings file instead.
pub fn holds_no_setting(text: &str) -> bool {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut raw = Vec::new();
    raw_fields(text, &mut raw).is_ok()
        && raw.iter().any(|(field, _)| field != "version")
        && !looks_like_settings(text)
}

/// Writes settings as pretty RON with the allowed values in aligned comments, for people.
pub fn to_ron(settings: &Settings) -> Result<String, RonError> {
    to_ron_keeping(settings, &[])
}

/// [`to_ron`], and after the settings the fields this version does not know, as they were.
pub fn to_ron_keeping(
    settings: &Settings,
    unknown: &[(String, String)],
) -> Result<String, RonError> {
    let written = written_fields(settings)?;
    let fields: Vec<_> = written
        .iter()
        .map(|(name, value)| (name.as_str(), value.clone(), describe(name).1))
        .collect();
    let mut out = String::from(
        "// Tic-Tac-Toe settings. A missing line takes its default; unknown lines are ignored.\n\
         // The game writes a changed setting where it is; your own comments and lines stay.\n(\n",
    );
    out += &files::commented_fields(&fields, 2);
    if !unknown.is_empty() {
        out += "    // Not known to this version; kept as they were.\n";
    }
    let unknown: Vec<(&str, String, Option<&str>)> = unknown
        .iter()
        .map(|(name, value)| (name.as_str(), value.clone(), None))
        .collect();
    out += &files::commented_fields(&unknown, 2);
    Ok(out + ")\n")
}

/// The text to save, checked by reading it back exactly as `settings` (and `unknown`).
pub(super) fn checked_text(
    settings: &Settings,
    unknown: &[(String, String)],
) -> Result<String, SaveError> {
    let text = to_ron_keeping(settings, unknown).map_err(|e| SaveError::Format(e.to_string()))?;
    let (mut issues, mut unknown_back) = (Vec::new(), Vec::new());
    let read_back = parse_keeping(text.as_bytes(), &mut issues, &mut unknown_back);
    issues.retain(|issue| !matches!(issue, Issue::UnknownField { .. }));
    let detail = "the written settings do not read back the same";
    if unknown_back != unknown {
        return Err(SaveError::Format(detail.to_owned()));
    }
    match issues.into_iter().next() {
        Some(Issue::InvalidValue {
            field,
            found,
            expected,
            ..
        }) => Err(SaveError::InvalidSetting {
            field,
            value: found,
            expected,
        }),
        None if read_back == *settings => Ok(text),
        _ => Err(SaveError::Format(detail.to_owned())),
    }
}

/// What a file's text is, as far as saving settings over it goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Shape {
    /// Nothing but whitespace and comments: the settings are written after them.
    Blank,
    /// Settings: RON fields, at least one of them a setting (or a struct with no field but
    /// `version`), even if a value is wrong or the text breaks off after them.
    Settings,
    /// Anything else (notes, a picture, a saved game, another program's RON): never saved over.
    Other,
}

/// Whether `text` holds nothing but whitespace and `//` or `/* */` comments.
fn only_comments(text: &str) -> bool {
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("//") {
            rest = after.find('\n').map_or("", |end| &after[end..]);
        } else if let Some(after) = rest.strip_prefix("/*") {
            let Some(end) = after.find("*/") else {
                return false;
            };
            rest = &after[end + 2..];
        } else {
            return false;
        }
        rest = rest.trim_start();
    }
    true
}

/// What `text` (a whole file, its bytes that are not UTF-8 replaced) is: see [`Shape`].
pub(super) fn shape(text: &str) -> Shape {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if only_comments(text) {
        return Shape::Blank;
    }
    if crate::store::game_shape::looks_like_game(text) {
        return Shape::Other;
    }
    let mut raw = Vec::new();
    let whole = raw_fields(text, &mut raw).is_ok();
    let known = written_fields(&Settings::default()).unwrap_or_default();
    let is_setting =
        |field: &str| field != "version" && known.iter().any(|(name, _)| name == field);
    let no_other_field = raw.iter().all(|(field, _)| field == "version");
    match raw.iter().any(|(field, _)| is_setting(field)) || (whole && no_other_field) {
        true => Shape::Settings,
        false => Shape::Other,
    }
}

/// The byte range of a raw value in `text` (the value itself, without the comments around it).
fn span_in(text: &str, value: &RawValue) -> std::ops::Range<usize> {
    let trimmed = value.trim().get_ron();
    let start = trimmed.as_ptr().addr() - text.as_ptr().addr();
    start..start + trimmed.len()
}

/// Where a field is inserted after the one whose value ends at `end`, and what goes before the
/// new fields there: after the comma and the comment that follow that value on its line, or
/// right after it (with a comma) in a file written on one line.
fn insertion_after(text: &str, end: usize, line_start: usize) -> (usize, String, String) {
    let indent: String = text[line_start..]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect();
    let after = &text[end..];
    let blank = after.len() - after.trim_start_matches([' ', '\t']).len();
    let has_comma = after[blank..].starts_with(',');
    let after_comma = end + blank + usize::from(has_comma);
    let rest = &text[after_comma..];
    let rest_line = rest.split('\n').next().unwrap_or("");
    let comment_or_nothing = {
        let trimmed = rest_line.trim();
        trimmed.is_empty() || trimmed.starts_with("//")
    };
    match (comment_or_nothing && rest.contains('\n'), has_comma) {
        // After the line's end: each new field on a line of its own.
        (true, _) => {
            let at = after_comma + rest_line.len() + 1;
            let comma = if has_comma { "" } else { "," };
            (at, comma.to_owned(), indent)
        }
        (false, true) => (after_comma, " ".to_owned(), String::new()),
        (false, false) => (end, ", ".to_owned(), String::new()),
    }
}

/// The user's file `current` with `settings` written into it: the values that changed replaced
/// where they are, the settings it lacks added after its last field, and every other byte (its
/// comments, layout, unknown fields) as it was. `None` when the file cannot be edited so (it
/// does not parse whole, or the edit would not read back as `settings`): it is written anew.
pub(super) fn edited_in_place(current: &str, settings: &Settings) -> Option<String> {
    let (bom, text) = match current.strip_prefix('\u{feff}') {
        Some(text) => ("\u{feff}", text),
        None => ("", current),
    };
    if only_comments(text) {
        // Comments only: they are the user's, and stay above the settings.
        let written = to_ron(settings).ok()?;
        let sep = if text.is_empty() || text.ends_with('\n') {
            ""
        } else {
            "\n"
        };
        return Some(format!("{bom}{text}{sep}{written}"));
    }
    if shape(text) != Shape::Settings {
        return None;
    }
    let mut raw = Vec::new();
    raw_fields(text, &mut raw).ok()?;
    let written = written_fields(settings).ok()?;
    let defaults = written_fields(&Settings::default()).ok()?;
    // (byte range, replacement), in file order once sorted.
    let mut edits: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    let mut missing = Vec::new();
    for ((field, value), (_, default)) in written.iter().zip(&defaults) {
        match raw.iter().find(|(name, _)| name == field) {
            Some((_, raw_value)) => {
                let old = raw_value.trim().get_ron();
                // The same value however it is written (`0x10`, a comment inside) stays.
                let alone = ron::Options::default()
                    .from_str::<Settings>(&format!("({field}: {old})"))
                    .ok()
                    .and_then(|read| written_fields(&read).ok())
                    .and_then(|fields| fields.into_iter().find(|(name, _)| name == field));
                if alone.is_none_or(|(_, read)| read != *value) {
                    edits.push((span_in(text, raw_value), value.clone()));
                }
            }
            None if value != default => missing.push((field, value)),
            None => {}
        }
    }
    if !missing.is_empty() {
        let (at, before, indent) = match raw.last() {
            Some((_, last)) => {
                let span = span_in(text, last);
                let line_start = text[..span.start].rfind('\n').map_or(0, |at| at + 1);
                insertion_after(text, span.end, line_start)
            }
            None => {
                // No field at all (`()`, `Settings()`): inside the opening parenthesis.
                (opening_parenthesis(text)? + 1, String::new(), String::new())
            }
        };
        let on_lines = !indent.is_empty() || raw.is_empty();
        let indent = if raw.is_empty() {
            "    ".to_owned()
        } else {
            indent
        };
        let mut insert = String::new();
        for (i, (field, value)) in missing.iter().enumerate() {
            insert += &match on_lines {
                true if raw.is_empty() && i == 0 => format!("\n{indent}{field}: {value},"),
                true if raw.is_empty() => format!("\n{indent}{field}: {value},"),
                true => format!("{indent}{field}: {value},\n"),
                false if i == 0 => format!("{field}: {value}"),
                false => format!(", {field}: {value}"),
            };
        }
        if raw.is_empty() {
            insert.push('\n');
        }
        match (before.as_str(), raw.last()) {
            // A comma after the last value, which had none, then the new lines after its line.
            (",", Some((_, last))) => {
                let end = span_in(text, last).end;
                edits.push((end..end, ",".to_owned()));
                edits.push((at..at, insert));
            }
            _ => edits.push((at..at, format!("{before}{insert}"))),
        }
    }
    crate::learn::short_sort::sort_short_by_key(&mut edits, |(range, _)| range.start);
    let mut out = String::from(bom);
    let mut from = 0;
    for (range, replacement) in edits {
        out += &text[from..range.start];
        out += &replacement;
        from = range.end;
    }
    out += &text[from..];
    // The edit must read back as exactly these settings.
    let mut issues = Vec::new();
    let read_back = parse_keeping(out.as_bytes(), &mut issues, &mut Vec::new());
    // A setting given twice is one problem a rewrite mends (the file was copied at load).
    let wrong = issues
        .iter()
        .any(|issue| !matches!(issue, Issue::UnknownField { .. }));
    (!wrong && read_back == *settings).then_some(out)
}

/// The byte offset of the parenthesis that opens the settings in `text`, after any comments and
/// the struct's name.
fn opening_parenthesis(text: &str) -> Option<usize> {
    let mut at = 0;
    loop {
        let rest = &text[at..];
        let trimmed = rest.trim_start();
        at += rest.len() - trimmed.len();
        if let Some(after) = trimmed.strip_prefix("//") {
            at += 2 + after.find('\n').unwrap_or(after.len());
        } else if let Some(after) = trimmed.strip_prefix("/*") {
            at += 4 + after.find("*/")?;
        } else if trimmed.starts_with('(') {
            return Some(at);
        } else if trimmed.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
            at += trimmed
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(trimmed.len());
        } else {
            return None;
        }
    }
}

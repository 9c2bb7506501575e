//! The settings file's text: reading it field by field, and writing it.

use std::fmt;

use serde::de::{self, DeserializeOwned, DeserializeSeed, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};

use super::problems::{Issue, Position, SaveError};
use super::{FirstPlayer, Mode, Settings, Theme};
use crate::ai::Difficulty;
use crate::board::Mark;

// ---------------------------------------------------------------------------------------------
// Range-checked numbers
// ---------------------------------------------------------------------------------------------

/// What a file may say for `board_size`, in the words of the error messages.
const BOARD_SIZE_EXPECTED: &str = "3 (the only board size so far)";
/// What a file may say for `ai_delay_ms`, in the words of the error messages.
const AI_DELAY_EXPECTED: &str = "a whole number of milliseconds from 0 to 10000";

/// Accepts any integer the parser can read, so that an out-of-range value (even a negative one)
/// is reported by value rather than as a type mismatch, then checks the range.
struct RangedInt {
    expected: &'static str,
    range: std::ops::RangeInclusive<i64>,
}

impl<'de> Visitor<'de> for RangedInt {
    type Value = i64;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.expected)
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<i64, E> {
        if self.range.contains(&value) {
            Ok(value)
        } else {
            Err(E::custom(format_args!(
                "expected {}, found {value}",
                self.expected
            )))
        }
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<i64, E> {
        match i64::try_from(value) {
            Ok(value) => self.visit_i64(value),
            Err(_) => Err(E::custom(format_args!(
                "expected {}, found {value}",
                self.expected
            ))),
        }
    }
}

pub(super) fn deserialize_board_size<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<u8, D::Error> {
    let checker = RangedInt {
        expected: BOARD_SIZE_EXPECTED,
        range: i64::from(Settings::BOARD_SIZE)..=i64::from(Settings::BOARD_SIZE),
    };
    let value = deserializer.deserialize_any(checker)?;
    // The range check above guarantees the value fits; the error arm only keeps this total.
    u8::try_from(value).map_err(|_| de::Error::custom(BOARD_SIZE_EXPECTED))
}

pub(super) fn deserialize_ai_delay_ms<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<u32, D::Error> {
    let checker = RangedInt {
        expected: AI_DELAY_EXPECTED,
        range: 0..=i64::from(Settings::MAX_AI_DELAY_MS),
    };
    let value = deserializer.deserialize_any(checker)?;
    u32::try_from(value).map_err(|_| de::Error::custom(AI_DELAY_EXPECTED))
}

/// Lets a field's checked deserializer run on its own, outside [`Settings`].
struct BoardSize(u8);

impl<'de> Deserialize<'de> for BoardSize {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserialize_board_size(deserializer).map(BoardSize)
    }
}

/// Lets a field's checked deserializer run on its own, outside [`Settings`].
struct AiDelay(u32);

impl<'de> Deserialize<'de> for AiDelay {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserialize_ai_delay_ms(deserializer).map(AiDelay)
    }
}

// ---------------------------------------------------------------------------------------------
// The fields, one table for reading, writing and messages
// ---------------------------------------------------------------------------------------------

/// One field of the file. Reading, writing, the comments in the file and the error messages all
/// come from this one table, so they cannot drift apart.
struct Field {
    name: &'static str,
    /// What a valid value looks like, for messages: "one of Easy, Medium, Hard, Perfect".
    expected: fn() -> String,
    /// The comment written after the value, for people who edit the file.
    comment: fn() -> Option<String>,
    /// Parses the field's RON text (a whole document holding one value) into `settings`.
    read: fn(&mut Settings, &str) -> Result<(), ron::error::SpannedError>,
    /// The field's value as RON.
    write: fn(&Settings) -> Result<String, ron::Error>,
}

fn ron_value<T: DeserializeOwned>(text: &str) -> Result<T, ron::error::SpannedError> {
    ron::Options::default().from_str(text)
}

/// The names of enum values as serde writes them, so messages and comments always match what
/// the parser accepts.
fn variant_names<T: Serialize>(all: &[T]) -> Vec<String> {
    all.iter().filter_map(|v| ron::to_string(v).ok()).collect()
}

fn one_of<T: Serialize>(all: &[T]) -> String {
    format!("one of {}", variant_names(all).join(", "))
}

fn alternatives<T: Serialize>(all: &[T]) -> Option<String> {
    Some(variant_names(all).join(" | "))
}

const MARKS: [Mark; 2] = [Mark::X, Mark::O];

const FIELDS: [Field; 9] = [
    Field {
        name: "version",
        expected: || "a whole number".to_owned(),
        comment: || None,
        read: |s, t| ron_value(t).map(|v| s.version = v),
        write: |s| ron::to_string(&s.version),
    },
    Field {
        name: "first_player",
        expected: || one_of(&FirstPlayer::ALL),
        comment: || alternatives(&FirstPlayer::ALL),
        read: |s, t| ron_value(t).map(|v| s.first_player = v),
        write: |s| ron::to_string(&s.first_player),
    },
    Field {
        name: "human_mark",
        expected: || one_of(&MARKS),
        comment: || alternatives(&MARKS),
        read: |s, t| ron_value(t).map(|v| s.human_mark = v),
        write: |s| ron::to_string(&s.human_mark),
    },
    Field {
        name: "mode",
        expected: || one_of(&Mode::ALL),
        comment: || alternatives(&Mode::ALL),
        read: |s, t| ron_value(t).map(|v| s.mode = v),
        write: |s| ron::to_string(&s.mode),
    },
    Field {
        name: "difficulty",
        expected: || one_of(&Difficulty::ALL),
        comment: || alternatives(&Difficulty::ALL),
        read: |s, t| ron_value(t).map(|v| s.difficulty = v),
        write: |s| ron::to_string(&s.difficulty),
    },
    Field {
        name: "show_scores",
        expected: || "true or false".to_owned(),
        comment: || alternatives(&[true, false]),
        read: |s, t| ron_value(t).map(|v| s.show_scores = v),
        write: |s| ron::to_string(&s.show_scores),
    },
    Field {
        name: "theme",
        expected: || one_of(&Theme::ALL),
        comment: || alternatives(&Theme::ALL),
        read: |s, t| ron_value(t).map(|v| s.theme = v),
        write: |s| ron::to_string(&s.theme),
    },
    Field {
        name: "board_size",
        expected: || BOARD_SIZE_EXPECTED.to_owned(),
        comment: || Some("only 3 for now".to_owned()),
        read: |s, t| ron_value(t).map(|BoardSize(v)| s.board_size = v),
        write: |s| ron::to_string(&s.board_size),
    },
    Field {
        name: "ai_delay_ms",
        expected: || AI_DELAY_EXPECTED.to_owned(),
        comment: || Some("pause before a computer move, 0 to 10000".to_owned()),
        read: |s, t| ron_value(t).map(|AiDelay(v)| s.ai_delay_ms = v),
        write: |s| ron::to_string(&s.ai_delay_ms),
    },
];

/// The field names, as serde's struct deserialization wants them.
const FIELD_NAMES: [&str; FIELDS.len()] = {
    let mut names = [""; FIELDS.len()];
    let mut i = 0;
    while i < FIELDS.len() {
        names[i] = FIELDS[i].name;
        i += 1;
    }
    names
};

// ---------------------------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------------------------

/// Collects the top-level fields as raw RON text without interpreting them, so that one bad
/// value costs only that field, and the fields before a syntax error survive it (they are pushed
/// as they are read, before the error stops the parse).
struct RawFields<'a, 'de> {
    out: &'a mut Vec<(String, &'de ron::value::RawValue)>,
}

impl<'de> DeserializeSeed<'de> for RawFields<'_, 'de> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_struct("Settings", &FIELD_NAMES, self)
    }
}

impl<'de> Visitor<'de> for RawFields<'_, 'de> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("settings in parentheses, like (difficulty: Hard)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            let value = map.next_value::<&'de ron::value::RawValue>()?;
            self.out.push((key, value));
        }
        Ok(())
    }
}

/// The line and column of byte `offset` in `text`.
fn position_at(text: &str, offset: usize) -> Position {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Position { line, column }
}

/// Where `inner`, a slice borrowed from `outer`, starts in it.
fn offset_in(outer: &str, inner: &str) -> Option<usize> {
    let start = inner.as_ptr().addr().checked_sub(outer.as_ptr().addr())?;
    (start.checked_add(inner.len())? <= outer.len()).then_some(start)
}

/// How many bytes of whitespace and comments `text` starts with (a raw value keeps comments
/// that sit before it, but its position is where the value itself starts).
fn skip_trivia(text: &str) -> usize {
    let mut rest = text;
    loop {
        let trimmed = rest.trim_start();
        if let Some(comment) = trimmed.strip_prefix("//") {
            rest = comment.find('\n').map_or("", |i| &comment[i..]);
        } else if trimmed.starts_with("/*") {
            // RON block comments nest.
            let mut depth = 0usize;
            let mut i = 0;
            let bytes = trimmed.as_bytes();
            while i < bytes.len() {
                if bytes[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if bytes[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            // `i` is after an ASCII `*/` or at the end, so it is a char boundary.
            rest = trimmed.get(i..).unwrap_or("");
        } else {
            return text.len() - trimmed.len();
        }
    }
}

/// The user's text for a value, made safe and short for a one-line message.
fn shown(text: &str) -> String {
    const LIMIT: usize = 40;
    let first_line = text.lines().next().unwrap_or("").trim();
    let mut out = String::new();
    for (i, c) in first_line.chars().enumerate() {
        if i == LIMIT {
            out.push('…');
            break;
        }
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    if first_line.len() < text.trim().len() && !out.ends_with('…') {
        out.push('…');
    }
    out
}

/// "Expected comma" reads better after "line 4, column 5:" as "expected comma".
fn lowercase_first(message: &str) -> String {
    let mut chars = message.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Reads the settings in `text`, keeping every field it can and listing what it could not.
fn parse_text(text: &str, issues: &mut Vec<Issue>) -> Settings {
    let mut settings = Settings::default();
    // A byte-order mark (as some Windows editors write) is not part of the RON.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        issues.push(Issue::Empty);
        return settings;
    }

    let mut raw = Vec::new();
    let syntax = |error: ron::error::SpannedError, kept: usize| Issue::Syntax {
        // The span's end is where the parser stopped: at the offending character, or the end of
        // the file (its start can be whitespace before that, or the value before a missing comma).
        at: error.span.end.into(),
        detail: lowercase_first(&error.code.to_string()),
        kept,
    };
    match ron::Deserializer::from_str_with_options(text, &ron::Options::default()) {
        Err(error) => issues.push(syntax(error, 0)),
        Ok(mut deserializer) => {
            let result = RawFields { out: &mut raw }
                .deserialize(&mut deserializer)
                .and_then(|()| deserializer.end());
            if let Err(code) = result {
                issues.push(syntax(deserializer.span_error(code), raw.len()));
            }
        }
    }

    let mut seen = [false; FIELDS.len()];
    for (key, value) in raw {
        let Some(index) = FIELDS.iter().position(|f| f.name == key) else {
            // Unknown fields are ignored so that files from newer and older versions load.
            continue;
        };
        let field = &FIELDS[index];
        let value = value.get_ron();
        let start = skip_trivia(value);
        let at = offset_in(text, value).map_or(Position { line: 0, column: 0 }, |offset| {
            position_at(text, offset + start)
        });
        if std::mem::replace(&mut seen[index], true) {
            issues.push(Issue::DuplicateField {
                at,
                field: field.name,
            });
            continue;
        }
        if let Err(error) = (field.read)(&mut settings, value) {
            let default = (field.write)(&Settings::default()).unwrap_or_default();
            issues.push(match error.code {
                ron::Error::NoSuchEnumVariant {
                    found, expected, ..
                } => Issue::UnknownVariant {
                    at,
                    field: field.name,
                    found: shown(&found),
                    expected: (field.expected)(),
                    default,
                    suggestion: expected
                        .iter()
                        .find(|choice| choice.eq_ignore_ascii_case(&found))
                        .map(|choice| (*choice).to_owned()),
                },
                _ => Issue::InvalidValue {
                    at,
                    field: field.name,
                    found: shown(value.get(start..).unwrap_or(value)),
                    expected: (field.expected)(),
                    default,
                },
            });
        }
    }
    // In file order, as people read them (the syntax error that ended the parse came first).
    issues.sort_by_key(|issue| issue.position().map(|at| (at.line, at.column)));
    settings
}

/// Reads settings from a file's bytes: UTF-8 problems are reported, then the rest is read.
pub(super) fn parse_bytes(bytes: &[u8], issues: &mut Vec<Issue>) -> Settings {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse_text(text, issues),
        Err(error) => {
            let valid = std::str::from_utf8(&bytes[..error.valid_up_to()]).unwrap_or("");
            issues.push(Issue::NotUtf8 {
                at: position_at(valid, valid.len()),
            });
            parse_text(&String::from_utf8_lossy(bytes), issues)
        }
    }
}

/// Writes settings as pretty RON with the allowed values in comments, for people who edit it.
///
/// Fails only if a value cannot be written as RON, which the settings' plain types rule out.
pub fn to_ron(settings: &Settings) -> Result<String, ron::Error> {
    let mut lines = Vec::with_capacity(FIELDS.len());
    for field in &FIELDS {
        let line = format!("    {}: {},", field.name, (field.write)(settings)?);
        lines.push((line, (field.comment)()));
    }
    // Align the comments in one column, two spaces after the longest line.
    let width = lines
        .iter()
        .map(|(line, _)| line.chars().count())
        .max()
        .unwrap_or(0)
        + 2;
    let mut out = String::from(
        "// Tic-Tac-Toe settings. A missing line takes its default; unknown lines are ignored.\n\
         // The game rewrites this file when settings change, without your own comments.\n(\n",
    );
    for (line, comment) in lines {
        match comment {
            Some(comment) => out.push_str(&format!("{line:<width$}// {comment}\n")),
            None => out.push_str(&format!("{line}\n")),
        }
    }
    out.push_str(")\n");
    Ok(out)
}

/// The text to save, checked by reading it back: the game never writes a file that it would
/// not load back exactly as `settings`.
pub(super) fn checked_text(settings: &Settings) -> Result<String, SaveError> {
    let text = to_ron(settings).map_err(|e| SaveError::Format(e.to_string()))?;
    let mut issues = Vec::new();
    let read_back = parse_text(&text, &mut issues);
    if let Some(issue) = issues.into_iter().next() {
        return Err(match issue {
            Issue::InvalidValue {
                field,
                found,
                expected,
                ..
            }
            | Issue::UnknownVariant {
                field,
                found,
                expected,
                ..
            } => SaveError::InvalidSetting {
                field,
                value: found,
                expected,
            },
            other => SaveError::Format(format!("the written settings do not read back: {other}")),
        });
    }
    if read_back != *settings {
        return Err(SaveError::Format(
            "the written settings read back differently".to_owned(),
        ));
    }
    Ok(text)
}

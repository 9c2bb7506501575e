//! The settings file's text: reading it field by field, and writing it.

use std::fmt;
use std::ops::RangeInclusive;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};

use super::problems::{Issue, Position, SaveError};
use super::{FirstPlayer, Mode, Settings, Theme};
use crate::ai::Difficulty;
use crate::board::Mark;

const BOARD_SIZE_EXPECTED: &str = "3 (the only board size so far)";
const AI_DELAY_EXPECTED: &str = "a whole number of milliseconds from 0 to 10000";

/// Reads an integer and checks that it is in `range`, for the derived `Deserialize`.
fn in_range<'de, D: Deserializer<'de>, T: TryFrom<i64>>(
    deserializer: D,
    range: RangeInclusive<i64>,
    expected: &str,
) -> Result<T, D::Error> {
    let value = i64::deserialize(deserializer)?;
    (range
        .contains(&value)
        .then(|| T::try_from(value).ok())
        .flatten())
    .ok_or_else(|| de::Error::custom(format!("expected {expected}, found {value}")))
}

pub(super) fn board_size<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u8, D::Error> {
    let size = i64::from(Settings::BOARD_SIZE);
    in_range(deserializer, size..=size, BOARD_SIZE_EXPECTED)
}

pub(super) fn ai_delay_ms<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
    let max = i64::from(Settings::MAX_AI_DELAY_MS);
    in_range(deserializer, 0..=max, AI_DELAY_EXPECTED)
}

/// Each field a file may have, what its valid values look like in messages ("one of Easy,
/// Medium, Hard, Perfect"), and the comment beside it in the file.
fn fields() -> [(&'static str, String, Option<String>); 9] {
    fn choices<T: Serialize>(all: &[T]) -> (String, Option<String>) {
        // As serde writes them, so messages and comments always match what the parser accepts.
        let names: Vec<String> = all.iter().filter_map(|v| ron::to_string(v).ok()).collect();
        (
            format!("one of {}", names.join(", ")),
            Some(names.join(" | ")),
        )
    }
    let text = |expected: &str, comment: &str| (expected.to_owned(), Some(comment.to_owned()));
    [
        ("version", ("a whole number".to_owned(), None)),
        ("first_player", choices(&FirstPlayer::ALL)),
        ("human_mark", choices(&[Mark::X, Mark::O])),
        ("mode", choices(&Mode::ALL)),
        ("difficulty", choices(&Difficulty::ALL)),
        ("show_scores", text("true or false", "true | false")),
        ("theme", choices(&Theme::ALL)),
        ("board_size", text(BOARD_SIZE_EXPECTED, "only 3 for now")),
        (
            "ai_delay_ms",
            text(
                AI_DELAY_EXPECTED,
                "pause before a computer move, 0 to 10000",
            ),
        ),
    ]
    .map(|(name, (expected, comment))| (name, expected, comment))
}

type RawFields<'de> = Vec<(String, &'de ron::value::RawValue)>;

/// Collects the top-level fields as raw RON text without interpreting them, so that one bad
/// value costs only that field, and the fields before a syntax error survive it (they are pushed
/// as they are read, before the error stops the parse).
struct Collect<'a, 'de>(&'a mut RawFields<'de>);

impl<'de> DeserializeSeed<'de> for Collect<'_, 'de> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_struct("Settings", &[], self)
    }
}

impl<'de> Visitor<'de> for Collect<'_, 'de> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("settings in parentheses, like (difficulty: Hard)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            self.0.push((key, map.next_value()?));
        }
        Ok(())
    }
}

/// Reads `text`'s top-level fields into `out` as far as it can. The end of the error's span is
/// where the parser stopped (its start can be the whitespace or the value before that).
fn raw_fields<'de>(text: &'de str, out: &mut RawFields<'de>) -> ron::error::SpannedResult<()> {
    let mut deserializer = ron::Deserializer::from_str(text)?;
    let result = Collect(out).deserialize(&mut deserializer);
    result
        .and_then(|()| deserializer.end())
        .map_err(|code| deserializer.span_error(code))
}

/// Each field of `settings` and its value as RON, in the struct's order.
fn written_fields(settings: &Settings) -> Result<Vec<(String, String)>, ron::Error> {
    let text = ron::to_string(settings)?;
    let mut fields = Vec::new();
    raw_fields(&text, &mut fields).map_err(|e| e.code)?;
    Ok(fields
        .into_iter()
        .map(|(k, v)| (k, v.get_ron().to_owned()))
        .collect())
}

/// The line and column of byte `offset` in `text`.
fn position_at(text: &str, offset: usize) -> Position {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    Position { line, column }
}

/// The user's text for a value, made safe and short for a one-line message.
fn shown(text: &str) -> String {
    let first_line = text.lines().next().unwrap_or("").trim();
    let mut out = String::new();
    for c in first_line.chars().take(40) {
        match c.is_control() {
            true => out.extend(c.escape_default()),
            false => out.push(c),
        }
    }
    if first_line.chars().count() > 40 || first_line.len() < text.trim().len() {
        out.push('…');
    }
    out
}

/// Reads the settings in `text`, keeping every field it can and listing what it could not.
fn parse_text(text: &str, issues: &mut Vec<Issue>) -> Settings {
    // A byte-order mark (as some Windows editors write) is not part of the RON.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        issues.push(Issue::Empty);
        return Settings::default();
    }
    let mut raw = Vec::new();
    if let Err(error) = raw_fields(text, &mut raw) {
        let (line, column) = (error.span.end.line, error.span.end.col);
        // "Expected comma" reads better after "line 4, column 5:" as "expected comma".
        let detail = error.code.to_string();
        let mut chars = detail.chars();
        let first = chars.next().into_iter().flat_map(char::to_lowercase);
        let (at, detail) = (Position { line, column }, first.chain(chars).collect());
        issues.push(Issue::Syntax {
            at,
            detail,
            kept: raw.len(),
        });
    }

    let (fields, defaults) = (
        fields(),
        written_fields(&Settings::default()).unwrap_or_default(),
    );
    let (mut settings, mut accepted, mut seen) = (Settings::default(), String::new(), Vec::new());
    for (key, value) in raw {
        // Unknown fields are ignored so that files from newer and older versions load.
        let Some((field, expected, _)) = fields.iter().find(|(name, ..)| *name == key) else {
            continue;
        };
        // Where the value itself starts, after any comments before it.
        let trimmed = value.trim().get_ron();
        let at = position_at(text, trimmed.as_ptr().addr() - text.as_ptr().addr());
        if seen.contains(field) {
            issues.push(Issue::DuplicateField { at, field });
            continue;
        }
        seen.push(field);
        // Read by the derived `Deserialize` with the fields accepted so far, so this checks
        // exactly what `ron::from_str::<Settings>` checks.
        let candidate = format!("{accepted}{field}:{}\n,", value.get_ron());
        let code = match ron::Options::default().from_str(&format!("({candidate})")) {
            Ok(read) => {
                (settings, accepted) = (read, candidate);
                continue;
            }
            Err(error) => error.code,
        };
        let default = defaults.iter().find(|(name, _)| name == field);
        let (expected, default) = (
            expected.clone(),
            default.map(|(_, v)| v.clone()).unwrap_or_default(),
        );
        issues.push(match code {
            ron::Error::NoSuchEnumVariant {
                found,
                expected: choices,
                ..
            } => Issue::UnknownVariant {
                at,
                field,
                suggestion: choices
                    .iter()
                    .find(|c| c.eq_ignore_ascii_case(&found))
                    .map(|c| c.to_string()),
                found: shown(&found),
                expected,
                default,
            },
            _ => Issue::InvalidValue {
                at,
                field,
                found: shown(trimmed),
                expected,
                default,
            },
        });
    }
    // In file order, as people read them (the syntax error that ended the parse came first).
    issues.sort_by_key(|issue| issue.position().map(|at| (at.line, at.column)));
    settings
}

/// Reads settings from a file's bytes: UTF-8 problems are reported, then the rest is read.
pub(super) fn parse_bytes(bytes: &[u8], issues: &mut Vec<Issue>) -> Settings {
    let Err(error) = std::str::from_utf8(bytes) else {
        return parse_text(&String::from_utf8_lossy(bytes), issues);
    };
    let valid = String::from_utf8_lossy(&bytes[..error.valid_up_to()]);
    let at = position_at(&valid, valid.len());
    issues.push(Issue::NotUtf8 { at });
    parse_text(&String::from_utf8_lossy(bytes), issues)
}

/// Writes settings as pretty RON with the allowed values in comments, for people who edit it.
///
/// Fails only if a value cannot be written as RON, which the settings' plain types rule out.
pub fn to_ron(settings: &Settings) -> Result<String, ron::Error> {
    let fields = fields();
    let lines: Vec<(String, Option<&String>)> = (written_fields(settings)?.into_iter())
        .map(|(name, value)| {
            let comment = fields
                .iter()
                .find(|(n, ..)| *n == name)
                .and_then(|(.., c)| c.as_ref());
            (format!("    {name}: {value},"), comment)
        })
        .collect();
    // The comments line up, two spaces after the longest line.
    let width = lines.iter().map(|(line, _)| line.len()).max().unwrap_or(0) + 2;
    let mut out = String::from(
        "// Tic-Tac-Toe settings. A missing line takes its default; unknown lines are ignored.\n\
         // The game rewrites this file when settings change, without your own comments.\n(\n",
    );
    for (line, comment) in lines {
        match comment {
            Some(comment) => out += &format!("{line:<width$}// {comment}\n"),
            None => out += &format!("{line}\n"),
        }
    }
    Ok(out + ")\n")
}

/// The text to save, checked by reading it back: the game never writes a file that it would
/// not load back exactly as `settings`.
pub(super) fn checked_text(settings: &Settings) -> Result<String, SaveError> {
    let text = to_ron(settings).map_err(|e| SaveError::Format(e.to_string()))?;
    let mut issues = Vec::new();
    let read_back = parse_text(&text, &mut issues);
    if let Some(Issue::InvalidValue {
        field,
        found,
        expected,
        ..
    }) = issues.first()
    {
        let (field, value, expected) = (*field, found.clone(), expected.clone());
        return Err(SaveError::InvalidSetting {
            field,
            value,
            expected,
        });
    }
    if !issues.is_empty() || read_back != *settings {
        let text = "the written settings do not read back the same";
        return Err(SaveError::Format(text.to_owned()));
    }
    Ok(text)
}

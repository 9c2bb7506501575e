//! The set code: a set's seed, kinds (each with the levels it is dealt at, where a teacher chose
//! some), count, board and view as a short text that round-trips through [`FromStr`] and
//! [`Display`](fmt::Display), for a link or a command line.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use super::kinds::{Kind, LEVELS};
use super::quoted::quoted;
use crate::engine::board::{Geometry, Mark};
use crate::view::ScoreView;

/// The version of the set code: a code names the same set for as long as this stays.
pub const CODE_VERSION: &str = "v1";
/// The most items a set has.
pub const MAX_COUNT: usize = 100;
/// The board sides sets are made on: plain minimax, the reference, answers them at once.
pub const SIZES: std::ops::RangeInclusive<usize> = 3..=4;

/// A set of exercises, as its code names it: the same seed, kinds, length, board and view give
/// the same items.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetCode {
    pub seed: u64,
    /// In the order items of them come: item `i` is of kind `kinds[i % kinds.len()]`.
    pub kinds: Vec<Kind>,
    pub count: usize,
    /// The board's side (square boards, with their usual number in a row).
    pub size: usize,
    /// Whose numbers the values are typed in.
    pub view: ScoreView,
    /// The tree and alpha-beta kinds on the textbooks' abstract trees (built-in and random
    /// ones) instead of below board positions.
    pub trees: bool,
    /// The kinds dealt at some of their levels only (`prune@2` in the code: α and β only); a
    /// kind not here grows through every level along the set.
    pub levels: BTreeMap<Kind, Levels>,
}

/// Some of a kind's levels, 1 to [`LEVELS`]: never none, never all (a kind at every level is
/// not restricted).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Levels(u8);

impl Levels {
    /// The levels listed, or `None` when they are none or every level (no restriction), or one
    /// is not a level.
    pub fn only(levels: &[u8]) -> Option<Levels> {
        let mut bits = 0u8;
        for &level in levels {
            if !(1..=LEVELS).contains(&level) {
                return None;
            }
            bits |= 1 << (level - 1);
        }
        let every = (1u8 << LEVELS) - 1;
        (bits != 0 && bits != every).then_some(Levels(bits))
    }

    pub fn contains(self, level: u8) -> bool {
        (1..=LEVELS).contains(&level) && self.0 & (1 << (level - 1)) != 0
    }

    /// The levels, lowest first.
    pub fn list(self) -> Vec<u8> {
        (1..=LEVELS).filter(|&level| self.contains(level)).collect()
    }
}

/// Why a set code or its parts were refused: one line that names what was typed and what is
/// accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SetCodeError(String);

/// What a set code looks like, for messages.
const CODE_EXAMPLE: &str = "a code looks like v1-s1234-k=value,horizon-n=10-3x3 (add -view=x for \
                            X's numbers, -trees for abstract trees)";

impl SetCode {
    /// A set code, checked: at least one kind and none twice, 1 to [`MAX_COUNT`] items, a side
    /// in [`SIZES`], and the horizon kind on 3×3 only (on larger boards the computer estimates).
    pub fn new(
        seed: u64,
        kinds: Vec<Kind>,
        count: usize,
        size: usize,
        view: ScoreView,
    ) -> Result<SetCode, SetCodeError> {
        if kinds.is_empty() {
            return Err(SetCodeError(format!(
                "a set needs at least one kind: {}",
                kinds_accepted()
            )));
        }
        if let Some(twice) = kinds
            .iter()
            .enumerate()
            .find(|&(i, kind)| kinds[..i].contains(kind))
        {
            return Err(SetCodeError(format!(
                "the kind {} is named twice: name each kind once",
                twice.1.code()
            )));
        }
        if !(1..=MAX_COUNT).contains(&count) {
            return Err(SetCodeError(format!(
                "a set has 1 to {MAX_COUNT} items, not {count}"
            )));
        }
        if !SIZES.contains(&size) {
            return Err(SetCodeError(format!(
                "exercises are on boards of side {} to {}, not {size}",
                SIZES.start(),
                SIZES.end()
            )));
        }
        if size != 3 && kinds.contains(&Kind::Horizon) {
            return Err(SetCodeError(format!(
                "the horizon kind is on 3x3 boards only (on {size}x{size} the computer estimates \
                 instead of looking exactly)"
            )));
        }
        Ok(SetCode {
            seed,
            kinds,
            count,
            size,
            view,
            trees: false,
            levels: BTreeMap::new(),
        })
    }

    /// The same set with `kind` dealt at `levels` only (`None`: at every level, growing along
    /// the set). Refused for a kind the set has not, or one that is the same at every level.
    pub fn with_levels(
        mut self,
        kind: Kind,
        levels: Option<Levels>,
    ) -> Result<SetCode, SetCodeError> {
        if !self.kinds.contains(&kind) {
            return Err(SetCodeError(format!(
                "the set has no {} items to choose levels of",
                kind.code()
            )));
        }
        match levels {
            None => {
                self.levels.remove(&kind);
            }
            Some(_) if kind.level_words(false).is_empty() => {
                return Err(SetCodeError(format!(
                    "the {} kind is the same at every level: name no levels after it",
                    kind.code()
                )));
            }
            Some(levels) => {
                self.levels.insert(kind, levels);
            }
        }
        Ok(self)
    }

    /// The same set with the tree and prune kinds on abstract trees (`true`) or on positions.
    #[must_use]
    pub fn on_trees(self, trees: bool) -> SetCode {
        SetCode { trees, ..self }
    }

    pub fn geometry(&self) -> Geometry {
        Geometry::with_default_k(self.size, self.size)
            .expect("SetCode::new accepts only sides the game plays")
    }

    /// The level of the item at `index` (from 0): 1 for the first third, up to [`LEVELS`]; for
    /// a kind dealt at some levels only, those, growing along that kind's own items (so that a
    /// kind's every level chosen is dealt once it has as many items, whatever the count and
    /// however many other kinds take turns with it).
    pub fn level(&self, index: usize) -> u8 {
        let set_wide = 1 + (index * usize::from(LEVELS) / self.count.max(1)) as u8;
        let Some(levels) = self.levels.get(&self.kind(index)) else {
            return set_wide;
        };
        let chosen = levels.list();
        let kinds = self.kinds.len().max(1);
        // This kind's items: the `own`-th of `of_kind`.
        let (own, of_kind) = (
            index / kinds,
            (self.count - index % kinds).div_ceil(kinds).max(1),
        );
        chosen[own * chosen.len() / of_kind]
    }

    /// Who is to move in the item at `index` (from 0) on a board: X and O take turns along the
    /// set, and so do each kind's items, round after round, so that every set of a few items
    /// asks of both sides (and the X's numbers differ from the mover's).
    pub fn mover(&self, index: usize) -> Mark {
        let kinds = self.kinds.len().max(1);
        // With an odd number of kinds, turns along the set already alternate each kind's items;
        // with an even number, each round starts with the other side.
        let turn = match kinds % 2 {
            1 => index,
            _ => index + index / kinds,
        };
        match turn % 2 {
            0 => Mark::X,
            _ => Mark::O,
        }
    }

    /// The kind of the item at `index` (from 0).
    pub fn kind(&self, index: usize) -> Kind {
        self.kinds[index % self.kinds.len()]
    }
}

/// "value, tree, horizon or move", for messages.
fn kinds_accepted() -> String {
    let codes: Vec<&str> = Kind::ALL.iter().map(|k| k.code()).collect();
    format!(
        "the kinds are {} or {}",
        codes[..codes.len() - 1].join(", "),
        codes[codes.len() - 1]
    )
}

/// The kinds a list such as `value,horizon` names.
pub fn parse_kinds(text: &str) -> Result<Vec<Kind>, SetCodeError> {
    text.split(',')
        .map(|word| {
            let word = word.trim();
            Kind::from_code(&word.to_ascii_lowercase()).ok_or_else(|| {
                SetCodeError(format!(
                    "{} is not a kind of exercise: {}",
                    quoted(word),
                    kinds_accepted()
                ))
            })
        })
        .collect()
}

/// The kinds of a code's `k=` list, each with the levels named after it (`prune@2`: `Some` of
/// some levels; `Some(None)`: every level named, which is no restriction).
#[allow(clippy::type_complexity)]
fn parse_kinds_with_levels(
    text: &str,
) -> Result<Vec<(Kind, Option<Option<Levels>>)>, SetCodeError> {
    text.split(',')
        .map(|word| {
            let (name, levels) = match word.split_once('@') {
                Some((name, digits)) => (name, Some(digits)),
                None => (word, None),
            };
            let kind = parse_kinds(name)?[0];
            let levels = match levels {
                None => None,
                Some(digits) => {
                    let numbers: Option<Vec<u8>> = digits
                        .chars()
                        .map(|c| c.to_digit(10).and_then(|d| u8::try_from(d).ok()))
                        .collect();
                    match numbers {
                        Some(numbers)
                            if !numbers.is_empty()
                                && numbers.iter().all(|l| (1..=LEVELS).contains(l)) =>
                        {
                            Some(Levels::only(&numbers))
                        }
                        _ => {
                            return Err(SetCodeError(format!(
                                "the levels {} after {} are not digits from 1 to {LEVELS} \
                                 (prune@2, value@13)",
                                quoted(digits),
                                kind.code()
                            )));
                        }
                    }
                }
            };
            Ok((kind, levels))
        })
        .collect()
}

impl fmt::Display for SetCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kinds: Vec<String> = self
            .kinds
            .iter()
            .map(|kind| match self.levels.get(kind) {
                None => kind.code().to_string(),
                Some(levels) => {
                    let digits: String = levels.list().iter().map(u8::to_string).collect();
                    format!("{}@{digits}", kind.code())
                }
            })
            .collect();
        write!(
            f,
            "{CODE_VERSION}-s{}-k={}-n={}-{}x{}",
            self.seed,
            kinds.join(","),
            self.count,
            self.size,
            self.size
        )?;
        if self.view == ScoreView::Articles {
            f.write_str("-view=x")?;
        }
        if self.trees {
            f.write_str("-trees")?;
        }
        Ok(())
    }
}

impl FromStr for SetCode {
    type Err = SetCodeError;

    fn from_str(text: &str) -> Result<SetCode, SetCodeError> {
        let refuse =
            |problem: String| SetCodeError(format!("set code {}: {problem}", quoted(text)));
        let trimmed = text.trim();
        let mut parts = trimmed.split('-');
        if parts.next() != Some(CODE_VERSION) {
            return Err(refuse(format!(
                "it must start with {CODE_VERSION}-; {CODE_EXAMPLE}"
            )));
        }
        let (mut seed, mut kinds, mut count, mut size, mut view) =
            (None, None, None, None, ScoreView::SideToMove);
        let mut trees = false;
        for part in parts {
            if part == "trees" {
                trees = true;
            } else if let Some(number) = part.strip_prefix('s') {
                seed = Some(number.parse::<u64>().map_err(|_| {
                    refuse(format!(
                        "the seed {} is not a whole number from 0 to {}; {CODE_EXAMPLE}",
                        quoted(number),
                        u64::MAX
                    ))
                })?);
            } else if let Some(list) = part.strip_prefix("k=") {
                kinds = Some(parse_kinds_with_levels(list).map_err(|e| refuse(e.0))?);
            } else if let Some(number) = part.strip_prefix("n=") {
                count = Some(number.parse::<usize>().map_err(|_| {
                    refuse(format!(
                        "the count {} is not a whole number from 1 to {MAX_COUNT}",
                        quoted(number)
                    ))
                })?);
            } else if let Some(name) = part.strip_prefix("view=") {
                view = match name {
                    "x" | "X" => ScoreView::Articles,
                    "mover" => ScoreView::SideToMove,
                    _ => {
                        return Err(refuse(format!(
                            "the view {} is not mover or x",
                            quoted(name)
                        )));
                    }
                };
            } else if let Some((rows, cols)) = part.split_once('x') {
                match (rows.parse::<usize>(), cols.parse::<usize>()) {
                    (Ok(rows), Ok(cols)) if rows == cols => size = Some(rows),
                    _ => {
                        return Err(refuse(format!(
                            "the board {} is not a square such as 3x3",
                            quoted(part)
                        )));
                    }
                }
            } else {
                return Err(refuse(format!(
                    "{} is not a part of a set code; {CODE_EXAMPLE}",
                    quoted(part)
                )));
            }
        }
        let missing = |what: &str| refuse(format!("it has no {what}; {CODE_EXAMPLE}"));
        let kinds = kinds.ok_or_else(|| missing("kinds (k=value,tree)"))?;
        let plain: Vec<Kind> = kinds.iter().map(|&(kind, _)| kind).collect();
        let mut code = SetCode::new(
            seed.ok_or_else(|| missing("seed (s1234)"))?,
            plain,
            count.ok_or_else(|| missing("count (n=10)"))?,
            size.ok_or_else(|| missing("board (3x3)"))?,
            view,
        )
        .map(|code| code.on_trees(trees))
        .map_err(|e| refuse(e.0))?;
        for (kind, levels) in kinds {
            if let Some(levels) = levels {
                code = code.with_levels(kind, levels).map_err(|e| refuse(e.0))?;
            }
        }
        Ok(code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `bad` is refused in one line that names it and says `says`.
    fn assert_refused(bad: &str, says: &str) {
        let error = bad.parse::<SetCode>().unwrap_err().to_string();
        assert!(error.contains(says), "{bad}: {error}");
        assert!(error.starts_with(&format!("set code \"{bad}\"")), "{error}");
        assert!(!error.contains('\n'));
    }

    #[test]
    fn a_code_round_trips_and_names_its_problems() {
        let code: SetCode = "v1-s1234-k=value,horizon-n=10-3x3".parse().unwrap();
        assert_eq!(code.seed, 1234);
        assert_eq!(code.to_string(), "v1-s1234-k=value,horizon-n=10-3x3");
        let trees: SetCode = "v1-s9-k=tree,prune-n=6-3x3-trees".parse().unwrap();
        assert!(trees.trees);
        assert_eq!(trees.kinds, [Kind::Tree, Kind::Prune]);
        assert_eq!(trees.to_string(), "v1-s9-k=tree,prune-n=6-3x3-trees");
        let x: SetCode = "v1-s5-k=tree-n=3-4x4-view=x".parse().unwrap();
        assert_eq!(x.view, ScoreView::Articles);
        assert_eq!(x.to_string().parse::<SetCode>(), Ok(x));
        for (bad, says) in [
            ("v2-s1-k=value-n=1-3x3", "must start with v1-"),
            (
                "v1-s1-k=value,fork-n=1-3x3",
                "\"fork\" is not a kind of exercise",
            ),
            ("v1-s1-k=value-n=0-3x3", "1 to 100 items, not 0"),
            ("v1-s1-k=value-n=3-9x9", "side 3 to 4, not 9"),
            ("v1-s1-k=horizon-n=3-4x4", "3x3 boards only"),
            ("v1-s1-k=value-3x3", "no count"),
            ("v1-sx-k=value-n=1-3x3", "the seed \"x\""),
            ("v1-s1-k=value,value-n=1-3x3", "named twice"),
        ] {
            assert_refused(bad, says);
        }
    }

    #[test]
    fn a_kinds_levels_round_trip_and_are_dealt_whatever_the_count() {
        let code: SetCode = "v1-s3-k=value@13,tree,prune@2-n=7-3x3-trees"
            .parse()
            .unwrap();
        assert_eq!(code.levels.get(&Kind::Prune), Levels::only(&[2]).as_ref());
        assert_eq!(
            code.levels.get(&Kind::Value),
            Levels::only(&[1, 3]).as_ref()
        );
        assert_eq!(code.levels.get(&Kind::Tree), None);
        assert_eq!(
            code.to_string(),
            "v1-s3-k=value@13,tree,prune@2-n=7-3x3-trees"
        );
        assert_eq!(code.to_string().parse::<SetCode>(), Ok(code.clone()));
        // Value: items 1, 4, 7 at levels 1, 1, 3 (its own three items spread over 1 and 3);
        // prune: items 3 and 6 at level 2 only; the tree grows along the set.
        let levels: Vec<u8> = (0..7).map(|i| code.level(i)).collect();
        assert_eq!(levels, [1, 1, 2, 1, 2, 2, 3]);
        // Every level named means no restriction; a kind without levels takes none.
        let every: SetCode = "v1-s3-k=value@321-n=2-3x3".parse().unwrap();
        assert_eq!(every.to_string(), "v1-s3-k=value-n=2-3x3");
        for (bad, says) in [
            ("v1-s1-k=prune@4-n=3-3x3", "not digits from 1 to 3"),
            ("v1-s1-k=prune@-n=3-3x3", "not digits from 1 to 3"),
            ("v1-s1-k=horizon@2-n=3-3x3", "same at every level"),
            ("v1-s1-k=prune@2,prune-n=3-3x3", "named twice"),
        ] {
            assert_refused(bad, says);
        }
    }
}

//! The set code: a set's seed, kinds, count, board and view as a short text that round-trips
//! through [`FromStr`] and [`Display`](fmt::Display), for a link or a command line.

use std::fmt;
use std::str::FromStr;

use super::kinds::{Kind, LEVELS};
use super::quoted::quoted;
use crate::engine::board::{Geometry, Mark};
use crate::learn::view::ScoreView;

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
        })
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

    /// The level of the item at `index` (from 0): 1 for the first third, up to [`LEVELS`].
    pub fn level(&self, index: usize) -> u8 {
        1 + (index * usize::from(LEVELS) / self.count.max(1)) as u8
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

impl fmt::Display for SetCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kinds: Vec<&str> = self.kinds.iter().map(|k| k.code()).collect();
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
                kinds = Some(parse_kinds(list).map_err(|e| refuse(e.0))?);
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
        SetCode::new(
            seed.ok_or_else(|| missing("seed (s1234)"))?,
            kinds.ok_or_else(|| missing("kinds (k=value,tree)"))?,
            count.ok_or_else(|| missing("count (n=10)"))?,
            size.ok_or_else(|| missing("board (3x3)"))?,
            view,
        )
        .map(|code| code.on_trees(trees))
        .map_err(|e| refuse(e.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            let error = bad.parse::<SetCode>().unwrap_err().to_string();
            assert!(error.contains(says), "{bad}: {error}");
            assert!(error.starts_with(&format!("set code \"{bad}\"")), "{error}");
            assert!(!error.contains('\n'));
        }
    }
}

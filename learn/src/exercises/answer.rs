//! Typed answers read: numbers, lists of numbers, cells and lists of cells, each refused with
//! one line that names what was typed and what is accepted.

use super::quoted::quoted;
use crate::engine::board::{Cell, Geometry};

/// Why a typed answer could not be read: one line naming what was typed and what is accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{typed} {problem}: {accepted}")]
pub struct AnswerError {
    /// What was typed, quoted and shortened.
    pub typed: String,
    pub problem: String,
    pub accepted: String,
}

pub(super) fn answer_error(
    typed: &str,
    problem: impl Into<String>,
    accepted: impl Into<String>,
) -> AnswerError {
    AnswerError {
        typed: quoted(typed.trim()),
        problem: problem.into(),
        accepted: accepted.into(),
    }
}

pub(super) const NUMBER_ACCEPTED: &str = "type a whole number, like -5, 0 or 8";

/// A whole number as typed: `-5`, `+8`, `0`, with the typographic minus `−5` too.
pub fn parse_number(text: &str) -> Result<i32, AnswerError> {
    let cleaned = text.trim().replace('\u{2212}', "-");
    let digits = cleaned.strip_prefix('+').unwrap_or(&cleaned);
    digits
        .parse::<i32>()
        .map_err(|_| answer_error(text, "is not a number", NUMBER_ACCEPTED))
}

/// The whole numbers of a list separated by commas, semicolons or spaces.
pub fn parse_numbers(text: &str) -> Result<Vec<i32>, AnswerError> {
    let pieces: Vec<&str> = text
        .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|piece| !piece.is_empty())
        .collect();
    if pieces.is_empty() {
        return Err(answer_error(
            text,
            "has no numbers",
            "type the numbers in the order listed, separated by commas, like 8, -9, 0",
        ));
    }
    pieces
        .iter()
        .map(|piece| {
            parse_number(piece).map_err(|e| {
                answer_error(
                    text,
                    format!("has {} where a number belongs", e.typed),
                    "type whole numbers separated by commas, like 8, -9, 0",
                )
            })
        })
        .collect()
}

pub(super) fn cell_accepted(geometry: Geometry) -> String {
    format!(
        "type a cell as r2c3, 2,3 or row 2 column 3 (rows and columns 1 to {}), or its number 1 \
         to {} in reading order",
        geometry.rows(),
        geometry.cells()
    )
}

/// A cell as typed: `r2c3`, `2,3`, `2 3`, `row 2 column 3`, `row 2, column 3`, or its number
/// in reading order (`6`); rows and columns count from 1.
pub fn parse_cell(text: &str, geometry: Geometry) -> Result<Cell, AnswerError> {
    let refuse = || answer_error(text, "is not a cell", cell_accepted(geometry));
    let lower = text.trim().to_ascii_lowercase();
    let numbers: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_digit())
        .filter(|n| !n.is_empty())
        .collect();
    // The words around the numbers, which must be one of the accepted shapes.
    let words: String = lower
        .chars()
        .filter(|c| !c.is_ascii_digit() && !c.is_whitespace() && *c != ',')
        .collect();
    let read = |n: &str| n.parse::<usize>().ok();
    let cell = match (numbers.as_slice(), words.as_str()) {
        ([number], "") => {
            let number = read(number).ok_or_else(refuse)?;
            let index = number.checked_sub(1).filter(|&i| i < geometry.cells());
            return index.map(|i| geometry.cell(i)).ok_or_else(|| {
                answer_error(
                    text,
                    format!(
                        "is not a cell number of the {}x{} board",
                        geometry.rows(),
                        geometry.cols()
                    ),
                    cell_accepted(geometry),
                )
            });
        }
        ([row, col], "rc" | "" | "rowcolumn" | "rowcol") => {
            let (row, col) = (read(row).ok_or_else(refuse)?, read(col).ok_or_else(refuse)?);
            (row, col)
        }
        _ => return Err(refuse()),
    };
    let (row, col) = cell;
    let inside = (1..=geometry.rows()).contains(&row) && (1..=geometry.cols()).contains(&col);
    if !inside {
        return Err(answer_error(
            text,
            format!(
                "is not a cell of the {}x{} board",
                geometry.rows(),
                geometry.cols()
            ),
            cell_accepted(geometry),
        ));
    }
    Ok(Cell::new(row - 1, col - 1))
}

/// Several cells: separated by `;` (`r1c1; 3,3`), or by spaces and commas when each is written
/// `r1c1` or as a number (`r1c1 r3c3`, `1, 9`). One cell alone is read as [`parse_cell`] reads it.
pub fn parse_cells(text: &str, geometry: Geometry) -> Result<Vec<Cell>, AnswerError> {
    let accepted = || {
        format!(
            "type one or more cells separated by ';', like r1c1; r3c3 or 1; 9 (rows and columns \
             1 to {}, cell numbers 1 to {} in reading order)",
            geometry.rows(),
            geometry.cells()
        )
    };
    let list = |pieces: Vec<&str>| -> Result<Vec<Cell>, AnswerError> {
        let mut cells = Vec::new();
        let alone = pieces.len() == 1;
        for piece in pieces {
            let cell = parse_cell(piece, geometry).map_err(|e| {
                let problem = match alone {
                    true => "is not a cell".to_string(),
                    false => format!("has {} where a cell belongs", e.typed),
                };
                answer_error(text, problem, accepted())
            })?;
            if !cells.contains(&cell) {
                cells.push(cell);
            }
        }
        crate::short_sort::sort_short_by_key(&mut cells, |&cell| cell);
        Ok(cells)
    };
    if text.trim().is_empty() {
        return Err(answer_error(text, "has no cells", accepted()));
    }
    if text.contains(';') {
        return list(text.split(';').filter(|p| !p.trim().is_empty()).collect());
    }
    if let Ok(cell) = parse_cell(text, geometry) {
        return Ok(vec![cell]);
    }
    list(
        text.split(|c: char| c == ',' || c.is_whitespace())
            .filter(|p| !p.is_empty())
            .collect(),
    )
}

/// The nodes an answer names by their letters (`E, F`, `e f`, `none`), in preorder, each once;
/// a letter the tree has not is refused, naming the tree's letters.
pub fn parse_labels(text: &str, key: &super::prune::PruneKey) -> Result<Vec<usize>, AnswerError> {
    let accepted = || {
        format!(
            "type the letters of the pruned branches separated by commas, like E, F, or none \
             (the tree's nodes are {} to {})",
            key.nodes[0].label,
            key.nodes[key.nodes.len() - 1].label
        )
    };
    let pieces: Vec<String> = text
        .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|piece| !piece.is_empty())
        .map(|piece| piece.to_ascii_uppercase())
        .collect();
    match pieces.as_slice() {
        [] => return Err(answer_error(text, "names no branch", accepted())),
        [none] if matches!(none.as_str(), "NONE" | "NOTHING" | "-" | "0") => return Ok(Vec::new()),
        _ => {}
    }
    let mut nodes = Vec::new();
    for piece in &pieces {
        let node = key
            .nodes
            .iter()
            .position(|n| n.label == *piece)
            .ok_or_else(|| {
                answer_error(
                    text,
                    format!("has {} where a node's letter belongs", quoted(piece)),
                    accepted(),
                )
            })?;
        if node == 0 {
            return Err(answer_error(
                text,
                "names the root, which is always searched",
                accepted(),
            ));
        }
        if !nodes.contains(&node) {
            nodes.push(node);
        }
    }
    nodes.sort_unstable();
    Ok(nodes)
}

/// What α and β are read as where the window is typed.
pub(super) const WINDOW_ACCEPTED: &str =
    "type α and β by name, like α=3, β=inf (or two numbers, α first: 3, inf); ∞ is typed inf";

/// A window as typed, read by its labels: `α=3, β=2`, `β=2 α=3`, `alpha 3 beta 2`, `a=3 b=2`;
/// or two bare numbers, α first: `3, 2`, `(3, 2)`. Either end may be infinite (`inf`, `-inf`,
/// `∞`, `−∞`), read as `±infinity`. A label named twice, or one value labelled and the other
/// not, is refused, naming it.
pub fn parse_window(text: &str, infinity: i32) -> Result<(i32, i32), AnswerError> {
    #[derive(Clone, Copy, PartialEq)]
    enum End {
        Alpha,
        Beta,
    }
    let refuse = |problem: String| answer_error(text, problem, WINDOW_ACCEPTED);
    let lower = text.to_lowercase().replace('\u{2212}', "-");
    let words: Vec<&str> = lower
        .split(|c: char| ",;=:()[]".contains(c) || c.is_whitespace())
        .filter(|word| !word.is_empty())
        .collect();
    let label = |word: &str| match word {
        "α" | "alpha" | "a" => Some(End::Alpha),
        "β" | "beta" | "b" => Some(End::Beta),
        _ => None,
    };
    let value = |word: &str| -> Option<i32> {
        let (sign, rest) = match word.strip_prefix('-') {
            Some(rest) => (-1, rest),
            None => (1, word.strip_prefix('+').unwrap_or(word)),
        };
        match rest {
            "inf" | "infinity" | "∞" => Some(sign * infinity),
            _ => parse_number(word).ok(),
        }
    };
    // Each value with the label before it, if any; a label glued to its value (`α3`) split.
    let mut values: Vec<(Option<End>, i32)> = Vec::new();
    let mut pending: Option<End> = None;
    for word in words {
        if let Some(end) = label(word) {
            if pending.is_some() {
                return Err(refuse(format!("names {} with no value", quoted(word))));
            }
            pending = Some(end);
            continue;
        }
        let glued = ["alpha", "beta", "α", "β"]
            .iter()
            .find_map(|name| word.strip_prefix(name).map(|rest| (label(name), rest)));
        let (end, number) = match glued {
            Some((end, rest)) if pending.is_none() && !rest.is_empty() => (end, rest),
            _ => (pending.take(), word),
        };
        match value(number) {
            Some(v) => values.push((end, v)),
            None => {
                return Err(refuse(format!(
                    "has {} where α or β belongs",
                    quoted(number)
                )));
            }
        }
    }
    if pending.is_some() {
        return Err(refuse("names α or β with no value after it".to_string()));
    }
    if values.len() != 2 {
        let count = match values.len() {
            0 => "no value".to_string(),
            1 => "one value".to_string(),
            n => format!("{n} values"),
        };
        return Err(refuse(format!("has {count}, not two")));
    }
    let name = |end: End| match end {
        End::Alpha => "α",
        End::Beta => "β",
    };
    match (values[0], values[1]) {
        ((None, a), (None, b)) => Ok((a, b)),
        ((Some(x), _), (Some(y), _)) if x == y => Err(refuse(format!(
            "names {} twice and {} not at all",
            name(x),
            name(if x == End::Alpha {
                End::Beta
            } else {
                End::Alpha
            })
        ))),
        ((Some(End::Alpha), a), (Some(End::Beta), b))
        | ((Some(End::Beta), b), (Some(End::Alpha), a)) => Ok((a, b)),
        _ => Err(refuse(
            "names one value and not the other: name both, or neither (α first)".to_string(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASSIC: Geometry = Geometry::CLASSIC;

    #[test]
    fn cells_are_read_in_every_accepted_shape() {
        let want = Cell::new(1, 2);
        for typed in [
            "r2c3",
            "R2C3",
            "2,3",
            "2 3",
            " 2, 3 ",
            "row 2 column 3",
            "row 2, column 3",
            "6",
        ] {
            assert_eq!(parse_cell(typed, CLASSIC), Ok(want), "{typed}");
        }
        let error = parse_cell("r4c1", CLASSIC).unwrap_err().to_string();
        assert!(
            error.starts_with("\"r4c1\" is not a cell of the 3x3 board: type a cell as r2c3"),
            "{error}"
        );
        assert!(
            parse_cell("10", CLASSIC)
                .unwrap_err()
                .to_string()
                .contains("cell number")
        );
        assert_eq!(
            parse_cells("r1c1; 3,3", CLASSIC),
            Ok(vec![Cell::new(0, 0), Cell::new(2, 2)])
        );
        assert_eq!(
            parse_cells("r3c3 r1c1", CLASSIC),
            Ok(vec![Cell::new(0, 0), Cell::new(2, 2)])
        );
        assert_eq!(
            parse_cells("1, 9", CLASSIC),
            Ok(vec![Cell::new(0, 0), Cell::new(2, 2)])
        );
    }

    #[test]
    fn numbers_take_a_sign_and_the_typographic_minus() {
        assert_eq!(parse_number("-5"), Ok(-5));
        assert_eq!(parse_number("\u{2212}5"), Ok(-5));
        assert_eq!(parse_number(" +8 "), Ok(8));
        assert_eq!(
            parse_number("five").unwrap_err().to_string(),
            "\"five\" is not a number: type a whole number, like -5, 0 or 8"
        );
        assert_eq!(parse_numbers("8, -9 0;1"), Ok(vec![8, -9, 0, 1]));
        let error = parse_numbers("8, x").unwrap_err().to_string();
        assert!(
            error.starts_with("\"8, x\" has \"x\" where a number belongs"),
            "{error}"
        );
    }

    #[test]
    fn a_window_is_read_by_its_labels_in_any_order() {
        let inf = 11;
        for typed in [
            "α=9, β=-8",
            "β=-8 α=9",
            "β = -8, α = 9",
            "alpha 9 beta -8",
            "Beta: −8; Alpha: 9",
            "a=9 b=-8",
            "b=-8, a=9",
            "α9 β-8",
            "9, -8",
            "(9, -8)",
        ] {
            assert_eq!(parse_window(typed, inf), Ok((9, -8)), "{typed}");
        }
        for (typed, want) in [
            ("α=-inf, β=inf", (-inf, inf)),
            ("β=∞ α=−∞", (-inf, inf)),
            ("(-infinity, 3)", (-inf, 3)),
            ("alpha +inf beta 2", (inf, 2)),
        ] {
            assert_eq!(parse_window(typed, inf), Ok(want), "{typed}");
        }
    }

    #[test]
    fn a_window_with_a_label_twice_or_half_labelled_is_refused_naming_it() {
        let error = |typed: &str| parse_window(typed, 11).unwrap_err().to_string();
        assert!(
            error("α=9 α=-8").starts_with("\"α=9 α=-8\" names α twice and β not at all: "),
            "{}",
            error("α=9 α=-8")
        );
        assert!(error("β=1, β=2").contains("names β twice and α not at all"));
        assert!(error("α=9, -8").contains("names one value and not the other"));
        assert!(error("α=9").contains("has one value, not two"));
        assert!(error("α=x β=2").contains("has \"x\" where α or β belongs"));
        assert!(error("α= β=2").contains("with no value"));
        assert!(error("3, 2, 1").contains("has 3 values, not two"));
    }
}

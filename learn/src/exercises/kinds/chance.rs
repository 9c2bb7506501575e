//! "Chance nodes": on a tree with chance nodes (expectimax: MAX over chance; expectiminimax:
//! MAX, chance and MIN levels), either a chance node's value (the average of its children's,
//! weighted by their probabilities) or the move MAX picks at the root. The key is
//! [`expectiminimax`]'s, the engine's; values are exact fractions, typed as a fraction (`15/2`)
//! or a decimal within [`TOLERANCE_WORDS`].

use rand::Rng;
use rand::rngs::StdRng;

use super::exercise::{Exercise, Figure, Form, Plan, QuizForm, Spec, telling_draw};
use crate::abstract_tree::{average_lines, chance_value_text, probability_words};
use crate::engine::board::Board;
use crate::engine::fraction::Fraction;
use crate::engine::game_tree::{GameTree, Side, TreePosition};
use crate::engine::minimax::{ExpectedValue, expectiminimax};
use crate::exercises::answer::{AnswerError, answer_error};
use crate::exercises::prune::{label, lettered_one_line};
use crate::exercises::quoted::quoted;
use crate::exercises::random::below;
use crate::tree_sketch::{Sketch, chance_tree};

/// How close a typed decimal must be, in words for the prompt.
pub const TOLERANCE_WORDS: &str = "a fraction like 15/2, or a decimal within 0.005 of the value \
     (2 decimal places: 1/3 as 0.33)";

/// The textbooks' trees with chance nodes: a name and the tree in the notation.
pub const CHANCE_TREES: [(&str, &str); 5] = [
    // AIMA's and the example: 7.5 against 4.
    ("two dice", "[chance[3, 12], chance[2, 4, 6]]"),
    // CS188's expectimax lecture: 8, 4 and 7.
    (
        "three chance nodes",
        "[chance[3, 12, 9], chance[2, 4, 6], chance[15, 6, 0]]",
    ),
    // AIMA's order-preserving change of scale, before and after: 2.1 against 1.3, then 21
    // against 40.9 (the same order of leaves, another move).
    (
        "scale, before",
        "[chance[0.9: 2, 0.1: 3], chance[0.9: 1, 0.1: 4]]",
    ),
    (
        "scale, after",
        "[chance[0.9: 20, 0.1: 30], chance[0.9: 1, 0.1: 400]]",
    ),
    // Expectiminimax: MAX, chance, MIN, as backgammon's turns.
    (
        "MAX, chance, MIN",
        "[chance[[3, 5], [2, 9]], chance[0.25: [8, 6], 0.75: [5, 4]]]",
    ),
];

/// What a chance item asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChanceAsk {
    /// The value of this chance node (its id).
    Value(usize),
    /// The move MAX picks at the root: the child's id.
    Move,
}

/// A tree with chance nodes, what is asked of it and every node's value from the engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChanceKey {
    pub tree: GameTree,
    pub name: Option<&'static str>,
    pub ask: ChanceAsk,
    /// Every node's expectiminimax value, by id ([`expectiminimax`]).
    pub values: Vec<ExpectedValue>,
}

/// The tree of a chance item, as the tree lab draws it ([`chance_tree`]) with the nodes lettered
/// as the prompt letters them and the node asked about outlined (a value asked: written `?` in
/// it; MAX's move: the root). Until `revealed` (the answer graded) only the leaves have values:
/// no inner node's value, no average, no line of MAX's choices. No level labels: the shapes say
/// who moves, and the room goes to the tree.
impl Figure for ChanceKey {
    fn sketch(&self, revealed: bool) -> Sketch {
        let mut sketch = chance_tree(&self.tree);
        let asked = match self.ask {
            ChanceAsk::Value(id) => id,
            ChanceAsk::Move => 0,
        };
        for (node, position) in sketch.nodes.iter_mut().zip(self.tree.nodes()) {
            let id = position.id();
            let kind = match (position.leaf(), position.is_chance()) {
                (Some(leaf), _) => format!("leaf {leaf}"),
                (None, true) => "chance".to_string(),
                (None, false) => position.side().name().to_string(),
            };
            let mut words = vec![format!("Node {}", label(id)), kind];
            words.extend(
                position
                    .probability()
                    .map(|p| format!("p = {}", probability_words(p))),
            );
            if id == asked {
                words.push(match self.ask {
                    ChanceAsk::Value(_) => "its value asked".to_string(),
                    ChanceAsk::Move => "MAX's move asked".to_string(),
                });
            }
            if revealed && !position.is_leaf() {
                let average = average_lines(&position, &self.values);
                words.push(match average.is_empty() {
                    true => format!("worth {}", chance_value_text(self.values[id].value)),
                    false => average.join(" "),
                });
            }
            node.title = words.join(", ");
            node.label = Some(label(id));
            node.picked = id == asked;
            if !revealed && !position.is_leaf() {
                let asked_value = id == asked && matches!(self.ask, ChanceAsk::Value(_));
                node.value_text = asked_value.then(|| "?".to_string());
                node.note = None;
            }
            node.on_line &= revealed;
        }
        for edge in &mut sketch.edges {
            edge.best &= revealed;
            edge.on_line &= revealed;
        }
        sketch.levels = vec![String::new(); sketch.levels.len()];
        sketch.legend = Vec::new();
        sketch
    }
}

/// How the kind is named and dealt.
pub fn spec<T: From<ChanceKey>>() -> Spec<T> {
    Spec::on_abstract_trees(
        "chance",
        "chance nodes",
        &[
            "a textbook's tree with chance nodes",
            "a random expectimax tree (MAX over chance)",
            "a random expectiminimax tree (MAX, chance, MIN)",
        ],
        make::<T>,
    )
}

/// Probabilities a random chance node takes, as the notation writes them (empty: equal).
const SPLITS: [&[&str]; 6] = [
    &[],
    &[],
    &["0.5", "0.5"],
    &["0.25", "0.75"],
    &["0.1", "0.9"],
    &["0.5", "0.25", "0.25"],
];

/// A random chance node over `children` (written by `child`), with equal or given probabilities.
fn random_chance(rng: &mut StdRng, mut child: impl FnMut(&mut StdRng) -> String) -> String {
    let split = SPLITS[below(rng, SPLITS.len())];
    let count = match split.len() {
        0 => 2 + below(rng, 2),
        n => n,
    };
    let children: Vec<String> = (0..count)
        .map(|index| match split.get(index) {
            Some(p) => format!("{p}: {}", child(rng)),
            None => child(rng),
        })
        .collect();
    format!("chance[{}]", children.join(", "))
}

/// A random tree for `level`: MAX over two or three chance nodes over leaves (expectimax), or
/// over MIN nodes of two leaves (expectiminimax).
pub fn random_chance_tree(rng: &mut StdRng, level: u8) -> GameTree {
    let moves = 2 + below(rng, 2);
    let leaf = |rng: &mut StdRng| rng.random_range(0..=12u32).to_string();
    let children: Vec<String> = (0..moves)
        .map(|_| match level {
            ..=2 => random_chance(rng, leaf),
            _ => random_chance(rng, |rng| format!("[{}, {}]", leaf(rng), leaf(rng))),
        })
        .collect();
    format!("[{}]", children.join(", "))
        .parse()
        .expect("a random chance tree is written in the notation")
}

fn make<T: From<ChanceKey>>(rng: &mut StdRng, plan: Plan) -> (Board, T) {
    let asks_move = rng.random_bool(0.5);
    let key = telling_draw(rng, |rng| {
        let (tree, name) = match plan.level {
            ..=1 => {
                let (name, text) = CHANCE_TREES[below(rng, CHANCE_TREES.len())];
                (text.parse().expect("a built-in tree reads"), Some(name))
            }
            level => (random_chance_tree(rng, level), None),
        };
        let key = chance_key(tree, name, asks_move, rng);
        let tells = key.tells();
        ((plan.no_board(), key), tells)
    });
    (key.0, key.1.into())
}

/// The key of an item on `tree`: MAX's move, or the value of one of the root's chance children
/// drawn from `rng`.
pub fn chance_key(
    tree: GameTree,
    name: Option<&'static str>,
    asks_move: bool,
    rng: &mut StdRng,
) -> ChanceKey {
    let values = expectiminimax(&tree);
    let chance: Vec<usize> = tree
        .nodes()
        .filter(|n| n.is_chance())
        .map(|n| n.id())
        .collect();
    let ask = match (asks_move, chance.as_slice()) {
        (false, [_, ..]) => ChanceAsk::Value(chance[below(rng, chance.len())]),
        _ => ChanceAsk::Move,
    };
    ChanceKey {
        tree,
        name,
        ask,
        values,
    }
}

/// A value as a learner reads it: exact when it has at most 2 places, else rounded (no `≈`,
/// for a choice in a quiz).
fn rounded(value: Fraction) -> String {
    value.decimal(2).trim_start_matches('≈').to_string()
}

/// A value as the verdict writes it: `7.5`, or `7/3 (≈2.33)`.
fn value_words(value: Fraction) -> String {
    match value.is_decimal() {
        true => value.decimal(6),
        false => format!("{value} ({})", value.decimal(2)),
    }
}

/// A typed number: a whole number, a decimal or a fraction, exactly.
pub fn parse_fraction(typed: &str) -> Result<Fraction, AnswerError> {
    let refuse = || answer_error(typed, "is not a number", format!("type {TOLERANCE_WORDS}"));
    let cleaned = typed.trim().replace('\u{2212}', "-").replace(' ', "");
    let whole = |text: &str| -> Option<i128> {
        let digits = text.strip_prefix('+').unwrap_or(text);
        (!digits.is_empty() && digits.len() <= 12)
            .then(|| digits.parse::<i128>().ok())
            .flatten()
    };
    if let Some((top, bottom)) = cleaned.split_once('/') {
        let (top, bottom) = (
            whole(top).ok_or_else(refuse)?,
            whole(bottom).ok_or_else(refuse)?,
        );
        return Fraction::new(top, bottom).ok_or_else(|| {
            answer_error(typed, "divides by zero", format!("type {TOLERANCE_WORDS}"))
        });
    }
    let (negative, rest) = match cleaned.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, cleaned.strip_prefix('+').unwrap_or(&cleaned)),
    };
    let (integer, decimals) = rest.split_once('.').unwrap_or((rest, ""));
    let all_digits = |text: &str| text.chars().all(|c| c.is_ascii_digit());
    if (integer.is_empty() && decimals.is_empty())
        || !all_digits(integer)
        || !all_digits(decimals)
        || integer.len() + decimals.len() > 18
    {
        return Err(refuse());
    }
    let digits: i128 = format!("{integer}{decimals}")
        .parse()
        .map_err(|_| refuse())?;
    let scale = 10i128.pow(decimals.len() as u32);
    let sign = if negative { -1 } else { 1 };
    Fraction::new(sign * digits, scale).ok_or_else(refuse)
}

/// Whether `typed` is `value`: exactly, or (a decimal) within 0.005.
pub fn close_enough(typed: Fraction, value: Fraction) -> bool {
    // |t - v| <= 1/200, cross-multiplied: the denominators are positive.
    let difference =
        typed.numerator() * value.denominator() - value.numerator() * typed.denominator();
    typed == value || difference.abs() * 200 <= typed.denominator() * value.denominator()
}

impl ChanceKey {
    fn node(&self, id: usize) -> TreePosition<'_> {
        self.tree.node(id).expect("the key's nodes are the tree's")
    }

    /// The root's child MAX picks (the first from the left on a tie).
    pub fn chosen(&self) -> usize {
        let root = self.tree.root();
        let best = self.values[0].best.unwrap_or(0);
        root.child(best).expect("the root has children").id()
    }

    /// The value asked for, if a value is asked.
    pub fn value(&self) -> Option<Fraction> {
        match self.ask {
            ChanceAsk::Value(id) => Some(self.values[id].value),
            ChanceAsk::Move => None,
        }
    }

    /// The root's children.
    fn moves(&self) -> Vec<usize> {
        self.tree.root().children().map(|c| c.id()).collect()
    }

    /// What the worst case picks: every chance node read as MIN (minimax's caution).
    fn worst_case_choice(&self) -> usize {
        fn worst(node: TreePosition) -> Fraction {
            if let Some(leaf) = node.leaf() {
                return Fraction::whole(leaf.into());
            }
            let children = node.children().map(worst);
            let pick = match node.side() == Side::Max && !node.is_chance() {
                true => children.max(),
                false => children.min(),
            };
            pick.expect("an inner node has children")
        }
        let moves = self.moves();
        let mut best = moves[0];
        for &m in &moves {
            if worst(self.node(m)) > worst(self.node(best)) {
                best = m;
            }
        }
        best
    }

    /// Whether a plausible wrong method answers otherwise: for a move, no tie at the root and
    /// the worst case picks another move; for a value, the plain average, the highest and the
    /// lowest child all differ from it.
    pub fn tells(&self) -> bool {
        if self.name.is_some() {
            return true;
        }
        match self.ask {
            ChanceAsk::Move => {
                let chosen = self.values[self.chosen()].value;
                let ties = self
                    .moves()
                    .iter()
                    .filter(|&&m| self.values[m].value == chosen)
                    .count();
                ties == 1 && self.worst_case_choice() != self.chosen()
            }
            ChanceAsk::Value(id) => {
                let value = self.values[id].value;
                self.slips(id).iter().all(|(_, slip)| *slip != value)
            }
        }
    }

    /// The classic slips at chance node `id`, each with the value it gives.
    fn slips(&self, id: usize) -> Vec<(&'static str, Fraction)> {
        let node = self.node(id);
        let children: Vec<Fraction> = node.children().map(|c| self.values[c.id()].value).collect();
        let mut slips = Vec::new();
        if let (Some(&max), Some(&min)) = (children.iter().max(), children.iter().min()) {
            slips.push(("took the highest child, as MAX would, not the average", max));
            slips.push(("took the lowest child, as MIN would, not the average", min));
        }
        if node.probabilities_given() {
            let sum = children
                .iter()
                .try_fold(Fraction::ZERO, |sum, v| sum.checked_add(*v));
            let plain = sum.and_then(|s| {
                s.checked_mul(Fraction::new(1, children.len() as i128).expect("children"))
            });
            if let Some(plain) = plain {
                slips.push((
                    "averaged the children equally, leaving out the probabilities",
                    plain,
                ));
            }
        }
        slips
    }

    /// The node in words: "B (a chance node)".
    fn describe(&self, id: usize) -> String {
        let node = self.node(id);
        let what = match (node.is_chance(), node.side()) {
            (true, _) => "chance",
            (false, Side::Max) => "MAX",
            (false, Side::Min) => "MIN",
        };
        format!("{} ({what})", label(id))
    }

    fn tree_words(&self) -> String {
        match self.name {
            Some(name) => format!("the textbook tree \"{name}\""),
            None => "this tree".to_string(),
        }
    }

    fn accepted_move(&self) -> String {
        let letters: Vec<String> = self.moves().into_iter().map(label).collect();
        format!(
            "type the letter of one of MAX's moves: {}",
            letters.join(", ")
        )
    }

    /// The root's child a typed letter names.
    fn parse_move(&self, typed: &str) -> Result<usize, AnswerError> {
        let letter = typed.trim().to_ascii_uppercase();
        if let Some(&id) = self.moves().iter().find(|&&m| label(m) == letter) {
            return Ok(id);
        }
        let problem = match (0..self.tree.len()).any(|id| label(id) == letter) {
            true => format!("is {}, not one of the root's children", quoted(&letter)),
            false => "is not a node's letter".to_string(),
        };
        Err(answer_error(typed, problem, self.accepted_move()))
    }
}

impl Exercise for ChanceKey {
    fn on_board(&self) -> bool {
        false
    }

    /// One node a line, indented by depth: its letter, what it is (MAX, MIN, chance) or its
    /// value, and under a chance node each child's probability.
    fn figure(&self) -> Vec<String> {
        self.tree
            .nodes()
            .map(|node| {
                let indent = "  ".repeat(node.depth());
                let kind = match (node.is_leaf(), node.is_chance(), node.side()) {
                    (true, _, _) => None,
                    (false, true, _) => Some("chance"),
                    (false, false, Side::Max) => Some("MAX"),
                    (false, false, Side::Min) => Some("MIN"),
                };
                let words: Vec<String> = kind
                    .map(str::to_string)
                    .into_iter()
                    .chain(
                        node.probability()
                            .map(|p| format!("p = {}", probability_words(p))),
                    )
                    .collect();
                let words = match words.is_empty() {
                    true => String::new(),
                    false => format!(" ({})", words.join(", ")),
                };
                match node.leaf() {
                    Some(value) => format!("{indent}{}{words}: {value}", label(node.id())),
                    None => format!("{indent}{}{words}", label(node.id())),
                }
            })
            .collect()
    }

    fn figure_line(&self) -> Option<String> {
        Some(lettered_one_line(&self.tree, |n| self.describe(n.id())))
    }

    fn tree(&self) -> Option<&GameTree> {
        Some(&self.tree)
    }

    fn prompt(&self, _board: &Board, _at: &str) -> String {
        let rules = "Leaves are MAX's values; MAX takes the highest child, MIN the lowest, a \
                     chance node the average of its children weighted by their probabilities \
                     (equal where none are written)";
        match self.ask {
            ChanceAsk::Value(id) => format!(
                "On {}: {rules}. What is the value of the chance node {}? Type {TOLERANCE_WORDS}.",
                self.tree_words(),
                label(id)
            ),
            ChanceAsk::Move => format!(
                "On {}: {rules}. Which move does MAX pick at the root {}? Type the letter of \
                 its child (on a tie, the first from the left).",
                self.tree_words(),
                label(0)
            ),
        }
    }

    fn answer_text(&self) -> String {
        match self.value() {
            Some(value) if value.is_decimal() => value.decimal(6),
            Some(value) => value.to_string(),
            None => label(self.chosen()),
        }
    }

    fn accepted(&self, _board: &Board) -> String {
        match self.ask {
            ChanceAsk::Value(_) => format!("type {TOLERANCE_WORDS}"),
            ChanceAsk::Move => self.accepted_move(),
        }
    }

    fn grade(&self, _board: &Board, typed: &str) -> Result<(bool, String), AnswerError> {
        match self.ask {
            ChanceAsk::Value(id) => {
                let value = self.values[id].value;
                let given = parse_fraction(typed)?;
                Ok((
                    close_enough(given, value),
                    format!("{} is worth {}", label(id), value_words(value)),
                ))
            }
            ChanceAsk::Move => {
                let chosen = self.chosen();
                let given = self.parse_move(typed)?;
                Ok((
                    given == chosen,
                    format!(
                        "MAX picks {}, worth {}",
                        label(chosen),
                        value_words(self.values[chosen].value)
                    ),
                ))
            }
        }
    }

    fn slip_feedback(&self, _board: &Board, typed: &str) -> Vec<String> {
        match self.ask {
            ChanceAsk::Value(id) => {
                let Ok(given) = parse_fraction(typed) else {
                    return Vec::new();
                };
                let value = self.values[id].value;
                self.slips(id)
                    .into_iter()
                    .filter(|(_, slip)| *slip != value && close_enough(given, *slip))
                    .map(|(words, _)| format!("You {words}."))
                    .take(1)
                    .collect()
            }
            ChanceAsk::Move => match self.parse_move(typed) {
                Ok(given) if given != self.chosen() && given == self.worst_case_choice() => {
                    vec![
                        "You picked the move whose worst case is best, as minimax would: a \
                         chance node is not an opponent, its value is the average."
                            .to_string(),
                    ]
                }
                _ => Vec::new(),
            },
        }
    }

    /// Every inner node worked out from the leaves up: a chance node's average term by term,
    /// MAX's and MIN's choice.
    fn worked(&self, _board: &Board) -> Vec<String> {
        // From the leaves up: the deepest inner nodes first, each level from the left.
        let mut nodes: Vec<TreePosition> = self.tree.nodes().filter(|n| !n.is_leaf()).collect();
        crate::short_sort::sort_short_by_key(&mut nodes, |n| {
            (std::cmp::Reverse(n.depth()), n.id())
        });
        let mut lines: Vec<String> = nodes
            .iter()
            .map(|node| {
                let id = node.id();
                if node.is_chance() {
                    return format!(
                        "{} = {}",
                        label(id),
                        average_lines(node, &self.values).join(" ")
                    );
                }
                let (how, pick) = match node.side() {
                    Side::Max => ("max", "MAX takes the highest"),
                    Side::Min => ("min", "MIN takes the lowest"),
                };
                let children: Vec<String> = node
                    .children()
                    .map(|c| self.values[c.id()].value.decimal(3))
                    .collect();
                format!(
                    "{} = {how}({}) = {}: {pick}.",
                    label(id),
                    children.join(", "),
                    self.values[id].value.decimal(3)
                )
            })
            .collect();
        lines.push(format!(
            "MAX picks {} at the root. Alpha-beta cannot skip a child here: a chance node's \
             average can move anywhere until its last child is seen.",
            label(self.chosen())
        ));
        lines
    }

    fn form(&self) -> Form<'_> {
        Form::Drawn(self)
    }

    fn quiz(&self, _board: &Board) -> QuizForm {
        match self.ask {
            ChanceAsk::Value(id) => {
                let value = self.values[id].value;
                let mut among: Vec<Fraction> = vec![value];
                among.extend(self.slips(id).into_iter().map(|(_, slip)| slip));
                among.extend([
                    value.checked_add(Fraction::ONE).unwrap_or(value),
                    value.checked_add(Fraction::whole(-1)).unwrap_or(value),
                ]);
                crate::short_sort::sort_short_by_key(&mut among, |&fraction| fraction);
                among.dedup_by(|a, b| rounded(*a) == rounded(*b));
                QuizForm::Ticks {
                    right: vec![rounded(value)],
                    among: among.into_iter().map(rounded).collect(),
                }
            }
            ChanceAsk::Move => QuizForm::Ticks {
                right: vec![label(self.chosen())],
                among: self.moves().into_iter().map(label).collect(),
            },
        }
    }

    #[cfg(not(target_arch = "wasm32"))]
    fn key_json(&self) -> Box<serde_json::value::RawValue> {
        #[derive(serde::Serialize)]
        struct Json {
            tree: String,
            asks: &'static str,
            node: String,
            value: String,
            decimal: String,
        }
        let (asks, node, value) = match self.ask {
            ChanceAsk::Value(id) => ("value", label(id), self.values[id].value),
            ChanceAsk::Move => (
                "move",
                label(self.chosen()),
                self.values[self.chosen()].value,
            ),
        };
        super::exercise::json(&Json {
            tree: self.tree.to_string(),
            asks,
            node,
            value: value.to_string(),
            decimal: value.decimal(6),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fraction(n: i128, d: i128) -> Fraction {
        Fraction::new(n, d).unwrap()
    }

    #[test]
    fn exercises_chance_answers_read_fractions_and_decimals_within_the_tolerance() {
        assert_eq!(parse_fraction("15/2").unwrap(), fraction(15, 2));
        assert_eq!(parse_fraction(" 7.5 ").unwrap(), fraction(15, 2));
        assert_eq!(parse_fraction("−0.25").unwrap(), fraction(-1, 4));
        assert_eq!(parse_fraction(".5").unwrap(), fraction(1, 2));
        assert!(parse_fraction("7,5").is_err());
        assert!(
            parse_fraction("1/0")
                .unwrap_err()
                .to_string()
                .contains("divides by zero")
        );
        assert!(
            parse_fraction("seven")
                .unwrap_err()
                .to_string()
                .contains("is not a number")
        );
        let third = fraction(1, 3);
        assert!(close_enough(parse_fraction("0.33").unwrap(), third));
        assert!(close_enough(parse_fraction("1/3").unwrap(), third));
        assert!(!close_enough(parse_fraction("0.32").unwrap(), third));
        assert!(!close_enough(parse_fraction("0.3").unwrap(), third));
    }

    #[test]
    fn exercises_chance_textbook_trees_have_the_values_the_books_give() {
        let roots: Vec<String> = CHANCE_TREES
            .iter()
            .map(|(_, text)| {
                let tree: GameTree = text.parse().unwrap();
                expectiminimax(&tree)[0].value.decimal(3)
            })
            .collect();
        assert_eq!(roots, ["7.5", "8", "2.1", "40.9", "4.5"]);
    }
}

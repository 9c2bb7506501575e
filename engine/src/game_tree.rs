//! Abstract game trees, as the textbooks draw them: a root, inner nodes where MAX and MIN take
//! turns, and numbers at the leaves. A tree is a position like a board: plain minimax and
//! textbook alpha-beta search it through [`Rules`], children left to right as textbooks prune
//! them.
//!
//! # Notation
//!
//! Nested lists of whole numbers, an inner node's children in brackets from left to right:
//! `[[3,12,8],[2,4,6],[14,5,2]]` is a MAX root over three MIN nodes over nine leaves. The root
//! is MAX unless the text starts with `min:` (`max:` may be written too). Spaces may go between
//! any two tokens; a leaf may be negative.
//!
//! A chance node (expectimax's, the dice's turn) is a list written `chance[...]`: its value is the
//! average of its children's, each weighted by its probability. `chance[3, 12]` gives its
//! children equal probabilities; `chance[0.5: 3, 0.25: 12, 0.25: [2, 4]]` gives each its own, as
//! a decimal or a fraction (`1/3: 3`), every child or none, each above 0, adding up to exactly 1.
//! Chance levels do not take a turn: below a chance node the side is the one that would move
//! there without it, so `[chance[[3,5],[2,9]]]` is MAX, chance, then two MIN nodes (AIMA's
//! backgammon: MAX, chance, MIN, chance, …). The root may be a chance node too (`chance[3,12]`,
//! or `min:chance[...]` for MIN below it).
//!
//! Bounds: at most [`MAX_NODES`] nodes, leaves at most [`MAX_DEPTH`] levels below the root, and
//! leaf values within ±[`MAX_LEAF`] (nine digits). The root is a list, and every list has at
//! least one child.
//!
//! ```
//! use tictactoe_engine::game_tree::{GameTree, Side};
//! let tree: GameTree = "[[3,12,8],[2,4,6],[14,5,2]]".parse()?;
//! assert_eq!(tree.root_side(), Side::Max);
//! assert_eq!(tree.len(), 13);
//! assert_eq!(tree.to_string(), "[[3,12,8],[2,4,6],[14,5,2]]");
//! let error = "[[3,12,8],[2,4 6]]".parse::<GameTree>().unwrap_err();
//! assert_eq!(error.to_string(), "at character 16: expected ',' or ']', found '6'");
//! # Ok::<(), tictactoe_engine::game_tree::TreeError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::fraction::{Fraction, MAX_DENOMINATOR, lcm};
use crate::rules::Rules;
use crate::score::Score;

/// At most this many nodes in a tree, the root and the leaves included.
pub const MAX_NODES: usize = 1000;
/// Leaves at most this many levels below the root.
pub const MAX_DEPTH: usize = 12;
/// Leaf values lie within ±`MAX_LEAF`.
pub const MAX_LEAF: i32 = 999_999_999;
/// A probability is written with at most this many digits (`0.125`: four).
pub const MAX_PROBABILITY_DIGITS: usize = 18;

/// Who moves at a node: MAX picks the highest value, MIN the lowest. Leaf values are MAX's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    Max,
    Min,
}

impl Side {
    pub fn opponent(self) -> Side {
        match self {
            Side::Max => Side::Min,
            Side::Min => Side::Max,
        }
    }

    /// "MAX" or "MIN", as the textbooks label the levels.
    pub fn name(self) -> &'static str {
        match self {
            Side::Max => "MAX",
            Side::Min => "MIN",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A tree typed in [the notation](self).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameTree {
    root_side: Side,
    /// In preorder: the root first, then each child's subtree from left to right.
    nodes: Vec<StoredNode>,
    /// The largest leaf value in magnitude.
    bound: i32,
    /// Levels below the root of the deepest leaf.
    height: usize,
    /// Whether any node is a chance node.
    has_chance: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct StoredNode {
    /// A leaf's value, for MAX; `None` for an inner node.
    leaf: Option<i32>,
    children: Vec<u32>,
    /// The parent's index and which of its children this is (from 0); `None` at the root.
    parent: Option<(u32, u32)>,
    depth: u8,
    /// How many of the node's ancestors are MAX or MIN nodes (chance levels take no turn).
    turns: u8,
    chance: Option<Chance>,
    /// The chance of this child below a chance node; `None` below MAX and MIN.
    probability: Option<Fraction>,
}

/// What a chance node keeps of how it was typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Chance {
    /// The probabilities were written out (else every child has the same).
    given: bool,
}

impl GameTree {
    /// The side to move at the root.
    pub fn root_side(&self) -> Side {
        self.root_side
    }

    /// The root as a position to search.
    pub fn root(&self) -> TreePosition<'_> {
        TreePosition {
            tree: self,
            node: 0,
        }
    }

    /// The node with index `id` (preorder, the root 0).
    pub fn node(&self, id: usize) -> Option<TreePosition<'_>> {
        (id < self.nodes.len()).then_some(TreePosition {
            tree: self,
            node: id as u32,
        })
    }

    /// How many nodes, the root and the leaves included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Never true: the root is always there.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Levels below the root of the deepest leaf.
    pub fn height(&self) -> usize {
        self.height
    }

    /// Every node in preorder: a node, then each child's subtree from left to right.
    pub fn nodes(&self) -> impl Iterator<Item = TreePosition<'_>> {
        (0..self.nodes.len() as u32).map(|node| TreePosition { tree: self, node })
    }

    /// The leaves from left to right, as the textbooks read them.
    pub fn leaves(&self) -> impl Iterator<Item = TreePosition<'_>> {
        self.nodes().filter(|node| node.is_leaf())
    }

    /// Whether the tree has a chance node: its values are then expectiminimax's
    /// ([`crate::minimax::expectiminimax`]), and minimax and alpha-beta do not apply.
    pub fn has_chance(&self) -> bool {
        self.has_chance
    }

    /// The same tree with the value of leaf `id` (preorder, the root 0) changed to `value`; its
    /// notation is its [`Display`](fmt::Display). An inner node has no value to change.
    pub fn with_leaf(&self, id: usize, value: i32) -> Result<GameTree, LeafEditError> {
        if !(-MAX_LEAF..=MAX_LEAF).contains(&value) {
            return Err(LeafEditError::TooLarge);
        }
        let mut tree = self.clone();
        match tree.nodes.get_mut(id) {
            Some(node) if node.leaf.is_some() => node.leaf = Some(value),
            Some(_) => return Err(LeafEditError::NotALeaf(id)),
            None => return Err(LeafEditError::NoSuchNode(id)),
        }
        // The bound sizes the searches' scores: it follows the largest leaf left.
        tree.bound = tree
            .nodes
            .iter()
            .filter_map(|node| node.leaf)
            .map(i32::abs)
            .max()
            .unwrap_or(0);
        Ok(tree)
    }

    /// The same leaves with the root's side changed.
    #[must_use]
    pub fn with_root_side(mut self, side: Side) -> GameTree {
        self.root_side = side;
        self
    }
}

/// A node of a [`GameTree`]: a position of the abstract game.
#[derive(Clone, Copy)]
pub struct TreePosition<'a> {
    tree: &'a GameTree,
    node: u32,
}

impl PartialEq for TreePosition<'_> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.tree, other.tree) && self.node == other.node
    }
}

impl Eq for TreePosition<'_> {}

impl fmt::Debug for TreePosition<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TreePosition({:?})", self.path())
    }
}

impl<'a> TreePosition<'a> {
    fn data(&self) -> &'a StoredNode {
        &self.tree.nodes[self.node as usize]
    }

    pub fn tree(&self) -> &'a GameTree {
        self.tree
    }

    /// The node's index in preorder (the root 0).
    pub fn id(&self) -> usize {
        self.node as usize
    }

    /// Levels below the root.
    pub fn depth(&self) -> usize {
        self.data().depth.into()
    }

    /// Who moves here: the root's side after an even number of MAX and MIN levels above, the
    /// other after an odd number (chance levels take no turn; without them, the root's side
    /// on even levels). At a chance node, the side that moves at the lists below it.
    pub fn side(&self) -> Side {
        if self.data().turns.is_multiple_of(2) {
            self.tree.root_side
        } else {
            self.tree.root_side.opponent()
        }
    }

    /// A leaf's value (for MAX), `None` for an inner node.
    pub fn leaf(&self) -> Option<i32> {
        self.data().leaf
    }

    pub fn is_leaf(&self) -> bool {
        self.data().leaf.is_some()
    }

    /// Whether this is a chance node: its value is its children's average, weighted by
    /// [`TreePosition::probability`].
    pub fn is_chance(&self) -> bool {
        self.data().chance.is_some()
    }

    /// Whether a chance node's probabilities were written out (else they are equal).
    pub fn probabilities_given(&self) -> bool {
        self.data().chance.is_some_and(|chance| chance.given)
    }

    /// The probability of reaching this node from its parent, if the parent is a chance node.
    pub fn probability(&self) -> Option<Fraction> {
        self.data().probability
    }

    /// How many children, from left to right.
    pub fn len(&self) -> usize {
        self.data().children.len()
    }

    /// Whether this is a leaf (it has no children).
    pub fn is_empty(&self) -> bool {
        self.data().children.is_empty()
    }

    /// The child at `index` (from 0, left to right).
    pub fn child(&self, index: usize) -> Option<TreePosition<'a>> {
        let node = *self.data().children.get(index)?;
        Some(TreePosition {
            tree: self.tree,
            node,
        })
    }

    /// The children from left to right.
    pub fn children(&self) -> impl Iterator<Item = TreePosition<'a>> + 'a {
        let tree = self.tree;
        self.data()
            .children
            .iter()
            .map(move |&node| TreePosition { tree, node })
    }

    /// The child indices (from 0) that lead here from the root.
    pub fn path(&self) -> Vec<usize> {
        let mut path = Vec::with_capacity(self.depth());
        let mut node = self.data();
        while let Some((parent, index)) = node.parent {
            path.push(index as usize);
            node = &self.tree.nodes[parent as usize];
        }
        path.reverse();
        path
    }
}

impl Rules for TreePosition<'_> {
    /// Which child, from 0, left to right.
    type Move = usize;
    type Side = Side;

    fn to_move(&self) -> Side {
        self.side()
    }

    fn moves(&self) -> impl Iterator<Item = usize> + '_ {
        0..self.len()
    }

    fn after(&self, index: usize) -> Self {
        self.child(index).expect("moves yields the children")
    }

    /// A leaf's value as typed for MAX, negated for MIN; the textbooks' leaves carry no depth.
    fn evaluate(&self, side: Side, _depth: i32) -> Option<Score> {
        let value = self.leaf()?;
        Some(Score::new(match side {
            Side::Max => value,
            Side::Min => -value,
        }))
    }

    fn infinity(&self) -> Score {
        Score::new(self.tree.bound + 1)
    }

    fn plies_left(&self) -> usize {
        self.tree.height - self.depth()
    }
}

impl fmt::Display for GameTree {
    /// The notation, without spaces; `min:` before a MIN root. It reads back as the same tree.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn write(f: &mut fmt::Formatter<'_>, node: TreePosition) -> fmt::Result {
            if let Some(value) = node.leaf() {
                return write!(f, "{value}");
            }
            if node.is_chance() {
                f.write_str("chance")?;
            }
            f.write_str("[")?;
            for (index, child) in node.children().enumerate() {
                if index > 0 {
                    f.write_str(",")?;
                }
                if node.probabilities_given()
                    && let Some(probability) = child.probability()
                {
                    write!(f, "{}:", probability_text(probability))?;
                }
                write(f, child)?;
            }
            f.write_str("]")
        }
        if self.root_side == Side::Min {
            f.write_str("min:")?;
        }
        write(f, self.root())
    }
}

/// A probability as the notation writes it: a decimal when one is exact (`0.25`), else a
/// fraction (`1/3`).
pub fn probability_text(probability: Fraction) -> String {
    let exact_places = (0..=MAX_PROBABILITY_DIGITS as u32).find(|&places| {
        probability
            .numerator()
            .checked_mul(10i128.pow(places))
            .is_some_and(|scaled| scaled % probability.denominator() == 0)
    });
    match exact_places {
        Some(places) => probability.decimal(places),
        None => probability.to_string(),
    }
}

/// Why a text is not a tree, and where: `at` counts characters from 1.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("at character {at}: {problem}")]
pub struct TreeError {
    pub at: usize,
    pub problem: TreeProblem,
}

/// What is wrong at a [`TreeError`]'s place.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TreeProblem {
    #[error("expected {expected}, found {found}")]
    Expected {
        expected: &'static str,
        found: Found,
    },
    #[error("a list with no children (every inner node has at least one)")]
    EmptyList,
    #[error("a node more than {MAX_DEPTH} levels below the root")]
    TooDeep,
    #[error("more than {MAX_NODES} nodes")]
    TooManyNodes,
    #[error("a leaf beyond ±{MAX_LEAF}")]
    LeafTooLarge,
    #[error("a chance node's probabilities add up to {0}, not 1")]
    ProbabilitiesSum(String),
    #[error("a chance node with probabilities for some children and not others (give all or none)")]
    SomeProbabilities,
    #[error("a probability of 0 (a child that can never happen: leave it out)")]
    ZeroProbability,
    #[error("a probability with more than {MAX_PROBABILITY_DIGITS} digits")]
    ProbabilityTooLong,
    #[error("a probability with a denominator of 0")]
    ZeroDenominator,
    #[error(
        "probabilities too fine to compute exactly (values would need a denominator beyond 10^27)"
    )]
    TooFine,
}

/// Why [`GameTree::with_leaf`] changed nothing.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LeafEditError {
    #[error("node {0} is not a leaf (only a leaf has a value of its own)")]
    NotALeaf(usize),
    #[error("the tree has no node {0}")]
    NoSuchNode(usize),
    #[error("a leaf beyond ±{MAX_LEAF}")]
    TooLarge,
}

/// What stood where something else was expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    Char(char),
    /// A few characters read as one token (a probability).
    Text(String),
    End,
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            // Debug escapes controls and invisible characters, so the message stays one line.
            Found::Char(c) => write!(f, "{c:?}"),
            Found::Text(text) => write!(f, "{text:?}"),
            Found::End => f.write_str("the end"),
        }
    }
}

impl FromStr for GameTree {
    type Err = TreeError;

    fn from_str(text: &str) -> Result<GameTree, TreeError> {
        let mut parser = Parser {
            chars: text.chars().collect(),
            at: 0,
            tree: GameTree {
                root_side: Side::Max,
                nodes: Vec::new(),
                bound: 0,
                height: 0,
                has_chance: false,
            },
        };
        parser.skip_spaces();
        if !parser.at_chance() {
            parser.tree.root_side = parser.side()?;
            parser.skip_spaces();
        }
        if parser.peek() != Some('[') && !parser.at_chance() {
            return Err(parser.expected("'[' (or max: or min: before it)"));
        }
        parser.node(None, 0, 0, None)?;
        parser.skip_spaces();
        if parser.peek().is_some() {
            return Err(parser.expected("the end after the root's ']'"));
        }
        Ok(parser.tree)
    }
}

struct Parser {
    chars: Vec<char>,
    /// The next character's index, from 0.
    at: usize,
    tree: GameTree,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    fn error_at(&self, at: usize, problem: TreeProblem) -> TreeError {
        TreeError {
            at: at + 1,
            problem,
        }
    }

    fn expected(&self, expected: &'static str) -> TreeError {
        let found = self.peek().map_or(Found::End, Found::Char);
        self.error_at(self.at, TreeProblem::Expected { expected, found })
    }

    /// An optional `max:` or `min:`.
    fn side(&mut self) -> Result<Side, TreeError> {
        if !self.peek().is_some_and(char::is_alphabetic) {
            return Ok(Side::Max);
        }
        let word: String = self.chars[self.at..]
            .iter()
            .take(3)
            .collect::<String>()
            .to_ascii_lowercase();
        let side = match word.as_str() {
            "max" => Side::Max,
            "min" => Side::Min,
            _ => return Err(self.expected("'[', max: or min:")),
        };
        self.at += 3;
        self.skip_spaces();
        if self.peek() != Some(':') {
            return Err(self.expected("':' after max or min"));
        }
        self.at += 1;
        Ok(side)
    }

    /// Whether `chance` (in any case) starts here.
    fn at_chance(&self) -> bool {
        let word: String = self.chars[self.at..].iter().take(6).collect();
        word.eq_ignore_ascii_case("chance")
    }

    /// A node at `depth` below `turns` MAX and MIN levels: a list, a chance list or (below the
    /// root) a number. Returns its index and the denominator its value may need (every value
    /// below it is a multiple of one over it).
    fn node(
        &mut self,
        parent: Option<(u32, u32)>,
        depth: usize,
        turns: usize,
        probability: Option<Fraction>,
    ) -> Result<(u32, i128), TreeError> {
        if depth > MAX_DEPTH {
            return Err(self.error_at(self.at, TreeProblem::TooDeep));
        }
        if self.tree.nodes.len() == MAX_NODES {
            return Err(self.error_at(self.at, TreeProblem::TooManyNodes));
        }
        let index = self.tree.nodes.len() as u32;
        let keyword = self.at;
        let chance = self.at_chance();
        if chance {
            self.at += "chance".len();
            self.skip_spaces();
            if self.peek() != Some('[') {
                return Err(self.expected("'[' after chance"));
            }
            self.tree.has_chance = true;
        }
        let leaf = if self.peek() == Some('[') {
            None
        } else {
            Some(self.number()?)
        };
        self.tree.nodes.push(StoredNode {
            leaf,
            children: Vec::new(),
            parent,
            depth: depth as u8,
            turns: turns as u8,
            chance: chance.then_some(Chance { given: false }),
            probability,
        });
        if let Some(value) = leaf {
            self.tree.bound = self.tree.bound.max(value.abs());
            self.tree.height = self.tree.height.max(depth);
            return Ok((index, 1));
        }
        let open = self.at;
        self.at += 1;
        self.skip_spaces();
        if self.peek() == Some(']') {
            return Err(self.error_at(open, TreeProblem::EmptyList));
        }
        let below = if chance { turns } else { turns + 1 };
        let mut denominator = 1i128;
        let mut probabilities = Vec::new();
        loop {
            let number = self.tree.nodes[index as usize].children.len() as u32;
            let given = if chance { self.probability()? } else { None };
            probabilities.push(given);
            let (child, child_denominator) =
                self.node(Some((index, number)), depth + 1, below, given)?;
            self.tree.nodes[index as usize].children.push(child);
            let weight = given.map_or(1, Fraction::denominator);
            denominator = weight
                .checked_mul(child_denominator)
                .and_then(|needed| lcm(denominator, needed))
                .filter(|&needed| needed <= MAX_DENOMINATOR)
                .ok_or_else(|| self.error_at(keyword, TreeProblem::TooFine))?;
            self.skip_spaces();
            match self.peek() {
                Some(',') => {
                    self.at += 1;
                    self.skip_spaces();
                }
                Some(']') => {
                    self.at += 1;
                    break;
                }
                _ => return Err(self.expected("',' or ']'")),
            }
        }
        if chance {
            denominator = self.weigh(index, keyword, &probabilities, denominator)?;
        }
        Ok((index, denominator))
    }

    /// Checks a chance node's probabilities (all given and adding up to 1, or none), and
    /// gives equal ones when none were written. Returns the node's denominator.
    fn weigh(
        &mut self,
        index: u32,
        keyword: usize,
        probabilities: &[Option<Fraction>],
        denominator: i128,
    ) -> Result<i128, TreeError> {
        let given = probabilities.iter().filter(|p| p.is_some()).count();
        let children = self.tree.nodes[index as usize].children.clone();
        if given == 0 {
            let share = Fraction::new(1, children.len() as i128).expect("a list has a child");
            for &child in &children {
                self.tree.nodes[child as usize].probability = Some(share);
            }
            return denominator
                .checked_mul(children.len() as i128)
                .filter(|&needed| needed <= MAX_DENOMINATOR)
                .ok_or_else(|| self.error_at(keyword, TreeProblem::TooFine));
        }
        if given < probabilities.len() {
            return Err(self.error_at(keyword, TreeProblem::SomeProbabilities));
        }
        let sum = probabilities
            .iter()
            .flatten()
            .try_fold(Fraction::ZERO, |sum, &p| sum.checked_add(p))
            .ok_or_else(|| self.error_at(keyword, TreeProblem::TooFine))?;
        if sum != Fraction::ONE {
            return Err(self.error_at(
                keyword,
                TreeProblem::ProbabilitiesSum(probability_text(sum)),
            ));
        }
        self.tree.nodes[index as usize].chance = Some(Chance { given: true });
        Ok(denominator)
    }

    /// A chance child's probability and its ':', if one is written here (`0.25:`, `1/3:`);
    /// else nothing is read.
    fn probability(&mut self) -> Result<Option<Fraction>, TreeError> {
        let start = self.at;
        let mut end = self.at;
        while self
            .chars
            .get(end)
            .is_some_and(|c| c.is_ascii_digit() || matches!(c, '.' | '/'))
        {
            end += 1;
        }
        let mut colon = end;
        while self.chars.get(colon).is_some_and(|c| c.is_whitespace()) {
            colon += 1;
        }
        if end == start || self.chars.get(colon) != Some(&':') {
            return Ok(None);
        }
        let text: String = self.chars[start..end].iter().collect();
        let digits = text.chars().filter(char::is_ascii_digit).count();
        if digits > MAX_PROBABILITY_DIGITS {
            return Err(self.error_at(start, TreeProblem::ProbabilityTooLong));
        }
        let malformed = || {
            self.error_at(
                start,
                TreeProblem::Expected {
                    expected: "a probability like 0.25 or 1/3",
                    found: Found::Text(text.clone()),
                },
            )
        };
        let whole = |part: &str| -> Option<i128> {
            (!part.is_empty() && part.chars().all(|c| c.is_ascii_digit()))
                .then(|| part.parse().ok())
                .flatten()
        };
        let probability = if let Some((top, bottom)) = text.split_once('/') {
            let (top, bottom) = (whole(top).ok_or_else(malformed)?, whole(bottom));
            let bottom = bottom.ok_or_else(malformed)?;
            Fraction::new(top, bottom)
                .ok_or_else(|| self.error_at(start, TreeProblem::ZeroDenominator))?
        } else if let Some((units, places)) = text.split_once('.') {
            let units = if units.is_empty() {
                Some(0)
            } else {
                whole(units)
            };
            let (units, tenths) = (units.ok_or_else(malformed)?, whole(places));
            let tenths = tenths.ok_or_else(malformed)?;
            let scale = 10i128.pow(places.len() as u32);
            Fraction::new(units * scale + tenths, scale).expect("a power of ten is not 0")
        } else {
            Fraction::new(whole(&text).ok_or_else(malformed)?, 1).expect("1 is not 0")
        };
        if probability == Fraction::ZERO {
            return Err(self.error_at(start, TreeProblem::ZeroProbability));
        }
        self.at = colon + 1;
        self.skip_spaces();
        Ok(Some(probability))
    }

    /// A leaf: an optional '-' and digits.
    fn number(&mut self) -> Result<i32, TreeError> {
        let start = self.at;
        let negative = self.peek() == Some('-');
        if negative {
            self.at += 1;
        }
        let digits_start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        if self.at == digits_start {
            return Err(self.expected(if negative {
                "a digit after '-'"
            } else {
                "a number or '['"
            }));
        }
        let digits: String = self.chars[digits_start..self.at].iter().collect();
        let magnitude = digits
            .trim_start_matches('0')
            .parse::<i32>()
            .ok()
            .or((digits.trim_start_matches('0').is_empty()).then_some(0))
            .filter(|&value| value <= MAX_LEAF)
            .ok_or_else(|| self.error_at(start, TreeProblem::LeafTooLarge))?;
        Ok(if negative { -magnitude } else { magnitude })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        text.parse::<GameTree>().unwrap_err().to_string()
    }

    #[test]
    fn a_leaf_changed_is_written_back_in_the_notation_and_the_rest_is_kept() {
        let tree: GameTree = "[[3,12,8],[2,4,6],[14,5,2]]".parse().unwrap();
        // Node 3 (D) is the first MIN node's second leaf.
        let edited = tree.with_leaf(3, 10).unwrap();
        assert_eq!(edited.to_string(), "[[3,10,8],[2,4,6],[14,5,2]]");
        assert_eq!(edited, "[[3,10,8],[2,4,6],[14,5,2]]".parse().unwrap());
        // The bound follows: a larger leaf widens it, and it reads back the same.
        let wide = tree.with_leaf(12, -500).unwrap();
        assert_eq!(wide, "[[3,12,8],[2,4,6],[14,5,-500]]".parse().unwrap());
        // The side at the root and a chance node's probabilities are kept.
        let chance: GameTree = "min:[chance[0.25: 3, 0.75: [1, 2]], 4]".parse().unwrap();
        assert_eq!(
            chance.with_leaf(6, 7).unwrap().to_string(),
            "min:[chance[0.25:3,0.75:[1,2]],7]"
        );
        assert_eq!(tree.with_leaf(1, 5), Err(LeafEditError::NotALeaf(1)));
        assert_eq!(tree.with_leaf(13, 5), Err(LeafEditError::NoSuchNode(13)));
        assert_eq!(
            tree.with_leaf(2, MAX_LEAF + 1),
            Err(LeafEditError::TooLarge)
        );
        assert_eq!(
            tree.with_leaf(2, -MAX_LEAF).unwrap().to_string(),
            "[[-999999999,12,8],[2,4,6],[14,5,2]]"
        );
    }

    #[test]
    fn the_notation_reads_sides_spaces_and_negative_leaves() {
        let tree: GameTree = " min : [ [-3, 12] ,[0]]".parse().unwrap();
        assert_eq!(tree.root_side(), Side::Min);
        assert_eq!(tree.to_string(), "min:[[-3,12],[0]]");
        let leaves: Vec<i32> = tree.leaves().map(|leaf| leaf.leaf().unwrap()).collect();
        assert_eq!(leaves, [-3, 12, 0]);
        assert_eq!(tree.height(), 2);
        let twelve = tree.node(3).unwrap();
        assert_eq!((twelve.path(), twelve.side()), (vec![0, 1], Side::Min));
        assert_eq!(
            "MAX:[1]".parse::<GameTree>().unwrap().root_side(),
            Side::Max
        );
        assert_eq!("[007]".parse::<GameTree>().unwrap().to_string(), "[7]");
    }

    #[test]
    fn every_mistake_says_where_and_what_was_expected() {
        assert_eq!(
            error(""),
            "at character 1: expected '[' (or max: or min: before it), found the end"
        );
        assert_eq!(
            error("5"),
            "at character 1: expected '[' (or max: or min: before it), found '5'"
        );
        assert_eq!(
            error("mid:[1]"),
            "at character 1: expected '[', max: or min:, found 'm'"
        );
        assert_eq!(
            error("max[1]"),
            "at character 4: expected ':' after max or min, found '['"
        );
        assert_eq!(
            error("[1,2"),
            "at character 5: expected ',' or ']', found the end"
        );
        assert_eq!(
            error("[1,,2]"),
            "at character 4: expected a number or '[', found ','"
        );
        assert_eq!(
            error("[1,-]"),
            "at character 5: expected a digit after '-', found ']'"
        );
        assert_eq!(
            error("[[1],[]]"),
            "at character 6: a list with no children (every inner node has at least one)"
        );
        assert_eq!(
            error("[1] x"),
            "at character 5: expected the end after the root's ']', found 'x'"
        );
        assert_eq!(
            error("[1,\n]"),
            "at character 5: expected a number or '[', found ']'"
        );
        assert_eq!(
            error("[\t\u{7}]"),
            "at character 3: expected a number or '[', found '\\u{7}'"
        );
        assert_eq!(
            error("[1000000000]"),
            "at character 2: a leaf beyond ±999999999"
        );
        assert_eq!(
            error("[-99999999999999999999]"),
            "at character 2: a leaf beyond ±999999999"
        );
        let deep = format!("{}1{}", "[".repeat(13), "]".repeat(13));
        assert_eq!(
            error(&deep),
            "at character 14: a node more than 12 levels below the root"
        );
        let just_deep_enough = format!("{}1{}", "[".repeat(12), "]".repeat(12));
        assert_eq!(just_deep_enough.parse::<GameTree>().unwrap().height(), 12);
        let wide = format!("[{}]", vec!["1"; MAX_NODES].join(","));
        assert_eq!(
            error(&wide),
            format!("at character {}: more than 1000 nodes", 2 * MAX_NODES)
        );
        let widest = format!("[{}]", vec!["1"; MAX_NODES - 1].join(","));
        assert_eq!(widest.parse::<GameTree>().unwrap().len(), MAX_NODES);
    }

    #[test]
    fn leaves_are_evaluated_for_the_side_asked() {
        let tree: GameTree = "[4,[-2]]".parse().unwrap();
        let four = tree.root().after(0);
        assert_eq!(four.evaluate(Side::Max, 3), Some(Score::new(4)));
        assert_eq!(four.evaluate(Side::Min, 3), Some(Score::new(-4)));
        assert_eq!(tree.root().evaluate(Side::Max, 0), None);
        assert_eq!(tree.root().infinity(), Score::new(5));
        assert_eq!(tree.root().moves().collect::<Vec<_>>(), [0, 1]);
        assert_eq!(tree.root().after(1).to_move(), Side::Min);
    }
}

#[cfg(test)]
mod chance_tests {
    use super::*;

    fn error(text: &str) -> String {
        text.parse::<GameTree>().unwrap_err().to_string()
    }

    #[test]
    fn chance_nodes_read_with_equal_or_given_probabilities_and_write_back() {
        let tree: GameTree = "[chance[3, 12], Chance [0.5: 2, 1/4 :4, .25: [6, 1]]]"
            .parse()
            .unwrap();
        assert!(tree.has_chance());
        assert_eq!(
            tree.to_string(),
            "[chance[3,12],chance[0.5:2,0.25:4,0.25:[6,1]]]"
        );
        assert_eq!(tree.to_string().parse::<GameTree>().unwrap(), tree);
        let first = tree.root().child(0).unwrap();
        assert!(first.is_chance() && !first.probabilities_given());
        assert_eq!(first.child(1).unwrap().probability(), Fraction::new(1, 2));
        // The list below the second chance node is MIN's: chance levels take no turn.
        let list = tree.root().child(1).unwrap().child(2).unwrap();
        assert_eq!((list.side(), list.depth()), (Side::Min, 2));
        assert_eq!(
            "chance[1/3:1,2/3:2]"
                .parse::<GameTree>()
                .unwrap()
                .to_string(),
            "chance[1/3:1,2/3:2]"
        );
        assert!(!"[[1,2]]".parse::<GameTree>().unwrap().has_chance());
    }

    #[test]
    fn a_bad_probability_list_is_one_error_naming_the_problem() {
        assert_eq!(
            error("[chance[0.5: 3, 0.4: 12]]"),
            "at character 2: a chance node's probabilities add up to 0.9, not 1"
        );
        assert_eq!(
            error("chance[2/3: 3, 2/3: 12]"),
            "at character 1: a chance node's probabilities add up to 4/3, not 1"
        );
        assert_eq!(
            error("[chance[0.5: 3, 12]]"),
            "at character 2: a chance node with probabilities for some children and not \
             others (give all or none)"
        );
        assert_eq!(
            error("chance[0: 3, 1: 12]"),
            "at character 8: a probability of 0 (a child that can never happen: leave it out)"
        );
        assert_eq!(
            error("chance[1/0: 3]"),
            "at character 8: a probability with a denominator of 0"
        );
        assert_eq!(
            error("chance[0.5.1: 3, 0.5: 1]"),
            "at character 8: expected a probability like 0.25 or 1/3, found \"0.5.1\""
        );
        assert_eq!(
            error("chance 3"),
            "at character 8: expected '[' after chance, found '3'"
        );
        assert_eq!(
            error("[chance[1:1], chance[]]"),
            "at character 21: a list with no children (every inner node has at least one)"
        );
        assert_eq!(
            error(&format!("chance[0.{}1: 1]", "0".repeat(18))),
            "at character 8: a probability with more than 18 digits"
        );
        // Five levels of millionths (a prime's) need a denominator near 10^30: refused.
        let fine = |levels| {
            (0..levels).fold("1".to_string(), |inner, _| {
                format!("chance[1/999983:{inner},999982/999983:2]")
            })
        };
        assert!(fine(4).parse::<GameTree>().is_ok());
        assert_eq!(
            error(&fine(5)),
            "at character 1: probabilities too fine to compute exactly (values would need a \
             denominator beyond 10^27)"
        );
    }
}

//! Expectiminimax on the textbooks' abstract trees: MAX takes the highest child, MIN the lowest,
//! a chance node the average of its children weighted by their probabilities (expectimax when
//! the tree has MAX and chance levels only). Values are exact [`Fraction`]s, so `chance[3,12]`
//! is 15/2 and ties are ties. On a tree without chance nodes every value is minimax's.
//!
//! Alpha-beta has no counterpart here without bounds on the leaves: a chance node's average can
//! move anywhere until its last child is seen, so no child can be skipped.
//!
//! ```
//! use tictactoe_engine::game_tree::GameTree;
//! use tictactoe_engine::minimax::expectiminimax;
//! let tree: GameTree = "[chance[3, 12], chance[2, 4, 6]]".parse().unwrap();
//! let values = expectiminimax(&tree);
//! assert_eq!(values[0].value.decimal(4), "7.5");
//! assert_eq!(values[0].best, Some(0));
//! ```

use crate::fraction::Fraction;
use crate::game_tree::{GameTree, Side};

/// A node's expectiminimax value, MAX's as the leaves are typed, and the choice there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExpectedValue {
    pub value: Fraction,
    /// At a MAX or MIN node the first child from the left with its value; `None` at a chance
    /// node and a leaf.
    pub best: Option<usize>,
}

/// Every node's value by node id (preorder, the root 0), in one pass from the leaves up: a
/// node's children come after it in preorder, so walking the ids backwards meets every child
/// before its parent. A tree has at most a thousand nodes, so this needs no budget.
pub fn expectiminimax(tree: &GameTree) -> Vec<ExpectedValue> {
    let mut values = vec![
        ExpectedValue {
            value: Fraction::ZERO,
            best: None,
        };
        tree.len()
    ];
    let nodes: Vec<_> = tree.nodes().collect();
    for node in nodes.iter().rev() {
        values[node.id()] = if let Some(leaf) = node.leaf() {
            ExpectedValue {
                value: Fraction::whole(leaf.into()),
                best: None,
            }
        } else if node.is_chance() {
            let value = node
                .children()
                .try_fold(Fraction::ZERO, |sum, child| {
                    let probability = child.probability()?;
                    sum.checked_add(probability.checked_mul(values[child.id()].value)?)
                })
                .expect("the parser bounds every value's denominator well inside i128");
            ExpectedValue { value, best: None }
        } else {
            let mut best = 0;
            for (index, child) in node.children().enumerate() {
                let value = values[child.id()].value;
                let chosen = values[node.child(best).expect("a child").id()].value;
                let better = match node.side() {
                    Side::Max => value > chosen,
                    Side::Min => value < chosen,
                };
                if better {
                    best = index;
                }
            }
            ExpectedValue {
                value: values[node.child(best).expect("a child").id()].value,
                best: Some(best),
            }
        };
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root(text: &str) -> String {
        let tree: GameTree = text.parse().unwrap();
        expectiminimax(&tree)[0].value.to_string()
    }

    #[test]
    fn chance_nodes_average_and_the_sides_alternate_over_them() {
        assert_eq!(root("[chance[3, 12], chance[2, 4, 6]]"), "15/2");
        assert_eq!(root("chance[0.5: 3, 0.25: 12, 0.25: [2, 4]]"), "11/2");
        // MAX, chance, MIN: the lists below the chance node are MIN's.
        assert_eq!(root("[chance[[3,5],[2,9]]]"), "5/2");
        assert_eq!(root("min:chance[[3,5],[2,9]]"), "5/2");
        assert_eq!(root("chance[1/3: 1, 2/3: 4]"), "3");
        assert_eq!(root("[[3,12,8],[2,4,6],[14,5,2]]"), "3");
    }
}

//! What the quiz formats (GIFT, Moodle XML) share: the weights of several right choices, the
//! choices of "which branches are pruned", and a window's two numbers.

use crate::learn::exercises::prune::{Ask, PruneKey};

/// The weight of each of `n` right choices of a question with several, as Moodle accepts them
/// (its list of grades: 100, 50, 33.33333, …).
pub(super) fn gift_weight(n: usize) -> &'static str {
    match n {
        1 => "100",
        2 => "50",
        3 => "33.33333",
        4 => "25",
        5 => "20",
        6 => "16.66667",
        7 => "14.28571",
        8 => "12.5",
        9 => "11.11111",
        _ => "10",
    }
}

/// The choices of "which branches are pruned": every node but the root (which is always
/// searched), and "none" when nothing is pruned; with the right ones.
pub(super) fn prune_choices(key: &PruneKey) -> (Vec<String>, Vec<String>) {
    let mut all: Vec<String> = (1..key.nodes.len()).map(|n| key.node_words(n)).collect();
    let mut right: Vec<String> = key.pruned.iter().map(|&n| key.node_words(n)).collect();
    if right.is_empty() {
        all.push("none".to_string());
        right.push("none".to_string());
    }
    (all, right)
}

/// α and β when the search leaves the node asked about, each as a whole number (∞ as the
/// window's infinity), named.
pub(super) fn quiz_window(key: &PruneKey) -> Vec<(&'static str, i32)> {
    let Ask::Window(node) = key.ask else {
        return Vec::new();
    };
    let (alpha, beta) = key.final_window(node).expect("asked of a searched node");
    vec![("α", alpha.value()), ("β", beta.value())]
}

//! The pseudocode the step-through shows beside a trace ([`super::trace`]), each line tagged with
//! the step of the search it shows, so that the highlight follows the text however it is edited.

use crate::engine::game_tree::Side;
use crate::engine::score::Score;
use crate::trace::{EventKind, TraceAlgorithm};
use crate::view::{Role, Seen};

/// A step of the search, as the pseudocode shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeStep {
    /// Nothing has happened yet: `findBestMove` is called.
    Start,
    /// A root move's value came back to `findBestMove`'s loop.
    RootMove,
    /// A call starts and asks whether the game is over.
    Call,
    /// A maximiser takes a child's value.
    MaxTakes,
    /// A minimiser takes a child's value.
    MinTakes,
    /// A maximiser prunes the rest of its moves (alpha ≥ beta).
    MaxPrunes,
    /// A minimiser prunes the rest of its moves.
    MinPrunes,
    /// A finished board where the maximiser has a line.
    MaximiserWon,
    /// A finished board where the minimiser has a line.
    MinimiserWon,
    /// A finished board with no line: a draw.
    Drawn,
    /// A leaf of a typed tree gives its value.
    Leaf,
}

/// One line of pseudocode, and the step it shows if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    pub text: &'static str,
    pub step: Option<CodeStep>,
}

const fn line(text: &'static str) -> Line {
    Line { text, step: None }
}

const fn shows(step: CodeStep, text: &'static str) -> Line {
    Line {
        text,
        step: Some(step),
    }
}

/// The algorithm in the seeds' shape and words, written for this product. `root` is the role of
/// the side to move at the start: the maximiser picks the highest value, the minimiser (O, when X
/// maximises) the lowest.
pub fn pseudocode(algorithm: TraceAlgorithm, root: Role) -> Vec<Line> {
    let mut code = lines(algorithm);
    if root == Role::Minimiser {
        code[1].text = match algorithm {
            TraceAlgorithm::Plain => {
                "    for each empty cell: value = minimax(board + move, 0, true)"
            }
            TraceAlgorithm::AlphaBetaClassic => {
                "    for each empty cell: value = alphabeta(board + move, 0, true, -inf, +inf)"
            }
            TraceAlgorithm::AlphaBetaShared => {
                "    best = +inf; for each empty cell: best = min(best, alphabeta(board + move, 0, true, -inf, best))"
            }
        };
        code[2].text = "    return the first move with the lowest value";
    }
    code
}

/// An event of a traced search, as much of it as says which line of the code it shows. `is_max`
/// flags are the search's own (the side to move at the start maximises).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// A call starts.
    Enter,
    /// A call finds the game over, worth `score` for the side to move at the start.
    Leaf { score: Score },
    /// A call returns: to `findBestMove` (`to_root`), or to a caller that maximises or not.
    Return { to_root: bool, caller_is_max: bool },
    /// A call that maximises or not prunes the rest of its moves.
    Cutoff { is_max: bool },
}

/// The step `event` shows in the code as `seen` shows it: `isMax` and "the maximiser has a line"
/// are the shown maximiser's. The step-through's highlight and `tictactoe trace --pseudocode`
/// both come from here.
pub fn step_of(event: Event, seen: &Seen) -> CodeStep {
    match event {
        Event::Enter => CodeStep::Call,
        Event::Leaf { score } => {
            let score = seen.root_number(score);
            if score.is_win() {
                CodeStep::MaximiserWon
            } else if score.is_loss() {
                CodeStep::MinimiserWon
            } else {
                CodeStep::Drawn
            }
        }
        Event::Return { to_root: true, .. } => CodeStep::RootMove,
        Event::Return { caller_is_max, .. } if seen.is_max(caller_is_max) => CodeStep::MaxTakes,
        Event::Return { .. } => CodeStep::MinTakes,
        Event::Cutoff { is_max } if seen.is_max(is_max) => CodeStep::MaxPrunes,
        Event::Cutoff { .. } => CodeStep::MinPrunes,
    }
}

/// The line of `code` that shows `step`.
pub fn line_of(code: &[Line], step: CodeStep) -> Option<usize> {
    code.iter().position(|line| line.step == Some(step))
}

/// The textbooks' code for a typed tree, whose leaves hold their values and whose root is MAX's
/// or MIN's (`root`): `isMax` is MAX's, as the leaves' values are.
pub fn tree_pseudocode(algorithm: TraceAlgorithm, root: Side) -> Vec<Line> {
    use CodeStep::*;
    let top = match (algorithm, root) {
        (TraceAlgorithm::Plain, Side::Max) => {
            "    return minimax(root, true)    # the root's value"
        }
        (TraceAlgorithm::Plain, Side::Min) => {
            "    return minimax(root, false)    # the root's value"
        }
        (TraceAlgorithm::AlphaBetaClassic | TraceAlgorithm::AlphaBetaShared, Side::Max) => {
            "    return alphabeta(root, -inf, +inf, true)    # the root's value"
        }
        (TraceAlgorithm::AlphaBetaClassic | TraceAlgorithm::AlphaBetaShared, Side::Min) => {
            "    return alphabeta(root, -inf, +inf, false)    # the root's value"
        }
    };
    let mut code = vec![shows(Start, "function search(root):"), shows(RootMove, top)];
    code.push(line(""));
    match algorithm {
        TraceAlgorithm::Plain => code.extend([
            shows(Call, "function minimax(node, isMax):"),
            shows(Leaf, "    if node is a leaf: return its value"),
            line("    if isMax:"),
            line("        best = -inf"),
            shows(
                MaxTakes,
                "        for each child: best = max(best, minimax(child, false))",
            ),
            line("    else:"),
            line("        best = +inf"),
            shows(
                MinTakes,
                "        for each child: best = min(best, minimax(child, true))",
            ),
            line("    return best"),
        ]),
        TraceAlgorithm::AlphaBetaClassic | TraceAlgorithm::AlphaBetaShared => code.extend([
            shows(Call, "function alphabeta(node, alpha, beta, isMax):"),
            shows(Leaf, "    if node is a leaf: return its value"),
            line("    if isMax:"),
            line("        best = -inf"),
            line("        for each child, left to right:"),
            line("            best = max(best, alphabeta(child, alpha, beta, false))"),
            shows(MaxTakes, "            alpha = max(alpha, best)"),
            shows(
                MaxPrunes,
                "            if alpha >= beta: break    # MIN has better: prune the rest",
            ),
            line("    else:"),
            line("        best = +inf"),
            line("        for each child, left to right:"),
            line("            best = min(best, alphabeta(child, alpha, beta, true))"),
            shows(MinTakes, "            beta = min(beta, best)"),
            shows(
                MinPrunes,
                "            if alpha >= beta: break    # MAX has better: prune the rest",
            ),
            line("    return best"),
        ]),
    }
    code
}

/// The step of [`tree_pseudocode`] an event of a typed tree's search shows: its kind and the
/// depth of its call (the root at 0), the root MAX's or MIN's. A return to depth 0's caller is
/// the root's value; a return elsewhere is taken by its caller, one level up. The tree's
/// step-through and `tictactoe trace --pseudocode` on a tree both come from here.
pub fn tree_step_of(kind: EventKind, depth: i32, root: Side) -> CodeStep {
    // MAX moves at the root's level and every second one below it, if the root is MAX's.
    let max_at = |depth: i32| (depth % 2 == 0) == (root == Side::Max);
    match kind {
        EventKind::Enter => CodeStep::Call,
        EventKind::Leaf => CodeStep::Leaf,
        EventKind::Exit if depth == 0 => CodeStep::RootMove,
        EventKind::Exit if max_at(depth - 1) => CodeStep::MaxTakes,
        EventKind::Exit => CodeStep::MinTakes,
        EventKind::Cutoff if max_at(depth) => CodeStep::MaxPrunes,
        EventKind::Cutoff => CodeStep::MinPrunes,
    }
}

fn lines(algorithm: TraceAlgorithm) -> Vec<Line> {
    use CodeStep::*;
    let evaluate = [
        line("function evaluate(board, depth):      # the game is over"),
        shows(
            MaximiserWon,
            "    if the maximiser has a line: return W - depth",
        ),
        shows(
            MinimiserWon,
            "    if the minimiser has a line: return depth - W",
        ),
        shows(Drawn, "    return 0                           # a draw"),
    ];
    let mut code = match algorithm {
        TraceAlgorithm::Plain => vec![
            shows(Start, "function findBestMove(board):"),
            shows(
                RootMove,
                "    for each empty cell: value = minimax(board + move, 0, false)",
            ),
            line("    return the first move with the highest value"),
            line(""),
            line("function minimax(board, depth, isMax):"),
            shows(
                Call,
                "    if the game is over: return evaluate(board, depth)",
            ),
            line("    if isMax:"),
            line("        best = -infinity"),
            shows(
                MaxTakes,
                "        for each empty cell: best = max(best, minimax(board + move, depth + 1, false))",
            ),
            line("    else:"),
            line("        best = +infinity"),
            shows(
                MinTakes,
                "        for each empty cell: best = min(best, minimax(board + move, depth + 1, true))",
            ),
            line("    return best"),
            line(""),
        ],
        TraceAlgorithm::AlphaBetaClassic | TraceAlgorithm::AlphaBetaShared => vec![
            shows(Start, "function findBestMove(board):"),
            shows(
                RootMove,
                if algorithm == TraceAlgorithm::AlphaBetaShared {
                    "    best = -inf; for each empty cell: best = max(best, alphabeta(board + move, 0, false, best, +inf))"
                } else {
                    "    for each empty cell: value = alphabeta(board + move, 0, false, -inf, +inf)"
                },
            ),
            line("    return the first move with the highest value"),
            line(""),
            line("function alphabeta(board, depth, isMax, alpha, beta):"),
            shows(
                Call,
                "    if the game is over: return evaluate(board, depth)",
            ),
            line("    if isMax:"),
            line("        best = -infinity"),
            line("        for each empty cell:"),
            line(
                "            best = max(best, alphabeta(board + move, depth + 1, false, alpha, beta))",
            ),
            shows(MaxTakes, "            alpha = max(alpha, best)"),
            shows(
                MaxPrunes,
                "            if alpha >= beta: break    # the minimiser has better: prune the rest",
            ),
            line("    else:"),
            line("        best = +infinity"),
            line("        for each empty cell:"),
            line(
                "            best = min(best, alphabeta(board + move, depth + 1, true, alpha, beta))",
            ),
            shows(MinTakes, "            beta = min(beta, best)"),
            shows(
                MinPrunes,
                "            if alpha >= beta: break    # the maximiser has better: prune the rest",
            ),
            line("    return best"),
            line(""),
        ],
    };
    code.extend(evaluate);
    code
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_step_the_search_can_show_has_one_line_in_each_algorithm() {
        use CodeStep::*;
        for algorithm in [
            TraceAlgorithm::Plain,
            TraceAlgorithm::AlphaBetaClassic,
            TraceAlgorithm::AlphaBetaShared,
        ] {
            let code = pseudocode(algorithm, Role::Maximiser);
            let prunes = algorithm.prunes();
            for step in [
                Start,
                RootMove,
                Call,
                MaxTakes,
                MinTakes,
                MaximiserWon,
                MinimiserWon,
                Drawn,
            ] {
                let tagged = code.iter().filter(|l| l.step == Some(step)).count();
                assert_eq!(tagged, 1, "{algorithm:?} {step:?}");
            }
            for step in [MaxPrunes, MinPrunes] {
                assert_eq!(
                    line_of(&code, step).is_some(),
                    prunes,
                    "{algorithm:?} {step:?}"
                );
            }
        }
    }

    #[test]
    fn the_minimisers_root_picks_the_lowest() {
        let code = pseudocode(TraceAlgorithm::Plain, Role::Minimiser);
        assert!(code[2].text.ends_with("lowest value"));
        assert!(code[1].text.contains("true"));
    }

    /// The tree's code shows every step of a tree's search on one line, and the three-ply
    /// figure's alpha-beta walks it as the textbook does: the second MIN node prunes.
    #[test]
    fn a_trees_search_steps_through_the_textbooks_code() {
        use crate::engine::game_tree::GameTree;
        use crate::engine::minimax::SearchControl;
        use crate::trace::trace_game;
        for algorithm in [TraceAlgorithm::Plain, TraceAlgorithm::AlphaBetaClassic] {
            for root in [Side::Max, Side::Min] {
                let code = tree_pseudocode(algorithm, root);
                for step in [
                    CodeStep::Start,
                    CodeStep::RootMove,
                    CodeStep::Call,
                    CodeStep::Leaf,
                ] {
                    assert!(line_of(&code, step).is_some(), "{algorithm:?} {step:?}");
                }
            }
        }
        let tree: GameTree = "[[3,12,8],[2,4,6],[14,5,2]]".parse().unwrap();
        let code = tree_pseudocode(TraceAlgorithm::AlphaBetaClassic, Side::Max);
        let mut lines = Vec::new();
        let _ = trace_game(
            &tree.root(),
            TraceAlgorithm::AlphaBetaClassic,
            &SearchControl::new(),
            |step, _| {
                let at = line_of(&code, tree_step_of(step.kind, step.depth, Side::Max));
                lines.push(code[at.expect("every step has its line")].text.trim());
            },
        );
        // The root enters, its first MIN child enters, its three leaves each give a value that
        // the MIN node takes, and it returns to the root, which takes it.
        assert_eq!(
            lines[..9],
            [
                "function alphabeta(node, alpha, beta, isMax):",
                "function alphabeta(node, alpha, beta, isMax):",
                "function alphabeta(node, alpha, beta, isMax):",
                "if node is a leaf: return its value",
                "beta = min(beta, best)",
                "function alphabeta(node, alpha, beta, isMax):",
                "if node is a leaf: return its value",
                "beta = min(beta, best)",
                "function alphabeta(node, alpha, beta, isMax):",
            ]
        );
        let prunes = lines
            .iter()
            .filter(|line| line.starts_with("if alpha >= beta"))
            .count();
        assert_eq!(prunes, 1);
        assert!(lines.contains(&"if alpha >= beta: break    # MAX has better: prune the rest"));
        assert_eq!(
            lines.last(),
            Some(&"return alphabeta(root, -inf, +inf, true)    # the root's value")
        );
    }
}

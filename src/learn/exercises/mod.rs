//! Graded exercises on board positions and the textbooks' abstract trees: a set made from a
//! seed, its kinds, its board and its length, the same wherever it is made; each item's answer
//! key taken from the engine (plain minimax, the reference; the computer's horizon for the
//! horizon kind; the alpha-beta trace for the prune kind, in `prune.rs`); typed answers read and
//! graded with feedback that works the right answer out.
//!
//! A set is named by a short code that round-trips through text, so a link or a command line
//! gives everyone the same set:
//!
//! ```
//! use tictactoe::learn::exercises::{Kind, SetCode, generate};
//! let code: SetCode = "v1-s7-k=value,horizon-n=4-3x3".parse().unwrap();
//! assert_eq!(code.kinds, [Kind::Value, Kind::Horizon]);
//! assert_eq!(code.to_string(), "v1-s7-k=value,horizon-n=4-3x3");
//! let set = generate(&code);
//! assert_eq!(set.items.len(), 4);
//! let first = &set.items[0];
//! let graded = first.grade(&first.answer_text()).unwrap();
//! assert!(graded.correct);
//! ```
//!
//! The code is in `code.rs`, the reading of typed answers in `answer.rs`; here are the kinds, the
//! items and their keys, grading and the summary. Nothing here knows egui; the app shows the
//! prompts and feedback, `tictactoe exercises` prints them.

mod answer;
mod cell_names;
mod code;
mod kind;
pub mod prune;
mod quoted;
mod random;
pub mod slips;
mod telling;

pub use answer::{
    AnswerError, parse_cell, parse_cells, parse_labels, parse_number, parse_numbers, parse_window,
};
use answer::{NUMBER_ACCEPTED, answer_error, cell_accepted};
pub use cell_names::{cell_name, cells_text, path_name};
pub use code::{CODE_VERSION, MAX_COUNT, SIZES, SetCode, SetCodeError, parse_kinds};
pub use kind::{Kind, LEVELS};
use random::{TRIES, below};

use rand::SeedableRng;
// StdRng (ChaCha) gives the same numbers on every platform; SmallRng is another generator on
// 32-bit targets such as the browser's, which would deal the page another set.
use rand::rngs::StdRng;

use crate::engine::ai::{AiPlayer, Difficulty};
use crate::engine::board::{Board, Cell, Geometry, Mark};
use crate::engine::minimax::{Analysis, MoveScore, plain};
use crate::learn::explain::{computer_reasoning, formula, line_of_play, short_verdict};
use crate::learn::practice::{self, Goal};
use crate::learn::view::{Role, ScoreView, Seen, Shown};

/// The computer each level of the horizon kind asks about: Hard, at every level. Easy and
/// Medium never rate best a move that is not (Easy sees only its own wins; Medium also the
/// reply's, and when a reply would win, the move that stops it is the best one), so an item on
/// them is answered by seeing to the end, or by naming every empty cell.
pub fn horizon_difficulty(_level: u8) -> Difficulty {
    Difficulty::Hard
}

/// One exercise of a set: the position, what is asked, and its key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// From 1, as the set lists it.
    pub number: usize,
    pub level: u8,
    pub board: Board,
    pub task: Task,
}

/// What an item asks, with the engine's answer to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Task {
    Value(ValueKey),
    Tree(TreeKey),
    Horizon(HorizonKey),
    FindMove(MoveKey),
    /// Alpha-beta's cut-offs below a position or on an abstract tree.
    Prune(prune::PruneKey),
    /// An abstract tree's values filled in bottom-up.
    TreeFill(prune::TreeFillKey),
}

/// The value of one move: plain minimax's score and line for it, and its number in the view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueKey {
    pub seen: Seen,
    /// The move asked about, its score for the side to move and its line of play.
    pub scored: MoveScore,
    pub number: Shown,
}

/// A tree two plies deep, its nodes listed bottom-up: each move's replies, then the move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeKey {
    pub seen: Seen,
    pub nodes: Vec<TreeNode>,
}

/// A node of an exercise's tree: the move (and reply) that lead to it from the position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeNode {
    /// One cell for a move, two for a reply to it.
    pub path: Vec<Cell>,
    /// Who plays the node's last move.
    pub mover: Mark,
    /// The node's last move with its score for `mover` (counted from where it is played) and
    /// its line, as plain minimax gives it there.
    pub scored: MoveScore,
    /// The number to type: seen in the set's view, depth counted from the item's position.
    pub number: Shown,
}

/// What a computer looking `difficulty`'s plies ahead rates best, from the exact analysis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HorizonKey {
    pub view: ScoreView,
    pub difficulty: Difficulty,
    pub analysis: Analysis,
    /// The moves it rates best, in reading order: it plays one of them at random.
    pub plays: Vec<Cell>,
}

/// Practice's "find the move": the position's one good move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveKey {
    pub view: ScoreView,
    pub exercise: practice::Exercise,
    pub analysis: Analysis,
}

/// A whole set: its code and its items, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExerciseSet {
    pub code: SetCode,
    pub items: Vec<Item>,
}

/// The set `code` names, its keys from plain minimax.
pub fn generate(code: &SetCode) -> ExerciseSet {
    let mut rng = StdRng::seed_from_u64(code.seed);
    let geometry = code.geometry();
    let items = (0..code.count)
        .map(|index| {
            let (kind, level) = (code.kind(index), code.level(index));
            let plan = Plan {
                geometry,
                kind,
                level,
                view: code.view,
                trees: code.trees,
                mover: code.mover(index),
            };
            let (board, task) = make_task(&mut rng, plan);
            Item {
                number: index + 1,
                level,
                board,
                task,
            }
        })
        .collect();
    ExerciseSet {
        code: code.clone(),
        items,
    }
}

/// One item of `kind` at `level` made from its own `seed`, outside any set: what a learner
/// practising freely is dealt next (a level up after successes, a missed kind again), the same
/// on every platform for the same seed. X is to move for an even seed, O for an odd one.
pub fn make_item(seed: u64, kind: Kind, level: u8, geometry: Geometry, view: ScoreView) -> Item {
    let mut rng = StdRng::seed_from_u64(seed);
    let level = level.clamp(1, LEVELS);
    let mover = match seed % 2 {
        0 => Mark::X,
        _ => Mark::O,
    };
    let plan = Plan {
        geometry,
        kind,
        level,
        view,
        trees: false,
        mover,
    };
    let (board, task) = make_task(&mut rng, plan);
    Item {
        number: 1,
        level,
        board,
        task,
    }
}

/// A position of a game played at random from the empty board with `empty` empty cells and
/// `mover` to move, not over, with at least two moves to choose from. X starts, unless `mover`
/// could then not be to move with that many empty cells: then O starts.
fn random_position(rng: &mut StdRng, geometry: Geometry, empty: usize, mover: Mark) -> Board {
    let empty = empty.clamp(2, geometry.cells());
    let starter = match (geometry.cells() - empty) % 2 {
        0 => mover,
        _ => mover.opponent(),
    };
    loop {
        let mut board = Board::empty(geometry, starter);
        while board.empty_cells().count() > empty && !board.outcome().is_over() {
            let moves: Vec<Cell> = board.legal_moves().collect();
            board = board
                .after(moves[below(rng, moves.len())])
                .expect("a legal move plays");
        }
        if !board.outcome().is_over() {
            return board;
        }
    }
}

/// What an item is made from: its board's shape, kind, level, view, whether the tree kinds are
/// on abstract trees, and who is to move on its board.
#[derive(Debug, Clone, Copy)]
struct Plan {
    geometry: Geometry,
    kind: Kind,
    level: u8,
    view: ScoreView,
    trees: bool,
    mover: Mark,
}

/// The item `plan` describes, drawn from `rng`: a position is drawn again (up to `TRIES` times)
/// until a plausible wrong method would answer it wrongly (`telling`).
fn make_task(rng: &mut StdRng, plan: Plan) -> (Board, Task) {
    let Plan {
        geometry,
        kind,
        level,
        view,
        trees,
        mover,
    } = plan;
    let empty = kind.empty_cells(level, geometry, mover);
    // An abstract tree's item has no position: its board is the set's empty one, unused.
    let no_board = Board::empty(geometry, Mark::X);
    match kind {
        Kind::Tree if trees => {
            let (tree, name) = prune::pick_tree(rng, level);
            (
                no_board,
                Task::TreeFill(prune::TreeFillKey::new(tree, name)),
            )
        }
        Kind::Prune if trees => {
            let key = prune::make_key(
                rng,
                |rng| {
                    let (tree, name) = prune::pick_tree(rng, level);
                    prune::tree_key(&tree, name)
                },
                level,
            );
            (no_board, Task::Prune(key))
        }
        Kind::Prune => {
            let key = prune::make_key(
                rng,
                |rng| prune::board_key(&random_position(rng, geometry, empty, mover), view),
                level,
            );
            let prune::Start::Board(board) = key.start else {
                unreachable!("a board's key starts on the board")
            };
            (board, Task::Prune(key))
        }
        Kind::Value => telling_draw(rng, |rng| {
            let board = random_position(rng, geometry, empty, mover);
            let moves: Vec<Cell> = board.legal_moves().collect();
            let cell = moves[below(rng, moves.len())];
            let key = value_key(&board, cell, view);
            let tells = telling::value_tells(&board, cell, key.scored.score);
            ((board, Task::Value(key)), tells)
        }),
        Kind::Tree => telling_draw(rng, |rng| {
            let board = random_position(rng, geometry, empty, mover);
            let key = tree_key(&board, view);
            let tells = key.has_replies_to_choose();
            ((board, Task::Tree(key)), tells)
        }),
        Kind::Horizon => telling_draw(rng, |rng| {
            let board = random_position(rng, geometry, empty, mover);
            let key = horizon_key(&board, horizon_difficulty(level), view);
            let tells = key.tells();
            ((board, Task::Horizon(key)), tells)
        }),
        Kind::FindMove => telling_draw(rng, |rng| {
            loop {
                // Practice's positions (one good move, the rest costly) are common at every
                // level; a position without one is passed over.
                let board = random_position(rng, geometry, empty, mover);
                let analysis = plain(&board);
                if let Some(exercise) = practice::exercise(&analysis) {
                    let tells = telling::move_tells(&board, exercise.answer);
                    let key = MoveKey {
                        view,
                        exercise,
                        analysis,
                    };
                    return ((board, Task::FindMove(key)), tells);
                }
            }
        }),
    }
}

/// The first item `draw` makes that a plausible wrong method answers wrongly (`draw` says
/// whether it does), or the last of `TRIES`: the set stays the same, only how long making it
/// takes is bounded.
fn telling_draw(
    rng: &mut StdRng,
    mut draw: impl FnMut(&mut StdRng) -> ((Board, Task), bool),
) -> (Board, Task) {
    let mut tries = 0;
    loop {
        let (item, tells) = draw(rng);
        tries += 1;
        if tells || tries >= TRIES {
            return item;
        }
    }
}

/// The key of "the value of `cell` on `board`": plain minimax's score, shown in `view`.
pub fn value_key(board: &Board, cell: Cell, view: ScoreView) -> ValueKey {
    let seen = Seen::new(view, board);
    let scored = plain(board)
        .get(cell)
        .expect("the cell asked about is a legal move")
        .clone();
    let number = seen.number(scored.score, board.to_move(), 0);
    ValueKey {
        seen,
        scored,
        number,
    }
}

impl TreeKey {
    /// Whether some move's replies are not all worth the same: there the side that replies must
    /// pick the lowest (or the highest), and a learner who lets it pick the other way is caught.
    pub fn has_replies_to_choose(&self) -> bool {
        let replies = |of: &TreeNode| -> Vec<i32> {
            self.nodes
                .iter()
                .filter(|n| n.path.len() == 2 && n.path[0] == of.path[0])
                .map(|n| n.number.value())
                .collect()
        };
        self.nodes.iter().filter(|n| n.path.len() == 1).any(|node| {
            let values = replies(node);
            values.iter().min() != values.iter().max()
        })
    }
}

/// The key of the tree two plies below `board`: each move's replies, then the move, in reading
/// order, each scored by plain minimax where it is played.
pub fn tree_key(board: &Board, view: ScoreView) -> TreeKey {
    let seen = Seen::new(view, board);
    let mover = board.to_move();
    let mut nodes = Vec::new();
    for scored in plain(board).moves {
        let after = board.after(scored.cell).expect("a scored move is legal");
        for reply in plain(&after).moves {
            nodes.push(TreeNode {
                path: vec![scored.cell, reply.cell],
                mover: mover.opponent(),
                number: seen.number(reply.score, mover.opponent(), 1),
                scored: reply,
            });
        }
        nodes.push(TreeNode {
            path: vec![scored.cell],
            mover,
            number: seen.number(scored.score, mover, 0),
            scored,
        });
    }
    TreeKey { seen, nodes }
}

/// The key of "what does `difficulty` play on `board`": the moves the computer rates best
/// ([`AiPlayer::candidates`], the same function the game's computer chooses with), from plain
/// minimax's scores.
pub fn horizon_key(board: &Board, difficulty: Difficulty, view: ScoreView) -> HorizonKey {
    let analysis = plain(board);
    let plays = AiPlayer::candidates(&analysis, difficulty);
    HorizonKey {
        view,
        difficulty,
        analysis,
        plays,
    }
}

impl HorizonKey {
    /// The moves the horizon makes it misjudge: a win or loss it sees as a draw.
    pub fn misjudged(&self) -> Vec<&MoveScore> {
        let geometry = self.analysis.board.geometry();
        self.analysis
            .moves
            .iter()
            .filter(|m| self.difficulty.perceived_score(m.score, geometry) != m.score)
            .collect()
    }

    /// Whether the computer's choice differs from the best moves: it plays a move that is not
    /// best, or passes over a best one.
    pub fn hides_something(&self) -> bool {
        let best: Vec<Cell> = self.analysis.best_moves().map(|m| m.cell).collect();
        best != self.plays
    }

    /// Whether the item tells the horizon from the plain answers: some move looks best to the
    /// computer but is not (so seeing to the end answers otherwise), and some move does not
    /// look best (so "every empty cell" is wrong too).
    pub fn tells(&self) -> bool {
        let best: Vec<Cell> = self.analysis.best_moves().map(|m| m.cell).collect();
        let misled = self.plays.iter().any(|cell| !best.contains(cell));
        misled && self.plays.len() < self.analysis.moves.len()
    }
}

/// A graded answer: whether it was right, and the right answer worked out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Graded {
    pub correct: bool,
    /// The first line says right or not and gives the answer; the rest work it out.
    pub feedback: Vec<String>,
}

impl Item {
    pub fn kind(&self) -> Kind {
        match self.task {
            Task::Value(_) => Kind::Value,
            Task::Tree(_) => Kind::Tree,
            Task::Horizon(_) => Kind::Horizon,
            Task::FindMove(_) => Kind::FindMove,
            Task::Prune(_) => Kind::Prune,
            Task::TreeFill(_) => Kind::Tree,
        }
    }

    /// Whether the item is on its board (not on an abstract tree, whose board is unused).
    pub fn on_board(&self) -> bool {
        match &self.task {
            Task::TreeFill(_) => false,
            Task::Prune(key) => matches!(key.start, prune::Start::Board(_)),
            _ => true,
        }
    }

    /// The tree the item asks about, one node a line, for a text or a quiz (the app draws it);
    /// empty for an item on a board alone.
    pub fn figure(&self) -> Vec<String> {
        match &self.task {
            Task::Prune(key) => key.outline(),
            Task::TreeFill(key) => key.outline(),
            _ => Vec::new(),
        }
    }

    fn mover(&self) -> Mark {
        self.board.to_move()
    }

    /// Whose numbers the values are and how depth counts, in words, the same for every kind:
    /// "in X's numbers (X maximises; …)". Depth counts as the articles, `analyze` and the
    /// explorer count it, so that every number of an exercise is the one they show.
    fn numbers_words(seen: &Seen) -> String {
        let win = seen.geometry().win_score();
        format!(
            "in {}'s numbers ({} maximises; a win is {win} - depth, a loss depth - {win}, a draw \
             0, where depth is the number of moves played after the first move from this \
             position: 0 if that move ends the game)",
            seen.maximiser(),
            seen.maximiser()
        )
    }

    /// What the item asks, in one paragraph.
    pub fn prompt(&self) -> String {
        let geometry = self.board.geometry();
        let at = match geometry == Geometry::CLASSIC {
            true => format!("{} to move on {}", self.mover(), self.board),
            false => format!(
                "{} to move on {} ({} in a row wins)",
                self.mover(),
                self.board,
                geometry.k()
            ),
        };
        match &self.task {
            Task::Value(key) => format!(
                "{at}: what is the minimax value of {} playing {}, {}?",
                self.mover(),
                key.scored.cell.human(),
                Item::numbers_words(&key.seen)
            ),
            Task::Tree(key) => {
                let order: Vec<String> = key.nodes.iter().map(|n| path_name(&n.path)).collect();
                format!(
                    "{at}: fill in the tree bottom-up, {}. Type the value of each node in this \
                     order (a reply after its move): {}.",
                    Item::numbers_words(&key.seen),
                    order.join(", ")
                )
            }
            Task::Horizon(key) => {
                let horizon = key.difficulty.horizon().unwrap_or(0);
                let plies = if horizon == 1 { "ply" } else { "plies" };
                format!(
                    "{at}: the computer at {} looks {horizon} {plies} ahead (its own move \
                     counted); a result further away looks like a draw to it. Which moves does \
                     it rate best? It plays one of them at random; name them all.",
                    key.difficulty.name()
                )
            }
            Task::FindMove(key) => {
                let goal = Goal::of(key.analysis.best_score().unwrap_or_default());
                format!("{at}: {}.", goal.task())
            }
            Task::Prune(key) => {
                let on = match &key.start {
                    prune::Start::Board(_) => format!(
                        "{at}: alpha-beta searches the whole tree below this position, children \
                         left to right; each node is lettered, each leaf is a finished game's \
                         value {}.",
                        Item::numbers_words(&Seen::new(key.view, &self.board))
                    ),
                    prune::Start::Tree { name, .. } => format!(
                        "Alpha-beta searches {} (leaves are MAX's values), children left to \
                         right.",
                        match name {
                            Some(name) => format!("the textbook tree \"{name}\""),
                            None => "this tree".to_string(),
                        }
                    ),
                };
                let rule = prune::rule_words(&key.nodes[0].label);
                match key.ask {
                    prune::Ask::Pruned => format!(
                        "{on} {rule} Which branches does it prune? Name the tops of the subtrees \
                         it never searches, left to right (or none)."
                    ),
                    prune::Ask::Window(node) => format!(
                        "{on} {rule} What are α and β when the search leaves node {}? (∞ may be \
                         typed inf.)",
                        key.nodes[node].label
                    ),
                }
            }
            Task::TreeFill(key) => {
                let order: Vec<String> = key.order.iter().map(|&n| prune::label(n)).collect();
                let name = match key.name {
                    Some(name) => format!("the textbook tree \"{name}\""),
                    None => "this tree".to_string(),
                };
                format!(
                    "Fill in {name} bottom-up with minimax (leaves are MAX's values; MAX takes \
                     the highest, MIN the lowest). Type the value of each inner node in this \
                     order: {}.",
                    order.join(", ")
                )
            }
        }
    }

    /// The right answer as it would be typed.
    pub fn answer_text(&self) -> String {
        match &self.task {
            Task::Value(key) => key.number.value().to_string(),
            Task::Tree(key) => {
                let numbers: Vec<String> = key
                    .nodes
                    .iter()
                    .map(|n| n.number.value().to_string())
                    .collect();
                numbers.join(", ")
            }
            Task::Horizon(key) => cells_text(&key.plays),
            Task::FindMove(key) => cell_name(key.exercise.answer),
            Task::Prune(key) => match key.ask {
                prune::Ask::Pruned => key.labels(&key.pruned),
                prune::Ask::Window(node) => {
                    let (alpha, beta) = key.final_window(node).expect("asked of a searched node");
                    format!(
                        "{}, {}",
                        key.number_text(alpha.value()),
                        key.number_text(beta.value())
                    )
                }
            },
            Task::TreeFill(key) => {
                let numbers: Vec<String> = key
                    .order
                    .iter()
                    .map(|&n| key.values[n].to_string())
                    .collect();
                numbers.join(", ")
            }
        }
    }

    /// What a typed answer to this item looks like, for a prompt or a message.
    pub fn accepted(&self) -> String {
        let geometry = self.board.geometry();
        match &self.task {
            Task::Value(_) => NUMBER_ACCEPTED.to_string(),
            Task::Tree(key) => format!(
                "type {} whole numbers in the order listed, separated by commas",
                key.nodes.len()
            ),
            Task::Horizon(_) => "type one or more cells separated by ';', like r1c1; r3c3".into(),
            Task::FindMove(_) => cell_accepted(geometry),
            Task::Prune(key) => match key.ask {
                prune::Ask::Pruned => "type the letters of the pruned branches separated by \
                                       commas, like E, F (or none)"
                    .into(),
                prune::Ask::Window(_) => answer::WINDOW_ACCEPTED.into(),
            },
            Task::TreeFill(key) => format!(
                "type {} whole numbers in the order listed, separated by commas",
                key.order.len()
            ),
        }
    }

    /// Grades `typed`: `Err` when it cannot be read as an answer to this item (the learner may
    /// type again), else right or wrong with the answer worked out.
    pub fn grade(&self, typed: &str) -> Result<Graded, AnswerError> {
        let geometry = self.board.geometry();
        let (correct, verdict) = match &self.task {
            Task::Value(key) => {
                let number = parse_number(typed)?;
                let right = key.number.value();
                (number == right, format!("the value is {right}"))
            }
            Task::Tree(key) => {
                let numbers = parse_numbers(typed)?;
                if numbers.len() != key.nodes.len() {
                    return Err(answer_error(
                        typed,
                        format!(
                            "has {} numbers, but the tree has {} nodes",
                            numbers.len(),
                            key.nodes.len()
                        ),
                        self.accepted(),
                    ));
                }
                let wrong: Vec<String> = key
                    .nodes
                    .iter()
                    .zip(&numbers)
                    .filter(|&(node, &n)| node.number.value() != n)
                    .map(|(node, n)| {
                        format!(
                            "{} is {}, not {n}",
                            path_name(&node.path),
                            node.number.value()
                        )
                    })
                    .collect();
                let verdict = match wrong.is_empty() {
                    true => format!("the values are {}", self.answer_text()),
                    false => wrong.join("; "),
                };
                (wrong.is_empty(), verdict)
            }
            Task::Horizon(key) => {
                let cells = parse_cells(typed, geometry)?;
                self.refuse_taken(typed, &cells)?;
                let verdict = format!("it rates best {}", cells_text(&key.plays));
                (cells == key.plays, verdict)
            }
            Task::FindMove(key) => {
                let cell = parse_cell(typed, geometry)?;
                self.refuse_taken(typed, &[cell])?;
                let mut verdict = format!("the move is {}", cell_name(key.exercise.answer));
                if !key.exercise.is_good(cell) {
                    let seen = Seen::new(key.view, &self.board);
                    if let Some(played) = key.analysis.get(cell) {
                        let number = seen.number(played.score, self.mover(), 0);
                        verdict.push_str(&format!(
                            "; {} scores {} ({})",
                            cell_name(cell),
                            number.value(),
                            short_verdict(&seen, number)
                        ));
                    }
                }
                (key.exercise.is_good(cell), verdict)
            }
            Task::Prune(key) => match key.ask {
                prune::Ask::Pruned => {
                    let named = answer::parse_labels(typed, key)?;
                    let verdict = format!("alpha-beta prunes {}", key.labels(&key.pruned));
                    (named == key.pruned, verdict)
                }
                prune::Ask::Window(node) => {
                    let (alpha, beta) = answer::parse_window(typed, key.infinity)?;
                    let (right_alpha, right_beta) =
                        key.final_window(node).expect("asked of a searched node");
                    let verdict = format!(
                        "leaving {}, α = {} and β = {}",
                        key.nodes[node].label,
                        key.number_text(right_alpha.value()),
                        key.number_text(right_beta.value())
                    );
                    (
                        (alpha, beta) == (right_alpha.value(), right_beta.value()),
                        verdict,
                    )
                }
            },
            Task::TreeFill(key) => {
                let numbers = parse_numbers(typed)?;
                if numbers.len() != key.order.len() {
                    return Err(answer_error(
                        typed,
                        format!(
                            "has {} numbers, but the tree has {} inner nodes",
                            numbers.len(),
                            key.order.len()
                        ),
                        self.accepted(),
                    ));
                }
                let wrong: Vec<String> = key
                    .order
                    .iter()
                    .zip(&numbers)
                    .filter(|&(&n, &typed)| key.values[n] != typed)
                    .map(|(&n, typed)| {
                        format!("{} is {}, not {typed}", prune::label(n), key.values[n])
                    })
                    .collect();
                let verdict = match wrong.is_empty() {
                    true => format!("the values are {}", self.answer_text()),
                    false => wrong.join("; "),
                };
                (wrong.is_empty(), verdict)
            }
        };
        let mut feedback = vec![match correct {
            true => format!("Right: {verdict}."),
            false => format!("Not quite: {verdict}."),
        }];
        if !correct {
            feedback.extend(self.slip_feedback(typed));
        }
        feedback.extend(self.worked());
        Ok(Graded { correct, feedback })
    }

    /// What a wrong answer missed or added, and the classic slip that gives it, if one does.
    fn slip_feedback(&self, typed: &str) -> Vec<String> {
        match &self.task {
            Task::Value(key) => slips::value_feedback(
                &self.board,
                key.scored.cell,
                key.seen.view(),
                key.number.value(),
                typed,
            ),
            Task::Tree(key) => {
                let paths: Vec<Vec<Cell>> = key.nodes.iter().map(|n| n.path.clone()).collect();
                let right: Vec<i32> = key.nodes.iter().map(|n| n.number.value()).collect();
                slips::tree_feedback(&self.board, key.seen.view(), &paths, &right, typed)
            }
            Task::Horizon(key) => {
                slips::horizon_feedback(&key.analysis, key.difficulty, &key.plays, typed)
            }
            Task::FindMove(key) => {
                slips::move_feedback(&self.board, key.view, &key.exercise.good, typed)
            }
            Task::Prune(key) => slips::prune_feedback(key, typed),
            Task::TreeFill(key) => slips::tree_fill_feedback(key, typed),
        }
    }

    /// An answer naming a cell that is not empty cannot be a move: refused, naming the choices.
    fn refuse_taken(&self, typed: &str, cells: &[Cell]) -> Result<(), AnswerError> {
        let empty: Vec<Cell> = self.board.legal_moves().collect();
        match cells.iter().find(|cell| !empty.contains(cell)) {
            None => Ok(()),
            Some(&taken) => Err(answer_error(
                typed,
                match cells.len() {
                    1 => "is not an empty cell".to_string(),
                    _ => format!("names {}, which is not empty", cell_name(taken)),
                },
                format!("choose among {}", cells_text(&empty)),
            )),
        }
    }

    /// The right answer worked out, one sentence a line: the formula and the line of play, each
    /// node's value from its replies, the horizon's hidden results.
    pub fn worked(&self) -> Vec<String> {
        let mover = self.mover();
        match &self.task {
            Task::Value(key) => vec![
                formula(&key.seen, key.number),
                format!("Line of play: {}.", line_of_play(mover, &key.scored)),
            ],
            Task::Tree(key) => tree_worked(key),
            Task::Horizon(key) => {
                let mut lines = vec![format!(
                    "It rates best {}, and plays one of them.",
                    cells_text(&key.plays)
                )];
                if let Some(&chosen) = key.plays.first() {
                    // The computer's own reasons, past their first two lines (the one move it
                    // played and its random pick), which the line above says for all of them.
                    lines.extend(
                        computer_reasoning(
                            &key.analysis,
                            chosen,
                            &key.plays,
                            key.difficulty,
                            key.view,
                        )
                        .into_iter()
                        .skip(2),
                    );
                }
                let seen = Seen::new(key.view, &self.board);
                if let Some(best) = key.analysis.best() {
                    let number = seen.number(best.score, mover, 0);
                    lines.push(format!(
                        "Seeing to the end: {} scores {} ({}); {}.",
                        cell_name(best.cell),
                        number.value(),
                        short_verdict(&seen, number),
                        line_of_play(mover, best)
                    ));
                }
                lines
            }
            Task::FindMove(key) => {
                let seen = Seen::new(key.view, &self.board);
                let Some(best) = key.analysis.get(key.exercise.answer) else {
                    return Vec::new();
                };
                let number = seen.number(best.score, mover, 0);
                vec![
                    format!(
                        "{} ({}): {}",
                        cell_name(best.cell),
                        key.exercise.lesson.name(),
                        formula(&seen, number)
                    ),
                    format!("Line of play: {}.", line_of_play(mover, best)),
                ]
            }
            Task::Prune(key) => key.worked(),
            Task::TreeFill(key) => key.worked(),
        }
    }
}

/// Each node of a tree worked out: a leaf by its formula, an inner node as the best of its
/// replies for the side that chooses there.
fn tree_worked(key: &TreeKey) -> Vec<String> {
    key.nodes
        .iter()
        .map(|node| {
            let replies: Vec<&TreeNode> = key
                .nodes
                .iter()
                .filter(|n| n.path.len() == 2 && n.path[0] == node.path[0] && node.path.len() == 1)
                .collect();
            if replies.is_empty() {
                // A node the tree stops at without the game ending takes its value from the
                // best play below it, which the learner finds as plain minimax does.
                let ends = match node.scored.pv.is_empty() {
                    true => "the game ends".to_string(),
                    false => format!("best play after it: {}", cells_text(&node.scored.pv)),
                };
                return format!(
                    "{} ({ends}): {}",
                    path_name(&node.path),
                    formula(&key.seen, node.number)
                );
            }
            let chooser = node.mover.opponent();
            let (how, pick) = match key.seen.role(chooser) {
                Role::Maximiser => ("max", "highest"),
                Role::Minimiser => ("min", "lowest"),
            };
            let values: Vec<String> = replies
                .iter()
                .map(|r| r.number.value().to_string())
                .collect();
            format!(
                "{} = {how}({}) = {}: {chooser} replies there and picks the {pick}.",
                path_name(&node.path),
                values.join(", "),
                node.number.value()
            )
        })
        .collect()
}

/// A student's results on a set: per kind, how many were right, and the items missed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub code: SetCode,
    /// Every kind of the set, in the set's order.
    pub per_kind: Vec<KindScore>,
    /// The numbers of the items answered wrong or not at all.
    pub missed: Vec<usize>,
    pub right: usize,
}

/// How a learner did on one kind of a set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KindScore {
    pub kind: Kind,
    pub right: usize,
    pub items: usize,
}

impl Summary {
    /// The summary of `set` when `results[i]` says whether item `i + 1` was right (`None`: not
    /// answered).
    pub fn of(set: &ExerciseSet, results: &[Option<bool>]) -> Summary {
        let mut per_kind: Vec<KindScore> = set
            .code
            .kinds
            .iter()
            .map(|&kind| KindScore {
                kind,
                right: 0,
                items: 0,
            })
            .collect();
        let mut missed = Vec::new();
        for (i, item) in set.items.iter().enumerate() {
            let right = results.get(i).copied().flatten() == Some(true);
            if let Some(score) = per_kind.iter_mut().find(|s| s.kind == item.kind()) {
                score.items += 1;
                score.right += usize::from(right);
            }
            if !right {
                missed.push(item.number);
            }
        }
        Summary {
            code: set.code.clone(),
            right: set.items.len() - missed.len(),
            per_kind,
            missed,
        }
    }

    /// The kinds with an item missed, most missed first (ties in the set's order): what a
    /// learner practising freely is dealt again.
    pub fn missed_kinds(&self) -> Vec<Kind> {
        let mut missed: Vec<&KindScore> =
            self.per_kind.iter().filter(|s| s.right < s.items).collect();
        missed.sort_by_key(|s| std::cmp::Reverse(s.items - s.right));
        missed.into_iter().map(|s| s.kind).collect()
    }

    /// The summary to hand in, one fact a line.
    pub fn lines(&self) -> Vec<String> {
        let total: usize = self.per_kind.iter().map(|s| s.items).sum();
        let mut lines = vec![format!(
            "Set {}: {} of {total} right.",
            self.code, self.right
        )];
        for score in &self.per_kind {
            lines.push(format!(
                "{}: {} of {}",
                score.kind.name(),
                score.right,
                score.items
            ));
        }
        lines.push(match self.missed.is_empty() {
            true => "Missed: none.".to_string(),
            false => {
                let numbers: Vec<String> = self.missed.iter().map(|n| n.to_string()).collect();
                format!("Missed: {}.", numbers.join(", "))
            }
        });
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLASSIC: Geometry = Geometry::CLASSIC;

    #[test]
    fn levels_grow_along_the_set_and_kinds_take_turns() {
        let code = SetCode::new(3, Kind::ALL.to_vec(), 15, 3, ScoreView::SideToMove).unwrap();
        let set = generate(&code);
        let levels: Vec<u8> = set.items.iter().map(|i| i.level).collect();
        assert_eq!(levels, [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3]);
        for (i, item) in set.items.iter().enumerate() {
            assert_eq!(item.kind(), Kind::ALL[i % 5]);
            assert_eq!(
                item.board.empty_cells().count(),
                item.kind()
                    .empty_cells(item.level, CLASSIC, item.board.to_move())
            );
        }
        let shape = |set: &ExerciseSet| -> Vec<(Board, String, String)> {
            set.items
                .iter()
                .map(|i| (i.board, i.prompt(), i.answer_text()))
                .collect()
        };
        assert_eq!(
            shape(&generate(&code)),
            shape(&set),
            "the same code, the same set"
        );
    }

    #[test]
    fn an_item_alone_is_made_from_its_seed_at_its_level() {
        for kind in Kind::ALL {
            for level in 1..=LEVELS {
                let item = make_item(9, kind, level, CLASSIC, ScoreView::Articles);
                let again = make_item(9, kind, level, CLASSIC, ScoreView::Articles);
                assert_eq!(
                    (item.board, item.answer_text()),
                    (again.board, again.answer_text())
                );
                assert_eq!(item.kind(), kind);
                assert_eq!(
                    item.board.empty_cells().count(),
                    kind.empty_cells(level, CLASSIC, item.board.to_move())
                );
                assert!(item.grade(&item.answer_text()).unwrap().correct);
            }
        }
    }

    #[test]
    fn a_summary_counts_each_kind_and_lists_the_items_missed() {
        let code = SetCode::new(
            4,
            vec![Kind::Value, Kind::FindMove],
            5,
            3,
            ScoreView::SideToMove,
        )
        .unwrap();
        let set = generate(&code);
        // Items 1, 3, 5 are values, 2 and 4 find-the-move.
        let summary = Summary::of(
            &set,
            &[Some(true), Some(false), None, Some(false), Some(true)],
        );
        assert_eq!(summary.right, 2);
        assert_eq!(summary.missed, [2, 3, 4]);
        assert_eq!(summary.missed_kinds(), [Kind::FindMove, Kind::Value]);
        assert_eq!(
            summary.lines(),
            [
                "Set v1-s4-k=value,move-n=5-3x3: 2 of 5 right.",
                "a move's value: 2 of 3",
                "find the move: 0 of 2",
                "Missed: 2, 3, 4.",
            ]
        );
    }

    #[test]
    fn a_tree_is_plain_minimax_two_plies_down_and_each_move_the_best_of_its_replies() {
        // X to move, three cells left.
        let board: Board = "XOX/OO./X.X".parse().unwrap();
        for view in ScoreView::ALL {
            let key = tree_key(&board, view);
            let seen = Seen::new(view, &board);
            for node in &key.nodes {
                let parent = match node.path.as_slice() {
                    [_] => board,
                    [first, _] => board.after(*first).unwrap(),
                    _ => unreachable!(),
                };
                let exact = plain(&parent)
                    .get(*node.path.last().unwrap())
                    .unwrap()
                    .clone();
                assert_eq!(node.scored, exact);
                let plies = node.path.len() as i32 - 1;
                assert_eq!(
                    node.number,
                    seen.number(exact.score, parent.to_move(), plies)
                );
                let replies: Vec<i32> = key
                    .nodes
                    .iter()
                    .filter(|n| {
                        n.path.len() == 2 && node.path.len() == 1 && n.path[0] == node.path[0]
                    })
                    .map(|n| n.number.value())
                    .collect();
                if !replies.is_empty() {
                    let chooser = seen.role(board.to_move().opponent());
                    let want = match chooser {
                        Role::Maximiser => replies.iter().max(),
                        Role::Minimiser => replies.iter().min(),
                    };
                    assert_eq!(Some(&node.number.value()), want, "{view:?}");
                }
            }
        }
    }
}

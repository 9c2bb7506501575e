//! The solver: exact scores and lines for every move, on every board the game offers (up to
//! 7×7), as fast as the techniques of m,n,k-game solvers allow.
//!
//! What it adds to the teaching [`AlphaBeta`](super::AlphaBeta), each exact (the tests compare
//! every score and line with plain minimax):
//! - **Null windows around the draw.** A root move is first asked "at least a draw?" and then
//!   narrowed on whichever side it fell (MTD(f), with a first step halfway towards the
//!   fastest win when at least a draw: see `DEPTH_AFTER_PROOF`); each question is a search
//!   with a window of width one, which prunes far more than a full window. The table keeps
//!   both bounds.
//! - **Symmetric keys.** A position and its 7 mirror images and rotations (3 on a rectangle)
//!   share one table entry, and moves that are mirror images on a symmetric position are tried
//!   once.
//! - **Threats.** A move that wins now ends the search; two cells where the opponent wins lose;
//!   one must be blocked, so it is the only move tried; a move that makes two threats at once
//!   wins two moves later. Moves that threaten to win are tried first, then by history (which
//!   moves cut off before) and by the runs they join or block.
//! - **Bounds from distance.** A side that needs `n` more marks on its best open run cannot win
//!   before its `n`-th move, and a side with no open run cannot win at all.
//! - **Strategies that cannot lose.** A side cannot win when the other can keep every run open
//!   to it from filling up, by a pairing (the empty cells of those runs hold disjoint pairs, each
//!   run a whole pair: answer a move in a pair with its partner) or by the Erdős–Selfridge
//!   potential (runs weighted by 2^−(empty cells), their total kept below 1). Then the first
//!   side is worth at most a draw and the other at least one, which settles the null windows
//!   around the draw on most of the 5×5 without searching. A side that needs only a draw also
//!   looks, before searching, for a move after which the opponent cannot win by this test: by
//!   the potential, the first in row-major order; by a pairing, among the few moves that block
//!   the most nearly full runs (trying every move cost more than the finds saved).
//! - **Dead cells.** Cells on no run that anyone can still complete are interchangeable: one of
//!   them is tried.
//! - **Both cores.** Root moves are shared out among threads that share one lock-free table
//!   with exact keys: one atomic word a slot while keys fit 64 bits (up to 6×6), two words with
//!   a check on 6×7 and 7×7, whose keys take up to 79 bits (see `table.rs`). The empty board's
//!   first pass (see [`Solver::with_strategy_stealing`]) searches one move of each set of mirror
//!   images and gives the others its answer.
//!
//! Lines of play are found after each score, a move at a time, each one keeping the exact value:
//! - **Up to 25 cells (5×5)** the first move in row-major order whose null-window test shows it
//!   keeps the value, as plain minimax picks it (the tests compare every line with plain
//!   minimax's, and golden outputs show them).
//! - **Above 25 cells** the line follows the proof: a win now, the one block of a threat, or
//!   (losing next move whatever is played) the first cell decide at once; otherwise the table's
//!   move for the position is tried first (its child's bound usually shows at once that it keeps
//!   the value), then the other moves in the search's own order, threats first. Row-major order
//!   tries weak moves first, and refuting one near the start of a 7×7 game is a search as large
//!   as the proof (millions of positions for the 7×7 centre move's 48-move line, against
//!   thousands in this order). The line is as good, but which best move it shows depends on what the table
//!   holds: a fresh solver on one thread always gives the same lines, while two threads, or a
//!   solver that analysed other positions before, may show another best line.
//!
//! The classic 3×3 board (and anything as small) goes to the teaching [`AlphaBeta`](super::AlphaBeta)
//! instead: it gives the same scores and lines, and on so few cells it is the faster of the two.

/// The proof-number search, a lab search kept behind the `proof-numbers` feature (off): it was
/// slower than the null-window alpha-beta where it matters (the performance page says how much).
#[cfg(feature = "proof-numbers")]
mod dfpn;
#[cfg(all(test, feature = "proof-numbers"))]
mod dfpn_tests;
mod pairing;
mod root;
mod rules;
mod search;
#[allow(
    unsafe_code,
    reason = "the lock-free table; each unsafe block says why it is sound"
)]
mod table;

use super::alpha_beta::{AlphaBeta, DEFAULT_TABLE_BYTES};
use super::analysis::{Algorithm, Analysis, MoveScore, MovesSoFar, RootReport};
use super::control::{Meter, SearchControl, Stopped};
use crate::board::{BitIter, Board, Geometry, Outcome};
use root::{Pass, Reports, RootJob};
use rules::{GeometryTables, Pos};
use search::{DEPTH_AFTER_PROOF, Prover};
use table::SharedTable;

/// Positions with fewer empty cells than this are solved on the calling thread: starting
/// threads would cost more than it saves (the whole empty 4×4 takes a fraction of a
/// millisecond on one).
const PARALLEL_FROM: u32 = 20;

/// Boards of at most this many cells go to the teaching alpha-beta [`AlphaBeta`], which gives
/// the same scores and lines: on them the solver's null windows, keys under every symmetry and
/// run scans cost more than they save (the 3×3 batch of `tictactoe analyze -` takes about three
/// times as long through them).
const SMALL_BOARD_CELLS: usize = 9;

/// Whether a [`Solver`] derives the empty board's second-player half by strategy stealing
/// unless told otherwise ([`Solver::with_strategy_stealing`]).
pub const STRATEGY_STEALING: bool = true;

/// Whether a [`Solver`] asks the first pass's question ("can the first player win by this
/// move?") of a proof-number search instead of a null-window alpha-beta search unless told
/// otherwise ([`Solver::with_proof_numbers`]). Off until it is faster where it matters: it
/// visits fewer positions but costs more time on the 7×7 centre's question, proves the 6×6's
/// losing rim moves more slowly than it proves its winning ones faster, and leaves the exact pass
/// none of the bounds the alpha-beta pass leaves in the shared table (the measurements are in
/// CHANGELOG.md).
#[cfg(feature = "proof-numbers")]
pub const PROOF_NUMBERS: bool = false;

/// The exact solver. Keep one for a whole game or batch: its table outlives an analysis, so later
/// positions reuse what earlier ones learned (a new geometry starts a new table).
///
/// ```
/// use tictactoe_engine::{Board, Score, minimax::Solver};
/// let board = Board::parse_with("..../..../..../....", None, Some(4)).unwrap();
/// let analysis = Solver::new().analyze(&board);
/// assert!(analysis.moves.iter().all(|m| m.score == Score::DRAW)); // 4×4, four in a row: a draw
/// ```
pub struct Solver {
    limit: usize,
    threads: usize,
    prepared: Option<(Box<GeometryTables>, SharedTable)>,
    /// The search of boards of at most [`SMALL_BOARD_CELLS`] cells, made on first use.
    small_boards: Option<AlphaBeta>,
    /// Whether the empty board's second-player half comes from strategy stealing (see
    /// [`Solver::with_strategy_stealing`]).
    strategy_stealing: bool,
    /// Whether the first pass is a proof-number search (see [`Solver::with_proof_numbers`]).
    #[cfg(feature = "proof-numbers")]
    proof_numbers: bool,
    /// The test after "at least a draw?" (see [`Solver::with_depth_after_proof`]).
    depth_after_proof: bool,
    /// Whether a best move is settled before the others (see
    /// [`Solver::with_best_move_first`]).
    best_move_first: bool,
    /// How many positions a search visits before more threads than one work on it (see
    /// [`Solver::with_helpers_from`]).
    helpers_from: u64,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver whose table may use [`DEFAULT_TABLE_BYTES`] (256 MiB), on every core.
    pub fn new() -> Solver {
        Solver::with_table_limit(DEFAULT_TABLE_BYTES)
    }

    /// A solver whose table uses at most about `bytes` of memory. A full table forgets, which
    /// costs time, never exactness. (6×6 boards need 32 MiB at least, 7×7 boards 1 MiB, and
    /// get it.)
    pub fn with_table_limit(bytes: usize) -> Solver {
        let threads = crate::platform::cores();
        Solver {
            limit: bytes,
            threads,
            prepared: None,
            small_boards: None,
            strategy_stealing: STRATEGY_STEALING,
            #[cfg(feature = "proof-numbers")]
            proof_numbers: PROOF_NUMBERS,
            depth_after_proof: DEPTH_AFTER_PROOF,
            best_move_first: false,
            helpers_from: root::HELPERS_FROM,
        }
    }

    /// The same solver using at most `threads` threads (at least one).
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Solver {
        self.threads = threads.max(1);
        self
    }

    /// The same solver with strategy stealing on the empty board on or off (the default is
    /// `STRATEGY_STEALING`). On: the first player is first asked, for every first move,
    /// whether it can still win; when it cannot after any, the second player cannot win after
    /// any either (a winning strategy for the second player after the first player's mark at c
    /// would win the empty board for the first player, who imagines an extra opponent's mark
    /// at c; an extra mark never hurts), so every first move is a draw without searching its
    /// second half. The second player's answers that the first pass proved hold for the first
    /// player too after each first exchange (see `RootJob::steal_first_exchanges`), which
    /// spares the lines of play a search each. After one mark of the first player, the same
    /// first pass on the empty board comes first: when the first player cannot win, the
    /// second player cannot win after that mark either, so every answer is worth at most a
    /// draw, and the answer the pass proved to hold a draw is the likeliest best move (see
    /// `root::steal_after_one_mark`). Off: every move is searched in full. Scores are
    /// the same either way, and lines up to 5×5 (row-major); on larger boards, whose lines
    /// follow the proof, the lines may show other best moves.
    #[must_use]
    pub fn with_strategy_stealing(mut self, on: bool) -> Solver {
        self.strategy_stealing = on;
        self
    }

    /// The same solver answering the first pass of [`Solver::with_strategy_stealing`] ("can the
    /// first player win by this move?") by a depth-first proof-number search (df-pn) when `on`,
    /// else by a null-window alpha-beta search (the default is [`PROOF_NUMBERS`]). Both answers
    /// are exact, so scores and lines are the same either way; the bounds reported on the way
    /// may differ (df-pn says a move wins without saying how fast).
    #[cfg(feature = "proof-numbers")]
    #[must_use]
    pub fn with_proof_numbers(mut self, on: bool) -> Solver {
        self.proof_numbers = on;
        self
    }

    /// The same solver narrowing a root move's value as `DEPTH_AFTER_PROOF` describes when
    /// `on`, else by MTD(f) from the draw alone (the default is `DEPTH_AFTER_PROOF`). Both are
    /// exact, so scores are the same either way, and lines up to 5×5 too; on larger boards,
    /// whose lines follow the proof, the table's moves may differ, and with them which best
    /// line is shown.
    #[must_use]
    pub fn with_depth_after_proof(mut self, on: bool) -> Solver {
        self.depth_after_proof = on;
        self
    }

    /// The same solver settling a best move before the others when `on` (off by default):
    /// the likeliest best move exactly (the first winning move the empty board's first pass
    /// found, else the first move in the solver's order), then each other move asked only
    /// whether it beats that score, each one that does settled in turn, then the rest. A search
    /// that is stopped early then shows a proven best move sooner: one whose exact score no
    /// other move's bound can beat. For a player who waits for the computer's move (the app's
    /// think time, `analyze --time-limit`); a full analysis takes longer this way. Scores are
    /// the same either way, and lines up to 5×5; above, lines follow the proof and may show
    /// other best moves.
    #[must_use]
    pub fn with_best_move_first(mut self, on: bool) -> Solver {
        self.best_move_first = on;
        self
    }

    /// The same solver starting its threads beyond the first only once a search has visited
    /// `positions` positions (the default is 131,072: the empty 7×7 with five in a row, all 49
    /// draws, takes about 85 k on one thread, and a second thread there only costs). The first
    /// thread takes the root moves as it would alone, the others from the other end; scores are
    /// the same whatever the number. Lines above 5×5, which follow the proof, may show other
    /// best moves.
    #[must_use]
    pub fn with_helpers_from(mut self, positions: u64) -> Solver {
        self.helpers_from = positions;
        self
    }

    /// How many threads the solver may use.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The memory the table holds, in bytes (0 before the first analysis).
    pub fn table_bytes(&self) -> usize {
        self.prepared.as_ref().map_or(0, |(_, table)| table.bytes())
            + self.small_boards.as_ref().map_or(0, AlphaBeta::table_bytes)
    }

    /// The rules of `geometry` and a table large enough for a position with `empties` empty
    /// cells: kept from the last analysis when they fit, so later positions reuse what earlier
    /// ones learned.
    fn prepare(&mut self, geometry: Geometry, empties: u32) -> (&GeometryTables, &SharedTable) {
        let limit = self.limit;
        if self.prepared.as_ref().is_none_or(|(rules, table)| {
            rules.geometry != geometry || !table.fits(geometry, limit, empties)
        }) {
            self.prepared = Some((
                Box::new(GeometryTables::new(geometry)),
                SharedTable::new(geometry, limit, empties),
            ));
        } else if let Some((_, table)) = &mut self.prepared {
            table.release_old_arrays();
        }
        let (rules, table) = self.prepared.as_ref().expect("prepared above");
        (rules, table)
    }

    /// Every legal move with its exact score and line of play.
    pub fn analyze(&mut self, board: &Board) -> Analysis {
        self.analyze_with(board, &SearchControl::new(), &mut |_| {})
            .expect(
                "a search without a budget stops only when cancelled, and nothing cancels this one",
            )
    }

    /// The moves proven best on `board`: the search runs under `control` until some settled
    /// move has the best score no other move's bound can beat (what the computer at Perfect
    /// plays, [`proven_best`](super::analysis::proven_best)), then stops. Empty when `control` stopped it first. With
    /// [`Solver::with_best_move_first`] the proof comes soonest.
    pub fn until_proven_best(&mut self, board: &Board, control: &SearchControl) -> Vec<MoveScore> {
        let mut moves = MovesSoFar::default();
        // Stopped either way: by the cancel below, by `control`, or at the end of the analysis.
        let _ = self.analyze_with(board, control, &mut |report| {
            match report {
                RootReport::Settled(score) => moves.settle(score.clone()),
                RootReport::Bounded(bound) => moves.bound(bound),
            }
            if !moves.proven_best(board).is_empty() {
                control.cancel();
            }
        });
        moves.proven_best(board).into_iter().cloned().collect()
    }

    /// [`Solver::analyze`] under `control`, telling `on_report` what it learns of each root move
    /// as it goes: bounds first ("at least a draw"), then the exact score and line. Moves are
    /// settled in the order the threads finish them; [`Analysis::moves`] is in row-major order.
    /// A stopped search returns the settled moves and the bounds of the others.
    pub fn analyze_with(
        &mut self,
        board: &Board,
        control: &SearchControl,
        on_report: &mut (dyn FnMut(RootReport) + Send),
    ) -> Result<Analysis, Stopped> {
        if board.geometry().cells() <= SMALL_BOARD_CELLS {
            return self.analyze_small_board(board, control, on_report);
        }
        let started = crate::platform::Instant::now();
        let geometry = board.geometry();
        let threads = self.threads;
        let stealing = self.strategy_stealing && board.marks_placed() == 0;
        // The one mark of a position just after the first move, when it is the side's not to
        // move: the empty board's first pass may show the side to move unable to win.
        let first_mark = (self.strategy_stealing && board.marks_placed() == 1)
            .then(|| BitIter(board.bits(board.to_move().opponent())).next())
            .flatten();
        #[cfg(feature = "proof-numbers")]
        let proof_numbers = self.proof_numbers;
        let depth_after_proof = self.depth_after_proof;
        let best_move_first = self.best_move_first;
        let helpers_from = self.helpers_from;
        let open = if board.outcome() == Outcome::Ongoing {
            board.empty_bits()
        } else {
            0
        };
        let (rules, table) = self.prepare(geometry, open.count_ones());
        let moves: Vec<usize> = BitIter(open).collect();
        control.start(moves.len());
        let threads = if open.count_ones() >= PARALLEL_FROM {
            threads.min(moves.len())
        } else {
            1
        };
        let root = Pos::new(board, rules);
        let mut reports = Reports::new(&moves, geometry, on_report);
        let first_pass = (stealing && !moves.is_empty()).then(|| {
            let pass = Pass::Beats;
            let job = RootJob::new(rules, table, root, &moves, control, threads, pass);
            #[cfg(feature = "proof-numbers")]
            let job = job.with_proof_numbers(proof_numbers);
            job.with_helpers_from(helpers_from)
        });
        let mut job = RootJob::new(rules, table, root, &moves, control, threads, Pass::Exact)
            .with_helpers_from(helpers_from);
        let rivals = best_move_first.then(|| {
            RootJob::new(rules, table, root, &moves, control, threads, Pass::Beats)
                .with_helpers_from(helpers_from)
        });
        let every_cell: Vec<usize> = (0..geometry.cells()).collect();
        let empty_board = first_mark.filter(|_| !moves.is_empty()).map(|_| {
            let empty = Pos::new(&Board::empty(geometry, board.to_move().opponent()), rules);
            let job = RootJob::new(
                rules,
                table,
                empty,
                &every_cell,
                control,
                threads,
                Pass::Beats,
            );
            #[cfg(feature = "proof-numbers")]
            let job = job.with_proof_numbers(proof_numbers);
            job.with_helpers_from(helpers_from)
        });
        // One prover a thread for both passes: on the empty board its history and memo serve
        // the second (losing them costs a fifth more work on the empty 6×6); after one mark
        // only the memo does (see `root::steal_after_one_mark`). The first thread counts the
        // root.
        let mut provers: Vec<Prover> = (0..threads)
            .map(|thread| {
                let meter = Meter::starting_at(control, (thread == 0) as u64);
                let mut prover = Prover::new(rules, table, meter);
                prover.depth_after_proof = depth_after_proof;
                prover
            })
            .collect();
        if let Some(first_pass) = &first_pass {
            first_pass.run(&mut provers, &mut reports);
            first_pass.steal_second_half();
            if first_pass.beater().is_some() {
                job.take_least_central_first();
            }
        }
        let answer = empty_board.as_ref().and_then(|empty_board| {
            let mark = first_mark.expect("an empty board's pass only after one mark");
            root::steal_after_one_mark(empty_board, &job, mark, &mut provers, &mut reports)
        });
        let likeliest = first_pass
            .as_ref()
            .and_then(RootJob::beater)
            .or(answer)
            .or_else(|| job.first_scheduled());
        if let (Some(rivals), Some(likeliest)) = (&rivals, likeliest) {
            root::settle_a_best_move(&job, rivals, likeliest, &mut provers, &mut reports);
        }
        job.run(&mut provers, &mut reports);
        reports.finish(board, started)
    }

    /// [`Solver::analyze_with`] on a board of at most [`SMALL_BOARD_CELLS`] cells, through the
    /// alpha-beta [`AlphaBeta`]: every move settled in row-major order, no bounds before.
    fn analyze_small_board(
        &mut self,
        board: &Board,
        control: &SearchControl,
        on_report: &mut (dyn FnMut(RootReport) + Send),
    ) -> Result<Analysis, Stopped> {
        let limit = self.limit;
        let searcher = self
            .small_boards
            .get_or_insert_with(|| AlphaBeta::with_table_limit(limit));
        let as_solver = |analysis: &mut Analysis| analysis.stats.algorithm = Algorithm::Solver;
        searcher
            .analyze_with(board, control, &mut |settled| {
                on_report(RootReport::Settled(settled))
            })
            .map(|mut analysis| {
                as_solver(&mut analysis);
                analysis
            })
            .map_err(|mut stopped| {
                as_solver(&mut stopped.partial);
                stopped
            })
    }
}

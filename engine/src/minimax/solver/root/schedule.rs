//! How the root moves are shared out among the threads (the likeliest winners first, an idle
//! thread joining the last one) and what each thread does with one.
//!
//! More threads are never meant to cost time (see [`RootJob::run`]): the first thread, the
//! leader, takes the root moves in the order one thread alone would, and the others, helpers,
//! start only once the search has shown itself expensive ([`HELPERS_FROM`] positions), then
//! take moves from the far end of the schedule. The leader's moves, its history and most of the
//! table are then what they are on one thread, and what the helpers settle the leader never has
//! to search; when the leader reaches a move a helper is still searching, it searches it too,
//! in its own order, and the first to settle it reports it.

use super::reports::{Message, Reports};

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};

use crate::minimax::analysis::{MoveBound, MoveScore};
use crate::minimax::control::{SearchControl, Stop};
#[cfg(feature = "proof-numbers")]
pub(super) use crate::minimax::solver::dfpn::ProofTable;
use crate::minimax::solver::rules::{GeometryTables, Pos};
use crate::minimax::solver::search::{Prover, line_after};
use crate::minimax::solver::table::SharedTable;
use crate::score::Score;

/// How many positions a search visits (all its threads together) before helper threads start
/// on its root moves: below it, the whole search is cheap enough for one thread, and a helper
/// would only disturb the leader (the empty 7×7 with five in a row, all 49 draws, takes about
/// 85 k positions on one thread). Counted by the search, not set by the board's size.
pub(in crate::minimax::solver) const HELPERS_FROM: u64 = 1 << 17;

/// A proof table when the proof-number search is built in; without it, a type with no values,
/// so that the first pass can never hold one.
#[cfg(not(feature = "proof-numbers"))]
pub(super) enum ProofTable {}

/// No slot: a [`RootJob::beater`] not found yet.
const NONE: usize = usize::MAX;

/// The root moves of one analysis and how the threads share them out.
pub(in crate::minimax::solver) struct RootJob<'a> {
    pub(super) rules: &'a GeometryTables,
    pub(super) table: &'a SharedTable,
    pub(super) control: &'a SearchControl,
    pub(super) root: Pos,
    /// The root moves, as cell indices.
    pub(super) moves: &'a [usize],
    /// Slots of `moves` in the order the threads take them (one or a few while
    /// [`settle_a_best_move`] settles them before the others).
    pub(super) schedule: Mutex<Vec<usize>>,
    /// For each slot whose move is a mirror image of an earlier one (the same position after
    /// it, by a symmetry of the root), that earlier slot.
    pub(super) originals: Vec<Option<usize>>,
    /// How many of `schedule` the leader has gone past.
    pub(super) next: AtomicUsize,
    /// Whether a thread that finds nothing left to begin joins a root move begun by another.
    pub(super) joining: bool,
    /// Which root moves a thread has begun, and which are settled.
    pub(super) begun: Vec<AtomicBool>,
    pub(super) done: Vec<AtomicBool>,
    /// In [`Pass::Beats`]: which root moves need no more search (answered, or the pass is
    /// over): a thread searching one stops.
    pub(super) closed: Vec<AtomicBool>,
    /// Set (under its lock) when the leader is done with a run: helpers still waiting to start
    /// do not.
    pub(super) leader_done: Mutex<bool>,
    pub(super) leader_went: Condvar,
    /// What the threads work out of each root move.
    pub(super) pass: Pass,
    /// In [`Pass::Beats`]: the score to beat (see [`RootJob::beat`]).
    pub(super) to_beat: AtomicI32,
    /// In [`Pass::Beats`]: set when some move is found to beat the score or the search
    /// stopped (nothing is left to take then).
    pub(super) refuted: AtomicBool,
    /// In [`Pass::Beats`]: the slot of the move found to beat the score ([`NONE`] until one is).
    pub(super) beater: AtomicUsize,
    /// In [`Pass::Beats`] with a draw to beat: whether the question is asked of df-pn.
    #[cfg(feature = "proof-numbers")]
    pub(super) proof_numbers: bool,
    /// How many positions the search visits before helpers start (see [`HELPERS_FROM`]).
    pub(super) helpers_from: u64,
}

/// What a [`RootJob`] works out of each root move.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(in crate::minimax::solver) enum Pass {
    /// Only whether it is worth more to the side to move than a score (a draw unless
    /// [`RootJob::beat`] says otherwise): "at least minus the score?" of the reply, one move of
    /// each set of mirror images, until one is: the pass ends there. With a draw to beat on the
    /// empty board, the first pass of strategy stealing: can the first player win by any first
    /// move?
    Beats,
    /// Its exact score and line.
    Exact,
}

impl<'a> RootJob<'a> {
    pub(in crate::minimax::solver) fn new(
        rules: &'a GeometryTables,
        table: &'a SharedTable,
        root: Pos,
        moves: &'a [usize],
        control: &'a SearchControl,
        threads: usize,
        pass: Pass,
    ) -> RootJob<'a> {
        // One move of each set of mirror images first, central ones first (see
        // [`RootJob::take_least_central_first`] for the exception), then the mirror images, whose
        // positions share a table entry with one already solved, so that no two threads solve
        // the same position at once. The central moves are the likeliest to win, which ends
        // the first pass, and their exact scores are the ones a player needs first.
        let child_keys: Vec<u128> = moves
            .iter()
            .map(|&index| root.play(index, rules).key().0)
            .collect();
        let originals: Vec<Option<usize>> = (0..moves.len())
            .map(|slot| {
                let key = child_keys[slot];
                child_keys[..slot]
                    .iter()
                    .position(|&earlier| earlier == key)
            })
            .collect();
        // The first pass does not search mirror images at all: their answer is the
        // original's. Searched beside it, one took the empty 7×7's (k=5) rim move at (1, 2)
        // from 1.0 M positions to 3.9 M, the two threads crowding the same positions.
        let mut schedule: Vec<usize> = (0..moves.len())
            .filter(|&slot| pass == Pass::Exact || originals[slot].is_none())
            .collect();
        let rank = |index: usize| rules.order.iter().position(|&cell| cell == index);
        schedule.sort_by_key(|&slot| (originals[slot].is_some(), rank(moves[slot])));
        RootJob {
            rules,
            table,
            control,
            root,
            moves,
            schedule: Mutex::new(schedule),
            originals,
            next: AtomicUsize::new(0),
            joining: threads > 1 && pass == Pass::Exact,
            begun: moves.iter().map(|_| AtomicBool::new(false)).collect(),
            done: moves.iter().map(|_| AtomicBool::new(false)).collect(),
            closed: moves.iter().map(|_| AtomicBool::new(false)).collect(),
            leader_done: Mutex::new(false),
            leader_went: Condvar::new(),
            pass,
            to_beat: AtomicI32::new(Score::DRAW.value()),
            refuted: AtomicBool::new(false),
            beater: AtomicUsize::new(NONE),
            #[cfg(feature = "proof-numbers")]
            proof_numbers: false,
            helpers_from: HELPERS_FROM,
        }
    }

    /// Takes the moves least central first (their mirror images still after them): for
    /// [`Pass::Exact`] on an empty board where the first pass ([`Pass::Beats`] a draw) found a winning
    /// first move. A measured choice: on the empty 6×6 (k=4) the rim moves, which
    /// lose, cost about as much first as last, and after them the winning moves' depths come
    /// nearly free (one thread 2.13 M → 1.72 M positions; both cores, where the threads crowd
    /// each other less, a median of 2.73 → 2.05 s); on the 7×7 with four in a row it costs
    /// 30–41 → 46–54 s, within that board's 60 s. Elsewhere it does harm: on the drawn empty
    /// 7×7 (k=5) the lines of play took 0.4 → 8 s on one thread, and after one move it is a
    /// gamble (the 7×7, k=5, with X in the centre 30 → 18 s, in a corner 42–168 s → over
    /// 8 minutes).
    pub(in crate::minimax::solver) fn take_least_central_first(&mut self) {
        let schedule = self
            .schedule
            .get_mut()
            .expect("no thread panicked holding it");
        let originals = schedule
            .iter()
            .take_while(|&&slot| self.originals[slot].is_none())
            .count();
        schedule[..originals].reverse();
    }

    /// The first move of the schedule.
    pub(in crate::minimax::solver) fn first_scheduled(&self) -> Option<usize> {
        self.scheduled().first().copied()
    }

    fn scheduled(&self) -> std::sync::MutexGuard<'_, Vec<usize>> {
        self.schedule.lock().expect("no thread panicked holding it")
    }

    /// Makes `slots` the schedule of the next [`RootJob::run`].
    fn schedule(&self, slots: Vec<usize>) {
        *self.scheduled() = slots;
        self.next.store(0, Ordering::Relaxed);
        self.forget_unsettled_beginnings();
    }

    /// Marks every move not settled as not begun, for another run.
    fn forget_unsettled_beginnings(&self) {
        for (begun, done) in self.begun.iter().zip(&self.done) {
            if !done.load(Ordering::Relaxed) {
                begun.store(false, Ordering::Relaxed);
            }
        }
    }

    /// Readies [`Pass::Beats`] to run again against `score`, which is not below the score of the
    /// last run (so that the moves that did not beat that one do not beat this one either),
    /// passing over the moves `exact` has settled.
    fn beat(&self, score: Score, exact: &RootJob) {
        self.to_beat.store(score.value(), Ordering::Relaxed);
        self.refuted.store(false, Ordering::Relaxed);
        self.beater.store(NONE, Ordering::Relaxed);
        self.next.store(0, Ordering::Relaxed);
        for (done, settled) in self.done.iter().zip(&exact.done) {
            if settled.load(Ordering::Relaxed) {
                done.store(true, Ordering::Relaxed);
            }
        }
        for (closed, done) in self.closed.iter().zip(&self.done) {
            closed.store(done.load(Ordering::Relaxed), Ordering::Relaxed);
        }
        self.forget_unsettled_beginnings();
    }

    /// The slot of the move [`Pass::Beats`] found to beat its score, if it found one.
    pub(in crate::minimax::solver) fn beater(&self) -> Option<usize> {
        Some(self.beater.load(Ordering::Relaxed)).filter(|&slot| slot != NONE)
    }

    /// The same job starting its helpers once the search has visited `positions` positions.
    pub(in crate::minimax::solver) fn with_helpers_from(mut self, positions: u64) -> RootJob<'a> {
        self.helpers_from = positions;
        self
    }

    /// The same job asking [`Pass::Beats`]'s question of df-pn when `on` and the score to beat
    /// is a draw.
    #[cfg(feature = "proof-numbers")]
    pub(in crate::minimax::solver) fn with_proof_numbers(mut self, on: bool) -> RootJob<'a> {
        self.proof_numbers = on;
        self
    }

    /// The next root move for a thread, and how it takes it, `None` when nothing is left:
    /// - the leader takes the moves in the schedule's order, as one thread alone would, and
    ///   searches a move a helper has begun and not settled as well ([`Taking::Shared`]);
    /// - a helper takes the last move in the schedule that nobody has begun (a mirror image only
    ///   once its original is settled, so that two threads do not solve one position at once);
    /// - in [`Pass::Exact`], a thread that finds no root move left to begin joins one begun and
    ///   not settled (the earliest in the schedule), trying moves in reverse order on the shared
    ///   table ([`Taking::Joined`]), so that the last root move does not keep one core idle.
    ///
    /// The first thread to settle a move reports it, and the others abandon it.
    fn take(&self, leader: bool) -> Option<(usize, Taking)> {
        if self.refuted.load(Ordering::Relaxed) {
            return None;
        }
        let schedule = self.scheduled();
        let unsettled = |slot: usize| !self.done[slot].load(Ordering::Relaxed);
        let fresh = |slot: usize| {
            unsettled(slot)
                && !self.begun[slot].load(Ordering::Relaxed)
                && self.originals[slot].is_none_or(|original| !unsettled(original))
        };
        // Moves settled before this run (see [`settle_a_best_move`]) are passed over.
        if leader {
            while let Some(&slot) = schedule.get(self.next.fetch_add(1, Ordering::Relaxed)) {
                if unsettled(slot) {
                    let shared = self.begun[slot].swap(true, Ordering::Relaxed);
                    return Some((
                        slot,
                        if shared {
                            Taking::Shared
                        } else {
                            Taking::Alone
                        },
                    ));
                }
            }
        } else if let Some(&slot) = schedule.iter().rev().find(|&&slot| fresh(slot)) {
            self.begun[slot].store(true, Ordering::Relaxed);
            return Some((slot, Taking::Alone));
        }
        if !self.joining {
            return None;
        }
        schedule
            .iter()
            .find(|&&slot| self.begun[slot].load(Ordering::Relaxed) && unsettled(slot))
            .map(|&slot| (slot, Taking::Joined))
    }

    /// Ends a [`Pass::Beats`] run: nothing more is taken, and every search stops.
    fn end_pass(&self) {
        self.refuted.store(true, Ordering::Relaxed);
        for closed in &self.closed {
            closed.store(true, Ordering::Relaxed);
        }
    }

    /// For a helper: waits until the search has visited `helpers_from` positions (see
    /// [`HELPERS_FROM`]), `true` then, or `false` when the leader finished this run first.
    fn helpers_needed(&self) -> bool {
        let mut leader_done = self
            .leader_done
            .lock()
            .expect("no thread panicked holding it");
        loop {
            if *leader_done {
                return false;
            }
            if self.control.progress().nodes >= self.helpers_from {
                return true;
            }
            // The leader adds to the count every few thousand positions; it wakes the helpers
            // itself only when it is done.
            let pause = std::time::Duration::from_millis(2);
            leader_done = self
                .leader_went
                .wait_timeout(leader_done, pause)
                .expect("no thread panicked holding it")
                .0;
        }
    }

    /// One thread's share: root moves solved one after another until none is left or the
    /// search stops, each told to `send` as it is bounded and settled.
    fn work<'p>(&'p self, prover: &mut Prover<'p>, leader: bool, send: &mut dyn FnMut(Message)) {
        let nodes_before = prover.meter.nodes;
        if !leader && !self.helpers_needed() {
            send(Message::Finished { nodes: 0 });
            return;
        }
        // One df-pn table a thread for all its root moves: they share many positions.
        let to_beat = Score::new(self.to_beat.load(Ordering::Relaxed));
        #[cfg(feature = "proof-numbers")]
        let mut proofs = {
            let draw_to_beat = self.pass == Pass::Beats && to_beat == Score::DRAW;
            (draw_to_beat && self.proof_numbers).then(ProofTable::new)
        };
        #[cfg(not(feature = "proof-numbers"))]
        let mut proofs: Option<ProofTable> = None;
        while let Some((slot, taking)) = self.take(leader) {
            if self.pass == Pass::Beats {
                let score = to_beat;
                // A move that beats the score ends the pass (every move is closed then), and a
                // move another thread answered needs no more search.
                prover.abandon = Some(&self.closed[slot]);
                let bound = self.bound_against(prover, slot, score, proofs.as_mut());
                prover.abandon = None;
                match bound {
                    Ok(bound) => {
                        // The score or less: this move does not beat it, nor do its mirror
                        // images.
                        let held = bound.upper <= score;
                        if !held {
                            let _ = self.beater.compare_exchange(
                                NONE,
                                slot,
                                Ordering::Relaxed,
                                Ordering::Relaxed,
                            );
                            self.end_pass();
                        } else if self.closed[slot].swap(true, Ordering::Relaxed) {
                            // Another thread answered it first (and said so).
                            continue;
                        }
                        for same in self.mirror_images(slot) {
                            if held {
                                self.done[same].store(true, Ordering::Relaxed);
                            }
                            // Sent even when exact (a loss at once, say): a move proven best
                            // needs a bound on every other.
                            let cell = self.rules.geometry.cell(self.moves[same]);
                            send(Message::Bound(same, MoveBound { cell, ..bound }));
                        }
                    }
                    Err(_) if self.refuted.load(Ordering::Relaxed) => break,
                    // Another thread answered it first: on to the next.
                    Err(_) if self.closed[slot].load(Ordering::Relaxed) => {}
                    Err(reason) => {
                        self.end_pass();
                        send(Message::Stopped(reason));
                        break;
                    }
                }
                continue;
            }
            let joined = taking == Taking::Joined;
            prover.abandon = Some(&self.done[slot]);
            prover.reversed = joined;
            let solved = solve_root_move(prover, &self.root, self.moves[slot], &mut |bound| {
                if !joined {
                    send(Message::Bound(slot, bound))
                }
            });
            prover.abandon = None;
            prover.reversed = false;
            match solved {
                Ok(score) => {
                    prover.meter.flush();
                    if self.done[slot]
                        .compare_exchange(false, true, Ordering::Relaxed, Ordering::Relaxed)
                        .is_ok()
                    {
                        self.control.settled_one();
                        send(Message::Settled(slot, score));
                    }
                }
                // Another thread settled it first: on to the next.
                Err(_) if self.done[slot].load(Ordering::Relaxed) => {}
                Err(reason) => {
                    send(Message::Stopped(reason));
                    break;
                }
            }
        }
        prover.meter.flush();
        if leader {
            *self
                .leader_done
                .lock()
                .expect("no thread panicked holding it") = true;
            self.leader_went.notify_all();
        }
        send(Message::Finished {
            nodes: prover.meter.nodes - nodes_before,
        });
    }
}

/// How a thread takes a root move (see [`RootJob::take`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Taking {
    /// Begun by this thread.
    Alone,
    /// Begun by a helper and searched by the leader as well, in its own order.
    Shared,
    /// Begun by another thread and joined when nothing was left, in reverse order.
    Joined,
}

impl RootJob<'_> {
    /// Shares the root moves out among threads, one for each of `provers`, telling `reports`
    /// what they learn.
    ///
    /// The first prover leads, on this thread: it takes the moves as one thread would, and until
    /// the search has visited [`HELPERS_FROM`] positions it is one thread, doing what one thread
    /// does. The others, on threads of their own, wait until then and help from the far end of
    /// the schedule (see [`RootJob::take`]). Where the work is cheap they never start; where it is
    /// not, the leader still searches what it would alone, less what they settled first. Each
    /// thread tells `reports` itself, as it learns, so that a helper's settled move is shown while
    /// the leader is deep in another.
    pub(in crate::minimax::solver) fn run<'p>(
        &'p self,
        provers: &mut [Prover<'p>],
        reports: &mut Reports,
    ) {
        *self
            .leader_done
            .lock()
            .expect("no thread panicked holding it") = false;
        let Some((leader, helpers)) = provers.split_first_mut() else {
            return;
        };
        if helpers.is_empty() {
            self.work(leader, true, &mut |message| reports.receive(message));
            return;
        }
        let reports = Mutex::new(reports);
        let tell = |message| {
            reports
                .lock()
                .expect("no thread panicked holding it")
                .receive(message)
        };
        // Scoped threads, as many more as the platform seam says there are cores (none in a
        // browser, which has one and takes the branch above).
        crate::platform::threads::scope(|scope| {
            for helper in helpers {
                scope.spawn(|| self.work(helper, false, &mut |message| tell(message)));
            }
            self.work(leader, true, &mut |message| tell(message));
        });
    }

    /// `slot` and the slots whose moves are its mirror images.
    fn mirror_images(&self, slot: usize) -> impl Iterator<Item = usize> + '_ {
        let same = move |other: usize| other == slot || self.originals[other] == Some(slot);
        (0..self.moves.len()).filter(move |&other| same(other))
    }

    /// A bound on the root move of `slot` that tells whether it beats `score` for the side to
    /// move: at most `score` when its opponent then gets at least minus it, else above it.
    fn bound_against(
        &self,
        prover: &mut Prover,
        slot: usize,
        score: Score,
        proofs: Option<&mut ProofTable>,
    ) -> Result<MoveBound, Stop> {
        let index = self.moves[slot];
        let geometry = self.rules.geometry;
        let unknown = MoveBound::unknown(geometry.cell(index), geometry);
        let child = self.root.play(index, self.rules);
        let exact = if self.rules.runs.completes(child.op, index) {
            Some(Score::win_at(0, self.rules.win))
        } else if child.empty(self.rules) == 0 {
            Some(Score::DRAW)
        } else {
            None
        };
        if let Some(score) = exact {
            return Ok(MoveBound {
                lower: score,
                upper: score,
                ..unknown
            });
        }
        if let Some(proofs) = proofs.filter(|_| score == Score::DRAW) {
            return self.first_player_proof(prover, proofs, &child, unknown);
        }
        // The reply's value, fail-soft: at least minus the score for the opponent bounds the
        // move from above, less than that from below.
        let beta = -score;
        let value = prover.search(&child, 0, beta.below(), beta)?;
        Ok(if value >= beta {
            MoveBound {
                upper: (-value).min(unknown.upper),
                ..unknown
            }
        } else {
            MoveBound {
                lower: (-value).max(unknown.lower),
                ..unknown
            }
        })
    }
}

/// Settles a best move before the others (see [`Solver::with_best_move_first`]): `likeliest`
/// first, by `exact`, then every other move asked by `rivals` (a [`Pass::Beats`] job) only
/// whether it beats the best score settled, and each move that does settled in turn, until none
/// does or the search stops. `exact` then has the whole of its schedule again, and settles the
/// rest.
pub(in crate::minimax::solver) fn settle_a_best_move<'p>(
    exact: &'p RootJob,
    rivals: &'p RootJob,
    likeliest: usize,
    provers: &mut [Prover<'p>],
    reports: &mut Reports,
) {
    let order = exact.scheduled().clone();
    let mut candidate = Some(likeliest);
    while let Some(slot) = candidate {
        // The move, then its mirror images (a table probe and a line each): alone, so that two
        // threads do not solve one position at once.
        exact.schedule(vec![slot]);
        exact.run(provers, reports);
        exact.schedule(exact.mirror_images(slot).collect());
        exact.run(provers, reports);
        let Some(best) = reports.best_settled().filter(|_| reports.stop.is_none()) else {
            break;
        };
        rivals.beat(best, exact);
        rivals.run(provers, reports);
        candidate = rivals.beater();
    }
    exact.schedule(order);
}

/// The exact score and line of playing `index` on `root`, telling `on_bound` each tighter bound
/// on the score found before it.
fn solve_root_move(
    prover: &mut Prover,
    root: &Pos,
    index: usize,
    on_bound: &mut dyn FnMut(MoveBound),
) -> Result<MoveScore, Stop> {
    let rules = prover.rules;
    let geometry = rules.geometry;
    let cell = geometry.cell(index);
    let child = root.play(index, rules);
    let score = if rules.runs.completes(child.op, index) {
        Score::win_at(0, rules.win)
    } else if child.empty(rules) == 0 {
        Score::DRAW
    } else {
        let unknown = MoveBound::unknown(cell, geometry);
        let mut last = unknown;
        // Bounds on the child's value for the opponent are bounds on the move's, negated.
        let value = prover.exact(&child, 0, &mut |lower, upper| {
            let bound = MoveBound {
                cell,
                lower: (-upper).max(unknown.lower),
                upper: (-lower).min(unknown.upper),
            };
            if bound != last && bound.lower < bound.upper {
                last = bound;
                on_bound(bound);
            }
        })?;
        -value
    };
    Ok(MoveScore {
        cell,
        score,
        pv: line_after(prover, root, index, score)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Cell, Geometry, Mark};
    use crate::minimax::control::SearchControl;

    #[test]
    fn least_central_first_reverses_the_originals_and_keeps_the_mirror_images_after_them() {
        let geometry = Geometry::new(6, 6, 4).unwrap();
        let rules = GeometryTables::new(geometry);
        let table = SharedTable::new(geometry, 1 << 20, 36);
        let control = SearchControl::new();
        let root = Pos::new(&Board::empty(geometry, Mark::X), &rules);
        let moves: Vec<usize> = (0..36).collect();
        let mut job = RootJob::new(&rules, &table, root, &moves, &control, 2, Pass::Exact);
        let central_first = job.scheduled().clone();
        job.take_least_central_first();
        let schedule = job.scheduled().clone();
        // The six moves of the 6×6 that are no mirror image of another: the centre's (2, 2)
        // first by default, a corner first now; the 30 mirror images as before.
        let cell = |slot: usize| geometry.cell(moves[slot]);
        assert_eq!(cell(central_first[0]), Cell::new(2, 2));
        assert_eq!(cell(schedule[0]), Cell::new(0, 0));
        let mut reversed = central_first[..6].to_vec();
        reversed.reverse();
        assert_eq!(schedule[..6], reversed[..]);
        assert_eq!(schedule[6..], central_first[6..]);
        assert!(
            schedule[6..]
                .iter()
                .all(|&slot| job.originals[slot].is_some())
        );
    }
}

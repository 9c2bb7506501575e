//! A proof-number prover of one question: can a given side (the attacker) still win? Depth-first
//! proof-number search (df-pn, Nagai) with the 1+ε trick of Pawlewicz and Lew and a
//! transposition table under the solver's symmetric keys.
//!
//! Each position carries two numbers from its side to move's view: φ, a lower estimate of how
//! many leaves must still be settled to show that the side to move reaches its goal (the
//! attacker: a win; the defender: no win for the attacker, a draw or a win of its own), and δ,
//! the same for showing that it does not. φ = 0 proves it, δ = 0 refutes it. A position's φ is
//! its children's least δ and its δ the sum of their φ; the search always goes down the child of
//! least δ, as deep as thresholds on both numbers allow, so that it spends its effort where the
//! proof looks cheapest: the defender's easiest holding reply is found by the numbers themselves,
//! not by a budget.
//!
//! A position is settled without children by the exact facts the solver already uses: a win
//! now, two threats of the opponent, a full board, the distance bound (the attacker needs more
//! moves than are left), and the "cannot win" certificates (pairing, Erdős–Selfridge); a move
//! that makes two threats at once wins. A threat must be blocked, so a position under one has
//! one child. Every answer is exact; a stop (budget, deadline, cancel, another thread's
//! refutation) answers nothing.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};

use super::rules::{GeometryTables, Pos};
use crate::board::BitIter;
use crate::minimax::control::{Meter, Stop};

/// Proof and disproof numbers this large stand for infinity (the position is settled).
const INFINITE: u32 = 1 << 30;
/// ε of the 1+ε trick as a shift: a child is searched until its δ exceeds the second best's by
/// a factor 1 + 2^−EPSILON_SHIFT, so that the search does not thrash between two close children.
const EPSILON_SHIFT: u32 = 2;
/// Whether a defender's position is settled when some move of the defender leaves the
/// attacker unable to win by the certificates (unless told otherwise,
/// [`ProofTable::with_holding_blocks`]).
const HOLDING_BLOCKS: bool = true;
/// Whether a child never searched starts with numbers from the attacker's Erdős–Selfridge
/// potential after its move (see [`initial_numbers`]) rather than one leaf each way.
const INITIAL_FROM_POTENTIAL: bool = true;
/// How many positions the table holds before it forgets the unsettled ones.
const TABLE_ENTRIES: usize = 1 << 21;

/// A position's proof and disproof numbers, from its side to move's view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Numbers {
    phi: u32,
    delta: u32,
}

impl Numbers {
    /// Nothing known: one leaf either way.
    const FRESH: Numbers = Numbers { phi: 1, delta: 1 };
    /// The side to move reaches its goal.
    const WON: Numbers = Numbers {
        phi: 0,
        delta: INFINITE,
    };
    /// The side to move does not.
    const LOST: Numbers = Numbers {
        phi: INFINITE,
        delta: 0,
    };

    fn settled(self) -> bool {
        self.phi == 0 || self.delta == 0
    }

    /// `WON` when `won`, else `LOST`.
    fn of(won: bool) -> Numbers {
        if won { Numbers::WON } else { Numbers::LOST }
    }
}

/// The table of one question: the numbers of every position searched, by canonical key. An
/// entry also says that the position's settling tests failed once (they are not run again).
pub(super) struct ProofTable {
    entries: HashMap<u128, Numbers, BuildHasherDefault<KeyHasher>>,
    /// Which side is the attacker in the numbers held.
    attacker_x: Option<bool>,
    /// Whether the searches on this table look for a defender's holding move (see
    /// [`HOLDING_BLOCKS`]).
    holding_blocks: bool,
}

impl ProofTable {
    pub fn new() -> ProofTable {
        ProofTable {
            entries: HashMap::default(),
            attacker_x: None,
            holding_blocks: HOLDING_BLOCKS,
        }
    }

    /// The same table, its searches looking for a defender's holding move when `on`.
    #[cfg(test)]
    pub fn with_holding_blocks(mut self, on: bool) -> ProofTable {
        self.holding_blocks = on;
        self
    }

    fn get(&self, key: u128) -> Option<Numbers> {
        self.entries.get(&key).copied()
    }

    fn put(&mut self, key: u128, numbers: Numbers) {
        if self.entries.len() >= TABLE_ENTRIES && !self.entries.contains_key(&key) {
            // Settled positions are worth keeping; the others can be searched again.
            self.entries.retain(|_, numbers| numbers.settled());
            if self.entries.len() >= TABLE_ENTRIES / 2 {
                self.entries.clear();
            }
        }
        self.entries.insert(key, numbers);
    }

    /// Ready for questions about `attacker_x`: numbers about the other side are dropped.
    fn prepare(&mut self, attacker_x: bool) {
        if self.attacker_x != Some(attacker_x) {
            self.entries.clear();
            self.attacker_x = Some(attacker_x);
        }
    }
}

/// A hash of the solver's keys, which are already well spread in their low bits (base-3
/// digits): one multiplication mixes them into the high bits the map also uses.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0.rotate_left(8) ^ byte as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }

    fn write_u128(&mut self, key: u128) {
        let folded = key as u64 ^ ((key >> 64) as u64).rotate_left(29);
        let mixed = folded.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = mixed ^ mixed >> 29;
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Whether the attacker (X when `attacker_x`, else O) can win `pos`, an ongoing position, by
/// df-pn. `Err` when `meter` or `abandon` stopped it first: nothing is claimed then.
pub(super) fn attacker_wins(
    rules: &GeometryTables,
    table: &mut ProofTable,
    meter: &mut Meter,
    abandon: Option<&AtomicBool>,
    pos: &Pos,
    attacker_x: bool,
) -> Result<bool, Stop> {
    table.prepare(attacker_x);
    let mut prover = ProofSearch {
        rules,
        table,
        meter,
        abandon,
        attacker_x,
    };
    let unlimited = Numbers {
        phi: INFINITE,
        delta: INFINITE,
    };
    loop {
        let numbers = prover.mid(pos, unlimited)?;
        if numbers.settled() {
            let mover_won = numbers.phi == 0;
            return Ok(mover_won == (pos.x_to_move() == attacker_x));
        }
    }
}

/// One df-pn search: the question's table, meter and attacker.
struct ProofSearch<'s, 'm> {
    rules: &'s GeometryTables,
    table: &'s mut ProofTable,
    meter: &'s mut Meter<'m>,
    abandon: Option<&'s AtomicBool>,
    attacker_x: bool,
}

/// A child of a searched position: its move, canonical key, and its numbers before it is
/// searched.
#[derive(Clone, Copy)]
struct Child {
    index: u8,
    key: u128,
    fresh: Numbers,
}

impl Child {
    const NONE: Child = Child {
        index: 0,
        key: 0,
        fresh: Numbers::FRESH,
    };
}

/// The children of a position, most promising first (ties in the numbers go to the first).
struct Children {
    list: [Child; 64],
    len: usize,
}

/// What expanding a position gives: its settled numbers, or its children. (The children stay
/// on the stack: boxing them would allocate at every visit.)
#[allow(clippy::large_enum_variant)]
enum Expansion {
    Settled(Numbers),
    Moves(Children),
}

impl ProofSearch<'_, '_> {
    /// Searches `pos` until its numbers reach `limit` on either side (or it is settled), and
    /// returns them; they are in the table too.
    fn mid(&mut self, pos: &Pos, limit: Numbers) -> Result<Numbers, Stop> {
        self.meter.visit()?;
        if self
            .abandon
            .is_some_and(|abandoned| abandoned.load(Ordering::Relaxed))
        {
            return Err(Stop::Cancelled);
        }
        let rules = self.rules;
        let key = pos.key().0;
        let known = self.table.get(key);
        if let Some(numbers) = known.filter(|numbers| numbers.settled()) {
            return Ok(numbers);
        }
        // A position in the table has failed its settling tests before.
        let children = match self.expand(pos, known.is_none()) {
            Expansion::Settled(numbers) => {
                self.table.put(key, numbers);
                return Ok(numbers);
            }
            Expansion::Moves(children) => children,
        };
        let children = &children.list[..children.len];
        loop {
            let (numbers, best, best_phi, second_delta) = self.gather(children);
            if numbers.phi >= limit.phi || numbers.delta >= limit.delta {
                self.table.put(key, numbers);
                return Ok(numbers);
            }
            // The 1+ε trick: stay in the best child until its δ passes the second's by a
            // factor, not by one.
            let second = second_delta
                .saturating_add(1)
                .max(second_delta.saturating_add(second_delta >> EPSILON_SHIFT));
            let child_limit = Numbers {
                phi: limit.delta - (numbers.delta - best_phi),
                delta: limit.phi.min(second),
            };
            let child = pos.play(children[best].index as usize, rules);
            self.mid(&child, child_limit)?;
        }
    }

    /// A position's numbers from its children's (`(numbers, best child, its φ, the second
    /// least δ)`): φ the least δ of a child, δ the sum of their φ.
    fn gather(&self, children: &[Child]) -> (Numbers, usize, u32, u32) {
        let (mut least, mut second, mut best, mut best_phi) = (INFINITE, INFINITE, 0, 0);
        let mut sum = 0u64;
        for (slot, child) in children.iter().enumerate() {
            let numbers = self.table.get(child.key).unwrap_or(child.fresh);
            sum += numbers.phi as u64;
            if numbers.delta < least {
                second = least;
                least = numbers.delta;
                best = slot;
                best_phi = numbers.phi;
            } else if numbers.delta < second {
                second = numbers.delta;
            }
        }
        let numbers = if least == 0 {
            Numbers::WON
        } else {
            // A sum of finite numbers stays finite: only settled children make infinity.
            let finite = children.iter().all(|child| {
                self.table
                    .get(child.key)
                    .is_none_or(|numbers| numbers.phi < INFINITE)
            });
            let cap = if finite { INFINITE - 1 } else { INFINITE };
            Numbers {
                phi: least,
                delta: sum.min(cap as u64) as u32,
            }
        };
        (numbers, best, best_phi, second)
    }
}

impl ProofSearch<'_, '_> {
    /// Settles `pos` by the exact facts, or lists its children. `first_visit`: the costly
    /// "cannot win" certificates have not been tried on it yet.
    fn expand(&mut self, pos: &Pos, first_visit: bool) -> Expansion {
        let rules = self.rules;
        let empty = pos.empty(rules);
        let attacking = pos.x_to_move() == self.attacker_x;
        let scan = rules.runs.scan(pos.me, pos.op);
        if scan.my_wins != 0 {
            return Expansion::Settled(Numbers::WON);
        }
        if scan.op_wins.count_ones() >= 2 {
            return Expansion::Settled(Numbers::LOST);
        }
        // From here on the attacker failing is the defender's goal reached.
        let attacker_fails = Expansion::Settled(Numbers::of(!attacking));
        if empty == 0 || empty == scan.op_wins {
            // A full board, or the last cell blocked: a draw.
            return attacker_fails;
        }
        let (best, attacker, defender) = if attacking {
            (scan.my_best, pos.me, pos.op)
        } else {
            (scan.op_best, pos.op, pos.me)
        };
        let k = rules.runs.k as i32;
        // The attacker's n-th move from here comes at ply 2n − 1 when it moves, else 2n.
        let needed = 2 * (k - best) - attacking as i32;
        if best < 0 || needed > empty.count_ones() as i32 {
            return attacker_fails;
        }
        if scan.op_wins != 0 {
            // A threat: the block is the only move worth a look (anything else loses now).
            let index = scan.op_wins.trailing_zeros() as usize;
            let mut children = Children {
                list: [Child::NONE; 64],
                len: 0,
            };
            self.push(&mut children, pos, index, Numbers::FRESH);
            return Expansion::Moves(children);
        }
        if first_visit && self.attacker_cannot_win(attacker, defender, attacking) {
            return attacker_fails;
        }
        let live = self.rules.runs.live_runs(pos.me, pos.op).cells;
        match self.moves(pos, live, (attacker, defender, attacking)) {
            Some(children) => Expansion::Moves(children),
            // A move that makes two threats at once wins: nothing threatens the mover now.
            None => Expansion::Settled(Numbers::WON),
        }
    }

    /// The "cannot win" certificates: the attacker (marks `attacker`, against `defender`)
    /// cannot win, the attacker to move when `attacking`; or, with the defender to move, some
    /// defender's move leaves it unable to win (as the alpha-beta search looks for one before
    /// searching, when at least a draw is enough).
    fn attacker_cannot_win(&self, attacker: u64, defender: u64, attacking: bool) -> bool {
        let open = self.rules.open_runs(attacker, defender);
        open.cannot_win(None, attacking, true)
            || (self.table.holding_blocks && !attacking && open.holding_block(u32::MAX).is_some())
    }

    fn push(&self, children: &mut Children, pos: &Pos, index: usize, fresh: Numbers) {
        let key = pos.play(index, self.rules).key().0;
        children.list[children.len] = Child {
            index: index as u8,
            key,
            fresh,
        };
        children.len += 1;
    }

    /// The moves of `pos` worth a look, most promising first: one of the dead cells (off every
    /// run anyone can complete, `live` holds the others: they are interchangeable), one of each
    /// set of moves that a symmetry of the position maps onto each other. `None` when a move
    /// makes two threats at once.
    fn moves(
        &self,
        pos: &Pos,
        live: u64,
        (attacker, defender, attacking): (u64, u64, bool),
    ) -> Option<Children> {
        let rules = self.rules;
        let (total, weights) = if INITIAL_FROM_POTENTIAL {
            self.potential(attacker, defender)
        } else {
            (0, [0; 64])
        };
        let empty = pos.empty(rules);
        let stabilizer = pos.stabilizer();
        let threat_marks = rules.runs.k - 2;
        let mut scored: [(i32, u8); 64] = [(0, 0); 64];
        let mut len = 0;
        let mut dead_seen = false;
        'cells: for index in BitIter(empty) {
            let bit = 1u64 << index;
            if live & bit == 0 {
                if dead_seen {
                    continue;
                }
                dead_seen = true;
            }
            for s in BitIter(stabilizer as u64) {
                if (rules.image[s][index] as usize) < index {
                    continue 'cells;
                }
            }
            let (mut threats, mut score) = (0u64, 0i32);
            for &run in &rules.runs.through[index] {
                let mine = (run & pos.me).count_ones();
                let theirs = (run & pos.op).count_ones();
                if theirs == 0 {
                    score += 1 << (3 * mine);
                    if mine == threat_marks {
                        threats |= run & !pos.me & !bit;
                    }
                }
                if mine == 0 {
                    score += 1 << (3 * theirs);
                }
            }
            if threats.count_ones() >= 2 {
                return None;
            }
            if threats != 0 {
                score += 1 << 24;
            }
            scored[len] = (score, index as u8);
            len += 1;
        }
        // Highest score first, row-major among equals.
        scored[..len].sort_by_key(|&(score, index)| (std::cmp::Reverse(score), index));
        let mut children = Children {
            list: [Child::NONE; 64],
            len: 0,
        };
        for &(_, index) in &scored[..len] {
            let fresh = if INITIAL_FROM_POTENTIAL {
                // An attacker's move doubles the weight of its runs through the cell; a
                // defender's move removes them.
                let after = if attacking {
                    total + weights[index as usize]
                } else {
                    total - weights[index as usize]
                };
                initial_numbers(after, 1 << rules.runs.k, !attacking)
            } else {
                Numbers::FRESH
            };
            self.push(&mut children, pos, index as usize, fresh);
        }
        Some(children)
    }

    /// The attacker's Erdős–Selfridge potential: its open runs, each weighted 2^(k − f) for f
    /// empty cells (a full run weighs 2^k), summed; and the weight of the runs through each cell.
    fn potential(&self, attacker: u64, defender: u64) -> (u32, [u32; 64]) {
        let rules = self.rules;
        let k = rules.runs.k;
        let open = rules.open_runs(attacker, defender);
        let (mut total, mut weights) = (0u32, [0u32; 64]);
        for run in BitIter(open.set) {
            let free = rules.runs.all[run] & open.empty;
            let weight = 1 << (k - free.count_ones().min(k));
            total += weight;
            for index in BitIter(free) {
                weights[index] += weight;
            }
        }
        (total, weights)
    }
}

/// A child's numbers before it is searched, from the attacker's potential `total` on it (`one`
/// is a full run's weight): the attacker's goal looks the nearer the more potential it has, the
/// defender's the less (Erdős–Selfridge: below one, with the defender to move, it holds). From
/// the view of the child's side to move, the attacker when `attacker_moves`.
fn initial_numbers(total: u32, one: u32, attacker_moves: bool) -> Numbers {
    let attacker_goal = (2 * one / total.max(1)).clamp(1, 32);
    let defender_goal = (2 * total / one).clamp(1, 32);
    if attacker_moves {
        Numbers {
            phi: attacker_goal,
            delta: defender_goal,
        }
    } else {
        Numbers {
            phi: defender_goal,
            delta: attacker_goal,
        }
    }
}

//! The exact value of a root move by null-window tests, each "at least `beta`?": which test
//! comes next (see [`DEPTH_AFTER_PROOF`](super::DEPTH_AFTER_PROOF) for why in this order).

use crate::score::Score;

/// The tests of one exact value: which null window comes next, given what the last ones found.
pub(super) struct Narrower {
    /// Whether the order is [`DEPTH_AFTER_PROOF`](super::DEPTH_AFTER_PROOF)'s, else
    /// MTD(f)'s from the draw.
    after_proof: bool,
    /// The bounds known: the value is exact once they meet.
    pub(super) lower: Score,
    pub(super) upper: Score,
    /// The last test's fail-soft value (the draw before the first).
    guess: Score,
    /// The position's fastest win by its bound from distance.
    fastest_win: Score,
    /// Whether the halfway test has been asked.
    halved: bool,
}

impl Narrower {
    pub(super) fn new(after_proof: bool, infinity: Score, fastest_win: Score) -> Narrower {
        Narrower {
            after_proof,
            lower: -infinity,
            upper: infinity,
            guess: Score::DRAW,
            fastest_win,
            halved: false,
        }
    }

    /// The `beta` of the next test, or `None` once the value is exact.
    pub(super) fn next(&mut self) -> Option<Score> {
        let beta = if self.after_proof && self.lower == Score::DRAW && self.upper > Score::DRAW {
            if self.halved {
                // The halfway test failed, but not with the draw: a draw that the "cannot win"
                // tests did not settle, or a slow win. "More than a draw?" tells them apart in
                // one test, where halving again asked up to three more (O's answer to X at
                // (0, 2) on the empty 6×6, k=4: 13% fewer positions to a proven best move).
                Score::DRAW.above()
            } else {
                // At least a draw, and no more known: halfway from the draw to the fastest win.
                // A win is then shown within about half the moves left, cheaper than showing
                // one with no limit as "more than a draw?" would; a draw fails it, usually at
                // once (its fail-soft value is the draw itself).
                self.halved = true;
                self.upper = self.upper.min(self.fastest_win);
                let (lower, upper) = (self.lower.value(), self.upper.value());
                Score::new(lower + (upper - lower + 1) / 2)
            }
        } else if self.guess == self.lower {
            // MTD(f): a test just above the lower bound ("do I win faster?", which succeeds,
            // cheaply, until the last).
            self.guess.above()
        } else {
            // At the upper bound: when lost, "do I lose that slowly?", which fails until the
            // last (each failure shows the opponent winning faster).
            self.guess
        };
        (self.lower < self.upper).then_some(beta)
    }

    /// Takes in the fail-soft `value` of the test "at least `beta`?".
    pub(super) fn heard(&mut self, beta: Score, value: Score) {
        self.guess = value;
        if value < beta {
            self.upper = value;
        } else {
            self.lower = value;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The win score of a 6×6 board.
    const W: i32 = 37;

    /// The tests a [`Narrower`] asks of a position worth `value` that can win from ply
    /// `fastest` on, each answered fail-soft by `answer(beta, value)` (a bound on the side the
    /// value fell), until it settles: the value it settled on and the betas asked.
    fn narrow(
        after_proof: bool,
        fastest: i32,
        value: Score,
        answer: &dyn Fn(Score, Score) -> Score,
    ) -> (Score, Vec<Score>) {
        let fastest_win = if fastest > 36 {
            Score::DRAW
        } else {
            Score::win_at(fastest, W)
        };
        let mut narrower = Narrower::new(after_proof, Score::infinity(W), fastest_win);
        let mut asked = Vec::new();
        while let Some(beta) = narrower.next() {
            assert!(asked.len() < 40, "{asked:?} does not settle on {value:?}");
            let answered = answer(beta, value);
            assert_eq!(
                answered >= beta,
                value >= beta,
                "a test's answer is on its side"
            );
            narrower.heard(beta, answered);
            assert!(narrower.lower <= value && value <= narrower.upper);
            asked.push(beta);
        }
        (narrower.lower, asked)
    }

    /// Fail-soft answers from the hardest to the softest: the bound just past beta, halfway
    /// to the value, and the value itself.
    const ANSWERS: [fn(Score, Score) -> Score; 3] = [
        |beta, value| if value >= beta { beta } else { beta.below() },
        |beta, value| Score::new((beta.value() + value.value()).div_euclid(2)),
        |_, value| value,
    ];

    #[test]
    fn both_orders_settle_on_every_value_within_the_distance_bound() {
        // The side to move can win from its 3rd move on (ply 5): every value up to that, with
        // every kind of answer, the first question the draw's.
        for value in -W..=Score::win_at(5, W).value() {
            let value = Score::new(value);
            for answer in ANSWERS {
                for after_proof in [false, true] {
                    let (settled, asked) = narrow(after_proof, 5, value, &answer);
                    assert_eq!(settled, value, "after_proof {after_proof}: asked {asked:?}");
                    assert_eq!(asked[0], Score::DRAW);
                }
            }
        }
    }

    #[test]
    fn depth_after_proof_halves_from_the_draw_towards_the_fastest_win() {
        let [hard, _, exact] = ANSWERS;
        let within = |depth| Score::win_at(depth, W);
        // A win at ply 19, the fastest by distance ply 5: halfway from the draw (0) to that
        // win's score (32), "win within 21 plies?", then MTD(f) from there (answered hard, a
        // score at a time) until "within 18?" fails. MTD(f) alone asks "more than a draw?"
        // (within 36), then within 35, 34 and so on down to 18.
        let (_, asked) = narrow(true, 5, within(19), &hard);
        let expected: Vec<Score> = [0, 21, 20, 19, 18]
            .map(|d| if d == 0 { Score::DRAW } else { within(d) })
            .to_vec();
        assert_eq!(asked, expected);
        let (_, asked) = narrow(false, 5, within(19), &hard);
        assert_eq!(asked.len(), 2 + (36 - 18));
        // A draw whose tests are answered exactly, as the "cannot win" tests do: the halfway
        // test fails at once with the draw, as "more than a draw?" would.
        let (settled, asked) = narrow(true, 5, Score::DRAW, &exact);
        assert_eq!(
            (settled, asked),
            (Score::DRAW, vec![Score::DRAW, within(21)])
        );
        // A draw whose halfway test fails hard, just below it: "more than a draw?" next, not
        // another halving.
        let (settled, asked) = narrow(true, 5, Score::DRAW, &hard);
        assert_eq!(
            (settled, asked),
            (
                Score::DRAW,
                vec![Score::DRAW, within(21), Score::DRAW.above()]
            )
        );
        // A win slower than halfway: "more than a draw?" after the halfway test, then MTD(f)
        // up from there, a score at a time.
        let (settled, asked) = narrow(true, 5, within(30), &hard);
        assert_eq!(settled, within(30));
        assert_eq!(asked[..3], [Score::DRAW, within(21), Score::DRAW.above()]);
        assert_eq!(asked.len(), 3 + (36 - 30) + 1);
        // A side that cannot win by distance is a draw as soon as it is at least one.
        let (settled, asked) = narrow(true, 37, Score::DRAW, &hard);
        assert_eq!((settled, asked), (Score::DRAW, vec![Score::DRAW]));
    }

    #[test]
    fn a_lost_value_is_narrowed_by_mtd_f_in_both_orders() {
        for answer in ANSWERS {
            let lost = Score::loss_at(12, W);
            assert_eq!(
                narrow(true, 5, lost, &answer),
                narrow(false, 5, lost, &answer)
            );
        }
    }
}

//! A game as it was played ([`GameRecord`]), each seat's accuracy over a session
//! ([`SessionAccuracy`]) and a finished game's summary ([`game_summary`]): the match's own
//! record, built from the learning layer's review of each move.

use super::session::{GameSetup, Mode, Player, Players, Session};
use crate::engine::board::{Board, Cell, Mark};
use crate::engine::minimax::Analysis;
use crate::learn::review::{Accuracy, ReviewedMove, class_counts, positions_before, summary};

/// A game as it was played: where it started, its moves, and who sat where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    pub start: Board,
    pub moves: Vec<Cell>,
    pub setup: GameSetup,
}

impl GameRecord {
    /// The game under way in `session`.
    pub fn of(session: &Session) -> GameRecord {
        GameRecord {
            start: *session.game().start(),
            moves: session.game().moves().to_vec(),
            setup: session.setup(),
        }
    }

    pub fn players(&self) -> Players {
        Players::for_mode(self.setup.mode, self.setup.human_mark)
    }

    /// The position before each move, in order (up to an illegal move, if any).
    pub fn positions_before(&self) -> Vec<Board> {
        positions_before(&self.start, &self.moves)
            .map_while(Result::ok)
            .map(|(_, before, _)| before)
            .collect()
    }

    /// Each move reviewed with the analyses `known` gives, or `None` while its position has
    /// none.
    pub fn reviewed<'a>(
        &self,
        known: impl Fn(&Board) -> Option<&'a Analysis>,
    ) -> Vec<Option<ReviewedMove>> {
        positions_before(&self.start, &self.moves)
            .map_while(Result::ok)
            .map(|(ply, before, cell)| ReviewedMove::new(ply, &before, cell, known(&before)?))
            .collect()
    }

    /// Every move reviewed, once every position before a move is analysed.
    pub fn complete_review<'a>(
        &self,
        known: impl Fn(&Board) -> Option<&'a Analysis>,
    ) -> Option<Vec<ReviewedMove>> {
        self.reviewed(known).into_iter().collect()
    }
}

/// Best moves of all moves over a session's finished games, counted for whoever played them: the
/// human and the computer in games against the computer, X and O otherwise (as the session's
/// tally counts wins).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SessionAccuracy {
    pub human: Accuracy,
    pub computer: Accuracy,
    pub x: Accuracy,
    pub o: Accuracy,
}

impl SessionAccuracy {
    /// The accuracy of the moves of one game.
    pub fn of_game(game: &GameRecord, moves: &[ReviewedMove]) -> SessionAccuracy {
        let players = game.players();
        let mut accuracy = SessionAccuracy::default();
        for m in moves {
            let seat = match (game.setup.mode, players.of(m.mark), m.mark) {
                (Mode::VsComputer, Player::Human, _) => &mut accuracy.human,
                (Mode::VsComputer, Player::Computer, _) => &mut accuracy.computer,
                (_, _, Mark::X) => &mut accuracy.x,
                (_, _, Mark::O) => &mut accuracy.o,
            };
            *seat += Accuracy::of_move(m);
        }
        accuracy
    }

    /// "Accuracy: you 67 % (2 of 3 best), computer 100 % (3 of 3 best)" for games against the
    /// computer, "Accuracy: X …, O …" otherwise; `None` before any counted move.
    pub fn text(&self, mode: Mode) -> Option<String> {
        let seats = match mode {
            Mode::VsComputer => [("you", self.human), ("computer", self.computer)],
            _ => [("X", self.x), ("O", self.o)],
        };
        let parts: Vec<String> = seats
            .iter()
            .filter(|(_, a)| a.moves > 0)
            .map(|(name, a)| format!("{name} {} % ({} of {} best)", a.percent(), a.best, a.moves))
            .collect();
        (!parts.is_empty()).then(|| format!("Accuracy: {}", parts.join(", ")))
    }
}

impl std::ops::AddAssign for SessionAccuracy {
    fn add_assign(&mut self, other: SessionAccuracy) {
        self.human += other.human;
        self.computer += other.computer;
        self.x += other.x;
        self.o += other.o;
    }
}

/// The summary of a finished game's moves: the human's against the computer ("Your moves: 1
/// blunder."), both sides' otherwise ("X: every move was best. O: 1 inaccuracy.").
pub fn game_summary(game: &GameRecord, moves: &[ReviewedMove]) -> String {
    let counts = |mark: Mark| class_counts(moves.iter().filter(|m| m.mark == mark));
    let players = game.players();
    match game.setup.mode {
        Mode::VsComputer => {
            let human = if players.x == Player::Human {
                Mark::X
            } else {
                Mark::O
            };
            format!("Your moves: {}.", summary(counts(human)))
        }
        _ => format!(
            "X: {}. O: {}.",
            summary(counts(Mark::X)),
            summary(counts(Mark::O))
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::minimax::plain;
    use crate::learn::review::{MoveClass, Review};

    #[test]
    fn a_games_accuracy_goes_to_the_seats_that_played_it() {
        use crate::game::session::FirstPlayer;
        let start = Board::classic();
        let moves = [Cell::new(0, 0), Cell::new(0, 1), Cell::new(1, 1)];
        let review = Review::of_game(&start, &moves, &mut |b| plain(b)).unwrap();
        let record = |mode, human_mark| GameRecord {
            start,
            moves: moves.to_vec(),
            setup: GameSetup {
                mode,
                human_mark,
                first_player: FirstPlayer::Human,
                ..GameSetup::default()
            },
        };
        // O's edge reply to a corner is a blunder; X's two moves are best.
        assert_eq!(review.moves[1].class, MoveClass::Blunder);
        let as_o = SessionAccuracy::of_game(&record(Mode::VsComputer, Mark::O), &review.moves);
        assert_eq!(as_o.human, Accuracy { best: 0, moves: 1 });
        assert_eq!(as_o.computer, Accuracy { best: 2, moves: 2 });
        let two = SessionAccuracy::of_game(&record(Mode::TwoPlayers, Mark::X), &review.moves);
        assert_eq!(
            (two.x, two.o),
            (
                Accuracy { best: 2, moves: 2 },
                Accuracy { best: 0, moves: 1 }
            )
        );
        assert_eq!(two.human, Accuracy::default());
        assert_eq!(Accuracy { best: 2, moves: 3 }.percent(), 67);
        assert_eq!(Accuracy { best: 1, moves: 3 }.percent(), 33);
        // A record's review with an analysis missing leaves that move unreviewed.
        let game = record(Mode::TwoPlayers, Mark::X);
        let known = crate::engine::minimax::plain(&start);
        let partial = game.reviewed(|b| (*b == start).then_some(&known));
        assert!(partial[0].is_some() && partial[1].is_none() && partial[2].is_none());
    }
}

//! A session: the game in progress, who plays each mark, and the score across games.

use serde::{Deserialize, Serialize};

use super::history::Game;
use crate::engine::board::{Board, Cell, Geometry, Mark, Outcome, PlayError};

/// Who plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Mode {
    /// A human against the computer.
    #[default]
    VsComputer,
    /// Two humans taking turns at the same screen.
    TwoPlayers,
    /// The computer plays both sides, for watching.
    ComputerVsComputer,
}

impl Mode {
    /// Every choice, in menu order.
    pub const ALL: [Mode; 3] = [Mode::VsComputer, Mode::TwoPlayers, Mode::ComputerVsComputer];
}

/// Who makes the first move of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum FirstPlayer {
    /// The human moves first (in two-player mode: the human's mark, X by default).
    #[default]
    Human,
    /// The computer moves first (in two-player mode: the other mark).
    Computer,
    /// Human and computer take turns starting, game after game.
    Alternate,
}

impl FirstPlayer {
    /// Every choice, in menu order.
    pub const ALL: [FirstPlayer; 3] = [
        FirstPlayer::Human,
        FirstPlayer::Computer,
        FirstPlayer::Alternate,
    ];
}

/// How a game is set up: who plays, with which mark, who starts, on which board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameSetup {
    pub mode: Mode,
    /// The human's mark against the computer.
    pub human_mark: Mark,
    pub first_player: FirstPlayer,
    pub geometry: Geometry,
}

impl Default for GameSetup {
    fn default() -> Self {
        GameSetup {
            mode: Mode::VsComputer,
            human_mark: Mark::X,
            first_player: FirstPlayer::Human,
            geometry: Geometry::CLASSIC,
        }
    }
}

/// Who makes the moves for one mark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    Human,
    Computer,
}

/// Who plays X and who plays O.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Players {
    pub x: Player,
    pub o: Player,
}

impl Players {
    /// The seating a mode implies: against the computer, the human takes `human_mark`.
    pub fn for_mode(mode: Mode, human_mark: Mark) -> Players {
        let (human, computer) = match mode {
            Mode::VsComputer => (Player::Human, Player::Computer),
            Mode::TwoPlayers => (Player::Human, Player::Human),
            Mode::ComputerVsComputer => (Player::Computer, Player::Computer),
        };
        match human_mark {
            Mark::X => Players {
                x: human,
                o: computer,
            },
            Mark::O => Players {
                x: computer,
                o: human,
            },
        }
    }

    pub fn of(self, mark: Mark) -> Player {
        match mark {
            Mark::X => self.x,
            Mark::O => self.o,
        }
    }
}

/// Games won and drawn this session.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games a human won against the computer.
    pub human: u32,
    /// Games the computer won against a human.
    pub computer: u32,
    pub x: u32,
    pub o: u32,
    pub draws: u32,
}

impl Tally {
    fn count(&mut self, outcome: Outcome, players: Players, delta: i32) {
        let add = |n: &mut u32| *n = n.saturating_add_signed(delta);
        match outcome {
            Outcome::Ongoing => {}
            Outcome::Draw => add(&mut self.draws),
            Outcome::Won { mark, .. } => {
                add(match mark {
                    Mark::X => &mut self.x,
                    Mark::O => &mut self.o,
                });
                match (players.of(mark), players.of(mark.opponent())) {
                    (Player::Human, Player::Computer) => add(&mut self.human),
                    (Player::Computer, Player::Human) => add(&mut self.computer),
                    _ => {}
                }
            }
        }
    }
}

/// The game in progress plus what carries over between games: the score.
#[derive(Debug, Clone)]
pub struct Session {
    game: Game,
    /// How the game in progress was set up; a new setup waits for the next game.
    setup: GameSetup,
    tally: Tally,
    /// Games started so far, for "take turns" starting.
    games_started: u32,
}

impl Session {
    pub fn new(setup: GameSetup) -> Session {
        let mut session = Session {
            game: Game::new(setup.geometry, Mark::X),
            setup,
            tally: Tally::default(),
            games_started: 0,
        };
        session.new_game(setup);
        session
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn board(&self) -> &Board {
        self.game.board()
    }

    /// How the game in progress was set up.
    pub fn setup(&self) -> GameSetup {
        self.setup
    }

    pub fn players(&self) -> Players {
        Players::for_mode(self.setup.mode, self.setup.human_mark)
    }

    pub fn tally(&self) -> Tally {
        self.tally
    }

    /// Starts a new game as `setup` asks. An unfinished game is abandoned without counting.
    pub fn new_game(&mut self, setup: GameSetup) {
        self.setup = setup;
        let human_starts = match setup.first_player {
            FirstPlayer::Human => true,
            FirstPlayer::Computer => false,
            FirstPlayer::Alternate => self.games_started.is_multiple_of(2),
        };
        let first = if human_starts {
            setup.human_mark
        } else {
            setup.human_mark.opponent()
        };
        self.game = Game::new(setup.geometry, first);
        self.games_started += 1;
    }

    /// Starts a new game of `setup` from `start` (a game's first position, whoever moves first
    /// there) and plays `moves` on it: "retry from here" in a game review, with the seating of
    /// the game reviewed. The moves must be legal; an illegal one ends the replay there.
    pub fn retry(&mut self, setup: GameSetup, start: &Board, moves: &[Cell]) {
        self.setup = setup;
        self.game = Game::from_position(*start);
        for &cell in moves {
            if self.game.play(cell).is_err() {
                break;
            }
        }
        self.games_started += 1;
    }

    /// Who is to move, or `None` once the game is over.
    fn player_to_move(&self) -> Option<Player> {
        (!self.game.outcome().is_over()).then(|| self.players().of(self.board().to_move()))
    }

    pub fn human_to_move(&self) -> bool {
        self.player_to_move() == Some(Player::Human)
    }

    pub fn computer_to_move(&self) -> bool {
        self.player_to_move() == Some(Player::Computer)
    }

    /// Plays a move for whoever is to move, counting the result if it ends the game.
    pub fn play(&mut self, cell: Cell) -> Result<Outcome, PlayError> {
        self.game.play(cell)?;
        let outcome = self.game.outcome();
        self.tally.count(outcome, self.players(), 1);
        Ok(outcome)
    }

    /// Whether [`Session::undo`] would take anything back: a human move must be among those played.
    pub fn can_undo(&self) -> bool {
        // Moves alternate from the first mover, so a human moved if a human's mark has moved.
        let (first, players) = (self.game.first(), self.players());
        let played = self.game.moves().len();
        (played >= 1 && players.of(first) == Player::Human)
            || (played >= 2 && players.of(first.opponent()) == Player::Human)
    }

    pub fn can_redo(&self) -> bool {
        self.game.can_redo()
    }

    /// Takes back moves until a human is to move again, so that against the computer one undo
    /// takes back your move and its reply. A finished game's result leaves the score.
    pub fn undo(&mut self) -> bool {
        if !self.can_undo() {
            return false;
        }
        self.tally.count(self.game.outcome(), self.players(), -1);
        while self.game.undo().is_some() {
            if self.human_to_move() {
                break;
            }
        }
        true
    }

    /// Plays again what [`Session::undo`] took back, up to the next human turn or the end.
    pub fn redo(&mut self) -> bool {
        let mut redone = false;
        while self.game.redo().is_some() {
            redone = true;
            if self.human_to_move() || self.game.outcome().is_over() {
                break;
            }
        }
        if redone {
            self.tally.count(self.game.outcome(), self.players(), 1);
        }
        redone
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vs_computer(first_player: FirstPlayer) -> GameSetup {
        GameSetup {
            first_player,
            ..GameSetup::default()
        }
    }

    #[test]
    fn computer_starts_with_the_other_mark() {
        let session = Session::new(vs_computer(FirstPlayer::Computer));
        assert_eq!(session.board().to_move(), Mark::O);
        assert!(session.computer_to_move());
    }

    #[test]
    fn alternate_switches_the_first_player_every_game() {
        let setup = vs_computer(FirstPlayer::Alternate);
        let mut session = Session::new(setup);
        let mut starters = vec![session.player_to_move()];
        for _ in 0..3 {
            session.new_game(setup);
            starters.push(session.player_to_move());
        }
        let (h, c) = (Some(Player::Human), Some(Player::Computer));
        assert_eq!(starters, [h, c, h, c]);
    }

    #[test]
    fn undo_takes_back_the_human_move_and_the_reply_and_redo_restores_both() {
        let mut session = Session::new(GameSetup::default());
        session.play(Cell::new(1, 1)).unwrap(); // human X
        session.play(Cell::new(0, 0)).unwrap(); // computer O
        assert!(session.undo());
        assert!(session.game().moves().is_empty());
        assert!(session.human_to_move());
        assert!(session.redo());
        assert_eq!(session.game().moves(), [Cell::new(1, 1), Cell::new(0, 0)]);
        assert!(!session.redo());
    }

    #[test]
    fn undo_is_refused_when_only_the_computer_has_moved() {
        let mut session = Session::new(vs_computer(FirstPlayer::Computer));
        session.play(Cell::new(1, 1)).unwrap();
        assert!(!session.can_undo());
        assert!(!session.undo());
        assert_eq!(session.game().moves().len(), 1);
    }

    #[test]
    fn a_finished_game_counts_once_even_through_undo_and_redo() {
        let mut session = Session::new(GameSetup::default());
        // X (human) wins along the top row; O (computer) plays the middle row.
        for cell in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)] {
            session.play(Cell::new(cell.0, cell.1)).unwrap();
        }
        assert_eq!(
            session.tally(),
            Tally {
                human: 1,
                x: 1,
                ..Tally::default()
            }
        );
        session.undo();
        assert_eq!(session.tally(), Tally::default());
        session.redo();
        assert_eq!(session.tally().human, 1);
    }

    #[test]
    fn playing_an_occupied_cell_changes_nothing() {
        let mut session = Session::new(GameSetup {
            mode: Mode::TwoPlayers,
            ..GameSetup::default()
        });
        session.play(Cell::new(0, 0)).unwrap();
        let before = *session.board();
        assert!(session.play(Cell::new(0, 0)).is_err());
        assert_eq!(*session.board(), before);
    }

    #[test]
    fn the_seating_is_the_one_the_game_was_set_up_with() {
        let mut session = Session::new(GameSetup::default());
        session.play(Cell::new(1, 1)).unwrap();
        assert_eq!(session.setup().mode, Mode::VsComputer);
        assert_eq!(session.players().o, Player::Computer);
        session.new_game(GameSetup {
            mode: Mode::TwoPlayers,
            ..GameSetup::default()
        });
        assert_eq!(session.players().o, Player::Human);
    }
}

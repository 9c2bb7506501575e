//! The computer player: perfect play never loses, the weaker levels can be beaten, and what each
//! level "sees" is exactly what a depth-limited minimax sees.

mod common;

use common::{board, cell, open_classic_positions};
use tictactoe::engine::ai::{AiPlayer, Difficulty};
use tictactoe::engine::minimax::AlphaBeta;
use tictactoe::engine::minimax::Search;
use tictactoe::{Board, Cell, Geometry, Mark, Outcome, Score};

/// Plays every game in which `engine` answers with `engine_moves(position)` and the opponent
/// tries every legal move; calls `finished` with each final position and returns how many games
/// there were.
fn every_game(
    position: Board,
    engine: Mark,
    engine_moves: &mut impl FnMut(&Board) -> Vec<Cell>,
    finished: &mut impl FnMut(&Board),
) -> usize {
    if position.outcome().is_over() {
        finished(&position);
        return 1;
    }
    let moves = if position.to_move() == engine {
        engine_moves(&position)
    } else {
        position.legal_moves().collect()
    };
    assert!(!moves.is_empty(), "no move chosen on {position:?}");
    moves
        .into_iter()
        .map(|cell| {
            every_game(
                position.after(cell).unwrap(),
                engine,
                engine_moves,
                finished,
            )
        })
        .sum()
}

fn assert_never_loses(
    engine: Mark,
    first: Mark,
    engine_moves: &mut impl FnMut(&Board) -> Vec<Cell>,
) {
    let start = Board::empty(Geometry::CLASSIC, first);
    let mut wins = 0;
    let games = every_game(start, engine, engine_moves, &mut |end| {
        let winner = end.outcome().winner();
        assert_ne!(
            winner,
            Some(engine.opponent()),
            "the engine playing {engine} lost: {end:?}"
        );
        wins += usize::from(winner == Some(engine));
    });
    // The opponent tries every blunder too, so a perfect engine must punish some of them.
    assert!(wins > 0, "{engine} never won in {games} games");
}

#[test]
fn playing_the_best_move_never_loses() {
    let mut searcher = AlphaBeta::new();
    for first in [Mark::X, Mark::O] {
        for engine in [Mark::X, Mark::O] {
            assert_never_loses(engine, first, &mut |position| {
                vec![searcher.analyze(position).best().unwrap().cell]
            });
        }
    }
}

#[test]
fn playing_any_of_the_best_moves_never_loses() {
    let mut searcher = AlphaBeta::new();
    for engine in [Mark::X, Mark::O] {
        assert_never_loses(engine, Mark::X, &mut |position| {
            let analysis = searcher.analyze(position);
            analysis.best_moves().map(|m| m.cell).collect()
        });
    }
}

/// Plays from the empty board (`first` to move) with a freshly seeded AI playing `ai` and the
/// opponent playing `opponent` in order; stops when the game ends or the listed moves run out.
/// Replaying from the start keeps each game exactly what `AiPlayer::seeded(seed)` would play.
fn replay(
    difficulty: Difficulty,
    seed: u64,
    ai: Mark,
    first: Mark,
    opponent: &[Cell],
    searcher: &mut AlphaBeta,
) -> Board {
    let mut player = AiPlayer::seeded(seed);
    let mut position = Board::empty(Geometry::CLASSIC, first);
    let mut replies = opponent.iter();
    while !position.outcome().is_over() {
        let cell = if position.to_move() == ai {
            let analysis = searcher.analyze(&position);
            player
                .choose(&analysis, difficulty)
                .expect("an open position has a move")
        } else {
            match replies.next() {
                Some(&cell) => cell,
                None => break,
            }
        };
        position.play(cell).unwrap();
    }
    position
}

/// Tries every sequence of opponent moves against a seeded AI; returns the first sequence that
/// beats it, if any.
fn beat_ai(
    difficulty: Difficulty,
    seed: u64,
    ai: Mark,
    first: Mark,
    searcher: &mut AlphaBeta,
) -> Option<Vec<Cell>> {
    fn explore(
        difficulty: Difficulty,
        seed: u64,
        ai: Mark,
        first: Mark,
        prefix: &mut Vec<Cell>,
        searcher: &mut AlphaBeta,
    ) -> bool {
        let position = replay(difficulty, seed, ai, first, prefix, searcher);
        if position.outcome().is_over() {
            return position.outcome().winner() == Some(ai.opponent());
        }
        for cell in position.legal_moves().collect::<Vec<_>>() {
            prefix.push(cell);
            if explore(difficulty, seed, ai, first, prefix, searcher) {
                return true;
            }
            prefix.pop();
        }
        false
    }
    let mut prefix = Vec::new();
    explore(difficulty, seed, ai, first, &mut prefix, searcher).then_some(prefix)
}

#[test]
fn the_perfect_ai_never_loses_whatever_the_opponent_plays() {
    let mut searcher = AlphaBeta::new();
    for seed in 0..3 {
        for first in [Mark::X, Mark::O] {
            for ai in [Mark::X, Mark::O] {
                let beaten = beat_ai(Difficulty::Perfect, seed, ai, first, &mut searcher);
                assert_eq!(
                    beaten, None,
                    "Perfect as {ai} ({first} first, seed {seed}) lost to these moves"
                );
            }
        }
    }
}

#[test]
fn the_weaker_levels_can_be_beaten() {
    let mut searcher = AlphaBeta::new();
    for difficulty in [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard] {
        let beaten = (0..10).find_map(|seed| {
            [Mark::O, Mark::X]
                .into_iter()
                .find_map(|ai| beat_ai(difficulty, seed, ai, Mark::X, &mut searcher))
        });
        assert!(beaten.is_some(), "no opponent beat {difficulty:?}");
    }
}

#[test]
fn medium_walks_into_a_fork_that_hard_sees() {
    // X took two opposite corners around O's centre. A corner reply threatens the anti-diagonal
    // but X's forced block then makes two threats (left column and bottom row): O loses three
    // plies after its move, −7. An edge holds the draw.
    let position = board("X../.O./..X");
    let analysis = AlphaBeta::new().analyze(&position);
    let classic = Geometry::CLASSIC;
    for corner in [cell(0, 2), cell(2, 0)] {
        let score = analysis.score_of(corner).unwrap();
        assert_eq!(score.value(), -7, "{corner}");
        // Four plies ahead (Hard) is far enough to see the loss, two (Medium) is not.
        assert_eq!(Difficulty::Hard.perceived_score(score, classic), score);
        assert_eq!(
            Difficulty::Medium.perceived_score(score, classic),
            Score::DRAW
        );
    }
    let edges = [cell(0, 1), cell(1, 0), cell(1, 2), cell(2, 1)];
    let choices = |difficulty| {
        let mut choices: Vec<Cell> = (0..40)
            .map(|seed| {
                AiPlayer::seeded(seed)
                    .choose(&analysis, difficulty)
                    .unwrap()
            })
            .collect();
        choices.sort();
        choices.dedup();
        choices
    };
    assert!(choices(Difficulty::Hard).iter().all(|c| edges.contains(c)));
    assert!(
        choices(Difficulty::Medium)
            .iter()
            .any(|c| !edges.contains(c)),
        "Medium should sometimes take a losing corner"
    );

    // And the fork is real: after O's corner, best play by X wins.
    let mut game = position.after(cell(0, 2)).unwrap();
    let mut searcher = AlphaBeta::new();
    while !game.outcome().is_over() {
        let best = searcher.analyze(&game).best().unwrap().cell;
        game.play(best).unwrap();
    }
    assert_eq!(game.outcome().winner(), Some(Mark::X));
}

#[test]
fn easy_takes_a_win_and_medium_also_blocks() {
    let mut searcher = AlphaBeta::new();
    // X can complete the top row.
    let win_now = searcher.analyze(&board("XX./OO./..."));
    // X threatens the top row; O must block at (0,2).
    let must_block = searcher.analyze(&board("XX./O../..."));
    let mut easy_missed_a_block = false;
    for seed in 0..30 {
        for difficulty in Difficulty::ALL {
            let choice = AiPlayer::seeded(seed).choose(&win_now, difficulty);
            assert_eq!(choice, Some(cell(0, 2)), "{difficulty:?} seed {seed}");
        }
        for difficulty in [Difficulty::Medium, Difficulty::Hard, Difficulty::Perfect] {
            let choice = AiPlayer::seeded(seed).choose(&must_block, difficulty);
            assert_eq!(choice, Some(cell(0, 2)), "{difficulty:?} seed {seed}");
        }
        easy_missed_a_block |=
            AiPlayer::seeded(seed).choose(&must_block, Difficulty::Easy) != Some(cell(0, 2));
    }
    assert!(
        easy_missed_a_block,
        "Easy looks one ply ahead and cannot see X's threat"
    );
}

/// Depth-limited minimax: the score of the move that led to `position`, for `player` who made
/// it, looking at most `plies_left` more plies ahead; an unfinished game at the horizon scores 0.
fn limited(position: &Board, player: Mark, depth: i32, plies_left: i32) -> i32 {
    let win = position.geometry().win_score();
    match position.outcome() {
        Outcome::Won { mark, .. } if mark == player => return win - depth,
        Outcome::Won { .. } => return depth - win,
        Outcome::Draw => return 0,
        Outcome::Ongoing if plies_left == 0 => return 0,
        Outcome::Ongoing => {}
    }
    let scores = position.legal_moves().map(|cell| {
        limited(
            &position.after(cell).unwrap(),
            player,
            depth + 1,
            plies_left - 1,
        )
    });
    if position.to_move() == player {
        scores.max().unwrap()
    } else {
        scores.min().unwrap()
    }
}

#[test]
fn the_horizons_are_one_two_and_four_plies() {
    // As documented: Easy sees its own move, Medium the reply too, Hard two moves each.
    assert_eq!(Difficulty::Easy.horizon(), Some(1));
    assert_eq!(Difficulty::Medium.horizon(), Some(2));
    assert_eq!(Difficulty::Hard.horizon(), Some(4));
    assert_eq!(Difficulty::Perfect.horizon(), None);
}

#[test]
fn perceived_scores_equal_a_depth_limited_minimax() {
    let mut searcher = AlphaBeta::new();
    let classic = Geometry::CLASSIC;
    let mut player = AiPlayer::seeded(7);
    for first in [Mark::X, Mark::O] {
        for position in open_classic_positions(first) {
            let analysis = searcher.analyze(&position);
            let mover = position.to_move();
            for difficulty in Difficulty::ALL {
                let mut seen = Vec::new();
                for m in &analysis.moves {
                    let perceived = difficulty.perceived_score(m.score, classic).value();
                    let expected = match difficulty.horizon() {
                        Some(horizon) => {
                            let child = position.after(m.cell).unwrap();
                            limited(&child, mover, 0, horizon - 1)
                        }
                        None => m.score.value(),
                    };
                    assert_eq!(
                        perceived, expected,
                        "{difficulty:?} on {position:?}, move {}, exact {}",
                        m.cell, m.score
                    );
                    seen.push((m.cell, expected));
                }
                // The AI plays one of the moves that looks best from its horizon.
                let choice = player.choose(&analysis, difficulty).unwrap();
                let top = seen.iter().map(|&(_, s)| s).max().unwrap();
                assert!(
                    seen.contains(&(choice, top)),
                    "{difficulty:?} chose {choice} on {position:?}: {seen:?}"
                );
            }
        }
    }
}

#[test]
fn the_ai_picks_at_random_among_equal_moves_but_replays_exactly() {
    let analysis = AlphaBeta::new().analyze(&Board::classic());
    // All nine openings draw, so a perfect AI may play any of them.
    let mut openings: Vec<Cell> = (0..50)
        .map(|seed| {
            AiPlayer::seeded(seed)
                .choose(&analysis, Difficulty::Perfect)
                .unwrap()
        })
        .collect();
    openings.sort();
    openings.dedup();
    assert!(openings.len() > 3, "the AI always opens at {openings:?}");

    // The same seed makes the same choices, move after move.
    let positions = open_classic_positions(Mark::X);
    let mut searcher = AlphaBeta::new();
    let (mut a, mut b) = (AiPlayer::seeded(99), AiPlayer::seeded(99));
    for position in positions.iter().step_by(13) {
        let analysis = searcher.analyze(position);
        for difficulty in Difficulty::ALL {
            assert_eq!(
                a.choose(&analysis, difficulty),
                b.choose(&analysis, difficulty)
            );
        }
    }
}

#[test]
fn there_is_no_move_once_the_game_is_over() {
    let analysis = AlphaBeta::new().analyze(&board("XXX/OO./..."));
    for difficulty in Difficulty::ALL {
        assert_eq!(AiPlayer::seeded(1).choose(&analysis, difficulty), None);
    }
}

/// The Monte Carlo levels: MCTS's most visited move after their iterations, a seed replaying
/// it; they take a win and block one as minimax does.
#[test]
fn the_monte_carlo_levels_play_mcts_s_most_visited_move() {
    use tictactoe::engine::ai::mcts_choice;
    assert_eq!(Difficulty::CHOICES[..4], Difficulty::ALL);
    assert_eq!(Difficulty::CHOICES[4..], Difficulty::MONTE_CARLO);
    let iterations: Vec<_> = Difficulty::CHOICES
        .iter()
        .map(|level| level.mcts_iterations())
        .collect();
    assert_eq!(
        iterations,
        [None, None, None, None, Some(1_000), Some(10_000)]
    );
    assert_eq!(Difficulty::MctsThousand.name(), "MCTS, 1,000 iterations");
    for seed in 0..5 {
        let win = mcts_choice(&board("XX./OO./..."), 1_000, seed, &mut |_| true);
        assert_eq!(win, Some(cell(0, 2)), "seed {seed}");
        let block = mcts_choice(&board("XX./O../..."), 1_000, seed, &mut |_| true);
        assert_eq!(block, Some(cell(0, 2)), "seed {seed}");
    }
    let open = board("X../.../...");
    let again = |seed| mcts_choice(&open, 300, seed, &mut |_| true);
    assert_eq!(again(9), again(9));
    // Told to stop, it gives no move.
    let mut asked = 0;
    let stopped = mcts_choice(&open, 10_000, 1, &mut |done| {
        asked += 1;
        done < 512
    });
    assert_eq!((stopped, asked), (None, 3));
    // A seeded player seeds each position's search alike, and each position its own.
    let (a, b) = (AiPlayer::seeded(4), AiPlayer::seeded(4));
    assert_eq!(a.search_seed(&open), b.search_seed(&open));
    assert_ne!(a.search_seed(&open), a.search_seed(&Board::classic()));
}

/// Measured (release build, `tictactoe match`): MCTS at 10,000 iterations drew all 500 games
/// against Perfect over three seeds, at 3,000 all 200; at 1,000 it lost 2 of 100, at 100 a
/// quarter. Here, with a fixed seed (so the same games every run), a few games at 3,000.
#[test]
fn mcts_with_thousands_of_iterations_does_not_lose_to_perfect_play() {
    use tictactoe::engine::contest::{Contestant, play_match};
    let mcts = Contestant::Mcts { iterations: 3_000 };
    let perfect = Contestant::Minimax(Difficulty::Perfect);
    let result = play_match(mcts, perfect, 4, 1, &mut |_| true).unwrap();
    assert_eq!((result.x.losses, result.o.losses), (0, 0), "{result:?}");
    assert_eq!((result.x.first, result.o.first), (2, 2));
    // A weak MCTS against Perfect: it loses some games, never wins one.
    let weak = Contestant::Mcts { iterations: 20 };
    let result = play_match(weak, perfect, 20, 2, &mut |_| true).unwrap();
    assert_eq!(result.x.wins, 0);
    assert!(result.x.losses > 0, "{:?}", result.x);
    assert_eq!(result.x.wins + result.x.draws + result.x.losses, 20);
}

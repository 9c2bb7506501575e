//! `tictactoe match`: two computer players against each other on 3×3, a minimax level or Monte
//! Carlo tree search, each side's wins, draws and losses as JSON.

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};

use clap::Args;
use serde_json::json;

use super::args::{Checked, whole_number};
use super::error::{Error, Finished};
use super::progress;
use crate::engine::board::Mark;
use crate::engine::contest::{Contestant, Tally, play_match};

#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  tictactoe match --x mcts:1000 --o perfect --games 100 --seed 1\n  \
                  tictactoe match --x hard --o mcts:200 --games 20\n\n\
                  Prints one JSON object: \"x\" and \"o\", each side's player, \"wins\", \"draws\",\n\
                  \"losses\" and \"first\" (the games it moved first in), and \"results\", every game's\n\
                  first mover, winner (null for a draw) and moves (r1c1 is the top left cell). The\n\
                  first move alternates: X in the first game, O in the second, and so on. The same\n\
                  seed plays the same match, on every machine."
)]
pub struct MatchArgs {
    /// Who plays X: easy, medium, hard, perfect (the game's minimax levels) or mcts:N (Monte
    /// Carlo tree search, N iterations a move).
    #[arg(long, value_name = "PLAYER", value_parser = Checked(parse_contestant))]
    pub x: Contestant,

    /// Who plays O, as --x.
    #[arg(long, value_name = "PLAYER", value_parser = Checked(parse_contestant))]
    pub o: Contestant,

    /// How many games.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = Checked(parse_games), allow_hyphen_values = true)]
    pub games: u64,

    /// The random numbers' seed (the minimax levels' choices among equal moves, MCTS's
    /// playouts): the same seed plays the same match.
    #[arg(long, value_name = "S", default_value_t = 1, value_parser = Checked(parse_seed), allow_hyphen_values = true)]
    pub seed: u64,
}

/// The most games a match plays.
pub const MAX_GAMES: u64 = 10_000;

fn parse_contestant(text: &str) -> Result<Contestant, String> {
    text.parse()
}

fn parse_games(text: &str) -> Result<u64, String> {
    whole_number(text, "the games", "", 1..=MAX_GAMES)
}

fn parse_seed(text: &str) -> Result<u64, String> {
    whole_number(text, "the seed", "", 0..=u64::MAX)
}

/// Runs `match`, and with `progress` (for a terminal) the games so far on standard error.
pub fn contest(args: &MatchArgs, mut out: impl Write, progress: bool) -> Result<Finished, Error> {
    let done = AtomicU64::new(0);
    let status = || {
        format!(
            "game {} of {}",
            done.load(Ordering::Relaxed) + 1,
            args.games
        )
    };
    let result = progress::while_running(progress, &status, || {
        play_match(args.x, args.o, args.games, args.seed, &mut |finished| {
            done.store(finished, Ordering::Relaxed);
            true
        })
    })
    .expect("nothing stops a match on the command line");
    let side = |player: Contestant, tally: Tally| {
        json!({
            "player": player.to_string(),
            "wins": tally.wins,
            "draws": tally.draws,
            "losses": tally.losses,
            "first": tally.first,
        })
    };
    let mark = |mark: Mark| mark.to_string();
    let games: Vec<_> = result
        .games
        .iter()
        .map(|game| {
            json!({
                "first": mark(game.first),
                "winner": game.winner.map(mark),
                "moves": game.moves.iter().map(|cell| cell.name()).collect::<Vec<_>>(),
            })
        })
        .collect();
    let report = json!({
        "board": "3x3",
        "games": args.games,
        "seed": args.seed,
        "x": side(args.x, result.x),
        "o": side(args.o, result.o),
        "results": games,
    });
    serde_json::to_writer(&mut out, &report)?;
    writeln!(out)?;
    out.flush()?;
    Ok(Finished::Done)
}

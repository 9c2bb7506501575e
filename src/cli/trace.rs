//! `tictactoe trace`: the events of a search, one JSON line each, in the order it makes them.

use std::io::{self, Write};

use clap::{Args, ValueEnum};

use super::{EXIT_BAD_BOARD, EXIT_OK, MarkArg, preview};
use crate::board::{Board, Cell, Mark};
use crate::minimax::{Observer, SearchControl, Stop};
use crate::score::Score;
use crate::trace::TraceAlgorithm;

#[derive(Debug, Args)]
#[command(after_help = "Events, one JSON object a line:\n  \
    {\"event\":\"enter\",\"depth\":d,\"board\":B,\"role\":\"max\"|\"min\"} (alpha-beta adds \"alpha\", \"beta\")\n  \
    {\"event\":\"leaf\",\"depth\":d,\"board\":B,\"score\":s}\n  \
    {\"event\":\"return\",\"depth\":d,\"board\":B,\"score\":s}\n  \
    {\"event\":\"cutoff\",\"depth\":d,\"board\":B,\"alpha\":a,\"beta\":b,\"pruned\":[[r,c],...]}\n  \
    {\"event\":\"done\",\"algorithm\":..,\"nodes\":N,\"moves\":[{\"row\",\"col\",\"score\"},...],\"best\":{\"row\",\"col\"}}\n\
Scores are the maximiser's (the side to move at the start); the start's moves lead to depth 0.\n\
Alpha-beta's window starts at -(W+1), W+1 (W = 10 on 3x3): one beyond any score, for infinity.\n\n\
Example:\n  tictactoe trace XOX/.O./X.. --algorithm alphabeta")]
pub struct TraceArgs {
    /// The position: rows joined by '/', with X, O and '.' for empty (e.g. XOX/.O./X..).
    pub board: String,

    /// Plain minimax, or alpha-beta as the textbooks write it (no table).
    #[arg(long, value_enum, default_value_t = TraceAlgorithmArg::Plain)]
    pub algorithm: TraceAlgorithmArg,

    /// Whose move it is (default: from the counts: equal, X; one more X, O; one more O, X).
    #[arg(long, value_enum)]
    pub to_move: Option<MarkArg>,

    /// Give up after visiting this many positions.
    #[arg(long, value_name = "N", default_value_t = 20_000_000)]
    pub max_nodes: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TraceAlgorithmArg {
    Plain,
    Alphabeta,
}

impl From<TraceAlgorithmArg> for TraceAlgorithm {
    fn from(algorithm: TraceAlgorithmArg) -> TraceAlgorithm {
        match algorithm {
            TraceAlgorithmArg::Plain => TraceAlgorithm::Plain,
            TraceAlgorithmArg::Alphabeta => TraceAlgorithm::AlphaBeta,
        }
    }
}

/// Runs `trace`. Returns the exit status.
pub fn trace(args: &TraceArgs, mut out: impl Write, mut err: impl Write) -> io::Result<i32> {
    let board = match Board::parse_with_turn(&args.board, args.to_move.map(Mark::from)) {
        Ok(board) => board,
        Err(error) => {
            writeln!(err, "tictactoe trace: {:?}: {error}", preview(&args.board))?;
            return Ok(EXIT_BAD_BOARD);
        }
    };
    let algorithm = TraceAlgorithm::from(args.algorithm);
    let control = SearchControl::with_node_budget(args.max_nodes);
    let mut lines = JsonLines {
        out: &mut out,
        control: &control,
        error: None,
    };
    let result = algorithm.run(&board, &control, &mut lines);
    if let Some(error) = lines.error {
        return Err(error);
    }
    match result {
        Ok(analysis) => {
            let cell = |cell: Cell| format!(r#"{{"row":{},"col":{}}}"#, cell.row, cell.col);
            let moves: Vec<String> = analysis
                .moves
                .iter()
                .map(|m| {
                    format!(
                        r#"{{"row":{},"col":{},"score":{}}}"#,
                        m.cell.row,
                        m.cell.col,
                        m.score.value()
                    )
                })
                .collect();
            let best = analysis.best().map_or("null".to_string(), |m| cell(m.cell));
            writeln!(
                out,
                r#"{{"event":"done","algorithm":"{}","nodes":{},"moves":[{}],"best":{best}}}"#,
                algorithm.name(),
                analysis.stats.nodes,
                moves.join(",")
            )?;
            out.flush()?;
            Ok(EXIT_OK)
        }
        Err(stop) => {
            out.flush()?;
            let hint = match stop {
                Stop::NodeBudget { .. } => " (raise --max-nodes to search further)",
                Stop::Cancelled | Stop::TimeLimit => "",
            };
            writeln!(
                err,
                "tictactoe trace: {:?}: {stop}{hint}",
                preview(&args.board)
            )?;
            Ok(EXIT_BAD_BOARD)
        }
    }
}

/// Writes each event as a line of JSON. A write error stops the search.
struct JsonLines<'a, W> {
    out: &'a mut W,
    control: &'a SearchControl,
    error: Option<io::Error>,
}

impl<W: Write> JsonLines<'_, W> {
    fn line(&mut self, line: std::fmt::Arguments) {
        if self.error.is_some() {
            return;
        }
        if let Err(error) = self
            .out
            .write_fmt(line)
            .and_then(|()| self.out.write_all(b"\n"))
        {
            self.error = Some(error);
            self.control.cancel();
        }
    }
}

impl<W: Write> Observer for JsonLines<'_, W> {
    fn enter(&mut self, depth: i32, board: &Board, is_max: bool, window: Option<(Score, Score)>) {
        let role = if is_max { "max" } else { "min" };
        let board = board.notation();
        let board = board.as_str();
        match window {
            None => self.line(format_args!(
                r#"{{"event":"enter","depth":{depth},"board":"{board}","role":"{role}"}}"#
            )),
            Some((alpha, beta)) => self.line(format_args!(
                r#"{{"event":"enter","depth":{depth},"board":"{board}","role":"{role}","alpha":{},"beta":{}}}"#,
                alpha.value(),
                beta.value()
            )),
        }
    }

    fn leaf(&mut self, depth: i32, board: &Board, score: Score) {
        let board = board.notation();
        self.line(format_args!(
            r#"{{"event":"leaf","depth":{depth},"board":"{}","score":{}}}"#,
            board.as_str(),
            score.value()
        ));
    }

    fn exit(&mut self, depth: i32, board: &Board, score: Score) {
        let board = board.notation();
        self.line(format_args!(
            r#"{{"event":"return","depth":{depth},"board":"{}","score":{}}}"#,
            board.as_str(),
            score.value()
        ));
    }

    fn cutoff(&mut self, depth: i32, board: &Board, alpha: Score, beta: Score, pruned: &[Cell]) {
        let cells: Vec<String> = pruned
            .iter()
            .map(|c| format!("[{},{}]", c.row, c.col))
            .collect();
        let board = board.notation();
        self.line(format_args!(
            r#"{{"event":"cutoff","depth":{depth},"board":"{}","alpha":{},"beta":{},"pruned":[{}]}}"#,
            board.as_str(),
            alpha.value(),
            beta.value(),
            cells.join(",")
        ));
    }
}

//! One truth on screen: every view of the app shows the same number for the same move, by one
//! rule. For the player to move, the player to move in the position on show maximises and every
//! number is theirs; in the articles' view X maximises and every number is X's; in both, depth
//! counts from the position on show. The numbers are read from what a screen reader gets (the
//! accessibility tree) and checked against a minimax written here from scratch.

use std::collections::BTreeMap;

use egui::Key;
use egui_kittest::kittest::{NodeT, Queryable};
use tictactoe::{Board, Cell, Mark, Outcome};

mod harness;

use harness::{Game, settings_file, start, start_with_options};

/// Minimax with X maximising, as the seeds write it: the value of `board` reached at `depth`,
/// where the moves of the position on show lead to depth 0.
fn x_minimax(board: &Board, depth: i32) -> i32 {
    let win = board.geometry().win_score();
    match board.outcome() {
        Outcome::Won { mark: Mark::X, .. } => return win - depth,
        Outcome::Won { .. } => return depth - win,
        Outcome::Draw => return 0,
        Outcome::Ongoing => {}
    }
    let values = board
        .legal_moves()
        .map(|cell| x_minimax(&board.after(cell).unwrap(), depth + 1));
    if board.to_move() == Mark::X {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

/// The two values of "Scores are seen", as the settings file spells them.
#[derive(Debug, Clone, Copy, PartialEq)]
enum View {
    Mover,
    X,
}

impl View {
    fn setting(self) -> &'static str {
        match self {
            View::Mover => "SideToMove",
            View::X => "Articles",
        }
    }

    /// Who maximises when `on_show` is the position on show.
    fn maximiser(self, on_show: &Board) -> Mark {
        match self {
            View::Mover => on_show.to_move(),
            View::X => Mark::X,
        }
    }

    /// The number the rule gives the position `after`, reached `plies + 1` moves below
    /// `on_show` (plies 0: a move on the position on show).
    fn number(self, on_show: &Board, after: &Board, plies: i32) -> i32 {
        let x = x_minimax(after, plies);
        if self.maximiser(on_show) == Mark::X {
            x
        } else {
            -x
        }
    }
}

/// Every accessible name in the window (a text label's is its value).
fn labels(game: &Game) -> Vec<String> {
    game.harness
        .query_all_by_label_contains("")
        .filter_map(|node| {
            let node = node.accesskit_node();
            if node.role() == egui::accesskit::Role::Label {
                node.value()
            } else {
                node.label()
            }
        })
        .collect()
}

/// The labels that start with `prefix`.
fn labels_starting(game: &Game, prefix: &str) -> Vec<String> {
    labels(game)
        .into_iter()
        .filter(|label| label.starts_with(prefix))
        .collect()
}

/// The integer right after `key` in `text`: "…, score -7, …" with key "score " gives -7.
fn number_after(text: &str, key: &str) -> i32 {
    let start = text
        .find(key)
        .unwrap_or_else(|| panic!("no {key:?} in {text:?}"))
        + key.len();
    let digits: String = text[start..]
        .chars()
        .enumerate()
        .take_while(|&(i, c)| c.is_ascii_digit() || (i == 0 && (c == '-' || c == '+')))
        .map(|(_, c)| c)
        .collect();
    digits
        .parse()
        .unwrap_or_else(|_| panic!("no number after {key:?} in {text:?}"))
}

/// "row 2, column 3" (or "Row …") anywhere in `text`, as a cell.
fn cell_in(text: &str) -> Cell {
    let lower = text.to_lowercase();
    let row = number_after(&lower, "row ");
    let col = number_after(&lower, "column ");
    Cell::new(row as usize - 1, col as usize - 1)
}

/// The numbers a board shows on its empty cells, read from the cells' accessible names
/// ("Row 1, column 2, empty, score 9, …", or after `prefix` on a read-only board).
fn board_numbers(game: &Game, prefix: &str) -> BTreeMap<Cell, i32> {
    labels_starting(game, prefix)
        .iter()
        .filter(|label| label.contains(", empty,") && label.contains(", score "))
        .map(|label| (cell_in(label), number_after(label, ", score ")))
        .collect()
}

/// "r1c2" → the cell.
fn short_cell(text: &str) -> Cell {
    let (row, col) = text.trim_start_matches('r').split_once('c').unwrap();
    Cell::new(
        row.parse::<usize>().unwrap() - 1,
        col.parse::<usize>().unwrap() - 1,
    )
}

/// Sets up a game where the human is to move with `mover`, a few moves in, with the scores on.
fn game_with(view: View, mover: Mark) -> Game {
    let seats = match mover {
        Mark::X => "first_player: Human, human_mark: X",
        Mark::O => "first_player: Computer, human_mark: O",
    };
    let mut game = start(&format!(
        "{seats}, show_scores: true, score_view: {}, difficulty: Perfect, welcome_hint: false",
        view.setting()
    ));
    // Two moves each way at most, never one that ends the game.
    for _ in 0..2 {
        let board = game.board();
        if board.empty_cells().count() <= 5 {
            break;
        }
        let cell = board
            .legal_moves()
            .find(|&cell| {
                let after = board.after(cell).unwrap();
                !after.outcome().is_over()
                    && after
                        .legal_moves()
                        .all(|reply| !after.after(reply).unwrap().outcome().is_over())
            })
            .unwrap();
        game.click_cell(cell);
    }
    assert_eq!(game.board().to_move(), mover, "{}", game.board());
    game
}

/// Every view agrees with the rule, and so with each other, on one position.
fn every_view_follows_the_rule(view: View, mover: Mark) {
    let mut game = game_with(view, mover);
    let on_show = game.board();
    let context = format!("{view:?} view, {mover} to move on {on_show}");
    // The board: every empty cell's number is the rule's.
    let board = board_numbers(&game, "Row ");
    let expected: BTreeMap<Cell, i32> = on_show
        .legal_moves()
        .map(|cell| {
            (
                cell,
                view.number(&on_show, &on_show.after(cell).unwrap(), 0),
            )
        })
        .collect();
    assert_eq!(board, expected, "the board, {context}");
    assert!(board.values().any(|&n| n != 0), "a sign to see, {context}");

    // The legend explains the cell looked at with the same number.
    for (&cell, &number) in board.iter().take(2) {
        game.harness
            .get_by_label_contains(&format!(
                "Row {}, column {}, empty",
                cell.row + 1,
                cell.col + 1
            ))
            .hover();
        game.settle();
        let explained = labels_starting(&game, &format!("{mover} at {}: ", cell.human()));
        assert_eq!(explained.len(), 1, "{context}: {explained:?}");
        let formula = explained[0].split(": ").nth(1).unwrap();
        assert_eq!(number_after(formula, ""), number, "the legend, {context}");
    }

    // The explorer's root rows, one deeper row, and how a value comes about.
    game.press(Key::T);
    for (&cell, &number) in &board {
        let row = format!(
            "Tree node r{}c{}: {mover} {}, score ",
            cell.row + 1,
            cell.col + 1,
            cell.human()
        );
        let found = labels_starting(&game, &row);
        assert_eq!(found.len(), 1, "{context}: {row}");
        assert_eq!(
            number_after(&found[0], ", score "),
            number,
            "the explorer, {context}"
        );
    }
    let (&first, &first_number) = board.iter().next().unwrap();
    game.harness
        .get_by_label(&format!("Expand node r{}c{}", first.row + 1, first.col + 1))
        .click();
    game.settle();
    let child = on_show.after(first).unwrap();
    let prefix = format!("Tree node r{}c{} ", first.row + 1, first.col + 1);
    let deeper = labels_starting(&game, &prefix);
    assert_eq!(
        deeper.len(),
        child.legal_moves().count(),
        "{context}: {deeper:?}"
    );
    for label in &deeper {
        let cell = short_cell(label[prefix.len()..].split(':').next().unwrap());
        let expected = view.number(&on_show, &child.after(cell).unwrap(), 1);
        assert_eq!(
            number_after(label, ", score "),
            expected,
            "a deeper row, {context}"
        );
    }
    let how = labels_starting(&game, &format!("{} to move (", child.to_move()));
    assert_eq!(how.len(), 1, "{context}: {how:?}");
    assert_eq!(
        number_after(&how[0], ") = "),
        first_number,
        "the value of a node is its move's number, {context}"
    );
    game.press(Key::T);

    // The step-through's depth-0 returns, run to the end.
    game.press(Key::D);
    game.press(Key::End);
    let scored = labels_starting(&game, "findBestMove: moves scored so far: ");
    assert_eq!(scored.len(), 1, "{context}");
    let returns: BTreeMap<Cell, i32> = scored[0]
        .trim_start_matches("findBestMove: moves scored so far: ")
        .split(", ")
        .map(|part| {
            let (cell, value) = part.split_once(" = ").unwrap();
            (short_cell(cell), value.parse().unwrap())
        })
        .collect();
    assert_eq!(returns, board, "the step-through, {context}");
    game.press(Key::Escape);

    // The W panel: the position the computer saw, by the same rule from that position.
    game.press(Key::W);
    let last = game.last_computer_move();
    let seen = board_numbers(&game, "The position the computer saw: row ");
    let expected: BTreeMap<Cell, i32> = last
        .board
        .legal_moves()
        .map(|cell| {
            (
                cell,
                view.number(&last.board, &last.board.after(cell).unwrap(), 0),
            )
        })
        .collect();
    assert_eq!(seen, expected, "the W panel's board, {context}");
    let played = labels_starting(
        &game,
        &format!(
            "{} played {}: score ",
            last.board.to_move(),
            last.cell.human()
        ),
    );
    assert_eq!(played.len(), 1, "{context}");
    assert_eq!(
        number_after(&played[0], ": score "),
        seen[&last.cell],
        "the W panel, {context}"
    );
    game.press(Key::W);

    // The review: each move from the position before it; the board before the last move shows
    // the same number on the cell played, and frames it.
    game.press(Key::M);
    let moves = game.harness.state().session().game().moves().to_vec();
    let mut before = *game.harness.state().session().game().start();
    let mut last_number = 0;
    for (index, &cell) in moves.iter().enumerate() {
        let name = labels_starting(&game, &format!("Move {}: ", index + 1));
        assert_eq!(name.len(), 1, "{context}");
        let number = number_after(&name[0], ", score ");
        let expected = view.number(&before, &before.after(cell).unwrap(), 0);
        assert_eq!(number, expected, "review move {}, {context}", index + 1);
        let best = before
            .legal_moves()
            .map(|c| view.number(&before, &before.after(c).unwrap(), 0));
        let best = if view.maximiser(&before) == before.to_move() {
            best.max()
        } else {
            best.min()
        };
        assert_eq!(
            number_after(&name[0], ", best "),
            best.unwrap(),
            "{context}"
        );
        last_number = number;
        before.play(cell).unwrap();
    }
    game.harness
        .get_by_label_contains(&format!("Move {}: ", moves.len()))
        .scroll_to_me();
    game.settle();
    game.harness
        .get_by_label_contains(&format!("Move {}: ", moves.len()))
        .click();
    game.settle();
    let played = moves[moves.len() - 1];
    let cell_label = labels_starting(
        &game,
        &format!("Row {}, column {}, empty", played.row + 1, played.col + 1),
    );
    assert_eq!(cell_label.len(), 1, "{context}");
    assert!(
        cell_label[0].contains("the move played"),
        "{}",
        cell_label[0]
    );
    assert_eq!(
        number_after(&cell_label[0], ", score "),
        last_number,
        "{context}"
    );
}

#[test]
fn for_the_player_to_move_with_x_to_move() {
    every_view_follows_the_rule(View::Mover, Mark::X);
}

#[test]
fn for_the_player_to_move_with_o_to_move() {
    every_view_follows_the_rule(View::Mover, Mark::O);
}

#[test]
fn x_maximises_with_x_to_move() {
    every_view_follows_the_rule(View::X, Mark::X);
}

#[test]
fn x_maximises_with_o_to_move() {
    every_view_follows_the_rule(View::X, Mark::O);
}

// --- the learner's reproductions, one test each ---

/// Two players, the scores on, in `view`, after `moves`.
fn two_players(view: View, moves: &[(usize, usize)]) -> Game {
    let mut game = start(&format!(
        "mode: TwoPlayers, show_scores: true, score_view: {}, welcome_hint: false",
        view.setting()
    ));
    for &(row, col) in moves {
        game.click_cell(Cell::new(row, col));
    }
    game
}

#[test]
fn a_replayed_move_shows_the_explorers_number_and_says_where_depth_counts_from() {
    let mut game = two_players(View::X, &[(0, 0)]);
    let on_show = game.board(); // O to move
    let first = Cell::new(0, 1);
    game.press(Key::T);
    game.harness.get_by_label("Expand node r1c2").click();
    game.settle();
    // Replay that move's line from the board: its second move is one of the explorer's rows.
    game.harness
        .get_by_label_contains("Row 1, column 2, empty")
        .hover();
    game.settle();
    game.press(Key::R);
    game.press(Key::Period);
    // One move in, the board shows the numbers of the next moves, depth kept from the start.
    let board_after_one = board_numbers(&game, "Row ");
    game.press(Key::Period);
    let banner = labels_starting(&game, "Replay, move 2 of ");
    assert_eq!(banner.len(), 1, "{banner:?}");
    assert!(
        banner[0].ends_with("(depth counted from where the replay starts)."),
        "{}",
        banner[0]
    );
    let second = cell_in(banner[0].split(": ").nth(1).unwrap());
    let row = labels_starting(
        &game,
        &format!("Tree node r1c2 r{}c{}: ", second.row + 1, second.col + 1),
    );
    assert_eq!(row.len(), 1);
    let number = number_after(&banner[0], ", score ");
    assert_eq!(number, number_after(&row[0], ", score "));
    let after = on_show.after(first).unwrap().after(second).unwrap();
    assert_eq!(number, View::X.number(&on_show, &after, 1));
    // The same line, one number: the board showed the banner's number on that move's cell.
    assert_eq!(board_after_one[&second], number, "{board_after_one:?}");
    // The board on show is the replay's; its legend says where depth counts from, and whose best
    // it frames.
    game.harness.get_by_label_contains(
        "Depth counted from the start of the replay, 2 plies above this board, as in the banner.",
    );
    game.harness
        .get_by_label_contains("gold frame: O's best (the lowest)");
}

#[test]
fn a_previewed_tree_node_shows_the_trees_numbers_on_the_board() {
    for view in [View::X, View::Mover] {
        let mut game = two_players(view, &[(0, 0)]);
        game.press(Key::T);
        game.harness.get_by_label("Expand node r1c2").click();
        game.settle();
        let rows = labels_starting(&game, "Tree node r1c2 r");
        assert!(!rows.is_empty());
        // Preview the node r1c2: its children are the empty cells of the board on show.
        game.harness
            .get_by_label_contains("Tree node r1c2: ")
            .click();
        game.settle();
        game.harness
            .get_by_label_contains("Preview: after r1c2. Nothing has been played.");
        let board = board_numbers(&game, "Row ");
        assert_eq!(board.len(), rows.len(), "{board:?} {rows:?}");
        for row in &rows {
            let child = short_cell(row["Tree node r1c2 ".len()..].split(':').next().unwrap());
            assert_eq!(
                board[&child],
                number_after(row, ", score "),
                "{view:?}: {row}"
            );
        }
        game.harness.get_by_label_contains(
            "Depth counted from the explorer's root (the game's position), 1 ply above this \
             board, as in the tree.",
        );
    }
}

#[test]
fn the_legend_describes_the_position_on_show_not_the_games() {
    // O to move in the game; one step into a replay, X is to move on the board.
    let mut game = two_players(View::X, &[(0, 0)]);
    game.harness
        .get_by_label_contains("Row 2, column 2, empty")
        .hover();
    game.settle();
    game.harness
        .get_by_label_contains("gold frame: O's best (the lowest)");
    game.press(Key::R);
    game.press(Key::Period);
    game.harness.event(egui::Event::PointerGone);
    game.settle();
    game.harness
        .get_by_label_contains("gold frame: X's best (the highest)");
    assert!(labels_starting(&game, "gold frame: O's").is_empty());
}

#[test]
fn after_a_wrong_practice_answer_the_words_and_the_dots_give_the_same_line() {
    let mut game = start("welcome_hint: false");
    game.press(Key::P);
    let position = game.board_on_show();
    let mover = position.to_move();
    let best = tictactoe::engine::minimax::plain(&position)
        .best()
        .unwrap()
        .cell;
    let wrong = position.legal_moves().find(|&c| c != best).unwrap();
    game.click_cell(wrong);
    // Pointing at the wrong move: its line, in words and in dots.
    game.harness
        .get_by_label_contains(&format!("Row {}, column {},", wrong.row + 1, wrong.col + 1))
        .hover();
    game.settle();
    same_line(&game, "This move's", mover, wrong);
    // Away from the board: the one move's line, in words and in dots.
    game.harness.event(egui::Event::PointerGone);
    game.settle();
    same_line(&game, "The one move's", mover, best);
}

/// The practice text gives `whose` line of play, starting with `first` played by `mover`, and
/// the board's numbered dots (its accessible description) show the same line.
fn same_line(game: &Game, whose: &str, mover: Mark, first: Cell) {
    let prefix = format!("{whose} line of play (the numbered dots): ");
    let words = labels_starting(game, &prefix);
    assert_eq!(words.len(), 1, "{prefix}");
    let line = words[0].trim_start_matches(&prefix);
    assert!(
        line.starts_with(&format!("1. {mover} {}", first.human())),
        "{line}"
    );
    let dots = game
        .harness
        .get_by_label_contains("Board ")
        .accesskit_node()
        .description()
        .unwrap_or_default();
    assert_eq!(
        dots,
        format!("Line of play shown: {}", line.trim_end_matches('.'))
    );
}

#[test]
fn accuracy_is_counted_for_whoever_played_the_moves() {
    // Lose as X (the worst move each time), then switch to O and lose again.
    let mut game = start("show_scores: true, difficulty: Perfect, welcome_hint: false");
    let lose = |game: &mut Game| {
        while game.board().outcome() == Outcome::Ongoing {
            let analysis = game.harness.state().shown_scores().unwrap().clone();
            let worst = analysis.moves.iter().min_by_key(|m| m.score).unwrap().cell;
            game.click_cell(worst);
        }
    };
    lose(&mut game);
    // Players > You play > O: the game is over, so the next one starts with it at once.
    game.harness.get_by_label("Players").click();
    game.settle();
    game.harness.get_by_label("You play").hover();
    game.settle();
    game.harness.get_by_label("O").click();
    game.settle();
    game.harness.event(egui::Event::PointerGone);
    game.settle();
    assert_eq!(game.harness.state().session().setup().human_mark, Mark::O);
    lose(&mut game);
    let tally = labels_starting(&game, "You 0 · Computer 2 · Draws 0 · Accuracy: ");
    assert_eq!(tally.len(), 1, "{:?}", labels(&game));
    // Perfect played every one of its moves best, whichever mark it had.
    let computer = tally[0].split("computer ").nth(1).unwrap();
    assert!(computer.starts_with("100 % ("), "{}", tally[0]);
    let you = tally[0].split("you ").nth(1).unwrap();
    assert!(!you.starts_with("100 %"), "{}", tally[0]);
}

/// Runs frames the way the real window does: only when the app asks for one (a search that
/// answers wakes it), until nothing is under way and nothing is asked for; `check` looks at every
/// frame shown.
fn run_like_the_window(game: &mut Game, check: &dyn Fn(&Game)) {
    game.harness.step(); // the queued input
    check(game);
    for _ in 0..2000 {
        if game.harness.ctx.has_requested_repaint() {
            game.harness.step();
            check(game);
        } else if game.harness.state().is_busy() {
            #[allow(clippy::disallowed_methods, reason = "a test, not the seam")]
            std::thread::sleep(std::time::Duration::from_millis(5));
        } else {
            return;
        }
    }
    panic!("the app never settled");
}

#[test]
fn the_end_of_a_game_is_drawn_without_waiting_for_the_mouse() {
    // The summary and the accuracy wait for the game's review, searched in the background: they
    // must show although nothing but the app itself asks for a frame.
    let mut game = start("difficulty: Perfect, welcome_hint: false");
    // Every frame shows the score line whole, inside the default window, however long the
    // status line above it has grown.
    let score_line_inside = |game: &Game| {
        let rect = game
            .harness
            .get_by_label_contains("You 0 · Computer ")
            .rect();
        assert!(
            rect.bottom() <= 580.0,
            "the score line is cut off: {rect:?}"
        );
    };
    while game.board().outcome() == Outcome::Ongoing {
        let cell = game.board().legal_moves().next().unwrap();
        let label = format!("Row {}, column {}, empty", cell.row + 1, cell.col + 1);
        game.harness.get_by_label_contains(&label).click();
        run_like_the_window(&mut game, &score_line_inside);
    }
    let status = labels_starting(&game, "");
    assert!(
        status
            .iter()
            .any(|l| l.contains("Game over: ") && l.contains("Your moves: ")),
        "no summary in {status:?}"
    );
    game.harness.get_by_label_contains("Accuracy: you ");
}

#[test]
fn the_status_line_announces_the_computers_move_to_a_screen_reader() {
    let mut game = start("welcome_hint: false");
    game.click_cell(Cell::new(0, 0));
    let last = game.last_computer_move();
    let announced = format!("The computer (O) played {}.", last.cell.human());
    let node = game.harness.get_by_label_contains(&announced);
    assert_eq!(
        node.accesskit_node().live(),
        egui::accesskit::Live::Polite,
        "a live region"
    );
}

#[test]
fn the_step_through_counts_one_thing_one_way_and_stops_at_its_cap() {
    // Plain minimax on an open 4×4 board never finishes: the trace stops at its cap and says so.
    let (dir, path) = settings_file(
        "(ai_delay_ms: 0, theme: Dark, mode: TwoPlayers, board_size: 4, welcome_hint: false)",
    );
    let mut game = start_with_options(dir, path, None, Some(2_000), [1200.0, 850.0]);
    game.press(Key::D);
    game.press(Key::End);
    game.settle();
    game.harness.run();
    game.harness
        .get_by_label_contains("Plain minimax needs more than 2,000 positions here");
    let log = game.harness.state().controller().trace().unwrap();
    assert!(log.events.len() < 3 * 2_000, "{} events", log.events.len());
}

#[test]
fn the_step_through_fits_large_windows() {
    for size in [[1200.0, 850.0], [1300.0, 900.0]] {
        let (dir, path) =
            settings_file("(ai_delay_ms: 0, theme: Dark, mode: TwoPlayers, welcome_hint: false)");
        let mut game = start_with_options(dir, path, None, None, size);
        game.click_cell(Cell::new(1, 1));
        game.press(Key::D);
        for _ in 0..6 {
            game.press(Key::ArrowRight);
        }
        for label in [
            "steps a second",
            "Close (Esc)",
            "function findBestMove(board):",
            "    if the minimiser has a line: return depth - W",
            "Call stack",
        ] {
            for node in game.harness.get_all_by_label_contains(label) {
                let rect = node.rect();
                assert!(
                    rect.right() <= size[0] && rect.bottom() <= size[1],
                    "{label:?} at {rect:?} is cut off in a {size:?} window"
                );
            }
        }
    }
}

#[test]
fn the_board_takes_back_its_room_when_the_explorer_closes() {
    let (dir, path) = settings_file(
        "(ai_delay_ms: 0, theme: Dark, show_scores: true, explorer_open: true, \
         welcome_hint: false)",
    );
    let mut game = start_with_options(dir, path, None, None, [1200.0, 850.0]);
    game.press(Key::T);
    game.harness.run();
    let cell = game
        .harness
        .get_by_label_contains("Row 1, column 1,")
        .rect();
    assert!(
        cell.width() >= 180.0,
        "the board stays narrow: a cell is {cell:?}"
    );
}

#[test]
fn a_narrow_window_widens_for_the_explorer_and_gets_its_width_back() {
    let (dir, path) = settings_file("(ai_delay_ms: 0, theme: Dark, welcome_hint: false)");
    let mut game = start_with_options(dir, path, None, None, [320.0, 420.0]);
    // The frame that handles T asks the window for a width.
    let press_t = |game: &mut Game| {
        let key = |pressed| egui::Event::Key {
            key: Key::T,
            physical_key: None,
            pressed,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        };
        game.harness.event(key(true));
        game.harness.step();
        let asked = game.harness.output().viewport_output[&egui::ViewportId::ROOT]
            .commands
            .iter()
            .find_map(|command| match command {
                egui::ViewportCommand::InnerSize(size) => Some(size.x),
                _ => None,
            });
        game.harness.event(key(false));
        game.settle();
        asked
    };
    assert_eq!(
        press_t(&mut game),
        Some(780.0),
        "room for the explorer beside the board"
    );
    game.harness.set_size(egui::vec2(780.0, 420.0)); // the window did as asked
    game.settle();
    assert_eq!(
        press_t(&mut game),
        Some(320.0),
        "its width back once the explorer closes"
    );
}

// --- positions in ---

/// Clicks a cell until it holds `mark` (the editor cycles empty, X, O).
fn set_cell(game: &mut Game, cell: Cell, mark: Option<Mark>) {
    for _ in 0..3 {
        let prefix = format!("Row {}, column {}, ", cell.row + 1, cell.col + 1);
        let label = labels_starting(game, &prefix);
        assert_eq!(label.len(), 1, "{label:?}");
        let holds = label[0][prefix.len()..]
            .split(',')
            .next()
            .unwrap()
            .to_string();
        let wanted = mark.map_or("empty".to_string(), |m| m.to_string());
        if holds == wanted {
            return;
        }
        game.harness.get_by_label_contains(&prefix).click();
        game.settle();
    }
    panic!("{cell:?} never held {mark:?}");
}

#[test]
fn the_gfg_example_set_up_in_the_editor_has_the_articles_scores() {
    let mut game = start("welcome_hint: false");
    game.press(Key::E);
    game.harness
        .get_by_label("Position being set up: .../.../...");
    let gfg: Board = "XOX/OOX/...".parse().unwrap();
    for cell in gfg.geometry().all_cells() {
        set_cell(&mut game, cell, gfg.get(cell));
    }
    game.harness
        .get_by_label("Position being set up: XOX/OOX/...");
    // A fourth X with X to move cannot be: analyze's own message, shown beside the board.
    set_cell(&mut game, Cell::new(2, 0), Some(Mark::X));
    game.harness.get_by_label("X").click();
    game.settle();
    let message = Board::parse_with("XOX/OOX/X..", Some(Mark::X), None)
        .unwrap_err()
        .to_string();
    game.harness
        .get_by_label(&format!("Not a position a game can reach: {message}"));
    set_cell(&mut game, Cell::new(2, 0), None);
    game.harness.get_by_label("from the counts: X").click();
    game.settle();
    game.harness.get_by_label("Analyse").click();
    game.settle();
    let numbers = board_numbers(&game, "Row 3");
    let row3: Vec<i32> = (0..3).map(|col| numbers[&Cell::new(2, col)]).collect();
    assert_eq!(
        row3,
        [-9, 0, 10],
        "the article's best move is row 3, column 3, value 10"
    );
    // Play from here, two players: the game is that position.
    game.harness.get_by_label("two players").click();
    game.settle();
    assert_eq!(game.board(), gfg);
    assert_eq!(game.harness.state().session().game().moves().len(), 0);
}

#[test]
fn a_position_opened_from_the_command_line_is_the_game_with_you_to_move() {
    let (dir, path) =
        settings_file("(ai_delay_ms: 0, theme: Dark, welcome_hint: false, show_scores: true)");
    let position = Board::parse_with("XO./.X./..O", Some(Mark::X), None).unwrap();
    let mut game = harness::start_with_position(dir, path, position);
    game.settle();
    assert_eq!(game.board(), position);
    assert!(game.harness.state().session().human_to_move());
    let numbers = board_numbers(&game, "Row ");
    assert_eq!(numbers.len(), position.legal_moves().count());
}

/// Issue 30, item 9: what `--position` sets for its game (the seating, the board) is not saved:
/// the next normal start is as before. A setting changed meanwhile is saved, alone.
#[test]
fn a_position_from_the_command_line_never_changes_the_saved_settings() {
    let text = "(ai_delay_ms: 0, theme: Dark, welcome_hint: false)";
    let (dir, path) = settings_file(text);
    // O to move on a 4×4: you play O there.
    let position = Board::parse_with("X.../..../..../....", None, None).unwrap();
    let mut game = harness::start_with_position(dir, path.clone(), position);
    game.settle();
    assert_eq!(game.board(), position);
    game.harness.state().flush_settings();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    // Scores on (S): saved, and nothing of the position with them.
    game.press(Key::S);
    game.settle();
    game.harness.state().flush_settings();
    let saved = tictactoe::store::settings::load_strict(&path).unwrap();
    assert!(saved.show_scores);
    assert_eq!(saved.human_mark, Mark::X);
    assert_eq!(saved.board_size, 3);
    let game = harness::start_with_file(tempfile::tempdir().unwrap(), path.clone(), None);
    drop(game);
    let saved = tictactoe::store::settings::load_strict(&path).unwrap();
    assert_eq!((saved.human_mark, saved.board_size), (Mark::X, 3));
}

/// Issue 30, item 10: Players › Mode › Two players right after `--position` keeps the position.
#[test]
fn two_players_after_a_position_from_the_command_line_keeps_the_position() {
    let (dir, path) = settings_file("(ai_delay_ms: 0, theme: Dark, welcome_hint: false)");
    let position = Board::parse_with("XO./.X./..O", Some(Mark::X), None).unwrap();
    let mut game = harness::start_with_position(dir, path, position);
    game.settle();
    game.harness.get_by_label("Players").click();
    game.settle();
    game.harness.get_by_label("Mode").hover();
    game.settle();
    game.harness.get_by_label("Two players").click();
    game.settle();
    assert_eq!(game.board(), position);
    assert_eq!(
        game.harness.state().session().setup().mode,
        tictactoe::game::Mode::TwoPlayers
    );
}

#[test]
fn a_bad_position_on_the_command_line_exits_with_analyzes_message_before_any_window() {
    for (board, to_move, k) in [
        ("XX./.../...", None, None),
        ("X../.../...", Some(Mark::X), None),
        ("XQX/.../...", None, None),
        ("X.../..../..../....", None, Some(6)),
    ] {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_tictactoe"));
        command.arg("--position").arg(board);
        if let Some(mark) = to_move {
            command.args(["--to-move", &mark.to_string()]);
        }
        if let Some(k) = k {
            command.args(["--k", &k.to_string()]);
        }
        // No display: had it got as far as opening a window, it would fail otherwise.
        let output = command
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{board}");
        let message = Board::parse_with(board, to_move, k)
            .unwrap_err()
            .to_string();
        assert_eq!(
            String::from_utf8(output.stderr).unwrap(),
            format!("tictactoe --position: {board:?}: {message}\n")
        );
    }
}

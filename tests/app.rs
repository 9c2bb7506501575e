//! The desktop app driven through its accessibility tree, as a player (or a screen reader) would.
//! No test waits on real time: searches are awaited on their channel, and the computer's pause
//! runs on a clock the test moves.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};
use tictactoe::engine::clock::ManualClock;
use tictactoe::engine::minimax::AlphaBeta;
use tictactoe::engine::minimax::Search;
use tictactoe::{Board, Cell, Mark, Outcome};

mod harness;

use harness::{Game, settings_file, start, start_with_file};

fn marks(board: &Board, mark: Mark) -> usize {
    board.count(mark)
}

#[test]
fn a_click_on_a_cell_is_answered_by_the_computer() {
    let mut game = start("");
    game.click_cell(Cell::new(1, 1));
    let board = game.board();
    assert_eq!(board.get(Cell::new(1, 1)), Some(Mark::X));
    assert_eq!(
        marks(&board, Mark::O),
        1,
        "the computer replied once: {board}"
    );
    assert_eq!(board.to_move(), Mark::X);
}

#[test]
fn clicking_a_taken_cell_does_nothing() {
    let mut game = start("");
    game.click_cell(Cell::new(0, 0));
    let before = game.board();
    game.harness.get_by_label("Row 1, column 1, X").click();
    game.settle();
    assert_eq!(game.board(), before);
}

#[test]
fn s_shows_the_engines_scores_on_every_empty_cell() {
    let mut game = start("");
    game.click_cell(Cell::new(0, 0));
    game.press(Key::S);
    let board = game.board();
    let analysis = AlphaBeta::new().analyze(&board);
    assert!(!analysis.moves.is_empty());
    for m in &analysis.moves {
        let prefix = format!(
            "Row {}, column {}, empty, score {},",
            m.cell.row + 1,
            m.cell.col + 1,
            m.score
        );
        let node = game.harness.get_by_label_contains(&prefix);
        let label = node.accesskit_node().label().unwrap_or_default();
        let best = analysis.best_score() == Some(m.score);
        assert_eq!(label.ends_with(", best move"), best, "{label}");
    }
    // And S again hides them.
    game.press(Key::S);
    assert!(game.harness.query_by_label_contains(", score ").is_none());
}

#[test]
fn computer_starts_when_asked_to() {
    let game = start("first_player: Computer");
    let board = game.board();
    assert_eq!(
        marks(&board, Mark::O),
        1,
        "the computer (O) made the first move: {board}"
    );
    assert_eq!(marks(&board, Mark::X), 0);
    assert_eq!(board.to_move(), Mark::X);
}

#[test]
fn undo_takes_back_your_move_and_the_reply_and_redo_restores_them() {
    let mut game = start("");
    game.click_cell(Cell::new(1, 1));
    let after_reply = game.board();
    game.press_with(Modifiers::COMMAND, Key::Z);
    assert_eq!(game.board().marks_placed(), 0);
    game.press_with(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert_eq!(game.board(), after_reply);
}

#[test]
fn keyboard_digits_and_arrows_play_cells() {
    let mut game = start("mode: TwoPlayers");
    game.press(Key::Num1); // X top-left
    assert_eq!(game.board().get(Cell::new(0, 0)), Some(Mark::X));
    // The focus starts in the centre; one step right and Enter plays (2, 3).
    game.press(Key::ArrowRight);
    game.press(Key::ArrowRight);
    game.press(Key::Enter);
    assert_eq!(game.board().get(Cell::new(1, 2)), Some(Mark::O));
    game.press(Key::ArrowDown);
    game.press(Key::Space);
    assert_eq!(game.board().get(Cell::new(2, 2)), Some(Mark::X));
}

/// The label of the node that has the accessibility focus, if any.
fn focused_label(game: &Game) -> Option<String> {
    let root = game.harness.root();
    let tree = root.accesskit_node().tree_state;
    tree.focus().and_then(|node| node.label())
}

#[test]
fn the_arrow_keys_cell_is_the_accessibility_focus_and_tab_moves_it() {
    let mut game = start("mode: TwoPlayers");
    assert!(!focused_label(&game).is_some_and(|label| label.starts_with("Row ")));
    game.press(Key::ArrowRight); // the centre first
    game.press(Key::ArrowRight);
    game.settle();
    let focused = focused_label(&game).unwrap_or_default();
    assert!(
        focused.starts_with("Row 2, column 3, empty"),
        "the screen reader is on {focused:?}"
    );
    // Tab goes on to the next cell in reading order, and the keys follow it: Enter plays there.
    game.press(Key::Tab);
    game.settle();
    let focused = focused_label(&game).unwrap_or_default();
    assert!(focused.starts_with("Row 3, column 1, empty"), "{focused:?}");
    game.press(Key::Enter);
    assert_eq!(game.board().get(Cell::new(2, 0)), Some(Mark::X));
    // And the arrows go on from there.
    game.press(Key::ArrowUp);
    game.settle();
    let focused = focused_label(&game).unwrap_or_default();
    assert!(focused.starts_with("Row 2, column 1, empty"), "{focused:?}");
}

#[test]
fn the_explorers_selected_row_is_the_accessibility_focus() {
    let mut game = start("mode: TwoPlayers");
    game.click_cell(Cell::new(0, 0));
    game.press(Key::T);
    game.press(Key::ArrowDown);
    let focused = focused_label(&game).unwrap_or_default();
    assert!(focused.starts_with("Tree node r1c2: O "), "{focused:?}");
    game.press(Key::ArrowDown);
    let focused = focused_label(&game).unwrap_or_default();
    assert!(focused.starts_with("Tree node r1c3: O "), "{focused:?}");
    game.press(Key::ArrowUp);
    game.press(Key::ArrowUp);
    let focused = focused_label(&game).unwrap_or_default();
    assert!(focused.starts_with("Tree root: "), "{focused:?}");
}

#[test]
fn two_players_take_turns_without_the_computer() {
    let mut game = start("mode: TwoPlayers");
    game.click_cell(Cell::new(0, 0));
    game.click_cell(Cell::new(1, 1));
    let board = game.board();
    assert_eq!(board.get(Cell::new(0, 0)), Some(Mark::X));
    assert_eq!(board.get(Cell::new(1, 1)), Some(Mark::O));
    assert_eq!(board.marks_placed(), 2);
    game.harness.get_by_label("X to move.");
}

/// Plays whole games for the human side with `choose`, and checks that Perfect never loses one.
fn play_against_perfect(seed_moves: impl Fn(&Board, usize) -> Cell) {
    for game_number in 0..4 {
        let first = if game_number % 2 == 0 {
            "Human"
        } else {
            "Computer"
        };
        let mut game = start(&format!("first_player: {first}, difficulty: Perfect"));
        let mut turn = 0;
        while game.board().outcome() == Outcome::Ongoing {
            let board = game.board();
            assert_eq!(board.to_move(), Mark::X, "the human's turn after settling");
            game.click_cell(seed_moves(&board, game_number + turn));
            turn += 1;
        }
        assert_ne!(
            game.board().outcome().winner(),
            Some(Mark::X),
            "the human beat Perfect: {}",
            game.board()
        );
    }
}

#[test]
fn perfect_never_loses_to_the_engines_own_best_moves() {
    play_against_perfect(|board, _| AlphaBeta::new().analyze(board).best().unwrap().cell);
}

#[test]
fn perfect_never_loses_to_arbitrary_moves() {
    play_against_perfect(|board, n| {
        let moves: Vec<Cell> = board.legal_moves().collect();
        moves[(n * 7 + 3) % moves.len()]
    });
}

#[test]
fn toggling_the_overlay_saves_show_scores_to_the_settings_file() {
    let mut game = start("show_scores: false");
    game.press(Key::S);
    assert!(
        game.settings_file().contains("show_scores: true"),
        "{}",
        game.settings_file()
    );
}

#[test]
fn a_broken_settings_file_is_kept_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.ron");
    let broken = "(difficulty: Insane, show_scores: true";
    std::fs::write(&path, broken).unwrap();
    let mut game = start_with_file(dir, path.clone(), None);
    let notice = game
        .harness
        .state()
        .notice()
        .expect("a message about the file")
        .to_string();
    assert!(notice.contains("settings.ron"), "{notice}");
    // Changing a setting saves; the user's bytes must survive somewhere beside the file.
    game.press(Key::S);
    game.harness.state().flush_settings();
    let kept = kept_copies(path.parent().unwrap());
    assert!(
        kept.iter()
            .any(|copy| std::fs::read_to_string(copy).unwrap() == broken),
        "no copy among {kept:?}"
    );
}

/// Opening the game and quitting it, a game played but no setting changed, leaves a hand-written
/// settings file as it was, comments and all: quitting writes nothing.
#[test]
fn quitting_without_a_change_leaves_the_settings_file_byte_for_byte() {
    let text = "// class 7B: keep Easy for the first week\n(\n  difficulty: Easy, // for now\n  \
                ai_delay_ms: 0,\n  theme: Dark,\n)\n";
    let (dir, path) = settings_file(text);
    let mut game = start_with_file(dir, path.clone(), None);
    game.press(Key::Num5);
    game.harness.run();
    eframe::App::on_exit(game.harness.state_mut(), None);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
    let names: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|entry| entry.unwrap().file_name())
        .collect();
    assert_eq!(names, ["settings.ron"]);
    // A change is written into it, the comments kept.
    game.press(Key::S);
    eframe::App::on_exit(game.harness.state_mut(), None);
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.starts_with("// class 7B: keep Easy"), "{saved}");
    assert!(saved.contains("difficulty: Easy, // for now"), "{saved}");
}

/// The window's state is written on the way out by the game (eframe only reads it), into a file
/// of its own: never through a link, and a second time only if it changed.
#[cfg(unix)]
#[test]
fn the_window_state_is_written_on_exit_and_never_through_a_link() {
    use tictactoe::store::window_state::WindowStateFile;
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("app.ron");
    let file = WindowStateFile {
        path: state.clone(),
        make_folder: false,
    };
    let mut game = harness::start_adjusted("", |options| options.window_state = Some(file.clone()));
    game.harness.run();
    eframe::App::on_exit(game.harness.state_mut(), None);
    let written = std::fs::read_to_string(&state).expect("the window's state was written");
    assert!(
        written.contains("inner_size_points:(x:460.0,y:580.0)"),
        "{written}"
    );

    let victim = dir.path().join("mine.txt");
    std::fs::write(&victim, "mine").unwrap();
    std::fs::remove_file(&state).unwrap();
    std::os::unix::fs::symlink(&victim, &state).unwrap();
    let mut game = harness::start_adjusted("", |options| options.window_state = Some(file));
    game.harness.run();
    eframe::App::on_exit(game.harness.state_mut(), None);
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "mine");
    assert!(std::fs::symlink_metadata(&state).unwrap().is_symlink());
}

fn kept_copies(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.file_name().unwrap().to_string_lossy() != "settings.ron")
        .collect()
}

// --- snapshots of what the player sees ---

#[test]
fn snapshot_empty_board() {
    let mut game = start("");
    game.snapshot("empty_board");
}

#[test]
fn snapshot_scores_on_a_midgame_position() {
    let mut game = start("show_scores: true, mode: TwoPlayers");
    for cell in [(0, 0), (1, 1), (2, 2)] {
        game.click_cell(Cell::new(cell.0, cell.1));
    }
    game.snapshot("midgame_scores");
}

#[test]
fn snapshot_won_game() {
    let mut game = start("mode: TwoPlayers");
    for cell in [(0, 0), (1, 0), (1, 1), (2, 0), (2, 2)] {
        game.click_cell(Cell::new(cell.0, cell.1));
    }
    assert_eq!(game.board().outcome().winner(), Some(Mark::X));
    game.snapshot("won_game");
}

// --- an idle window does nothing ---

fn scheduled_repaint(game: &Game) -> Duration {
    game.harness.output().viewport_output[&egui::ViewportId::ROOT].repaint_delay
}

#[test]
fn an_idle_app_schedules_no_repaint() {
    let mut game = start("show_scores: true");
    game.click_cell(Cell::new(1, 1));
    assert_eq!(
        scheduled_repaint(&game),
        Duration::MAX,
        "waiting for the player should cost nothing"
    );
}

#[test]
fn the_computers_move_waits_for_the_delay_without_blocking() {
    let clock = Arc::new(ManualClock::new());
    let (dir, path) = settings_file("(ai_delay_ms: 400, theme: Dark)");
    let mut game = start_with_file(dir, path, Some(Arc::clone(&clock)));
    game.click_cell(Cell::new(1, 1));
    // The move is chosen; frames go on while it waits, and the app asks for one repaint at the
    // moment it is due, not a stream of them.
    assert!(game.harness.state().controller().computer_move().is_some());
    assert_eq!(game.board().marks_placed(), 1);
    assert_eq!(scheduled_repaint(&game), Duration::from_millis(400));

    clock.advance(Duration::from_millis(399));
    game.harness.step();
    assert_eq!(
        game.board().marks_placed(),
        1,
        "the move came before the delay"
    );
    assert_eq!(scheduled_repaint(&game), Duration::from_millis(1));

    clock.advance(Duration::from_millis(1));
    game.settle();
    assert_eq!(
        game.board().marks_placed(),
        2,
        "the move came once the delay was over"
    );
    assert_eq!(scheduled_repaint(&game), Duration::MAX);
}

#[test]
fn hovering_a_score_shows_its_line_of_play() {
    let mut game = start("show_scores: true, mode: TwoPlayers");
    for cell in [(0, 0), (1, 1), (2, 2)] {
        game.click_cell(Cell::new(cell.0, cell.1));
    }
    let analysis = AlphaBeta::new().analyze(&game.board());
    let m = analysis.get(Cell::new(0, 2)).unwrap().clone();
    game.harness
        .get_by_label_contains("Row 1, column 3, empty")
        .hover();
    game.settle();
    // The line of play, numbered from the move itself, as the dots on the board number it.
    let second = m.pv[0];
    let expected = format!(
        "1. O row 1, column 3, 2. X row {}, column {}",
        second.row + 1,
        second.col + 1
    );
    game.harness.get_by_label_contains(&expected);
    assert_eq!(game.harness.state().inspected(), Some(Cell::new(0, 2)));
}

/// Plays the worst move shown until the game is over; returns the moves that led there.
fn lose_against_the_computer(game: &mut Game) {
    while game.board().outcome() == Outcome::Ongoing {
        let analysis = game
            .harness
            .state()
            .shown_scores()
            .expect("scores on your turn")
            .clone();
        let worst = analysis.moves.iter().min_by_key(|m| m.score).unwrap().cell;
        game.click_cell(worst);
    }
    assert_eq!(
        game.board().outcome().winner(),
        Some(Mark::O),
        "{}",
        game.board()
    );
}

/// Every empty cell of the board shows a score.
fn every_empty_cell_has_a_score(game: &Game) -> bool {
    let board = game.board();
    board.legal_moves().all(|cell| {
        let prefix = format!(
            "Row {}, column {}, empty, score ",
            cell.row + 1,
            cell.col + 1
        );
        game.harness.query_by_label_contains(&prefix).is_some()
    })
}

#[test]
fn the_scores_come_back_after_undo_and_redo_of_a_lost_game() {
    let mut game = start("show_scores: true");
    lose_against_the_computer(&mut game);
    assert!(game.harness.query_by_label_contains(", score ").is_none());
    game.press_with(Modifiers::COMMAND, Key::Z);
    assert_eq!(game.board().outcome(), Outcome::Ongoing);
    assert!(every_empty_cell_has_a_score(&game), "{}", game.board());
    game.press_with(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert_eq!(game.board().outcome().winner(), Some(Mark::O));
    game.press_with(Modifiers::COMMAND, Key::Z);
    assert!(every_empty_cell_has_a_score(&game), "{}", game.board());
}

#[test]
fn the_articles_view_shows_x_s_side_on_o_s_turn() {
    let mut game = start("show_scores: true, mode: TwoPlayers, score_view: Articles");
    game.click_cell(Cell::new(0, 1)); // X on an edge: O to move
    let analysis = AlphaBeta::new().analyze(&game.board());
    // Some scores are not 0, so the flip below is really seen.
    assert!(analysis.moves.iter().any(|m| m.score.value() != 0));
    for m in &analysis.moves {
        // O's good moves show low numbers.
        let label = format!(
            "Row {}, column {}, empty, score {},",
            m.cell.row + 1,
            m.cell.col + 1,
            -m.score.value()
        );
        game.harness.get_by_label_contains(&label);
    }
    game.harness.get_by_label_contains(
        "Scores from X's side (the articles' view): X maximises, O minimises",
    );
}

#[test]
fn the_explanation_of_a_losing_a_drawing_and_a_winning_cell_follows_the_formula() {
    let mut game = start("show_scores: true, mode: TwoPlayers");
    for cell in [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (1, 1)] {
        game.click_cell(Cell::new(cell.0, cell.1));
    }
    assert_eq!(game.board().to_string(), "XOX/OOX/...");
    for (col, expected) in [
        (
            0,
            "X at row 3, column 1: -9 = 1 - 10: O wins at depth 1, with its 1st move.",
        ),
        (
            1,
            "X at row 3, column 2: 0: a draw. Neither side can force a win from here.",
        ),
        (
            2,
            "X at row 3, column 3: 10 = 10 - 0: X wins at depth 0, with this very move.",
        ),
    ] {
        game.harness
            .get_by_label_contains(&format!("Row 3, column {}, empty", col + 1))
            .hover();
        game.settle();
        game.harness.get_by_label(expected);
    }
}

#[test]
fn the_computers_last_move_is_marked_and_its_reasons_shown() {
    let mut game = start("difficulty: Perfect");
    game.click_cell(Cell::new(0, 0));
    let last = game.last_computer_move();
    assert_eq!(game.board().get(last.cell), Some(Mark::O));
    // Against a corner only the centre holds the draw.
    assert_eq!(last.cell, Cell::new(1, 1));
    game.harness
        .get_by_label("Row 2, column 2, O, the computer's last move");
    game.press(Key::W);
    game.harness
        .get_by_label("O played row 2, column 2: score 0, draw.");
    game.harness
        .get_by_label("It was the only move it rated best.");
}

#[test]
fn a_notice_wraps_and_keeps_the_board_in_a_small_window() {
    let mut game = start("");
    game.harness.set_size(egui::vec2(320.0, 420.0));
    game.click_cell(Cell::new(1, 1));
    game.harness.get_by_label("Players").click();
    game.settle();
    game.harness.get_by_label("Who starts").hover();
    game.settle();
    game.harness.get_by_label("Computer").click();
    game.settle();
    game.harness.event(egui::Event::PointerGone);
    game.settle();
    let notice = game
        .harness
        .get_by_label_contains("This takes effect from the next game");
    assert!(notice.rect().right() <= 320.0, "{:?}", notice.rect());
    for cell in [(0, 0), (2, 2)] {
        let label = format!("Row {}, column {},", cell.0 + 1, cell.1 + 1);
        let node = game.harness.get_by_label_contains(&label);
        let rect = node.rect();
        assert!(
            rect.left() >= 0.0 && rect.right() <= 320.0 && rect.bottom() <= 420.0,
            "cell {cell:?} at {rect:?} is off the window"
        );
    }
}

#[test]
fn two_perfect_computers_play_a_whole_game_to_a_draw() {
    let game = start("mode: ComputerVsComputer, difficulty: Perfect");
    assert_eq!(game.board().outcome(), Outcome::Draw, "{}", game.board());
    game.harness.get_by_label("Draw.");
    // Perfect play: every move of both sides was best.
    game.harness.get_by_label(
        "X 0 · O 0 · Draws 1 · Accuracy: X 100 % (5 of 5 best), O 100 % (4 of 4 best)",
    );
    game.harness
        .get_by_label_contains("X: every move was best. O: every move was best.");
}

#[test]
fn changing_who_starts_mid_game_waits_for_the_next_game() {
    let mut game = start("");
    game.click_cell(Cell::new(1, 1));
    let mid_game = game.board();
    // Players > Who starts > Computer, through the menus.
    game.harness.get_by_label("Players").click();
    game.settle();
    game.harness.get_by_label("Who starts").hover();
    game.settle();
    game.harness.get_by_label("Computer").click();
    game.settle();
    assert_eq!(
        game.harness.state().settings().first_player,
        tictactoe::game::FirstPlayer::Computer
    );
    assert_eq!(game.board(), mid_game, "the game under way is kept");
    assert!(game.harness.state().notice().unwrap().contains("next game"));
    game.press_with(Modifiers::COMMAND, Key::N);
    assert_eq!(
        game.board().count(Mark::O),
        1,
        "the computer opened the new game: {}",
        game.board()
    );
}

/// Players › Difficulty lists the Monte Carlo levels by name; one chosen is saved in the
/// settings, plays its move (searched on the worker) and W says what its move rests on.
#[test]
fn a_monte_carlo_level_is_chosen_in_the_menu_saved_and_says_why_it_played() {
    let (dir, path) = settings_file("(ai_delay_ms: 0, welcome_hint: false)");
    let mut game = start_with_file(dir, path, None);
    game.harness.get_by_label("Players").click();
    game.settle();
    game.harness.get_by_label("Difficulty").hover();
    game.settle();
    game.harness
        .get_by_label("MCTS, 10,000 iterations: plays out random games");
    game.harness
        .get_by_label("MCTS, 1,000 iterations: plays out random games")
        .click();
    game.settle();
    assert_eq!(
        game.harness.state().settings().difficulty,
        tictactoe::engine::ai::Difficulty::MctsThousand
    );
    let saved = game.settings_file();
    assert!(saved.contains("difficulty: MctsThousand"), "{saved}");
    game.harness.event(egui::Event::PointerGone);
    game.settle();
    game.click_cell(Cell::new(0, 0));
    assert_eq!(game.board().count(Mark::O), 1, "{}", game.board());
    game.harness
        .get_by_label_contains("Your move (X) · Computer: MCTS, 1,000 iterations");
    game.press(Key::W);
    game.harness
        .get_by_label_contains("as Monte Carlo tree search: 1,000 iterations of UCT");
}

/// While a Monte Carlo level thinks, the status bar counts its iterations as the worker reports
/// them (every 512), and the line goes once it has played.
#[test]
fn a_monte_carlo_level_shows_its_iterations_while_it_thinks() {
    let (dir, path) = settings_file(
        "(ai_delay_ms: 0, welcome_hint: false, difficulty: MctsTenThousand, board_size: 7, \
         in_a_row: 5)",
    );
    let mut game = start_with_file(dir, path, None);
    game.settle();
    // Clicked, and one frame to play it and ask for the computer's search (click_cell would
    // wait for the search to end).
    game.harness
        .get_by_label_contains("Row 4, column 4, empty")
        .click();
    game.harness.step();
    // The worker's first report, then a frame: ten thousand iterations on 7×7 take seconds in
    // a test build, and the report comes after 512 of them.
    let app = game.harness.state_mut();
    assert!(app.wait_for_search(Duration::from_secs(60)));
    game.harness.step();
    let line = game.harness.get_by_label_contains("Thinking: ");
    let line = line
        .accesskit_node()
        .label()
        .map(|label| label.to_string())
        .or_else(|| line.value())
        .unwrap_or_default();
    let done: u64 = line["Thinking: ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .replace(',', "")
        .parse()
        .unwrap();
    assert!(
        done > 0 && done < 10_000 && done.is_multiple_of(512),
        "iterations as the worker reported them: {line}"
    );
    assert!(line.ends_with(" of 10,000 iterations."), "{line}");
    game.settle();
    assert_eq!(game.board().count(Mark::O), 1, "{}", game.board());
    assert!(game.harness.query_by_label_contains("Thinking: ").is_none());
}

#[test]
fn the_tally_keeps_the_labels_of_the_game_being_played() {
    let mut game = start("");
    game.click_cell(Cell::new(1, 1));
    game.harness.get_by_label("Players").click();
    game.settle();
    game.harness.get_by_label("Mode").hover();
    game.settle();
    game.harness.get_by_label("Two players").click();
    game.settle();
    // The game under way is still against the computer, and so is its score line.
    game.harness.get_by_label("You 0 · Computer 0 · Draws 0");
    game.press_with(Modifiers::COMMAND, Key::N);
    game.harness.get_by_label("X 0 · O 0 · Draws 0");
    assert!(
        game.harness.state().notice().is_none(),
        "the notice about the next game goes once it starts"
    );
}

#[test]
fn the_first_run_tip_goes_once_dismissed_and_stays_gone() {
    let (dir, path) = settings_file("(ai_delay_ms: 0, theme: Dark)");
    let mut game = start_with_file(dir, path, None);
    game.harness.get_by_label_contains("Tip: press S");
    game.harness.get_by_label("Got it").click();
    game.settle();
    assert!(
        game.harness
            .query_by_label_contains("Tip: press S")
            .is_none()
    );
    assert!(game.settings_file().contains("welcome_hint: false"));
}

// --- the game-tree explorer and line replay ---

/// The label of an explorer row for the move `cell` at `path`'s end, up to its score.
fn node_label(path: &[Cell], mover: Mark, score: i32) -> String {
    let moves: Vec<String> = path
        .iter()
        .map(|c| format!("r{}c{}", c.row + 1, c.col + 1))
        .collect();
    let cell = path.last().unwrap();
    format!(
        "Tree node {}: {mover} row {}, column {}, score {score}",
        moves.join(" "),
        cell.row + 1,
        cell.col + 1
    )
}

#[test]
fn t_opens_the_explorer_whose_numbers_are_the_engines() {
    let mut game = start("mode: TwoPlayers, score_view: Articles");
    game.click_cell(Cell::new(0, 1));
    game.press(Key::T);
    assert!(game.settings_file().contains("explorer_open: true"));
    let root = game.board();
    game.harness
        .get_by_label(&format!("Tree root: {root}, O to move"));
    let analysis = tictactoe::engine::minimax::plain(&root);
    let best = analysis.best().unwrap().cell;
    // X maximises in the articles' view: O's moves show X's numbers.
    for m in &analysis.moves {
        let label = node_label(&[m.cell], Mark::O, -m.score.value());
        let node = game.harness.get_by_label_contains(&label);
        let text = node.accesskit_node().label().unwrap_or_default();
        assert_eq!(
            text.ends_with(", minimax's choice"),
            m.cell == best,
            "{text}"
        );
    }
    // Expand minimax's choice: X's replies, X's own scores one ply deeper.
    game.harness
        .get_by_label(&format!("Expand node r{}c{}", best.row + 1, best.col + 1))
        .click();
    game.settle();
    let child = root.after(best).unwrap();
    let replies = tictactoe::engine::minimax::plain(&child);
    for m in &replies.moves {
        let seen_by_x = m.score.shifted(1).value();
        game.harness
            .get_by_label_contains(&node_label(&[best, m.cell], Mark::X, seen_by_x));
    }
    // How the maximiser's value comes about: the max of those, which is the choice's number.
    let values: Vec<String> = replies
        .moves
        .iter()
        .map(|m| m.score.shifted(1).value().to_string())
        .collect();
    game.harness.get_by_label(&format!(
        "X to move (maximiser): max({}) = {}",
        values.join(", "),
        -analysis.best_score().unwrap().value()
    ));
}

#[test]
fn the_keyboard_walks_the_tree_and_a_preview_never_changes_the_game() {
    let mut game = start("mode: TwoPlayers");
    game.click_cell(Cell::new(1, 1));
    let before = game.board();
    game.press(Key::T);
    game.press(Key::ArrowDown); // the first child: O at (0,0)
    game.press(Key::Enter);
    let previewed = before.after(Cell::new(0, 0)).unwrap();
    game.harness
        .get_by_label(&format!("Preview board {previewed}, X to move"));
    game.harness
        .get_by_label_contains("Preview: after r1c1. Nothing has been played.");
    assert_eq!(game.board(), before, "the game is unchanged");
    // A click on the previewed board plays nothing.
    game.press(Key::Num9);
    assert_eq!(game.board(), before);
    game.press(Key::Escape);
    assert!(
        game.harness
            .query_by_label_contains("Preview board")
            .is_none()
    );
    // Right expands the node, Down moves into its children, Left goes back up and collapses.
    game.press(Key::ArrowRight);
    game.press(Key::ArrowRight);
    game.press(Key::Enter);
    let grandchild = previewed.after(Cell::new(0, 1)).unwrap();
    game.harness
        .get_by_label(&format!("Preview board {grandchild}, O to move"));
    // Play from here, in two-player mode, plays the path to the node.
    game.harness.get_by_label("Play from here").click();
    game.settle();
    assert_eq!(game.board(), grandchild);
    assert_eq!(game.harness.state().session().game().moves().len(), 3);
}

#[test]
fn a_line_of_play_is_replayed_with_the_keys_without_playing_it() {
    let mut game = start("mode: TwoPlayers, show_scores: true");
    game.click_cell(Cell::new(0, 0));
    let before = game.board();
    let m = AlphaBeta::new()
        .analyze(&before)
        .get(Cell::new(0, 1))
        .unwrap()
        .clone();
    game.harness
        .get_by_label_contains("Row 1, column 2, empty")
        .hover();
    game.settle();
    game.press(Key::R);
    game.harness
        .get_by_label_contains("Replay: the start, O to move.");
    game.press(Key::Period);
    let after_one = before.after(m.cell).unwrap();
    game.harness
        .get_by_label(&format!("Preview board {after_one}, X to move"));
    // O to move at the start: the number is O's own, depth counted from the replay's start.
    let (winner, moves) = match m.score.verdict(before.geometry()) {
        tictactoe::Verdict::Win { moves } => (Mark::O, moves),
        tictactoe::Verdict::Loss { moves } => (Mark::X, moves),
        tictactoe::Verdict::Draw => unreachable!("a corner against an edge is not a draw"),
    };
    game.harness.get_by_label(&format!(
        "Replay, move 1 of {}: O row 1, column 2, score {} for O: {winner} wins in {moves} \
         (depth counted from where the replay starts).",
        m.pv.len() + 1,
        m.score.value(),
    ));
    game.press(Key::Period);
    let after_two = after_one.after(m.pv[0]).unwrap();
    game.harness
        .get_by_label(&format!("Preview board {after_two}, O to move"));
    game.press(Key::Comma);
    game.harness
        .get_by_label(&format!("Preview board {after_one}, X to move"));
    assert_eq!(game.board(), before);
    game.press(Key::Escape);
    assert!(game.harness.query_by_label_contains("Replay").is_none());
    assert_eq!(game.board(), before);
}

#[test]
fn the_explorer_counts_what_each_search_visits_from_the_root() {
    let mut game = start("mode: TwoPlayers, explorer_open: true");
    game.harness.get_by_label_contains(
        "Positions searched to score these moves: plain minimax 549,946, alpha-beta 34,203 \
         scoring each move or ",
    );
    game.harness
        .get_by_label_contains("searching the position, alpha-beta with a table 3,749.");
    game.click_cell(Cell::new(1, 1));
    let root = game.board();
    let thousands = |nodes: u64| {
        nodes
            .to_string()
            .as_bytes()
            .rchunks(3)
            .rev()
            .map(|digits| std::str::from_utf8(digits).unwrap())
            .collect::<Vec<_>>()
            .join(",")
    };
    use tictactoe::engine::minimax::{Algorithm, RootWindow, SearchControl, Unobserved};
    let count = |algorithm| {
        thousands(
            tictactoe::engine::minimax::analyze_with(&root, algorithm, &SearchControl::new())
                .unwrap()
                .stats
                .nodes,
        )
    };
    let shared = tictactoe::engine::minimax::alpha_beta_root_observed(
        &root,
        RootWindow::Shared,
        &SearchControl::new(),
        &mut |_| {},
        &mut Unobserved,
    )
    .unwrap()
    .stats
    .nodes;
    game.harness.get_by_label(&format!(
        "Positions searched to score these moves: plain minimax {}, alpha-beta {} scoring each \
         move or {} searching the position, alpha-beta with a table {}.",
        count(Algorithm::Plain),
        count(Algorithm::AlphaBetaClassic),
        thousands(shared),
        count(Algorithm::AlphaBeta)
    ));
}

// --- stepping through the search ---

#[test]
fn the_search_steps_call_by_call_and_back() {
    let mut game = start("mode: TwoPlayers");
    for cell in [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (1, 1)] {
        game.click_cell(Cell::new(cell.0, cell.1));
    }
    let start_board = game.board(); // XOX/OOX/..., X to move
    game.press(Key::D);
    game.harness
        .get_by_label_contains("findBestMove: X to move at the start (the maximiser)");
    // The first call: X's move at row 3, column 1, then O to move at depth 0.
    game.harness.get_by_label("Step (Right)").click();
    game.settle();
    game.harness
        .get_by_label_contains("The current call: depth 0, O to move: O minimises");
    let first = start_board.after(Cell::new(2, 0)).unwrap();
    game.harness
        .get_by_label(&format!("Preview board {first}, O to move"));
    game.harness.get_by_label_contains("Step 1 ");
    // A screen reader hears the line the search is at and the step's value, as it changes; the
    // line is the selected one of the code.
    let now = game.harness.get_by_label(
        "Now at line 6: if the game is over: return evaluate(board, depth). A call starts at \
         depth 0.",
    );
    assert_eq!(now.accesskit_node().live(), egui::accesskit::Live::Polite);
    let code_line = game
        .harness
        .get_by_label("    if the game is over: return evaluate(board, depth)");
    assert!(code_line.accesskit_node().is_selected() == Some(true));
    assert!(
        game.harness
            .query_all_by_label("    return best")
            .all(|line| line.accesskit_node().is_selected() != Some(true))
    );
    // Step over runs the next call, O's (2,1), whole: it wins at depth 1 and returns -9.
    game.press(Key::ArrowDown);
    game.harness.get_by_label_contains("r3c2 returned -9");
    game.harness.get_by_label_contains(
        "Now at line 12: for each empty cell: best = min(best, minimax(board + move, depth + 1, \
         true)). The call returns -9.",
    );
    game.harness
        .get_by_label_contains("depth 0: X r3c1 · O minimises · best so far -9");
    // Back undoes one event at a time.
    game.press(Key::ArrowLeft);
    game.harness
        .get_by_label_contains("depth 0: X r3c1 · O minimises · best so far none yet");
    // Run to end: every call of plain minimax, and its choice.
    game.press(Key::End);
    let plain = tictactoe::engine::minimax::plain(&start_board);
    // Every position below the start is a call; the finished ones are evaluated.
    fn below(board: &Board) -> (u64, u64) {
        board.legal_moves().fold((0, 0), |(calls, leaves), cell| {
            let child = board.after(cell).unwrap();
            let (c, l) = below(&child);
            (
                calls + 1 + c,
                leaves + u64::from(child.outcome().is_over()) + l,
            )
        })
    }
    let (calls, leaves) = below(&start_board);
    assert_eq!(calls + 1, plain.stats.nodes);
    // The counters and the result give the same count: the start and every call.
    let visited = format!(
        "positions visited {} (the start and {calls} calls)",
        plain.stats.nodes
    );
    game.harness.get_by_label_contains(&format!(
        "{visited} · finished boards evaluated {leaves} · cutoffs 0"
    ));
    game.harness.get_by_label(&format!(
        "Done: findBestMove plays row 3, column 3 (value 10); {visited}."
    ));
    assert_eq!(game.board(), start_board, "stepping plays nothing");
    game.press(Key::Escape);
    assert!(
        game.harness
            .query_by_label_contains("Step through the search")
            .is_none()
    );
}

#[test]
fn alpha_beta_steps_show_what_they_prune_and_why() {
    let mut game = start("mode: TwoPlayers");
    game.click_cell(Cell::new(1, 1)); // X in the centre: O to move, the maximiser here
    game.press(Key::D);
    game.harness
        .get_by_label("alpha-beta, score each move")
        .click();
    game.settle();
    // Step until the first cutoff appears.
    for _ in 0..400 {
        if game.harness.query_by_label_contains("pruned ").is_some() {
            break;
        }
        game.press(Key::ArrowRight);
    }
    game.harness
        .get_by_label_contains("pruned r")
        .accesskit_node();
    // The list's line and the live region say the same sentence.
    let said: Vec<String> = game
        .harness
        .query_all_by_label_contains("above already has")
        .map(|node| {
            let node = node.accesskit_node();
            let text = node.value().or(node.label()).unwrap_or_default();
            text[text.find("At ").unwrap()..].to_string()
        })
        .collect();
    assert_eq!(said.len(), 2, "{said:?}");
    assert_eq!(said[0], said[1]);
    game.harness.get_by_label_contains("cutoffs 1");
}

#[test]
fn the_review_classes_every_move_and_a_retry_starts_from_the_position_before_one() {
    let mut game = start("show_scores: true");
    lose_against_the_computer(&mut game);
    let lost = game.harness.state().session().game().moves().to_vec();
    // The status sums the human's moves up; losing to Perfect takes at least one blunder.
    game.harness
        .get_by_label_contains("Game over: The computer wins. Your moves: ");
    game.harness.get_by_label_contains("blunder");
    game.press(Key::M);
    // Every move is listed with its exact score, the best score there was and its class.
    let mut board = Board::classic();
    let mut blunder = None;
    for (index, &cell) in lost.iter().enumerate() {
        let analysis = AlphaBeta::new().analyze(&board);
        let score = analysis.get(cell).unwrap().score;
        let best = analysis.best_score().unwrap();
        let class = tictactoe::learn::review::MoveClass::of(score, best);
        let name = format!(
            "Move {}: {} at {}, score {}, best {}: {class}",
            index + 1,
            board.to_move(),
            cell.human(),
            score.value(),
            best.value()
        );
        game.harness.get_by_label(&name);
        if class == tictactoe::learn::review::MoveClass::Blunder && blunder.is_none() {
            blunder = Some((index + 1, board));
        }
        board.play(cell).unwrap();
    }
    let (ply, before) = blunder.expect("a lost game has a blunder");
    // A click previews the position before the move; nothing is played.
    game.harness
        .get_by_label_contains(&format!("Move {ply}: "))
        .scroll_to_me();
    game.settle();
    game.harness
        .get_by_label_contains(&format!("Move {ply}: "))
        .click();
    game.settle();
    game.harness
        .get_by_label_contains(&format!("Review: the position before move {ply}"));
    game.harness
        .get_by_label_contains(&format!("Preview board {before}"));
    assert_eq!(game.harness.state().session().game().moves(), lost);
    // Retry: a new game from there, the same seating; the review still shows the lost game.
    game.harness.get_by_label("Retry from here").click();
    game.settle();
    assert_eq!(game.board(), before);
    assert!(game.harness.state().session().human_to_move());
    game.harness
        .get_by_label_contains(&format!("Move {}: ", lost.len()));
    game.harness
        .get_by_label("Review the game on the board")
        .scroll_to_me();
    game.settle();
    game.harness
        .get_by_label("Review the game on the board")
        .click();
    game.settle();
    assert!(
        game.harness
            .query_by_label_contains(&format!("Move {}: ", lost.len()))
            .is_none()
    );
}

#[test]
fn the_hint_frames_the_best_moves_and_the_threat_names_the_opponents_win() {
    let mut game = start("");
    // X at row 1 column 1, then the computer; X again to leave O a threat or not.
    game.click_cell(Cell::new(0, 0));
    game.press(Key::H);
    let board = game.board();
    let analysis = AlphaBeta::new().analyze(&board);
    for m in &analysis.moves {
        let label = format!("Row {}, column {}, empty", m.cell.row + 1, m.cell.col + 1);
        let node = game.harness.get_by_label_contains(&label);
        let framed = node
            .accesskit_node()
            .label()
            .unwrap_or_default()
            .contains("hint: a best move");
        assert_eq!(framed, Some(m.score) == analysis.best_score(), "{label}");
    }
    game.harness.get_by_label_contains("Hint: ");
    game.press(Key::H);
    assert!(
        game.harness
            .query_by_label_contains("hint: a best move")
            .is_none()
    );

    // A position where O threatens: X to move on XO./.O./X.. (two players, to set it up).
    let mut game = start("mode: TwoPlayers");
    for cell in [(0, 0), (0, 1), (2, 0), (1, 1)] {
        game.click_cell(Cell::new(cell.0, cell.1));
    }
    game.press(Key::G);
    game.harness
        .get_by_label_contains("Threat: O would win at row 3, column 2");
    game.harness
        .get_by_label_contains("Row 3, column 2, empty, the opponent's threat");
    // The threat goes with the position.
    game.click_cell(Cell::new(2, 1));
    assert!(game.harness.query_by_label_contains("Threat: ").is_none());
}

#[test]
fn a_practice_round_checks_the_answer_shows_the_line_and_keeps_a_streak() {
    let mut game = start("");
    game.press(Key::P);
    game.harness
        .get_by_label_contains("Exactly one move keeps the best result");
    game.harness.get_by_label_contains("Streak: 0 (best 0)");
    let position = game.board_on_show();
    let analysis = AlphaBeta::new().analyze(&position);
    let best: Vec<Cell> = analysis.best_moves().map(|m| m.cell).collect();
    assert_eq!(best.len(), 1, "exactly one best move on {position:?}");
    // Answer right: the streak grows and the line of play is shown.
    game.click_cell(best[0]);
    game.harness.get_by_label_contains("Best! ");
    game.harness.get_by_label_contains("Streak: 1 (best 1)");
    game.harness
        .get_by_label_contains("line of play (the numbered dots): 1. ");
    // The next position; answer wrong: the streak is gone, the best move is named.
    game.press(Key::N);
    let position = game.board_on_show();
    let analysis = AlphaBeta::new().analyze(&position);
    let best = analysis.best().unwrap().cell;
    let wrong = position.legal_moves().find(|&c| c != best).unwrap();
    game.click_cell(wrong);
    game.harness
        .get_by_label_contains(&format!("Not the best: the one move was {}", best.human()));
    game.harness.get_by_label_contains("Streak: 0 (best 1)");
    // The game itself was never touched.
    game.press(Key::P);
    assert_eq!(game.board(), Board::classic());
}

#[test]
fn the_board_keeps_its_room_beside_the_explorer_and_the_legend() {
    // The size the window grows to when T opens the explorer: 460 + 320 wide.
    let mut game = start("show_scores: true, explorer_open: true");
    game.harness.set_size(egui::vec2(780.0, 580.0));
    game.settle();
    game.harness.run();
    for cell in [(0, 0), (2, 2)] {
        let label = format!("Row {}, column {},", cell.0 + 1, cell.1 + 1);
        let rect = game.harness.get_by_label_contains(&label).rect();
        assert!(
            rect.width() >= 50.0 && rect.right() <= 780.0 && rect.bottom() <= 580.0,
            "cell {cell:?} at {rect:?} is too small or off the window"
        );
    }
    game.harness
        .get_by_label_contains("Scores for the player to move");
}

#[test]
fn the_next_game_notice_goes_when_the_change_is_taken_back() {
    let mut game = start("");
    game.click_cell(Cell::new(1, 1));
    let choose_who_starts = |game: &mut Game, who: &str| {
        game.harness.get_by_label("Players").click();
        game.settle();
        game.harness.get_by_label("Who starts").hover();
        game.settle();
        game.harness.get_by_label(who).click();
        game.settle();
        game.harness.event(egui::Event::PointerGone);
        game.settle();
    };
    choose_who_starts(&mut game, "Computer");
    game.harness
        .get_by_label_contains("This takes effect from the next game");
    choose_who_starts(&mut game, "You");
    assert!(
        game.harness
            .query_by_label_contains("This takes effect from the next game")
            .is_none(),
        "the notice stayed after the change was taken back"
    );
}

/// Issue 30, item 2: the review (M) of a 7×7 game stayed on "analysing…" for good. Each position
/// is now searched as `tictactoe review` searches it, within a budget of positions (here a small
/// one, so that the test is quick); the review shows what was settled, and says which moves were
/// not settled and why, rather than "analysing…".
#[test]
fn the_review_of_a_big_game_fills_in_and_ends_within_its_budget() {
    let mut game = harness::start_with_review_budget("board_size: 7, mode: TwoPlayers", 5_000);
    // X makes five in a row on row 4 while O plays along row 1.
    let moves = [
        (3, 0),
        (0, 0),
        (3, 1),
        (0, 1),
        (3, 2),
        (0, 2),
        (3, 3),
        (0, 3),
        (3, 4),
    ];
    for (row, col) in moves {
        game.click_cell(Cell::new(row, col));
    }
    assert!(game.board().outcome().is_over());
    game.press(Key::M);
    game.settle();
    assert!(!game.harness.state().is_busy(), "every search ended");
    game.harness.get_by_label("Game review");
    assert_eq!(
        game.harness
            .query_all_by_label_contains("analysing")
            .count(),
        0,
        "a move is left analysing after every search ended"
    );
    // The winning move is reviewed: a win on the spot is the best score there is.
    game.harness
        .get_by_label_contains("Move 9: X at row 4, column 5, score ")
        .accesskit_node();
    // A move whose position was too open for the budget says so.
    game.harness
        .get_by_label_contains("1. X row 4, column 1 not settled")
        .accesskit_node();
    // Every move is either reviewed or says its search stopped at the budget.
    let reviewed = game.harness.query_all_by_label_contains("Move ").count();
    let stopped = game
        .harness
        .query_all_by_label_contains("the search stopped after 5,000 positions")
        .count();
    assert!(stopped >= 1, "{stopped}");
    assert_eq!(reviewed + stopped, moves.len(), "{reviewed} reviewed");
}

/// The explorer's tree drawn as a picture: every node a button named with the move that led
/// there and its value, the engine's numbers (the same as the list's and `tictactoe tree`'s);
/// a click on a node opens it, and its children come with their values.
#[test]
fn the_drawn_tree_carries_the_engines_numbers_and_opens_by_click() {
    let mut game = start("mode: TwoPlayers");
    game.click_cell(Cell::new(0, 1));
    game.press(Key::T);
    game.settle();
    game.harness.get_by_label("Draw as a tree").click();
    game.settle();
    let root = game.board();
    let analysis = tictactoe::engine::minimax::plain(&root);
    let best = analysis.best().unwrap();
    game.harness.get_by_label(&format!(
        "The position: {}, the maximiser moves next",
        best.score.value()
    ));
    // O to move maximises (the player to move's view): O's moves carry O's own scores.
    for m in &analysis.moves {
        let next = match root.after(m.cell).unwrap().outcome() {
            tictactoe::Outcome::Ongoing => "the minimiser moves next".to_string(),
            outcome => outcome.to_string(),
        };
        game.harness.get_by_label(&format!(
            "O row {}, column {}: {}, {next}",
            m.cell.row + 1,
            m.cell.col + 1,
            m.score.value()
        ));
    }
    // A click opens minimax's choice: X's replies, with O's numbers one ply deeper.
    game.harness
        .get_by_label_contains(&format!(
            "O row {}, column {}: ",
            best.cell.row + 1,
            best.cell.col + 1
        ))
        .click();
    game.settle();
    let child = root.after(best.cell).unwrap();
    for m in &tictactoe::engine::minimax::plain(&child).moves {
        let seen_by_o = -m.score.shifted(1).value();
        game.harness.get_by_label_contains(&format!(
            "X row {}, column {}: {seen_by_o}, ",
            m.cell.row + 1,
            m.cell.col + 1
        ));
    }
    game.harness.get_by_label("Show as a list").click();
    game.settle();
    game.harness.get_by_label("Draw as a tree");
}

/// The step-through drawn: the search around its current call as a picture whose nodes a
/// screen reader can read, the running call named as such, and alpha-beta's pruned moves drawn
/// exactly where the trace cut, with the window that cut them.
#[test]
fn the_drawn_search_shows_the_running_call_and_crosses_out_what_alpha_beta_prunes() {
    let mut game = start("mode: TwoPlayers");
    game.click_cell(Cell::new(1, 1));
    let start_board = game.board();
    game.press(Key::D);
    game.harness
        .get_by_label("alpha-beta, score each move")
        .click();
    game.settle();
    game.harness.get_by_label("Draw the search").click();
    game.settle();
    game.harness
        .get_by_label_contains("findBestMove: running now, the maximiser moves next");
    // Step to the first cutoff, as the trace reports it.
    let mut events = Vec::new();
    tictactoe::learn::trace::trace(
        &start_board,
        tictactoe::learn::trace::TraceAlgorithm::AlphaBetaClassic,
        &tictactoe::engine::minimax::SearchControl::new(),
        |event| events.push(event),
    )
    .unwrap();
    let first_cut = events
        .iter()
        .position(|e| e.kind == tictactoe::learn::trace::EventKind::Cutoff)
        .unwrap();
    for _ in 0..=first_cut {
        game.press(Key::ArrowRight);
    }
    let state = tictactoe::learn::trace::StepState::after(start_board, &events[..=first_cut]);
    let cut = events[first_cut];
    let frame = state.stack.last().unwrap();
    let geometry = start_board.geometry();
    let (alpha, beta) = cut.window();
    let pruned: Vec<Cell> = (0..geometry.cells())
        .filter(|index| cut.pruned & 1 << index != 0)
        .map(|index| geometry.cell(index))
        .collect();
    assert!(!pruned.is_empty());
    // O moves first here and maximises: the window reads as the search keeps it.
    for cell in pruned {
        game.harness.get_by_label_contains(&format!(
            "Call {} row {}, column {}: pruned (α {} β {})",
            frame.board.to_move(),
            cell.row + 1,
            cell.col + 1,
            alpha.value(),
            beta.value()
        ));
    }
    game.harness.get_by_label_contains(&format!(
        "Call {} row {}, column {}: running now",
        frame.board.to_move().opponent(),
        frame.cell.row + 1,
        frame.cell.col + 1
    ));
}

#[test]
fn digits_arrows_and_enter_answer_in_practice() {
    let mut game = start("welcome_hint: false");
    game.press(Key::P);
    let position = game.board_on_show();
    let analysis = AlphaBeta::new().analyze(&position);
    let best = analysis.best().unwrap().cell;
    // A digit names a taken cell: no answer.
    let taken = position
        .geometry()
        .all_cells()
        .find(|&cell| position.get(cell).is_some())
        .expect("a practice position has marks");
    game.press(digit_key(taken));
    game.harness
        .get_by_label_contains("Exactly one move keeps the best result");
    // The digit of the one move answers it.
    game.press(digit_key(best));
    game.harness
        .get_by_label_contains(&format!("Best! {} was the one move", best.human()));
    // The next position: the arrows walk from the centre to a wrong move, Enter answers it.
    game.press(Key::N);
    let position = game.board_on_show();
    let best = AlphaBeta::new().analyze(&position).best().unwrap().cell;
    let wrong = position.legal_moves().find(|&c| c != best).unwrap();
    game.press(Key::ArrowUp); // the first arrow puts the keyboard on the centre
    for _ in 0..2 {
        game.press(Key::ArrowUp);
        game.press(Key::ArrowLeft);
    }
    for _ in 0..wrong.row {
        game.press(Key::ArrowDown);
    }
    for _ in 0..wrong.col {
        game.press(Key::ArrowRight);
    }
    game.press(Key::Enter);
    game.harness
        .get_by_label_contains(&format!("Not the best: the one move was {}", best.human()));
    // The game itself was never touched.
    game.press(Key::P);
    assert_eq!(game.board(), Board::classic());
}

/// The key that plays `cell` on the 3×3 board: 1 to 9 in reading order.
fn digit_key(cell: Cell) -> Key {
    let keys = [
        Key::Num1,
        Key::Num2,
        Key::Num3,
        Key::Num4,
        Key::Num5,
        Key::Num6,
        Key::Num7,
        Key::Num8,
        Key::Num9,
    ];
    keys[cell.row * 3 + cell.col]
}

#[test]
fn practice_feedback_is_about_the_answer_not_the_cell_the_board_moved_under_the_pointer() {
    let mut game = start("welcome_hint: false");
    game.press(Key::P);
    // A few positions: the feedback moves the board, the pointer stays where the click was, and
    // the words describe the move the player pointed at and played, not whatever cell the board
    // brought under the pointer.
    for _ in 0..4 {
        let position = game.board_on_show();
        let mover = position.to_move();
        let best = AlphaBeta::new().analyze(&position).best().unwrap().cell;
        let wrong = position.legal_moves().find(|&c| c != best).unwrap();
        game.click_cell(wrong);
        game.harness.run();
        game.harness.get_by_label_contains(&format!(
            "This move's line of play (the numbered dots): 1. {mover} {}",
            wrong.human()
        ));
        // Away from the board: the one move's line.
        game.harness.event(egui::Event::PointerGone);
        game.settle();
        game.harness.get_by_label_contains(&format!(
            "The one move's line of play (the numbered dots): 1. {mover} {}",
            best.human()
        ));
        game.press(Key::N);
    }
}

#[test]
fn the_drawn_searchs_windows_are_drawn_whole() {
    let mut game = start("welcome_hint: false");
    // Tall enough that the whole drawing is in view: what clips a text is the drawing's edge.
    game.harness.set_size(egui::vec2(1280.0, 1600.0));
    game.click_cell(Cell::new(1, 1));
    game.press(Key::D);
    game.harness
        .get_by_label("alpha-beta, score each move")
        .click();
    game.settle();
    game.harness.get_by_label("Draw the search").click();
    game.settle();
    // Through the first hundred calls, wherever the search is, every α and β drawn is whole:
    // inside the drawing's clip, not cut by its edge.
    let mut windows = 0;
    for _ in 0..100 {
        game.harness.key_press(Key::ArrowRight);
        game.harness.event(egui::Event::PointerGone);
        // The drawing scrolls to the current call: a few frames, not until it is still.
        game.harness.run_steps(4);
        for clipped in &game.harness.output().shapes {
            let mut texts = Vec::new();
            collect_texts(&clipped.shape, &mut texts);
            for (text, rect) in texts {
                // The drawing's notes: a call's window, α over β, a line each.
                if text.starts_with("α ") || text.starts_with("β ") {
                    windows += usize::from(text.starts_with("α "));
                    assert!(
                        clipped.clip_rect.expand(0.5).contains_rect(rect),
                        "{text:?} at {rect:?} is cut by {:?}",
                        clipped.clip_rect
                    );
                    assert!(text.trim_end().len() > "α ".len(), "{text:?}");
                }
            }
        }
    }
    assert!(windows > 100, "only {windows} windows were drawn");
}

/// The texts in `shape` with where they are drawn.
fn collect_texts(shape: &egui::Shape, out: &mut Vec<(String, egui::Rect)>) {
    match shape {
        egui::Shape::Vec(shapes) => {
            for shape in shapes {
                collect_texts(shape, out);
            }
        }
        egui::Shape::Text(text) => {
            out.push((text.galley.text().to_owned(), text.visual_bounding_rect()))
        }
        _ => {}
    }
}

#[test]
fn the_legend_under_the_board_keeps_whose_numbers_they_are_beside_a_wide_explorer() {
    let mut game = start("show_scores: true, explorer_open: true, welcome_hint: false");
    game.harness.set_size(egui::vec2(1100.0, 800.0));
    game.settle();
    game.click_cell(Cell::new(0, 0));
    // Drag the explorer's edge out to 850 px, as a teacher widening it for the class does: the
    // edge is where the pointer turns into a resize arrow.
    let y = 300.0;
    let edge = (200..700)
        .step_by(2)
        .map(|x| x as f32)
        .find(|&x| {
            game.harness
                .event(egui::Event::PointerMoved(egui::pos2(x, y)));
            game.harness.run_steps(2);
            matches!(
                game.harness.output().platform_output.cursor_icon,
                egui::CursorIcon::ResizeHorizontal
                    | egui::CursorIcon::ResizeColumn
                    | egui::CursorIcon::ResizeEast
                    | egui::CursorIcon::ResizeWest
            )
        })
        .expect("the explorer's edge can be dragged");
    for (x, pressed) in [
        (edge, Some(true)),
        (600.0, None),
        (850.0, None),
        (850.0, Some(false)),
    ] {
        let pos = egui::pos2(x, y);
        game.harness.event(egui::Event::PointerMoved(pos));
        if let Some(pressed) = pressed {
            game.harness.event(egui::Event::PointerButton {
                pos,
                button: egui::PointerButton::Primary,
                pressed,
                modifiers: Modifiers::NONE,
            });
        }
        game.harness.run_steps(2);
    }
    game.harness.event(egui::Event::PointerGone);
    game.settle();
    game.harness.run();
    let board_left = game
        .harness
        .get_by_label_contains("Row 1, column 1,")
        .rect()
        .left();
    assert!(
        board_left > 840.0,
        "the explorer was not widened: the board starts at {board_left}"
    );
    // Pointing at a score adds its explanation to the legend, which then needs more room than
    // it has under the board.
    game.harness
        .get_by_label_contains("Row 3, column 3,")
        .hover();
    game.harness.run();
    game.harness
        .get_by_label_contains("Line of play (the numbered dots): 1. X row 3, column 3");
    // The first line is drawn under the board, where the board's panel does not cover it, and
    // inside what clips it.
    let board = game
        .harness
        .get_by_label_contains("Row 3, column 3,")
        .rect();
    let painted: Vec<egui::Rect> = game
        .harness
        .output()
        .shapes
        .iter()
        .flat_map(|clipped| {
            let mut texts = Vec::new();
            collect_texts(&clipped.shape, &mut texts);
            texts
                .into_iter()
                .filter(|(text, rect)| {
                    text.starts_with("Scores for the player to move")
                        && clipped.clip_rect.expand(0.5).contains_rect(*rect)
                })
                .map(|(_, rect)| rect)
                .collect::<Vec<_>>()
        })
        .collect();
    let heading = painted
        .iter()
        .find(|rect| rect.top() >= board.bottom())
        .unwrap_or_else(|| panic!("the legend's first line is not under the board: {painted:?}"));
    // And no panel is drawn over it: its letters are on the screen (light on the dark theme).
    let image = game.harness.render().unwrap();
    let scale = game.harness.ctx.pixels_per_point();
    let lit = (heading.left() as u32..heading.right() as u32)
        .flat_map(|x| (heading.top() as u32..heading.bottom() as u32).map(move |y| (x, y)))
        .filter(|&(x, y)| {
            let [r, g, b, _] = image
                .get_pixel((x as f32 * scale) as u32, (y as f32 * scale) as u32)
                .0;
            u32::from(r) + u32::from(g) + u32::from(b) > 3 * 150
        })
        .count();
    assert!(
        lit > 50,
        "the legend's first line is covered: {lit} lit pixels at {heading:?}"
    );
}

#[test]
fn why_the_computer_played_there_says_whose_numbers_they_are() {
    for (settings, heading) in [
        ("", "Scores for the player to move, O: O maximises"),
        (
            "score_view: Articles",
            "Scores from X's side (the articles' view): X maximises, O minimises",
        ),
    ] {
        let mut game = start(&format!("welcome_hint: false, {settings}"));
        game.click_cell(Cell::new(0, 0));
        game.press(Key::W);
        game.harness
            .get_by_label_contains("Why the computer played there");
        game.harness.get_by_label(heading);
    }
}

#[test]
fn the_pages_notice_region_follows_what_is_over_the_board() {
    let notices = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let heard = notices.clone();
    let mut game = harness::start_adjusted("welcome_hint: false", |options| {
        options.status_mirror = Some(Arc::new(move |_status: &str, notice: &str| {
            heard.lock().unwrap().push(notice.to_owned());
        }));
    });
    let last = || notices.lock().unwrap().last().cloned().unwrap_or_default();
    game.harness.get_by_label("Game").click();
    game.settle();
    game.harness.get_by_label_contains("Copy position").click();
    game.settle();
    game.harness.event(egui::Event::PointerGone);
    game.settle();
    assert!(last().starts_with("Copied "), "{:?}", last());
    // An example over the board: the region says what the banner says.
    game.harness.get_by_label("Game").click();
    game.settle();
    game.harness.get_by_label("The articles' examples").hover();
    game.settle();
    let example = &tictactoe::learn::examples::examples()[0];
    game.harness.get_by_label_contains(example.title).click();
    game.settle();
    game.harness.event(egui::Event::PointerGone);
    game.settle();
    assert!(last().starts_with(example.title), "{:?}", last());
    // Back to the game: the notice, still undismissed, is what is over the board again.
    game.press(Key::Escape);
    assert!(last().starts_with("Copied "), "{:?}", last());
}

#[test]
fn the_drawn_search_zooms_and_labels_every_level() {
    let mut game = start("welcome_hint: false");
    game.harness.set_size(egui::vec2(1280.0, 1000.0));
    game.click_cell(Cell::new(1, 1));
    game.press(Key::D);
    game.harness
        .get_by_label("alpha-beta, score each move")
        .click();
    game.settle();
    game.harness.get_by_label("Draw the search").click();
    game.settle();
    game.harness.get_by_label("Only the drawing").click();
    game.settle();
    for _ in 0..6 {
        game.press(Key::ArrowRight);
    }
    let root = |game: &Game| {
        game.harness
            .query_all_by_label_contains("findBestMove: ")
            .find(|node| node.accesskit_node().role() == egui::accesskit::Role::Button)
            .expect("the drawing's top node")
            .rect()
    };
    // The zoom the drawing shows: given the window, it opens fitted to it, whatever its size.
    let percent = |game: &Game| -> f32 {
        game.drawn()
            .into_iter()
            .find_map(|(label, _)| label.strip_suffix('%')?.parse().ok())
            .expect("the zoom's percentage")
    };
    game.harness.get_by_label("Fit");
    let fitted = percent(&game);
    let at_first = root(&game).width();
    for _ in 0..3 {
        game.harness.get_by_label("+").click();
        game.harness.run_steps(3);
    }
    let zoomed = root(&game).width();
    assert!(
        (zoomed / at_first - 1.25f32.powi(3)).abs() < 0.02,
        "{at_first} → {zoomed}"
    );
    let shown = percent(&game);
    assert!(
        (shown - (fitted * 1.25f32.powi(3)).round()).abs() <= 1.0,
        "{fitted}% → {shown}%"
    );
    // Every level drawn is labelled with who moves there and its depth, the last included.
    game.harness.event(egui::Event::PointerGone);
    game.harness.run_steps(3);
    let mut texts = Vec::new();
    for clipped in &game.harness.output().shapes {
        collect_texts(&clipped.shape, &mut texts);
    }
    let labels: Vec<&str> = texts
        .iter()
        .map(|(text, _)| text.as_str())
        .filter(|text| text.contains(" to move ("))
        .collect();
    let mover = game.board().to_move();
    assert!(
        labels.contains(&format!("MAX: {mover} to move (the top)").as_str()),
        "{labels:?}"
    );
    assert!(
        labels.contains(&format!("MIN: {} to move (depth 0)", mover.opponent()).as_str()),
        "{labels:?}"
    );
    // A pinch (or Ctrl+wheel) over the drawing, on a node too, zooms it: over the call running
    // now, which the drawing keeps in view.
    let over = game
        .harness
        .query_all_by_label_contains(": running now")
        .find(|node| node.accesskit_node().role() == egui::accesskit::Role::Button)
        .expect("the running call's node")
        .rect()
        .center();
    game.harness.event(egui::Event::PointerMoved(over));
    game.harness.event(egui::Event::Zoom(1.25));
    game.harness.run_steps(3);
    let pinched = percent(&game);
    assert!(
        (pinched - shown * 1.25).abs() <= 1.5,
        "{shown}% → {pinched}%"
    );
    // Back to 100%.
    game.harness.get_by_label(&format!("{pinched}%")).click();
    game.harness.run_steps(3);
    assert_eq!(percent(&game), 100.0);
    let at_100 = at_first * 100.0 / fitted;
    assert!((root(&game).width() - at_100).abs() < 1.0, "{at_100}");
}

/// A tap on `cell` as a touch screen sends it: the touch, then the pointer's press and release,
/// then the pointer gone (no hover after a touch).
fn tap_cell(game: &mut Game, cell: Cell) {
    let label = format!("Row {}, column {},", cell.row + 1, cell.col + 1);
    let pos = game.harness.get_by_label_contains(&label).rect().center();
    game.tap_at(pos);
}

#[test]
fn on_a_touch_screen_a_tap_explains_a_score_and_play_here_or_a_second_tap_plays_it() {
    let mut game = start("show_scores: true, welcome_hint: false");
    let empty = game.board();
    // The first tap picks the move: its formula and line are explained, nothing is played.
    tap_cell(&mut game, Cell::new(0, 0));
    assert_eq!(game.board(), empty, "a tap on a score played it");
    game.harness
        .get_by_label("X at row 1, column 1: 0: a draw. Neither side can force a win from here.");
    game.harness
        .get_by_label_contains("Line of play (the numbered dots): 1. X row 1, column 1");
    // Another cell: now that one is explained; its button plays it.
    tap_cell(&mut game, Cell::new(1, 1));
    assert_eq!(game.board(), empty);
    game.harness
        .get_by_label("Play here (row 2, column 2)")
        .click();
    game.settle();
    assert_eq!(game.board().get(Cell::new(1, 1)), Some(Mark::X));
    // A second tap on the same cell plays it too.
    let before = game.board();
    let free = before.legal_moves().next().unwrap();
    tap_cell(&mut game, free);
    assert_eq!(game.board(), before);
    tap_cell(&mut game, free);
    assert_eq!(game.board().get(free), Some(Mark::X));
    // The words speak of taps.
    game.harness
        .get_by_label_contains("Tap a score to see how it is computed");
}

#[test]
fn with_the_scores_off_a_tap_plays_at_once() {
    let mut game = start("welcome_hint: false");
    tap_cell(&mut game, Cell::new(1, 1));
    assert_eq!(game.board().get(Cell::new(1, 1)), Some(Mark::X));
}

#[test]
fn on_a_touch_screen_buttons_do_not_name_keys() {
    let mut game = start("welcome_hint: false");
    game.press(Key::D);
    game.harness.get_by_label("Back (Left)");
    game.press(Key::Escape);
    // The first touch: from then on the words are a touch screen's.
    tap_cell(&mut game, Cell::new(1, 1));
    game.press(Key::D);
    for (touch, keyed) in [
        ("Back", "Back (Left)"),
        ("Run", "Run (Space)"),
        ("Close", "Close (Esc)"),
    ] {
        game.harness.get_by_label(touch);
        assert!(game.harness.query_by_label(keyed).is_none(), "{keyed}");
    }
    game.harness.get_by_label("Close").click();
    game.settle();
    game.press(Key::P);
    game.harness.get_by_label("Back to the game");
    assert!(
        game.harness
            .query_by_label("Back to the game (P)")
            .is_none()
    );
}

#[test]
fn on_a_phone_the_explorer_and_the_review_open_under_the_board_in_a_finger_sized_text() {
    let mut game = start("welcome_hint: false, explorer_open: true, show_scores: true");
    game.harness.set_size(egui::vec2(390.0, 844.0));
    game.settle();
    tap_cell(&mut game, Cell::new(1, 1));
    tap_cell(&mut game, Cell::new(1, 1));
    let board = game
        .harness
        .get_by_label_contains("Row 3, column 3,")
        .rect();
    let tree = game.harness.get_by_label("Draw as a tree").rect();
    assert!(
        tree.top() > board.bottom(),
        "the explorer is not under the board: {tree:?} against {board:?}"
    );
    // The board keeps room enough to read its scores.
    let left = game
        .harness
        .get_by_label_contains("Row 1, column 1,")
        .rect();
    assert!(board.right() - left.left() > 240.0, "{left:?} {board:?}");
    // A phone's body text and a finger's buttons.
    let style = game.harness.ctx.style_of(egui::Theme::Dark);
    let body = style.text_styles[&egui::TextStyle::Body].size;
    let button = style.spacing.interact_size.y;
    assert!(body >= 16.0, "body text {body}");
    assert!(button >= 44.0, "buttons {button}");
}

/// A settings path of 5,000 characters that cannot be saved: the notice names it shortened, and
/// its Dismiss button stays in the window and works.
#[test]
fn a_notice_about_a_very_long_path_keeps_its_dismiss_button_in_view() {
    let dir = tempfile::tempdir().unwrap();
    let mut path = dir.path().to_path_buf();
    for _ in 0..25 {
        path.push("a".repeat(200));
    }
    path.push("settings.ron");
    let mut game = start_with_file(dir, path, None);
    game.press(Key::S);
    game.harness.state().flush_settings();
    game.settle();
    let notice = game
        .harness
        .state()
        .notice()
        .expect("a notice that the settings cannot be saved")
        .to_string();
    assert!(notice.contains("settings.ron"), "{notice}");
    assert!(notice.chars().count() < 600, "{} characters", notice.len());
    let dismiss = game.harness.get_by_label("Dismiss");
    let rect = dismiss.rect();
    assert!(rect.top() >= 0.0 && rect.bottom() <= 580.0, "{rect:?}");
    dismiss.click();
    game.settle();
    assert!(game.harness.state().notice().is_none());
}

#[test]
fn a_page_known_to_be_on_a_touch_screen_speaks_of_taps_before_the_first_tap() {
    let game = harness::start_adjusted("", |options| options.touch_screen = true);
    game.harness
        .get_by_label("Tip: show the scores to see how minimax rates every move you could play.");
    let show = game.harness.get_by_label("Show the scores").rect();
    assert!(show.height() >= 44.0, "{show:?}");
    // Nor do its buttons name keys.
    let mut game = game;
    game.press(Key::D);
    game.harness.get_by_label("Back");
    assert!(game.harness.query_by_label("Back (Left)").is_none());
}

#[test]
fn a_textbooks_tree_is_stepped_through_with_alpha_beta_and_its_pruned_leaves_stay_crossed_out() {
    let mut game = start("welcome_hint: false");
    game.harness.set_size(egui::vec2(1280.0, 720.0));
    // The text grows with the window the frame after: the menu bar is laid out again.
    game.harness.run_steps(3);
    game.harness.get_by_label("View").click();
    game.settle();
    game.harness
        .get_by_label("A textbook's tree (minimax and alpha-beta)")
        .click();
    game.settle();
    game.harness.event(egui::Event::PointerGone);
    game.settle();
    // The figure with leaves 3 12 8 / 2 4 6 / 14 5 2: its first cutoff prunes two leaves of
    // the second MIN node, which stay drawn, crossed out, with the window, to the end.
    game.harness.get_by_label("three-ply").click();
    game.settle();
    game.press(Key::End);
    game.harness.get_by_label_contains("the root's value: 3");
    // Beside it, the textbook's code, at the line the search ended on: the root's value.
    let selected = |game: &Game, line: &str| {
        let node = game.harness.get_by_label_contains(line);
        node.accesskit_node().is_selected() == Some(true)
    };
    assert!(selected(&game, "return alphabeta(root, -inf, +inf, true)"));
    assert!(!selected(
        &game,
        "function alphabeta(node, alpha, beta, isMax):"
    ));
    game.press(Key::ArrowLeft);
    assert!(
        selected(&game, "alpha = max(alpha, best)"),
        "MAX takes its last child"
    );
    game.press(Key::End);
    // Without the code, it fills the room, for a projector: its leaves spread across most of
    // the 1280 points.
    game.harness.get_by_label("The code").click();
    game.settle();
    assert!(
        game.harness
            .query_by_label_contains("alpha = max(alpha, best)")
            .is_none()
    );
    game.harness.event(egui::Event::PointerGone);
    game.harness.run_steps(3);
    let spread = |game: &Game| {
        let leaf = |name| game.harness.get_by_label_contains(name).rect().center().x;
        leaf("Node M (3.3):") - leaf("Node C (1.1):")
    };
    let fitted = spread(&game);
    let percent = game
        .harness
        .query_all_by_label_contains("%")
        .filter_map(|node| node.accesskit_node().label())
        .find(|label| label.ends_with('%'))
        .expect("the zoom's percentage");
    game.harness.get_by_label(&percent).click();
    game.harness.run_steps(3);
    let at_100 = spread(&game);
    assert!(
        fitted > 1.5 * at_100,
        "fitted to the room the leaves span {fitted} points, at 100% {at_100}"
    );
    let pruned: Vec<String> = game
        .harness
        .query_all_by_label_contains(": pruned (α ")
        .filter_map(|node| node.accesskit_node().label())
        .collect();
    assert_eq!(
        pruned,
        [
            "Node H (2.2): pruned (α 3 β 2), a leaf",
            "Node I (2.3): pruned (α 3 β 2), a leaf"
        ],
        "the two leaves alpha-beta skips"
    );
    game.harness
        .get_by_label_contains("The root A: returned 3, MAX moves next");
    // Back one step: the search is under way again; plain minimax prunes nothing.
    game.press(Key::Home);
    game.harness.get_by_label_contains("Step 0 of ");
    game.harness.get_by_label("The code").click();
    game.settle();
    assert!(selected(&game, "function search(root):"));
    game.harness.get_by_label("plain minimax").click();
    game.settle();
    game.press(Key::End);
    assert!(game.harness.query_by_label_contains(": pruned (").is_none());
    game.harness.get_by_label_contains("the root's value: 3");
    // Esc closes it; the game is untouched.
    game.press(Key::Escape);
    assert_eq!(game.board(), Board::classic());
}

/// A tree with chance nodes is drawn with its expectiminimax values: the textbooks' coin and die
/// under MAX are worth 7.5 and 4, each average written out; the searches that do not apply are
/// there, disabled, with the reason in one line.
#[test]
fn a_chance_tree_is_drawn_with_its_averages_and_the_searches_that_do_not_apply_are_disabled() {
    let mut game = harness::start_adjusted("welcome_hint: false", |options| {
        options.open_on.tree = Some("three-ply".to_string());
    });
    game.settle();
    game.harness.get_by_label("expectimax").click();
    game.settle();
    game.harness.get_by_label("the root (MAX): 7.5");
    game.harness
        .get_by_label("child 1 (chance): ½·3 + ½·12 = 7.5");
    game.harness
        .get_by_label("child 2 (chance): 1/3·2 + 1/3·4 + 1/3·6 = 4");
    game.harness.get_by_label("child 1.2 (a leaf): 12");
    game.harness
        .get_by_label_contains("Expectiminimax: the root's value 7.5 ·");
    game.harness
        .get_by_label_contains("Alpha-beta and the step-through do not apply here");
    for words in ["Step (Right)", "Run to end (End)", "alpha-beta"] {
        let button = game.harness.get_by_label(words);
        assert!(button.accesskit_node().is_disabled(), "{words}");
    }
    assert!(game.harness.query_by_label_contains("Not a tree").is_none());
    // Unequal probabilities, and a value that needs rounding: shown to 3 places and marked.
    let field = game.harness.get_by_label("The tree:");
    field.click();
    game.settle();
    game.press_with(Modifiers::COMMAND, Key::A);
    game.harness
        .get_by_label("The tree:")
        .type_text("[chance[0.25: 1, 0.75: 2], chance[1, 0, 0]]");
    game.settle();
    game.harness
        .get_by_label("child 1 (chance): ¼·1 + ¾·2 = 1.75");
    game.harness
        .get_by_label("child 2 (chance): 1/3·1 + 1/3·0 + 1/3·0 = ≈0.333");
}

#[test]
fn a_mistyped_tree_is_named_where_it_goes_wrong() {
    let mut game = harness::start_adjusted("welcome_hint: false", |options| {
        options.open_on.tree = Some("[[3,12,8],[2,4 6]]".to_string());
    });
    game.settle();
    game.harness
        .get_by_label_contains("Not a tree: at character 16");
}

/// A paste of megabytes into the tree's field is cut at the field's limit, with a line that says
/// so: neither kept nor laid out whole.
#[test]
fn a_huge_paste_into_the_trees_field_is_cut_with_a_line_that_says_so() {
    let mut game = harness::start_adjusted("welcome_hint: false", |options| {
        options.open_on.tree = Some("three-ply".to_string());
    });
    game.settle();
    let huge = "[1,2],".repeat(1_000_000);
    let field = game.harness.get_by_label("The tree:");
    field.click();
    game.settle();
    game.harness.get_by_label("The tree:").type_text(&huge);
    game.settle();
    game.harness
        .get_by_label_contains("The field keeps the first 20000 characters");
    let kept = game
        .harness
        .get_by_label("The tree:")
        .value()
        .unwrap_or_default();
    assert!(
        kept.chars().count() <= 20_000,
        "{} characters",
        kept.chars().count()
    );
}

/// The desktop app zooms as a browser does (egui's own zoom; on the web page the browser's zoom
/// does it, and the page follows).
#[test]
fn ctrl_plus_and_ctrl_minus_zoom_the_window_and_ctrl_0_resets_it() {
    let mut game = harness::start("");
    let zoom = |game: &Game| game.harness.ctx.zoom_factor();
    assert_eq!(zoom(&game), 1.0);
    game.press_with(Modifiers::COMMAND, Key::Plus);
    game.press_with(Modifiers::COMMAND, Key::Plus);
    assert!((zoom(&game) - 1.2).abs() < 1e-4, "{}", zoom(&game));
    game.press_with(Modifiers::COMMAND, Key::Minus);
    assert!((zoom(&game) - 1.1).abs() < 1e-4, "{}", zoom(&game));
    game.press_with(Modifiers::COMMAND, Key::Num0);
    assert_eq!(zoom(&game), 1.0);
}

/// Alpha-beta on `..O/.../.X.` is 5,744 steps; "Next cut-off" (PgDn) reaches the first in one
/// press, at the step the trace itself puts it, and says the cut-off in one sentence, in the
/// live region too; a second press reaches the second.
#[test]
fn next_cut_off_reaches_the_first_cut_off_of_a_long_search_in_one_press() {
    use tictactoe::engine::minimax::SearchControl;
    use tictactoe::learn::trace::{EventKind, TraceAlgorithm, trace};
    let board: Board = "..O/.../.X.".parse().unwrap();
    let mut kinds = Vec::new();
    trace(
        &board,
        TraceAlgorithm::AlphaBetaClassic,
        &SearchControl::new(),
        |event| kinds.push(event.kind),
    )
    .unwrap();
    assert_eq!(kinds.len(), 5744);
    let cuts: Vec<usize> = (0..kinds.len())
        .filter(|&i| kinds[i] == EventKind::Cutoff)
        .map(|i| i + 1)
        .collect();
    let (dir, path) = settings_file("(ai_delay_ms: 0, theme: Dark, welcome_hint: false)");
    let mut game = harness::start_with_position(dir, path, board);
    game.harness.set_size(egui::vec2(1280.0, 720.0));
    game.press(Key::D);
    game.harness
        .get_by_label("alpha-beta, score each move")
        .click();
    game.settle();
    game.harness.get_by_label_contains("Step 0 of 5,744");
    game.press(Key::PageDown);
    for _ in 0..20 {
        game.harness.run_steps(1);
    }
    game.harness
        .get_by_label_contains(&format!("Step {} of 5,744", cuts[0]));
    game.harness.get_by_label_contains("cutoffs 1");
    // The sentence, in the live region ("Now at line …") and in the list of the tree around
    // the call, the same words.
    let said: Vec<String> = game
        .harness
        .query_all_by_label_contains("above already has")
        .map(|node| {
            let node = node.accesskit_node();
            let text = node.value().or(node.label()).unwrap_or_default();
            text[text.find("At ").unwrap()..].to_string()
        })
        .collect();
    assert_eq!(said.len(), 2, "{said:?}");
    assert_eq!(said[0], said[1]);
    assert!(
        said[0].starts_with("At r3c3 (O): α = 6 ≥ β = 4: X above"),
        "{said:?}"
    );
    game.harness.get_by_label("Next cut-off (PgDn)").click();
    for _ in 0..20 {
        game.harness.run_steps(1);
    }
    game.harness
        .get_by_label_contains(&format!("Step {} of 5,744", cuts[1]));
}

/// The textbook's tree: the whole tree is drawn before the search starts (the leaves' values
/// showing); PgDn goes from cut-off to cut-off with its sentence; a click on a node runs the
/// search to it; ↑ finishes the call under way; a random tree is dealt from its seed.
#[test]
fn the_textbooks_tree_jumps_from_cut_off_to_cut_off_and_runs_to_a_node() {
    let mut game = harness::start_adjusted("welcome_hint: false", |options| {
        options.open_on.tree = Some("three-cutoffs".to_string());
    });
    game.harness.set_size(egui::vec2(1280.0, 720.0));
    game.settle();
    game.harness.get_by_label_contains("Step 0 of 45");
    game.harness
        .get_by_label_contains("Node H (1.2.2): not reached yet, worth 9");
    game.press(Key::PageDown);
    game.harness.get_by_label(
        "At F (MAX): α = 7 ≥ β = 6: MIN above already has 6 elsewhere, so it never lets play \
         reach F, and H (9) is pruned.",
    );
    game.harness
        .get_by_label_contains("Node F (1.2): running now, best so far 7");
    game.press(Key::PageDown);
    game.harness
        .get_by_label_contains("At I (MIN): α = 6 ≥ β = 2");
    game.harness
        .get_by_label_contains("Node F (1.2): returned 7, a bound: its minimax value is ≥ 7");
    // A click on T runs the search to T's call.
    game.harness.get_by_label_contains("Node T (3.2)").click();
    game.settle();
    game.harness
        .get_by_label_contains("Node T (3.2): running now");
    game.harness
        .get_by_label_contains("The last cut-off: At I (MIN)");
    game.harness
        .get_by_label_contains("Node I (2): returned 2, a bound: its minimax value is ≤ 2");
    // Step out: T finishes, cut at its 9.
    game.press(Key::ArrowUp);
    game.harness
        .get_by_label_contains("Node T (3.2): returned 9, a bound: its minimax value is ≥ 9");
    // A random tree from its seed: the same notation as learn deals.
    game.harness.get_by_label("Deal").click();
    game.settle();
    let dealt = tictactoe::learn::abstract_tree::random_tree(1, 3, 3);
    let field = game
        .harness
        .get_by_label("The tree:")
        .value()
        .unwrap_or_default();
    assert_eq!(field, dealt);
}

/// Plain minimax of a typed tree's notation, written here from the notation alone (MAX at the
/// root, nested lists of whole numbers): the reference an edited tree's root is checked against.
fn minimax_of_notation(text: &str) -> i32 {
    fn node(chars: &[u8], at: &mut usize, max: bool) -> i32 {
        if chars[*at] == b'[' {
            *at += 1;
            let mut values = Vec::new();
            loop {
                values.push(node(chars, at, !max));
                let separator = chars[*at];
                *at += 1;
                if separator == b']' {
                    break;
                }
            }
            let best = if max {
                values.iter().max()
            } else {
                values.iter().min()
            };
            *best.unwrap()
        } else {
            let start = *at;
            while chars[*at] == b'-' || chars[*at].is_ascii_digit() {
                *at += 1;
            }
            std::str::from_utf8(&chars[start..*at])
                .unwrap()
                .parse()
                .unwrap()
        }
    }
    node(text.as_bytes(), &mut 0, true)
}

/// The textbook's tree opened on three-ply, 1280 points wide.
fn three_ply_lab() -> Game {
    let mut game = harness::start_adjusted("welcome_hint: false", |options| {
        options.open_on.tree = Some("three-ply".to_string());
    });
    game.harness.set_size(egui::vec2(1280.0, 720.0));
    game.settle();
    game
}

/// With "Edit leaves" on, a click on a leaf chooses it and Enter gives it the value typed: the
/// tree's notation is rewritten and the search starts again on the new tree, to its new value.
#[test]
fn a_leaf_of_the_textbooks_tree_is_given_a_new_value_on_the_drawing() {
    let mut game = three_ply_lab();
    game.harness.get_by_label("Edit leaves").click();
    game.settle();
    // D is the first MIN node's 12; the click chooses it and runs nothing.
    game.harness.get_by_label_contains("Node D (1.2)").click();
    game.settle();
    game.harness.get_by_label_contains("Step 0 of ");
    let field = game.harness.get_by_label("Leaf D value:");
    assert_eq!(field.value().as_deref(), Some("12"));
    let d = game.harness.get_by_label_contains("Node D (1.2)");
    // Framed, and a screen reader hears it pressed (egui says a selected button is toggled).
    assert_eq!(
        d.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::True),
        "D is framed"
    );
    // The click gave the field the keyboard: the value is typed at once.
    game.press_with(Modifiers::COMMAND, Key::A);
    game.harness.get_by_label("Leaf D value:").type_text("10");
    game.settle();
    game.press(Key::Enter);
    let expected = "[[3,10,8],[2,4,6],[14,5,2]]";
    let typed = game
        .harness
        .get_by_label("The tree:")
        .value()
        .unwrap_or_default();
    assert_eq!(typed, expected);
    game.press(Key::End);
    let root = minimax_of_notation(expected);
    game.harness
        .get_by_label_contains(&format!("the root's value: {root}"));
    // C's new value changes the root's: min(20, 10, 8) = 8 beats the other MIN nodes' 2.
    game.harness.get_by_label_contains("Node C (1.1)").click();
    game.settle();
    game.press_with(Modifiers::COMMAND, Key::A);
    game.harness.get_by_label("Leaf C value:").type_text("20");
    game.harness.get_by_label("Set").click();
    game.settle();
    let expected = "[[20,10,8],[2,4,6],[14,5,2]]";
    let typed = game
        .harness
        .get_by_label("The tree:")
        .value()
        .unwrap_or_default();
    assert_eq!(typed, expected);
    game.press(Key::End);
    let root = minimax_of_notation(expected);
    assert_eq!(root, 8);
    game.harness
        .get_by_label_contains(&format!("the root's value: {root}"));
    // A value that is not a whole number is refused and said; the tree stays.
    game.harness.get_by_label_contains("Node C (1.1)").click();
    game.settle();
    game.press_with(Modifiers::COMMAND, Key::A);
    game.harness.get_by_label("Leaf C value:").type_text("2.5");
    game.harness.get_by_label("Set").click();
    game.settle();
    game.harness
        .get_by_label("Not set: \"2.5\" is not a whole number.");
    let typed = game
        .harness
        .get_by_label("The tree:")
        .value()
        .unwrap_or_default();
    assert_eq!(typed, expected);
}

/// Out of "Edit leaves" a click on a node runs the search to it, as before.
#[test]
fn out_of_edit_leaves_a_click_on_a_leaf_still_runs_the_search_to_it() {
    let mut game = three_ply_lab();
    game.harness.get_by_label("Edit leaves").click();
    game.settle();
    game.harness.get_by_label("Edit leaves").click();
    game.settle();
    game.harness.get_by_label_contains("Node D (1.2)").click();
    game.settle();
    assert!(game.harness.query_by_label("Leaf D value:").is_none());
    // The search ran to D: steps were taken, and D is reached.
    assert!(game.harness.query_by_label_contains("Step 0 of ").is_none());
    let d = game.harness.get_by_label_contains("Node D (1.2)");
    let d = d.accesskit_node().label().unwrap_or_default();
    assert!(!d.contains("not reached yet"), "{d}");
    let typed = game
        .harness
        .get_by_label("The tree:")
        .value()
        .unwrap_or_default();
    assert_eq!(typed, "three-ply");
}

/// "Copy link" copies what the page's link reads back as the same tree (on the desktop, which
/// has no address, the link's part that names the tree), and says so.
#[test]
fn the_textbooks_tree_is_copied_as_a_link_that_reads_back_as_the_same_tree() {
    let mut game = three_ply_lab();
    game.harness.get_by_label("Copy link").click();
    game.harness.step();
    let copied = game
        .harness
        .output()
        .platform_output
        .commands
        .iter()
        .find_map(|command| match command {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
        .expect("a link on the clipboard");
    game.settle();
    let link = tictactoe::app::link::Link::parse(&copied);
    let tree = link.tree.expect("the link names a tree");
    let named = tictactoe::learn::abstract_tree::find_tree(&tree).map(|example| example.notation);
    let read: tictactoe::engine::game_tree::GameTree = named.unwrap_or(&tree).parse().unwrap();
    assert_eq!(read.to_string(), "[[3,12,8],[2,4,6],[14,5,2]]");
    game.harness
        .get_by_label_contains(&format!("Copied the tree's part of a link, {copied}"));
}

/// From the keyboard: Enter on a focused leaf chooses it and gives its field the keyboard, and
/// Tab from "Edit leaves" reaches the same field.
#[test]
fn a_leaf_is_chosen_and_its_field_reached_from_the_keyboard() {
    let mut game = three_ply_lab();
    game.harness.get_by_label("Edit leaves").click();
    game.settle();
    game.harness.get_by_label_contains("Node E (1.3)").focus();
    game.settle();
    game.press(Key::Enter);
    assert!(game.harness.get_by_label("Leaf E value:").is_focused());
    assert_eq!(
        game.harness
            .get_by_label("Leaf E value:")
            .value()
            .as_deref(),
        Some("8")
    );
    game.harness.get_by_label("Edit leaves").focus();
    game.settle();
    game.press(Key::Tab);
    assert!(game.harness.get_by_label("Leaf E value:").is_focused());
    game.press_with(Modifiers::COMMAND, Key::A);
    game.harness.get_by_label("Leaf E value:").type_text("-4");
    game.press(Key::Enter);
    let typed = game
        .harness
        .get_by_label("The tree:")
        .value()
        .unwrap_or_default();
    assert_eq!(typed, "[[3,12,-4],[2,4,6],[14,5,2]]");
    game.press(Key::End);
    let root = minimax_of_notation(&typed);
    game.harness
        .get_by_label_contains(&format!("the root's value: {root}"));
}

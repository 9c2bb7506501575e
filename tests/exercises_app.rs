//! The alpha-beta and abstract-tree exercises in the app, through its accessibility tree: the
//! tree drawn with a button a node, the pruned branches clicked or tapped (and taken back), α
//! and β typed, a wrong answer worked out with the search one click away over the tree, and the
//! keys the engine's (never typed in here). A chance item's tree drawn as the tree lab draws
//! it, its values hidden until graded, on a desktop and on phones.

use egui::Key;
use egui_kittest::kittest::{NodeT, Queryable};
use tictactoe::learn::exercises::prune::{Ask, PruneKey, label};
use tictactoe::learn::exercises::{ChanceAsk, ChanceKey, Item, SetCode, Summary, Task, generate};

mod harness;

use harness::Game;

fn prune_key(item: &Item) -> &PruneKey {
    match &item.task {
        Task::Prune(key) => key,
        _ => panic!("item {} is an alpha-beta item", item.number),
    }
}

/// The node button labelled `label` ("Node E, MIN, …").
fn click_node(game: &mut Game, label: &str) {
    game.harness
        .get_by_label_contains(&format!("Node {label},"))
        .click();
    game.settle();
}

/// Keeps a picture of the window for the notes, when SHOTS names a folder.
fn shot(game: &mut Game, name: &str) {
    if let Ok(folder) = std::env::var("SHOTS")
        && let Ok(image) = game.harness.render()
    {
        image.save(format!("{folder}/{name}.png")).unwrap();
    }
}

fn open(code: &SetCode) -> Game {
    let mut game = harness::start_adjusted("welcome_hint: false", |options| {
        options.open_on.exercises = Some(code.clone());
    });
    game.harness.set_size(egui::vec2(1000.0, 1000.0));
    game.harness.run_steps(3);
    game
}

#[test]
fn pruned_branches_are_clicked_on_the_tree_and_a_wrong_answer_shows_the_cut_off() {
    let code: SetCode = "v1-s7-k=prune-n=3-3x3-trees".parse().unwrap();
    let set = generate(&code);
    let mut game = open(&code);

    // Item 1: which branches are pruned, answered by clicks, wrong on purpose.
    let first = &set.items[0];
    let key = prune_key(first);
    assert_eq!(key.ask, Ask::Pruned);
    game.harness.get_by_label(&first.prompt());
    shot(&mut game, "1-tree-to-click");
    // A node clicked is in the answer; clicked again, out of it.
    let kept = (1..key.nodes.len())
        .find(|n| !key.pruned.contains(n))
        .unwrap();
    let kept_label = key.nodes[kept].label.clone();
    click_node(&mut game, &kept_label);
    game.harness
        .get_by_label_contains(&format!("Node {kept_label}, "))
        .accesskit_node()
        .label()
        .filter(|l| l.contains("in your answer"))
        .expect("the node clicked is in the answer");
    click_node(&mut game, &kept_label);
    assert!(
        !game
            .harness
            .get_by_label_contains(&format!("Node {kept_label}, "))
            .accesskit_node()
            .label()
            .unwrap()
            .contains("in your answer"),
        "clicked again, it is taken back"
    );
    // Wrong: the right ones but one, and a node that is searched.
    let mut wrong = key.pruned[1..].to_vec();
    wrong.push(kept);
    for &node in &wrong {
        click_node(&mut game, &key.nodes[node].label.clone());
    }
    wrong.sort_unstable();
    game.harness.get_by_label_contains("Check").click();
    game.settle();
    let graded = first.grade(&key.labels(&wrong)).unwrap();
    assert!(!graded.correct);
    // The cut-offs' α ≥ β, worked out, under the verdict.
    for line in &graded.feedback {
        game.harness.get_by_label(line);
    }
    assert!(graded.feedback.iter().any(|l| l.contains('≥')));
    // The search over the tree, one click away: the branches it pruned marked so.
    game.harness.get_by_label("Show the search").click();
    game.settle();
    for &node in &key.pruned {
        let label = key.nodes[node].label.clone();
        let name = game
            .harness
            .get_by_label_contains(&format!("Node {label}, "))
            .accesskit_node()
            .label()
            .unwrap();
        assert!(name.contains("pruned"), "{name}");
    }
    // The drawing agrees with its legend: each node, the root too, says what it returned and
    // its window as the search left it (the root's narrowed as its children returned).
    let name_of = |game: &Game, label: &str| {
        game.harness
            .get_by_label_contains(&format!("Node {label}, "))
            .accesskit_node()
            .label()
            .unwrap()
    };
    let root = name_of(&game, &key.nodes[0].label);
    let returned = key.returned[0].unwrap().value();
    let root_window = key.final_window(0).unwrap();
    assert_ne!(root_window, key.windows[0][0], "A's window narrowed");
    let root_window = key.window_text(root_window);
    assert!(
        root.ends_with(&format!("returned {returned} {root_window}")),
        "{root}"
    );
    let inner = (1..key.nodes.len())
        .find(|&n| key.nodes[n].leaf.is_none() && key.returned[n].is_some())
        .expect("a searched node below the root");
    let window = key.window_text(key.final_window(inner).unwrap());
    let below = name_of(&game, &key.nodes[inner].label);
    assert!(below.ends_with(&format!(" {window}")), "{below}");
    shot(&mut game, "2-wrong-with-the-search");
    game.press(Key::N);

    // Item 2: α and β leaving a node, typed.
    let second = &set.items[1];
    let key = prune_key(second);
    let Ask::Window(node) = key.ask else {
        panic!("level 2 asks a window");
    };
    game.harness.get_by_label(&second.prompt());
    let (alpha, beta) = key.final_window(node).unwrap();
    let typed = format!("α={} β={}", alpha.value(), beta.value());
    let field = game.harness.get_by_label("Your answer:");
    assert!(
        field.is_focused(),
        "a new item's answer field has the keyboard"
    );
    field.type_text(&typed);
    game.settle();
    game.press(Key::Enter);
    let graded = second.grade(&typed).unwrap();
    assert!(graded.correct);
    game.harness.get_by_label(&graded.feedback[0]);
    shot(&mut game, "3-window-right");
    game.press(Key::N);

    // Item 3 by keyboard: the pruned branches' letters typed.
    let third = &set.items[2];
    let key = prune_key(third);
    let typed = key.labels(&key.pruned).to_lowercase();
    game.harness.get_by_label("Your answer:").type_text(&typed);
    game.settle();
    game.press(Key::Enter);
    let graded = third.grade(&typed).unwrap();
    assert!(graded.correct, "{typed}: {:?}", graded.feedback);
    game.harness.get_by_label(&graded.feedback[0]);
    game.press(Key::N);
    let summary = Summary::of(&set, &[Some(false), Some(true), Some(true)]);
    for line in summary.lines() {
        game.harness.get_by_label(&line);
    }
}

#[test]
fn a_positions_pruned_branches_are_tapped_and_a_tree_is_filled_in() {
    let code: SetCode = "v1-s3-k=prune,tree-n=2-3x3".parse().unwrap();
    let set = generate(&code);
    let mut game = harness::start_adjusted("welcome_hint: false", |options| {
        options.open_on.exercises = Some(code.clone());
        options.touch_screen = true;
    });
    game.harness.set_size(egui::vec2(420.0, 1300.0));
    game.harness.run_steps(3);
    let first = &set.items[0];
    let key = prune_key(first);
    // On a touch screen every node is a finger's size.
    for node in 1..key.nodes.len() {
        let label = key.nodes[node].label.clone();
        let rect = game
            .harness
            .get_by_label_contains(&format!("Node {label}, "))
            .rect();
        assert!(
            rect.width() >= 44.0 && rect.height() >= 44.0,
            "{label}: {rect:?}"
        );
    }
    // The tree's edges carry the position's moves.
    for &node in &key.pruned {
        let label = key.nodes[node].label.clone();
        let name = game
            .harness
            .get_by_label_contains(&format!("Node {label}, "))
            .accesskit_node()
            .label()
            .unwrap();
        assert!(name.contains("move r"), "{name}");
        click_node(&mut game, &label);
    }
    shot(&mut game, "4-position-tapped");
    game.harness.get_by_label("Check").click();
    game.settle();
    let graded = first.grade(&first.answer_text()).unwrap();
    assert!(graded.correct);
    game.harness.get_by_label(&graded.feedback[0]);
    game.harness.get_by_label("Next").click();
    game.settle();
    // A tree kind below a position stays the two-ply fill-in (typed).
    let second = &set.items[1];
    assert!(matches!(second.task, Task::Tree(_)));
    game.harness
        .get_by_label("Your answer:")
        .type_text(&second.answer_text());
    game.settle();
    game.harness.get_by_label("Check").click();
    game.settle();
    let graded = second.grade(&second.answer_text()).unwrap();
    game.harness.get_by_label(&graded.feedback[0]);
}

#[test]
fn an_abstract_tree_is_filled_in_and_its_values_shown_over_it() {
    let code: SetCode = "v1-s2-k=tree-n=1-3x3-trees".parse().unwrap();
    let set = generate(&code);
    let mut game = open(&code);
    let item = &set.items[0];
    let Task::TreeFill(key) = &item.task else {
        panic!("a fill-in on a tree");
    };
    // Wrong on purpose: the root one off.
    let mut numbers: Vec<i32> = key.order.iter().map(|&n| key.values[n]).collect();
    *numbers.last_mut().unwrap() += 1;
    let typed = numbers
        .iter()
        .map(i32::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    game.harness.get_by_label("Your answer:").type_text(&typed);
    game.settle();
    game.press(Key::Enter);
    let graded = item.grade(&typed).unwrap();
    assert!(!graded.correct);
    for line in &graded.feedback {
        game.harness.get_by_label(line);
    }
    game.harness.get_by_label("Show the values").click();
    game.settle();
    let root = game
        .harness
        .get_by_label_contains("Node A, ")
        .accesskit_node()
        .label()
        .unwrap();
    assert!(
        root.ends_with(&format!("returned {}", key.values[0])),
        "{root}"
    );
    shot(&mut game, "5-tree-filled-wrong");
}

#[test]
fn the_verdict_and_its_explanation_go_to_the_pages_live_region_and_the_sets_code_is_copied() {
    use std::sync::{Arc, Mutex};
    let code: SetCode = "v1-s7-k=prune-n=1-3x3-trees".parse().unwrap();
    let set = generate(&code);
    let heard: Arc<Mutex<Vec<String>>> = Arc::default();
    let mirror = heard.clone();
    let mut game = harness::start_adjusted("welcome_hint: false", |options| {
        options.open_on.exercises = Some(code.clone());
        options.status_mirror = Some(Arc::new(move |_status: &str, over: &str| {
            let mut heard = mirror.lock().unwrap();
            if heard.last().map(String::as_str) != Some(over) {
                heard.push(over.to_string());
            }
        }));
    });
    game.harness.set_size(egui::vec2(1000.0, 1000.0));
    game.harness.run_steps(3);
    let item = &set.items[0];
    game.harness.get_by_label("Your answer:").type_text("none");
    game.settle();
    game.press(Key::Enter);
    let graded = item.grade("none").unwrap();
    assert!(!graded.correct);
    // The verdict and its explanation, every line a sighted learner reads under it.
    assert!(graded.feedback.len() > 1, "{:?}", graded.feedback);
    assert_eq!(
        heard.lock().unwrap().last(),
        Some(&graded.feedback.join(" ")),
        "the verdict and its explanation are written to the live region"
    );
    game.press(Key::N);
    let summary = Summary::of(&set, &[Some(false)]);
    assert_eq!(heard.lock().unwrap().last(), Some(&summary.lines()[0]));
    // The desktop has no page to link to: the button copies the set's code.
    game.harness.get_by_label("Copy the set's code").click();
    game.harness.step();
    let copied = game
        .harness
        .output()
        .platform_output
        .commands
        .contains(&egui::OutputCommand::CopyText(code.to_string()));
    assert!(copied, "the set's code is on the clipboard");
    game.settle();
    shot(&mut game, "6-summary-code-copied");
}

#[path = "common/binary.rs"]
mod binary;

#[test]
fn a_hand_in_is_copied_under_the_name_kept_and_checked_in_the_app_as_the_command_line_grades_it() {
    use tictactoe::learn::exercises::grade_hand_in;
    let code: SetCode = "v1-s7-k=value,horizon-n=2-3x3".parse().unwrap();
    let set = generate(&code);
    let mut game = open(&code);
    // Item 1 right, item 2 wrong, by keys.
    for (item, typed) in [
        (&set.items[0], set.items[0].answer_text()),
        (&set.items[1], "r1c1".into()),
    ] {
        game.harness.get_by_label(&item.prompt());
        game.harness.get_by_label("Your answer:").type_text(&typed);
        game.settle();
        game.press(Key::Enter);
        game.press(Key::N);
    }
    // The name asked once: kept in the settings.
    game.harness.get_by_label("Your name:").click();
    game.settle();
    game.harness
        .get_by_label("Your name:")
        .type_text("Ada Lovelace");
    game.settle();
    assert!(
        game.settings_file()
            .contains("student_name: \"Ada Lovelace\""),
        "{}",
        game.settings_file()
    );
    game.harness.get_by_label("Copy the hand-in").click();
    game.harness.step();
    let text = game
        .harness
        .output()
        .platform_output
        .commands
        .iter()
        .find_map(|command| match command {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
        .expect("the hand-in is on the clipboard");
    game.settle();
    game.harness
        .get_by_label_contains("Copied the hand-in of Ada Lovelace (2 of 2 items answered)");
    shot(&mut game, "7-hand-in-copied");
    assert!(
        text.contains("\nName: Ada Lovelace\n") && text.contains("\n2=r1c1\n"),
        "{text}"
    );

    // The teacher pastes it, edited: graded as the command line grades it, and flagged.
    let edited = text.replace("2=r1c1", "2=r1c2");
    let grade = grade_hand_in(&edited).unwrap();
    assert!(!grade.sealed);
    game.harness.get_by_label("For the teacher").click();
    game.settle();
    game.harness
        .get_by_label("Paste a hand-in, or open its file:")
        .click();
    game.settle();
    game.harness
        .get_by_label("Paste a hand-in, or open its file:")
        .type_text(&edited);
    game.settle();
    shot(&mut game, "8-hand-in-checked");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hand-in.txt");
    std::fs::write(&file, &edited).unwrap();
    let cli = binary::run(&["exercises", "--check", file.to_str().unwrap()], b"");
    assert_eq!(cli.status, 0, "{}", cli.stderr);
    let printed: Vec<&str> = cli.stdout.lines().collect();
    assert_eq!(
        printed,
        grade.lines(),
        "the command line prints the one grading"
    );
    assert!(printed.iter().any(|line| line.starts_with("Edited:")));
    for line in &printed {
        game.harness.get_by_label(line);
    }
}

#[test]
fn a_set_built_on_screen_has_the_code_it_shows_and_alpha_and_beta_at_three_items() {
    use tictactoe::learn::exercises::Kind;
    let mut game = harness::start_adjusted("welcome_hint: false", |_| {});
    game.harness.set_size(egui::vec2(1000.0, 1400.0));
    game.harness.run_steps(3);
    game.harness.get_by_label("View").click();
    game.settle();
    game.harness
        .get_by_label("Build a set of exercises…")
        .click();
    game.settle();
    let capital = |kind: Kind| {
        let name = kind.name();
        name[..1].to_uppercase() + &name[1..]
    };
    for kind in [Kind::Horizon, Kind::FindMove] {
        game.harness.get_by_label(&capital(kind)).click();
        game.settle();
    }
    let prune = Kind::Prune.level_words(false);
    for level in [1, 3] {
        game.harness
            .get_by_label(&format!("Level {level}: {}", prune[level - 1]))
            .click();
        game.settle();
    }
    // From the menu's eight items down to three.
    for _ in 0..5 {
        game.harness.get_by_label("−").click();
        game.settle();
    }
    game.harness.get_by_label("on textbook trees").click();
    game.settle();
    game.harness.get_by_label("Seed:").focus();
    game.settle();
    game.press_with(egui::Modifiers::COMMAND, Key::A);
    game.harness.get_by_label("Seed:").type_text("2025");
    game.settle();
    let code = "v1-s2025-k=value,tree,prune@2-n=3-3x3-trees";
    game.harness.get_by_label(&format!("Set code: {code}"));
    // The items it deals: the third asks for α and β.
    game.harness
        .get_by_label_contains("3. alpha-beta's cut-offs, level 2: α and β");
    shot(&mut game, "set-builder");
    // The copy is said on the screen.
    game.harness.get_by_label("Copy the set's code").click();
    game.settle();
    game.harness
        .get_by_label(&format!("Copied the set's code {code}"));
    game.harness.get_by_label("Start the set").click();
    game.settle();
    game.harness.get_by_label(&format!("Set {code}"));
    let set = generate(&code.parse().unwrap());
    assert!(matches!(prune_key(&set.items[2]).ask, Ask::Window(_)));
    assert_eq!(
        game.harness.state().open_views(),
        [tictactoe::app::ViewKind::Exercises]
    );
}

#[test]
fn a_chance_an_evaluation_and_an_mcts_item_are_answered_by_keyboard() {
    let code: SetCode = "v1-s5-k=chance,eval,mcts-n=6-3x3".parse().unwrap();
    let set = generate(&code);
    let mut game = open(&code);
    for item in &set.items[..3] {
        // The tree with chance nodes is written out, one node a line, for eyes and screen
        // readers alike.
        for line in item.figure() {
            game.harness.get_by_label(&line);
        }
        let answer = item.answer_text();
        game.harness.get_by_label("Your answer:").type_text(&answer);
        game.settle();
        game.press(Key::Enter);
        let graded = item.grade(&answer).unwrap();
        assert!(graded.correct, "{}: {answer}", item.number);
        for line in &graded.feedback {
            game.harness.get_by_label(line);
        }
        shot(&mut game, &format!("7-new-kind-{}", item.number));
        game.press(Key::N);
    }
    let kinds: Vec<&str> = set.items[..3].iter().map(|i| i.kind().code()).collect();
    assert_eq!(kinds, ["chance", "eval", "mcts"]);
}

/// The exercise's tree stands where learn's one layout puts the same tree in every other
/// picture (the textbook's tree, `tictactoe tree --format svg`): each node's drawn centre is the
/// sketch's scene position, scaled and moved as a whole.
#[test]
fn the_exercise_tree_is_laid_out_as_the_sketch_lays_out_the_same_tree() {
    use tictactoe::learn::exercises::prune::Start;
    use tictactoe::learn::{abstract_tree, tree_sketch};
    let code: SetCode = "v1-s7-k=prune-n=3-3x3-trees".parse().unwrap();
    let set = generate(&code);
    let key = prune_key(&set.items[0]);
    let Start::Tree { tree, .. } = &key.start else {
        panic!("item 1 of a set on trees is on a tree");
    };
    let sketch = tree_sketch::typed_tree(tree, &abstract_tree::picture(tree));
    let game = open(&code);
    let drawn: Vec<(String, egui::Rect)> = key
        .nodes
        .iter()
        .map(|node| {
            let rect = game
                .harness
                .get_by_label_contains(&format!("Node {},", node.label))
                .rect();
            (format!("node {}", node.label), rect)
        })
        .collect();
    assert_at_scene(&drawn, &sketch);
}

/// A painted text: its words, the room its line takes, its ink (the glyphs' bounds) and its
/// font's size.
struct Painted {
    text: String,
    line: egui::Rect,
    ink: egui::Rect,
    clip: egui::Rect,
    size: f32,
}

/// Every text the last frame painted where it shows (inside its clip).
fn painted_texts(game: &Game) -> Vec<Painted> {
    painted(game, &mut |shape, clip| match shape {
        egui::Shape::Text(text) => {
            let ink = text.visual_bounding_rect();
            let sections = text.galley.job.sections.first();
            ink.intersects(clip).then(|| Painted {
                text: text.galley.text().to_string(),
                line: text.galley.rect.translate(text.pos.to_vec2()),
                ink,
                clip,
                size: sections.map_or(0.0, |section| section.format.font_id.size),
            })
        }
        _ => None,
    })
}

/// What `pick` takes of every shape the last frame painted (those inside a group's too), with
/// the shape's clip.
fn painted<T>(game: &Game, pick: &mut impl FnMut(&egui::Shape, egui::Rect) -> Option<T>) -> Vec<T> {
    fn walk<T>(
        shape: &egui::Shape,
        clip: egui::Rect,
        pick: &mut impl FnMut(&egui::Shape, egui::Rect) -> Option<T>,
        out: &mut Vec<T>,
    ) {
        if let egui::Shape::Vec(shapes) = shape {
            shapes.iter().for_each(|s| walk(s, clip, pick, out));
        } else {
            out.extend(pick(shape, clip));
        }
    }
    let mut out = Vec::new();
    for clipped in &game.harness.output().shapes {
        walk(&clipped.shape, clipped.clip_rect, pick, &mut out);
    }
    out
}

fn chance_key(item: &Item) -> &ChanceKey {
    match &item.task {
        Task::Chance(key) => key,
        _ => panic!("item {} is a chance item", item.number),
    }
}

/// The drawn tree's node buttons by the tree's ids ("Node A, …" is id 0), with their names.
fn chance_nodes(game: &Game, key: &ChanceKey) -> Vec<(String, egui::Rect)> {
    let drawn = game.drawn();
    (0..key.tree.len())
        .map(|id| {
            let prefix = format!("Node {},", label(id));
            drawn
                .iter()
                .find(|(name, _)| name.starts_with(&prefix))
                .cloned()
                .unwrap_or_else(|| panic!("no node named {prefix}…"))
        })
        .collect()
}

/// Each node's drawn centre (`nodes`, named, in the sketch's order) is where `sketch`'s scene
/// puts it, scaled and moved as a whole: the scale from the root to the node farthest across
/// from it, the same down.
fn assert_at_scene(nodes: &[(String, egui::Rect)], sketch: &tictactoe::learn::tree_sketch::Sketch) {
    let scene = tictactoe::learn::tree_layout::scene(sketch, false);
    let drawn: Vec<egui::Pos2> = nodes.iter().map(|(_, rect)| rect.center()).collect();
    let laid: Vec<egui::Pos2> = scene
        .nodes
        .iter()
        .map(|node| egui::pos2(node.centre.x, node.centre.y))
        .collect();
    assert_eq!(drawn.len(), laid.len());
    let far = (0..laid.len())
        .max_by(|&a, &b| {
            let across = |i: usize| (laid[i].x - laid[0].x).abs();
            across(a).total_cmp(&across(b))
        })
        .unwrap();
    let scale = (drawn[far].x - drawn[0].x) / (laid[far].x - laid[0].x);
    assert!(scale > 0.0, "{scale}");
    for (id, (name, _)) in nodes.iter().enumerate() {
        let expected = drawn[0] + (laid[id] - laid[0]) * scale;
        assert!(
            (drawn[id] - expected).length() < 1.0,
            "{name} is drawn at {:?}, the sketch's layout puts it at {expected:?}",
            drawn[id]
        );
    }
}

/// The words of the drawing whose `leaf` is a leaf's node: those painted where its value is
/// (in the drawing's own clip).
fn drawing_words(painted: Vec<Painted>, leaf: egui::Rect) -> Vec<Painted> {
    let clip = painted
        .iter()
        .find(|p| p.line.contains(leaf.center()))
        .expect("a leaf's value is painted")
        .clip;
    painted.into_iter().filter(|p| p.clip == clip).collect()
}

/// The words painted in a node (its value), if any.
fn written_in(painted: &[Painted], node: egui::Rect) -> Vec<String> {
    painted
        .iter()
        .filter(|p| p.line.contains(node.center()))
        .map(|p| p.text.clone())
        .collect()
}

/// A chance item's tree is drawn as the tree lab draws it, its nodes where learn's one layout
/// puts them: lettered as the prompt, the node asked about named so, each probability on its
/// edge and the leaves' values, but no inner node's value or average until the answer is graded;
/// then the values in the nodes and the averages under the chance nodes.
#[test]
fn a_chance_items_tree_is_drawn_as_laid_out_its_values_shown_once_graded() {
    use tictactoe::learn::tree_sketch::chance_tree;
    let code: SetCode = "v1-s5-k=chance-n=6-3x3".parse().unwrap();
    let set = generate(&code);
    let mut game = open(&code);
    let key = chance_key(&set.items[0]);
    assert_eq!(key.ask, ChanceAsk::Move);
    assert_eq!(key.tree.to_string(), "[chance[3,12],chance[2,4,6]]");

    // Before grading: the lab's drawing of the tree without its averages (which would push the
    // levels apart), at the layout's places.
    let nodes = chance_nodes(&game, key);
    let mut bare = chance_tree(&key.tree);
    for node in &mut bare.nodes {
        node.note = None;
    }
    assert_at_scene(&nodes, &bare);
    let names: Vec<&str> = nodes.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Node A, MAX, MAX's move asked",
            "Node B, chance",
            "Node C, leaf 3, p = ½",
            "Node D, leaf 12, p = ½",
            "Node E, chance",
            "Node F, leaf 2, p = 1/3",
            "Node G, leaf 4, p = 1/3",
            "Node H, leaf 6, p = 1/3",
        ]
    );
    let painted = painted_texts(&game);
    for (id, (name, rect)) in nodes.iter().enumerate() {
        let written = written_in(&painted, *rect);
        match key.tree.node(id).unwrap().leaf() {
            Some(leaf) => assert_eq!(written, [leaf.to_string()], "{name}"),
            None => assert!(
                written.is_empty(),
                "{name} shows {written:?} before grading"
            ),
        }
    }
    let words = drawing_words(painted, nodes[2].1);
    let texts: Vec<&str> = words.iter().map(|p| p.text.as_str()).collect();
    for probability in ["½", "1/3"] {
        assert!(texts.contains(&probability), "{texts:?}");
    }
    assert!(!texts.iter().any(|t| t.contains('·')), "{texts:?}");
    shot(&mut game, "8-chance-tree");

    // Graded: the lab's whole drawing, values and averages, the nodes at its places.
    game.harness.get_by_label("Your answer:").type_text("B");
    game.settle();
    game.press(Key::Enter);
    let nodes = chance_nodes(&game, key);
    assert_at_scene(&nodes, &chance_tree(&key.tree));
    assert_eq!(nodes[1].0, "Node B, chance, ½·3 + ½·12 = 7.5");
    assert_eq!(nodes[0].0, "Node A, MAX, MAX's move asked, worth 7.5");
    let painted = painted_texts(&game);
    assert_eq!(written_in(&painted, nodes[0].1), ["7.5"]);
    assert_eq!(written_in(&painted, nodes[4].1), ["4"]);
    assert!(painted.iter().any(|p| p.text == "½·3 + ½·12"));
    shot(&mut game, "8-chance-tree-graded");

    // A value asked: the chance node asked about says so, and shows a question mark.
    game.press(Key::N);
    let key = chance_key(&set.items[1]);
    let ChanceAsk::Value(asked) = key.ask else {
        panic!("item 2 asks a value");
    };
    let nodes = chance_nodes(&game, key);
    assert_eq!(
        nodes[asked].0,
        format!("Node {}, chance, its value asked", label(asked))
    );
    let painted = painted_texts(&game);
    assert_eq!(written_in(&painted, nodes[asked].1), ["?"]);
    assert!(written_in(&painted, nodes[1].1).is_empty());
}

/// On a phone (320 and 390 points wide, and on its side) a chance item's tree shows without
/// overlap: no node over another or over the text lines, no two words drawn over each other, no
/// word over another node; the textbook's small tree whole in the window, a wide one scrolled.
#[test]
fn a_chance_items_tree_shows_on_a_phone_without_overlap() {
    let code: SetCode = "v1-s5-k=chance-n=6-3x3".parse().unwrap();
    let set = generate(&code);
    for (size, number) in [
        ([320.0, 640.0], 1),
        ([390.0, 844.0], 1),
        ([390.0, 844.0], 5),
        ([844.0, 390.0], 2),
    ] {
        let mut game = harness::start_sized("welcome_hint: false", size, |options| {
            options.open_on.exercises = Some(code.clone());
            options.open_on.item = Some(number);
        });
        let item = &set.items[number - 1];
        let key = chance_key(item);
        let at = format!("{size:?}, item {number}");
        // The last leaf in sight: a wide tree scrolled sideways to it, the view on its side (lower
        // than the tree) scrolled down by the wheel.
        let last = format!("Node {},", label(key.tree.len() - 1));
        game.harness.get_by_label_contains(&last).scroll_to_me();
        game.settle();
        // Above the answer bar and the status lines.
        let below = game.harness.get_by_label_contains(&last).rect().bottom() - (size[1] - 140.0);
        game.harness
            .hover_at(egui::pos2(size[0] / 2.0, size[1] / 2.0));
        game.harness.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -below.max(0.0)),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Unknown,
            modifiers: egui::Modifiers::NONE,
        });
        game.settle();
        let nodes = chance_nodes(&game, key);
        for (i, (a, ra)) in nodes.iter().enumerate() {
            for (b, rb) in &nodes[i + 1..] {
                assert!(!ra.intersects(*rb), "{at}: {a} over {b}");
            }
        }
        let lines: Vec<(String, egui::Rect)> = game
            .drawn()
            .into_iter()
            .filter(|(name, _)| item.figure().contains(name))
            .collect();
        assert_eq!(lines.len(), item.figure().len(), "{at}");
        for (name, node) in &nodes {
            for (line, rect) in &lines {
                assert!(!node.intersects(*rect), "{at}: {name} over \"{line}\"");
            }
        }
        let leaf = key.tree.len() - 1;
        let words = drawing_words(painted_texts(&game), nodes[leaf].1);
        let leaves = (0..key.tree.len())
            .filter(|&id| key.tree.node(id).unwrap().is_leaf())
            .count();
        assert!(words.len() > leaves, "{at}: {} words", words.len());
        for (i, a) in words.iter().enumerate() {
            for b in &words[i + 1..] {
                assert!(
                    !a.ink.shrink(0.5).intersects(b.ink.shrink(0.5)),
                    "{at}: \"{}\" over \"{}\"",
                    a.text,
                    b.text
                );
            }
            // A word may touch its own node (a letter beside it, a value in it), no other.
            let own = nodes
                .iter()
                .min_by(|x, y| {
                    let d = |r: &egui::Rect| r.center().distance(a.ink.center());
                    d(&x.1).total_cmp(&d(&y.1))
                })
                .unwrap();
            for (name, rect) in &nodes {
                assert!(
                    name == &own.0 || !a.ink.intersects(rect.intersect(a.clip)),
                    "{at}: \"{}\" over {name}",
                    a.text
                );
            }
        }
        // The textbook's small tree fits the narrowest phone whole.
        if number == 1 {
            for (name, rect) in &nodes {
                assert!(rect.max.x <= size[0], "{at}: {name} at {rect:?}");
            }
        }
        shot(
            &mut game,
            &format!("9-chance-phone-{}x{}-{number}", size[0], size[1]),
        );
    }
}

/// A drawn node's shape (a circle or a triangle) as its bounding rectangle, and its clip.
fn node_shapes(game: &Game) -> Vec<(egui::Rect, egui::Rect)> {
    painted(game, &mut |shape, clip| match shape {
        egui::Shape::Circle(circle) => Some((circle.visual_bounding_rect(), clip)),
        egui::Shape::Path(path) if path.closed && path.points.len() == 3 => {
            Some((egui::Rect::from_points(&path.points), clip))
        }
        _ => None,
    })
}

/// On a phone (320 to 430 points wide, and on its side) with a touch screen, the twelve leaves
/// of a textbook's tree to tap all show in the window at once, the view scrolled down to them
/// but the tree never sideways; each node's letter is painted once, some 10 points high or
/// more, over no other node and no other letter; each node is a finger's 44 points to tap (from
/// 390 points wide inside the drawing's room), and a tap where two nodes' targets meet picks the
/// nearer node.
#[test]
fn a_twelve_leaf_tree_to_tap_fits_a_phone_lettered_and_finger_sized() {
    let code: SetCode = "v1-s7-k=prune-n=3-3x3-trees".parse().unwrap();
    let set = generate(&code);
    let key = prune_key(&set.items[0]);
    assert_eq!(key.ask, Ask::Pruned);
    let leaves: Vec<usize> = (0..key.nodes.len())
        .filter(|&n| key.nodes[n].leaf.is_some())
        .collect();
    assert_eq!(leaves.len(), 12);
    for size in [
        [320.0, 640.0],
        [390.0, 844.0],
        [430.0, 932.0],
        [844.0, 390.0],
    ] {
        let mut game = harness::start_sized("welcome_hint: false", size, |options| {
            options.open_on.exercises = Some(code.clone());
            options.touch_screen = true;
        });
        let at = format!("{size:?}");
        let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::Vec2::from(size));
        let name = |node: usize| format!("Node {},", key.nodes[node].label);
        let targets = |game: &Game| -> Vec<egui::Rect> {
            (0..key.nodes.len())
                .map(|node| game.harness.get_by_label_contains(&name(node)).rect())
                .collect()
        };
        let before = targets(&game);
        // The view scrolled down to the leaves (under the prompt), a wheel's step at a time over
        // the prompt, until the first leaf is in sight.
        for _ in 0..20 {
            let leaf = game.harness.get_by_label_contains(&name(leaves[0])).rect();
            let in_sight = node_shapes(&game)
                .iter()
                .any(|(shape, clip)| leaf.contains(shape.center()) && clip.contains_rect(*shape));
            if in_sight {
                break;
            }
            game.harness.hover_at(egui::pos2(size[0] / 2.0, 80.0));
            game.harness.event(egui::Event::MouseWheel {
                unit: egui::MouseWheelUnit::Point,
                delta: egui::vec2(0.0, -60.0),
                phase: egui::TouchPhase::Move,
                source: egui::MouseWheelSource::Unknown,
                modifiers: egui::Modifiers::NONE,
            });
            game.settle();
        }
        shot(
            &mut game,
            &format!("10-prune-phone-{}x{}", size[0], size[1]),
        );
        let targets = targets(&game);
        // A drawn node is the shape nearest to its target's centre.
        let shapes = node_shapes(&game);
        let drawn: Vec<(egui::Rect, egui::Rect)> = targets
            .iter()
            .map(|target| {
                let d =
                    |shape: &(egui::Rect, egui::Rect)| shape.0.center().distance(target.center());
                *shapes
                    .iter()
                    .min_by(|a, b| d(a).total_cmp(&d(b)))
                    .expect("a node's shape is painted")
            })
            .collect();
        for (node, target) in targets.iter().enumerate() {
            let label = &key.nodes[node].label;
            // 44 points, to the rounding of the screen reader's pixels.
            assert!(
                target.width() >= 43.99 && target.height() >= 43.99,
                "{at}: node {label}'s target {target:?}"
            );
            assert!(
                drawn[node].0.center().distance(target.center()) < target.width() / 2.0,
                "{at}: node {label} drawn at {:?}, its target at {target:?}",
                drawn[node].0
            );
        }
        // Every leaf in sight at once, and the tree not scrolled sideways to get there.
        for &leaf in &leaves {
            let (shape, clip) = drawn[leaf];
            let label = &key.nodes[leaf].label;
            assert!(
                window.contains_rect(shape) && clip.contains_rect(shape),
                "{at}: leaf {label} at {shape:?}, in sight {clip:?} of {window:?}"
            );
            let moved = targets[leaf].center().x - before[leaf].center().x;
            assert!(moved.abs() < 0.5, "{at}: leaf {label} moved {moved} across");
            // From 390 points wide, the outer leaves' targets are whole in the drawing's room
            // too (on the narrowest phone they run a few points into its margins).
            if size[0] >= 390.0 {
                let target = targets[leaf];
                assert!(
                    target.left() >= clip.left() - 0.01 && target.right() <= clip.right() + 0.01,
                    "{at}: leaf {label}'s target {target:?} past the room {clip:?}"
                );
            }
        }
        // Each letter in sight (the leaves' and, where the view is as high as the tree, every
        // node's) painted once in the drawing, some 10 points high, over no other node or letter.
        let clip = drawn[0].1;
        let in_sight: Vec<usize> = (0..key.nodes.len())
            .filter(|&node| clip.contains_rect(drawn[node].0))
            .collect();
        assert!(in_sight.len() > leaves.len(), "{at}: {in_sight:?}");
        let texts = painted_texts(&game);
        let letters: Vec<(usize, egui::Rect, f32)> = in_sight
            .iter()
            .map(|&node| {
                let letter = &key.nodes[node].label;
                let found: Vec<(egui::Rect, f32)> = texts
                    .iter()
                    .filter(|p| &p.text == letter && p.clip == clip)
                    .map(|p| (p.ink, p.size))
                    .collect();
                assert_eq!(found.len(), 1, "{at}: letter {letter} painted {found:?}");
                (node, found[0].0, found[0].1)
            })
            .collect();
        let letter = |node: usize| &key.nodes[node].label;
        for &(node, ink, size) in &letters {
            assert!(
                size >= 9.5,
                "{at}: letter {} at {size} points",
                letter(node)
            );
            for &(other, other_ink, _) in &letters {
                if other != node {
                    assert!(
                        !ink.intersects(other_ink) && !ink.intersects(drawn[other].0),
                        "{at}: letter {} at {ink:?} over node {} at {:?} or its letter",
                        letter(node),
                        letter(other),
                        drawn[other].0
                    );
                }
            }
        }
        // Where two leaves' targets meet, a tap picks the nearer leaf: a quarter of the way
        // from the left one's centre to its neighbour's, then three quarters.
        let (left, right) = (leaves[5], leaves[6]);
        let (a, b) = (targets[left].center(), targets[right].center());
        for (share, picked, other) in [(0.4, left, right), (0.6, right, left)] {
            game.tap_at(a + (b - a) * share);
            let in_answer = |game: &Game, node: usize| {
                game.harness
                    .get_by_label_contains(&name(node))
                    .accesskit_node()
                    .label()
                    .unwrap()
                    .contains("in your answer")
            };
            assert!(in_answer(&game, picked), "{at}: tap at {share} of the way");
            assert!(!in_answer(&game, other), "{at}: tap at {share} of the way");
            game.tap_at(a + (b - a) * share);
        }
    }
}

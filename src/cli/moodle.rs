//! A set as a Moodle XML quiz: the questions GIFT carries (a numeric question for a value, a
//! tree's node and α or β; a multiple-choice one for a move, the horizon and the pruned
//! branches), with the tree drawn as text in the question, the worked answer as general feedback.

use std::io::{self, Write};

use super::quiz::{gift_weight, prune_choices, quiz_window};
use crate::engine::board::Cell;
use crate::learn::exercises::prune::{Ask, label};
use crate::learn::exercises::{ExerciseSet, Item, Task, path_name};

/// A question's answer: a whole number, or choices with their share of the grade in percent.
enum Answer {
    Numeric(i32),
    Choices(Vec<(String, &'static str)>),
}

/// `&`, `<`, `>` and quotes escaped, for XML (and for HTML inside it, escaped again).
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters other than the line breaks are not XML.
            c if c.is_control() && c != '\n' && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

/// The question's text as HTML: the prompt, then the tree or board drawn in a `<pre>`.
fn question_html(prompt: &str, figure: &[String]) -> String {
    let mut html = format!("<p>{}</p>", escaped(prompt));
    if !figure.is_empty() {
        html.push_str("<pre>");
        html.push_str(&escaped(&figure.join("\n")));
        html.push_str("</pre>");
    }
    html
}

/// Choices for `right` among `all`, weighted as GIFT weights them: all right ones make 100%, a
/// wrong one takes it away when there are several right.
fn weighted(right: &[String], all: &[String]) -> Vec<(String, &'static str)> {
    all.iter()
        .map(|choice| {
            let fraction = match (right.contains(choice), right.len()) {
                (true, n) => gift_weight(n),
                (false, 1) => "0",
                (false, _) => "-100",
            };
            (choice.clone(), fraction)
        })
        .collect()
}

/// The board as text, rows numbered as answers name them.
fn board_figure(item: &Item) -> Vec<String> {
    let geometry = item.board.geometry();
    let columns: Vec<String> = (1..=geometry.cols()).map(|c| c.to_string()).collect();
    let mut lines = vec![format!("  {}", columns.join(" "))];
    for row in 0..geometry.rows() {
        let cells: Vec<String> = (0..geometry.cols())
            .map(|col| {
                item.board
                    .get(Cell::new(row, col))
                    .map_or('.', |mark| mark.symbol())
                    .to_string()
            })
            .collect();
        lines.push(format!("{} {}", row + 1, cells.join(" ")));
    }
    lines
}

/// The questions of one item: (title, text, answer); most items have one.
fn questions(item: &Item) -> Vec<(String, String, Answer)> {
    let title = format!("Item {} ({})", item.number, item.kind().name());
    let mut figure = match item.on_board() {
        true => board_figure(item),
        false => Vec::new(),
    };
    figure.extend(item.figure());
    let text =
        |extra: &str| question_html(format!("{} {extra}", item.prompt()).trim_end(), &figure);
    let cells = |cells: &[Cell]| -> Vec<String> { cells.iter().map(|c| c.human()).collect() };
    let empty: Vec<Cell> = item.board.legal_moves().collect();
    match &item.task {
        Task::Value(key) => vec![(title, text(""), Answer::Numeric(key.number.value()))],
        Task::Tree(key) => key
            .nodes
            .iter()
            .enumerate()
            .map(|(index, node)| {
                let ask = format!(
                    "Node {} of {}: the value of {}.",
                    index + 1,
                    key.nodes.len(),
                    path_name(&node.path)
                );
                (
                    format!("{title}, node {}", index + 1),
                    text(&ask),
                    Answer::Numeric(node.number.value()),
                )
            })
            .collect(),
        Task::Horizon(key) => vec![(
            title,
            text(""),
            Answer::Choices(weighted(&cells(&key.plays), &cells(&empty))),
        )],
        Task::FindMove(key) => vec![(
            title,
            text(""),
            Answer::Choices(weighted(&cells(&key.exercise.good), &cells(&empty))),
        )],
        Task::Prune(key) => match key.ask {
            Ask::Pruned => {
                let (all, right) = prune_choices(key);
                vec![(title, text(""), Answer::Choices(weighted(&right, &all)))]
            }
            Ask::Window(_) => quiz_window(key)
                .into_iter()
                .map(|(end, value)| {
                    let ask = format!("Type {end} (∞ as {}).", key.infinity);
                    (
                        format!("{title}, {end}"),
                        text(&ask),
                        Answer::Numeric(value),
                    )
                })
                .collect(),
        },
        Task::TreeFill(key) => key
            .order
            .iter()
            .enumerate()
            .map(|(index, &node)| {
                let ask = format!(
                    "Node {} of {}: the value of {}.",
                    index + 1,
                    key.order.len(),
                    label(node)
                );
                (
                    format!("{title}, node {}", index + 1),
                    text(&ask),
                    Answer::Numeric(key.values[node]),
                )
            })
            .collect(),
    }
}

/// The set as Moodle XML: a category named for the set's code, then each item's questions.
pub(super) fn write_moodle(set: &ExerciseSet, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#)?;
    writeln!(
        out,
        "<!-- Tic-Tac-Toe minimax exercises, set {} -->",
        set.code
    )?;
    writeln!(out, "<quiz>")?;
    writeln!(out, r#"  <question type="category">"#)?;
    writeln!(
        out,
        "    <category><text>$course$/tictactoe/{}</text></category>",
        escaped(&set.code.to_string())
    )?;
    writeln!(out, "  </question>")?;
    for item in &set.items {
        let feedback = question_html(&item.worked().join(" "), &[]);
        for (title, text, answer) in questions(item) {
            let kind = match answer {
                Answer::Numeric(_) => "numerical",
                Answer::Choices(_) => "multichoice",
            };
            writeln!(out, r#"  <question type="{kind}">"#)?;
            writeln!(out, "    <name><text>{}</text></name>", escaped(&title))?;
            writeln!(
                out,
                r#"    <questiontext format="html"><text>{}</text></questiontext>"#,
                escaped(&text)
            )?;
            writeln!(
                out,
                r#"    <generalfeedback format="html"><text>{}</text></generalfeedback>"#,
                escaped(&feedback)
            )?;
            writeln!(out, "    <defaultgrade>1</defaultgrade>")?;
            match answer {
                Answer::Numeric(value) => writeln!(
                    out,
                    r#"    <answer fraction="100"><text>{value}</text><tolerance>0</tolerance></answer>"#
                )?,
                Answer::Choices(choices) => {
                    let single = choices.iter().filter(|c| c.1 == "100").count() == 1;
                    writeln!(out, "    <single>{single}</single>")?;
                    writeln!(out, "    <shuffleanswers>0</shuffleanswers>")?;
                    writeln!(out, "    <answernumbering>none</answernumbering>")?;
                    for (choice, fraction) in choices {
                        writeln!(
                            out,
                            r#"    <answer fraction="{fraction}" format="html"><text>{}</text></answer>"#,
                            escaped(&escaped(&choice))
                        )?;
                    }
                }
            }
            writeln!(out, "  </question>")?;
        }
    }
    writeln!(out, "</quiz>")
}

//! `tictactoe exercises`: a graded set of exercises as the app deals it, for a student (the
//! questions), a teacher (the set with its key as JSON, or a quiz as GIFT or Moodle XML) or a
//! grader (answers checked, a summary per kind and the items missed, each worked out).

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use serde::Serialize;

use super::args::{ViewArg, view_or_mover};
use super::error::{AnswersFileProblem, Error, Finished, MAX_ANSWERS_BYTES};
use crate::engine::board::Cell;
use crate::learn::exercises::{
    ExerciseSet, Item, Kind, MAX_COUNT, SIZES, SetCode, Summary, Verdict, generate, grade_hand_in,
    is_hand_in, parse_kinds,
};
use crate::learn::view::ScoreView;
use crate::store::files::read_capped;

/// The kinds a set has when `--kinds` is not given.
const ALL_KINDS: &str = "value,tree,horizon,move";

#[derive(Debug, Args)]
#[command(
    after_help = "Kinds: value (a move's minimax value), tree (a two-ply tree filled in \
                  bottom-up), horizon (the moves a computer that looks a few plies ahead rates \
                  best), move (find the one move that keeps the best result), prune (which branches \
                  alpha-beta prunes, or α and β as it leaves a node; on a position's small tree, \
                  or with --trees on a textbook's tree), chance (a chance node's value or MAX's \
                  move on a tree with chance nodes), eval (open lines for X minus O's, or the \
                  move a depth-limited search picks with them), mcts (the child UCB1 selects \
                  next, or the counts after a backup).\n\n\
                  Answers are typed as numbers (-5), lists of numbers (8, -9, 0), cells (r2c3, \
                  2,3, row 2 column 3 or the cell's number), lists of cells (r1c1; r3c3), a \
                  tree's node letters (H, M) or a window by its names in any order (α=3 \
                  β=2, beta 2 alpha 3, or 3, 2 with α first; inf for ∞). An answers file has \
                  one N=ANSWER line an item; blank lines and lines starting with # are \
                  skipped; an item answered twice is refused.\n\n\
                  Examples:\n  tictactoe exercises --seed 7 --kinds value,horizon --count 4\n  \
                  tictactoe exercises --code v1-s7-k=value,horizon-n=4-3x3 --format gift\n  \
                  tictactoe exercises --code v1-s7-k=value,horizon-n=4-3x3 --answer 1=-5 \
                  --answer 2='r1c1; r3c3'"
)]
pub struct ExercisesArgs {
    /// The set's code, as a set prints it (e.g. v1-s7-k=value,horizon-n=4-3x3).
    #[arg(long, value_name = "CODE", value_parser = crate::cli::args::Checked(parse_code), conflicts_with_all = ["seed", "kinds", "count", "size", "view", "trees"], allow_hyphen_values = true)]
    pub code: Option<SetCode>,

    /// The seed the set is made from: the same seed and options give the same set everywhere.
    #[arg(long, value_name = "N", required_unless_present_any = ["code", "check"], value_parser = crate::cli::args::Checked(parse_seed), allow_hyphen_values = true)]
    pub seed: Option<u64>,

    /// The kinds of exercise, comma-separated, taking turns in this order.
    #[arg(long, value_name = "KINDS", default_value = ALL_KINDS, value_parser = crate::cli::args::Checked(parse_kind_list), allow_hyphen_values = true)]
    pub kinds: KindList,

    /// How many items, 1 to 100; the levels grow along the set.
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = crate::cli::args::Checked(parse_count), allow_hyphen_values = true)]
    pub count: usize,

    /// The board's side, 3 or 4 (the horizon kind is on 3×3 only).
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = crate::cli::args::Checked(parse_side), allow_hyphen_values = true)]
    pub size: usize,

    /// Whose numbers the values are: `mover` (the player to move's, the default) or `x` (X
    /// maximises, as the articles count).
    #[arg(long, value_enum, value_name = "VIEW")]
    pub view: Option<ViewArg>,

    /// The tree and prune kinds on the textbooks' abstract trees (built-in and random ones)
    /// instead of below board positions.
    #[arg(long)]
    pub trees: bool,

    /// What to print: `text` (the questions), `json` (the set with its key), `gift` (a quiz
    /// for Moodle and other learning-management systems, with the key), `moodle` (the same
    /// quiz as Moodle XML) or `scorm` (a SCORM 1.2 package of the web page with the set, written
    /// to --out from the built site in --site). Grading prints `text` (the summary and the items
    /// missed) or `json` (the summary and every item graded).
    #[arg(long, value_enum)]
    pub format: Option<ExercisesFormat>,

    /// Grade the answers in FILE (N=ANSWER lines) and print a summary; or grade a hand-in the
    /// app wrote (its set's code is in it): each item, the score, and whether it was edited.
    #[arg(long, value_name = "FILE")]
    pub check: Option<PathBuf>,

    /// With --format scorm: the built web page to package (the folder scripts/web-build.sh
    /// writes, e.g. target/site).
    #[arg(long, value_name = "DIR")]
    pub site: Option<PathBuf>,

    /// With --format scorm: the zip file to write.
    #[arg(long, value_name = "FILE.zip")]
    pub out: Option<PathBuf>,

    /// With --format scorm: the score out of 100 that passes (the LMS's mastery score).
    #[arg(long, value_name = "N", default_value_t = crate::learn::quiz::scorm::DEFAULT_PASS_MARK, value_parser = crate::cli::args::Checked(parse_pass_mark))]
    pub pass_mark: u8,

    /// Grade this answer to item N (may be given many times; with --check, it comes after the
    /// file's answers).
    #[arg(long = "answer", value_name = "N=ANSWER", allow_hyphen_values = true)]
    pub answers: Vec<String>,
}

/// The kinds `--kinds` names, in its order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KindList(pub Vec<Kind>);

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExercisesFormat {
    Text,
    Json,
    Gift,
    /// Moodle XML.
    Moodle,
    /// A SCORM 1.2 package (a zip) for an LMS's gradebook.
    Scorm,
}

pub(super) fn parse_code(text: &str) -> Result<SetCode, String> {
    text.parse::<SetCode>().map_err(|e| e.to_string())
}

fn parse_seed(text: &str) -> Result<u64, String> {
    text.parse::<u64>().map_err(|_| {
        format!(
            "the seed must be a whole number from 0 to {}, not {}",
            u64::MAX,
            super::args::typed_or_empty(text)
        )
    })
}

fn parse_kind_list(text: &str) -> Result<KindList, String> {
    parse_kinds(text).map(KindList).map_err(|e| e.to_string())
}

fn parse_count(text: &str) -> Result<usize, String> {
    super::args::whole_number(text, "the count", "", 1..=MAX_COUNT as u64).map(|n| n as usize)
}

/// `--pass-mark`: the score out of 100 that passes, with every numeric option's message.
fn parse_pass_mark(text: &str) -> Result<u8, String> {
    super::args::whole_number(text, "the pass mark", "", 0..=100).map(|mark| mark as u8)
}

fn parse_side(text: &str) -> Result<usize, String> {
    let expected = format!("{} or {}", SIZES.start(), SIZES.end());
    super::args::number_in(text, SIZES, "the board's side", &expected)
}

impl ExercisesArgs {
    /// The set's code from `--code`, or from the other options.
    pub fn set_code(&self) -> Result<SetCode, String> {
        if let Some(code) = &self.code {
            return Ok(code.clone());
        }
        let seed = self.seed.ok_or("give --code or --seed")?;
        let view = view_or_mover(self.view);
        SetCode::new(seed, self.kinds.0.clone(), self.count, self.size, view)
            .map(|code| code.on_trees(self.trees))
            .map_err(|e| e.to_string())
    }
}

/// Runs `tictactoe exercises`: the set printed, or the answers graded (a hand-in against the
/// set it names), or the set packaged for an LMS.
pub fn exercises(args: &ExercisesArgs, mut out: impl Write) -> Result<Finished, Error> {
    if let Some(path) = &args.check {
        let text = read_answers_file(path)?;
        if is_hand_in(&text) {
            check_hand_in(args, path, &text, &mut out).map_err(Error::Usage)?;
            out.flush()?;
            return Ok(Finished::Done);
        }
    }
    let code = args.set_code().map_err(Error::Usage)?;
    if args.format == Some(ExercisesFormat::Scorm)
        && args.check.is_none()
        && args.answers.is_empty()
    {
        write_scorm(args, &code, &mut out).map_err(Error::Usage)?;
        return Ok(Finished::Done);
    }
    let set = generate(&code);
    if args.check.is_some() || !args.answers.is_empty() {
        let answers = gather_answers(args, set.items.len())?;
        let marked = mark(&set, &answers);
        match args.format.unwrap_or(ExercisesFormat::Text) {
            ExercisesFormat::Text => write_grading(&set, &marked, &mut out)?,
            ExercisesFormat::Json => write_grading_json(&set, &marked, &mut out)?,
            ExercisesFormat::Gift | ExercisesFormat::Moodle | ExercisesFormat::Scorm => {
                let format = match args.format {
                    Some(ExercisesFormat::Moodle) => "moodle",
                    Some(ExercisesFormat::Scorm) => "scorm",
                    _ => "gift",
                };
                let message = format!(
                    "--format {format} prints a quiz, not a grading: grade with --format text or \
                     json"
                );
                return Err(Error::Usage(message));
            }
        }
    } else {
        match args.format.unwrap_or(ExercisesFormat::Text) {
            ExercisesFormat::Text => write_text(&set, &mut out)?,
            ExercisesFormat::Json => {
                serde_json::to_writer(&mut out, &SetJson::of(&set))?;
                writeln!(out)?;
            }
            ExercisesFormat::Gift => crate::learn::quiz::write_gift(&set, &mut out)?,
            ExercisesFormat::Moodle => crate::learn::quiz::write_moodle(&set, &mut out)?,
            ExercisesFormat::Scorm => unreachable!("a package is written above"),
        }
    }
    out.flush()?;
    Ok(Finished::Done)
}

/// The answers of `--check`'s file and then `--answer`, by item number. An item answered twice
/// is refused, naming both places: which one counts is not for the program to guess.
fn gather_answers(args: &ExercisesArgs, items: usize) -> Result<BTreeMap<usize, String>, Error> {
    let mut answers = BTreeMap::new();
    let mut given_at: BTreeMap<usize, String> = BTreeMap::new();
    let mut add = |number: usize, answer: String, at: String| -> Result<(), Error> {
        if let Some(first) = given_at.get(&number) {
            return Err(Error::Usage(format!(
                "item {number} is answered twice, at {first} and at {at}: keep one"
            )));
        }
        given_at.insert(number, at);
        answers.insert(number, answer);
        Ok(())
    };
    if let Some(path) = &args.check {
        let text = read_answers_file(path)?;
        // A byte-order mark, as some editors write at the start of a UTF-8 file, is not part of
        // the first answer; `lines` takes a Windows line end off too.
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let at = format!("{} line {}", path.display(), index + 1);
            let (number, answer) = answer_line(line, items)
                .map_err(|problem| Error::Usage(format!("{at}: {problem}")))?;
            add(number, answer, at)?;
        }
    }
    for given in &args.answers {
        let (number, answer) = answer_line(given, items)
            .map_err(|problem| Error::Usage(format!("--answer: {problem}")))?;
        add(number, answer, format!("--answer {}", quoted(given)))?;
    }
    Ok(answers)
}

fn read_answers_file(path: &Path) -> Result<String, Error> {
    let unreadable = |problem| Error::AnswersFile {
        path: path.to_owned(),
        problem,
    };
    let bytes = read_capped(path, MAX_ANSWERS_BYTES, |p| {
        crate::platform::fs::File::open(p)
    })
    .map_err(|problem| unreadable(AnswersFileProblem::Read(problem)))?;
    String::from_utf8(bytes).map_err(|_| unreadable(AnswersFileProblem::NotText))
}

/// A hand-in graded against the set its code names, as the app's "Check a hand-in" shows it.
fn check_hand_in(
    args: &ExercisesArgs,
    path: &Path,
    text: &str,
    out: &mut impl Write,
) -> Result<(), String> {
    let shown = path.display();
    if !args.answers.is_empty() {
        return Err(format!(
            "{shown} is a hand-in, which carries its own answers: leave out --answer"
        ));
    }
    let grade = grade_hand_in(text).map_err(|error| format!("{shown}: {error}"))?;
    if let Some(code) = &args.code
        && *code != grade.code
    {
        return Err(format!(
            "{shown} is a hand-in of the set {}, not of --code {code}: leave out --code to grade \
             it against its own set",
            grade.code
        ));
    }
    let written = match args.format.unwrap_or(ExercisesFormat::Text) {
        ExercisesFormat::Text => grade
            .lines()
            .iter()
            .try_for_each(|line| writeln!(out, "{line}")),
        ExercisesFormat::Json => {
            let json = serde_json::json!({
                "name": grade.name,
                "code": grade.code.to_string(),
                "sealed": grade.sealed,
                "right": grade.right,
                "items": grade.items.len(),
                "graded": grade.items.iter().map(|m| serde_json::json!({
                    "item": m.number,
                    "kind": m.kind.code(),
                    "typed": m.typed,
                    "verdict": match m.verdict {
                        Verdict::Right => "right",
                        Verdict::Wrong => "wrong",
                        Verdict::Unreadable => "unreadable",
                        Verdict::NotAnswered => "not answered",
                    },
                    "answer": m.answer,
                })).collect::<Vec<_>>(),
                "lines": grade.lines(),
            });
            writeln!(out, "{json}")
        }
        other => {
            return Err(format!(
                "--format {} prints a set, not a grading: grade with --format text or json",
                format!("{other:?}").to_lowercase()
            ));
        }
    };
    written.map_err(|error| format!("cannot print the grade: {error}"))
}

/// `--format scorm`: the package of the set, from the built site in `--site`, written to
/// `--out`; a line on `out` says what was written.
fn write_scorm(args: &ExercisesArgs, code: &SetCode, out: &mut impl Write) -> Result<(), String> {
    use crate::learn::quiz::scorm::{SITE_FILES, package};
    let site = args.site.as_ref().ok_or(
        "--format scorm packages the web page: give --site DIR, a site scripts/web-build.sh \
         built (e.g. target/site)",
    )?;
    let zip_path = args
        .out
        .as_ref()
        .ok_or("--format scorm writes a zip file: give --out FILE.zip")?;
    let mut files = Vec::new();
    for name in SITE_FILES {
        let path = site.join(name);
        let bytes = crate::platform::fs::read(&path).map_err(|error| {
            format!(
                "cannot make the SCORM package: {} has no {name} ({error}): give --site a site \
                 that scripts/web-build.sh built, e.g. scripts/web-build.sh {}",
                site.display(),
                site.display()
            )
        })?;
        files.push(bytes);
    }
    let zip = package(code, args.pass_mark, &files);
    crate::platform::fs::write(zip_path, &zip)
        .map_err(|error| format!("cannot write {}: {error}", zip_path.display()))?;
    writeln!(
        out,
        "Wrote {} ({} bytes): a SCORM 1.2 package of the set {code}, pass mark {}.",
        zip_path.display(),
        zip.len(),
        args.pass_mark
    )
    .map_err(|error| format!("cannot print: {error}"))
}

/// `N=ANSWER`: the item's number (1 to `items`) and the answer as typed.
fn answer_line(line: &str, items: usize) -> Result<(usize, String), String> {
    let accepted = "write N=ANSWER, like 1=-5 or 2=r2c3";
    let Some((number, answer)) = line.split_once('=') else {
        return Err(format!("{} is not an answer: {accepted}", quoted(line)));
    };
    match number.trim().parse::<usize>() {
        Ok(n) if (1..=items).contains(&n) => Ok((n, answer.trim().to_string())),
        _ => Err(format!(
            "{} is not an item of the set: items are numbered 1 to {items}; {accepted}",
            quoted(number.trim())
        )),
    }
}

fn quoted(text: &str) -> String {
    format!("\"{}\"", super::args::typed(text))
}

/// The questions, for a student: no answers.
fn write_text(set: &ExerciseSet, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "Set {} ({} items)", set.code, set.items.len())?;
    for item in &set.items {
        writeln!(out)?;
        writeln!(
            out,
            "{}. {}, level {}: {}",
            item.number,
            item.kind().name(),
            item.level,
            item.prompt()
        )?;
        writeln!(out)?;
        if item.on_board() {
            write_board(&item.board, out)?;
        }
        for line in item.figure() {
            writeln!(out, "   {line}")?;
        }
    }
    Ok(())
}

/// The board drawn with its rows and columns numbered as answers name them.
fn write_board(board: &crate::engine::board::Board, out: &mut impl Write) -> io::Result<()> {
    let geometry = board.geometry();
    let columns: Vec<String> = (1..=geometry.cols()).map(|c| c.to_string()).collect();
    writeln!(out, "     {}", columns.join(" "))?;
    for row in 0..geometry.rows() {
        let cells: Vec<String> = (0..geometry.cols())
            .map(|col| {
                board
                    .get(Cell::new(row, col))
                    .map_or('.', |mark| mark.symbol())
                    .to_string()
            })
            .collect();
        writeln!(out, "   {} {}", row + 1, cells.join(" "))?;
    }
    Ok(())
}

/// One item as graded: what was typed (if anything), whether it was right, and the feedback.
struct Marked<'a> {
    item: &'a Item,
    typed: Option<&'a String>,
    /// `None` when not answered; an answer that cannot be read is wrong.
    right: Option<bool>,
    feedback: Vec<String>,
}

fn mark<'a>(set: &'a ExerciseSet, answers: &'a BTreeMap<usize, String>) -> Vec<Marked<'a>> {
    set.items
        .iter()
        .map(|item| {
            let typed = answers.get(&item.number);
            let (right, feedback) = match typed {
                None => (
                    None,
                    std::iter::once(format!("Not answered; the answer: {}.", item.answer_text()))
                        .chain(item.worked())
                        .collect(),
                ),
                Some(typed) => match item.grade(typed) {
                    Ok(graded) => (Some(graded.correct), graded.feedback),
                    Err(error) => (
                        Some(false),
                        [
                            format!("Could not be read: {error}."),
                            format!("The answer: {}.", item.answer_text()),
                        ]
                        .into_iter()
                        .chain(item.worked())
                        .collect(),
                    ),
                },
            };
            Marked {
                item,
                typed,
                right,
                feedback,
            }
        })
        .collect()
}

/// The summary to hand in, then each item missed, worked out.
fn write_grading(set: &ExerciseSet, marked: &[Marked], out: &mut impl Write) -> io::Result<()> {
    let results: Vec<Option<bool>> = marked.iter().map(|m| m.right).collect();
    for line in Summary::of(set, &results).lines() {
        writeln!(out, "{line}")?;
    }
    for m in marked.iter().filter(|m| m.right != Some(true)) {
        writeln!(out)?;
        let typed = m
            .typed
            .map_or(String::new(), |t| format!(", typed {}", quoted(t)));
        writeln!(
            out,
            "Item {} ({}{typed}):",
            m.item.number,
            m.item.kind().name()
        )?;
        writeln!(out, "  {}", m.item.prompt())?;
        for line in &m.feedback {
            writeln!(out, "  {line}")?;
        }
    }
    Ok(())
}

/// The grading as `--format json` prints it: the summary, then every item.
#[derive(Serialize)]
struct GradingJson<'a> {
    code: String,
    right: usize,
    items: usize,
    per_kind: Vec<KindJson>,
    missed: Vec<usize>,
    /// The summary's lines, as the text prints them, to hand in.
    summary: Vec<String>,
    graded: Vec<GradedJson<'a>>,
}

#[derive(Serialize)]
struct KindJson {
    kind: &'static str,
    right: usize,
    items: usize,
}

#[derive(Serialize)]
struct GradedJson<'a> {
    item: usize,
    kind: &'static str,
    typed: Option<&'a str>,
    /// `null` when not answered.
    correct: Option<bool>,
    answer: String,
    feedback: &'a [String],
}

fn write_grading_json(
    set: &ExerciseSet,
    marked: &[Marked],
    out: &mut impl Write,
) -> io::Result<()> {
    let results: Vec<Option<bool>> = marked.iter().map(|m| m.right).collect();
    let summary = Summary::of(set, &results);
    let json = GradingJson {
        code: set.code.to_string(),
        right: summary.right,
        items: set.items.len(),
        per_kind: summary
            .per_kind
            .iter()
            .map(|s| KindJson {
                kind: s.kind.code(),
                right: s.right,
                items: s.items,
            })
            .collect(),
        missed: summary.missed.clone(),
        summary: summary.lines(),
        graded: marked
            .iter()
            .map(|m| GradedJson {
                item: m.item.number,
                kind: m.item.kind().code(),
                typed: m.typed.map(String::as_str),
                correct: m.right,
                answer: m.item.answer_text(),
                feedback: &m.feedback,
            })
            .collect(),
    };
    serde_json::to_writer(&mut *out, &json)?;
    writeln!(out)
}

/// The set with its key, as `--format json` prints it.
#[derive(Serialize)]
struct SetJson {
    code: String,
    seed: u64,
    kinds: Vec<&'static str>,
    count: usize,
    size: usize,
    view: &'static str,
    items: Vec<ItemJson>,
}

#[derive(Serialize)]
struct ItemJson {
    item: usize,
    kind: &'static str,
    level: u8,
    /// The position, on a board's item.
    #[serde(skip_serializing_if = "Option::is_none")]
    board: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    to_move: Option<char>,
    /// The abstract tree, in the trees' notation, on a tree's item.
    #[serde(skip_serializing_if = "Option::is_none")]
    tree: Option<String>,
    question: String,
    /// The tree the item asks about, one node a line (empty on a board's value, horizon or
    /// move item).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    figure: Vec<String>,
    /// The answer as it would be typed.
    answer: String,
    key: Box<serde_json::value::RawValue>,
    /// The answer worked out, one sentence a line.
    worked: Vec<String>,
}

impl SetJson {
    fn of(set: &ExerciseSet) -> SetJson {
        SetJson {
            code: set.code.to_string(),
            seed: set.code.seed,
            kinds: set.code.kinds.iter().map(|k| k.code()).collect(),
            count: set.code.count,
            size: set.code.size,
            view: match set.code.view {
                ScoreView::SideToMove => "mover",
                ScoreView::Articles => "x",
            },
            items: set.items.iter().map(ItemJson::of).collect(),
        }
    }
}

impl ItemJson {
    fn of(item: &Item) -> ItemJson {
        let exercise = item.exercise();
        ItemJson {
            item: item.number,
            kind: item.kind().code(),
            level: item.level,
            board: item.on_board().then(|| item.board.to_string()),
            to_move: item.on_board().then(|| item.board.to_move().symbol()),
            tree: exercise.tree().map(|tree| tree.to_string()),
            question: item.prompt(),
            figure: item.figure(),
            answer: item.answer_text(),
            key: exercise.key_json(),
            worked: item.worked(),
        }
    }
}

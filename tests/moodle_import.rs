//! The quizzes as Moodle imports them. The readers here follow Moodle's own code, step by step,
//! not a GIFT or XML parser of someone else's: `question/format.php` (`readdata`,
//! `readquestions`: questions split at lines PHP's `empty()` calls empty, and `importprocess`:
//! any parse error stops the import, every share must be one of
//! `question_bank::fraction_options_full` within 0.00001), `question/format/gift/format.php`
//! (`readquestion`: escapes, the name, the answer block between the first `{` and the first
//! `}`, general feedback after the last `####`, the type from the block's first characters,
//! each type's parsing, with `explode` and `empty($answers[0])` as PHP does them),
//! `question/format/xml/format.php` (`import_headers`, `import_numerical`,
//! `import_multichoice`, `import_match`), and the checks the question types make as they save
//! (multichoice: two answers at least, a single answer's best share 100%, several answers'
//! right shares adding up to 100% at two decimals; numerical: numbers; matching: no part
//! without an answer). Every export of many seeded sets of every kind imports with no error, one
//! question an item, and carries the key: a perfect response scores 100%, one slip less but not
//! nothing.

use clap::Parser;
use std::collections::BTreeSet;

use tictactoe::cli::{Cli, Command, Finished, exercises};
use tictactoe::learn::exercises::prune::{Ask, label};
use tictactoe::learn::exercises::{
    ExerciseSet, Item, Kind, MctsAsk, SetCode, Task, cell_name, generate, path_name,
};
use tictactoe::learn::view::ScoreView;

/// A question as Moodle's importer hands it to its question type to save.
#[derive(Debug, Clone, PartialEq)]
struct Imported {
    qtype: String,
    name: String,
    idnumber: Option<String>,
    /// The answers' texts and shares (fractions of 1), for numerical and multichoice.
    answers: Vec<(String, f64)>,
    single: bool,
    /// A matching question's parts and their answers (a part's text empty: a distractor).
    parts: Vec<(String, String)>,
    defaultmark: f64,
}

impl Imported {
    fn new(qtype: &str, name: String) -> Imported {
        Imported {
            qtype: qtype.to_string(),
            name,
            idnumber: None,
            answers: Vec::new(),
            single: true,
            parts: Vec::new(),
            defaultmark: 1.0,
        }
    }
}

/// PHP's `empty()` on a string: `""` and `"0"`.
fn php_empty(text: &str) -> bool {
    text.is_empty() || text == "0"
}

/// PHP's `trim()`: spaces, tabs, line ends, NUL and vertical tab.
fn php_trim(text: &str) -> &str {
    text.trim_matches([' ', '\t', '\n', '\r', '\0', '\x0B'])
}

/// `qformat_gift::escapedchar_pre`: escaped specials become placeholders before parsing.
fn escapedchar_pre(text: &str) -> String {
    let text = text.replace("\\\\", "&&092;");
    let text = text
        .replace("\\:", "&&058;")
        .replace("\\#", "&&035;")
        .replace("\\=", "&&061;")
        .replace("\\{", "&&123;")
        .replace("\\}", "&&125;")
        .replace("\\~", "&&126;")
        .replace("\\n", "&&010");
    text.replace("&&092;", "\\")
}

/// `qformat_gift::escapedchar_post`: placeholders back to their characters.
fn escapedchar_post(text: &str) -> String {
    text.replace("&&058;", ":")
        .replace("&&035;", "#")
        .replace("&&061;", "=")
        .replace("&&123;", "{")
        .replace("&&125;", "}")
        .replace("&&126;", "~")
        .replace("&&010", "\n")
}

/// `$giftanswerweightregex = '/^%\-*([0-9]{1,2})\.?([0-9]*)%/'` and `answerweightparser`:
/// the share and the rest of the answer, when the answer starts with a weight.
fn gift_weight(answer: &str) -> Option<(f64, &str)> {
    let rest = answer.strip_prefix('%')?;
    let body = rest.trim_start_matches('-');
    let whole = body.chars().take_while(char::is_ascii_digit).count();
    let after = &body[whole..];
    let after = match after.strip_prefix('.') {
        // Before a point, `[0-9]{1,2}` takes two digits at most.
        Some(fraction) if (1..=2).contains(&whole) => {
            fraction.trim_start_matches(|c: char| c.is_ascii_digit())
        }
        Some(_) => return None,
        None if whole >= 1 => after,
        None => return None,
    };
    after.strip_prefix('%')?;
    let end = rest.find('%').expect("the weight closes");
    let weight: f64 = rest[..end].parse().ok()?;
    Some((weight / 100.0, &rest[end + 1..]))
}

/// `commentparser`: an answer and its feedback, at the first `#`.
fn comment_parser(answer: &str) -> String {
    let text = answer.split_once('#').map_or(answer, |(text, _)| text);
    php_trim(&escapedchar_post(php_trim(text))).to_string()
}

/// PHP's `is_numeric` for the strings a quiz holds.
fn is_numeric(text: &str) -> bool {
    let text = text.trim_start_matches([' ', '\t', '\n', '\r']);
    !text.is_empty() && text.parse::<f64>().is_ok_and(f64::is_finite)
}

/// `qformat_gift::readquestion`: one question from its lines, or the error Moodle reports.
fn gift_read_question(lines: &[&str]) -> Result<Option<Imported>, String> {
    let lines: Vec<&str> = lines
        .iter()
        .map(|line| match php_trim(line).starts_with("//") {
            true => " ",
            false => line,
        })
        .collect();
    let text = php_trim(&lines.join("\n")).to_string();
    if text.is_empty() {
        return Ok(None);
    }
    let mut text = escapedchar_pre(&text);
    if text.starts_with("$CATEGORY:") {
        return Ok(Some(Imported::new("category", String::new())));
    }
    let mut name = String::new();
    if let Some((rest, end)) = text
        .strip_prefix("::")
        .and_then(|rest| rest.find("::").map(|end| (rest, end)))
    {
        name = php_trim(&escapedchar_post(&rest[..end])).to_string();
        text = php_trim(&rest[end + 2..]).to_string();
    }
    let (start, finish) = (text.find('{'), text.find('}'));
    let answertext = match (start, finish) {
        (None, None) => return Ok(Some(Imported::new("description", name))),
        (Some(start), Some(finish)) if finish > start => {
            php_trim(&text[start + 1..finish]).to_string()
        }
        // `braceerror`; a `}` before the `{` makes a negative length, and PHP's substr of it
        // no block at all.
        _ => return Err(format!("braceerror: {text}")),
    };
    let answertext = match answertext.rfind("####") {
        Some(at) => php_trim(&answertext[..at]).to_string(),
        None => answertext,
    };
    if name.is_empty() {
        name = "question".to_string();
    }
    let qtype = if answertext.is_empty() {
        "essay"
    } else if answertext.starts_with('#') {
        "numerical"
    } else if answertext.contains('~') {
        "multichoice"
    } else if answertext.contains('=') && answertext.contains("->") {
        "match"
    } else {
        let check = match answertext.find('#') {
            Some(at) if at > 0 => php_trim(&answertext[..at]),
            _ => answertext.as_str(),
        };
        match ["T", "TRUE", "F", "FALSE"].contains(&check) {
            true => "truefalse",
            false => "shortanswer",
        }
    };
    let mut question = Imported::new(qtype, name);
    match qtype {
        "multichoice" => {
            question.single = answertext.contains('=');
            let replaced = answertext.replace('=', "~=");
            let mut answers: Vec<&str> = replaced.split('~').collect();
            answers[0] = php_trim(answers[0]);
            if php_empty(answers[0]) {
                answers.remove(0);
            }
            if answers.len() < 2 {
                return Err(format!("importminerror: {text}"));
            }
            for answer in answers {
                let answer = php_trim(answer);
                let (fraction, rest) = if let Some(rest) = answer.strip_prefix('=') {
                    (1.0, rest)
                } else if let Some((fraction, rest)) = gift_weight(answer) {
                    (fraction, rest)
                } else {
                    (0.0, answer)
                };
                question.answers.push((comment_parser(rest), fraction));
            }
        }
        "match" => {
            let mut answers: Vec<&str> = answertext.split('=').collect();
            answers[0] = php_trim(answers[0]);
            if php_empty(answers[0]) {
                answers.remove(0);
            }
            if answers.len() < 2 {
                return Err(format!("importminerror: {text}"));
            }
            for answer in answers {
                let answer = php_trim(answer);
                let Some(marker) = answer.find("->") else {
                    return Err(format!("giftmatchingformat: {answer}"));
                };
                question.parts.push((
                    php_trim(&escapedchar_post(php_trim(&answer[..marker]))).to_string(),
                    php_trim(&escapedchar_post(&answer[marker + 2..])).to_string(),
                ));
            }
        }
        "numerical" => {
            let body = &answertext[1..];
            let body = body.find('~').map_or(body, |at| &body[..at]);
            let mut answers: Vec<&str> = body.split('=').collect();
            answers[0] = php_trim(answers[0]);
            if php_empty(answers[0]) {
                answers.remove(0);
            }
            if answers.is_empty() {
                return Err(format!("giftnonumericalanswers: {text}"));
            }
            for answer in answers {
                let answer = php_trim(answer);
                let (fraction, rest) = gift_weight(answer).unwrap_or((1.0, answer));
                let answer = comment_parser(rest);
                let (value, tolerance) = match (answer.find(".."), answer.find(':')) {
                    (Some(at), _) if at > 0 => (answer[..at].to_string(), "0".to_string()),
                    (_, Some(at)) if at > 0 => (
                        php_trim(&answer[..at]).to_string(),
                        php_trim(&answer[at + 1..]).to_string(),
                    ),
                    _ => (php_trim(&answer).to_string(), "0".to_string()),
                };
                if !is_numeric(&value) || !is_numeric(&tolerance) {
                    return Err(format!("errornotnumbers: {text}"));
                }
                question.answers.push((value, fraction));
            }
        }
        "shortanswer" => {
            let mut answers: Vec<&str> = answertext.split('=').collect();
            answers[0] = php_trim(answers[0]);
            if php_empty(answers[0]) {
                answers.remove(0);
            }
            if answers.is_empty() {
                return Err(format!("importminerror: {text}"));
            }
            for answer in answers {
                let answer = php_trim(answer);
                let (fraction, rest) = gift_weight(answer).unwrap_or((1.0, answer));
                question.answers.push((comment_parser(rest), fraction));
            }
        }
        _ => {}
    }
    Ok(Some(question))
}

/// `qformat_default::readdata` and `readquestions` with the GIFT reader: every question, or
/// the first error (Moodle's default "stop on error" then imports nothing).
fn gift_import(file: &str) -> Result<Vec<Imported>, String> {
    let file = file.strip_prefix('\u{feff}').unwrap_or(file);
    let mut questions = Vec::new();
    let mut errors = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    let mut flush = |current: &mut Vec<&str>| {
        if !current.is_empty() {
            match gift_read_question(current) {
                Ok(Some(question)) => questions.push(question),
                Ok(None) => {}
                Err(error) => errors.push(error),
            }
            current.clear();
        }
    };
    for line in file.split_inclusive('\n') {
        let trimmed = php_trim(line);
        match php_empty(trimmed) {
            true => flush(&mut current),
            false => current.push(trimmed),
        }
    }
    flush(&mut current);
    if let Some(error) = errors.first() {
        return Err(format!("importparseerror: {error}"));
    }
    import_process(questions)
}

fn child<'a, 'i>(node: roxmltree::Node<'a, 'i>, tag: &str) -> Option<roxmltree::Node<'a, 'i>> {
    node.children().find(|c| c.has_tag_name(tag))
}

/// `qformat_xml::readquestions` and the `import_*` of the types this program writes.
fn xml_import(file: &str) -> Result<Vec<Imported>, String> {
    let document = roxmltree::Document::parse(file).map_err(|e| format!("xml: {e}"))?;
    let quiz = document.root_element();
    if quiz.tag_name().name() != "quiz" {
        return Err("not a quiz".to_string());
    }
    // `getpath(…, array('#', tag, 0, '#', 'text', 0, '#'))`, trimmed.
    let text_in = |node: roxmltree::Node<'_, '_>, tag: &str| -> Option<String> {
        let inner = child(node, tag)?;
        let text = child(inner, "text")?;
        Some(php_trim(text.text().unwrap_or("")).to_string())
    };
    let plain = |node: roxmltree::Node<'_, '_>, tag: &str| -> Option<String> {
        child(node, tag).map(|n| php_trim(n.text().unwrap_or("")).to_string())
    };
    let mut questions = Vec::new();
    for node in quiz.children().filter(|c| c.has_tag_name("question")) {
        let qtype = node.attribute("type").unwrap_or("");
        if qtype == "category" {
            questions.push(Imported::new("category", String::new()));
            continue;
        }
        // `import_headers`: a name is required (`xmlimportnoname`).
        let name = text_in(node, "name").ok_or("xmlimportnoname")?;
        let mut question = Imported::new(qtype, name);
        question.idnumber = plain(node, "idnumber");
        if let Some(mark) = plain(node, "defaultgrade") {
            question.defaultmark = mark.parse().map_err(|_| "defaultgrade")?;
        }
        let fraction = |answer: roxmltree::Node<'_, '_>| -> f64 {
            answer
                .attribute("fraction")
                .map_or(0.0, |f| f.parse::<f64>().unwrap_or(0.0) / 100.0)
        };
        match qtype {
            "numerical" | "multichoice" => {
                if qtype == "multichoice" {
                    // `trans_single`: "false" or nothing is several answers.
                    let single = plain(node, "single").unwrap_or_else(|| "true".to_string());
                    question.single = !(single == "false" || php_empty(&single));
                }
                for answer in node.children().filter(|c| c.has_tag_name("answer")) {
                    let text = child(answer, "text")
                        .map(|t| php_trim(t.text().unwrap_or("")).to_string())
                        .unwrap_or_default();
                    question.answers.push((text, fraction(answer)));
                }
            }
            "matching" => {
                for part in node.children().filter(|c| c.has_tag_name("subquestion")) {
                    let text = child(part, "text")
                        .map(|t| php_trim(t.text().unwrap_or("")).to_string())
                        .unwrap_or_default();
                    let answer = text_in(part, "answer").unwrap_or_default();
                    question.parts.push((text, answer));
                }
            }
            other => {
                return Err(format!(
                    "a question of type {other:?}, which this reader does not take"
                ));
            }
        }
        questions.push(question);
    }
    import_process(questions)
}

/// Moodle's grades, -100% to 100% (`question_bank::fraction_options_full`).
fn grade_options() -> Vec<f64> {
    let raw = [
        0.9, 0.8333333, 0.8, 0.75, 0.7, 0.6666667, 0.6, 0.5, 0.4, 0.3333333, 0.3, 0.25, 0.2,
        0.1666667, 0.1428571, 0.125, 0.1111111, 0.1, 0.05,
    ];
    let mut all = vec![0.0, 1.0, -1.0];
    all.extend(raw);
    all.extend(raw.iter().map(|f| -f));
    all
}

/// `qformat_default::importprocess` after parsing: every share a grade (`match_grade_options`
/// in its default "error" mode), then what each type's `save_question_options` refuses.
fn import_process(questions: Vec<Imported>) -> Result<Vec<Imported>, String> {
    let grades = grade_options();
    for question in &questions {
        for (answer, fraction) in &question.answers {
            if !grades.iter().any(|g| (g - fraction).abs() < 0.00001) {
                return Err(format!(
                    "invalidgrade {fraction} for {answer:?} in {}",
                    question.name
                ));
            }
        }
        let answered: Vec<&(String, f64)> = question
            .answers
            .iter()
            .filter(|(text, _)| !php_trim(text).is_empty())
            .collect();
        let max = answered.iter().map(|a| a.1).fold(-1.0, f64::max);
        let total: f64 = answered.iter().map(|a| a.1).filter(|&f| f > 0.0).sum();
        match question.qtype.as_str() {
            "multichoice" => {
                if answered.len() < 2 {
                    return Err(format!("notenoughanswers in {}", question.name));
                }
                if question.single && max != 1.0 {
                    return Err(format!("errfractionsnomax in {}", question.name));
                }
                if !question.single && ((total * 100.0).round() / 100.0) != 1.0 {
                    return Err(format!("errfractionsaddwrong {total} in {}", question.name));
                }
            }
            "numerical" => {
                if answered.is_empty() || max != 1.0 {
                    return Err(format!("fractionsnomax in {}", question.name));
                }
                if let Some(bad) = answered.iter().find(|a| !is_numeric(&a.0) && a.0 != "*") {
                    return Err(format!("answermustbenumberorstar {:?}", bad.0));
                }
            }
            "match" | "matching" => {
                if let Some(part) = question
                    .parts
                    .iter()
                    .find(|(text, answer)| !text.is_empty() && php_trim(answer).is_empty())
                {
                    return Err(format!("nomatchinganswer {:?}", part.0));
                }
                // The form's own rule (two parts and three answers), which the importer leaves
                // to the teacher: held here too.
                let stems = question.parts.iter().filter(|p| !p.0.is_empty()).count();
                let answers: BTreeSet<&str> = question.parts.iter().map(|p| p.1.as_str()).collect();
                if stems < 2 || answers.len() < 3 {
                    return Err(format!("notenoughqsandas in {}", question.name));
                }
            }
            "category" => {}
            other => return Err(format!("a {other} question, which no item should be")),
        }
    }
    Ok(questions)
}

/// The quiz as the command line prints it.
fn export(code: &str, format: &str) -> String {
    let cli = Cli::try_parse_from(["tictactoe", "exercises", "--code", code, "--format", format])
        .expect("the options parse");
    let Some(Command::Exercises(args)) = cli.command else {
        panic!("the exercises command")
    };
    let mut out = Vec::new();
    let finished = exercises(&args, &mut out).expect("written");
    assert_eq!(finished, Finished::Done);
    String::from_utf8(out).expect("UTF-8")
}

/// A question's score for the response that ticks or matches `chosen`, as Moodle grades it:
/// a multiple-answer question adds the shares ticked (not below 0); a matching question counts
/// the parts matched right.
fn score(question: &Imported, chosen: &[String]) -> f64 {
    match question.qtype.as_str() {
        "multichoice" => question
            .answers
            .iter()
            .filter(|(text, _)| chosen.contains(text))
            .map(|a| a.1)
            .sum::<f64>()
            .clamp(0.0, 1.0),
        "match" | "matching" => {
            let stems: Vec<&(String, String)> =
                question.parts.iter().filter(|p| !p.0.is_empty()).collect();
            let right = stems
                .iter()
                .zip(chosen)
                .filter(|(part, value)| part.1 == **value)
                .count();
            right as f64 / stems.len() as f64
        }
        "numerical" => {
            let right = question.answers.iter().any(|a| {
                a.1 == 1.0 && chosen.first().and_then(|c| c.parse::<f64>().ok()) == a.0.parse().ok()
            });
            f64::from(u8::from(right))
        }
        other => panic!("no score for {other}"),
    }
}

/// The key of `item` as a response to its question, and one slip away from it.
fn key_of(item: &Item, question: &Imported) -> (Vec<String>, Vec<String>) {
    let stems: Vec<String> = question
        .parts
        .iter()
        .filter(|p| !p.0.is_empty())
        .map(|p| p.1.clone())
        .collect();
    let ticked = |right: Vec<String>| -> (Vec<String>, Vec<String>) {
        let wrong = question
            .answers
            .iter()
            .find(|a| !right.contains(&a.0))
            .map(|a| a.0.clone());
        // One wrong tick, or, where every choice is right, one right choice missed.
        let mut slipped = right.clone();
        match wrong {
            Some(wrong) => slipped.push(wrong),
            None => {
                slipped.pop();
            }
        }
        (right, slipped)
    };
    let matched = |right: Vec<String>| -> (Vec<String>, Vec<String>) {
        assert_eq!(
            stems, right,
            "{}: the parts are matched to the key",
            question.name
        );
        let other = question
            .parts
            .iter()
            .map(|p| p.1.clone())
            .find(|v| *v != right[0])
            .expect("another value");
        let mut slipped = right.clone();
        slipped[0] = other;
        (right, slipped)
    };
    match &item.task {
        Task::Value(key) => (
            vec![key.number.value().to_string()],
            vec![(key.number.value() + 1).to_string()],
        ),
        Task::Horizon(key) => ticked(key.plays.iter().map(|&c| cell_name(c)).collect()),
        Task::FindMove(key) => ticked(key.exercise.good.iter().map(|&c| cell_name(c)).collect()),
        Task::Tree(key) => {
            let parts: Vec<String> = question
                .parts
                .iter()
                .filter(|p| !p.0.is_empty())
                .map(|p| p.0.clone())
                .collect();
            let want: Vec<String> = key.nodes.iter().map(|n| path_name(&n.path)).collect();
            assert_eq!(parts, want, "a part a node, in the prompt's order");
            matched(
                key.nodes
                    .iter()
                    .map(|n| n.number.value().to_string())
                    .collect(),
            )
        }
        Task::TreeFill(key) => matched(
            key.order
                .iter()
                .map(|&n| key.values[n].to_string())
                .collect(),
        ),
        Task::Chance(key) => match key.value() {
            Some(value) => ticked(vec![value.decimal(2).trim_start_matches('≈').to_string()]),
            None => ticked(vec![label(key.chosen())]),
        },
        Task::Eval(key) => match key.choice {
            Some(cell) => ticked(vec![cell_name(cell)]),
            None => (
                vec![key.value.to_string()],
                vec![(key.value + 1).to_string()],
            ),
        },
        Task::Mcts(key) => match &key.ask {
            MctsAsk::Select { .. } => ticked(vec![item.answer_text()]),
            MctsAsk::Backup { after, .. } => matched(
                after
                    .iter()
                    .flat_map(|c| [c.visits.to_string(), c.total.to_string()])
                    .collect(),
            ),
        },
        Task::Prune(key) => match key.ask {
            Ask::Pruned => {
                let right: Vec<String> = match key.pruned.is_empty() {
                    true => vec!["none".to_string()],
                    false => key.pruned.iter().map(|&n| key.node_words(n)).collect(),
                };
                ticked(right)
            }
            Ask::Window(node) => {
                let (alpha, beta) = key.final_window(node).unwrap();
                matched(vec![
                    key.number_text(alpha.value()),
                    key.number_text(beta.value()),
                ])
            }
        },
    }
}

/// Each item's question carries its key: a perfect response scores all, one slip less but
/// more than nothing (a single right choice missed is the one slip that may cost it all).
fn check_questions(set: &ExerciseSet, questions: &[Imported], format: &str) {
    let items: Vec<&Imported> = questions.iter().filter(|q| q.qtype != "category").collect();
    assert_eq!(
        items.len(),
        set.items.len(),
        "{format} {}: one question an item",
        set.code
    );
    let mut ids = BTreeSet::new();
    for (item, question) in set.items.iter().zip(items) {
        let context = format!("{format} {} item {}", set.code, item.number);
        assert!(
            question
                .name
                .starts_with(&format!("Item {} (", item.number)),
            "{context}: {}",
            question.name
        );
        assert_eq!(question.defaultmark, 1.0, "{context}: worth one item");
        if format == "moodle" {
            let id = question.idnumber.clone().expect("an idnumber");
            assert!(
                id.len() <= 100 && ids.insert(id),
                "{context}: a unique idnumber"
            );
        }
        let (right, slipped) = key_of(item, question);
        // Moodle calls a response right above 0.999999 (`graded_state_for_fraction`): three
        // thirds written to seven places make 0.9999999.
        let full = score(question, &right);
        assert!(
            full > 0.999999,
            "{context}: the key scores 100%, not {full}"
        );
        let slip = score(question, &slipped);
        assert!(slip < 0.999999, "{context}: a slip costs something");
        if question.qtype != "numerical" {
            assert!(slip > 0.0, "{context}: one slip does not zero the question");
        }
        if question.qtype == "multichoice" {
            assert!(
                !question.single,
                "{context}: several may be ticked, whatever the key"
            );
        }
    }
}

fn codes() -> Vec<String> {
    let mut codes = Vec::new();
    let every = [
        Kind::Value,
        Kind::Tree,
        Kind::Horizon,
        Kind::FindMove,
        Kind::Prune,
    ];
    for seed in 0..100_u64 {
        // Every kind, on positions and on the textbooks' trees, in both views and both sizes,
        // with sets long enough for the alpha-beta window items.
        let size = if seed % 4 == 3 { 4 } else { 3 };
        let kinds = match size {
            4 => vec![Kind::Value, Kind::Tree, Kind::FindMove, Kind::Prune],
            _ => every.to_vec(),
        };
        let view = match seed % 2 {
            0 => ScoreView::SideToMove,
            _ => ScoreView::Articles,
        };
        let mut code = SetCode::new(seed, kinds, 12, size, view).unwrap();
        code.trees = seed % 3 == 0 && size == 3;
        codes.push(code.to_string());
    }
    // The chance, evaluation and MCTS kinds, every level of each, on both sizes.
    for seed in 0..40_u64 {
        let size = if seed % 4 == 3 { 4 } else { 3 };
        let kinds = vec![Kind::Chance, Kind::Eval, Kind::Mcts];
        let code = SetCode::new(seed, kinds, 12, size, ScoreView::Articles).unwrap();
        codes.push(code.to_string());
    }
    codes
}

#[test]
fn every_gift_and_moodle_xml_export_imports_with_no_error_one_question_an_item() {
    let mut counted = [0usize; 2];
    for code in codes() {
        let set = generate(&code.parse().unwrap());
        for (index, format) in ["gift", "moodle"].into_iter().enumerate() {
            let quiz = export(&code, format);
            let imported = match format {
                "gift" => gift_import(&quiz),
                _ => xml_import(&quiz),
            };
            let imported = imported.unwrap_or_else(|e| panic!("{format} {code}: {e}"));
            check_questions(&set, &imported, format);
            counted[index] += imported.len();
        }
    }
    assert!(counted.iter().all(|&n| n >= 140 * 12), "{counted:?}");
}

#[test]
fn the_same_set_exports_the_same_idnumbers() {
    let code = "v1-s42-k=value,tree,horizon,move,prune-n=12-3x3";
    let ids = |quiz: &str| -> Vec<Option<String>> {
        xml_import(quiz)
            .unwrap()
            .into_iter()
            .map(|q| q.idnumber)
            .collect()
    };
    assert_eq!(ids(&export(code, "moodle")), ids(&export(code, "moodle")));
}

/// The readers refuse what Moodle refuses, so a pass means something.
#[test]
fn the_readers_refuse_what_moodle_refuses() {
    // A numerical answer of 0 written the short way: PHP's empty("0") drops it.
    assert!(
        gift_import("::T::Q? {#0####why}")
            .unwrap_err()
            .contains("giftnonumericalanswers")
    );
    assert!(gift_import("::T::Q? {#=0:0####why}").is_ok());
    assert!(gift_import("::T::Q? {#-3}").is_ok());
    // Shares that are not Moodle's grades, or do not add up.
    assert!(
        gift_import("::T::Q? {~%30%a ~%70%b ~%33%c}")
            .unwrap_err()
            .contains("invalidgrade")
    );
    assert!(
        gift_import("::T::Q? {~%30%a ~%30%b}")
            .unwrap_err()
            .contains("errfractionsaddwrong")
    );
    assert!(gift_import("::T::Q? {=a ~b}").is_ok());
    // A stray brace; an unescaped colon is harmless after the name.
    assert!(
        gift_import("::T::What} is it? {=a ~b}")
            .unwrap_err()
            .contains("braceerror")
    );
    // A matching part with no answer, and too few parts.
    assert!(gift_import("::T::Q? {=a -> 1 =b -> 2 = -> 3}").is_ok());
    assert!(
        gift_import("::T::Q? {=a -> 1 = -> 2 = -> 3}")
            .unwrap_err()
            .contains("notenoughqsandas")
    );
    // A question among good ones that fails stops the whole file.
    let file = "::A::Q? {#=1:0}\n\n::B::Q? {#0}\n\n::C::Q? {#=2:0}\n";
    assert!(gift_import(file).is_err());
    // A byte-order mark and Windows line ends are read.
    assert_eq!(
        gift_import("\u{feff}::A::Q? {#=1:0}\r\n\r\n::B::Q? {#=2:0}\r\n")
            .unwrap()
            .len(),
        2
    );
    // XML: a numerical answer of 0 is fine there; a multichoice whose shares add up wrong is not.
    let xml = |body: &str| format!("<?xml version=\"1.0\"?><quiz>{body}</quiz>");
    assert!(xml_import(&xml(
        "<question type=\"numerical\"><name><text>T</text></name><answer fraction=\"100\"><text>0</text></answer></question>"
    ))
    .is_ok());
    assert!(xml_import(&xml(
        "<question type=\"multichoice\"><name><text>T</text></name><single>false</single>\
         <answer fraction=\"50\"><text>a</text></answer><answer fraction=\"0\"><text>b</text></answer></question>"
    ))
    .unwrap_err()
    .contains("errfractionsaddwrong"));
    assert!(xml_import(&xml("<question type=\"numerical\"><answer fraction=\"100\"><text>1</text></answer></question>"))
        .unwrap_err()
        .contains("xmlimportnoname"));
}

/// What the quiz writer wrote before it followed Moodle's readers (a set of four items, and one
/// of six on the textbooks' trees): a question per node of a tree, so a tree weighed as many
/// items as it has nodes. (Its other fault, a numerical answer of 0 written `{#0}`, which
/// Moodle's reader drops and then refuses the whole file, is in
/// `the_readers_refuse_what_moodle_refuses`.)
#[test]
fn the_quizzes_written_before_fail_these_readers() {
    let fixture = |name: &str| {
        std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/fixtures/moodle")
                .join(name),
        )
        .unwrap()
    };
    for (name, code) in [
        ("before.gift", "v1-s7-k=value,tree,horizon,move-n=4-3x3"),
        ("before-trees.xml", "v1-s7-k=prune,tree-n=6-3x3-trees"),
    ] {
        let set = generate(&code.parse().unwrap());
        let file = fixture(name);
        let imported = match name.ends_with(".xml") {
            true => xml_import(&file),
            false => gift_import(&file),
        }
        .unwrap();
        let questions = imported.iter().filter(|q| q.qtype != "category").count();
        assert!(
            questions > set.items.len(),
            "{name}: {questions} questions for {} items",
            set.items.len()
        );
        // Today's export of the same sets: one question an item.
        let format = if name.ends_with(".xml") {
            "moodle"
        } else {
            "gift"
        };
        let today = match format {
            "moodle" => xml_import(&export(code, format)),
            _ => gift_import(&export(code, format)),
        }
        .unwrap();
        check_questions(&set, &today, format);
    }
}

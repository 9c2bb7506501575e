//! A set as a SCORM 1.2 package, and what the page tells the LMS that runs it.
//!
//! The package is the web page itself (its files, [`SITE_FILES`]) with an `imsmanifest.xml`
//! that starts it on the set (`index.html?exercises=CODE&pass=N`), one SCO whose
//! `adlcp:masteryscore` is the pass mark, zipped with every file stored: the page (which fetches
//! its own files) and `tictactoe exercises --format scorm` (which reads a built site) make the
//! same bytes. Run in an LMS, the page reports each answer as an interaction, the score out of
//! 100, `incomplete` then `passed` or `failed`, and keeps the answers in `cmi.suspend_data` to
//! resume from ([`lms_records`], [`suspend_data`], [`resumed_answers`]).

use super::zip::stored_zip;
use crate::exercises::{ExerciseSet, SetCode};

/// The web page's files a package carries, as `scripts/web-build.sh` writes them, in the
/// package's order (after `imsmanifest.xml`).
pub const SITE_FILES: [&str; 8] = [
    "index.html",
    "tictactoe.js",
    "tictactoe_bg.wasm",
    "worker.js",
    "manifest.webmanifest",
    "sw.js",
    "icon-32.png",
    "icon-512.png",
];

/// The pass mark a package has unless the teacher gives another, in percent.
pub const DEFAULT_PASS_MARK: u8 = 80;

/// The query that starts the page on the set `code` with a pass mark of `pass` percent.
pub fn start_query(code: &SetCode, pass: u8) -> String {
    format!("exercises={code}&pass={pass}")
}

fn xml_escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The package's `imsmanifest.xml`: SCORM 1.2 (IMS Content Packaging 1.1.2 with ADL's
/// extensions), one organization, one item, one SCO resource listing every file.
pub fn manifest(code: &SetCode, pass: u8) -> String {
    let title = xml_escaped(&format!("Tic-Tac-Toe exercises: set {code}"));
    let href = xml_escaped(&format!("index.html?{}", start_query(code, pass)));
    let files: String = SITE_FILES
        .iter()
        .map(|file| format!("      <file href=\"{file}\"/>\n"))
        .collect();
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="tictactoe-exercises-s{seed}" version="1.0"
    xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="tictactoe-exercises">
    <organization identifier="tictactoe-exercises">
      <title>{title}</title>
      <item identifier="tictactoe-exercises-set" identifierref="tictactoe-page" isvisible="true">
        <title>{title}</title>
        <adlcp:masteryscore>{pass}</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="tictactoe-page" type="webcontent" adlcp:scormtype="sco" href="{href}">
{files}    </resource>
  </resources>
</manifest>
"#,
        seed = code.seed,
    )
}

/// The package of the set `code` with a pass mark of `pass` percent: `imsmanifest.xml`, then
/// `site`, the contents of [`SITE_FILES`] in their order.
pub fn package(code: &SetCode, pass: u8, site: &[Vec<u8>]) -> Vec<u8> {
    let manifest = manifest(code, pass);
    let mut files: Vec<(&str, &[u8])> = vec![("imsmanifest.xml", manifest.as_bytes())];
    files.extend(
        SITE_FILES
            .iter()
            .copied()
            .zip(site.iter().map(Vec::as_slice)),
    );
    stored_zip(&files)
}

/// The file name a package is saved as.
pub fn package_name(code: &SetCode) -> String {
    format!("tictactoe-exercises-s{}-scorm12.zip", code.seed)
}

/// The score out of 100 of `right` items of `count`, as the LMS gets it.
pub fn score(right: usize, count: usize) -> u32 {
    match count {
        0 => 0,
        _ => ((right * 100 + count / 2) / count) as u32,
    }
}

/// SCORM 1.2's longest `cmi.interactions.n.student_response` and `cmi.suspend_data`.
const MAX_RESPONSE: usize = 255;
const MAX_SUSPEND_DATA: usize = 4096;

/// What the LMS is told of `set` answered so far (`answers[i]` typed for item `i + 1`, graded
/// `results[i]`), against a pass mark of `pass` percent: the data model's elements and their
/// values, in the order they are set. Every item answered is an interaction of its own (numbered
/// as the items, from 0); `cmi.core.lesson_status` is `incomplete` until every item is answered,
/// then `passed` or `failed`; `cmi.core.exit` is `suspend` until then, so that the LMS keeps the
/// suspend data for the next attempt.
pub fn lms_records(
    set: &ExerciseSet,
    answers: &[Option<String>],
    results: &[Option<bool>],
    pass: u8,
) -> Vec<(String, String)> {
    let mut records = Vec::new();
    for (i, item) in set.items.iter().enumerate() {
        let (Some(Some(typed)), Some(Some(right))) = (answers.get(i), results.get(i)) else {
            continue;
        };
        let n = i;
        let response: String = typed.chars().take(MAX_RESPONSE).collect();
        records.push((
            format!("cmi.interactions.{n}.id"),
            format!("item-{}", item.number),
        ));
        records.push((format!("cmi.interactions.{n}.type"), "fill-in".into()));
        records.push((format!("cmi.interactions.{n}.student_response"), response));
        records.push((
            format!("cmi.interactions.{n}.result"),
            match right {
                true => "correct",
                false => "wrong",
            }
            .into(),
        ));
    }
    let count = set.items.len();
    let right = results.iter().filter(|r| **r == Some(true)).count();
    let done = results.iter().take(count).all(Option::is_some) && results.len() >= count;
    let raw = score(right, count);
    records.push(("cmi.core.score.min".into(), "0".into()));
    records.push(("cmi.core.score.max".into(), "100".into()));
    records.push(("cmi.core.score.raw".into(), raw.to_string()));
    let status = match (done, raw >= u32::from(pass)) {
        (false, _) => "incomplete",
        (true, true) => "passed",
        (true, false) => "failed",
    };
    records.push(("cmi.core.lesson_status".into(), status.into()));
    records.push((
        "cmi.core.exit".into(),
        match done {
            true => "",
            false => "suspend",
        }
        .into(),
    ));
    records.push(("cmi.suspend_data".into(), suspend_data(&set.code, answers)));
    records
}

/// The answers so far, kept in `cmi.suspend_data`: the set's code, then one line an answer
/// given (`N=ANSWER`, as a hand-in writes them), cut to SCORM 1.2's 4096 characters.
pub fn suspend_data(code: &SetCode, answers: &[Option<String>]) -> String {
    let mut data = code.to_string();
    for (i, typed) in answers.iter().enumerate() {
        if let Some(typed) = typed {
            let line = format!("\n{}={}", i + 1, typed.replace('\n', " "));
            if data.len() + line.len() > MAX_SUSPEND_DATA {
                break;
            }
            data.push_str(&line);
        }
    }
    data
}

/// The answers kept by [`suspend_data`] for the set `code` (`answers[i]` for item `i + 1`);
/// `None` when the data is of another set, or is not this program's.
pub fn resumed_answers(data: &str, code: &SetCode) -> Option<Vec<Option<String>>> {
    let mut lines = data.lines();
    if lines.next()?.parse::<SetCode>().ok()? != *code {
        return None;
    }
    let mut answers = vec![None; code.count];
    for line in lines {
        let (number, typed) = line.split_once('=')?;
        let number: usize = number.parse().ok()?;
        *answers.get_mut(number.checked_sub(1)?)? = Some(typed.to_string());
    }
    Some(answers)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exercises::generate;

    #[test]
    fn a_package_is_the_manifest_then_the_site_in_order() {
        let code: SetCode = "v1-s7-k=value,horizon-n=4-3x3".parse().unwrap();
        let site: Vec<Vec<u8>> = SITE_FILES.iter().map(|f| f.as_bytes().to_vec()).collect();
        let zip = package(&code, 75, &site);
        assert_eq!(&zip[30..45], b"imsmanifest.xml");
        let manifest = manifest(&code, 75);
        assert!(manifest.contains("<adlcp:masteryscore>75</adlcp:masteryscore>"));
        assert!(
            manifest.contains(
                "href=\"index.html?exercises=v1-s7-k=value,horizon-n=4-3x3&amp;pass=75\""
            )
        );
        assert_eq!(package(&code, 75, &site), zip, "the same bytes every time");
    }

    #[test]
    fn the_lms_hears_each_answer_the_score_and_the_status_against_the_pass_mark() {
        let code: SetCode = "v1-s7-k=value,horizon-n=4-3x3".parse().unwrap();
        let set = generate(&code);
        let value = |records: &[(String, String)], name: &str| {
            records
                .iter()
                .rfind(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
        };
        let answers = vec![Some("-5".to_string()), Some("r1c1".into()), None, None];
        let results = vec![Some(true), Some(false), None, None];
        let records = lms_records(&set, &answers, &results, 50);
        assert_eq!(
            value(&records, "cmi.core.lesson_status").unwrap(),
            "incomplete"
        );
        assert_eq!(value(&records, "cmi.core.score.raw").unwrap(), "25");
        assert_eq!(
            value(&records, "cmi.interactions.1.result").unwrap(),
            "wrong"
        );
        assert_eq!(value(&records, "cmi.interactions.2.id"), None);
        let data = value(&records, "cmi.suspend_data").unwrap();
        assert_eq!(resumed_answers(&data, &code).unwrap(), answers);
        let other: SetCode = "v1-s8-k=value,horizon-n=4-3x3".parse().unwrap();
        assert_eq!(resumed_answers(&data, &other), None);
        let all = [Some(true), Some(false), Some(true), Some(false)];
        let every: Vec<Option<String>> = vec![Some("1".into()); 4];
        let half = lms_records(&set, &every, &all, 50);
        assert_eq!(value(&half, "cmi.core.lesson_status").unwrap(), "passed");
        let strict = lms_records(&set, &every, &all, 51);
        assert_eq!(value(&strict, "cmi.core.lesson_status").unwrap(), "failed");
        assert_eq!(value(&strict, "cmi.core.exit").unwrap(), "");
    }
}

//! The user documents cannot go stale:
//!
//! - every `$ tictactoe …` command shown in a ```` ```console ```` block of the README, the guide
//!   (`docs/`) and the contributors' pages is run against the built binary, and what it prints
//!   must be what the page shows below it (`…` on a line of its own stands for any number of
//!   lines, inside a line for any text: a time, a long line cut short);
//! - every internal link and image points at a file that exists, and every `#anchor` at a heading;
//! - no user document but the changelog carries issue numbers, commit hashes or dates of work;
//! - the command-line reference, the man pages and the shell completions are generated from the
//!   command line's own definition (clap), and the checked-in files must be what it generates now.
//!
//! After changing the command line: `UPDATE_GENERATED=1 cargo test --test docs`, then commit the
//! files it rewrites.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use clap::CommandFactory;
use clap_complete::Shell;
use tictactoe::cli::Cli;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The README's longest allowed length, and the lines a newcomer sees first.
const README_MAX_LINES: usize = 200;
const FIRST_SCREEN: usize = 40;

fn root() -> &'static Path {
    Path::new(ROOT)
}

/// Every Markdown page of the project a user or a contributor reads: the README and the other
/// pages at the top (the changelog, the contributors' pages) and everything under `docs/`.
fn markdown_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(root()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    collect_markdown(&root().join("docs"), &mut files);
    files.sort();
    assert!(files.len() > 3, "found only {files:?}");
    files
}

fn collect_markdown(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect_markdown(&path, files);
        } else if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
}

fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// A fenced code block: its info string, its lines, and the line of the page it starts on.
struct Block {
    info: String,
    lines: Vec<String>,
    start: usize,
}

/// A page split into its fenced code blocks and its prose (code blocks blanked out, so that
/// line numbers stay the page's).
fn split_page(text: &str) -> (Vec<Block>, Vec<String>) {
    let mut blocks = Vec::new();
    let mut prose = Vec::new();
    let mut open: Option<(String, Block)> = None;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        match &mut open {
            None => {
                if let Some(rest) = trimmed.strip_prefix("```") {
                    let indent = line.len() - trimmed.len();
                    let fence = format!("{}```", " ".repeat(indent));
                    open = Some((
                        fence,
                        Block {
                            info: rest.trim().to_string(),
                            lines: Vec::new(),
                            start: index + 1,
                        },
                    ));
                    prose.push(String::new());
                } else {
                    prose.push(line.to_string());
                }
            }
            Some((fence, block)) => {
                prose.push(String::new());
                if trimmed.starts_with("```") {
                    blocks.push(open.take().unwrap().1);
                } else {
                    let indent = fence.len() - 3;
                    let content = if line.len() >= indent && line[..indent].trim().is_empty() {
                        &line[indent..]
                    } else {
                        line.trim_start()
                    };
                    block.lines.push(content.to_string());
                }
            }
        }
    }
    assert!(open.is_none(), "a code block is never closed");
    (blocks, prose)
}

/// A command shown in a console block and what the page says it prints.
struct Example {
    page: String,
    line: usize,
    command: String,
    expected: Vec<String>,
}

fn console_examples(page: &Path, blocks: &[Block]) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    for block in blocks.iter().filter(|b| b.info == "console") {
        for (offset, line) in block.lines.iter().enumerate() {
            if let Some(command) = line.strip_prefix("$ ") {
                examples.push(Example {
                    page: relative(page),
                    line: block.start + offset + 1,
                    command: command.to_string(),
                    expected: Vec::new(),
                });
            } else {
                let example = examples.last_mut().unwrap_or_else(|| {
                    panic!(
                        "{}:{}: a console block starts with a `$ ` command",
                        relative(page),
                        block.start
                    )
                });
                example.expected.push(line.clone());
            }
        }
        // A blank line separates one command's output from the next command.
        if let Some(last) = examples.last_mut() {
            trim_blank_end(&mut last.expected);
        }
    }
    for example in &mut examples {
        trim_blank_end(&mut example.expected);
    }
    examples
}

fn trim_blank_end(lines: &mut Vec<String>) {
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
}

/// Does `actual` match `pattern`, where `…` stands for any text?
fn line_matches(pattern: &str, actual: &str) -> bool {
    let mut parts = pattern.split('…');
    let first = parts.next().unwrap();
    let Some(mut rest) = actual.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    if parts.is_empty() {
        return rest.is_empty();
    }
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    unreachable!()
}

/// Do the output's lines match the page's, where a line `…` stands for any number of lines?
fn lines_match(pattern: &[String], actual: &[&str]) -> bool {
    match pattern.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first.trim() == "…" => {
            (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..]))
        }
        Some((first, rest)) => {
            !actual.is_empty() && line_matches(first, actual[0]) && lines_match(rest, &actual[1..])
        }
    }
}

/// Runs a shown command as a shell runs it, with the built `tictactoe` first on the PATH, in an
/// empty folder of its own (so that `> tree.svg` writes nowhere that matters), standard error
/// shown with standard output as a terminal shows them.
fn run_shown(command: &str, dir: &Path) -> String {
    let binary = Path::new(env!("CARGO_BIN_EXE_tictactoe"));
    let path = std::env::join_paths(
        std::iter::once(binary.parent().unwrap().to_path_buf()).chain(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        )),
    )
    .unwrap();
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!("{{ {command}\n}} 2>&1"))
        .current_dir(dir)
        .env("PATH", path)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("sh runs");
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn every_command_shown_prints_what_the_page_says() {
    let dir = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    let mut count = 0;
    for page in markdown_files() {
        let text = fs::read_to_string(&page).unwrap();
        let (blocks, _) = split_page(&text);
        for block in &blocks {
            if block.info != "console" {
                for (offset, line) in block.lines.iter().enumerate() {
                    assert!(
                        !line.starts_with("$ tictactoe"),
                        "{}:{}: a command with its output belongs in a ```console block, \
                         which this test runs",
                        relative(&page),
                        block.start + offset + 1
                    );
                }
            }
        }
        for example in console_examples(&page, &blocks) {
            assert!(
                example.command.starts_with("tictactoe ")
                    || example.command.starts_with("printf ")
                    || example.command.starts_with("echo "),
                "{}:{}: console blocks show the program's own commands: {}",
                example.page,
                example.line,
                example.command
            );
            count += 1;
            let actual = run_shown(&example.command, dir.path());
            let actual_lines: Vec<&str> = actual.trim_end().lines().collect();
            if !lines_match(&example.expected, &actual_lines) {
                failures.push(format!(
                    "{}:{}: $ {}\n--- the page shows:\n{}\n--- the program prints:\n{}",
                    example.page,
                    example.line,
                    example.command,
                    example.expected.join("\n"),
                    actual.trim_end()
                ));
            }
        }
    }
    assert!(count >= 10, "only {count} commands found in console blocks");
    assert!(
        failures.is_empty(),
        "{} of {count} commands shown print something else:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// GitHub's anchor for a heading: lower case, spaces to hyphens, punctuation dropped.
fn slug(heading: &str) -> String {
    let text = heading.replace('`', "");
    text.trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c),
            _ => None,
        })
        .collect()
}

fn anchors(page: &Path) -> Vec<String> {
    let text = fs::read_to_string(page).unwrap();
    let (_, prose) = split_page(&text);
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut anchors = Vec::new();
    for line in prose {
        let Some(heading) = line.strip_prefix('#') else {
            continue;
        };
        let heading = heading.trim_start_matches('#');
        if !heading.starts_with(' ') {
            continue;
        }
        let base = slug(heading);
        let n = seen.entry(base.clone()).or_insert(0);
        anchors.push(if *n == 0 {
            base.clone()
        } else {
            format!("{base}-{n}")
        });
        *n += 1;
    }
    anchors
}

/// The prose of a line without its inline code spans.
fn without_code_spans(line: &str) -> String {
    let mut out = String::new();
    let mut in_code = false;
    for c in line.chars() {
        if c == '`' {
            in_code = !in_code;
            out.push(' ');
        } else if in_code {
            out.push(' ');
        } else {
            out.push(c);
        }
    }
    out
}

/// The targets of the Markdown links and images on a line: `[text](target)`.
fn link_targets(line: &str) -> Vec<String> {
    let line = without_code_spans(line);
    let mut targets = Vec::new();
    let mut rest = line.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let end = after.find(')').unwrap_or(after.len());
        let target = after[..end].split_whitespace().next().unwrap_or("");
        targets.push(target.to_string());
        rest = &after[end..];
    }
    targets
}

#[test]
fn every_internal_link_and_image_exists() {
    let mut broken = Vec::new();
    let mut count = 0;
    for page in markdown_files() {
        let text = fs::read_to_string(&page).unwrap();
        let (_, prose) = split_page(&text);
        for (index, line) in prose.iter().enumerate() {
            for target in link_targets(line) {
                if target.starts_with("http://")
                    || target.starts_with("https://")
                    || target.starts_with("mailto:")
                {
                    continue;
                }
                count += 1;
                let (file, anchor) = match target.split_once('#') {
                    Some((file, anchor)) => (file, Some(anchor)),
                    None => (target.as_str(), None),
                };
                let linked = if file.is_empty() {
                    page.clone()
                } else {
                    page.parent().unwrap().join(file)
                };
                let place = format!("{}:{}", relative(&page), index + 1);
                if !linked.exists() {
                    broken.push(format!("{place}: {target}: no such file"));
                    continue;
                }
                if let Some(anchor) = anchor
                    && linked.extension().is_some_and(|e| e == "md")
                    && !anchors(&linked).iter().any(|a| a == anchor)
                {
                    broken.push(format!(
                        "{place}: {target}: no heading with that anchor in {}",
                        relative(&linked)
                    ));
                }
            }
        }
    }
    assert!(count >= 20, "only {count} internal links found");
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// What belongs in the changelog and not in a user document: `#12` or "issue 12", a commit
/// hash (7 to 40 hexadecimal digits, with a digit and a letter), a date (2026-11-27).
fn history_on_line(line: &str) -> Option<String> {
    let lower = line.to_lowercase();
    let bytes = lower.as_bytes();
    for (i, window) in lower.char_indices() {
        let rest = &lower[i..];
        let before = lower[..i].chars().next_back();
        let word_start = before.is_none_or(|c| !c.is_alphanumeric());
        if window == '#' && rest[1..].starts_with(|c: char| c.is_ascii_digit()) && word_start {
            return Some(rest.chars().take(6).collect());
        }
        if word_start
            && let Some(after) = rest.strip_prefix("issue ")
            && after.starts_with(|c: char| c.is_ascii_digit())
        {
            return Some(rest.chars().take(9).collect());
        }
        if word_start && window.is_ascii_hexdigit() {
            let run: String = rest.chars().take_while(|c| c.is_ascii_hexdigit()).collect();
            let end = i + run.len();
            let word_end = end >= bytes.len() || !(bytes[end] as char).is_alphanumeric();
            if (7..=40).contains(&run.len())
                && word_end
                && run.chars().any(|c| c.is_ascii_digit())
                && run.chars().any(|c| c.is_ascii_alphabetic())
            {
                return Some(run);
            }
        }
        if word_start && rest.len() >= 10 {
            let date = &rest.as_bytes()[..10];
            let digits = [0, 1, 2, 3, 5, 6, 8, 9];
            if digits.iter().all(|&d| date[d].is_ascii_digit())
                && date[4] == b'-'
                && date[7] == b'-'
                && (rest.starts_with("19") || rest.starts_with("20"))
            {
                return Some(rest[..10].to_string());
            }
        }
    }
    None
}

#[test]
fn no_user_document_carries_history() {
    let mut found = Vec::new();
    for page in markdown_files() {
        if page.file_name().is_some_and(|n| n == "CHANGELOG.md") {
            continue;
        }
        let text = fs::read_to_string(&page).unwrap();
        for (index, line) in text.lines().enumerate() {
            if let Some(what) = history_on_line(line) {
                found.push(format!("{}:{}: {what}: {line}", relative(&page), index + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "history belongs in CHANGELOG.md (issue numbers, commit hashes, dates of work):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_history_check_finds_what_it_looks_for() {
    for line in [
        "fixed in #44",
        "as issue 32 asked",
        "measured at e30565e",
        "on 2026-11-26, later",
    ] {
        assert!(history_on_line(line).is_some(), "missed: {line}");
    }
    for line in [
        "`#[derive(Parser)]` and #ff8800",
        "a tissue 3 cells wide",
        "processors since 2008 have it",
        "549946 positions, deadbeef",
        "[Scores](#scores)",
    ] {
        assert_eq!(history_on_line(line), None, "{line}");
    }
}

#[test]
fn the_readme_is_a_front_page() {
    let readme = fs::read_to_string(root().join("README.md")).unwrap();
    let lines: Vec<&str> = readme.lines().collect();
    assert!(
        lines.len() <= README_MAX_LINES,
        "README.md has {} lines; at most {README_MAX_LINES}: the rest goes into docs/",
        lines.len()
    );
    let first_screen = lines[..FIRST_SCREEN.min(lines.len())].join("\n");
    // The two commands a newcomer needs, first: play, and run the tests (CI runs the same).
    let play = first_screen.find("cargo run --release");
    let test = first_screen.find("scripts/test.sh");
    assert!(
        play.is_some() && test.is_some(),
        "the first {FIRST_SCREEN} lines of README.md show how to play and how to run the tests"
    );
    let ci = fs::read_to_string(root().join(".ci/run")).unwrap();
    assert!(
        ci.lines().any(|l| l.trim() == "scripts/test.sh"),
        "CI runs the README's test command"
    );
}

/// The files generated from the command line's definition, by path, with what they hold now.
fn generated_files() -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = vec![(
        root().join("docs/command-line-reference.md"),
        command_line_reference().into_bytes(),
    )];
    let mut command = Cli::command();
    command.build();
    for page in man_pages(&command) {
        files.push(page);
    }
    for (shell, name) in [
        (Shell::Bash, "tictactoe.bash"),
        (Shell::Zsh, "_tictactoe"),
        (Shell::Fish, "tictactoe.fish"),
        (Shell::PowerShell, "_tictactoe.ps1"),
    ] {
        let mut script = Vec::new();
        clap_complete::generate(shell, &mut Cli::command(), "tictactoe", &mut script);
        files.push((root().join("assets/completions").join(name), script));
    }
    files
}

/// The program's man page says more than `--help` does: what it opens, what the commands are for,
/// how boards are written, what the exit statuses mean and where the settings are.
const MAN_DESCRIPTION: &str = "\
Without a command, tictactoe opens the game: Tic-Tac-Toe against a computer driven by minimax, \
on boards from 3×3 to 7×7, with views that show how minimax rates every move (press S for the \
scores, T for the game tree, D to step through the search).

With a command, it prints what those views show, for scripts, tests and teachers: analyze (every \
move's score and line of play, as JSON), tree (the game tree, as JSON, Graphviz or SVG), trace \
(every call of a search, as JSON lines), cutoff (depth-limited minimax with an evaluation \
function beside the exact scores), mcts (Monte Carlo tree search's estimates beside the \
exact values), review (a game's moves with their classes) and exercises \
(a graded set, as text, JSON or a Moodle quiz). Each has its own page: tictactoe-analyze(1) and \
so on.

A board is written as rows joined by /, with X, O and . for empty: XOX/.O./X.. is the board \
whose first row is X O X. Whose move it is comes from the counts unless --to-move says otherwise.

Exit status: 0 when everything asked was done; 1 when some lines of a batch were not boards; 2 \
for a bad board, option or file, with one line on standard error naming the problem.

Settings are kept in settings.ron in the platform's config directory \
(~/.config/tictactoe/settings.ron on Linux), or in the file given with --settings.";

/// One man page for the program and one for each command (`man tictactoe-analyze`).
fn man_pages(command: &clap::Command) -> Vec<(PathBuf, Vec<u8>)> {
    let mut pages = Vec::new();
    let mut page = Vec::new();
    clap_mangen::Man::new(command.clone().long_about(MAN_DESCRIPTION))
        .render(&mut page)
        .unwrap();
    pages.push((
        root().join(format!("assets/man/{}.1", command.get_name())),
        page,
    ));
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        // A built command's subcommands are titled `tictactoe-analyze`, as man pages name them.
        let name = sub.get_display_name().unwrap_or(sub.get_name()).to_string();
        let mut page = Vec::new();
        clap_mangen::Man::new(sub.clone().version(env!("CARGO_PKG_VERSION")))
            .render(&mut page)
            .unwrap();
        pages.push((root().join(format!("assets/man/{name}.1")), page));
    }
    pages
}

/// The command-line reference: every command's full help, as `--help` prints it.
fn command_line_reference() -> String {
    let mut command = Cli::command();
    command.build();
    let mut out = String::from(
        "# Command-line reference\n\n\
         <!-- Generated from the command line's definition by tests/docs.rs: do not edit. After a \
         change to the command line, `UPDATE_GENERATED=1 cargo test --test docs` rewrites it. -->\n\n\
         Every command's full help, as `tictactoe COMMAND --help` prints it. The \
         [command-line guide](command-line.md) shows what each command prints, with examples; \
         `man tictactoe` and `man tictactoe-analyze` (and so on) give the same text once \
         [installed](installing.md).\n\n",
    );
    let mut sections = vec![("tictactoe".to_string(), command.clone())];
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        sections.push((format!("tictactoe {}", sub.get_name()), sub.clone()));
    }
    let names: Vec<String> = sections.iter().map(|(n, _)| n.clone()).collect();
    for name in &names {
        out.push_str(&format!("- [`{name}`](#{})\n", slug(name)));
    }
    for (name, mut section) in sections {
        let help = section.render_long_help().to_string();
        out.push_str(&format!(
            "\n## {name}\n\n```text\n{}\n```\n",
            help.trim_end()
        ));
    }
    out
}

#[test]
fn generated_files_are_what_the_command_line_generates() {
    let update = std::env::var_os("UPDATE_GENERATED").is_some();
    let mut stale = Vec::new();
    for (path, content) in generated_files() {
        let current = fs::read(&path).ok();
        if current.as_deref() == Some(content.as_slice()) {
            continue;
        }
        if update {
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(&path, &content).unwrap();
        } else {
            stale.push(relative(&path));
        }
    }
    assert!(
        stale.is_empty(),
        "out of date with the command line: {}.\nRegenerate them with \
         `UPDATE_GENERATED=1 cargo test --test docs` and commit them.",
        stale.join(", ")
    );
}

#[test]
fn the_line_patterns_match_as_documented() {
    assert!(line_matches("\"micros\":…}}", "\"micros\":31831}}"));
    assert!(line_matches("a … b", "a x y b"));
    assert!(!line_matches("a … b", "a x y c"));
    assert!(line_matches("exact", "exact"));
    assert!(!line_matches("exact", "exact and more"));
    let actual = ["one", "two", "three"];
    let pattern = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(lines_match(&pattern(&["one", "…"]), &actual));
    assert!(lines_match(&pattern(&["…", "three"]), &actual));
    assert!(!lines_match(&pattern(&["one", "three"]), &actual));
}

/// The Debian package's assets (`[package.metadata.deb]` in Cargo.toml) name files that exist,
/// the man pages and completions among them; the built program is the only one left to build.
#[test]
fn the_debian_package_ships_files_that_exist() {
    let manifest = fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let deb = &manifest[manifest.find("[package.metadata.deb]").unwrap()..];
    let assets = &deb[deb.find("assets = [").unwrap()..];
    let assets = &assets[..assets.find("\n]").unwrap()];
    let mut sources = Vec::new();
    for line in assets.lines().skip(1) {
        let source = line.trim().trim_start_matches("[\"");
        sources.push(source[..source.find('"').unwrap()].to_string());
    }
    for wanted in [
        "assets/man/*.1",
        "assets/completions/tictactoe.bash",
        "assets/completions/_tictactoe",
        "assets/completions/tictactoe.fish",
        "LICENSE",
    ] {
        assert!(
            sources.iter().any(|s| s == wanted),
            "the .deb does not ship {wanted}"
        );
    }
    for source in sources.iter().filter(|s| !s.starts_with("target/")) {
        if let Some(suffix) = source.strip_prefix("assets/man/*") {
            let pages = fs::read_dir(root().join("assets/man"))
                .unwrap()
                .filter(|e| {
                    e.as_ref()
                        .unwrap()
                        .path()
                        .to_string_lossy()
                        .ends_with(suffix)
                })
                .count();
            assert!(pages >= 2, "no man pages in assets/man/");
        } else {
            assert!(
                root().join(source).is_file(),
                "the .deb ships {source}, which is missing"
            );
        }
    }
}

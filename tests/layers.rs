//! The crate's layers, as `src/lib.rs` describes them: every module imports only from its own
//! layer and the layers below it, no modules import each other round in a circle, and nothing
//! outside `src/app/` names egui.
//!
//! The test reads every path that starts with `crate::`, `super::` or `self::` in the code of
//! every file under `src/`, `engine/src/` and `learn/src/` (comments and string literals left
//! out, tests included), resolves it to the module file it names, and checks each arrow against
//! the table of layers below. The engine and the learning layer are crates of their own that the
//! game re-exports as `engine` and `learn`, so their files are read as the modules under `engine`
//! and `learn`, their `crate::` as `engine::` and `learn::`; the learning layer re-exports the
//! engine in turn, so its `crate::engine::` is `engine::`.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

/// The layers from the bottom up: the folders that make each one. Layers on the same floor sit
/// side by side and must not import each other either.
const LAYERS: &[(&str, u8, &[&str])] = &[
    // The engine's own part of the seam (threads and the clock) is the platform's too.
    ("platform", 0, &["platform", "engine::platform"]),
    ("engine", 1, &["engine"]),
    ("learn", 2, &["learn"]),
    ("game", 3, &["game"]),
    ("store", 4, &["store"]),
    ("app", 5, &["app"]),
    ("cli", 5, &["cli"]),
    // lib.rs, which declares the layers and re-exports the engine's everyday types.
    ("crate root", 6, &[""]),
];

/// What only the platform seam names, because a browser has none of it (or std's panics there,
/// or it is the browser's own): paths that start with one of these. No allow-list: threads of
/// every kind, the monotonic clock, the file system and its Unix side and the page's DOM all go
/// through `platform`.
///
/// clippy.toml says the rest (spawning threads, sleeping, the wall clock, the desktop's folders
/// and file dialogs: `disallowed-methods`, `disallowed-types`). What is here it cannot say: the
/// platform re-exports `std::fs`, std's `Instant` (on the desktop) and `std::thread::scope` for
/// the layers above, and clippy sees what a path resolves to, not how it is written; nor can it
/// keep out a whole crate or module (`std::os`, the browser's crates).
const PLATFORM_ONLY: &[&[&str]] = &[
    &["std", "fs"],
    &["std", "os"],
    &["std", "thread"],
    &["std", "time", "Instant"],
    &["web_sys"],
    &["js_sys"],
    &["wasm_bindgen"],
    &["wasm_bindgen_futures"],
];

/// The crates whose paths [`PLATFORM_ONLY`] is read from.
const ROOTS: &[&str] = &[
    "std",
    "web_sys",
    "js_sys",
    "wasm_bindgen",
    "wasm_bindgen_futures",
];

/// A module, as the path of segments from the crate root: `["app", "commands"]`.
type Module = Vec<String>;

fn name(module: &[String]) -> String {
    if module.is_empty() {
        "crate".to_string()
    } else {
        module.join("::")
    }
}

/// The layer a module belongs to (the one whose folder is the longest start of its path): its
/// name and floor, or `None` when the table has no place for it.
fn layer_of(module: &[String]) -> Option<(&'static str, u8)> {
    let starts = |folder: &str| {
        let folder: Vec<&str> = folder.split("::").filter(|s| !s.is_empty()).collect();
        (folder.len() <= module.len() && folder.iter().zip(module).all(|(f, m)| f == m))
            .then_some(folder.len())
    };
    let top = module.first().map_or("", String::as_str);
    LAYERS
        .iter()
        .filter_map(|&(name, floor, folders)| {
            let best = folders.iter().filter_map(|f| starts(f)).max()?;
            // The crate root ("") holds only lib.rs itself.
            (best > 0 || top.is_empty()).then_some((best, name, floor))
        })
        .max_by_key(|&(best, _, _)| best)
        .map(|(_, name, floor)| (name, floor))
}

/// A crate's source folder and the module its root is in this test's view: the game's `src/`
/// is the root, the engine's `engine/src/` is `engine`, the learning layer's `learn/src/` is
/// `learn`.
struct Source {
    dir: PathBuf,
    root: Module,
}

fn sources() -> Vec<Source> {
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    vec![
        Source {
            dir: top.join("src"),
            root: Vec::new(),
        },
        Source {
            dir: top.join("engine").join("src"),
            root: vec!["engine".to_string()],
        },
        Source {
            dir: top.join("learn").join("src"),
            root: vec!["learn".to_string()],
        },
    ]
}

/// The crates a crate's root re-exports under their own names (`pub use tictactoe_engine as
/// engine;`): a path through one of them names that crate's modules, not the re-exporting crate.
const REEXPORTED: &[&str] = &["engine"];

/// `path` with a re-exported crate's prefix put back to where that crate is: `learn::engine::board`
/// (the learning layer's `crate::engine::board`) is `engine::board`.
fn through_reexports(path: Module, root: &[String]) -> Module {
    match path.get(root.len()) {
        Some(next)
            if !root.is_empty()
                && path.starts_with(root)
                && REEXPORTED.contains(&next.as_str()) =>
        {
            path[root.len()..].to_vec()
        }
        _ => path,
    }
}

/// Every file of every crate (the game's binary, main.rs, left out: its `crate::` is another
/// crate): its path, the module it is, and the module its crate's root is.
fn crate_files() -> Vec<(PathBuf, Module, Module)> {
    let mut out = Vec::new();
    for source in sources() {
        let mut files = Vec::new();
        rust_files(&source.dir, &mut files);
        for file in files {
            if source.root.is_empty() && file == source.dir.join("main.rs") {
                continue;
            }
            let mut module = source.root.clone();
            module.extend(module_of(&source.dir, &file));
            out.push((file, module, source.root.clone()));
        }
    }
    out
}

/// A file's path from the repository's top, for messages.
fn shown(file: &Path) -> String {
    let top = Path::new(env!("CARGO_MANIFEST_DIR"));
    file.strip_prefix(top).unwrap_or(file).display().to_string()
}

/// The module a file under `src/` is: `src/lib.rs` the root, `src/a/mod.rs` and `src/a.rs`
/// module `a`, `src/a/b.rs` module `a::b`.
fn module_of(src: &Path, file: &Path) -> Module {
    let relative = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Module = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts
        .last()
        .is_some_and(|last| last == "mod" || last == "lib")
    {
        parts.pop();
    }
    parts
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `text` with comments, string literals and character literals replaced by spaces (newlines
/// kept), so that only code is searched for paths.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |out: &mut String, c: char| out.push(if c == '\n' { '\n' } else { ' ' });
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    blank(&mut out, ' ');
                    i += 1;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    blank(&mut out, ' ');
                    i += 1;
                    if depth == 0 {
                        blank(&mut out, ' ');
                        i += 1;
                        break;
                    }
                }
                blank(&mut out, chars[i]);
                i += 1;
            }
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_'))
        {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while chars.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if chars.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j] == '"' && (1..=hashes).all(|h| chars.get(j + h) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            for &skipped in &chars[i..j.min(chars.len())] {
                blank(&mut out, skipped);
            }
            i = j;
        } else if c == '"' {
            blank(&mut out, c);
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    blank(&mut out, chars[i]);
                    i += 1;
                }
                if i < chars.len() {
                    blank(&mut out, chars[i]);
                    i += 1;
                }
            }
            if i < chars.len() {
                blank(&mut out, chars[i]);
                i += 1;
            }
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{1F600}'), or else a lifetime.
            let end = if next == Some('\\') {
                (i + 2..chars.len()).find(|&j| chars[j] == '\'')
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match end {
                Some(end) => {
                    for &skipped in &chars[i..=end] {
                        blank(&mut out, skipped);
                    }
                    i = end + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Reads a path's segments from `at` (`a::b::c`), and, when it goes on with `::{…}`, every path
/// of the group: `crate::a::{b, c::{d, e}}` is `crate::a::b`, `crate::a::c::d`, `crate::a::c::e`.
fn read_paths(code: &[char], mut at: usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    let mut path = prefix;
    loop {
        while code.get(at).is_some_and(|c| c.is_whitespace()) {
            at += 1;
        }
        if code.get(at) == Some(&'{') {
            read_group(code, at + 1, &path, out);
            return;
        }
        let start = at;
        while code.get(at).is_some_and(|&c| is_ident(c)) {
            at += 1;
        }
        if at > start {
            path.push(code[start..at].iter().collect());
        } else if code.get(at) == Some(&'*') {
            break;
        }
        let mut look = at;
        while code.get(look).is_some_and(|c| c.is_whitespace()) {
            look += 1;
        }
        if code.get(look) == Some(&':') && code.get(look + 1) == Some(&':') {
            at = look + 2;
        } else {
            break;
        }
    }
    out.push(path);
}

/// The paths of a use group whose `{` is just before `at`, each after `prefix`.
fn read_group(code: &[char], mut at: usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let mut depth = 0;
    let mut item_start = at;
    while at < code.len() {
        match code[at] {
            '{' => depth += 1,
            '}' if depth > 0 => depth -= 1,
            '}' | ',' if depth == 0 => {
                let item: String = code[item_start..at].iter().collect();
                let item = item.trim();
                if !item.is_empty() {
                    // `self` or `self as name`: the group's own path.
                    if item.split_whitespace().next() == Some("self") {
                        out.push(prefix.to_vec());
                    } else {
                        let chars: Vec<char> = item.chars().collect();
                        read_paths(&chars, 0, prefix.to_vec(), out);
                    }
                }
                if code[at] == '}' {
                    return;
                }
                item_start = at + 1;
            }
            _ => {}
        }
        at += 1;
    }
}

/// Every path in `code` that starts with `crate::`, `super::` or `self::`, made absolute for a
/// file that is module `module` of the crate whose root is `root`. Inline modules (`mod tests {
/// … }`) are followed, so that `super::` inside one names the file's own module.
fn crate_paths(code: &str, module: &[String], root: &[String]) -> Vec<Module> {
    let chars: Vec<char> = code.chars().collect();
    let mut found = Vec::new();
    // The inline modules open at each point, with the brace depth each one opened at.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut pending_mod: Option<String> = None;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let starts_word = i == 0 || !(is_ident(chars[i - 1]) || chars[i - 1] == ':');
        if c == '{' {
            depth += 1;
            if let Some(name) = pending_mod.take() {
                inline.push((name, depth));
            }
            i += 1;
            continue;
        }
        if c == '}' {
            if inline.last().is_some_and(|&(_, d)| d == depth) {
                inline.pop();
            }
            depth = depth.saturating_sub(1);
            i += 1;
            continue;
        }
        if c == ';' {
            pending_mod = None;
        }
        if !starts_word || !is_ident(c) {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && is_ident(chars[i]) {
            i += 1;
        }
        let word: String = chars[start..i].iter().collect();
        if word == "mod" {
            let mut j = i;
            while chars.get(j).is_some_and(|c| c.is_whitespace()) {
                j += 1;
            }
            let name_start = j;
            while chars.get(j).is_some_and(|&c| is_ident(c)) {
                j += 1;
            }
            pending_mod = Some(chars[name_start..j].iter().collect());
            i = j;
            continue;
        }
        let is_root = matches!(word.as_str(), "crate" | "super" | "self");
        if !is_root || chars.get(i) != Some(&':') || chars.get(i + 1) != Some(&':') {
            continue;
        }
        // `pub(in crate::a)` says who may see an item; it imports nothing.
        let before: String = chars[..start].iter().collect();
        if before.trim_end().ends_with("(in") {
            continue;
        }
        // The module this code is in: the file's module and the inline modules open here.
        let mut here: Module = module.to_vec();
        here.extend(inline.iter().map(|(name, _)| name.clone()));
        let base = match word.as_str() {
            "crate" => root.to_vec(),
            "self" => here,
            _ => {
                // super::super::… climbs one module each.
                let mut base = here;
                base.pop();
                while chars[i..].starts_with(&[':', ':', 's', 'u', 'p', 'e', 'r', ':', ':']) {
                    base.pop();
                    i += 7;
                }
                base
            }
        };
        let mut paths = Vec::new();
        read_paths(&chars, i + 2, base, &mut paths);
        found.extend(paths);
    }
    found
}

/// The longest start of `path` that is one of the crate's module files.
fn target_of(path: &[String], modules: &BTreeSet<Module>) -> Module {
    (0..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|prefix| modules.contains(prefix))
        .unwrap_or_default()
}

/// Each module file and the module files it imports from (itself and its own submodules
/// left out).
fn imports() -> BTreeMap<Module, BTreeSet<Module>> {
    let files = crate_files();
    let modules: BTreeSet<Module> = files.iter().map(|(_, module, _)| module.clone()).collect();
    let mut arrows = BTreeMap::new();
    for (file, module, root) in files {
        let text = fs::read_to_string(&file).unwrap();
        let targets: BTreeSet<Module> = crate_paths(&code_only(&text), &module, &root)
            .into_iter()
            .map(|path| through_reexports(path, &root))
            .map(|path| target_of(&path, &modules))
            .filter(|target| !target.starts_with(&module))
            .collect();
        arrows.insert(module, targets);
    }
    arrows
}

/// Every arrow that breaks the layering, one line each.
fn problems(arrows: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<String> {
    let mut problems = Vec::new();
    let homeless: BTreeSet<&str> = arrows
        .keys()
        .filter(|module| layer_of(module).is_none())
        .map(|module| module[0].as_str())
        .collect();
    for top in homeless {
        problems.push(format!("{top} is in no layer"));
    }
    for (from, targets) in arrows {
        let Some((from_layer, from_floor)) = layer_of(from) else {
            continue;
        };
        for to in targets {
            let Some((to_layer, to_floor)) = layer_of(to) else {
                continue;
            };
            if to_floor > from_floor || (to_floor == from_floor && to_layer != from_layer) {
                problems.push(format!(
                    "{} ({from_layer}) imports {} ({to_layer}), a layer above or beside it",
                    name(from),
                    name(to)
                ));
            }
        }
    }
    for (a, targets) in arrows {
        for b in targets {
            if a < b && arrows.get(b).is_some_and(|back| back.contains(a)) {
                problems.push(format!("{} and {} import each other", name(a), name(b)));
            }
        }
    }
    for circle in circles(arrows) {
        if circle.len() > 2 {
            let names: Vec<String> = circle.iter().map(|m| name(m)).collect();
            problems.push(format!("a circle of imports among {}", names.join(", ")));
        }
    }
    problems
}

/// The groups of modules that reach each other through imports (strongly connected components
/// of more than one module), each in a stable order.
fn circles(arrows: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    let reach = |from: &Module| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(m) = stack.pop() {
            for next in arrows.get(&m).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&Module, BTreeSet<Module>> =
        arrows.keys().map(|m| (m, reach(m))).collect();
    let mut groups: Vec<Vec<Module>> = Vec::new();
    for (m, seen) in &reached {
        if !seen.contains(*m) || groups.iter().any(|g| g.contains(m)) {
            continue;
        }
        let group: Vec<Module> = seen
            .iter()
            .filter(|other| reached.get(other).is_some_and(|back| back.contains(*m)))
            .cloned()
            .collect();
        groups.push(group);
    }
    groups
}

#[test]
fn every_module_imports_only_from_its_layer_and_below_and_no_circle() {
    let arrows = imports();
    let problems = problems(&arrows);
    let mut report = String::new();
    for problem in &problems {
        writeln!(report, "  {problem}").unwrap();
    }
    assert!(report.is_empty(), "problems with the layers:\n{report}");
}

#[test]
fn only_the_app_knows_egui() {
    let mut files: Vec<PathBuf> = crate_files()
        .into_iter()
        .filter(|(_, module, _)| layer_of(module).is_none_or(|(layer, _)| layer != "app"))
        .map(|(file, _, _)| file)
        .collect();
    files.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/main.rs"));
    let mut knowing = Vec::new();
    for file in &files {
        let code = code_only(&fs::read_to_string(file).unwrap());
        let names_one = ["egui", "eframe", "egui_kittest"].iter().any(|krate| {
            code.match_indices(krate).any(|(at, _)| {
                let before = code[..at].chars().next_back();
                let after = &code[at + krate.len()..];
                !before.is_some_and(|c| is_ident(c) || c == ':')
                    && (after.starts_with("::") || after.starts_with(';'))
            })
        });
        if names_one {
            knowing.push(shown(file));
        }
    }
    assert!(
        knowing.is_empty(),
        "outside src/app/, these name egui or eframe: {knowing:?}"
    );
}

/// Every path in `code` that starts with one of `roots` (`std`, a crate's name) at the start of a
/// word, groups read out as [`read_paths`] does.
fn rooted_paths(code: &str, roots: &[&str]) -> Vec<Vec<String>> {
    let chars: Vec<char> = code.chars().collect();
    let mut found = Vec::new();
    for root in roots {
        for (at, _) in code.match_indices(root) {
            let at = code[..at].chars().count();
            let end = at + root.chars().count();
            let before = at.checked_sub(1).map(|i| chars[i]);
            let starts_word = !before.is_some_and(|c| is_ident(c) || c == ':');
            let is_path = chars.get(end) == Some(&':') && chars.get(end + 1) == Some(&':');
            // `use std::thread;` names the module itself.
            let ends_use = chars.get(end) == Some(&';');
            if starts_word && (is_path || ends_use) {
                read_paths(
                    &chars,
                    at + root.chars().count() + 2,
                    vec![root.to_string()],
                    &mut found,
                );
            }
        }
    }
    found
}

/// Whether `path` names something only the platform may: one of [`PLATFORM_ONLY`] or below it.
fn platform_only(path: &[String]) -> bool {
    PLATFORM_ONLY
        .iter()
        .any(|only| path.len() >= only.len() && path.iter().zip(only.iter()).all(|(a, b)| a == b))
}

#[test]
fn only_the_platform_names_threads_the_clock_files_and_the_browser() {
    let mut naming = Vec::new();
    // (main.rs, the desktop's own entry point, is not among the crates' files.)
    for (file, module, _) in crate_files() {
        if layer_of(&module).is_some_and(|(layer, _)| layer == "platform") {
            continue;
        }
        let relative = shown(&file);
        let code = code_only(&fs::read_to_string(&file).unwrap());
        for path in rooted_paths(&code, ROOTS) {
            if platform_only(&path) {
                naming.push(format!("{relative}: {}", path.join("::")));
            }
        }
    }
    assert!(
        naming.is_empty(),
        "outside src/platform/ and engine/src/platform.rs, these name what only the platform may:\n  {}",
        naming.join("\n  ")
    );
}

#[test]
fn the_platform_check_finds_threads_the_clock_and_files_however_imported() {
    let code = code_only(
        "use std::time::{Duration, Instant};\n\
         use std::thread;\n\
         use std::{fs, io};\n\
         std::thread::scope(|s| {});\n\
         let a = std::time::Duration::ZERO;\n\
         use std::os::unix::fs::PermissionsExt;\n\
         let w = web_sys::window();\n\
         wasm_bindgen_futures::spawn_local(f);\n\
         let n = js_sys::Date::now();\n\
         use wasm_bindgen::JsCast;\n\
         // web_sys::console::log_1(x)\n",
    );
    let named: Vec<String> = rooted_paths(&code, ROOTS)
        .iter()
        .filter(|path| platform_only(path))
        .map(|path| path.join("::"))
        .collect();
    assert_eq!(
        named,
        [
            "std::time::Instant",
            "std::thread",
            "std::fs",
            "std::thread::scope",
            "std::os::unix::fs::PermissionsExt",
            "web_sys::window",
            "js_sys::Date::now",
            "wasm_bindgen::JsCast",
            "wasm_bindgen_futures::spawn_local"
        ]
    );
}

#[test]
fn the_reader_finds_grouped_relative_and_inline_module_paths() {
    let code = code_only(
        "use crate::a::{b::{C, D as E}, f};\n\
         use super::{g, self as h};\n\
         // use crate::commented::Out;\n\
         let s = \"crate::in_a_string::X\";\n\
         fn f<'a>(x: &'a str) -> char { 'x' }\n\
         mod tests { use super::*; fn t() { crate::z::W::new(); self::u(); } }\n\
         pub(in crate::seen::only) struct S;\n",
    );
    let found: Vec<String> = crate_paths(&code, &["m".to_string(), "n".to_string()], &[])
        .iter()
        .map(|p| p.join("::"))
        .collect();
    assert_eq!(
        found,
        [
            "a::b::C",
            "a::b::D",
            "a::f",
            "m::g",
            "m",
            "m::n",
            "z::W::new",
            "m::n::tests::u",
        ]
    );
}

#[test]
fn an_arrow_up_and_a_circle_are_both_found() {
    let module = |path: &str| -> Module { path.split("::").map(String::from).collect() };
    let mut arrows = BTreeMap::new();
    arrows.insert(module("engine::board"), BTreeSet::from([module("game")]));
    arrows.insert(module("game"), BTreeSet::from([module("engine::board")]));
    arrows.insert(module("app::a"), BTreeSet::from([module("app::b")]));
    arrows.insert(module("app::b"), BTreeSet::from([module("app::c")]));
    arrows.insert(module("app::c"), BTreeSet::from([module("app::a")]));
    assert_eq!(
        problems(&arrows),
        [
            "engine::board (engine) imports game (game), a layer above or beside it",
            "engine::board and game import each other",
            "a circle of imports among app::a, app::b, app::c",
        ]
    );
}

#[test]
fn the_engines_files_are_read_as_the_modules_under_engine() {
    let module = |path: &str| -> Module { path.split("::").map(String::from).collect() };
    assert_eq!(layer_of(&module("engine::platform")), Some(("platform", 0)));
    assert_eq!(
        layer_of(&module("engine::minimax::solver")),
        Some(("engine", 1))
    );
    assert_eq!(layer_of(&module("platform::web")), Some(("platform", 0)));
    assert_eq!(layer_of(&[]), Some(("crate root", 6)));
    assert_eq!(layer_of(&module("elsewhere")), None);
    let code = code_only("use crate::board::Board; use super::Rules;");
    let found: Vec<String> =
        crate_paths(&code, &module("engine::minimax::solver"), &module("engine"))
            .iter()
            .map(|p| p.join("::"))
            .collect();
    assert_eq!(found, ["engine::board::Board", "engine::minimax::Rules"]);
    let modules: BTreeSet<Module> = crate_files().into_iter().map(|(_, m, _)| m).collect();
    assert!(modules.contains(&module("engine::minimax::solver::table")));
    assert!(modules.contains(&module("app")));
}

#[test]
fn the_learning_layers_files_are_read_as_the_modules_under_learn() {
    let module = |path: &str| -> Module { path.split("::").map(String::from).collect() };
    let modules: BTreeSet<Module> = crate_files().into_iter().map(|(_, m, _)| m).collect();
    assert!(modules.contains(&module("learn")));
    assert!(modules.contains(&module("learn::exercises::kinds")));
    assert_eq!(layer_of(&module("learn::tree_svg")), Some(("learn", 2)));
    // Its `crate::engine::` is the engine it re-exports, its other `crate::` its own modules.
    let code = code_only("use crate::engine::board::Board; use crate::view::Seen;");
    let root = module("learn");
    let found: Vec<String> = crate_paths(&code, &module("learn::explain"), &root)
        .into_iter()
        .map(|path| through_reexports(path, &root).join("::"))
        .collect();
    assert_eq!(found, ["engine::board::Board", "learn::view::Seen"]);
    // The game's own `crate::engine::` is the engine already.
    assert_eq!(
        through_reexports(module("engine::board"), &[]),
        module("engine::board")
    );
}

/// Every arrow from a module to one of its ancestors (the folder's `mod.rs` it sits in, or one
/// above): a child that imports its parent, an arrow back up inside a folder.
fn arrows_up(arrows: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<String> {
    let mut up = Vec::new();
    for (from, targets) in arrows {
        for to in targets {
            // The crate root re-exports the everyday types for callers outside; the layers
            // above check who imports it.
            if !to.is_empty() && to.len() < from.len() && from.starts_with(to) {
                up.push(format!(
                    "{} imports {}, a folder it is in",
                    name(from),
                    name(to)
                ));
            }
        }
    }
    up
}

#[test]
fn inside_a_folder_no_module_imports_its_parent() {
    let up = arrows_up(&imports());
    assert!(
        up.is_empty(),
        "arrows back up inside folders (import the sibling that defines the name):\n  {}",
        up.join("\n  ")
    );
}

#[test]
fn an_arrow_back_up_inside_a_folder_is_found() {
    let module = |path: &str| -> Module { path.split("::").map(String::from).collect() };
    let mut arrows = BTreeMap::new();
    arrows.insert(
        module("engine::board::position"),
        BTreeSet::from([module("engine::board")]),
    );
    arrows.insert(
        module("engine::board"),
        BTreeSet::from([module("engine::board::position")]),
    );
    arrows.insert(
        module("engine::minimax::solver::root"),
        BTreeSet::from([module("engine::minimax")]),
    );
    arrows.insert(
        module("app::a"),
        BTreeSet::from([module("app::b"), module("engine")]),
    );
    assert_eq!(
        arrows_up(&arrows),
        [
            "engine::board::position imports engine::board, a folder it is in",
            "engine::minimax::solver::root imports engine::minimax, a folder it is in",
        ]
    );
}

/// The page's build removes eframe's PNG encoder, which only runs when an app copies an image to
/// the clipboard (scripts/web-unreachable.txt): an image copied on the page would stop it with an
/// error. Nothing in the code asks for one.
#[test]
fn nothing_copies_an_image_to_the_clipboard() {
    let mut copying = Vec::new();
    for (file, _, _) in crate_files() {
        let code = code_only(&fs::read_to_string(&file).unwrap());
        if ["copy_image", "CopyImage"]
            .iter()
            .any(|name| code.contains(name))
        {
            copying.push(shown(&file));
        }
    }
    assert!(
        copying.is_empty(),
        "these copy an image, which the page cannot (see scripts/web-unreachable.txt): {copying:?}"
    );
}

//! ARCHITECTURE.md's map of the code cannot drift from the code: every path its table names
//! exists, and every source file is named in the row of a folder it lies in (by its name, or by
//! the name of the subfolder it is in). A `mod.rs`, `lib.rs` or `main.rs` is its folder's or
//! crate's and needs no name of its own.

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A row of the map: the paths it is about, and what its description names in backticks.
struct Row {
    paths: Vec<String>,
    named: Vec<String>,
}

fn backticked(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

fn rows() -> Vec<Row> {
    let map = fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let table = map
        .split_once("| Path | What |")
        .expect("the map's table")
        .1;
    table
        .lines()
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            let cells: Vec<&str> = line.split(" | ").collect();
            Row {
                paths: backticked(cells[0]),
                named: cells[1..].iter().flat_map(|c| backticked(c)).collect(),
            }
        })
        .collect()
}

/// Whether `token` reads as a file or folder path (`view.rs`, `stepper/`, `search/mod.rs`).
fn is_path(token: &str) -> bool {
    let plain = token
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_-./".contains(c));
    let file = [".rs", ".sh", ".mjs", ".js", ".html", ".py"]
        .iter()
        .any(|ext| token.ends_with(ext));
    plain && !token.starts_with('.') && (file || (token.ends_with('/') && token.len() > 1))
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            if path
                .file_name()
                .is_some_and(|n| n != "node_modules" && n != "target")
            {
                files_under(&path, out);
            }
        } else {
            out.push(path);
        }
    }
}

fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap()
        .to_string_lossy()
        .replace('\\', "/")
}

#[test]
fn every_path_the_map_names_exists() {
    let mut missing = Vec::new();
    for row in rows() {
        for path in &row.paths {
            if !root().join(path).exists() {
                missing.push(path.clone());
            }
        }
        // A name in a folder's row is a file or folder somewhere under it.
        let folders: Vec<&String> = row.paths.iter().filter(|p| p.ends_with('/')).collect();
        if folders.is_empty() {
            continue;
        }
        let mut under = Vec::new();
        for folder in &folders {
            files_under(&root().join(folder), &mut under);
        }
        let under: Vec<String> = under.iter().map(|p| relative(p)).collect();
        for name in row.named.iter().filter(|n| is_path(n)) {
            let found = under.iter().any(|file| {
                let with_slash = format!("/{name}");
                match name.ends_with('/') {
                    true => {
                        file.contains(&with_slash)
                            || folders
                                .iter()
                                .any(|f| file.starts_with(&format!("{f}{name}")))
                    }
                    false => file.ends_with(&with_slash),
                }
            });
            if !found && !root().join(name).exists() {
                missing.push(format!("{name} (in the row of {})", folders[0]));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names what is not there: {missing:#?}"
    );
}

#[test]
fn every_source_file_is_on_the_map() {
    let rows = rows();
    let mut sources = Vec::new();
    for dir in ["src", "engine/src", "learn/src"] {
        files_under(&root().join(dir), &mut sources);
    }
    let mut unnamed = Vec::new();
    for source in sources
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
    {
        let path = relative(source);
        let name = source.file_name().unwrap().to_string_lossy().to_string();
        if ["mod.rs", "lib.rs", "main.rs"].contains(&name.as_str()) {
            continue;
        }
        let covered = rows.iter().any(|row| {
            row.paths.contains(&path)
                || row.paths.iter().filter(|p| p.ends_with('/')).any(|folder| {
                    let Some(inside) = path.strip_prefix(folder.as_str()) else {
                        return false;
                    };
                    // The file by its name, or a subfolder on its way by its name.
                    let mut steps: Vec<String> = Vec::new();
                    let parts: Vec<&str> = inside.split('/').collect();
                    for i in 0..parts.len() - 1 {
                        steps.push(format!("{}/", parts[..=i].join("/")));
                        steps.push(format!("{}/", parts[i]));
                    }
                    row.named
                        .iter()
                        .any(|n| *n == name || *n == inside || steps.contains(n))
                })
        });
        if !covered {
            unnamed.push(path);
        }
    }
    assert!(
        unnamed.is_empty(),
        "source files ARCHITECTURE.md's map does not name: {unnamed:#?}"
    );
}

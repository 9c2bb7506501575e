//! Settings files: round trips, lenient loading of broken files without losing the user's bytes,
//! strict loading, and atomic saves that survive failures halfway.

#[cfg(unix)]
#[path = "common/unprivileged.rs"]
mod unprivileged;

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use tempfile::{NamedTempFile, TempDir};
use tictactoe::Mark;
use tictactoe::engine::ai::Difficulty;
use tictactoe::game::{FirstPlayer, Mode};
use tictactoe::learn::view::ScoreView;
use tictactoe::store::settings::{
    Backup, ColorTheme, FileOps, Issue, Loaded, MAX_FILE_SIZE, SaveError, Settings,
    SettingsProblem, Store, load_strict, save_to, save_to_with, to_ron,
};

fn settings_file(dir: &TempDir) -> PathBuf {
    dir.path().join("settings.ron")
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn backups(dir: &Path) -> Vec<PathBuf> {
    names(dir)
        .into_iter()
        .filter(|n| n.starts_with("settings.ron.broken-"))
        .map(|n| dir.join(n))
        .collect()
}

fn non_default() -> Settings {
    Settings {
        version: 1,
        first_player: FirstPlayer::Alternate,
        human_mark: Mark::O,
        mode: Mode::ComputerVsComputer,
        difficulty: Difficulty::Easy,
        show_scores: true,
        score_view: ScoreView::Articles,
        welcome_hint: false,
        explorer_open: true,
        theme: ColorTheme::Dark,
        board_size: 7,
        in_a_row: 5,
        think_time_ms: 60_000,
        ai_delay_ms: 10_000,
        presenter: true,
        student_name: "Ada \"Countess\" Lovelace".into(),
    }
}

/// Writes `contents` as the settings file and loads it leniently.
fn load(dir: &TempDir, contents: &[u8]) -> Loaded {
    let path = settings_file(dir);
    fs::write(&path, contents).unwrap();
    Store::open(&path)
}

/// Checks the lenient load of a file the game cannot fully accept: usable settings, a problem
/// naming the file (and `needle`), and an exact copy of the bytes that survives a save.
fn assert_broken(contents: &[u8], needle: &str) -> Loaded {
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    let mut loaded = load(&dir, contents);
    let problem = loaded.problem.as_ref().expect("a problem");
    let message = problem.to_string();
    assert!(message.contains(&path.display().to_string()), "{message}");
    assert!(message.contains(needle), "{needle:?} not in: {message}");
    assert!(load_strict(&path).is_err());

    let copy = problem.backup_path().expect("a copy").to_owned();
    assert!(message.contains(&copy.display().to_string()), "{message}");
    assert_eq!(fs::read(&copy).unwrap(), contents);

    let saved = loaded.store.save(&loaded.settings).unwrap();
    assert_eq!(saved.backup, None, "already copied at load time");
    assert_eq!(fs::read(&copy).unwrap(), contents);
    assert_eq!(load_strict(&path).unwrap(), loaded.settings);
    assert_eq!(backups(dir.path()), [copy]);
    loaded
}

/// Checks the lenient load of a file that is not settings at all (junk, another program's
/// file): defaults, a problem naming the file (and `needle`), and a file no save writes over,
/// copies or renames.
fn assert_not_settings(contents: &[u8], needle: &str) -> Loaded {
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    let mut loaded = load(&dir, contents);
    let problem = loaded.problem.as_ref().expect("a problem");
    let message = problem.to_string();
    assert!(message.contains(&path.display().to_string()), "{message}");
    assert!(message.contains(needle), "{needle:?} not in: {message}");
    assert_eq!(problem.backup, Backup::NeverOverwritten, "{message}");
    assert!(load_strict(&path).is_err());
    let error = loaded.store.save(&loaded.settings).unwrap_err();
    assert!(matches!(error, SaveError::NotSettings(_)), "{error:?}");
    assert_eq!(fs::read(&path).unwrap(), contents);
    assert_eq!(names(dir.path()), ["settings.ron"]);
    loaded
}

// --- Round trips ----------------------------------------------------------------------------

#[test]
fn default_settings_round_trip() {
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    save_to(&path, &Settings::default()).unwrap();
    assert_eq!(load_strict(&path).unwrap(), Settings::default());
    let loaded = Store::open(&path);
    assert_eq!(loaded.settings, Settings::default());
    assert!(loaded.problem.is_none());
}

#[test]
fn every_enum_value_round_trips() {
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    let mut all = vec![Settings::default(), non_default()];
    for first_player in FirstPlayer::ALL {
        all.push(Settings {
            first_player,
            ..Settings::default()
        });
    }
    for human_mark in [Mark::X, Mark::O] {
        all.push(Settings {
            human_mark,
            ..Settings::default()
        });
    }
    for mode in Mode::ALL {
        all.push(Settings {
            mode,
            ..Settings::default()
        });
    }
    for difficulty in Difficulty::CHOICES {
        all.push(Settings {
            difficulty,
            ..Settings::default()
        });
    }
    for score_view in ScoreView::ALL {
        all.push(Settings {
            score_view,
            ..Settings::default()
        });
    }
    for theme in ColorTheme::ALL {
        all.push(Settings {
            theme,
            ..Settings::default()
        });
    }
    for ai_delay_ms in [0, 1, 9_999, 10_000] {
        all.push(Settings {
            ai_delay_ms,
            ..Settings::default()
        });
    }
    all.push(Settings {
        version: u32::MAX,
        ..Settings::default()
    });
    for settings in all {
        save_to(&path, &settings).unwrap();
        assert_eq!(load_strict(&path).unwrap(), settings);
        let loaded = Store::open(&path);
        assert_eq!(loaded.settings, settings);
        assert!(loaded.problem.is_none());
        // The derived `Deserialize` reads the file the same way.
        let text = fs::read_to_string(&path).unwrap();
        assert_eq!(ron::from_str::<Settings>(&text).unwrap(), settings);
    }
}

#[test]
fn saved_file_is_pretty_ron_with_allowed_values_in_comments() {
    let text = to_ron(&Settings::default()).unwrap();
    for line in [
        "    version: 1,\n",
        "    first_player: Human, ",
        "// Human | Computer | Alternate\n",
        "// X | O\n",
        "// VsComputer | TwoPlayers | ComputerVsComputer\n",
        "    difficulty: Perfect, ",
        "// Easy | Medium | Hard | Perfect | MctsThousand | MctsTenThousand\n",
        "    show_scores: false, ",
        "// true | false\n",
        "    score_view: SideToMove, ",
        "// SideToMove | Articles\n",
        "    welcome_hint: true, ",
        "    explorer_open: false, ",
        "// Dark | Light | System\n",
        "    board_size: 3, ",
        "    in_a_row: 0, ",
        "    think_time_ms: 2000, ",
        "    ai_delay_ms: 300, ",
        "    presenter: false, ",
        "    student_name: \"\", ",
    ] {
        assert!(text.contains(line), "{line:?} not in:\n{text}");
    }
    // The comments line up.
    let columns: Vec<usize> = text
        .lines()
        .filter(|l| l.starts_with("    ") && l.contains("//"))
        .map(|l| l.find("//").unwrap())
        .collect();
    assert_eq!(columns.len(), 15);
    assert!(columns.iter().all(|&c| c == columns[0]), "{text}");
    // The file is valid RON for any RON reader, comments and all.
    assert_eq!(
        ron::from_str::<Settings>(&text).unwrap(),
        Settings::default()
    );
}

#[test]
fn saving_refuses_values_the_game_would_not_load() {
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    for bad in [
        Settings {
            board_size: 8,
            ..Settings::default()
        },
        Settings {
            ai_delay_ms: 10_001,
            ..Settings::default()
        },
        Settings {
            in_a_row: 6,
            ..Settings::default()
        },
        Settings {
            think_time_ms: 99,
            ..Settings::default()
        },
    ] {
        let error = save_to(&path, &bad).unwrap_err();
        assert!(matches!(error, SaveError::InvalidSetting { .. }), "{error}");
        assert!(!path.exists());
    }
    let error = save_to(
        &path,
        &Settings {
            board_size: 2,
            ..Settings::default()
        },
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "cannot save settings: board_size must be a side from 3 to 7, but is 2"
    );
}

// --- Lenient reading of valid files ----------------------------------------------------------

#[test]
fn missing_file_is_a_first_run_not_a_problem() {
    let dir = TempDir::new().unwrap();
    let loaded = Store::open(settings_file(&dir));
    assert_eq!(loaded.settings, Settings::default());
    assert!(loaded.problem.is_none());
    assert!(names(dir.path()).is_empty(), "loading writes nothing");
}

#[test]
fn missing_fields_take_defaults() {
    let dir = TempDir::new().unwrap();
    let loaded = load(&dir, b"(show_scores: true)");
    assert!(loaded.problem.is_none());
    assert_eq!(
        loaded.settings,
        Settings {
            show_scores: true,
            ..Settings::default()
        }
    );
    assert_eq!(load_strict(&settings_file(&dir)).unwrap(), loaded.settings);
    let loaded = load(&dir, b"()");
    assert_eq!(loaded.settings, Settings::default());
    assert!(loaded.problem.is_none());
}

#[test]
fn unknown_fields_do_not_stop_a_file_from_loading() {
    let dir = TempDir::new().unwrap();
    let text = b"(\n  window: (width: 800, height: 600),\n  difficulty: Hard,\n  \
                 colours: [\"red\", \"blue\"],\n  future_flag: Some(Thing(1)),\n)\n";
    let loaded = load(&dir, text);
    assert_eq!(loaded.settings.difficulty, Difficulty::Hard);
    assert_eq!(
        load_strict(&settings_file(&dir)).unwrap().difficulty,
        Difficulty::Hard
    );
}

/// Issue 30, item 5: a misspelt field and a newer version's field are named when the file is
/// loaded, and written back, as they were, by every save; no copy is needed.
#[test]
fn unknown_fields_are_named_and_kept_through_a_save() {
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    let text = b"(\n  welcome_2hint: false,\n  difficulty: Hard,\n  new_feature: (a: 1),\n)\n";
    let mut loaded = load(&dir, text);
    let problem = loaded
        .problem
        .as_ref()
        .expect("the unknown fields are named");
    assert_eq!(problem.backup, Backup::KeptOnSave);
    let message = problem.to_string();
    assert!(
        message.contains("line 2, column 18: welcome_2hint is not a setting this version knows"),
        "{message}"
    );
    assert!(message.contains("new_feature"), "{message}");
    assert_eq!(message.lines().count(), 2, "{message}");
    let settings = Settings {
        theme: ColorTheme::Dark,
        ..loaded.settings.clone()
    };
    loaded.store.save(&settings).unwrap();
    let saved = fs::read_to_string(&path).unwrap();
    // Written into the file: the unknown fields where they were, the new setting after them.
    assert_eq!(
        saved,
        "(\n  welcome_2hint: false,\n  difficulty: Hard,\n  new_feature: (a: 1),\n  \
         theme: Dark,\n)\n"
    );
    let again = Store::open(&path);
    assert_eq!(again.settings, settings);
    assert_eq!(again.problem.unwrap().backup, Backup::KeptOnSave);
    assert_eq!(backups(dir.path()), Vec::<PathBuf>::new());
    // Saved again, they are still there, once.
    let mut again = Store::open(&path);
    again.store.save(&settings).unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), saved);
}

/// Issue 30, item 7: a line longer than the board is corrected to the usual one, with a notice,
/// and the file is copied first.
#[test]
fn a_line_longer_than_the_board_is_corrected_with_a_notice() {
    let loaded = assert_broken(
        b"(board_size: 3, in_a_row: 5)",
        "line 1, column 27: in_a_row 5 does not fit board_size 3, which allows at most 3 in a \
         row — using 0, the usual 3 in a row for the size",
    );
    assert_eq!(loaded.settings.in_a_row, 0);
    assert_eq!(loaded.settings.board_size, 3);
    assert_eq!(loaded.settings.geometry().k(), 3);
    let fits = load(&TempDir::new().unwrap(), b"(board_size: 5, in_a_row: 5)");
    assert!(fits.problem.is_none());
}

#[test]
fn hand_written_files_with_comments_named_struct_and_bom_load() {
    let dir = TempDir::new().unwrap();
    let text = "\u{feff}// mine\nSettings( /* block /* nested */ */ difficulty: /* why */ Medium, \
                theme: Light // trailing\n)\n";
    let loaded = load(&dir, text.as_bytes());
    assert!(loaded.problem.is_none(), "{:?}", loaded.problem);
    assert_eq!(loaded.settings.difficulty, Difficulty::Medium);
    assert_eq!(loaded.settings.theme, ColorTheme::Light);
}

// --- Broken files ------------------------------------------------------------------------------

#[test]
fn syntax_error_names_line_and_column_and_keeps_the_fields_before_it() {
    let text = "(\n    difficulty: Easy,\n    theme: Dark\n    show_scores: true,\n)\n";
    let loaded = assert_broken(text.as_bytes(), "line 4, column 5");
    assert_eq!(loaded.settings.difficulty, Difficulty::Easy);
    assert_eq!(loaded.settings.theme, ColorTheme::Dark);
    assert!(!loaded.settings.show_scores, "after the error: default");
    let problem = loaded.problem.unwrap();
    assert!(matches!(
        problem.error.issues[..],
        [Issue::Syntax { kept: 2, .. }]
    ));
    assert!(
        problem
            .to_string()
            .contains("kept the settings before this point")
    );
}

#[test]
fn truncated_file_keeps_what_was_read_and_lists_issues_in_file_order() {
    let loaded = assert_broken(
        b"(difficulty: Insane, show_scores: true",
        "line 1, column 39: expected comma",
    );
    assert!(loaded.settings.show_scores);
    assert_eq!(loaded.settings.difficulty, Difficulty::Perfect);
    let problem = loaded.problem.unwrap();
    assert!(matches!(
        problem.error.issues[..],
        [Issue::UnknownVariant { .. }, Issue::Syntax { kept: 2, .. }]
    ));
}

#[test]
fn not_a_struct_gives_defaults() {
    let loaded = assert_not_settings(b"[1, 2, 3]\n", "line 1, column 1");
    assert_eq!(loaded.settings, Settings::default());
    assert!(
        loaded
            .problem
            .unwrap()
            .to_string()
            .contains("using default settings")
    );
}

#[test]
fn wrong_type_defaults_only_that_field() {
    let text = "(\n    difficulty: Hard,\n    show_scores: 1,\n    theme: Light,\n)\n";
    let loaded = assert_broken(
        text.as_bytes(),
        "line 3, column 18: show_scores must be true or false, found 1 — using false",
    );
    assert_eq!(loaded.settings.difficulty, Difficulty::Hard);
    assert_eq!(loaded.settings.theme, ColorTheme::Light);
    assert!(!loaded.settings.show_scores);
}

#[test]
fn unknown_enum_value_is_named_with_the_choices() {
    let text = "(\n    version: 1,\n    human_mark: O,\n    difficulty: Insane,\n)\n";
    let loaded = assert_broken(
        text.as_bytes(),
        "settings.ron: line 4, column 17: unknown variant \"Insane\" for difficulty, \
         expected one of Easy, Medium, Hard, Perfect, MctsThousand, MctsTenThousand — using Perfect",
    );
    assert_eq!(loaded.settings.human_mark, Mark::O);
    assert_eq!(loaded.settings.difficulty, Difficulty::Perfect);
}

#[test]
fn wrong_case_gets_a_suggestion() {
    let loaded = assert_broken(
        b"(difficulty: hard)",
        "unknown variant \"hard\" for difficulty, expected one of Easy, Medium, Hard, Perfect, MctsThousand, MctsTenThousand \
         (did you mean Hard?) — using Perfect",
    );
    assert_eq!(loaded.settings.difficulty, Difficulty::Perfect);
}

#[test]
fn board_size_out_of_range() {
    let loaded = assert_broken(
        b"(board_size: 8, mode: TwoPlayers)",
        "line 1, column 14: board_size must be a side from 3 to 7, found 8 — using 3",
    );
    assert_eq!(loaded.settings.board_size, 3);
    assert_eq!(loaded.settings.mode, Mode::TwoPlayers);
}

#[test]
fn negative_or_huge_delay() {
    for (text, found) in [
        ("(ai_delay_ms: -5, theme: Dark)", "found -5"),
        ("(ai_delay_ms: 10001, theme: Dark)", "found 10001"),
        (
            "(ai_delay_ms: 99999999999999999999999, theme: Dark)",
            "found 9999",
        ),
        ("(ai_delay_ms: 2.5, theme: Dark)", "found 2.5"),
    ] {
        let loaded = assert_broken(text.as_bytes(), found);
        assert_eq!(loaded.settings.ai_delay_ms, 300);
        assert_eq!(loaded.settings.theme, ColorTheme::Dark);
        let message = loaded.problem.unwrap().to_string();
        assert!(
            message.contains("ai_delay_ms must be a whole number of milliseconds from 0 to 10000"),
            "{message}"
        );
    }
}

#[test]
fn every_bad_field_is_reported_and_the_good_ones_kept() {
    let text = "(\n  first_player: Robot,\n  human_mark: X,\n  mode: \"TwoPlayers\",\n  \
                difficulty: Medium,\n  show_scores: yes,\n  theme: Dark,\n  board_size: 0,\n  \
                ai_delay_ms: -1,\n  version: -1,\n)";
    let loaded = assert_broken(text.as_bytes(), "first_player");
    let problem = loaded.problem.unwrap();
    let fields: Vec<&str> = problem
        .error
        .issues
        .iter()
        .map(|issue| match issue {
            Issue::UnknownVariant { field, .. } | Issue::InvalidValue { field, .. } => {
                field.as_str()
            }
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        fields,
        [
            "first_player",
            "mode",
            "show_scores",
            "board_size",
            "ai_delay_ms",
            "version"
        ]
    );
    assert_eq!(
        loaded.settings,
        Settings {
            difficulty: Difficulty::Medium,
            theme: ColorTheme::Dark,
            ..Settings::default()
        }
    );
    assert_eq!(problem.to_string().lines().count(), fields.len() + 1);
}

#[test]
fn duplicate_field_keeps_the_first() {
    let loaded = assert_broken(
        b"(difficulty: Easy, difficulty: Hard)",
        "line 1, column 32: difficulty appears more than once — using the first one",
    );
    assert_eq!(loaded.settings.difficulty, Difficulty::Easy);
}

#[test]
fn empty_file_gives_defaults_and_needs_no_copy() {
    for contents in [&b""[..], b"  \n\t\n"] {
        let dir = TempDir::new().unwrap();
        let path = settings_file(&dir);
        let mut loaded = load(&dir, contents);
        let problem = loaded.problem.clone().expect("a problem");
        assert_eq!(problem.error.issues, [Issue::Empty]);
        assert_eq!(problem.backup, Backup::NotNeeded);
        assert!(
            problem
                .to_string()
                .contains("settings.ron: the file is empty")
        );
        assert_eq!(loaded.settings, Settings::default());
        assert!(load_strict(&path).is_err());
        loaded.store.save(&loaded.settings).unwrap();
        assert_eq!(names(dir.path()), ["settings.ron"]);
    }
}

#[test]
fn comments_only_file_is_kept() {
    assert_broken(b"// I emptied this on purpose\n", "line");
}

#[test]
fn binary_junk() {
    let junk: Vec<u8> = (0..=255u8).cycle().take(3000).collect();
    let loaded = assert_not_settings(&junk, "not UTF-8");
    assert_eq!(loaded.settings, Settings::default());
    let mut junk = b"\x00\x01\x02 ELF \x7f".to_vec();
    junk.extend_from_slice(&[0; 100]);
    assert_not_settings(&junk, "line 1, column 1");
}

#[test]
fn non_utf8_is_reported_where_it_is_and_the_rest_is_read() {
    let mut text = b"(\n    theme: Dark, // caf".to_vec();
    text.push(0xE9); // Latin-1 é
    text.extend_from_slice(b"\n    difficulty: Easy,\n)\n");
    let loaded = assert_broken(&text, "line 2, column 24: the file is not UTF-8 text");
    assert_eq!(loaded.settings.theme, ColorTheme::Dark);
    assert_eq!(loaded.settings.difficulty, Difficulty::Easy);
}

#[test]
fn file_over_the_size_limit_is_not_read_and_never_saved_over() {
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    // Sparse and far too large to read quickly: the size must be checked before reading.
    let file = File::create(&path).unwrap();
    file.set_len(8 * 1024 * 1024 * 1024).unwrap();
    drop(file);
    let mut loaded = Store::open(&path);
    let problem = loaded.problem.clone().expect("a problem");
    assert!(matches!(problem.error.issues[..], [Issue::TooLarge { .. }]));
    assert_eq!(problem.backup, Backup::NeverOverwritten);
    let message = problem.to_string();
    assert!(message.contains(&path.display().to_string()), "{message}");
    assert!(message.contains("8589934592 bytes"), "{message}");
    assert_eq!(loaded.settings, Settings::default());
    assert!(load_strict(&path).is_err());

    let error = loaded.store.save(&non_default()).unwrap_err();
    assert!(matches!(error, SaveError::NotSettings(_)), "{error:?}");
    assert_eq!(fs::metadata(&path).unwrap().len(), 8 * 1024 * 1024 * 1024);
    assert_eq!(names(dir.path()), ["settings.ron"]);
}

#[test]
fn size_limit_is_exact() {
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    let mut text = b"(difficulty: Easy)".to_vec();
    text.resize(usize::try_from(MAX_FILE_SIZE).unwrap(), b' ');
    fs::write(&path, &text).unwrap();
    assert_eq!(load_strict(&path).unwrap().difficulty, Difficulty::Easy);
    text.push(b' ');
    fs::write(&path, &text).unwrap();
    let error = load_strict(&path).unwrap_err();
    assert!(error.to_string().contains("1048577 bytes"), "{error}");
    let mut loaded = Store::open(&path);
    let message = loaded.problem.unwrap().to_string();
    assert!(
        message.contains("more than a settings file can be (1048576 bytes)"),
        "{message}"
    );
    // Too large to be settings: never saved over.
    let error = loaded.store.save(&Settings::default()).unwrap_err();
    assert!(matches!(error, SaveError::NotSettings(_)), "{error:?}");
    assert_eq!(fs::read(&path).unwrap(), text);
    assert_eq!(names(dir.path()), ["settings.ron"]);
}

#[test]
fn deeply_nested_junk_does_not_overflow_the_stack() {
    let mut text = "(theme: Dark, junk: ".to_owned();
    text.push_str(&"[".repeat(100_000));
    let loaded = assert_broken(text.as_bytes(), "line 1");
    assert_eq!(loaded.settings.theme, ColorTheme::Dark);
    let text = format!("(difficulty: {})", "Some(".repeat(100_000));
    assert_not_settings(text.as_bytes(), "line 1");
}

#[test]
fn directory_in_place_of_the_file_is_never_touched() {
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    fs::create_dir(&path).unwrap();
    fs::write(path.join("inside.txt"), "precious").unwrap();
    let mut loaded = Store::open(&path);
    let problem = loaded.problem.clone().expect("a problem");
    assert_eq!(problem.error.issues, [Issue::IsDirectory]);
    assert_eq!(problem.backup, Backup::NeverOverwritten);
    let message = problem.to_string();
    assert!(
        message.contains(&format!("{}: this is a directory", path.display())),
        "{message}"
    );
    assert_eq!(loaded.settings, Settings::default());
    assert!(load_strict(&path).is_err());

    let error = loaded.store.save(&Settings::default()).unwrap_err();
    assert!(matches!(error, SaveError::IsDirectory { .. }), "{error}");
    assert!(error.to_string().contains("it is a directory"), "{error}");
    let error = save_to(&path, &Settings::default()).unwrap_err();
    assert!(matches!(error, SaveError::IsDirectory { .. }));
    assert_eq!(
        fs::read_to_string(path.join("inside.txt")).unwrap(),
        "precious"
    );
    assert_eq!(names(dir.path()), ["settings.ron"]);

    // An empty directory too (a rename could replace that one on some systems).
    fs::remove_file(path.join("inside.txt")).unwrap();
    assert!(loaded.store.save(&Settings::default()).is_err());
    assert!(path.is_dir());
}

/// Makes opening the settings file fail as a file without read permission does.
struct NoPermission;

impl FileOps for NoPermission {
    fn open(&mut self, _path: &Path) -> io::Result<File> {
        Err(io::Error::from(io::ErrorKind::PermissionDenied))
    }
}

/// The problem of a file that could not be read, and what was loaded.
fn assert_unreadable_problem(
    path: &Path,
    loaded: Loaded,
    backup: Backup,
) -> (SettingsProblem, Loaded) {
    let problem = loaded.problem.clone().expect("a problem");
    assert!(
        matches!(
            problem.error.issues[..],
            [Issue::Unreadable {
                kind: io::ErrorKind::PermissionDenied,
                ..
            }]
        ),
        "{problem:?}"
    );
    assert_eq!(problem.backup, backup);
    let message = problem.to_string();
    assert!(
        message.contains(&format!("{}: cannot read the file: ", path.display())),
        "{message}"
    );
    assert!(message.contains("ermission denied"), "{message}");
    assert_eq!(loaded.settings, Settings::default());
    (problem, loaded)
}

fn assert_unreadable_loaded(path: &Path, loaded: Loaded, original: &[u8]) {
    let (_, mut loaded) = assert_unreadable_problem(path, loaded, Backup::BeforeSave);
    let saved = loaded.store.save(&non_default()).unwrap();
    let aside = saved.backup.expect("set aside before saving over it");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&aside, fs::Permissions::from_mode(0o600)).unwrap();
    }
    assert_eq!(fs::read(&aside).unwrap(), original);
    assert_eq!(load_strict(path).unwrap(), non_default());
}

#[test]
fn unreadable_file_maps_to_a_problem_and_is_set_aside_before_saving() {
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    fs::write(&path, b"(difficulty: Easy)").unwrap();
    let loaded = Store::open_with(&path, &mut NoPermission);
    assert_unreadable_loaded(&path, loaded, b"(difficulty: Easy)");
}

/// Runs `check` as a user who cannot read or write everything (see [`unprivileged`]).
#[cfg(unix)]
fn as_unprivileged_user(test: &str, check: impl FnOnce()) {
    unprivileged::as_unprivileged_user(test, "TICTACTOE_SETTINGS_TEST_UNPRIVILEGED", check);
}

#[cfg(unix)]
#[test]
fn chmod_000_file() {
    as_unprivileged_user("chmod_000_file", || {
        use std::os::unix::fs::PermissionsExt;
        let dir = TempDir::new().unwrap();
        let path = settings_file(&dir);
        fs::write(&path, b"(difficulty: Easy)").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o000)).unwrap();
        assert!(fs::read(&path).is_err(), "not unprivileged");
        assert!(load_strict(&path).is_err());
        let loaded = Store::open(&path);
        // Nobody may write it either: it is read-only, never set aside or saved over.
        let (problem, mut loaded) =
            assert_unreadable_problem(&path, loaded, Backup::NeverOverwritten);
        assert!(problem.to_string().contains("will not write over it"));
        let error = loaded.store.save(&non_default()).unwrap_err();
        assert!(matches!(error, SaveError::ReadOnly(_)), "{error:?}");
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"(difficulty: Easy)");
        assert_eq!(names(dir.path()), ["settings.ron"]);
    });
}

#[cfg(unix)]
#[test]
#[allow(unsafe_code, reason = "libc's calls, for a test's own files and user")]
fn fifo_is_not_opened() {
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    let c_path = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: `c_path` is a NUL-terminated path that outlives the call.
    let made = unsafe { libc::mkfifo(c_path.as_ptr(), 0o644) };
    assert_eq!(made, 0, "mkfifo: {}", io::Error::last_os_error());
    // Opening a FIFO with no writer would block forever.
    let mut loaded = Store::open(&path);
    let problem = loaded.problem.clone().expect("a problem");
    assert_eq!(problem.error.issues, [Issue::NotARegularFile]);
    assert_eq!(problem.backup, Backup::NeverOverwritten);
    assert!(load_strict(&path).is_err());
    // Never replaced, like a device such as /dev/null would not be.
    let error = loaded.store.save(&Settings::default()).unwrap_err();
    assert!(
        matches!(error, SaveError::NotARegularFile { .. }),
        "{error}"
    );
    assert!(save_to(&path, &Settings::default()).is_err());
    assert!(!fs::metadata(&path).unwrap().is_file());
    assert_eq!(names(dir.path()), ["settings.ron"]);
}

#[cfg(unix)]
#[test]
fn dev_null_is_never_replaced() {
    let mut loaded = Store::open("/dev/null");
    assert_eq!(loaded.settings, Settings::default());
    assert!(loaded.problem.is_some());
    assert!(loaded.store.save(&Settings::default()).is_err());
    assert!(!fs::metadata("/dev/null").unwrap().is_file());
}

// --- Backups -------------------------------------------------------------------------------

#[test]
fn loading_the_same_broken_file_again_reuses_its_copy() {
    let dir = TempDir::new().unwrap();
    let first = load(&dir, b"(difficulty: Insane)");
    let second = load(&dir, b"(difficulty: Insane)");
    let first_copy = first.problem.unwrap().backup_path().unwrap().to_owned();
    assert_eq!(
        second.problem.unwrap().backup_path(),
        Some(first_copy.as_path())
    );
    assert_eq!(backups(dir.path()), [first_copy]);
}

#[test]
fn copies_never_overwrite_each_other() {
    let dir = TempDir::new().unwrap();
    let contents = [
        &b"(difficulty: One)"[..],
        b"(difficulty: Two)",
        b"(difficulty: Three)",
    ];
    let copies: Vec<PathBuf> = contents
        .iter()
        .map(|c| {
            let loaded = load(&dir, c);
            loaded.problem.unwrap().backup_path().unwrap().to_owned()
        })
        .collect();
    for (copy, contents) in copies.iter().zip(contents) {
        assert_eq!(&fs::read(copy).unwrap(), contents);
    }
    assert_eq!(backups(dir.path()).len(), 3);
    let first = copies[0]
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    assert!(first.starts_with("settings.ron.broken-"), "{first}");
    let seconds = first.trim_start_matches("settings.ron.broken-");
    assert!(seconds.parse::<u64>().unwrap() > 1_700_000_000, "{seconds}");
}

/// A settings file the app cannot read ("(theme: Purple)"), in a directory where no copy of it can
/// be made: the temporary directory (kept alive by the caller), the directory and the file.
#[cfg(unix)]
fn unreadable_settings_in_a_read_only_directory() -> (TempDir, PathBuf, PathBuf) {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new().unwrap();
    let sub = dir.path().join("config");
    fs::create_dir(&sub).unwrap();
    let path = sub.join("settings.ron");
    fs::write(&path, b"(theme: Purple)").unwrap();
    fs::set_permissions(&sub, fs::Permissions::from_mode(0o500)).unwrap();
    assert!(File::create(sub.join("probe")).is_err(), "not unprivileged");
    (dir, sub, path)
}

#[cfg(unix)]
#[test]
fn a_copy_that_cannot_be_made_blocks_the_save() {
    as_unprivileged_user("a_copy_that_cannot_be_made_blocks_the_save", || {
        use std::os::unix::fs::PermissionsExt;
        let (_dir, sub, path) = unreadable_settings_in_a_read_only_directory();
        let mut loaded = Store::open(&path);
        let problem = loaded.problem.clone().unwrap();
        assert!(matches!(problem.backup, Backup::Failed(_)));
        assert!(
            problem.to_string().contains("will not save over it"),
            "{problem}"
        );
        assert!(loaded.store.save(&Settings::default()).is_err());
        fs::set_permissions(&sub, fs::Permissions::from_mode(0o700)).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"(theme: Purple)");
        assert_eq!(names(&sub), ["settings.ron"], "no copy, no temporary file");
        // Once the directory is writable the copy is made, then the file is saved.
        let saved = loaded.store.save(&Settings::default()).unwrap();
        let copy = saved.backup.unwrap();
        assert_eq!(fs::read(copy).unwrap(), b"(theme: Purple)");
        assert_eq!(load_strict(&path).unwrap(), Settings::default());
    });
}

/// When no copy could be made at load time, the save sets aside the file as it is then: an edit
/// made in the meantime is what the copy holds, not the bytes first read.
#[cfg(unix)]
#[test]
fn a_file_edited_after_a_failed_copy_is_kept_as_edited() {
    as_unprivileged_user(
        "a_file_edited_after_a_failed_copy_is_kept_as_edited",
        || {
            use std::os::unix::fs::PermissionsExt;
            let (_dir, sub, path) = unreadable_settings_in_a_read_only_directory();
            let mut loaded = Store::open(&path);
            assert!(matches!(loaded.problem.unwrap().backup, Backup::Failed(_)));
            fs::set_permissions(&sub, fs::Permissions::from_mode(0o700)).unwrap();
            fs::write(&path, b"(theme: Pink)").unwrap();
            let copy = loaded.store.save(&Settings::default()).unwrap().backup;
            assert_eq!(fs::read(copy.unwrap()).unwrap(), b"(theme: Pink)");
            assert_eq!(load_strict(&path).unwrap(), Settings::default());
            assert_eq!(backups(&sub).len(), 1);
        },
    );
}

// --- Atomic saves ----------------------------------------------------------------------------

/// Writes part of the data, then fails as a full disk would.
struct FailMidWrite;

impl FileOps for FailMidWrite {
    fn write(&mut self, file: &mut File, bytes: &[u8]) -> io::Result<()> {
        file.write_all(&bytes[..bytes.len() / 2])?;
        Err(io::Error::other("No space left on device (simulated)"))
    }
}

/// Writes everything, then fails to put the new file in place. The temporary file is dropped,
/// which deletes it, as `NamedTempFile::persist` does when it fails.
struct FailPersist;

impl FileOps for FailPersist {
    fn persist(&mut self, _temp: NamedTempFile, _to: &Path) -> io::Result<()> {
        Err(io::Error::other("rename failed (simulated)"))
    }
}

#[test]
fn interrupted_save_leaves_the_old_file_and_no_temporary_file() {
    for ops in [&mut FailMidWrite as &mut dyn FileOps, &mut FailPersist] {
        let dir = TempDir::new().unwrap();
        let path = settings_file(&dir);
        save_to(&path, &non_default()).unwrap();
        let before = fs::read(&path).unwrap();

        let error = save_to_with(&path, &Settings::default(), ops).unwrap_err();
        assert!(error.to_string().contains("(simulated)"), "{error}");
        assert!(error.to_string().contains(&path.display().to_string()));
        assert_eq!(fs::read(&path).unwrap(), before);
        assert_eq!(names(dir.path()), ["settings.ron"]);

        let mut loaded = Store::open(&path);
        assert!(loaded.store.save_with(&Settings::default(), ops).is_err());
        assert_eq!(fs::read(&path).unwrap(), before);
        assert_eq!(names(dir.path()), ["settings.ron"]);
        assert_eq!(load_strict(&path).unwrap(), non_default());
    }
}

#[test]
fn interrupted_save_of_a_new_file_leaves_nothing() {
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    assert!(save_to_with(&path, &Settings::default(), &mut FailMidWrite).is_err());
    assert!(names(dir.path()).is_empty());
}

#[test]
fn failed_save_after_a_broken_load_keeps_file_and_copy() {
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    let mut loaded = load(&dir, b"(theme: Purple)");
    let copy = loaded.problem.unwrap().backup_path().unwrap().to_owned();
    assert!(
        loaded
            .store
            .save_with(&Settings::default(), &mut FailPersist)
            .is_err()
    );
    assert_eq!(fs::read(&path).unwrap(), b"(theme: Purple)");
    assert_eq!(fs::read(&copy).unwrap(), b"(theme: Purple)");
    assert_eq!(backups(dir.path()), std::slice::from_ref(&copy));
    assert_eq!(names(dir.path()).len(), 2, "no temporary file");
}

#[test]
fn failed_save_of_an_unread_file_puts_it_back() {
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    fs::write(&path, b"(difficulty: Easy)").unwrap();
    let mut loaded = Store::open_with(&path, &mut NoPermission);
    assert!(
        loaded
            .store
            .save_with(&Settings::default(), &mut FailPersist)
            .is_err()
    );
    assert_eq!(fs::read(&path).unwrap(), b"(difficulty: Easy)");
    assert!(!names(dir.path()).iter().any(|n| n.contains("tmp")));
    // The next save still sets it aside.
    let saved = loaded.store.save(&Settings::default()).unwrap();
    let copy = saved.backup.unwrap();
    assert_eq!(fs::read(copy).unwrap(), b"(difficulty: Easy)");
}

#[test]
fn saving_creates_missing_directories() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("a").join("b").join("settings.ron");
    save_to(&path, &non_default()).unwrap();
    assert_eq!(load_strict(&path).unwrap(), non_default());

    let path = dir.path().join("c").join("settings.ron");
    let mut loaded = Store::open(&path);
    assert!(loaded.problem.is_none());
    assert_eq!(loaded.store.path(), path);
    loaded.store.save(&non_default()).unwrap();
    assert_eq!(load_strict(&path).unwrap(), non_default());
}

#[test]
fn saving_to_a_path_that_is_not_a_file_name_fails_cleanly() {
    let dir = TempDir::new().unwrap();
    let error = save_to(&dir.path().join(".."), &Settings::default()).unwrap_err();
    assert!(!error.to_string().is_empty());
    let error = save_to(dir.path(), &Settings::default()).unwrap_err();
    assert!(matches!(error, SaveError::IsDirectory { .. }), "{error}");
}

#[cfg(unix)]
#[test]
fn saving_through_a_symlink_keeps_the_link() {
    let dir = TempDir::new().unwrap();
    let real = dir.path().join("dotfiles.ron");
    let link = settings_file(&dir);
    save_to(&real, &Settings::default()).unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let mut loaded = Store::open(&link);
    loaded.store.save(&non_default()).unwrap();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(load_strict(&real).unwrap(), non_default());
}

/// Issue 30, item 6: a settings path that is a link to a file not made yet stays a link; the
/// file is made where it points.
#[cfg(unix)]
#[test]
fn saving_through_a_dangling_symlink_keeps_the_link() {
    let dir = TempDir::new().unwrap();
    let real = dir.path().join("dotfiles").join("tictactoe.ron");
    fs::create_dir(dir.path().join("dotfiles")).unwrap();
    let link = settings_file(&dir);
    std::os::unix::fs::symlink("dotfiles/tictactoe.ron", &link).unwrap();
    let mut loaded = Store::open(&link);
    loaded.store.save(&non_default()).unwrap();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(load_strict(&real).unwrap(), non_default());
}

/// Issue 30, item 8: the window's state is kept only beside a regular settings file (or one not
/// made yet), never beside a device or a directory.
#[test]
fn the_window_state_is_kept_only_beside_a_regular_settings_file() {
    use tictactoe::store::settings::window_state_path;
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    assert_eq!(
        window_state_path(&path),
        Some(dir.path().join("settings.window.ron"))
    );
    fs::write(&path, "()").unwrap();
    assert_eq!(
        window_state_path(&path),
        Some(dir.path().join("settings.window.ron"))
    );
    assert_eq!(window_state_path(dir.path()), None);
    #[cfg(unix)]
    assert_eq!(window_state_path(Path::new("/dev/null")), None);
}

// --- Strict loading ----------------------------------------------------------------------------

#[test]
fn load_strict_rejects_every_bad_file_and_names_it() {
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    for contents in [
        &b"(difficulty: Hard"[..],
        b"(show_scores: \"yes\")",
        b"(difficulty: Insane)",
        b"(board_size: 8)",
        b"(in_a_row: 2)",
        b"(think_time_ms: 0)",
        b"(ai_delay_ms: -5)",
        b"",
        b"\x00\x01\x02\x03",
        b"(theme: Dark) \xff",
        b"(theme: Dark) trailing",
        b"(theme: Dark, theme: Light)",
        b"42",
    ] {
        fs::write(&path, contents).unwrap();
        let error = load_strict(&path).unwrap_err();
        let message = error.to_string();
        assert!(
            message.starts_with(&path.display().to_string()),
            "{message}"
        );
        assert!(!error.issues.is_empty());
        assert!(
            !message.contains("using"),
            "strict loading uses nothing: {message}"
        );
    }
    fs::remove_file(&path).unwrap();
    let error = load_strict(&path).unwrap_err();
    assert!(matches!(
        error.issues[..],
        [Issue::Unreadable {
            kind: io::ErrorKind::NotFound,
            ..
        }]
    ));
    fs::create_dir(&path).unwrap();
    assert_eq!(load_strict(&path).unwrap_err().issues, [Issue::IsDirectory]);
}

#[test]
fn load_strict_accepts_good_files() {
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    for (contents, expected) in [
        ("()", Settings::default()),
        (
            "(difficulty: Easy, extra: 1)",
            Settings {
                difficulty: Difficulty::Easy,
                ..Settings::default()
            },
        ),
        (
            "(version: 7, ai_delay_ms: 0)",
            Settings {
                version: 7,
                ai_delay_ms: 0,
                ..Settings::default()
            },
        ),
    ] {
        fs::write(&path, contents).unwrap();
        assert_eq!(load_strict(&path).unwrap(), expected);
    }
}

#[test]
fn derived_deserialize_checks_ranges_too() {
    let error = ron::from_str::<Settings>("(\n  board_size: 8,\n)").unwrap_err();
    assert_eq!(error.span.start.line, 2);
    assert!(error.to_string().contains("a side from 3 to 7"), "{error}");
    assert!(ron::from_str::<Settings>("(board_size: 7, in_a_row: 5)").is_ok());
    assert!(ron::from_str::<Settings>("(in_a_row: 6)").is_err());
    assert!(ron::from_str::<Settings>("(ai_delay_ms: -5)").is_err());
    assert!(ron::from_str::<Settings>("(ai_delay_ms: 10000)").is_ok());
}

/// Three messages in full, as the game shows them (the temporary directory and the name of the
/// kept copy, which holds the time, replaced).
#[test]
fn messages() {
    let dir = TempDir::new().unwrap();
    let mut messages = Vec::new();
    for contents in [
        &b"(\n    version: 1,\n    first_player: Human,\n    difficulty: Insane,\n    board_size: 9,\n)\n"[..],
        b"(\n    difficulty: Easy,\n    theme: Dark\n    show_scores: true,\n)\n",
        b"\x89PNG\r\n\x1a\n\x00\x00",
    ] {
        let problem = load(&dir, contents).problem.unwrap();
        let mut message = problem.to_string();
        if let Some(copy) = problem.backup_path() {
            let copy = copy.file_name().unwrap().to_string_lossy();
            message = message.replace(&*copy, "<copy>");
        }
        let message = message.replace(&*dir.path().to_string_lossy(), "<dir>");
        // The folder and the file are joined with the platform's separator (`\` on Windows).
        messages.push(message.replace(&format!("<dir>{}", std::path::MAIN_SEPARATOR), "<dir>/"));
    }
    assert_eq!(
        messages,
        [
            "<dir>/settings.ron: line 4, column 17: unknown variant \"Insane\" for difficulty, \
             expected one of Easy, Medium, Hard, Perfect, MctsThousand, MctsTenThousand — using Perfect\n\
             <dir>/settings.ron: line 5, column 17: board_size must be a side from 3 to 7, found 9 \
             — using 3\n\
             Your file was kept as <dir>/<copy>.",
            "<dir>/settings.ron: line 4, column 5: expected comma — kept the settings before this \
             point, the rest use their defaults\n\
             Your file was kept as <dir>/<copy>.",
            "<dir>/settings.ron: line 1, column 1: the file is not UTF-8 text — reading the rest \
             anyway\n\
             <dir>/settings.ron: line 1, column 1: expected settings in parentheses, like \
             (difficulty: Hard) — using default settings\n\
             The game will not write over it, so it cannot save its settings there until it is \
             moved away.",
        ]
    );
}

/// Every single-character edit of a saved file, and pseudo-random junk, loads without a panic:
/// strictly either fully or with an error naming the file, leniently with a problem or none.
#[test]
fn mangled_files_never_panic() {
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    let text = to_ron(&non_default()).unwrap();
    let chars: Vec<char> = text.chars().collect();
    let mut variants: Vec<Vec<u8>> = Vec::new();
    for i in 0..chars.len() {
        let before: String = chars[..i].iter().collect();
        let after: String = chars[i + 1..].iter().collect();
        variants.push(before.clone().into_bytes());
        variants.push(format!("{before}{after}").into_bytes());
        for replacement in [
            "(", ")", ",", ":", "\"", "/", "*", "\0", "9", "-", "é", "[", "r#",
        ] {
            variants.push(format!("{before}{replacement}{after}").into_bytes());
        }
    }
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for len in [1, 2, 7, 100, 1000] {
        variants.push(
            (0..len)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    seed.to_le_bytes()[0]
                })
                .collect(),
        );
    }
    for contents in &variants {
        // Removed first: truncating a file on ext4 flushes it to disk, which makes this slow.
        let _ = fs::remove_file(&path);
        fs::write(&path, contents).unwrap();
        match load_strict(&path) {
            Ok(settings) => assert!(
                Settings::BOARD_SIZES.contains(&settings.board_size)
                    && settings.ai_delay_ms <= 10_000
            ),
            Err(error) => assert!(
                error.to_string().starts_with(&path.display().to_string()),
                "{error}"
            ),
        }
    }
    // Lenient loading too, on a sample (each broken one makes a copy).
    for contents in variants.iter().step_by(1009) {
        let loaded = load(&dir, contents);
        // Unknown fields are named leniently (and kept), and accepted strictly.
        let accepted = loaded
            .problem
            .as_ref()
            .is_none_or(|problem| problem.backup == Backup::KeptOnSave);
        assert_eq!(
            accepted,
            load_strict(&path).is_ok(),
            "{:?}: {:?}",
            String::from_utf8_lossy(contents),
            loaded.problem
        );
    }
}

#[test]
fn default_path_is_settings_ron_in_a_tictactoe_directory() {
    // `None` only without a home directory.
    if let Some(path) = tictactoe::store::settings::default_path() {
        assert!(path.ends_with("settings.ron"), "{}", path.display());
        assert!(
            path.to_string_lossy().contains("tictactoe"),
            "{}",
            path.display()
        );
    }
}

// --- Nothing the user made is changed behind their back -----------------------------------------

/// The mode bits of `path` (no file type).
#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
}

/// A read-only settings file is not replaced: the save says so and the file keeps its bytes, its
/// inode and its mode.
#[cfg(unix)]
#[test]
fn a_read_only_settings_file_is_refused_and_kept() {
    use std::os::unix::fs::MetadataExt;
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    let original = b"(version: 1, difficulty: Easy, mine: 1)\n";
    fs::write(&path, original).unwrap();
    set_mode(&path, 0o444);
    let inode = fs::metadata(&path).unwrap().ino();
    let mut loaded = Store::open(&path);
    let error = loaded.store.save(&non_default()).unwrap_err();
    assert!(matches!(error, SaveError::ReadOnly(_)), "{error:?}");
    assert_eq!(
        error.to_string(),
        format!(
            "did not save settings to {}: the file is read-only; it was left as it is",
            path.display()
        )
    );
    assert_eq!(fs::read(&path).unwrap(), original);
    assert_eq!(fs::metadata(&path).unwrap().ino(), inode);
    assert_eq!(mode(&path), 0o444);
    assert_eq!(names(dir.path()), ["settings.ron"]);
    // "Save settings as…" onto it is refused the same way.
    let error = save_to(&path, &non_default()).unwrap_err();
    assert!(matches!(error, SaveError::ReadOnly(_)), "{error:?}");
    assert_eq!(fs::read(&path).unwrap(), original);
}

/// The copy of a broken private file is as private as the file.
#[cfg(unix)]
#[test]
fn the_copy_of_a_broken_file_keeps_its_mode() {
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    fs::write(&path, "(difficulty: Insane)").unwrap();
    set_mode(&path, 0o600);
    let loaded = Store::open(&path);
    let copy = loaded.problem.unwrap().backup_path().unwrap().to_owned();
    assert_eq!(mode(&copy), 0o600);
    assert_eq!(fs::read(&copy).unwrap(), b"(difficulty: Insane)");
}

/// A save keeps the file's permissions: a private file stays private, a shared one shared.
#[cfg(unix)]
#[test]
fn a_save_keeps_the_files_mode() {
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    for wanted in [0o600, 0o640, 0o664] {
        fs::write(&path, "(version: 1)\n").unwrap();
        set_mode(&path, wanted);
        let mut loaded = Store::open(&path);
        loaded.store.save(&non_default()).unwrap();
        assert_eq!(mode(&path), wanted, "{wanted:o}");
        save_to(&path, &Settings::default()).unwrap();
        assert_eq!(mode(&path), wanted, "{wanted:o}");
    }
}

/// The README's example game, as a user would save it.
const GAME_FILE: &str = "// tictactoe review 5,1,9 --first X --size 3 --k 3\n\
    (\n    version: 1,\n    size: 3,\n    k: 3,\n    first: X,\n    x: Human,\n    o: Computer,\n    \
    moves: [5, 1, 9],\n    result: \"ongoing\",\n)\n";

/// A saved game given as the settings file is named as such, and never saved over: neither by the
/// store nor by "Save settings as…".
#[test]
fn a_game_file_given_as_settings_is_never_saved_over() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("game.ron");
    fs::write(&path, GAME_FILE).unwrap();
    tictactoe::store::game_file::load(&path).expect("the example is a valid game");
    let mut loaded = Store::open(&path);
    let problem = loaded.problem.expect("a game is not settings");
    assert_eq!(problem.error.issues, [Issue::GameFile]);
    assert_eq!(problem.backup, Backup::NeverOverwritten);
    assert_eq!(
        problem.to_string(),
        format!(
            "{}: this is a saved game, not a settings file — using default settings\n\
             The game will not write over it, so it cannot save its settings there until it is \
             moved away.",
            path.display()
        )
    );
    let error = loaded.store.save(&non_default()).unwrap_err();
    assert!(matches!(error, SaveError::GameFile(_)), "{error:?}");
    assert!(
        error
            .to_string()
            .contains("it is a saved game, not a settings file")
    );
    let error = save_to(&path, &non_default()).unwrap_err();
    assert!(matches!(error, SaveError::GameFile(_)), "{error:?}");
    assert_eq!(fs::read_to_string(&path).unwrap(), GAME_FILE);
    assert_eq!(names(dir.path()), ["game.ron"]);
    // A game this build would refuse is still a game.
    let broken = GAME_FILE.replace("moves: [5, 1, 9]", "moves: [5, 5]");
    fs::write(&path, &broken).unwrap();
    assert!(save_to(&path, &non_default()).is_err());
    assert_eq!(fs::read_to_string(&path).unwrap(), broken);
}

/// A field this version does not know, given twice, is written back twice, as it was.
#[test]
fn a_repeated_unknown_field_keeps_every_value() {
    let dir = TempDir::new().unwrap();
    let mut loaded = load(&dir, b"(version: 1, difficulty: Hard, zz: 1, zz: 2)\n");
    loaded.store.save(&non_default()).unwrap();
    let text = fs::read_to_string(settings_file(&dir)).unwrap();
    assert!(
        text.starts_with("(version: 1, difficulty: Easy, zz: 1, zz: 2, "),
        "{text}"
    );
    assert_eq!(load_strict(&settings_file(&dir)).unwrap(), non_default());
    // And again: a second load and save keeps both.
    let mut loaded = Store::open(settings_file(&dir));
    loaded.store.save(&non_default()).unwrap();
    assert_eq!(fs::read_to_string(settings_file(&dir)).unwrap(), text);
}

/// The window's state (written by eframe, which follows links) is not kept where a link or
/// anything but a file is in its place.
#[cfg(unix)]
#[test]
fn the_window_state_is_never_written_through_a_link() {
    use tictactoe::store::settings::window_state_path;
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    let victim = dir.path().join("victim.txt");
    fs::write(&victim, "mine").unwrap();
    std::os::unix::fs::symlink(&victim, dir.path().join("settings.window.ron")).unwrap();
    assert_eq!(window_state_path(&path), None);
    fs::write(&path, "()").unwrap();
    assert_eq!(window_state_path(&path), None);
    // A dangling link too: eframe would create its target.
    fs::remove_file(&victim).unwrap();
    assert_eq!(window_state_path(&path), None);
}

/// The program's own files (its log) are never written through a link in their place.
#[cfg(unix)]
#[test]
fn the_programs_own_files_are_never_written_through_a_link() {
    use tictactoe::store::files::write_own_file;
    let dir = TempDir::new().unwrap();
    let log = dir.path().join("tictactoe.log");
    write_own_file(&log, b"first\n").unwrap();
    write_own_file(&log, b"second\n").unwrap();
    assert_eq!(fs::read(&log).unwrap(), b"second\n");
    let victim = dir.path().join("victim.txt");
    fs::write(&victim, "mine").unwrap();
    fs::remove_file(&log).unwrap();
    std::os::unix::fs::symlink(&victim, &log).unwrap();
    let error = write_own_file(&log, b"third\n").unwrap_err();
    assert!(error.to_string().contains("symbolic link"), "{error}");
    assert_eq!(fs::read(&victim).unwrap(), b"mine");
    assert!(fs::symlink_metadata(&log).unwrap().is_symlink());
    assert_eq!(names(dir.path()), ["tictactoe.log", "victim.txt"]);
}

/// A save's temporary file is named for the file it saves, so that one left by a save that was
/// killed is found and removed on the next start, and nobody else's file is touched.
#[test]
fn temporary_files_left_by_a_killed_save_are_removed_on_start() {
    struct Look(Vec<String>);
    impl FileOps for Look {
        fn persist(&mut self, temp: NamedTempFile, to: &Path) -> io::Result<()> {
            let name = temp
                .path()
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned();
            self.0.push(name);
            tictactoe::store::files::persist(temp, to)
        }
    }
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    let mut look = Look(Vec::new());
    save_to_with(&path, &Settings::default(), &mut look).unwrap();
    let [name] = &look.0[..] else {
        panic!("one temporary file: {:?}", look.0)
    };
    assert!(
        name.starts_with(".settings.ron~") && name.ends_with(".tictactoe-save"),
        "{name}"
    );

    // As a `kill -9` leaves it: an hour old. One just made belongs to a save still running.
    #[allow(
        clippy::disallowed_methods,
        clippy::disallowed_types,
        reason = "a test, not the seam"
    )]
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    let left = dir.path().join(name);
    File::create(&left).unwrap().set_modified(hour_ago).unwrap();
    let running = dir.path().join(".settings.ron~Ab12Cd.tictactoe-save");
    File::create(&running).unwrap();
    let others = [
        ".settings.ron.swp",
        ".settings.ron~notours",
        "other.tictactoe-save",
    ];
    for other in others {
        File::create(dir.path().join(other))
            .unwrap()
            .set_modified(hour_ago)
            .unwrap();
    }
    let loaded = Store::open(&path);
    assert!(loaded.problem.is_none());
    assert!(!left.exists());
    assert!(running.exists());
    for other in others {
        assert!(dir.path().join(other).exists(), "{other}");
    }
}

/// `--settings DIR/newdir/` names a folder: nothing is created, and the message says why.
#[test]
fn a_path_ending_with_a_separator_is_not_a_file_name() {
    use tictactoe::store::settings::window_state_path;
    let dir = TempDir::new().unwrap();
    let path = PathBuf::from(format!("{}/newdir/", dir.path().display()));
    let mut loaded = Store::open(&path);
    let error = loaded.store.save(&non_default()).unwrap_err();
    assert!(matches!(error, SaveError::NoFileName(_)), "{error:?}");
    assert!(
        error.to_string().ends_with("that is not a file name"),
        "{error}"
    );
    assert_eq!(window_state_path(&path), None);
    assert!(names(dir.path()).is_empty());
}

/// `--settings DIR/sub/../../x.ron` with no `sub`: no folder is made that the user did not name.
#[cfg(unix)]
#[test]
fn a_path_going_up_through_missing_folders_makes_none() {
    let dir = TempDir::new().unwrap();
    let path = dir.path().join("sub").join("..").join("..").join("x.ron");
    let mut loaded = Store::open(&path);
    let error = loaded.store.save(&non_default()).unwrap_err();
    assert!(matches!(error, SaveError::MissingFolder(_)), "{error:?}");
    assert!(
        error.to_string().ends_with("its folder does not exist"),
        "{error}"
    );
    assert!(names(dir.path()).is_empty());
    // Folders named plainly are still made, past a `..` from a folder that exists too.
    let plain = dir.path().join("new").join("settings.ron");
    save_to(&plain, &non_default()).unwrap();
    assert_eq!(load_strict(&plain).unwrap(), non_default());
    let past_up = dir
        .path()
        .join("new")
        .join("..")
        .join("newer")
        .join("settings.ron");
    save_to(&past_up, &non_default()).unwrap();
    assert_eq!(names(dir.path()), ["new", "newer"]);
}

/// "Load settings…" (read strictly) refuses a saved game and a file whose fields are none of them
/// settings: either would set every setting to its default, losing all of the player's choices.
/// (`()` chooses the defaults and is accepted: see `load_strict_accepts_good_files`.)
#[test]
fn loading_a_game_or_a_file_without_settings_is_refused() {
    use tictactoe::store::settings::from_text_strict;
    let dir = TempDir::new().unwrap();
    let game = dir.path().join("game.ron");
    fs::write(&game, GAME_FILE).unwrap();
    let error = load_strict(&game).unwrap_err();
    assert_eq!(error.issues, [Issue::GameFile]);
    assert_eq!(
        error.to_string(),
        format!(
            "{}: this is a saved game, not a settings file",
            game.display()
        )
    );
    assert_eq!(fs::read_to_string(&game).unwrap(), GAME_FILE);
    // The same for a file uploaded to the web page.
    let error = from_text_strict(Path::new("game.ron"), GAME_FILE).unwrap_err();
    assert_eq!(error.issues, [Issue::GameFile]);
    for text in ["(zz: 1)", "(version: 1, zz: 1)", "(size: 3, moves: [5])"] {
        let error = from_text_strict(Path::new("s.ron"), text).unwrap_err();
        assert_eq!(error.issues, [Issue::NoSettings], "{text}");
        assert_eq!(
            error.to_string(),
            "s.ron: the file holds no setting this version knows"
        );
    }
    // One setting is enough; a broken file says what is broken, not that it has no settings.
    let one = from_text_strict(Path::new("s.ron"), "(version: 1, difficulty: Easy)").unwrap();
    assert_eq!(
        from_text_strict(Path::new("s.ron"), "(version: 1)").unwrap(),
        Settings::default()
    );
    assert_eq!(one.difficulty, Difficulty::Easy);
    let error = from_text_strict(Path::new("s.ron"), "(version: 1, difficulty: Easy,").unwrap_err();
    assert!(
        matches!(error.issues.as_slice(), [Issue::Syntax { .. }]),
        "{error:?}"
    );
}

/// Who owns `path`, its mode, and its inode.
#[cfg(unix)]
fn owner_mode_inode(path: &Path) -> ((u32, u32), u32, u64) {
    use std::os::unix::fs::MetadataExt;
    let m = fs::metadata(path).unwrap();
    ((m.uid(), m.gid()), m.mode() & 0o7777, m.ino())
}

#[cfg(unix)]
const OTHER_OWNER_TEST: &str = "a_file_of_another_user_keeps_its_owner_or_is_not_saved";
#[cfg(unix)]
const OTHER_OWNER_CHILD: &str = "TICTACTOE_OTHER_OWNER_DIR";

/// Files that belong to someone else. Root saving a user's settings or game keeps them the
/// user's: the same owner, group and mode, as the user's own save would. A user saving a file
/// that another user (or a group the user is not in) owns, which the user may write in a folder
/// the user may write, is refused with a notice and the file is left exactly as it was: the
/// new file would be the saver's, taking the file from its owner. Run as root, the second part
/// runs for real as user nobody; run as anyone else, the test says so and checks what it can.
#[cfg(unix)]
#[test]
fn a_file_of_another_user_keeps_its_owner_or_is_not_saved() {
    use std::os::unix::fs::chown;
    use tictactoe::store::game_file;
    if let Some(shared) = std::env::var_os(OTHER_OWNER_CHILD) {
        return saving_files_of_others_is_refused(Path::new(&shared));
    }
    let dir = TempDir::new().unwrap();
    let settings = settings_file(&dir);
    let game = dir.path().join("game.ron");
    let record = game_file::from_text(GAME_FILE).unwrap();
    let (me, root) = (own_ids(), unprivileged::is_root());
    let owner = if root { (65534, 65534) } else { me };
    if !root {
        writeln!(
            io::stderr(),
            "{OTHER_OWNER_TEST}: NOT RUN AS ROOT: this user can neither give a file away nor \
             run as another user, so only the saver's own files are checked (they stay theirs); \
             run the tests as root to check files of another user"
        )
        .unwrap();
    }
    for (path, text) in [(&settings, "(version: 1)\n"), (&game, GAME_FILE)] {
        fs::write(path, text).unwrap();
        chown(path, Some(owner.0), Some(owner.1)).unwrap();
        set_mode(path, 0o640);
    }
    save_to(&settings, &non_default()).unwrap();
    assert_eq!(owner_mode_inode(&settings).0, owner);
    Store::open(&settings)
        .store
        .save(&Settings::default())
        .unwrap();
    game_file::save(&game, &record).unwrap();
    for path in [&settings, &game] {
        let (owned_by, mode, _) = owner_mode_inode(path);
        assert_eq!((owned_by, mode), (owner, 0o640), "{}", path.display());
    }
    assert_eq!(load_strict(&settings).unwrap(), Settings::default());
    assert_eq!(game_file::load(&game).unwrap(), record);
    if !root {
        return;
    }
    // Root's files, and one of nobody's in root's group, that nobody may write, in a folder
    // nobody may write (not sticky: there only the owner may replace a file anyway).
    set_mode(dir.path(), 0o755);
    let shared = dir.path().join("shared");
    fs::create_dir(&shared).unwrap();
    set_mode(&shared, 0o777);
    let files = [
        ("settings.ron", "(version: 1, difficulty: Easy)\n", (0, 0)),
        ("game.ron", GAME_FILE, (0, 0)),
        ("group.ron", "(version: 1, difficulty: Easy)\n", (65534, 0)),
    ];
    let mut before = Vec::new();
    for (name, text, (uid, gid)) in files {
        let path = shared.join(name);
        fs::write(&path, text).unwrap();
        chown(&path, Some(uid), Some(gid)).unwrap();
        set_mode(&path, 0o666);
        before.push((path.clone(), text, owner_mode_inode(&path)));
    }
    unprivileged::rerun_as_nobody(OTHER_OWNER_TEST, OTHER_OWNER_CHILD, shared.as_os_str());
    for (path, text, was) in before {
        assert_eq!(
            fs::read_to_string(&path).unwrap(),
            text,
            "{}",
            path.display()
        );
        assert_eq!(owner_mode_inode(&path), was, "{}", path.display());
    }
    assert_eq!(
        names(&shared),
        ["game.ron", "group.ron", "settings.ron"],
        "no temporary file is left"
    );
}

/// This process's user and group.
#[cfg(unix)]
#[allow(unsafe_code, reason = "libc's calls, for a test's own files and user")]
fn own_ids() -> (u32, u32) {
    // SAFETY: getuid and getgid have no preconditions and cannot fail.
    unsafe { (libc::getuid(), libc::getgid()) }
}

/// The part of [`a_file_of_another_user_keeps_its_owner_or_is_not_saved`] that runs as user
/// nobody, on the files in `shared`.
#[cfg(unix)]
fn saving_files_of_others_is_refused(shared: &Path) {
    use tictactoe::store::game_file::{self, SaveReason};
    assert!(
        !unprivileged::is_root(),
        "{OTHER_OWNER_TEST} must run as nobody here"
    );
    for name in ["settings.ron", "group.ron"] {
        let path = shared.join(name);
        let error = save_to(&path, &non_default()).unwrap_err();
        assert!(
            matches!(error, SaveError::OtherOwner(_)),
            "{name}: {error:?}"
        );
        assert_eq!(
            error.to_string(),
            format!(
                "did not save settings to {}: the file belongs to another user, which a new file \
                 could not keep; it was left as it is",
                path.display()
            )
        );
        // The settings the game saves by itself are refused the same way.
        let mut loaded = Store::open(&path);
        assert_eq!(loaded.problem, None, "{name}");
        let error = loaded.store.save(&non_default()).unwrap_err();
        assert!(
            matches!(error, SaveError::OtherOwner(_)),
            "{name}: {error:?}"
        );
    }
    let path = shared.join("game.ron");
    let record = game_file::load(&path).unwrap();
    let error = game_file::save(&path, &record).unwrap_err();
    assert!(matches!(error.reason, SaveReason::OtherOwner), "{error}");
    assert_eq!(
        error.to_string(),
        format!(
            "cannot save the game to {}: the file belongs to another user, which a new file \
             could not keep; it was left as it is",
            path.display()
        )
    );
}

/// A byte that is not UTF-8 is named as such, and no message shows what the game's font cannot
/// draw (the replacement character it was read as is written `\u{fffd}`), loaded strictly
/// (Load settings…) or not (the settings file at start).
#[test]
fn a_byte_that_is_not_utf8_is_told_in_characters_the_font_has() {
    let dir = TempDir::new().unwrap();
    let path = settings_file(&dir);
    for bytes in [
        &b"(version: 1,\n \xff difficulty: Easy)"[..],
        b"(version: 1,\n difficulty: Easy \xff)",
        b"(version: 1,\n ai_delay_ms: 1\xfe0)",
        b"(\n \xff\xfeversion: 1)",
        b"(\n\xc3version: 1)",
        b"(\n \xe2\x82version: 1)",
        b"(version: 1,\n ai_delay_ms: \xff)",
        b"(version: 1,\n difficulty: \xff\xff)",
        b"(version: 1,\n d\xff\xff: 1)",
        b"(version: 1,\n \"\xff\xff\": 1)",
        b"(version: 1,\n difficulty: Easy,\xff\xff)",
    ] {
        fs::write(&path, bytes).unwrap();
        let error = load_strict(&path).unwrap_err().to_string();
        assert!(error.contains("the file is not UTF-8 text"), "{error}");
        assert!(!error.contains(char::REPLACEMENT_CHARACTER), "{error}");
        let problem = Store::open(&path).problem.unwrap().to_string();
        assert!(!problem.contains(char::REPLACEMENT_CHARACTER), "{problem}");
    }
}

/// A file name that is not UTF-8 is shown with its odd byte escaped (a test out here because
/// only the platform seam names `std::os` inside the crate).
#[cfg(unix)]
#[test]
fn bytes_of_a_path_that_are_not_utf8_are_escaped() {
    use std::os::unix::ffi::OsStrExt;
    let path = std::path::Path::new(std::ffi::OsStr::from_bytes(b"caf\xe9.ron"));
    assert_eq!(tictactoe::store::shown_path(path), r#""caf\xe9.ron""#);
}

// --- The user's file is the user's --------------------------------------------------------------

/// A settings file written by hand, with comments and its own layout.
const HAND_WRITTEN: &str = "// class 7B: keep Easy for the first week\n\
    Settings(\n  difficulty: Easy, // not Hard yet\n\n  /* the pupils like it dark */\n  \
    theme: Dark,\n  show_scores: true,\n)\n";

/// Saving the settings a file already holds writes nothing: not a byte, not a new file (the
/// inode and modification time stay).
#[cfg(unix)]
#[test]
fn saving_unchanged_settings_leaves_a_hand_written_file_untouched() {
    use std::os::unix::fs::MetadataExt;
    let dir = TempDir::new().unwrap();
    let mut loaded = load(&dir, HAND_WRITTEN.as_bytes());
    assert!(loaded.problem.is_none(), "{:?}", loaded.problem);
    let path = settings_file(&dir);
    let before = fs::metadata(&path).unwrap();
    let saved = loaded.store.save(&loaded.settings).unwrap();
    assert_eq!(saved.backup, None);
    let after = fs::metadata(&path).unwrap();
    assert_eq!(fs::read_to_string(&path).unwrap(), HAND_WRITTEN);
    assert_eq!(
        (after.ino(), after.mtime_nsec()),
        (before.ino(), before.mtime_nsec())
    );
    assert_eq!(names(dir.path()), ["settings.ron"]);
}

/// A change edits the values that changed where they are and adds the settings the file lacks
/// after its last one: every comment and the layout stay, and nothing needs a copy.
#[test]
fn a_change_is_written_into_the_users_file_keeping_its_comments() {
    let dir = TempDir::new().unwrap();
    let mut loaded = load(&dir, HAND_WRITTEN.as_bytes());
    let path = settings_file(&dir);
    let changed = Settings {
        difficulty: Difficulty::Hard,
        board_size: 4,
        ..loaded.settings.clone()
    };
    assert_eq!(loaded.store.save(&changed).unwrap().backup, None);
    let expected = "// class 7B: keep Easy for the first week\n\
        Settings(\n  difficulty: Hard, // not Hard yet\n\n  /* the pupils like it dark */\n  \
        theme: Dark,\n  show_scores: true,\n  board_size: 4,\n)\n";
    assert_eq!(fs::read_to_string(&path).unwrap(), expected);
    assert_eq!(load_strict(&path).unwrap(), changed);
    assert_eq!(names(dir.path()), ["settings.ron"]);
    // Changed back, the file is as the user wrote it but for the added line.
    loaded
        .store
        .save(&Settings {
            difficulty: Difficulty::Easy,
            ..changed.clone()
        })
        .unwrap();
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        expected.replace("difficulty: Hard,", "difficulty: Easy,")
    );
}

/// Files on one line, with no comma after the last value, with no field, with only comments:
/// each is edited so that it reads back as the settings, and keeps what it had.
#[test]
fn every_layout_is_edited_in_place() {
    let every = non_default();
    for text in [
        "(difficulty: Easy)",
        "(difficulty: Easy,)",
        "(\n    difficulty: Easy\n)\n",
        "(\n    difficulty: Easy // easy\n)\n",
        "(\n\tdifficulty: Easy, // easy\n)",
        "()",
        "Settings ( )\n",
        "(version: 1)",
        "\u{feff}(theme: Light)\r\n",
        "// only a comment\n",
        "/* a block */",
        "(difficulty: Insane, theme: Dark)",
    ] {
        let dir = TempDir::new().unwrap();
        let mut loaded = load(&dir, text.as_bytes());
        loaded.store.save(&every).unwrap();
        let path = settings_file(&dir);
        let saved = fs::read_to_string(&path).unwrap();
        assert_eq!(
            load_strict(&path).unwrap(),
            every,
            "{text:?} became {saved:?}"
        );
        for comment in ["// easy", "// only a comment", "/* a block */", "\u{feff}"] {
            assert_eq!(text.contains(comment), saved.contains(comment), "{saved:?}");
        }
        // Saved again, nothing changes.
        let mut again = Store::open(&path);
        assert!(again.problem.is_none(), "{saved:?}: {:?}", again.problem);
        again.store.save(&every).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), saved);
    }
}

/// What is not a settings file (notes, a copy of a system file, a game whose `result` is
/// misspelt, RON of another program, text too large to be settings) given as the settings file
/// is never written over, nor renamed: it stays byte for byte at its name, and a save says so.
#[test]
fn a_file_that_is_not_settings_is_never_saved_over() {
    let mut large = String::from("(difficulty: Easy)\n");
    while large.len() as u64 <= MAX_FILE_SIZE {
        large += "// padding the user's own way\n";
    }
    let misspelt_game = GAME_FILE.replace("result:", "reslt:");
    for text in [
        "Buy milk.\nCall Bob about the (tournament): Saturday.\n",
        "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin:/usr/sbin/nologin\n",
        misspelt_game.as_str(),
        "(window: (width: 800), colours: [\"red\"])",
        "[1, 2, 3]",
        large.as_str(),
    ] {
        let dir = TempDir::new().unwrap();
        let path = settings_file(&dir);
        let mut loaded = load(&dir, text.as_bytes());
        let problem = loaded.problem.clone().expect("named as not settings");
        assert_eq!(problem.backup, Backup::NeverOverwritten, "{text:.40}");
        assert!(
            problem.to_string().contains("will not write over it"),
            "{problem}"
        );
        let error = loaded.store.save(&non_default()).unwrap_err();
        assert!(matches!(error, SaveError::NotSettings(_)), "{error:?}");
        assert!(error.to_string().contains("not a settings file"), "{error}");
        assert_eq!(fs::read_to_string(&path).unwrap(), text);
        assert_eq!(
            names(dir.path()),
            ["settings.ron"],
            "no copy, no temporary file"
        );
    }
}

/// The same through a link, and checked as the save writes, not only when the file was loaded:
/// a link made (or a file replaced) while the game runs does not lead the save over another file.
#[cfg(unix)]
#[test]
fn a_link_to_a_file_that_is_not_settings_is_never_written_through() {
    let dir = TempDir::new().unwrap();
    let victim = dir.path().join("passwd");
    let passwd = "root:x:0:0:root:/root:/bin/bash\n";
    fs::write(&victim, passwd).unwrap();
    let link = settings_file(&dir);
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    let mut loaded = Store::open(&link);
    assert_eq!(loaded.problem.unwrap().backup, Backup::NeverOverwritten);
    assert!(loaded.store.save(&non_default()).is_err());
    assert_eq!(fs::read_to_string(&victim).unwrap(), passwd);

    // Loaded as good settings, then a link in its place before the save.
    fs::remove_file(&link).unwrap();
    fs::write(&link, "(difficulty: Hard)").unwrap();
    let mut loaded = Store::open(&link);
    assert!(loaded.problem.is_none());
    fs::remove_file(&link).unwrap();
    std::os::unix::fs::symlink(&victim, &link).unwrap();
    let error = loaded.store.save(&non_default()).unwrap_err();
    assert!(matches!(error, SaveError::NotSettings(_)), "{error:?}");
    assert_eq!(fs::read_to_string(&victim).unwrap(), passwd);
    assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
    assert_eq!(names(dir.path()), ["passwd", "settings.ron"]);
}

/// A link that points into folders that do not exist: the save makes none of them.
#[cfg(unix)]
#[test]
fn a_dangling_link_gets_no_folders_made() {
    let dir = TempDir::new().unwrap();
    let link = settings_file(&dir);
    std::os::unix::fs::symlink("gone/deeper/settings.ron", &link).unwrap();
    let mut loaded = Store::open(&link);
    let error = loaded.store.save(&non_default()).unwrap_err();
    assert!(matches!(error, SaveError::MissingFolder(_)), "{error:?}");
    assert_eq!(names(dir.path()), ["settings.ron"]);
    assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
}

/// The program's own files (its log, the window's state) are written neither into a folder that
/// is a symbolic link nor, run as root, into a folder of another user (it would leave a file the
/// user cannot change there); the window's state beside `DIR/sub/../../x.ron` makes no `sub`.
#[cfg(unix)]
#[test]
fn the_programs_own_files_stay_out_of_linked_folders_and_folders_of_others() {
    use tictactoe::store::files::write_own_file;
    use tictactoe::store::window_state::{self, WindowState, WindowStateFile};
    let state = WindowState {
        position_pixels: None,
        scale_factor: 1.0,
        inner_size_points: [460.0, 580.0],
        maximized: false,
        fullscreen: false,
    };
    let dir = TempDir::new().unwrap();
    let real = dir.path().join("elsewhere");
    fs::create_dir(&real).unwrap();
    let linked = dir.path().join("tictactoe");
    std::os::unix::fs::symlink(&real, &linked).unwrap();
    let error = write_own_file(&linked.join("tictactoe.log"), b"log\n").unwrap_err();
    assert!(
        error.to_string().contains("folder is a symbolic link"),
        "{error}"
    );
    let file = WindowStateFile {
        path: linked.join("app.ron"),
        make_folder: true,
    };
    assert!(window_state::save(&file, &state).is_err());
    assert!(names(&real).is_empty());

    let up = WindowStateFile {
        path: dir
            .path()
            .join("sub")
            .join("..")
            .join("..")
            .join("x.window.ron"),
        make_folder: false,
    };
    assert!(window_state::save(&up, &state).is_err());
    assert!(fs::symlink_metadata(dir.path().join("sub")).is_err());

    // A folder of another user: only root can make one to try.
    if unprivileged::is_root() {
        let theirs = dir.path().join("theirs");
        fs::create_dir(&theirs).unwrap();
        std::os::unix::fs::chown(&theirs, Some(65534), Some(65534)).unwrap();
        let error = write_own_file(&theirs.join("tictactoe.log"), b"log\n").unwrap_err();
        assert!(error.to_string().contains("another user"), "{error}");
        let file = WindowStateFile {
            path: theirs.join("app.ron"),
            make_folder: false,
        };
        assert!(window_state::save(&file, &state).is_err());
        assert!(names(&theirs).is_empty());
    }
}

/// A save that cannot make its temporary file says why without the temporary file's name, which
/// the user never chose and never sees.
#[cfg(unix)]
#[test]
fn a_failed_save_does_not_name_its_temporary_file() {
    as_unprivileged_user("a_failed_save_does_not_name_its_temporary_file", || {
        use std::os::unix::fs::PermissionsExt;
        let dir = TempDir::new().unwrap();
        let sub = dir.path().join("locked");
        fs::create_dir(&sub).unwrap();
        fs::set_permissions(&sub, fs::Permissions::from_mode(0o500)).unwrap();
        let error = save_to(&sub.join("settings.ron"), &non_default()).unwrap_err();
        let message = error.to_string();
        fs::set_permissions(&sub, fs::Permissions::from_mode(0o700)).unwrap();
        assert!(
            message.contains("settings.ron: writing failed"),
            "{message}"
        );
        assert!(!message.contains("tictactoe-save"), "{message}");
        assert!(!message.contains("~"), "{message}");
    });
}

#[test]
fn the_controller_gets_the_settings_play_options_as_one_value() {
    let settings = Settings {
        difficulty: Difficulty::Easy,
        ai_delay_ms: 250,
        show_scores: true,
        think_time_ms: 1_500,
        ..Settings::default()
    };
    assert_eq!(
        settings.play(),
        tictactoe::game::PlayOptions {
            difficulty: Difficulty::Easy,
            ai_delay: std::time::Duration::from_millis(250),
            scores_wanted: true,
            think_time: std::time::Duration::from_millis(1_500),
        }
    );
}

/// The sides the settings offer are the engine's, every one of which the engine's table of
/// first-move values (`engine/tests/solver.rs`) covers.
#[test]
fn the_board_sizes_offered_are_the_sides_the_engine_plays() {
    use tictactoe::engine::board::{MAX_SIDE, MIN_SIDE};
    let offered: Vec<usize> = Settings::BOARD_SIZES.map(usize::from).collect();
    assert_eq!(offered, (MIN_SIDE..=MAX_SIDE).collect::<Vec<_>>());
}

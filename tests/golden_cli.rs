//! Every command's output, byte for byte, against golden files under `tests/fixtures/golden`.
//!
//! The golden files were written by the binary as it was before the command line's JSON moved
//! to derived output structs (issue 20), by running this test with `TICTACTOE_BLESS_GOLDEN=1`.
//! They are the reference for "prints exactly what it printed before": re-bless only for a
//! change of output that is meant, and say so in the commit.
//!
//! For each case, `NAME.stdout` holds standard output, `NAME.stderr` standard error (absent when
//! it is empty) and `statuses.txt` every case's exit status. Left out, because they are not the
//! same from one run to the next: the time `--stats` reports (`"micros"` is compared as 0 on
//! both sides; everything else of those lines is compared), and `--time-limit` runs whose search
//! or estimate stops on the clock (the cases here with a time limit either finish well inside
//! it or stop on `--max-nodes` first, with an estimator that sees to the end of the game). Help
//! texts are left out too: adding an option changes them, as it should.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[path = "common/binary.rs"]
mod binary;
mod common;

use tictactoe::cli::{Report, UnsettledMove, write_report, write_report_seen};
use tictactoe::engine::minimax::{MoveBound, Solver, Valuation};
use tictactoe::learn::view::ScoreView;
use tictactoe::{Board, Cell, Mark, Score};

/// One run of the binary: its arguments and what it reads.
struct Case {
    name: String,
    args: Vec<String>,
    stdin: Vec<u8>,
    /// Prints `--stats`: the `"micros"` values are not compared.
    timed: bool,
}

/// What a run printed, or what the golden files say it prints.
#[derive(Debug, PartialEq, Eq)]
struct Output {
    status: i32,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

fn case(name: &str, args: &[&str]) -> Case {
    Case {
        name: name.to_string(),
        args: args.iter().map(|a| a.to_string()).collect(),
        stdin: Vec::new(),
        timed: args.contains(&"--stats"),
    }
}

fn batch(name: &str, args: &[&str], stdin: &[u8]) -> Case {
    let mut all = vec!["analyze", "-"];
    all.extend_from_slice(args);
    Case {
        stdin: stdin.to_vec(),
        ..case(name, &all)
    }
}

/// Positions of every size that the solver settles at once, X and O to move (with their k).
const LARGER: [(&str, &str, &str); 12] = [
    ("4x4_x", ".O../OOXX/.XOX/.XO.", "4"),
    ("4x4_o", ".O../.OXX/.XOX/.XO.", "4"),
    ("4x4_o_few", ".O.X/OOXX/.XOX/.XO.", "4"),
    ("5x5_x", "..XXO/XOO.O/.OXO./OX.O./XXXOX", "4"),
    ("5x5_o", "OOX.O/.XXXO/OO..O/OXX.X/.XXOX", "4"),
    ("5x5_k3_o", "OOXXO/O...O/.X.XX/XXO.O/XOXOX", "3"),
    ("6x6_x", "OXOOXO/XOOX.X/O..OXO/XXXOXO/O.XXOX/XX..OO", "4"),
    ("6x6_o", "XOXOXX/.O.O../XXOXXO/XO.XOX/XOOXO./OXO.XO", "4"),
    ("6x6_k5_o", "OXXX.O/X..XXX/.OXOO./XXXOOO/OOXXOX/X.O.OO", "5"),
    (
        "7x7_x",
        "X.XXXOO/OXXOOXX/XOXOOOX/O.OXOXO/XXX..../XOOXOOX/OX.OXOO",
        "5",
    ),
    (
        "7x7_o",
        "OXOO.OO/XXOOOOX/..XOXXX/XXXOXOX/OOO.XX./.OXXXOX/OXOXOOX",
        "5",
    ),
    (
        "7x7_k4_x",
        "OXOXOOX/OOXXXOX/XXOOOXX/OOX..XO/OXOO.XO/X.OXO.X/XOX.O.X",
        "4",
    ),
];

fn analyze_cases() -> Vec<Case> {
    let huge = "X".repeat(100_000);
    let mut cases = vec![
        case("analyze_3x3_x", &["analyze", "X../.O./..."]),
        case("analyze_3x3_o", &["analyze", "XOX/.O./X.."]),
        case("analyze_3x3_empty", &["analyze", ".../.../..."]),
        case(
            "analyze_3x3_empty_o",
            &["analyze", ".../.../...", "--to-move", "O"],
        ),
        case(
            "analyze_3x3_to_move_o",
            &["analyze", "XX./OO./...", "--to-move", "o"],
        ),
        case("analyze_3x3_lowercase", &["analyze", "xo_/_x_/__o"]),
        case("analyze_x_wins", &["analyze", "XXX/OO./..."]),
        case("analyze_x_wins_o_to_move", &["analyze", "XXX/OO./O.."]),
        case("analyze_o_wins", &["analyze", "OOO/XX./X.."]),
        case("analyze_draw", &["analyze", "XOX/XOO/OXX"]),
        case(
            "analyze_plain",
            &["analyze", "XO./.X./..O", "--algorithm", "plain"],
        ),
        case(
            "analyze_alphabeta_classic",
            &["analyze", "XO./.X./..O", "--algorithm", "alphabeta-classic"],
        ),
        case(
            "analyze_alphabeta",
            &["analyze", "XO./.X./..O", "--algorithm", "alphabeta"],
        ),
        case("analyze_4x4_empty", &["analyze", "..../..../..../...."]),
        case(
            "analyze_4x4_empty_k3",
            &["analyze", "..../..../..../....", "--k", "3"],
        ),
        case(
            "analyze_4x4_to_move_o",
            &["analyze", "XXXO/OO.O/..../OXX.", "--to-move", "O"],
        ),
        case(
            "analyze_4x4_k3_won",
            &["analyze", "XXX./OO../..../....", "--k", "3"],
        ),
        case(
            "analyze_time_limit_finishes",
            &["analyze", "XOX/.O./X..", "--time-limit", "5"],
        ),
        // Stopped by --max-nodes, with an estimator that sees to the end: the same every run.
        case(
            "analyze_partial_x",
            &[
                "analyze",
                "XX./OO./...",
                "--time-limit",
                "60",
                "--max-nodes",
                "6",
            ],
        ),
        case(
            "analyze_partial_o",
            &[
                "analyze",
                "XO./.X./..O",
                "--time-limit",
                "60",
                "--max-nodes",
                "6",
                "--to-move",
                "O",
            ],
        ),
        case(
            "analyze_partial_4x4",
            &[
                "analyze",
                "X.O./.X../..O./...X",
                "--time-limit",
                "60",
                "--max-nodes",
                "40",
            ],
        ),
        case(
            "analyze_max_nodes",
            &[
                "analyze",
                "...../...../...../...../.....",
                "--max-nodes",
                "1000",
            ],
        ),
        // Bad boards.
        case("analyze_bad_character", &["analyze", "XOZ/.../..."]),
        case("analyze_bad_unicode", &["analyze", "..é/.../..."]),
        case("analyze_bad_counts", &["analyze", "XX./.../..."]),
        case("analyze_bad_rows", &["analyze", ".../..."]),
        case("analyze_bad_both_lines", &["analyze", "XXX/OOO/..."]),
        case("analyze_bad_five_x", &["analyze", "XXX/X../XOO"]),
        case(
            "analyze_bad_to_move",
            &["analyze", "X../.../...", "--to-move", "X"],
        ),
        case("analyze_bad_k_3x3", &["analyze", ".../.../...", "--k", "4"]),
        case(
            "analyze_bad_k_4x4",
            &["analyze", "..../..../..../....", "--k", "2"],
        ),
        case("analyze_bad_empty", &["analyze", ""]),
        case("analyze_bad_huge", &["analyze", &huge]),
        // What clap refuses.
        case(
            "analyze_clap_to_move",
            &["analyze", "XOX/.O./X..", "--to-move", "Z"],
        ),
        case(
            "analyze_clap_time_limit",
            &["analyze", "XOX/.O./X..", "--time-limit", "0"],
        ),
        case("analyze_clap_no_board", &["analyze"]),
        case(
            "analyze_clap_algorithm",
            &["analyze", "X", "--algorithm", "fast"],
        ),
    ];
    for algorithm in ["plain", "alphabeta-classic", "alphabeta", "solver"] {
        cases.push(case(
            &format!("analyze_stats_{algorithm}"),
            &[
                "analyze",
                "X../.O./...",
                "--stats",
                "--algorithm",
                algorithm,
            ],
        ));
    }
    for (name, board, k) in LARGER {
        cases.push(case(
            &format!("analyze_{name}"),
            &["analyze", board, "--k", k],
        ));
    }
    cases
}

fn batch_cases() -> Vec<Case> {
    let mut long_line = vec![b'X'; 5000];
    long_line.extend_from_slice(b"\nX../.../...\n");
    let mut sizes = String::new();
    // A batch has one k for every line: the boards whose k is their size's default.
    for (_, board, _) in LARGER.iter().filter(|(name, _, _)| !name.contains("_k")) {
        sizes.push_str(board);
        sizes.push('\n');
    }
    // A spread of the 4,520 open classic positions, X and O first.
    let mut sample = String::new();
    for first in [Mark::X, Mark::O] {
        for position in common::open_classic_positions(first).iter().step_by(40) {
            sample.push_str(&position.to_string());
            sample.push('\n');
        }
    }
    vec![
        batch(
            "batch_mixed",
            &[],
            b"X../.../...\nbad\nXXX/OO./...\nXX./.../...\n\n.../.X./...\n",
        ),
        batch(
            "batch_stats",
            &["--stats"],
            b"X../.../...\n.../.X./...\nXOX/.O./X..",
        ),
        batch(
            "batch_to_move_o",
            &["--to-move", "O"],
            b".../.../...\nO../.../...\n",
        ),
        batch("batch_crlf", &[], b"X../.../...\r\nbad\r\n.../.O./...\r\n"),
        batch("batch_whitespace", &[], b"   \t \n"),
        batch(
            "batch_not_utf8",
            &[],
            b"X\xff./.../...\n\xc3\n.../.../...\n",
        ),
        batch("batch_long_line", &[], &long_line),
        batch(
            "batch_k4",
            &["--k", "4"],
            b".../.../...\n..../..../..../....\n",
        ),
        batch(
            "batch_max_nodes",
            &["--max-nodes", "1000"],
            b"...../...../...../...../.....\nX../.../...\n",
        ),
        batch("batch_sizes", &[], sizes.as_bytes()),
        batch(
            "batch_plain",
            &["--algorithm", "plain"],
            b"XOX/.O./X..\nXO./.X./..O\n",
        ),
        batch("batch_empty", &[], b""),
        batch("batch_open_3x3_sample", &[], sample.as_bytes()),
    ]
}

fn tree_cases() -> Vec<Case> {
    vec![
        case("tree_o_depth1", &["tree", "XOX/.O./X.."]),
        case("tree_o_depth2", &["tree", "XOX/.O./X..", "--depth", "2"]),
        case("tree_x_depth1", &["tree", "X../.O./X.O", "--depth", "1"]),
        case("tree_x_depth2", &["tree", "X../.O./X.O", "--depth", "2"]),
        case("tree_x_depth3", &["tree", "XO./.X./..O", "--depth", "3"]),
        case(
            "tree_dot_o_depth1",
            &["tree", "XOX/.O./X..", "--format", "dot"],
        ),
        case(
            "tree_dot_o_depth2",
            &["tree", "XOX/.O./X..", "--depth", "2", "--format", "dot"],
        ),
        case(
            "tree_dot_x_depth2",
            &["tree", "X../.O./X.O", "--depth", "2", "--format", "dot"],
        ),
        case(
            "tree_to_move_o_depth2",
            &["tree", "XX./OO./...", "--to-move", "O", "--depth", "2"],
        ),
        case("tree_finished", &["tree", "XXX/OO./...", "--depth", "3"]),
        case(
            "tree_finished_dot",
            &["tree", "XXX/OO./...", "--format", "dot"],
        ),
        case("tree_depth0", &["tree", "XOX/.O./X..", "--depth", "0"]),
        case(
            "tree_4x4_x_depth2",
            &["tree", ".O../OOXX/.XOX/.XO.", "--depth", "2"],
        ),
        case(
            "tree_4x4_o_depth2",
            &["tree", ".O.X/OOXX/.XOX/.XO.", "--depth", "2"],
        ),
        case(
            "tree_4x4_dot_depth2",
            &[
                "tree",
                ".O.X/OOXX/.XOX/.XO.",
                "--depth",
                "2",
                "--format",
                "dot",
            ],
        ),
        case(
            "tree_5x5_x_depth2",
            &["tree", "..XXO/XOO.O/.OXO./OX.O./XXXOX", "--depth", "2"],
        ),
        case("tree_bad_character", &["tree", "XQX/.../..."]),
        case("tree_bad_both_lines", &["tree", "XXX/OOO/..."]),
        case("tree_bad_empty", &["tree", ""]),
        case(
            "tree_bad_to_move",
            &["tree", "X../.../...", "--to-move", "X"],
        ),
        case(
            "tree_max_nodes",
            &["tree", "..../..../..../....", "--max-nodes", "10"],
        ),
        case(
            "tree_clap_depth",
            &["tree", "X../.../...", "--depth", "many"],
        ),
        case(
            "tree_clap_format",
            &["tree", "X../.../...", "--format", "png"],
        ),
        // The textbooks' abstract trees, typed or built in.
        case(
            "tree_typed_three_ply",
            &["tree", "[[3,12,8],[2,4,6],[14,5,2]]"],
        ),
        case(
            "tree_typed_min_depth1",
            &[
                "tree",
                " min: [[3, 12, 8], [2, 4, 6], [14, 5, 2]]",
                "--depth",
                "1",
            ],
        ),
        case("tree_typed_cutoffs", &["tree", "three-cutoffs"]),
        case(
            "tree_typed_dot",
            &["tree", "three-cutoffs", "--format", "dot"],
        ),
        case("tree_typed_svg", &["tree", "three-ply", "--format", "svg"]),
        case("tree_typed_bad_notation", &["tree", "[[3,12,8],[2,4 6]]"]),
        case("tree_typed_bad_empty_list", &["tree", "[[3],[]]"]),
        case("tree_typed_bad_view", &["tree", "[1]", "--view", "x"]),
    ]
}

fn trace_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for (name, board) in [
        ("o", "XOX/.O./X.."),
        ("x", "XX./OO./..."),
        ("x2", "X../.O./X.O"),
        ("4x4_x", ".O../OOXX/.XOX/OXO."),
        ("4x4_o", ".O.X/OOXX/.XOX/.XO."),
        ("finished", "XXX/OO./..."),
    ] {
        cases.push(case(&format!("trace_{name}_plain"), &["trace", board]));
        cases.push(case(
            &format!("trace_{name}_alphabeta"),
            &["trace", board, "--algorithm", "alphabeta"],
        ));
    }
    cases.extend([
        case(
            "trace_to_move_o_plain",
            &["trace", "XO./.X./..O", "--to-move", "O"],
        ),
        case(
            "trace_to_move_o_alphabeta",
            &[
                "trace",
                "XO./.X./..O",
                "--to-move",
                "O",
                "--algorithm",
                "alphabeta",
            ],
        ),
        case("trace_bad_character", &["trace", "XQX/.../..."]),
        case(
            "trace_bad_counts",
            &["trace", "XXXX/..../..../....", "--max-nodes", "5"],
        ),
        case(
            "trace_bad_to_move",
            &["trace", "X../.../...", "--to-move", "X"],
        ),
        case(
            "trace_max_nodes",
            &["trace", "..../..../..../....", "--max-nodes", "300"],
        ),
        case(
            "trace_clap_algorithm",
            &["trace", "X", "--algorithm", "fast"],
        ),
        // The textbooks' abstract trees, searched from the root.
        case("trace_typed_three_ply_plain", &["trace", "three-ply"]),
        case(
            "trace_typed_three_ply_alphabeta",
            &[
                "trace",
                "[[3,12,8],[2,4,6],[14,5,2]]",
                "--algorithm",
                "alphabeta",
            ],
        ),
        case(
            "trace_typed_min_alphabeta",
            &[
                "trace",
                "min:[[3,12,8],[2,4,6],[14,5,2]]",
                "--algorithm",
                "alphabeta",
            ],
        ),
        // The finished search as the app draws it.
        case(
            "trace_typed_cutoffs_svg",
            &[
                "trace",
                "three-cutoffs",
                "--algorithm",
                "alphabeta",
                "--format",
                "svg",
            ],
        ),
        case(
            "trace_board_alphabeta_svg",
            &[
                "trace",
                "XOX/.O./X..",
                "--algorithm",
                "alphabeta",
                "--format",
                "svg",
            ],
        ),
        case(
            "trace_typed_svg_pseudocode",
            &["trace", "three-ply", "--format", "svg", "--pseudocode"],
        ),
        case(
            "trace_svg_max_nodes",
            &[
                "trace",
                "..../..../..../....",
                "--format",
                "svg",
                "--max-nodes",
                "300",
            ],
        ),
        case(
            "trace_typed_cutoffs_alphabeta",
            &["trace", "three-cutoffs", "--algorithm", "alphabeta"],
        ),
        case(
            "trace_typed_max_lines",
            &["trace", "three-ply", "--max-lines", "3"],
        ),
        case("trace_typed_bad_notation", &["trace", "max:[[3,12],[2,x]]"]),
        case(
            "trace_typed_bad_to_move",
            &["trace", "three-ply", "--to-move", "O"],
        ),
        case(
            "trace_typed_pseudocode",
            &[
                "trace",
                "three-ply",
                "--algorithm",
                "alphabeta",
                "--pseudocode",
            ],
        ),
    ]);
    cases
}

fn review_cases() -> Vec<Case> {
    vec![
        case("review_5193", &["review", "5,1,9,3"]),
        case("review_128", &["review", "1,2,8"]),
        case("review_first_o", &["review", "1,5,9", "--first", "O"]),
        case("review_x_wins", &["review", "1,4,2,5,3"]),
        case("review_draw", &["review", "5,1,9,3,7,4,6,8,2"]),
        case(
            "review_first_o_o_wins",
            &["review", "5,1,9,3,7,2", "--first", "O"],
        ),
        case("review_spaces", &["review", " 5, 1 ,9"]),
        case("review_size4", &["review", "1,5,2,6,3,7,4", "--size", "4"]),
        case("review_size4_opening", &["review", "6,11,7", "--size", "4"]),
        case(
            "review_size4_k3",
            &["review", "6,11,7,1", "--size", "4", "--k", "3"],
        ),
        case("review_bad_not_number", &["review", "5,x"]),
        case("review_bad_no_cell", &["review", "5,10"]),
        case("review_bad_zero", &["review", "0"]),
        case("review_bad_occupied", &["review", "5,1,5"]),
        case("review_bad_over", &["review", "1,4,2,5,3,6"]),
        case("review_bad_nothing", &["review", ""]),
        case("review_bad_empty_part", &["review", "5,,1"]),
        case("review_bad_negative", &["review", "-1"]),
        case("review_bad_k", &["review", "1", "--size", "3", "--k", "4"]),
        case("review_bad_size", &["review", "1,2,3", "--size", "8"]),
        case("review_clap_first", &["review", "1", "--first", "Z"]),
    ]
}

fn all_cases() -> Vec<Case> {
    let mut cases = analyze_cases();
    cases.extend(batch_cases());
    cases.extend(tree_cases());
    cases.extend(trace_cases());
    cases.extend(review_cases());
    cases
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/golden")
}

fn blessing() -> bool {
    std::env::var_os("TICTACTOE_BLESS_GOLDEN").is_some()
}

fn run(case: &Case) -> Output {
    let raw = binary::run_raw(&case.args, &case.stdin);
    Output {
        status: raw.status,
        stdout: raw.stdout,
        stderr: raw.stderr,
    }
}

/// `"micros":123` as `"micros":0`, everything else as it is.
fn without_micros(bytes: &[u8]) -> Vec<u8> {
    const KEY: &[u8] = b"\"micros\":";
    let mut out = Vec::with_capacity(bytes.len());
    let mut rest = bytes;
    while let Some(at) = rest.windows(KEY.len()).position(|w| w == KEY) {
        out.extend_from_slice(&rest[..at + KEY.len()]);
        rest = &rest[at + KEY.len()..];
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        assert!(digits > 0, "micros without a number");
        out.push(b'0');
        rest = &rest[digits..];
    }
    out.extend_from_slice(rest);
    out
}

fn read_statuses() -> BTreeMap<String, i32> {
    let text = fs::read_to_string(golden_dir().join("statuses.txt"))
        .expect("tests/fixtures/golden/statuses.txt (bless with TICTACTOE_BLESS_GOLDEN=1)");
    text.lines()
        .map(|line| {
            let (name, status) = line.split_once(' ').expect("NAME STATUS");
            (name.to_string(), status.parse().expect("a status"))
        })
        .collect()
}

fn golden(name: &str, statuses: &BTreeMap<String, i32>) -> Output {
    let dir = golden_dir();
    let stdout = fs::read(dir.join(format!("{name}.stdout")))
        .unwrap_or_else(|e| panic!("{name}.stdout: {e} (a new case needs blessing)"));
    let stderr = fs::read(dir.join(format!("{name}.stderr"))).unwrap_or_default();
    Output {
        status: statuses[name],
        stdout,
        stderr,
    }
}

/// The first line where `got` and `want` differ, to say where a mismatch is.
fn first_difference(got: &[u8], want: &[u8]) -> String {
    let got = String::from_utf8_lossy(got);
    let want = String::from_utf8_lossy(want);
    for (index, (g, w)) in got.lines().zip(want.lines()).enumerate() {
        if g != w {
            let at = g.chars().zip(w.chars()).take_while(|(a, b)| a == b).count();
            let clip = |s: &str| {
                s.chars()
                    .skip(at.saturating_sub(40))
                    .take(160)
                    .collect::<String>()
            };
            return format!(
                "line {}, from character {}:\n  got  {}\n  want {}",
                index + 1,
                at.saturating_sub(40),
                clip(g),
                clip(w)
            );
        }
    }
    format!(
        "{} lines against {} ({} bytes against {})",
        got.lines().count(),
        want.lines().count(),
        got.len(),
        want.len()
    )
}

fn write_golden(name: &str, output: &Output) {
    let dir = golden_dir();
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join(format!("{name}.stdout")), &output.stdout).unwrap();
    let stderr = dir.join(format!("{name}.stderr"));
    if output.stderr.is_empty() {
        let _ = fs::remove_file(stderr);
    } else {
        fs::write(stderr, &output.stderr).unwrap();
    }
}

/// Compares `got` with the golden files of `name`; a difference is described in `failures`.
fn compare(name: &str, got: &Output, timed: bool, statuses: &BTreeMap<String, i32>) -> Vec<String> {
    let want = golden(name, statuses);
    let mut failures = Vec::new();
    if got.status != want.status {
        failures.push(format!(
            "{name}: exit status {} instead of {}",
            got.status, want.status
        ));
    }
    let (got_out, want_out) = if timed {
        (without_micros(&got.stdout), without_micros(&want.stdout))
    } else {
        (got.stdout.clone(), want.stdout.clone())
    };
    if got_out != want_out {
        failures.push(format!(
            "{name}: stdout differs at {}",
            first_difference(&got_out, &want_out)
        ));
    }
    if got.stderr != want.stderr {
        failures.push(format!(
            "{name}: stderr differs at {}",
            first_difference(&got.stderr, &want.stderr)
        ));
    }
    failures
}

#[test]
fn every_command_prints_byte_for_byte_what_the_golden_files_hold() {
    let cases = all_cases();
    let mut names: Vec<&str> = cases.iter().map(|c| c.name.as_str()).collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), cases.len(), "case names are unique");
    if blessing() {
        let mut statuses = String::new();
        for case in &cases {
            let output = run(case);
            write_golden(&case.name, &output);
            statuses.push_str(&format!("{} {}\n", case.name, output.status));
        }
        fs::write(golden_dir().join("statuses.txt"), statuses).unwrap();
        return;
    }
    let statuses = read_statuses();
    let mut failures = Vec::new();
    for case in cases.iter().filter(|case| fits_the_command_line(case)) {
        let got = run(case);
        failures.extend(compare(&case.name, &got, case.timed, &statuses));
    }
    assert!(
        failures.is_empty(),
        "{} differences:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Whether the case's arguments can be given to the program at all: a Windows command line holds
/// at most 32,767 characters, so the 100,000-character board is a Linux case only.
fn fits_the_command_line(case: &Case) -> bool {
    const WINDOWS_LIMIT: usize = 32_767;
    let length: usize = case.args.iter().map(|arg| arg.len() + 3).sum();
    let fits = !binary::runs_windows_program() || length < WINDOWS_LIMIT;
    assert!(
        fits || case.name == "analyze_bad_huge",
        "{} no longer fits a Windows command line",
        case.name
    );
    fits
}

/// Whether `--view mover` must print what `case` printed before: `analyze`, `trace` and `review`
/// always printed the player to move's numbers, and so did `tree` for the root's own moves
/// (deeper, its numbers were each move's own, which the view changes).
fn same_in_the_movers_view(case: &Case) -> bool {
    if case.name.contains("_clap_") {
        return false; // what clap says about other arguments is not at issue
    }
    if case.name.contains("_typed_") {
        return false; // a typed tree's numbers are MAX's, as typed: --view is for boards
    }
    match case.args[0].as_str() {
        "tree" => match case.args.iter().position(|a| a == "--depth") {
            Some(at) => ["0", "1"].contains(&case.args[at + 1].as_str()),
            None => true,
        },
        _ => true,
    }
}

#[test]
fn the_movers_view_prints_byte_for_byte_what_was_printed_before() {
    if blessing() {
        return;
    }
    let statuses = read_statuses();
    let mut failures = Vec::new();
    let mut compared = 0;
    for mut case in all_cases()
        .into_iter()
        .filter(same_in_the_movers_view)
        .filter(fits_the_command_line)
    {
        let name = case.name.clone();
        case.args
            .extend(["--view".to_string(), "mover".to_string()]);
        failures.extend(compare(&name, &run(&case), case.timed, &statuses));
        compared += 1;
    }
    assert!(compared > 100, "{compared} cases");
    assert!(
        failures.is_empty(),
        "{} differences:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The reports `analyze --time-limit` prints when a search stops, built by hand so that every
/// kind of unsettled move is there on every run (a bound or none, a proven score, an estimate in
/// points, none), and `--stats` with a fixed time.
fn partial_reports() -> Vec<(&'static str, Report, bool)> {
    let board: Board = "X../.O./...".parse().unwrap();
    let mut analysis = Solver::new().analyze(&board);
    analysis.stats.elapsed = Duration::from_micros(1234);
    let geometry = board.geometry();
    // Keep the moves at (0,1) and (2,2) settled (X to move: (0,1) draws); the others are not.
    let settled = [Cell::new(0, 1), Cell::new(2, 2)];
    let mut partial = analysis.clone();
    partial.moves.retain(|m| settled.contains(&m.cell));
    let unsettled_cells: Vec<Cell> = analysis
        .moves
        .iter()
        .map(|m| m.cell)
        .filter(|c| !settled.contains(c))
        .collect();
    let valuations = [
        Some((5, Valuation::Exact(Score::new(-7)))),
        Some((3, Valuation::Estimate(37))),
        Some((3, Valuation::Estimate(-12))),
        None,
        Some((4, Valuation::Exact(Score::DRAW))),
    ];
    let unsettled = |upper: Score, all_bounded: bool| -> Vec<UnsettledMove> {
        unsettled_cells
            .iter()
            .zip(valuations)
            .enumerate()
            .map(|(index, (&cell, estimate))| {
                let bounded = all_bounded || index % 2 == 0;
                let bound = if bounded {
                    MoveBound {
                        cell,
                        lower: Score::new(-9),
                        upper,
                    }
                } else {
                    MoveBound::unknown(cell, geometry)
                };
                UnsettledMove {
                    bound,
                    bounded,
                    estimate,
                }
            })
            .collect()
    };
    // The best settled move stands when every other move's bound stays at or below it, and not
    // when one may beat it (a bound above it, or nothing known).
    let best_stands = Report {
        analysis: partial.clone(),
        unsettled: unsettled(Score::DRAW, true),
        complete: false,
    };
    let best_open = Report {
        analysis: partial,
        unsettled: unsettled(Score::new(8), false),
        complete: false,
    };
    let complete = Report::complete(analysis);
    vec![
        ("report_partial_best_stands", best_stands, false),
        ("report_partial_best_open", best_open, true),
        ("report_complete_stats", complete, true),
    ]
}

#[test]
fn reports_of_stopped_searches_print_byte_for_byte_what_the_golden_files_hold() {
    let mut statuses = BTreeMap::new();
    let mut failures = Vec::new();
    for (name, report, stats) in partial_reports() {
        let mut stdout = Vec::new();
        write_report(&mut stdout, &report, stats).unwrap();
        let got = Output {
            status: 0,
            stdout,
            stderr: Vec::new(),
        };
        if blessing() {
            write_golden(name, &got);
            continue;
        }
        statuses.insert(name.to_string(), 0);
        failures.extend(compare(name, &got, false, &statuses));
        // The mover's view is what was printed before.
        let mut stdout = Vec::new();
        write_report_seen(&mut stdout, &report, stats, ScoreView::SideToMove).unwrap();
        let seen = Output { stdout, ..got };
        failures.extend(compare(name, &seen, false, &statuses));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn no_golden_file_is_left_without_its_case() {
    if blessing() {
        return; // the other tests are writing them
    }
    let mut names: Vec<String> = all_cases().into_iter().map(|c| c.name).collect();
    names.extend(
        partial_reports()
            .into_iter()
            .map(|(name, _, _)| name.to_string()),
    );
    for entry in fs::read_dir(golden_dir()).unwrap() {
        let file = entry.unwrap().file_name().into_string().unwrap();
        if file == "statuses.txt" {
            continue;
        }
        let stem = file
            .strip_suffix(".stdout")
            .or_else(|| file.strip_suffix(".stderr"))
            .unwrap_or_else(|| panic!("{file}: not a golden file"));
        assert!(names.iter().any(|n| n == stem), "{file} has no case");
    }
}

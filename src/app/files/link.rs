//! A link to the web page that opens a position as it was shown: the position as `--position`
//! reads it (`position=X../.O./...`, `to_move=O`, `k=3`), whose numbers (`view=mover` or
//! `view=x`, as the command line's `--view`) and whether the scores are on (`scores=on`). The
//! page reads its link with [`Link::parse`] and "Copy link" writes one with [`Link::query`].

use crate::engine::board::{Board, Mark, typed_start};
use crate::learn::exercises::SetCode;
use crate::learn::view::ScoreView;

/// What a link asks the page to show, and what the app opens on: the command line's
/// `--position`, `--tree` and `--exercises` say the same. `None` leaves a setting as the player
/// has it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Link {
    pub position: Option<Board>,
    pub view: Option<ScoreView>,
    pub scores: Option<bool>,
    /// A textbook's tree to open on (`tree=[[3,12,8],[2,4,6],[14,5,2]]` or a built-in tree's
    /// name, `tree=three-ply`), as typed: the tree's own view says what is wrong with it.
    pub tree: Option<String>,
    /// A set of graded exercises to open on, by its code (`exercises=v1-s7-k=value-n=4-3x3`).
    pub exercises: Option<SetCode>,
    /// The set's item to open on, from 1 (`item=3`); `None` for its first.
    pub item: Option<usize>,
    /// What of the link could not be used, a sentence each, saying what was typed and what is
    /// accepted; the rest of the link is used all the same.
    pub ignored: Vec<String>,
}

impl Link {
    /// The link's query (`?position=…&view=x`, with or without its `?`): what in it can be read
    /// is used, and each part that cannot is left out and said in [`Link::ignored`].
    pub fn parse(query: &str) -> Link {
        let query = query.strip_prefix('?').unwrap_or(query);
        let mut fields = Fields::default();
        for pair in query.split('&').filter(|pair| !pair.is_empty()) {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            let value = decode(value);
            match name {
                "position" => fields.position = Some(value),
                "to_move" => fields.to_move = Some(value),
                "k" => fields.k = Some(value),
                "view" => fields.view = Some(value),
                "scores" => fields.scores = Some(value),
                "tree" => fields.tree = Some(value),
                "exercises" => fields.exercises = Some(value),
                "item" => fields.item = Some(value),
                // Other parts of an address (a site's own) are not the game's.
                _ => {}
            }
        }
        fields.read()
    }

    /// The notice the page opens with when part of its link was ignored: what was ignored, and
    /// what became of the rest.
    pub fn notice(&self) -> Option<String> {
        if self.ignored.is_empty() {
            return None;
        }
        let rest = if self.position.is_some()
            || self.view.is_some()
            || self.scores.is_some()
            || self.tree.is_some()
            || self.exercises.is_some()
        {
            "The rest of the link is used."
        } else {
            "The game starts as usual."
        };
        Some(format!("{} {rest}", self.ignored.join(" ")))
    }

    /// The query that opens the set of exercises `code` names.
    pub fn exercises_query(code: &SetCode) -> String {
        format!("exercises={code}")
    }

    /// The query that opens the set of exercises `code` names on its item `number` (from 1).
    pub fn exercise_item_query(code: &SetCode, number: usize) -> String {
        match number {
            0 | 1 => Link::exercises_query(code),
            _ => format!("{}&item={number}", Link::exercises_query(code)),
        }
    }

    /// The query that opens a textbook's tree as it was typed.
    pub fn tree_query(typed: &str) -> String {
        format!("tree={}", encode(typed))
    }

    /// The query that opens `board` as it is shown: seen in `view`, with the scores on or off.
    pub fn query(board: &Board, view: ScoreView, scores: bool) -> String {
        format!("{}&{}", board.link_query(), Link::view_query(view, scores))
    }

    /// The query that shows the numbers in `view`, with the scores on or off.
    pub fn view_query(view: ScoreView, scores: bool) -> String {
        format!(
            "view={}&scores={}",
            view_name(view),
            if scores { "on" } else { "off" }
        )
    }
}

/// A link's fields, as text.
#[derive(Default)]
struct Fields {
    position: Option<String>,
    to_move: Option<String>,
    k: Option<String>,
    view: Option<String>,
    scores: Option<String>,
    tree: Option<String>,
    exercises: Option<String>,
    item: Option<String>,
}

impl Fields {
    fn read(self) -> Link {
        let mut ignored = Vec::new();
        let position = read_position(self.position, self.to_move.as_deref(), self.k, &mut ignored);
        let view = match self.view.as_deref() {
            None => None,
            Some("mover") => Some(ScoreView::SideToMove),
            Some("x" | "X") => Some(ScoreView::Articles),
            Some(other) => {
                ignored.push(format!(
                    "This link's view={other} is not mover (the player to move's numbers) or x \
                     (X's numbers): the view is as you set it."
                ));
                None
            }
        };
        let scores = match self.scores.as_deref() {
            None => None,
            Some("on") => Some(true),
            Some("off") => Some(false),
            Some(other) => {
                ignored.push(format!(
                    "This link's scores={other} is not on or off: the scores are as you set them."
                ));
                None
            }
        };
        let exercises = match self.exercises {
            None => None,
            Some(text) => match text.parse::<SetCode>() {
                Ok(code) => Some(code),
                Err(error) => {
                    ignored.push(format!(
                        "This link's exercises could not be opened: {error}."
                    ));
                    None
                }
            },
        };
        let item = match self.item.as_deref().map(str::parse::<usize>) {
            None => None,
            Some(Ok(number)) if number >= 1 => Some(number),
            Some(_) => {
                ignored.push(format!(
                    "This link's item={} is not an item's number (1, 2, …): the set opens on \
                     its first item.",
                    self.item.as_deref().unwrap_or_default()
                ));
                None
            }
        };
        Link {
            position,
            view,
            scores,
            tree: self.tree,
            exercises,
            item,
            ignored,
        }
    }
}

/// The link's position, read with its `to_move` and `k`; what cannot be read is said in
/// `ignored`, and a position whose `to_move` or `k` cannot be read is not opened.
fn read_position(
    position: Option<String>,
    to_move: Option<&str>,
    k: Option<String>,
    ignored: &mut Vec<String>,
) -> Option<Board> {
    // `to_move` and `k` say how to read the position: a position read without the one that
    // was meant would be another position, so it is not opened either.
    let unreadable = if position.is_some() {
        ", so its position was not opened."
    } else {
        "."
    };
    let mut position_readable = true;
    let to_move = match to_move {
        None => None,
        Some("X" | "x") => Some(Mark::X),
        Some("O" | "o") => Some(Mark::O),
        Some(other) => {
            ignored.push(format!(
                "This link's to_move={other} is not X or O{unreadable}"
            ));
            position_readable = false;
            None
        }
    };
    let k = match k {
        None => None,
        Some(k) => match k.parse::<usize>() {
            Ok(k) => Some(k),
            Err(_) => {
                ignored.push(format!(
                    "This link's k={k} is not a number of marks in a row{unreadable}"
                ));
                position_readable = false;
                None
            }
        },
    };
    match position {
        Some(text) if position_readable => match Board::paste_with(&text, to_move, k) {
            Ok(board) => Some(board),
            Err(error) => {
                ignored.push(format!(
                    "This link's position {:?} cannot be played: {error}.",
                    typed_start(&text)
                ));
                None
            }
        },
        _ => None,
    }
}

/// The link's and the command line's name for `view`.
fn view_name(view: ScoreView) -> &'static str {
    match view {
        ScoreView::SideToMove => "mover",
        ScoreView::Articles => "x",
    }
}

/// `value` as a query carries it: every byte but letters, digits and `-._~` as a `%XX` escape.
fn encode(value: &str) -> String {
    let mut encoded = String::with_capacity(value.len());
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            encoded.push(byte as char);
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    encoded
}

/// A query value with its `%XX` escapes and `+`s (spaces) decoded; an escape that is not one is
/// kept as it is, and bytes that are not UTF-8 become U+FFFD.
fn decode(value: &str) -> String {
    let bytes = value.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let hex = |at: usize| bytes.get(at).and_then(|&b| (b as char).to_digit(16));
        match (bytes[at], hex(at + 1), hex(at + 2)) {
            (b'%', Some(high), Some(low)) => {
                decoded.push((high * 16 + low) as u8);
                at += 3;
            }
            (b'+', ..) => {
                decoded.push(b' ');
                at += 1;
            }
            (byte, ..) => {
                decoded.push(byte);
                at += 1;
            }
        }
    }
    String::from_utf8_lossy(&decoded).into_owned()
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_sets_link_opens_the_same_set() {
        for text in [
            "v1-s7-k=value,prune-n=4-3x3-view=x-trees",
            "v1-s1-k=move-n=1-4x4",
        ] {
            let code: SetCode = text.parse().unwrap();
            let query = Link::exercises_query(&code);
            assert_eq!(query, format!("exercises={text}"));
            let link = Link::parse(&format!("?{query}"));
            assert_eq!(link.exercises, Some(code));
            assert!(link.ignored.is_empty());
        }
    }

    use super::*;

    #[test]
    fn a_link_opens_what_it_was_copied_from() {
        for (notation, view, scores) in [
            ("XO./.X./..O", ScoreView::Articles, true),
            ("X../.../...", ScoreView::SideToMove, false),
            ("..../..../..../....", ScoreView::Articles, false),
        ] {
            let board: Board = notation.parse().unwrap();
            // With as many Os as Xs, either may be to move (the other started).
            let other = Board::parse_with(notation, Some(board.to_move().opponent()), None);
            for board in std::iter::once(board).chain(other) {
                let query = Link::query(&board, view, scores);
                let link = Link::parse(&format!("?{query}"));
                assert_eq!(link.ignored, Vec::<String>::new(), "{query}");
                let opened = link.position.unwrap();
                assert_eq!(opened, board, "{query}");
                assert_eq!(opened.to_move(), board.to_move(), "{query}");
                assert_eq!(
                    (link.view, link.scores),
                    (Some(view), Some(scores)),
                    "{query}"
                );
            }
        }
        let k3: Board = Board::parse_with("..../..../..../....", None, Some(3)).unwrap();
        let link = Link::parse(&Link::query(&k3, ScoreView::SideToMove, true));
        assert_eq!(link.position.unwrap().geometry().k(), 3);
    }

    #[test]
    fn a_link_says_what_it_cannot_read() {
        let cases = [
            (
                "position=XXX/OO",
                "This link's position \"XXX/OO\" cannot be played: row 2",
            ),
            (
                "position=X../.../...&to_move=Z",
                "This link's to_move=Z is not X or O, so its position was not opened.",
            ),
            (
                "position=X../.../...&k=three",
                "This link's k=three is not a number of marks in a row, so its position",
            ),
            ("view=o", "This link's view=o is not mover"),
            (
                "position=..../..../....",
                "This link's position \"..../..../....\" cannot be played: the game offers \
                 square boards from 3×3 to 7×7, not 3×4.",
            ),
            ("scores=yes", "This link's scores=yes is not on or off"),
        ];
        for (query, message) in cases {
            let link = Link::parse(query);
            assert_eq!(link.ignored.len(), 1, "{query}: {:?}", link.ignored);
            assert!(
                link.ignored[0].starts_with(message),
                "{query}: {:?}",
                link.ignored
            );
            assert_eq!(link.position, None, "{query}");
            let notice = link.notice().unwrap();
            assert!(notice.ends_with("The game starts as usual."), "{notice}");
        }
    }

    #[test]
    fn a_link_opens_an_exercise_set_by_its_code_and_names_a_mistyped_one() {
        let link = Link::parse("exercises=v1-s7-k%3Dvalue%2Chorizon-n%3D4-3x3-view%3Dx");
        let code = link.exercises.expect("the code is read");
        assert_eq!(code.to_string(), "v1-s7-k=value,horizon-n=4-3x3-view=x");
        assert_eq!(code.view, ScoreView::Articles);
        assert!(link.ignored.is_empty());
        // Unescaped, as people type it, it is read the same.
        let typed = Link::parse("?exercises=v1-s7-k=value,horizon-n=4-3x3-view=x");
        assert_eq!(typed.exercises, Some(code));
        let bad = Link::parse("exercises=v1-s7-k=fork-n=4-3x3");
        assert_eq!(bad.exercises, None);
        let notice = bad.notice().unwrap();
        assert!(
            notice.starts_with(
                "This link's exercises could not be opened: set code \"v1-s7-k=fork-n=4-3x3\": \
                 \"fork\" is not a kind of exercise"
            ),
            "{notice}"
        );
        assert!(notice.ends_with("The game starts as usual."), "{notice}");
    }

    #[test]
    fn a_link_opens_a_textbooks_tree_as_typed() {
        let link = Link::parse("tree=%5B%5B3%2C12%2C8%5D%2C%5B2%2C4%2C6%5D%5D&view=x");
        assert_eq!(link.tree.as_deref(), Some("[[3,12,8],[2,4,6]]"));
        assert_eq!(link.view, Some(ScoreView::Articles));
        assert_eq!(
            Link::parse("tree=three-ply").tree.as_deref(),
            Some("three-ply")
        );
    }

    #[test]
    fn a_sets_link_names_its_item_after_the_first() {
        let code: SetCode = "v1-s7-k=value-n=4-3x3".parse().unwrap();
        assert_eq!(
            Link::exercise_item_query(&code, 1),
            Link::exercises_query(&code)
        );
        let link = Link::parse(&Link::exercise_item_query(&code, 3));
        assert_eq!((link.exercises, link.item), (Some(code), Some(3)));
        let link = Link::parse("item=0");
        assert_eq!(link.item, None);
        assert_eq!(
            link.ignored,
            [
                "This link's item=0 is not an item's number (1, 2, …): the set opens on its first \
              item."
            ]
        );
    }

    #[test]
    fn a_trees_link_gives_back_the_tree_as_typed() {
        for typed in ["[[3, 12, 8], [2, 4, 6]]", "three-ply", "a&b=c%d+e é"] {
            let link = Link::parse(&Link::tree_query(typed));
            assert_eq!(link.tree.as_deref(), Some(typed));
            assert!(link.ignored.is_empty());
        }
    }

    #[test]
    fn a_bad_part_of_a_link_leaves_the_rest_in_use() {
        let link = Link::parse("position=XOX/.O./X..&view=articles&scores=on");
        assert_eq!(link.position, Some("XOX/.O./X..".parse().unwrap()));
        assert_eq!(link.scores, Some(true));
        assert_eq!(link.view, None);
        let notice = link.notice().unwrap();
        assert!(
            notice.starts_with("This link's view=articles is not mover")
                && notice.ends_with("The rest of the link is used."),
            "{notice}"
        );
        // Two bad parts are both said; the good one is used.
        let link = Link::parse("position=XXX/OO&view=mover&scores=maybe");
        assert_eq!(link.view, Some(ScoreView::SideToMove));
        assert_eq!((link.position, link.scores), (None, None));
        assert_eq!(link.ignored.len(), 2, "{:?}", link.ignored);
        assert_eq!(Link::parse("view=x").notice(), None);
    }

    #[test]
    fn escaped_and_foreign_parts_are_read_as_a_browser_sends_them() {
        let link = Link::parse("?utm_source=slides&position=XO.%2F.X.%2F..O&view=X&");
        assert_eq!(link.position, Some("XO./.X./..O".parse().unwrap()));
        assert_eq!(link.view, Some(ScoreView::Articles));
        assert_eq!(Link::parse(""), Link::default());
        assert_eq!(decode("a+b%20c%zz%4"), "a b c%zz%4");
        // The articles' three lines, as a paste or --position takes them.
        let link = Link::parse("position=X%20O%20_%0A_%20X%20_%0A_%20_%20O");
        assert_eq!(link.position, Some("XO./.X./..O".parse().unwrap()));
        // However long, the position is named by its start.
        let long = format!("position={}", "X".repeat(100_000));
        assert!(Link::parse(&long).notice().unwrap().len() < 300);
    }
}

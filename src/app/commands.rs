//! What the player can ask for: [`Command`], one group of commands per view, with the payload
//! types they carry. Drawing code and the key map only return commands; the app applies them
//! after drawing (`apply.rs`), matching each group once, so a command added here and not carried
//! out there does not compile.
//!
//! This module imports nothing from the app: every view can name the commands of every other
//! without importing that view.

use crate::engine::board::{Board, Cell, Mark};
use crate::learn::exercises::Kind;
use crate::learn::trace::TraceAlgorithm;
use crate::learn::view::ScoreView;
use crate::store::settings::Settings;

/// Something the player asked for, applied by the app after drawing.
#[must_use]
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    Play(Cell),
    /// A digit key: the cell numbered so in reading order (from 0), on the classic board.
    PlayDigit(usize),
    PlayFocused,
    MoveFocus {
        rows: isize,
        cols: isize,
    },
    NewGame,
    Undo,
    Redo,
    Quit,
    /// Show or hide why the computer played its last move.
    ToggleReasoning,
    /// A change to one setting.
    Setting(SettingCommand),
    ChangeSettings(Box<Settings>),
    SaveSettingsAs,
    LoadSettings,
    DismissNotice,
    Explorer(ExplorerCommand),
    /// The board shows something other than the game: a replay, a preview.
    Preview(PreviewCommand),
    /// Open or close the step-through of the search, for the position on show.
    ToggleStepper,
    Step(StepCommand),
    Review(ReviewCommand),
    Coach(CoachCommand),
    Editor(EditorCommand),
    Clipboard(ClipboardCommand),
    /// Show one of the articles' examples with its scores.
    OpenExample(usize),
    SaveGame,
    OpenGame,
    /// Open or close the textbook's tree (a tree typed in, stepped through, drawn).
    ToggleTreeLab,
    TreeLab(TreeLabCommand),
    /// Save the picture of a drawn tree (a download on the web).
    ExportPicture(PictureExport),
    /// Open or close the graded exercises.
    ToggleExercises,
    Exercises(ExercisesCommand),
    /// Open or close the set builder (on the open set's choices, if one is open).
    ToggleBuilder,
    Builder(BuilderCommand),
    /// Open or close Monte Carlo tree search on the position on show.
    ToggleMcts,
    Mcts(MctsCommand),
    /// Monte Carlo tree search on this textbook tree (its notation, or a built-in tree's name):
    /// typed in the MCTS view, or the tree lab's; opens the view if it is closed.
    MctsOnTree(String),
    /// Open or close the cutoff view (depth-limited minimax) on the position on show.
    ToggleCutoff,
    Cutoff(CutoffCommand),
}

/// The cutoff view: its depth and its evaluation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CutoffCommand {
    Deeper,
    Shallower,
    /// Judge the positions at the cutoff by open lines.
    OpenLines,
    /// Judge them 0, as the computer's horizon does.
    Zero,
    /// Stop the search under way (the numbers shown stay those of the last search finished).
    Stop,
    /// Search again after a stop.
    Resume,
}

/// Monte Carlo tree search's view: iterations to run, its seed and c.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum MctsCommand {
    /// Run this many more iterations (a frame's worth at a time).
    Run(u64),
    /// Run none of the iterations still to go.
    Stop,
    /// Start again with this seed.
    Seed(u64),
    /// Start again with this exploration constant.
    C(f64),
    /// Start again with the same seed and c.
    Restart,
    /// Play a match of MCTS against perfect minimax, on the search worker.
    PlayMatch,
    /// Stop the match, keeping the games played.
    StopMatch,
    /// Search a textbook's tree (`true`) or the position on show.
    OnTree(bool),
}

/// A drawn tree's picture to save: the SVG document, and the file's format and name (without its
/// extension).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PictureExport {
    pub svg: String,
    pub format: PictureFormat,
    pub name: &'static str,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PictureFormat {
    Svg,
    /// Rasterised from the SVG, twice its size.
    Png,
}

impl PictureFormat {
    pub fn extension(self) -> &'static str {
        match self {
            PictureFormat::Svg => "svg",
            PictureFormat::Png => "png",
        }
    }
}

/// The graded exercises: the set's code, the answer, and the way through the set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExercisesCommand {
    /// The code field as now typed.
    EditCode(String),
    /// Open the set the code field names.
    OpenCode,
    /// A set like this one from a fresh seed.
    NewSet,
    /// The same set from its first item, its answers cleared.
    StartAgain,
    /// A set of the kinds missed in this one, from a fresh seed.
    AgainMissed,
    /// The answer field as now typed.
    EditAnswer(String),
    /// Grade the answer typed.
    Submit,
    /// A cell clicked on the item's board.
    Cell(Cell),
    /// A node of the item's tree clicked or tapped (its id, preorder): in the answer or out.
    Node(usize),
    /// Show or hide the search over the item's tree, once graded.
    ShowSearch,
    /// Copy a link that opens the set (its code, where there is no page to link to).
    CopyLink,
    /// On to the next item (or the results), once this one is graded.
    Next,
    /// Put the results on the clipboard, to hand in.
    CopyResults,
    /// The hand-in, checking one, and the SCORM package.
    HandIn(HandInCommand),
}

/// A set's hand-in (the student's), checking a hand-in and the SCORM package (the teacher's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HandInCommand {
    /// Show or hide the hand-in, with the name field.
    ToggleHandIn,
    /// Show or hide the teacher's part: checking a hand-in, the SCORM package.
    ToggleTeacher,
    /// The student's name as now typed (kept in the settings).
    EditName(String),
    /// Put the hand-in on the clipboard.
    Copy,
    /// Save the hand-in in a file (a download on the page).
    Save,
    /// The hand-in to check, as now pasted or typed.
    EditCheck(String),
    /// Open a hand-in's file to check (an upload on the page).
    OpenCheck,
    /// The package's pass mark as now typed.
    EditPassMark(String),
    /// Make the SCORM package of the set and download it (the page only).
    DownloadScorm,
}

/// The set builder: the set's parts chosen, then the set started, shared or exported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BuilderCommand {
    /// A kind of exercise in the set, or out.
    Kind(Kind, bool),
    /// One of a kind's levels (from 1) dealt, or not.
    Level(Kind, u8, bool),
    /// How many items.
    Count(usize),
    /// The board's side.
    Size(usize),
    /// The tree and alpha-beta kinds on the textbooks' trees, or below positions.
    Trees(bool),
    View(ScoreView),
    /// The seed as now typed.
    Seed(String),
    NewSeed,
    /// Copy the set's link (its code, where there is no page to link to).
    CopyLink,
    /// Open the set built, from its first item.
    Start,
    /// Save the set as a quiz (a download on the web).
    Export(QuizFormat),
}

/// A quiz's format, as `tictactoe exercises --format gift|moodle` writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuizFormat {
    Gift,
    MoodleXml,
}

impl QuizFormat {
    /// The file's extension.
    pub fn extension(self) -> &'static str {
        match self {
            QuizFormat::Gift => "txt",
            QuizFormat::MoodleXml => "xml",
        }
    }
}

/// The textbook's tree: its text, its search and where the search is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TreeLabCommand {
    /// The tree's notation (or a built-in tree's name) as now typed.
    Edit(String),
    Algorithm(TraceAlgorithm),
    Step,
    Back,
    RunToEnd,
    Restart,
    /// Show the pseudocode beside the drawing, or not (the drawing then takes the room).
    ShowCode(bool),
    /// Just past the next cut-off.
    NextCutoff,
    /// The next call run whole.
    StepOver,
    /// The call under way finished.
    StepOut,
    /// Until the search reaches (or prunes) the node with this id (preorder, the root 0).
    RunTo(usize),
    /// The random tree's seed, depth and branching as now chosen; `deal` makes the tree.
    Random(RandomTree),
    /// Clicking a leaf chooses it for a new value (on), or runs the search to it (off).
    EditLeaves(bool),
    /// The leaf (by id, preorder) whose value the leaf's field changes.
    ChooseLeaf(usize),
    /// The leaf's field as now typed.
    LeafValue(String),
    /// The typed value given to the chosen leaf: the tree's notation is rewritten.
    SetLeaf,
    /// The page's link to the tree on show, copied (handled by the app, which has the address).
    CopyLink,
}

/// A random tree to practise on, as the tree lab's controls choose it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RandomTree {
    pub seed: u64,
    pub depth: usize,
    pub branching: usize,
    /// Deal the tree now (else only the choice changes).
    pub deal: bool,
}

/// The commands that change one setting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SettingCommand {
    ToggleScores,
    /// The first-run tip is read.
    DismissWelcome,
    ToggleExplorer,
    /// Text, code and drawings large enough for a projector, or back.
    TogglePresenter,
    Reset,
}

/// The tree explorer's commands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExplorerCommand {
    /// A key for the explorer, when it has the keyboard.
    Key(ExplorerKey),
    /// Show an explorer node's position on the board.
    PreviewNode(Path),
    /// In two-player mode, play the moves that lead to an explorer node.
    PlayFromHere(Path),
}

/// A node of the tree: the moves from the root that lead to it.
pub type Path = Vec<Cell>;

/// What the arrow keys, Enter and Escape do in the explorer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExplorerKey {
    Up,
    Down,
    /// Expand, or go to the first child of an expanded node.
    Right,
    /// Collapse, or go to the parent of a collapsed node.
    Left,
    /// Preview the selected node.
    Enter,
}

/// Line replay and leaving whatever the board shows instead of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PreviewCommand {
    /// Replay the line of the cell whose score is being looked at.
    ReplayInspected,
    /// One step forward (1) or back (-1) in the replay.
    ReplayStep(isize),
    /// Leave a preview or a replay: the board shows the game again.
    BackToGame,
}

/// A command from the stepper's controls or keys.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum StepCommand {
    Step,
    Back,
    StepOver,
    StepOut,
    PlayPause,
    RunToEnd,
    Restart,
    Algorithm(TraceAlgorithm),
    Speed(f32),
    /// Draw the tree around the current call as a picture, or list it.
    ToggleDrawing,
    /// Give the drawing the whole window below the controls (for a projector), or share it.
    ToggleDrawingOnly,
    /// Run to just past the next cut-off.
    NextCutoff,
    /// Run until the call this many deep on the call stack (1: a move of the start) returns: a
    /// call on the drawing's orange path clicked.
    FinishCall(usize),
}

/// The game review (the move list).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewCommand {
    /// Show or hide the review.
    Toggle,
    /// Preview the position before move `ply` (from 1) of the reviewed game.
    Move(usize),
    /// Start a game from the position before move `ply` of the reviewed game.
    RetryFrom(usize),
    /// Review the game on the board again, not the one retried from or opened.
    Unpin,
    /// Put the game the review shows (an opened one) on the board, every move played.
    PutOnBoard,
}

/// The coach: hints, threats and practice positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CoachCommand {
    /// Frame the best moves for the player to move.
    ToggleHint,
    /// Show what the opponent would play if it were its turn.
    ToggleThreat,
    TogglePractice,
    PracticeAnswer(Cell),
    PracticeNext,
}

/// The position editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EditorCommand {
    /// Open or close the editor, on the position on show.
    Toggle,
    Edit(Edit),
    /// Show a position with its scores.
    Analyse(Board),
    /// Start a game from a position, seated so.
    Play(Board, Seating),
}

/// A change asked for in the editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edit {
    Cell(Cell),
    Brush(Brush),
    ToMove(Option<Mark>),
    Size(usize),
    K(usize),
    Clear,
}

/// What a click on a cell does in the editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Brush {
    /// Empty → X → O → empty.
    Cycle,
    Place(Mark),
    Erase,
}

/// Who plays a game started from a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seating {
    /// You play this mark against the computer.
    You(Mark),
    TwoPlayers,
}

/// Positions and moves in and out as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClipboardCommand {
    /// Put the position on show on the clipboard, in the command line's notation.
    CopyPosition,
    /// Put a link to the position on show on the clipboard (on the web page: its address with
    /// the position in the query, which opens it).
    CopyLink,
    /// Take a position from pasted text (notation, or a board as the articles print it).
    PastePosition(String),
    /// Put the game's moves on the clipboard, as `tictactoe review` takes them.
    CopyMoves,
}

/// Each group is a command: `CoachCommand::ToggleHint.into()`.
macro_rules! group_into_command {
    ($($group:ident => $variant:ident),* $(,)?) => {
        $(impl From<$group> for Command {
            fn from(command: $group) -> Command {
                Command::$variant(command)
            }
        })*
    };
}

group_into_command!(
    SettingCommand => Setting,
    ExplorerCommand => Explorer,
    PreviewCommand => Preview,
    StepCommand => Step,
    ReviewCommand => Review,
    CoachCommand => Coach,
    EditorCommand => Editor,
    ClipboardCommand => Clipboard,
    TreeLabCommand => TreeLab,
    ExercisesCommand => Exercises,
    BuilderCommand => Builder,
    MctsCommand => Mcts,
    CutoffCommand => Cutoff,
);

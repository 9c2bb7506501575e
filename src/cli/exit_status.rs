//! The exit statuses the commands share.

/// Exit status: every board was analysed.
pub const EXIT_OK: i32 = 0;
/// Exit status: in batch mode, at least one line was not a valid board.
pub const EXIT_SOME_LINES_BAD: i32 = 1;
/// Exit status: the single board given was not valid.
pub const EXIT_BAD_BOARD: i32 = 2;

//! Who owns a file and who may read it: what a save copies from the file it replaces onto the new
//! one, so that replacing a file does not change who can read it. Only Unix has owners to copy;
//! elsewhere (Windows, a browser) the permissions are all there is.

use std::fs::{File, Metadata, Permissions};
use std::io;

/// The permissions a new file gets before the umask (0666 on Unix: readable and writable by
/// all, less what the umask takes away), where the platform lets a program ask for them.
pub fn new_file_permissions() -> Option<Permissions> {
    #[cfg(unix)]
    return Some(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    #[cfg(not(unix))]
    None
}

/// Gives `file` the owner and group that `like` has, where they differ. Fails when the program
/// may not (on Unix only root may give a file away, and only a member may give it a group).
pub fn copy_owner(file: &File, like: &Metadata) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let have = file.metadata()?;
        if (have.uid(), have.gid()) != (like.uid(), like.gid()) {
            std::os::unix::fs::fchown(file, Some(like.uid()), Some(like.gid()))?;
        }
    }
    #[cfg(not(unix))]
    let _ = (file, like);
    Ok(())
}

/// Whether `a` and `b` belong to the same user (always, where files have no owners).
pub fn same_owner(a: &Metadata, b: &Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        a.uid() == b.uid()
    }
    #[cfg(not(unix))]
    {
        let _ = (a, b);
        true
    }
}

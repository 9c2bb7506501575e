//! Embeds the Windows resources in the `.exe`: the icon Explorer, the taskbar and the Start menu
//! show, the version information (Properties > Details) and the manifest (per-monitor DPI
//! awareness, long paths, no elevation). Other targets need nothing from here.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=assets/tictactoe.ico");
    println!("cargo:rerun-if-changed=assets/windows/tictactoe.manifest");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    let mut resource = winresource::WindowsResource::new();
    resource
        .set_icon("assets/tictactoe.ico")
        .set_manifest_file("assets/windows/tictactoe.manifest")
        .set("ProductName", "Tic-Tac-Toe Minimax")
        .set("FileDescription", "Tic-Tac-Toe Minimax")
        .set("InternalName", "tictactoe")
        .set("OriginalFilename", "tictactoe.exe")
        .set("CompanyName", "Tic-Tac-Toe developers")
        .set(
            "LegalCopyright",
            "© 2026 Tic-Tac-Toe developers, MIT licence",
        )
        .set("Comments", env!("CARGO_PKG_DESCRIPTION"));
    if let Err(error) = resource.compile() {
        // A Windows build without its icon and manifest is not one to ship: stop here.
        panic!(
            "could not embed the Windows resources (is mingw-w64's windres installed?): {error}"
        );
    }
}

//! Helpers shared by the integration tests.

use std::path::PathBuf;

/// The plugin next to the test binary (target/<profile>/deps/..), or the
/// debug build.
pub fn plugin_path() -> PathBuf {
    let exe = std::env::current_exe().expect("current_exe");
    let dir = exe
        .parent()
        .and_then(|d| d.parent())
        .expect("profile dir")
        .to_path_buf();
    let path = if dir.join("libpallas_mlir.so").exists() {
        dir.join("libpallas_mlir.so")
    } else {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/debug/libpallas_mlir.so")
    };
    assert!(
        path.exists(),
        "{} is missing: run `cargo build` first",
        path.display()
    );
    path
}

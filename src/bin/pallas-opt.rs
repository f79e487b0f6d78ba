//! `pallas-opt`: mlir-opt with every upstream dialect and pass plus the
//! pallas plugin linked in, so that our passes are plain flags.

use std::ffi::CString;

/// The stack of the thread that parses, verifies and runs the passes. MLIR's
/// parser and verifier recurse once per level of nested regions (about 3 KB
/// a level), so the default 8 MiB main stack overflows near 3000 levels;
/// 1 GiB (reserved, used only as deep as the input goes) takes over 100 000.
const STACK_BYTES: usize = 1 << 30;

fn main() {
    let args: Vec<CString> = std::env::args()
        .map(|a| CString::new(a).expect("argument without NUL"))
        .collect();
    let opt = std::thread::Builder::new()
        .name("pallas-opt".into())
        .stack_size(STACK_BYTES)
        .spawn(move || pallas_mlir::ir::opt_main(&args));
    let status = match opt.map(|t| t.join()) {
        Ok(Ok(status)) => status,
        // The thread could not start, or panicked (the panic was reported).
        _ => 1,
    };
    std::process::exit(status);
}

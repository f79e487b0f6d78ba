//! `pallas-opt`: mlir-opt with every upstream dialect and pass plus the
//! pallas plugin linked in, so that our passes are plain flags.

use std::ffi::CString;

fn main() {
    let args: Vec<CString> = std::env::args()
        .map(|a| CString::new(a).expect("argument without NUL"))
        .collect();
    std::process::exit(pallas_mlir::ir::opt_main(&args));
}

//! `pallas-opt`: mlir-opt with every upstream dialect and pass plus the
//! pallas plugin linked in, so that our passes are plain flags.

use std::ffi::CString;
use std::os::raw::c_char;

use mlir_sys::{mlirDialectRegistryCreate, mlirDialectRegistryDestroy};

fn main() {
    let args: Vec<CString> = std::env::args()
        .map(|a| CString::new(a).expect("argument without NUL"))
        .collect();
    let mut argv: Vec<*mut c_char> = args.iter().map(|a| a.as_ptr() as *mut c_char).collect();
    argv.push(std::ptr::null_mut());
    let code = unsafe {
        let registry = mlirDialectRegistryCreate();
        pallas_mlir::capi::register_all_dialects(registry);
        pallas_mlir::passes::register_all();
        let code =
            pallas_mlir::ir::ffi::pallasOptMain(args.len() as i32, argv.as_mut_ptr(), registry);
        mlirDialectRegistryDestroy(registry);
        code
    };
    std::process::exit(code);
}

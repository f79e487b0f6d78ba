//! The public C API (`include/pallas-mlir-c/Pallas.h`). A Rust cdylib only
//! exports Rust `#[no_mangle]` items, so every public symbol is defined here.

use mlir_sys::{mlirDialectHandleInsertDialect, MlirDialectHandle, MlirDialectRegistry, MlirPass};

use super::ffi;

/// The `pallas` dialect handle.
#[no_mangle]
pub extern "C" fn mlirGetDialectHandle__pallas__() -> MlirDialectHandle {
    unsafe { ffi::mlirGetDialectHandle__pallas_impl__() }
}

/// The Mosaic `tpu` dialect handle.
#[no_mangle]
pub extern "C" fn mlirGetDialectHandle__tpu__() -> MlirDialectHandle {
    unsafe { ffi::mlirGetDialectHandle__tpu_impl__() }
}

/// The Mosaic GPU `mosaic_gpu` dialect handle.
#[no_mangle]
pub extern "C" fn mlirGetDialectHandle__mosaic_gpu__() -> MlirDialectHandle {
    unsafe { ffi::mlirGetDialectHandle__mosaic_gpu_impl__() }
}

/// Inserts every dialect of the plugin into `registry`.
#[no_mangle]
pub extern "C" fn pallasRegisterAllDialects(registry: MlirDialectRegistry) {
    register_all_dialects(registry);
}

/// Registers every pass of the plugin with MLIR's global pass registry.
#[no_mangle]
pub extern "C" fn pallasRegisterAllPasses() {
    crate::passes::register_all();
}

/// Creates the `convert-pallas-to-scf` pass (options at their defaults).
#[no_mangle]
pub extern "C" fn mlirCreatePallasConvertPallasToScf() -> MlirPass {
    crate::passes::create("convert-pallas-to-scf").expect("pass is registered in passes::all")
}

pub fn register_all_dialects(registry: MlirDialectRegistry) {
    unsafe {
        mlirDialectHandleInsertDialect(mlirGetDialectHandle__pallas__(), registry);
        mlirDialectHandleInsertDialect(mlirGetDialectHandle__tpu__(), registry);
        mlirDialectHandleInsertDialect(mlirGetDialectHandle__mosaic_gpu__(), registry);
    }
}

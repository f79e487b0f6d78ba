//! Entry points that `mlir-opt --load-dialect-plugin` / `--load-pass-plugin`
//! look up (mlir/Tools/Plugins/{Dialect,Pass}Plugin.h, API version 1).

use std::ffi::c_void;
use std::os::raw::c_char;

use mlir_sys::MlirDialectRegistry;

const PLUGIN_API_VERSION: u32 = 1;

#[repr(C)]
pub struct DialectPluginLibraryInfo {
    pub api_version: u32,
    pub plugin_name: *const c_char,
    pub plugin_version: *const c_char,
    pub register_dialect_registry_callbacks: unsafe extern "C" fn(*mut c_void),
}

#[repr(C)]
pub struct PassPluginLibraryInfo {
    pub api_version: u32,
    pub plugin_name: *const c_char,
    pub plugin_version: *const c_char,
    pub register_pass_registry_callbacks: unsafe extern "C" fn(),
}

const NAME: &[u8] = b"pallas-mlir\0";
const VERSION: &[u8] = concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes();

unsafe extern "C" fn register_dialects(registry: *mut c_void) {
    // A DialectRegistry* is exactly what MlirDialectRegistry wraps.
    crate::capi::register_all_dialects(MlirDialectRegistry { ptr: registry });
}

unsafe extern "C" fn register_passes() {
    crate::passes::register_all();
}

/// # Safety
/// Called by MLIR's plugin loader.
#[no_mangle]
pub extern "C" fn mlirGetDialectPluginInfo() -> DialectPluginLibraryInfo {
    DialectPluginLibraryInfo {
        api_version: PLUGIN_API_VERSION,
        plugin_name: NAME.as_ptr() as *const c_char,
        plugin_version: VERSION.as_ptr() as *const c_char,
        register_dialect_registry_callbacks: register_dialects,
    }
}

/// # Safety
/// Called by MLIR's plugin loader.
#[no_mangle]
pub extern "C" fn mlirGetPassPluginInfo() -> PassPluginLibraryInfo {
    PassPluginLibraryInfo {
        api_version: PLUGIN_API_VERSION,
        plugin_name: NAME.as_ptr() as *const c_char,
        plugin_version: VERSION.as_ptr() as *const c_char,
        register_pass_registry_callbacks: register_passes,
    }
}

//! dlopens the built plugin (`target/<profile>/libpallas_mlir.so`) the way
//! `mlir-opt --load-{dialect,pass}-plugin` does and inspects its entry points.
//!
//! This test binary does not link the `pallas_mlir` rlib, but the callbacks
//! are still never called: registering into a process that already holds the
//! dialect would abort ("Trying to register different dialects for the same
//! namespace"), and mlir-opt itself exercises them in the lit tests.

mod common;
use common::plugin_path;
use std::ffi::{c_void, CStr};
use std::os::raw::c_char;
use std::path::PathBuf;

/// `mlir::DialectPluginLibraryInfo` / `mlir::PassPluginLibraryInfo` (API v1):
/// same layout, only the callback's parameter differs.
#[repr(C)]
struct PluginInfo {
    api_version: u32,
    plugin_name: *const c_char,
    plugin_version: *const c_char,
    callback: Option<unsafe extern "C" fn(*mut c_void)>,
}

fn load() -> libloading::Library {
    let path = plugin_path();
    unsafe { libloading::Library::new(&path) }
        .unwrap_or_else(|e| panic!("dlopen {}: {e}", path.display()))
}

unsafe fn c_str<'a>(p: *const c_char) -> &'a str {
    assert!(!p.is_null());
    CStr::from_ptr(p).to_str().expect("utf-8")
}

fn check_info(info: &PluginInfo) {
    assert_eq!(info.api_version, 1, "MLIR plugin API version");
    assert_eq!(unsafe { c_str(info.plugin_name) }, "pallas-mlir");
    assert_eq!(
        unsafe { c_str(info.plugin_version) },
        env!("CARGO_PKG_VERSION")
    );
    assert!(info.callback.is_some(), "registration callback is null");
}

#[test]
fn dialect_plugin_info() {
    let lib = load();
    let get: libloading::Symbol<unsafe extern "C" fn() -> PluginInfo> =
        unsafe { lib.get(b"mlirGetDialectPluginInfo\0") }.expect("mlirGetDialectPluginInfo");
    check_info(&unsafe { get() });
}

#[test]
fn pass_plugin_info() {
    let lib = load();
    let get: libloading::Symbol<unsafe extern "C" fn() -> PluginInfo> =
        unsafe { lib.get(b"mlirGetPassPluginInfo\0") }.expect("mlirGetPassPluginInfo");
    check_info(&unsafe { get() });
}

#[test]
fn two_entry_points_are_distinct_structs() {
    // One .so serves as both plugins; the callbacks must differ (one takes a
    // DialectRegistry*, the other nothing).
    let lib = load();
    unsafe {
        let d: libloading::Symbol<unsafe extern "C" fn() -> PluginInfo> =
            lib.get(b"mlirGetDialectPluginInfo\0").unwrap();
        let p: libloading::Symbol<unsafe extern "C" fn() -> PluginInfo> =
            lib.get(b"mlirGetPassPluginInfo\0").unwrap();
        let (d, p) = (d(), p());
        assert_ne!(
            d.callback.map(|f| f as usize),
            p.callback.map(|f| f as usize),
            "dialect and pass callbacks are the same function"
        );
    }
}

#[test]
fn public_c_api_is_exported() {
    // Every function of include/pallas-mlir-c/Pallas.h resolves (not called).
    let lib = load();
    for name in [
        "mlirGetDialectHandle__pallas__",
        "pallasRegisterAllDialects",
        "pallasRegisterAllPasses",
        "mlirCreatePallasConvertPallasToScf",
    ] {
        let sym = format!("{name}\0");
        let f: Result<libloading::Symbol<unsafe extern "C" fn()>, _> =
            unsafe { lib.get(sym.as_bytes()) };
        assert!(
            f.is_ok(),
            "{name} is not exported by {}",
            plugin_path().display()
        );
    }
}

#[test]
fn public_header_declares_the_exports() {
    let header = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("include/pallas-mlir-c/Pallas.h");
    let text = std::fs::read_to_string(&header).expect("read Pallas.h");
    for needle in [
        "MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Pallas, pallas)",
        "pallasRegisterAllDialects(MlirDialectRegistry registry)",
        "pallasRegisterAllPasses(void)",
        "MlirPass mlirCreatePallasConvertPallasToScf(void)",
    ] {
        assert!(text.contains(needle), "Pallas.h lacks `{needle}`");
    }
}

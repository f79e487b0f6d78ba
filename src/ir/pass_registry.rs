//! The C side of our passes: each [`PassDef`] becomes a `PallasPassInfo`
//! that src/cpp/Passes.cpp wraps in a real MLIR pass (options in `--help`
//! and in printed pipelines), and the C++ pass calls back into
//! [`run_pass`], which hands the Rust run function a borrowed op.

use std::ffi::{c_void, CString};
use std::sync::OnceLock;

use mlir_sys::{
    mlirOperationGetLocation, MlirLogicalResult, MlirOperation, MlirPass, MlirStringRef,
};

use super::ffi;
use crate::passes::{OptionKind, OptionValues, PassDef, PipelineDef};

struct CInfo {
    info: ffi::PallasPassInfo,
    // Owned storage the C struct points into.
    _strings: Vec<CString>,
    _options: Vec<ffi::PallasPassOption>,
    _dialects: Vec<*const std::os::raw::c_char>,
}

// The C structs only hold pointers into the immutable storage above, which
// lives as long as the process (a `static`).
unsafe impl Send for CInfo {}
unsafe impl Sync for CInfo {}

fn c_infos() -> &'static [CInfo] {
    static INFOS: OnceLock<Vec<CInfo>> = OnceLock::new();
    INFOS.get_or_init(|| {
        crate::passes::all()
            .iter()
            .map(|def| build_info(def))
            .collect()
    })
}

fn build_info(def: &'static PassDef) -> CInfo {
    let mut strings = Vec::new();
    let mut c = |s: &str| {
        let cs = CString::new(s).expect("no NUL in pass text");
        let p = cs.as_ptr();
        strings.push(cs);
        p
    };
    let options: Vec<ffi::PallasPassOption> = def
        .options
        .iter()
        .map(|o| ffi::PallasPassOption {
            name: c(o.name),
            description: c(o.description),
            kind: match o.kind {
                OptionKind::Bool => ffi::PallasOptionBool,
                OptionKind::Int => ffi::PallasOptionInt,
                OptionKind::String => ffi::PallasOptionString,
            } as i32,
            defaultValue: c(o.default),
        })
        .collect();
    let dialects: Vec<_> = def.dialects.iter().map(|d| c(d)).collect();
    let info = ffi::PallasPassInfo {
        argument: c(def.argument),
        name: c(def.name),
        description: c(def.description),
        anchorOpName: c(def.anchor),
        options: options.as_ptr(),
        numOptions: options.len() as isize,
        dependentDialects: dialects.as_ptr(),
        numDependentDialects: dialects.len() as isize,
        run: Some(run_pass),
        userData: def as *const PassDef as *mut c_void,
    };
    CInfo {
        info,
        _strings: strings,
        _options: options,
        _dialects: dialects,
    }
}

unsafe extern "C" fn run_pass(
    op: MlirOperation,
    values: *const MlirStringRef,
    count: isize,
    user_data: *mut c_void,
) -> MlirLogicalResult {
    let def = &*(user_data as *const PassDef);
    let _run = super::builder::PassRun::start();
    let loc = mlirOperationGetLocation(op);
    super::guard(loc, def.argument, super::logical_result(false), || {
        let raw = if count > 0 {
            std::slice::from_raw_parts(values, count as usize)
        } else {
            &[]
        };
        let parsed = OptionValues::from_pairs(
            def.options
                .iter()
                .zip(raw)
                .map(|(opt, value)| (opt.name, super::string_ref_to_str(*value).to_string())),
        );
        let op = super::borrow_op(op);
        super::logical_result((def.run)(op, &parsed).is_ok())
    })
}

/// Registers every pass and named pipeline with MLIR's global pass registry
/// (idempotent).
pub fn register_all(pipelines: &[PipelineDef]) {
    static DONE: OnceLock<()> = OnceLock::new();
    DONE.get_or_init(|| {
        for info in c_infos() {
            unsafe { ffi::pallasRegisterRustPass(&info.info) };
        }
        for p in pipelines {
            let text = |s: &str| CString::new(s).expect("no NUL in pipeline text");
            let (arg, desc, passes) = (text(p.argument), text(p.description), text(&p.passes));
            let head = text(p.options_pass.unwrap_or(""));
            // The registry copies all four.
            unsafe {
                ffi::pallasRegisterPassPipeline(
                    arg.as_ptr(),
                    desc.as_ptr(),
                    head.as_ptr(),
                    passes.as_ptr(),
                )
            };
        }
    });
}

/// Creates a pass by its argument (e.g. `convert-pallas-to-scf`).
pub fn create(argument: &str) -> Option<MlirPass> {
    let defs = crate::passes::all();
    let index = defs.iter().position(|d| d.argument == argument)?;
    Some(unsafe { ffi::pallasCreateRustPass(&c_infos()[index].info) })
}

//! The functions the generated C++ `verify()` methods of both dialects call
//! (declared in include/pallas-mlir-c/Bridge.h). Each borrows the op MLIR
//! hands in and runs the Rust verifier with panics turned into diagnostics.

use melior::ir::operation::OperationRef;
use melior::ir::Attribute;
use mlir_sys::{
    mlirOperationGetLocation, MlirAttribute, MlirLogicalResult, MlirOperation, MlirStringRef,
};

use crate::dialect::{mosaic_gpu, pallas, tpu};

fn verify_from_cpp(
    op: MlirOperation,
    what: &str,
    verify: impl FnOnce(&OperationRef) -> Result<(), ()>,
) -> MlirLogicalResult {
    let loc = unsafe { mlirOperationGetLocation(op) };
    super::guard(loc, what, super::logical_result(false), || {
        let op = unsafe { super::borrow_op(op) };
        super::logical_result(verify(&op).is_ok())
    })
}

#[no_mangle]
pub extern "C" fn pallas_rust_verify_op(op: MlirOperation) -> MlirLogicalResult {
    verify_from_cpp(op, "the pallas verifier", pallas::verify::verify_op)
}

#[no_mangle]
pub extern "C" fn pallas_rust_verify_symbol_uses(op: MlirOperation) -> MlirLogicalResult {
    verify_from_cpp(
        op,
        "the pallas verifier",
        pallas::verify::verify_symbol_uses,
    )
}

#[no_mangle]
pub extern "C" fn pallas_rust_verify_op_attribute(
    op: MlirOperation,
    name: MlirStringRef,
    attr: MlirAttribute,
) -> MlirLogicalResult {
    let name = unsafe { super::string_ref_to_str(name) };
    let attr = unsafe { Attribute::from_raw(attr) };
    verify_from_cpp(op, "the pallas verifier", |op| {
        pallas::verify::verify_discardable_attribute(op, name, attr)
    })
}

#[no_mangle]
pub extern "C" fn tpu_rust_verify_op(op: MlirOperation) -> MlirLogicalResult {
    verify_from_cpp(op, "the tpu verifier", tpu::verify::verify_op)
}

#[no_mangle]
pub extern "C" fn mosaic_gpu_rust_verify_op(op: MlirOperation) -> MlirLogicalResult {
    verify_from_cpp(op, "the mosaic_gpu verifier", mosaic_gpu::verify::verify_op)
}

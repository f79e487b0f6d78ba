//! Verifiers of every `pallas` op. The generated C++ `verify()` methods
//! forward to [`pallas_rust_verify_op`]; `pallas.kernel` and `pallas.call`
//! also forward their symbol-use checks to [`pallas_rust_verify_symbol_uses`].
//!
//! Every error is reported at the op, starts in lower case, names the
//! offending operand (`inputs[1]`, `scratch[0]`, `src` ...) and prints the
//! block spec or types involved.
//!
//! * [`kernel`]: `pallas.kernel`, `pallas.index_map`, `pallas.call`;
//! * [`body`]: the ops that live inside a kernel body;
//! * [`refs`]: the ref views `pallas.ref_reshape` and `pallas.ref_bitcast`.

mod body;
mod kernel;
mod refs;

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::{Type, TypeLike};
use melior::ir::RegionLike;
use melior::ir::{Attribute, AttributeLike};
use mlir_sys::*;

use crate::ir::{self};

/// Runs a verifier on an op handed in by C++, with panics turned into
/// diagnostics.
fn verify_from_cpp(
    op: MlirOperation,
    verify: impl FnOnce(&OperationRef) -> Verified,
) -> MlirLogicalResult {
    let loc = unsafe { mlirOperationGetLocation(op) };
    ir::guard(
        loc,
        "the pallas verifier",
        ir::logical_result(false),
        || {
            let op = unsafe { ir::borrow_op(op) };
            ir::logical_result(verify(&op).is_ok())
        },
    )
}

#[no_mangle]
pub extern "C" fn pallas_rust_verify_op(op: MlirOperation) -> MlirLogicalResult {
    verify_from_cpp(op, verify_op)
}

#[no_mangle]
pub extern "C" fn pallas_rust_verify_symbol_uses(op: MlirOperation) -> MlirLogicalResult {
    verify_from_cpp(op, |op| match op_name(op).as_str() {
        "pallas.kernel" => kernel::verify_kernel_symbols(op),
        "pallas.call" => kernel::verify_call(op),
        _ => Ok(()),
    })
}

/// The dialect's hook for discardable `pallas.*` attributes on any op (the
/// loop attributes of [`crate::dialect::pallas::loops`]).
#[no_mangle]
pub extern "C" fn pallas_rust_verify_op_attribute(
    op: MlirOperation,
    name: MlirStringRef,
    attr: MlirAttribute,
) -> MlirLogicalResult {
    let name = unsafe { ir::string_ref_to_str(name) };
    let attr = unsafe { Attribute::from_raw(attr) };
    verify_from_cpp(op, |op| {
        super::loops::verify_loop_attribute(op, name, attr).or_else(|m| fail(op, m))
    })
}

/// The result of a verifier: `Err(())` once a diagnostic has been emitted.
pub(crate) type Verified = Result<(), ()>;

fn verify_op(op: &OperationRef) -> Verified {
    match op_name(op).as_str() {
        "pallas.kernel" => kernel::verify_kernel(op),
        "pallas.index_map" => kernel::verify_index_map(op),
        name => body::verify_body_op(op, name),
    }
}

/// Emits `'<op>' op <message>` and fails.
pub(crate) fn fail(op: &OperationRef, message: impl AsRef<str>) -> Verified {
    ir::emit_op_error(op, message.as_ref());
    Err(())
}

/// Emits at `op` and fails unless `ok`.
pub(crate) fn ensure(op: &OperationRef, ok: bool, message: impl FnOnce() -> String) -> Verified {
    if ok {
        Ok(())
    } else {
        fail(op, message())
    }
}

pub(crate) fn op_name(op: &OperationRef) -> String {
    op.name().as_string_ref().as_str().unwrap_or("").to_string()
}

//===----------------------------------------------------------------------===//
// Attribute readers (None when absent or of another kind)
//===----------------------------------------------------------------------===//

pub(crate) fn attr<'c>(op: &OperationRef<'c, '_>, name: &str) -> Option<Attribute<'c>> {
    op.attribute(name).ok()
}

pub(crate) fn dense_i64(op: &OperationRef, name: &str) -> Option<Vec<i64>> {
    let a = attr(op, name)?.to_raw();
    unsafe {
        if !mlirAttributeIsADenseI64Array(a) {
            return None;
        }
        Some(
            (0..mlirDenseArrayGetNumElements(a))
                .map(|i| mlirDenseI64ArrayGetElement(a, i))
                .collect(),
        )
    }
}

pub(crate) fn array_elements<'c>(a: Attribute<'c>) -> Option<Vec<Attribute<'c>>> {
    unsafe {
        let raw = a.to_raw();
        if !mlirAttributeIsAArray(raw) {
            return None;
        }
        Some(
            (0..mlirArrayAttrGetNumElements(raw))
                .map(|i| Attribute::from_raw(mlirArrayAttrGetElement(raw, i)))
                .collect(),
        )
    }
}

pub(crate) fn string_value(a: Attribute) -> Option<String> {
    unsafe {
        let raw = a.to_raw();
        mlirAttributeIsAString(raw)
            .then(|| ir::string_ref_to_str(mlirStringAttrGetValue(raw)).to_string())
    }
}

pub(crate) fn type_value<'c>(a: Attribute<'c>) -> Option<Type<'c>> {
    unsafe {
        let raw = a.to_raw();
        mlirAttributeIsAType(raw).then(|| Type::from_raw(mlirTypeAttrGetValue(raw)))
    }
}

pub(crate) fn int_attr(op: &OperationRef, name: &str) -> Option<i64> {
    let a = attr(op, name)?.to_raw();
    unsafe { mlirAttributeIsAInteger(a).then(|| mlirIntegerAttrGetValueInt(a)) }
}

pub(crate) fn string_attr(op: &OperationRef, name: &str) -> Option<String> {
    string_value(attr(op, name)?)
}

/// The entries of a dictionary attribute, in order.
pub(crate) fn dictionary_entries<'c>(a: Attribute<'c>) -> Option<Vec<(String, Attribute<'c>)>> {
    unsafe {
        let raw = a.to_raw();
        if !mlirAttributeIsADictionary(raw) {
            return None;
        }
        Some(
            (0..mlirDictionaryAttrGetNumElements(raw))
                .map(|i| {
                    let named = mlirDictionaryAttrGetElement(raw, i);
                    let name = ir::string_ref_to_str(mlirIdentifierStr(named.name)).to_string();
                    (name, Attribute::from_raw(named.attribute))
                })
                .collect(),
        )
    }
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

pub(crate) fn is_integer(t: Type) -> bool {
    unsafe { mlirTypeIsAInteger(t.to_raw()) }
}

pub(crate) fn is_i32(t: Type) -> bool {
    unsafe {
        mlirTypeIsAInteger(t.to_raw())
            && mlirIntegerTypeGetWidth(t.to_raw()) == 32
            && mlirIntegerTypeIsSignless(t.to_raw())
    }
}

pub(crate) fn is_index(t: Type) -> bool {
    unsafe { mlirTypeIsAIndex(t.to_raw()) }
}

pub(crate) use crate::ir::bit_width;

/// `vector<shape x elem>`, or `elem` itself for an empty shape.
/// The type of the values a ref of element type `elem` holds in a kernel:
/// integers are signless whatever the array's signedness (as in JAX's
/// lowering, and as `arith` needs them).
pub(crate) fn value_element_type(elem: Type<'_>) -> Type<'_> {
    ir::signless(elem)
}

pub(crate) fn vector_or_scalar<'c>(shape: &[i64], elem: Type<'c>) -> Type<'c> {
    if shape.is_empty() {
        return elem;
    }
    ir::vector_type(shape, elem)
}

/// The shape of a shaped type, or `[]` for a scalar.
pub(crate) fn shape_of(t: Type) -> Vec<i64> {
    ir::memref_shape(t)
}

pub(crate) fn type_list(types: &[Type]) -> String {
    let items: Vec<String> = types.iter().map(|t| t.to_string()).collect();
    format!("({})", items.join(", "))
}

pub(crate) fn dim_text(d: i64) -> String {
    if d == i64::MIN {
        "?".to_string()
    } else {
        d.to_string()
    }
}

pub(crate) fn shape_text(shape: &[i64]) -> String {
    let items: Vec<String> = shape.iter().map(|d| dim_text(*d)).collect();
    format!("[{}]", items.join(", "))
}

//===----------------------------------------------------------------------===//
// Structure
//===----------------------------------------------------------------------===//

/// The closest ancestor of `op` named one of `names`.
pub(crate) fn ancestor<'c, 'a>(
    op: &OperationRef<'c, 'a>,
    names: &[&str],
) -> Option<OperationRef<'c, 'a>> {
    let mut current = op.parent_operation();
    while let Some(parent) = current {
        if names.contains(&op_name(&parent).as_str()) {
            return Some(parent);
        }
        current = parent.parent_operation();
    }
    None
}

/// The argument types of the entry block of region 0, when there is one.
pub(crate) fn entry_arg_types<'c>(op: &OperationRef<'c, '_>) -> Option<Vec<Type<'c>>> {
    let region = op.region(0).ok()?;
    let block = region.first_block()?;
    Some(
        (0..block.argument_count())
            .filter_map(|i| {
                block
                    .argument(i)
                    .ok()
                    .map(|a| melior::ir::ValueLike::r#type(&a))
            })
            .collect(),
    )
}

/// Looks `name` up in the closest symbol table around `op`.
pub(crate) fn lookup_symbol<'c, 'a>(
    op: &OperationRef<'c, 'a>,
    name: &str,
) -> Option<OperationRef<'c, 'a>> {
    let mut current = op.parent_operation();
    while let Some(parent) = current {
        unsafe {
            let table = mlirSymbolTableCreate(parent.to_raw());
            if !table.ptr.is_null() {
                let found = mlirSymbolTableLookup(table, ir::str_ref(name));
                mlirSymbolTableDestroy(table);
                return OperationRef::from_option_raw(found);
            }
        }
        current = parent.parent_operation();
    }
    None
}

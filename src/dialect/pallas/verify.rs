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
//! * [`refs`]: the ref views `pallas.ref_reshape` and `pallas.ref_bitcast`;
//! * [`gpu`]: GPU kernels (`mosaic_gpu` params, transforms, barriers) and
//!   the GPU-only ops.

mod body;
mod gpu;
mod kernel;
mod refs;

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::Attribute;
use melior::ir::RegionLike;

use crate::ir::{self};

/// The symbol-use checks of `pallas.kernel` and `pallas.call`.
pub(crate) fn verify_symbol_uses(op: &OperationRef) -> Verified {
    match op_name(op) {
        "pallas.kernel" => kernel::verify_kernel_symbols(op),
        "pallas.call" => kernel::verify_call(op),
        _ => Ok(()),
    }
}

/// The dialect's hook for a discardable `pallas.*` attribute on any op
/// (the loop attributes of [`crate::dialect::pallas::loops`]).
pub(crate) fn verify_discardable_attribute(
    op: &OperationRef,
    name: &str,
    attr: Attribute,
) -> Verified {
    super::loops::verify_loop_attribute(op, name, attr).or_else(|m| fail(op, m))
}

/// The result of a verifier: `Err(())` once a diagnostic has been emitted.
pub(crate) type Verified = Result<(), ()>;

/// Verifies any `pallas` op (called by the generated C++ `verify()`).
pub(crate) fn verify_op(op: &OperationRef) -> Verified {
    match op_name(op) {
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

pub(crate) fn op_name<'c>(op: &OperationRef<'c, '_>) -> &'c str {
    crate::ir::op_name_of(op)
}

//===----------------------------------------------------------------------===//
// Attribute readers (None when absent or of another kind)
//===----------------------------------------------------------------------===//

pub(crate) fn attr<'c>(op: &OperationRef<'c, '_>, name: &str) -> Option<Attribute<'c>> {
    op.attribute(name).ok()
}

pub(crate) fn dense_i64(op: &OperationRef, name: &str) -> Option<Vec<i64>> {
    ir::attrs::as_dense_i64(attr(op, name)?)
}

pub(crate) fn array_elements<'c>(a: Attribute<'c>) -> Option<Vec<Attribute<'c>>> {
    ir::attrs::as_array(a)
}

pub(crate) fn string_value(a: Attribute) -> Option<String> {
    ir::attrs::as_string(a)
}

pub(crate) fn type_value<'c>(a: Attribute<'c>) -> Option<Type<'c>> {
    ir::attrs::as_type(a)
}

pub(crate) fn int_attr(op: &OperationRef, name: &str) -> Option<i64> {
    ir::int_attr(op, name)
}

pub(crate) fn string_attr(op: &OperationRef, name: &str) -> Option<String> {
    string_value(attr(op, name)?)
}

/// The entries of a dictionary attribute, in order.
pub(crate) fn dictionary_entries<'c>(a: Attribute<'c>) -> Option<Vec<(String, Attribute<'c>)>> {
    ir::attrs::as_dictionary(a)
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

pub(crate) fn is_integer(t: Type) -> bool {
    ir::is_integer(t)
}

pub(crate) fn is_i32(t: Type) -> bool {
    ir::attrs::is_i32(t)
}

pub(crate) fn is_index(t: Type) -> bool {
    ir::attrs::is_index(t)
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
        if names.contains(&op_name(&parent)) {
            return Some(parent);
        }
        current = parent.parent_operation();
    }
    None
}

/// The argument types of the entry block of region 0, when there is one.
pub(crate) fn entry_arg_types<'c>(op: &OperationRef<'c, '_>) -> Option<Vec<Type<'c>>> {
    let region = crate::ir::region_at(op, 0)?;
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
pub(crate) use crate::ir::attrs::lookup_symbol;

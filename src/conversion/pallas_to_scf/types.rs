//! Types on the CPU: memory spaces are dropped and semaphores are `i32`
//! counters.

use melior::ir::r#type::Type;

use crate::conversion::framework::TypeConverter;
use crate::ir::{self, MemorySpace, SemaphoreKind};

/// The CPU type of `ty`, or `None` when it stays as it is.
pub fn convert(ty: Type<'_>) -> Option<Type<'_>> {
    if SemaphoreKind::of_type(ty).is_some() {
        return Some(ir::i32_like(ty));
    }
    if !ir::is_memref(ty) {
        return None;
    }
    let sem = SemaphoreKind::of_memref(ty).is_some();
    let space = MemorySpace::of_memref(ty).is_some();
    if !sem && !space {
        return None;
    }
    let elem = if sem {
        ir::i32_like(ty)
    } else {
        ir::element_type(ty)
    };
    // A pallas memory space is dropped; any other is kept.
    let keep_space = if space {
        None
    } else {
        ir::memref_memory_space(ty)
    };
    Some(ir::memref_with(ty, elem, keep_space))
}

/// The converter of the pass.
pub fn converter() -> TypeConverter {
    let mut tc = TypeConverter::new();
    tc.add(convert);
    tc
}

/// `convert` or the type itself.
pub fn cpu_type(ty: Type<'_>) -> Type<'_> {
    convert(ty).unwrap_or(ty)
}

/// Reports a kernel operand (prefetch, window, scratch) of complex
/// elements: the reference has no NaN to fill their padding with nor
/// arithmetic on them (no target takes them: common/consumer.rs).
pub fn check(op: &melior::ir::operation::OperationRef) -> Result<(), String> {
    if ir::op_name_of(op) != "pallas.kernel" {
        return Ok(());
    }
    match crate::conversion::common::consumer::complex_operand(op) {
        Some((i, ty)) => Err(format!(
            "not yet supported: body operand {i} of type {ty}: complex elements in the CPU reference"
        )),
        None => Ok(()),
    }
}

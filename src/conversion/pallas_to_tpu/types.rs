//! Types inside a Mosaic kernel: refs live in `#tpu.memory_space<...>`
//! without a layout, semaphores are `!tpu.semaphore` / `!tpu.dma_semaphore`
//! refs in `semaphore_mem`, and `i1` refs hold `i32` (Mosaic has no bool
//! memory).

use melior::ir::r#type::Type;

use crate::conversion::common::builder::memo_type;
use crate::conversion::framework::TypeConverter;
use crate::ir::{self, tpu_types, MemorySpace, SemaphoreKind};

/// The `#tpu.memory_space` keyword of a pallas memory space; `None` for the
/// GPU spaces, which have no TPU counterpart. No memory space means VMEM.
pub fn tpu_memory_space(space: Option<MemorySpace>) -> Option<&'static str> {
    Some(match space {
        None | Some(MemorySpace::Vmem) => "vmem",
        Some(MemorySpace::Any) => "any",
        Some(MemorySpace::Hbm) => "hbm",
        Some(MemorySpace::VmemShared) => "vmem_shared",
        Some(MemorySpace::Smem) => "smem",
        Some(MemorySpace::Cmem) => "cmem",
        Some(MemorySpace::Semaphore) => "semaphore_mem",
        Some(MemorySpace::Host) => "host",
        Some(MemorySpace::Gmem | MemorySpace::Shared | MemorySpace::Tmem | MemorySpace::Regs) => {
            return None
        }
    })
}

/// Whether a memref type is already in Mosaic form: a `#tpu` memory space,
/// the identity layout and a Mosaic element type.
fn is_tpu_memref(ty: Type) -> bool {
    let elem = ir::element_type(ty);
    ir::memref_memory_space(ty).is_some()
        && MemorySpace::memref_has_foreign_space(ty)
        && ir::has_identity_layout(ty)
        && SemaphoreKind::of_type(elem).is_none()
        && !(ir::is_integer(elem)
            && (ir::integer_width(elem) == Some(1) || !ir::is_signless_integer(elem)))
}

/// `memref<shape x elem, #tpu.memory_space<space>>` as text.
pub fn memref_text(shape: &[i64], elem: &str, space: &str) -> String {
    memref_text_in(shape, elem, &format!("#tpu.memory_space<{space}>"))
}

/// `memref<shape x elem, space_attr>` as text.
pub fn memref_text_in(shape: &[i64], elem: &str, space_attr: &str) -> String {
    let mut s = String::from("memref<");
    for d in shape {
        if *d == i64::MIN {
            s.push('?');
        } else {
            s.push_str(&d.to_string());
        }
        s.push('x');
    }
    s.push_str(elem);
    s.push_str(&format!(", {space_attr}>"));
    s
}

/// The element type of a ref in Mosaic: bools are stored as `i32`, and
/// integers are signless whatever the array's signedness (JAX gives Mosaic
/// `i32` for `uint32` arrays too).
fn element_type(elem: Type<'_>) -> Type<'_> {
    match SemaphoreKind::of_type(elem) {
        Some(kind) => tpu_types::semaphore_type(elem, kind == SemaphoreKind::Dma),
        None => match ir::integer_width(elem) {
            Some(1) => tpu_types::integer_type(elem, 32),
            Some(w) => tpu_types::integer_type(elem, w),
            None => elem,
        },
    }
}

/// The Mosaic type of `ty`, or `None` when it stays as it is (or has no
/// Mosaic form: the check phase reports those).
pub fn convert(ty: Type<'_>) -> Option<Type<'_>> {
    if !ir::is_memref(ty) {
        return None;
    }
    memo_type(CONVERT_TABLE, ty, convert_memref)
}

/// The [`memo_type`] table of [`convert`].
const CONVERT_TABLE: u32 = 1;

fn convert_memref(ty: Type<'_>) -> Option<Type<'_>> {
    if is_tpu_memref(ty) {
        return None;
    }
    let elem = ir::element_type(ty);
    let space = if SemaphoreKind::of_type(elem).is_some() {
        tpu_types::memory_space_attr(ty, "semaphore_mem")?
    } else if MemorySpace::memref_has_foreign_space(ty) {
        // Already a #tpu space (kept, core type included); only the layout
        // and the element type change.
        ir::memref_memory_space(ty)?
    } else {
        tpu_types::memory_space_attr(ty, tpu_memory_space(MemorySpace::of_memref(ty))?)?
    };
    Some(tpu_types::memref_type(
        &ir::memref_shape(ty),
        element_type(elem),
        space,
    ))
}

/// `convert` or the type itself.
pub fn tpu_type(ty: Type<'_>) -> Type<'_> {
    convert(ty).unwrap_or(ty)
}

/// The converter of the pass.
pub fn converter() -> TypeConverter {
    let mut tc = TypeConverter::new();
    tc.add(convert);
    tc
}

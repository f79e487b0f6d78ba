//! Mosaic `tpu` types and attributes built from values (the lowerings'
//! hot path: no text is printed or parsed).

use melior::ir::attribute::{Attribute, AttributeLike};
use melior::ir::r#type::{Type, TypeLike};
use mlir_sys::*;

use super::ffi;

/// Mosaic's MemorySpace keywords and values (TPUAttrs.td).
const SPACES: [(&str, i64); super::builder::MEMORY_SPACES] = [
    ("any", 0xFFFF_FFFF),
    ("vmem", 0),
    ("smem", 1),
    ("hbm", 2),
    ("cmem", 3),
    ("semaphore_mem", 4),
    ("vmem_shared", 5),
    ("host", 6),
];

/// `#tpu.memory_space<keyword>` in the context of `like`; `None` for an
/// unknown keyword.
pub fn memory_space_attr<'c>(like: Type<'c>, keyword: &str) -> Option<Attribute<'c>> {
    let index = SPACES.iter().position(|(k, _)| *k == keyword)?;
    let ctx = unsafe { mlirTypeGetContext(like.to_raw()) };
    let raw = super::builder::memo_memory_space(ctx, index, || unsafe {
        ffi::tpuMemorySpaceAttrGet(ctx, SPACES[index].1)
    });
    (!raw.ptr.is_null()).then(|| unsafe { Attribute::from_raw(raw) })
}

/// The keyword of a `#tpu.memory_space` attribute; `None` for any other
/// attribute.
pub fn memory_space_keyword(a: Attribute) -> Option<&'static str> {
    let value = unsafe { ffi::tpuMemorySpaceAttrGetValue(a.to_raw()) };
    SPACES.iter().find(|(_, v)| *v == value).map(|(k, _)| *k)
}

/// `!tpu.dma_semaphore` (`dma`) or `!tpu.semaphore` in the context of `like`.
pub fn semaphore_type(like: Type<'_>, dma: bool) -> Type<'_> {
    unsafe {
        Type::from_raw(ffi::tpuSemaphoreTypeGet(
            mlirTypeGetContext(like.to_raw()),
            dma,
        ))
    }
}

/// `memref<shape x elem, space>` with the identity layout (built once per
/// pass run, see [`super::builder::memo_memref_type`]).
pub fn memref_type<'c>(shape: &[i64], elem: Type<'c>, space: Attribute<'c>) -> Type<'c> {
    super::builder::memo_memref_type(shape, elem, space, || unsafe {
        Type::from_raw(mlirMemRefTypeContiguousGet(
            elem.to_raw(),
            shape.len() as isize,
            shape.as_ptr(),
            space.to_raw(),
        ))
    })
}

/// The integer type of `width` bits (signless) in the context of `like`.
pub fn integer_type(like: Type<'_>, width: u32) -> Type<'_> {
    unsafe { Type::from_raw(mlirIntegerTypeGet(mlirTypeGetContext(like.to_raw()), width)) }
}

/// The signed integer type of `width` bits (`si32`) in the context of `like`.
pub fn signed_integer_type(like: Type<'_>, width: u32) -> Type<'_> {
    unsafe {
        Type::from_raw(mlirIntegerTypeSignedGet(
            mlirTypeGetContext(like.to_raw()),
            width,
        ))
    }
}

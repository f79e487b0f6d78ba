//! Types on the CPU: memory spaces are dropped and semaphores are `i32`
//! counters.

use melior::ir::r#type::{Type, TypeLike};
use mlir_sys::*;

use crate::conversion::framework::TypeConverter;
use crate::ir::{self, MemorySpace, SemaphoreKind};

/// The CPU type of `ty`, or `None` when it stays as it is.
pub fn convert(ty: Type<'_>) -> Option<Type<'_>> {
    unsafe {
        let raw = ty.to_raw();
        let ctx = mlirTypeGetContext(raw);
        if SemaphoreKind::of_type(ty).is_some() {
            return Some(Type::from_raw(mlirIntegerTypeGet(ctx, 32)));
        }
        if !mlirTypeIsAMemRef(raw) {
            return None;
        }
        let sem = SemaphoreKind::of_memref(ty).is_some();
        let space = MemorySpace::of_memref(ty).is_some();
        if !sem && !space {
            return None;
        }
        let elem = if sem {
            mlirIntegerTypeGet(ctx, 32)
        } else {
            mlirShapedTypeGetElementType(raw)
        };
        let shape = ir::memref_shape(ty);
        let layout = mlirMemRefTypeGetLayout(raw);
        let keep_space = if space {
            MlirAttribute {
                ptr: std::ptr::null(),
            }
        } else {
            mlirMemRefTypeGetMemorySpace(raw)
        };
        Some(Type::from_raw(mlirMemRefTypeGet(
            elem,
            shape.len() as isize,
            shape.as_ptr(),
            layout,
            keep_space,
        )))
    }
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

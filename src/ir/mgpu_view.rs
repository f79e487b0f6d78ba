//! Raw accessors the `mosaic_gpu` verifiers need beyond [`super::tpu_view`]:
//! kept here so that the verifiers stay safe Rust.

use mlir_sys::{
    mlirArrayAttrGetElement, mlirArrayAttrGetNumElements, mlirAttributeIsAArray,
    mlirAttributeIsAInteger, mlirIntegerAttrGetValueInt, mlirTypeIsAF16, mlirTypeIsAFloat8E4M3FN,
    mlirTypeIsAFloat8E5M2, mlirTypeIsAShaped, MlirAttribute,
};

use super::ffi;
use super::tpu_view::Ty;

/// JAX's spelling of the `mosaic_gpu` compiler-params key behind
/// `MosaicGpuParams::no_auto_barriers` (a dictionary key, not Rust). It
/// lives here because the crate keeps the word for Rust's unchecked code
/// to `src/ir/`, which a text search verifies.
pub const NO_AUTO_BARRIERS_KEY: &str = "unsafe_no_auto_barriers";

impl Ty {
    /// Any ShapedType (tensors and unranked memrefs included), unlike
    /// [`Ty::is_shaped`] which means vector or ranked memref.
    pub fn is_any_shaped(self) -> bool {
        !self.is_null() && unsafe { mlirTypeIsAShaped(self.raw()) }
    }
    pub fn is_integer(self) -> bool {
        self.int_width().is_some()
    }
    pub fn is_f16(self) -> bool {
        !self.is_null() && unsafe { mlirTypeIsAF16(self.raw()) }
    }
    pub fn is_f8e4m3fn(self) -> bool {
        !self.is_null() && unsafe { mlirTypeIsAFloat8E4M3FN(self.raw()) }
    }
    pub fn is_f8e5m2(self) -> bool {
        !self.is_null() && unsafe { mlirTypeIsAFloat8E5M2(self.raw()) }
    }
    /// The `mosaic_gpu` memory space kind of a memref (GMEM when it has none).
    pub fn mosaic_gpu_space(self) -> i32 {
        let attr = self.memory_space().unwrap_or(MlirAttribute {
            ptr: std::ptr::null(),
        });
        unsafe { ffi::mosaicGpuMemorySpaceGetKind(attr) }
    }
}

/// The integers of an ArrayAttr of IntegerAttrs (others skipped).
pub fn int_array(a: Option<MlirAttribute>) -> Vec<i64> {
    let Some(a) = a else { return Vec::new() };
    unsafe {
        if !mlirAttributeIsAArray(a) {
            return Vec::new();
        }
        (0..mlirArrayAttrGetNumElements(a))
            .map(|i| mlirArrayAttrGetElement(a, i))
            .filter(|e| mlirAttributeIsAInteger(*e))
            .map(|e| mlirIntegerAttrGetValueInt(e))
            .collect()
    }
}

/// The number of entries of an ArrayAttr (0 when absent or not an array).
pub fn array_len(a: Option<MlirAttribute>) -> usize {
    a.filter(|a| unsafe { mlirAttributeIsAArray(*a) })
        .map_or(0, |a| unsafe { mlirArrayAttrGetNumElements(a) } as usize)
}

/// Whether an attribute is a splat dense elements attribute (one value
/// for every element).
pub fn is_splat_elements(a: melior::ir::Attribute) -> bool {
    use melior::ir::attribute::AttributeLike;
    unsafe {
        mlir_sys::mlirAttributeIsADenseElements(a.to_raw())
            && mlir_sys::mlirDenseElementsAttrIsSplat(a.to_raw())
    }
}

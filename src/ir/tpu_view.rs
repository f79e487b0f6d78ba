//! A copyable view of an operation and of a type through the C API, for
//! the `tpu` verifier (src/dialect/tpu/verify.rs). Its accessors never
//! assume what the ODS constraints promise: verifiers run right after
//! parsing, so an out-of-range operand reads as a null type and a missing
//! or mistyped attribute as `None`.

use melior::ir::operation::{OperationLike, OperationRef};
use mlir_sys::*;

use super::ffi;

/// A verifier's result; the error has been reported as a diagnostic.
pub type Verified = Result<(), super::Reported>;

/// Mosaic's CoreType value of the TensorCore (the core an op runs on when
/// no ancestor says otherwise).
pub const CORE_TC: i32 = 0;

#[derive(Clone, Copy)]
pub struct Op(MlirOperation);

#[derive(Clone, Copy)]
pub struct Ty(MlirType);

impl Op {
    pub fn name(self) -> String {
        self.with_name(str::to_string)
    }

    /// `f` of the op's name, without copying it.
    pub fn with_name<R>(self, f: impl FnOnce(&str) -> R) -> R {
        // The identifier lives as long as the context, which outlives the
        // call; `f` cannot keep the borrow.
        let name =
            unsafe { super::string_ref_to_str(mlirIdentifierStr(mlirOperationGetName(self.0))) };
        f(name)
    }

    pub fn borrowed<'c, 'a>(self) -> OperationRef<'c, 'a> {
        unsafe { super::borrow_op(self.0) }
    }

    /// `'tpu.x' op <message>`, failing.
    pub fn fail(self, message: impl AsRef<str>) -> Verified {
        super::emit_op_error(&self.borrowed(), message.as_ref());
        Err(super::Reported)
    }

    /// A plain error at the op's location (Mosaic's `emitError`), failing.
    pub fn fail_plain(self, message: impl AsRef<str>) -> Verified {
        let op = self.borrowed();
        super::emit_error(op.location(), message.as_ref());
        Err(super::Reported)
    }

    pub fn ensure(self, ok: bool, message: impl FnOnce() -> String) -> Verified {
        if ok {
            Ok(())
        } else {
            self.fail(message())
        }
    }

    pub fn num_operands(self) -> usize {
        unsafe { mlirOperationGetNumOperands(self.0) as usize }
    }

    pub fn operand_value(self, i: usize) -> MlirValue {
        unsafe { mlirOperationGetOperand(self.0, i as isize) }
    }

    pub fn operand(self, i: usize) -> Ty {
        if i >= self.num_operands() {
            return Ty(MlirType {
                ptr: std::ptr::null(),
            });
        }
        Ty(unsafe { mlirValueGetType(self.operand_value(i)) })
    }

    pub fn num_results(self) -> usize {
        unsafe { mlirOperationGetNumResults(self.0) as usize }
    }

    pub fn result(self, i: usize) -> Ty {
        if i >= self.num_results() {
            return Ty(MlirType {
                ptr: std::ptr::null(),
            });
        }
        Ty(unsafe { mlirValueGetType(mlirOperationGetResult(self.0, i as isize)) })
    }

    pub fn attr(self, name: &str) -> Option<MlirAttribute> {
        let a = unsafe { mlirOperationGetAttributeByName(self.0, super::str_ref(name)) };
        (!a.ptr.is_null()).then_some(a)
    }

    pub fn int_attr(self, name: &str) -> Option<i64> {
        let a = self.attr(name)?;
        unsafe { mlirAttributeIsAInteger(a).then(|| mlirIntegerAttrGetValueInt(a)) }
    }

    pub fn bool_attr(self, name: &str) -> bool {
        self.attr(name)
            .is_some_and(|a| unsafe { mlirAttributeIsABool(a) && mlirBoolAttrGetValue(a) })
    }

    pub fn type_attr(self, name: &str) -> Option<Ty> {
        let a = self.attr(name)?;
        unsafe { mlirAttributeIsAType(a).then(|| Ty(mlirTypeAttrGetValue(a))) }
    }

    /// A DenseI32ArrayAttr or DenseI64ArrayAttr as i64s.
    pub fn dense_attr(self, name: &str) -> Option<Vec<i64>> {
        let a = self.attr(name)?;
        unsafe {
            let n = mlirDenseArrayGetNumElements(a);
            if mlirAttributeIsADenseI32Array(a) {
                Some(
                    (0..n)
                        .map(|i| mlirDenseI32ArrayGetElement(a, i) as i64)
                        .collect(),
                )
            } else if mlirAttributeIsADenseI64Array(a) {
                Some((0..n).map(|i| mlirDenseI64ArrayGetElement(a, i)).collect())
            } else {
                None
            }
        }
    }

    /// The operands of group `g` of an op with `AttrSizedOperandSegments`
    /// (its `operandSegmentSizes`, read from the op's properties).
    pub fn group(self, g: usize) -> std::ops::Range<usize> {
        let (start, len) = super::with_raw_segment_sizes(self.0, |sizes| {
            let size = |s: &i32| (*s).max(0) as usize;
            let start: usize = sizes.iter().take(g).map(size).sum();
            (start, sizes.get(g).map_or(0, size))
        });
        let end = (start + len).min(self.num_operands());
        start.min(end)..end
    }

    pub fn parent(self) -> Option<Op> {
        let p = unsafe { mlirOperationGetParentOperation(self.0) };
        (!p.ptr.is_null()).then_some(Op(p))
    }

    /// The core type given by the nearest ancestor (`tpu.core_type`, or a
    /// `func.func @main` without one, which means `tc`), if any.
    pub fn ancestor_core_type(self) -> Option<i32> {
        let mut cur = self.parent();
        while let Some(p) = cur {
            if let Some(a) = p.attr("tpu.core_type") {
                let v = unsafe { ffi::tpuCoreTypeAttrGetValue(a) };
                if v >= 0 {
                    return Some(v);
                }
            } else if p.name() == "func.func"
                && p.attr("sym_name").and_then(string_of) == Some("main".into())
            {
                return Some(CORE_TC);
            }
            cur = p.parent();
        }
        None
    }

    /// The core the op runs on (`tc` unless an ancestor says otherwise).
    pub fn core_type(self) -> i32 {
        self.ancestor_core_type().unwrap_or(CORE_TC)
    }

    /// The constant integer an operand is defined by, if any.
    pub fn constant_operand(self, i: usize) -> Option<i64> {
        if i >= self.num_operands() {
            return None;
        }
        unsafe {
            let v = self.operand_value(i);
            if !mlirValueIsAOpResult(v) {
                return None;
            }
            let def = Op(mlirOpResultGetOwner(v));
            if def.name() != "arith.constant" {
                return None;
            }
            def.int_attr("value")
        }
    }
}

pub fn string_of(a: MlirAttribute) -> Option<String> {
    unsafe {
        mlirAttributeIsAString(a)
            .then(|| super::string_ref_to_str(mlirStringAttrGetValue(a)).to_string())
    }
}

impl Ty {
    pub fn is_null(self) -> bool {
        self.0.ptr.is_null()
    }
    pub fn is_vector(self) -> bool {
        !self.is_null() && unsafe { mlirTypeIsAVector(self.0) }
    }
    pub fn is_memref(self) -> bool {
        !self.is_null() && unsafe { mlirTypeIsAMemRef(self.0) }
    }
    pub fn is_shaped(self) -> bool {
        self.is_vector() || self.is_memref()
    }
    pub fn rank(self) -> i64 {
        if self.is_shaped() {
            unsafe { mlirShapedTypeGetRank(self.0) }
        } else {
            -1
        }
    }
    pub fn shape(self) -> Vec<i64> {
        self.with_shape(<[i64]>::to_vec)
    }

    /// `f` of the shape (empty for a type without one; see
    /// [`super::with_shape`]).
    pub fn with_shape<R>(self, f: impl FnOnce(&[i64]) -> R) -> R {
        if !self.is_shaped() {
            return f(&[]);
        }
        super::with_shape(unsafe { melior::ir::r#type::Type::from_raw(self.0) }, f)
    }
    pub fn elem(self) -> Ty {
        if self.is_shaped() {
            Ty(unsafe { mlirShapedTypeGetElementType(self.0) })
        } else {
            self
        }
    }
    pub fn same_as(self, other: Ty) -> bool {
        !self.is_null() && !other.is_null() && unsafe { mlirTypeEqual(self.0, other.0) }
    }
    pub fn is_f32(self) -> bool {
        !self.is_null() && unsafe { mlirTypeIsAF32(self.0) }
    }
    pub fn is_bf16(self) -> bool {
        !self.is_null() && unsafe { mlirTypeIsABF16(self.0) }
    }
    pub fn int_width(self) -> Option<u32> {
        (!self.is_null() && unsafe { mlirTypeIsAInteger(self.0) })
            .then(|| unsafe { mlirIntegerTypeGetWidth(self.0) })
    }
    pub fn is_signless_int(self) -> bool {
        self.int_width().is_some() && unsafe { mlirIntegerTypeIsSignless(self.0) }
    }
    pub fn is_index(self) -> bool {
        !self.is_null() && unsafe { mlirTypeIsAIndex(self.0) }
    }
    /// The bit width of a scalar type (the element type of a shaped one).
    pub fn bitwidth(self) -> i64 {
        let t = self.elem();
        if let Some(w) = t.int_width() {
            return w as i64;
        }
        unsafe {
            if mlirTypeIsAFloat(t.0) {
                return mlirFloatTypeGetWidth(t.0) as i64;
            }
            if t.is_index() {
                return 64;
            }
        }
        0
    }
    pub fn memory_space(self) -> Option<MlirAttribute> {
        if !self.is_memref() {
            return None;
        }
        let a = unsafe { mlirMemRefTypeGetMemorySpace(self.0) };
        (!a.ptr.is_null()).then_some(a)
    }
    pub fn same_memory_space(self, other: Ty) -> bool {
        match (self.memory_space(), other.memory_space()) {
            (None, None) => true,
            (Some(a), Some(b)) => unsafe { mlirAttributeEqual(a, b) },
            _ => false,
        }
    }
    /// The #tpu.memory_space value, if the memref has one.
    pub fn tpu_space(self) -> Option<i64> {
        let v = unsafe { ffi::tpuMemorySpaceAttrGetValue(self.memory_space()?) };
        (v >= 0).then_some(v)
    }
    /// The core type named by the memref's #tpu.memory_space, if any.
    pub fn ref_core_type(self) -> Option<i32> {
        let v = unsafe { ffi::tpuMemorySpaceAttrGetCoreType(self.memory_space()?) };
        (v >= 0).then_some(v)
    }
    pub fn layout(self) -> Option<MlirAttribute> {
        if !self.is_memref() {
            return None;
        }
        let a = unsafe { mlirMemRefTypeGetLayout(self.0) };
        (!a.ptr.is_null()).then_some(a)
    }
    /// For a #tpu.tiled layout: the rank of its first tile (0 if untiled).
    pub fn tiled_first_rank(self) -> Option<i64> {
        let layout = self.layout()?;
        let mut rank: isize = 0;
        unsafe { ffi::tpuTiledLayoutGet(layout, &mut rank) }.then_some(rank as i64)
    }
    pub fn is_identity_layout(self) -> bool {
        self.layout().is_none()
            || unsafe { mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(self.0)) }
    }
    pub fn semaphore_kind(self) -> i32 {
        if self.is_null() {
            return 0;
        }
        unsafe { ffi::tpuTypeGetKind(self.0) }
    }
    pub fn num_dynamic_dims(self) -> usize {
        self.shape()
            .iter()
            .filter(|&&d| d == i64::MIN /* ShapedType::kDynamic */)
            .count()
    }
    pub fn text(self) -> String {
        if self.is_null() {
            return "<<NULL TYPE>>".into();
        }
        let mut out = String::new();
        let data = &mut out as *mut String as *mut std::ffi::c_void;
        unsafe { mlirTypePrint(self.0, Some(append_to_string), data) };
        out
    }
}

unsafe extern "C" fn append_to_string(s: MlirStringRef, data: *mut std::ffi::c_void) {
    let out = &mut *(data as *mut String);
    out.push_str(&String::from_utf8_lossy(std::slice::from_raw_parts(
        s.data as *const u8,
        s.length,
    )));
}

pub fn attr_text(a: MlirAttribute) -> String {
    let mut out = String::new();
    let data = &mut out as *mut String as *mut std::ffi::c_void;
    unsafe { mlirAttributePrint(a, Some(append_to_string), data) };
    out
}

impl Op {
    /// The view of a borrowed op.
    pub fn of(op: &OperationRef) -> Op {
        Op(op.to_raw())
    }
}

impl Ty {
    /// An 8-bit float type Mosaic's stochastic conversion can produce.
    pub fn is_stochastic_fp8(self) -> bool {
        !self.is_null()
            && unsafe {
                mlirTypeIsAFloat8E5M2(self.0)
                    || mlirTypeIsAFloat8E4M3FN(self.0)
                    || mlirTypeIsAFloat8E4M3B11FNUZ(self.0)
            }
    }

    pub fn is_float(self) -> bool {
        !self.is_null() && unsafe { mlirTypeIsAFloat(self.0) }
    }
}

/// Whether `a` is an `ArrayAttr`.
pub fn is_array(a: MlirAttribute) -> bool {
    unsafe { mlirAttributeIsAArray(a) }
}

/// `f` of the seven lists of a `#tpu.dot_dimension_numbers` (in the order
/// of `tpuDotDimensionNumbersGetList`), borrowed from the attribute; each
/// empty for another attribute.
pub fn with_dot_dimension_lists<R>(dims: MlirAttribute, f: impl FnOnce([&[i64]; 7]) -> R) -> R {
    // The lists live in the uniqued attribute, as long as the context,
    // which outlives the call; `f` cannot keep the borrows.
    let list = |which: i32| -> &[i64] {
        let mut data: *const i64 = std::ptr::null();
        let mut size: isize = 0;
        unsafe {
            if !ffi::tpuDotDimensionNumbersGetList(dims, which, &mut data, &mut size)
                || data.is_null()
                || size <= 0
            {
                return &[];
            }
            std::slice::from_raw_parts(data, size as usize)
        }
    };
    f([0, 1, 2, 3, 4, 5, 6].map(list))
}

impl Ty {
    /// The raw handle, for type predicates the view has no method for (the
    /// mosaic_gpu verifier's float kinds).
    pub fn raw(self) -> MlirType {
        self.0
    }
}

//! Ref views (`ref.reshape(...)`, `ref.bitcast(dtype)`), as JAX's Pallas
//! TPU and SparseCore lowerings emit them.
//!
//! * `pallas.ref_reshape` -> `tpu.memref_reshape`; a window with squeezed
//!   block dims is reshaped as the kernel argument itself (JAX's block ref
//!   keeps those dims as 1s).
//! * `pallas.ref_bitcast` -> `tpu.memref_bitcast`.
//! * Both results are typed without a layout, in the memory space of the
//!   converted source (a scalar prefetch ref's view is in SMEM).
//! * JAX applies a ref's transforms again at every use, so each access and
//!   each DMA gets its own copy of the chain of views it goes through
//!   ([`for_use`]); `finish` erases the originals left without uses.

use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Value, ValueLike};

use super::kernel::{is_windowed, KernelInfo};
use super::load_store::{kernel_arg, space_keyword_of, value_space_keyword, window_squeeze};
use super::types::tpu_type;
use crate::conversion::common::builder::{result_of, value, B};
use crate::conversion::framework::{PatternSet, TypeConverter};
use crate::ir::{self, bit_width, element_type, memref_shape, tpu_types, BlockDim};

/// The `tpu` ops a ref transform becomes; JAX re-applies them per use.
pub(crate) const VIEW_OPS: &[&str] = &[
    "tpu.memref_slice",
    "tpu.memref_squeeze",
    "tpu.memref_reshape",
    "tpu.memref_bitcast",
];

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    for (name, tpu_op) in [
        ("pallas.ref_reshape", "tpu.memref_reshape"),
        ("pallas.ref_bitcast", "tpu.memref_bitcast"),
    ] {
        set.add(name, Some(tc), move |op, operands, rw| {
            let b = B::new(rw, op.location());
            let src = operands[0];
            let base = if tpu_op == "tpu.memref_reshape" {
                window_squeeze(src).map_or(src, |(arg, _)| arg)
            } else {
                src
            };
            let ty = view_type(&op, base)?;
            let v = b.val(tpu_op, &[base], ty, &[]);
            rw.replace_op(&op, &[v]);
            Ok(())
        });
    }
}

/// The views whose result takes the memory space of their source (see
/// [`follow_source_spaces`]).
const SPACE_FOLLOWING_VIEWS: [&str; 3] =
    ["pallas.ref_reshape", "pallas.ref_bitcast", "memref.subview"];

/// The names of [`SPACE_FOLLOWING_VIEWS`], interned once per run: every op
/// of a module is compared with them.
#[derive(Clone, Copy)]
pub(crate) struct SpaceFollowingViews([ir::OpName; SPACE_FOLLOWING_VIEWS.len()]);

impl SpaceFollowingViews {
    /// The names in the context of `op`.
    pub(crate) fn new(op: &OperationRef) -> Self {
        Self(SPACE_FOLLOWING_VIEWS.map(|n| ir::OpName::get(op, n)))
    }

    /// Whether `op` is one of the views.
    pub(crate) fn contains(&self, op: &OperationRef) -> bool {
        self.0.contains(&ir::OpName::of(op))
    }

    /// Gives the views nested in `root` their source's memory space, in
    /// order (a view of a view follows too).
    pub(crate) fn follow_in(&self, root: &OperationRef) {
        ir::walk_nested(root, &mut |op| {
            if self.contains(&op) {
                follow_source_space(&op);
            }
        });
    }
}

/// Gives views the memory space their ref has been given before the
/// conversion (scalar prefetch refs put in SMEM, SparseCore operands in
/// HBM), so that the type converter places them where their ref is.
pub(crate) fn follow_source_spaces(module: &OperationRef) {
    SpaceFollowingViews::new(module).follow_in(module);
}

/// Gives the view `op` (one of [`SPACE_FOLLOWING_VIEWS`]) the memory space
/// of its source.
pub(crate) fn follow_source_space(op: &OperationRef) {
    let (Ok(src), Ok(result)) = (op.operand(0), op.result(0)) else {
        return;
    };
    let (from, to) = (src.r#type(), result.r#type());
    if ir::memref_memory_space(from) != ir::memref_memory_space(to) {
        ir::set_value_type(result.into(), ir::with_memory_space_of(to, from));
    }
}

/// The result type of a view of `base`: the op's shape and Mosaic element
/// type, no layout, and `base`'s memory space.
fn view_type<'c>(op: &OperationRef<'c, '_>, base: Value<'c, '_>) -> Result<Type<'c>, String> {
    let result = tpu_type(op.result(0).map_err(|e| e.to_string())?.r#type());
    let space =
        space_keyword_of(base.r#type()).ok_or("a view of a ref with no TPU memory space")?;
    let space = tpu_types::memory_space_attr(result, space).ok_or("unknown TPU memory space")?;
    Ok(ir::with_shape(result, |shape| {
        tpu_types::memref_type(shape, element_type(result), space)
    }))
}

/// The ref `v` as one use sees it. When `v` is the end of a chain of views
/// (slices, squeezes, reshapes, bitcasts), the whole chain is built again
/// at the insertion point, as JAX applies a ref's transforms at each use.
/// Accesses pass `always = false` and only re-apply chains that reshape or
/// bitcast (a chain of slices alone stays shared, as it always was); DMAs
/// re-apply every chain.
pub(crate) fn for_use<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>, always: bool) -> Value<'c, 'a> {
    let chain = chain_of(v);
    let transforms = chain.iter().any(|op| {
        matches!(
            crate::ir::op_name_of(op),
            "tpu.memref_reshape" | "tpu.memref_bitcast"
        )
    });
    let Some(first) = chain.first() else {
        return v;
    };
    if !always && !transforms {
        return v;
    }
    let mut cur: Value<'c, 'a> = match first.operand(0) {
        Ok(src) => value(src),
        Err(_) => return v,
    };
    for op in &chain {
        cur = result_of(b.rw.insert(ir::clone_detached_with_operand(op, 0, cur)), 0);
    }
    cur
}

/// The views `v` is made by, innermost first. A squeeze of a function
/// argument is where a window with squeezed block dims enters the body
/// (`kernel.rs`); it is not a transform of JAX's and ends the chain.
fn chain_of<'c, 'a>(v: Value<'c, 'a>) -> Vec<OperationRef<'c, 'a>> {
    let mut chain = vec![];
    let mut cur = v;
    while let Some(def) = ir::defining_op(cur) {
        let name = ir::op_name_of(&def);
        if !VIEW_OPS.contains(&name) {
            break;
        }
        let Some(src) = crate::ir::operand_at(&def, 0) else {
            break;
        };
        let src: Value<'c, 'a> = value(src);
        if name == "tpu.memref_squeeze" && ir::defining_op(src).is_none() {
            break;
        }
        chain.push(def);
        cur = src;
    }
    chain.reverse();
    chain
}

//===----------------------------------------------------------------------===//
// Checks (JAX's messages where JAX rejects the same thing)
//===----------------------------------------------------------------------===//

pub fn check(op: &OperationRef) -> Result<(), String> {
    let name = crate::ir::op_name_of(op);
    let is_reshape = match name {
        "pallas.ref_reshape" => true,
        "pallas.ref_bitcast" => false,
        _ => return Ok(()),
    };
    let src: Value = op.operand(0).map(value).map_err(|e| e.to_string())?;
    if value_space_keyword(src).is_none() {
        return Err(format!(
            "views a ref {} that has no TPU memory space",
            src.r#type()
        ));
    }
    // The block shape JAX sees: a window keeps its squeezed dims.
    let squeezed: Vec<bool> = window_dims(src).map_or_else(
        || vec![false; memref_shape(src.r#type()).len()],
        |dims| {
            dims.iter()
                .map(|d| matches!(d, BlockDim::Squeezed))
                .collect()
        },
    );
    let rank = squeezed.len();
    if is_reshape {
        if rank < 2 {
            return Err("Reshape 1D ref is not supported.".into());
        }
        if squeezed[rank - 2] || squeezed[rank - 1] {
            return Err("Reshape a ref with squeezed dimension on last two dimensions.".into());
        }
        let result = op.result(0).map_err(|e| e.to_string())?.r#type();
        if memref_shape(result).len() < 2 {
            return Err(format!(
                "Not implemented: 1d memref reshape. (Mosaic rejects the tpu.memref_reshape to {result})"
            ));
        }
        return Ok(());
    }
    if squeezed.iter().any(|s| *s) {
        let result = op.result(0).map_err(|e| e.to_string())?.r#type();
        let widths = (
            bit_width(element_type(src.r#type())),
            bit_width(element_type(result)),
        );
        if widths.0 != widths.1 && squeezed[rank - 2] {
            return Err(
                "Bitcast a ref whose 2nd minormost dimension is squeezed when bitwidth changes."
                    .into(),
            );
        }
        return Err(
            "not yet supported: bitcasting a window with squeezed block dims (JAX 0.10.2 keeps them in the source of its tpu.memref_bitcast but not in the result, which Mosaic rejects: Ranks do not match.)".into(),
        );
    }
    Ok(())
}

/// The block dims of `r` when it is a window argument of a kernel.
fn window_dims(r: Value) -> Option<Vec<BlockDim>> {
    let (kernel, k) = kernel_arg(r)?;
    let spec = KernelInfo::spec_of_argument(&kernel, k)?;
    is_windowed(&spec).then(|| spec.dims.clone())
}

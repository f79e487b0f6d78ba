//! The tiling and swizzle of shared-memory allocations
//! (`pallas.run_scoped` with `gpu_transforms = {"i" = ...}`).
//!
//! With warpgroup semantics the allocation stays a plain memref; JAX marks
//! every access to it instead: each op that takes the ref first sees it
//! through `mosaic_gpu.with_transforms` (its tiles and swizzle, for layout
//! inference), then slices or reads that. [`apply`] puts the marker in
//! front of every user of a transformed allocation before the body is
//! rewritten; [`rewrite`] gives the marker the type of the lowered
//! allocation once that exists.

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{RegionLike, Value, ValueLike};

use crate::conversion::common::builder::B;
use crate::conversion::framework::OwnedRewriter;
use crate::ir::{self, value, MemorySpace};

const ATTR: &str = "gpu_transforms";

/// The transforms of allocation `index` of `scope`, if it has any.
fn transforms_of(scope: &OperationRef, index: usize) -> Option<ir::GpuTransforms> {
    let dict = scope.attribute(ATTR).ok()?;
    ir::dict_get(dict, &index.to_string()).and_then(ir::gpu_transforms)
}

/// Rejects the transforms [`apply`] does not express yet.
pub fn check_scope(scope: &OperationRef) -> Result<(), String> {
    let Some(body) = crate::ir::region_at(scope, 0).and_then(|r| r.first_block()) else {
        return Ok(());
    };
    for i in 0..body.argument_count() {
        if let Some(t) = transforms_of(scope, i) {
            if t.transpose.is_some() {
                return Err(format!(
                    "not yet supported: a transposed run_scoped allocation (gpu_transforms of allocation {i})"
                ));
            }
        }
    }
    Ok(())
}

/// `[#mosaic_gpu.tile<[...]>, #mosaic_gpu.swizzle<N : i32>]`, in the order
/// JAX lists them (tiling, then swizzle).
fn transforms_text(t: &ir::GpuTransforms) -> String {
    let mut items = vec![];
    if let Some(tiling) = &t.tiling {
        let dims: Vec<String> = tiling.iter().map(i64::to_string).collect();
        items.push(format!("#mosaic_gpu.tile<[{}]>", dims.join(", ")));
    }
    if t.swizzle != 0 {
        items.push(format!("#mosaic_gpu.swizzle<{} : i32>", t.swizzle));
    }
    format!("[{}]", items.join(", "))
}

/// The `transforms` attribute text of kernel operand `key` (`inputs[i]`,
/// `outputs[i]` or `scratch[i]`), if it has transforms.
pub fn kernel_operand(kernel: &OperationRef, key: &str) -> Option<String> {
    let dict = kernel.attribute(ATTR).ok()?;
    ir::dict_get(dict, key)
        .and_then(ir::gpu_transforms)
        .map(|t| transforms_text(&t))
}

/// Puts `mosaic_gpu.with_transforms` (attribute text `text`) in front of
/// every user of `v`, which then reads the marked value.
fn mark_uses<'c, 'a>(rw: &OwnedRewriter<'c, 'a>, v: Value<'c, 'a>, text: &str) {
    for user in ir::users(v) {
        rw.set_insertion_point_before(&user);
        let b = B::new(rw, user.location());
        let marked = b.val(
            "mosaic_gpu.with_transforms",
            &[v],
            v.r#type(),
            &[("transforms", b.attr(text))],
        );
        for k in 0..user.operand_count() {
            if crate::ir::operand_at(&user, k) == Some(v) {
                ir::set_operand(&user, k, marked);
            }
        }
    }
}

/// Puts `mosaic_gpu.with_transforms` in front of every use of a
/// transformed allocation of `kernel`'s scopes (checked by
/// [`check_scope`]) and of a transformed kernel operand (the body's view of
/// a pipelined block, or a scratch operand), and drops the consumed
/// `gpu_transforms` of the scopes. `operands` names the kernel's block
/// arguments as its `gpu_transforms` keys do.
pub fn apply<'c, 'a>(kernel: &OperationRef<'c, 'a>, operands: &[String]) -> Result<(), String> {
    let rw = OwnedRewriter::new(kernel);
    let body = ir::body_block(kernel).ok_or("kernel without a body")?;
    for (i, key) in operands.iter().enumerate() {
        let arg = value(body.argument(i).map_err(|e| e.to_string())?);
        // Only shared memory is tiled and swizzled.
        let shared = MemorySpace::of_memref(arg.r#type()) == Some(MemorySpace::Shared);
        if let (true, Some(text)) = (shared, kernel_operand(kernel, key)) {
            mark_uses(&rw, arg, &text);
        }
    }
    let mut scopes = vec![];
    ir::walk_nested(kernel, &mut |op| {
        if ir::op_name_of(&op) == "pallas.run_scoped" && op.attribute(ATTR).is_ok() {
            scopes.push(op);
        }
    });
    for scope in scopes {
        let body = scope
            .region(0)
            .ok()
            .and_then(|r| r.first_block())
            .ok_or("run_scoped without a body")?;
        for i in 0..body.argument_count() {
            let Some(t) = transforms_of(&scope, i) else {
                continue;
            };
            let alloc = value(body.argument(i).map_err(|e| e.to_string())?);
            mark_uses(&rw, alloc, &transforms_text(&t));
        }
        ir::remove_attribute(&scope, ATTR);
    }
    Ok(())
}

/// Gives a `mosaic_gpu.with_transforms` the type of its (lowered) operand;
/// whether `op` was one.
pub fn rewrite(op: &OperationRef) -> Result<bool, String> {
    if ir::op_name_of(op) != "mosaic_gpu.with_transforms" {
        return Ok(false);
    }
    let x: Value = value(op.operand(0).map_err(|e| e.to_string())?);
    ir::set_value_type(ir::result_of(*op, 0), x.r#type());
    Ok(true)
}

/// Where JAX's module has its shared-memory slices.
///
/// JAX slices a scoped buffer once, at its allocation, in its tiled shape;
/// each access then casts that slice to the logical shape before marking it
/// (`with_transforms`). Pallas canonicalizes and CSEs its module before
/// layout inference: the cast of a slice folds into a new `slice_smem` of
/// the logical type at the cast, the tiled slice dies, and CSE keeps, of
/// identical slices, only those no identical one dominates. So a tiled
/// buffer is re-sliced at its first access in every region that an earlier
/// access does not dominate (a loop body, a branch), while an untiled one
/// (the cast is the identity) keeps its one slice at the allocation.
///
/// The lowering emits one slice per allocation and marks each access;
/// this gives each tiled mark its own slice, then keeps only the slices no
/// identical one dominates, as CSE does, over all slices of `launch`.
pub fn slice_at_uses(launch: &OperationRef) {
    let rw = OwnedRewriter::new(launch);
    let mut marks = vec![];
    ir::walk_nested(launch, &mut |op| {
        if ir::op_name_of(&op) != "mosaic_gpu.with_transforms" {
            return;
        }
        let tiled = op
            .attribute("transforms")
            .is_ok_and(|t| t.to_string().contains("#mosaic_gpu.tile<"));
        let Some(src) = crate::ir::operand_at(&op, 0)
            .map(value)
            .and_then(ir::defining_op)
        else {
            return;
        };
        if tiled && ir::op_name_of(&src) == "mosaic_gpu.slice_smem" {
            marks.push((op, src));
        }
    });
    let mut sliced = vec![];
    for (mark, src) in marks {
        rw.set_insertion_point_before(&mark);
        let b = B::new(&rw, mark.location());
        let Ok(offset) = src.attribute("offset") else {
            continue;
        };
        let mut attrs = vec![("offset", offset)];
        if let Ok(alias) = src.attribute("alias_id") {
            attrs.push(("alias_id", alias));
        }
        let ty = ir::result_of(src, 0).r#type();
        let fresh = b.val("mosaic_gpu.slice_smem", &[], ty, &attrs);
        ir::set_operand(&mark, 0, fresh);
        if !sliced.contains(&src) {
            sliced.push(src);
        }
    }
    for src in sliced {
        if !ir::has_uses(ir::result_of(src, 0)) {
            ir::erase_operation(src);
        }
    }
    let mut scopes: Vec<Vec<(String, Value)>> = vec![];
    dedup_slices(launch, &mut scopes);
}

/// CSE restricted to `mosaic_gpu.slice_smem` (pure, no operands): walks
/// the blocks of `op`'s regions in order, each a scope nested in the
/// enclosing one, and replaces a slice by an identical one seen earlier in
/// an enclosing scope or earlier in its own block. (The lowering's regions
/// have one block each, so a block's dominators are exactly those.)
fn dedup_slices<'c, 'a>(op: &OperationRef<'c, 'a>, scopes: &mut Vec<Vec<(String, Value<'c, 'a>)>>) {
    for region in op.regions() {
        let mut block = region.first_block();
        while let Some(bl) = block {
            scopes.push(vec![]);
            for x in ir::block_ops(bl) {
                if ir::op_name_of(&x) == "mosaic_gpu.slice_smem" {
                    let result = ir::result_of(x, 0);
                    let attr = |n: &str| x.attribute(n).map(|a| a.to_string()).unwrap_or_default();
                    let key = format!(
                        "{} {} {}",
                        attr("offset"),
                        attr("alias_id"),
                        result.r#type()
                    );
                    let seen = scopes
                        .iter()
                        .flatten()
                        .find(|(k, _)| *k == key)
                        .map(|(_, v)| *v);
                    if let Some(v) = seen {
                        ir::replace_all_uses(result, v);
                        ir::erase_operation(x);
                    } else if let Some(scope) = scopes.last_mut() {
                        scope.push((key, result));
                    }
                    continue;
                }
                dedup_slices(&x, scopes);
            }
            scopes.pop();
            block = bl.next_in_region();
        }
    }
}

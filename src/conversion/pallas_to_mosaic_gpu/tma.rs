//! Explicit TMA copies, barriers and scoped allocations in the body.
//!
//! GMEM refs are the whole arrays of the host entry: a static
//! `memref.subview` of one is no op of its own but the start indices and
//! slice lengths of the copies that use it (as JAX folds a GMEM ref's
//! slicing into the TMA descriptor). Views of shared memory stay
//! `memref.subview`s, seen with a dynamic offset as JAX's ref slicing leaves
//! them. `copy_gmem_to_smem` arms the barrier for the bytes it brings and
//! starts `mosaic_gpu.async_load`; `copy_smem_to_gmem` is
//! `mosaic_gpu.async_store`; `barrier_wait` waits for the barrier's phase;
//! `commit_smem` fences shared memory for the async proxy and synchronizes
//! the warpgroup; `wait_smem_to_gmem` waits for store groups, then
//! synchronizes the warpgroup. `run_scoped` allocations are slices of shared
//! memory at the offsets the planner chose (or the kernel's barrier) and the
//! body is inlined.

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{RegionLike, Value, ValueLike};

use super::kernel::{allocation, barrier_ref, wait_barrier, wait_barrier_mask, BarrierGroup, Ctx};
use super::pipeline::{commit_smem, expect_and_load, store, wait_stores};
use super::resources::{block_bytes, scoped_allocs};
use crate::conversion::common::builder::{dense_i64, B, DYNAMIC};
use crate::ir::{self, value, MemorySpace};

/// Whether `t` is a GMEM ref as the lowered kernel sees it (a memref in the
/// default memory space) or as the pallas body declares it.
fn is_gmem(t: Type) -> bool {
    ir::is_memref(t)
        && (ir::memref_memory_space(t).is_none()
            || MemorySpace::of_memref(t) == Some(MemorySpace::Gmem))
}

/// Where a GMEM slice starts along one dim.
#[derive(Clone, Copy)]
enum Start<'c, 'a> {
    Static(i64),
    /// An `index` value.
    Dynamic(Value<'c, 'a>),
}

/// A GMEM ref seen through subviews: the whole array and the start of the
/// slice in each dim (a dynamic start only from the outermost view).
fn gmem_slice<'c, 'a>(v: Value<'c, 'a>) -> Result<(Value<'c, 'a>, Vec<Start<'c, 'a>>), String> {
    let rank = ir::memref_shape(v.r#type()).len();
    let Some(view) = ir::defining_op(v).filter(|o| ir::op_name_of(o) == "memref.subview") else {
        return Ok((v, vec![Start::Static(0); rank]));
    };
    let (base, outer) = gmem_slice(value(view.operand(0).map_err(|e| e.to_string())?))?;
    let offsets = view
        .attribute("static_offsets")
        .map(dense_i64)
        .map_err(|e| e.to_string())?;
    if offsets.len() != outer.len() {
        return Err("not yet supported: rank-reducing GMEM subviews".into());
    }
    let mut dynamic = (1..view.operand_count()).map(|i| view.operand(i).map(value));
    let mut starts = vec![];
    for (o, &off) in outer.iter().zip(&offsets) {
        starts.push(match (*o, off) {
            (Start::Static(0), DYNAMIC) => Start::Dynamic(
                dynamic
                    .next()
                    .ok_or("a dynamic offset without its operand")?
                    .map_err(|e| e.to_string())?,
            ),
            (Start::Static(a), b) if b != DYNAMIC => Start::Static(a + b),
            (Start::Dynamic(v), 0) => Start::Dynamic(v),
            _ => return Err("not yet supported: dynamic offsets in nested GMEM subviews".into()),
        });
    }
    Ok((base, starts))
}

/// Checks a GMEM `memref.subview` the copies can fold: unit strides, the
/// same rank; a dynamic offset only on a view of the whole array.
pub fn check_gmem_subview(op: &OperationRef) -> Result<(), String> {
    let attr = |n: &str| op.attribute(n).map(dense_i64).unwrap_or_default();
    let sizes_static = !attr("static_sizes").contains(&DYNAMIC);
    let unit = attr("static_strides").iter().all(|&s| s == 1);
    let src = op.operand(0).map_err(|e| e.to_string())?;
    let dst = ir::value_type(ir::result_of(*op, 0));
    if !sizes_static || !unit || ir::memref_shape(src.r#type()).len() != ir::memref_shape(dst).len()
    {
        return Err(
            "not yet supported: GMEM subviews with dynamic sizes or strides, or fewer dims".into(),
        );
    }
    Ok(())
}

/// Checks the GMEM side of a TMA copy: the copy folds its views into
/// start indices, which it can when a dynamic offset is only on a view of
/// the whole operand.
pub fn check_copy_gmem(v: Value) -> Result<(), String> {
    let mut view = ir::defining_op(v).filter(|o| ir::op_name_of(o) == "memref.subview");
    while let Some(o) = view {
        let src = o.operand(0).map_err(|e| e.to_string())?;
        let inner = ir::defining_op(src).filter(|p| ir::op_name_of(p) == "memref.subview");
        if o.operand_count() > 1 && inner.is_some() {
            return Err(
                "not yet supported: TMA copies of GMEM views with dynamic offsets on a view".into(),
            );
        }
        view = inner;
    }
    Ok(())
}

/// Which barrier of its group an op names.
#[derive(Clone, Copy)]
enum BarrierIndex<'c, 'a> {
    Static(i64),
    /// An i32 value.
    Dynamic(Value<'c, 'a>),
}

/// Barrier `index` of the group whose first barrier `first` is: the group,
/// its address, its ref and its index.
fn barrier_elem<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    ctx: &Ctx<'c, 'a>,
    first: Value<'c, 'a>,
    indices: &[Value<'c, 'a>],
) -> Result<
    (
        BarrierGroup<'c, 'a>,
        Value<'c, 'a>,
        Value<'c, 'a>,
        BarrierIndex<'c, 'a>,
    ),
    String,
> {
    let group = *ctx
        .barriers
        .iter()
        .find(|g| g.first == first)
        .ok_or("a barrier ref that is not an allocated barrier")?;
    let index = match indices.first() {
        None => BarrierIndex::Static(0),
        Some(v) => match constant_index(*v) {
            Some(i) => BarrierIndex::Static(i),
            None => BarrierIndex::Dynamic(b.val("arith.index_castui", &[*v], b.i32(), &[])),
        },
    };
    let ptr3 = b.ty("!llvm.ptr<3>");
    let elem_type = ("elem_type", b.attr("i64"));
    let ptr = match index {
        BarrierIndex::Static(0) => return Ok((group, group.ptr, group.first, index)),
        BarrierIndex::Static(i) => b.val(
            "llvm.getelementptr",
            &[group.ptr],
            ptr3,
            &[
                elem_type,
                ("rawConstantIndices", b.dense_i32_attr(&[i as i32])),
            ],
        ),
        // i32::MIN marks the index that is an operand.
        BarrierIndex::Dynamic(i) => b.val(
            "llvm.getelementptr",
            &[group.ptr, i],
            ptr3,
            &[
                elem_type,
                ("rawConstantIndices", b.dense_i32_attr(&[i32::MIN])),
            ],
        ),
    };
    Ok((group, ptr, barrier_ref(b, ptr), index))
}

/// Arrives on the cluster barrier at `ptr` in every CTA of `mask`: each of
/// the 16 CTAs a cluster may have is signalled by one thread of the
/// warpgroup (thread 8 k for CTA k), through the CTA's shared memory window.
fn arrive_in_cluster<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    ctx: &Ctx<'c, 'a>,
    ptr: Value<'c, 'a>,
    mask: Value<'c, 'a>,
) {
    let in_group = b.bin("arith.remui", ctx.linear, b.ci32(128));
    let cta = b.bin("arith.divui", in_group, b.ci32(8));
    let bit = b.bin("arith.shli", b.ci32(1), cta);
    let mine = b.bin("arith.andi", bit, mask);
    let member = b.cmpi("ne", mine, b.ci32(0));
    let lane = b.bin("arith.remui", in_group, b.ci32(8));
    let signaller = b.cmpi("eq", lane, b.ci32(0));
    let arrive = b.bin("arith.andi", member, signaller);
    b.op(
        "llvm.inline_asm",
        &[arrive, ptr, cta],
        &[b.ty("!llvm.void")],
        &[
            (
                "asm_string",
                ir::string_attr(
                    b.loc,
                    "{\n.reg .b32 remote;\n@$0 mapa.shared::cluster.u32 remote, $1, $2;\n@$0 mbarrier.arrive.shared::cluster.b64 _, [remote];\n}",
                ),
            ),
            ("constraints", ir::string_attr(b.loc, "b,r,r")),
            ("has_side_effects", b.attr("unit")),
        ],
    );
}

/// The value of an `index` constant.
pub fn constant_index(v: Value) -> Option<i64> {
    let op = ir::defining_op(v).filter(|o| ir::op_name_of(o) == "arith.constant")?;
    ir::integer_attr_value(op.attribute("value").ok()?)
}

/// The strided shared-memory type `t` with a dynamic offset.
fn dynamic_offset<'c>(b: &B<'_, 'c, '_>, t: Type<'c>) -> Result<Type<'c>, String> {
    let (strides, _) = ir::memref_strides_and_offset(t).ok_or("a view without strides")?;
    let dims: String = ir::memref_shape(t)
        .iter()
        .map(|d| format!("{d}x"))
        .collect();
    let strides: Vec<String> = strides.iter().map(i64::to_string).collect();
    Ok(b.ty(&format!(
        "memref<{dims}{}, strided<[{}], offset: ?>, #gpu.address_space<workgroup>>",
        ir::element_type(t),
        strides.join(", ")
    )))
}

/// The i32 start indices of a copy at `starts`.
fn indices<'c, 'a>(b: &B<'_, 'c, 'a>, starts: &[Start<'c, 'a>]) -> Vec<Value<'c, 'a>> {
    starts
        .iter()
        .map(|s| match s {
            Start::Static(o) => b.ci32(*o),
            Start::Dynamic(v) => b.index_cast(*v, b.i32()),
        })
        .collect()
}

/// The CUDA dims (`x` = 0) of the cluster axes a collective copy names.
fn collective_dims(op: &OperationRef, ctx: &Ctx) -> Result<Vec<i64>, String> {
    let Ok(axes) = op.attribute("collective_axes") else {
        return Ok(vec![]);
    };
    let n = ctx.cluster_names.len();
    ir::array_elements(axes)
        .into_iter()
        .map(|a| {
            let name = ir::string_attr_value(a);
            ctx.cluster_names
                .iter()
                .position(|c| *c == name)
                .map(|k| (n - 1 - k) as i64)
                .ok_or_else(|| format!("collective axis '{name}' is not a cluster axis"))
        })
        .collect()
}

/// Rewrites `op` when it is a copy, a barrier op, a view or a scoped
/// allocation; whether it was one.
pub fn rewrite<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    op: &OperationRef<'c, 'a>,
    ctx: &Ctx<'c, 'a>,
) -> Result<bool, String> {
    let operand = |i: usize| op.operand(i).map(value).map_err(|e| e.to_string());
    match ir::op_name_of(op) {
        "memref.subview" => {
            let src = operand(0)?;
            if is_gmem(src.r#type()) {
                // A view the copies fold (erased once unused) and the other
                // accesses read through: the same subview of the GMEM
                // memref, without a memory space.
                let text = ir::value_type(ir::result_of(*op, 0))
                    .to_string()
                    .replace(", #pallas.memory_space<gmem>", "");
                let operands: Vec<Value> = (0..op.operand_count())
                    .map(&operand)
                    .collect::<Result<_, _>>()?;
                let attrs = subview_attrs(op);
                let attrs: Vec<(&str, melior::ir::attribute::Attribute)> =
                    attrs.iter().map(|(n, a)| (n.as_str(), *a)).collect();
                let view = b.val("memref.subview", &operands, b.ty(&text), &attrs);
                b.rw.replace_op(op, &[view]);
                return Ok(true);
            }
            let mut t = super::kernel::workgroup_type(b, ir::value_type(ir::result_of(*op, 0)));
            // A view of a pipelined block (seen with a dynamic offset) has a
            // dynamic offset too.
            let dynamic_source =
                ir::memref_strides_and_offset(src.r#type()).is_some_and(|(_, off)| off == DYNAMIC);
            if dynamic_source {
                t = dynamic_offset(b, t)?;
            }
            let operands: Vec<Value> = (0..op.operand_count())
                .map(&operand)
                .collect::<Result<_, _>>()?;
            let attrs = subview_attrs(op);
            let attrs: Vec<(&str, melior::ir::attribute::Attribute)> =
                attrs.iter().map(|(n, a)| (n.as_str(), *a)).collect();
            let view = b.val("memref.subview", &operands, t, &attrs);
            let dynamic = dynamic_offset(b, t)?;
            let seen = if dynamic == t {
                view
            } else {
                b.val("memref.cast", &[view], dynamic, &[])
            };
            b.rw.replace_op(op, &[seen]);
        }
        "pallas.copy_gmem_to_smem" => {
            let (base, offsets) = gmem_slice(operand(0)?)?;
            let dst = operand(1)?;
            let lengths = ir::memref_shape(dst.r#type());
            let bits = ir::bit_width(ir::element_type(dst.r#type())).ok_or("unsized elements")?;
            let rest: Vec<Value> = (3..op.operand_count())
                .map(&operand)
                .collect::<Result<_, _>>()?;
            let (_, _, barrier, _) = barrier_elem(b, ctx, operand(2)?, &rest)?;
            let idx = indices(b, &offsets);
            let collective = collective_dims(op, ctx)?;
            expect_and_load(
                b,
                barrier,
                block_bytes(&lengths, bits),
                base,
                dst,
                (&idx, &lengths),
                &collective,
            );
            b.rw.erase_op(op);
        }
        "pallas.copy_smem_to_gmem" => {
            let src = operand(0)?;
            let (base, offsets) = gmem_slice(operand(1)?)?;
            let lengths = ir::memref_shape(src.r#type());
            let commit = op
                .attribute("commit_group")
                .map(|a| a.to_string() == "true")
                .unwrap_or(true);
            let idx = indices(b, &offsets);
            store(b, src, base, &idx, &lengths, commit);
            b.rw.erase_op(op);
        }
        "pallas.barrier_wait" => {
            let rest: Vec<Value> = (1..op.operand_count())
                .map(&operand)
                .collect::<Result<_, _>>()?;
            let (group, ptr, _, index) = barrier_elem(b, ctx, operand(0)?, &rest)?;
            match index {
                BarrierIndex::Static(bit) => wait_barrier(b, ptr, group.phases, bit),
                BarrierIndex::Dynamic(i) => {
                    wait_barrier_mask(b, ptr, group.phases, |b| b.bin("arith.shli", b.ci32(1), i));
                }
            }
            b.rw.erase_op(op);
        }
        "pallas.barrier_arrive" => {
            let rest: Vec<Value> = (1..op.operand_count())
                .map(&operand)
                .collect::<Result<_, _>>()?;
            let (group, ptr, bar, _) = barrier_elem(b, ctx, operand(0)?, &rest)?;
            if let Some(mask) = group.cluster_mask {
                arrive_in_cluster(b, ctx, ptr, mask);
                b.rw.erase_op(op);
                return Ok(true);
            }
            let orders = if group.orders_tensor_core {
                "true"
            } else {
                "false"
            };
            b.op(
                "mosaic_gpu.arrive",
                &[bar],
                &[],
                &[("orders_tensor_core", b.attr(orders))],
            );
            b.rw.erase_op(op);
        }
        "pallas.set_max_registers" => {
            let count = ir::int_attr(op, "count").ok_or("set_max_registers without a count")?;
            let action = match ir::int_attr(op, "action") {
                Some(0) => "increase",
                _ => "decrease",
            };
            b.op(
                "nvvm.setmaxregister",
                &[],
                &[],
                &[
                    ("action", b.attr(&format!("#nvvm<action {action}>"))),
                    ("regCount", b.int_attr(count, b.i32())),
                ],
            );
            b.rw.erase_op(op);
        }
        "pallas.commit_smem" => {
            commit_smem(b, ctx.linear);
            b.rw.erase_op(op);
        }
        "pallas.commit_smem_to_gmem_group" => {
            b.op("nvvm.cp.async.bulk.commit.group", &[], &[], &[]);
            b.rw.erase_op(op);
        }
        "pallas.wait_smem_to_gmem" => {
            let pending = ir::int_attr(op, "pending").unwrap_or(0);
            let read_only = op.attribute("read_only").is_ok();
            wait_stores(b, pending, read_only, ctx.linear);
            b.rw.erase_op(op);
        }
        "pallas.run_scoped" => {
            let allocs = scoped_allocs(op)?;
            let body = op
                .region(0)
                .ok()
                .and_then(|r| r.first_block())
                .ok_or("run_scoped without a body")?;
            let mut args = vec![];
            for (i, alloc) in allocs.into_iter().enumerate() {
                let t = ir::value_type(value(body.argument(i).map_err(|e| e.to_string())?));
                args.push(allocation(
                    b,
                    alloc,
                    t,
                    &ctx.barriers,
                    &ctx.collective.sem_bases,
                )?);
            }
            let yielded: Vec<Value> = match body.terminator() {
                Some(t) if ir::op_name_of(&t) == "pallas.yield" => {
                    // The yield moves out with the body and is erased when
                    // its turn comes (it is on the list of ops to rewrite).
                    (0..t.operand_count())
                        .map(|i| t.operand(i).map(value).map_err(|e| e.to_string()))
                        .collect::<Result<_, _>>()?
                }
                _ => vec![],
            };
            b.rw.inline_block_before(body, op, &args);
            if yielded.is_empty() {
                b.rw.erase_op(op);
            } else {
                b.rw.replace_op(op, &yielded);
            }
        }
        "pallas.yield" => b.rw.erase_op(op),
        _ => return Ok(false),
    }
    Ok(true)
}

/// The inherent attributes of a `memref.subview`.
fn subview_attrs<'c>(
    op: &OperationRef<'c, '_>,
) -> Vec<(String, melior::ir::attribute::Attribute<'c>)> {
    [
        "operandSegmentSizes",
        "static_offsets",
        "static_sizes",
        "static_strides",
    ]
    .iter()
    .filter_map(|n| op.attribute(n).ok().map(|a| (n.to_string(), a)))
    .collect()
}

/// Erases the GMEM subviews the copies folded.
pub fn erase_gmem_views(root: &OperationRef) {
    loop {
        let mut dead = vec![];
        ir::walk_nested(root, &mut |op| {
            if ir::op_name_of(&op) == "memref.subview"
                && op.operand(0).is_ok_and(|v| is_gmem(v.r#type()))
                && !ir::has_uses(ir::result_of(op, 0))
            {
                dead.push(op);
            }
        });
        if dead.is_empty() {
            return;
        }
        for op in dead {
            ir::erase_operation(op);
        }
    }
}

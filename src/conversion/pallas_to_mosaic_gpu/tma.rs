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

/// A GMEM ref seen through subviews: the whole array, the start of the
/// slice in each of its dims (nested views add up), and the array dim of
/// each dim of the view (views may drop unit dims).
type GmemSlice<'c, 'a> = (Value<'c, 'a>, Vec<Start<'c, 'a>>, Vec<usize>);

fn gmem_slice<'c, 'a>(b: &B<'_, 'c, 'a>, v: Value<'c, 'a>) -> Result<GmemSlice<'c, 'a>, String> {
    let rank = ir::memref_shape(v.r#type()).len();
    let Some(view) = ir::defining_op(v).filter(|o| ir::op_name_of(o) == "memref.subview") else {
        return Ok((v, vec![Start::Static(0); rank], (0..rank).collect()));
    };
    let (base, mut starts, dims) =
        gmem_slice(b, value(view.operand(0).map_err(|e| e.to_string())?))?;
    let attr = |n: &str| view.attribute(n).map(dense_i64).map_err(|e| e.to_string());
    let (offsets, sizes) = (attr("static_offsets")?, attr("static_sizes")?);
    if offsets.len() != dims.len() {
        return Err("a GMEM view whose offsets do not match its source".into());
    }
    let mut dynamic = (1..view.operand_count()).map(|i| view.operand(i).map(value));
    for (k, &off) in offsets.iter().enumerate() {
        let add = if off == DYNAMIC {
            let v = dynamic
                .next()
                .ok_or("a dynamic offset without its operand")?
                .map_err(|e| e.to_string())?;
            // A constant operand is a static start (as JAX folds it).
            constant_index(v).map_or(Start::Dynamic(v), Start::Static)
        } else {
            Start::Static(off)
        };
        let d = dims[k];
        starts[d] = match (starts[d], add) {
            (Start::Static(x), Start::Static(y)) => Start::Static(x + y),
            (Start::Static(0), s) | (s, Start::Static(0)) => s,
            (x, y) => {
                let as_index = |s| match s {
                    Start::Static(c) => b.cidx(c),
                    Start::Dynamic(v) => v,
                };
                Start::Dynamic(b.add(as_index(x), as_index(y)))
            }
        };
    }
    let kept = kept_dims(
        &sizes,
        &ir::memref_shape(ir::value_type(ir::result_of(view, 0))),
    )
    .ok_or("a GMEM view that drops dims other than unit ones")?;
    Ok((base, starts, kept.into_iter().map(|k| dims[k]).collect()))
}

/// The dims of a subview of slice `sizes` that its result of shape `shape`
/// keeps (the others are unit dims it drops), matched first to last.
fn kept_dims(sizes: &[i64], shape: &[i64]) -> Option<Vec<usize>> {
    let mut kept = vec![];
    for (k, &n) in sizes.iter().enumerate() {
        if kept.len() < shape.len() && shape[kept.len()] == n {
            kept.push(k);
        } else if n != 1 {
            return None;
        }
    }
    (kept.len() == shape.len()).then_some(kept)
}

/// The TMA slice lengths of a copy between `view` (of a GMEM array of rank
/// `rank`, its dims `dims` of the array) and shared memory: the view's
/// sizes, -1 for the array dims it drops.
fn slice_lengths(rank: usize, dims: &[usize], view: &[i64]) -> Vec<i64> {
    let mut lengths = vec![-1; rank];
    for (&d, &n) in dims.iter().zip(view) {
        lengths[d] = n;
    }
    lengths
}

/// Checks a GMEM `memref.subview` the copies can fold: static sizes, unit
/// strides; only unit dims dropped.
pub fn check_gmem_subview(op: &OperationRef) -> Result<(), String> {
    let attr = |n: &str| op.attribute(n).map(dense_i64).unwrap_or_default();
    let sizes = attr("static_sizes");
    let unit = attr("static_strides").iter().all(|&s| s == 1);
    let dst = ir::value_type(ir::result_of(*op, 0));
    if sizes.contains(&DYNAMIC) || !unit || kept_dims(&sizes, &ir::memref_shape(dst)).is_none() {
        return Err(
            "not yet supported: GMEM subviews with dynamic sizes or strides, or dropping dims of more than one element".into(),
        );
    }
    Ok(())
}

/// The TMA store of `src` into the `lengths` slice of `dst` at `indices`,
/// issued when `predicate` holds, combining with `dst` by TMA reduction
/// `reduction`, into `dst` of device `peer`.
fn store_with<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    (src, dst, indices, lengths): (Value<'c, 'a>, Value<'c, 'a>, &[Value<'c, 'a>], &[i64]),
    commit_group: bool,
    predicate: Option<Value<'c, 'a>>,
    peer: Option<Value<'c, 'a>>,
    reduction: Option<i64>,
) {
    let mut operands = vec![src, dst];
    operands.extend(indices);
    operands.extend(predicate);
    operands.extend(peer);
    let segments = [
        1,
        1,
        indices.len() as i32,
        i32::from(predicate.is_some()),
        i32::from(peer.is_some()),
    ];
    let commit = b.attr(if commit_group { "true" } else { "false" });
    let mut attrs = vec![
        ("commit_group", commit),
        ("is_global_broadcast", b.attr("false")),
        ("operandSegmentSizes", b.dense_i32_attr(&segments)),
        ("slice_lengths", b.dense_i64_attr(lengths)),
    ];
    if let Some(r) = reduction {
        attrs.push(("reduction_op", b.attr(&format!("{r} : i32"))));
    }
    b.op("mosaic_gpu.async_store", &operands, &[], &attrs);
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
    with_offset(b, t, None)
}

/// The workgroup memref type `t` with offset `offset` (`None`: dynamic).
fn with_offset<'c>(
    b: &B<'_, 'c, '_>,
    t: Type<'c>,
    offset: Option<i64>,
) -> Result<Type<'c>, String> {
    let (strides, _) = ir::memref_strides_and_offset(t).ok_or("a view without strides")?;
    let dims: String = ir::memref_shape(t)
        .iter()
        .map(|d| format!("{d}x"))
        .collect();
    let strides: Vec<String> = strides.iter().map(i64::to_string).collect();
    let offset = match offset {
        None => ", offset: ?".to_string(),
        Some(0) => String::new(),
        Some(o) => format!(", offset: {o}"),
    };
    Ok(b.ty(&format!(
        "memref<{dims}{}, strided<[{}]{offset}>, #gpu.address_space<workgroup>>",
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
            // JAX's canonicalized module slices a block view ahead of its
            // cast to a dynamic offset: the view's offset is static where
            // the block's and the starts are.
            let src = super::load_store::uncast(src)?;
            let t = super::kernel::workgroup_type(b, ir::value_type(ir::result_of(*op, 0)));
            let (strides, base) =
                ir::memref_strides_and_offset(src.r#type()).ok_or("a view without strides")?;
            let starts = op
                .attribute("static_offsets")
                .map(dense_i64)
                .map_err(|e| e.to_string())?;
            let t = if base == DYNAMIC || starts.contains(&DYNAMIC) {
                dynamic_offset(b, t)?
            } else {
                let offset = base + starts.iter().zip(&strides).map(|(s, t)| s * t).sum::<i64>();
                with_offset(b, t, Some(offset))?
            };
            let mut operands: Vec<Value> = (0..op.operand_count())
                .map(&operand)
                .collect::<Result<_, _>>()?;
            operands[0] = src;
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
            let src = operand(0)?;
            let (base, offsets, dims) = gmem_slice(b, src)?;
            let dst = operand(1)?;
            let view = ir::memref_shape(src.r#type());
            let lengths = slice_lengths(offsets.len(), &dims, &view);
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
                block_bytes(&view, bits).ok_or("a copy past i64 bytes")?,
                base,
                dst,
                (&idx, &lengths),
                &collective,
            );
            b.rw.erase_op(op);
        }
        "pallas.copy_smem_to_gmem" => {
            let src = operand(0)?;
            let dst = operand(1)?;
            let (base, offsets, dims) = gmem_slice(b, dst)?;
            let lengths = slice_lengths(offsets.len(), &dims, &ir::memref_shape(dst.r#type()));
            let commit = op
                .attribute("commit_group")
                .map(|a| a.to_string() == "true")
                .unwrap_or(true);
            let idx = indices(b, &offsets);
            let seg = op
                .attribute("operandSegmentSizes")
                .map(ir::dense_i32)
                .unwrap_or_default();
            let predicate = (seg.get(2) == Some(&1)).then(|| operand(2)).transpose()?;
            let peer = (seg.get(3) == Some(&1))
                .then(|| operand(op.operand_count() - 1))
                .transpose()?;
            let reduction = ir::int_attr(op, "reduction");
            if predicate.is_none() && peer.is_none() && reduction.is_none() {
                store(b, src, base, &idx, &lengths, commit);
            } else {
                store_with(
                    b,
                    (src, base, &idx, &lengths),
                    commit,
                    predicate,
                    peer,
                    reduction,
                );
            }
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
                && crate::ir::operand_at(&op, 0).is_some_and(|v| is_gmem(v.r#type()))
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

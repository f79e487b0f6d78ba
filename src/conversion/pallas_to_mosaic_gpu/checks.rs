//! What the Mosaic GPU lowering rejects, reported at the user's op before
//! anything is rewritten: JAX's own rejections (with JAX's words and the
//! block spec details it gives), and the forms this lowering does not
//! handle yet ("not yet supported: ...").

use melior::ir::block::{BlockLike, BlockRef};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{RegionLike, Value, ValueLike};

use super::elementwise::Layout;
use super::{collectives, debug, elementwise, grid, pipeline, resources, tma, transforms, wgmma};
use crate::conversion::common::builder::DYNAMIC;
use crate::conversion::pallas_to_tpu::kernel::KernelInfo;
use crate::dialect::pallas::gpu_params::{LoweringSemantics, MosaicGpuParams};
use crate::ir::{self, BlockDim, BlockSpec, IndexMap, MemorySpace};

/// How JAX describes a block spec in its rejections.
fn spec_details(kernel: &str, origin: &str, spec: &BlockSpec) -> String {
    let block: Vec<String> = spec
        .dims
        .iter()
        .map(|d| match d {
            BlockDim::Squeezed => "None".to_string(),
            d => d.size().to_string(),
        })
        .collect();
    let shape: Vec<String> = ir::memref_shape(spec.array_type)
        .iter()
        .map(i64::to_string)
        .collect();
    let space = spec.memory_space.map_or("None", |m| m.name());
    format!(
        "Block spec for {origin} in pallas_call {kernel} has block shape ({}), array shape ({}), and index_map {} in memory space {space}. See details at https://docs.jax.dev/en/latest/pallas/grid_blockspec.html#pallas-blockspec.",
        block.join(", "),
        shape.join(", "),
        match spec.index_map {
            IndexMap::Affine(m) => ir::affine_map_to_string(m),
            IndexMap::Symbol(s) => format!("@{s}"),
        },
    )
}

/// Checks one GPU kernel; reports every problem found and returns whether
/// there was none.
pub fn check_kernel(k: &OperationRef, params: &MosaicGpuParams) -> bool {
    let ok = std::cell::Cell::new(true);
    let fail = |op: &OperationRef, m: String| {
        ir::emit_op_error(op, &m);
        ok.set(false);
    };
    let info = match KernelInfo::of(k) {
        Ok(i) => i,
        Err(m) => {
            fail(k, m);
            return false;
        }
    };
    if params.lowering_semantics != LoweringSemantics::Warpgroup {
        fail(
            k,
            "not yet supported: Lane lowering semantics in convert-pallas-to-mosaic-gpu (only lowering_semantics = \"warpgroup\")".into(),
        );
    }
    if info.grid.contains(&DYNAMIC) {
        fail(
            k,
            "Dynamic grid bounds not supported in the Mosaic GPU lowering.".into(),
        );
    }
    if !info.prefetch.is_empty() {
        fail(
            k,
            "Scalar prefetch not supported in Mosaic GPU lowering.".into(),
        );
    }
    for (i, spec) in info.specs.iter().enumerate() {
        let origin = info.origin(i);
        let details = || spec_details(&info.name, &origin, spec);
        // The host entry addresses each operand with i64 offsets and
        // strides.
        let elem = ir::element_type(spec.array_type);
        if let Some(bits) = ir::bit_width(elem) {
            if resources::block_bytes(&ir::memref_shape(spec.array_type), bits).is_none() {
                fail(
                    k,
                    format!(
                        "{origin}: the array {} has more than 2^63 - 1 bytes (GPU operands are addressed with i64 offsets)",
                        spec.array_type
                    ),
                );
                continue;
            }
        }
        if spec.memory_space == Some(MemorySpace::Gmem) && !spec.has_trivial_window() {
            fail(
                k,
                format!(
                    "Mosaic GPU lowering currently requires blocks in GMEM memory space to have same block shape as the array shape and a trivial index_map (returning all 0s).\n\n{}",
                    details()
                ),
            );
            continue;
        }
        if spec
            .dims
            .iter()
            .any(|d| matches!(d, BlockDim::Element { .. }))
        {
            fail(
                k,
                format!(
                    "Only Blocked indexing mode is supported in Mosaic GPU lowering.\n\n{}",
                    details()
                ),
            );
            continue;
        }
        if spec.buffer_count.is_some() {
            fail(
                k,
                format!(
                    "Pipeline mode is not supported in Mosaic GPU lowering.\n\n{}",
                    details()
                ),
            );
            continue;
        }
        if !matches!(
            spec.memory_space,
            None | Some(MemorySpace::Shared) | Some(MemorySpace::Gmem)
        ) {
            fail(
                k,
                format!(
                    "not yet supported: {origin} in memory space {} (only GMEM operands and blocks pipelined through shared memory)",
                    spec.memory_space.map_or("none", |m| m.name())
                ),
            );
        } else if spec.dims.iter().any(|d| !matches!(d, BlockDim::Blocked(_))) {
            fail(
                k,
                format!("not yet supported: {origin} with squeezed or bounded block dims"),
            );
        } else if matches!(spec.index_map, IndexMap::Symbol(_)) {
            fail(
                k,
                format!("not yet supported: {origin} with an index map given by symbol"),
            );
        }
    }
    // The sequential dims are steps inside the CTA; the parallel ones the
    // CUDA grid.
    let schedule = pipeline::Schedule::of(k, &info.grid, params);
    if schedule.steps > i64::from(i32::MAX) {
        let extents: Vec<String> = schedule
            .sequential
            .iter()
            .map(|&a| info.grid[a].to_string())
            .collect();
        fail(
            k,
            format!(
                "the sequential grid dims ({}) make more than 2^31 - 1 steps; the in-kernel step loop counts them in i32",
                extents.join(", ")
            ),
        );
    }
    let parallel_grid = schedule.parallel_grid(&info.grid);
    let parallel = parallel_grid.len();
    if parallel > 3 {
        fail(
            k,
            format!(
                "not yet supported: a grid of {parallel} parallel dims (more than 3 are squashed into the CUDA z dim)"
            ),
        );
    }
    // The CUDA grid counts CTAs: the parallel grid (reversed) times the
    // cluster. Past CUDA's launch limits no launch of it can run (and the
    // product may not even fit in i64).
    if parallel <= 3 && !parallel_grid.contains(&DYNAMIC) {
        let cluster = grid::cuda_cluster(&params.cluster);
        let dims = grid::cuda_grid(&parallel_grid).into_iter().zip(cluster);
        for ((n, c), (dim, max)) in dims.zip([("x", (1i64 << 31) - 1), ("y", 65535), ("z", 65535)])
        {
            if n.checked_mul(c).is_none_or(|ctas| ctas > max) {
                fail(
                    k,
                    format!(
                        "the CUDA grid has {n} x {c} CTAs along {dim} (grid extent times cluster extent); CUDA launches at most {max}"
                    ),
                );
            }
        }
    }
    if params.num_threads.is_some()
        && info
            .specs
            .iter()
            .any(|s| resources::is_pipelined(s.memory_space))
    {
        fail(
            k,
            "not yet supported: blocks pipelined through shared memory in a kernel of several warpgroups (num_threads)".into(),
        );
    }
    if params.cluster.iter().product::<i64>() != 1
        && info
            .specs
            .iter()
            .any(|s| resources::is_pipelined(s.memory_space))
    {
        fail(
            k,
            "not yet supported: blocks pipelined through shared memory in a kernel with clusters"
                .into(),
        );
    }
    if params.profile_space != 0 {
        fail(k, "not yet supported: profiling (profile_space)".into());
    }
    let Some(body) = ir::body_block(k) else {
        fail(k, "kernel without a body".into());
        return false;
    };
    if ok.get() {
        // Only a kernel that passed the checks above has a plan.
        match resources::plan(k, &info, params, false) {
            Ok(plan) if plan.total > resources::MAX_SMEM_BYTES => fail(
                k,
                format!(
                    "Mosaic GPU kernel exceeds available shared memory: smem_bytes={} > max_smem_bytes={}",
                    plan.total,
                    resources::MAX_SMEM_BYTES
                ),
            ),
            Ok(plan) => {
                // Block-local semaphores have a part per CTA of the launch
                // (the CUDA grid, checked above, fits i64).
                let cluster = grid::cuda_cluster(&params.cluster);
                let ctas = grid::cuda_grid(&parallel_grid)
                    .into_iter()
                    .zip(cluster)
                    .try_fold(1i64, |n, (g, c)| n.checked_mul(g.checked_mul(c)?));
                for scope in &plan.semaphores {
                    if ctas.and_then(|n| scope.elements(n)).is_some() {
                        continue;
                    }
                    let how_many = if scope.global {
                        format!("{} for the launch", scope.count)
                    } else {
                        format!(
                            "{} per CTA over {} CTAs",
                            scope.count,
                            ctas.map_or("2^63 or more".into(), |n| n.to_string())
                        )
                    };
                    fail(
                        k,
                        format!(
                            "the kernel's GMEM semaphores ({how_many}) take more than 2^63 - 1 bytes"
                        ),
                    );
                }
            }
            Err(e) => fail(e.op.as_ref().unwrap_or(k), e.message),
        }
    }
    check_block(body, &fail);
    collectives::check_kernel(k, params, &fail);
    ok.get()
}

/// Checks the ops of `block` and of the regions the lowering inlines.
fn check_block(block: BlockRef, fail: &dyn Fn(&OperationRef, String)) {
    let mut op = block.first_operation();
    while let Some(o) = op {
        if let Err(m) = check_body_op(&o) {
            fail(&o, m);
        } else {
            for i in 0..o.region_count() {
                let mut b = crate::ir::region_at(&o, i).and_then(|r| r.first_block());
                while let Some(blk) = b {
                    check_block(blk, fail);
                    b = blk.next_in_region();
                }
            }
        }
        op = o.next_in_block();
    }
}

fn is_shared(v: Value) -> bool {
    MemorySpace::of_memref(v.r#type()) == Some(MemorySpace::Shared)
}

fn is_regs(v: Value) -> bool {
    MemorySpace::of_memref(v.r#type()) == Some(MemorySpace::Regs)
}

fn is_gmem(v: Value) -> bool {
    MemorySpace::of_memref(v.r#type()) == Some(MemorySpace::Gmem)
}

fn check_body_op(op: &OperationRef) -> Result<(), String> {
    crate::conversion::common::views::check_view_bounds(op)?;
    let name = ir::op_name_of(op);
    let operand = |i: usize| op.operand(i).map_err(|e| e.to_string());
    // Loads and stores: a whole shared ref or a unit-stride slice of one as
    // a vector, or one element of a shared or GMEM ref as a scalar.
    let access = |ref_index: usize, vector: bool| -> Result<(), String> {
        let r = operand(ref_index)?;
        let starts = op
            .attribute("starts")
            .map(ir::dense_i64)
            .unwrap_or_default();
        let sizes = op.attribute("sizes").map(ir::dense_i64).unwrap_or_default();
        let strides = op
            .attribute("strides")
            .map(ir::dense_i64)
            .unwrap_or_default();
        if strides.iter().any(|&s| s != 1) {
            return Err(format!("not yet supported: strided `{name}`"));
        }
        let point = !sizes.is_empty() && sizes.iter().all(|&s| s < 0);
        if vector {
            // Vector accesses of GMEM go through a view of the array.
            if !(is_shared(r) || is_gmem(r)) {
                return Err(format!(
                    "not yet supported: `{name}` of a vector from a ref outside shared memory ({})",
                    r.r#type()
                ));
            }
            if starts.is_empty() || sizes.iter().all(|&s| s >= 0) {
                return Ok(());
            }
            return Err(format!(
                "not yet supported: `{name}` of a vector with indexed (dropped) dims"
            ));
        }
        // The verifier sees to it that a scalar is one element (`point`).
        if !point || !(is_shared(r) || is_gmem(r)) {
            return Err(format!(
                "not yet supported: scalar `{name}` other than of one element of a shared or GMEM ref"
            ));
        }
        Ok(())
    };
    let is_vec = |i: usize| -> Result<bool, String> { Ok(ir::is_vector(operand(i)?.r#type())) };
    match name {
        "pallas.load" | "pallas.store"
            if operand(usize::from(name == "pallas.store")).is_ok_and(is_regs) =>
        {
            wgmma::check(op)
        }
        "pallas.wgmma" | "pallas.wgmma_wait" => wgmma::check(op),
        "pallas.run_scoped" => transforms::check_scope(op),
        "pallas.load" => {
            let t = op.result(0).map_err(|e| e.to_string())?.r#type();
            access(0, ir::is_vector(t))
        }
        "pallas.store" => access(1, is_vec(0)?),
        // An scf.index_switch is already JAX's form of a lax.switch.
        "scf.for" | "scf.while" | "scf.if" | "scf.index_switch" | "scf.yield" | "scf.condition" => {
            Ok(())
        }
        "pallas.debug_print" => debug::check(op),
        "pallas.program_id"
        | "pallas.named_scope"
        | "pallas.num_programs"
        | "pallas.return"
        | "pallas.iota"
        | "pallas.commit_smem"
        | "pallas.commit_smem_to_gmem_group"
        | "pallas.wait_smem_to_gmem"
        | "pallas.yield" => Ok(()),
        "pallas.layout_cast" => {
            let layout = ir::int_attr(op, "layout").unwrap_or(-1);
            let t = op.result(0).map_err(|e| e.to_string())?.r#type();
            let text = Layout::from_enum(layout, t, ir::int_attr(op, "vec_size"))?;
            let shape = ir::memref_shape(t);
            crate::conversion::mosaic_gpu_layouts::layouts::cast_mismatch(&text, &shape)
                .map_or(Ok(()), Err)
        }
        "memref.subview" => {
            let src = operand(0)?;
            if is_gmem(src) {
                return tma::check_gmem_subview(op);
            }
            let from_view = ir::defining_op(src).is_some();
            if !is_shared(src) || from_view {
                return Err(
                    "not yet supported: subviews other than of a shared or GMEM operand or allocation".into(),
                );
            }
            Ok(())
        }
        "pallas.copy_gmem_to_smem" => {
            if op.attribute("partitioned_axis").is_ok() {
                return Err("not yet supported: partitioned TMA copies".into());
            }
            if !is_gmem(operand(0)?) || !is_shared(operand(1)?) {
                return Err("not yet supported: copy_gmem_to_smem other than from a GMEM operand (or its static slice) to shared memory".into());
            }
            barrier_indices_in_range(op, 2)
        }
        "pallas.copy_smem_to_gmem" => {
            if !is_shared(operand(0)?) || !is_gmem(operand(1)?) {
                return Err("not yet supported: copy_smem_to_gmem other than from shared memory to a GMEM operand (or its static slice)".into());
            }
            Ok(())
        }
        "pallas.barrier_wait" | "pallas.barrier_arrive" => barrier_indices_in_range(op, 0),
        "pallas.set_max_registers" => Ok(()),
        // Grid axes and the warpgroup axis (the verifier knows the names;
        // cluster axes only come with clusters, rejected above).
        "pallas.axis_index" => Ok(()),
        _ if name.starts_with("arith.") || name.starts_with("math.") => Ok(()),
        // What the generated mosaic_gpu.multimem_load_reduce reduces:
        // integers of 32 and 64 bits; f16, bf16 and the two f8 types by
        // add, min or max; f32 by add only.
        "pallas.multimem_load_reduce" => {
            let t = op.result(0).map_err(|e| e.to_string())?.r#type();
            let elem = ir::element_type(t);
            let kind = ir::int_attr(op, "reduction").unwrap_or(0);
            if let Some(w) = ir::integer_width(elem) {
                return if w == 32 || w == 64 {
                    Ok(())
                } else {
                    Err(format!(
                        "multimem_load_reduce of {elem}: only 32- and 64-bit integers reduce in multimem"
                    ))
                };
            }
            let text = elem.to_string();
            if !matches!(
                text.as_str(),
                "f32" | "f16" | "bf16" | "f8E4M3FN" | "f8E5M2"
            ) {
                return Err(format!(
                    "multimem_load_reduce of {elem}: multimem reduces 32- and 64-bit integers and f32, f16, bf16, f8E4M3FN or f8E5M2 floats"
                ));
            }
            if !(0..=2).contains(&kind) {
                return Err(format!(
                    "multimem_load_reduce of {elem}: floats reduce by add, min or max only"
                ));
            }
            if text == "f32" && kind != 0 {
                return Err(
                    "multimem_load_reduce of f32: only add (multimem has no f32 min or max)".into(),
                );
            }
            Ok(())
        }
        _ if collectives::OPS.contains(&name) => Ok(()),
        // Slices keep their upstream op (whose verifier allows unit strides
        // only, as JAX's slice rule does).
        "vector.multi_reduction" | "vector.shape_cast" | "vector.extract_strided_slice" => Ok(()),
        "pallas.multiple_of" => elementwise::check_multiple_of(op),
        "vector.broadcast" => elementwise::check_broadcast(op),
        _ => Err(format!(
            "not yet supported: `{name}` in convert-pallas-to-mosaic-gpu"
        )),
    }
}

/// The constant indices of the barrier operand `at` of `op` (the operands
/// after it) are within its array: a barrier's phase is a bit picked by its
/// index, and an index past the array is past any barrier.
fn barrier_indices_in_range(op: &OperationRef, at: usize) -> Result<(), String> {
    let Some(barriers) = crate::ir::operand_at(op, at) else {
        return Ok(());
    };
    let shape = ir::memref_shape(barriers.r#type());
    for (d, (i, size)) in (at + 1..op.operand_count()).zip(shape).enumerate() {
        let index = op.operand(i).map_err(|e| e.to_string())?;
        if let Some(c) = tma::constant_index(ir::value(index)) {
            if c < 0 || c >= size {
                return Err(format!(
                    "barrier index {c} (dim {d}) is out of range for the array of {size} barriers"
                ));
            }
        }
    }
    Ok(())
}

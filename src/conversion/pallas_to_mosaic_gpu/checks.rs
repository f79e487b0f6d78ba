//! What the Mosaic GPU lowering rejects, reported at the user's op before
//! anything is rewritten: JAX's own rejections (with JAX's words and the
//! block spec details it gives), and the forms this lowering does not
//! handle yet ("not yet supported: ...").

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Value, ValueLike};

use super::elementwise::Layout;
use super::{elementwise, resources};
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
        if !matches!(spec.memory_space, None | Some(MemorySpace::Shared)) {
            fail(
                k,
                format!("not yet supported: {origin} in memory space {} (only blocks pipelined through shared memory)", spec.memory_space.map_or("none", |m| m.name())),
            );
        } else if spec.dims.iter().any(|d| !matches!(d, BlockDim::Blocked(_))) {
            fail(
                k,
                format!("not yet supported: {origin} with squeezed or bounded block dims"),
            );
        }
    }
    if info.grid.len() > 3 {
        fail(
            k,
            format!(
                "not yet supported: a grid of {} dims (more than 3 are squashed into the CUDA z dim)",
                info.grid.len()
            ),
        );
    }
    // JAX: a dim is parallel iff its semantics is "parallel" (all are when
    // none are given); the others become the in-kernel pipeline loop.
    let sequential = k
        .attribute("dimension_semantics")
        .map(|a| {
            ir::array_elements(a)
                .into_iter()
                .any(|s| ir::string_attr_value(s) != "parallel")
        })
        .unwrap_or(false);
    if sequential {
        fail(
            k,
            "not yet supported: sequential grid dims (the in-kernel TMA pipeline) in convert-pallas-to-mosaic-gpu".into(),
        );
    }
    if params.num_threads.is_some() {
        fail(
            k,
            "not yet supported: warpgroup meshes (num_threads)".into(),
        );
    }
    if params.cluster.iter().product::<i64>() != 1 {
        fail(k, "not yet supported: clusters of more than one CTA".into());
    }
    if params.profile_space != 0 {
        fail(k, "not yet supported: profiling (profile_space)".into());
    }
    let Some(body) = ir::body_block(k) else {
        fail(k, "kernel without a body".into());
        return false;
    };
    let n_specs = info.prefetch.len() + info.specs.len();
    if body.argument_count() > n_specs {
        fail(
            k,
            "not yet supported: scratch operands in convert-pallas-to-mosaic-gpu".into(),
        );
    }
    if ok.get() {
        // Only a kernel that passed the checks above has a plan.
        match resources::plan(k, &info, params) {
            Ok(plan) if plan.total > resources::MAX_SMEM_BYTES => fail(
                k,
                format!(
                    "Mosaic GPU kernel exceeds available shared memory: smem_bytes={} > max_smem_bytes={}",
                    plan.total,
                    resources::MAX_SMEM_BYTES
                ),
            ),
            Ok(_) => {}
            Err(m) => fail(k, m),
        }
    }
    let mut op = body.first_operation();
    while let Some(o) = op {
        if let Err(m) = check_body_op(&o, body.argument_count()) {
            fail(&o, m);
        }
        op = o.next_in_block();
    }
    ok.get()
}

/// Whether `v` is a ref argument of the kernel body.
fn is_body_ref(v: Value, n_args: usize) -> bool {
    ir::block_arg_owner(v)
        .is_some_and(|(owner, i)| ir::op_name_of(&owner) == "pallas.kernel" && i < n_args)
}

fn check_body_op(op: &OperationRef, n_args: usize) -> Result<(), String> {
    let name = ir::op_name_of(op);
    let whole_ref_access = |ref_index: usize| -> Result<(), String> {
        let r = op.operand(ref_index).map_err(|e| e.to_string())?;
        if !is_body_ref(r, n_args) {
            return Err(format!(
                "not yet supported: `{name}` of a ref other than a kernel operand"
            ));
        }
        let starts = op
            .attribute("starts")
            .map(ir::dense_i64)
            .unwrap_or_default();
        if !starts.is_empty() || op.operand_count() > ref_index + 1 {
            return Err(format!(
                "not yet supported: `{name}` with indices (only whole-block accesses)"
            ));
        }
        Ok(())
    };
    match name {
        "pallas.load" => {
            whole_ref_access(0)?;
            let t = op.result(0).map_err(|e| e.to_string())?.r#type();
            if !ir::is_vector(t) {
                return Err("not yet supported: scalar `pallas.load`".into());
            }
            Ok(())
        }
        "pallas.store" => whole_ref_access(1),
        "pallas.program_id" | "pallas.num_programs" | "pallas.return" | "pallas.iota" => Ok(()),
        "pallas.layout_cast" => {
            let layout = ir::int_attr(op, "layout").unwrap_or(-1);
            let t = op.result(0).map_err(|e| e.to_string())?.r#type();
            Layout::from_enum(layout, t).map(|_| ())
        }
        _ if name.starts_with("arith.") || name.starts_with("math.") => {
            if op.region_count() != 0 {
                return Err(format!(
                    "not yet supported: `{name}` in a Mosaic GPU kernel"
                ));
            }
            Ok(())
        }
        "vector.multi_reduction" | "vector.shape_cast" => Ok(()),
        "vector.broadcast" => elementwise::check_broadcast(op),
        _ => Err(format!(
            "not yet supported: `{name}` in convert-pallas-to-mosaic-gpu"
        )),
    }
}

//! `convert-pallas-to-scf`: the CPU reference lowering (Pallas interpret mode).
//!
//! Each `pallas.kernel` becomes a `func.func` taking the dynamic grid
//! extents, the scalar prefetch arrays, the input and the output arrays. It
//! copies aliased inputs into their outputs, allocates the block buffers and
//! the scratch once, and runs the grid as a row-major `scf.for` nest. Each
//! step evaluates the index maps, copies the in-bounds part of every window
//! into its block buffer (the rest reads as JAX's `interpret=True` reads
//! it: NaN, the integer minimum, ...), runs the inlined body and
//! copies the output blocks' in-bounds part back. Body ops become
//! `vector`/`memref`/`arith` ops; DMAs are synchronous copies and semaphores
//! `i32` counters; ref reshapes and bitcasts are views of the same memory
//! (see [`refs`]). `pallas.roll` and value bitcasts go through small
//! buffers ([`roll`], [`bitcast`]); the TPU PRNG is a software Threefry
//! generator whose bits differ from the hardware's ([`prng`]); a kernel on a
//! mesh runs as D simulated devices that take turns, each until it finishes
//! or blocks in a wait, with remote DMAs and signals into the other
//! devices' memory ([`mesh`], [`mesh_schedule`]). The SparseCore ops are lane loops over memory
//! ([`sparsecore`]); the subcores of a kernel with subcore barriers take
//! turns as a mesh's devices do ([`subcores`]). Ops without a CPU lowering are reported as "not yet
//! supported".

mod bitcast;
mod dma;
mod dot;
mod kernel;
mod limits;
mod load_store;
mod mesh;
mod mesh_schedule;
mod misc;
mod narrow_float;
mod prng;
mod reduction;
mod refs;
mod reshape;
mod roll;
mod scoped;
mod sparsecore;
mod subcores;
mod transpose;
mod types;
mod vector_ops;

use melior::ir::operation::{OperationLike, OperationRef};

use crate::conversion::common::retype;
use crate::conversion::common::sparsecore::SPARSECORE_ONLY_OPS;
use crate::conversion::common::unroll::{self, ParallelLoops};
use crate::conversion::framework::{apply_partial, ConversionTarget, PatternSet};
use crate::ir::emit_op_error;
use crate::passes::{OptionKind, OptionValues, PassDef, PassOption};

pub static PASS: PassDef = PassDef {
    argument: "convert-pallas-to-scf",
    name: "ConvertPallasToSCF",
    description:
        "Lower pallas kernels to func/scf/memref/vector loops runnable on the CPU (interpret mode)",
    anchor: "builtin.module",
    options: &[
        PassOption {
            name: "mesh-shape",
            description: "The device mesh to simulate, e.g. 4 or 2,2 (row-major device ids): \
                          for kernels that declare no mesh_shape; one that does must agree. \
                          Operands of such a kernel on D > 1 devices stack the D device-local \
                          arrays on a new leading axis",
            kind: OptionKind::String,
            default: "",
        },
        PassOption {
            name: "max-buffer-bytes",
            description: "The most bytes of buffers (windows, scratch, scoped allocations, of \
                          every simulated device and subcore) one kernel may allocate; the host \
                          holds them all at once",
            kind: OptionKind::Int,
            default: "4294967296",
        },
    ],
    dialects: &[
        "affine", "arith", "cf", "func", "math", "memref", "scf", "ub", "vector",
    ],
    run,
};

/// Region-free upstream ops that may see refs in kernel bodies.
const RETYPED: &[&str] = &[
    "memref.alloc",
    "memref.dealloc",
    "memref.subview",
    "memref.load",
    "memref.store",
    "memref.cast",
    "memref.dim",
    "memref.copy",
    "memref.reinterpret_cast",
    "memref.collapse_shape",
    "memref.expand_shape",
    "memref.transpose",
    "memref.view",
    "memref.extract_strided_metadata",
    "vector.transfer_read",
    "vector.transfer_write",
    "vector.load",
    "vector.store",
    "vector.maskedload",
    "vector.maskedstore",
    "vector.gather",
    "vector.scatter",
];

/// A test on an op (which of its forms a rule rewrites).
type OpPredicate = fn(&OperationRef) -> bool;

/// The pallas ops this lowering handles, besides every SparseCore-only op
/// (`SPARSECORE_ONLY_OPS`, see sparsecore.rs).
const SUPPORTED: &[&str] = &[
    "pallas.kernel",
    "pallas.index_map",
    "pallas.call",
    "pallas.return",
    "pallas.yield",
    "pallas.program_id",
    "pallas.num_programs",
    "pallas.load",
    "pallas.store",
    "pallas.swap",
    "pallas.ref_reshape",
    "pallas.ref_bitcast",
    "pallas.dot",
    "pallas.run_scoped",
    "pallas.semaphore_signal",
    "pallas.semaphore_wait",
    "pallas.semaphore_read",
    "pallas.dma_start",
    "pallas.dma_wait",
    "pallas.multiple_of",
    "pallas.debug_print",
    "pallas.delay",
    "pallas.iota",
    "pallas.reciprocal",
    "pallas.concatenate",
    "pallas.repeat",
    "pallas.named_scope",
    "pallas.roll",
    "pallas.bitcast",
    "pallas.prng_seed",
    "pallas.prng_random_bits",
    "pallas.axis_index",
    "pallas.device_id",
    "pallas.get_barrier_semaphore",
];

/// Reports every pallas op (or op form) the CPU lowering does not handle.
fn check_supported(module: &OperationRef, max_buffer_bytes: i64) -> bool {
    let mut ok = true;
    crate::ir::walk_nested(module, &mut |op| {
        let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
        if !name.starts_with("pallas.") {
            return;
        }
        if !SUPPORTED.contains(&name.as_str()) && !SPARSECORE_ONLY_OPS.contains(&name.as_str()) {
            emit_op_error(
                &op,
                &format!("not yet supported: '{name}' in the CPU reference lowering"),
            );
            ok = false;
            return;
        }
        if name == "pallas.kernel" && !limits::check_kernel(&op, max_buffer_bytes) {
            ok = false;
        }
        if name == "pallas.kernel" {
            ok &= check_views(&op);
        }
        if let Err(message) = types::check(&op)
            .and_then(|_| refs::check(&op))
            .and_then(|_| bitcast::check(&op))
            .and_then(|_| mesh::check(&op))
            .and_then(|_| sparsecore::check(&op, &name))
            .and_then(|_| match name.as_str() {
                "pallas.subcore_barrier" => subcores::check_barrier(&op),
                _ => Ok(()),
            })
        {
            emit_op_error(&op, &message);
            ok = false;
        }
    });
    ok
}

/// The views in `kernel` (common::views); upstream ops are not walked by
/// the pallas-op checks above.
fn check_views(kernel: &OperationRef) -> bool {
    let mut ok = true;
    crate::ir::walk_nested(kernel, &mut |op| {
        if let Err(message) = crate::conversion::common::views::check_view_bounds(&op) {
            emit_op_error(&op, &message);
            ok = false;
        }
    });
    ok
}

fn run(module: OperationRef, options: &OptionValues) -> Result<(), ()> {
    let mesh_shape = match mesh::parse_option(options.string("mesh-shape")) {
        Ok(shape) => shape,
        Err(message) => {
            crate::ir::emit_op_error(&module, &message);
            return Err(());
        }
    };
    let max_buffer_bytes = options.int("max-buffer-bytes");
    if max_buffer_bytes <= 0 {
        crate::ir::emit_op_error(
            &module,
            &format!("max-buffer-bytes={max_buffer_bytes}: expected a positive number of bytes"),
        );
        return Err(());
    }
    if !check_supported(&module, max_buffer_bytes) {
        return Err(());
    }
    narrow_float::widen_dots(&module);
    load_store::upstream_accesses_as_transfers(&module);
    // Grid axes first (as JAX resolves a name), before the subcore split.
    mesh::resolve_grid_axes(&module);
    if let Err(message) = prng::add_state(&module) {
        crate::ir::emit_op_error(&module, &message);
        return Err(());
    }
    // The run-time checks of waits and device ids, and a deadlock at a
    // subcore barrier, exit through `exit`.
    let mut checks = false;
    crate::ir::walk_nested(&module, &mut |op| {
        checks |= matches!(
            op.name().as_string_ref().as_str(),
            Ok("pallas.semaphore_wait"
                | "pallas.dma_wait"
                | "pallas.semaphore_signal"
                | "pallas.dma_start"
                | "pallas.subcore_barrier")
        );
    });
    if checks {
        dma::declare_exit(&module);
    }
    unroll::expand_loops(&module, &|_| true, ParallelLoops::Sequential).map_err(|_| ())?;
    // After unrolling: a loop it expands may hold waits and carry values.
    // On a mesh, the subcores of a kernel with subcore barriers take turns
    // with the other devices' (mesh.rs hands it to subcores.rs); on one
    // device, with its own.
    mesh::lower(&module, &mesh_shape)?;
    subcores::schedule_barriers(&module)?;
    let tc = types::converter();
    let mut target = ConversionTarget::new(&module);
    target
        .legal_dialects(&["affine", "arith", "cf", "func", "math", "scf", "ub"])
        .illegal_dialects(&["pallas"]);
    for d in ["memref", "vector"] {
        let tc2 = types::converter();
        target.dynamically_legal_dialect(d, move |op| Some(tc2.is_legal(&op)));
    }
    // Upstream vector ops this pass rewrites into loops where the vector
    // lowering would unroll a whole tile (see transpose.rs, reduction.rs,
    // reshape.rs).
    let tile_rules: [(&str, OpPredicate); 7] = [
        ("vector.transpose", transpose::is_tile_transpose),
        ("vector.multi_reduction", reduction::is_rewritten),
        ("vector.shape_cast", reshape::is_large_reshape),
        ("vector.extract_strided_slice", reshape::is_large_slice),
        ("vector.insert_strided_slice", reshape::is_large_slice),
        ("vector.extract", reshape::is_large_element_access),
        ("vector.insert", reshape::is_large_element_access),
    ];
    for (name, rewritten) in tile_rules {
        let tc2 = types::converter();
        target.dynamically_legal_op(name, move |op| Some(tc2.is_legal(&op) && !rewritten(&op)));
    }
    let mut patterns = PatternSet::new(&module);
    kernel::add_patterns(&mut patterns, &tc);
    load_store::add_patterns(&mut patterns, &tc);
    refs::add_patterns(&mut patterns, &tc);
    dot::add_patterns(&mut patterns, &tc);
    transpose::add_patterns(&mut patterns, &tc);
    reduction::add_patterns(&mut patterns, &tc);
    reshape::add_patterns(&mut patterns, &tc);
    dma::add_patterns(&mut patterns, &tc);
    scoped::add_patterns(&mut patterns, &tc);
    sparsecore::add_patterns(&mut patterns, &tc);
    misc::add_patterns(&mut patterns, &tc);
    vector_ops::add_patterns(&mut patterns, &tc);
    roll::add_patterns(&mut patterns, &tc);
    bitcast::add_patterns(&mut patterns, &tc);
    prng::add_patterns(&mut patterns, &tc);
    retype::add_patterns(&mut patterns, &tc, RETYPED, types::cpu_type);
    let result = apply_partial(&module, &target, patterns);
    drop(tc);
    result.map_err(|_| ())?;
    narrow_float::emulate(&module);
    // The per-core semaphore rows' mark has served (dma.rs).
    crate::ir::walk_nested(&module, &mut |op| {
        crate::ir::remove_attribute(&op, kernel::CORE_ROW_ATTR);
    });
    Ok(())
}

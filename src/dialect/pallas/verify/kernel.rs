//! `pallas.kernel` (grid, operand groups, block specs, body signature,
//! aliases, compiler params, cost estimate), its index-map symbols,
//! `pallas.index_map` and `pallas.call`.

use std::collections::HashSet;

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::RegionLike;
use melior::ir::ValueLike;
use mlir_sys::*;

use super::{
    array_elements, attr, dense_i64, dictionary_entries, ensure, entry_arg_types, fail, is_i32,
    is_index, is_integer, lookup_symbol, op_name, string_value, type_list, type_value, Verified,
};
use crate::ir::{
    self, affine_map_dims, affine_map_to_string, element_type, is_memref, memref_shape, BlockDim,
    BlockSpec, IndexMap, MemorySpace, SemaphoreKind,
};

const DIMENSION_SEMANTICS: [&str; 4] =
    ["parallel", "arbitrary", "core_parallel", "subcore_parallel"];
const BACKENDS: [&str; 3] = ["mosaic_tpu", "mosaic_gpu", "triton"];
const DYNAMIC: i64 = i64::MIN;

/// The operand groups of a kernel, decoded from its attributes.
struct KernelSignature<'c> {
    grid: Vec<i64>,
    prefetch: Vec<Type<'c>>,
    inputs: Vec<BlockSpec<'c>>,
    outputs: Vec<BlockSpec<'c>>,
}

impl<'c> KernelSignature<'c> {
    fn of(op: &OperationRef<'c, '_>) -> Self {
        let specs = |name: &str| -> Vec<BlockSpec<'c>> {
            attr(op, name)
                .and_then(array_elements)
                .unwrap_or_default()
                .into_iter()
                .filter_map(BlockSpec::from_attribute)
                .collect()
        };
        KernelSignature {
            grid: dense_i64(op, "grid").unwrap_or_default(),
            prefetch: attr(op, "scalar_prefetch")
                .and_then(array_elements)
                .unwrap_or_default()
                .into_iter()
                .filter_map(type_value)
                .collect(),
            inputs: specs("in_specs"),
            outputs: specs("out_specs"),
        }
    }

    /// `inputs[i]` / `outputs[i]` with their specs.
    fn specs(&self) -> impl Iterator<Item = (String, &BlockSpec<'c>)> {
        let ins = self
            .inputs
            .iter()
            .enumerate()
            .map(|(i, s)| (format!("inputs[{i}]"), s));
        let outs = self
            .outputs
            .iter()
            .enumerate()
            .map(|(i, s)| (format!("outputs[{i}]"), s));
        ins.chain(outs)
    }
}

fn spec_fail(op: &OperationRef, origin: &str, spec: &BlockSpec, message: String) -> Verified {
    fail(
        op,
        format!("{origin} {message}; block spec: {}", spec.to_text()),
    )
}

//===----------------------------------------------------------------------===//
// pallas.kernel
//===----------------------------------------------------------------------===//

/// Kernel and index-map names become function and symbol names in the
/// lowered modules: an empty name has no printed form there (MLIR prints
/// `@<<INVALID EMPTY SYMBOL>>`, which does not parse back).
fn verify_symbol_name(op: &OperationRef) -> Verified {
    let empty = attr(op, "sym_name")
        .and_then(string_value)
        .is_some_and(|n| n.is_empty());
    ensure(op, !empty, || "symbol name must not be empty".into())
}

pub(super) fn verify_kernel(op: &OperationRef) -> Verified {
    verify_symbol_name(op)?;
    let sig = KernelSignature::of(op);
    verify_grid(op, &sig.grid)?;
    for (i, t) in sig.prefetch.iter().enumerate() {
        ensure(op, is_memref(*t) && is_integer(element_type(*t)), || {
            format!("scalar_prefetch[{i}] must be a memref of integers, got {t}")
        })?;
        let space = MemorySpace::of_memref(*t);
        ensure(op, matches!(space, None | Some(MemorySpace::Smem)), || {
            format!("scalar_prefetch[{i}] must be in memory space smem (or none), got {t}")
        })?;
    }
    for (origin, spec) in sig.specs() {
        verify_spec(op, &origin, spec, &sig.grid)?;
    }
    verify_body_signature(op, &sig)?;
    verify_aliases(op, &sig)?;
    verify_compiler_params(op)?;
    super::gpu::verify_gpu_kernel(op)?;
    verify_cost_estimate(op)
}

fn verify_grid(op: &OperationRef, grid: &[i64]) -> Verified {
    for (axis, extent) in grid.iter().enumerate() {
        ensure(op, *extent == DYNAMIC || *extent > 0, || {
            format!("grid extent {extent} at axis {axis} must be positive or dynamic ('?')")
        })?;
    }
    let rank = grid.len();
    if let Some(names) = attr(op, "grid_names").and_then(array_elements) {
        ensure(op, names.len() == rank, || {
            format!(
                "grid_names has {} entries but the grid has rank {rank}",
                names.len()
            )
        })?;
        let mut seen = HashSet::new();
        for name in names.into_iter().filter_map(string_value) {
            ensure(op, seen.insert(name.clone()), || {
                format!("grid name \"{name}\" appears more than once in grid_names")
            })?;
        }
    }
    if let Some(semantics) = attr(op, "dimension_semantics").and_then(array_elements) {
        ensure(op, semantics.len() == rank, || {
            format!(
                "dimension_semantics has {} entries but the grid has rank {rank}",
                semantics.len()
            )
        })?;
        for (axis, s) in semantics.into_iter().filter_map(string_value).enumerate() {
            ensure(op, DIMENSION_SEMANTICS.contains(&s.as_str()), || {
                format!(
                    "dimension_semantics[{axis}] is \"{s}\"; expected parallel, arbitrary, core_parallel or subcore_parallel"
                )
            })?;
        }
    }
    Ok(())
}

fn verify_spec(op: &OperationRef, origin: &str, spec: &BlockSpec, grid: &[i64]) -> Verified {
    // The array is the whole operand outside the kernel; where its blocks
    // live is the spec's `in <space>`. A space on the array type would be
    // silently ignored by every lowering.
    if ir::memref_memory_space(spec.array_type).is_some() {
        return spec_fail(
            op,
            origin,
            spec,
            format!(
                "array type {} has a memory space; give the block's memory space with `in <space>`",
                spec.array_type
            ),
        );
    }
    let shape = memref_shape(spec.array_type);
    if spec.dims.len() != shape.len() {
        return spec_fail(
            op,
            origin,
            spec,
            format!(
                "has {} block dims but its array {} has rank {}",
                spec.dims.len(),
                spec.array_type,
                shape.len()
            ),
        );
    }
    for (d, (dim, extent)) in spec.dims.iter().zip(&shape).enumerate() {
        let (size, limit) = match *dim {
            BlockDim::Squeezed => continue,
            // A block may be larger than its array dim: the window is padded,
            // as in JAX (reads of the padding are unspecified, writes to it
            // are dropped).
            BlockDim::Blocked(n) => (n, DYNAMIC),
            BlockDim::Bounded(n) => (n, *extent),
            BlockDim::Element {
                size,
                pad_low,
                pad_high,
            } => {
                if pad_low < 0 || pad_high < 0 {
                    return spec_fail(
                        op,
                        origin,
                        spec,
                        format!("has negative element padding [{pad_low}, {pad_high}] at dim {d}"),
                    );
                }
                let padded = extent
                    .checked_add(pad_low)
                    .and_then(|e| e.checked_add(pad_high));
                let Some(padded) = padded else {
                    return spec_fail(
                        op,
                        origin,
                        spec,
                        format!("has element padding [{pad_low}, {pad_high}] at dim {d} that makes the padded extent overflow i64"),
                    );
                };
                (size, if *extent == DYNAMIC { DYNAMIC } else { padded })
            }
        };
        if size <= 0 {
            return spec_fail(
                op,
                origin,
                spec,
                format!("has block size {size} at dim {d}; block sizes must be positive"),
            );
        }
        if limit != DYNAMIC && size > limit {
            return spec_fail(
                op,
                origin,
                spec,
                format!("has block size {size} at dim {d}, larger than the array dim {limit}"),
            );
        }
    }
    let bounded = spec
        .dims
        .iter()
        .filter(|d| matches!(d, BlockDim::Bounded(_)))
        .count();
    if let IndexMap::Affine(map) = spec.index_map {
        let text = affine_map_to_string(map);
        if bounded > 0 {
            return spec_fail(
                op,
                origin,
                spec,
                "has bounded block dims, which need a @symbol index map returning (start, size), not an affine map".into(),
            );
        }
        let (dims, symbols, results) = affine_map_dims(map);
        if dims != grid.len() {
            return spec_fail(
                op,
                origin,
                spec,
                format!(
                    "index map {text} takes {dims} grid ids but the grid has rank {}",
                    grid.len()
                ),
            );
        }
        if symbols != 0 {
            return spec_fail(
                op,
                origin,
                spec,
                format!("index map {text} must not have symbols"),
            );
        }
        if results != shape.len() {
            return spec_fail(
                op,
                origin,
                spec,
                format!(
                    "index map {text} returns {results} values but the array has rank {}",
                    shape.len()
                ),
            );
        }
        for (d, e) in ir::affine_map_results(map).into_iter().enumerate() {
            if let Some(problem) = index_expr_problem(e, grid) {
                return spec_fail(
                    op,
                    origin,
                    spec,
                    format!("index map {text} {problem} (result {d})"),
                );
            }
        }
        verify_affine_ranges(op, origin, spec, map, grid, &shape)?;
    }
    if let Some(count) = spec.buffer_count {
        if count <= 0 {
            return spec_fail(
                op,
                origin,
                spec,
                format!("has buffer count {count}; it must be positive"),
            );
        }
    }
    if let Some(space @ (MemorySpace::Any | MemorySpace::Hbm)) = spec.memory_space {
        if !spec.has_trivial_window() {
            return spec_fail(
                op,
                origin,
                spec,
                format!(
                    "is in memory space {}, which needs the whole array as block and an index map returning zeros",
                    space.name()
                ),
            );
        }
    }
    Ok(())
}

/// The range of an affine expression over the grid, when the grid extents
/// it uses are static. Bounds are exact for sums and products and sound
/// (possibly wider) for `floordiv`, `ceildiv` and `mod` by a constant of
/// either sign; `None` when a bound leaves i128 or the expression divides by
/// something that is not a non-zero constant.
fn expr_range(expr: MlirAffineExpr, grid: &[i64]) -> Option<(i128, i128)> {
    ranges(expr, grid, &mut |_, _| Ok(())).unwrap_or(None)
}

/// [`expr_range`] of `expr`, calling `visit` on every subexpression with
/// its range, operands before the expression (post-order, left first): one
/// pass over the expression, stopped at the first `Err`. Iterative: an
/// index map may nest as deep as the parser allows.
fn ranges(
    expr: MlirAffineExpr,
    grid: &[i64],
    visit: &mut dyn FnMut(MlirAffineExpr, Option<(i128, i128)>) -> Result<(), String>,
) -> Result<Option<(i128, i128)>, String> {
    let corners = |a: (i128, i128), b: (i128, i128), f: &dyn Fn(i128, i128) -> Option<i128>| {
        let vs = [f(a.0, b.0)?, f(a.0, b.1)?, f(a.1, b.0)?, f(a.1, b.1)?];
        Some((*vs.iter().min()?, *vs.iter().max()?))
    };
    let constant_divisor = |r: Option<(i128, i128)>| match r? {
        (c, d) if c == d && c != 0 => Some(c),
        _ => None,
    };
    // (expression, whether its operands are done); the ranges of finished
    // expressions wait on `done`, the left operand's below the right's.
    let mut todo = vec![(expr, false)];
    let mut done: Vec<Option<(i128, i128)>> = vec![];
    while let Some((e, operands_done)) = todo.pop() {
        let node = ir::affine_expr(e);
        let binary = match node {
            ir::AffineExpr::Add(l, r)
            | ir::AffineExpr::Mul(l, r)
            | ir::AffineExpr::FloorDiv(l, r)
            | ir::AffineExpr::CeilDiv(l, r)
            | ir::AffineExpr::Mod(l, r) => Some((l, r)),
            _ => None,
        };
        if let (Some((l, r)), false) = (binary, operands_done) {
            todo.extend([(e, true), (r, false), (l, false)]);
            continue;
        }
        let (a, b) = if binary.is_some() {
            let b = done.pop().flatten();
            (done.pop().flatten(), b)
        } else {
            (None, None)
        };
        let range = match node {
            ir::AffineExpr::Constant(c) => Some((c as i128, c as i128)),
            ir::AffineExpr::Dim(p) => grid
                .get(p)
                .filter(|e| **e != DYNAMIC)
                .map(|e| (0, *e as i128 - 1)),
            ir::AffineExpr::Symbol(_) => None,
            ir::AffineExpr::Add(..) => a
                .zip(b)
                .and_then(|(a, b)| Some((a.0.checked_add(b.0)?, a.1.checked_add(b.1)?))),
            ir::AffineExpr::Mul(..) => a
                .zip(b)
                .and_then(|(a, b)| corners(a, b, &|x, y| x.checked_mul(y))),
            // Floor and ceil division by a constant are monotone in the
            // dividend, so the corners bound them whatever the signs.
            ir::AffineExpr::FloorDiv(..) => a
                .zip(constant_divisor(b))
                .and_then(|(a, c)| corners(a, (c, c), &|x, y| Some(floor_div(x, y)))),
            ir::AffineExpr::CeilDiv(..) => a
                .zip(constant_divisor(b))
                .and_then(|(a, c)| corners(a, (c, c), &|x, y| Some(-floor_div(-x, y)))),
            // MLIR folds `x mod c` to x - (x floordiv c) * c: in [0, c) for
            // c > 0 and in (c, 0] for c < 0.
            ir::AffineExpr::Mod(..) => a.zip(constant_divisor(b)).map(|(a, c)| {
                // Within one period the result is the dividend shifted.
                if floor_div(a.0, c) == floor_div(a.1, c) {
                    let shift = floor_div(a.0, c) * c;
                    (a.0 - shift, a.1 - shift)
                } else if c > 0 {
                    (0, c - 1)
                } else {
                    (c + 1, 0)
                }
            }),
        };
        visit(e, range)?;
        done.push(range);
    }
    Ok(done.pop().flatten())
}

/// `x / y` rounded towards negative infinity (affine `floordiv`), y != 0.
fn floor_div(x: i128, y: i128) -> i128 {
    let q = x / y;
    if x % y != 0 && ((x < 0) != (y < 0)) {
        q - 1
    } else {
        q
    }
}

/// What makes an index-map expression wrong whatever the grid ids: a
/// constant or, over a static grid, an intermediate value outside `i32`
/// (the lowered transform functions compute on i32 grid ids), or a division
/// by zero. The first problem of the innermost, leftmost subexpression; one
/// pass (checking each subexpression's range anew was quadratic in the
/// depth of the expression).
fn index_expr_problem(expr: MlirAffineExpr, grid: &[i64]) -> Option<String> {
    let fits = |v: i128| (i32::MIN as i128..=i32::MAX as i128).contains(&v);
    let mut check = |e: MlirAffineExpr, range: Option<(i128, i128)>| -> Result<(), String> {
        match ir::affine_expr(e) {
            ir::AffineExpr::Constant(c) if !fits(c as i128) => {
                return Err(format!("has the constant {c}, which does not fit i32"))
            }
            ir::AffineExpr::FloorDiv(_, r)
            | ir::AffineExpr::CeilDiv(_, r)
            | ir::AffineExpr::Mod(_, r) => {
                if let ir::AffineExpr::Constant(0) = ir::affine_expr(r) {
                    return Err("divides by zero".into());
                }
            }
            _ => {}
        }
        match range {
            Some((lo, hi)) if !fits(lo) || !fits(hi) => Err(format!(
                "can compute {}, outside i32",
                if fits(lo) { hi } else { lo }
            )),
            _ => Ok(()),
        }
    };
    ranges(expr, grid, &mut check).err()
}

/// Statically provable out-of-range windows (linear maps over a static grid).
fn verify_affine_ranges(
    op: &OperationRef,
    origin: &str,
    spec: &BlockSpec,
    map: MlirAffineMap,
    grid: &[i64],
    shape: &[i64],
) -> Verified {
    let results = ir::affine_map_results(map);
    for (d, (dim, extent)) in spec.dims.iter().zip(shape).enumerate() {
        if *extent == DYNAMIC {
            continue;
        }
        let Some((lo, hi)) = results.get(d).and_then(|e| expr_range(*e, grid)) else {
            continue;
        };
        let max = match *dim {
            BlockDim::Blocked(n) => (*extent as i128 + n as i128 - 1) / n as i128 - 1,
            BlockDim::Element {
                pad_low, pad_high, ..
            } => *extent as i128 + pad_low as i128 + pad_high as i128 - 1,
            _ => *extent as i128 - 1,
        };
        let bad = if lo < 0 { lo } else { hi };
        if lo < 0 || hi > max {
            let what = if matches!(dim, BlockDim::Blocked(_)) {
                "block index"
            } else {
                "element index"
            };
            return spec_fail(
                op,
                origin,
                spec,
                format!(
                    "index map {} can return {what} {bad} at dim {d}, outside the valid range [0, {max}]",
                    affine_map_to_string(map)
                ),
            );
        }
    }
    Ok(())
}

fn verify_body_signature(op: &OperationRef, sig: &KernelSignature) -> Verified {
    let Some(args) = entry_arg_types(op) else {
        return Ok(());
    };
    let (p, i, o) = (sig.prefetch.len(), sig.inputs.len(), sig.outputs.len());
    let need = p + i + o;
    ensure(op, args.len() >= need, || {
        format!(
            "body has {} arguments but {p} prefetch + {i} inputs + {o} outputs need at least {need}",
            args.len()
        )
    })?;
    for (k, (arg, t)) in args.iter().zip(&sig.prefetch).enumerate() {
        ensure(op, arg == t, || {
            format!("body argument {k} has type {arg} but scalar_prefetch[{k}] is {t}")
        })?;
    }
    for (k, (origin, spec)) in sig.specs().enumerate() {
        let arg = args[p + k];
        let expected = spec.block_ref_type();
        if arg != expected {
            return spec_fail(
                op,
                &origin,
                spec,
                format!(
                    "has block ref type {expected} but body argument {} has type {arg}",
                    p + k
                ),
            );
        }
    }
    for (k, t) in args[need..].iter().enumerate() {
        verify_allocation(op, &format!("scratch[{k}]"), *t)?;
    }
    Ok(())
}

/// Rules for scratch buffers and `run_scoped` allocations.
pub(super) fn verify_allocation(op: &OperationRef, what: &str, t: Type) -> Verified {
    if !is_memref(t) {
        return fail(op, format!("{what} must be a memref, got {t}"));
    }
    // JAX's scratch shapes and run_scoped allocations are static: the
    // compiler sizes every buffer before the kernel runs (Mosaic's scratch
    // operands, the CPU reference's buffers, shared memory on GPU).
    ensure(op, !memref_shape(t).contains(&DYNAMIC), || {
        format!("{what} of type {t} has a dynamic shape: scratch buffers and scoped allocations need a static shape (their size is fixed before the kernel runs)")
    })?;
    let space = MemorySpace::of_memref(t);
    match SemaphoreKind::of_memref(t) {
        Some(SemaphoreKind::Barrier) => ensure(op, space == Some(MemorySpace::Shared), || {
            format!("{what} is a barrier ref, which must be in memory space shared, got {t}")
        }),
        Some(_) => ensure(
            op,
            matches!(space, Some(MemorySpace::Semaphore | MemorySpace::Gmem)),
            || {
                format!("{what} is a semaphore ref, which must be in memory space semaphore (TPU) or gmem (GPU), got {t}")
            },
        ),
        None => ensure(op, space != Some(MemorySpace::Semaphore), || {
            format!("{what} is in memory space semaphore, which holds only semaphores, got {t}")
        }),
    }
}

fn same_shape_and_element(a: Type, b: Type) -> bool {
    memref_shape(a) == memref_shape(b) && element_type(a) == element_type(b)
}

fn verify_aliases(op: &OperationRef, sig: &KernelSignature) -> Verified {
    let aliases = dense_i64(op, "input_output_aliases").unwrap_or_default();
    ensure(op, aliases.len().is_multiple_of(2), || {
        format!(
            "input_output_aliases must hold (input, output) pairs, got {} entries",
            aliases.len()
        )
    })?;
    let input_types: Vec<Type> = sig
        .prefetch
        .iter()
        .copied()
        .chain(sig.inputs.iter().map(|s| s.array_type))
        .collect();
    let (n_in, n_out) = (input_types.len() as i64, sig.outputs.len() as i64);
    let (mut seen_in, mut seen_out) = (HashSet::new(), HashSet::new());
    for pair in aliases.chunks(2) {
        let (i, o) = (pair[0], pair[1]);
        ensure(op, (0..n_in).contains(&i), || {
            format!("input_output_aliases maps {i} -> {o}, but input index {i} is outside [0, {n_in}) (inputs count prefetch ++ ins)")
        })?;
        ensure(op, (0..n_out).contains(&o), || {
            format!("input_output_aliases maps {i} -> {o}, but output index {o} is outside [0, {n_out})")
        })?;
        let (it, ot) = (input_types[i as usize], sig.outputs[o as usize].array_type);
        ensure(op, same_shape_and_element(it, ot), || {
            format!("input_output_aliases maps {i} -> {o}, but input {it} and output {ot} differ in shape or element type")
        })?;
        ensure(op, seen_in.insert(i), || {
            format!("input_output_aliases aliases input {i} more than once")
        })?;
        ensure(op, seen_out.insert(o), || {
            format!("input_output_aliases aliases output {o} more than once")
        })?;
    }
    Ok(())
}

fn verify_compiler_params(op: &OperationRef) -> Verified {
    let Some(params) = attr(op, "compiler_params") else {
        return Ok(());
    };
    for (key, value) in dictionary_entries(params).unwrap_or_default() {
        ensure(op, BACKENDS.contains(&key.as_str()), || {
            format!("compiler_params has an unknown backend '{key}'; expected mosaic_tpu, mosaic_gpu or triton")
        })?;
        ensure(op, dictionary_entries(value).is_some(), || {
            format!("compiler_params for '{key}' must be a dictionary, got {value}")
        })?;
    }
    crate::dialect::pallas::compiler_params::MosaicTpuParams::of(op)
        .map(|_| ())
        .or_else(|m| fail(op, m))
}

fn verify_cost_estimate(op: &OperationRef) -> Verified {
    let Some(cost) = attr(op, "cost_estimate") else {
        return Ok(());
    };
    let Some(values) = ir::cost_estimate(cost) else {
        return Ok(());
    };
    let names = [
        "flops",
        "transcendentals",
        "bytes_accessed",
        "remote_bytes_transferred",
    ];
    for (name, value) in names.iter().zip(values) {
        ensure(op, value >= 0, || {
            format!("cost_estimate field {name} must be non-negative, got {value}")
        })?;
    }
    Ok(())
}

//===----------------------------------------------------------------------===//
// Symbols: index maps named by block specs, pallas.call
//===----------------------------------------------------------------------===//

/// The (inputs, results) of a FunctionType attribute named `function_type`.
fn function_signature<'c>(op: &OperationRef<'c, '_>) -> Option<(Vec<Type<'c>>, Vec<Type<'c>>)> {
    ir::function_type_io(type_value(attr(op, "function_type")?)?)
}

pub(super) fn verify_kernel_symbols(op: &OperationRef) -> Verified {
    let sig = KernelSignature::of(op);
    let i32 = ir::i32_type(op);
    let expected_args: Vec<Type> = std::iter::repeat_n(i32, sig.grid.len())
        .chain(sig.prefetch.iter().copied())
        .collect();
    for (origin, spec) in sig.specs() {
        let IndexMap::Symbol(name) = spec.index_map else {
            continue;
        };
        let target = lookup_symbol(op, name).filter(|t| op_name(t) == "pallas.index_map");
        let Some(target) = target else {
            return spec_fail(
                op,
                &origin,
                spec,
                format!("index map @{name} does not name a pallas.index_map"),
            );
        };
        let Some((args, results)) = function_signature(&target) else {
            continue;
        };
        if args != expected_args {
            return spec_fail(
                op,
                &origin,
                spec,
                format!(
                    "index map @{name} takes {} but the kernel passes {} (i32 grid ids, then the prefetch refs)",
                    type_list(&args),
                    type_list(&expected_args)
                ),
            );
        }
        let bounded = spec
            .dims
            .iter()
            .filter(|d| matches!(d, BlockDim::Bounded(_)))
            .count();
        let needed = spec.dims.len() + bounded;
        if results.len() != needed {
            return spec_fail(
                op,
                &origin,
                spec,
                format!(
                    "index map @{name} returns {} values but the block spec needs {needed} (one per dim, two per bounded dim)",
                    results.len()
                ),
            );
        }
    }
    Ok(())
}

pub(super) fn verify_call(op: &OperationRef) -> Verified {
    let Some(kernel_attr) = attr(op, "kernel") else {
        return Ok(());
    };
    let name = ir::flat_symbol_name(kernel_attr);
    let Some(kernel) = lookup_symbol(op, name).filter(|k| op_name(k) == "pallas.kernel") else {
        return fail(op, format!("@{name} does not name a pallas.kernel"));
    };
    let sig = KernelSignature::of(&kernel);
    let dynamic_axes: Vec<usize> = sig
        .grid
        .iter()
        .enumerate()
        .filter(|(_, e)| **e == DYNAMIC)
        .map(|(a, _)| a)
        .collect();
    let operands: Vec<Type> = op.operands().map(|v| v.r#type()).collect();
    let (d, p, i, o) = (
        dynamic_axes.len(),
        sig.prefetch.len(),
        sig.inputs.len(),
        sig.outputs.len(),
    );
    let expected = d + p + i + o;
    ensure(op, operands.len() == expected, || {
        format!(
            "@{name} takes {expected} operands ({d} dynamic grid extents, {p} prefetch, {i} inputs, {o} outputs), got {}",
            operands.len()
        )
    })?;
    for (k, axis) in dynamic_axes.iter().enumerate() {
        let t = operands[k];
        ensure(op, is_index(t) || is_integer(t), || {
            format!("operand {k} is the extent of dynamic grid axis {axis} and must be an index or an integer, got {t}")
        })?;
    }
    let declared = sig
        .prefetch
        .iter()
        .enumerate()
        .map(|(k, t)| (format!("scalar_prefetch[{k}]"), *t))
        .chain(sig.specs().map(|(origin, spec)| (origin, spec.array_type)));
    // On a mesh of D > 1 devices every array operand stacks the D
    // device-local arrays on a leading axis (the CPU reference runs the
    // devices); a kernel that declares no mesh may get one at lowering
    // time (convert-pallas-to-scf's mesh-shape), so any one leading extent.
    let mesh_devices: Option<i64> = kernel
        .attribute("compiler_params")
        .ok()
        .and_then(|p| ir::dict_get(p, "mosaic_tpu"))
        .and_then(|t| ir::dict_get(t, "mesh_shape"))
        // Checked: the kernel's own verifier reports a bad mesh_shape, but
        // the call may be verified first.
        .and_then(ir::attrs::as_dense_i64)
        .and_then(|s| s.iter().try_fold(1i64, |acc, e| acc.checked_mul(*e)));
    let stacked_extent = |actual: Type, t: Type| -> Option<i64> {
        let (a, t) = (actual.to_string(), t.to_string());
        let rest = t.strip_prefix("memref<")?;
        let head = a.strip_prefix("memref<")?.strip_suffix(rest)?;
        head.strip_suffix('x')?.parse().ok()
    };
    let mut extent = None;
    for (k, (origin, t)) in declared.enumerate() {
        let actual = operands[d + k];
        let stacked = stacked_extent(actual, t).filter(|n| match mesh_devices {
            Some(devices) => devices > 1 && *n == devices,
            None => extent.is_none_or(|e| e == *n),
        });
        if actual != t && stacked.is_some() {
            extent = stacked;
            continue;
        }
        ensure(op, actual == t, || {
            format!(
                "operand {} ({origin} of @{name}) has type {actual} but the kernel declares {t}{}",
                d + k,
                match mesh_devices {
                    Some(n) if n > 1 =>
                        format!(" (or memref<{n}x...> stacking its {n} devices' arrays)"),
                    _ => String::new(),
                }
            )
        })?;
    }
    Ok(())
}

//===----------------------------------------------------------------------===//
// pallas.index_map
//===----------------------------------------------------------------------===//

pub(super) fn verify_index_map(op: &OperationRef) -> Verified {
    verify_symbol_name(op)?;
    let Some((args, results)) = function_signature(op) else {
        return Ok(());
    };
    for (k, t) in results.iter().enumerate() {
        ensure(op, is_i32(*t), || {
            format!("result {k} has type {t}; index maps return i32 values")
        })?;
    }
    let mut seen_ref = false;
    for (k, t) in args.iter().enumerate() {
        if is_memref(*t) {
            seen_ref = true;
            continue;
        }
        ensure(op, is_i32(*t), || {
            format!("argument {k} must be an i32 grid id or a prefetch memref, got {t}")
        })?;
        ensure(op, !seen_ref, || {
            format!("argument {k} is an i32 grid id after a prefetch ref; grid ids come first")
        })?;
    }
    let Ok(region) = op.region(0) else {
        return Ok(());
    };
    let Some(mut block) = region.first_block() else {
        return fail(op, "must have a body");
    };
    loop {
        if let Some(term) = block.terminator() {
            if op_name(&term) == "pallas.yield" {
                let yielded: Vec<Type> = term.operands().map(|v| v.r#type()).collect();
                ensure(op, yielded == results, || {
                    format!(
                        "body yields {} but the index map returns {}",
                        type_list(&yielded),
                        type_list(&results)
                    )
                })?;
            } else if term.successor_count() == 0 {
                return fail(
                    op,
                    format!("body must end with pallas.yield, not {}", op_name(&term)),
                );
            }
        }
        match block.next_in_region() {
            Some(next) => block = next,
            None => break,
        }
    }
    Ok(())
}

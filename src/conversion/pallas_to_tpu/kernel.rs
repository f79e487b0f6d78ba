//! The Mosaic calling convention: each TensorCore `pallas.kernel @k` becomes
//! `module @k { func.func @k(...); func.func @transform_<i>(...) ... }`.
//!
//! `@k` takes one `i32` per grid dim, then the scalar prefetch refs (SMEM),
//! the input and output windows (squeezed dims kept as size 1), then the
//! scratch refs, and returns nothing. Its attributes describe the grid
//! (`iteration_bounds`, `dimension_semantics`) and every windowed operand
//! (`window_params`: the transform function computing the window's block
//! indices, its bounds, and `window_kind` / `pipeline_mode` when needed).
//! Grid queries in the body become the grid arguments, constants or
//! `tpu.iteration_bound`.

use melior::ir::attribute::Attribute;
use melior::ir::block::{BlockLike, BlockRef};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::Type;
use melior::ir::{Block, Region, RegionLike, Value, ValueLike};

use super::types::{self, tpu_type};
use crate::conversion::common::builder::{
    array_elements, dense_i64, memo_type, result_of, string_attr_value, value, B, DYNAMIC,
};
use crate::conversion::common::index_map::expand_affine_map;
use crate::conversion::framework::{PatternSet, Rewriter, TypeConverter};
use crate::ir::{self, BlockDim, BlockSpec, IndexMap, MemorySpace};

/// Discardable attribute carrying the kernel's `compiler_params` on the
/// function while the body is converted (removed when the pass ends).
pub const PARAMS_ATTR: &str = "pallas.compiler_params";
/// Discardable attribute marking the modules this pass creates.
pub const MOSAIC_MODULE_ATTR: &str = "pallas.mosaic_module";
/// Discardable attribute carrying the grid axis names the same way.
pub const GRID_NAMES_ATTR: &str = "pallas.grid_names";

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter) {
    set.add("pallas.kernel", None, lower_kernel);
    set.add("pallas.return", Some(tc), |op, _, rw| {
        B::new(rw, op.location()).op("func.return", &[], &[], &[]);
        rw.erase_op(&op);
        Ok(())
    });
    set.add("pallas.yield", Some(tc), |op, operands, rw| {
        // Index-map bodies (now transform functions) return their indices;
        // scoped regions (now tpu.region) yield their results.
        let parent = op.parent_operation().ok_or("yield without a parent")?;
        let name = if crate::ir::op_name_of(&parent) == "func.func" {
            "func.return"
        } else {
            "tpu.yield"
        };
        B::new(rw, op.location()).op(name, operands, &[], &[]);
        rw.erase_op(&op);
        Ok(())
    });
    set.add("pallas.program_id", None, |op, _, rw| {
        let func = enclosing_func(&op).ok_or("program_id outside a kernel")?;
        let axis = int_attr(&op, "axis").ok_or("program_id without axis")? as usize;
        let entry = entry_of(func)?;
        let arg = entry.argument(axis).map_err(|e| e.to_string())?;
        rw.replace_op(&op, &[value(arg)]);
        Ok(())
    });
    set.add("pallas.num_programs", None, |op, _, rw| {
        let func = enclosing_func(&op).ok_or("num_programs outside a kernel")?;
        let axis = int_attr(&op, "axis").ok_or("num_programs without axis")?;
        let bounds = func
            .attribute("iteration_bounds")
            .map(dense_i64)
            .unwrap_or_default();
        let b = B::new(rw, op.location());
        let v = match bounds.get(axis as usize) {
            Some(&n) if n != DYNAMIC => b.ci32(n),
            _ => {
                let dim = b.int_attr(axis, b.i32());
                b.val("tpu.iteration_bound", &[], b.i32(), &[("dim", dim)])
            }
        };
        rw.replace_op(&op, &[v]);
        Ok(())
    });
    set.add("pallas.axis_index", None, |op, _, rw| {
        let func = enclosing_func(&op).ok_or("axis_index outside a kernel")?;
        let name = op
            .attribute("axis_name")
            .map(string_attr_value)
            .map_err(|e| e.to_string())?;
        let b = B::new(rw, op.location());
        let grid_names = func
            .attribute(GRID_NAMES_ATTR)
            .map(|a| {
                array_elements(a)
                    .into_iter()
                    .map(string_attr_value)
                    .collect()
            })
            .unwrap_or_else(|_| Vec::<String>::new());
        if let Some(axis) = grid_names.iter().position(|n| *n == name) {
            let arg = entry_of(func)?.argument(axis).map_err(|e| e.to_string())?;
            rw.replace_op(&op, &[value(arg)]);
            return Ok(());
        }
        let mesh = Mesh::of(&op).ok_or("Mesh context is not set.")?;
        let k = mesh
            .names
            .iter()
            .position(|n| *n == name)
            .ok_or("axis_index of an unknown axis (rejected by the checks)")?;
        // coordinate k = (device_id / prod(shape[k+1..])) % shape[k]
        let inner: i64 = mesh.shape[k + 1..].iter().product();
        let id = b.val("tpu.device_id", &[], b.i32(), &[]);
        let q = b.bin("arith.divsi", id, b.ci32(inner));
        let v = b.bin("arith.remsi", q, b.ci32(mesh.shape[k]));
        rw.replace_op(&op, &[v]);
        Ok(())
    });
}

/// The named device mesh a kernel communicates over
/// (`compiler_params = {mosaic_tpu = {mesh_axes = [...], mesh_shape = array<i64: ...>}}`).
pub struct Mesh {
    pub names: Vec<String>,
    pub shape: Vec<i64>,
}

impl Mesh {
    /// The mesh of the kernel that `op` is in.
    pub fn of(op: &OperationRef) -> Option<Mesh> {
        let func = enclosing_func(op)?;
        let params = func.attribute(PARAMS_ATTR).ok()?;
        let mesh = MosaicTpuParams::decode(dict_get(params, "mosaic_tpu")?)
            .ok()?
            .mesh?;
        Some(Mesh {
            names: mesh.axes,
            shape: mesh.shape,
        })
    }

    /// The logical id of the device at mesh coordinates `coords`
    /// (row-major strides).
    pub fn logical_id<'c, 'a>(&self, b: &B<'_, 'c, 'a>, coords: &[Value<'c, 'a>]) -> Value<'c, 'a> {
        let mut acc: Option<Value<'c, 'a>> = None;
        for (k, c) in coords.iter().enumerate() {
            let stride: i64 = self.shape[k + 1..].iter().product();
            let term = if stride == 1 {
                *c
            } else {
                b.bin("arith.muli", *c, b.ci32(stride))
            };
            acc = Some(match acc {
                None => term,
                Some(a) => b.bin("arith.addi", a, term),
            });
        }
        acc.unwrap_or_else(|| b.ci32(0))
    }
}

use crate::dialect::pallas::compiler_params::{KernelType, MosaicTpuParams};
pub use crate::ir::dict_get;

/// The `func.func` a (converted) kernel body op is in.
pub fn enclosing_func<'c, 'a>(op: &OperationRef<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    let mut cur = op.parent_operation();
    while let Some(p) = cur {
        if crate::ir::op_name_of(&p) == "func.func" {
            return Some(p);
        }
        cur = p.parent_operation();
    }
    None
}

use crate::ir::int_attr;

/// The kernel type named by `compiler_params.mosaic_tpu.kernel_type`
/// (`tc` when absent).
/// (`tc` when absent; `""` when the parameters are malformed, which the
/// kernel's verifier reports.)
pub fn kernel_type(kernel: &OperationRef) -> &'static str {
    match MosaicTpuParams::of(kernel) {
        Ok(params) => params.kernel_type.map(KernelType::keyword).unwrap_or("tc"),
        Err(_) => "",
    }
}

/// The error for a kernel whose `mosaic_tpu.kernel_type` names no TPU core;
/// both TPU passes report it rather than leave the kernel unlowered.
pub const UNKNOWN_KERNEL_TYPE: &str =
    "unknown mosaic_tpu.kernel_type; expected \"tc\", \"sc_vector_subcore\" or \"sc_scalar_subcore\"";

/// The TPU core a kernel runs on (`compiler_params.mosaic_tpu.kernel_type`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Core {
    TensorCore,
    ScVectorSubcore,
    ScScalarSubcore,
}

impl Core {
    /// `None` for a kernel type this project does not know.
    pub fn of(kernel: &OperationRef) -> Option<Self> {
        match kernel_type(kernel) {
            "tc" => Some(Self::TensorCore),
            "sc_vector_subcore" => Some(Self::ScVectorSubcore),
            "sc_scalar_subcore" => Some(Self::ScScalarSubcore),
            _ => None,
        }
    }

    pub fn is_sparsecore(self) -> bool {
        self != Self::TensorCore
    }

    /// The `#tpu.core_type` keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            Self::TensorCore => "tc",
            Self::ScVectorSubcore => "sc_vector_subcore",
            Self::ScScalarSubcore => "sc_scalar_subcore",
        }
    }

    /// The grid (= mesh) rank of a SparseCore kernel: (cores, subcores) or
    /// (cores).
    pub fn mesh_rank(self) -> Option<usize> {
        match self {
            Self::TensorCore => None,
            Self::ScVectorSubcore => Some(2),
            Self::ScScalarSubcore => Some(1),
        }
    }

    /// What the mesh axes of a SparseCore kernel iterate over.
    pub fn mesh_semantics(self) -> &'static [&'static str] {
        match self {
            Self::TensorCore => &[],
            Self::ScVectorSubcore => &["core_parallel", "subcore_parallel"],
            Self::ScScalarSubcore => &["core_parallel"],
        }
    }
}

/// A kernel's operands as the lowering sees them.
pub struct KernelInfo<'c> {
    pub name: String,
    pub grid: Vec<i64>,
    pub prefetch: Vec<Type<'c>>,
    pub specs: Vec<BlockSpec<'c>>,
    pub n_ins: usize,
}

impl<'c> KernelInfo<'c> {
    pub fn of(op: &OperationRef<'c, '_>) -> Result<Self, String> {
        let attr = |n: &str| op.attribute(n).map_err(|e| format!("missing {n}: {e}"));
        let prefetch = array_elements(attr("scalar_prefetch")?)
            .into_iter()
            .map(ir::type_attr_value)
            .collect();
        let specs_of = |n: &str| -> Result<Vec<BlockSpec<'c>>, String> {
            array_elements(attr(n)?)
                .into_iter()
                .map(|a| BlockSpec::from_attribute(a).ok_or_else(|| "bad block spec".to_string()))
                .collect()
        };
        let mut specs = specs_of("in_specs")?;
        let n_ins = specs.len();
        specs.extend(specs_of("out_specs")?);
        Ok(Self {
            name: string_attr_value(attr("sym_name")?),
            grid: dense_i64(attr("grid")?),
            prefetch,
            specs,
            n_ins,
        })
    }

    /// The number of scalar prefetch operands of a kernel, without decoding
    /// the rest.
    pub fn prefetch_count(op: &OperationRef) -> usize {
        op.attribute("scalar_prefetch")
            .map(ir::array_len)
            .unwrap_or(0)
    }

    /// The block spec of body argument `arg` (prefetch operands first, then
    /// inputs and outputs; `None` for prefetch and scratch), decoding only
    /// that spec.
    pub fn spec_of_argument(op: &OperationRef<'c, '_>, arg: usize) -> Option<BlockSpec<'c>> {
        let k = arg.checked_sub(Self::prefetch_count(op))?;
        let ins = op.attribute("in_specs").ok()?;
        let spec = match ir::array_element(ins, k) {
            Some(a) => a,
            None => ir::array_element(op.attribute("out_specs").ok()?, k - ir::array_len(ins))?,
        };
        BlockSpec::from_attribute(spec)
    }

    /// `inputs[i]` / `outputs[i]` for operand `i`.
    pub fn origin(&self, i: usize) -> String {
        if i < self.n_ins {
            format!("inputs[{i}]")
        } else {
            format!("outputs[{}]", i - self.n_ins)
        }
    }
}

/// Whether Mosaic pipelines this operand (the others are passed whole,
/// with an empty `window_params` entry and no transform function).
pub fn is_windowed(spec: &BlockSpec) -> bool {
    !matches!(
        spec.memory_space,
        Some(MemorySpace::Any | MemorySpace::Hbm | MemorySpace::Semaphore)
    )
}

/// The window as Mosaic sees it: the block shape with squeezed dims as 1.
pub fn window_bounds(spec: &BlockSpec) -> Vec<i64> {
    spec.dims.iter().map(|d| d.size()).collect()
}

/// The type of operand `spec` in the kernel function.
pub fn operand_type<'c>(spec: &BlockSpec<'c>, core: Core) -> Result<Type<'c>, String> {
    let shape = if is_windowed(spec) && !core.is_sparsecore() {
        window_bounds(spec)
    } else {
        ir::memref_shape(spec.array_type)
    };
    let elem = ir::element_type(spec.array_type);
    // SparseCore kernels take their operands whole, in HBM unless they say
    // otherwise.
    let space = if core.is_sparsecore() && spec.memory_space.is_none() {
        Some("hbm")
    } else {
        types::tpu_memory_space(spec.memory_space)
    };
    let space = space.ok_or_else(|| {
        format!(
            "memory space '{}' has no TPU counterpart",
            spec.memory_space.map(|m| m.name()).unwrap_or("")
        )
    })?;
    // A memref<..., #pallas.memory_space<..>> with the window shape, then
    // converted like any other ref.
    let space_attr = ir::tpu_types::memory_space_attr(elem, space)
        .ok_or_else(|| format!("no TPU memory space '{space}'"))?;
    Ok(tpu_type(ir::tpu_types::memref_type(
        &shape, elem, space_attr,
    )))
}

/// The kernel-function type of a scratch ref: the scalar subcore has no
/// VMEM, so its refs without a memory space live in SMEM.
fn scratch_type(ty: Type<'_>, core: Core) -> Type<'_> {
    if core == Core::ScScalarSubcore {
        tpu_type(in_smem(ty))
    } else {
        tpu_type(ty)
    }
}

/// Prefetch refs live in SMEM unless they say otherwise.
pub fn prefetch_type(ty: Type<'_>) -> Type<'_> {
    tpu_type(in_smem(ty))
}

/// `ty` with `#pallas.memory_space<smem>` when it is a ref without a
/// memory space.
fn in_smem(ty: Type<'_>) -> Type<'_> {
    if !ir::is_memref(ty) {
        return ty;
    }
    memo_type(IN_SMEM_TABLE, ty, |ty| {
        Some(
            if MemorySpace::of_memref(ty).is_some() || MemorySpace::memref_has_foreign_space(ty) {
                ty
            } else {
                in_space(ty, MemorySpace::Smem)
            },
        )
    })
    .unwrap_or(ty)
}

/// The [`memo_type`] table of [`in_smem`].
const IN_SMEM_TABLE: u32 = 2;

/// `memref<shape x elem, #pallas.memory_space<space>>` for the memref `ty`
/// (identity layout).
fn in_space(ty: Type<'_>, space: MemorySpace) -> Type<'_> {
    ir::tpu_types::memref_type(&ir::memref_shape(ty), ir::element_type(ty), space.attr(ty))
}

fn semantics_attr<'c>(
    b: &B<'_, 'c, '_>,
    kernel: &OperationRef<'c, '_>,
    rank: usize,
) -> Attribute<'c> {
    let semantic = |s: &str| b.attr(&format!("#tpu.dimension_semantics<{s}>"));
    let items: Vec<Attribute<'c>> = match kernel.attribute("dimension_semantics") {
        Ok(a) => array_elements(a)
            .into_iter()
            .map(|s| semantic(&string_attr_value(s)))
            .collect(),
        Err(_) => vec![semantic("arbitrary"); rank],
    };
    b.array_attr(&items)
}

/// Whether Mosaic single-buffers this window whatever its spec asks: JAX
/// does so for a VMEM window that never moves (a TensorCore operand without
/// a memory space is in VMEM).
pub fn forced_single_buffer(spec: &BlockSpec) -> bool {
    matches!(spec.memory_space, None | Some(MemorySpace::Vmem)) && spec.has_trivial_window()
}

fn window_params<'c>(b: &B<'_, 'c, '_>, spec: &BlockSpec, i: usize) -> Attribute<'c> {
    if !is_windowed(spec) {
        return b.dictionary_attr(&[]);
    }
    let mut entries = vec![];
    // JAX forces single buffering on a VMEM window that never moves, whatever
    // the spec asks; other windows keep the spec's mode, or none.
    let (buffers, revisit) = if forced_single_buffer(spec) {
        (Some(1), None)
    } else {
        (spec.buffer_count, spec.revisit)
    };
    if let Some(n) = buffers {
        let mode = if n == 1 {
            "#tpu.pipeline_mode<synchronous>"
        } else {
            "#tpu.pipeline_mode<double_buffered>"
        };
        entries.push(("pipeline_mode", b.attr(mode)));
    }
    if let Some(r) = revisit {
        entries.push((
            "revisit_mode",
            b.attr(&format!("#tpu.revisit_mode<{}>", r.name())),
        ));
    }
    entries.push((
        "transform_indices",
        b.symbol_ref_attr(&format!("transform_{i}")),
    ));
    entries.push(("window_bounds", b.dense_i64_attr(&window_bounds(spec))));
    if spec
        .dims
        .iter()
        .any(|d| matches!(d, BlockDim::Element { .. }))
    {
        let pads: Vec<(i64, i64)> = spec
            .dims
            .iter()
            .map(|d| match d {
                BlockDim::Element {
                    pad_low, pad_high, ..
                } => (*pad_low, *pad_high),
                _ => (0, 0),
            })
            .collect();
        let lo: Vec<String> = pads.iter().map(|p| p.0.to_string()).collect();
        let hi: Vec<String> = pads.iter().map(|p| p.1.to_string()).collect();
        entries.push((
            "window_kind",
            b.attr(&format!(
                "#tpu.element_window<[{}], [{}]>",
                lo.join(", "),
                hi.join(", ")
            )),
        ));
    }
    b.dictionary_attr(&entries)
}

fn lower_kernel<'c, 'a>(
    op: OperationRef<'c, 'a>,
    _operands: &[Value<'c, 'a>],
    rw: &Rewriter<'c, 'a>,
) -> Result<(), String> {
    let info = KernelInfo::of(&op)?;
    let core = Core::of(&op).ok_or("unknown kernel type (rejected by the checks)")?;
    let b = B::new(rw, op.location());
    let body = entry_of(op)?;
    let n_ops = info.specs.len();
    let n_fixed = info.prefetch.len() + n_ops;
    let n_scratch = body.argument_count().saturating_sub(n_fixed);

    // module @k { ... }
    rw.set_insertion_point_before(&op);
    let module_region = Region::new();
    module_region.append_block(Block::new(&[]));
    let sym = crate::ir::string_attr(op.location(), &info.name);
    let mark = b.attr("unit");
    let module = rw.insert(b.build(
        "builtin.module",
        &[],
        &[],
        &[("sym_name", sym), (MOSAIC_MODULE_ATTR, mark)],
        vec![module_region],
    ));
    let module = entry_of(module)?;

    // The kernel function.
    let grid_args = vec![b.i32(); info.grid.len()];
    let mut inputs = grid_args.clone();
    inputs.extend(info.prefetch.iter().map(|t| prefetch_type(*t)));
    for spec in &info.specs {
        inputs.push(operand_type(spec, core)?);
    }
    for i in n_fixed..body.argument_count() {
        let t = value(body.argument(i).map_err(|e| e.to_string())?).r#type();
        inputs.push(scratch_type(t, core));
    }
    rw.set_insertion_point_to_end(module);
    let semantics = if core.is_sparsecore() {
        let items: Vec<Attribute<'c>> = core
            .mesh_semantics()
            .iter()
            .map(|s| b.attr(&format!("#tpu.dimension_semantics<{s}>")))
            .collect();
        b.array_attr(&items)
    } else {
        semantics_attr(&b, &op, info.grid.len())
    };
    let i64_type = b.i64();
    let mut func_attrs: Vec<(&str, Attribute<'c>)> = vec![("dimension_semantics", semantics)];
    if !info.grid.is_empty() {
        func_attrs.push(("iteration_bounds", b.dense_i64_attr(&info.grid)));
    }
    func_attrs.push((
        "scalar_prefetch",
        b.int_attr(info.prefetch.len() as i64, i64_type),
    ));
    func_attrs.push(("scratch_operands", b.int_attr(n_scratch as i64, i64_type)));
    func_attrs.push((
        "tpu.core_type",
        b.attr(&format!("#tpu.core_type<{}>", core.keyword())),
    ));
    if core.is_sparsecore() {
        // Whole operands: every one is "indexed" by a constant zero map
        // over the mesh, and there are no transform functions.
        let params: Vec<Attribute<'c>> = info
            .specs
            .iter()
            .map(|s| {
                let zeros = vec![0; ir::memref_shape(s.array_type).len()];
                let map = b.constant_map_attr(info.grid.len(), &zeros);
                b.dictionary_attr(&[("transform_indices", map)])
            })
            .collect();
        func_attrs.push(("window_params", b.array_attr(&params)));
    } else if !info.grid.is_empty() {
        let params: Vec<Attribute<'c>> = info
            .specs
            .iter()
            .enumerate()
            .map(|(i, s)| window_params(&b, s, i))
            .collect();
        func_attrs.push(("window_params", b.array_attr(&params)));
    }
    if let Ok(p) = op.attribute("compiler_params") {
        func_attrs.push((PARAMS_ATTR, p));
    }
    if let Ok(n) = op.attribute("grid_names") {
        func_attrs.push((GRID_NAMES_ATTR, n));
    }
    let func = b.func_with_attrs(&info.name, &inputs, &[], false, false, &func_attrs);

    // Move the body in. Windows with squeezed dims are seen through a
    // tpu.memref_squeeze of the size-1-dim argument, which the ref accesses
    // fold away.
    let entry = entry_of(func)?;
    rw.set_insertion_point_to_start(entry);
    let arg = |i: usize| -> Value<'c, 'a> { value(entry.argument(i).unwrap()) };
    let g = info.grid.len();
    let mut body_args: Vec<Value<'c, 'a>> = (0..info.prefetch.len()).map(|i| arg(g + i)).collect();
    for (k, spec) in info.specs.iter().enumerate() {
        let a = arg(g + info.prefetch.len() + k);
        let squeezed = is_windowed(spec)
            && !core.is_sparsecore()
            && spec.dims.iter().any(|d| matches!(d, BlockDim::Squeezed));
        if squeezed {
            let seen = tpu_type(spec.block_ref_type());
            body_args.push(b.val("tpu.memref_squeeze", &[a], seen, &[]));
        } else {
            body_args.push(a);
        }
    }
    for i in 0..n_scratch {
        body_args.push(arg(g + n_fixed + i));
    }
    rw.merge_blocks(body, entry, &body_args);

    // One transform function per windowed operand.
    // Grid-less kernels have no pipeline, hence no transform functions.
    for (i, spec) in info.specs.iter().enumerate() {
        if is_windowed(spec) && !info.grid.is_empty() && !core.is_sparsecore() {
            rw.set_insertion_point_to_end(module);
            transform_function(&b, &op, &info, spec, i)?;
        }
    }
    rw.erase_op(&op);
    Ok(())
}

/// The first block of an op's first region (a function's entry block, a
/// module's or a kernel's body).
fn entry_of<'c, 'a>(op: OperationRef<'c, 'a>) -> Result<BlockRef<'c, 'a>, String> {
    op.region(0)
        .map_err(|e| e.to_string())?
        .first_block()
        .ok_or_else(|| format!("'{}' without a body", crate::ir::op_name_of(&op)))
}

/// `func.func @transform_<i>(grid i32s, prefetch refs) -> (i32, ...)`.
fn transform_function<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    kernel: &OperationRef<'c, 'a>,
    info: &KernelInfo<'c>,
    spec: &BlockSpec<'c>,
    i: usize,
) -> Result<(), String> {
    let n_results: usize = spec.dims.iter().map(|d| d.map_results()).sum();
    let mut inputs = vec![b.i32(); info.grid.len()];
    inputs.extend(info.prefetch.iter().map(|t| prefetch_type(*t)));
    let results = vec![b.i32(); n_results];
    let name = format!("transform_{i}");
    match spec.index_map {
        IndexMap::Affine(map) => {
            let entry = entry_of(b.func(&name, &inputs, &results, false, false))?;
            b.rw.set_insertion_point_to_end(entry);
            let dims: Vec<Value> = (0..info.grid.len())
                .map(|k| value(entry.argument(k).unwrap()))
                .collect();
            let out =
                expand_affine_map(b, map, &dims).map_err(|e| format!("{}: {e}", info.origin(i)))?;
            b.op("func.return", &out, &[], &[]);
        }
        IndexMap::Symbol(_) => {
            // The private copy `prepare_index_maps` made for this operand.
            let copy_name = private_map_name(&info.name, i);
            let copy = following_index_map(kernel, &copy_name)
                .ok_or_else(|| format!("index map of {} not found", info.origin(i)))?;
            let entry = entry_of(b.func(&name, &inputs, &results, false, false))?;
            let block = entry_of(copy)?;
            let args: Vec<Value> = (0..entry.argument_count())
                .map(|k| value(entry.argument(k).unwrap()))
                .collect();
            b.rw.merge_blocks(block, entry, &args);
            b.rw.erase_op(&copy);
        }
    }
    Ok(())
}

/// Scalar prefetch refs without a memory space live in SMEM: say so in
/// their type, so that every op using them converts to SMEM refs.
/// Gives the body arguments of a SparseCore kernel the memory spaces its
/// function arguments will have, before anything looks at them: operands
/// without one are in HBM, and scalar-subcore scratch without one in SMEM.
pub(crate) fn prepare_sparsecore_kernels(module: &OperationRef) {
    let mut kernels = vec![];
    ir::walk_nested(module, &mut |op| {
        if crate::ir::op_name_of(&op) == "pallas.kernel"
            && Core::of(&op).is_some_and(Core::is_sparsecore)
        {
            kernels.push(op);
        }
    });
    for k in kernels {
        let (Ok(info), Some(core)) = (KernelInfo::of(&k), Core::of(&k)) else {
            continue;
        };
        let Some(body) = crate::ir::region_at(&k, 0).and_then(|r| r.first_block()) else {
            continue;
        };
        let n_fixed = info.prefetch.len() + info.specs.len();
        for i in 0..body.argument_count() {
            let v = value(body.argument(i).unwrap());
            let ty = v.r#type();
            if !ir::is_memref(ty)
                || MemorySpace::of_memref(ty).is_some()
                || MemorySpace::memref_has_foreign_space(ty)
            {
                continue;
            }
            let space = if (info.prefetch.len()..n_fixed).contains(&i) {
                MemorySpace::Hbm
            } else if i >= n_fixed && core == Core::ScScalarSubcore {
                MemorySpace::Smem
            } else {
                continue;
            };
            ir::set_value_type(v, in_space(ty, space));
        }
    }
}

fn put_in_smem(v: Value) {
    let ty = v.r#type();
    let smem = in_smem(ty);
    if smem != ty {
        ir::set_value_type(v, smem);
    }
}

fn private_map_name(kernel: &str, i: usize) -> String {
    format!("__pallas_tpu_{kernel}_transform_{i}")
}

/// Gives every windowed operand with a symbol index map of a TensorCore
/// kernel its own copy of the map, after the kernel, before the
/// conversion starts: maps may be shared, and each copy becomes the body
/// of one transform function.
pub(crate) fn prepare_index_maps(module: &OperationRef) -> Result<(), ()> {
    let table = ir::SymbolTable::of(module);
    let mut kernels = vec![];
    ir::walk_nested(module, &mut |op| {
        if crate::ir::op_name_of(&op) == "pallas.kernel" && kernel_type(&op) == "tc" {
            kernels.push(op);
        }
    });
    for k in kernels {
        let Ok(info) = KernelInfo::of(&k) else {
            continue;
        };
        if let Some(body) = crate::ir::region_at(&k, 0).and_then(|r| r.first_block()) {
            for a in 0..info.prefetch.len().min(body.argument_count()) {
                put_in_smem(value(body.argument(a).unwrap()));
            }
        }
        for (i, spec) in info.specs.iter().enumerate() {
            if let (true, IndexMap::Symbol(sym)) = (is_windowed(spec), spec.index_map) {
                let Some(src) = table.lookup(sym) else {
                    ir::emit_op_error(
                        &k,
                        &format!("index map @{sym} of {} not found", info.origin(i)),
                    );
                    return Err(());
                };
                // After the kernel: the conversion visits ops in order, and the
                // copy's ops must be visited once they are in the transform.
                let copy = ir::clone_after(&src, &k);
                let name = private_map_name(&info.name, i);
                let attr = ir::string_attr(copy.location(), &name);
                ir::set_attribute(&copy, "sym_name", attr);
                if let Some(body) = crate::ir::region_at(&copy, 0).and_then(|r| r.first_block()) {
                    for a in info.grid.len()..body.argument_count() {
                        put_in_smem(value(body.argument(a).unwrap()));
                    }
                }
            }
        }
    }
    Ok(())
}

/// The private index-map copy `name` among the ops right after `kernel`
/// (where `prepare_index_maps` put it; no symbol-table scan per kernel).
fn following_index_map<'c, 'a>(
    kernel: &OperationRef<'c, 'a>,
    name: &str,
) -> Option<OperationRef<'c, 'a>> {
    let mut cur = kernel.next_in_block();
    while let Some(op) = cur {
        if crate::ir::op_name_of(&op) != "pallas.index_map" {
            return None;
        }
        if op
            .attribute("sym_name")
            .map(string_attr_value)
            .ok()
            .as_deref()
            == Some(name)
        {
            return Some(op);
        }
        cur = op.next_in_block();
    }
    None
}

/// Results of an op as values (for callers that build several).
pub fn results<'c, 'a>(op: OperationRef<'c, 'a>) -> Vec<Value<'c, 'a>> {
    (0..op.result_count()).map(|i| result_of(op, i)).collect()
}

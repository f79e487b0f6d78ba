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

use std::cell::RefCell;
use std::ffi::c_void;
use std::rc::Rc;

use melior::ir::attribute::{Attribute, AttributeLike};
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
use crate::ir::hash::{FastMap, FastSet};
use crate::ir::kernel_support::{move_after, optional_attribute, AttrMemo};
use crate::ir::{self, BlockDim, BlockSpec, IndexMap, MemorySpace};

/// Discardable attribute carrying the `compiler_params` of a kernel with a
/// device mesh on the function while the body is converted (removed when
/// the pass ends).
pub const PARAMS_ATTR: &str = "pallas.compiler_params";

/// An op by identity.
type OpPtr = *mut c_void;

/// What the kernel lowering made in one pass run, by op identity: the
/// Mosaic modules (the legality rules treat their insides apart) and the
/// kernel functions given [`PARAMS_ATTR`] (which the pass drops when it
/// ends); the grid axis names of the kernel functions; and the attributes
/// kernels build alike.
#[derive(Default)]
pub struct Lowering {
    modules: RefCell<FastSet<OpPtr>>,
    annotated: RefCell<FastSet<OpPtr>>,
    attrs: AttrMemo<AttrKey>,
}

impl Lowering {
    /// Whether `op` is a Mosaic module this run created.
    pub fn is_mosaic_module(&self, op: &OperationRef) -> bool {
        self.modules.borrow().contains(&op.to_raw().ptr)
    }

    /// Whether `op` is a kernel function given [`PARAMS_ATTR`].
    pub fn is_annotated(&self, op: &OperationRef) -> bool {
        let annotated = self.annotated.borrow();
        !annotated.is_empty() && annotated.contains(&op.to_raw().ptr)
    }
}

/// What an attribute of [`Lowering::attrs`] is a function of.
#[derive(PartialEq, Eq, Hash)]
enum AttrKey {
    /// `"transform_<i>"`, the name of transform function `i`.
    TransformName(usize),
    /// The `window_params` entry of operand `i` with the block spec.
    Window(usize, *const c_void),
    /// The `window_params` entry of a SparseCore operand: grid and array
    /// ranks.
    WholeOperand(usize, usize),
    /// The TensorCore `dimension_semantics` from the kernel's own (or none,
    /// with the grid rank).
    Semantics(Option<*const c_void>, usize),
    /// The SparseCore `dimension_semantics` of a core.
    MeshSemantics(Core),
    /// `#tpu.core_type<...>`.
    CoreType(Core),
    /// `#tpu.memory_space<...>` by keyword.
    MemorySpace(&'static str),
    /// The `grid_names` of the kernel whose function this is.
    GridNames(OpPtr),
}

pub fn add_patterns(set: &mut PatternSet, tc: &TypeConverter, lowering: &Rc<Lowering>) {
    let l = lowering.clone();
    set.add("pallas.kernel", None, move |op, operands, rw| {
        lower_kernel(op, operands, rw, &l)
    });
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
    let l = lowering.clone();
    set.add("pallas.axis_index", None, move |op, _, rw| {
        let func = enclosing_func(&op).ok_or("axis_index outside a kernel")?;
        let name = op
            .attribute("axis_name")
            .map(string_attr_value)
            .map_err(|e| e.to_string())?;
        let b = B::new(rw, op.location());
        let grid_names: Vec<String> = l
            .attrs
            .find(op.location(), &AttrKey::GridNames(func.to_raw().ptr))
            .map(|a| {
                array_elements(a)
                    .into_iter()
                    .map(string_attr_value)
                    .collect()
            })
            .unwrap_or_default();
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
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Core {
    TensorCore,
    ScVectorSubcore,
    ScScalarSubcore,
}

impl Core {
    /// `None` for a kernel type this project does not know.
    pub fn of(kernel: &OperationRef) -> Option<Self> {
        Self::of_keyword(kernel_type(kernel))
    }

    /// The core of a kernel with the (well-formed) `params`.
    fn of_params(params: &MosaicTpuParams) -> Option<Self> {
        Self::of_keyword(params.kernel_type.map(KernelType::keyword).unwrap_or("tc"))
    }

    fn of_keyword(keyword: &str) -> Option<Self> {
        match keyword {
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
        let elements =
            |a: Attribute<'c>| (0..ir::array_len(a)).filter_map(move |i| ir::array_element(a, i));
        let prefetch = elements(attr("scalar_prefetch")?)
            .map(ir::type_attr_value)
            .collect();
        let (ins, outs) = (attr("in_specs")?, attr("out_specs")?);
        let n_ins = ir::array_len(ins);
        let mut specs = Vec::with_capacity(n_ins + ir::array_len(outs));
        for a in elements(ins).chain(elements(outs)) {
            specs.push(BlockSpec::from_attribute(a).ok_or("bad block spec")?);
        }
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
        ir::kernel_prefetch_count(op).unwrap_or(0)
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

/// The type of operand `spec` in the kernel function (`loc` in the kernel's
/// context).
fn operand_type<'c>(
    spec: &BlockSpec<'c>,
    core: Core,
    lowering: &Lowering,
    loc: melior::ir::Location<'c>,
) -> Result<Type<'c>, String> {
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
    let key = AttrKey::MemorySpace(space);
    let space_attr = match lowering.attrs.find(loc, &key) {
        Some(a) => a,
        None => {
            let a = ir::tpu_types::memory_space_attr(elem, space)
                .ok_or_else(|| format!("no TPU memory space '{space}'"))?;
            lowering.attrs.set(loc, key, a);
            a
        }
    };
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

/// The TensorCore `dimension_semantics` for the kernel's own (`given`),
/// or all `arbitrary` over a grid of `rank` dims.
fn semantics_attr<'c>(
    b: &B<'_, 'c, '_>,
    given: Option<Attribute<'c>>,
    rank: usize,
) -> Attribute<'c> {
    let semantic = |s: &str| b.attr(&format!("#tpu.dimension_semantics<{s}>"));
    let items: Vec<Attribute<'c>> = match given {
        Some(a) => array_elements(a)
            .into_iter()
            .map(|s| semantic(&string_attr_value(s)))
            .collect(),
        None => vec![semantic("arbitrary"); rank],
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
    lowering: &Lowering,
) -> Result<(), String> {
    let info = KernelInfo::of(&op)?;
    let params =
        MosaicTpuParams::of(&op).map_err(|_| "bad compiler_params (rejected by the checks)")?;
    let core = Core::of_params(&params).ok_or("unknown kernel type (rejected by the checks)")?;
    let loc = op.location();
    let b = B::new(rw, loc);
    let memo = &lowering.attrs;
    let body = entry_of(op)?;
    let n_ops = info.specs.len();
    let n_fixed = info.prefetch.len() + n_ops;
    let n_scratch = body.argument_count().saturating_sub(n_fixed);
    // The kernel's own name attribute names the module and the function.
    let sym = op.attribute("sym_name").map_err(|e| e.to_string())?;

    // module @k { ... }
    rw.set_insertion_point_before(&op);
    let module_region = Region::new();
    module_region.append_block(Block::new(&[]));
    let module = rw.insert(b.build(
        "builtin.module",
        &[],
        &[],
        &[("sym_name", sym)],
        vec![module_region],
    ));
    lowering.modules.borrow_mut().insert(module.to_raw().ptr);
    let module = entry_of(module)?;

    // The kernel function.
    let mut inputs = vec![b.i32(); info.grid.len()];
    inputs.extend(info.prefetch.iter().map(|t| prefetch_type(*t)));
    // What the transform functions take: the grid ids and prefetch refs.
    let n_transform_inputs = inputs.len();
    for spec in &info.specs {
        inputs.push(operand_type(spec, core, lowering, loc)?);
    }
    for i in n_fixed..body.argument_count() {
        let t = value(body.argument(i).map_err(|e| e.to_string())?).r#type();
        inputs.push(scratch_type(t, core));
    }
    rw.set_insertion_point_to_end(module);
    let semantics = if core.is_sparsecore() {
        memo.get(loc, AttrKey::MeshSemantics(core), || {
            let items: Vec<Attribute<'c>> = core
                .mesh_semantics()
                .iter()
                .map(|s| b.attr(&format!("#tpu.dimension_semantics<{s}>")))
                .collect();
            b.array_attr(&items)
        })
    } else {
        let given = optional_attribute(&op, "dimension_semantics");
        let key = AttrKey::Semantics(given.map(raw_attr), info.grid.len());
        memo.get(loc, key, || semantics_attr(&b, given, info.grid.len()))
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
        memo.get(loc, AttrKey::CoreType(core), || {
            b.attr(&format!("#tpu.core_type<{}>", core.keyword()))
        }),
    ));
    if core.is_sparsecore() {
        // Whole operands: every one is "indexed" by a constant zero map
        // over the mesh, and there are no transform functions.
        let grid_rank = info.grid.len();
        let params: Vec<Attribute<'c>> = info
            .specs
            .iter()
            .map(|s| {
                let rank = ir::memref_shape(s.array_type).len();
                memo.get(loc, AttrKey::WholeOperand(grid_rank, rank), || {
                    let map = b.constant_map_attr(grid_rank, &vec![0; rank]);
                    b.dictionary_attr(&[("transform_indices", map)])
                })
            })
            .collect();
        func_attrs.push(("window_params", b.array_attr(&params)));
    } else if !info.grid.is_empty() {
        let params: Vec<Attribute<'c>> = info
            .specs
            .iter()
            .enumerate()
            .map(|(i, s)| {
                memo.get(loc, AttrKey::Window(i, raw_attr(s.attr)), || {
                    window_params(&b, s, i)
                })
            })
            .collect();
        func_attrs.push(("window_params", b.array_attr(&params)));
    }
    // Only communicating kernels need their parameters (see `Mesh::of`).
    let mesh_params = params
        .mesh
        .as_ref()
        .and_then(|_| optional_attribute(&op, "compiler_params"));
    if let Some(p) = mesh_params {
        func_attrs.push((PARAMS_ATTR, p));
    }
    let fty = b.function_type_attr(&inputs, &[]);
    let func = b.func_op(sym, fty, &inputs, false, &func_attrs);
    if mesh_params.is_some() {
        lowering.annotated.borrow_mut().insert(func.to_raw().ptr);
    }
    if let Some(names) = optional_attribute(&op, "grid_names") {
        let key = AttrKey::GridNames(func.to_raw().ptr);
        lowering.attrs.set(loc, key, names);
    }

    // Move the body in. Windows with squeezed dims are seen through a
    // tpu.memref_squeeze of the size-1-dim argument, which the ref accesses
    // fold away.
    let entry = entry_of(func)?;
    rw.set_insertion_point_to_start(entry);
    let arg = |i: usize| -> Value<'c, 'a> { value(entry.argument(i).unwrap()) };
    let g = info.grid.len();
    let mut body_args: Vec<Value<'c, 'a>> = Vec::with_capacity(body.argument_count());
    body_args.extend((0..info.prefetch.len()).map(|i| arg(g + i)));
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
    if !info.grid.is_empty() && !core.is_sparsecore() {
        let transform_inputs = &inputs[..n_transform_inputs];
        // The functions of affine maps by map and result count: operands
        // with the same map get a copy (cheaper than building it again).
        let mut of_map: Vec<(*const c_void, usize, OperationRef<'c, 'a>)> = vec![];
        // The index-map copies `prepare_index_maps` put after the kernel,
        // one per operand with a symbol map, in operand order.
        let mut copies = op.next_in_block();
        for (i, spec) in info.specs.iter().enumerate() {
            if !is_windowed(spec) {
                continue;
            }
            rw.set_insertion_point_to_end(module);
            let key = match spec.index_map {
                IndexMap::Affine(map) => Some((map.ptr, transform_results(spec))),
                IndexMap::Symbol(_) => None,
            };
            let same = key.and_then(|k| of_map.iter().find(|(m, n, _)| (*m, *n) == k));
            if let Some(&(_, _, first)) = same {
                let copy = rw.insert(ir::clone_detached(&first));
                ir::set_attribute(&copy, "sym_name", transform_name(lowering, b.loc, i));
                continue;
            }
            let func =
                transform_function(&b, lowering, &mut copies, &info, transform_inputs, spec, i)?;
            if let Some((m, n)) = key {
                of_map.push((m, n, func));
            }
        }
    }
    rw.erase_op(&op);
    Ok(())
}

/// An attribute by identity (attributes are uniqued).
fn raw_attr(a: Attribute) -> *const c_void {
    a.to_raw().ptr
}

/// The first block of an op's first region (a function's entry block, a
/// module's or a kernel's body).
fn entry_of<'c, 'a>(op: OperationRef<'c, 'a>) -> Result<BlockRef<'c, 'a>, String> {
    op.region(0)
        .map_err(|e| e.to_string())?
        .first_block()
        .ok_or_else(|| format!("'{}' without a body", crate::ir::op_name_of(&op)))
}

/// `func.func @transform_<i>(grid i32s, prefetch refs) -> (i32, ...)`,
/// where `inputs` are the grid and prefetch types. An operand with a
/// symbol map takes the next of the `copies` of maps as the function's
/// body.
fn transform_function<'c, 'a>(
    b: &B<'_, 'c, 'a>,
    lowering: &Lowering,
    copies: &mut Option<OperationRef<'c, 'a>>,
    info: &KernelInfo<'c>,
    inputs: &[Type<'c>],
    spec: &BlockSpec<'c>,
    i: usize,
) -> Result<OperationRef<'c, 'a>, String> {
    let n_results = transform_results(spec);
    let name = transform_name(lowering, b.loc, i);
    let fty = b.function_type_attr(inputs, &vec![b.i32(); n_results]);
    match spec.index_map {
        IndexMap::Affine(map) => {
            let func = b.func_op(name, fty, inputs, false, &[]);
            let entry = entry_of(func)?;
            b.rw.set_insertion_point_to_end(entry);
            let dims: Vec<Value> = (0..info.grid.len())
                .map(|k| value(entry.argument(k).unwrap()))
                .collect();
            let out =
                expand_affine_map(b, map, &dims).map_err(|e| format!("{}: {e}", info.origin(i)))?;
            b.op("func.return", &out, &[], &[]);
            Ok(func)
        }
        IndexMap::Symbol(_) => {
            // The copy `prepare_index_maps` made for this operand: the next
            // one (taken copies stay in place until the conversion commits
            // their erasure).
            let copy = copies
                .filter(|op| crate::ir::op_name_of(op) == "pallas.index_map")
                .ok_or_else(|| format!("index map of {} not found", info.origin(i)))?;
            *copies = copy.next_in_block();
            let func = b.func_op(name, fty, inputs, false, &[]);
            let entry = entry_of(func)?;
            let block = entry_of(copy)?;
            let args: Vec<Value> = (0..entry.argument_count())
                .map(|k| value(entry.argument(k).unwrap()))
                .collect();
            b.rw.merge_blocks(block, entry, &args);
            b.rw.erase_op(&copy);
            Ok(func)
        }
    }
}

/// The number of indices the transform function of `spec` returns.
fn transform_results(spec: &BlockSpec) -> usize {
    spec.dims.iter().map(|d| d.map_results()).sum()
}

/// `"transform_<i>"`, the name of transform function `i`.
fn transform_name<'c>(
    lowering: &Lowering,
    loc: melior::ir::Location<'c>,
    i: usize,
) -> Attribute<'c> {
    lowering.attrs.get(loc, AttrKey::TransformName(i), || {
        ir::string_attr(loc, &format!("transform_{i}"))
    })
}

/// Gives the body arguments of the SparseCore `kernels` the memory spaces
/// their function arguments will have, before anything looks at them:
/// operands without one are in HBM, and scalar-subcore scratch without one
/// in SMEM.
pub(crate) fn prepare_sparsecore_kernels(kernels: &[OperationRef]) {
    for k in kernels {
        let (Ok(info), Some(core)) = (KernelInfo::of(k), Core::of(k)) else {
            continue;
        };
        let Some(body) = crate::ir::region_at(k, 0).and_then(|r| r.first_block()) else {
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

/// Scalar prefetch refs without a memory space live in SMEM: say so in
/// their type, so that every op using them converts to SMEM refs.
fn put_in_smem(v: Value) {
    let ty = v.r#type();
    let smem = in_smem(ty);
    if smem != ty {
        ir::set_value_type(v, smem);
    }
}

/// Gives every windowed operand with a symbol index map of the TensorCore
/// `kernels` its own copy of the map, before the conversion starts: maps
/// may be shared, and each copy becomes the body of one transform
/// function. The copies of a kernel follow it in operand order, where
/// `transform_function` takes them one by one (they keep the map's name,
/// which nothing looks up once the copies are made). When `kernels` are
/// all the kernels of the module (so that the pass drops every index map
/// when it ends), the last operand using a map takes the map itself rather
/// than a copy.
pub(crate) fn prepare_index_maps<'c>(
    module: &OperationRef<'c, '_>,
    kernels: &[OperationRef<'c, '_>],
    infos: &super::checks::KernelInfos<'c>,
    all_kernels: bool,
) -> Result<(), ()> {
    let mut with_maps = vec![];
    for k in kernels {
        // Grid-less kernels have no transform functions to take copies.
        let info = infos.get(&k.to_raw().ptr);
        if let Some(info) =
            info.filter(|i| !i.grid.is_empty() && symbol_windows(i).next().is_some())
        {
            with_maps.push((k, info));
        }
    }
    // The operands left to copy each map for.
    let mut users: FastMap<&str, usize> = FastMap::default();
    for (_, info) in &with_maps {
        for (_, sym) in symbol_windows(info) {
            *users.entry(sym).or_default() += 1;
        }
    }
    // Built when there is a map to look up (most kernels have none).
    let table = (!with_maps.is_empty()).then(|| ir::SymbolTable::of(module));
    let views = super::refs::SpaceFollowingViews::new(module);
    for (k, info) in &with_maps {
        let mut last = **k;
        for (i, sym) in symbol_windows(info) {
            let Some(src) = table.as_ref().and_then(|t| t.lookup(sym)) else {
                ir::emit_op_error(
                    k,
                    &format!("index map @{sym} of {} not found", info.origin(i)),
                );
                return Err(());
            };
            let left = users.get_mut(sym).expect("counted above");
            *left -= 1;
            // After the kernel: the conversion visits ops in order, and the
            // copy's ops must be visited once they are in the transform.
            let copy = if all_kernels && *left == 0 {
                move_after(&src, &last);
                src
            } else {
                ir::clone_after(&src, &last)
            };
            last = copy;
            if let Some(body) = crate::ir::region_at(&copy, 0).and_then(|r| r.first_block()) {
                for a in info.grid.len()..body.argument_count() {
                    put_in_smem(value(body.argument(a).unwrap()));
                }
            }
            // Views in the copy of a map follow its refs, now in SMEM.
            views.follow_in(&copy);
        }
    }
    Ok(())
}

/// Puts the scalar prefetch refs of the TensorCore `kernels` in SMEM (see
/// [`put_in_smem`]), before the views of those refs follow them.
pub(crate) fn put_prefetch_in_smem(kernels: &[OperationRef]) {
    for k in kernels {
        let n_prefetch = KernelInfo::prefetch_count(k);
        if n_prefetch == 0 {
            continue;
        }
        if let Some(body) = crate::ir::region_at(k, 0).and_then(|r| r.first_block()) {
            for a in 0..n_prefetch.min(body.argument_count()) {
                put_in_smem(value(body.argument(a).unwrap()));
            }
        }
    }
}

/// The windowed operands with a symbol index map: operand index and symbol.
fn symbol_windows<'i, 'c>(info: &'i KernelInfo<'c>) -> impl Iterator<Item = (usize, &'c str)> + 'i {
    let specs = info.specs.iter().enumerate();
    specs.filter_map(|(i, spec)| match (is_windowed(spec), spec.index_map) {
        (true, IndexMap::Symbol(sym)) => Some((i, sym)),
        _ => None,
    })
}

/// Results of an op as values (for callers that build several).
pub fn results<'c, 'a>(op: OperationRef<'c, 'a>) -> Vec<Value<'c, 'a>> {
    (0..op.result_count()).map(|i| result_of(op, i)).collect()
}

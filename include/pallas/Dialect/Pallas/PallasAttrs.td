//===- PallasAttrs.td - pallas attributes and types --------*- tablegen -*-===//

#ifndef PALLAS_ATTRS_TD
#define PALLAS_ATTRS_TD

include "pallas/Dialect/Pallas/PallasDialect.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

//===----------------------------------------------------------------------===//
// Memory spaces
//===----------------------------------------------------------------------===//

// TPU `smem` is scalar memory; GPU `shared` is the CUDA shared memory. They are
// different places and deliberately different names.
def Pallas_MemorySpace : I32EnumAttr<"MemorySpace", "where a ref lives", [
    I32EnumAttrCase<"any", 0>,
    I32EnumAttrCase<"hbm", 1>,
    I32EnumAttrCase<"vmem", 2>,
    I32EnumAttrCase<"vmem_shared", 3>,
    I32EnumAttrCase<"smem", 4>,
    I32EnumAttrCase<"cmem", 5>,
    I32EnumAttrCase<"semaphore", 6>,
    I32EnumAttrCase<"host", 7>,
    I32EnumAttrCase<"gmem", 8>,
    I32EnumAttrCase<"shared", 9>,
    I32EnumAttrCase<"tmem", 10>,
    I32EnumAttrCase<"regs", 11>
  ]> {
  let cppNamespace = "::mlir::pallas";
  let genSpecializedAttr = 0;
}

def Pallas_MemorySpaceAttr : EnumAttr<Pallas_Dialect, Pallas_MemorySpace, "memory_space"> {
  let summary = "memory space of a ref (TPU: any/hbm/vmem/vmem_shared/smem/cmem/semaphore/host, GPU: gmem/shared/tmem/regs)";
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Block specs
//===----------------------------------------------------------------------===//

def Pallas_BlockSpecAttr : AttrDef<Pallas_Dialect, "BlockSpec"> {
  let mnemonic = "block_spec";
  let summary = "how a grid step sees one operand: array type, block dims, index map";
  let description = [{
    Describes one windowed operand of a `pallas.kernel`:

    * `arrayType`: the whole array (a memref, usually in `any`/`hbm`/`gmem`);
    * block dims, one per array dim: `N` is `Blocked(N)` (the index map
      returns a block index b, the window starts at b*N), `squeezed` (size 1,
      removed from the kernel's ref, the map returns an element index),
      `element(N, pad = [lo, hi])` (the map returns an element offset into
      the array padded with `lo` elements in front and `hi` behind, so the
      window starts `lo` elements before that offset in the unpadded array;
      this is JAX's `pl.Element(N, (lo, hi))` as its HLO interpreter and its
      tests read it), `bounded(N)` (the map returns a start and a size
      <= N);
    * window elements outside the array (Element padding, a block past the
      array's end) read, in the CPU reference, as JAX's interpret mode
      (`interpret=True`) reads them: NaN for floats, the smallest value of a
      signed or signless integer type, zero for unsigned types, false for
      `i1`; on a TPU they are unspecified. Writes to them are dropped;
    * the index map: an `affine_map` over the grid ids, or a symbol naming a
      `pallas.index_map` (needed to read scalar prefetch);
    * optionally the memory space of the block (default: the backend's);
    * optionally the pipeline mode, JAX's `BlockSpec(pipeline_mode=...)`:
      `buffers N` is `pl.Buffered(N)` and `buffers N revisit any` (or
      `revisit immediate`) is `pl.Buffered(N, revisit=RevisitMode.ANY)`.
      Without `buffers` the spec has no pipeline mode (`pipeline_mode=None`)
      and the backend picks one: Mosaic single-buffers a VMEM window that
      never moves (the whole array, an index map of zeros) and leaves the
      rest to its default; it also single-buffers such a window when
      `buffers 2` is given, as JAX does.

    Syntax: `<memref<1024x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>
    in vmem buffers 2>`.
  }];
  // kinds: 0 = blocked, 1 = squeezed, 2 = element, 3 = bounded.
  let parameters = (ins
    "::mlir::MemRefType":$arrayType,
    ArrayRefParameter<"int64_t">:$kinds,
    ArrayRefParameter<"int64_t">:$sizes,
    ArrayRefParameter<"int64_t">:$padLow,
    ArrayRefParameter<"int64_t">:$padHigh,
    "::mlir::Attribute":$indexMap,
    OptionalParameter<"::mlir::pallas::MemorySpaceAttr">:$memorySpace,
    OptionalParameter<"int64_t">:$bufferCount,
    // 0 = absent, 1 = immediate, 2 = any (see RevisitKind in PallasDialect.h).
    OptionalParameter<"int64_t">:$revisit
  );
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// Prints the spec without the surrounding `<>` (used by pallas.kernel).
    void printBody(::mlir::AsmPrinter &printer) const;
    /// Parses what printBody prints.
    static ::mlir::Attribute parseBody(::mlir::AsmParser &parser);
  }];
}

def Pallas_CostEstimateAttr : AttrDef<Pallas_Dialect, "CostEstimate"> {
  let mnemonic = "cost_estimate";
  let summary = "the cost of one kernel launch, as JAX's CostEstimate";
  let parameters = (ins
    "int64_t":$flops,
    "int64_t":$transcendentals,
    "int64_t":$bytes_accessed,
    DefaultValuedParameter<"int64_t", "0">:$remote_bytes_transferred
  );
  let assemblyFormat = "`<` struct(params) `>`";
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

class Pallas_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Pallas_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Pallas_SemaphoreType : Pallas_Type<"Semaphore", "semaphore",
    [MemRefElementTypeInterface]> {
  let summary = "a regular counting semaphore (element type of a semaphore ref)";
}

def Pallas_DmaSemaphoreType : Pallas_Type<"DmaSemaphore", "dma_semaphore",
    [MemRefElementTypeInterface]> {
  let summary = "a semaphore signalled by DMA completion (TPU)";
}

def Pallas_BarrierSemaphoreType : Pallas_Type<"BarrierSemaphore", "barrier_semaphore",
    [MemRefElementTypeInterface]> {
  let summary = "the cross-device barrier semaphore tied to a collective id (TPU)";
}

def Pallas_BarrierType : Pallas_Type<"Barrier", "barrier",
    [MemRefElementTypeInterface]> {
  let summary = "a GPU mbarrier in shared memory (`plgpu.Barrier`, `plgpu.ClusterBarrier`)";
  let description = [{
    `!pallas.barrier<arrivals = 2, orders_tensor_core = true, collective_axes = ["c"]>`,
    every parameter optional (`!pallas.barrier` is one arrival):

    * `arrivals`: how many warpgroup arrivals complete a phase (besides the
      bytes a TMA copy announces);
    * `orders_tensor_core`: the barrier also orders tensor-core work
      (tcgen05 MMAs) of the arriving and the waiting warpgroups;
    * `collective_axes`: cluster axes (names of `cluster_names` in the
      kernel's `mosaic_gpu` params) whose CTAs all arrive on it
      (`plgpu.ClusterBarrier`); absent for a barrier of one CTA.

    An array of barriers (`plgpu.Barrier(num_barriers=N)`) is a
    `memref<N x !pallas.barrier, #pallas.memory_space<shared>>`, indexed by
    the ops that use one.
  }];
  let parameters = (ins DefaultValuedParameter<"int64_t", "1">:$arrivals,
    DefaultValuedParameter<"bool", "false">:$orders_tensor_core,
    OptionalParameter<"::mlir::ArrayAttr">:$collective_axes);
  let assemblyFormat = "(`<` struct(params)^ `>`)?";
}

def Pallas_AnySemaphore : AnyTypeOf<[Pallas_SemaphoreType, Pallas_DmaSemaphoreType,
    Pallas_BarrierSemaphoreType]>;

//===----------------------------------------------------------------------===//
// GPU: shared-memory transforms and register layouts
//===----------------------------------------------------------------------===//

def Pallas_GpuTransformsAttr : AttrDef<Pallas_Dialect, "GpuTransforms"> {
  let mnemonic = "gpu_transforms";
  let summary = "the tiling, swizzle and transpose of a GPU shared-memory ref";
  let description = [{
    `#pallas.gpu_transforms<tiling = [8, 64], swizzle = 128, transpose = [1, 0]>`,
    JAX's `plgpu.TilingTransform`, `plgpu.SwizzleTransform` and
    `plgpu.TransposeTransform` of a block spec or a `plgpu.SMEM` scratch: how
    the ref's elements are laid out in shared memory so that TMA and WGMMA
    can use them. The ref keeps its logical shape; the lowering turns these
    into `#mosaic_gpu.tile`, `#mosaic_gpu.swizzle` and
    `#mosaic_gpu.transpose` transforms.

    * `tiling`: tile sizes of the minor dims (at most the ref's rank; each
      divides its dim);
    * `swizzle`: the swizzle in bytes, 16 (none), 32, 64 or 128; the
      minor tile dim times the element size must equal it;
    * `transpose`: a permutation of the ref's dims.

    Kernels attach them with `gpu_transforms = {"inputs[0]" = ...,
    "scratch[1]" = ...}` (keys name the operands as the verifiers do),
    `pallas.run_scoped` with `gpu_transforms = {"0" = ...}` (keys are
    allocation indices).
  }];
  let parameters = (ins OptionalParameter<"::mlir::DenseI64ArrayAttr">:$tiling,
    DefaultValuedParameter<"int64_t", "0">:$swizzle,
    OptionalParameter<"::mlir::DenseI64ArrayAttr">:$transpose);
  let assemblyFormat = "`<` struct(params) `>`";
}

def Pallas_GpuLayout : I32EnumAttr<"GpuLayout", "a register layout of a GPU array (plgpu.Layout)", [
    I32EnumAttrCase<"wgmma", 0>,
    I32EnumAttrCase<"wgmma_row", 1>,
    I32EnumAttrCase<"wgmma_col", 2>,
    I32EnumAttrCase<"wgmma_transposed", 3>,
    I32EnumAttrCase<"wgmma_8bit", 4>,
    I32EnumAttrCase<"wgmma_upcast_2x", 5>,
    I32EnumAttrCase<"wgmma_upcast_4x", 6>,
    I32EnumAttrCase<"wg_splat", 7>,
    I32EnumAttrCase<"wg_strided", 8>,
    I32EnumAttrCase<"tcgen05", 9>,
    I32EnumAttrCase<"tcgen05_transposed", 10>,
    I32EnumAttrCase<"tcgen05_tmem_native", 11>
  ]> {
  let cppNamespace = "::mlir::pallas";
}

#endif // PALLAS_ATTRS_TD

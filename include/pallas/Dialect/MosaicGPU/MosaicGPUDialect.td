//===- MosaicGPUDialect.td - the Mosaic GPU dialect ----------*- tablegen -*-===//
//
// The `mosaic_gpu` dialect of jaxlib 0.10.2, text-compatible with it: what
// JAX's Pallas Mosaic GPU lowering emits (warpgroup semantics) before JAX's
// Python passes (layout inference, dialect lowering) take it to `gpu`/`nvvm`.
// Only the syntax, the ODS constraints and the verifiers are reproduced;
// those passes are not.
//
//===----------------------------------------------------------------------===//

#ifndef PALLAS_MOSAIC_GPU_DIALECT
#define PALLAS_MOSAIC_GPU_DIALECT

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def MosaicGPU_Dialect : Dialect {
  let name = "mosaic_gpu";
  let cppNamespace = "::mlir::mosaic_gpu";
  let summary = "The Mosaic GPU dialect";
  let description = [{
    Ops, types and attributes of Mosaic GPU, the compiler that takes Pallas
    kernels to NVIDIA Hopper and Blackwell GPUs. Shared memory (SMEM) refs are
    memrefs in `#gpu.address_space<workgroup>`, global memory (GMEM) refs
    have no memory space, tensor memory (TMEM) refs are in `#mosaic_gpu.tmem`.
    Ops without an assembly format print in MLIR's generic form, as jaxlib
    prints them.

    Layout inference annotates ops (of any dialect) with the discardable
    attributes `in_layouts`/`out_layouts` (one fragmented-array layout per
    vector operand/result) and `in_transforms`/`out_transforms` (one list of
    `#mosaic_gpu.tile`/`#mosaic_gpu.swizzle` transforms per SMEM memref).
  }];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
}

class MosaicGPU_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<MosaicGPU_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

class MosaicGPU_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<MosaicGPU_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

class MosaicGPU_Op<string mnemonic, list<Trait> traits = []>
    : Op<MosaicGPU_Dialect, mnemonic, traits>;

#endif // PALLAS_MOSAIC_GPU_DIALECT

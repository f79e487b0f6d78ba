//===- MosaicGPUTypes.td - types of the mosaic_gpu dialect ---*- tablegen -*-===//

#ifndef PALLAS_MOSAIC_GPU_TYPES
#define PALLAS_MOSAIC_GPU_TYPES

include "pallas/Dialect/MosaicGPU/MosaicGPUDialect.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

// The summary is jaxlib's: it is part of the constraint messages of every op
// taking a barrier ("0D memref of <summary> values").
def MosaicGPU_Barrier
    : MosaicGPU_Type<"Barrier", "barrier", [MemRefElementTypeInterface]> {
  let summary = "A barrier to use for synchronizing threads";
  let description = [{
    An mbarrier in shared memory, used as the element type of SMEM memrefs
    (`memref<2x!mosaic_gpu.barrier, #gpu.address_space<workgroup>>`).
    `orders_tensor_core` marks barriers that also order tensor core
    (tcgen05) operations; it prints only when true.
  }];
  let parameters = (ins
    DefaultValuedParameter<"bool", "false">:$orders_tensor_core);
  let assemblyFormat = [{
    (`<` `orders_tensor_core` `=` $orders_tensor_core^ `>`)?
  }];
}

// `!llvm.ptr<3>`, a pointer into shared memory.
def MosaicGPU_SharedPointer : Type<
    And<[CPred<"::llvm::isa<::mlir::LLVM::LLVMPointerType>($_self)">,
         CPred<"::llvm::cast<::mlir::LLVM::LLVMPointerType>($_self)"
               ".getAddressSpace() == 3">]>,
    "LLVM pointer in address space 3", "::mlir::LLVM::LLVMPointerType">;

#endif // PALLAS_MOSAIC_GPU_TYPES

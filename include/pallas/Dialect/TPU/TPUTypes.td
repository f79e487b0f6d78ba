//===- TPUTypes.td - types of the tpu dialect ----------------*- tablegen -*-===//

#ifndef PALLAS_TPU_TYPES
#define PALLAS_TPU_TYPES

include "pallas/Dialect/TPU/TPUDialect.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

// The semaphore types carry no summary on purpose: constraint messages then
// read exactly like Mosaic's (`memref of  values`).
def TPU_SemaphoreType
    : TPU_Type<"Semaphore", "semaphore", [MemRefElementTypeInterface]> {
  let description = [{
    A counting semaphore, as the element type of a memref in
    `#tpu.memory_space<semaphore_mem>`.
  }];
}

def TPU_DMASemaphoreType
    : TPU_Type<"DMASemaphore", "dma_semaphore", [MemRefElementTypeInterface]> {
  let description = [{
    A semaphore that DMA engines signal on completion, as the element type of
    a memref in `#tpu.memory_space<semaphore_mem>`.
  }];
}

def TPU_SomeSemaphoreType : AnyTypeOf<[TPU_SemaphoreType, TPU_DMASemaphoreType]>;

def TPU_Float8EXMYType
    : TPU_Type<"Float8EXMY", "float8_exmy",
               [DeclareTypeInterfaceMethods<FloatTypeInterface, ["getFloatSemantics"]>]> {
  let summary = "a narrow float kept in an 8-bit container";
  let description = [{
    A float format with fewer than 8 bits (the `underlying_type`, e.g.
    `f4E2M1FN`) stored in the low bits of a byte; the higher bits are ignored.
  }];
  let parameters = (ins
    TypeParameter<"::mlir::FloatType", "the narrow float format">:$underlying_type);
  let assemblyFormat = "`<` $underlying_type `>`";
}

// A vector of non-zero rank that fits the vector registers.
def TPU_Vreg : Type<IsVectorOfNonZeroRankTypePred, "native-sized vreg",
                    "::mlir::VectorType">;
// A mask register: rank 2 or 3, i1 elements.
def TPU_Vmask : VectorOfRankAndType<[2, 3], [I1]>;

#endif // PALLAS_TPU_TYPES

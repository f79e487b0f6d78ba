//===- PallasDialect.td - The pallas dialect ---------------*- tablegen -*-===//
//
// The `pallas` dialect: the Pallas kernel language (grid, block specs, index
// maps, scalar prefetch, scratch, semaphores, DMA) as MLIR. Compute inside
// kernels uses upstream arith/math/vector/scf; this dialect adds only what is
// Pallas-specific.
//
//===----------------------------------------------------------------------===//

#ifndef PALLAS_DIALECT_TD
#define PALLAS_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Pallas_Dialect : Dialect {
  let name = "pallas";
  let cppNamespace = "::mlir::pallas";
  let summary = "The Pallas kernel language: grids, block specs, refs, DMA and semaphores";
  let description = [{
    A `pallas.kernel` is the unit of compilation: a grid, operand groups
    (scalar prefetch, inputs, outputs, scratch) where every windowed operand
    carries a block spec (block dims, index map, memory space, pipeline mode),
    and a body that runs once per grid point on the operand windows.

    Semantics follow JAX Pallas (`pallas_call`, `BlockSpec`, `GridSpec`):

    * the grid is iterated in row-major order (the last axis varies fastest);
    * each input/output window is read before a grid step and each output
      window is written back after it, so an output block that several
      consecutive grid points map is an accumulator;
    * scratch buffers persist across grid steps and start uninitialized;
    * a non-aliased output starts uninitialized; an aliased output starts as
      the input it aliases (alias indices count `prefetch ++ ins`);
    * out-of-bounds parts of edge windows are unspecified on read and dropped
      on write;
    * index maps are pure functions of the grid ids and the scalar prefetch.

    Refs are builtin memrefs whose memory space is a `#pallas.memory_space`;
    semaphores are memrefs of `!pallas.semaphore`, `!pallas.dma_semaphore`,
    `!pallas.barrier_semaphore` or `!pallas.barrier`.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let useDefaultTypePrinterParser = 1;
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::vector::VectorDialect"
  ];
}

class Pallas_Op<string mnemonic, list<Trait> traits = []>
    : Op<Pallas_Dialect, mnemonic, traits>;

#endif // PALLAS_DIALECT_TD

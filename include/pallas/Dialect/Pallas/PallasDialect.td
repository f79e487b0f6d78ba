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

    Loops in a kernel body are `scf.for`; two discardable attributes say how
    Pallas runs them (the dialect verifies their form; every lowering expands
    them before converting the kernel):

    * `{pallas.unroll}` is `unroll=True` of `lax.fori_loop` / `pl.loop`: the
      body is repeated once per iteration, with no loop left. The bounds and
      step must be `arith.constant`s.
    * `{pallas.unroll = N : i64}` (N >= 1) is `unroll=N`, with JAX's shape:
      for a constant trip count `n`, a loop over the first `n / N * N`
      iterations holding N copies of the body (copy `k` at `iv + k * step`)
      followed by `n % N` straight-line copies, or `n` straight-line copies
      when `n == N`; for a dynamic trip count, that loop up to
      `lb + (n / N) * N * step` followed by a remainder loop of one copy per
      iteration (with N = 1 this is what JAX emits for a `fori_loop` with
      dynamic bounds). Carried values (`iter_args`) thread through the
      copies.
    * `{pallas.parallel_loop}`, optionally with `pallas.unroll = N`, is
      `plsc.parallel_loop(lo, hi, step, unroll=N, carry=...)`: iterations
      are independent (only carried values pass between them). SparseCore
      kernels lower it to the `scf.for` marked `{sc.parallel_access,
      sc.loop_unroll_factor = N}` (N = 1 by default) that JAX emits; the CPU
      reference runs it as an ordinary sequential loop (one of the orders
      the loop allows); TensorCore kernels cannot use it, as in JAX.
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

// The multi-GPU twins (scripts/gpu/declined.txt) stop in
// convert-mosaic-gpu-to-nvvm with a diagnostic at the user's op: multimem
// stores and reductions and remote TMA stores need multi-device metadata the
// runtime does not provide yet. Each message is checked at its line.
// RUN: not %pallas_opt --convert-pallas-to-nvvm %S/../../examples/gpu/ops_all_gather.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=GATHER
// RUN: not %pallas_opt --convert-pallas-to-nvvm %S/../../examples/gpu/ops_collective_matmul.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=MATMUL
// RUN: not %pallas_opt --convert-pallas-to-nvvm %S/../../examples/gpu/ops_reduce_scatter.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCATTER

// GATHER: ops_all_gather.mlir:36:7: error: 'mosaic_gpu.vector_store' op not yet supported: multimem vector stores
// MATMUL: ops_collective_matmul.mlir:117:17: error: 'mosaic_gpu.async_store' op not yet supported: a predicated or remote TMA store
// SCATTER: ops_reduce_scatter.mlir:31:14: error: 'mosaic_gpu.multimem_load_reduce' op not yet supported: `mosaic_gpu.multimem_load_reduce`

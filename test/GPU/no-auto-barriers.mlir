// A kernel whose compiler parameters opt out of the automatic warpgroup
// barriers (`unsafe_no_auto_barriers`) gets none from the NVVM lowering:
// convert-pallas-to-mosaic-gpu marks its gpu.launch (a discardable
// attribute; jaxlib passes the flag to lower_mgpu_dialect as an argument
// instead), and convert-mosaic-gpu-to-nvvm reads the mark. The same kernel
// without the parameter keeps its barriers around the shared-memory store
// (warpgroup barriers of 128 threads: `nvvm.barrier id = ... number_of_threads`).
// RUN: %pallas_opt %s --split-input-file --convert-pallas-to-mosaic-gpu | FileCheck %s --check-prefix=MARK
// RUN: %pallas_opt %s --split-input-file --convert-pallas-to-nvvm | FileCheck %s

// MARK: gpu.launch
// MARK: gpu.terminator
// MARK-NEXT: } {pallas.no_auto_barriers}
// CHECK-LABEL: gpu.module @opted_out_mosaic_gpu_kernel
// CHECK-NOT: number_of_threads
// CHECK: llvm.return
module {
  pallas.kernel @opted_out
      ins(%x: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in shared)
      outs(%o: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in shared)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup", unsafe_no_auto_barriers = true}}} {
    %v = pallas.load %x[] : memref<64x128xf32, #pallas.memory_space<shared>> -> vector<64x128xf32>
    pallas.store %v, %o[] : vector<64x128xf32>, memref<64x128xf32, #pallas.memory_space<shared>>
  }
}

// -----

// MARK: gpu.launch
// MARK: gpu.terminator
// MARK-NEXT: }{{$}}
// CHECK-LABEL: gpu.module @default_mosaic_gpu_kernel
// CHECK: nvvm.barrier id = %{{.*}} number_of_threads = %{{.*}}
// CHECK: llvm.return
module {
  pallas.kernel @default
      ins(%x: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in shared)
      outs(%o: memref<64x128xf32> block [64, 128] map affine_map<() -> (0, 0)> in shared)
      attributes {compiler_params = {mosaic_gpu = {lowering_semantics = "warpgroup"}}} {
    %v = pallas.load %x[] : memref<64x128xf32, #pallas.memory_space<shared>> -> vector<64x128xf32>
    pallas.store %v, %o[] : vector<64x128xf32>, memref<64x128xf32, #pallas.memory_space<shared>>
  }
}

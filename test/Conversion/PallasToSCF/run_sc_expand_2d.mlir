// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// SparseCore `{expand}` / `{compress}` on a 2x8 vector (a SparseCore vector
// shape the SparseCore lowering takes): the 16 lanes in row-major order. By
// hand, with x = [[3,-1,4,-1,-5,9,2,-6], [5,3,-5,8,9,-7,9,3]] and mask x > 0
// (set lanes 0,2,5,6,8,9,11,12,14,15 counted row-major):
//   expand(x, mask): the k-th set lane gets x's k-th lane, the others 0:
//     [[3,0,-1,0,0,4,-1,0], [-5,9,0,2,-6,0,5,3]]
//   compress(x, mask) into x: the set lanes' values first, lanes 10..15 keep
//   x's: [[3,4,9,2,5,3,8,9], [9,3,-5,8,9,-7,9,3]]
// CHECK: Unranked Memref
// CHECK-NEXT: {{\[\[}}3,   0,   -1,   0,   0,   4,   -1,   0],
// CHECK-NEXT: [-5,   9,   0,   2,   -6,   0,   5,   3],
// CHECK-NEXT: [3,   4,   9,   2,   5,   3,   8,   9],
// CHECK-NEXT: [9,   3,   -5,   8,   9,   -7,   9,   3]]

module {
  pallas.kernel @k grid(1, 1) names("core", "subcore")
      ins(%x: memref<2x8xi32> block [2, 8] map affine_map<(c, s) -> (0, 0)> in hbm)
      outs(%o: memref<4x8xi32> block [4, 8] map affine_map<(c, s) -> (0, 0)> in hbm)
      scratch(%xs: memref<2x8xi32, #pallas.memory_space<vmem>>,
              %os: memref<4x8xi32, #pallas.memory_space<vmem>>,
              %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    pallas.dma_start %x -> %xs, %sem[] : memref<2x8xi32, #pallas.memory_space<hbm>> -> memref<2x8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %x -> %xs, %sem[] : memref<2x8xi32, #pallas.memory_space<hbm>> -> memref<2x8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    %xv = pallas.load %xs[0:2, 0:8] : memref<2x8xi32, #pallas.memory_space<vmem>> -> vector<2x8xi32>
    %z = arith.constant dense<0> : vector<2x8xi32>
    %m = arith.cmpi sgt, %xv, %z : vector<2x8xi32>
    %e = pallas.load %xs[0:2, 0:8] mask(%m : vector<2x8xi1>) {expand} : memref<2x8xi32, #pallas.memory_space<vmem>> -> vector<2x8xi32>
    pallas.store %e, %os[0:2, 0:8] : vector<2x8xi32>, memref<4x8xi32, #pallas.memory_space<vmem>>
    pallas.store %xv, %xs[0:2, 0:8] mask(%m : vector<2x8xi1>) {compress} : vector<2x8xi32>, memref<2x8xi32, #pallas.memory_space<vmem>>
    %c = pallas.load %xs[0:2, 0:8] : memref<2x8xi32, #pallas.memory_space<vmem>> -> vector<2x8xi32>
    pallas.store %c, %os[2:2, 0:8] : vector<2x8xi32>, memref<4x8xi32, #pallas.memory_space<vmem>>
    pallas.dma_start %os -> %o, %sem[] : memref<4x8xi32, #pallas.memory_space<vmem>> -> memref<4x8xi32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %os -> %o, %sem[] : memref<4x8xi32, #pallas.memory_space<vmem>> -> memref<4x8xi32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %g = memref.get_global @xs : memref<2x8xi32>
    %x = memref.alloc() : memref<2x8xi32>
    memref.copy %g, %x : memref<2x8xi32> to memref<2x8xi32>
    %o = memref.alloc() : memref<4x8xi32>
    pallas.call @k(%x, %o) : (memref<2x8xi32>, memref<4x8xi32>) -> ()
    %u = memref.cast %o : memref<4x8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
  memref.global "private" constant @xs : memref<2x8xi32> =
      dense<[[3, -1, 4, -1, -5, 9, 2, -6], [5, 3, -5, 8, 9, -7, 9, 3]]>
}

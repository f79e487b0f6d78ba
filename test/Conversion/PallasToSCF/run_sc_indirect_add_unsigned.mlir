// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// A scatter-add indirect DMA ({add}) into a ui32 accumulator (the
// SparseCore lowering takes it): acc[idx[k]] += upd[k] modulo 2^32, offsets
// outside the accumulator skipped. By hand, with acc = [3e8, 10, 20, ...,
// 150] (10 k past the first), upd = [4e9, 1, ..., 7] and
// idx = [0, 0, 3, 3, 15, 7, 20, 1]:
//   acc[0] = 3e8 + 4e9 + 1 - 2^32 = 5032705, acc[3] = 30 + 2 + 3 = 35,
//   acc[15] = 150 + 4 = 154, acc[7] = 70 + 5 = 75, row 20 skipped,
//   acc[1] = 10 + 7 = 17; the others keep 10 k. Printed as i32.
// CHECK: Unranked Memref
// CHECK-NEXT: [5032705,  17,  20,  35,  40,  50,  60,  75,  80,  90,  100,  110,  120,  130,  140,  154]

module {
  pallas.kernel @k grid(1, 1) names("core", "subcore")
      ins(%upd: memref<8xui32> block [8] map affine_map<(c, s) -> (0)> in hbm,
          %idx: memref<8xi32> block [8] map affine_map<(c, s) -> (0)> in hbm,
          %acc: memref<16xui32> block [16] map affine_map<(c, s) -> (0)> in hbm)
      outs(%acc_out: memref<16xui32> block [16] map affine_map<(c, s) -> (0)> in hbm)
      scratch(%idx_vmem: memref<8xi32, #pallas.memory_space<vmem>>,
              %upd_vmem: memref<8xui32, #pallas.memory_space<vmem>>,
              %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
      aliases(2 -> 0)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    pallas.dma_start %idx -> %idx_vmem, %sem[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %idx -> %idx_vmem, %sem[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_start %upd -> %upd_vmem, %sem[] : memref<8xui32, #pallas.memory_space<hbm>> -> memref<8xui32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %upd -> %upd_vmem, %sem[] : memref<8xui32, #pallas.memory_space<hbm>> -> memref<8xui32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_start %upd_vmem -> %acc, %sem[] offsets(%idx_vmem : memref<8xi32, #pallas.memory_space<vmem>>) {add} : memref<8xui32, #pallas.memory_space<vmem>> -> memref<16xui32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %upd_vmem -> %acc, %sem[] offsets(%idx_vmem : memref<8xi32, #pallas.memory_space<vmem>>) {add} : memref<8xui32, #pallas.memory_space<vmem>> -> memref<16xui32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %gu = memref.get_global @upd : memref<8xui32>
    %gi = memref.get_global @idx : memref<8xi32>
    %ga = memref.get_global @acc : memref<16xui32>
    %u = memref.alloc() : memref<8xui32>
    %i = memref.alloc() : memref<8xi32>
    %a = memref.alloc() : memref<16xui32>
    memref.copy %gu, %u : memref<8xui32> to memref<8xui32>
    memref.copy %gi, %i : memref<8xi32> to memref<8xi32>
    memref.copy %ga, %a : memref<16xui32> to memref<16xui32>
    pallas.call @k(%u, %i, %a, %a) : (memref<8xui32>, memref<8xi32>, memref<16xui32>, memref<16xui32>) -> ()
    %p = memref.alloc() : memref<16xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    scf.for %k = %c0 to %c16 step %c1 {
      %l = vector.load %a[%k] : memref<16xui32>, vector<1xui32>
      %s = vector.bitcast %l : vector<1xui32> to vector<1xi32>
      %e = vector.extract %s[0] : i32 from vector<1xi32>
      memref.store %e, %p[%k] : memref<16xi32>
    }
    %pu = memref.cast %p : memref<16xi32> to memref<*xi32>
    call @printMemrefI32(%pu) : (memref<*xi32>) -> ()
    return
  }
  memref.global "private" constant @upd : memref<8xui32> = dense<[4000000000, 1, 2, 3, 4, 5, 6, 7]>
  memref.global "private" constant @idx : memref<8xi32> = dense<[0, 0, 3, 3, 15, 7, 20, 1]>
  memref.global "private" constant @acc : memref<16xui32> =
      dense<[300000000, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150]>
}

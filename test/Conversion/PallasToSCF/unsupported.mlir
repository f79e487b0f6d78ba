// RUN: not %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s 2>&1 | FileCheck %s

module {
  pallas.kernel @k grid(1)
      ins(%x: memref<8xf32> block [8] map affine_map<(i) -> (i)>)
      outs(%o: memref<8xf32> block [8] map affine_map<(i) -> (i)>) {
    %v = pallas.load %x[] : memref<8xf32> -> vector<8xf32>
    // CHECK: error: 'pallas.get_barrier_semaphore' op not yet supported
    %d = pallas.get_barrier_semaphore : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    pallas.store %v, %o[] : vector<8xf32>, memref<8xf32>
  }
}

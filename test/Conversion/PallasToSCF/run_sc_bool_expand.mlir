// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// SparseCore `{expand}` load and `{compress}` store on a ref of i1 (the
// SparseCore lowering takes them, storing the lanes as i32). By hand, with
// x = [3, -1, 4, -1, -5, 9, 2, -6, 5, 3, -5, 8, 9, -7, 9, 3]:
//   pos = x > 0     = [1,0,1,0,0,1,1,0,1,1,0,1,1,0,1,1]
//   odd = x & 1     = [1,1,0,1,1,1,0,0,1,1,1,0,1,1,1,1]   (stored to m)
//   expand(m, pos): the k-th set lane of pos gets m[k], other lanes 0:
//                     [1,0,1,0,0,0,1,0,1,1,0,0,0,0,1,1]
//   compress(pos, odd) into m: m[k] = pos at the k-th set lane of odd
//   (12 of them), m[12..15] keep odd's:
//                     [1,0,0,0,1,1,1,0,1,0,1,1,1,1,1,1]
// CHECK: Unranked Memref
// CHECK-NEXT: [1,  0,  1,  0,  0,  0,  1,  0,  1,  1,  0,  0,  0,  0,  1,  1,  1,  0,  0,  0,  1,  1,  1,  0,  1,  0,  1,  1,  1,  1,  1,  1]
module {
  pallas.kernel @k grid(1, 1) names("core", "subcore")
      ins(%x: memref<16xi32> block [16] map affine_map<(c, s) -> (0)> in hbm)
      outs(%o: memref<32xi32> block [32] map affine_map<(c, s) -> (0)> in hbm)
      scratch(%xs: memref<16xi32, #pallas.memory_space<vmem>>,
              %m: memref<16xi1, #pallas.memory_space<vmem>>,
              %os: memref<32xi32, #pallas.memory_space<vmem>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %x -> %xs, %t[] : memref<16xi32, #pallas.memory_space<hbm>> -> memref<16xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %x -> %xs, %t[] : memref<16xi32, #pallas.memory_space<hbm>> -> memref<16xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    %xv = pallas.load %xs[0:16] : memref<16xi32, #pallas.memory_space<vmem>> -> vector<16xi32>
    %z = arith.constant dense<0> : vector<16xi32>
    %one = arith.constant dense<1> : vector<16xi32>
    %pos = arith.cmpi sgt, %xv, %z : vector<16xi32>
    %odd0 = arith.andi %xv, %one : vector<16xi32>
    %odd = arith.cmpi ne, %odd0, %z : vector<16xi32>
    pallas.store %odd, %m[0:16] : vector<16xi1>, memref<16xi1, #pallas.memory_space<vmem>>
    %v = pallas.load %m[0:16] mask(%pos : vector<16xi1>) {expand} : memref<16xi1, #pallas.memory_space<vmem>> -> vector<16xi1>
    %vi = arith.extui %v : vector<16xi1> to vector<16xi32>
    pallas.store %vi, %os[0:16] : vector<16xi32>, memref<32xi32, #pallas.memory_space<vmem>>
    pallas.store %pos, %m[0:16] mask(%odd : vector<16xi1>) {compress} : vector<16xi1>, memref<16xi1, #pallas.memory_space<vmem>>
    %w = pallas.load %m[0:16] : memref<16xi1, #pallas.memory_space<vmem>> -> vector<16xi1>
    %wi = arith.extui %w : vector<16xi1> to vector<16xi32>
    pallas.store %wi, %os[16:16] : vector<16xi32>, memref<32xi32, #pallas.memory_space<vmem>>
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %os -> %o, %t[] : memref<32xi32, #pallas.memory_space<vmem>> -> memref<32xi32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %os -> %o, %t[] : memref<32xi32, #pallas.memory_space<vmem>> -> memref<32xi32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %g = memref.get_global @xs : memref<16xi32>
    %x = memref.alloc() : memref<16xi32>
    memref.copy %g, %x : memref<16xi32> to memref<16xi32>
    %o = memref.alloc() : memref<32xi32>
    pallas.call @k(%x, %o) : (memref<16xi32>, memref<32xi32>) -> ()
    %u = memref.cast %o : memref<32xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
  memref.global "private" constant @xs : memref<16xi32> =
      dense<[3, -1, 4, -1, -5, 9, 2, -6, 5, 3, -5, 8, 9, -7, 9, 3]>
}

// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Subcore barriers inside scf.parallel (its iterations run in order),
// affine.for, scf.forall and affine.if: the scheduler flattens them like
// the other control flow. Each subcore s of 4 adds 1 to its own counter
// after each barrier it passes (2 + 2 + 2 + 1) and adds, after the last
// barrier, the counter of subcore s + 1 (mod 4) that every subcore
// published before it (7 each), so by hand every lane is 7 + 7 = 14.
// CHECK: Unranked Memref
// CHECK-NEXT: [14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14,  14]

module {
  pallas.kernel @k grid(1, 4) names("core", "subcore")
      outs(%o: memref<32xi32> block [32] map affine_map<(c, s) -> (0)> in hbm)
      scratch(%a: memref<8xi32, #pallas.memory_space<vmem>>,
              %sh: memref<32xi32, #pallas.memory_space<vmem_shared>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    %s = pallas.axis_index "subcore"
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant dense<0> : vector<8xi32>
    %one = arith.constant dense<1> : vector<8xi32>
    pallas.store %zero, %a[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
    scf.parallel (%i) = (%c0) to (%c2) step (%c1) {
      pallas.subcore_barrier
      %v = pallas.load %a[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
      %w = arith.addi %v, %one : vector<8xi32>
      pallas.store %w, %a[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
      scf.reduce
    }
    affine.for %j = 0 to 2 {
      pallas.subcore_barrier
      %v = pallas.load %a[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
      %w = arith.addi %v, %one : vector<8xi32>
      pallas.store %w, %a[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
    }
    scf.forall (%k) in (2) {
      pallas.subcore_barrier
      %v = pallas.load %a[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
      %w = arith.addi %v, %one : vector<8xi32>
      pallas.store %w, %a[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
    }
    %c8 = arith.constant 8 : i32
    %base = arith.muli %s, %c8 : i32
    %bi = arith.index_cast %base : i32 to index
    %mine = memref.subview %sh[%bi] [8] [1] : memref<32xi32, #pallas.memory_space<vmem_shared>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>
    %i1 = arith.constant 1 : i32
    %i4 = arith.constant 4 : i32
    %n = arith.addi %s, %i1 : i32
    %r = arith.remsi %n, %i4 : i32
    %nb = arith.muli %r, %c8 : i32
    %nbi = arith.index_cast %nb : i32 to index
    %next = memref.subview %sh[%nbi] [8] [1] : memref<32xi32, #pallas.memory_space<vmem_shared>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>
    affine.if affine_set<(d0) : (d0 >= 0)>(%c0) {
      %v = pallas.load %a[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
      %w = arith.addi %v, %one : vector<8xi32>
      pallas.store %w, %a[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
      pallas.run_scoped {
      ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
        pallas.dma_start %a -> %mine, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %a -> %mine, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
      pallas.subcore_barrier
    }
    %v = pallas.load %a[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %next -> %a, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %next -> %a, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    %u = pallas.load %a[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
    %sum = arith.addi %v, %u : vector<8xi32>
    pallas.store %sum, %a[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
    %os = memref.subview %o[%bi] [8] [1] : memref<32xi32, #pallas.memory_space<hbm>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %a -> %os, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %a -> %os, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %o = memref.alloc() : memref<32xi32>
    pallas.call @k(%o) : (memref<32xi32>) -> ()
    %u = memref.cast %o : memref<32xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Subcore barriers under control flow with results: an scf.for carrying a
// vector (its trip count read from memory, so dynamic) inside an scf.if
// with a result, then an scf.if with a result whose branch computes values
// before its barrier and uses them after it (one recomputable, one loaded
// and so kept per subcore). The subcores take turns, each suspended at a
// barrier until all 4 have arrived.
//
// Subcore s of 4 starts from v = x[8s:8s+8] (x[i] = i, lane j: 8s + j).
// Each of cnt[0] = 3 rounds publishes v to the shared sh, waits, adds the
// neighbour's (s + 1 mod 4), waits again. By hand, lane j:
//   round 1: 8+2j, 24+2j, 40+2j, 24+2j; round 2: 32+4j, 64+4j, 64+4j, 32+4j;
//   round 3: A = 96+8j, 128+8j, 96+8j, 64+8j.
// Then the second scf.if: twice = 2 A_s, old = A_s (stored, loaded back),
// barrier, f = A_(s+2 mod 4); it yields 2 f + twice - old = 2 A_(s+2) + A_s:
//   s = 0: 2 (96+8j) + 96+8j = 288+24j; s = 1: 2 (64+8j) + 128+8j = 256+24j;
//   s = 2: 288+24j; s = 3: 2 (128+8j) + 64+8j = 320+24j.
// CHECK: Unranked Memref
// CHECK-NEXT: [288,  312,  336,  360,  384,  408,  432,  456,  256,  280,  304,  328,  352,  376,  400,  424,  288,  312,  336,  360,  384,  408,  432,  456,  320,  344,  368,  392,  416,  440,  464,  488]

module {
  pallas.kernel @k grid(1, 4) names("core", "subcore")
      ins(%x: memref<32xi32> block [32] map affine_map<(c, s) -> (0)> in hbm,
          %cnt: memref<8xi32> block [8] map affine_map<(c, s) -> (0)> in hbm)
      outs(%o: memref<32xi32> block [32] map affine_map<(c, s) -> (0)> in hbm)
      scratch(%a: memref<8xi32, #pallas.memory_space<vmem>>,
              %b: memref<8xi32, #pallas.memory_space<vmem>>,
              %sh: memref<32xi32, #pallas.memory_space<vmem_shared>>,
              %cv: memref<8xi32, #pallas.memory_space<vmem>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    %s = pallas.axis_index "subcore"
    %c8 = arith.constant 8 : i32
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %four = arith.constant 4 : i32
    %base = arith.muli %s, %c8 : i32
    %bi = arith.index_cast %base : i32 to index
    %xs = memref.subview %x[%bi] [8] [1] : memref<32xi32, #pallas.memory_space<hbm>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    %mine = memref.subview %sh[%bi] [8] [1] : memref<32xi32, #pallas.memory_space<vmem_shared>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>
    %n1 = arith.addi %s, %one : i32
    %r1 = arith.remsi %n1, %four : i32
    %nb = arith.muli %r1, %c8 : i32
    %nbi = arith.index_cast %nb : i32 to index
    %next = memref.subview %sh[%nbi] [8] [1] : memref<32xi32, #pallas.memory_space<vmem_shared>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>
    %n2 = arith.addi %s, %two : i32
    %r2 = arith.remsi %n2, %four : i32
    %fb = arith.muli %r2, %c8 : i32
    %fbi = arith.index_cast %fb : i32 to index
    %far = memref.subview %sh[%fbi] [8] [1] : memref<32xi32, #pallas.memory_space<vmem_shared>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>
    pallas.run_scoped {
      ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
        pallas.dma_start %xs -> %a, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %xs -> %a, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
    pallas.run_scoped {
      ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
        pallas.dma_start %cnt -> %cv, %t[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %cnt -> %cv, %t[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
    %cvv = pallas.load %cv[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
    %n = vector.extract %cvv[0] : i32 from vector<8xi32>
    %ub = arith.index_cast %n : i32 to index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %v0 = pallas.load %a[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
    %flag = arith.cmpi sgt, %four, %one : i32
    %acc = scf.if %flag -> (vector<8xi32>) {
      %r = scf.for %i = %c0 to %ub step %c1 iter_args(%v = %v0) -> (vector<8xi32>) {
        pallas.store %v, %a[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
        pallas.run_scoped {
        ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
          pallas.dma_start %a -> %mine, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
          pallas.dma_wait %a -> %mine, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        }
        pallas.subcore_barrier
        pallas.run_scoped {
        ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
          pallas.dma_start %next -> %b, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
          pallas.dma_wait %next -> %b, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        }
        %bv = pallas.load %b[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
        %sum = arith.addi %v, %bv : vector<8xi32>
        pallas.subcore_barrier
        scf.yield %sum : vector<8xi32>
      }
      scf.yield %r : vector<8xi32>
    } else {
      scf.yield %v0 : vector<8xi32>
    }
    %res = scf.if %flag -> (vector<8xi32>) {
      %twice = arith.addi %acc, %acc : vector<8xi32>
      pallas.store %acc, %a[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
      pallas.run_scoped {
      ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
        pallas.dma_start %a -> %mine, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %a -> %mine, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
      %old = pallas.load %a[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
      pallas.subcore_barrier
      pallas.run_scoped {
      ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
        pallas.dma_start %far -> %b, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %far -> %b, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
      %f = pallas.load %b[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
      %f2 = arith.addi %f, %f : vector<8xi32>
      %t1 = arith.addi %f2, %twice : vector<8xi32>
      %t2 = arith.subi %t1, %old : vector<8xi32>
      scf.yield %t2 : vector<8xi32>
    } else {
      scf.yield %acc : vector<8xi32>
    }
    pallas.store %res, %a[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
    %os = memref.subview %o[%bi] [8] [1] : memref<32xi32, #pallas.memory_space<hbm>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    pallas.run_scoped {
      ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
        pallas.dma_start %a -> %os, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %a -> %os, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %x = memref.alloc() : memref<32xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    scf.for %i = %c0 to %c32 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %x[%i] : memref<32xi32>
    }
    %cnt = memref.alloc() : memref<8xi32>
    %three = arith.constant 3 : i32
    scf.for %i = %c0 to %c8 step %c1 {
      memref.store %three, %cnt[%i] : memref<8xi32>
    }
    %o = memref.alloc() : memref<32xi32>
    pallas.call @k(%x, %cnt, %o) : (memref<32xi32>, memref<8xi32>, memref<32xi32>) -> ()
    %u = memref.cast %o : memref<32xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

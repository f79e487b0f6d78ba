// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Subcore barriers inside an scf.for and an scf.if. The loop's trip count
// is read from memory (dynamic bounds; each subcore runs the loop itself
// and suspends at its barriers until all 4 arrive). Subcore s of
// 4 keeps 8 lanes a_s (from x[8s:8s+8], x[i] = i); each of 3 rounds
// publishes a_s to the shared sh, waits at a barrier, adds its neighbour's
// (s + 1 mod 4), and waits again; then, under a uniform condition, it
// publishes, waits, and takes the values of subcore s + 2 mod 4. By hand,
// lane j (a_s = 8 s + j at the start):
//   round 1: 8+2j, 24+2j, 40+2j, 24+2j; round 2: 32+4j, 64+4j, 64+4j, 32+4j;
//   round 3: 96+8j, 128+8j, 96+8j, 64+8j; then s <- s + 2:
//   96+8j, 64+8j, 96+8j, 128+8j.
// CHECK: Unranked Memref
// CHECK-NEXT: [96,  104,  112,  120,  128,  136,  144,  152,  64,  72,  80,  88,  96,  104,  112,  120,  96,  104,  112,  120,  128,  136,  144,  152,  128,  136,  144,  152,  160,  168,  176,  184]

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
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    pallas.run_scoped {
      ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
        pallas.dma_start %cnt -> %cv, %t[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %cnt -> %cv, %t[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
    %cvv = pallas.load %cv[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
    %n = vector.extract %cvv[0] : i32 from vector<8xi32>
    %c3 = arith.index_cast %n : i32 to index
    scf.for %i = %c0 to %c3 step %c1 {
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
      %av = pallas.load %a[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
      %bv = pallas.load %b[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
      %sum = arith.addi %av, %bv : vector<8xi32>
      pallas.store %sum, %a[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
      pallas.subcore_barrier
    }
    %flag = arith.cmpi sgt, %four, %one : i32
    scf.if %flag {
      pallas.run_scoped {
      ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
        pallas.dma_start %a -> %mine, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %a -> %mine, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
      pallas.subcore_barrier
      pallas.run_scoped {
      ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
        pallas.dma_start %far -> %a, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %far -> %a, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
    }
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

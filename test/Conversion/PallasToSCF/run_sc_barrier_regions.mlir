// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// Subcore barriers in the other places a kernel can hold one, on 2 cores of
// 4 subcores (a barrier waits for the subcores of its own core): a named
// scope inside an scf.if with a result, an scf.while carrying values, an
// scf.index_switch with a result (the case is the core), a
// memref.alloca_scope inside a run_scoped whose buffer and DMA semaphore
// are used on both sides of the barrier. Also carried across the barrier in
// the scf.if: a ref (a subview chosen by the subcore id, recomputed after
// the barrier) and a scalar loaded from the subcore's own SMEM (kept per
// subcore), next to the same SMEM read again after the barrier.
//
// Subcore s of core c (g = 4c + s) starts from A_s = x[8g:8g+8] (x[i] = i).
//   w_s = (s even ? A_s : A_s + 1000) + 100 s  (read through the chosen
//          half of ab, which holds A_s then A_s + 1000, plus twice the SMEM
//          scalar 50 s, read before and after the barrier);
//   two rounds of v_s <- v_s + v_(s+1 mod 4) (the while loop);
//   y_s = v_(s+2 mod 4) on core 0, 2 v_(s+3 mod 4) on core 1;
//   out[8g:8g+8] = y_s + A_s (A_s DMA'd into the scoped buffer across the
//   barrier).
// By hand, core 0, lane j: w = j, 1108+j, 216+j, 1324+j; after the rounds
// v = 2432+4j, 2864+4j, 2864+4j, 2432+4j; y = 2864+4j, 2432+4j, 2432+4j,
// 2864+4j; out = 2864+5j, 2440+5j, 2448+5j, 2888+5j. Core 1 (A_s = 32+8s+j):
// w = 32+j, 1140+j, 248+j, 1356+j; v = 2560+4j, 2992+4j, 2992+4j, 2560+4j;
// y = 2 v_(s+3) = 5120+8j, 5120+8j, 5984+8j, 5984+8j; out = 5152+9j,
// 5160+9j, 6032+9j, 6040+9j.
// CHECK: Unranked Memref
// CHECK-NEXT: [2864,  2869,  2874,  2879,  2884,  2889,  2894,  2899,  2440,  2445,  2450,  2455,  2460,  2465,  2470,  2475,  2448,  2453,  2458,  2463,  2468,  2473,  2478,  2483,  2888,  2893,  2898,  2903,  2908,  2913,  2918,  2923,  5152,  5161,  5170,  5179,  5188,  5197,  5206,  5215,  5160,  5169,  5178,  5187,  5196,  5205,  5214,  5223,  6032,  6041,  6050,  6059,  6068,  6077,  6086,  6095,  6040,  6049,  6058,  6067,  6076,  6085,  6094,  6103]

module {
  pallas.kernel @k grid(2, 4) names("core", "subcore")
      ins(%x: memref<64xi32> block [64] map affine_map<(c, s) -> (0)> in hbm)
      outs(%o: memref<64xi32> block [64] map affine_map<(c, s) -> (0)> in hbm)
      scratch(%a: memref<8xi32, #pallas.memory_space<vmem>>,
              %b: memref<8xi32, #pallas.memory_space<vmem>>,
              %sh: memref<32xi32, #pallas.memory_space<vmem_shared>>,
              %m: memref<1xi32, #pallas.memory_space<smem>>,
              %ab: memref<16xi32, #pallas.memory_space<vmem>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    %c = pallas.axis_index "core"
    %s = pallas.axis_index "subcore"
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %three = arith.constant 3 : i32
    %four = arith.constant 4 : i32
    %c8 = arith.constant 8 : i32
    %c50 = arith.constant 50 : i32
    %c0 = arith.constant 0 : index
    %c4g = arith.muli %c, %four : i32
    %g = arith.addi %c4g, %s : i32
    %gb = arith.muli %g, %c8 : i32
    %gbi = arith.index_cast %gb : i32 to index
    %xs = memref.subview %x[%gbi] [8] [1] : memref<64xi32, #pallas.memory_space<hbm>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    %os = memref.subview %o[%gbi] [8] [1] : memref<64xi32, #pallas.memory_space<hbm>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    %sb = arith.muli %s, %c8 : i32
    %sbi = arith.index_cast %sb : i32 to index
    %mine = memref.subview %sh[%sbi] [8] [1] : memref<32xi32, #pallas.memory_space<vmem_shared>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>
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
    %n3 = arith.addi %s, %three : i32
    %r3 = arith.remsi %n3, %four : i32
    %pb = arith.muli %r3, %c8 : i32
    %pbi = arith.index_cast %pb : i32 to index
    %prev = memref.subview %sh[%pbi] [8] [1] : memref<32xi32, #pallas.memory_space<vmem_shared>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %xs -> %a, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %xs -> %a, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
    %v0 = pallas.load %a[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
    %k1000 = arith.constant dense<1000> : vector<8xi32>
    %vb = arith.addi %v0, %k1000 : vector<8xi32>
    %lo = memref.subview %ab[0] [8] [1] : memref<16xi32, #pallas.memory_space<vmem>> to memref<8xi32, strided<[1]>, #pallas.memory_space<vmem>>
    %hi = memref.subview %ab[8] [8] [1] : memref<16xi32, #pallas.memory_space<vmem>> to memref<8xi32, strided<[1], offset: 8>, #pallas.memory_space<vmem>>
    pallas.store %v0, %lo[] : vector<8xi32>, memref<8xi32, strided<[1]>, #pallas.memory_space<vmem>>
    pallas.store %vb, %hi[] : vector<8xi32>, memref<8xi32, strided<[1], offset: 8>, #pallas.memory_space<vmem>>
    %hs = arith.muli %s, %c50 : i32
    pallas.store %hs, %m[%c0] : i32, memref<1xi32, #pallas.memory_space<smem>>
    %par = arith.remsi %s, %two : i32
    %off = arith.muli %par, %c8 : i32
    %offi = arith.index_cast %off : i32 to index
    %uniform = arith.cmpi sge, %s, %zero : i32
    %w = scf.if %uniform -> (vector<8xi32>) {
      // A ref and a loaded scalar from before the barrier, used after it.
      %sel = memref.subview %ab[%offi] [8] [1] : memref<16xi32, #pallas.memory_space<vmem>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem>>
      %m0 = pallas.load %m[%c0] : memref<1xi32, #pallas.memory_space<smem>> -> i32
      pallas.named_scope "sync" {
        pallas.subcore_barrier
      }
      %rv = pallas.load %sel[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem>> -> vector<8xi32>
      %m1 = pallas.load %m[%c0] : memref<1xi32, #pallas.memory_space<smem>> -> i32
      %mm = arith.addi %m0, %m1 : i32
      %mb = vector.broadcast %mm : i32 to vector<8xi32>
      %w0 = arith.addi %rv, %mb : vector<8xi32>
      scf.yield %w0 : vector<8xi32>
    } else {
      scf.yield %v0 : vector<8xi32>
    }
    %loop:2 = scf.while (%i = %zero, %v = %w) : (i32, vector<8xi32>) -> (i32, vector<8xi32>) {
      %more = arith.cmpi slt, %i, %two : i32
      scf.condition(%more) %i, %v : i32, vector<8xi32>
    } do {
    ^bb0(%i2: i32, %v2: vector<8xi32>):
      pallas.store %v2, %a[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
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
      %nv = pallas.load %b[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
      %v3 = arith.addi %v2, %nv : vector<8xi32>
      pallas.subcore_barrier
      %i3 = arith.addi %i2, %one : i32
      scf.yield %i3, %v3 : i32, vector<8xi32>
    }
    %ci = arith.index_cast %c : i32 to index
    %y = scf.index_switch %ci -> vector<8xi32>
    case 0 {
      pallas.store %loop#1, %a[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
      pallas.run_scoped {
      ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
        pallas.dma_start %a -> %mine, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %a -> %mine, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
      pallas.subcore_barrier
      pallas.run_scoped {
      ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
        pallas.dma_start %far -> %b, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %far -> %b, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
      %fv = pallas.load %b[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
      scf.yield %fv : vector<8xi32>
    }
    case 1 {
      pallas.store %loop#1, %a[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
      pallas.run_scoped {
      ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
        pallas.dma_start %a -> %mine, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %a -> %mine, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
      pallas.subcore_barrier
      pallas.run_scoped {
      ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
        pallas.dma_start %prev -> %b, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %prev -> %b, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<vmem_shared>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
      %pv = pallas.load %b[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
      %p2 = arith.addi %pv, %pv : vector<8xi32>
      scf.yield %p2 : vector<8xi32>
    }
    default {
      scf.yield %loop#1 : vector<8xi32>
    }
    pallas.run_scoped {
    ^bb0(%buf: memref<8xi32, #pallas.memory_space<vmem>>, %t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %xs -> %buf, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      memref.alloca_scope {
        pallas.subcore_barrier
      }
      pallas.dma_wait %xs -> %buf, %t[] : memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      %u = pallas.load %buf[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
      %z = arith.addi %y, %u : vector<8xi32>
      pallas.store %z, %a[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
    }
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %a -> %os, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %a -> %os, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %x = memref.alloc() : memref<64xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    scf.for %i = %c0 to %c64 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %x[%i] : memref<64xi32>
    }
    %o = memref.alloc() : memref<64xi32>
    pallas.call @k(%x, %o) : (memref<64xi32>, memref<64xi32>) -> ()
    %u = memref.cast %o : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

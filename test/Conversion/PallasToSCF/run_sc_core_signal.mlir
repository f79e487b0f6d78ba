// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// `semaphore_signal ... core(c)` in a SparseCore kernel: each core has its
// own scratch semaphores, and core(c) adds to core c's. The CPU reference
// runs core 0's steps before core 1's, so core 0 signals ahead of core 1's
// wait. Expected by hand, per core:
//   core 0: own += 2, core 1's += 5; reads its own: 2
//   core 1: reads 5 (from core 0), waits 4, reads 1
// Core c writes slots 3c..3c+2: (its first read, the same again, its read
// after the wait; core 0 does not wait): [2, 2, 2] and [5, 5, 1].
// CHECK: Unranked Memref
// CHECK-NEXT: [2,  2,  2,  5,  5,  1]

// (The SparseCore lowering takes such signals: PallasToSparseCore/core-signal.mlir.)

module {
  pallas.kernel @k grid(2) names("core")
      outs(%o: memref<6xi32> block [6] map affine_map<(c) -> (0)> in hbm)
      scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>,
              %buf: memref<3xi32, #pallas.memory_space<smem>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_scalar_subcore"}}} {
    %c = pallas.axis_index "core"
    %zero = arith.constant 0 : i32
    %two = arith.constant 2 : i32
    %four = arith.constant 4 : i32
    %five = arith.constant 5 : i32
    %one = arith.constant 1 : i32
    %is0 = arith.cmpi eq, %c, %zero : i32
    scf.if %is0 {
      pallas.semaphore_signal %sem[], %two : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
      pallas.semaphore_signal %sem[], %five core(%one) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    }
    %r0 = pallas.semaphore_read %sem[] : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i2 = arith.constant 2 : index
    pallas.store %r0, %buf[%i0] : i32, memref<3xi32, #pallas.memory_space<smem>>
    pallas.store %r0, %buf[%i1] : i32, memref<3xi32, #pallas.memory_space<smem>>
    scf.if %is0 {
    } else {
      pallas.semaphore_wait %sem[], %four : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    }
    %r1 = pallas.semaphore_read %sem[] : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    pallas.store %r1, %buf[%i2] : i32, memref<3xi32, #pallas.memory_space<smem>>
    %three = arith.constant 3 : i32
    %at = arith.muli %c, %three : i32
    %ati = arith.index_cast %at : i32 to index
    %dst = memref.subview %o[%ati] [3] [1] : memref<6xi32, #pallas.memory_space<hbm>> to memref<3xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    pallas.run_scoped {
    ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      pallas.dma_start %buf -> %dst, %t[] : memref<3xi32, #pallas.memory_space<smem>> -> memref<3xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %buf -> %dst, %t[] : memref<3xi32, #pallas.memory_space<smem>> -> memref<3xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %o = memref.alloc() : memref<6xi32>
    pallas.call @k(%o) : (memref<6xi32>) -> ()
    %u = memref.cast %o : memref<6xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    memref.dealloc %o : memref<6xi32>
    return
  }
}

// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// `semaphore_signal ... core(c)` in a vector-subcore kernel with subcore
// barriers, whose subcores each keep their own semaphores: a signal to the
// subcore's own core adds to its own semaphore; one to another core adds to
// that core's semaphores, which its subcores start from (the cores run one
// after the other, core 0 first). 2 cores of 4 subcores:
//   core 0, subcore s: signals core 1 by s + 1 and its own core by 100,
//     waits at the barrier, reads its semaphore (100) and waits for 100;
//   core 1, subcore s: starts from core 0's signals (1+2+3+4 = 10), signals
//     its own core by s, waits at the barrier, reads 10 + s, waits for it.
// out[8g:8g+8] (g = 4c + s) is the value read, so by hand: 100 for the 32
// lanes of core 0, then 10, 11, 12, 13 (8 lanes each).
// CHECK: Unranked Memref
// CHECK-NEXT: [100,  100,  100,  100,  100,  100,  100,  100,  100,  100,  100,  100,  100,  100,  100,  100,  100,  100,  100,  100,  100,  100,  100,  100,  100,  100,  100,  100,  100,  100,  100,  100,  10,  10,  10,  10,  10,  10,  10,  10,  11,  11,  11,  11,  11,  11,  11,  11,  12,  12,  12,  12,  12,  12,  12,  12,  13,  13,  13,  13,  13,  13,  13,  13]

module {
  pallas.kernel @k grid(2, 4) names("core", "subcore")
      outs(%o: memref<64xi32> block [64] map affine_map<(c, s) -> (0)> in hbm)
      scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>,
              %a: memref<8xi32, #pallas.memory_space<vmem>>)
      attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
    %c = pallas.axis_index "core"
    %s = pallas.axis_index "subcore"
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %hundred = arith.constant 100 : i32
    %first = arith.cmpi eq, %c, %zero : i32
    scf.if %first {
      %inc = arith.addi %s, %one : i32
      pallas.semaphore_signal %sem[], %inc core(%one) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
      pallas.semaphore_signal %sem[], %hundred core(%zero) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    } else {
      pallas.semaphore_signal %sem[], %s core(%one) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    }
    pallas.subcore_barrier
    %got = pallas.semaphore_read %sem[] : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_wait %sem[], %got : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    %v = vector.broadcast %got : i32 to vector<8xi32>
    pallas.store %v, %a[] : vector<8xi32>, memref<8xi32, #pallas.memory_space<vmem>>
    %four = arith.constant 4 : i32
    %c8 = arith.constant 8 : i32
    %c4 = arith.muli %c, %four : i32
    %g = arith.addi %c4, %s : i32
    %base = arith.muli %g, %c8 : i32
    %bi = arith.index_cast %base : i32 to index
    %os = memref.subview %o[%bi] [8] [1] : memref<64xi32, #pallas.memory_space<hbm>> to memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
    pallas.run_scoped {
      ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
        pallas.dma_start %a -> %os, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %a -> %os, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %o = memref.alloc() : memref<64xi32>
    pallas.call @k(%o) : (memref<64xi32>) -> ()
    %u = memref.cast %o : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}

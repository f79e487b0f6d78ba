// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | not %mlir_runner -e main -entry-point-result=void %runner_libs 2>&1 | FileCheck %s

// A deadlock under control flow that depends on the device: device 0 waits
// (pl.when(my_id == 0)) for a DMA that device 2 would send, but only
// devices 1 and 3 send one (into device 0's slots 1 and 3). Devices 1..3
// finish; device 0 takes both DMAs (one wait each), then blocks in the
// third wait forever. The report names device 0 and that wait only.

// CHECK: pallas.dma_wait would block forever at loc({{.*}}run_mesh_deadlock_root.mlir":[[@LINE+21]]:7) on device 0 (every device that has not finished waits)
// CHECK-NOT: on device

module {
  pallas.kernel @root outs(%o: memref<4x8xi32> block [4, 8] map affine_map<() -> (0, 0)>)
      scratch(%sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
              %send: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 4>}}} {
    %me = pallas.axis_index "x"
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %root = arith.cmpi eq, %me, %c0 : i32
    scf.if %root {
      scf.for %d = %c1 to %c3 step %c1 : i32 {
        %di = arith.index_cast %d : i32 to index
        %slot = memref.subview %o[%di, 0] [1, 8] [1, 1] : memref<4x8xi32> to memref<8xi32, strided<[1], offset: ?>>
        pallas.dma_wait %slot -> %slot, %sem[] : memref<8xi32, strided<[1], offset: ?>> -> memref<8xi32, strided<[1], offset: ?>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
      %last = memref.subview %o[3, 0] [1, 8] [1, 1] : memref<4x8xi32> to memref<8xi32, strided<[1], offset: 24>>
      pallas.dma_wait %last -> %last, %sem[] : memref<8xi32, strided<[1], offset: 24>> -> memref<8xi32, strided<[1], offset: 24>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    } else {
      %odd = arith.remsi %me, %c2 : i32
      %sends = arith.cmpi eq, %odd, %c1 : i32
      scf.if %sends {
        %mi = arith.index_cast %me : i32 to index
        %slot = memref.subview %o[%mi, 0] [1, 8] [1, 1] : memref<4x8xi32> to memref<8xi32, strided<[1], offset: ?>>
        pallas.dma_start %slot -> %slot, %sem[] src_sem(%send[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%c0) : memref<8xi32, strided<[1], offset: ?>> -> memref<8xi32, strided<[1], offset: ?>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
        pallas.dma_wait %slot -> %slot, %send[] : memref<8xi32, strided<[1], offset: ?>> -> memref<8xi32, strided<[1], offset: ?>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      }
    }
  }

  func.func @main() {
    %o = memref.alloc() : memref<4x4x8xi32>
    pallas.call @root(%o) : (memref<4x4x8xi32>) -> ()
    memref.dealloc %o : memref<4x4x8xi32>
    return
  }
}

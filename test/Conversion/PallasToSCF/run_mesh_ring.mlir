// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s | FileCheck %s --check-prefix=LOWER

// The ring all-gather (examples/tpu/tpu_ring_allgather.mlir) on the CPU
// reference's simulated mesh of 4 devices. The operands stack the devices'
// arrays: x[d] is device d's 8x128 input, with x[d, r, c] = 100 d + r; o[d]
// is device d's 4x8x128 output. Each device ends with every device's input
// in slot order, so o[d, s, r, 0] = 100 s + r for every d (by hand).

// Column 0 of o, device by device:
// CHECK: Unranked Memref {{.*}} sizes = [4, 4, 8]
// CHECK-COUNT-4: [0,    1,    2,    3,    4,    5,    6,    7],{{[[:space:]]*}}[100,    101,    102,    103,    104,    105,    106,    107],{{[[:space:]]*}}[200,    201,    202,    203,    204,    205,    206,    207],{{[[:space:]]*}}[300,    301,    302,    303,    304,    305,    306,    307]]

// The function takes the stacked arrays; the devices' memory is one image
// per memory space (vmem: 4 x 20480 bytes = x and o; semaphores: 4 x 192 =
// send, recv, barrier), zeroed. Per grid step the scheduler runs each
// device until it finishes or blocks (mesh_schedule.rs). The loop over the
// 3 steps holds a wait, so it is flattened into blocks: its index is a
// block argument, kept per device because the loop's increment after the
// DMA wait also runs when the device resumes there.
// LOWER-LABEL: func.func @tpu_ring_allgather(%{{.*}}: memref<4x8x128xf32>, %{{.*}}: memref<4x4x8x128xf32>)
// LOWER: memref.alloc() : memref<81920xi8>
// LOWER: memref.alloc() : memref<768xi8>
// Copy-in of each device's window.
// LOWER: scf.for %[[D0:.*]] = %{{.*}} to %c4
// LOWER: memref.subview %{{.*}}[%[[D0]], 0, 0] [1, 8, 128]
// LOWER: memref.view
// The states, and the slot of the loop index.
// LOWER: %[[STATE:.*]] = memref.alloc() : memref<4xi32>
// LOWER: %[[IV:.*]] = memref.alloc() : memref<4xi32>
// LOWER: scf.while
// LOWER: scf.for %[[D:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args
// LOWER: cf.switch %{{.*}} : i32, [
// LOWER-NEXT: default: ^[[START:bb[0-9]+]],
// LOWER-NEXT: 1: ^{{bb[0-9]+}},
// LOWER-NEXT: 2: ^[[RESUME2:bb[0-9]+]]
// Both signals go to another device's barrier semaphore (the local one
// moved by (target - me) * 192 / 4 elements).
// LOWER: ^[[START]]:
// LOWER: "pallas.semaphore_signal to a device outside the mesh of 4 devices"
// LOWER: arith.subi %{{.*}}, %[[D]] : index
// LOWER: memref.extract_strided_metadata
// LOWER: memref.reinterpret_cast
// LOWER: "pallas.semaphore_signal to a device outside the mesh of 4 devices"
// The barrier wait (2 signals), then the store into slot me.
// LOWER: arith.cmpi sge, %{{.*}}, %c2_i32
// LOWER: cf.cond_br
// LOWER: "pallas.semaphore_wait would block forever at loc(
// LOWER: vector.transfer_write
// The loop's header keeps its index; the body starts the remote DMA and
// tests its wait.
// LOWER: cf.br ^[[HEAD:bb[0-9]+]](%c0_i32{{.*}} : i32)
// LOWER: ^[[HEAD]](%[[I:.*]]: i32):
// LOWER: memref.store %[[I]], %[[IV]][%[[D]]] : memref<4xi32>
// LOWER: arith.cmpi slt, %[[I]], %c3_i32
// LOWER: cf.cond_br %{{.*}}, ^[[BODY:bb[0-9]+]], ^[[EXIT:bb[0-9]+]]
// LOWER: ^[[BODY]]:
// LOWER: "pallas.dma_start to a device outside the mesh of 4 devices"
// LOWER: memref.reinterpret_cast
// LOWER: memref.copy
// LOWER: cf.cond_br %{{.*}}, ^[[AFTER:bb[0-9]+]], ^[[SUSPEND:bb[0-9]+]]
// LOWER: ^[[SUSPEND]]:
// LOWER: scf.yield %c2_i32{{.*}}, %true{{.*}} : i32, i1
// After the wait (also the resume path's way in): the index comes back from
// its slot for the increment.
// LOWER: ^[[AFTER]]:
// LOWER: %[[I2:.*]] = memref.load %[[IV]][%[[D]]] : memref<4xi32>
// LOWER: no DMA signalled its semaphore
// LOWER: no DMA signalled its source semaphore
// LOWER: %[[NEXT:.*]] = arith.addi %[[I2]], %c1_i32
// LOWER: cf.br ^[[HEAD]](%[[NEXT]] : i32)
// LOWER: ^[[EXIT]]:
// LOWER: scf.yield %c-1_i32{{.*}}, %true{{.*}} : i32, i1
// LOWER: ^[[RESUME2]]:
// LOWER: cf.cond_br %{{.*}}, ^[[AFTER]], ^{{bb[0-9]+}}
// Copy-out of each device's window.
// LOWER: scf.for %{{.*}} = %{{.*}} to %c4
// LOWER: memref.copy
// LOWER: memref.dealloc

module {
  pallas.kernel @tpu_ring_allgather
      ins(%x: memref<8x128xf32> block [8, 128] map affine_map<() -> (0, 0)> in vmem)
      outs(%o: memref<4x8x128xf32> block [4, 8, 128] map affine_map<() -> (0, 0, 0)> in vmem)
      scratch(%send: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
              %recv: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
      attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 4>,
                                                   collective_id = 0 : i64}}} {
    %me = pallas.axis_index "x"
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    %mp1 = arith.addi %me, %c1 : i32
    %right = arith.remsi %mp1, %c4 : i32
    %mp4 = arith.addi %me, %c4 : i32
    %mm1 = arith.subi %mp4, %c1 : i32
    %left = arith.remsi %mm1, %c4 : i32
    %bar = pallas.get_barrier_semaphore : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_signal %bar[], %c1 device(%left) : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_signal %bar[], %c1 device(%right) : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    pallas.semaphore_wait %bar[], %c2 : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
    %xv = pallas.load %x[] : memref<8x128xf32, #pallas.memory_space<vmem>> -> vector<8x128xf32>
    %mi = arith.index_cast %me : i32 to index
    pallas.store %xv, %o[%mi, 0:8, 0:128] : vector<8x128xf32>, memref<4x8x128xf32, #pallas.memory_space<vmem>>
    scf.for %i = %c0 to %c3 step %c1 : i32 {
      %d = arith.subi %me, %i : i32
      %d4 = arith.addi %d, %c4 : i32
      %slot = arith.remsi %d4, %c4 : i32
      %si = arith.index_cast %slot : i32 to index
      %buf = memref.subview %o[%si, 0, 0] [1, 8, 128] [1, 1, 1] : memref<4x8x128xf32, #pallas.memory_space<vmem>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>
      pallas.dma_start %buf -> %buf, %recv[] src_sem(%send[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%right) : memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>> -> memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %buf -> %buf, %recv[] src_sem(%send[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%right) : memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>> -> memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %x = memref.alloc() : memref<4x8x128xf32>
    %o = memref.alloc() : memref<4x4x8x128xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    scf.for %d = %c0 to %c4 step %c1 {
      scf.for %r = %c0 to %c8 step %c1 {
        scf.for %c = %c0 to %c128 step %c1 {
          %di = arith.index_cast %d : index to i32
          %df = arith.sitofp %di : i32 to f32
          %ri = arith.index_cast %r : index to i32
          %rf = arith.sitofp %ri : i32 to f32
          %h = arith.constant 100.0 : f32
          %v0 = arith.mulf %df, %h : f32
          %v = arith.addf %v0, %rf : f32
          memref.store %v, %x[%d, %r, %c] : memref<4x8x128xf32>
        }
      }
    }
    pallas.call @tpu_ring_allgather(%x, %o) : (memref<4x8x128xf32>, memref<4x4x8x128xf32>) -> ()
    %s = memref.subview %o[0, 0, 0, 0] [4, 4, 8, 1] [1, 1, 1, 1] : memref<4x4x8x128xf32> to memref<4x4x8xf32, strided<[4096, 1024, 128]>>
    %u = memref.cast %s : memref<4x4x8xf32, strided<[4096, 1024, 128]>> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}

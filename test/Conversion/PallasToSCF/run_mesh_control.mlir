// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s
// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s | FileCheck %s --check-prefix=LOWER

// Waits under the other structured control flow the TPU pass accepts, on a
// mesh of 2 devices that ping-pong signals (each device signals the other,
// then waits for it):
//   1. an affine.for of 3 steps and an scf.parallel of 2 iterations, each
//      step one ping-pong;
//   2. an scf.index_switch on the device: device 0 signals 5 and waits for
//      7, device 1 signals 7 and waits for 5; the switch yields a value
//      that depends on the device (100 on device 0, 10 * 1 + 200 = 210 on
//      device 1);
//   3. a run_scoped region with strided buffers (memref<4xi32,
//      strided<[2]>>, 7 elements' room each): a device fills src with
//      1000 * me + [0, 10, 20, 30], meets the other, sends src into the
//      other's dst (remote DMA) and waits for it.
// A strided scratch buffer (memref<4xi32, strided<[2]>>) holds 3 * me
// across all of it. o[0:4] = the switch's value + the semaphore's count at
// the end (0: every signal was waited for) + the scratch, o[4:8] = dst, the
// other device's src:
//   device 0: 100 x 4, 1000 1010 1020 1030; device 1: 213 x 4, 0 10 20 30
// (by hand).

// CHECK: Unranked Memref {{.*}} sizes = [2, 8]
// CHECK-NEXT: {{\[\[}}100,   100,   100,   100,   1000,   1010,   1020,   1030],
// CHECK-NEXT: [213,   213,   213,   213,   0,   10,   20,   30]]

// The loops and the switch are flattened into the device's blocks (no
// affine.for, scf.parallel or scf.index_switch is left); each of the 5
// waits has a resume point; the strided scratch and scoped buffers are
// views of the devices' vmem image recast to their layout.
// LOWER-LABEL: func.func @control
// LOWER-NOT: affine.for
// LOWER-NOT: scf.parallel
// LOWER-NOT: scf.index_switch
// LOWER: scf.execute_region
// LOWER: cf.switch %{{.*}} : i32, [
// LOWER-NEXT: default: ^{{bb[0-9]+}},
// LOWER-NEXT: 1: ^{{bb[0-9]+}},
// LOWER-NEXT: 2: ^{{bb[0-9]+}},
// LOWER-NEXT: 3: ^{{bb[0-9]+}},
// LOWER-NEXT: 4: ^{{bb[0-9]+}},
// LOWER-NEXT: 5: ^{{bb[0-9]+}},
// LOWER-NEXT: 6: ^{{bb[0-9]+}}
// LOWER-NEXT: ]
// LOWER-COUNT-3: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [4], strides: [2] : memref<7xi32> to memref<4xi32, strided<[2]>>

module {
  pallas.kernel @control outs(%o: memref<8xi32> block [8] map affine_map<() -> (0)>)
      scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>,
              %st: memref<4xi32, strided<[2]>, #pallas.memory_space<vmem>>)
      attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 2>}}} {
    %me = pallas.axis_index "x"
    %c1 = arith.constant 1 : i32
    %c3s = arith.constant 3 : i32
    %m3 = arith.muli %me, %c3s : i32
    %m3v = vector.broadcast %m3 : i32 to vector<4xi32>
    pallas.store %m3v, %st[] : vector<4xi32>, memref<4xi32, strided<[2]>, #pallas.memory_space<vmem>>
    %other = arith.subi %c1, %me : i32
    affine.for %i = 0 to 3 {
      pallas.semaphore_signal %sem[], %c1 device(%other) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
      pallas.semaphore_wait %sem[], %c1 : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    }
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i2 = arith.constant 2 : index
    scf.parallel (%j) = (%i0) to (%i2) step (%i1) {
      pallas.semaphore_signal %sem[], %c1 device(%other) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
      pallas.semaphore_wait %sem[], %c1 : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    }
    %mi = arith.index_cast %me : i32 to index
    %c5 = arith.constant 5 : i32
    %c7 = arith.constant 7 : i32
    %v = scf.index_switch %mi -> i32
    case 0 {
      pallas.semaphore_signal %sem[], %c5 device(%other) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
      pallas.semaphore_wait %sem[], %c7 : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
      %c100 = arith.constant 100 : i32
      scf.yield %c100 : i32
    }
    default {
      pallas.semaphore_signal %sem[], %c7 device(%other) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
      pallas.semaphore_wait %sem[], %c5 : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
      %c10 = arith.constant 10 : i32
      %c200 = arith.constant 200 : i32
      %t = arith.muli %me, %c10 : i32
      %u = arith.addi %t, %c200 : i32
      scf.yield %u : i32
    }
    pallas.run_scoped {
    ^bb0(%src: memref<4xi32, strided<[2]>, #pallas.memory_space<vmem>>,
         %dst: memref<4xi32, strided<[2]>, #pallas.memory_space<vmem>>,
         %send: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
         %recv: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
      %k1000 = arith.constant 1000 : i32
      %base = arith.muli %me, %k1000 : i32
      %bv = vector.broadcast %base : i32 to vector<4xi32>
      %steps = arith.constant dense<[0, 10, 20, 30]> : vector<4xi32>
      %vals = arith.addi %bv, %steps : vector<4xi32>
      pallas.store %vals, %src[] : vector<4xi32>, memref<4xi32, strided<[2]>, #pallas.memory_space<vmem>>
      pallas.semaphore_signal %sem[], %c1 device(%other) : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
      pallas.semaphore_wait %sem[], %c1 : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_start %src -> %dst, %recv[] src_sem(%send[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%other) : memref<4xi32, strided<[2]>, #pallas.memory_space<vmem>> -> memref<4xi32, strided<[2]>, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      pallas.dma_wait %src -> %dst, %recv[] src_sem(%send[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%other) : memref<4xi32, strided<[2]>, #pallas.memory_space<vmem>> -> memref<4xi32, strided<[2]>, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
      %got = pallas.load %dst[] : memref<4xi32, strided<[2]>, #pallas.memory_space<vmem>> -> vector<4xi32>
      pallas.store %got, %o[4:4] : vector<4xi32>, memref<8xi32>
      pallas.yield
    }
    %left = pallas.semaphore_read %sem[] : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
    %w = arith.addi %v, %left : i32
    %wv = vector.broadcast %w : i32 to vector<4xi32>
    %kept = pallas.load %st[] : memref<4xi32, strided<[2]>, #pallas.memory_space<vmem>> -> vector<4xi32>
    %sum = arith.addi %wv, %kept : vector<4xi32>
    pallas.store %sum, %o[0:4] : vector<4xi32>, memref<8xi32>
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %o = memref.alloc() : memref<2x8xi32>
    pallas.call @control(%o) : (memref<2x8xi32>) -> ()
    %u = memref.cast %o : memref<2x8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    memref.dealloc %o : memref<2x8xi32>
    return
  }
}

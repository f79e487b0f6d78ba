// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %S/../../../examples/cpu/mesh_2d_exchange.mlir | FileCheck %s

// The structure of a mesh kernel on the CPU reference: the 2x2 mesh with a
// grid of 2 (examples/cpu/mesh_2d_exchange.mlir; its numbers are checked
// against JAX by scripts/jax/cpu_oracle.py). Per device, the vmem image
// holds x's block, o's block and recv (3 x 4096 bytes), the semaphore image
// the three semaphores and the barrier semaphore (4 x 64 bytes, 64-byte
// aligned slots). Per grid step the 4 devices run as resumable state
// machines (mesh_schedule.rs): the body has three waits (barrier, DMA,
// acknowledgement), so a device's state is 0 (start), 1..3 (suspended in
// that wait) or -1 (finished).

// The run-time checks exit through the C library's exit.
// CHECK: func.func private @exit(i32)
// CHECK: func.func @mesh_2d_exchange(%[[X:.*]]: memref<4x16x128xf32>, %[[O:.*]]: memref<4x16x128xf32>)
// CHECK: %[[VMEM:.*]] = memref.alloc() : memref<49152xi8>
// CHECK: %[[SEMS:.*]] = memref.alloc() : memref<1024xi8>
// One output window position per device.
// CHECK: memref.alloc() : memref<4x3xindex>
// The grid, then the devices' windows in.
// CHECK: scf.for %{{.*}} = %{{.*}} to %c2
// CHECK: scf.for %[[D0:.*]] = %{{.*}} to %c4
// CHECK: memref.subview %[[X]][%[[D0]], 0, 0] [1, 16, 128]
// CHECK: memref.view %[[VMEM]][%{{.*}}][] : memref<49152xi8> to memref<8x128xf32>
// The devices' states (zeroed) and the slot of the load that is used after
// the DMA wait (a vector per device).
// CHECK: %[[STATE:.*]] = memref.alloc() : memref<4xi32>
// CHECK: %[[KEEP:.*]] = memref.alloc() : memref<4xvector<8x128xf32>>
// CHECK: vector.transfer_write %{{.*}}, %[[STATE]]
// The scheduler: rounds over the devices until all have finished.
// CHECK: scf.while : () -> () {
// CHECK: %[[ROUND:.*]]:2 = scf.for %[[D:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ALL:.*]] = %true, %[[MOVED:.*]] = %false) -> (i1, i1)
// CHECK: %[[S:.*]] = memref.load %[[STATE]][%[[D]]] : memref<4xi32>
// CHECK: %[[FIN:.*]] = arith.cmpi eq, %[[S]], %c-1_i32
// CHECK: scf.if %[[FIN]] -> (i1, i1) {
// CHECK-NEXT: scf.yield %true, %false
// CHECK: } else {
// A device's body: the entry switches on its state.
// CHECK: %[[DEV:.*]]:2 = scf.execute_region -> (i32, i1) {
// CHECK-NEXT: cf.switch %[[S]] : i32, [
// CHECK-NEXT: default: ^[[START:bb[0-9]+]],
// CHECK-NEXT: 1: ^[[RESUME1:bb[0-9]+]],
// CHECK-NEXT: 2: ^[[RESUME2:bb[0-9]+]],
// CHECK-NEXT: 3: ^[[RESUME3:bb[0-9]+]]
// CHECK: ^[[START]]:
// Coordinates (x = d / 2 % 2, y = d / 1 % 2) from the scheduler's device
// index, and the barrier signal to the device at (y, x): its barrier
// semaphore is the local one moved by (target - d) semaphore images.
// CHECK-DAG: arith.divui %[[D]], %c1
// CHECK-DAG: arith.divui %[[D]], %c2
// CHECK: vector.print str "pallas.semaphore_signal to a device outside the mesh of 4 devices"
// CHECK: arith.subi %{{.*}}, %[[D]] : index
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [], strides: [] : memref<i32> to memref<i32, strided<[], offset: ?>>
// Wait 1 (the barrier, 1): go on if the semaphore holds 1, else suspend in
// state 1 having made progress.
// CHECK: %[[B1:.*]] = memref.load %[[BAR:.*]][] : memref<i32>
// CHECK: %[[OK1:.*]] = arith.cmpi sge, %[[B1]], %c1_i32
// CHECK: cf.cond_br %[[OK1]], ^[[CONT1:bb[0-9]+]], ^[[SUSP1:bb[0-9]+]]
// CHECK: ^[[SUSP1]]:
// CHECK: scf.yield %c1_i32{{.*}}, %true{{.*}} : i32, i1
// CHECK: ^[[CONT1]]:
// The wait itself, then the load, stored for its use after the DMA wait.
// CHECK: vector.print str "pallas.semaphore_wait would block forever at loc(
// CHECK: %[[V:.*]] = vector.transfer_read
// CHECK: memref.store %[[V]], %[[KEEP]][%[[D]]] : memref<4xvector<8x128xf32>>
// CHECK: vector.print str "pallas.dma_start to a device outside the mesh of 4 devices"
// CHECK: arith.subi %{{.*}}, %[[D]] : index
// CHECK: memref.extract_strided_metadata
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [8, 128], strides: [%{{.*}}, %{{.*}}] : memref<f32> to memref<8x128xf32, strided<[?, ?], offset: ?>>
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<8x128xf32> to memref<8x128xf32, strided<[?, ?], offset: ?>>
// Wait 2 (the DMA, 8 x 128 elements on both semaphores).
// CHECK: %[[N:.*]] = arith.index_cast %{{.*}} : index to i32
// CHECK: arith.cmpi sge, %{{.*}}, %[[N]] : i32
// CHECK: arith.cmpi sge, %{{.*}}, %[[N]] : i32
// CHECK: cf.cond_br %{{.*}}, ^[[CONT2:bb[0-9]+]], ^[[SUSP2:bb[0-9]+]]
// CHECK: ^[[SUSP2]]:
// CHECK: scf.yield %c2_i32{{.*}}, %true{{.*}} : i32, i1
// CHECK: ^[[CONT2]]:
// After the wait the kept load comes back from its slot.
// CHECK: memref.load %[[KEEP]][%[[D]]] : memref<4xvector<8x128xf32>>
// CHECK: vector.print str "pallas.dma_wait (no DMA signalled its semaphore) would block forever at loc(
// CHECK: vector.print str "pallas.semaphore_signal to a device outside the mesh of 4 devices"
// Wait 3 (the acknowledgement), then the end: state -1, progress.
// CHECK: cf.cond_br %{{.*}}, ^[[CONT3:bb[0-9]+]], ^[[SUSP3:bb[0-9]+]]
// CHECK: ^[[SUSP3]]:
// CHECK: scf.yield %c3_i32{{.*}}, %true{{.*}} : i32, i1
// CHECK: ^[[CONT3]]:
// CHECK: scf.yield %c-1_i32{{.*}}, %true{{.*}} : i32, i1
// Resume 1: the barrier semaphore (recomputed from the device index) is
// tested again; go on into the wait, or stay in state 1 without progress.
// CHECK: ^[[RESUME1]]:
// CHECK: memref.view %[[SEMS]]
// CHECK: arith.cmpi sge
// CHECK: cf.cond_br %{{.*}}, ^[[CONT1]], ^[[STAY1:bb[0-9]+]]
// CHECK: ^[[STAY1]]:
// CHECK: scf.yield %c1_i32{{.*}}, %false{{.*}} : i32, i1
// CHECK: ^[[RESUME2]]:
// CHECK: cf.cond_br %{{.*}}, ^[[CONT2]], ^{{bb[0-9]+}}
// CHECK: ^[[RESUME3]]:
// CHECK: cf.cond_br %{{.*}}, ^[[CONT3]], ^{{bb[0-9]+}}
// The region keeps no mark of the flattening (no pallas attribute is left).
// CHECK-NOT: pallas.cpu_mesh
// CHECK: memref.store %[[DEV]]#0, %[[STATE]][%[[D]]] : memref<4xi32>
// The round ends; no progress while some device has not finished is a
// deadlock, reported per waiting device.
// CHECK: %[[MORE:.*]] = arith.xori %[[ROUND]]#0, %true
// CHECK: %[[STUCK:.*]] = arith.xori %[[ROUND]]#1, %true
// CHECK: %[[DEAD:.*]] = arith.andi %[[MORE]], %[[STUCK]]
// CHECK: scf.if %[[DEAD]] {
// CHECK: vector.print str "pallas.semaphore_wait would block forever at loc({{.*}}:27:5) on device "
// CHECK: vector.print str "pallas.dma_wait would block forever at loc({{.*}}:30:5) on device "
// CHECK: vector.print str "pallas.semaphore_wait would block forever at loc({{.*}}:53:5) on device "
// CHECK: func.call @exit
// CHECK: scf.condition(%[[MORE]])
// CHECK: memref.dealloc %[[STATE]]
// CHECK: memref.dealloc %[[KEEP]]
// The devices' output windows out.
// CHECK: scf.for %[[D4:.*]] = %{{.*}} to %c4
// CHECK: memref.subview %[[O]][%[[D4]], 0, 0] [1, 16, 128]
// CHECK: memref.copy
// CHECK: memref.dealloc %[[VMEM]]
// CHECK: memref.dealloc %[[SEMS]]

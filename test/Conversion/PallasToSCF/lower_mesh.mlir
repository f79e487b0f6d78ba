// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %S/../../../examples/cpu/mesh_2d_exchange.mlir | FileCheck %s

// The structure of a mesh kernel on the CPU reference: the 2x2 mesh with a
// grid of 2 (examples/cpu/mesh_2d_exchange.mlir; its numbers are checked
// against JAX by scripts/jax/cpu_oracle.py). Per device, the vmem image
// holds x's block, o's block and recv (3 x 4096 bytes), the semaphore image
// the three semaphores and the barrier semaphore (4 x 64 bytes, 64-byte
// aligned slots).

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
// CHECK: %[[AT:.*]] = arith.muli %[[D0]], %c12288
// CHECK: memref.view %[[VMEM]][%{{.*}}][] : memref<49152xi8> to memref<8x128xf32>
// The load before the wait is kept per device across the cut.
// CHECK: %[[KEEP:.*]] = memref.alloc() : memref<4xvector<8x128xf32>>
// Stretch 1: coordinates (x = d / 2 % 2, y = d / 1 % 2) and the barrier
// signal to the device at (y, x): its barrier semaphore is the local one
// moved by (target - d) semaphore images.
// CHECK: scf.for %[[D1:.*]] = %{{.*}} to %c4
// CHECK-DAG: arith.divui %[[D1]], %c1
// CHECK-DAG: arith.divui %[[D1]], %c2
// CHECK: vector.print str "pallas.semaphore_signal to a device outside the mesh of 4 devices"
// CHECK: func.call @exit
// CHECK: arith.subi %{{.*}}, %[[D1]] : index
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [], strides: [] : memref<i32> to memref<i32, strided<[], offset: ?>>
// Stretch 2: the barrier wait, the load (kept), the remote DMA.
// CHECK: scf.for %[[D2:.*]] = %{{.*}} to %c4
// CHECK: vector.print str "pallas.semaphore_wait would block forever at loc(
// CHECK: memref.store %{{.*}}, %[[KEEP]][%[[D2]]] : memref<4xvector<8x128xf32>>
// CHECK: vector.print str "pallas.dma_start to a device outside the mesh of 4 devices"
// CHECK: arith.subi %{{.*}}, %[[D2]] : index
// CHECK: memref.extract_strided_metadata
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [8, 128], strides: [%{{.*}}, %{{.*}}] : memref<f32> to memref<8x128xf32, strided<[?, ?], offset: ?>>
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<8x128xf32> to memref<8x128xf32, strided<[?, ?], offset: ?>>
// Stretch 3: the DMA wait (both semaphores), the kept load, the logical
// device id signal.
// CHECK: scf.for %[[D3:.*]] = %{{.*}} to %c4
// CHECK: memref.load %[[KEEP]][%[[D3]]] : memref<4xvector<8x128xf32>>
// CHECK: vector.print str "pallas.dma_wait (no DMA signalled its semaphore) would block forever at loc(
// CHECK: vector.print str "pallas.dma_wait (no DMA signalled its source semaphore) would block forever at loc(
// CHECK: vector.print str "pallas.semaphore_signal to a device outside the mesh of 4 devices"
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [], strides: [] : memref<i32> to memref<i32, strided<[], offset: ?>>
// Stretch 4: the acknowledgement wait.
// CHECK: scf.for %{{.*}} = %{{.*}} to %c4
// CHECK: vector.print str "pallas.semaphore_wait would block forever at loc(
// CHECK: memref.dealloc %[[KEEP]]
// The devices' output windows out.
// CHECK: scf.for %[[D4:.*]] = %{{.*}} to %c4
// CHECK: memref.subview %[[O]][%[[D4]], 0, 0] [1, 16, 128]
// CHECK: memref.copy
// CHECK: memref.dealloc %[[VMEM]]
// CHECK: memref.dealloc %[[SEMS]]

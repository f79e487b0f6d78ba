// RUN: %pallas_opt %s --convert-pallas-to-tpu --split-input-file | FileCheck %s

// DMAs and semaphores as JAX 0.10.2 emits them: refs sliced with
// tpu.memref_slice (i32 starts), semaphore array elements sliced and
// squeezed to rank 0, tpu.enqueue_dma / tpu.wait_dma2 with both ends.

// CHECK-LABEL: module @local
// CHECK: func.func @local(%[[G:.*]]: i32, %[[X:.*]]: memref<16x128xf32, #tpu.memory_space<any>>, %[[O:.*]]: memref<16x128xf32, #tpu.memory_space<any>>, %[[BUF:.*]]: memref<8x128xf32, #tpu.memory_space<vmem>>, %[[SEMS:.*]]: memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, %[[S:.*]]: memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>)
// Every DMA slices its refs itself, right before it, as JAX applies a
// ref's slicing at each use; no slice is left where the subview was.
// CHECK-NOT: tpu.memref_slice %[[X]]
// CHECK: %[[SL0:.*]] = tpu.memref_slice %[[SEMS]][%{{.*}}] : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
// CHECK: %[[SEM0:.*]] = tpu.memref_squeeze %[[SL0]] : memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
// CHECK: %[[SRC:.*]] = tpu.memref_slice %[[X]][%{{.*}}, %{{.*}}] : memref<16x128xf32, #tpu.memory_space<any>> -> memref<8x128xf32, #tpu.memory_space<any>>
// CHECK-NEXT: tpu.enqueue_dma source(%[[SRC]] : memref<8x128xf32, #tpu.memory_space<any>>) target(%[[BUF]] : memref<8x128xf32, #tpu.memory_space<vmem>>) target_semaphore(%[[SEM0]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
// CHECK: %[[SL1:.*]] = tpu.memref_slice %[[SEMS]]
// CHECK: %[[SEM1:.*]] = tpu.memref_squeeze %[[SL1]]
// CHECK: %[[SRC1:.*]] = tpu.memref_slice %[[X]][%{{.*}}, %{{.*}}] : memref<16x128xf32, #tpu.memory_space<any>> -> memref<8x128xf32, #tpu.memory_space<any>>
// CHECK-NEXT: tpu.wait_dma2 semaphore(%[[SEM1]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%[[SRC1]] : memref<8x128xf32, #tpu.memory_space<any>>) dst(%[[BUF]] : memref<8x128xf32, #tpu.memory_space<vmem>>)
// The dynamic start is the grid id itself (i32), not a cast of its index.
// CHECK: %[[SEM2:.*]] = tpu.memref_squeeze
// CHECK: %[[DST:.*]] = tpu.memref_slice %[[O]][%[[G]], %{{.*}}] : memref<16x128xf32, #tpu.memory_space<any>> -> memref<8x128xf32, #tpu.memory_space<any>>
// CHECK-NEXT: tpu.enqueue_dma source(%[[BUF]] : memref<8x128xf32, #tpu.memory_space<vmem>>) target(%[[DST]] : memref<8x128xf32, #tpu.memory_space<any>>) target_semaphore(%[[SEM2]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) {priority = 1 : i32}
// CHECK: %[[DST1:.*]] = tpu.memref_slice %[[O]][%[[G]], %{{.*}}]
// CHECK-NEXT: tpu.wait_dma2 semaphore(%{{.*}} : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%[[BUF]] : memref<8x128xf32, #tpu.memory_space<vmem>>) dst(%[[DST1]] : memref<8x128xf32, #tpu.memory_space<any>>)
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: tpu.sem_signal %[[S]], %[[ONE]] : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
// CHECK: tpu.sem_wait %[[S]], %[[ONE]] : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
// CHECK: %[[RS:.*]] = tpu.memref_squeeze
// CHECK: %{{.*}} = tpu.sem_read %[[RS]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> i32
// CHECK: %{{.*}} = tpu.device_id : i32
pallas.kernel @local grid(1) semantics(arbitrary)
    ins(%x: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)> in any)
    outs(%o: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)> in any)
    scratch(%buf: memref<8x128xf32, #pallas.memory_space<vmem>>,
            %sems: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
            %s: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %src = memref.subview %x[0, 0] [8, 128] [1, 1] : memref<16x128xf32, #pallas.memory_space<any>> to memref<8x128xf32, strided<[128, 1]>, #pallas.memory_space<any>>
  pallas.dma_start %src -> %buf, %sems[%c0] : memref<8x128xf32, strided<[128, 1]>, #pallas.memory_space<any>> -> memref<8x128xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  pallas.dma_wait %src -> %buf, %sems[%c0] : memref<8x128xf32, strided<[128, 1]>, #pallas.memory_space<any>> -> memref<8x128xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  %p = pallas.program_id 0
  %pi = arith.index_cast %p : i32 to index
  %dst = memref.subview %o[%pi, 0] [8, 128] [1, 1] : memref<16x128xf32, #pallas.memory_space<any>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<any>>
  pallas.dma_start %buf -> %dst, %sems[%c1] {priority = 1} : memref<8x128xf32, #pallas.memory_space<vmem>> -> memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<any>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  pallas.dma_wait %buf -> %dst, %sems[%c1] : memref<8x128xf32, #pallas.memory_space<vmem>> -> memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<any>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  %one = arith.constant 1 : i32
  pallas.semaphore_signal %s[], %one : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
  pallas.semaphore_wait %s[], %one : memref<!pallas.semaphore, #pallas.memory_space<semaphore>>
  %r = pallas.semaphore_read %sems[%c1] : memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  %d = pallas.device_id
}

// -----

// A remote copy on a 2x4 mesh: mesh coordinates are linearized row-major
// into the logical device id; the wait waits for the send side first (src
// and dst swapped, dummy device and core id 0, as JAX's wait_send), then the
// receive side. The barrier semaphore lives in semaphore_mem.

// CHECK-LABEL: module @remote
// CHECK: func.func @remote(%{{.*}}: i32, %[[X:.*]]: memref<8x128xf32, #tpu.memory_space<any>>, %[[O:.*]]: memref<8x128xf32, #tpu.memory_space<any>>, %[[SEND:.*]]: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, %[[RECV:.*]]: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
// CHECK: %[[IX:.*]] = arith.remsi %{{.*}}, %{{.*}} : i32
// CHECK: %[[IY:.*]] = arith.remsi %{{.*}}, %{{.*}} : i32
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[NY:.*]] = arith.addi %[[IY]], %[[ONE]] : i32
// CHECK: %[[C4:.*]] = arith.constant 4 : i32
// CHECK: %[[M:.*]] = arith.muli %[[IX]], %[[C4]] : i32
// CHECK: %[[DEV:.*]] = arith.addi %[[M]], %[[NY]] : i32
// CHECK: tpu.enqueue_dma source(%[[X]] : memref<8x128xf32, #tpu.memory_space<any>>) target(%[[O]] : memref<8x128xf32, #tpu.memory_space<any>>) source_semaphore(%[[SEND]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) target_semaphore(%[[RECV]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) device_id(%[[DEV]])
// CHECK: %[[DEV2:.*]] = arith.addi %{{.*}}, %[[NY]] : i32
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: tpu.wait_dma2 semaphore(%[[SEND]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%[[O]] : memref<8x128xf32, #tpu.memory_space<any>>) dst(%[[X]] : memref<8x128xf32, #tpu.memory_space<any>>) device_id(%[[Z]]) core_id(%[[Z]])
// CHECK: tpu.wait_dma2 semaphore(%[[RECV]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%[[X]] : memref<8x128xf32, #tpu.memory_space<any>>) dst(%[[O]] : memref<8x128xf32, #tpu.memory_space<any>>) device_id(%[[DEV2]])
// CHECK: %[[BAR:.*]] = tpu.sem_barrier : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
// CHECK: tpu.sem_signal %[[BAR]], %[[ONE]] device_id %[[NY]] : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
// CHECK: %[[DEV3:.*]] = arith.addi %{{.*}}, %[[IY]] : i32
// CHECK: tpu.sem_signal %[[BAR]], %[[ONE]] device_id %[[DEV3]] core_id %[[ONE]] : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
// CHECK: tpu.sem_wait %[[BAR]], %[[ONE]] : memref<!tpu.semaphore, #tpu.memory_space<semaphore_mem>>
pallas.kernel @remote grid(1) semantics(arbitrary)
    ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)> in any)
    outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)> in any)
    scratch(%send: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
            %recv: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x", "y"], mesh_shape = array<i64: 2, 4>}}} {
  %ix = pallas.axis_index "x"
  %iy = pallas.axis_index "y"
  %one = arith.constant 1 : i32
  %ny = arith.addi %iy, %one : i32
  pallas.dma_start %x -> %o, %recv[] src_sem(%send[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%ix, %ny) : memref<8x128xf32, #pallas.memory_space<any>> -> memref<8x128xf32, #pallas.memory_space<any>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  pallas.dma_wait %x -> %o, %recv[] src_sem(%send[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%ix, %ny) : memref<8x128xf32, #pallas.memory_space<any>> -> memref<8x128xf32, #pallas.memory_space<any>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  %bar = pallas.get_barrier_semaphore : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
  pallas.semaphore_signal %bar[], %one device(%ny) {device_id_type = 1 : i32} : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
  pallas.semaphore_signal %bar[], %one device(%ix, %iy) core(%one) : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
  pallas.semaphore_wait %bar[], %one : memref<!pallas.barrier_semaphore, #pallas.memory_space<semaphore>>
}

// -----

// A copy into a squeezed window slot: the window keeps its squeezed view
// (both ends of a DMA must have the same shape).

// CHECK-LABEL: module @squeezed_dst
// CHECK: %[[V:.*]] = tpu.memref_squeeze %[[ARG:.*]] : memref<1x8x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xf32, #tpu.memory_space<vmem>>
// CHECK: tpu.enqueue_dma source(%{{.*}} : memref<8x128xf32, #tpu.memory_space<any>>) target(%[[V]] : memref<8x128xf32, #tpu.memory_space<vmem>>)
pallas.kernel @squeezed_dst grid(2) semantics(arbitrary)
    ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)> in any)
    outs(%o: memref<2x8x128xf32> block [squeezed, 8, 128] map affine_map<(i) -> (i, 0, 0)>)
    scratch(%sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) {
  pallas.dma_start %x -> %o, %sem[] : memref<8x128xf32, #pallas.memory_space<any>> -> memref<8x128xf32>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  pallas.dma_wait %x -> %o, %sem[] : memref<8x128xf32, #pallas.memory_space<any>> -> memref<8x128xf32>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

// A slice with a dynamic size: `?` in the slice type and the size as an
// i32 `dynamic_sizes` operand.

// CHECK-LABEL: module @dynamic_size
// CHECK: func.func @dynamic_size(%[[G:.*]]: i32, %[[X:.*]]: memref<64x128xf32, #tpu.memory_space<any>>, %[[BUF:.*]]: memref<64x128xf32, #tpu.memory_space<vmem>>
// CHECK: %[[SRC:.*]] = tpu.memref_slice %[[X]][%{{.*}}, %{{.*}}] <%[[G]]> : memref<64x128xf32, #tpu.memory_space<any>> -> memref<?x128xf32, #tpu.memory_space<any>>
// CHECK: %[[DST:.*]] = tpu.memref_slice %[[BUF]][%{{.*}}, %{{.*}}] <%[[G]]> : memref<64x128xf32, #tpu.memory_space<vmem>> -> memref<?x128xf32, #tpu.memory_space<vmem>>
// CHECK: tpu.enqueue_dma source(%[[SRC]] : memref<?x128xf32, #tpu.memory_space<any>>) target(%[[DST]] : memref<?x128xf32, #tpu.memory_space<vmem>>)
pallas.kernel @dynamic_size grid(1) ins(%x: memref<64x128xf32> block [64, 128] map affine_map<(i) -> (0, 0)> in any)
    scratch(%buf: memref<64x128xf32, #pallas.memory_space<vmem>>,
            %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) {
  %p = pallas.program_id 0
  %n = arith.index_cast %p : i32 to index
  %src = memref.subview %x[0, 0] [%n, 128] [1, 1] : memref<64x128xf32, #pallas.memory_space<any>> to memref<?x128xf32, strided<[128, 1]>, #pallas.memory_space<any>>
  %dst = memref.subview %buf[0, 0] [%n, 128] [1, 1] : memref<64x128xf32, #pallas.memory_space<vmem>> to memref<?x128xf32, strided<[128, 1]>, #pallas.memory_space<vmem>>
  pallas.dma_start %src -> %dst, %sem[] : memref<?x128xf32, strided<[128, 1]>, #pallas.memory_space<any>> -> memref<?x128xf32, strided<[128, 1]>, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

// A remote copy between slices: the wait of the send side and the wait of
// the receive side each slice both refs again (two slices + squeezes per
// wait), as JAX's `.wait()` does.

// CHECK-LABEL: module @remote_sliced
// CHECK: func.func @remote_sliced(%{{.*}}: i32, %[[X:.*]]: memref<2x8x128xf32, #tpu.memory_space<any>>, %[[O:.*]]: memref<2x8x128xf32, #tpu.memory_space<any>>, %[[SEND:.*]]: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>, %[[RECV:.*]]: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
// CHECK-NOT: tpu.memref_slice
// CHECK: %[[S0:.*]] = tpu.memref_slice %[[X]]
// CHECK-NEXT: %[[S:.*]] = tpu.memref_squeeze %[[S0]]
// CHECK-NEXT: %[[D0:.*]] = tpu.memref_slice %[[O]]
// CHECK-NEXT: %[[D:.*]] = tpu.memref_squeeze %[[D0]]
// CHECK-NEXT: tpu.enqueue_dma source(%[[S]] : {{.*}}) target(%[[D]] : {{.*}}) source_semaphore(%[[SEND]] : {{.*}}) target_semaphore(%[[RECV]] : {{.*}}) device_id(%{{.*}})
// CHECK: %[[SS0:.*]] = tpu.memref_slice %[[X]]
// CHECK-NEXT: %[[SS:.*]] = tpu.memref_squeeze %[[SS0]]
// CHECK-NEXT: %[[SD0:.*]] = tpu.memref_slice %[[O]]
// CHECK-NEXT: %[[SD:.*]] = tpu.memref_squeeze %[[SD0]]
// CHECK-NEXT: tpu.wait_dma2 semaphore(%[[SEND]] : {{.*}}) src(%[[SD]] : {{.*}}) dst(%[[SS]] : {{.*}}) device_id(%{{.*}}) core_id(%{{.*}})
// CHECK: %[[RS0:.*]] = tpu.memref_slice %[[X]]
// CHECK-NEXT: %[[RS:.*]] = tpu.memref_squeeze %[[RS0]]
// CHECK-NEXT: %[[RD0:.*]] = tpu.memref_slice %[[O]]
// CHECK-NEXT: %[[RD:.*]] = tpu.memref_squeeze %[[RD0]]
// CHECK-NEXT: tpu.wait_dma2 semaphore(%[[RECV]] : {{.*}}) src(%[[RS]] : {{.*}}) dst(%[[RD]] : {{.*}}) device_id(%{{.*}})
// CHECK-NOT: tpu.memref_slice
// CHECK: return
pallas.kernel @remote_sliced grid(1) semantics(arbitrary)
    ins(%x: memref<2x8x128xf32> block [2, 8, 128] map affine_map<(i) -> (0, 0, 0)> in any)
    outs(%o: memref<2x8x128xf32> block [2, 8, 128] map affine_map<(i) -> (0, 0, 0)> in any)
    scratch(%send: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>,
            %recv: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 4>}}} {
  %ix = pallas.axis_index "x"
  %src = memref.subview %x[1, 0, 0] [1, 8, 128] [1, 1, 1] : memref<2x8x128xf32, #pallas.memory_space<any>> to memref<8x128xf32, strided<[128, 1], offset: 1024>, #pallas.memory_space<any>>
  %dst = memref.subview %o[0, 0, 0] [1, 8, 128] [1, 1, 1] : memref<2x8x128xf32, #pallas.memory_space<any>> to memref<8x128xf32, strided<[128, 1]>, #pallas.memory_space<any>>
  pallas.dma_start %src -> %dst, %recv[] src_sem(%send[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%ix) : memref<8x128xf32, strided<[128, 1], offset: 1024>, #pallas.memory_space<any>> -> memref<8x128xf32, strided<[128, 1]>, #pallas.memory_space<any>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  pallas.dma_wait %src -> %dst, %recv[] src_sem(%send[] : memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) device(%ix) : memref<8x128xf32, strided<[128, 1], offset: 1024>, #pallas.memory_space<any>> -> memref<8x128xf32, strided<[128, 1]>, #pallas.memory_space<any>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

// A view built in two steps (a subview of a subview) feeding two DMAs: each
// DMA re-derives the whole chain (slice + squeeze of x, then the row slice),
// as JAX re-applies every transform of a ref at each use; the original
// chain is erased.
// CHECK-LABEL: module @slice_chain
// CHECK: func.func @slice_chain(%[[G:.*]]: i32, %[[X:.*]]: memref<4x16x128xf32, #tpu.memory_space<any>>
// CHECK-NOT: tpu.memref_slice %[[X]]
// CHECK: %[[S0:.*]] = tpu.memref_slice %[[X]][%[[G]], %{{.*}}, %{{.*}}] : memref<4x16x128xf32, #tpu.memory_space<any>> -> memref<1x16x128xf32, #tpu.memory_space<any>>
// CHECK-NEXT: %[[Q0:.*]] = tpu.memref_squeeze %[[S0]] : memref<1x16x128xf32, #tpu.memory_space<any>> -> memref<16x128xf32, #tpu.memory_space<any>>
// CHECK-NEXT: %[[R0:.*]] = tpu.memref_slice %[[Q0]][%{{.*}}, %{{.*}}] : memref<16x128xf32, #tpu.memory_space<any>> -> memref<8x128xf32, #tpu.memory_space<any>>
// CHECK-NEXT: tpu.enqueue_dma source(%[[R0]] : memref<8x128xf32, #tpu.memory_space<any>>)
// CHECK: %[[S1:.*]] = tpu.memref_slice %[[X]][%[[G]], %{{.*}}, %{{.*}}]
// CHECK-NEXT: %[[Q1:.*]] = tpu.memref_squeeze %[[S1]]
// CHECK-NEXT: %[[R1:.*]] = tpu.memref_slice %[[Q1]]
// CHECK-NEXT: tpu.enqueue_dma source(%[[R1]] : memref<8x128xf32, #tpu.memory_space<any>>)
// CHECK: %[[S2:.*]] = tpu.memref_slice %[[X]][%[[G]], %{{.*}}, %{{.*}}]
// CHECK-NEXT: %[[Q2:.*]] = tpu.memref_squeeze %[[S2]]
// CHECK-NEXT: %[[R2:.*]] = tpu.memref_slice %[[Q2]]
// CHECK-NEXT: tpu.wait_dma2 semaphore(%{{.*}}) src(%[[R2]] : memref<8x128xf32, #tpu.memory_space<any>>)
// CHECK-NOT: tpu.memref_slice %[[X]]
// CHECK: return
pallas.kernel @slice_chain grid(4) semantics(arbitrary)
    ins(%x: memref<4x16x128xf32> block [4, 16, 128] map affine_map<(i) -> (0, 0, 0)> in any)
    scratch(%buf: memref<8x128xf32, #pallas.memory_space<vmem>>,
            %buf2: memref<8x128xf32, #pallas.memory_space<vmem>>,
            %sems: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %p = pallas.program_id 0
  %pi = arith.index_cast %p : i32 to index
  %row = memref.subview %x[%pi, 0, 0] [1, 16, 128] [1, 1, 1] : memref<4x16x128xf32, #pallas.memory_space<any>> to memref<16x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<any>>
  %src = memref.subview %row[8, 0] [8, 128] [1, 1] : memref<16x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<any>> to memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<any>>
  pallas.dma_start %src -> %buf, %sems[%c0] : memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<any>> -> memref<8x128xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  pallas.dma_start %src -> %buf2, %sems[%c1] : memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<any>> -> memref<8x128xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  pallas.dma_wait %src -> %buf, %sems[%c0] : memref<8x128xf32, strided<[128, 1], offset: ?>, #pallas.memory_space<any>> -> memref<8x128xf32, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

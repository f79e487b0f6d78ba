// RUN: %pallas_opt %s --convert-pallas-to-sparsecore --split-input-file | FileCheck %s

// SparseCore DMAs as JAX 0.10.2 emits them.

// pltpu.sync_copy: a run_scoped holding one DMA semaphore becomes a
// tpu.region that allocates it (tpu.sem_alloc) and copies with
// tpu.enqueue_dma / tpu.wait_dma2, then tpu.yield. Slices are taken per
// DMA, with i32 starts.

// CHECK-LABEL: module @sync_copy
// CHECK: func.func @sync_copy(%{{.*}}: i32, %[[SUB:.*]]: i32, %[[X:.*]]: memref<128xf32, #tpu.memory_space<hbm>>, %[[O:.*]]: memref<8xf32, #tpu.memory_space<hbm>>, %[[BUF:.*]]: memref<8xf32, #tpu.memory_space<vmem>>)
// The start is the i32 the index came from; the subview leaves no slice of
// its own behind.
// CHECK: %[[OFF:.*]] = arith.muli %[[SUB]], %{{.*}} : i32
// CHECK-NOT: tpu.memref_slice
// CHECK: "tpu.region"() ({
// CHECK-NEXT: %[[SEM:.*]] = tpu.sem_alloc : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
// CHECK-NEXT: %[[SRC:.*]] = tpu.memref_slice %[[X]][%[[OFF]]] : memref<128xf32, #tpu.memory_space<hbm>> -> memref<8xf32, #tpu.memory_space<hbm>>
// CHECK-NEXT: tpu.enqueue_dma source(%[[SRC]] : memref<8xf32, #tpu.memory_space<hbm>>) target(%[[BUF]] : memref<8xf32, #tpu.memory_space<vmem>>) target_semaphore(%[[SEM]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
// CHECK-NEXT: %[[SRC2:.*]] = tpu.memref_slice %[[X]][%[[OFF]]] : memref<128xf32, #tpu.memory_space<hbm>> -> memref<8xf32, #tpu.memory_space<hbm>>
// CHECK-NEXT: tpu.wait_dma2 semaphore(%[[SEM]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%[[SRC2]] : memref<8xf32, #tpu.memory_space<hbm>>) dst(%[[BUF]] : memref<8xf32, #tpu.memory_space<vmem>>)
// CHECK-NEXT: tpu.yield
// CHECK-NEXT: }) : () -> ()
// CHECK: "tpu.region"() ({
// CHECK-NEXT: %[[SEM2:.*]] = tpu.sem_alloc : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
// CHECK-NEXT: tpu.enqueue_dma source(%[[BUF]] : memref<8xf32, #tpu.memory_space<vmem>>) target(%[[O]] : memref<8xf32, #tpu.memory_space<hbm>>) target_semaphore(%[[SEM2]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
// CHECK-NEXT: tpu.wait_dma2 semaphore(%[[SEM2]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%[[BUF]] : memref<8xf32, #tpu.memory_space<vmem>>) dst(%[[O]] : memref<8xf32, #tpu.memory_space<hbm>>)
// CHECK-NEXT: tpu.yield
// CHECK-NEXT: }) : () -> ()
// CHECK-NOT: pallas.
pallas.kernel @sync_copy grid(1, 16) names("core", "subcore")
    ins(%x: memref<128xf32> block [128] map affine_map<(c, s) -> (0)> in hbm)
    outs(%o: memref<8xf32> block [8] map affine_map<(c, s) -> (0)> in hbm)
    scratch(%buf: memref<8xf32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %s = pallas.axis_index "subcore"
  %c8 = arith.constant 8 : i32
  %base = arith.muli %s, %c8 : i32
  %b = arith.index_cast %base : i32 to index
  %xs = memref.subview %x[%b] [8] [1] : memref<128xf32, #pallas.memory_space<hbm>> to memref<8xf32, strided<[1], offset: ?>, #pallas.memory_space<hbm>>
  pallas.run_scoped {
  ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
    pallas.dma_start %xs -> %buf, %t[] : memref<8xf32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %xs -> %buf, %t[] : memref<8xf32, strided<[1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  }
  pallas.run_scoped {
  ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
    pallas.dma_start %buf -> %o, %t[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %buf -> %o, %t[] : memref<8xf32, #pallas.memory_space<vmem>> -> memref<8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  }
}

// -----

// The scalar subcore copies HBM <-> SMEM the same way.

// CHECK-LABEL: module @sync_copy_smem
// CHECK: func.func @sync_copy_smem(%{{.*}}: i32, %[[X:.*]]: memref<8xi32, #tpu.memory_space<hbm>>, %[[SM:.*]]: memref<8xi32, #tpu.memory_space<smem>>)
// CHECK: "tpu.region"() ({
// CHECK-NEXT: %[[SEM:.*]] = tpu.sem_alloc : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
// CHECK-NEXT: tpu.enqueue_dma source(%[[X]] : memref<8xi32, #tpu.memory_space<hbm>>) target(%[[SM]] : memref<8xi32, #tpu.memory_space<smem>>) target_semaphore(%[[SEM]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
// CHECK-NEXT: tpu.wait_dma2 semaphore(%[[SEM]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%[[X]] : memref<8xi32, #tpu.memory_space<hbm>>) dst(%[[SM]] : memref<8xi32, #tpu.memory_space<smem>>)
// CHECK-NEXT: tpu.yield
pallas.kernel @sync_copy_smem grid(1) names("core")
    ins(%x: memref<8xi32> block [8] map affine_map<(c) -> (0)> in hbm)
    scratch(%sm: memref<8xi32, #pallas.memory_space<smem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_scalar_subcore"}}} {
  pallas.run_scoped {
  ^bb0(%t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
    pallas.dma_start %x -> %sm, %t[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<smem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %x -> %sm, %t[] : memref<8xi32, #pallas.memory_space<hbm>> -> memref<8xi32, #pallas.memory_space<smem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  }
}

// -----

// Indirect DMAs. A gather (HBM -> VMEM, `table.at[idx_vmem]`) slices the
// indexed side over its whole extent (an identity tpu.memref_slice, as JAX
// does for `ref.at[idx]`), right before the DMA, and again before the wait;
// the offsets are the VMEM index ref.

// CHECK-LABEL: module @gather
// CHECK: func.func @gather(%{{.*}}: i32, %{{.*}}: i32, %[[T:.*]]: memref<64x8xf32, #tpu.memory_space<hbm>>, %[[IDX:.*]]: memref<8xi32, #tpu.memory_space<vmem>>, %[[ROWS:.*]]: memref<8x8xf32, #tpu.memory_space<vmem>>, %[[SEM:.*]]: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
// CHECK: %[[A0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[A1:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[SRC:.*]] = tpu.memref_slice %[[T]][%[[A0]], %[[A1]]] : memref<64x8xf32, #tpu.memory_space<hbm>> -> memref<64x8xf32, #tpu.memory_space<hbm>>
// CHECK-NEXT: tpu.enqueue_indirect_dma source(%[[SRC]] : memref<64x8xf32, #tpu.memory_space<hbm>>) target(%[[ROWS]] : memref<8x8xf32, #tpu.memory_space<vmem>>) offsets(%[[IDX]] : memref<8xi32, #tpu.memory_space<vmem>>) semaphore(%[[SEM]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
// CHECK-NOT: add = true
// CHECK-NEXT: %[[B0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[B1:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[SRC2:.*]] = tpu.memref_slice %[[T]][%[[B0]], %[[B1]]] : memref<64x8xf32, #tpu.memory_space<hbm>> -> memref<64x8xf32, #tpu.memory_space<hbm>>
// CHECK-NEXT: tpu.wait_indirect_dma semaphore(%[[SEM]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%[[SRC2]] : memref<64x8xf32, #tpu.memory_space<hbm>>) dst(%[[ROWS]] : memref<8x8xf32, #tpu.memory_space<vmem>>)
// CHECK-NEXT: return
pallas.kernel @gather grid(1, 16) names("core", "subcore")
    ins(%table: memref<64x8xf32> block [64, 8] map affine_map<(c, s) -> (0, 0)> in hbm)
    scratch(%idx: memref<8xi32, #pallas.memory_space<vmem>>,
            %rows: memref<8x8xf32, #pallas.memory_space<vmem>>,
            %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  pallas.dma_start %table -> %rows, %sem[] offsets(%idx : memref<8xi32, #pallas.memory_space<vmem>>) : memref<64x8xf32, #pallas.memory_space<hbm>> -> memref<8x8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  pallas.dma_wait %table -> %rows, %sem[] offsets(%idx : memref<8xi32, #pallas.memory_space<vmem>>) : memref<64x8xf32, #pallas.memory_space<hbm>> -> memref<8x8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

// A scatter-add (VMEM -> HBM) by an index vector: the destination is the
// indexed side; {add} gives {add = true}; filter(%pad) gives
// offset_filter(%pad). The wait has no offsets and no add.

// CHECK-LABEL: module @scatter_add
// CHECK: func.func @scatter_add(%{{.*}}: i32, %{{.*}}: i32, %[[ACC:.*]]: memref<32x8xf32, #tpu.memory_space<hbm>>, %[[IDX:.*]]: memref<8xi32, #tpu.memory_space<vmem>>, %[[UPD:.*]]: memref<8x8xf32, #tpu.memory_space<vmem>>, %[[SEM:.*]]: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
// CHECK: %[[IW:.*]] = tpu.vector_load %[[IDX]]
// CHECK-NEXT: %[[IV:.*]] = vector.shape_cast %[[IW]] : vector<8xi32> to vector<8xi32>
// CHECK-NEXT: %[[PAD:.*]] = arith.constant -1 : i32
// CHECK: %[[DST:.*]] = tpu.memref_slice %[[ACC]][%{{.*}}, %{{.*}}] : memref<32x8xf32, #tpu.memory_space<hbm>> -> memref<32x8xf32, #tpu.memory_space<hbm>>
// CHECK-NEXT: tpu.enqueue_indirect_dma source(%[[UPD]] : memref<8x8xf32, #tpu.memory_space<vmem>>) target(%[[DST]] : memref<32x8xf32, #tpu.memory_space<hbm>>) offsets(%[[IV]] : vector<8xi32>) offset_filter(%[[PAD]]) semaphore(%[[SEM]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) {add = true}
// CHECK: %[[DST2:.*]] = tpu.memref_slice %[[ACC]][%{{.*}}, %{{.*}}] : memref<32x8xf32, #tpu.memory_space<hbm>> -> memref<32x8xf32, #tpu.memory_space<hbm>>
// CHECK-NEXT: tpu.wait_indirect_dma semaphore(%[[SEM]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%[[UPD]] : memref<8x8xf32, #tpu.memory_space<vmem>>) dst(%[[DST2]] : memref<32x8xf32, #tpu.memory_space<hbm>>){{$}}
// A scatter without {add} or filter has neither.
// CHECK: %[[DST3:.*]] = tpu.memref_slice %[[ACC]]
// CHECK-NEXT: tpu.enqueue_indirect_dma source(%[[UPD]] : memref<8x8xf32, #tpu.memory_space<vmem>>) target(%[[DST3]] : memref<32x8xf32, #tpu.memory_space<hbm>>) offsets(%[[IV]] : vector<8xi32>) semaphore(%[[SEM]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>){{$}}
pallas.kernel @scatter_add grid(1, 16) names("core", "subcore")
    outs(%acc: memref<32x8xf32> block [32, 8] map affine_map<(c, s) -> (0, 0)> in hbm)
    scratch(%idx: memref<8xi32, #pallas.memory_space<vmem>>,
            %upd: memref<8x8xf32, #pallas.memory_space<vmem>>,
            %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %iv = pallas.load %idx[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
  %pad = arith.constant -1 : i32
  pallas.dma_start %upd -> %acc, %sem[] offsets(%iv : vector<8xi32>) filter(%pad : i32) {add} : memref<8x8xf32, #pallas.memory_space<vmem>> -> memref<32x8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  pallas.dma_wait %upd -> %acc, %sem[] offsets(%iv : vector<8xi32>) filter(%pad : i32) {add} : memref<8x8xf32, #pallas.memory_space<vmem>> -> memref<32x8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  pallas.dma_start %upd -> %acc, %sem[] offsets(%iv : vector<8xi32>) : memref<8x8xf32, #pallas.memory_space<vmem>> -> memref<32x8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

// VMEM_SHARED: a scatter-add into shared scratch (the shared side is
// indexed), a gather from it, and a run_scoped allocation in vmem_shared
// (memref.alloca) copied to with a plain DMA.

// CHECK-LABEL: module @shared
// CHECK: func.func @shared(%{{.*}}: i32, %{{.*}}: i32, %[[IDX:.*]]: memref<8xi32, #tpu.memory_space<vmem>>, %[[ONES:.*]]: memref<8xi32, #tpu.memory_space<vmem>>, %[[HIST:.*]]: memref<16xi32, #tpu.memory_space<vmem_shared>>, %[[SEM:.*]]: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
// CHECK: %[[D:.*]] = tpu.memref_slice %[[HIST]][%{{.*}}] : memref<16xi32, #tpu.memory_space<vmem_shared>> -> memref<16xi32, #tpu.memory_space<vmem_shared>>
// CHECK-NEXT: tpu.enqueue_indirect_dma source(%[[ONES]] : memref<8xi32, #tpu.memory_space<vmem>>) target(%[[D]] : memref<16xi32, #tpu.memory_space<vmem_shared>>) offsets(%[[IDX]] : memref<8xi32, #tpu.memory_space<vmem>>) semaphore(%[[SEM]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) {add = true}
// CHECK: %[[D2:.*]] = tpu.memref_slice %[[HIST]]
// CHECK-NEXT: tpu.wait_indirect_dma semaphore(%[[SEM]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%[[ONES]] : memref<8xi32, #tpu.memory_space<vmem>>) dst(%[[D2]] : memref<16xi32, #tpu.memory_space<vmem_shared>>)
// CHECK: %[[S:.*]] = tpu.memref_slice %[[HIST]][%{{.*}}] : memref<16xi32, #tpu.memory_space<vmem_shared>> -> memref<16xi32, #tpu.memory_space<vmem_shared>>
// CHECK-NEXT: tpu.enqueue_indirect_dma source(%[[S]] : memref<16xi32, #tpu.memory_space<vmem_shared>>) target(%[[ONES]] : memref<8xi32, #tpu.memory_space<vmem>>) offsets(%[[IDX]] : memref<8xi32, #tpu.memory_space<vmem>>) semaphore(%[[SEM]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
// CHECK: "tpu.region"() ({
// CHECK-NEXT: %[[BUF:.*]] = memref.alloca() : memref<8xi32, #tpu.memory_space<vmem_shared>>
// CHECK-NEXT: %[[T:.*]] = tpu.sem_alloc : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
// CHECK-NEXT: tpu.enqueue_dma source(%[[ONES]] : memref<8xi32, #tpu.memory_space<vmem>>) target(%[[BUF]] : memref<8xi32, #tpu.memory_space<vmem_shared>>) target_semaphore(%[[T]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
// CHECK-NEXT: tpu.wait_dma2 semaphore(%[[T]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%[[ONES]] : memref<8xi32, #tpu.memory_space<vmem>>) dst(%[[BUF]] : memref<8xi32, #tpu.memory_space<vmem_shared>>)
// CHECK-NEXT: tpu.yield
pallas.kernel @shared grid(1, 16) names("core", "subcore")
    scratch(%idx: memref<8xi32, #pallas.memory_space<vmem>>,
            %ones: memref<8xi32, #pallas.memory_space<vmem>>,
            %hist: memref<16xi32, #pallas.memory_space<vmem_shared>>,
            %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  pallas.dma_start %ones -> %hist, %sem[] offsets(%idx : memref<8xi32, #pallas.memory_space<vmem>>) {add} : memref<8xi32, #pallas.memory_space<vmem>> -> memref<16xi32, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  pallas.dma_wait %ones -> %hist, %sem[] offsets(%idx : memref<8xi32, #pallas.memory_space<vmem>>) {add} : memref<8xi32, #pallas.memory_space<vmem>> -> memref<16xi32, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  pallas.dma_start %hist -> %ones, %sem[] offsets(%idx : memref<8xi32, #pallas.memory_space<vmem>>) : memref<16xi32, #pallas.memory_space<vmem_shared>> -> memref<8xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  pallas.run_scoped {
  ^bb0(%buf: memref<8xi32, #pallas.memory_space<vmem_shared>>, %t: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>):
    pallas.dma_start %ones -> %buf, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
    pallas.dma_wait %ones -> %buf, %t[] : memref<8xi32, #pallas.memory_space<vmem>> -> memref<8xi32, #pallas.memory_space<vmem_shared>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  }
}

// -----

// Sliced operands of an indirect DMA: the indexed side, the other side and
// the offsets are each sliced again per use (slice + squeeze for a dropped
// dim); a semaphore array element is sliced and squeezed to rank 0. An
// indexed side that is already a slice gets no extra identity slice.

// CHECK-LABEL: module @sliced
// CHECK: func.func @sliced(%{{.*}}: i32, %[[SUB:.*]]: i32, %[[T:.*]]: memref<4x64x8xf32, #tpu.memory_space<hbm>>, %[[IDX:.*]]: memref<16xi32, #tpu.memory_space<vmem>>, %[[ROWS:.*]]: memref<2x8x8xf32, #tpu.memory_space<vmem>>, %[[SEMS:.*]]: memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
// CHECK: %[[SS:.*]] = tpu.memref_slice %[[SEMS]][%{{.*}}] : memref<2x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
// CHECK-NEXT: %[[SEM:.*]] = tpu.memref_squeeze %[[SS]] : memref<1x!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>> -> memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>
// CHECK-NEXT: %[[TS:.*]] = tpu.memref_slice %[[T]][%[[SUB]], %{{.*}}, %{{.*}}] : memref<4x64x8xf32, #tpu.memory_space<hbm>> -> memref<1x64x8xf32, #tpu.memory_space<hbm>>
// CHECK-NEXT: %[[SRC:.*]] = tpu.memref_squeeze %[[TS]] : memref<1x64x8xf32, #tpu.memory_space<hbm>> -> memref<64x8xf32, #tpu.memory_space<hbm>>
// CHECK-NEXT: %[[RS:.*]] = tpu.memref_slice %[[ROWS]][%{{.*}}, %{{.*}}, %{{.*}}] : memref<2x8x8xf32, #tpu.memory_space<vmem>> -> memref<1x8x8xf32, #tpu.memory_space<vmem>>
// CHECK-NEXT: %[[DST:.*]] = tpu.memref_squeeze %[[RS]] : memref<1x8x8xf32, #tpu.memory_space<vmem>> -> memref<8x8xf32, #tpu.memory_space<vmem>>
// CHECK-NEXT: %[[OFF:.*]] = tpu.memref_slice %[[IDX]][%{{.*}}] : memref<16xi32, #tpu.memory_space<vmem>> -> memref<8xi32, #tpu.memory_space<vmem>>
// CHECK-NEXT: tpu.enqueue_indirect_dma source(%[[SRC]] : memref<64x8xf32, #tpu.memory_space<hbm>>) target(%[[DST]] : memref<8x8xf32, #tpu.memory_space<vmem>>) offsets(%[[OFF]] : memref<8xi32, #tpu.memory_space<vmem>>) semaphore(%[[SEM]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
// CHECK: %[[WSEM:.*]] = tpu.memref_squeeze
// CHECK-NEXT: %[[WTS:.*]] = tpu.memref_slice %[[T]][%[[SUB]], %{{.*}}, %{{.*}}]
// CHECK-NEXT: %[[WSRC:.*]] = tpu.memref_squeeze %[[WTS]]
// CHECK-NEXT: %[[WRS:.*]] = tpu.memref_slice %[[ROWS]]
// CHECK-NEXT: %[[WDST:.*]] = tpu.memref_squeeze %[[WRS]]
// CHECK-NEXT: tpu.wait_indirect_dma semaphore(%[[WSEM]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%[[WSRC]] : memref<64x8xf32, #tpu.memory_space<hbm>>) dst(%[[WDST]] : memref<8x8xf32, #tpu.memory_space<vmem>>)
// CHECK-NEXT: return
pallas.kernel @sliced grid(1, 16) names("core", "subcore")
    ins(%table: memref<4x64x8xf32> block [4, 64, 8] map affine_map<(c, s) -> (0, 0, 0)> in hbm)
    scratch(%idx: memref<16xi32, #pallas.memory_space<vmem>>,
            %rows: memref<2x8x8xf32, #pallas.memory_space<vmem>>,
            %sems: memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %c1 = arith.constant 1 : index
  %s = pallas.axis_index "subcore"
  %si = arith.index_cast %s : i32 to index
  %t = memref.subview %table[%si, 0, 0] [1, 64, 8] [1, 1, 1] : memref<4x64x8xf32, #pallas.memory_space<hbm>> to memref<64x8xf32, strided<[8, 1], offset: ?>, #pallas.memory_space<hbm>>
  %i = memref.subview %idx[8] [8] [1] : memref<16xi32, #pallas.memory_space<vmem>> to memref<8xi32, strided<[1], offset: 8>, #pallas.memory_space<vmem>>
  %r = memref.subview %rows[1, 0, 0] [1, 8, 8] [1, 1, 1] : memref<2x8x8xf32, #pallas.memory_space<vmem>> to memref<8x8xf32, strided<[8, 1], offset: 64>, #pallas.memory_space<vmem>>
  pallas.dma_start %t -> %r, %sems[%c1] offsets(%i : memref<8xi32, strided<[1], offset: 8>, #pallas.memory_space<vmem>>) : memref<64x8xf32, strided<[8, 1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8x8xf32, strided<[8, 1], offset: 64>, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  pallas.dma_wait %t -> %r, %sems[%c1] offsets(%i : memref<8xi32, strided<[1], offset: 8>, #pallas.memory_space<vmem>>) : memref<64x8xf32, strided<[8, 1], offset: ?>, #pallas.memory_space<hbm>> -> memref<8x8xf32, strided<[8, 1], offset: 64>, #pallas.memory_space<vmem>>, memref<2x!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

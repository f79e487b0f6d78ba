// RUN: %pallas_opt %s --convert-pallas-to-tpu --split-input-file | FileCheck %s

// Ref views as JAX's Pallas TPU lowering emits them for ref.reshape(...) /
// ref.bitcast(dtype) (captured from JAX 0.10.2 for the same kernels):
// tpu.memref_reshape / tpu.memref_bitcast, applied again at every use (each
// load, store and DMA gets its own), accesses through them as through any
// ref (tpu.strided_load for a strided read).

// CHECK-LABEL: module @reshape_twice
// CHECK: func.func @reshape_twice(%{{.*}}: i32, %[[X:.*]]: memref<16x128xf32, #tpu.memory_space<vmem>>, %[[O:.*]]: memref<8x128xf32, #tpu.memory_space<vmem>>)
// CHECK: %[[R0:.*]] = tpu.memref_reshape %[[X]] : memref<16x128xf32, #tpu.memory_space<vmem>> -> memref<2x8x128xf32, #tpu.memory_space<vmem>>
// CHECK: vector.load %[[R0]][%{{.*}}, %{{.*}}, %{{.*}}] : memref<2x8x128xf32, #tpu.memory_space<vmem>>, vector<1x8x128xf32>
// CHECK: %[[R1:.*]] = tpu.memref_reshape %[[X]] : memref<16x128xf32, #tpu.memory_space<vmem>> -> memref<2x8x128xf32, #tpu.memory_space<vmem>>
// CHECK: vector.load %[[R1]][%{{.*}}, %{{.*}}, %{{.*}}] : memref<2x8x128xf32, #tpu.memory_space<vmem>>, vector<1x8x128xf32>
// CHECK-NOT: tpu.memref_reshape
// CHECK: tpu.vector_store %[[O]]
pallas.kernel @reshape_twice grid(1)
    ins(%x: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)>)
    outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>) {
  %r = pallas.ref_reshape %x : memref<16x128xf32> -> memref<2x8x128xf32>
  %a = pallas.load %r[0, 0:8, 0:128] : memref<2x8x128xf32> -> vector<8x128xf32>
  %b = pallas.load %r[1, 0:8, 0:128] : memref<2x8x128xf32> -> vector<8x128xf32>
  %s = arith.addf %a, %b : vector<8x128xf32>
  pallas.store %s, %o[] : vector<8x128xf32>, memref<8x128xf32>
}

// -----

// kv_ref.bitcast(jnp.uint32)[0::2, :] (ragged paged attention's strided_load_kv).

// CHECK-LABEL: module @bitcast_strided
// CHECK: func.func @bitcast_strided(%{{.*}}: i32, %[[X:.*]]: memref<16x128xbf16, #tpu.memory_space<vmem>>, %[[O:.*]]: memref<4x128xi32, #tpu.memory_space<vmem>>)
// CHECK: %[[B:.*]] = tpu.memref_bitcast %[[X]] : memref<16x128xbf16, #tpu.memory_space<vmem>> -> memref<8x128xi32, #tpu.memory_space<vmem>>
// CHECK: %[[V:.*]] = tpu.strided_load %[[B]][%{{.*}}, %{{.*}}] {strides = array<i32: 2, 1>} : memref<8x128xi32, #tpu.memory_space<vmem>>, vector<4x128xi32>
// CHECK: tpu.vector_store %[[O]][%{{.*}}, %{{.*}}], %[[V]]
pallas.kernel @bitcast_strided grid(1)
    ins(%x: memref<16x128xbf16> block [16, 128] map affine_map<(i) -> (0, 0)>)
    outs(%o: memref<4x128xi32> block [4, 128] map affine_map<(i) -> (0, 0)>) {
  %b = pallas.ref_bitcast %x : memref<16x128xbf16> -> memref<8x128xi32>
  %v = pallas.load %b[0:4:2, 0:128] : memref<8x128xi32> -> vector<4x128xi32>
  pallas.store %v, %o[] : vector<4x128xi32>, memref<4x128xi32>
}

// -----

// A window with a squeezed block dim is reshaped as the kernel argument,
// whose block shape keeps the dim as 1.

// CHECK-LABEL: module @squeezed_window
// CHECK: func.func @squeezed_window(%{{.*}}: i32, %[[X:.*]]: memref<1x16x128xf32, #tpu.memory_space<vmem>>, %{{.*}}: memref<8x128xf32, #tpu.memory_space<vmem>>)
// CHECK-NOT: tpu.memref_squeeze
// CHECK: %[[R:.*]] = tpu.memref_reshape %[[X]] : memref<1x16x128xf32, #tpu.memory_space<vmem>> -> memref<2x8x128xf32, #tpu.memory_space<vmem>>
// CHECK: vector.load %[[R]][%{{.*}}, %{{.*}}, %{{.*}}] : memref<2x8x128xf32, #tpu.memory_space<vmem>>, vector<1x8x128xf32>
pallas.kernel @squeezed_window grid(2)
    ins(%x: memref<2x16x128xf32> block [squeezed, 16, 128] map affine_map<(i) -> (i, 0, 0)>)
    outs(%o: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
  %r = pallas.ref_reshape %x : memref<16x128xf32> -> memref<2x8x128xf32>
  %a = pallas.load %r[1, 0:8, 0:128] : memref<2x8x128xf32> -> vector<8x128xf32>
  pallas.store %a, %o[] : vector<8x128xf32>, memref<8x128xf32>
}

// -----

// A DMA from a bitcast HBM ref: the start and the wait each bitcast again.

// CHECK-LABEL: module @dma_bitcast
// CHECK: func.func @dma_bitcast(%{{.*}}: i32, %[[X:.*]]: memref<16x128xbf16, #tpu.memory_space<any>>, %{{.*}}: memref<8x128xi32, #tpu.memory_space<vmem>>, %[[BUF:.*]]: memref<8x128xi32, #tpu.memory_space<vmem>>, %[[SEM:.*]]: memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
// CHECK: %[[B0:.*]] = tpu.memref_bitcast %[[X]] : memref<16x128xbf16, #tpu.memory_space<any>> -> memref<8x128xi32, #tpu.memory_space<any>>
// CHECK: tpu.enqueue_dma source(%[[B0]] : memref<8x128xi32, #tpu.memory_space<any>>) target(%[[BUF]] : memref<8x128xi32, #tpu.memory_space<vmem>>) target_semaphore(%[[SEM]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>)
// CHECK: %[[B1:.*]] = tpu.memref_bitcast %[[X]] : memref<16x128xbf16, #tpu.memory_space<any>> -> memref<8x128xi32, #tpu.memory_space<any>>
// CHECK: tpu.wait_dma2 semaphore(%[[SEM]] : memref<!tpu.dma_semaphore, #tpu.memory_space<semaphore_mem>>) src(%[[B1]] : memref<8x128xi32, #tpu.memory_space<any>>) dst(%[[BUF]] : memref<8x128xi32, #tpu.memory_space<vmem>>)
// CHECK-NOT: tpu.memref_bitcast
pallas.kernel @dma_bitcast grid(1)
    ins(%x: memref<16x128xbf16> block [16, 128] map affine_map<(i) -> (0, 0)> in any)
    outs(%o: memref<8x128xi32> block [8, 128] map affine_map<(i) -> (0, 0)>)
    scratch(%buf: memref<8x128xi32, #pallas.memory_space<vmem>>, %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>) {
  %b = pallas.ref_bitcast %x : memref<16x128xbf16, #pallas.memory_space<any>> -> memref<8x128xi32, #pallas.memory_space<any>>
  pallas.dma_start %b -> %buf, %sem[] : memref<8x128xi32, #pallas.memory_space<any>> -> memref<8x128xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  pallas.dma_wait %b -> %buf, %sem[] : memref<8x128xi32, #pallas.memory_space<any>> -> memref<8x128xi32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  %v = pallas.load %buf[] : memref<8x128xi32, #pallas.memory_space<vmem>> -> vector<8x128xi32>
  pallas.store %v, %o[] : vector<8x128xi32>, memref<8x128xi32>
}

// -----

// x_ref.at[8:16].reshape(2, 4, 128)[1]: slice, then reshape of the slice.

// CHECK-LABEL: module @slice_then_reshape
// CHECK: %[[S:.*]] = tpu.memref_slice %{{.*}}[%{{.*}}, %{{.*}}] : memref<16x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xf32, #tpu.memory_space<vmem>>
// CHECK: %[[R:.*]] = tpu.memref_reshape %[[S]] : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<2x4x128xf32, #tpu.memory_space<vmem>>
// CHECK: vector.load %[[R]][%{{.*}}, %{{.*}}, %{{.*}}] : memref<2x4x128xf32, #tpu.memory_space<vmem>>, vector<1x4x128xf32>
// CHECK-NOT: tpu.memref_slice
pallas.kernel @slice_then_reshape grid(1)
    ins(%x: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)>)
    outs(%o: memref<4x128xf32> block [4, 128] map affine_map<(i) -> (0, 0)>) {
  %s = memref.subview %x[8, 0] [8, 128] [1, 1] : memref<16x128xf32> to memref<8x128xf32, strided<[128, 1], offset: 1024>>
  %r = pallas.ref_reshape %s : memref<8x128xf32, strided<[128, 1], offset: 1024>> -> memref<2x4x128xf32, strided<[512, 128, 1], offset: 1024>>
  %a = pallas.load %r[1, 0:4, 0:128] : memref<2x4x128xf32, strided<[512, 128, 1], offset: 1024>> -> vector<4x128xf32>
  pallas.store %a, %o[] : vector<4x128xf32>, memref<4x128xf32>
}

// -----

// x_ref.reshape(2, 8, 128).at[1][2:4]: an integer index after the reshape
// slices and squeezes.

// CHECK-LABEL: module @reshape_then_slice
// CHECK: %[[R:.*]] = tpu.memref_reshape %{{.*}} : memref<16x128xf32, #tpu.memory_space<vmem>> -> memref<2x8x128xf32, #tpu.memory_space<vmem>>
// CHECK: %[[S:.*]] = tpu.memref_slice %[[R]][%{{.*}}, %{{.*}}, %{{.*}}] : memref<2x8x128xf32, #tpu.memory_space<vmem>> -> memref<1x8x128xf32, #tpu.memory_space<vmem>>
// CHECK: %[[Q:.*]] = tpu.memref_squeeze %[[S]] : memref<1x8x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xf32, #tpu.memory_space<vmem>>
// CHECK: vector.load %[[Q]][%{{.*}}, %{{.*}}] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<2x128xf32>
// CHECK-NOT: tpu.memref_reshape
pallas.kernel @reshape_then_slice grid(1)
    ins(%x: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)>)
    outs(%o: memref<2x128xf32> block [2, 128] map affine_map<(i) -> (0, 0)>) {
  %r = pallas.ref_reshape %x : memref<16x128xf32> -> memref<2x8x128xf32>
  %s = memref.subview %r[1, 0, 0] [1, 8, 128] [1, 1, 1] : memref<2x8x128xf32> to memref<8x128xf32, strided<[128, 1], offset: 1024>>
  %v = pallas.load %s[2:2, 0:128] : memref<8x128xf32, strided<[128, 1], offset: 1024>> -> vector<2x128xf32>
  pallas.store %v, %o[] : vector<2x128xf32>, memref<2x128xf32>
}

// -----

// A store through a view reads the old window and writes it through one
// copy of the view; a view nothing uses emits nothing.

// CHECK-LABEL: module @reshape_store
// CHECK: %[[V:.*]] = vector.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
// CHECK: %[[R:.*]] = tpu.memref_reshape %{{.*}} : memref<16x128xf32, #tpu.memory_space<vmem>> -> memref<2x8x128xf32, #tpu.memory_space<vmem>>
// CHECK: vector.load %[[R]][%[[I:.*]], %[[J:.*]], %[[K:.*]]] : memref<2x8x128xf32, #tpu.memory_space<vmem>>, vector<1x8x128xf32>
// CHECK: %[[W:.*]] = vector.shape_cast %[[V]] : vector<8x128xf32> to vector<1x8x128xf32>
// CHECK: tpu.vector_store %[[R]][%[[I]], %[[J]], %[[K]]], %[[W]] {strides = array<i32>} : memref<2x8x128xf32, #tpu.memory_space<vmem>>, vector<1x8x128xf32>,
// CHECK-NOT: tpu.memref_bitcast
pallas.kernel @reshape_store grid(1)
    ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>)
    outs(%o: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)>) {
  %v = pallas.load %x[] : memref<8x128xf32> -> vector<8x128xf32>
  %r = pallas.ref_reshape %o : memref<16x128xf32> -> memref<2x8x128xf32>
  pallas.store %v, %r[1, 0:8, 0:128] : vector<8x128xf32>, memref<2x8x128xf32>
  %unused = pallas.ref_bitcast %o : memref<16x128xf32> -> memref<16x128xi32>
}

// -----

// A view of a scalar prefetch ref is in SMEM, read with memref.load.

// CHECK-LABEL: module @smem_reshape
// CHECK: func.func @smem_reshape(%{{.*}}: i32, %[[S:.*]]: memref<8x1xi32, #tpu.memory_space<smem>>, %[[O:.*]]: memref<1xi32, #tpu.memory_space<smem>>)
// CHECK: %[[R:.*]] = tpu.memref_reshape %[[S]] : memref<8x1xi32, #tpu.memory_space<smem>> -> memref<2x4xi32, #tpu.memory_space<smem>>
// CHECK: %[[V:.*]] = memref.load %[[R]][%{{.*}}, %{{.*}}] : memref<2x4xi32, #tpu.memory_space<smem>>
// CHECK: memref.store %[[V]], %[[O]]
pallas.kernel @smem_reshape grid(1)
    prefetch(%s: memref<8x1xi32>)
    outs(%o: memref<1xi32> block [1] map affine_map<(i) -> (0)> in smem) {
  %r = pallas.ref_reshape %s : memref<8x1xi32> -> memref<2x4xi32>
  %v = pallas.load %r[1, 2] : memref<2x4xi32> -> i32
  pallas.store %v, %o[0] : i32, memref<1xi32, #pallas.memory_space<smem>>
}

// -----

// Equal bit widths, and a bitcast of a reshape.

// CHECK-LABEL: module @bitcast_chain
// CHECK: %[[E:.*]] = tpu.memref_bitcast %{{.*}} : memref<8x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xi32, #tpu.memory_space<vmem>>
// CHECK: vector.load %[[E]][%{{.*}}, %{{.*}}] : memref<8x128xi32, #tpu.memory_space<vmem>>, vector<8x128xi32>
// CHECK: %[[R:.*]] = tpu.memref_reshape %{{.*}} : memref<8x128xbf16, #tpu.memory_space<vmem>> -> memref<2x4x128xbf16, #tpu.memory_space<vmem>>
// CHECK: %[[B:.*]] = tpu.memref_bitcast %[[R]] : memref<2x4x128xbf16, #tpu.memory_space<vmem>> -> memref<2x2x128xi32, #tpu.memory_space<vmem>>
// CHECK: vector.load %[[B]][%{{.*}}, %{{.*}}, %{{.*}}] : memref<2x2x128xi32, #tpu.memory_space<vmem>>, vector<1x2x128xi32>
pallas.kernel @bitcast_chain grid(1)
    ins(%f: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>,
        %h: memref<8x128xbf16> block [8, 128] map affine_map<(i) -> (0, 0)>)
    outs(%o: memref<8x128xi32> block [8, 128] map affine_map<(i) -> (0, 0)>,
         %p: memref<2x128xi32> block [2, 128] map affine_map<(i) -> (0, 0)>) {
  %e = pallas.ref_bitcast %f : memref<8x128xf32> -> memref<8x128xi32>
  %ev = pallas.load %e[] : memref<8x128xi32> -> vector<8x128xi32>
  pallas.store %ev, %o[] : vector<8x128xi32>, memref<8x128xi32>
  %r = pallas.ref_reshape %h : memref<8x128xbf16> -> memref<2x4x128xbf16>
  %b = pallas.ref_bitcast %r : memref<2x4x128xbf16> -> memref<2x2x128xi32>
  %bv = pallas.load %b[1, 0:2, 0:128] : memref<2x2x128xi32> -> vector<2x128xi32>
  pallas.store %bv, %p[] : vector<2x128xi32>, memref<2x128xi32>
}

// -----

// kv_ref.bitcast(jnp.uint32) written with a ui32 result: Mosaic's memref is
// i32, as JAX gives it, and the values are signless.

// CHECK-LABEL: module @bitcast_unsigned
// CHECK: %[[B:.*]] = tpu.memref_bitcast %{{.*}} : memref<16x128xbf16, #tpu.memory_space<vmem>> -> memref<8x128xi32, #tpu.memory_space<vmem>>
// CHECK: tpu.strided_load %[[B]][%{{.*}}, %{{.*}}] {strides = array<i32: 2, 1>} : memref<8x128xi32, #tpu.memory_space<vmem>>, vector<4x128xi32>
pallas.kernel @bitcast_unsigned grid(1)
    ins(%x: memref<16x128xbf16> block [16, 128] map affine_map<(i) -> (0, 0)>)
    outs(%o: memref<4x128xi32> block [4, 128] map affine_map<(i) -> (0, 0)>) {
  %b = pallas.ref_bitcast %x : memref<16x128xbf16> -> memref<8x128xui32>
  %v = pallas.load %b[1:4:2, 0:128] : memref<8x128xui32> -> vector<4x128xi32>
  pallas.store %v, %o[] : vector<4x128xi32>, memref<4x128xi32>
}

// RUN: %pallas_opt %s --convert-pallas-to-tpu --split-input-file | FileCheck %s

// Ref accesses as JAX's Pallas TPU lowering emits them: VMEM windows through
// vector.load + tpu.vector_store (the old value is always read first, as JAX
// lowers every store as a swap), SMEM scalars through memref.load/store,
// `index` indices.

// CHECK-LABEL: module @basic
// CHECK: func.func @basic(%[[G:.*]]: i32, %[[S:.*]]: memref<4xi32, #tpu.memory_space<smem>>, %[[X:.*]]: memref<8x128xf32, #tpu.memory_space<vmem>>, %[[O:.*]]: memref<8x128xf32, #tpu.memory_space<vmem>>)
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[N:.*]] = memref.load %[[S]][%[[C1]]] : memref<4xi32, #tpu.memory_space<smem>>
// CHECK: %[[I:.*]] = arith.index_cast %[[N]] : i32 to index
// CHECK: %[[A:.*]] = arith.constant 0 : index
// CHECK: %[[V:.*]] = vector.load %[[X]][%[[I]], %[[A]]] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<1x128xf32>
// CHECK: %[[R:.*]] = vector.shape_cast %[[V]] : vector<1x128xf32> to vector<128xf32>
// CHECK: %[[B0:.*]] = arith.constant 0 : index
// CHECK: %[[B1:.*]] = arith.constant 0 : index
// CHECK: %[[W:.*]] = vector.load %[[X]][%[[B0]], %[[B1]]] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
// CHECK: %[[D0:.*]] = arith.constant 0 : index
// CHECK: %[[D1:.*]] = arith.constant 0 : index
// CHECK: %{{.*}} = vector.load %[[O]][%[[D0]], %[[D1]]] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
// CHECK: tpu.vector_store %[[O]][%[[D0]], %[[D1]]], %[[W]] {strides = array<i32>} : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>,
// CHECK: return
pallas.kernel @basic grid(2) semantics(parallel)
    prefetch(%s: memref<4xi32>)
    ins(%x: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>)
    outs(%o: memref<16x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
  %c1 = arith.constant 1 : index
  %n = pallas.load %s[%c1] : memref<4xi32> -> i32
  %i = arith.index_cast %n : i32 to index
  %row = pallas.load %x[%i, 0:128] : memref<8x128xf32> -> vector<128xf32>
  %v = pallas.load %x[] : memref<8x128xf32> -> vector<8x128xf32>
  pallas.store %v, %o[] : vector<8x128xf32>, memref<8x128xf32>
}

// -----

// A squeezed block dim: the body's ref is a squeezed view of the 1x8x128
// argument; accesses index the argument with 0 in that dim and shape_cast,
// so the view disappears. Integer-indexed dims are read as size 1 and cast
// away; a scalar read from VMEM extracts the only element.

// CHECK-LABEL: module @squeezed
// CHECK: func.func @squeezed(%{{.*}}: i32, %[[X:.*]]: memref<1x8x128xf32, #tpu.memory_space<vmem>>, %[[O:.*]]: memref<1x8x128xf32, #tpu.memory_space<vmem>>)
// CHECK-NOT: tpu.memref_squeeze
// CHECK: %[[R:.*]] = arith.constant 3 : index
// CHECK: %[[Z0:.*]] = arith.constant 0 : index
// CHECK: %[[Z1:.*]] = arith.constant 0 : index
// CHECK: %[[Z2:.*]] = arith.constant 0 : index
// CHECK: %[[F:.*]] = vector.load %[[X]][%[[Z0]], %[[Z1]], %[[Z2]]] : memref<1x8x128xf32, #tpu.memory_space<vmem>>, vector<1x8x128xf32>
// CHECK: %{{.*}} = vector.shape_cast %[[F]] : vector<1x8x128xf32> to vector<8x128xf32>
// CHECK: %[[Z3:.*]] = arith.constant 0 : index
// CHECK: %[[Z4:.*]] = arith.constant 0 : index
// CHECK: %[[RW:.*]] = vector.load %[[X]][%[[Z3]], %[[R]], %[[Z4]]] : memref<1x8x128xf32, #tpu.memory_space<vmem>>, vector<1x1x128xf32>
// CHECK: %[[ROW:.*]] = vector.shape_cast %[[RW]] : vector<1x1x128xf32> to vector<128xf32>
// CHECK: %[[E:.*]] = vector.load %[[X]][%{{.*}}, %{{.*}}, %{{.*}}] : memref<1x8x128xf32, #tpu.memory_space<vmem>>, vector<1x1x1xf32>
// CHECK: %{{.*}} = vector.extract %[[E]][0, 0, 0] : f32 from vector<1x1x1xf32>
// CHECK: %[[S0:.*]] = arith.constant 0 : index
// CHECK: %[[S1:.*]] = arith.constant 0 : index
// CHECK: %[[OLD:.*]] = vector.load %[[O]][%[[S0]], %[[R]], %[[S1]]] : memref<1x8x128xf32, #tpu.memory_space<vmem>>, vector<1x1x128xf32>
// CHECK: %{{.*}} = vector.shape_cast %[[OLD]] : vector<1x1x128xf32> to vector<128xf32>
// CHECK: %[[NEW:.*]] = vector.shape_cast %[[ROW]] : vector<128xf32> to vector<1x1x128xf32>
// CHECK: tpu.vector_store %[[O]][%[[S0]], %[[R]], %[[S1]]], %[[NEW]] {strides = array<i32>} : memref<1x8x128xf32, #tpu.memory_space<vmem>>, vector<1x1x128xf32>,
// CHECK-NOT: tpu.memref_squeeze
// CHECK: return
pallas.kernel @squeezed grid(4) semantics(arbitrary)
    ins(%x: memref<4x8x128xf32> block [squeezed, 8, 128] map affine_map<(i) -> (i, 0, 0)>)
    outs(%o: memref<4x8x128xf32> block [squeezed, 8, 128] map affine_map<(i) -> (i, 0, 0)>) {
  %r = arith.constant 3 : index
  %v = pallas.load %x[] : memref<8x128xf32> -> vector<8x128xf32>
  %row = pallas.load %x[%r, 0:128] : memref<8x128xf32> -> vector<128xf32>
  %e = pallas.load %x[2, 5] : memref<8x128xf32> -> f32
  %old = pallas.swap %row, %o[%r, 0:128] : vector<128xf32>, memref<8x128xf32> -> vector<128xf32>
}

// -----

// Strides give tpu.strided_load / tpu.strided_store; a mask gives the
// masked tpu.vector_store; bools are i32 in memory (cmpi ne 0 / extui).

// CHECK-LABEL: module @strided_masked_bool
// CHECK: func.func @strided_masked_bool(%{{.*}}: i32, %[[X:.*]]: memref<16x128xf32, #tpu.memory_space<vmem>>, %[[B:.*]]: memref<8x128xi32, #tpu.memory_space<vmem>>, %[[O:.*]]: memref<16x128xf32, #tpu.memory_space<vmem>>, %[[OB:.*]]: memref<8x128xi32, #tpu.memory_space<vmem>>)
// CHECK: %[[I:.*]] = arith.constant 1 : index
// CHECK: %[[V:.*]] = tpu.strided_load %[[X]][%{{.*}}, %{{.*}}] {strides = array<i32: 2, 1>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
// CHECK: %[[J:.*]] = arith.constant 0 : index
// CHECK: %{{.*}} = tpu.strided_load %[[O]][%[[I]], %[[J]]] {strides = array<i32: 2, 1>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
// CHECK: tpu.strided_store %[[O]][%[[I]], %[[J]]], %[[V]] {strides = array<i32: 2, 1>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
// CHECK: %[[MI:.*]] = vector.load %[[B]][%{{.*}}, %{{.*}}] : memref<8x128xi32, #tpu.memory_space<vmem>>, vector<8x128xi32>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0> : vector<8x128xi32>
// CHECK: %[[M:.*]] = arith.cmpi ne, %[[MI]], %[[ZERO]] : vector<8x128xi32>
// CHECK: %{{.*}} = vector.load %[[O]]
// CHECK: tpu.vector_store %[[O]][%{{.*}}, %{{.*}}], %[[V]] masked %[[M]] {strides = array<i32>} : memref<16x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>, vector<8x128xi1>
// CHECK: %[[OLDI:.*]] = vector.load %[[OB]][%[[K0:.*]], %[[K1:.*]]] : memref<8x128xi32, #tpu.memory_space<vmem>>, vector<8x128xi32>
// CHECK: %[[EXT:.*]] = arith.extui %[[M]] : vector<8x128xi1> to vector<8x128xi32>
// CHECK: %[[Z2:.*]] = arith.constant dense<0> : vector<8x128xi32>
// CHECK: %{{.*}} = arith.cmpi ne, %[[OLDI]], %[[Z2]] : vector<8x128xi32>
// CHECK: tpu.vector_store %[[OB]][%[[K0]], %[[K1]]], %[[EXT]] {strides = array<i32>} : memref<8x128xi32, #tpu.memory_space<vmem>>, vector<8x128xi32>,
pallas.kernel @strided_masked_bool grid(1) semantics(arbitrary)
    ins(%x: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)>,
        %b: memref<8x128xi1> block [8, 128] map affine_map<(i) -> (0, 0)>)
    outs(%o: memref<16x128xf32> block [16, 128] map affine_map<(i) -> (0, 0)>,
         %ob: memref<8x128xi1> block [8, 128] map affine_map<(i) -> (0, 0)>) {
  %i = arith.constant 1 : index
  %v = pallas.load %x[0:8:2, 0:128] : memref<16x128xf32> -> vector<8x128xf32>
  pallas.store %v, %o[%i:8:2, 0:128] : vector<8x128xf32>, memref<16x128xf32>
  %m = pallas.load %b[] : memref<8x128xi1> -> vector<8x128xi1>
  pallas.store %v, %o[0:8, 0:128] mask(%m : vector<8x128xi1>) : vector<8x128xf32>, memref<16x128xf32>
  %old = pallas.swap %m, %ob[] : vector<8x128xi1>, memref<8x128xi1> -> vector<8x128xi1>
}

// -----

// SMEM scratch: a swap reads the old scalar, then stores; bools go through
// i32.

// CHECK-LABEL: module @smem
// CHECK: func.func @smem(%{{.*}}: i32, %{{.*}}: memref<8x128xf32, #tpu.memory_space<vmem>>, %[[ACC:.*]]: memref<4xi32, #tpu.memory_space<smem>>, %[[FL:.*]]: memref<2xi32, #tpu.memory_space<smem>>)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[K:.*]] = arith.constant 7 : i32
// CHECK: %{{.*}} = memref.load %[[ACC]][%[[C0]]] : memref<4xi32, #tpu.memory_space<smem>>
// CHECK: memref.store %[[K]], %[[ACC]][%[[C0]]] : memref<4xi32, #tpu.memory_space<smem>>
// CHECK: %[[T:.*]] = arith.constant true
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[OLD:.*]] = memref.load %[[FL]][%[[C1]]] : memref<2xi32, #tpu.memory_space<smem>>
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: %{{.*}} = arith.cmpi ne, %[[OLD]], %[[Z]] : i32
// CHECK: %[[E:.*]] = arith.extui %[[T]] : i1 to i32
// CHECK: memref.store %[[E]], %[[FL]][%[[C1]]] : memref<2xi32, #tpu.memory_space<smem>>
// CHECK: %[[F:.*]] = memref.load %[[FL]][%[[C0]]] : memref<2xi32, #tpu.memory_space<smem>>
// CHECK: %{{.*}} = arith.cmpi ne, %[[F]], %{{.*}} : i32
pallas.kernel @smem grid(1) semantics(arbitrary)
    ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>)
    scratch(%acc: memref<4xi32, #pallas.memory_space<smem>>,
            %flag: memref<2xi1, #pallas.memory_space<smem>>) {
  %c0 = arith.constant 0 : index
  %k = arith.constant 7 : i32
  %old = pallas.swap %k, %acc[%c0] : i32, memref<4xi32, #pallas.memory_space<smem>> -> i32
  %t = arith.constant true
  pallas.store %t, %flag[1] : i1, memref<2xi1, #pallas.memory_space<smem>>
  %f = pallas.load %flag[%c0] : memref<2xi1, #pallas.memory_space<smem>> -> i1
}

// -----

// memref.subview slices refs with tpu.memref_slice at i32 starts
// (+ tpu.memref_squeeze for dropped dims); a subview of a squeezed window
// slices the argument itself.

// CHECK-LABEL: module @subview
// CHECK: func.func @subview(%[[G:.*]]: i32, %[[X:.*]]: memref<2x8x128xf32, #tpu.memory_space<vmem>>, %[[Y:.*]]: memref<1x16x128xf32, #tpu.memory_space<vmem>>)
// CHECK: %[[A:.*]] = arith.constant 1 : i32
// CHECK: %[[B:.*]] = arith.constant 0 : i32
// CHECK: %[[C:.*]] = arith.constant 0 : i32
// CHECK: %[[SL:.*]] = tpu.memref_slice %[[X]][%[[A]], %[[B]], %[[C]]] : memref<2x8x128xf32, #tpu.memory_space<vmem>> -> memref<1x8x128xf32, #tpu.memory_space<vmem>>
// CHECK: %[[SQ:.*]] = tpu.memref_squeeze %[[SL]] : memref<1x8x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xf32, #tpu.memory_space<vmem>>
// CHECK: %{{.*}} = vector.load %[[SQ]][%{{.*}}, %{{.*}}] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
// CHECK: %[[IDX:.*]] = arith.index_cast %[[G]] : i32 to index
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: %[[Z2:.*]] = arith.constant 0 : i32
// CHECK: %[[SL2:.*]] = tpu.memref_slice %[[Y]][%[[Z]], %[[G]], %[[Z2]]] : memref<1x16x128xf32, #tpu.memory_space<vmem>> -> memref<1x8x128xf32, #tpu.memory_space<vmem>>
// CHECK: %[[SQ2:.*]] = tpu.memref_squeeze %[[SL2]] : memref<1x8x128xf32, #tpu.memory_space<vmem>> -> memref<8x128xf32, #tpu.memory_space<vmem>>
// CHECK: %{{.*}} = vector.load %[[SQ2]]
// CHECK-NOT: tpu.memref_squeeze %[[Y]]
pallas.kernel @subview grid(2) semantics(arbitrary)
    ins(%x: memref<2x8x128xf32> block [2, 8, 128] map affine_map<(i) -> (0, 0, 0)>,
        %y: memref<4x16x128xf32> block [squeezed, 16, 128] map affine_map<(i) -> (i, 0, 0)>) {
  %s = memref.subview %x[1, 0, 0] [1, 8, 128] [1, 1, 1] : memref<2x8x128xf32> to memref<8x128xf32, strided<[128, 1], offset: 1024>>
  %v = pallas.load %s[] : memref<8x128xf32, strided<[128, 1], offset: 1024>> -> vector<8x128xf32>
  %p = pallas.program_id 0
  %pi = arith.index_cast %p : i32 to index
  %t = memref.subview %y[%pi, 0] [8, 128] [1, 1] : memref<16x128xf32> to memref<8x128xf32, strided<[128, 1], offset: ?>>
  %w = pallas.load %t[] : memref<8x128xf32, strided<[128, 1], offset: ?>> -> vector<8x128xf32>
}

// -----

// Upstream accesses written in the body: memref.load on SMEM stays,
// vector.store becomes tpu.vector_store.

// CHECK-LABEL: module @upstream
// CHECK: %[[N:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<4xi32, #tpu.memory_space<smem>>
// CHECK: %[[V:.*]] = vector.load %[[X:.*]][%[[C0:.*]], %[[C0]]] : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>
// CHECK: tpu.vector_store %[[O:.*]][%[[C0]], %[[C0]]], %[[V]] {strides = array<i32>} : memref<8x128xf32, #tpu.memory_space<vmem>>, vector<8x128xf32>,
// CHECK-NOT: vector.store
pallas.kernel @upstream grid(1) semantics(arbitrary)
    prefetch(%s: memref<4xi32>)
    ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>)
    outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>) {
  %c0 = arith.constant 0 : index
  %n = memref.load %s[%c0] : memref<4xi32>
  %v = vector.load %x[%c0, %c0] : memref<8x128xf32>, vector<8x128xf32>
  vector.store %v, %o[%c0, %c0] : memref<8x128xf32>, vector<8x128xf32>
}

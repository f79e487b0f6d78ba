// RUN: %pallas_opt %s --convert-pallas-to-sparsecore --split-input-file | FileCheck %s

// The SparseCore vector rules, as JAX 0.10.2's SparseCore lowering emits
// them. Each kernel reads its inputs from VMEM, so that the values are
// block arguments' loads (%[[F]]: f32 lanes, %[[I]]: i32 lanes).

// pallas.sort -> tpu.sort keys, values masked m, whose results are (valid,
// keys, values): the pallas results are its 2nd, 3rd and 1st. Without a
// mask, an all-true dense<true> constant; f32 keys are sorted as they are;
// i32 keys have their sign bit flipped (xori with a splat of -2147483648)
// before the sort and again on the sorted keys; `descending` gives
// {descending = true}.

// CHECK-LABEL: module @sort
// CHECK: %[[F:.*]] = vector.shape_cast %{{.*}} : vector<16xf32> to vector<16xf32>
// CHECK: %[[I:.*]] = vector.shape_cast %{{.*}} : vector<16xi32> to vector<16xi32>
// CHECK-NEXT: %[[ALL:.*]] = arith.constant dense<true> : vector<16xi1>
// CHECK-NEXT: %[[VALID:.*]], %[[SK:.*]], %[[SV:.*]] = tpu.sort %[[F]], %[[I]] masked %[[ALL]] : (vector<16xf32>, vector<16xi32>, vector<16xi1>) -> (vector<16xi1>, vector<16xf32>, vector<16xi32>)
// CHECK-NOT: descending
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0> : vector<16xi32>
// CHECK-NEXT: %[[M:.*]] = arith.cmpi sge, %[[I]], %[[Z]] : vector<16xi32>
// CHECK-NEXT: %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK-NEXT: %[[SPLAT:.*]] = vector.broadcast %[[MIN]] : i32 to vector<16xi32>
// CHECK-NEXT: %[[FLIPPED:.*]] = arith.xori %[[I]], %[[SPLAT]] : vector<16xi32>
// CHECK-NEXT: %[[VALID2:.*]], %[[SK2:.*]], %[[SV2:.*]] = tpu.sort %[[FLIPPED]], %[[F]] masked %[[M]] {descending = true} : (vector<16xi32>, vector<16xf32>, vector<16xi1>) -> (vector<16xi1>, vector<16xi32>, vector<16xf32>)
// CHECK-NEXT: %[[MIN2:.*]] = arith.constant -2147483648 : i32
// CHECK-NEXT: %[[SPLAT2:.*]] = vector.broadcast %[[MIN2]] : i32 to vector<16xi32>
// CHECK-NEXT: %[[KEYS2:.*]] = arith.xori %[[SK2]], %[[SPLAT2]] : vector<16xi32>
// The results in pallas order: keys, values, valid.
// CHECK-NEXT: %{{.*}} = arith.select %[[VALID]], %[[SK]], %[[F]] : vector<16xi1>, vector<16xf32>
// CHECK-NEXT: %{{.*}} = arith.select %[[VALID2]], %[[KEYS2]], %[[SV]] : vector<16xi1>, vector<16xi32>
// CHECK-NEXT: %{{.*}} = arith.select %[[VALID]], %[[SV2]], %[[SK]] : vector<16xi1>, vector<16xf32>
pallas.kernel @sort grid(1, 16) names("core", "subcore")
    scratch(%a: memref<16xf32, #pallas.memory_space<vmem>>, %ai: memref<16xi32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %f = pallas.load %a[] : memref<16xf32, #pallas.memory_space<vmem>> -> vector<16xf32>
  %i = pallas.load %ai[] : memref<16xi32, #pallas.memory_space<vmem>> -> vector<16xi32>
  %k1, %v1, %m1 = pallas.sort %f, %i : vector<16xf32>, vector<16xi32>
  %zero = arith.constant dense<0> : vector<16xi32>
  %m = arith.cmpi sge, %i, %zero : vector<16xi32>
  %k2, %v2, %m2 = pallas.sort %i, %f mask(%m : vector<16xi1>) descending : vector<16xi32>, vector<16xf32>
  %u1 = arith.select %m1, %k1, %f : vector<16xi1>, vector<16xf32>
  %u2 = arith.select %m2, %k2, %v1 : vector<16xi1>, vector<16xi32>
  %u3 = arith.select %m1, %v2, %k1 : vector<16xi1>, vector<16xf32>
}

// -----

// pallas.cumulative -> tpu.scan <sum|max|min> masked m; without a mask an
// all-true mask (arith.constant true + vector.broadcast, as lax.full(True)
// lowers). i32 max/min flip the sign bit around the scan; sums and f32
// scans do not.

// CHECK-LABEL: module @cumulative
// CHECK: %[[F:.*]] = vector.shape_cast %{{.*}} : vector<16xf32> to vector<16xf32>
// CHECK: %[[I:.*]] = vector.shape_cast %{{.*}} : vector<16xi32> to vector<16xi32>
// CHECK-NEXT: %[[T:.*]] = arith.constant true
// CHECK-NEXT: %[[ALL:.*]] = vector.broadcast %[[T]] : i1 to vector<16xi1>
// CHECK-NEXT: %[[CS:.*]] = tpu.scan <sum>, %[[F]] masked %[[ALL]] : vector<16xf32>, vector<16xi1> -> vector<16xf32>
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0> : vector<16xi32>
// CHECK-NEXT: %[[M:.*]] = arith.cmpi sge, %[[I]], %[[Z]] : vector<16xi32>
// i32 sum under a mask: no flip, the mask as given.
// CHECK-NEXT: %[[CSI:.*]] = tpu.scan <sum>, %[[I]] masked %[[M]] : vector<16xi32>, vector<16xi1> -> vector<16xi32>
// i32 max: flip, scan, flip back.
// CHECK-NEXT: %[[MIN:.*]] = arith.constant -2147483648 : i32
// CHECK-NEXT: %[[SPLAT:.*]] = vector.broadcast %[[MIN]] : i32 to vector<16xi32>
// CHECK-NEXT: %[[IN:.*]] = arith.xori %[[I]], %[[SPLAT]] : vector<16xi32>
// CHECK-NEXT: %[[MX:.*]] = tpu.scan <max>, %[[IN]] masked %[[M]] : vector<16xi32>, vector<16xi1> -> vector<16xi32>
// CHECK-NEXT: %[[MIN2:.*]] = arith.constant -2147483648 : i32
// CHECK-NEXT: %[[SPLAT2:.*]] = vector.broadcast %[[MIN2]] : i32 to vector<16xi32>
// CHECK-NEXT: %[[CM:.*]] = arith.xori %[[MX]], %[[SPLAT2]] : vector<16xi32>
// f32 min: no flip.
// CHECK-NEXT: %[[T2:.*]] = arith.constant true
// CHECK-NEXT: %[[ALL2:.*]] = vector.broadcast %[[T2]] : i1 to vector<16xi1>
// CHECK-NEXT: %[[CN:.*]] = tpu.scan <min>, %[[F]] masked %[[ALL2]] : vector<16xf32>, vector<16xi1> -> vector<16xf32>
// i32 min, unmasked: flip, scan, flip back.
// CHECK-NEXT: %[[T3:.*]] = arith.constant true
// CHECK-NEXT: %[[ALL3:.*]] = vector.broadcast %[[T3]] : i1 to vector<16xi1>
// CHECK-NEXT: %[[MIN3:.*]] = arith.constant -2147483648 : i32
// CHECK-NEXT: %[[SPLAT3:.*]] = vector.broadcast %[[MIN3]] : i32 to vector<16xi32>
// CHECK-NEXT: %[[IN3:.*]] = arith.xori %[[I]], %[[SPLAT3]] : vector<16xi32>
// CHECK-NEXT: %[[MN:.*]] = tpu.scan <min>, %[[IN3]] masked %[[ALL3]] : vector<16xi32>, vector<16xi1> -> vector<16xi32>
// CHECK-NEXT: %[[MIN4:.*]] = arith.constant -2147483648 : i32
// CHECK-NEXT: %[[SPLAT4:.*]] = vector.broadcast %[[MIN4]] : i32 to vector<16xi32>
// CHECK-NEXT: %[[CMN:.*]] = arith.xori %[[MN]], %[[SPLAT4]] : vector<16xi32>
// CHECK-NEXT: %{{.*}} = arith.addf %[[CS]], %[[CN]] : vector<16xf32>
// CHECK-NEXT: %{{.*}} = arith.addi %[[CSI]], %[[CM]] : vector<16xi32>
// CHECK-NEXT: %{{.*}} = arith.addi %[[CMN]], %[[CM]] : vector<16xi32>
pallas.kernel @cumulative grid(1, 16) names("core", "subcore")
    scratch(%a: memref<16xf32, #pallas.memory_space<vmem>>, %ai: memref<16xi32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %f = pallas.load %a[] : memref<16xf32, #pallas.memory_space<vmem>> -> vector<16xf32>
  %i = pallas.load %ai[] : memref<16xi32, #pallas.memory_space<vmem>> -> vector<16xi32>
  %cs = pallas.cumulative sum %f : vector<16xf32>
  %zero = arith.constant dense<0> : vector<16xi32>
  %m = arith.cmpi sge, %i, %zero : vector<16xi32>
  %csi = pallas.cumulative sum %i mask(%m : vector<16xi1>) : vector<16xi32>
  %cm = pallas.cumulative max %i mask(%m : vector<16xi1>) : vector<16xi32>
  %cn = pallas.cumulative min %f : vector<16xf32>
  %cmn = pallas.cumulative min %i : vector<16xi32>
  %u1 = arith.addf %cs, %cn : vector<16xf32>
  %u2 = arith.addi %csi, %cm : vector<16xi32>
  %u3 = arith.addi %cmn, %cm : vector<16xi32>
}

// -----

// vector.reduction of a 1-D vector: the inclusive scan under an all-true
// mask, then vector.extract of its last lane; an accumulator is combined
// after (arith.addf for <add>, arith.minimumf for <minimumf>); i32 max/min
// flip like the scan.

// CHECK-LABEL: module @reduction
// CHECK: %[[F:.*]] = vector.shape_cast %{{.*}} : vector<16xf32> to vector<16xf32>
// CHECK: %[[I:.*]] = vector.shape_cast %{{.*}} : vector<16xi32> to vector<16xi32>
// CHECK-NEXT: %[[T:.*]] = arith.constant true
// CHECK-NEXT: %[[ALL:.*]] = vector.broadcast %[[T]] : i1 to vector<16xi1>
// CHECK-NEXT: %[[S:.*]] = tpu.scan <sum>, %[[F]] masked %[[ALL]] : vector<16xf32>, vector<16xi1> -> vector<16xf32>
// CHECK-NEXT: %[[SUM:.*]] = vector.extract %[[S]][15] : f32 from vector<16xf32>
// CHECK-NEXT: %[[T2:.*]] = arith.constant true
// CHECK-NEXT: %[[ALL2:.*]] = vector.broadcast %[[T2]] : i1 to vector<16xi1>
// CHECK-NEXT: %[[MX:.*]] = tpu.scan <max>, %[[F]] masked %[[ALL2]] : vector<16xf32>, vector<16xi1> -> vector<16xf32>
// CHECK-NEXT: %[[MAX:.*]] = vector.extract %[[MX]][15] : f32 from vector<16xf32>
// CHECK-NEXT: %[[ACC:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[T3:.*]] = arith.constant true
// CHECK-NEXT: %[[ALL3:.*]] = vector.broadcast %[[T3]] : i1 to vector<16xi1>
// CHECK-NEXT: %[[S3:.*]] = tpu.scan <sum>, %[[F]] masked %[[ALL3]] : vector<16xf32>, vector<16xi1> -> vector<16xf32>
// CHECK-NEXT: %[[E3:.*]] = vector.extract %[[S3]][15] : f32 from vector<16xf32>
// CHECK-NEXT: %[[SUMACC:.*]] = arith.addf %[[E3]], %[[ACC]] : f32
// CHECK-NEXT: %[[T4:.*]] = arith.constant true
// CHECK-NEXT: %[[ALL4:.*]] = vector.broadcast %[[T4]] : i1 to vector<16xi1>
// CHECK-NEXT: %[[S4:.*]] = tpu.scan <min>, %[[F]] masked %[[ALL4]] : vector<16xf32>, vector<16xi1> -> vector<16xf32>
// CHECK-NEXT: %[[E4:.*]] = vector.extract %[[S4]][15] : f32 from vector<16xf32>
// CHECK-NEXT: %[[MINACC:.*]] = arith.minimumf %[[E4]], %[[ACC]] : f32
// CHECK-NEXT: %[[T5:.*]] = arith.constant true
// CHECK-NEXT: %[[ALL5:.*]] = vector.broadcast %[[T5]] : i1 to vector<16xi1>
// CHECK-NEXT: %[[C5:.*]] = arith.constant -2147483648 : i32
// CHECK-NEXT: %[[SPLAT5:.*]] = vector.broadcast %[[C5]] : i32 to vector<16xi32>
// CHECK-NEXT: %[[IN5:.*]] = arith.xori %[[I]], %[[SPLAT5]] : vector<16xi32>
// CHECK-NEXT: %[[S5:.*]] = tpu.scan <max>, %[[IN5]] masked %[[ALL5]] : vector<16xi32>, vector<16xi1> -> vector<16xi32>
// CHECK-NEXT: %[[C6:.*]] = arith.constant -2147483648 : i32
// CHECK-NEXT: %[[SPLAT6:.*]] = vector.broadcast %[[C6]] : i32 to vector<16xi32>
// CHECK-NEXT: %[[OUT5:.*]] = arith.xori %[[S5]], %[[SPLAT6]] : vector<16xi32>
// CHECK-NEXT: %[[IMAX:.*]] = vector.extract %[[OUT5]][15] : i32 from vector<16xi32>
// An i32 sum with an accumulator combines with arith.addi.
// CHECK: %[[S6:.*]] = tpu.scan <sum>, %[[I]] masked %{{.*}} : vector<16xi32>, vector<16xi1> -> vector<16xi32>
// CHECK-NEXT: %[[E6:.*]] = vector.extract %[[S6]][15] : i32 from vector<16xi32>
// CHECK-NEXT: %{{.*}} = arith.addi %[[E6]], %[[IMAX]] : i32
// CHECK-NEXT: %{{.*}} = arith.addf %[[SUM]], %[[MAX]] : f32
// CHECK-NEXT: %{{.*}} = arith.addf %[[SUMACC]], %[[MINACC]] : f32
// CHECK-NOT: vector.reduction
pallas.kernel @reduction grid(1, 16) names("core", "subcore")
    scratch(%a: memref<16xf32, #pallas.memory_space<vmem>>, %ai: memref<16xi32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %f = pallas.load %a[] : memref<16xf32, #pallas.memory_space<vmem>> -> vector<16xf32>
  %i = pallas.load %ai[] : memref<16xi32, #pallas.memory_space<vmem>> -> vector<16xi32>
  %sum = vector.reduction <add>, %f : vector<16xf32> into f32
  %max = vector.reduction <maximumf>, %f : vector<16xf32> into f32
  %acc = arith.constant 1.0 : f32
  %sumacc = vector.reduction <add>, %f, %acc : vector<16xf32> into f32
  %minacc = vector.reduction <minimumf>, %f, %acc : vector<16xf32> into f32
  %imax = vector.reduction <maxsi>, %i : vector<16xi32> into i32
  %isum = vector.reduction <add>, %i, %imax : vector<16xi32> into i32
  %u1 = arith.addf %sum, %max : f32
  %u2 = arith.addf %sumacc, %minacc : f32
}

// -----

// pallas.scan_count -> tpu.scan_count mask(m) value(x), whose results are
// (last, counts): the pallas results (counts, last) are swapped. Without a
// mask, an all-true splat.

// CHECK-LABEL: module @scan_count
// CHECK: %[[F:.*]] = vector.shape_cast %{{.*}} : vector<16xf32> to vector<16xf32>
// CHECK: %[[I:.*]] = vector.shape_cast %{{.*}} : vector<16xi32> to vector<16xi32>
// CHECK-NEXT: %[[T:.*]] = arith.constant true
// CHECK-NEXT: %[[ALL:.*]] = vector.broadcast %[[T]] : i1 to vector<16xi1>
// CHECK-NEXT: %[[LAST:.*]], %[[COUNTS:.*]] = tpu.scan_count mask(%[[ALL]] : vector<16xi1>) value(%[[I]] : vector<16xi32>) : vector<16xi1>, vector<16xi32>
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK-NEXT: %[[M:.*]] = arith.cmpf ogt, %[[F]], %[[Z]] : vector<16xf32>
// CHECK-NEXT: %[[LAST2:.*]], %[[COUNTS2:.*]] = tpu.scan_count mask(%[[M]] : vector<16xi1>) value(%[[F]] : vector<16xf32>) : vector<16xi1>, vector<16xi32>
// CHECK-NEXT: %{{.*}} = arith.addi %[[COUNTS]], %[[COUNTS2]] : vector<16xi32>
// CHECK-NEXT: %{{.*}} = arith.andi %[[LAST]], %[[LAST2]] : vector<16xi1>
pallas.kernel @scan_count grid(1, 16) names("core", "subcore")
    scratch(%a: memref<16xf32, #pallas.memory_space<vmem>>, %ai: memref<16xi32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %f = pallas.load %a[] : memref<16xf32, #pallas.memory_space<vmem>> -> vector<16xf32>
  %i = pallas.load %ai[] : memref<16xi32, #pallas.memory_space<vmem>> -> vector<16xi32>
  %counts, %last = pallas.scan_count %i : vector<16xi32>
  %zero = arith.constant dense<0.0> : vector<16xf32>
  %m = arith.cmpf ogt, %f, %zero : vector<16xf32>
  %counts2, %last2 = pallas.scan_count %f mask(%m : vector<16xi1>) : vector<16xf32>
  %u1 = arith.addi %counts, %counts2 : vector<16xi32>
  %u2 = arith.andi %last, %last2 : vector<16xi1>
}

// -----

// take_along_axis -> tpu.dynamic_gather in [dim]; rev -> a gather at
// (n - 1) - iota; iota -> tpu.iota {dimensions = array<i32: d>}.

// CHECK-LABEL: module @gathers
// CHECK: %[[F:.*]] = vector.shape_cast %{{.*}} : vector<16xf32> to vector<16xf32>
// CHECK: %[[I:.*]] = vector.shape_cast %{{.*}} : vector<16xi32> to vector<16xi32>
// CHECK: %[[X:.*]] = vector.shape_cast %{{.*}} : vector<2x16xf32> to vector<2x16xf32>
// CHECK-NEXT: %[[G:.*]] = tpu.dynamic_gather %[[F]][%[[I]]] in [0] : vector<16xf32>, vector<16xi32> -> vector<16xf32>
// CHECK-NEXT: %[[L:.*]] = arith.constant 15 : i32
// CHECK-NEXT: %[[LV:.*]] = vector.broadcast %[[L]] : i32 to vector<16xi32>
// CHECK-NEXT: %[[IOTA:.*]] = tpu.iota {dimensions = array<i32: 0>} : vector<16xi32>
// CHECK-NEXT: %[[IDX:.*]] = arith.subi %[[LV]], %[[IOTA]] : vector<16xi32>
// CHECK-NEXT: %[[R:.*]] = tpu.dynamic_gather %[[F]][%[[IDX]]] in [0] : vector<16xf32>, vector<16xi32> -> vector<16xf32>
// CHECK-NEXT: %[[LANES:.*]] = tpu.iota {dimensions = array<i32: 0>} : vector<16xi32>
// CHECK-NEXT: %[[COLS:.*]] = tpu.iota {dimensions = array<i32: 1>} : vector<2x16xi32>
// CHECK-NEXT: %[[G2:.*]] = tpu.dynamic_gather %[[X]][%[[COLS]]] in [1] : vector<2x16xf32>, vector<2x16xi32> -> vector<2x16xf32>
// CHECK-NEXT: %{{.*}} = arith.addf %[[G]], %[[R]] : vector<16xf32>
// CHECK-NEXT: %{{.*}} = arith.addi %[[LANES]], %[[I]] : vector<16xi32>
// CHECK-NEXT: %{{.*}} = arith.addf %[[G2]], %[[X]] : vector<2x16xf32>
// CHECK-NOT: pallas.
pallas.kernel @gathers grid(1, 16) names("core", "subcore")
    scratch(%a: memref<16xf32, #pallas.memory_space<vmem>>, %ai: memref<16xi32, #pallas.memory_space<vmem>>,
            %t: memref<2x16xf32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %f = pallas.load %a[] : memref<16xf32, #pallas.memory_space<vmem>> -> vector<16xf32>
  %i = pallas.load %ai[] : memref<16xi32, #pallas.memory_space<vmem>> -> vector<16xi32>
  %x = pallas.load %t[] : memref<2x16xf32, #pallas.memory_space<vmem>> -> vector<2x16xf32>
  %g = pallas.take_along_axis %f, %i dim 0 : vector<16xf32>, vector<16xi32>
  %r = pallas.rev %f dims [0] : vector<16xf32>
  %lanes = pallas.iota dim 0 : vector<16xi32>
  %cols = pallas.iota dim 1 : vector<2x16xi32>
  %g2 = pallas.take_along_axis %x, %cols dim 1 : vector<2x16xf32>, vector<2x16xi32>
  %u1 = arith.addf %g, %r : vector<16xf32>
  %u2 = arith.addi %lanes, %i : vector<16xi32>
  %u3 = arith.addf %g2, %x : vector<2x16xf32>
}

// -----

// load_gather -> tpu.vector_load_idx base[idx...] (masked m);
// store_scatter -> tpu.vector_store_idx base[idx...], value (masked m)
// ({add = true} with {add}); subcore_barrier -> tpu.barrier barrier_id(0).

// CHECK-LABEL: module @indexed
// CHECK: func.func @indexed(%{{.*}}: i32, %{{.*}}: i32, %[[A:.*]]: memref<16xf32, #tpu.memory_space<vmem>>, %{{.*}}: memref<16xi32, #tpu.memory_space<vmem>>, %[[T:.*]]: memref<8x16xf32, #tpu.memory_space<vmem>>)
// CHECK: %[[F:.*]] = vector.shape_cast %{{.*}} : vector<16xf32> to vector<16xf32>
// CHECK: %[[I:.*]] = vector.shape_cast %{{.*}} : vector<16xi32> to vector<16xi32>
// CHECK-NEXT: %[[Z:.*]] = arith.constant dense<0> : vector<16xi32>
// CHECK-NEXT: %[[M:.*]] = arith.cmpi sge, %[[I]], %[[Z]] : vector<16xi32>
// CHECK-NEXT: %[[IOTA:.*]] = tpu.iota {dimensions = array<i32: 0>} : vector<16xi32>
// CHECK-NEXT: %[[G:.*]] = tpu.vector_load_idx %[[T]][%[[I]], %[[IOTA]]] masked %[[M]] : memref<8x16xf32, #tpu.memory_space<vmem>>[vector<16xi32>, vector<16xi32>], vector<16xf32>, vector<16xi1>
// CHECK-NEXT: %[[G1:.*]] = tpu.vector_load_idx %[[A]][%[[I]]] : memref<16xf32, #tpu.memory_space<vmem>>[vector<16xi32>], vector<16xf32>,{{ *$}}
// CHECK-NEXT: tpu.vector_store_idx %[[A]][%[[I]]], %[[G]] masked %[[M]] {add = true} : memref<16xf32, #tpu.memory_space<vmem>>[vector<16xi32>], vector<16xf32>, vector<16xi1>
// CHECK-NEXT: tpu.vector_store_idx %[[T]][%[[I]], %[[IOTA]]], %[[G1]] : memref<8x16xf32, #tpu.memory_space<vmem>>[vector<16xi32>, vector<16xi32>], vector<16xf32>,{{ *$}}
// CHECK-NEXT: %[[B:.*]] = arith.constant 0 : index
// CHECK-NEXT: tpu.barrier barrier_id(%[[B]])
// CHECK-NEXT: return
pallas.kernel @indexed grid(1, 16) names("core", "subcore")
    scratch(%a: memref<16xf32, #pallas.memory_space<vmem>>, %ai: memref<16xi32, #pallas.memory_space<vmem>>,
            %t: memref<8x16xf32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %f = pallas.load %a[] : memref<16xf32, #pallas.memory_space<vmem>> -> vector<16xf32>
  %i = pallas.load %ai[] : memref<16xi32, #pallas.memory_space<vmem>> -> vector<16xi32>
  %zero = arith.constant dense<0> : vector<16xi32>
  %m = arith.cmpi sge, %i, %zero : vector<16xi32>
  %io = pallas.iota dim 0 : vector<16xi32>
  %g = pallas.load_gather %t[%i, %io] mask(%m : vector<16xi1>) : memref<8x16xf32, #pallas.memory_space<vmem>>, vector<16xi32>, vector<16xi32> -> vector<16xf32>
  %g1 = pallas.load_gather %a[%i] : memref<16xf32, #pallas.memory_space<vmem>>, vector<16xi32> -> vector<16xf32>
  pallas.store_scatter %g, %a[%i] mask(%m : vector<16xi1>) {add} : vector<16xf32>, memref<16xf32, #pallas.memory_space<vmem>>, vector<16xi32>
  pallas.store_scatter %g1, %t[%i, %io] : vector<16xf32>, memref<8x16xf32, #pallas.memory_space<vmem>>, vector<16xi32>, vector<16xi32>
  pallas.subcore_barrier
}

// RUN: %pallas_opt %s --convert-pallas-to-sparsecore -split-input-file -verify-diagnostics

// Everything convert-pallas-to-sparsecore rejects, one case per rejection
// (src/conversion/pallas_to_sparsecore/checks.rs), reported before anything
// is rewritten.

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'pallas.kernel' op unknown mosaic_tpu.kernel_type "sc_tensor_subcore"; expected "tc", "sc_vector_subcore" or "sc_scalar_subcore"}}
pallas.kernel @k grid(1, 16) names("core", "subcore")
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_tensor_subcore"}}} {
  pallas.return
}

// -----

// expected-error @+1 {{the grid of a sc_vector_subcore kernel is its VectorSubcoreMesh: 2 static extent(s) (num_cores, num_subcores), got array<i64: 16>}}
pallas.kernel @k grid(16) names("subcore")
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  pallas.return
}

// -----

// expected-error @+1 {{the grid of a sc_scalar_subcore kernel is its ScalarSubcoreMesh: 1 static extent(s) (num_cores), got array<i64: 2, 16>}}
pallas.kernel @k grid(2, 16) names("core", "subcore")
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_scalar_subcore"}}} {
  pallas.return
}

// -----

// A dynamic extent is no mesh either.
// expected-error @+1 {{the grid of a sc_vector_subcore kernel is its VectorSubcoreMesh: 2 static extent(s) (num_cores, num_subcores), got array<i64: 1, -9223372036854775808>}}
pallas.kernel @k grid(1, ?) names("core", "subcore")
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  pallas.return
}

// -----

// expected-error @+1 {{'pallas.kernel' op VectorSubcoreMesh does not support dimension_semantics=}}
pallas.kernel @k grid(1, 16) names("core", "subcore") semantics(parallel, arbitrary)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  pallas.return
}

// -----

// The mesh's own semantics in the wrong order are not the mesh's.
// expected-error @+1 {{'pallas.kernel' op VectorSubcoreMesh does not support dimension_semantics=}}
pallas.kernel @k grid(1, 16) names("core", "subcore") semantics(subcore_parallel, core_parallel)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  pallas.return
}

// -----

// expected-error @+1 {{'pallas.kernel' op ScalarSubcoreMesh does not support dimension_semantics=}}
pallas.kernel @k grid(2) names("core") semantics(parallel)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_scalar_subcore"}}} {
  pallas.return
}

// -----

// expected-error @+1 {{'pallas.kernel' op Scalar prefetch not supported.}}
pallas.kernel @k grid(1, 16) names("core", "subcore")
    prefetch(%p: memref<4xi32>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  pallas.return
}

// -----

// expected-error @+1 {{'pallas.kernel' op Unsupported block dimension type: Squeezed for block shape: #pallas.block_spec<memref<4x8xf32> block [squeezed, 8] map affine_map<(d0, d1) -> (0, 0)>> (inputs[0])}}
pallas.kernel @k grid(1, 16) names("core", "subcore")
    ins(%x: memref<4x8xf32> block [squeezed, 8] map affine_map<(c, s) -> (0, 0)>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  pallas.return
}

// -----

// expected-error @+1 {{'pallas.kernel' op Unsupported block dimension type: Element { size: 16, pad_low: 0, pad_high: 0 } for block shape: #pallas.block_spec<memref<64x8xf32> block [element(16), 8] map affine_map<(d0, d1) -> (0, 0)> in vmem> (inputs[0])}}
pallas.kernel @k grid(1, 16) names("core", "subcore")
    ins(%x: memref<64x8xf32> block [element(16), 8] map affine_map<(c, s) -> (0, 0)> in vmem)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  pallas.return
}

// -----

// A block smaller than the array.
// expected-error @+1 {{'pallas.kernel' op SparseCore kernels take whole operands: the block spec of inputs[0] must be the whole array with a zero index map, got #pallas.block_spec<memref<16x8xf32> block [8, 8] map affine_map<(d0, d1) -> (0, 0)>>}}
pallas.kernel @k grid(1, 16) names("core", "subcore")
    ins(%x: memref<16x8xf32> block [8, 8] map affine_map<(c, s) -> (0, 0)>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  pallas.return
}

// -----

// The whole array, but at a block index that moves with the mesh.
// expected-error @+1 {{'pallas.kernel' op SparseCore kernels take whole operands: the block spec of outputs[0] must be the whole array with a zero index map, got #pallas.block_spec<memref<16x8xf32> block [16, 8] map affine_map<(d0) -> (d0, 0)> in vmem_shared>}}
pallas.kernel @k grid(1) names("core")
    outs(%o: memref<16x8xf32> block [16, 8] map affine_map<(c) -> (c, 0)> in vmem_shared)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_scalar_subcore"}}} {
  pallas.return
}

// -----

//===----------------------------------------------------------------------===//
// Ops without a SparseCore rule
//===----------------------------------------------------------------------===//

// JAX registers no SparseCore rule for these (the primitive's name in the
// message).
pallas.kernel @k grid(1, 16) names("core", "subcore")
    scratch(%a: memref<8xf32, #pallas.memory_space<vmem>>, %ai: memref<8xi32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %v = pallas.load %a[] : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
  %i = pallas.load %ai[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
  %m2 = arith.constant dense<1.0> : vector<8x8xf32>
  // expected-error @+1 {{'pallas.dot' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: dot_general.}}
  %d = pallas.dot %m2, %m2 : vector<8x8xf32>, vector<8x8xf32> -> vector<8x8xf32>
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{'pallas.roll' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: roll.}}
  %r = pallas.roll %v, %c1 axis 0 : vector<8xf32>
  // expected-error @+1 {{'pallas.reciprocal' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: reciprocal.}}
  %rc = pallas.reciprocal %v : vector<8xf32>
  // expected-error @+1 {{'pallas.repeat' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: tile.}}
  %rp = pallas.repeat %v dim 0 times 2 : vector<8xf32> -> vector<16xf32>
  // expected-error @+1 {{'pallas.bitcast' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: bitcast.}}
  %bc = pallas.bitcast %v : vector<8xf32> -> vector<8xi32>
  // expected-error @+1 {{'pallas.prng_seed' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: prng_seed.}}
  pallas.prng_seed %c1
  // expected-error @+1 {{'pallas.prng_random_bits' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: prng_random_bits.}}
  %rb = pallas.prng_random_bits : vector<8xi32>
  // expected-error @+1 {{'vector.transpose' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: transpose.}}
  %tr = vector.transpose %m2, [1, 0] : vector<8x8xf32> to vector<8x8xf32>
  %acc = arith.constant dense<0.0> : vector<8x8xf32>
  // expected-error @+1 {{'vector.contract' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: dot_general.}}
  %ct = vector.contract {indexing_maps = [affine_map<(i, j, k) -> (i, k)>, affine_map<(i, j, k) -> (k, j)>, affine_map<(i, j, k) -> (i, j)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %m2, %m2, %acc : vector<8x8xf32>, vector<8x8xf32> into vector<8x8xf32>
  // expected-error @+1 {{'math.sqrt' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: sqrt.}}
  %s0 = math.sqrt %v : vector<8xf32>
  // expected-error @+1 {{'math.rsqrt' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: rsqrt.}}
  %s1 = math.rsqrt %v : vector<8xf32>
  // expected-error @+1 {{'math.log' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: log.}}
  %s2 = math.log %v : vector<8xf32>
  // expected-error @+1 {{'math.log1p' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: log1p.}}
  %s3 = math.log1p %v : vector<8xf32>
  // expected-error @+1 {{'math.tanh' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: tanh.}}
  %s4 = math.tanh %v : vector<8xf32>
  // expected-error @+1 {{'math.sin' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: sin.}}
  %s5 = math.sin %v : vector<8xf32>
  // expected-error @+1 {{'math.cos' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: cos.}}
  %s6 = math.cos %v : vector<8xf32>
  // expected-error @+1 {{'math.tan' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: tan.}}
  %s7 = math.tan %v : vector<8xf32>
  // expected-error @+1 {{'math.atan2' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: atan2.}}
  %s8 = math.atan2 %v, %v : vector<8xf32>
  // expected-error @+1 {{'math.powf' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: pow.}}
  %s9 = math.powf %v, %v : vector<8xf32>
  // expected-error @+1 {{'math.exp2' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: exp2.}}
  %s10 = math.exp2 %v : vector<8xf32>
  // expected-error @+1 {{'math.erf' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: erf.}}
  %s11 = math.erf %v : vector<8xf32>
  // expected-error @+1 {{'math.round' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: round.}}
  %s12 = math.round %v : vector<8xf32>
  // expected-error @+1 {{'math.roundeven' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: round.}}
  %s13 = math.roundeven %v : vector<8xf32>
  // expected-error @+1 {{'math.ceil' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: ceil.}}
  %s14 = math.ceil %v : vector<8xf32>
  // expected-error @+1 {{'math.floor' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: floor.}}
  %s15 = math.floor %v : vector<8xf32>
  // expected-error @+1 {{'math.ctlz' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: clz.}}
  %s16 = math.ctlz %i : vector<8xi32>
  // expected-error @+1 {{'math.ctpop' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: population_count.}}
  %s17 = math.ctpop %i : vector<8xi32>
  // Both subcores have these.
  %e = math.exp %v : vector<8xf32>
  %ab = math.absf %v : vector<8xf32>
}

// -----

// The scalar subcore names itself in the message.
pallas.kernel @k grid(1) names("core")
    scratch(%sm: memref<8xf32, #pallas.memory_space<smem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_scalar_subcore"}}} {
  %c0 = arith.constant 0 : index
  %x = pallas.load %sm[%c0] : memref<8xf32, #pallas.memory_space<smem>> -> f32
  // expected-error @+1 {{'math.sqrt' op Unimplemented primitive in Pallas TPU lowering for sc_scalar_subcore: sqrt.}}
  %s = math.sqrt %x : f32
  %e = math.exp %x : f32
}

// -----

// The vector subcore's ops on the scalar subcore.
pallas.kernel @k grid(1) names("core")
    scratch(%sf: memref<8xf32, #pallas.memory_space<smem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_scalar_subcore"}}} {
  // expected-error @+1 {{'pallas.iota' op Unimplemented primitive in Pallas TPU lowering for sc_scalar_subcore: iota.}}
  %i = pallas.iota dim 0 : vector<8xi32>
  // expected-error @+1 {{'vector.reduction' op Unimplemented primitive in Pallas TPU lowering for sc_scalar_subcore: vector.reduction.}}
  %r = vector.reduction <add>, %i : vector<8xi32> into i32
  %f = arith.constant dense<1.0> : vector<8xf32>
  // expected-error @+1 {{'pallas.sort' op Unimplemented primitive in Pallas TPU lowering for sc_scalar_subcore: sort.}}
  %k, %v, %m = pallas.sort %f, %i : vector<8xf32>, vector<8xi32>
  // expected-error @+1 {{'pallas.cumulative' op Unimplemented primitive in Pallas TPU lowering for sc_scalar_subcore: cumulative.}}
  %cs = pallas.cumulative sum %f : vector<8xf32>
  // expected-error @+1 {{'pallas.scan_count' op Unimplemented primitive in Pallas TPU lowering for sc_scalar_subcore: scan_count.}}
  %n, %l = pallas.scan_count %i : vector<8xi32>
  // expected-error @+1 {{'pallas.take_along_axis' op Unimplemented primitive in Pallas TPU lowering for sc_scalar_subcore: take_along_axis.}}
  %t = pallas.take_along_axis %f, %i dim 0 : vector<8xf32>, vector<8xi32>
  // expected-error @+1 {{'pallas.rev' op Unimplemented primitive in Pallas TPU lowering for sc_scalar_subcore: rev.}}
  %rv = pallas.rev %f dims [0] : vector<8xf32>
  // expected-error @+1 {{'pallas.load_gather' op Unimplemented primitive in Pallas TPU lowering for sc_scalar_subcore: load_gather.}}
  %g = pallas.load_gather %sf[%i] : memref<8xf32, #pallas.memory_space<smem>>, vector<8xi32> -> vector<8xf32>
  // expected-error @+1 {{'pallas.store_scatter' op Unimplemented primitive in Pallas TPU lowering for sc_scalar_subcore: store_scatter.}}
  pallas.store_scatter %f, %sf[%i] : vector<8xf32>, memref<8xf32, #pallas.memory_space<smem>>, vector<8xi32>
}

// -----

// Pallas ops the SparseCore lowering has no rule for yet.
pallas.kernel @k grid(1, 16) names("core", "subcore")
    scratch(%a: memref<8xf32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %v = pallas.load %a[] : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
  // expected-error @+1 {{'pallas.atomic_rmw' op not yet supported: 'pallas.atomic_rmw' in the SparseCore lowering}}
  %ad = pallas.atomic_rmw add %v, %a[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
  // expected-error @+1 {{'pallas.debug_print' op not yet supported: 'pallas.debug_print' in the SparseCore lowering}}
  pallas.debug_print "x"
  // expected-error @+1 {{'pallas.concatenate' op not yet supported: 'pallas.concatenate' in the SparseCore lowering}}
  %cc = pallas.concatenate %v, %v dim 0 : vector<8xf32>, vector<8xf32> -> vector<16xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Ref accesses
//===----------------------------------------------------------------------===//

// No direct access to HBM or VMEM_SHARED: copy to VMEM first.
pallas.kernel @k grid(1, 16) names("core", "subcore")
    ins(%x: memref<8xf32> block [8] map affine_map<(c, s) -> (0)> in hbm)
    outs(%o: memref<8xf32> block [8] map affine_map<(c, s) -> (0)> in hbm)
    scratch(%sh: memref<8xf32, #pallas.memory_space<vmem_shared>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  // expected-error @+1 {{'pallas.load' op Get does not support loading from HBM. Copy the data to a core-local memory space, e.g. VMEM, via `pltpu.async_copy`.}}
  %h = pallas.load %x[] : memref<8xf32, #pallas.memory_space<hbm>> -> vector<8xf32>
  // expected-error @+1 {{'pallas.store' op Swap does not support storing to HBM. Copy the data to a core-local memory space, e.g. VMEM, via `pltpu.async_copy`.}}
  pallas.store %h, %o[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<hbm>>
  // expected-error @+1 {{'pallas.swap' op Swap does not support storing to HBM.}}
  %old = pallas.swap %h, %o[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<hbm>> -> vector<8xf32>
  // expected-error @+1 {{'pallas.load' op Get does not support loading from VMEM_SHARED. Copy the data to a core-local memory space, e.g. VMEM, via `pltpu.async_copy`.}}
  %s = pallas.load %sh[] : memref<8xf32, #pallas.memory_space<vmem_shared>> -> vector<8xf32>
  // expected-error @+1 {{'pallas.store' op Swap does not support storing to VMEM_SHARED.}}
  pallas.store %s, %sh[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem_shared>>
}

// -----

// Vectors never in SMEM, scalars only there.
pallas.kernel @k grid(1, 16) names("core", "subcore")
    scratch(%a: memref<8xf32, #pallas.memory_space<vmem>>, %sm: memref<8xf32, #pallas.memory_space<smem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  // expected-error @+1 {{'pallas.load' op Get only supports scalars in SMEM. Trying to access an array of shape [8] in SMEM.}}
  %v = pallas.load %sm[] : memref<8xf32, #pallas.memory_space<smem>> -> vector<8xf32>
  // expected-error @+1 {{'pallas.store' op Swap only supports scalars in SMEM. Trying to access an array of shape [8] in SMEM.}}
  pallas.store %v, %sm[] : vector<8xf32>, memref<8xf32, #pallas.memory_space<smem>>
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pallas.load' op Get only supports scalars in SMEM. Trying to access a scalar in VMEM.}}
  %x = pallas.load %a[%c0] : memref<8xf32, #pallas.memory_space<vmem>> -> f32
  // expected-error @+1 {{'pallas.store' op Swap only supports scalars in SMEM. Trying to access a scalar in VMEM.}}
  pallas.store %x, %a[%c0] : f32, memref<8xf32, #pallas.memory_space<vmem>>
}

// -----

// A mask selects the lanes that expand (load) or compress (store) on
// SparseCore: the attribute must say so.
pallas.kernel @k grid(1, 16) names("core", "subcore")
    scratch(%a: memref<8xf32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %v = pallas.load %a[] : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
  %z = arith.constant dense<0.0> : vector<8xf32>
  %m = arith.cmpf ogt, %v, %z : vector<8xf32>
  // expected-error @+1 {{'pallas.load' op a masked pallas.load on SparseCore expands lanes: mark it {expand} (JAX's select-style masked load is TensorCore-only)}}
  %ml = pallas.load %a[] mask(%m : vector<8xi1>) : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
  // expected-error @+1 {{'pallas.store' op a masked pallas.store on SparseCore compresses lanes: mark it {compress} (JAX's select-style masked store is TensorCore-only)}}
  pallas.store %v, %a[] mask(%m : vector<8xi1>) : vector<8xf32>, memref<8xf32, #pallas.memory_space<vmem>>
}

// -----

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

// vector.reduction reduces 1-D vectors only (a 2-D one is already rejected
// by vector.reduction's own verifier; a 0-D one reaches the pass).
pallas.kernel @k grid(1, 16) names("core", "subcore")
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %v = arith.constant dense<1.0> : vector<f32>
  // expected-error @+1 {{'vector.reduction' op reductions require axes to be (0,) on SparseCore, but got a rank-0 vector (reduce a 1-D vector).}}
  %r = vector.reduction <add>, %v : vector<f32> into f32
}

// -----

pallas.kernel @k grid(1, 16) names("core", "subcore")
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %m2 = arith.constant dense<1.0> : vector<8x8xf32>
  %z = arith.constant dense<0.0> : vector<8xf32>
  // expected-error @+1 {{'vector.multi_reduction' op not yet supported: vector.multi_reduction on SparseCore (reduce 1-D vectors with vector.reduction)}}
  %mr = vector.multi_reduction <add>, %m2, %z [1] : vector<8x8xf32> to vector<8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Indirect DMAs
//===----------------------------------------------------------------------===//

// A gather goes HBM/VMEM_SHARED -> VMEM, a scatter VMEM -> HBM/VMEM_SHARED;
// the indices are in VMEM.
pallas.kernel @k grid(1, 16) names("core", "subcore")
    ins(%x: memref<64x8xf32> block [64, 8] map affine_map<(c, s) -> (0, 0)> in hbm)
    outs(%o: memref<8x8xf32> block [8, 8] map affine_map<(c, s) -> (0, 0)> in hbm)
    scratch(%idx: memref<8xi32, #pallas.memory_space<vmem>>,
            %sidx: memref<8xi32, #pallas.memory_space<smem>>,
            %rows: memref<8x8xf32, #pallas.memory_space<vmem>>,
            %big: memref<64x8xf32, #pallas.memory_space<vmem>>,
            %sh: memref<64x8xf32, #pallas.memory_space<vmem_shared>>,
            %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  // expected-error @+1 {{'pallas.dma_start' op Scatter/gather via `pltpu.async_copy` from "hbm" to "hbm" is not supported}}
  pallas.dma_start %x -> %o, %sem[] offsets(%idx : memref<8xi32, #pallas.memory_space<vmem>>) : memref<64x8xf32, #pallas.memory_space<hbm>> -> memref<8x8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  // expected-error @+1 {{'pallas.dma_wait' op Scatter/gather via `pltpu.async_copy` from "vmem" to "vmem" is not supported}}
  pallas.dma_wait %big -> %rows, %sem[] offsets(%idx : memref<8xi32, #pallas.memory_space<vmem>>) : memref<64x8xf32, #pallas.memory_space<vmem>> -> memref<8x8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  // expected-error @+1 {{'pallas.dma_start' op Scatter/gather via `pltpu.async_copy` from "vmem_shared" to "hbm" is not supported}}
  pallas.dma_start %sh -> %o, %sem[] offsets(%idx : memref<8xi32, #pallas.memory_space<vmem>>) : memref<64x8xf32, #pallas.memory_space<vmem_shared>> -> memref<8x8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  // expected-error @+1 {{'pallas.dma_start' op DMAs with `add=True` are only supported between VMEM and HBM/VMEM_SHARED.Got (src, dst)=(vmem, vmem)}}
  pallas.dma_start %big -> %rows, %sem[] offsets(%idx : memref<8xi32, #pallas.memory_space<vmem>>) {add} : memref<64x8xf32, #pallas.memory_space<vmem>> -> memref<8x8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  // expected-error @+1 {{'pallas.dma_wait' op DMAs with `add=True` are only supported between VMEM and HBM/VMEM_SHARED.Got (src, dst)=(hbm, hbm)}}
  pallas.dma_wait %x -> %o, %sem[] offsets(%idx : memref<8xi32, #pallas.memory_space<vmem>>) {add} : memref<64x8xf32, #pallas.memory_space<hbm>> -> memref<8x8xf32, #pallas.memory_space<hbm>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  // expected-error @+1 {{'pallas.dma_start' op Indices for scatter/gather via `pltpu.async_copy` must be in VMEM, got "smem"}}
  pallas.dma_start %x -> %rows, %sem[] offsets(%sidx : memref<8xi32, #pallas.memory_space<smem>>) : memref<64x8xf32, #pallas.memory_space<hbm>> -> memref<8x8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
  // Index vectors are fine.
  %iv = pallas.load %idx[] : memref<8xi32, #pallas.memory_space<vmem>> -> vector<8xi32>
  pallas.dma_start %x -> %rows, %sem[] offsets(%iv : vector<8xi32>) : memref<64x8xf32, #pallas.memory_space<hbm>> -> memref<8x8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

// An indirect DMA cannot be remote. (pallas.dma_start's verifier already
// says so, before the pass's own check could.)
pallas.kernel @k grid(1, 16) names("core", "subcore")
    ins(%x: memref<64x8xf32> block [64, 8] map affine_map<(c, s) -> (0, 0)> in hbm)
    scratch(%idx: memref<8xi32, #pallas.memory_space<vmem>>,
            %rows: memref<8x8xf32, #pallas.memory_space<vmem>>,
            %sem: memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore", mesh_axes = ["x"], mesh_shape = array<i64: 4>}}} {
  %d = arith.constant 1 : i32
  // expected-error @+1 {{'pallas.dma_start' op an indirect DMA cannot be remote: offsets and device(...) exclude each other}}
  pallas.dma_start %x -> %rows, %sem[] offsets(%idx : memref<8xi32, #pallas.memory_space<vmem>>) device(%d) : memref<64x8xf32, #pallas.memory_space<hbm>> -> memref<8x8xf32, #pallas.memory_space<vmem>>, memref<!pallas.dma_semaphore, #pallas.memory_space<semaphore>>
}

// -----

// Only SparseCore kernels are checked: the TensorCore kernel next to the
// failing one is left to convert-pallas-to-tpu (which would reject its
// 8x64 block), and reports nothing here.
pallas.kernel @tc grid(2) ins(%x: memref<16x256xf32> block [8, 64] map affine_map<(i) -> (i, 0)>)
    outs(%o: memref<16x256xf32> block [8, 256] map affine_map<(i) -> (i, 0)>) {
  %v = pallas.load %x[] : memref<8x64xf32> -> vector<8x64xf32>
  %s = math.sqrt %v : vector<8x64xf32>
}
pallas.kernel @sc grid(1, 16) names("core", "subcore")
    scratch(%a: memref<8xf32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %v = pallas.load %a[] : memref<8xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
  // expected-error @+1 {{'math.sqrt' op Unimplemented primitive in Pallas TPU lowering for sc_vector_subcore: sqrt.}}
  %s = math.sqrt %v : vector<8xf32>
}

// -----

// Operands without a memory space are in HBM on SparseCore: a direct read
// is rejected as for `in hbm`.
pallas.kernel @hbm_default grid(1, 16) names("core", "subcore")
    ins(%x: memref<8xf32> block [8] map affine_map<(c, s) -> (0)>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  // expected-error @+1 {{'pallas.load' op Get does not support loading from HBM. Copy the data to a core-local memory space, e.g. VMEM, via `pltpu.async_copy`.}}
  %v = pallas.load %x[] : memref<8xf32> -> vector<8xf32>
  pallas.return
}

// -----

pallas.kernel @strided grid(1, 16) names("core", "subcore")
    scratch(%a: memref<16xf32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  // expected-error @+1 {{'pallas.load' op Get only supports slices with stride 1, got (2,)}}
  %v = pallas.load %a[0:8:2] : memref<16xf32, #pallas.memory_space<vmem>> -> vector<8xf32>
  pallas.return
}

// -----

pallas.kernel @scalar_add grid(1) names("core")
    scratch(%s: memref<4xi32, #pallas.memory_space<smem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_scalar_subcore"}}} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  // expected-error @+1 {{'pallas.store' op Swap does not support atomic scalar adds}}
  pallas.store %one, %s[%c0] {add} : i32, memref<4xi32, #pallas.memory_space<smem>>
  pallas.return
}

// -----

pallas.kernel @mul_reduction grid(1, 16) names("core", "subcore")
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %x = arith.constant dense<2.0> : vector<8xf32>
  // expected-error @+1 {{'vector.reduction' op not yet supported: <mul> reductions on SparseCore}}
  %r = vector.reduction <mul>, %x : vector<8xf32> into f32
  pallas.return
}

// -----

pallas.kernel @rev_2d grid(1, 16) names("core", "subcore")
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %x = arith.constant dense<2.0> : vector<2x8xf32>
  // expected-error @+1 {{'pallas.rev' op Invalid dimensions for SC lax.rev: (1,)}}
  %r = pallas.rev %x dims [1] : vector<2x8xf32>
  pallas.return
}

// -----

// Upstream vector loads and stores: the SparseCore lowering makes its
// tpu.vector_load/store from pallas.load/store only, and used to stop with
// a generic "failed to legalize operation 'vector.load'" (fuzz seed
// 20261126, from run_upstream_vector_access.mlir with its kernel_type
// mutated). Both kernel types, whatever memory the ref is in.
pallas.kernel @k grid(1)
    ins(%x: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>)
    outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_scalar_subcore"}}} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'vector.load' op not yet supported: 'vector.load' in the SparseCore lowering (load and store vectors with pallas.load / pallas.store)}}
  %v = vector.load %x[%c0, %c0] : memref<8x128xf32>, vector<4x128xf32>
  // expected-error @+1 {{'vector.store' op not yet supported: 'vector.store' in the SparseCore lowering (load and store vectors with pallas.load / pallas.store)}}
  vector.store %v, %o[%c0, %c0] : memref<8x128xf32>, vector<4x128xf32>
}

// -----

pallas.kernel @k grid(2, 16) names("core", "subcore")
    scratch(%s: memref<8x128xf32, #pallas.memory_space<vmem>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_vector_subcore"}}} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'vector.load' op not yet supported: 'vector.load' in the SparseCore lowering (load and store vectors with pallas.load / pallas.store)}}
  %v = vector.load %s[%c0, %c0] : memref<8x128xf32, #pallas.memory_space<vmem>>, vector<16xf32>
}

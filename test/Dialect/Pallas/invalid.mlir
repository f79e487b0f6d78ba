// RUN: %mlir_opt %s -split-input-file -verify-diagnostics

// One case per error of the pallas.kernel, pallas.index_map and pallas.call
// verifiers.

// expected-error @+1 {{grid extent 0 at axis 0 must be positive or dynamic ('?')}}
pallas.kernel @k grid(0) {
}

// -----

// expected-error @+1 {{grid_names has 1 entries but the grid has rank 2}}
pallas.kernel @k grid(2, 2) names("i") {
}

// -----

// expected-error @+1 {{grid name "i" appears more than once in grid_names}}
pallas.kernel @k grid(2, 2) names("i", "i") {
}

// -----

// expected-error @+1 {{dimension_semantics has 1 entries but the grid has rank 2}}
pallas.kernel @k grid(2, 2) semantics(parallel) {
}

// -----

// expected-error @+1 {{dimension_semantics[0] is "sequential"; expected parallel, arbitrary, core_parallel or subcore_parallel}}
pallas.kernel @k grid(2) semantics(sequential) {
}

// -----

// expected-error @+1 {{scalar_prefetch[0] must be a memref of integers, got memref<8xf32>}}
pallas.kernel @k grid(2) prefetch(%s: memref<8xf32>) {
}

// -----

// expected-error @+1 {{scalar_prefetch[0] must be in memory space smem (or none), got memref<8xi32, #pallas.memory_space<vmem>>}}
pallas.kernel @k grid(2) prefetch(%s: memref<8xi32, #pallas.memory_space<vmem>>) {
}

// -----

// expected-error @+1 {{inputs[0] has 1 block dims but its array memref<16x16xf32> has rank 2; block spec: #pallas.block_spec<memref<16x16xf32> block [16] map affine_map<(d0) -> (0)>>}}
pallas.kernel @k grid(1) ins(%x: memref<16x16xf32> block [16] map affine_map<(i) -> (0)>) {
}

// -----

// expected-error @+1 {{inputs[0] has negative element padding [-1, 0] at dim 0}}
pallas.kernel @k grid(1) ins(%x: memref<16xf32> block [element(8, pad = [-1, 0])] map affine_map<(i) -> (0)>) {
}

// -----

// expected-error @+1 {{outputs[0] has block size 0 at dim 0; block sizes must be positive}}
pallas.kernel @k grid(1) outs(%x: memref<16xf32> block [0] map affine_map<(i) -> (0)>) {
}

// -----

// expected-error @+1 {{inputs[0] has block size 32 at dim 0, larger than the array dim 16}}
pallas.kernel @k grid(1) ins(%x: memref<16xf32> block [element(32)] map affine_map<(i) -> (0)>) {
}

// -----

// expected-error @+1 {{inputs[0] has bounded block dims, which need a @symbol index map returning (start, size), not an affine map}}
pallas.kernel @k grid(1) ins(%x: memref<16xf32> block [bounded(8)] map affine_map<(i) -> (0)>) {
}

// -----

// expected-error @+1 {{inputs[0] index map (d0, d1) -> (0) takes 2 grid ids but the grid has rank 1}}
pallas.kernel @k grid(1) ins(%x: memref<16xf32> block [8] map affine_map<(i, j) -> (0)>) {
}

// -----

// expected-error @+1 {{inputs[0] index map (d0)[s0] -> (s0) must not have symbols}}
pallas.kernel @k grid(1) ins(%x: memref<16xf32> block [8] map affine_map<(i)[s] -> (s)>) {
}

// -----

// expected-error @+1 {{inputs[0] index map (d0) -> (d0) returns 1 values but the array has rank 2}}
pallas.kernel @k grid(1) ins(%x: memref<16x16xf32> block [8, 8] map affine_map<(i) -> (i)>) {
}

// -----

// expected-error @+1 {{inputs[0] index map (d0) -> (d0) can return block index 3 at dim 0, outside the valid range [0, 1]}}
pallas.kernel @k grid(4) ins(%x: memref<32xf32> block [16] map affine_map<(i) -> (i)>) {
}

// -----

// expected-error @+1 {{inputs[0] has buffer count -1; it must be positive}}
pallas.kernel @k grid(1) ins(%x: memref<16xf32> block [16] map affine_map<(i) -> (0)> buffers -1) {
}

// -----

// expected-error @+1 {{inputs[0] is in memory space hbm, which needs the whole array as block and an index map returning zeros}}
pallas.kernel @k grid(2) ins(%x: memref<32xf32> block [16] map affine_map<(i) -> (i)> in hbm) {
}

// -----

// expected-error @+1 {{body has 0 arguments but 0 prefetch + 1 inputs + 0 outputs need at least 1}}
"pallas.kernel"() <{grid = array<i64: 1>, in_specs = [#pallas.block_spec<memref<16xf32> block [16] map affine_map<(i) -> (0)>>], out_specs = [], scalar_prefetch = [], sym_name = "k"}> ({
  "pallas.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{body argument 0 has type memref<8xi16> but scalar_prefetch[0] is memref<8xi32>}}
"pallas.kernel"() <{grid = array<i64: 1>, in_specs = [], out_specs = [], scalar_prefetch = [memref<8xi32>], sym_name = "k"}> ({
^bb0(%s: memref<8xi16>):
  "pallas.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{inputs[0] has block ref type memref<8xf32> but body argument 0 has type memref<16xf32>}}
"pallas.kernel"() <{grid = array<i64: 2>, in_specs = [#pallas.block_spec<memref<16xf32> block [8] map affine_map<(i) -> (i)>>], out_specs = [], scalar_prefetch = [], sym_name = "k"}> ({
^bb0(%x: memref<16xf32>):
  "pallas.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{scratch[0] must be a memref, got i32}}
pallas.kernel @k grid(1) scratch(%s: i32) {
}

// -----

// expected-error @+1 {{scratch[1] is a barrier ref, which must be in memory space shared, got memref<2x!pallas.barrier, #pallas.memory_space<gmem>>}}
pallas.kernel @k grid(1) scratch(%a: memref<8xf32>, %s: memref<2x!pallas.barrier, #pallas.memory_space<gmem>>) {
}

// -----

// expected-error @+1 {{scratch[0] is a semaphore ref, which must be in memory space semaphore (TPU) or gmem (GPU), got memref<!pallas.dma_semaphore, #pallas.memory_space<vmem>>}}
pallas.kernel @k grid(1) scratch(%s: memref<!pallas.dma_semaphore, #pallas.memory_space<vmem>>) {
}

// -----

// expected-error @+1 {{scratch[0] is in memory space semaphore, which holds only semaphores, got memref<2xi32, #pallas.memory_space<semaphore>>}}
pallas.kernel @k grid(1) scratch(%s: memref<2xi32, #pallas.memory_space<semaphore>>) {
}

// -----

// expected-error @+1 {{input_output_aliases must hold (input, output) pairs, got 1 entries}}
"pallas.kernel"() <{grid = array<i64: 1>, in_specs = [], out_specs = [], scalar_prefetch = [], input_output_aliases = array<i64: 0>, sym_name = "k"}> ({
  "pallas.return"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{input_output_aliases maps 1 -> 0, but input index 1 is outside [0, 1) (inputs count prefetch ++ ins)}}
pallas.kernel @k grid(1)
    ins(%x: memref<16xf32> block [16] map affine_map<(i) -> (0)>)
    outs(%o: memref<16xf32> block [16] map affine_map<(i) -> (0)>)
    aliases(1 -> 0) {
}

// -----

// expected-error @+1 {{input_output_aliases maps 0 -> 1, but output index 1 is outside [0, 1)}}
pallas.kernel @k grid(1)
    ins(%x: memref<16xf32> block [16] map affine_map<(i) -> (0)>)
    outs(%o: memref<16xf32> block [16] map affine_map<(i) -> (0)>)
    aliases(0 -> 1) {
}

// -----

// expected-error @+1 {{input_output_aliases maps 0 -> 0, but input memref<16xf32> and output memref<16xi32> differ in shape or element type}}
pallas.kernel @k grid(1)
    ins(%x: memref<16xf32> block [16] map affine_map<(i) -> (0)>)
    outs(%o: memref<16xi32> block [16] map affine_map<(i) -> (0)>)
    aliases(0 -> 0) {
}

// -----

// expected-error @+1 {{input_output_aliases aliases input 0 more than once}}
pallas.kernel @k grid(1)
    ins(%x: memref<16xf32> block [16] map affine_map<(i) -> (0)>)
    outs(%o: memref<16xf32> block [16] map affine_map<(i) -> (0)>,
         %p: memref<16xf32> block [16] map affine_map<(i) -> (0)>)
    aliases(0 -> 0, 0 -> 1) {
}

// -----

// expected-error @+1 {{input_output_aliases aliases output 0 more than once}}
pallas.kernel @k grid(1)
    ins(%x: memref<16xf32> block [16] map affine_map<(i) -> (0)>,
        %y: memref<16xf32> block [16] map affine_map<(i) -> (0)>)
    outs(%o: memref<16xf32> block [16] map affine_map<(i) -> (0)>)
    aliases(0 -> 0, 1 -> 0) {
}

// -----

// expected-error @+1 {{compiler_params has an unknown backend 'cuda'; expected mosaic_tpu, mosaic_gpu or triton}}
pallas.kernel @k grid(1) attributes {compiler_params = {cuda = {}}} {
}

// -----

// expected-error @+1 {{compiler_params for 'mosaic_tpu' must be a dictionary, got 1 : i64}}
pallas.kernel @k grid(1) attributes {compiler_params = {mosaic_tpu = 1 : i64}} {
}

// -----

// expected-error @+1 {{cost_estimate field bytes_accessed must be non-negative, got -8}}
pallas.kernel @k grid(1) attributes {cost_estimate = #pallas.cost_estimate<flops = 1, transcendentals = 0, bytes_accessed = -8>} {
}

// -----

module {
  // expected-error @+1 {{inputs[0] index map @rows does not name a pallas.index_map}}
  pallas.kernel @k grid(1) ins(%x: memref<16xf32> block [16] map @rows) {
  }
  func.func @rows(%i: i32) -> i32 {
    return %i : i32
  }
}

// -----

module {
  // expected-error @+1 {{inputs[0] index map @rows takes (i32) but the kernel passes (i32, memref<4xi32>) (i32 grid ids, then the prefetch refs)}}
  pallas.kernel @k grid(1) prefetch(%s: memref<4xi32>) ins(%x: memref<16xf32> block [16] map @rows) {
  }
  pallas.index_map @rows(%i: i32) -> i32 {
    pallas.yield %i : i32
  }
}

// -----

module {
  // expected-error @+1 {{outputs[0] index map @rows returns 1 values but the block spec needs 2 (one per dim, two per bounded dim)}}
  pallas.kernel @k grid(1) outs(%x: memref<16xf32> block [bounded(8)] map @rows) {
  }
  pallas.index_map @rows(%i: i32) -> i32 {
    pallas.yield %i : i32
  }
}

// -----

func.func @host() {
  // expected-error @+1 {{@nothing does not name a pallas.kernel}}
  pallas.call @nothing() : () -> ()
  return
}

// -----

module {
  pallas.kernel @k grid(?) ins(%x: memref<16xf32> block [16] map affine_map<(i) -> (0)>) {
  }
  func.func @host(%x: memref<16xf32>) {
    // expected-error @+1 {{@k takes 2 operands (1 dynamic grid extents, 0 prefetch, 1 inputs, 0 outputs), got 1}}
    pallas.call @k(%x) : (memref<16xf32>) -> ()
    return
  }
}

// -----

module {
  pallas.kernel @k grid(?) ins(%x: memref<16xf32> block [16] map affine_map<(i) -> (0)>) {
  }
  func.func @host(%n: f32, %x: memref<16xf32>) {
    // expected-error @+1 {{operand 0 is the extent of dynamic grid axis 0 and must be an index or an integer, got f32}}
    pallas.call @k(%n, %x) : (f32, memref<16xf32>) -> ()
    return
  }
}

// -----

module {
  pallas.kernel @k grid(1) ins(%x: memref<16xf32> block [16] map affine_map<(i) -> (0)>) {
  }
  func.func @host(%x: memref<16xi32>) {
    // expected-error @+1 {{operand 0 (inputs[0] of @k) has type memref<16xi32> but the kernel declares memref<16xf32>}}
    pallas.call @k(%x) : (memref<16xi32>) -> ()
    return
  }
}

// -----

// On a declared mesh of D > 1 devices an operand may stack the D devices'
// arrays on a leading axis, and only D of them.
module {
  pallas.kernel @k grid(1) ins(%x: memref<16xf32> block [16] map affine_map<(i) -> (0)>)
      attributes {compiler_params = {mosaic_tpu = {mesh_axes = ["x"], mesh_shape = array<i64: 4>}}} {
  }
  func.func @host(%x: memref<2x16xf32>) {
    // expected-error @+1 {{operand 0 (inputs[0] of @k) has type memref<2x16xf32> but the kernel declares memref<16xf32> (or memref<4x...> stacking its 4 devices' arrays)}}
    pallas.call @k(%x) : (memref<2x16xf32>) -> ()
    return
  }
}

// -----

// Without a declared mesh (one may be given when lowering), the stacked
// operands agree on the number of devices.
module {
  pallas.kernel @k grid(1) ins(%x: memref<16xf32> block [16] map affine_map<(i) -> (0)>,
                               %y: memref<16xf32> block [16] map affine_map<(i) -> (0)>) {
  }
  func.func @host(%x: memref<2x16xf32>, %y: memref<4x16xf32>) {
    // expected-error @+1 {{operand 1 (inputs[1] of @k) has type memref<4x16xf32> but the kernel declares memref<16xf32>}}
    pallas.call @k(%x, %y) : (memref<2x16xf32>, memref<4x16xf32>) -> ()
    return
  }
}

// -----

// expected-error @+1 {{result 0 has type i64; index maps return i32 values}}
pallas.index_map @m(%i: i32) -> i64 {
  %c = arith.extsi %i : i32 to i64
  pallas.yield %c : i64
}

// -----

// expected-error @+1 {{argument 0 must be an i32 grid id or a prefetch memref, got index}}
pallas.index_map @m(%i: index) -> i32 {
  %c = arith.index_cast %i : index to i32
  pallas.yield %c : i32
}

// -----

// expected-error @+1 {{argument 1 is an i32 grid id after a prefetch ref; grid ids come first}}
pallas.index_map @m(%s: memref<4xi32>, %i: i32) -> i32 {
  pallas.yield %i : i32
}

// -----

// expected-error @+1 {{must have a body}}
pallas.index_map @m(%i: i32) -> i32

// -----

// expected-error @+1 {{body must end with pallas.yield, not llvm.unreachable}}
pallas.index_map @m(%i: i32) -> i32 {
  llvm.unreachable
}

// -----

// expected-error @+1 {{body yields (i32) but the index map returns (i32, i32)}}
pallas.index_map @m(%i: i32) -> (i32, i32) {
  pallas.yield %i : i32
}

// -----

// An operand's array type carries no memory space: the block's space is the
// spec's `in <space>` (a space on the array was ignored by every lowering).
// expected-error @+1 {{'pallas.kernel' op inputs[0] array type memref<16x128xf32, #pallas.memory_space<shared>> has a memory space; give the block's memory space with `in <space>`}}
pallas.kernel @k grid(2) ins(%x: memref<16x128xf32, #pallas.memory_space<shared>> block [8, 128] map affine_map<(i) -> (i, 0)>) {
  pallas.return
}

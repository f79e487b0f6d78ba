// RUN: %pallas_opt %s --convert-pallas-to-tpu -split-input-file -verify-diagnostics

// Memory limits (src/conversion/pallas_to_tpu/limits.rs) with the default
// target: the largest capacity of any generation in jaxlib 0.10.2's TPU
// info, VMEM 192 MiB = 201326592 bytes (TPU 8i), SMEM 1 MiB = 1048576
// bytes, HBM 309000000000 bytes (a whole TPU 8i). Figures worked out by
// hand: a window that moves counts 2 buffers (double buffering), one that
// never moves 1.

// (8192, 8192) f32 = 268435456 bytes per buffer, 2 buffers: 536870912.
// expected-error @+1 {{inputs[0] (block (8192, 8192) of f32, 2 buffers of 268435456 bytes) takes 536870912 bytes of VMEM: with it the kernel needs at least 536870912 bytes of VMEM, more than the 201326592 bytes of VMEM per TensorCore of the largest TPU (TPU 8i; the pass option chip=<generation> checks against another); its VMEM buffers: inputs[0] 536870912 = 536870912 bytes}}
pallas.kernel @k grid(2) ins(%x: memref<16384x8192xf32> block [8192, 8192] map affine_map<(i) -> (i, 0)>) {
  pallas.return
}

// -----

// Three moving windows of (4096, 4096) f32 = 67108864 bytes, 2 buffers
// each: 134217728 + 134217728 = 268435456 > 201326592 at inputs[1].
// expected-error @+1 {{inputs[1] (block (4096, 4096) of f32, 2 buffers of 67108864 bytes) takes 134217728 bytes of VMEM: with it the kernel needs at least 268435456 bytes of VMEM, more than the 201326592 bytes of VMEM per TensorCore of the largest TPU (TPU 8i; the pass option chip=<generation> checks against another); its VMEM buffers: inputs[0] 134217728, inputs[1] 134217728, outputs[0] 134217728 = 402653184 bytes}}
pallas.kernel @k grid(2) ins(%x: memref<8192x4096xf32> block [4096, 4096] map affine_map<(i) -> (i, 0)>,
                             %y: memref<8192x4096xf32> block [4096, 4096] map affine_map<(i) -> (i, 0)>)
                         outs(%o: memref<8192x4096xf32> block [4096, 4096] map affine_map<(i) -> (i, 0)>) {
  pallas.return
}

// -----

// vmem_limit_bytes = 1048576 is the limit: a (512, 512) f32 window of
// 1048576 bytes, 2 buffers.
// expected-error @+1 {{outputs[0] (block (512, 512) of f32, 2 buffers of 1048576 bytes) takes 2097152 bytes of VMEM: with it the kernel needs at least 2097152 bytes of VMEM, more than its compiler_params.mosaic_tpu.vmem_limit_bytes = 1048576; its VMEM buffers: outputs[0] 2097152 = 2097152 bytes}}
pallas.kernel @k grid(2) outs(%o: memref<1024x512xf32> block [512, 512] map affine_map<(i) -> (i, 0)>)
    attributes {compiler_params = {mosaic_tpu = {vmem_limit_bytes = 1048576 : i64}}} {
  pallas.return
}

// -----

// A limit no chip has: 1 GiB.
// expected-error @+1 {{compiler_params.mosaic_tpu.vmem_limit_bytes = 1073741824 is more than the 201326592 bytes of VMEM per TensorCore of the largest TPU (TPU 8i; the pass option chip=<generation> checks against another)}}
pallas.kernel @k grid(1) outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>)
    attributes {compiler_params = {mosaic_tpu = {vmem_limit_bytes = 1073741824 : i64}}} {
  pallas.return
}

// -----

// SMEM: the prefetch array (4 x i32 = 16 bytes) and 262144 x i32 of
// scratch (1048576 bytes) are 16 bytes over.
// expected-error @+1 {{scratch[0] (memref<262144xi32, #pallas.memory_space<smem>>) takes 1048576 bytes of SMEM: with it the kernel needs at least 1048592 bytes of SMEM, more than the 1048576 bytes of SMEM per TensorCore of the largest TPU (TPU 8i; the pass option chip=<generation> checks against another); its SMEM buffers: scalar_prefetch[0] 16, scratch[0] 1048576 = 1048592 bytes}}
pallas.kernel @k grid(1) prefetch(%p: memref<4xi32>)
    scratch(%s: memref<262144xi32, #pallas.memory_space<smem>>) {
  pallas.return
}

// -----

// Bools take a 32-bit word: (8192, 8192) i1 in VMEM scratch is 268435456
// bytes.
// expected-error @+1 {{scratch[0] (memref<8192x8192xi1, #pallas.memory_space<vmem>>) takes 268435456 bytes of VMEM}}
pallas.kernel @k grid(1) scratch(%s: memref<8192x8192xi1, #pallas.memory_space<vmem>>) {
  pallas.return
}

// -----

// Nested scoped allocations add up: 104857600 + 104857600 = 209715200
// bytes at the inner scope, reported at the outer one.
pallas.kernel @k grid(1) {
  // expected-error @+1 {{run_scoped (the allocations of this run_scoped and of the ones nested in it, at their deepest) takes 209715200 bytes of VMEM: with it the kernel needs at least 209715200 bytes of VMEM}}
  pallas.run_scoped {
  ^bb0(%a: memref<25600x1024xf32, #pallas.memory_space<vmem>>):
    pallas.run_scoped {
    ^bb0(%b: memref<25600x1024xf32, #pallas.memory_space<vmem>>):
      pallas.yield
    }
    pallas.yield
  }
  pallas.return
}

// -----

// A size past i64: 2^32 x 2^32 x 4 bytes.
// expected-error @+1 {{scratch[0] (memref<4294967296x4294967296xf32, #pallas.memory_space<vmem>>) has more than 2^63 - 1 bytes}}
pallas.kernel @k grid(1) scratch(%s: memref<4294967296x4294967296xf32, #pallas.memory_space<vmem>>) {
  pallas.return
}

// -----

pallas.kernel @k grid(1) {
  // expected-error @+1 {{scoped allocation 0 (memref<4294967296x4294967296xf32, #pallas.memory_space<vmem>>) has more than 2^63 - 1 bytes}}
  pallas.run_scoped {
  ^bb0(%a: memref<4294967296x4294967296xf32, #pallas.memory_space<vmem>>):
    pallas.yield
  }
  pallas.return
}

// -----

// An array no chip's HBM holds: 2^31 x 128 x 4 = 1099511627776 bytes.
// expected-error @+1 {{inputs[0]'s array memref<2147483648x128xf32> takes 1099511627776 bytes, more than the 309000000000 bytes of HBM of a whole chip of the largest TPU (TPU 8i; the pass option chip=<generation> checks against another)}}
pallas.kernel @k grid(1) ins(%x: memref<2147483648x128xf32> block [2147483648, 128] map affine_map<(i) -> (0, 0)> in any) {
  pallas.return
}

// -----

// A window past i64 in a memory without a capacity figure (shared VMEM): a
// (2^62, 8) f32 block over a 1 x 8 array (JAX pads oversized windows) is
// 2^67 bytes.
// expected-error @+1 {{inputs[0] (block (4611686018427387904, 8) of f32) has more than 2^63 - 1 bytes}}
pallas.kernel @k grid(1) ins(%x: memref<1x8xf32> block [4611686018427387904, 8] map affine_map<(i) -> (0, 0)> in vmem_shared) {
  pallas.return
}

// -----

// A vector value lives in vector registers and spills to VMEM: one larger
// than VMEM can never be held. (8192, 8192) f32 = 268435456 bytes.
pallas.kernel @k grid(1) {
  // expected-error @+1 {{'pallas.iota' op result #0 is a vector<8192x8192xi32> of 268435456 bytes (elements times their width, bools as 32-bit words), more than the 201326592 bytes of VMEM per TensorCore of the largest TPU (TPU 8i; the pass option chip=<generation> checks against another): no vector value that large can be held}}
  %i = pallas.iota dim 0 : vector<8192x8192xi32>
  pallas.return
}

// -----

// (4096, 12288) f32 = 201326592 bytes is the whole VMEM: accepted.
pallas.kernel @k grid(1) {
  %i = pallas.iota dim 0 : vector<4096x12288xi32>
  pallas.return
}

// -----

// Bools count as 32-bit words: (8192, 6145) x i1 = 201359360 bytes, over
// by 32768 (as bytes it would be 50339840 and fit).
pallas.kernel @k grid(1) {
  // expected-error @+1 {{'arith.constant' op result #0 is a vector<8192x6145xi1> of 201359360 bytes}}
  %m = arith.constant dense<true> : vector<8192x6145xi1>
  pallas.return
}

// -----

// 2^32 x 2^32 x i32: past i64 bytes.
pallas.kernel @k grid(1) {
  // expected-error @+1 {{'pallas.iota' op result #0 is a vector<4294967296x4294967296xi32> of more than 2^63 - 1 bytes}}
  %i = pallas.iota dim 0 : vector<4294967296x4294967296xi32>
  pallas.return
}

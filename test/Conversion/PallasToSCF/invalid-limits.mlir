// RUN: %pallas_opt %s --convert-pallas-to-scf -split-input-file -verify-diagnostics

// Size limits of the CPU reference (src/conversion/pallas_to_scf/limits.rs):
// vector values as the TPU passes bound them (at most the 192 MiB =
// 201326592 bytes of the largest TPU's VMEM, elements times their width,
// bools as 32 bits), at most 2^32 = 4294967296 bytes of windows, scratch and
// scoped allocations per kernel, and byte sizes within i64. Figures worked
// out by hand.

// 4096 x 12288 x 4 bytes = 201326592 is the most; 4096 x 12289 x 4 =
// 201342976 is over.
pallas.kernel @k grid(1) outs(%o: memref<4096x12288xi32> block [4096, 12288] map affine_map<(i) -> (0, 0)>) {
  %z = arith.constant dense<0> : vector<4096x12288xi32>
  pallas.store %z, %o[] : vector<4096x12288xi32>, memref<4096x12288xi32>
  // expected-error @+1 {{'pallas.iota' op result #0 is a vector<4096x12289xi32> of 201342976 bytes (elements times their width, bools as 32-bit words), more than the 201326592 bytes of VMEM per TensorCore of the largest TPU}}
  %i = pallas.iota dim 0 : vector<4096x12289xi32>
}

// -----

// Narrow elements: 201326592 x i8 is the most (one 1-D vector);
// 2^26 x 4-bit = 33554432 bytes fits too; bools count as 32 bits:
// 50331649 x i1 = 201326596 bytes is over.
pallas.kernel @k grid(1) {
  %a = pallas.iota dim 0 : vector<201326592xi8>
  %b = pallas.iota dim 0 : vector<67108864xi4>
  // expected-error @+1 {{'arith.constant' op result #0 is a vector<50331649xi1> of 201326596 bytes}}
  %m = arith.constant dense<true> : vector<50331649xi1>
}

// -----

// A vector whose byte count is past i64: 2^32 x 2^32.
pallas.kernel @k grid(1) {
  // expected-error @+1 {{'pallas.iota' op result #0 is a vector<4294967296x4294967296xi32> of more than 2^63 - 1 bytes}}
  %i = pallas.iota dim 0 : vector<4294967296x4294967296xi32>
}

// -----

// A 2^30 x f32 window (4294967296 bytes) is the whole bound; one more f32
// of scratch is over.
// expected-error @+1 {{scratch[0] memref<1xf32> (4 bytes) brings the buffers the CPU reference allocates for this kernel to 4294967300 bytes, more than the 4294967296 bytes of its pass option max-buffer-bytes (windows, scratch and scoped allocations of every simulated device and subcore, all held in the host's memory at once; raise the option on a host with more)}}
pallas.kernel @k grid(1) ins(%x: memref<1073741824xf32> block [1073741824] map affine_map<(i) -> (0)>)
    scratch(%s: memref<1xf32, #pallas.memory_space<vmem>>) {
  pallas.return
}

// -----

// Arrays in HBM/ANY are not allocated by the kernel: no bound but i64.
pallas.kernel @k grid(1) ins(%x: memref<1073741824x8xf32> block [1073741824, 8] map affine_map<(i) -> (0, 0)> in any) {
  pallas.return
}

// -----

// expected-error @+1 {{inputs[0]'s array memref<4611686018427387904xi32> has more than 2^63 - 1 bytes}}
pallas.kernel @k grid(1) ins(%x: memref<4611686018427387904xi32> block [4611686018427387904] map affine_map<(i) -> (0)> in any) {
  pallas.return
}

// -----

// A scoped allocation over the bound, reported at its run_scoped: the
// (8, 128) f32 window is 4096 bytes, the 2^32 bytes of i8 bring it to
// 4294971392.
pallas.kernel @k grid(1) outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>) {
  // expected-error @+1 {{scoped allocation 0 memref<4294967296xi8> (4294967296 bytes) brings the buffers the CPU reference allocates for this kernel to 4294971392 bytes}}
  pallas.run_scoped {
  ^bb0(%a: memref<4294967296xi8, #pallas.memory_space<vmem>>):
    pallas.yield
  }
  pallas.return
}

// -----

// A SparseCore kernel keeps a copy of its scratch semaphores per core (its
// first grid axis): 2^62 cores of one i32 counter is past i64 (a fuzzer
// mutant of run_sc_core_signal.mlir; this used to overflow in the lowering).
// expected-error @+1 {{scratch[0] memref<i32>, one per core of 4611686018427387904, has more than 2^63 - 1 bytes}}
pallas.kernel @k grid(4611686018427387904) names("core")
    outs(%o: memref<6xi32> block [6] map affine_map<(c) -> (0)> in hbm)
    scratch(%sem: memref<!pallas.semaphore, #pallas.memory_space<semaphore>>)
    attributes {compiler_params = {mosaic_tpu = {kernel_type = "sc_scalar_subcore"}}} {
  pallas.return
}

// RUN: %pallas_opt %s --convert-pallas-to-tpu=chip=v5e -split-input-file | FileCheck %s
// RUN: %pallas_opt %s --convert-pallas-to-tpu -split-input-file | FileCheck %s

// Kernels at the memory limits that fit (src/conversion/pallas_to_tpu/limits.rs):
// a TPU v5e has 128 MiB = 134217728 bytes of VMEM per TensorCore, the
// default target 192 MiB (TPU 8i).

// 16785408 bytes of moving windows: over a TPU v4's 16 MiB
// (invalid-limits-chip.mlir), well within a v5e's.
// CHECK-LABEL: module @fits
// CHECK: func.func @fits(
pallas.kernel @fits grid(4) ins(%x: memref<4096x1024xf32> block [1024, 1024] map affine_map<(i) -> (i, 0)>,
                                %y: memref<4096x1024xf32> block [1024, 1024] map affine_map<(i) -> (i, 0)>)
                            outs(%o: memref<32x128xf32> block [8, 128] map affine_map<(i) -> (i, 0)>) {
  pallas.return
}

// -----

// A window that never moves has one buffer: (8192, 4096) f32 is 134217728
// bytes, exactly a v5e's VMEM (two buffers would be twice that).
// CHECK-LABEL: module @once
// CHECK: func.func @once(
pallas.kernel @once grid(4) ins(%x: memref<8192x4096xf32> block [8192, 4096] map affine_map<(i) -> (0, 0)>) {
  pallas.return
}

// -----

// Sibling scopes do not overlap: 104857600 bytes at a time.
// CHECK-LABEL: module @siblings
// CHECK-COUNT-2: memref.alloca() : memref<25600x1024xf32, #tpu.memory_space<vmem>>
pallas.kernel @siblings grid(1) {
  pallas.run_scoped {
  ^bb0(%a: memref<25600x1024xf32, #pallas.memory_space<vmem>>):
    pallas.yield
  }
  pallas.run_scoped {
  ^bb0(%b: memref<25600x1024xf32, #pallas.memory_space<vmem>>):
    pallas.yield
  }
  pallas.return
}

// -----

// A moving window on a grid of one step has one buffer too:
// (4096, 8192) f32 is 134217728 bytes.
// CHECK-LABEL: module @one_step
// CHECK: func.func @one_step(
pallas.kernel @one_step grid(1) ins(%x: memref<8192x8192xf32> block [4096, 8192] map affine_map<(i) -> (i, 0)>) {
  pallas.return
}

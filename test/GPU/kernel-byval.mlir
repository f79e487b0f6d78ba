// pallas-gpu-kernel-byval: a kernel's byte-array argument that the body
// casts to !llvm.ptr (the TMA descriptors Mosaic GPU host code passes by
// value) becomes a byval pointer to a 64-byte aligned grid-constant
// parameter; other arguments, non-kernel functions and arrays read as values
// stay as they are.
// RUN: %mlir_opt %s --split-input-file -p 'builtin.module(pallas-gpu-kernel-byval)' | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @k {
    // CHECK-LABEL: llvm.func @kernel(
    // CHECK-SAME: %[[D:[a-z0-9]+]]: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<256 x i8>, nvvm.grid_constant},
    // CHECK-SAME: %[[N:[a-z0-9]+]]: i32 {llvm.noundef},
    // CHECK-SAME: %[[V:[a-z0-9]+]]: !llvm.array<16 x i8>)
    llvm.func @kernel(%desc: !llvm.array<256 x i8>, %n: i32 {llvm.noundef}, %v: !llvm.array<16 x i8>) attributes {gpu.kernel, nvvm.kernel} {
      // CHECK-NOT: unrealized_conversion_cast
      // CHECK: %[[SECOND:.*]] = llvm.getelementptr %[[D]][128] : (!llvm.ptr) -> !llvm.ptr, i8
      // CHECK: llvm.load %[[D]] : !llvm.ptr -> i64
      // CHECK: llvm.load %[[SECOND]] : !llvm.ptr -> i64
      // CHECK: llvm.extractvalue %[[V]][3]
      %p = builtin.unrealized_conversion_cast %desc : !llvm.array<256 x i8> to !llvm.ptr
      %q = builtin.unrealized_conversion_cast %desc : !llvm.array<256 x i8> to !llvm.ptr
      %second = llvm.getelementptr %q[128] : (!llvm.ptr) -> !llvm.ptr, i8
      %l1 = llvm.load %p : !llvm.ptr -> i64
      %l2 = llvm.load %second : !llvm.ptr -> i64
      %b = llvm.extractvalue %v[3] : !llvm.array<16 x i8>
      llvm.return
    }
    // A device function is not a launch's parameter list.
    // CHECK-LABEL: llvm.func @helper(%{{.*}}: !llvm.array<128 x i8>)
    llvm.func @helper(%a: !llvm.array<128 x i8>) {
      %p = builtin.unrealized_conversion_cast %a : !llvm.array<128 x i8> to !llvm.ptr
      %l3 = llvm.load %p : !llvm.ptr -> i64
      llvm.return
    }
  }
}

// -----

// The whole lowered module keeps its host side: the launch still passes the
// array by value (the driver copies its 128 bytes into the parameter).
// CHECK-LABEL: gpu.module @m
// CHECK: llvm.func @k(%{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant}) attributes {gpu.kernel, nvvm.kernel}
// CHECK: func.func @host(%[[A:.*]]: !llvm.array<128 x i8>)
// CHECK: gpu.launch_func @m::@k {{.*}} args(%[[A]] : !llvm.array<128 x i8>)
module attributes {gpu.container_module} {
  gpu.module @m {
    llvm.func @k(%d: !llvm.array<128 x i8>) attributes {gpu.kernel, nvvm.kernel} {
      %p = builtin.unrealized_conversion_cast %d : !llvm.array<128 x i8> to !llvm.ptr
      %l4 = llvm.load %p : !llvm.ptr -> i64
      llvm.return
    }
  }
  func.func @host(%a: !llvm.array<128 x i8>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @m::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : !llvm.array<128 x i8>)
    return
  }
}

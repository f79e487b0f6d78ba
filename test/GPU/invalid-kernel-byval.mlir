// pallas-gpu-kernel-byval refuses an argument that is both cast to a
// pointer and read as a value: it cannot be a byval pointer and an array.
// RUN: %mlir_opt %s -p 'builtin.module(pallas-gpu-kernel-byval)' --verify-diagnostics -o /dev/null

module attributes {gpu.container_module} {
  gpu.module @k {
    // expected-error @+1 {{'llvm.func' op not yet supported: kernel argument #1 is used both as a pointer to a by-value byte array (TMA descriptors) and as a value}}
    llvm.func @kernel(%n: i32, %desc: !llvm.array<256 x i8>) attributes {gpu.kernel, nvvm.kernel} {
      %p = builtin.unrealized_conversion_cast %desc : !llvm.array<256 x i8> to !llvm.ptr
      %l1 = llvm.load %p : !llvm.ptr -> i64
      %b = llvm.extractvalue %desc[0] : !llvm.array<256 x i8>
      llvm.return
    }
  }
}

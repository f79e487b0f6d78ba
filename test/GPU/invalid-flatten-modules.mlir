// pallas-gpu-flatten-modules merges only identical declarations: two kernel
// modules defining the same symbol differently are refused at the second.
// RUN: %mlir_opt %s -p 'builtin.module(pallas-gpu-flatten-modules)' --verify-diagnostics -o /dev/null

module {
  module @a {
    func.func @k_mosaic_gpu(%arg0: !llvm.ptr, %arg1: !llvm.ptr) {
      return
    }
  }
  module @b {
    // expected-error @+1 {{'func.func' op not yet supported: @k_mosaic_gpu is defined by two kernel modules (only identical declarations are merged)}}
    func.func @k_mosaic_gpu(%arg0: !llvm.ptr, %arg1: !llvm.ptr) {
      return
    }
  }
}

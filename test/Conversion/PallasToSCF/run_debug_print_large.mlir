// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf,%cpu_pipeline)' %s \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// pallas.debug_print of vectors of more than 4096 elements on the CPU:
// printed element by element from a buffer, in vector.print's format. The
// whole-vector vector.print flattened a 1024x128 vector into 2048 shuffles
// of 2^17 lanes (1.4 GB of LLVM dialect; fuzz seed 20261126, from
// test/Conversion/PallasToTPU/misc.mlir). Checked against the
// whole-vector form on 100x64 i32/f32/i1 and 5000-lane vectors: the same
// bytes. Here by hand: v[r, c] = 64 r + c over 80x64, m = (v mod 3 == 0)
// (i1 prints as 1/0), and a 2x3 splat that stays one vector.print.
// CHECK: v ( ( 0, 1, 2, 3, {{.*}}, 62, 63 ), ( 64, 65, {{.*}}, 127 ), {{.*}}, ( 5056, 5057, {{.*}}, 5118, 5119 ) )
// CHECK-NEXT: m ( ( 1, 0, 0, 1, 0, 0, 1, {{.*}}, 0, 1, 0 ), {{.*}} )
// CHECK-NEXT: small ( ( 2, 2, 2 ), ( 2, 2, 2 ) )

module {
  pallas.kernel @dp grid(1)
      outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>) {
    %r = pallas.iota dim 0 : vector<80x64xi32>
    %c = pallas.iota dim 1 : vector<80x64xi32>
    %k = arith.constant dense<64> : vector<80x64xi32>
    %rk = arith.muli %r, %k : vector<80x64xi32>
    %v = arith.addi %rk, %c : vector<80x64xi32>
    %three = arith.constant dense<3> : vector<80x64xi32>
    %rem = arith.remsi %v, %three : vector<80x64xi32>
    %z = arith.constant dense<0> : vector<80x64xi32>
    %m = arith.cmpi eq, %rem, %z : vector<80x64xi32>
    pallas.debug_print "v {}" (%v : vector<80x64xi32>)
    pallas.debug_print "m {}" (%m : vector<80x64xi1>)
    %s = arith.constant dense<2> : vector<2x3xi32>
    pallas.debug_print "small {}" (%s : vector<2x3xi32>)
  }

  func.func @main() {
    %o = memref.alloc() : memref<8x128xf32>
    pallas.call @dp(%o) : (memref<8x128xf32>) -> ()
    memref.dealloc %o : memref<8x128xf32>
    return
  }
}

// RUN: %mlir_opt -p 'builtin.module(convert-pallas-to-scf)' %s -o %t.mlir
// RUN: %mlir_opt -p 'builtin.module(%cpu_pipeline)' %t.mlir \
// RUN:   | %mlir_runner -e main -entry-point-result=void %runner_libs | FileCheck %s

// pallas.debug_print on the CPU reference: the format's pieces around the
// values, one line per call. The first RUN line writes the lowered module
// out and the second reads it back: the line's end is printed as a string,
// because a bare `vector.print` would take the value defined on the next
// line as its operand when parsed again.
// Grid step i prints pid=i off=8i end (by hand), then a "quoted" piece.

// CHECK:      pid=0 off=0 end
// CHECK-NEXT: "q" \ 0
// CHECK-NEXT: pid=1 off=8 end
// CHECK-NEXT: "q" \ 1
// CHECK-NEXT: pid=2 off=16 end
// CHECK-NEXT: "q" \ 2

module {
  pallas.kernel @k grid(3) {
    %pid = pallas.program_id 0
    %c8 = arith.constant 8 : i32
    %off = arith.muli %pid, %c8 : i32
    pallas.debug_print "pid={} off={} end" (%pid, %off : i32, i32)
    %again = arith.addi %pid, %c8 : i32
    pallas.debug_print "\"q\" \\ {}" (%pid : i32)
  }

  func.func @main() {
    pallas.call @k() : () -> ()
    return
  }
}

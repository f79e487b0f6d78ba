// fuzz reproducer: convert-pallas-to-scf: exit0-cpu-pipeline expected ':'
pallas.kernel @misc grid(4) {
  %pid = pallas.program_id 0
  %c8 = arith.constant 8 : i32
  %off = arith.muli %pid, %c8 : i32
  %m = pallas.multiple_of %off, 8 : i32
  pallas.debug_print "pid={} off={} end" (%pid, %m : i32, i32)
  pallas.named_scope "outer" {
    %a = arith.addi %pid, %c8 : i32
    pallas.named_scope "inner" {
    }
  }
}

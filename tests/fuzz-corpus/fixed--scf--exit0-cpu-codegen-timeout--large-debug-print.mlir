// fuzz reproducer: convert-pallas-to-scf: exit0-cpu-codegen timeout
// (seed 20261126, mutant 4647: test/Conversion/PallasToTPU/misc.mlir with
// its vector extents mutated.) A debug_print of a 1024x128 vector: the
// upstream lowering of vector.print flattened it into 2048 shuffles of
// 2^17 lanes (1.4 GB of LLVM dialect, mlir-translate past 20 s). Large
// vectors are now printed element by element from a buffer (13 KB).

pallas.kernel @misc grid(4) {
  %pid = pallas.program_id 0
  %c8 = arith.constant 8 : i32
  %off = arith.muli %pid, %c8 : i32
  %m = pallas.multiple_of %off, 8 : i32
  %idx = arith.index_cast %m : i32 to index
  %mi = pallas.multiple_of %idx, 16 : index
  pallas.debug_print "pid={} off={} end" (%pid, %m : i32, i32)
  pallas.debug_print "hello {{x}}"
  pallas.debug_print "set {{{}}}" (%pid : i32)
  %v = pallas.iota dim 1 : vector<1024x128xi32>
  pallas.debug_print "v = {}" (%v : vector<1024x128xi32>)
  pallas.prng_seed %pid, %c8
  %bits = pallas.prng_random_bits : vector<1024x128xi32>
  pallas.delay %c8
  pallas.named_scope "outer" {
    %a = arith.addi %pid, %c8 : i32
    pallas.named_scope "inner" {
      %b = arith.muli %a, %a : i32
    }
  }
  %sq, %sum = pallas.named_scope "stats" -> i32, i32 {
    %s = arith.muli %pid, %pid : i32
    %t = arith.addi %s, %pid : i32
    pallas.yield %s, %t : i32, i32
  }
  %diff = arith.subi %sq, %sum : i32
  pallas.return
}

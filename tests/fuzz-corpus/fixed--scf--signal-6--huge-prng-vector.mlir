// Fuzz reproducer of issue 12 (campaign seed 2024): a 2^31 x 128 vector; convert-pallas-to-scf aborted on an allocation failure (signal 6). Now the CPU reference's vector bound (the TPU passes' VMEM rule, 192 MiB, src/conversion/pallas_to_scf/limits.rs) rejects it at the op.
pallas.kernel @misc grid(4) {
  %pid = pallas.program_id 0
  %bits = pallas.prng_random_bits : vector<2147483648x128xi32>
  pallas.named_scope "outer" {
    pallas.named_scope "inner" {
    }
  }
  %sq, %sum = pallas.named_scope "stats" -> i32, i32 {
    %s = arith.muli %pid, %pid : i32
    %t = arith.addi %s, %pid : i32
    pallas.yield %s, %t : i32, i32
  }
}

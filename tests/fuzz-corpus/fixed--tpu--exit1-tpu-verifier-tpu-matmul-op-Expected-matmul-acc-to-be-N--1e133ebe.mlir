// Fuzz reproducer of issue 12 (campaign seed 1212 at a00736a, before main's TPU fixes were merged), where it gave the class named below; it must now pass every oracle.
// fuzz reproducer: convert-pallas-to-tpu: exit1-tpu-verifier 'tpu.matmul' op Expected matmul acc to be N-bit
pallas.kernel@dots{%i=arith.constant dense<1> : vector<16x128xi8> pallas.dot %i, %i {transpose_rhs} : vector<16x128xi8>, vector<16x128xi8> -> vector<16x16xi4>
}

// fuzz reproducer: convert-pallas-to-tpu: panic src/conversion/pallas_to_tpu/checks.rs: attempt to calculate the remainder with a divisor of zero
pallas.kernel @k grid(2)
    ins(%a: memref<20x128xbf16> block [element(16, pad = [4, 4]), 128] map affine_map<(i) -> (i * 8, 0)>,
        %h: memref<20xi64> block [16] map affine_map<(i) -> (i)>,
        %e: memref<20xf8E4M3FN> block [16] map affine_map<(i) -> (i)>)
    outs(%o: memref<20xi8> block [16] map affine_map<(i) -> (i)>) {
}

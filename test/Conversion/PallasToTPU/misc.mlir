// RUN: %pallas_opt %s --convert-pallas-to-tpu | FileCheck %s

// CHECK-LABEL: module @misc
pallas.kernel @misc grid(4) {
  %pid = pallas.program_id 0
  // CHECK: %[[M:.*]] = tpu.assume_multiple %{{.*}}, 8 : i32
  %c8 = arith.constant 8 : i32
  %off = arith.muli %pid, %c8 : i32
  %m = pallas.multiple_of %off, 8 : i32
  // CHECK: tpu.assume_multiple %{{.*}}, 16 : index
  %idx = arith.index_cast %m : i32 to index
  %mi = pallas.multiple_of %idx, 16 : index
  // Placeholders become $0, $1, ...; no $N after trailing text.
  // CHECK: tpu.log "pid=$0 off=$1 end" {formatted = true} : [%arg0, %[[M]]] : i32, i32
  pallas.debug_print "pid={} off={} end" (%pid, %m : i32, i32)
  // Without placeholders the text is passed verbatim, unformatted.
  // CHECK: tpu.log "hello {{[{][{]}}x{{[}][}]}}"
  // CHECK-NOT: formatted
  pallas.debug_print "hello {{x}}"
  // Escaped braces with a placeholder.
  // CHECK: tpu.log "set {$0}" {formatted = true} : [%arg0] : i32
  pallas.debug_print "set {{{}}}" (%pid : i32)
  // A vector is logged from a VMEM copy.
  // CHECK: "tpu.region"() ({
  // CHECK:   %[[A:.*]] = memref.alloca() : memref<8x128xi32, #tpu.memory_space<vmem>>
  // CHECK:   %[[Z:.*]] = arith.constant 0 : index
  // CHECK:   vector.store %{{.*}}, %[[A]][%[[Z]], %[[Z]]] : memref<8x128xi32, #tpu.memory_space<vmem>>, vector<8x128xi32>
  // CHECK:   tpu.log_buffer "v = " {shape = array<i64: 8, 128>} : %[[A]] : memref<8x128xi32, #tpu.memory_space<vmem>>
  // CHECK:   tpu.yield
  // CHECK: }) : () -> ()
  %v = pallas.iota dim 1 : vector<8x128xi32>
  pallas.debug_print "v = {}" (%v : vector<8x128xi32>)
  // CHECK: "tpu.prng_set_seed_32"(%arg0, %{{.*}}) : (i32, i32) -> ()
  pallas.prng_seed %pid, %c8
  // CHECK: "tpu.prng_random_bits"() : () -> vector<8x128xi32>
  %bits = pallas.prng_random_bits : vector<8x128xi32>
  // CHECK: tpu.delay %{{.*}}
  pallas.delay %c8
  // CHECK: "tpu.trace_start"() <{level = 10 : i32, message = "outer"}> : () -> ()
  // CHECK-NEXT: arith.addi
  // CHECK-NEXT: "tpu.trace_start"() <{level = 10 : i32, message = "inner"}> : () -> ()
  // CHECK-NEXT: arith.muli
  // CHECK-NEXT: "tpu.trace_stop"() : () -> ()
  // CHECK-NEXT: "tpu.trace_stop"() : () -> ()
  pallas.named_scope "outer" {
    %a = arith.addi %pid, %c8 : i32
    pallas.named_scope "inner" {
      %b = arith.muli %a, %a : i32
    }
  }
  // A scope's results are what its region yields; they are used after the
  // scope ends.
  // CHECK-NEXT: "tpu.trace_start"() <{level = 10 : i32, message = "stats"}> : () -> ()
  // CHECK-NEXT: %[[SQ:.*]] = arith.muli %arg0, %arg0 : i32
  // CHECK-NEXT: %[[SUM:.*]] = arith.addi %[[SQ]], %arg0 : i32
  // CHECK-NEXT: "tpu.trace_stop"() : () -> ()
  // CHECK-NEXT: arith.subi %[[SQ]], %[[SUM]] : i32
  // CHECK-NEXT: return
  %sq, %sum = pallas.named_scope "stats" -> i32, i32 {
    %s = arith.muli %pid, %pid : i32
    %t = arith.addi %s, %pid : i32
    pallas.yield %s, %t : i32, i32
  }
  %diff = arith.subi %sq, %sum : i32
  pallas.return
}

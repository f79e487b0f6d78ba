// RUN: %pallas_opt %s --convert-pallas-to-tpu | FileCheck %s

// Compute JAX 0.10.2 emits one to one stays as written.
// CHECK-LABEL: module @same
pallas.kernel @same grid(1) {
  %x = arith.constant dense<1.5> : vector<8x128xf32>
  %h = arith.constant dense<1.5> : vector<8x128xbf16>
  %i = arith.constant dense<3> : vector<8x128xi32>
  // CHECK: arith.addf
  // CHECK-NEXT: math.exp
  // CHECK-NEXT: math.exp2
  // CHECK-NEXT: math.erf
  // CHECK-NEXT: math.atan2
  // CHECK-NEXT: math.roundeven
  // CHECK-NEXT: math.ctpop
  // CHECK-NEXT: arith.extf
  // CHECK-NEXT: arith.fptosi
  // CHECK-NEXT: arith.sitofp
  // CHECK-NEXT: arith.maximumf
  // CHECK-NEXT: arith.cmpf ogt
  // CHECK-NEXT: arith.select
  %0 = arith.addf %x, %x : vector<8x128xf32>
  %1 = math.exp %0 : vector<8x128xf32>
  %2 = math.exp2 %1 : vector<8x128xf32>
  %3 = math.erf %2 : vector<8x128xf32>
  %4 = math.atan2 %3, %x : vector<8x128xf32>
  %5 = math.roundeven %4 : vector<8x128xf32>
  %6 = math.ctpop %i : vector<8x128xi32>
  %7 = arith.extf %h : vector<8x128xbf16> to vector<8x128xf32>
  %8 = arith.fptosi %7 : vector<8x128xf32> to vector<8x128xi32>
  %9 = arith.sitofp %8 : vector<8x128xi32> to vector<8x128xf32>
  %10 = arith.maximumf %9, %5 : vector<8x128xf32>
  %c = arith.cmpf ogt, %10, %x : vector<8x128xf32>
  %11 = arith.select %c, %10, %x : vector<8x128xi1>, vector<8x128xf32>
  pallas.return
}

// Rewrites to what JAX emits.
// CHECK-LABEL: module @rewrites
// (Inputs are not constants: the conversion would fold the rewritten ops.)
pallas.kernel @rewrites grid(1) {
  %i = pallas.iota dim 1 : vector<8x128xi32>
  %x = arith.sitofp %i : vector<8x128xi32> to vector<8x128xf32>
  %pid = pallas.program_id 0
  %s = arith.sitofp %pid : i32 to f32
  // neg_p is sub(0, x).
  // CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
  // CHECK: %[[ZB:.*]] = vector.broadcast %[[Z]] : f32 to vector<8x128xf32>
  // CHECK: arith.subf %[[ZB]], %{{.*}} : vector<8x128xf32>
  %n = arith.negf %x : vector<8x128xf32>
  // CHECK: %[[ZS:.*]] = arith.constant 0.000000e+00 : f32
  // CHECK: arith.subf %[[ZS]], %{{.*}} : f32
  %ns = arith.negf %s : f32
  // integer_pow x**5: x*x, (x*x)*(x*x), x*x^4.
  // CHECK: %[[X2:.*]] = arith.mulf %[[X:.*]], %[[X]] : vector<8x128xf32>
  // CHECK: %[[X4:.*]] = arith.mulf %[[X2]], %[[X2]] : vector<8x128xf32>
  // CHECK: arith.mulf %[[X]], %[[X4]] : vector<8x128xf32>
  %c5 = arith.constant dense<5> : vector<8x128xi32>
  %p = math.fpowi %x, %c5 : vector<8x128xf32>, vector<8x128xi32>
  // x**-2 = 1 / (x*x)
  // CHECK: %[[Y2:.*]] = arith.mulf %{{.*}}, %{{.*}} : f32
  // CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
  // CHECK: arith.divf %[[ONE]], %[[Y2]] : f32
  %cm2 = arith.constant -2 : i32
  %ps = math.fpowi %s, %cm2 : f32, i32
  // x**0 is a splat of one.
  // CHECK: arith.constant dense<1> : vector<8x128xi32>
  %c0v = arith.constant dense<0> : vector<8x128xi32>
  %pi = math.ipowi %i, %c0v : vector<8x128xi32>
  // CHECK: %[[I3:.*]] = arith.muli %[[I:.*]], %[[I]] : vector<8x128xi32>
  // CHECK: arith.muli %[[I]], %[[I3]] : vector<8x128xi32>
  %c3v = arith.constant dense<3> : vector<8x128xi32>
  %pi3 = math.ipowi %i, %c3v : vector<8x128xi32>
  // pow with a runtime integer exponent: sitofp + powf.
  // CHECK: %[[E:.*]] = arith.sitofp %{{.*}} : vector<8x128xi32> to vector<8x128xf32>
  // CHECK: math.powf %{{.*}}, %[[E]] : vector<8x128xf32>
  %pr = math.fpowi %x, %i : vector<8x128xf32>, vector<8x128xi32>
  // is_finite: tpu.weird, then not.
  // CHECK: %[[W:.*]] = tpu.weird %{{.*}} : vector<8x128xf32> -> vector<8x128xi1>
  // CHECK: %[[T:.*]] = arith.constant dense<true> : vector<8x128xi1>
  // CHECK: arith.xori %[[W]], %[[T]] : vector<8x128xi1>
  %f = math.isfinite %x : vector<8x128xf32>
  // A vector bitcast is tpu.bitcast.
  // CHECK: tpu.bitcast %{{.*}} : vector<8x128xf32> -> vector<8x128xi32>
  %bc = arith.bitcast %x : vector<8x128xf32> to vector<8x128xi32>
  // bool -> float goes through i32.
  // CHECK: %[[BI:.*]] = arith.extui %{{.*}} : vector<8x128xi1> to vector<8x128xi32>
  // CHECK: arith.sitofp %[[BI]] : vector<8x128xi32> to vector<8x128xf32>
  %bf = arith.uitofp %f : vector<8x128xi1> to vector<8x128xf32>
  // CHECK: %[[BI2:.*]] = arith.extui %{{.*}} : vector<8x128xi1> to vector<8x128xi32>
  // CHECK: %[[BF2:.*]] = arith.sitofp %[[BI2]] : vector<8x128xi32> to vector<8x128xf32>
  // CHECK: arith.truncf %[[BF2]] : vector<8x128xf32> to vector<8x128xbf16>
  %bh = arith.uitofp %f : vector<8x128xi1> to vector<8x128xbf16>
  pallas.return
}

// Boolean compares are xor/and/or (false < true).
// CHECK-LABEL: module @bool_cmp
pallas.kernel @bool_cmp grid(1) {
  %i = pallas.iota dim 1 : vector<8x128xi32>
  %x = arith.sitofp %i : vector<8x128xi32> to vector<8x128xf32>
  %y = arith.constant dense<0.5> : vector<8x128xf32>
  %a = arith.cmpf ogt, %x, %y : vector<8x128xf32>
  %b = arith.cmpf olt, %x, %y : vector<8x128xf32>
  // CHECK: %[[A:.*]] = arith.cmpf ogt
  // CHECK: %[[B:.*]] = arith.cmpf olt
  // eq = !(a ^ b)
  // CHECK: %[[D:.*]] = arith.xori %[[A]], %[[B]] : vector<8x128xi1>
  // CHECK: %[[T:.*]] = arith.constant dense<true> : vector<8x128xi1>
  // CHECK: arith.xori %[[D]], %[[T]] : vector<8x128xi1>
  %eq = arith.cmpi eq, %a, %b : vector<8x128xi1>
  // ne = a ^ b
  // CHECK: arith.xori %[[A]], %[[B]] : vector<8x128xi1>
  %ne = arith.cmpi ne, %a, %b : vector<8x128xi1>
  // ult = !a & b
  // CHECK: %[[T2:.*]] = arith.constant dense<true> : vector<8x128xi1>
  // CHECK: %[[NA:.*]] = arith.xori %[[A]], %[[T2]] : vector<8x128xi1>
  // CHECK: arith.andi %[[NA]], %[[B]] : vector<8x128xi1>
  %lt = arith.cmpi ult, %a, %b : vector<8x128xi1>
  // slt sees true as -1: a & !b
  // CHECK: %[[T3:.*]] = arith.constant dense<true> : vector<8x128xi1>
  // CHECK: %[[NB:.*]] = arith.xori %[[B]], %[[T3]] : vector<8x128xi1>
  // CHECK: arith.andi %[[A]], %[[NB]] : vector<8x128xi1>
  %slt = arith.cmpi slt, %a, %b : vector<8x128xi1>
  // uge = a | !b
  // CHECK: %[[T4:.*]] = arith.constant dense<true> : vector<8x128xi1>
  // CHECK: %[[NB2:.*]] = arith.xori %[[B]], %[[T4]] : vector<8x128xi1>
  // CHECK: arith.ori %[[A]], %[[NB2]] : vector<8x128xi1>
  %ge = arith.cmpi uge, %a, %b : vector<8x128xi1>
  // CHECK-NOT: arith.cmpi
  pallas.return
}

// Reductions: identities typed with the element type (bf16 -inf is 0xFF80),
// i32 reductions as in JAX 0.10.2, reductions to a scalar in JAX's keepdims
// form, and non-identity accumulators combined after the reduction.
// CHECK-LABEL: module @reductions
pallas.kernel @reductions grid(1) {
  %x = arith.constant dense<1.5> : vector<8x128xf32>
  %h = arith.constant dense<1.5> : vector<8x128xbf16>
  %i = arith.constant dense<3> : vector<8x128xi32>
  // An identity accumulator stays.
  // CHECK: %[[NI:.*]] = arith.constant dense<0xFF800000> : vector<8xf32>
  // CHECK: vector.multi_reduction <maximumf>, %{{.*}}, %[[NI]] [1] : vector<8x128xf32> to vector<8xf32>
  %ninf = arith.constant dense<0xFF800000> : vector<8xf32>
  %m = vector.multi_reduction <maximumf>, %x, %ninf [1] : vector<8x128xf32> to vector<8xf32>
  // bf16 max with a zero accumulator: a bf16 -inf identity, then max with 0.
  // CHECK: %[[HZ:.*]] = arith.constant dense<0.000000e+00> : vector<8xbf16>
  // CHECK: %[[HI:.*]] = arith.constant dense<0xFF80> : vector<8xbf16>
  // CHECK: %[[HR:.*]] = vector.multi_reduction <maximumf>, %{{.*}}, %[[HI]] [1] : vector<8x128xbf16> to vector<8xbf16>
  // CHECK: arith.maximumf %[[HR]], %[[HZ]] : vector<8xbf16>
  %hz = arith.constant dense<0.0> : vector<8xbf16>
  %hm = vector.multi_reduction <maximumf>, %h, %hz [1] : vector<8x128xbf16> to vector<8xbf16>
  // bf16 min: +inf is 0x7F80.
  // CHECK: %[[HP:.*]] = arith.constant dense<0x7F80> : vector<128xbf16>
  // CHECK: vector.multi_reduction <minimumf>, %{{.*}}, %[[HP]] [0] : vector<8x128xbf16> to vector<128xbf16>
  %hinf = arith.constant dense<0x7F80> : vector<128xbf16>
  %hn = vector.multi_reduction <minimumf>, %h, %hinf [0] : vector<8x128xbf16> to vector<128xbf16>
  // i32 sum.
  // CHECK: %[[IZ:.*]] = arith.constant dense<0> : vector<8xi32>
  // CHECK: vector.multi_reduction <add>, %{{.*}}, %[[IZ]] [1] : vector<8x128xi32> to vector<8xi32>
  %iz = arith.constant dense<0> : vector<8xi32>
  %is = vector.multi_reduction <add>, %i, %iz [1] : vector<8x128xi32> to vector<8xi32>
  // A -0.0 sum accumulator is not the identity (compared bit for bit): the
  // reduction starts from 0.0 and the accumulator is added afterwards.
  // CHECK: %[[NZ:.*]] = arith.constant dense<-0.000000e+00> : vector<8xf32>
  // CHECK: %[[PZ:.*]] = arith.constant dense<0.000000e+00> : vector<8xf32>
  // CHECK: %[[NR:.*]] = vector.multi_reduction <add>, %{{.*}}, %[[PZ]] [1] : vector<8x128xf32> to vector<8xf32>
  // CHECK: arith.addf %[[NR]], %[[NZ]] : vector<8xf32>
  %nz = arith.constant dense<-0.0> : vector<8xf32>
  %ns = vector.multi_reduction <add>, %x, %nz [1] : vector<8x128xf32> to vector<8xf32>
  // i32 max from INT32_MIN: the identity, kept.
  // CHECK: %[[IM:.*]] = arith.constant dense<-2147483648> : vector<8xi32>
  // CHECK-NEXT: vector.multi_reduction <maxsi>, %{{.*}}, %[[IM]] [1] : vector<8x128xi32> to vector<8xi32>
  %imin = arith.constant dense<-2147483648> : vector<8xi32>
  %im = vector.multi_reduction <maxsi>, %i, %imin [1] : vector<8x128xi32> to vector<8xi32>
  // Sum of everything to a scalar (jnp.sum(x)).
  // CHECK: %[[L:.*]] = vector.shape_cast %{{.*}} : vector<8x128xf32> to vector<1x8x128xf32>
  // CHECK: %[[SZ:.*]] = arith.constant dense<0.000000e+00> : vector<1xf32>
  // CHECK: %[[SR:.*]] = vector.multi_reduction <add>, %[[L]], %[[SZ]] [1, 2] : vector<1x8x128xf32> to vector<1xf32>
  // CHECK: %[[K:.*]] = vector.shape_cast %[[SR]] : vector<1xf32> to vector<1x1x1xf32>
  // CHECK: vector.extract %[[K]][0, 0, 0] : f32 from vector<1x1x1xf32>
  %zero = arith.constant 0.0 : f32
  %all = vector.multi_reduction <add>, %x, %zero [0, 1] : vector<8x128xf32> to f32
  // vector.reduction with an accumulator: the same form, then combined.
  // CHECK: %[[L1:.*]] = vector.shape_cast %{{.*}} : vector<128xf32> to vector<1x128xf32>
  // CHECK: %[[MI:.*]] = arith.constant dense<0x7F800000> : vector<1xf32>
  // CHECK: %[[R1:.*]] = vector.multi_reduction <minimumf>, %[[L1]], %[[MI]] [1] : vector<1x128xf32> to vector<1xf32>
  // CHECK: %[[K1:.*]] = vector.shape_cast %[[R1]] : vector<1xf32> to vector<1x1xf32>
  // CHECK: %[[E1:.*]] = vector.extract %[[K1]][0, 0] : f32 from vector<1x1xf32>
  // CHECK: arith.minimumf %[[E1]], %{{.*}} : f32
  %row = vector.extract %x[0] : vector<128xf32> from vector<8x128xf32>
  %one = arith.constant 1.0 : f32
  %r = vector.reduction <minimumf>, %row, %one : vector<128xf32> into f32
  // CHECK-NOT: vector.reduction
  pallas.return
}

// Ops outside TensorCore kernels are left alone.
// CHECK-LABEL: func.func @host
// CHECK: arith.negf
func.func @host(%x: f32) -> f32 {
  %n = arith.negf %x : f32
  return %n : f32
}

// Deep nesting (issue 12, "Limits"): 1500 levels alternating scf.if and
// pallas.run_scoped (each scope allocates 8 x 128 f32 of VMEM: 4096 bytes,
// 3 MiB at the innermost level), within the ~3400 levels MLIR 22's parser
// accepts before its own recursion overflows the stack. Every pass lowers it;
// the fuzzer's jaxlib oracle walked ops recursively and died here
// (RecursionError past 1000 levels) until its walk became iterative.
pallas.kernel @deep grid(1) outs(%o: memref<8x128xf32> block [8, 128] map affine_map<(i) -> (0, 0)>) {
  %c = arith.constant true
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s3: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s5: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s7: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s9: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s11: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s13: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s15: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s17: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s19: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s21: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s23: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s25: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s27: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s29: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s31: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s33: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s35: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s37: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s39: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s41: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s43: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s45: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s47: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s49: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s51: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s53: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s55: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s57: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s59: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s61: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s63: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s65: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s67: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s69: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s71: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s73: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s75: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s77: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s79: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s81: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s83: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s85: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s87: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s89: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s91: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s93: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s95: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s97: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s99: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s101: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s103: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s105: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s107: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s109: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s111: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s113: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s115: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s117: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s119: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s121: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s123: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s125: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s127: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s129: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s131: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s133: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s135: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s137: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s139: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s141: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s143: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s145: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s147: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s149: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s151: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s153: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s155: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s157: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s159: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s161: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s163: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s165: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s167: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s169: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s171: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s173: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s175: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s177: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s179: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s181: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s183: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s185: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s187: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s189: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s191: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s193: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s195: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s197: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s199: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s201: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s203: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s205: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s207: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s209: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s211: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s213: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s215: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s217: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s219: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s221: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s223: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s225: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s227: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s229: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s231: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s233: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s235: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s237: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s239: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s241: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s243: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s245: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s247: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s249: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s251: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s253: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s255: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s257: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s259: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s261: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s263: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s265: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s267: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s269: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s271: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s273: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s275: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s277: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s279: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s281: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s283: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s285: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s287: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s289: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s291: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s293: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s295: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s297: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s299: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s301: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s303: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s305: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s307: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s309: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s311: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s313: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s315: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s317: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s319: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s321: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s323: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s325: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s327: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s329: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s331: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s333: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s335: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s337: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s339: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s341: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s343: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s345: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s347: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s349: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s351: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s353: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s355: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s357: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s359: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s361: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s363: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s365: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s367: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s369: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s371: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s373: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s375: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s377: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s379: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s381: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s383: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s385: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s387: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s389: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s391: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s393: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s395: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s397: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s399: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s401: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s403: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s405: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s407: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s409: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s411: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s413: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s415: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s417: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s419: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s421: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s423: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s425: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s427: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s429: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s431: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s433: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s435: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s437: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s439: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s441: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s443: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s445: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s447: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s449: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s451: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s453: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s455: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s457: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s459: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s461: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s463: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s465: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s467: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s469: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s471: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s473: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s475: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s477: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s479: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s481: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s483: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s485: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s487: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s489: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s491: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s493: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s495: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s497: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s499: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s501: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s503: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s505: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s507: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s509: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s511: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s513: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s515: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s517: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s519: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s521: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s523: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s525: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s527: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s529: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s531: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s533: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s535: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s537: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s539: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s541: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s543: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s545: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s547: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s549: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s551: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s553: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s555: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s557: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s559: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s561: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s563: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s565: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s567: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s569: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s571: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s573: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s575: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s577: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s579: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s581: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s583: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s585: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s587: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s589: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s591: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s593: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s595: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s597: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s599: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s601: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s603: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s605: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s607: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s609: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s611: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s613: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s615: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s617: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s619: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s621: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s623: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s625: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s627: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s629: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s631: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s633: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s635: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s637: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s639: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s641: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s643: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s645: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s647: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s649: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s651: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s653: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s655: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s657: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s659: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s661: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s663: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s665: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s667: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s669: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s671: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s673: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s675: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s677: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s679: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s681: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s683: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s685: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s687: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s689: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s691: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s693: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s695: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s697: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s699: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s701: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s703: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s705: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s707: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s709: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s711: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s713: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s715: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s717: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s719: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s721: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s723: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s725: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s727: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s729: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s731: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s733: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s735: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s737: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s739: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s741: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s743: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s745: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s747: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s749: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s751: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s753: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s755: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s757: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s759: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s761: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s763: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s765: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s767: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s769: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s771: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s773: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s775: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s777: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s779: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s781: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s783: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s785: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s787: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s789: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s791: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s793: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s795: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s797: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s799: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s801: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s803: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s805: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s807: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s809: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s811: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s813: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s815: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s817: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s819: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s821: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s823: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s825: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s827: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s829: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s831: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s833: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s835: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s837: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s839: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s841: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s843: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s845: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s847: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s849: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s851: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s853: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s855: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s857: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s859: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s861: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s863: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s865: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s867: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s869: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s871: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s873: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s875: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s877: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s879: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s881: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s883: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s885: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s887: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s889: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s891: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s893: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s895: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s897: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s899: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s901: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s903: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s905: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s907: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s909: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s911: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s913: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s915: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s917: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s919: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s921: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s923: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s925: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s927: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s929: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s931: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s933: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s935: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s937: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s939: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s941: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s943: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s945: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s947: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s949: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s951: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s953: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s955: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s957: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s959: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s961: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s963: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s965: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s967: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s969: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s971: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s973: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s975: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s977: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s979: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s981: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s983: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s985: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s987: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s989: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s991: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s993: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s995: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s997: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s999: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1001: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1003: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1005: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1007: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1009: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1011: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1013: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1015: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1017: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1019: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1021: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1023: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1025: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1027: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1029: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1031: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1033: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1035: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1037: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1039: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1041: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1043: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1045: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1047: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1049: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1051: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1053: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1055: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1057: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1059: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1061: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1063: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1065: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1067: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1069: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1071: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1073: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1075: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1077: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1079: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1081: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1083: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1085: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1087: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1089: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1091: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1093: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1095: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1097: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1099: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1101: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1103: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1105: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1107: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1109: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1111: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1113: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1115: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1117: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1119: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1121: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1123: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1125: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1127: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1129: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1131: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1133: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1135: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1137: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1139: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1141: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1143: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1145: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1147: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1149: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1151: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1153: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1155: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1157: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1159: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1161: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1163: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1165: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1167: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1169: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1171: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1173: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1175: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1177: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1179: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1181: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1183: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1185: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1187: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1189: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1191: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1193: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1195: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1197: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1199: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1201: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1203: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1205: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1207: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1209: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1211: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1213: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1215: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1217: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1219: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1221: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1223: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1225: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1227: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1229: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1231: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1233: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1235: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1237: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1239: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1241: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1243: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1245: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1247: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1249: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1251: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1253: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1255: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1257: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1259: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1261: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1263: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1265: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1267: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1269: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1271: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1273: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1275: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1277: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1279: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1281: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1283: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1285: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1287: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1289: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1291: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1293: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1295: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1297: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1299: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1301: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1303: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1305: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1307: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1309: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1311: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1313: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1315: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1317: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1319: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1321: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1323: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1325: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1327: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1329: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1331: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1333: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1335: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1337: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1339: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1341: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1343: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1345: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1347: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1349: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1351: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1353: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1355: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1357: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1359: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1361: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1363: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1365: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1367: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1369: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1371: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1373: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1375: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1377: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1379: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1381: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1383: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1385: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1387: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1389: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1391: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1393: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1395: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1397: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1399: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1401: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1403: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1405: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1407: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1409: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1411: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1413: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1415: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1417: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1419: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1421: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1423: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1425: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1427: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1429: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1431: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1433: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1435: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1437: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1439: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1441: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1443: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1445: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1447: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1449: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1451: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1453: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1455: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1457: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1459: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1461: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1463: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1465: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1467: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1469: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1471: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1473: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1475: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1477: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1479: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1481: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1483: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1485: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1487: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1489: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1491: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1493: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1495: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1497: memref<8x128xf32, #pallas.memory_space<vmem>>):
  scf.if %c {
  pallas.run_scoped {
  ^bb0(%s1499: memref<8x128xf32, #pallas.memory_space<vmem>>):
  %z = arith.constant dense<1.0> : vector<8x128xf32>
  pallas.store %z, %o[] : vector<8x128xf32>, memref<8x128xf32>
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
  }
}

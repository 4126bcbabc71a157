// The pipelines, one function per level listing its passes top to bottom.
#include "passes/pipeline.h"

namespace kiln::passes {

namespace {

using Names = std::vector<std::string_view>;

Names concat(Names a, const Names& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// O0: the program as written; nothing a backend needs is missing from it yet.
Names o0() { return {}; }

// O1: the cheap clean-ups.
Names o1() {
  return {
      "inline",    // func.call bodies in place
      "simplify",  // algebraic identities exact for each element type
      "fold",      // ops on constants become constants
      "cse",       // one copy of each computation
      "dce",       // what nothing uses
  };
}

// O2 (the default): O1 plus the canonical forms fusion looks for and the fusions.
// The pattern passes come after the clean-ups (they match the canonical forms) and before the
// loop and reduction fusions (which would otherwise take their ops). Each wraps what it
// recognises into a kiln.* op; dce then drops the constants the regions copied.
Names o2() {
  return concat(o1(), {
                          "canonicalize",       // one form per idiom, fori_loop trip counts
                          "licm",               // loop-invariant ops out of while loops
                          "while-dead-values",  // carried values nothing needs
                          "unroll-loops",       // short loops of known trip count as copies
                          "simplify",           // the copies' counters are constants now:
                          "fold",               //   fold them,
                          "canonicalize",       //   make their dynamic slices static
                          "cse",
                          "dce",
                          "fuse-attention-grad",  // before fuse-softmax: reads its pieces
                          "fuse-softmax",                // softmax, log-softmax
                          "fuse-softmax-cross-entropy",  // through kiln.log_softmax
                          "fuse-attention",              // through kiln.softmax
                          "fuse-rope",
                          "fuse-layer-norm",
                          "fuse-rms-norm",
                          "fuse-quant-matmul",  // before fuse-swiglu, fuse-gemm: takes a GEMM
                          "fuse-swiglu",  // before fuse-silu, fuse-gemm: takes the SiLU, GEMMs
                          "fuse-gemm",    // before fuse-gelu, fuse-silu: takes its activation
                          "fuse-gelu",
                          "fuse-silu",
                          "dce",
                          "fuse-reductions",  // reductions with their prologue and epilogue
                          "fuse-loops",       // element-wise and data-movement chains
                          "cse",
                          "dce",
                          "assign-buffers",  // liveness, reuse, in place; the peak
                      });
}

// O3: O2 with the aggressive cost model (bigger fusions, longer rows, producers with outside
// users as extra outputs: pipeline() sets PassOptions::aggressive), sibling (multi-output) and
// horizontal fusion.
Names o3() {
  Names names = o2();
  // Before buffer assignment, which must see the final kernels.
  names.insert(names.end() - 1, "fuse-siblings");    // multi-output: shared inputs read once
  names.insert(names.end() - 1, "cse");              // what the merged bodies compute twice
  names.insert(names.end() - 1, "fuse-horizontal");  // small independent kernels launched as one
  return names;
}

}  // namespace

std::vector<std::string_view> pipeline_passes(int opt_level) {
  switch (opt_level) {
    case 0: return o0();
    case 1: return o1();
    case 2: return o2();
    case 3: return o3();
    default: return {};
  }
}

Expected<PassManager> pipeline(int opt_level, PassManagerOptions options) {
  if (opt_level < 0 || opt_level > 3) {
    return Error::invalid_argument("passes: no optimisation level " + std::to_string(opt_level) +
                                   " (0 to 3)");
  }
  options.pass_options.opt_level = opt_level;
  options.pass_options.aggressive = opt_level >= 3;
  PassManager manager(std::move(options));
  for (std::string_view name : pipeline_passes(opt_level)) KILN_CHECK_OK(manager.add(name));
  return manager;
}

Expected<PipelineReport> optimize(ir::Module& module, int opt_level, PassManagerOptions options) {
  KILN_TRY(PassManager manager, pipeline(opt_level, std::move(options)));
  return manager.run(module);
}

}  // namespace kiln::passes

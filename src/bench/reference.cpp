// Random inputs, interpreter reference outputs and tolerance comparisons for kernel checks,
// all through the oracle.
#include "bench/reference.h"

#include <fmt/format.h>

#include "frontend/parser.h"
#include "ir/verifier.h"
#include "kernels/cuda/registry.h"
#include "oracle/compare.h"
#include "oracle/random.h"
#include "oracle/reference.h"

namespace kiln::bench {

ir::Type tensor_type(const kernels::TensorSpec& t) {
  return ir::Type::tensor(t.shape, t.dtype);
}

Expected<std::vector<interp::Tensor>> random_inputs(const kernels::Problem& p, uint64_t seed) {
  std::vector<ir::Type> types;
  std::vector<std::optional<oracle::Range>> ranges;
  for (const kernels::TensorSpec& t : p.inputs) {
    types.push_back(tensor_type(t));
    ranges.push_back(oracle::Range{t.lo, t.hi});
  }
  return oracle::random_inputs(types, seed, ranges);
}

Expected<std::vector<interp::Tensor>> reference_outputs(const kernels::KernelSpec& spec,
                                                        const kernels::Problem& p,
                                                        const std::vector<interp::Tensor>& inputs) {
  KILN_TRY(std::string text, kernels::render_stablehlo(spec, p));
  auto fail = [&](const Error& e) {
    return e.with_prefix(fmt::format("kernel '{}': its StableHLO definition failed: ", spec.name));
  };
  auto module = frontend::parse_module_text(text, spec.name + ".mlir");
  if (!module.ok()) return fail(module.error());
  if (Status s = ir::verify(**module); !s.ok()) return fail(s.error());
  auto out = oracle::reference_run(**module, inputs, "main");
  if (!out.ok()) return fail(out.error());
  if (out->size() != p.outputs.size()) {
    return Error::internal(
        fmt::format("kernel '{}': its definition returns {} results, the kernel {}", spec.name,
                    out->size(), p.outputs.size()));
  }
  return out;
}

Comparison compare_outputs(const kernels::KernelSpec& spec, const kernels::Problem& p,
                           const std::vector<interp::Tensor>& got,
                           const std::vector<interp::Tensor>& ref) {
  // The spec's tolerance of the output dtype whose element type this is.
  auto tolerance_for = [&](const ir::ElementType& et) {
    for (const kernels::TensorSpec& o : p.outputs) {
      if (tensor_type(o).element() != et) continue;
      const kernels::Tolerance& t = spec.tolerance.for_dtype(o.dtype);
      return oracle::Tolerance{.atol = t.atol, .rtol = t.rtol};
    }
    return oracle::default_tolerance(et);
  };
  oracle::CompareReport r = oracle::compare_outputs(got, ref, tolerance_for);
  Comparison c;
  c.passed = r.passed;
  c.max_abs_error = r.max_abs_error;
  c.max_rel_error = r.max_rel_error;
  c.mismatches = r.mismatches;
  if (!r.passed) c.worst_mismatch = r.message();
  return c;
}

}  // namespace kiln::bench

// Random inputs, interpreter reference outputs and tolerance comparisons for kernel checks.
#include "bench/reference.h"

#include <cmath>
#include <cstring>
#include <mutex>
#include <random>

#include <fmt/format.h>

#include "frontend/parser.h"
#include "interp/interpreter.h"
#include "interp/parallel.h"
#include "ir/float_format.h"
#include "ir/verifier.h"
#include "kernels/cuda/registry.h"

namespace kiln::bench {

using ir::ElementKind;
using ir::ElementType;

namespace {

// Element i of a tensor as a double.
double element(const interp::Tensor& t, ElementType d, int64_t i) {
  const std::byte* p = t.raw() + static_cast<size_t>(i) * kernels::element_bytes(d);
  switch (d.kind()) {
    case ElementKind::kF32: { float v; std::memcpy(&v, p, 4); return v; }
    case ElementKind::kF16:
    case ElementKind::kBF16: {
      uint16_t b;
      std::memcpy(&b, p, 2);
      return ir::bits_to_double(d.kind(), b);
    }
    case ElementKind::kSI32: { int32_t v; std::memcpy(&v, p, 4); return v; }
    case ElementKind::kUI32: { uint32_t v; std::memcpy(&v, p, 4); return v; }
    case ElementKind::kSI64: { int64_t v; std::memcpy(&v, p, 8); return static_cast<double>(v); }
    case ElementKind::kI1: return static_cast<double>(static_cast<uint8_t>(*p) != 0);
    default: break;
  }
  return 0;
}

void set_element(interp::Tensor& t, ElementType d, int64_t i, double v) {
  std::byte* p = t.raw() + static_cast<size_t>(i) * kernels::element_bytes(d);
  switch (d.kind()) {
    case ElementKind::kF32: { auto f = static_cast<float>(v); std::memcpy(p, &f, 4); break; }
    case ElementKind::kF16:
    case ElementKind::kBF16: {
      auto b = static_cast<uint16_t>(ir::double_to_bits(d.kind(), v));
      std::memcpy(p, &b, 2);
      break;
    }
    case ElementKind::kSI32: { auto x = static_cast<int32_t>(v); std::memcpy(p, &x, 4); break; }
    case ElementKind::kUI32: { auto x = static_cast<uint32_t>(v); std::memcpy(p, &x, 4); break; }
    case ElementKind::kSI64: { auto x = static_cast<int64_t>(v); std::memcpy(p, &x, 8); break; }
    case ElementKind::kI1: *p = static_cast<std::byte>(v != 0); break;
    default: break;
  }
}

}  // namespace

ir::Type tensor_type(const kernels::TensorSpec& t) {
  return ir::Type::tensor(t.shape, t.dtype);
}

Expected<interp::Tensor> random_tensor(const kernels::TensorSpec& t, uint64_t seed) {
  KILN_TRY(interp::Tensor out, interp::Tensor::allocate(tensor_type(t)));
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> dist(t.lo, t.hi);
  for (int64_t i = 0; i < out.num_elements(); ++i) {
    double v = dist(rng);
    if (t.dtype == ElementKind::kI1) {
      v = (rng() & 1) ? 1 : 0;
    } else if (!t.dtype.is_float()) {
      v = std::floor(v);
    } else {
      // Draw again where rounding to the dtype gives exactly zero.
      set_element(out, t.dtype, i, v);
      while (element(out, t.dtype, i) == 0) set_element(out, t.dtype, i, dist(rng));
      continue;
    }
    set_element(out, t.dtype, i, v);
  }
  return out;
}

Expected<std::vector<interp::Tensor>> random_inputs(const kernels::Problem& p, uint64_t seed) {
  std::vector<interp::Tensor> out;
  for (size_t i = 0; i < p.inputs.size(); ++i) {
    KILN_TRY(auto t, random_tensor(p.inputs[i], seed * 1000003 + i));
    out.push_back(std::move(t));
  }
  return out;
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
  interp::Interpreter interpreter(**module);
  std::vector<interp::RuntimeValue> args(inputs.begin(), inputs.end());
  auto results = interpreter.run("main", std::move(args));
  if (!results.ok()) return fail(results.error());
  std::vector<interp::Tensor> out;
  for (auto& r : *results) {
    if (!r.is_tensor()) return Error::internal(fmt::format("kernel '{}': a result is not a tensor", spec.name));
    out.push_back(std::move(r.tensor()));
  }
  if (out.size() != p.outputs.size()) {
    return Error::internal(fmt::format("kernel '{}': its definition returns {} results, the kernel {}",
                             spec.name, out.size(), p.outputs.size()));
  }
  return out;
}

namespace {

// Compares elements [begin, end) of one tensor into `c`; `first` is the first mismatch's index.
void compare_range(const kernels::Tolerance& tol, ElementType d, size_t index, const interp::Tensor& got,
                   const interp::Tensor& ref, int64_t begin, int64_t end, Comparison& c,
                   int64_t& first) {
  bool exact = !d.is_float();
  // Relative to |ref|, but no smaller than where the absolute tolerance takes over.
  double floor = tol.rtol > 0 ? tol.atol / tol.rtol : 1.0;
  for (int64_t i = begin; i < end; ++i) {
    double g = element(got, d, i), r = element(ref, d, i);
    bool ok;
    if (std::isnan(r) || std::isnan(g)) {
      ok = std::isnan(r) && std::isnan(g);
    } else if (std::isinf(r) || std::isinf(g) || exact) {
      ok = g == r;
    } else {
      double err = std::fabs(g - r);
      c.max_abs_error = std::max(c.max_abs_error, err);
      c.max_rel_error = std::max(c.max_rel_error, err / std::max(std::fabs(r), floor));
      ok = err <= tol.atol + tol.rtol * std::fabs(r);
    }
    if (!ok) {
      if (c.mismatches == 0) {
        c.first_mismatch = fmt::format("out{}[{}]: got {}, expected {}", index, i, g, r);
        first = i;
      }
      ++c.mismatches;
      c.passed = false;
    }
  }
}

// Compares one tensor into `c`, on every core: bench-size outputs hold 2^28 elements.
void compare_tensor(const kernels::Tolerance& tol, ElementType d, size_t index,
                    const interp::Tensor& got, const interp::Tensor& ref, Comparison& c) {
  std::mutex mutex;
  Comparison t;  // this tensor's
  int64_t first = -1;
  interp::parallel_for(ref.num_elements(), 1 << 16, [&](int64_t begin, int64_t end) {
    Comparison part;
    int64_t part_first = -1;
    compare_range(tol, d, index, got, ref, begin, end, part, part_first);
    std::lock_guard<std::mutex> lock(mutex);
    t.max_abs_error = std::max(t.max_abs_error, part.max_abs_error);
    t.max_rel_error = std::max(t.max_rel_error, part.max_rel_error);
    if (part.mismatches == 0) return;
    if (first < 0 || part_first < first) {
      first = part_first;
      t.first_mismatch = part.first_mismatch;
    }
    t.mismatches += part.mismatches;
    t.passed = false;
  });
  c.max_abs_error = std::max(c.max_abs_error, t.max_abs_error);
  c.max_rel_error = std::max(c.max_rel_error, t.max_rel_error);
  if (t.passed) return;
  if (c.passed) c.first_mismatch = t.first_mismatch;  // an earlier tensor's comes first
  c.mismatches += t.mismatches;
  c.passed = false;
}

}  // namespace

Comparison compare_outputs(const kernels::KernelSpec& spec, const kernels::Problem& p,
                           const std::vector<interp::Tensor>& got,
                           const std::vector<interp::Tensor>& ref) {
  Comparison c;
  for (size_t k = 0; k < p.outputs.size() && k < got.size() && k < ref.size(); ++k) {
    ElementType d = p.outputs[k].dtype;
    compare_tensor(spec.tolerance.for_dtype(d), d, k, got[k], ref[k], c);
  }
  return c;
}

}  // namespace kiln::bench

// promote_floats, promoted_reference_run and compare_with_promoted.
#include "oracle/promoted.h"

#include <fmt/format.h>

#include <cctype>
#include <cmath>

#include "frontend/parser.h"
#include "interp/scalar_types.h"
#include "ir/printer.h"
#include "ir/verifier.h"
#include "oracle/reference.h"

namespace kiln::oracle {

namespace {

// `text` with each element type `bf16`, `f16` or `f32` (after a shape's `x` or a `<`, not in
// `complex<...>`) made `f64`.
std::string widen_types(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const char before = i ? text[i - 1] : ' ';
    const bool in_complex = i >= 8 && text.compare(i - 8, 8, "complex<") == 0;
    if ((before == 'x' || before == '<') && !in_complex) {
      for (std::string_view name : {"bf16", "f16", "f32"}) {
        const size_t end = i + name.size();
        if (text.compare(i, name.size(), name) == 0 &&
            (end == text.size() || !std::isalnum(static_cast<unsigned char>(text[end])))) {
          out += "f64";
          i = end;
          goto next;
        }
      }
    }
    out += text[i++];
  next:;
  }
  return out;
}

// `t` widened to f64 where it is bf16, f16 or f32; itself otherwise.
Expected<interp::Tensor> widen(const interp::Tensor& t) {
  if (!is_promoted_type(t.element())) return t;
  KILN_TRY(interp::Tensor wide,
           interp::Tensor::allocate(ir::Type::tensor(t.shape(), ir::ElementKind::kF64)));
  interp::dispatch_dtype(t.element().kind(), [&]<class T>() {
    if constexpr (interp::kIsFloat<T>) {
      const T* from = t.data<T>();
      double* to = wide.data<double>();
      for (int64_t i = 0; i < t.num_elements(); ++i) to[i] = interp::to_double(from[i]);
    }
  });
  return wide;
}

// The elements of a float tensor as doubles.
std::vector<double> doubles(const interp::Tensor& t) {
  std::vector<double> out(static_cast<size_t>(t.num_elements()));
  interp::dispatch_dtype(t.element().kind(), [&]<class T>() {
    if constexpr (interp::kIsFloat<T>) {
      const T* p = t.data<T>();
      for (int64_t i = 0; i < t.num_elements(); ++i) out[i] = interp::to_double(p[i]);
    }
  });
  return out;
}

struct Errors {
  double max = 0, rms = 0;
  bool stray_non_finite = false;  // NaN or infinity where neither reference has one
};

Errors errors_of(const std::vector<double>& x, const std::vector<double>& exact,
                 const std::vector<double>& want) {
  Errors e;
  double sum = 0;
  int64_t n = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    if (!std::isfinite(exact[i]) || !std::isfinite(want[i])) continue;
    if (!std::isfinite(x[i])) {
      e.stray_non_finite = true;
      continue;
    }
    const double d = std::fabs(x[i] - exact[i]);
    e.max = std::max(e.max, d);
    sum += d * d;
    ++n;
  }
  e.rms = n ? std::sqrt(sum / static_cast<double>(n)) : 0;
  return e;
}

}  // namespace

bool is_promoted_type(const ir::ElementType& type) {
  return type.kind() == ir::ElementKind::kBF16 || type.kind() == ir::ElementKind::kF16 ||
         type.kind() == ir::ElementKind::kF32;
}

Expected<std::unique_ptr<ir::Module>> promote_floats(const ir::Module& module) {
  auto promoted = frontend::parse_module_text(widen_types(ir::print_module(module)),
                                              "<promoted to f64>");
  if (!promoted.ok()) {
    return Error::invalid_argument("oracle: the program does not stay valid in f64: " +
                                   promoted.error().message());
  }
  if (Status s = ir::verify(**promoted); !s.ok()) {
    return Error::invalid_argument("oracle: the program does not stay valid in f64: " +
                                   s.error().message());
  }
  return std::move(*promoted);
}

Expected<std::vector<interp::Tensor>> promoted_reference_run(
    const ir::Module& module, const std::vector<interp::Tensor>& inputs) {
  KILN_TRY(std::unique_ptr<ir::Module> promoted, promote_floats(module));
  std::vector<interp::Tensor> wide;
  for (const interp::Tensor& t : inputs) {
    KILN_TRY(interp::Tensor w, widen(t));
    wide.push_back(std::move(w));
  }
  return reference_run(*promoted, wide);
}

PromotedReport compare_with_promoted(const std::vector<interp::Tensor>& got,
                                     const std::vector<interp::Tensor>& want,
                                     const std::vector<interp::Tensor>& exact,
                                     const ToleranceFor& tolerance_for, double slack) {
  PromotedReport report;
  if (got.size() != want.size() || exact.size() != want.size()) {
    report.passed = false;
    report.other.passed = false;
    report.other.type_mismatch = fmt::format("{} outputs, the interpreter's {}, the promoted {}",
                                             got.size(), want.size(), exact.size());
    return report;
  }
  std::vector<interp::Tensor> other_got, other_want;
  for (size_t i = 0; i < want.size(); ++i) {
    if (!is_promoted_type(want[i].element()) || got[i].type() != want[i].type() ||
        exact[i].num_elements() != want[i].num_elements()) {
      other_got.push_back(got[i]);
      other_want.push_back(want[i]);
      continue;
    }
    const std::vector<double> e = doubles(exact[i]), w = doubles(want[i]);
    const Errors g_err = errors_of(doubles(got[i]), e, w);
    const Errors w_err = errors_of(w, e, w);
    const double atol = tolerance_for(want[i].element()).atol;
    report.widened.push_back({static_cast<int>(i), g_err.max, g_err.rms, w_err.max, w_err.rms});
    if (g_err.stray_non_finite || g_err.max > slack * w_err.max + atol ||
        g_err.rms > slack * w_err.rms + atol) {
      report.passed = false;
    }
  }
  report.other = compare_outputs(other_got, other_want, tolerance_for);
  report.passed = report.passed && report.other.passed;
  return report;
}

std::string PromotedReport::message() const {
  std::string m;
  for (const PromotedError& e : widened) {
    m += fmt::format("{}out{}: max error {:.4g} (the interpreter's {:.4g}), rms {:.4g} ({:.4g}) "
                     "against the program in f64",
                     m.empty() ? "" : "; ", e.output, e.got_max, e.want_max, e.got_rms,
                     e.want_rms);
  }
  if (other.elements > 0 || !other.passed) {
    m += (m.empty() ? "" : "; ") + std::string("other outputs: ") + other.message();
  }
  return m;
}

ProgramVerdict judge_program_outputs(const ir::Module& module,
                                     const std::vector<interp::Tensor>& inputs,
                                     const std::vector<interp::Tensor>& got,
                                     const std::vector<interp::Tensor>& want,
                                     const ToleranceFor& tolerance_for) {
  CompareReport strict = compare_outputs(got, want, tolerance_for);
  if (strict.passed) return {true, false, strict.message()};
  bool widened = false;
  for (const interp::Tensor& t : want) widened = widened || is_promoted_type(t.element());
  if (!widened) return {false, false, strict.message()};
  Expected<std::vector<interp::Tensor>> exact = promoted_reference_run(module, inputs);
  if (!exact.ok()) {
    return {false, false, strict.message() + " (no promoted reference: " +
                              exact.error().message() + ")"};
  }
  PromotedReport promoted = compare_with_promoted(got, want, *exact, tolerance_for);
  if (promoted.passed) {
    return {true, true, "by the promoted reference: " + promoted.message() +
                            " (against the interpreter: " + strict.message() + ")"};
  }
  return {false, false, strict.message() + "; and by the promoted reference: " +
                            promoted.message()};
}

}  // namespace kiln::oracle

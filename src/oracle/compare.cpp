// Comparing results with a tolerance.
#include "oracle/compare.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>
#include <limits>
#include <mutex>

#include "interp/parallel.h"
#include "interp/scalar_types.h"

namespace kiln::oracle {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// What one stretch of elements found; merged across threads.
struct Partial {
  int64_t mismatches = 0;
  double max_abs = 0, max_rel = 0;
  double worst_error = -1;  // of the worst mismatch; -1: none yet
  int64_t worst = -1;       // its flat index
};

// One real part: whether it passes, and its error (infinite for a misplaced NaN or infinity).
struct PartResult {
  bool ok;
  double error;
};

PartResult compare_part(double g, double w, Tolerance tol, double rel_floor, Partial& p) {
  if (std::isnan(g) || std::isnan(w)) {
    bool ok = std::isnan(g) && std::isnan(w);
    return {ok, ok ? 0 : kInf};
  }
  if (std::isinf(g) || std::isinf(w)) {
    bool ok = g == w;
    return {ok, ok ? 0 : kInf};
  }
  double err = std::fabs(g - w);
  p.max_abs = std::max(p.max_abs, err);
  p.max_rel = std::max(p.max_rel, err / std::max(std::fabs(w), rel_floor));
  return {err <= tol.atol + tol.rtol * std::fabs(w), err};
}

template <class T>
std::string element_text(T v) {
  if constexpr (std::is_same_v<T, bool>) {
    return v ? "true" : "false";
  } else if constexpr (interp::kIsComplex<T>) {
    return fmt::format("({}, {})", static_cast<double>(v.real()), static_cast<double>(v.imag()));
  } else if constexpr (interp::kIsFloat<T>) {
    return fmt::format("{}", interp::to_double(v));
  } else if constexpr (std::is_unsigned_v<T>) {
    return std::to_string(static_cast<uint64_t>(v));
  } else {
    return std::to_string(static_cast<int64_t>(v));
  }
}

// Compares elements [begin, end) of two tensors of element type T into `p`.
template <class T>
void compare_range(const T* g, const T* w, int64_t begin, int64_t end, Tolerance tol, Partial& p) {
  const double rel_floor = tol.rtol > 0 ? tol.atol / tol.rtol : 1.0;
  for (int64_t i = begin; i < end; ++i) {
    PartResult r;
    if constexpr (interp::kIsComplex<T>) {
      PartResult re = compare_part(g[i].real(), w[i].real(), tol, rel_floor, p);
      PartResult im = compare_part(g[i].imag(), w[i].imag(), tol, rel_floor, p);
      r = {re.ok && im.ok, std::max(re.error, im.error)};
    } else if constexpr (interp::kIsFloat<T>) {
      r = compare_part(interp::to_double(g[i]), interp::to_double(w[i]), tol, rel_floor, p);
    } else {
      r = {g[i] == w[i], std::fabs(static_cast<double>(g[i]) - static_cast<double>(w[i]))};
    }
    if (r.ok) continue;
    ++p.mismatches;
    if (r.error > p.worst_error) p.worst_error = r.error, p.worst = i;
  }
}

void merge(const Partial& part, Partial& total) {
  total.mismatches += part.mismatches;
  total.max_abs = std::max(total.max_abs, part.max_abs);
  total.max_rel = std::max(total.max_rel, part.max_rel);
  if (part.worst < 0) return;
  if (part.worst_error > total.worst_error ||
      (part.worst_error == total.worst_error && part.worst < total.worst)) {
    total.worst_error = part.worst_error;
    total.worst = part.worst;
  }
}

std::vector<int64_t> multi_index(int64_t flat, const std::vector<int64_t>& shape) {
  std::vector<int64_t> index(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    index[d] = flat % shape[d];
    flat /= shape[d];
  }
  return index;
}

}  // namespace

CompareReport compare(const interp::Tensor& got, const interp::Tensor& want, Tolerance tol) {
  CompareReport report;
  if (got.type() != want.type()) {
    report.passed = false;
    report.type_mismatch =
        "got " + ir::to_string(got.type()) + ", want " + ir::to_string(want.type());
    return report;
  }
  report.elements = want.num_elements();
  Partial total;
  std::mutex mutex;
  interp::dispatch_dtype(want.element().storage_type().kind(), [&]<class T>() {
    const T* g = got.data<T>();
    const T* w = want.data<T>();
    // Bench-size outputs hold 2^28 elements: every core takes a share.
    interp::parallel_for(want.num_elements(), 1 << 16, [&](int64_t begin, int64_t end) {
      Partial part;
      compare_range(g, w, begin, end, tol, part);
      std::lock_guard<std::mutex> lock(mutex);
      merge(part, total);
    });
    if (total.worst >= 0) {
      report.got = element_text(g[total.worst]);
      report.want = element_text(w[total.worst]);
    }
  });
  report.mismatches = total.mismatches;
  report.passed = total.mismatches == 0;
  report.max_abs_error = total.max_abs;
  report.max_rel_error = total.max_rel;
  if (total.worst >= 0) {
    report.output = 0;
    report.index = multi_index(total.worst, want.shape());
  }
  return report;
}

CompareReport compare_outputs(const std::vector<interp::Tensor>& got,
                              const std::vector<interp::Tensor>& want,
                              const ToleranceFor& tolerance_for) {
  CompareReport total;
  if (got.size() != want.size()) {
    total.passed = false;
    total.type_mismatch = fmt::format("got {} outputs, want {}", got.size(), want.size());
    return total;
  }
  for (size_t k = 0; k < want.size(); ++k) {
    CompareReport r = compare(got[k], want[k], tolerance_for(want[k].element()));
    total.elements += r.elements;
    total.mismatches += r.mismatches;
    total.max_abs_error = std::max(total.max_abs_error, r.max_abs_error);
    total.max_rel_error = std::max(total.max_rel_error, r.max_rel_error);
    if (r.passed || !total.passed) continue;
    total.passed = false;
    total.output = static_cast<int>(k);
    total.index = r.index;
    total.got = r.got;
    total.want = r.want;
    if (!r.type_mismatch.empty())
      total.type_mismatch = fmt::format("out{}: {}", k, r.type_mismatch);
  }
  return total;
}

std::string CompareReport::message() const {
  std::string errors =
      fmt::format("max abs error {:.3g}, max rel error {:.3g}", max_abs_error, max_rel_error);
  if (!type_mismatch.empty()) return type_mismatch;
  if (passed) return "outputs match (" + errors + ")";
  return fmt::format("out{}[{}]: got {}, want {} ({} of {} elements differ; {})", output,
                     fmt::join(index, ", "), got, want, mismatches, elements, errors);
}

}  // namespace kiln::oracle

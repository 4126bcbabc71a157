// The one tolerant comparison of results: got against want, element by element, with a report
// of how far apart they are and of the worst element.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "interp/tensor.h"
#include "oracle/tolerance.h"

namespace kiln::oracle {

// What a comparison found.
struct CompareReport {
  bool passed = true;
  int64_t elements = 0;    // compared
  int64_t mismatches = 0;  // elements outside the tolerance
  // The largest |got - want|, and the largest |got - want| / max(|want|, atol / rtol) (relative
  // to |want|, but not below where the absolute tolerance takes over), over finite elements.
  double max_abs_error = 0;
  double max_rel_error = 0;
  // The worst mismatch: the largest |got - want|, where a NaN or infinity that should not be
  // there is worse than any finite error; the first in row-major order among equals. Unset
  // (output -1, index empty) when passed.
  int output = -1;             // which output, for compare_outputs; 0 for compare
  std::vector<int64_t> index;  // its multi-index
  std::string got, want;       // both values as text ("(1.5, -2)" for complex numbers)
  std::string type_mismatch;   // set when the tensors' types or the output counts differ

  // One line: "out0[2, 17]: got nan, want 0.25 (3 of 4096 elements differ; max abs error
  // 0.0012, max rel error 0.004)", or "outputs match (max abs error ..., max rel error ...)".
  std::string message() const;
};

// Compares `got` with `want`: each element passes when |got - want| <= atol + rtol * |want|
// (complex numbers part by part); NaN passes only against NaN, an infinity only against the
// same infinity. Integers, booleans and quantized storage compare exactly whatever `tolerance`
// says. Tensors of different types fail with type_mismatch set. Large tensors are compared on
// every core; thread-safe.
CompareReport compare(const interp::Tensor& got, const interp::Tensor& want, Tolerance tolerance);

// The tolerance for each output, by its element type.
using ToleranceFor = std::function<Tolerance(const ir::ElementType&)>;

// Compares each output with `tolerance_for(want[i].element())` and merges the reports: passed
// when every output passed, mismatches summed, the largest errors, and the worst element of
// the first output that failed. Different output counts fail with type_mismatch set.
CompareReport compare_outputs(const std::vector<interp::Tensor>& got,
                              const std::vector<interp::Tensor>& want,
                              const ToleranceFor& tolerance_for = default_tolerance);

}  // namespace kiln::oracle

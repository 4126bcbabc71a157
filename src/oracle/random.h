// The one random-input generator: the same seed gives the same bytes in `kiln run
// --random-inputs`, `kiln bench`'s reference checks, the tests and (later) the tuner.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "interp/tensor.h"
#include "ir/type.h"
#include "support/error.h"

namespace kiln::oracle {

// The interval [lo, hi) values are drawn from.
struct Range {
  double lo = -1.0;
  double hi = 1.0;
};

// The seed of input `i` of a run seeded by `seed`: seed * 1000003 + i. Every caller that draws
// a list of inputs derives their seeds here, so one seed means one set of inputs everywhere.
uint64_t input_seed(uint64_t seed, size_t i);

// The size a random input takes in a dynamic dimension without a bound.
inline constexpr int64_t kDynamicInputSize = 4;
// The static type a random input of `type` takes: each dynamic dimension its bound
// (`#stablehlo.bounds`), else kDynamicInputSize (a per-axis quantized type's quantized
// dimension: its number of scales); a static type is itself.
ir::Type random_input_type(const ir::Type& type);

// A tensor of `type` (dynamic dimensions sized by random_input_type) from a 64-bit Mersenne
// Twister seeded by `seed`, element by element in row-major order:
// - floats uniform in `range` (default [-1, 1); f8E8M0FNU, which has no sign and no zero,
//   [0.25, 4)), drawn again until the value rounded to the type is not zero;
// - complex numbers: both parts drawn as floats;
// - booleans: either value (the range is ignored);
// - integers: without a range, signed in [-8, 8] and unsigned in [1, 16], never zero (two- and
//   four-bit types wrapped to their width); with a range, floor of a uniform draw in it.
// Quantized types draw their storage integers. Errors: those of interp::Tensor::allocate.
// Thread-safe (no shared state).
Expected<interp::Tensor> random_tensor(const ir::Type& type, uint64_t seed,
                                       std::optional<Range> range = std::nullopt);

// One tensor per type, input i drawn with input_seed(seed, i) and ranges[i] when `ranges` has
// an entry for it. Errors name the input: "input 2: ...".
Expected<std::vector<interp::Tensor>> random_inputs(
    std::span<const ir::Type> types, uint64_t seed,
    std::span<const std::optional<Range>> ranges = {});

}  // namespace kiln::oracle

// The integers of a DenseElementsAttr as int64, sign-extended where its element type is signed:
// one reading for the interpreter (an op's integer attributes), the kernel matches (a
// convolution's padding) and the passes (fuse-quant-matmul's constants).
#pragma once

#include <cstdint>
#include <vector>

#include "ir/attribute.h"

namespace kiln::ir {

// Element i of an integer or boolean attribute as an int64: signed types sign-extended from
// their width (sub-byte ones too), unsigned and boolean ones as their bits (a ui64 past
// INT64_MAX wraps). Other element types give their raw bits. A splat's one value at every i.
inline int64_t dense_int(const DenseElementsAttr& a, int64_t i) {
  const uint64_t bits = a.element_bits(i);
  const int width = a.type.element().bit_width();
  if (width >= 64 || !a.type.element().is_signed_int()) return static_cast<int64_t>(bits);
  const int shift = 64 - width;
  return static_cast<int64_t>(bits << shift) >> shift;
}

// Every element through dense_int, row-major.
inline std::vector<int64_t> dense_ints(const DenseElementsAttr& a) {
  std::vector<int64_t> out;
  out.reserve(static_cast<size_t>(a.num_elements()));
  for (int64_t i = 0; i < a.num_elements(); ++i) out.push_back(dense_int(a, i));
  return out;
}

}  // namespace kiln::ir

// How generated code holds one element of each element type: its storage in memory, the type
// computations hold it in, how it is loaded, stored and rounded (ops/scalar.cuh has the
// device side).
#pragma once

#include <string>

#include "ir/element_type.h"
#include "support/error.h"

namespace kiln::backend::cuda {

struct ScalarType {
  ir::ElementKind kind = ir::ElementKind::kF32;
  std::string storage;  // one element in memory: "bf16_t", "float", "s8", "bool"
  std::string compute;  // what computations hold it in: "float" for bf16, "s8" for s4
  int bits = 32;        // the element's width (integers wrap at it)
  int bytes = 4;        // sizeof(storage) on the device: one element in memory
  bool is_bool = false, is_int = false, is_signed = false, is_float = false;
  bool narrow = false;  // a float narrower than f32, held in float
  // The formats of 8 bits or fewer (stored as "u8"): their kg:: format type
  // ("kg::f8e4m3fn", ops/float8.cuh); empty otherwise.
  std::string format;
  bool is_complex = false;  // kg::c64 / kg::c128; `part` is the type of each part
  std::string part;

  // `ptr[i]` in the compute type.
  std::string load(const std::string& ptr, const std::string& i) const;
  // The statement storing `value` (compute type) at `ptr[i]`.
  std::string store(const std::string& ptr, const std::string& i, const std::string& value) const;
  // `expr` (the compute type) brought back to the element type: rounding to a narrow float,
  // wrapping to a sub-byte integer; itself otherwise.
  std::string round(const std::string& expr) const;
  // The value `v` as a compute-type literal (ints exact; floats by their bits).
  std::string literal_bits(uint64_t bits) const;
  std::string literal_double(double v) const;
  // A complex literal from its parts' bits.
  std::string literal_complex(uint64_t re_bits, uint64_t im_bits) const;
};

// The scalar type of `element`. Errors (unimplemented) name the type for what generated
// code does not hold yet.
Expected<ScalarType> scalar_type_of(const ir::ElementType& element);

}  // namespace kiln::backend::cuda

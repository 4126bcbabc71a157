// Value types: ranked tensors (static, dynamic or bounded), !stablehlo.token, tuples.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "ir/element_type.h"

namespace kiln::ir {

// A dimension whose size is not known until run time (`?` in the text).
inline constexpr int64_t kDynamic = std::numeric_limits<int64_t>::min();

// A type of an SSA value. Value semantics: cheap enough to copy for the shapes of real
// programs, compared structurally.
class Type {
 public:
  enum class Kind : uint8_t { kTensor, kToken, kTuple, kFunction };

  Type() = default;  // tensor<f32>
  static Type tensor(std::vector<int64_t> shape, ElementType element,
                     std::vector<int64_t> bounds = {});
  static Type token();
  static Type tuple(std::vector<Type> elements);
  // A function signature `(inputs) -> results` (func.func's function_type).
  static Type function(std::vector<Type> inputs, std::vector<Type> results);

  Kind kind() const { return kind_; }
  bool is_tensor() const { return kind_ == Kind::kTensor; }
  bool is_token() const { return kind_ == Kind::kToken; }
  bool is_tuple() const { return kind_ == Kind::kTuple; }
  bool is_function() const { return kind_ == Kind::kFunction; }

  // Tensor accessors (meaningless for tokens and tuples).
  const std::vector<int64_t>& shape() const { return shape_; }
  int64_t rank() const { return static_cast<int64_t>(shape_.size()); }
  int64_t dim(int64_t i) const { return shape_[static_cast<size_t>(i)]; }
  const ElementType& element() const { return element_; }
  // Upper bounds of dynamic dimensions (`#stablehlo.bounds<...>`), empty when unbounded;
  // one entry per dimension, kDynamic for static dimensions.
  const std::vector<int64_t>& bounds() const { return bounds_; }
  bool is_static() const;
  // The number of elements of a static tensor, or nullopt if it overflows int64.
  std::optional<int64_t> num_elements() const;
  // The same shape with another element type.
  Type with_element(ElementType element) const;

  const std::vector<Type>& tuple_elements() const { return tuple_; }
  const std::vector<Type>& function_inputs() const { return tuple_; }
  const std::vector<Type>& function_results() const { return results_; }

  bool operator==(const Type& other) const;
  bool operator!=(const Type& other) const { return !(*this == other); }

 private:
  Kind kind_ = Kind::kTensor;
  std::vector<int64_t> shape_;
  ElementType element_;
  std::vector<int64_t> bounds_;
  std::vector<Type> tuple_;
  std::vector<Type> results_;
};

// MLIR spelling: "tensor<2x?xf32>", "tensor<?xi32, #stablehlo.bounds<4>>", "!stablehlo.token",
// "tuple<tensor<f32>, !stablehlo.token>".
std::string to_string(const Type& type);

}  // namespace kiln::ir

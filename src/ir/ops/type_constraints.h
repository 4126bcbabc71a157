// Shared checks for op verifiers: tensor kinds, shapes, dimension lists. Each returns an
// error located at the op, or ok. Append new helpers here rather than copying them.
#pragma once

#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ir/op_info.h"
#include "ir/operation.h"

namespace kiln::ir {

// The operand or result must be a tensor (not a token or tuple).
Status expect_tensor(const Operation& op, const Type& type, std::string_view what);
// Same shape (ignoring element types); dynamic dimensions match any size, up to their bound
// (`tensor<?xf32, #stablehlo.bounds<4>>` matches sizes 0 to 4).
bool shapes_compatible(const Type& a, const Type& b);
Status expect_same_shape(const Operation& op, const Type& a, const Type& b,
                         std::string_view what);
// A static shape, or one dynamic dimension with a bound (`tensor<?x2xf32,
// #stablehlo.bounds<4, ?>>`): the result types of reshape and broadcast_in_dim.
bool is_static_or_one_bounded(const Type& t);
// Identical types up to dynamic dimensions.
bool types_compatible(const Type& a, const Type& b);
// Every entry is in [0, rank) and none repeats.
Status expect_dims_in_range(const Operation& op, std::span<const int64_t> dims, int64_t rank,
                            std::string_view what);
// `[1, 2]` for messages.
std::string dims_string(std::span<const int64_t> dims);
// The values of an integer dense elements attribute, sign-extended (unsigned: zero-extended).
std::vector<int64_t> int_values(const DenseElementsAttr& attr);
// The values of operand `i` when a stablehlo.constant of integers defines it, else nullopt.
std::optional<std::vector<int64_t>> constant_operand(const Operation& op, size_t i);
// A constant output shape (operand `i`, per constant_operand) agrees with `result`: no
// negative size, and each static result dimension equals its entry. The reference verifier
// checks the shapes it can see this way.
Status expect_output_shape(const Operation& op, size_t i, const Type& result);

// Appended by the shape ops (broadcast, slice, gather, ...).
// Two dimension sizes that can be equal at run time (either is dynamic, or both agree).
bool dim_sizes_compatible(int64_t a, int64_t b);
// `a` and `b` (tensors) have the same element type.
Status expect_same_element_type(const Operation& op, const Type& a, const Type& b,
                                std::string_view what);
// The type is a tensor of integers (of `index` too, when `allow_index`).
Status expect_integer_tensor(const Operation& op, const Type& type, std::string_view what,
                             bool allow_index = false);
// A dimension size for messages: the number, or `?` for a dynamic one.
std::string dim_size_string(int64_t size);
// The entries are in strictly increasing order (so also unique).
Status expect_sorted(const Operation& op, std::span<const int64_t> dims, std::string_view what);
// Each of `lists` (attributes named together by `what`) has one entry per dimension of
// `operand`, and `result` has the operand's rank.
Status expect_entry_per_dim(const Operation& op,
                            std::initializer_list<std::span<const int64_t>> lists,
                            std::string_view what, const Type& operand, const Type& result);
// The func.func `@name` of the module enclosing `op`, or nullptr.
const Operation* find_function(const Operation& op, const std::string& name);
// Whether `dims` holds `d`.
bool contains(std::span<const int64_t> dims, int64_t d);
// `a` followed by `b`.
std::vector<int64_t> concat(std::span<const int64_t> a, std::span<const int64_t> b);

}  // namespace kiln::ir

namespace kiln::ir {

// Element type classes named by the spec's constraints ("tensor of integer or floating-point
// type"); combine with |.
enum ElementClass : uint32_t {
  kBoolElements = 1u << 0,      // i1
  kSignedElements = 1u << 1,    // iN / siN
  kUnsignedElements = 1u << 2,  // uiN
  kFloatElements = 1u << 3,
  kComplexElements = 1u << 4,
  kQuantizedElements = 1u << 5,
};
inline constexpr uint32_t kIntegerElements = kSignedElements | kUnsignedElements;

bool element_in_classes(const ElementType& element, uint32_t classes);
// "integer or float", for messages.
std::string describe_element_classes(uint32_t classes);
// `type` must be a tensor whose element type is in `classes`: `<what> must be a tensor of
// <classes> type, but is <type>`.
Status expect_element_classes(const Operation& op, const Type& type, uint32_t classes,
                              std::string_view what);
// `a` and `b` must be compatible (types_compatible): `<what> must have compatible types, but
// <a> and <b> differ`.
Status expect_compatible_types(const Operation& op, const Type& a, const Type& b,
                               std::string_view what);
// The same on the spec's baseline types: two quantized types compare without their scales and
// zero points (storage type and range, expressed type and quantization dimension must agree),
// so element-wise ops may take and give quantized tensors of different scales. Other types as
// expect_compatible_types.
Status expect_baseline_compatible_types(const Operation& op, const Type& a, const Type& b,
                                        std::string_view what);

}  // namespace kiln::ir

namespace kiln::ir {

// `(tensor<f32>, tensor<i32>)` for messages.
std::string types_string(const std::vector<Type>& types);
std::vector<Type> value_types(std::span<Value* const> values);
// As many types in `a` as in `b`, each compatible (types_compatible) with its pair.
bool all_compatible(const std::vector<Type>& a, const std::vector<Type>& b);
// The entry block of `region` takes exactly `types` (compatible up to dynamic dimensions).
Status expect_region_args(const Operation& op, const Region& region,
                          const std::vector<Type>& types, std::string_view what);
// `region` ends with stablehlo.return of exactly `types`.
Status expect_region_returns(const Operation& op, const Region& region,
                             const std::vector<Type>& types, std::string_view what);
// The start indices of dynamic_slice and dynamic_update_slice: `count` rank-0 integer
// tensors, all of one type (spec C2-C3 of dynamic_slice, C4-C5 of dynamic_update_slice).
Status expect_start_indices(const Operation& op, std::span<Value* const> indices,
                            int64_t count);

}  // namespace kiln::ir

namespace kiln::ir {

// The window of reduce_window, select_and_scatter and convolution, one entry per dimension,
// with the spec's defaults (strides and dilations 1, padding 0) for absent attributes.
struct Window {
  std::vector<int64_t> size, stride, base_dilation, window_dilation, pad_lo, pad_hi;
};
// Reads the window attributes named (an empty name: the op has no such attribute) and checks
// each array has `rank` entries, sizes/strides/dilations are positive and padding is a
// [rank, 2] integer tensor.
struct WindowAttrNames {
  std::string_view size, stride, base_dilation, window_dilation, padding;
};
Expected<Window> read_window(const Operation& op, int64_t rank, const WindowAttrNames& names);
// The spec's output shape of a window sliding over `shape` (dynamic dimensions stay dynamic).
std::vector<int64_t> window_output_shape(std::span<const int64_t> shape, const Window& w);

}  // namespace kiln::ir

// What KernelSpec::match functions share: reading an op's tensor types, attributes, reducer
// and constant operands, and checking that a Problem lays out the op's operands and results.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ir/operation.h"
#include "kernels/cuda/spec.h"

namespace kiln::kernels {

// The op's operand (result) types where every one is a tensor of static shape; else nullopt.
std::optional<std::vector<ir::Type>> static_operand_types(const ir::Operation& op);
std::optional<std::vector<ir::Type>> static_result_types(const ir::Operation& op);

// Does `p` take `ins` and give `outs` in order, each of the same element type and element
// count (the problem's shape may be a row-major reshape of the op's)?
bool problem_fits(const Problem& p, const std::vector<ir::Type>& ins,
                  const std::vector<ir::Type>& outs);

// The problem of an op with `operands` operands and one result, all of one static type whose
// element type the spec has: spec.make_problem(shape, element type) where it fits.
std::optional<Problem> elementwise_problem(const KernelSpec& spec, const ir::Operation& op,
                                           size_t operands);

// spec.make_problem(shape, dtype) where `dtype` is one of the spec's and the problem fits
// the op's operands and results; nullopt otherwise.
std::optional<Problem> fitting_problem(const KernelSpec& spec, const ir::Operation& op,
                                       const Shape& shape, const ElementType& dtype);

// [rows, columns] for a reduction or row-wise op over the last dimension of `shape` (rows: the
// product of the others, 1 for a vector); nullopt for rank 0.
std::optional<Shape> rows_and_columns(const Shape& shape);

// The name of the one op a reducer region computes before its return ("stablehlo.add"), where
// it combines the region's two arguments; nullopt otherwise.
std::optional<std::string> reducer_op(const ir::Operation& op);

// The value of a splat stablehlo.constant that defines `v` (floats and integers as doubles).
std::optional<double> constant_value(const ir::Value* v);

// An integer array attribute (`dimensions = [1]`), or nullopt when absent.
std::optional<std::vector<int64_t>> int_array_attr(const ir::Operation& op, std::string_view name);
// The integers of an array attribute or of an integer dense elements attribute (a
// convolution's `padding = dense<[[1, 1], [0, 1]]> : tensor<2x2xi64>`, row-major), signed
// types sign-extended; nullopt when absent or of another kind.
std::optional<std::vector<int64_t>> int_elements_attr(const ir::Operation& op,
                                                      std::string_view name);

// The problem of a row-wise kiln.* pattern (softmax, the norms, argmax, scans) over the last
// dimension of its first operand, as [rows, columns] of that operand's element type.
std::optional<Problem> row_problem(const KernelSpec& spec, const ir::Operation& op);

// Does the op's `epsilon` attribute, where it has one, equal `eps` (as an f32)?
bool epsilon_is(const ir::Operation& op, double eps);

// A composite's config epsilon (positive and finite), or nullopt.
std::optional<double> config_epsilon(const ir::Operation& op);

// The entry `name` of a kiln.* composite's `config` (the pattern pass's record of what its
// region computes: axis, epsilon, scale, ...), or null.
const ir::Attribute* config_entry(const ir::Operation& op, std::string_view name);
// A boolean entry of the config, or nullopt where it is absent or not a boolean.
std::optional<bool> config_bool(const ir::Operation& op, std::string_view name);
// An integer entry of the config (an operand's role, a group size), or nullopt.
std::optional<int64_t> config_int(const ir::Operation& op, std::string_view name);

// Does a row-wise composite's config say it works over the last dimension of its first
// operand (axis = rank - 1), on the operand as it is (no input permutation)?
bool config_over_last_axis(const ir::Operation& op);

// Does argument `arg` of the composite's region, a vector along the last dimension (through
// converts, reshapes that add unit dimensions, and broadcasts), reach an op named `user`
// (the norm's scale "stablehlo.multiply", its bias "stablehlo.add") as a vector along the
// last dimension of that op's result, and nothing else? Tells a norm's weight from its bias.
bool vector_reaches(const ir::Operation& op, size_t arg, std::string_view user);

// Which dimensions a reduction kernel reduces.
enum class ReducedDims { kAll, kLast, kFirst };

// The problem of a stablehlo.reduce of one operand by `combiner` ("add": stablehlo.add) from
// its identity `init` (an f32 dense literal as the specs write it: "0.0", "0xFF800000"), over
// `dims`: every dimension; the last of any rank >= 1 (as [rows, columns]); dim 0 of a matrix.
// The kernels accumulate in f32, as XLA does for 16-bit reductions.
std::optional<Problem> reduce_problem(const KernelSpec& spec, const ir::Operation& op,
                                      std::string_view combiner, std::string_view init,
                                      ReducedDims dims);

}  // namespace kiln::kernels

// The op table is complete and consistent: every op of the StableHLO spec is registered,
// every format is well formed, names only the op's own operands, attributes and regions,
// and every directive it names can be printed and parsed.
#include <gtest/gtest.h>

#include "frontend/asm_parser.h"
#include "ir/asm_format.h"
#include "ir/op_info.h"
#include "ir/printer.h"

namespace kiln::ir {
namespace {

// The ops of the StableHLO specification (docs/spec.md), by name.
const char* const kSpecOps[] = {
    "abs", "add", "after_all", "all_gather", "all_reduce", "all_to_all", "and", "atan2",
    "batch_norm_grad", "batch_norm_inference", "batch_norm_training", "bitcast_convert",
    "broadcast_in_dim", "case", "cbrt", "ceil", "cholesky", "clamp", "collective_broadcast",
    "collective_permute", "compare", "complex", "composite", "concatenate", "constant", "convert",
    "convolution", "cosine", "count_leading_zeros", "custom_call", "divide", "dot_general",
    "dynamic_broadcast_in_dim", "dynamic_conv", "dynamic_gather", "dynamic_iota", "dynamic_pad",
    "dynamic_reshape", "dynamic_slice", "dynamic_update_slice", "exponential",
    "exponential_minus_one", "fft", "floor", "gather", "get_dimension_size", "get_tuple_element",
    "if", "imag", "infeed", "iota", "is_finite", "log", "log_plus_one", "logistic", "map",
    "maximum", "minimum", "multiply", "negate", "not", "optimization_barrier", "or", "outfeed",
    "pad", "partition_id", "popcnt", "power", "real", "real_dynamic_slice", "recv", "reduce",
    "reduce_precision", "reduce_scatter", "reduce_window", "remainder", "replica_id", "reshape",
    "reverse", "rng", "rng_bit_generator", "round_nearest_afz", "round_nearest_even", "rsqrt",
    "scatter", "select", "select_and_scatter", "send", "shift_left", "shift_right_arithmetic",
    "shift_right_logical", "sign", "sine", "slice", "sort", "sqrt", "subtract", "tan", "tanh",
    "transpose", "triangular_solve", "tuple", "uniform_dequantize", "uniform_quantize", "while",
    "xor", "return"};

TEST(OpTable, EverySpecOpIsRegistered) {
  for (const char* op : kSpecOps) {
    EXPECT_NE(lookup_op(std::string("stablehlo.") + op), nullptr) << op;
  }
}

bool names_part_of(const OpInfo& info, const std::string& name) {
  if (info.operand_group_index(name) >= 0 || info.result_group_index(name) >= 0) return true;
  if (info.find_attr(name)) return true;
  for (std::string_view r : info.regions) {
    if (r == name) return true;
  }
  return false;
}

void check_elements(const OpInfo& info, const std::vector<FormatElement>& elems) {
  for (const FormatElement& e : elems) {
    switch (e.kind) {
      case FormatElement::Kind::kRef:
        EXPECT_TRUE(names_part_of(info, e.text)) << info.name << " format names $" << e.text;
        break;
      case FormatElement::Kind::kType:
        if (e.text != "operands" && e.text != "results") {
          EXPECT_TRUE(names_part_of(info, e.text)) << info.name << " type($" << e.text << ")";
        }
        break;
      case FormatElement::Kind::kCustom:
        EXPECT_NE(lookup_print_directive(e.text), nullptr) << info.name << " " << e.text;
        EXPECT_NE(frontend::lookup_parse_directive(e.text), nullptr) << info.name << " " << e.text;
        break;
      case FormatElement::Kind::kOptional:
        check_elements(info, e.group);
        break;
      default:
        break;
    }
  }
}

TEST(OpTable, FormatsAreWellFormed) {
  for (const OpInfo* info : all_ops()) {
    if (info->format.empty()) continue;
    std::string error;
    std::vector<FormatElement> elems = parse_format(info->format, &error);
    EXPECT_TRUE(error.empty()) << info->name << ": " << error;
    EXPECT_FALSE(elems.empty()) << info->name;
    check_elements(*info, elems);
  }
}

TEST(OpTable, NamesAreUniqueWithinAnOp) {
  for (const OpInfo* info : all_ops()) {
    std::vector<std::string_view> names;
    for (const auto& o : info->operands) names.push_back(o.name);
    for (const auto& a : info->attrs) names.push_back(a.name);
    std::sort(names.begin(), names.end());
    EXPECT_EQ(std::adjacent_find(names.begin(), names.end()), names.end()) << info->name;
  }
}

}  // namespace
}  // namespace kiln::ir

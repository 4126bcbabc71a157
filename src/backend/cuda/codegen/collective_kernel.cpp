// The kernel of a collective on a process grid: each result element read from (or folded
// over) the group members' operands, through pointers the rendezvous gives at run time.
#include "backend/cuda/codegen/collective_kernel.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "backend/cuda/codegen/code_writer.h"
#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/ops/rule_helpers.h"

namespace kiln::backend::cuda {

namespace {

// Declares c0.. (the row-major coordinates of the linear index `i` in `shape`).
void declare_coords(CodeWriter& out, const std::vector<int64_t>& shape) {
  int64_t stride = 1;
  for (size_t d = shape.size(); d-- > 0;) {
    out.line(fmt::format("i64 c{} = i / {} % {};", d, stride, std::max<int64_t>(shape[d], 1)));
    stride *= shape[d];
  }
}

// The row-major linear index of the coordinates c0.. in `shape`.
std::string linear_of(const std::vector<int64_t>& shape) {
  std::string expr = "0";
  for (size_t d = 0; d < shape.size(); ++d) expr = fmt::format("({}) * {} + c{}", expr, shape[d], d);
  return expr;
}

// Writes `m` (the source position) and `j` (the element of its operand) for result element `i`
// of a result of shape `result` from an operand of shape `operand`.
Status emit_mapping(CodeWriter& out, const ir::Operation& op, CollectiveForm form,
                    const std::vector<int64_t>& operand, const std::vector<int64_t>& result) {
  switch (form) {
    case CollectiveForm::kFold:
    case CollectiveForm::kCopy:
      out.line("const i64 m = 0, j = i;");
      return ok_status();
    case CollectiveForm::kFoldScatter: {
      const auto dim = static_cast<size_t>(attr_int(op, "scatter_dimension"));
      declare_coords(out, result);
      out.line(fmt::format("c{} += index * {};", dim, result[dim]));
      out.line(fmt::format("const i64 m = 0, j = {};", linear_of(operand)));
      return ok_status();
    }
    case CollectiveForm::kGather: {
      const auto dim = static_cast<size_t>(attr_int(op, "all_gather_dim"));
      declare_coords(out, result);
      out.line(fmt::format("const i64 m = c{} / {};", dim, std::max<int64_t>(operand[dim], 1)));
      out.line(fmt::format("c{} %= {};", dim, std::max<int64_t>(operand[dim], 1)));
      out.line(fmt::format("const i64 j = {};", linear_of(operand)));
      return ok_status();
    }
    case CollectiveForm::kAllToAll: {
      const auto split = static_cast<size_t>(attr_int(op, "split_dimension"));
      const auto concat = static_cast<size_t>(attr_int(op, "concat_dimension"));
      const int64_t count = attr_int(op, "split_count");
      if (count <= 0) return unsupported(op, "a split_count below 1");
      const int64_t part_split = operand[split] / count;
      const int64_t part_concat = std::max<int64_t>(operand[concat] / (split == concat ? count : 1), 1);
      declare_coords(out, result);
      out.line(fmt::format("const i64 m = c{} / {};", concat, part_concat));
      out.line(fmt::format("c{} %= {};", concat, part_concat));
      out.line(fmt::format("c{} += index * {};", split, part_split));
      out.line(fmt::format("const i64 j = {};", linear_of(operand)));
      return ok_status();
    }
  }
  return ok_status();
}

// The fold of result `k`: the sources' elements j combined in order into `acc`, returned in
// the computation's compute type `acc_type`.
Expected<std::string> emit_fold(Emitter& e, const ir::Operation& op, size_t k,
                                const ScalarType& from, const ScalarType& acc_type) {
  CodeWriter& out = e.out();
  auto arg = [&](const std::string& m) {
    std::string x = from.load(fmt::format("a_{}[{}]", k, m), "j");
    return from.kind == acc_type.kind && from.bits == acc_type.bits ? x
                                                                    : convert_expr(from, acc_type, x);
  };
  out.line(fmt::format("{} acc = {};", acc_type.compute, arg("0")));
  out.open("for (i64 s = 1; s < count; ++s)");
  const std::string x = e.let(acc_type.compute, arg("s"));
  if (op.name() == "stablehlo.cross-replica-sum") {
    std::optional<std::string> sum = binary_expr("stablehlo.add", acc_type, "acc", x);
    if (!sum) return unsupported(op, "on " + acc_type.compute);
    out.line(fmt::format("acc = {};", *sum));
  } else {
    KILN_TRY(std::vector<std::string> r, e.emit_region(op.region(0), {"acc", x}));
    if (r.size() != 1) return unsupported(op, "a computation that does not return one value");
    out.line(fmt::format("acc = {};", r[0]));
  }
  out.close();
  return std::string("acc");
}

// The computation's argument type (the fold's), or the operand's for cross-replica-sum.
Expected<ScalarType> fold_type(const ir::Operation& op, size_t k) {
  if (op.num_regions() == 0) return Emitter::scalar_type(op.operand(k)->type(), &op);
  const ir::Block& body = op.region(0).front();
  if (body.num_arguments() != 2) {
    return unsupported(op, "a computation of other than two arguments");
  }
  return Emitter::scalar_type(body.argument(0)->type(), &op);
}

// Result `k`'s grid-stride loop.
Status emit_result(Emitter& e, const ir::Operation& op, CollectiveForm form, size_t k) {
  CodeWriter& out = e.out();
  const ir::Type& operand = op.operand(k)->type();
  const ir::Type& result = op.result(k)->type();
  KILN_TRY(ScalarType from, Emitter::scalar_type(operand, &op));
  KILN_TRY(ScalarType to, Emitter::scalar_type(result, &op));
  out.open(fmt::format("for (i64 i = static_cast<i64>(blockIdx.x) * blockDim.x + threadIdx.x; "
                       "i < {}; i += stride)",
                       elements_of(result.shape())));
  e.push_scope();
  out.open("if (count == 0)");
  out.line(to.store(fmt::format("o{}", k), "i",
                    to.is_complex ? to.literal_double(0) : to.literal_bits(0)));
  out.line("continue;");
  out.close();
  KILN_CHECK_OK(emit_mapping(out, op, form, operand.shape(), result.shape()));
  std::string value;
  ScalarType value_type = from;
  if (form == CollectiveForm::kFold || form == CollectiveForm::kFoldScatter) {
    KILN_TRY(value_type, fold_type(op, k));
    KILN_TRY(value, emit_fold(e, op, k, from, value_type));
  } else if (from.kind == to.kind && from.storage == to.storage) {
    // A copy: the element's bytes as they are (a NaN's payload too).
    out.line(fmt::format("o{0}[i] = a_{0}[m][j];", k));
    e.pop_scope();
    out.close();
    return ok_status();
  } else {
    value = from.load(fmt::format("a_{}[m]", k), "j");
  }
  if (value_type.kind != to.kind || value_type.bits != to.bits) {
    value = convert_expr(value_type, to, value);
  }
  out.line(to.store(fmt::format("o{}", k), "i", value));
  e.pop_scope();
  out.close();
  return ok_status();
}

}  // namespace

Expected<CollectiveForm> collective_form(const ir::Operation& op) {
  const std::string& n = op.name();
  if (n == "stablehlo.all_reduce" || n == "stablehlo.collective_reduce" ||
      n == "stablehlo.cross-replica-sum") {
    return CollectiveForm::kFold;
  }
  if (n == "stablehlo.reduce_scatter") return CollectiveForm::kFoldScatter;
  if (n == "stablehlo.all_gather") return CollectiveForm::kGather;
  if (n == "stablehlo.all_to_all") return CollectiveForm::kAllToAll;
  if (n == "stablehlo.collective_permute" || n == "stablehlo.collective_broadcast") {
    return CollectiveForm::kCopy;
  }
  return unsupported(op, "not a collective of the device path");
}

int64_t collective_elements(const ir::Operation& op) {
  int64_t most = 0;
  for (size_t k = 0; k < op.num_results(); ++k) {
    most = std::max(most, elements_of(op.result(k)->type().shape()));
  }
  return most;
}

Expected<std::string> emit_collective_kernel(const ir::Operation& op, const std::string& function,
                                             int64_t max_sources) {
  KILN_TRY(CollectiveForm form, collective_form(op));
  const size_t operands = op.num_results();  // operand k gives result k
  std::vector<std::string> params;
  for (int64_t m = 0; m < max_sources; ++m) {
    for (size_t k = 0; k < operands; ++k) {
      KILN_TRY(ScalarType t, Emitter::scalar_type(op.operand(k)->type(), &op));
      params.push_back(fmt::format("const {}* a{}_{}", t.storage, m, k));
    }
  }
  params.emplace_back("i64 count");
  params.emplace_back("i64 index");
  for (size_t k = 0; k < operands; ++k) {
    KILN_TRY(ScalarType t, Emitter::scalar_type(op.result(k)->type(), &op));
    params.push_back(fmt::format("{}* __restrict__ o{}", t.storage, k));
  }
  CodeWriter out;
  out.open(fmt::format("extern \"C\" __global__ void __launch_bounds__({}) {}({})",
                       kCollectiveBlock, function, fmt::join(params, ", ")));
  out.line("const i64 stride = static_cast<i64>(gridDim.x) * blockDim.x;");
  out.line("(void)index;");
  for (size_t k = 0; k < operands; ++k) {
    KILN_TRY(ScalarType t, Emitter::scalar_type(op.operand(k)->type(), &op));
    std::vector<std::string> members;
    for (int64_t m = 0; m < max_sources; ++m) members.push_back(fmt::format("a{}_{}", m, k));
    out.line(fmt::format("const {}* a_{}[{}] = {{{}}};", t.storage, k,
                         std::max<int64_t>(max_sources, 1),
                         members.empty() ? "nullptr" : fmt::format("{}", fmt::join(members, ", "))));
  }
  Emitter e(out);
  for (size_t k = 0; k < operands; ++k) KILN_CHECK_OK(emit_result(e, op, form, k));
  out.close();
  return out.text();
}

}  // namespace kiln::backend::cuda

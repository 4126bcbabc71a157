// The collectives (all_reduce, all_gather, all_to_all, reduce_scatter, collective_permute,
// collective_broadcast, collective_reduce, cross-replica-sum) on the process grid: each
// process deposits its operands at a rendezvous of its process group and computes its result
// from the members'.
#include <algorithm>
#include <cstring>

#include "interp/collective_groups.h"
#include "interp/ops/convert.h"
#include "interp/ops/op_helpers.h"
#include "interp/ops/reduce.h"
#include "interp/ops/reduction_types.h"
#include "interp/process_grid.h"

namespace kiln::interp {

namespace {

using Results = Expected<std::vector<RuntimeValue>>;
using Groups = ProcessGroups;
using Strategy = GroupStrategy;

GridShape grid_shape(const Interpreter& in) {
  if (!in.grid) return {};
  return {in.grid->num_replicas(), in.grid->num_partitions()};
}

int64_t self_id(const Interpreter& in) {
  return in.process.replica * grid_shape(in).partitions + in.process.partition;
}

Expected<std::vector<int64_t>> my_group(Interpreter& in, const ir::Operation& op, Strategy s) {
  KILN_TRY(Groups groups, process_groups(op, s, grid_shape(in)));
  std::vector<int64_t> group = group_of(groups, self_id(in));
  if (group.empty()) {
    return op_error(op, "replica_groups do not place process (" +
                            std::to_string(in.process.replica) + ", " +
                            std::to_string(in.process.partition) + ") in any group");
  }
  return group;
}

// Every member's operands, in group order. Without a grid, the only process is this one.
Expected<std::vector<std::vector<RuntimeValue>>> exchange(Interpreter& in, const ir::Operation& op,
                                                          const std::vector<int64_t>& group,
                                                          std::span<const RuntimeValue> values) {
  std::vector<RuntimeValue> mine(values.begin(), values.end());
  if (!in.grid) return std::vector<std::vector<RuntimeValue>>{std::move(mine)};
  auto result = in.grid->exchange(self_id(in), group, channel_id(op), op.name(), std::move(mine));
  if (!result.ok()) return op_error(op, result.error().message());
  return result;
}

// Copies `src` into `dst` with its origin at `offset` along dimension `dim`.
void place(const Tensor& src, Tensor& dst, int64_t dim, int64_t offset) {
  auto dst_strides = dst.strides();
  copy_strided(src.shape(), src.element_bytes(), src.raw(), 0, src.strides(), dst.raw(),
               offset * dst_strides[dim], dst_strides);
}

// Copies the block of `dst`'s shape from `src` starting at `offset` along `dim`.
void take(const Tensor& src, int64_t dim, int64_t offset, Tensor& dst) {
  auto src_strides = src.strides();
  copy_strided(dst.shape(), dst.element_bytes(), src.raw(), offset * src_strides[dim],
               src_strides, dst.raw(), 0, dst.strides());
}

// Checks that `result` is `operand` with dimension `dim` (in range of both) scaled by
// `times` and then divided by `parts`, as all_gather, all_to_all and reduce_scatter imply.
// Runs before the exchange so that every process of an unverified program fails alike, and
// before place/take copy blocks whose shapes these sizes give.
Status check_scaled_shape(const ir::Operation& op, std::string_view name, int64_t dim,
                          const Tensor& operand, const Tensor& result, int64_t times,
                          int64_t parts) {
  KILN_CHECK_OK(check_dims(op, name, std::span<const int64_t>(&dim, 1), operand.rank()));
  std::vector<int64_t> implied = operand.shape();
  if (parts <= 0 || implied[dim] % parts != 0) {
    return op_error(op, std::string(name) + " " + std::to_string(dim) + " of size " +
                            std::to_string(implied[dim]) + " does not split into " +
                            std::to_string(parts) + " parts");
  }
  implied[dim] = implied[dim] / parts * times;
  return check_result_shape(op, result, implied);
}

// Folds the members' k-th operands element by element with the computation region, in
// group order (the spec leaves the schedule to the implementation). Spec (all_reduce C5,
// reduce_scatter C7): the computation's element type may be promoted from the operands';
// the fold, and so the result, is in the computation's type.
Expected<Tensor> reduce_members(Interpreter& in, const ir::Operation& op,
                                const std::vector<std::vector<RuntimeValue>>& members, size_t k) {
  KILN_TRY(Tensor first, to_body_arg(op.region(0), 0, members[0][k].tensor()));
  KILN_TRY(Tensor out, Tensor::allocate(first.type()));
  if (first.size_bytes() > 0) std::memcpy(out.raw(), first.raw(), first.size_bytes());
  std::vector<Tensor> rest;
  for (size_t m = 1; m < members.size(); ++m) {
    KILN_TRY(Tensor t, to_body_arg(op.region(0), 1, members[m][k].tensor()));
    rest.push_back(std::move(t));
  }
  for (int64_t i = 0; i < out.num_elements(); ++i) {
    KILN_TRY(RuntimeValue acc, scalar_at(out, i));
    for (const Tensor& member : rest) {
      KILN_TRY(Tensor element, scalar_at(member, i));
      std::vector<RuntimeValue> args = {acc, std::move(element)};
      KILN_TRY(auto r, in.run_region(op.region(0), args));
      if (r.size() != 1 || !r[0].is_tensor()) {
        return op_error(op, "computation must return one tensor");
      }
      acc = std::move(r[0]);
    }
    copy_element(acc.tensor(), 0, out, i);
  }
  return out;
}

Results all_reduce(Interpreter& in, const ir::Operation& op,
                   std::span<const RuntimeValue> operands) {
  KILN_TRY(auto group, my_group(in, op, reduction_strategy(op)));
  KILN_TRY(auto members, exchange(in, op, group, operands));
  std::vector<RuntimeValue> results;
  for (size_t k = 0; k < operands.size(); ++k) {
    KILN_TRY(Tensor t, reduce_members(in, op, members, k));
    results.push_back(t.with_type(op.result(k)->type()));
  }
  return results;
}

// spec: the result is the concatenation of the members' operands along all_gather_dim.
Results all_gather(Interpreter& in, const ir::Operation& op,
                   std::span<const RuntimeValue> operands) {
  KILN_TRY(auto group, my_group(in, op, reduction_strategy(op)));
  int64_t dim = attr_int(op, "all_gather_dim");
  for (size_t k = 0; k < operands.size(); ++k) {
    KILN_TRY(Tensor out, allocate_result(op, k));
    KILN_CHECK_OK(check_scaled_shape(op, "all_gather_dim", dim, operands[k].tensor(), out,
                                     static_cast<int64_t>(group.size()), 1));
  }
  KILN_TRY(auto members, exchange(in, op, group, operands));
  std::vector<RuntimeValue> results;
  for (size_t k = 0; k < operands.size(); ++k) {
    KILN_TRY(Tensor out, allocate_result(op, k));
    int64_t size = operands[k].tensor().shape()[dim];
    if (out.shape()[dim] != size * static_cast<int64_t>(group.size())) {
      return op_error(op, "result dimension " + std::to_string(dim) + " must be " +
                              std::to_string(size * static_cast<int64_t>(group.size())) +
                              " for a group of " + std::to_string(group.size()));
    }
    for (size_t m = 0; m < members.size(); ++m) {
      place(members[m][k].tensor(), out, dim, static_cast<int64_t>(m) * size);
    }
    results.push_back(out);
  }
  return results;
}

// spec: each member's operand is split along split_dimension into split_count parts; the
// receiver at group index j concatenates part j of every member along concat_dimension.
Results all_to_all(Interpreter& in, const ir::Operation& op,
                   std::span<const RuntimeValue> operands) {
  KILN_TRY(auto group, my_group(in, op, channel_strategy(op)));
  int64_t count = attr_int(op, "split_count");
  if (static_cast<int64_t>(group.size()) != count) {
    return op_error(op, "split_count " + std::to_string(count) + " differs from the group size " +
                            std::to_string(group.size()));
  }
  int64_t split = attr_int(op, "split_dimension"), concat = attr_int(op, "concat_dimension");
  for (size_t k = 0; k < operands.size(); ++k) {
    const Tensor& operand = operands[k].tensor();
    // The parts are operand / count along split; the result is a part times count along
    // concat. Checked before the exchange, like check_scaled_shape.
    KILN_CHECK_OK(check_dims(op, "split_dimension", std::span<const int64_t>(&split, 1),
                             operand.rank()));
    KILN_CHECK_OK(check_dims(op, "concat_dimension", std::span<const int64_t>(&concat, 1),
                             operand.rank()));
    std::vector<int64_t> part_shape = operand.shape();
    if (part_shape[split] % count != 0) {
      return op_error(op, "split_dimension does not split into " + std::to_string(count) +
                              " parts");
    }
    part_shape[split] /= count;
    part_shape[concat] *= count;
    KILN_TRY(Tensor out, allocate_result(op, k));
    KILN_CHECK_OK(check_result_shape(op, out, part_shape));
  }
  KILN_TRY(auto members, exchange(in, op, group, operands));
  auto index = static_cast<int64_t>(std::find(group.begin(), group.end(), self_id(in)) -
                                    group.begin());
  std::vector<RuntimeValue> results;
  for (size_t k = 0; k < operands.size(); ++k) {
    KILN_TRY(Tensor out, allocate_result(op, k));
    std::vector<int64_t> part_shape = operands[k].tensor().shape();
    part_shape[split] /= count;
    KILN_TRY(Tensor part, Tensor::allocate(ir::Type::tensor(part_shape, out.element())));
    for (size_t m = 0; m < members.size(); ++m) {
      take(members[m][k].tensor(), split, index * part_shape[split], part);
      place(part, out, concat, static_cast<int64_t>(m) * part_shape[concat]);
    }
    results.push_back(out);
  }
  return results;
}

// collective_reduce: all_reduce's reduction (same groups and strategy), kept by the group's
// first process, the root; the other members get zeros (after StableHLO's reference
// interpreter).
Results collective_reduce(Interpreter& in, const ir::Operation& op,
                          std::span<const RuntimeValue> operands) {
  KILN_TRY(auto group, my_group(in, op, reduction_strategy(op)));
  KILN_TRY(auto members, exchange(in, op, group, operands));
  std::vector<RuntimeValue> results;
  for (size_t k = 0; k < operands.size(); ++k) {
    if (group[0] != self_id(in)) {
      KILN_TRY(Tensor zeros, allocate_result(op, k));
      results.push_back(std::move(zeros));
      continue;
    }
    KILN_TRY(Tensor t, reduce_members(in, op, members, k));
    // A verified result has the computation's element type (all_reduce's rule); an unverified
    // one may not.
    KILN_TRY(t, convert_elements(t, op.result(k)->type().element()));
    results.push_back(t.with_type(op.result(k)->type()));
  }
  return results;
}

// cross-replica-sum (deprecated): all_reduce with addition across the replicas of each group,
// in group order; integers wrap, i1 adds as or, as stablehlo.add does.
Results cross_replica_sum(Interpreter& in, const ir::Operation& op,
                          std::span<const RuntimeValue> operands) {
  KILN_TRY(auto group, my_group(in, op, Strategy::kCrossReplica));
  KILN_TRY(auto members, exchange(in, op, group, operands));
  KILN_TRY(Tensor out, allocate_result(op));
  const int bits = out.element().bit_width();
  dispatch_dtype(out.element().kind(), [&]<class T>() {
    T* dst = out.data<T>();
    for (size_t m = 0; m < members.size(); ++m) {
      const T* src = members[m][0].tensor().data<T>();
      for (int64_t i = 0; i < out.num_elements(); ++i) {
        if (m == 0) dst[i] = src[i];
        else if constexpr (std::is_same_v<T, bool>) dst[i] = dst[i] || src[i];
        else if constexpr (kIsInt<T>) dst[i] = wrap_add(dst[i], src[i], bits);
        else dst[i] = dst[i] + src[i];
      }
    }
  });
  return std::vector<RuntimeValue>{out};
}

// spec: all_reduce, then the member at group index j keeps block j along scatter_dimension.
Results reduce_scatter(Interpreter& in, const ir::Operation& op,
                       std::span<const RuntimeValue> operands) {
  KILN_TRY(auto group, my_group(in, op, reduction_strategy(op)));
  int64_t dim = attr_int(op, "scatter_dimension");
  {
    KILN_TRY(Tensor out, allocate_result(op));
    KILN_CHECK_OK(check_scaled_shape(op, "scatter_dimension", dim, operands[0].tensor(), out, 1,
                                     static_cast<int64_t>(group.size())));
  }
  KILN_TRY(auto members, exchange(in, op, group, operands));
  KILN_TRY(Tensor reduced, reduce_members(in, op, members, 0));
  KILN_TRY(Tensor out, allocate_result(op));
  auto index = static_cast<int64_t>(std::find(group.begin(), group.end(), self_id(in)) -
                                    group.begin());
  if (out.shape()[dim] * static_cast<int64_t>(group.size()) != reduced.shape()[dim]) {
    return op_error(op, "scatter dimension does not split evenly over the group of " +
                            std::to_string(group.size()));
  }
  take(reduced, dim, index * out.shape()[dim], out);
  return std::vector<RuntimeValue>{out};
}

// spec: result@target = operand@source for each pair (ids along the strategy's axis); a
// process that is no target gets zeros.
Results collective_permute(Interpreter& in, const ir::Operation& op,
                           std::span<const RuntimeValue> operands) {
  Strategy s = channel_strategy(op);
  std::vector<int64_t> slice =
      axis_peers(grid_shape(in), s, in.process.replica, in.process.partition);
  int64_t mine = s == Strategy::kCrossReplica ? in.process.replica : in.process.partition;
  std::vector<int64_t> pairs = attr_ints(op, "source_target_pairs");
  for (int64_t id : pairs) {
    if (id >= static_cast<int64_t>(slice.size())) {
      return op_error(op, "source_target_pairs name id " + std::to_string(id) +
                              " beyond the " + std::to_string(slice.size()) + " processes");
    }
  }
  KILN_TRY(auto members, exchange(in, op, slice, operands.first(1)));
  KILN_TRY(Tensor out, allocate_result(op));
  for (size_t i = 0; i + 1 < pairs.size(); i += 2) {
    if (pairs[i + 1] != mine) continue;
    const Tensor& src = members[static_cast<size_t>(pairs[i])][0].tensor();
    if (src.size_bytes() > 0) std::memcpy(out.raw(), src.raw(), src.size_bytes());
  }
  return std::vector<RuntimeValue>{out};
}

// spec: every member of a group receives the operands of the group's first process; a
// process in no group gets zeros. The op is variadic: operand k goes to result k.
Results collective_broadcast(Interpreter& in, const ir::Operation& op,
                             std::span<const RuntimeValue> operands) {
  KILN_TRY(Groups groups, process_groups(op, channel_strategy(op), grid_shape(in)));
  std::vector<int64_t> group = group_of(groups, self_id(in));
  std::vector<RuntimeValue> results;
  for (size_t k = 0; k < op.num_results(); ++k) {
    KILN_TRY(Tensor out, allocate_result(op, k));
    results.push_back(std::move(out));
  }
  if (group.empty()) return results;
  KILN_TRY(auto members, exchange(in, op, group, operands));
  if (members[0].size() != results.size()) {
    return op_error(op, "has " + std::to_string(results.size()) + " results for " +
                            std::to_string(members[0].size()) + " operands");
  }
  for (size_t k = 0; k < results.size(); ++k) {
    const Tensor& src = members[0][k].tensor();
    Tensor& out = results[k].tensor();
    if (src.size_bytes() != out.size_bytes()) return op_error(op, "result type differs from operand");
    if (src.size_bytes() > 0) std::memcpy(out.raw(), src.raw(), src.size_bytes());
  }
  return results;
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.all_reduce", all_reduce);
KILN_REGISTER_INTERP("stablehlo.all_gather", all_gather);
KILN_REGISTER_INTERP("stablehlo.all_to_all", all_to_all);
KILN_REGISTER_INTERP("stablehlo.reduce_scatter", reduce_scatter);
KILN_REGISTER_INTERP("stablehlo.collective_permute", collective_permute);
KILN_REGISTER_INTERP("stablehlo.collective_broadcast", collective_broadcast);
KILN_REGISTER_INTERP("stablehlo.collective_reduce", collective_reduce);
KILN_REGISTER_INTERP("stablehlo.cross-replica-sum", cross_replica_sum);

}  // namespace kiln::interp

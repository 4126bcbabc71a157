// The collective ops across processes: all_reduce, all_gather, all_to_all, reduce_scatter,
// collective_permute, collective_broadcast, collective_reduce — table entries and the spec's
// constraints on replica groups, dimensions and result shapes. All print in the generic form.
#include <set>

#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/reduction_body.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

// How an op's replica_groups are read: whether -1 pads groups of unequal size (all_reduce
// only, as the reference verifier reads it) and whether the ids must be exactly 0..n-1 (every
// op but collective_broadcast).
struct GroupRules {
  bool padding = false;
  bool dense = true;
};

// spec: replica_groups is a rank-2 tensor of unique ids in [0, N) (C1-C3 of the collectives);
// N is the number of processes, which the reference verifier takes to be the number of ids.
// Returns the group size (its second dimension) through `size`.
Status verify_replica_groups(const Operation& op, GroupRules rules, int64_t* size = nullptr) {
  const auto* groups = op.attr_as<DenseElementsAttr>("replica_groups");
  if (!groups) return ok_status();
  if (groups->type.rank() != 2) {
    return verify_error(
        op, "replica_groups must be a rank-2 tensor, but has type " + to_string(groups->type));
  }
  std::set<int64_t> seen;
  for (int64_t id : int_values(*groups)) {
    if (id == -1 && rules.padding) continue;
    if (id < 0) return verify_error(op, "replica_groups has a negative id " + std::to_string(id));
    if (!seen.insert(id).second) {
      return verify_error(op, "replica_groups repeats id " + std::to_string(id));
    }
  }
  for (int64_t want = 0; rules.dense && want < static_cast<int64_t>(seen.size()); ++want) {
    if (!seen.count(want)) {
      return verify_error(op, "replica_groups has " + std::to_string(seen.size()) +
                                  " ids but not id " + std::to_string(want) +
                                  "; they must be 0 to " + std::to_string(seen.size() - 1));
    }
  }
  // The process group size is replica_groups' width except in the spec's
  // cross_replica_and_partition mode (a channel without use_global_device_ids), where each
  // group also spans every partition, a number the module does not state.
  bool cross_partition = op.attr("channel_handle") && !op.attr("use_global_device_ids");
  if (size) *size = cross_partition ? kDynamic : groups->type.dim(1);
  return ok_status();
}

// spec: use_global_device_ids needs a channel whose handle is positive.
Status verify_global_ids(const Operation& op) {
  if (!op.attr("use_global_device_ids")) return ok_status();
  const auto* channel = op.attr_as<ChannelHandleAttr>("channel_handle");
  if (!channel || channel->handle <= 0) {
    return verify_error(op, "use_global_device_ids needs a channel_handle with handle > 0");
  }
  return ok_status();
}

// Each result pairs with the operand of its index; its element type is the operand's, or
// `elements[i]` when given (the reduction's element type).
Status verify_one_to_one_results(const Operation& op,
                                 const std::vector<ElementType>* elements = nullptr) {
  if (op.num_operands() != op.num_results()) {
    return verify_error(op, "has " + std::to_string(op.num_operands()) + " operands but " +
                                std::to_string(op.num_results()) + " results");
  }
  for (size_t i = 0; i < op.num_operands(); ++i) {
    KILN_CHECK_OK(expect_tensor(op, op.operand(i)->type(), "operand #" + std::to_string(i)));
    KILN_CHECK_OK(expect_tensor(op, op.result(i)->type(), "result #" + std::to_string(i)));
    const ElementType& want = elements ? (*elements)[i] : op.operand(i)->type().element();
    if (want != op.result(i)->type().element()) {
      return verify_error(op, "result #" + std::to_string(i) + " " +
                                  to_string(op.result(i)->type()) + " must have element type " +
                                  to_string(want) + " (operand #" + std::to_string(i) + " is " +
                                  to_string(op.operand(i)->type()) + ")");
    }
  }
  return ok_status();
}

// The computation takes (tensor<E>, tensor<E>) and returns tensor<E>, where E is promotable
// from every operand's element type; returns E once per operand.
Expected<std::vector<ElementType>> verify_collective_computation(const Operation& op) {
  std::vector<ElementType> out;
  for (size_t i = 0; i < op.num_operands(); ++i) {
    const Type& t = op.operand(i)->type();
    KILN_CHECK_OK(expect_tensor(op, t, "operand #" + std::to_string(i)));
    KILN_TRY(std::vector<ElementType> e,
             expect_reduction_body(op, op.region(0), {t.element()}, {t.element()},
                                   {"computation", "operand", "operand"}));
    out.push_back(e[0]);
  }
  return out;
}

// The result equals the operand except along `dim`, where it is `expected` (when static).
Status expect_dim_scaled(const Operation& op, size_t i, int64_t dim, int64_t expected,
                         std::string_view why) {
  const Type& in = op.operand(i)->type();
  const Type& out = op.result(i)->type();
  if (in.rank() != out.rank()) {
    return verify_error(op, "result #" + std::to_string(i) + " " + to_string(out) +
                                " must have the rank of operand " + to_string(in));
  }
  for (int64_t d = 0; d < in.rank(); ++d) {
    int64_t want = d == dim ? expected : in.dim(d);
    if (want != kDynamic && out.dim(d) != kDynamic && out.dim(d) != want) {
      return verify_error(op, "result #" + std::to_string(i) + " " + to_string(out) +
                                  " must have size " + std::to_string(want) + " in dimension " +
                                  std::to_string(d) +
                                  (d == dim ? std::string(" ") + std::string(why) : ""));
    }
  }
  return ok_status();
}

Status expect_dim_in_range(const Operation& op, std::string_view attr, int64_t rank) {
  int64_t d = op.attr_as<IntegerAttr>(attr)->value;
  if (d < 0 || d >= rank) {
    return verify_error(op, std::string(attr) + " " + std::to_string(d) + " is out of range [0, " +
                                std::to_string(rank) + ")");
  }
  return ok_status();
}

Status verify_all_reduce(const Operation& op) {
  KILN_CHECK_OK(verify_replica_groups(op, {.padding = true}));  // (C1)-(C3)
  KILN_CHECK_OK(verify_global_ids(op));
  KILN_TRY(std::vector<ElementType> elements, verify_collective_computation(op));  // (C5)
  KILN_CHECK_OK(verify_one_to_one_results(op, &elements));              // (C7)
  for (size_t i = 0; i < op.num_operands(); ++i) {
    KILN_CHECK_OK(expect_same_shape(op, op.operand(i)->type(), op.result(i)->type(),
                                    "operand and result #" + std::to_string(i)));  // (C6)
  }
  return ok_status();
}

Status verify_all_gather(const Operation& op) {
  int64_t group = kDynamic;
  KILN_CHECK_OK(verify_replica_groups(op, {}, &group));
  KILN_CHECK_OK(verify_global_ids(op));
  KILN_CHECK_OK(verify_one_to_one_results(op));
  int64_t dim = op.attr_as<IntegerAttr>("all_gather_dim")->value;
  for (size_t i = 0; i < op.num_operands(); ++i) {
    const Type& in = op.operand(i)->type();
    KILN_CHECK_OK(expect_dim_in_range(op, "all_gather_dim", in.rank()));
    int64_t want = in.dim(dim) == kDynamic || group == kDynamic ? kDynamic : in.dim(dim) * group;
    KILN_CHECK_OK(expect_dim_scaled(op, i, dim, want, "(operand size times the group size)"));
  }
  return ok_status();
}

Status verify_all_to_all(const Operation& op) {
  int64_t group = kDynamic;
  KILN_CHECK_OK(verify_replica_groups(op, {}, &group));
  KILN_CHECK_OK(verify_one_to_one_results(op));
  int64_t split = op.attr_as<IntegerAttr>("split_dimension")->value;
  int64_t concat = op.attr_as<IntegerAttr>("concat_dimension")->value;
  int64_t count = op.attr_as<IntegerAttr>("split_count")->value;
  if (count <= 0)
    return verify_error(op, "split_count must be positive, but is " + std::to_string(count));
  if (group != kDynamic && group != count) {
    return verify_error(op, "replica groups have size " + std::to_string(group) +
                                " but split_count is " + std::to_string(count));
  }
  for (size_t i = 0; i < op.num_operands(); ++i) {
    const Type& in = op.operand(i)->type();
    KILN_CHECK_OK(expect_dim_in_range(op, "split_dimension", in.rank()));
    KILN_CHECK_OK(expect_dim_in_range(op, "concat_dimension", in.rank()));
    if (in.dim(split) != kDynamic && in.dim(split) % count != 0) {
      return verify_error(op, "operand #" + std::to_string(i) + " dimension " +
                                  std::to_string(split) + " (size " +
                                  std::to_string(in.dim(split)) +
                                  ") is not divisible by split_count " + std::to_string(count));
    }
    std::vector<int64_t> shape = in.shape();
    if (shape[split] != kDynamic) shape[split] /= count;
    if (shape[concat] != kDynamic) shape[concat] *= count;
    Type want = Type::tensor(shape, in.element());
    if (!shapes_compatible(want, op.result(i)->type())) {
      return verify_error(op, "result #" + std::to_string(i) + " " +
                                  to_string(op.result(i)->type()) + " must have shape " +
                                  dims_string(shape));
    }
  }
  return ok_status();
}

Status verify_reduce_scatter(const Operation& op) {
  int64_t group = kDynamic;
  KILN_CHECK_OK(verify_replica_groups(op, {}, &group));
  KILN_CHECK_OK(verify_global_ids(op));
  KILN_TRY(std::vector<ElementType> elements, verify_collective_computation(op));  // (C7)
  KILN_CHECK_OK(verify_one_to_one_results(op, &elements));              // (C9)
  const Type& in = op.operand(0)->type();
  KILN_CHECK_OK(expect_dim_in_range(op, "scatter_dimension", in.rank()));
  int64_t dim = op.attr_as<IntegerAttr>("scatter_dimension")->value;
  int64_t size = in.dim(dim);
  if (group != kDynamic && group > 0 && size != kDynamic && size % group != 0) {
    return verify_error(op, "operand dimension " + std::to_string(dim) + " (size " +
                                std::to_string(size) + ") is not divisible by the group size " +
                                std::to_string(group));
  }
  int64_t want = (group == kDynamic || group <= 0 || size == kDynamic) ? kDynamic : size / group;
  return expect_dim_scaled(op, 0, dim, want, "(operand size over the group size)");
}

// spec: source_target_pairs is [N, 2]; no source or target appears twice.
Status verify_collective_permute(const Operation& op) {
  KILN_CHECK_OK(verify_one_to_one_results(op));
  KILN_CHECK_OK(
      expect_same_shape(op, op.operand(0)->type(), op.result(0)->type(), "operand and result"));
  const auto& pairs = *op.attr_as<DenseElementsAttr>("source_target_pairs");
  if (pairs.type.rank() != 2 || pairs.type.dim(1) != 2) {
    return verify_error(
        op, "source_target_pairs must have shape [N, 2], but has type " + to_string(pairs.type));
  }
  std::vector<int64_t> ids = int_values(pairs);
  std::set<int64_t> sources, targets;
  for (size_t i = 0; i < ids.size(); ++i) {
    if (ids[i] < 0) {
      return verify_error(op, "source_target_pairs has a negative id " + std::to_string(ids[i]));
    }
    bool is_source = i % 2 == 0;
    if (!(is_source ? sources : targets).insert(ids[i]).second) {
      return verify_error(op, std::string("source_target_pairs repeats ") +
                                  (is_source ? "source " : "target ") + std::to_string(ids[i]));
    }
  }
  return ok_status();
}

// spec (current StableHLO, where collective_broadcast is variadic): (C1) the ids of
// replica_groups are unique, (C2) non-negative (the process count bounds them at run time),
// (C3) each result has the type of the operand of its index.
Status verify_collective_broadcast(const Operation& op) {
  KILN_CHECK_OK(verify_replica_groups(op, {.dense = false}));  // (C1)-(C2)
  KILN_CHECK_OK(verify_one_to_one_results(op));                // (C3)
  for (size_t i = 0; i < op.num_operands(); ++i) {
    KILN_CHECK_OK(expect_same_shape(op, op.operand(i)->type(), op.result(i)->type(),
                                    "operand and result #" + std::to_string(i)));
  }
  return ok_status();
}

std::vector<OpInfo> collective_ops() {
  const AttrSpec groups{"replica_groups", AttrKind::kIntElements};
  const AttrSpec channel{"channel_handle", AttrKind::kChannelHandle, true};
  const AttrSpec global_ids{"use_global_device_ids", AttrKind::kUnit, true};
  return {
      {.name = "stablehlo.all_reduce",
       .operands = {{"operands", Arity::kVariadic}},
       .results = {{"results", Arity::kVariadic}},
       .attrs = {groups, channel, global_ids},
       .regions = {"computation"},
       .verify = verify_all_reduce},
      {.name = "stablehlo.all_gather",
       .operands = {{"operands", Arity::kVariadic}},
       .results = {{"results", Arity::kVariadic}},
       .attrs = {{"all_gather_dim", AttrKind::kI64}, groups, channel, global_ids},
       .verify = verify_all_gather},
      {.name = "stablehlo.all_to_all",
       .operands = {{"operands", Arity::kVariadic}},
       .results = {{"results", Arity::kVariadic}},
       .attrs = {{"split_dimension", AttrKind::kI64},
                 {"concat_dimension", AttrKind::kI64},
                 {"split_count", AttrKind::kI64},
                 groups,
                 channel},
       .verify = verify_all_to_all},
      {.name = "stablehlo.reduce_scatter",
       .operands = {{"operand"}},
       .results = {{"result"}},
       .attrs = {{"scatter_dimension", AttrKind::kI64}, groups, channel, global_ids},
       .regions = {"computation"},
       .verify = verify_reduce_scatter},
      {.name = "stablehlo.collective_permute",
       .operands = {{"operand"}},
       .results = {{"result"}},
       .attrs = {{"source_target_pairs", AttrKind::kIntElements}, channel},
       .verify = verify_collective_permute},
      {.name = "stablehlo.collective_broadcast",
       .operands = {{"operands", Arity::kVariadic}},
       .results = {{"results", Arity::kVariadic}},
       .attrs = {groups, channel},
       .verify = verify_collective_broadcast},
      // collective_reduce (current StableHLO, after v1.18) is all_reduce whose result only
      // each group's first process (the root) keeps: the spec states its operands, results,
      // computation and replica_groups in all_reduce's terms, so all_reduce's checks apply.
      {.name = "stablehlo.collective_reduce",
       .operands = {{"operands", Arity::kVariadic}},
       .results = {{"results", Arity::kVariadic}},
       .attrs = {groups, channel, global_ids},
       .regions = {"computation"},
       .verify = verify_all_reduce},
  };
}

KILN_REGISTER_OPS(collective_ops);

}  // namespace

}  // namespace kiln::ir

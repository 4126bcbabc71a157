// The process groups of the collectives: replica_groups read under the four strategies.
#include "interp/collective_groups.h"

#include <algorithm>
#include <string>

#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

// The rows of the rank-2 replica_groups attribute without their -1 padding. An empty
// attribute means one group of every id (as XLA reads it).
std::vector<std::vector<int64_t>> id_groups(const ir::Operation& op, int64_t all) {
  const auto* attr = op.attr_as<ir::DenseElementsAttr>("replica_groups");
  std::vector<int64_t> ids = attr_ints(op, "replica_groups");
  std::vector<std::vector<int64_t>> rows;
  if (attr && attr->type.rank() == 2 && !ids.empty()) {
    int64_t width = attr->type.dim(1);
    for (size_t i = 0; i < ids.size(); i += static_cast<size_t>(width)) {
      std::vector<int64_t> row;
      for (int64_t j = 0; j < width; ++j) {
        if (ids[i + j] >= 0) row.push_back(ids[i + j]);
      }
      rows.push_back(std::move(row));
    }
  }
  if (rows.empty()) {
    rows.emplace_back();
    for (int64_t i = 0; i < all; ++i) rows.back().push_back(i);
  }
  return rows;
}

}  // namespace

int64_t channel_id(const ir::Operation& op) {
  const auto* c = op.attr_as<ir::ChannelHandleAttr>("channel_handle");
  return c ? c->handle : 0;
}

GroupStrategy reduction_strategy(const ir::Operation& op) {
  if (channel_id(op) <= 0) return GroupStrategy::kCrossReplica;
  return op.attr("use_global_device_ids") ? GroupStrategy::kFlattenedIds
                                          : GroupStrategy::kCrossReplicaAndPartition;
}

GroupStrategy channel_strategy(const ir::Operation& op) {
  return channel_id(op) > 0 ? GroupStrategy::kCrossPartition : GroupStrategy::kCrossReplica;
}

// spec: cross_replica, cross_partition, cross_replica_and_partition and flattened_ids.
Expected<ProcessGroups> process_groups(const ir::Operation& op, GroupStrategy s, GridShape g) {
  int64_t all = s == GroupStrategy::kCrossPartition  ? g.partitions
                : s == GroupStrategy::kFlattenedIds ? g.replicas * g.partitions
                                                    : g.replicas;
  auto id_rows = id_groups(op, all);
  for (const auto& ids : id_rows) {
    for (int64_t id : ids) {
      if (id >= all) {
        return op_error(op, "replica_groups name process " + std::to_string(id) +
                                " beyond the grid of " + std::to_string(g.replicas) +
                                " replicas and " + std::to_string(g.partitions) + " partitions");
      }
    }
  }
  ProcessGroups out;
  for (const auto& ids : id_rows) {
    switch (s) {
      case GroupStrategy::kCrossReplica:
        for (int64_t p = 0; p < g.partitions; ++p) {
          auto& group = out.emplace_back();
          for (int64_t r : ids) group.push_back(g.flat(r, p));
        }
        break;
      case GroupStrategy::kCrossPartition:
        for (int64_t r = 0; r < g.replicas; ++r) {
          auto& group = out.emplace_back();
          for (int64_t p : ids) group.push_back(g.flat(r, p));
        }
        break;
      case GroupStrategy::kCrossReplicaAndPartition: {
        auto& group = out.emplace_back();
        for (int64_t p = 0; p < g.partitions; ++p) {
          for (int64_t r : ids) group.push_back(g.flat(r, p));
        }
        break;
      }
      case GroupStrategy::kFlattenedIds:
        out.push_back(ids);
        break;
    }
  }
  return out;
}

std::vector<int64_t> group_of(const ProcessGroups& groups, int64_t self) {
  for (const auto& g : groups) {
    if (std::find(g.begin(), g.end(), self) != g.end()) return g;
  }
  return {};
}

std::vector<int64_t> axis_peers(GridShape g, GroupStrategy s, int64_t replica, int64_t partition) {
  std::vector<int64_t> out;
  if (s == GroupStrategy::kCrossReplica) {
    for (int64_t r = 0; r < g.replicas; ++r) out.push_back(g.flat(r, partition));
  } else {
    for (int64_t p = 0; p < g.partitions; ++p) out.push_back(g.flat(replica, p));
  }
  return out;
}

}  // namespace kiln::interp

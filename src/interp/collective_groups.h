// The process groups of the collectives (spec "Collective ops"): how replica_groups,
// channel_handle and use_global_device_ids name the processes of a grid. The interpreter's
// collectives (ops/collectives.cpp) and the cuda backend's device collectives share them.
#pragma once

#include <cstdint>
#include <vector>

#include "ir/operation.h"
#include "support/error.h"

namespace kiln::interp {

using ProcessGroups = std::vector<std::vector<int64_t>>;  // each a list of flat process ids

// spec "Collective ops": how replica_groups (or source_target_pairs) name processes.
enum class GroupStrategy { kCrossReplica, kCrossPartition, kCrossReplicaAndPartition, kFlattenedIds };

// A grid's shape; process (r, p) has the flat id r * partitions + p.
struct GridShape {
  int64_t replicas = 1, partitions = 1;
  int64_t flat(int64_t r, int64_t p) const { return r * partitions + p; }
};

// The op's channel_handle, or 0 without one.
int64_t channel_id(const ir::Operation& op);

// spec: all_reduce, all_gather, reduce_scatter and collective_reduce pick the strategy from
// channel_id and use_global_device_ids.
GroupStrategy reduction_strategy(const ir::Operation& op);
// spec: all_to_all, collective_broadcast and collective_permute are cross-replica without a
// channel and cross-partition with one.
GroupStrategy channel_strategy(const ir::Operation& op);

// Every group of `op` under strategy `s` on grid `g`, members in group order. Errors (located
// at the op) where an id names no process of the strategy's axis: checked over all groups, so
// that every process of such a program fails alike.
Expected<ProcessGroups> process_groups(const ir::Operation& op, GroupStrategy s, GridShape g);

// The group of `groups` that holds `self`, or an empty list.
std::vector<int64_t> group_of(const ProcessGroups& groups, int64_t self);

// The processes that run the same collective_permute or collective_broadcast as process
// (replica, partition): every replica of its partition (cross-replica), or every partition of
// its replica (cross-partition), in id order.
std::vector<int64_t> axis_peers(GridShape g, GroupStrategy s, int64_t replica, int64_t partition);

}  // namespace kiln::interp

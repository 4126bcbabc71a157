// ArenaPlanner: first-fit allocation with coalescing of free neighbours.
#include "backend/cuda/arena.h"

#include <algorithm>

namespace kiln::backend::cuda {

int64_t ArenaPlanner::allocate(int64_t bytes) {
  bytes = std::max<int64_t>(kAlignment, (bytes + kAlignment - 1) / kAlignment * kAlignment);
  for (auto it = free_.begin(); it != free_.end(); ++it) {
    if (it->second < bytes) continue;
    const int64_t offset = it->first;
    const int64_t rest = it->second - bytes;
    free_.erase(it);
    if (rest > 0) free_[offset + bytes] = rest;
    live_[offset] = {bytes, 1};
    return offset;
  }
  // Grow, absorbing a free block that ends at the top.
  int64_t offset = size_;
  if (!free_.empty()) {
    auto last = std::prev(free_.end());
    if (last->first + last->second == size_) {
      offset = last->first;
      free_.erase(last);
    }
  }
  size_ = offset + bytes;
  live_[offset] = {bytes, 1};
  return offset;
}

void ArenaPlanner::retain(int64_t offset) {
  if (auto it = live_.find(offset); it != live_.end()) ++it->second.refs;
}

void ArenaPlanner::release(int64_t offset) {
  auto it = live_.find(offset);
  if (it == live_.end() || --it->second.refs > 0) return;
  int64_t start = offset, bytes = it->second.bytes;
  live_.erase(it);
  // Coalesce with the free neighbours.
  auto next = free_.lower_bound(start);
  if (next != free_.end() && next->first == start + bytes) {
    bytes += next->second;
    next = free_.erase(next);
  }
  if (next != free_.begin()) {
    auto prev = std::prev(next);
    if (prev->first + prev->second == start) {
      start = prev->first;
      bytes += prev->second;
      free_.erase(prev);
    }
  }
  free_[start] = bytes;
}

}  // namespace kiln::backend::cuda

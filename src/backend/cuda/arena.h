// The arena planner of the CUDA backend's lowering: first-fit offsets in one device
// allocation, freed as values die, with reference counts for values that alias (a reshape
// shares its operand's bytes).
#pragma once

#include <cstdint>
#include <map>
#include <vector>

namespace kiln::backend::cuda {

class ArenaPlanner {
 public:
  // Every offset is a multiple of this (cuBLASLt and 16-byte vector loads want 16; 256
  // matches cudaMalloc's own alignment).
  static constexpr int64_t kAlignment = 256;

  // A new slot of `bytes` (at least one alignment unit, so that empty tensors have distinct
  // addresses); its reference count is 1.
  int64_t allocate(int64_t bytes);
  // One more owner of the slot at `offset`.
  void retain(int64_t offset);
  // One owner fewer; the slot is free again at zero.
  void release(int64_t offset);
  // The high-water mark: the arena's size.
  int64_t size() const { return size_; }

 private:
  struct Slot {
    int64_t bytes;
    int refs;
  };
  std::map<int64_t, Slot> live_;     // by offset
  std::map<int64_t, int64_t> free_;  // offset -> bytes, coalesced
  int64_t size_ = 0;
};

}  // namespace kiln::backend::cuda

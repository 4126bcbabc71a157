// The process-wide interner of op names.
#include "ir/op_id.h"

#include <deque>
#include <mutex>
#include <shared_mutex>
#include <unordered_map>

namespace kiln::ir {

namespace {

class OpNameInterner {
 public:
  OpNameInterner() {
    for (std::string_view name : detail::kWellKnownOpNames) intern_locked(name);
  }

  OpId intern(std::string_view name) {
    {
      std::shared_lock lock(mutex_);
      auto it = ids_.find(name);
      if (it != ids_.end()) return OpId::from_index(it->second);
    }
    std::unique_lock lock(mutex_);
    return intern_locked(name);
  }

  const std::string& name(uint32_t index) {
    std::shared_lock lock(mutex_);
    // An id only comes from this interner, so the index is in range.
    return names_[index];
  }

  uint32_t size() {
    std::shared_lock lock(mutex_);
    return static_cast<uint32_t>(names_.size());
  }

 private:
  // Requires the unique lock (or the constructor). A name interned by another thread between
  // the shared and the unique lock is found here.
  OpId intern_locked(std::string_view name) {
    auto it = ids_.find(name);
    if (it != ids_.end()) return OpId::from_index(it->second);
    auto index = static_cast<uint32_t>(names_.size());
    names_.emplace_back(name);  // a deque: earlier names keep their addresses
    ids_.emplace(names_.back(), index);
    return OpId::from_index(index);
  }

  std::shared_mutex mutex_;
  std::deque<std::string> names_;
  std::unordered_map<std::string_view, uint32_t> ids_;
};

// Never destroyed: ids and names stay valid in static destructors too.
OpNameInterner& interner() {
  static OpNameInterner* const instance = new OpNameInterner();
  return *instance;
}

}  // namespace

OpId OpId::of(std::string_view name) { return interner().intern(name); }

const std::string& OpId::name() const { return interner().name(index_); }

uint32_t num_op_ids() { return interner().size(); }

}  // namespace kiln::ir

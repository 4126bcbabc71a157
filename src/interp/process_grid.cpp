// The process grid: rendezvous of collectives and threaded runs of one program per process.
#include "interp/process_grid.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <thread>

namespace kiln::interp {

ProcessGrid::ProcessGrid(int64_t num_replicas, int64_t num_partitions)
    : num_replicas_(num_replicas),
      num_partitions_(num_partitions),
      rounds_(static_cast<size_t>(num_replicas * num_partitions)),
      done_(static_cast<size_t>(num_replicas * num_partitions), false) {}

namespace {

std::string process_name(const ProcessGrid& grid, int64_t flat) {
  ProcessId p = grid.process(flat);
  return "process (" + std::to_string(p.replica) + ", " + std::to_string(p.partition) + ")";
}

}  // namespace

Expected<std::vector<std::vector<RuntimeValue>>> ProcessGrid::exchange(
    int64_t self, const std::vector<int64_t>& group, int64_t channel, std::string_view op_name,
    std::vector<RuntimeValue> values) {
  auto where = std::find(group.begin(), group.end(), self);
  if (where == group.end()) return Error::invalid_argument("interp: " + process_name(*this, self) + " is not in its group");
  const auto index = static_cast<size_t>(where - group.begin());
  std::unique_lock lock(mutex_);
  int64_t round = rounds_[self][{group, channel}]++;
  Key key{group, channel, round};
  auto [it, fresh] = slots_.try_emplace(key);
  Slot& slot = it->second;
  if (fresh) {
    slot.op_name = op_name;
    slot.values.resize(group.size());
    slot.arrived.resize(group.size(), false);
  } else if (slot.op_name != op_name) {
    return Error::invalid_argument("interp: " + process_name(*this, self) + " reached '" + std::string(op_name) +
                 "' where another process of its group reached '" + slot.op_name + "'");
  }
  slot.values[index] = std::move(values);
  slot.arrived[index] = true;
  ++slot.count;
  changed_.notify_all();
  auto missing = [&]() -> std::optional<int64_t> {
    for (size_t i = 0; i < group.size(); ++i) {
      if (!slot.arrived[i] && done_[group[i]]) return group[i];
    }
    return std::nullopt;
  };
  changed_.wait(lock, [&] { return slot.count == static_cast<int64_t>(group.size()) || missing(); });
  if (slot.count != static_cast<int64_t>(group.size())) {
    return Error::invalid_argument("interp: " + process_name(*this, *missing()) + " ended without reaching '" +
                 std::string(op_name) + "', which " + process_name(*this, self) + " waits in");
  }
  std::vector<std::vector<RuntimeValue>> result = slot.values;
  if (++slot.taken == slot.count) slots_.erase(it);
  return result;
}

void ProcessGrid::mark_done(int64_t flat) {
  std::lock_guard lock(mutex_);
  done_[flat] = true;
  changed_.notify_all();
}

void ProcessGrid::send(int64_t channel, int64_t target, std::vector<RuntimeValue> values) {
  std::lock_guard lock(mutex_);
  channels_[{channel, target}].push_back(std::move(values));
  changed_.notify_all();
}

Expected<std::vector<RuntimeValue>> ProcessGrid::recv(int64_t self, int64_t channel,
                                                      int64_t target) {
  std::unique_lock lock(mutex_);
  auto& queue = channels_[{channel, target}];
  ++waiting_in_recv_;
  // Nobody left to send: every other process is done or waits in a recv as well.
  auto stuck = [&] {
    int64_t done = std::count(done_.begin(), done_.end(), true);
    return done + waiting_in_recv_ >= num_processes();
  };
  changed_.notify_all();
  changed_.wait(lock, [&] { return !queue.empty() || stuck(); });
  --waiting_in_recv_;
  if (queue.empty()) {
    return Error::invalid_argument("interp: " + process_name(*this, self) +
                                   " waits in a recv on channel " + std::to_string(channel) +
                                   " that no process sends on");
  }
  std::vector<RuntimeValue> values = std::move(queue.front());
  queue.pop_front();
  return values;
}

void ProcessGrid::set_infeed(std::vector<std::string> functions) {
  std::lock_guard lock(mutex_);
  infeed_.assign(functions.begin(), functions.end());
}

std::optional<std::string> ProcessGrid::pop_infeed() {
  std::lock_guard lock(mutex_);
  if (infeed_.empty()) return std::nullopt;
  std::string f = std::move(infeed_.front());
  infeed_.pop_front();
  return f;
}

void ProcessGrid::outfeed(std::vector<RuntimeValue> values) {
  std::lock_guard lock(mutex_);
  outfeed_.push_back(std::move(values));
}

std::vector<std::vector<RuntimeValue>> ProcessGrid::outfeed_values() {
  std::lock_guard lock(mutex_);
  return outfeed_;
}

namespace {

// Appends a process's check failures and probes to the interpreter that started the grid.
void merge_into(Interpreter& parent, Interpreter& child) {
  for (auto& f : child.check_failures) parent.check_failures.push_back(std::move(f));
  for (auto& [id, values] : child.probes) {
    auto& dst = parent.probes[id];
    dst.insert(dst.end(), values.begin(), values.end());
  }
}

}  // namespace

Expected<std::vector<std::vector<RuntimeValue>>> run_grid_functions(
    const ir::Module& module, const std::vector<const ir::Operation*>& functions,
    const std::vector<std::vector<RuntimeValue>>& args, Options options, Interpreter* parent,
    GridIo io) {
  if (options.num_replicas < 1 || options.num_partitions < 1) {
    return Error::invalid_argument("interp: the process grid needs at least one replica and one partition");
  }
  ProcessGrid grid(options.num_replicas, options.num_partitions);
  grid.set_infeed(std::move(io.infeed));
  const auto n = static_cast<size_t>(grid.num_processes());
  if (functions.size() != n || args.size() != n) {
    return Error::invalid_argument("interp: a grid of " + std::to_string(n) + " processes needs " +
                 std::to_string(n) + " functions and argument lists, got " +
                 std::to_string(functions.size()) + " and " + std::to_string(args.size()));
  }
  std::vector<std::unique_ptr<Interpreter>> interpreters;
  std::vector<std::optional<Expected<std::vector<RuntimeValue>>>> results(n);
  for (size_t i = 0; i < n; ++i) {
    interpreters.push_back(std::make_unique<Interpreter>(module, options));
    interpreters[i]->process = grid.process(static_cast<int64_t>(i));
    interpreters[i]->grid = &grid;
  }
  // The first process to fail holds the cause; the others fail because it left.
  std::mutex first_mutex;
  std::optional<size_t> first_failure;
  std::vector<std::thread> threads;
  for (size_t i = 0; i < n; ++i) {
    threads.emplace_back([&, i] {
      results[i].emplace(interpreters[i]->call(*functions[i], args[i]));
      if (!results[i]->ok()) {
        std::lock_guard lock(first_mutex);
        if (!first_failure) first_failure = i;
      }
      grid.mark_done(static_cast<int64_t>(i));
    });
  }
  for (auto& t : threads) t.join();
  if (parent) {
    for (auto& in : interpreters) merge_into(*parent, *in);
  }
  if (io.outfeed) *io.outfeed = grid.outfeed_values();
  if (first_failure) return results[*first_failure]->take_error();
  std::vector<std::vector<RuntimeValue>> out;
  for (size_t i = 0; i < n; ++i) {
    out.push_back(std::move(results[i]->value()));
  }
  return out;
}

Expected<std::vector<std::vector<RuntimeValue>>> run_grid(
    const ir::Module& module, std::string_view entry,
    const std::vector<std::vector<RuntimeValue>>& args_per_process, Options options) {
  Interpreter probe(module, options);
  const ir::Operation* f = probe.entry_function(entry);
  if (!f) {
    return Error::invalid_argument(entry.empty() ? "interp: the module has no @main and more than one function"
                               : "interp: no function @" + std::string(entry) + " in module");
  }
  std::vector<const ir::Operation*> functions(
      static_cast<size_t>(std::max<int64_t>(options.num_replicas * options.num_partitions, 0)), f);
  return run_grid_functions(module, functions, args_per_process, options);
}

}  // namespace kiln::interp

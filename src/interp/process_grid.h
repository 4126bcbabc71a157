// The simulated grid of processes on which collectives run: num_replicas x num_partitions
// interpreters on threads that meet at rendezvous points to exchange values.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interp/interpreter.h"

namespace kiln::interp {

// The rendezvous shared by the processes of one run. Process (r, p) has the flat id
// r * num_partitions + p (spec: "Process grid"). Thread-safe.
class ProcessGrid {
 public:
  ProcessGrid(int64_t num_replicas, int64_t num_partitions);

  int64_t num_replicas() const { return num_replicas_; }
  int64_t num_partitions() const { return num_partitions_; }
  int64_t num_processes() const { return num_replicas_ * num_partitions_; }
  int64_t flat_id(ProcessId p) const { return p.replica * num_partitions_ + p.partition; }
  ProcessId process(int64_t flat) const { return {flat / num_partitions_, flat % num_partitions_}; }

  // Deposits `values` for process `self` at the rendezvous of `group` (flat ids, `self`
  // among them) and waits until every member has deposited; returns every member's values in
  // group order. Calls with the same group and channel meet in the order each process makes
  // them; `op_name` must agree across the members. Fails, instead of waiting forever, when a
  // member has finished or failed without coming.
  Expected<std::vector<std::vector<RuntimeValue>>> exchange(int64_t self,
                                                            const std::vector<int64_t>& group,
                                                            int64_t channel,
                                                            std::string_view op_name,
                                                            std::vector<RuntimeValue> values);

  // Marks process `flat` as done (finished or failed): exchanges waiting for it fail.
  void mark_done(int64_t flat);

  // stablehlo.send: queues `values` on `channel` for the recv of process `target` (flat id),
  // or of any process when `target` is -1; never waits.
  void send(int64_t channel, int64_t target, std::vector<RuntimeValue> values);
  // stablehlo.recv: takes the oldest values sent on `channel` to `target` (as in send),
  // waiting for a send. Fails, instead of waiting forever, when every other process has
  // finished or waits in a recv too.
  Expected<std::vector<RuntimeValue>> recv(int64_t self, int64_t channel, int64_t target);

  // The functions that feed stablehlo.infeed (interpreter.run_parallel's `infeed`), one per
  // infeed executed by any process, in order; pop_infeed gives the next one, or nothing.
  void set_infeed(std::vector<std::string> functions);
  std::optional<std::string> pop_infeed();
  // stablehlo.outfeed: the values every process has written, in the order they came.
  void outfeed(std::vector<RuntimeValue> values);
  std::vector<std::vector<RuntimeValue>> outfeed_values();

 private:
  struct Key {
    std::vector<int64_t> group;
    int64_t channel;
    int64_t round;
    auto operator<=>(const Key&) const = default;
  };
  struct Slot {
    std::string op_name;
    std::vector<std::vector<RuntimeValue>> values;
    std::vector<bool> arrived;
    int64_t count = 0;
    int64_t taken = 0;
  };

  int64_t num_replicas_, num_partitions_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<Key, Slot> slots_;
  // Per process: how many exchanges it has made per (group, channel).
  std::vector<std::map<std::pair<std::vector<int64_t>, int64_t>, int64_t>> rounds_;
  std::vector<bool> done_;
  std::map<std::pair<int64_t, int64_t>, std::deque<std::vector<RuntimeValue>>> channels_;
  int64_t waiting_in_recv_ = 0;
  std::deque<std::string> infeed_;
  std::vector<std::vector<RuntimeValue>> outfeed_;
};

// What a grid's processes read with stablehlo.infeed and write with stablehlo.outfeed.
struct GridIo {
  std::vector<std::string> infeed;                           // function names, in order
  std::vector<std::vector<RuntimeValue>>* outfeed = nullptr;  // receives the outfeed values
};

// Runs `functions[i]` (one per process, flat order) with `args[i]` on a grid of
// options.num_replicas x options.num_partitions processes, each on its own thread with its
// own Interpreter. Returns each process's results, or the first process's error. Check
// failures and probes of the processes are appended to `parent` when given.
Expected<std::vector<std::vector<RuntimeValue>>> run_grid_functions(
    const ir::Module& module, const std::vector<const ir::Operation*>& functions,
    const std::vector<std::vector<RuntimeValue>>& args, Options options,
    Interpreter* parent = nullptr, GridIo io = {});

// Runs the entry function `entry` (empty: main, or the only function) on every process.
Expected<std::vector<std::vector<RuntimeValue>>> run_grid(
    const ir::Module& module, std::string_view entry,
    const std::vector<std::vector<RuntimeValue>>& args_per_process, Options options);

}  // namespace kiln::interp

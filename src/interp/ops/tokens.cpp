// Tokens and host I/O (create_token, after_all, infeed, outfeed, send, recv) and the process
// ids replica_id and partition_id.
#include <optional>
#include <string>

#include "interp/ops/op_helpers.h"
#include "interp/process_grid.h"

namespace kiln::interp {

namespace {

using Results = Expected<std::vector<RuntimeValue>>;

// spec: after_all (and create_token) only order effects; executing them does nothing but
// produce a token.
Results make_token(Interpreter&, const ir::Operation&, std::span<const RuntimeValue>) {
  return std::vector<RuntimeValue>{Token{}};
}

// Host I/O needs a process grid (interpreter.run_parallel) to read from and write to; the
// interpreter has no host of its own, so a program that needs one fails clearly instead of
// reading or writing nothing.
Expected<ProcessGrid*> grid_for_io(Interpreter& in, const ir::Operation& op) {
  const auto* host = op.attr_as<ir::BoolAttr>("is_host_transfer");
  if (host && host->value) {
    return op_unsupported(op, "transfers to or from the host, which the interpreter does not have");
  }
  if (!in.grid) {
    return op_unsupported(op, "runs only inside interpreter.run_parallel (it feeds infeed, takes "
                              "outfeed, and connects send to recv); there is no host I/O");
  }
  return in.grid;
}

// spec: infeed reads its results from the infeed; here, the results of the next function of
// interpreter.run_parallel's `infeed`, called without arguments.
Results infeed(Interpreter& in, const ir::Operation& op, std::span<const RuntimeValue>) {
  KILN_TRY(ProcessGrid * grid, grid_for_io(in, op));
  std::optional<std::string> name = grid->pop_infeed();
  if (!name) return op_error(op, "reads past the last function of the infeed");
  const ir::Operation* f = in.lookup_function(*name);
  if (!f) return op_error(op, "infeed function @" + *name + " is not a function of the module");
  KILN_TRY(std::vector<RuntimeValue> values, in.call(*f, {}));
  if (values.size() + 1 != op.num_results()) {
    return op_error(op, "infeed function @" + *name + " returns " +
                            std::to_string(values.size()) + " values for " +
                            std::to_string(op.num_results() - 1) + " results");
  }
  for (size_t i = 0; i < values.size(); ++i) {
    if (!values[i].is_tensor() || values[i].tensor().type() != op.result(i)->type()) {
      return op_error(op, "infeed function @" + *name + " returns value " + std::to_string(i) +
                              " of another type than result " + std::to_string(i));
    }
  }
  values.emplace_back(Token{});
  return values;
}

// spec: outfeed writes its inputs (all but the token) to the outfeed.
Results outfeed(Interpreter& in, const ir::Operation& op, std::span<const RuntimeValue> args) {
  KILN_TRY(ProcessGrid * grid, grid_for_io(in, op));
  grid->outfeed(std::vector<RuntimeValue>(args.begin(), args.end() - 1));
  return std::vector<RuntimeValue>{Token{}};
}

int64_t send_channel(const ir::Operation& op) {
  const auto* c = op.attr_as<ir::ChannelHandleAttr>("channel_handle");
  return c ? c->handle : 0;
}

int64_t flat_process_id(const Interpreter& in, const ProcessGrid& grid) {
  return in.process.replica * grid.num_partitions() + in.process.partition;
}

// spec: send delivers its inputs (all but the token) to the recv of the same channel_id.
Results send(Interpreter& in, const ir::Operation& op, std::span<const RuntimeValue> args) {
  KILN_TRY(ProcessGrid * grid, grid_for_io(in, op));
  std::vector<RuntimeValue> values(args.begin(), args.end() - 1);
  std::vector<int64_t> pairs = attr_ints(op, "source_target_pairs");
  // With source_target_pairs, each source sends to its targets only (kiln reads the pairs' ids
  // as flat process ids, replica * num_partitions + partition).
  if (pairs.empty()) grid->send(send_channel(op), -1, std::move(values));
  for (size_t i = 0; i + 1 < pairs.size(); i += 2) {
    if (pairs[i + 1] < 0 || pairs[i + 1] >= grid->num_processes()) {
      return op_error(op, "source_target_pairs name process " + std::to_string(pairs[i + 1]) +
                              " beyond the grid of " + std::to_string(grid->num_processes()));
    }
    if (pairs[i] == flat_process_id(in, *grid)) {
      grid->send(send_channel(op), pairs[i + 1], values);
    }
  }
  return std::vector<RuntimeValue>{Token{}};
}

// spec: recv's results are the values the send of the same channel_id sent, then a token.
Results recv(Interpreter& in, const ir::Operation& op, std::span<const RuntimeValue>) {
  KILN_TRY(ProcessGrid * grid, grid_for_io(in, op));
  int64_t self = flat_process_id(in, *grid);
  bool addressed = !attr_ints(op, "source_target_pairs").empty();
  auto received = grid->recv(self, send_channel(op), addressed ? self : -1);
  if (!received.ok()) return op_error(op, received.error().message());
  std::vector<RuntimeValue> values = std::move(*received);
  if (values.size() + 1 != op.num_results()) {
    return op_error(op, "receives " + std::to_string(values.size()) + " values for " +
                            std::to_string(op.num_results() - 1) + " results");
  }
  for (size_t i = 0; i < values.size(); ++i) {
    if (!values[i].is_tensor() || values[i].tensor().type() != op.result(i)->type()) {
      return op_error(op, "receives value " + std::to_string(i) + " of type " +
                              (values[i].is_tensor() ? to_string(values[i].tensor().type())
                                                     : std::string("token")) +
                              " for a result of type " + to_string(op.result(i)->type()));
    }
  }
  values.emplace_back(Token{});
  return values;
}

Results scalar_ui32(const ir::Operation& op, int64_t value) {
  KILN_TRY(Tensor t, allocate_result(op));
  t.data<uint32_t>()[0] = static_cast<uint32_t>(value);
  return std::vector<RuntimeValue>{t};
}

// spec: replica_id and partition_id are the coordinates of the running process in the grid
// (0 outside interpreter.run_parallel and run_grid).
Results replica_id(Interpreter& in, const ir::Operation& op, std::span<const RuntimeValue>) {
  return scalar_ui32(op, in.process.replica);
}

Results partition_id(Interpreter& in, const ir::Operation& op, std::span<const RuntimeValue>) {
  return scalar_ui32(op, in.process.partition);
}

}  // namespace

KILN_REGISTER_INTERP("stablehlo.create_token", make_token);
KILN_REGISTER_INTERP("stablehlo.after_all", make_token);
KILN_REGISTER_INTERP("stablehlo.infeed", infeed);
KILN_REGISTER_INTERP("stablehlo.outfeed", outfeed);
KILN_REGISTER_INTERP("stablehlo.send", send);
KILN_REGISTER_INTERP("stablehlo.recv", recv);
KILN_REGISTER_INTERP("stablehlo.replica_id", replica_id);
KILN_REGISTER_INTERP("stablehlo.partition_id", partition_id);

}  // namespace kiln::interp

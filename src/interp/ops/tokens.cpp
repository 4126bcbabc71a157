// Tokens and host I/O (create_token, after_all, infeed, outfeed, send, recv) and the process
// ids replica_id and partition_id.
#include "interp/ops/op_helpers.h"

namespace kiln::interp {

namespace {

using Results = Expected<std::vector<RuntimeValue>>;

// spec: after_all (and create_token) only order effects; executing them does nothing but
// produce a token.
Results make_token(Interpreter&, const ir::Operation&, std::span<const RuntimeValue>) {
  return std::vector<RuntimeValue>{Token{}};
}

// The interpreter has no host to exchange data with: a program that needs one fails clearly
// instead of reading or writing nothing.
Results host_io(Interpreter&, const ir::Operation& op, std::span<const RuntimeValue>) {
  return op_unsupported(op, "needs host I/O (infeed, outfeed, send, recv), which the interpreter does "
                      "not support");
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
KILN_REGISTER_INTERP("stablehlo.infeed", host_io);
KILN_REGISTER_INTERP("stablehlo.outfeed", host_io);
KILN_REGISTER_INTERP("stablehlo.send", host_io);
KILN_REGISTER_INTERP("stablehlo.recv", host_io);
KILN_REGISTER_INTERP("stablehlo.replica_id", replica_id);
KILN_REGISTER_INTERP("stablehlo.partition_id", partition_id);

}  // namespace kiln::interp

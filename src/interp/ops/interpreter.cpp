// interpreter.run_parallel: runs a grid of programs, one per process, whose collectives meet
// (after StableHLO's reference interpreter).
#include "interp/ops/op_helpers.h"
#include "interp/process_grid.h"

namespace kiln::interp {

namespace {

// `programs` is [replica][partition] of function symbols; the op's inputs are the programs'
// inputs concatenated in that row-major order, and so are its results.
Expected<std::vector<RuntimeValue>> run_parallel(Interpreter& in, const ir::Operation& op,
                                                 std::span<const RuntimeValue> operands) {
  // `infeed` lists the functions whose results the grid's stablehlo.infeed ops read, in turn.
  GridIo io;
  if (const auto* infeed = op.attr_as<ir::ArrayAttr>("infeed")) {
    for (const ir::Attribute& f : infeed->elements) {
      io.infeed.push_back(f.get<ir::SymbolRefAttr>().name);
    }
  }
  const auto& rows = op.attr_as<ir::ArrayAttr>("programs")->elements;
  Options options = in.options();
  options.num_replicas = static_cast<int64_t>(rows.size());
  options.num_partitions = static_cast<int64_t>(rows[0].get<ir::ArrayAttr>().elements.size());
  std::vector<const ir::Operation*> functions;
  std::vector<std::vector<RuntimeValue>> args;
  size_t next = 0;
  for (const ir::Attribute& row : rows) {
    for (const ir::Attribute& program : row.get<ir::ArrayAttr>().elements) {
      const std::string& name = program.get<ir::SymbolRefAttr>().name;
      const ir::Operation* f = in.lookup_function(name);
      if (!f) return op_error(op, "program @" + name + " is not a function of the module");
      size_t count = f->region(0).front().num_arguments();
      if (next + count > operands.size()) return op_error(op, "has too few inputs for its programs");
      args.emplace_back(operands.begin() + static_cast<ptrdiff_t>(next),
                        operands.begin() + static_cast<ptrdiff_t>(next + count));
      next += count;
      functions.push_back(f);
    }
  }
  auto results = run_grid_functions(in.module(), functions, args, options, &in, std::move(io));
  if (!results.ok()) return results.take_error();
  std::vector<RuntimeValue> out;
  for (auto& process : *results) {
    for (auto& v : process) out.push_back(std::move(v));
  }
  return out;
}

}  // namespace

KILN_REGISTER_INTERP("interpreter.run_parallel", run_parallel);

}  // namespace kiln::interp

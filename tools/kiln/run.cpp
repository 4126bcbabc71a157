// `kiln run`: run a program on inputs from .npy files (or random ones) and write, print or
// time its outputs.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "frontend/parser.h"
#include "interp/interpreter.h"
#include "interp/npy.h"
#include "interp/process_grid.h"
#include "interp/random_inputs.h"
#include "ir/verifier.h"
#include "tools/kiln/commands.h"
#include "tools/kiln/read_input.h"

namespace kiln::tools {

namespace {

Expected<std::vector<interp::RuntimeValue>> gather_inputs(const RunArgs& args,
                                                          const ir::Operation& entry) {
  const ir::Block& body = entry.region(0).front();
  const size_t n = body.num_arguments();
  std::vector<interp::RuntimeValue> inputs;
  if (!args.inputs.empty() && args.random_seed) {
    return Error("kiln: give either --input files or --random-inputs, not both");
  }
  if (!args.random_seed && args.inputs.size() != n) {
    return Error("kiln: @" + entry.attr_as<ir::StringAttr>("sym_name")->value + " takes " +
                 std::to_string(n) + " argument" + (n == 1 ? "" : "s") + " but " +
                 std::to_string(args.inputs.size()) +
                 " --input files were given (or use --random-inputs SEED)");
  }
  for (size_t i = 0; i < n; ++i) {
    const ir::Type& type = body.argument(i)->type();
    std::string what = "argument " + std::to_string(i) + " (" + ir::to_string(type) + ")";
    if (!type.is_tensor()) return Error("kiln: " + what + " is not a tensor; it cannot be read");
    Expected<interp::Tensor> t =
        args.random_seed ? interp::random_tensor(type, *args.random_seed * 1000003u + i)
                         : interp::read_npy(args.inputs[i], type);
    if (!t.ok()) return Error(what + ": " + t.error().message());
    inputs.emplace_back(std::move(*t));
  }
  return inputs;
}

// The grid size: the flag, else the module's mhlo.* attribute, else 1.
int64_t grid_size(const ir::Module& module, int64_t flag, const char* attr) {
  if (flag > 0) return flag;
  if (const auto* a = module.op().attr_as<ir::IntegerAttr>(attr)) return std::max<int64_t>(1, a->value);
  return 1;
}

std::string describe_output(const interp::RuntimeValue& v) {
  if (!v.is_tensor()) return "(token or tuple)";
  return ir::to_string(ir::Attribute(interp::to_dense(v.tensor())));
}

// Runs the entry on one interpreter, or on every process of a grid with the same inputs;
// with a grid, process 0's results are the outputs (every process's are checked to exist).
Expected<std::vector<interp::RuntimeValue>> run_once(interp::Interpreter& interpreter,
                                                     const ir::Module& module,
                                                     const std::string& name,
                                                     const std::vector<interp::RuntimeValue>& inputs,
                                                     const interp::Options& options) {
  if (options.num_replicas * options.num_partitions == 1) return interpreter.run(name, inputs);
  std::vector<std::vector<interp::RuntimeValue>> args(
      static_cast<size_t>(options.num_replicas * options.num_partitions), inputs);
  KILN_TRY(auto results, interp::run_grid(module, name, args, options));
  return results.front();
}

}  // namespace

int run_run(const RunArgs& args) {
  auto fail = [](const std::string& message) {
    std::cerr << message << "\n";
    return 1;
  };
  if (args.backend != "cpu") return fail("kiln: backend '" + args.backend + "' is not available; use --backend cpu");
  auto buffer = read_input(args.program);
  if (!buffer.ok()) return fail(buffer.error().message());
  auto module = frontend::parse_module(*buffer);
  if (!module.ok()) return fail(module.error().message());
  if (Status s = ir::verify(**module); !s.ok()) return fail(s.error().message());
  interp::Options options;
  options.num_replicas = grid_size(**module, args.num_replicas, "mhlo.num_replicas");
  options.num_partitions = grid_size(**module, args.num_partitions, "mhlo.num_partitions");
  interp::Interpreter interpreter(**module, options);
  const ir::Operation* entry = interpreter.entry_function(args.entry);
  if (!entry) {
    return fail(args.entry.empty() ? "kiln: the module has no @main and several functions; use --entry NAME"
                                   : "kiln: no function @" + args.entry + " in " + args.program);
  }
  auto inputs = gather_inputs(args, *entry);
  if (!inputs.ok()) return fail(inputs.error().message());
  std::string name = entry->attr_as<ir::StringAttr>("sym_name")->value;

  std::vector<double> times_ms;
  Expected<std::vector<interp::RuntimeValue>> outputs = std::vector<interp::RuntimeValue>{};
  int runs = args.time ? args.warmup + args.iters : 1;
  for (int r = 0; r < runs; ++r) {
    auto start = std::chrono::steady_clock::now();
    outputs = run_once(interpreter, **module, name, *inputs, options);
    auto stop = std::chrono::steady_clock::now();
    if (!outputs.ok()) return fail(outputs.error().message());
    if (r >= runs - (args.time ? args.iters : 1)) {
      times_ms.push_back(std::chrono::duration<double, std::milli>(stop - start).count());
    }
  }
  nlohmann::json json;
  json["program"] = args.program;
  json["entry"] = name;
  json["backend"] = args.backend;
  if (!args.out_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(args.out_dir, ec);
    if (ec) return fail("kiln: cannot create " + args.out_dir + ": " + ec.message());
  }
  for (size_t i = 0; i < outputs->size(); ++i) {
    const interp::RuntimeValue& v = (*outputs)[i];
    nlohmann::json out;
    out["index"] = i;
    if (v.is_tensor()) out["type"] = ir::to_string(v.tensor().type());
    if (!args.out_dir.empty() && v.is_tensor()) {
      std::string path = args.out_dir + "/out" + std::to_string(i) + ".npy";
      if (Status s = interp::write_npy(path, v.tensor()); !s.ok()) return fail(s.error().message());
      out["file"] = path;
    }
    if (args.print && !args.json) std::cout << "out" << i << " = " << describe_output(v) << "\n";
    if (args.print && args.json) out["value"] = describe_output(v);
    json["outputs"].push_back(out);
  }
  if (args.time) {
    std::vector<double> sorted = times_ms;
    std::sort(sorted.begin(), sorted.end());
    double median = sorted[sorted.size() / 2];
    if (sorted.size() % 2 == 0) median = (sorted[sorted.size() / 2 - 1] + sorted[sorted.size() / 2]) / 2;
    json["time_ms"] = {{"median", median}, {"min", sorted.front()}, {"max", sorted.back()},
                       {"n", sorted.size()}};
    if (!args.json) {
      std::printf("time: median %.3f ms, min %.3f ms, max %.3f ms, n %zu\n", median,
                  sorted.front(), sorted.back(), sorted.size());
    }
  }
  if (args.json) std::cout << json.dump() << "\n";
  return 0;
}

}  // namespace kiln::tools

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
    return Error::invalid_argument("kiln: give either --input files or --random-inputs, not both");
  }
  if (!args.random_seed && args.inputs.size() != n) {
    return Error::invalid_argument("kiln: @" + entry.attr_as<ir::StringAttr>("sym_name")->value + " takes " +
                 std::to_string(n) + " argument" + (n == 1 ? "" : "s") + " but " +
                 std::to_string(args.inputs.size()) +
                 " --input files were given (or use --random-inputs SEED)");
  }
  for (size_t i = 0; i < n; ++i) {
    const ir::Type& type = body.argument(i)->type();
    std::string what = "argument " + std::to_string(i) + " (" + ir::to_string(type) + ")";
    if (!type.is_tensor()) return Error::invalid_argument("kiln: " + what + " is not a tensor; it cannot be read");
    Expected<interp::Tensor> t =
        args.random_seed ? interp::random_tensor(type, *args.random_seed * 1000003u + i)
                         : interp::read_npy(args.inputs[i], type);
    if (!t.ok()) return t.error().with_prefix(what + ": ");
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
// returns each process's outputs, in flat process order (replica-major).
Expected<std::vector<std::vector<interp::RuntimeValue>>> run_once(
    interp::Interpreter& interpreter, const ir::Module& module, const std::string& name,
    const std::vector<interp::RuntimeValue>& inputs, const interp::Options& options) {
  const auto processes = static_cast<size_t>(options.num_replicas * options.num_partitions);
  if (processes == 1) {
    KILN_TRY(auto outputs, interpreter.run(name, inputs));
    return std::vector<std::vector<interp::RuntimeValue>>{std::move(outputs)};
  }
  std::vector<std::vector<interp::RuntimeValue>> args(processes, inputs);
  return interp::run_grid(module, name, args, options);
}

// Writes (to `dir`, if not empty) and prints (with `print`) one process's outputs as
// dir/out<i>.npy and `<label>out<i> = ...`; returns their JSON descriptions.
Expected<nlohmann::json> report_process(const RunArgs& args,
                                        const std::vector<interp::RuntimeValue>& outputs,
                                        const std::string& dir, bool print,
                                        const std::string& label) {
  nlohmann::json described = nlohmann::json::array();
  if (!dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return Error::invalid_argument("kiln: cannot create " + dir + ": " + ec.message());
  }
  for (size_t i = 0; i < outputs.size(); ++i) {
    const interp::RuntimeValue& v = outputs[i];
    nlohmann::json out;
    out["index"] = i;
    if (v.is_tensor()) out["type"] = ir::to_string(v.tensor().type());
    if (!dir.empty() && v.is_tensor()) {
      std::string path = dir + "/out" + std::to_string(i) + ".npy";
      KILN_CHECK_OK(interp::write_npy(path, v.tensor()));
      out["file"] = path;
    }
    if (print && !args.json) std::cout << label << "out" << i << " = " << describe_output(v) << "\n";
    if (args.print && args.json) out["value"] = describe_output(v);
    described.push_back(out);
  }
  return described;
}

// Reports every process's outputs: process 0's as --out DIR/out<i>.npy and json["outputs"]
// (the single-process contract); on a grid of several processes, each process k's also as
// DIR/p<k>/out<i>.npy, printed as `p<k>/out<i> = ...`, and in json["processes"].
Status report_outputs(const RunArgs& args,
                      const std::vector<std::vector<interp::RuntimeValue>>& outputs,
                      const interp::Options& options, nlohmann::json& json) {
  const bool grid = outputs.size() > 1;
  KILN_TRY(json["outputs"], report_process(args, outputs[0], args.out_dir, args.print && !grid, ""));
  if (!grid) return ok_status();
  for (size_t k = 0; k < outputs.size(); ++k) {
    std::string label = "p" + std::to_string(k);
    std::string dir = args.out_dir.empty() ? "" : args.out_dir + "/" + label;
    nlohmann::json process;
    process["process"] = k;
    process["replica"] = static_cast<int64_t>(k) / options.num_partitions;
    process["partition"] = static_cast<int64_t>(k) % options.num_partitions;
    KILN_TRY(process["outputs"], report_process(args, outputs[k], dir, args.print, label + "/"));
    json["processes"].push_back(process);
  }
  return ok_status();
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
  Expected<std::vector<std::vector<interp::RuntimeValue>>> outputs =
      std::vector<std::vector<interp::RuntimeValue>>{};
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
  if (Status s = report_outputs(args, *outputs, options, json); !s.ok()) {
    return fail(s.error().message());
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

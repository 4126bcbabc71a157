// The interpreter's driver: functions, regions, value environments, op dispatch.
#include "interp/interpreter.h"

#include <fmt/format.h>

#include <unordered_map>
#include <vector>

#include "interp/quantized.h"
#include "ir/op_info.h"

namespace kiln::interp {

namespace {

// Indexed by ir::OpId::index(); filled by static registrations before main() runs, read-only
// afterwards.
std::vector<InterpFn>& interp_table() {
  static std::vector<InterpFn> table;
  return table;
}

constexpr int kMaxCallDepth = 4096;

}  // namespace

InterpRegistration::InterpRegistration(std::string_view op_name, InterpFn fn) {
  uint32_t index = ir::OpId::of(op_name).index();
  std::vector<InterpFn>& table = interp_table();
  if (table.size() <= index) table.resize(index + 1, nullptr);
  // The first registration of a name wins, as with the map this table replaced.
  if (!table[index]) table[index] = fn;
}

InterpFn lookup_interp(ir::OpId op) {
  const std::vector<InterpFn>& table = interp_table();
  return op.index() < table.size() ? table[op.index()] : nullptr;
}

InterpFn lookup_interp(std::string_view op_name) { return lookup_interp(ir::OpId::of(op_name)); }

Error op_error(const ir::Operation& op, std::string_view message) {
  std::string text = "'" + op.name() + "' ";
  text.append(message);
  return Error::invalid_argument(format_diagnostic(op.location(), text));
}

Error op_unsupported(const ir::Operation& op, std::string_view message) {
  return Error::unimplemented(op_error(op, message).message());
}

Interpreter::Interpreter(const ir::Module& module, Options options)
    : module_(module),
      options_(options),
      deadline_(std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    options.time_limit)) {}

Status Interpreter::check_time_limit(const ir::Operation& op) const {
  if (options_.time_limit.count() <= 0 || std::chrono::steady_clock::now() < deadline_) {
    return ok_status();
  }
  return Error::unavailable(format_diagnostic(
      op.location(), "'" + op.name() + "' run stopped: it took longer than its time limit of " +
                         fmt::format("{:g}", options_.time_limit.count()) + " s"));
}

const ir::Operation* Interpreter::lookup_function(std::string_view name) const {
  return module_.lookup_function(name);
}

const ir::Operation* Interpreter::entry_function(std::string_view name) const {
  if (!name.empty()) return lookup_function(name);
  if (const ir::Operation* f = lookup_function("main")) return f;
  auto functions = module_.functions();
  return functions.size() == 1 ? functions[0] : nullptr;
}

Expected<std::vector<RuntimeValue>> Interpreter::run(std::string_view name,
                                                     std::vector<RuntimeValue> args) {
  const ir::Operation* f = entry_function(name);
  if (!f) {
    if (!name.empty()) return Error::not_found("interp: no function @" + std::string(name) + " in module");
    return Error::invalid_argument("interp: the module has no @main and more than one function; name one");
  }
  return call(*f, args);
}

Expected<std::vector<RuntimeValue>> Interpreter::call(const ir::Operation& func,
                                                      std::span<const RuntimeValue> args) {
  if (++depth_ > kMaxCallDepth) {
    --depth_;
    return Error::invalid_argument(format_diagnostic(func.location(), "interp: call depth exceeds " +
                                                        std::to_string(kMaxCallDepth)));
  }
  // Functions are isolated from above: the callee sees none of the caller's values.
  Scope* saved = outer_;
  outer_ = nullptr;
  auto result = run_region(func.region(0), args);
  outer_ = saved;
  --depth_;
  return result;
}

Expected<std::vector<RuntimeValue>> Interpreter::run_region(const ir::Region& region,
                                                            std::span<const RuntimeValue> args) {
  const ir::Block& block = region.front();
  if (args.size() != block.num_arguments()) {
    return Error::invalid_argument("interp: region expects " + std::to_string(block.num_arguments()) +
                 " arguments, got " + std::to_string(args.size()));
  }
  std::unordered_map<const ir::Value*, RuntimeValue> env;
  env.reserve(block.operations().size() * 2 + args.size());
  for (size_t i = 0; i < args.size(); ++i) env.emplace(block.argument(i), args[i]);
  std::vector<RuntimeValue> operands;
  for (const auto& op_ptr : block.operations()) {
    const ir::Operation& op = *op_ptr;
    operands.clear();
    for (const ir::Value* v : op.operands()) {
      auto it = env.find(v);
      if (it == env.end()) {
        // Values of enclosing regions (StableHLO regions may capture them) are looked up
        // through the parent's environment, which run_region keeps in `outer_`.
        const RuntimeValue* outer = nullptr;
        for (auto* e = outer_; e && !outer; e = e->parent) {
          auto found = e->values->find(v);
          if (found != e->values->end()) outer = &found->second;
        }
        if (!outer) return op_error(op, "uses a value that has not been computed");
        operands.push_back(*outer);
      } else {
        operands.push_back(it->second);
      }
    }
    if (op.info() && (op.info()->traits & ir::kTerminator)) return operands;
    InterpFn fn = lookup_interp(op.id());
    if (!fn) return op_unsupported(op, "is not supported by the interpreter yet");
    Scope scope{&env, outer_};
    Scope* saved = outer_;
    outer_ = &scope;
    // Spec: ops on quantized tensors compute on their dequantized values
    // (dequantize_op_quantize); data movement works on the storage as it is.
    auto results = needs_dequantize(op) ? run_dequantized(*this, op, fn, operands)
                                        : fn(*this, op, operands);
    outer_ = saved;
    if (!results.ok()) return results.take_error();
    if (results->size() != op.num_results()) {
      return op_error(op, "produced " + std::to_string(results->size()) + " values for " +
                              std::to_string(op.num_results()) + " results");
    }
    for (size_t i = 0; i < results->size(); ++i) env[op.result(i)] = std::move((*results)[i]);
  }
  return Error::invalid_argument("interp: region has no terminator");
}

}  // namespace kiln::interp

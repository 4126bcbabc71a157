// The elemental emitter's driver: bindings, the scoped memo, index forms, the rule registry.
#include "backend/cuda/codegen/emitter.h"

#include <fmt/format.h>

#include "interp/quantized.h"
#include "ir/attribute.h"
#include "support/source.h"

namespace kiln::backend::cuda {

namespace {

std::unordered_map<std::string, ElementalRule>& rules() {
  static std::unordered_map<std::string, ElementalRule> table;
  return table;
}

std::string value_key(const ir::Value* v, const Index& index) {
  return fmt::format("{}@{}", static_cast<const void*>(v), index.key());
}

}  // namespace

Index Index::of_linear(std::vector<int64_t> shape, std::string linear) {
  Index i;
  i.shape = std::move(shape);
  i.linear = std::move(linear);
  if (i.shape.empty()) i.linear = "0";
  return i;
}

Index Index::of_dims(std::vector<int64_t> shape, std::vector<std::string> dims) {
  Index i;
  i.shape = std::move(shape);
  i.dims = std::move(dims);
  if (i.shape.empty()) i.linear = "0";
  return i;
}

std::string Index::key() const {
  if (!linear.empty()) return "L" + linear;
  std::string k = "D";
  for (const std::string& d : dims) k += d + ",";
  return k;
}

ElementalRule find_elemental_rule(std::string_view op_name) {
  auto it = rules().find(std::string(op_name));
  return it == rules().end() ? nullptr : it->second;
}

ElementalRegistration::ElementalRegistration(std::string_view op_name, ElementalRule rule) {
  rules().emplace(std::string(op_name), rule);
}

Error unsupported(const ir::Operation& op, std::string_view why) {
  std::string text = "the cuda backend cannot compile '" + op.name() + "'";
  if (!why.empty()) text += fmt::format(" ({})", why);
  return Error::unimplemented(format_diagnostic(op.location(), text));
}

int64_t elements_of(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  return n;
}

void Emitter::bind_param(const ir::Value* v, std::string param) { params_[v] = std::move(param); }
void Emitter::bind_scalar(const ir::Value* v, std::string expr) { scalars_[v] = std::move(expr); }
void Emitter::unbind(const ir::Value* v) {
  scalars_.erase(v);
  params_.erase(v);
  views_.erase(v);
}
void Emitter::bind_view(const ir::Value* v, ValueView view) { views_[v] = std::move(view); }

Expected<ScalarType> Emitter::scalar_type(const ir::Type& type, const ir::Operation* where) {
  Expected<ScalarType> t = scalar_type_of(type.element());
  if (!t.ok() && where) return unsupported(*where, t.error().message());
  return t;
}

std::string Emitter::fresh(std::string_view prefix) {
  return fmt::format("{}{}", prefix, next_++);
}

std::string Emitter::let(const std::string& type, const std::string& expr) {
  std::string name = fresh();
  out_.line(fmt::format("const {} {} = {};", type, name, expr));
  return name;
}

const std::vector<std::string>& Emitter::dims(Index& index) {
  if (!index.dims.empty() || index.shape.empty()) return index.dims;
  // Row-major: dims from the innermost outwards.
  std::string rest = index.linear;
  std::vector<std::string> dims(index.shape.size());
  for (size_t k = index.shape.size(); k-- > 0;) {
    int64_t n = index.shape[k];
    if (k == 0) {
      dims[k] = rest;
    } else if (n == 1) {
      dims[k] = "0";
    } else {
      std::string d = fresh("d");
      out_.line(fmt::format("const i64 {} = ({}) % {};", d, rest, n));
      dims[k] = d;
      std::string q = fresh("q");
      out_.line(fmt::format("const i64 {} = ({}) / {};", q, rest, n));
      rest = q;
    }
  }
  index.dims = std::move(dims);
  return index.dims;
}

const std::string& Emitter::linear(Index& index) {
  if (!index.linear.empty()) return index.linear;
  std::string sum;
  int64_t stride = 1;
  for (size_t k = index.shape.size(); k-- > 0;) {
    if (index.shape[k] != 1) {
      std::string term = stride == 1 ? index.dims[k] : fmt::format("({}) * {}", index.dims[k], stride);
      sum = sum.empty() ? term : term + " + " + sum;
    }
    stride *= index.shape[k];
  }
  index.linear = sum.empty() ? "0" : let("i64", sum);
  return index.linear;
}

void Emitter::push_scope() { memo_.emplace_back(); }
void Emitter::pop_scope() { memo_.pop_back(); }

void Emitter::remember(const ir::Value* v, const Index& index, std::string expr) {
  memo_.back()[value_key(v, index)] = std::move(expr);
}

Expected<std::string> Emitter::emit(const ir::Value* v, Index& index) {
  if (auto it = scalars_.find(v); it != scalars_.end()) return it->second;
  const std::string key = value_key(v, index);
  for (auto scope = memo_.rbegin(); scope != memo_.rend(); ++scope) {
    if (auto it = scope->find(key); it != scope->end()) return it->second;
  }
  if (auto it = params_.find(v); it != params_.end()) {
    KILN_TRY(ScalarType t, scalar_type(v->type(), v->defining_op()));
    param_loads_.push_back({v, linear(index)});
    std::string expr = let(t.compute, t.load(it->second, linear(index)));
    remember(v, index, expr);
    return expr;
  }
  if (auto it = views_.find(v); it != views_.end()) {
    KILN_TRY(std::string expr, it->second(*this, index));
    remember(v, index, expr);
    return expr;
  }
  const ir::Operation* op = v->defining_op();
  if (!op) return Error::internal("cuda codegen: a block argument without a binding");
  ElementalRule rule = find_elemental_rule(op->name());
  if (!rule) return unsupported(*op, "inside a generated kernel");
  if (interp::needs_dequantize(*op)) {
    KILN_TRY(std::string expr, emit_dequantize_op_quantize(*this, *op, v->index(), index));
    remember(v, index, expr);
    return expr;
  }
  KILN_TRY(std::string expr, rule(*this, *op, v->index(), index));
  remember(v, index, expr);
  return expr;
}

Expected<std::vector<std::string>> Emitter::emit_region(const ir::Region& region,
                                                        const std::vector<std::string>& args) {
  const ir::Block& block = region.front();
  // A region may be emitted several times (a reduction's per-thread and cross-thread steps):
  // each emission computes afresh.
  push_scope();
  for (size_t i = 0; i < block.num_arguments(); ++i) bind_scalar(block.argument(i), args.at(i));
  std::vector<std::string> results;
  const ir::Operation* term = block.terminator();
  for (const ir::Value* v : term->operands()) {
    Index scalar = Index::scalar();
    KILN_TRY(std::string r, emit(v, scalar));
    results.push_back(std::move(r));
  }
  for (size_t i = 0; i < block.num_arguments(); ++i) unbind(block.argument(i));
  pop_scope();
  return results;
}

}  // namespace kiln::backend::cuda

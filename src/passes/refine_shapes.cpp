// refine-shapes: the driver. Walks each function whose arguments are static, block by block
// in order, refining every op's results (the rules: refine_shapes_dynamic.cpp for the
// dynamic-shape ops, refine_shapes_rules.cpp for the others), the region arguments and results
// of while / if / case, and erasing the shape assertions JAX emits once they fold to true.
#include "passes/refine_shapes.h"

#include <fmt/format.h>

#include "ir/ops/type_constraints.h"
#include "passes/refine_shapes_rules.h"
#include "support/source.h"

namespace kiln::passes {

namespace {

using ir::Block;
using ir::Operation;
using ir::Type;
using refine::cannot_refine;
using refine::Refiner;

// Whether every tensor inside `t` (tuples opened) is static.
bool fully_static(const Type& t) {
  if (t.is_tuple()) {
    for (const Type& e : t.tuple_elements()) {
      if (!fully_static(e)) return false;
    }
    return true;
  }
  return !t.is_tensor() || t.is_static();
}

std::vector<Type> returned_types(const Block& block) {
  std::vector<Type> out;
  for (const ir::Value* v : block.terminator()->operands()) out.push_back(v->type());
  return out;
}

// JAX's `stablehlo.custom_call @shape_assertion(%ok, %dims...) {error_message = "..."}`:
// checked once its predicate folds.
bool is_shape_assertion(const Operation& op) {
  const auto* target = op.attr_as<ir::StringAttr>("call_target_name");
  return op.id() == ir::ops::kCustomCall && target && target->value == "shape_assertion";
}

class ShapeRefiner {
 public:
  ShapeRefiner(ir::Module& module, PassContext& context) : refiner_(module, context) {}

  Status refine_block(Block& block) {
    std::vector<Operation*> ops;
    for (const auto& op : block.operations()) ops.push_back(op.get());
    // Folding a shape operand erases only ops before the one refined: the list stays valid.
    for (Operation* op : ops) KILN_CHECK_OK(refine_op(*op));
    return ok_status();
  }

 private:
  Status refine_op(Operation& op) {
    if (refine::is_dynamic_shape_op(op)) return refine::refine_dynamic_op(op, refiner_);
    if (is_shape_assertion(op)) return check_assertion(op);
    const std::string& name = op.name();
    if (name == "stablehlo.while") {
      KILN_CHECK_OK(refine_while(op));
    } else if (name == "stablehlo.if" || op.id() == ir::ops::kCase) {
      KILN_CHECK_OK(refine_branches(op));
    } else {
      for (const auto& region : op.regions()) {
        for (const auto& block : region->blocks()) KILN_CHECK_OK(refine_block(*block));
      }
      bool dynamic = false;
      for (const auto& r : op.results()) dynamic = dynamic || !fully_static(r->type());
      if (!dynamic) return ok_status();
      if (op.id() == ir::ops::kFuncCall) {
        return cannot_refine(op, "its callee returns dynamic shapes; inline it first");
      }
      refine::infer_result_types(op);
      refiner_.context().count("ops refined");
    }
    for (const auto& r : op.results()) {
      if (!fully_static(r->type())) {
        return cannot_refine(
            op, fmt::format("result {} stays {}", r->index(), ir::to_string(r->type())));
      }
    }
    return ok_status();
  }

  Status check_assertion(Operation& op) {
    if (op.num_operands() == 0) return cannot_refine(op, "a shape assertion without a predicate");
    KILN_TRY(bool folded, refiner_.fold_operand(op, 0));
    const ir::Operation* def = op.operand(0)->defining_op();
    const auto* ok = folded ? def->attr_as<ir::DenseElementsAttr>("value") : nullptr;
    if (!ok || ok->num_elements() != 1) {
      return cannot_refine(op, "its predicate does not fold to a constant");
    }
    if (ok->element_bits(0) == 0) {
      const auto* message = op.attr_as<ir::StringAttr>("error_message");
      std::string text = message ? message->value : std::string("(no message)");
      // JAX's message names the dimension values it was given as {0}, {1}, ...: the operands
      // after the predicate.
      for (size_t k = 1; k < op.num_operands(); ++k) {
        KILN_TRY(std::optional<std::vector<int64_t>> v, refiner_.constant_ints(op, k));
        if (!v || v->size() != 1) continue;
        const std::string slot = "{" + std::to_string(k - 1) + "}";
        for (size_t at; (at = text.find(slot)) != std::string::npos;) {
          text.replace(at, slot.size(), std::to_string(v->front()));
        }
      }
      return error_at(op.location(), "shape assertion failed: " + text);
    }
    refiner_.context().count("shape assertions checked");
    return refiner_.rewriter().erase_op(op);
  }

  // Gives the entry block of `region` the types `types` where its arguments are dynamic.
  Status refine_arguments(Operation& op, Block& block, const std::vector<Type>& types) {
    if (block.num_arguments() != types.size()) {
      return cannot_refine(op, "its region takes another number of values than it carries");
    }
    for (size_t i = 0; i < types.size(); ++i) {
      ir::Value* arg = block.argument(i);
      std::optional<Type> t = refine::refine_type(arg->type(), types[i]);
      if (!t) {
        return cannot_refine(op, fmt::format("region argument {} is {}, but receives {}", i,
                                             ir::to_string(arg->type()), ir::to_string(types[i])));
      }
      arg->set_type(*t);
    }
    return ok_status();
  }

  // The carried values keep their shapes from one iteration to the next, or the loop cannot
  // be specialized (its shapes would be the trip count's).
  Status refine_while(Operation& op) {
    std::vector<Type> carried;
    for (const ir::Value* v : op.operands()) carried.push_back(v->type());
    for (const auto& region : op.regions()) {
      KILN_CHECK_OK(refine_arguments(op, region->front(), carried));
      KILN_CHECK_OK(refine_block(region->front()));
    }
    std::vector<Type> next = returned_types(op.region(1).front());
    for (size_t i = 0; i < carried.size() && i < next.size(); ++i) {
      if (!refine::refine_type(carried[i], next[i]) || !refine::refine_type(next[i], carried[i])) {
        return cannot_refine(op, fmt::format("carried value {} enters as {} but the body "
                                             "returns {}: its shape changes with the iteration",
                                             i, ir::to_string(carried[i]), ir::to_string(next[i])));
      }
    }
    return set_results(op, carried);
  }

  Status refine_branches(Operation& op) {
    std::optional<std::vector<Type>> types;
    for (const auto& region : op.regions()) {
      KILN_CHECK_OK(refine_block(region->front()));
      std::vector<Type> returned = returned_types(region->front());
      if (!types) {
        types = returned;
      } else if (*types != returned) {
        return cannot_refine(op, fmt::format("its branches return {} and {}",
                                             ir::types_string(*types), ir::types_string(returned)));
      }
    }
    return types ? set_results(op, *types) : ok_status();
  }

  Status set_results(Operation& op, const std::vector<Type>& types) {
    for (size_t i = 0; i < op.num_results() && i < types.size(); ++i) {
      ir::Value* r = op.result(i);
      std::optional<Type> t = refine::refine_type(r->type(), types[i]);
      if (!t) {
        return cannot_refine(op, fmt::format("result {} is {}, but its region gives {}", i,
                                             ir::to_string(r->type()), ir::to_string(types[i])));
      }
      if (*t != r->type()) refiner_.context().count("ops refined");
      r->set_type(*t);
    }
    return ok_status();
  }

  Refiner refiner_;
};

}  // namespace

Status refine_function(ir::Module& module, Operation& func, PassContext& context) {
  if (func.num_regions() == 0 || func.region(0).empty()) return ok_status();
  Block& body = func.region(0).front();
  std::vector<Type> inputs;
  for (const auto& arg : body.arguments()) {
    if (!fully_static(arg->type())) {
      return Error::invalid_argument(format_diagnostic(
          func.location(), "refine-shapes: argument " + std::to_string(arg->index()) +
                               " of the function is " + ir::to_string(arg->type()) +
                               "; give it a static type first"));
    }
    inputs.push_back(arg->type());
  }
  ShapeRefiner refiner(module, context);
  KILN_CHECK_OK(refiner.refine_block(body));
  func.set_attr("function_type", ir::TypeAttr{Type::function(inputs, returned_types(body))});
  return ok_status();
}

Status specialize_function(ir::Module& module, Operation& func, const std::vector<Type>& inputs,
                           PassContext& context) {
  Block& body = func.region(0).front();
  if (inputs.size() != body.num_arguments()) {
    return Error::invalid_argument(fmt::format("kiln: the function takes {} arguments, not {}",
                                               body.num_arguments(), inputs.size()));
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    ir::Value* arg = body.argument(i);
    std::optional<Type> t = refine::refine_type(arg->type(), inputs[i]);
    if (!t || !fully_static(inputs[i]) || t->element() != arg->type().element()) {
      return Error::invalid_argument(
          fmt::format("kiln: input {} is {}, which does not fit the argument's type {}", i,
                      ir::to_string(inputs[i]), ir::to_string(arg->type())));
    }
    arg->set_type(*t);
  }
  return refine_function(module, func, context);
}

bool has_dynamic_shapes(const ir::Module& module) {
  bool dynamic = false;
  auto check = [&](const Type& t) { dynamic = dynamic || !fully_static(t); };
  const Operation& root = module.op();
  root.walk([&](const Operation& op) {
    // get_dimension_size of a static operand needs no refining to run as it is.
    if (refine::is_dynamic_shape_op(op) && op.name() != "stablehlo.get_dimension_size") {
      dynamic = true;
    }
    for (const auto& r : op.results()) check(r->type());
    for (const auto& region : op.regions()) {
      for (const auto& block : region->blocks()) {
        for (const auto& arg : block->arguments()) check(arg->type());
      }
    }
  });
  return dynamic;
}

namespace {

// The pass: every function whose arguments are all static is refined; the others (a
// shape-polymorphic entry before its caller fixes the shapes) stay as they are.
class RefineShapes final : public Pass {
 public:
  std::string_view name() const override { return "refine-shapes"; }
  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    bool changed = false;
    for (Operation* func : module.functions()) {
      bool static_args = func->num_regions() > 0 && !func->region(0).empty();
      for (size_t i = 0; static_args && i < func->region(0).front().num_arguments(); ++i) {
        static_args = fully_static(func->region(0).front().argument(i)->type());
      }
      if (!static_args) continue;
      PassContext local(context.options());
      KILN_CHECK_OK(refine_function(module, *func, local));
      for (const auto& [statistic, n] : local.statistics()) {
        context.count(statistic, n);
        changed = true;
      }
    }
    return changed;
  }
};

}  // namespace

KILN_REGISTER_PASS(RefineShapes, "refine-shapes",
                   "static shapes from static arguments: dynamic-shape ops as their static "
                   "twins, get_dimension_size as a constant, shape assertions checked");

}  // namespace kiln::passes

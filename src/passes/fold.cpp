// fold: constant folding through the reference interpreter. An op without effects whose
// operands are all stablehlo.constant results (and whose regions read no other outside value)
// is run once in the interpreter and replaced by a stablehlo.constant of its results.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstring>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "interp/interpreter.h"
#include "interp/tensor.h"
#include "ir/rewriter.h"
#include "passes/fold.h"

namespace kiln::passes {

namespace {

// A result with more elements than all its constant operands together (an iota, a broadcast,
// a pad) is folded only up to this many elements unless it is a splat: the op is cheaper to
// run again than its folded literal is to store and read (PassOptions::fold_max_elements
// bounds every result on top of this).
constexpr int64_t kMaxExpandedElements = 1024;
// An evaluation that takes longer is abandoned and the op stays.
constexpr std::chrono::duration<double> kTimeLimit{2.0};

// Ops that have no effects but are never folded:
// - while: its trip count has no bound, so folding could run forever at compile time (and
//   unrolling a loop is no folding); its constant body ops fold where they stand;
// - rng_bit_generator: its output is meant to vary with its state operand, and it is large;
// - optimization_barrier: it exists to stop exactly this kind of motion;
// - replica_id, partition_id: their value is the process's, not the program's;
// - calls and composites: inline runs first; custom_call: its target is opaque;
// - tokens and tuples: not tensors, so no stablehlo.constant can hold them.
constexpr std::array<std::string_view, 12> kNeverFolded = {"stablehlo.constant",
                                                           "stablehlo.while",
                                                           "stablehlo.rng_bit_generator",
                                                           "stablehlo.optimization_barrier",
                                                           "stablehlo.replica_id",
                                                           "stablehlo.partition_id",
                                                           "stablehlo.custom_call",
                                                           "stablehlo.composite",
                                                           "stablehlo.after_all",
                                                           "stablehlo.create_token",
                                                           "stablehlo.tuple",
                                                           "stablehlo.get_tuple_element"};

bool is_constant(const ir::Value* v) {
  return v && v->defining_op() && v->defining_op()->id() == ir::ops::kConstant;
}

// A static tensor of a type a dense literal holds exactly as the interpreter computes it.
bool foldable_type(const ir::Type& t) {
  return t.is_tensor() && t.is_static() && !t.element().is_quantized() && !t.element().is_index();
}

bool defined_inside(const ir::Operation& op, const ir::Value* v) {
  if (const ir::Operation* def = v->defining_op()) return op.is_ancestor_of(def);
  const ir::Operation* parent = v->owner_block() ? v->owner_block()->parent_op() : nullptr;
  return parent && op.is_ancestor_of(parent);
}

// The constants op reads, its operands' definers first and then those its regions capture,
// each once; false when it reads anything that is not a constant.
bool constant_inputs(ir::Operation& op, std::vector<const ir::Operation*>& out) {
  std::unordered_set<const ir::Operation*> seen;
  bool ok = true;
  auto take = [&](const ir::Value* v) {
    if (!is_constant(v) || !foldable_type(v->type())) {
      ok = false;
      return;
    }
    if (seen.insert(v->defining_op()).second) out.push_back(v->defining_op());
  };
  for (const ir::Value* v : op.operands()) take(v);
  for (const auto& region : op.regions()) {
    for (const auto& block : region->blocks()) {
      for (const auto& inner : block->operations()) {
        inner->walk([&](const ir::Operation& nested) {
          for (const ir::Value* v : nested.operands()) {
            if (v && !defined_inside(op, v)) take(v);
          }
        });
      }
    }
  }
  return ok;
}

// `t` as a literal of `type`, in splat form when every element has the same bits.
ir::DenseElementsAttr to_literal(const interp::Tensor& t, const ir::Type& type) {
  ir::DenseElementsAttr a = interp::to_dense(t);
  a.type = type;
  const int64_t n = a.num_elements();
  const size_t bytes = static_cast<size_t>(type.element().storage_bytes());
  // One element is no splat, as the parser reads `dense<1> : tensor<1xf32>`.
  if (n <= 1) return a;
  const uint8_t* first = a.data->data();
  for (int64_t i = 1; i < n; ++i) {
    if (std::memcmp(first, first + static_cast<size_t>(i) * bytes, bytes) != 0) return a;
  }
  a.data = std::make_shared<const std::vector<uint8_t>>(first, first + bytes);
  a.splat = true;
  return a;
}

// Runs op on its constants in a module of one function: the constants, a copy of op, and
// a return of its results.
Expected<std::vector<interp::RuntimeValue>> evaluate(
    const ir::Operation& op, const std::vector<const ir::Operation*>& inputs) {
  std::unique_ptr<ir::Module> module = ir::Module::create_empty();
  ir::Rewriter builder(module->body());
  std::vector<ir::Type> result_types;
  for (const auto& r : op.results()) result_types.push_back(r->type());
  KILN_TRY(ir::Operation * f, builder.func("fold", ir::Type::function({}, result_types)));
  builder.set_insertion_point_to_end(f->region(0).front());
  ir::ValueMap map;
  for (const ir::Operation* c : inputs) builder.clone(*c, map);
  ir::Operation* copy = builder.clone(op, map);
  std::vector<ir::Value*> results;
  for (const auto& r : copy->results()) results.push_back(r.get());
  builder.func_return(results);
  interp::Options options;
  options.time_limit = kTimeLimit;
  interp::Interpreter interpreter(*module, options);
  return interpreter.run("fold", {});
}

}  // namespace

Expected<bool> ConstantFolder::fold(ir::Operation& op) {
  if (!op.has_uses() || tried_.count(&op) || !candidate(op)) return false;
  std::vector<const ir::Operation*> inputs;
  if (!constant_inputs(op, inputs)) return false;
  const int64_t limit = context_.options().fold_max_elements;
  int64_t out_elements = 0, in_elements = 0;
  for (const auto& r : op.results()) out_elements += r->type().num_elements().value_or(limit + 1);
  bool splat_inputs = true;
  for (const ir::Operation* c : inputs) {
    const auto* value = c->attr_as<ir::DenseElementsAttr>("value");
    if (!value) return false;
    in_elements += value->num_elements();
    splat_inputs = splat_inputs && (value->splat || value->num_elements() <= 1);
  }
  if (out_elements > limit) return false;
  // An expanding op folds only when small, or when it gives splats (checked below).
  const bool expanding =
      out_elements > std::max<int64_t>(in_elements, 1) && out_elements > kMaxExpandedElements;
  if (expanding && !splat_inputs) return false;
  tried_.insert(&op);
  Expected<std::vector<interp::RuntimeValue>> values = evaluate(op, inputs);
  if (!values.ok()) {
    context_.count("fold evaluations failed");
    return false;
  }
  std::vector<ir::DenseElementsAttr> literals;
  for (size_t i = 0; i < op.num_results(); ++i) {
    if (!(*values)[i].is_tensor()) return false;
    literals.push_back(to_literal((*values)[i].tensor(), op.result(i)->type()));
    if (expanding && !literals.back().splat) return false;
  }
  KILN_CHECK_OK(rewriter_.set_insertion_point_before(op));
  rewriter_.set_location(op.location());
  std::vector<ir::Value*> replacements;
  for (ir::DenseElementsAttr& literal : literals) {
    replacements.push_back(rewriter_.constant(std::move(literal)));
  }
  tried_.erase(&op);
  KILN_CHECK_OK(rewriter_.replace_op(op, replacements));
  context_.count("ops folded");
  return true;
}

bool ConstantFolder::candidate(const ir::Operation& op) {
  const std::string& name = op.name();
  if (!name.starts_with("stablehlo.") && !name.starts_with("chlo.")) return false;
  for (std::string_view never : kNeverFolded) {
    if (name == never) return false;
  }
  if (op.num_results() == 0 || !effects_.removable_if_unused(op)) return false;
  for (const auto& r : op.results()) {
    if (!foldable_type(r->type())) return false;
  }
  return true;
}

namespace {

class Fold : public Pass {
 public:
  std::string_view name() const override { return "fold"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    EffectAnalysis effects(module);
    ir::Rewriter rewriter(module.body());
    ConstantFolder folder(effects, rewriter, context);
    int64_t folded = 0;
    // One forward sweep folds whole chains (a definition comes before its uses); the loop is
    // a guard for ops that a later fold makes foldable in an earlier region.
    for (int64_t before = -1; before != folded;) {
      before = folded;
      for (ir::Operation* f : module.functions()) {
        for (const auto& region : f->regions()) {
          for (const auto& block : region->blocks()) {
            KILN_TRY(int64_t n, sweep(*block, folder));
            folded += n;
          }
        }
      }
    }
    return folded > 0;
  }

 private:
  static Expected<int64_t> sweep(ir::Block& block, ConstantFolder& folder) {
    int64_t folded = 0;
    for (size_t i = 0; i < block.operations().size(); ++i) {
      ir::Operation& op = *block.operations()[i];
      for (const auto& region : op.regions()) {
        for (const auto& inner : region->blocks()) {
          KILN_TRY(int64_t n, sweep(*inner, folder));
          folded += n;
        }
      }
      // A folded op's constant takes its place at position i.
      KILN_TRY(bool done, folder.fold(op));
      folded += done;
    }
    return folded;
  }
};

}  // namespace

KILN_REGISTER_PASS(Fold, "fold",
                   "replace ops on constants by the constants the interpreter computes");

}  // namespace kiln::passes

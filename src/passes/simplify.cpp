// simplify: algebraic simplification. Folds each op on constants (passes/fold.h) or rewrites it
// by rules that are exact for its element type (simplify_arith, simplify_convert,
// simplify_shape, simplify_broadcast) until nothing changes, so that a rule sees the constants
// folding makes and one run reaches a fixpoint; what the rewritten ops no longer use is left
// for dce. src/passes/README.md lists the rules and those left out on purpose.
#include <cstring>
#include <vector>

#include "ir/float_format.h"
#include "passes/fold.h"
#include "passes/simplify_rules.h"

namespace kiln::passes {

namespace simplify {

// A constant with more elements than this that is not written as a splat is not scanned for
// equal elements (fold writes every all-equal result as a splat).
constexpr int64_t kMaxScannedElements = 4096;

Expected<bool> Rewrite::replace(ir::Operation& op, ir::Value* v, std::string_view rule) {
  if (op.num_results() != 1 || v->type() != op.result(0)->type()) return false;
  KILN_CHECK_OK(rewriter_.replace_op(op, {v}));
  context_.count(std::string("rule ") + std::string(rule));
  return true;
}

Status Rewrite::build_before(ir::Operation& op) {
  KILN_CHECK_OK(rewriter_.set_insertion_point_before(op));
  rewriter_.set_location(op.location());
  return ok_status();
}

Expected<ir::Value*> Rewrite::splat_constant(ir::Operation& op, const ir::Type& type,
                                             uint64_t bits) {
  ir::DenseElementsAttr literal;
  literal.type = type;
  const auto bytes = static_cast<size_t>(type.element().storage_bytes());
  auto data = std::make_shared<std::vector<uint8_t>>(bytes);
  std::memcpy(data->data(), &bits, std::min(bytes, sizeof bits));  // little-endian host
  literal.data = std::move(data);
  literal.splat = type.num_elements() != 1;  // as the parser reads a literal of one element
  KILN_CHECK_OK(build_before(op));
  return rewriter_.constant(std::move(literal));
}

std::optional<uint64_t> splat_bits(const ir::Value* v) {
  const ir::Operation* def = v ? v->defining_op() : nullptr;
  if (!def || def->id() != ir::ops::kConstant) return std::nullopt;
  const auto* value = def->attr_as<ir::DenseElementsAttr>("value");
  if (!value || !value->type.is_tensor()) return std::nullopt;
  const ir::ElementType& e = value->type.element();
  if (e.is_complex() || e.is_quantized() || e.is_index()) return std::nullopt;
  const int64_t n = value->num_elements();
  if (n == 0 || (!value->splat && n > kMaxScannedElements)) return std::nullopt;
  const uint64_t first = value->element_bits(0);
  if (!value->splat) {
    for (int64_t i = 1; i < n; ++i) {
      if (value->element_bits(i) != first) return std::nullopt;
    }
  }
  return first;
}

ir::Operation* defined_by(const ir::Value* v, std::string_view name) {
  ir::Operation* def = v ? v->defining_op() : nullptr;
  return def && def->name() == name ? def : nullptr;
}

bool is_integer_like(const ir::Type& t) {
  return t.is_tensor() && (t.element().is_int() || t.element().is_bool());
}

bool is_real_float(const ir::Type& t) { return t.is_tensor() && t.element().is_float(); }

double float_value(const ir::Type& t, uint64_t bits) {
  return ir::bits_to_double(t.element().kind(), bits);
}

}  // namespace simplify

namespace {

// Rules may enable one another (a slice of a slice of a slice); rounds stop when none fires.
constexpr int kMaxSimplifyRounds = 16;

class Simplify : public Pass {
 public:
  std::string_view name() const override { return "simplify"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    EffectAnalysis effects(module);
    ir::Rewriter rewriter(module.body());
    ConstantFolder folder(effects, rewriter, context);
    simplify::Rewrite rewrite(rewriter, context);
    int64_t total = 0;
    for (int round = 0; round < kMaxSimplifyRounds; ++round) {
      // Rules erase ops, whose addresses new ops may take: the folder starts each round afresh.
      folder.forget();
      int64_t fired = 0;
      for (ir::Operation* f : module.functions()) {
        for (const auto& region : f->regions()) {
          for (const auto& block : region->blocks()) {
            KILN_TRY(int64_t n, visit(*block, folder, rewrite));
            fired += n;
          }
        }
      }
      total += fired;
      if (fired == 0) break;
    }
    context.count("rewrites", total);
    return total > 0;
  }

 private:
  // Folds, or else tries the rules on, each op of the block as it was on entry (nested regions
  // first). Folding or a rule erases at most the op it matched and inserts new ops before it,
  // so the rest stay valid.
  static Expected<int64_t> visit(ir::Block& block, ConstantFolder& folder,
                                 simplify::Rewrite& rewrite) {
    using Family = Expected<bool> (*)(ir::Operation&, simplify::Rewrite&);
    static constexpr Family kFamilies[] = {simplify::simplify_arith, simplify::simplify_convert,
                                           simplify::simplify_shape, simplify::simplify_broadcast};
    std::vector<ir::Operation*> ops;
    for (const auto& op : block.operations()) ops.push_back(op.get());
    int64_t fired = 0;
    for (ir::Operation* op : ops) {
      for (const auto& region : op->regions()) {
        for (const auto& inner : region->blocks()) {
          KILN_TRY(int64_t n, visit(*inner, folder, rewrite));
          fired += n;
        }
      }
      KILN_TRY(bool folded, folder.fold(*op));
      if (folded) {
        ++fired;
        continue;
      }
      if (op->num_results() != 1 || !op->name().starts_with("stablehlo.")) continue;
      for (Family family : kFamilies) {
        KILN_TRY(bool done, family(*op, rewrite));
        if (done) {
          ++fired;
          break;
        }
      }
    }
    return fired;
  }
};

}  // namespace

KILN_REGISTER_PASS(Simplify, "simplify",
                   "algebraic simplification by rules exact for each element type");

}  // namespace kiln::passes

// unroll-loops: replaces a stablehlo.while whose trip count canonicalize found
// (`kiln.trip_count`) by that many copies of its body, when the loop is short and the copies
// stay small. A loop on the GPU costs a conditional graph node and a predicate kernel per
// iteration, and its body's kernels cannot fuse across iterations; unrolled, the counter
// becomes a constant in each copy, so fold and canonicalize turn its dynamic slices static and
// fusion joins the iterations (JAX's threefry hash is a 5-trip loop over a few element-wise
// ops). The cond region is dropped: with the counter's start, bound and step known, it is true
// exactly trip-count times and has no effects (cond regions compute a predicate only).
#include <vector>

#include "ir/rewriter.h"
#include "passes/effects.h"
#include "passes/pass.h"

// A namespace of its own: unity builds compile the passes in one translation unit.
namespace kiln::passes::unroll_loops {

namespace {

using ir::Operation;
using ir::Value;

// At most this many iterations are unrolled (XLA's unroller allows 64; kiln's GPU loops are
// cheaper per iteration than XLA's host-driven ones, so fewer pay off).
constexpr int64_t kMaxTrips = 16;
// And at most this many ops (nested regions included) are written in all copies together.
constexpr int64_t kMaxUnrolledOps = 2048;

bool is_while(const Operation& op) { return op.name() == "stablehlo.while"; }

int64_t count_ops(const ir::Block& block) {
  int64_t n = 0;
  for (const auto& op : block.operations()) op->walk([&](const Operation&) { ++n; });
  return n;
}

// The loop's trip count when unrolling it is allowed, else -1.
int64_t unrollable_trips(const Operation& loop, EffectAnalysis& effects) {
  const auto* attr = loop.attr_as<ir::IntegerAttr>("kiln.trip_count");
  if (!attr || attr->value < 0 || attr->value > kMaxTrips) return -1;
  if (loop.num_regions() != 2 || loop.region(0).empty() || loop.region(1).empty()) return -1;
  const ir::Block& cond = loop.region(0).front();
  const ir::Block& body = loop.region(1).front();
  const size_t n = loop.num_operands();
  if (loop.num_results() != n || body.num_arguments() != n || !body.terminator() ||
      body.terminator()->num_operands() != n) {
    return -1;
  }
  // Dropping cond is sound only when running it has no effect of its own.
  for (const auto& op : cond.operations()) {
    if (effects.has_effects(*op)) return -1;
  }
  if (attr->value * count_ops(body) > kMaxUnrolledOps) return -1;
  return attr->value;
}

// Writes `trips` copies of the body before `loop` and replaces the loop by the last copy's
// returned values (the operands themselves when trips is 0).
Status unroll(Operation& loop, int64_t trips, ir::Rewriter& rw) {
  const ir::Block& body = loop.region(1).front();
  const Operation* ret = body.terminator();
  std::vector<Value*> carried(loop.operands().begin(), loop.operands().end());
  KILN_CHECK_OK(rw.set_insertion_point_before(loop));
  for (int64_t t = 0; t < trips; ++t) {
    ir::ValueMap map;
    for (size_t i = 0; i < carried.size(); ++i) map[body.argument(i)] = carried[i];
    for (const auto& op : body.operations()) {
      if (op.get() != ret) rw.clone(*op, map);
    }
    for (size_t i = 0; i < carried.size(); ++i) {
      auto it = map.find(ret->operand(i));
      carried[i] = it != map.end() ? it->second : ret->operand(i);
    }
  }
  return rw.replace_op(loop, carried);
}

class UnrollLoops : public Pass {
 public:
  std::string_view name() const override { return "unroll-loops"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    ir::Rewriter rw(module.body());
    EffectAnalysis effects(module);
    std::vector<Operation*> loops;
    module.op().walk([&](Operation& op) {
      if (is_while(op)) loops.push_back(&op);
    });
    // Pre-order lists a loop before the loops inside it: backwards, inner loops unroll first,
    // so an outer loop's size counts its unrolled inner loops.
    int64_t unrolled = 0;
    for (size_t i = loops.size(); i-- > 0;) {
      int64_t trips = unrollable_trips(*loops[i], effects);
      if (trips < 0) continue;
      context.explain("unrolled a loop of " + std::to_string(trips) + " trips");
      KILN_CHECK_OK(unroll(*loops[i], trips, rw));
      ++unrolled;
    }
    context.count("loops unrolled", unrolled);
    return unrolled > 0;
  }
};

}  // namespace

KILN_REGISTER_PASS(UnrollLoops, "unroll-loops",
                   "replace short stablehlo.while loops of known trip count by copies of the body");

}  // namespace kiln::passes::unroll_loops

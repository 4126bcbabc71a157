// fuse-horizontal (O3): small independent kernels of one block are launched as one. Each run
// of kiln.fusion ops that read nothing another of them writes, each writing at most
// kMaxElements elements, becomes a kiln.fusion of kind "horizontal" whose body holds them
// unchanged (a backend gives each a range of thread blocks of one launch). Launch overhead,
// not bandwidth, is what such kernels spend their time on: an optimizer step over many small
// parameters is the typical case.
#include <unordered_set>

#include "ir/ops/kiln_ops.h"
#include "ir/rewriter.h"
#include "passes/fusion_plan.h"
#include "passes/outline.h"
#include "passes/pass.h"

namespace kiln::passes {

namespace {

constexpr int64_t kMaxElements = 1 << 16;  // per member's results
constexpr size_t kMaxMembers = 16;
constexpr size_t kMaxInputs = 64;

bool is_candidate(const ir::Operation& op) {
  if (!ir::is_kiln_fusion(op.id())) return false;
  auto kind = ir::fusion_kind_of(op);
  if (!kind || *kind == ir::FusionKind::kHorizontal) return false;
  int64_t elements = 0;
  for (const auto& r : op.results()) {
    if (!r->type().is_tensor()) return false;
    elements += r->type().num_elements().value_or(kMaxElements + 1);
  }
  return elements <= kMaxElements;
}

size_t inputs_of(const std::vector<ir::Operation*>& group) {
  std::unordered_set<const ir::Value*> inputs;
  for (const ir::Operation* op : group) inputs.insert(op->operands().begin(), op->operands().end());
  return inputs.size();
}

// Whether `op` reads a result of a member of `group`.
bool reads_group(const ir::Operation& op, const std::vector<ir::Operation*>& group) {
  for (const ir::Value* v : op.operands()) {
    for (const ir::Operation* m : group) {
      if (v->defining_op() == m) return true;
    }
  }
  return false;
}

class FuseHorizontal : public Pass {
 public:
  std::string_view name() const override { return "fuse-horizontal"; }

  Expected<bool> run(ir::Module& module, PassContext& context) const override {
    ir::Rewriter rewriter(module.body());
    int64_t made = 0;
    for (ir::Block* block : fusion_blocks(module)) {
      std::vector<std::vector<ir::Operation*>> groups;
      std::vector<ir::Operation*> current;
      for (const auto& op : block->operations()) {
        if (!is_candidate(*op)) continue;
        std::vector<ir::Operation*> grown = current;
        grown.push_back(op.get());
        if (!current.empty() && current.size() < kMaxMembers && !reads_group(*op, current) &&
            inputs_of(grown) <= kMaxInputs && can_outline(grown)) {
          current = std::move(grown);
          continue;
        }
        if (current.size() >= 2) groups.push_back(current);
        current = {op.get()};
      }
      if (current.size() >= 2) groups.push_back(current);
      for (const auto& group : groups) {
        context.explain("fused horizontally: " + std::to_string(group.size()) +
                        " independent fusions, the first " + describe_op(*group.front()));
        std::vector<ir::NamedAttribute> attrs = {{"kind", ir::StringAttr{"horizontal"}}};
        KILN_TRY(ir::Operation * fusion,
                 outline(group, ir::kiln_fusion_id(), std::move(attrs), rewriter));
        (void)fusion;
        ++made;
        context.count("kernels merged", static_cast<int64_t>(group.size()));
      }
    }
    context.count("horizontal fusions", made);
    return made > 0;
  }
};

}  // namespace

KILN_REGISTER_PASS(FuseHorizontal, "fuse-horizontal",
                   "launch small independent fusions of one block as one kernel (O3)");

}  // namespace kiln::passes

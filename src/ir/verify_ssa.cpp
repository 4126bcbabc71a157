// The verifier's graph rules, independent of any op's meaning: operands defined before their
// uses and visible from them, and use lists that match the operands.
#include <unordered_set>

#include "ir/op_info.h"
#include "ir/verifier.h"

namespace kiln::ir {

namespace {

bool is_isolated(const Operation& op) {
  return op.info() && (op.info()->traits & kIsolatedFromAbove);
}

// Why `v` may not be used by `user`: it comes later in an enclosing block, from across an
// op isolated from above, or from a region that does not enclose the use.
std::string why_not_visible(const Operation& user, const Value& v) {
  const Block* def_block = v.parent_block();
  const Operation* isolated = nullptr;
  for (const Operation* a = &user; a; a = a->parent_op()) {
    // The user's own operands are evaluated outside it; its ancestors' regions isolate, the
    // outermost one between the use and the definition being the one to name.
    if (a != &user && is_isolated(*a)) isolated = a;
    if (def_block && a->parent_block() == def_block) {
      if (isolated) {
        return "is defined outside '" + isolated->name() + "', which is isolated from above";
      }
      return "is used before it is defined";
    }
  }
  return "is defined in a region that does not enclose this use";
}

class SsaChecker {
 public:
  explicit SsaChecker(const Operation& root) : root_(root) {}

  Status run() {
    KILN_CHECK_OK(check_regions(root_, is_isolated(root_) || root_.id() == ops::kModule));
    return check_use_lists();
  }

 private:
  Status check_regions(const Operation& op, bool isolated) {
    // An isolated op's regions see none of the values around it.
    std::unordered_set<const Value*> outer;
    if (isolated) outer.swap(visible_);
    isolation_depth_ += isolated ? 1 : 0;
    for (const auto& region : op.regions()) {
      for (const auto& block : region->blocks()) KILN_CHECK_OK(check_block(*block));
    }
    isolation_depth_ -= isolated ? 1 : 0;
    if (isolated) outer.swap(visible_);
    return ok_status();
  }

  Status check_block(const Block& block) {
    for (const auto& arg : block.arguments()) define(arg.get());
    for (const auto& op : block.operations()) {
      ops_.insert(op.get());
      KILN_CHECK_OK(check_operands(*op));
      KILN_CHECK_OK(check_regions(*op, is_isolated(*op)));
      for (const auto& r : op->results()) define(r.get());
    }
    // Leaving the block: its values go out of scope.
    for (const auto& arg : block.arguments()) visible_.erase(arg.get());
    for (const auto& op : block.operations()) {
      for (const auto& r : op->results()) visible_.erase(r.get());
    }
    return ok_status();
  }

  Status check_operands(const Operation& op) {
    for (size_t i = 0; i < op.num_operands(); ++i) {
      const Value* v = op.operand(i);
      std::string which = "operand #" + std::to_string(i);
      if (!v) return verify_error(op, which + " is null (its value was destroyed while in use)");
      if (visible_.contains(v)) {
        ++internal_operands_;
        continue;
      }
      bool inside_root = v->parent_block() && v->parent_block()->parent_op() &&
                         root_.is_ancestor_of(v->parent_block()->parent_op());
      // A value from outside the checked op is fine unless an isolated op lies between.
      if (!inside_root && isolation_depth_ == 0) continue;
      return verify_error(op, which + " " + why_not_visible(op, *v));
    }
    return ok_status();
  }

  void define(const Value* v) {
    visible_.insert(v);
    defined_.push_back(v);
  }

  // Every use of a value defined inside the root is an operand slot of an op inside the
  // root that holds the value, and there are exactly as many uses as such slots.
  Status check_use_lists() const {
    size_t uses = 0;
    for (const Value* v : defined_) {
      uses += v->num_uses();
      for (const Use& u : v->uses()) {
        if (!ops_.contains(u.user)) return use_list_error(*v, "a user outside the verified IR");
        if (u.operand_index >= u.user->num_operands() ||
            u.user->operand(u.operand_index) != v) {
          return use_list_error(*v, "a use that is not an operand of its user");
        }
      }
    }
    if (uses != internal_operands_) {
      return Error::internal("ir: use lists hold " + std::to_string(uses) + " uses, but " +
                             std::to_string(internal_operands_) + " operands refer to them");
    }
    return ok_status();
  }

  static Error use_list_error(const Value& v, const std::string& what) {
    const Operation* owner = v.defining_op() ? v.defining_op() : v.owner_block()->parent_op();
    std::string value = (v.defining_op() ? "result #" : "block argument #") +
                        std::to_string(v.index());
    std::string text = "ir: the use list of " + value + " has " + what;
    if (owner) text = verify_error(*owner, text).message();
    return Error::internal(text);
  }

  const Operation& root_;
  std::unordered_set<const Value*> visible_;
  std::unordered_set<const Operation*> ops_;
  std::vector<const Value*> defined_;
  size_t internal_operands_ = 0;
  int isolation_depth_ = 0;
};

}  // namespace

Status verify_ssa(const Operation& root) { return SsaChecker(root).run(); }

}  // namespace kiln::ir

// The finite guard's verdicts: on the host, at the program's start, or before a convolution
// (finite_guard.h).
#include "backend/cuda/finite_guard.h"

#include <cstring>

#include "backend/cuda/convolution_layout.h"
#include "backend/cuda/lowerer.h"

namespace kiln::backend::cuda {

namespace {

// Whether none of `count` elements of `bytes` each at `data` has every bit of `mask` set.
bool no_element_has_mask(const uint8_t* data, int64_t count, int bytes, uint64_t mask) {
  for (int64_t i = 0; i < count; ++i) {
    uint64_t bits = 0;
    std::memcpy(&bits, data + i * bytes, static_cast<size_t>(bytes));  // little-endian
    if ((bits & mask) == mask) return false;
  }
  return true;
}

bool defined_by_constant_op(const ir::Operation* op) {
  return op && (op->name() == "stablehlo.constant" || op->name() == "chlo.constant");
}

}  // namespace

std::optional<bool> finite_on_host(const ir::Value* v, const BufferRef& ref,
                                   const std::vector<std::byte>& constants) {
  const ir::ElementType element = v->type().element();
  const std::optional<uint64_t> mask = nonfinite_exponent_mask(element);
  if (!mask) return std::nullopt;
  const int bytes = element.storage_bytes();
  const int64_t count = v->type().num_elements().value_or(0);
  if (ref.space == BufferRef::Space::kConstants) {
    if (ref.offset + count * bytes > static_cast<int64_t>(constants.size())) return std::nullopt;
    const auto* data = reinterpret_cast<const uint8_t*>(constants.data()) + ref.offset;
    return no_element_has_mask(data, count, bytes, *mask);
  }
  if (!defined_by_constant_op(v->defining_op())) return std::nullopt;
  const auto* dense = v->defining_op()->attr_as<ir::DenseElementsAttr>("value");
  if (!dense || dense->type.element() != element) return std::nullopt;
  const int64_t stored = dense->splat ? 1 : count;
  if (static_cast<int64_t>(dense->data->size()) < stored * bytes) return std::nullopt;
  return no_element_has_mask(dense->data->data(), stored, bytes, *mask);
}

void FiniteGuards::reserve(Lowerer& l, const ir::Module& module) {
  if (!cudnn_convolutions_enabled() || !cudnn_finite_guard_enabled()) return;
  int64_t guarded = 0;
  module.op().walk([&](const ir::Operation& op) {
    if (op.name() != "stablehlo.convolution") return;
    Expected<ConvolutionLayout> layout = convolution_layout(op);
    guarded += layout.ok() && layout->needs_finite_rhs;
  });
  if (guarded > 0) start_flags_ = l.scratch(guarded);
}

Expected<BufferRef> FiniteGuards::flag(Lowerer& l, const ir::Operation& op, const ir::Value* v,
                                       const BufferRef& ref) {
  const ir::ElementKind kind = v->type().element().kind();
  if (ref.space == BufferRef::Space::kInput) {
    for (size_t i = 0; i < start_.size(); ++i) {
      if (start_[i].input.ref == ref && start_[i].kind == kind) {
        return BufferRef{BufferRef::Space::kArena, start_flags_.offset + static_cast<int64_t>(i),
                         1};
      }
    }
    // A convolution lowered more than once (a function called twice) can outnumber the
    // reserved flags: the rest are checked where they are read.
    if (static_cast<int64_t>(start_.size()) < start_flags_.bytes) {
      start_.push_back({{v, ref}, kind});
      return BufferRef{BufferRef::Space::kArena,
                       start_flags_.offset + static_cast<int64_t>(start_.size()) - 1, 1};
    }
  }
  for (const auto& [checked, flag] : checked_) {
    if (checked == v) return flag;
  }
  const BufferRef flag = l.scratch(1);
  KILN_CHECK_OK(add_finite_check(l, op, {{v, ref}}, flag));
  checked_.emplace_back(v, flag);
  return flag;
}

void FiniteGuards::forget_since(Lowerer& l, size_t mark) {
  while (checked_.size() > mark) {
    l.release(checked_.back().second);
    checked_.pop_back();
  }
}

Status FiniteGuards::finish(Lowerer& l, const ir::Operation& entry, Program& main) {
  leave_program(l);
  if (start_.empty()) return ok_status();
  std::vector<FiniteCheckInput> inputs;
  for (const StartInput& s : start_) inputs.push_back(s.input);
  const BufferRef flags{BufferRef::Space::kArena, start_flags_.offset,
                        static_cast<int64_t>(inputs.size())};
  Program start;
  Program* was = l.redirect(&start);
  Status s = add_finite_check(l, entry, inputs, flags);
  l.redirect(was);
  KILN_CHECK_OK(s);
  main.steps.insert(main.steps.begin(), std::make_move_iterator(start.steps.begin()),
                    std::make_move_iterator(start.steps.end()));
  return ok_status();
}

}  // namespace kiln::backend::cuda

// kiln.attention_grad as cuDNN's SDPA backward, through its forward's layout
// (attention_layout.cpp).
#include "backend/cuda/attention_grad_layout.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <string_view>

#include "ir/attribute.h"

namespace kiln::backend::cuda {

namespace rt = ::kiln::cuda;

namespace {

Error refuse(const std::string& why) { return Error::unimplemented(why); }

const ir::Attribute* config_entry(const ir::Operation& op, std::string_view key) {
  const auto* config = op.attr_as<ir::DictionaryAttr>("config");
  return config ? config->find(key) : nullptr;
}

// The config's integer `key`, or -1 where it has none.
int64_t config_index(const ir::Operation& op, std::string_view key) {
  const ir::Attribute* a = config_entry(op, key);
  return a && a->is<ir::IntegerAttr>() ? a->get<ir::IntegerAttr>().value : -1;
}

bool same_entry(const ir::Operation& a, const ir::Operation& b, std::string_view key) {
  const ir::Attribute *x = config_entry(a, key), *y = config_entry(b, key);
  return x && y ? *x == *y : x == y;
}

}  // namespace

Expected<AttentionGradLayout> attention_grad_layout(const ir::Operation& op) {
  if (const char* v = std::getenv("KILN_CUDNN_ATTENTION_BACKWARD");
      v && std::string_view(v) == "0") {
    return refuse("KILN_CUDNN_ATTENTION_BACKWARD=0");
  }
  AttentionGradLayout out;
  const int64_t idx[] = {config_index(op, "q"), config_index(op, "k"), config_index(op, "v"),
                         config_index(op, "do"), config_index(op, "o")};
  if (idx[4] < 0) return refuse("no forward output is linked (a program of gradients only)");
  for (int64_t i : idx) {
    if (i < 0 || static_cast<size_t>(i) >= op.operands().size()) {
      return refuse("its config lacks an operand index");
    }
  }
  out.q = unsigned(idx[0]), out.k = unsigned(idx[1]), out.v = unsigned(idx[2]);
  out.d_o = unsigned(idx[3]), out.o = unsigned(idx[4]);
  const ir::Value* o = op.operand(out.o);
  out.forward = o->defining_op();
  if (!out.forward || out.forward->name() != "kiln.attention" || out.forward->result(0) != o) {
    return refuse("the linked output is not a kiln.attention's");
  }
  Expected<AttentionLayout> fl = attention_layout(*out.forward);
  if (!fl.ok()) return refuse("the forward is not on cuDNN (" + fl.error().message() + ")");
  if (fl->relayout) return refuse("the forward's output does not keep the head dim innermost");
  const ir::Operation& f = *out.forward;
  if (op.operand(out.q) != f.operand(fl->q) || op.operand(out.k) != f.operand(fl->k) ||
      op.operand(out.v) != f.operand(fl->v)) {
    return refuse("q, k or v is not the forward's");
  }
  // An additive mask: the region recomputes the scores from the same bias value, so it is
  // among the grad's operands too; cuDNN's backward reads it as the forward did.
  if (fl->desc.has_bias) {
    const ir::Value* bias = f.operand(fl->bias);
    const auto& operands = op.operands();
    auto it = std::find(operands.begin(), operands.end(), bias);
    if (it == operands.end()) return refuse("the forward's mask is not an operand");
    out.bias = unsigned(it - operands.begin());
  }
  for (std::string_view key : {"scale", "mask"}) {
    if (!same_entry(op, f, key)) return refuse(fmt::format("the forward's {} differs", key));
  }
  if (op.operand(out.d_o)->type() != o->type()) return refuse("dO is not shaped as the output");
  if (op.num_results() != 3 || op.result(0)->type() != op.operand(out.q)->type() ||
      op.result(1)->type() != op.operand(out.k)->type() ||
      op.result(2)->type() != op.operand(out.v)->type()) {
    return refuse("dq, dk and dv are not shaped as q, k and v");
  }
  out.desc = fl->desc;
  rt::AttentionDesc& d = out.desc;
  d.pass = rt::AttentionPass::kBackward;
  d.d_o = d.o;
  d.d_q = d.q;
  d.d_k = d.k;
  d.d_v = d.v;
  if (std::string why = rt::attention_unsupported_reason(d); !why.empty()) return refuse(why);
  return out;
}

const ir::Operation* cudnn_attention_grad_of(const ir::Operation& forward) {
  const ir::Operation* found = nullptr;
  for (const ir::Use& use : forward.result(0)->uses()) {
    const ir::Operation* user = use.user;
    if (user->name() != "kiln.attention_grad" ||
        config_index(*user, "o") != int64_t{use.operand_index}) {
      continue;
    }
    if (found || !attention_grad_layout(*user).ok()) return nullptr;
    found = user;
  }
  return found;
}

}  // namespace kiln::backend::cuda

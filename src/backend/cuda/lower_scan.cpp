// chlo.scan as a device loop (a WhileStep, as stablehlo.while): a step counter in the arena;
// each step copies every input's slice at the step into a slot, runs the lowered body on the
// slices and the carried values, copies each output slice into its result at the step and
// carries the new values back, as the interpreter (src/interp/ops/scan.cpp) does; is_reverse
// walks the steps from the last.
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/lowerer.h"
#include "backend/cuda/tuple_layout.h"
#include "ir/op_info.h"

namespace kiln::backend::cuda {

namespace {

constexpr unsigned kScanBlock = 256;

// The counter's kernels, a module each: set to zero, test against the step count, advance.
int counter_module(Lowerer& l, const std::string& function) {
  static const std::map<std::string, std::string> kSources = {
      {"kiln_scan_begin",
       "extern \"C\" __global__ void kiln_scan_begin(long long* step) { *step = 0; }\n"},
      {"kiln_scan_test",
       "extern \"C\" __global__ void kiln_scan_test(const long long* step, bool* more, "
       "long long steps) { *more = *step < steps; }\n"},
      {"kiln_scan_advance",
       "extern \"C\" __global__ void kiln_scan_advance(long long* step) { *step += 1; }\n"}};
  return l.add_library_module("kiln." + function, kSources.at(function), function, {});
}

void add_counter_kernel(Lowerer& l, Program& into, const char* function,
                        std::vector<KernelArg> args, const std::string& what) {
  KernelStep k;
  k.module = counter_module(l, function);
  k.function = function;
  k.args = std::move(args);
  k.what = what;
  into.steps.push_back(std::move(k));
  l.count_kernel();
}

// A tensor as [outer][steps][inner] along the scanned dimension: `inner_bytes` a slice's row,
// `element_bytes` one element.
struct StepLayout {
  int64_t outer = 1, steps = 0, inner_bytes = 0, element_bytes = 1;
};

StepLayout step_layout(const ir::Type& t, int64_t dim) {
  StepLayout s;
  int64_t inner = 1;
  for (int64_t d = 0; d < t.rank(); ++d) {
    if (d < dim) s.outer *= t.dim(d);
    if (d > dim) inner *= t.dim(d);
  }
  s.steps = t.dim(dim);
  s.element_bytes = value_bytes(ir::Type::tensor({1}, t.element()));
  s.inner_bytes = inner * s.element_bytes;
  return s;
}

// The widest word (8, 4, 2 or 1 bytes) a copy between `a` and `b` may move: one that divides
// a row (rows start at multiples of it) and the buffers' offsets. Arena and constant slots
// start 256-byte aligned; an input bound in place is only known to be aligned for its elements.
int64_t copy_word(const StepLayout& s, const BufferRef& a, const BufferRef& b) {
  for (int64_t w : {8, 4, 2, 1}) {
    bool fits = s.inner_bytes % w == 0;
    for (const BufferRef* r : {&a, &b}) {
      fits = fits && r->offset % w == 0 &&
             (r->space != BufferRef::Space::kInput || w <= s.element_bytes);
    }
    if (fits) return w;
  }
  return 1;
}

const char* word_type(int64_t bytes) {
  switch (bytes) {
    case 8:
      return "unsigned long long";
    case 4:
      return "unsigned int";
    case 2:
      return "unsigned short";
    default:
      return "unsigned char";
  }
}

// A launch copying the slice at the counter's step (from the last with `reverse`) between
// the whole tensor `whole` and its slice `slice`: into the slice (`to_slice`) or back.
void add_step_copy(Lowerer& l, Program& into, const BufferRef& whole, const BufferRef& slice,
                   const BufferRef& counter, const StepLayout& s, bool reverse, bool to_slice,
                   const std::string& what) {
  const int64_t word = copy_word(s, whole, slice);
  const int64_t inner_words = s.inner_bytes / word;
  const int64_t total = s.outer * inner_words;
  if (total == 0) return;
  const std::string fn = fmt::format("kiln_scan_copy_step{}", word);
  const std::string source = fmt::format(R"(
extern "C" __global__ void {0}(const {1}* from, {1}* to, const long long* step, long long outer,
                               long long steps, long long inner, int reverse, int to_slice) {{
  const long long k = reverse ? steps - 1 - *step : *step;
  const long long n = outer * inner;
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x) {{
    const long long w = (i / inner * steps + k) * inner + i % inner;
    if (to_slice) to[i] = from[w]; else to[w] = from[i];
  }}
}}
)",
                                         fn, word_type(word));
  KernelStep k;
  k.module = l.add_library_module("kiln." + fn, source, fn, {});
  k.function = fn;
  const int64_t cap = static_cast<int64_t>(std::max(1, l.options().device.sm_count)) * 16;
  k.grid = {
      static_cast<unsigned>(std::clamp<int64_t>((total + kScanBlock - 1) / kScanBlock, 1, cap)), 1,
      1};
  k.block = {kScanBlock, 1, 1};
  k.args = {to_slice ? whole : slice,
            to_slice ? slice : whole,
            counter,
            KernelArg::i64(s.outer),
            KernelArg::i64(s.steps),
            KernelArg::i64(inner_words),
            KernelArg::i32(reverse ? 1 : 0),
            KernelArg::i32(to_slice ? 1 : 0)};
  k.what = what;
  into.steps.push_back(std::move(k));
  l.count_kernel();
}

ir::Type without_dim(const ir::Type& t, int64_t dim) {
  std::vector<int64_t> shape = t.shape();
  shape.erase(shape.begin() + dim);
  return ir::Type::tensor(std::move(shape), t.element());
}

Status lower_scan(Lowerer& l, const ir::Operation& op) {
  const auto* dim_attr = op.attr_as<ir::IntegerAttr>("dimension");
  if (!dim_attr) return unsupported(op, "no dimension");
  const int64_t dim = dim_attr->value;
  bool reverse = false;
  if (const auto* b = op.attr_as<ir::BoolAttr>("is_reverse")) reverse = b->value;
  const auto inputs = ir::operand_group(op, 0);
  const auto inits = ir::operand_group(op, 1);
  const auto outputs = ir::result_group(op, 0);
  const auto carries = ir::result_group(op, 1);
  int64_t steps = -1;
  std::vector<StepLayout> in_layout, out_layout;
  for (const ir::Value* v : inputs) in_layout.push_back(step_layout(v->type(), dim));
  for (const auto& v : outputs) out_layout.push_back(step_layout(v->type(), dim));
  for (const auto* group : {&in_layout, &out_layout}) {
    for (const StepLayout& s : *group) {
      if (steps >= 0 && s.steps != steps) {
        return unsupported(op, "inputs and outputs of different sizes along the dimension");
      }
      steps = s.steps;
    }
  }
  const std::string what = Lowerer::describe(op);

  // The state: the carried values, then the step counter and the loop's predicate.
  std::vector<BufferRef> state, result_refs;
  for (const auto& r : outputs) result_refs.push_back(l.define(r.get()));
  for (size_t i = 0; i < carries.size(); ++i) {
    KILN_TRY(BufferRef init, l.ref(inits[i]));
    BufferRef s = l.define(carries[i].get());
    l.add(CopyStep{init, s});
    state.push_back(s);
  }
  const BufferRef counter = l.scratch(8), more = l.scratch(1);
  add_counter_kernel(l, l.current(), "kiln_scan_begin", {counter}, what);

  WhileStep w;
  w.what = what;
  w.condition_module = while_condition_module(l);
  w.cond = std::make_shared<Program>();
  w.body = std::make_shared<Program>();
  w.pred = more;
  add_counter_kernel(l, *w.cond, "kiln_scan_test",
                     {counter, more, KernelArg::i64(std::max<int64_t>(steps, 0))}, what);

  std::vector<BufferRef> args, slices;
  for (size_t j = 0; j < inputs.size(); ++j) {
    KILN_TRY(BufferRef whole, l.ref(inputs[j]));
    BufferRef slice = l.scratch(value_bytes(without_dim(inputs[j]->type(), dim)));
    add_step_copy(l, *w.body, whole, slice, counter, in_layout[j], reverse, true, what);
    slices.push_back(slice);
    args.push_back(slice);
  }
  args.insert(args.end(), state.begin(), state.end());
  KILN_TRY(std::vector<BufferRef> returned, l.lower_block(op.region(0).front(), args, *w.body));
  if (returned.size() != outputs.size() + carries.size()) {
    return unsupported(op, "a body that returns other than its outputs and carried values");
  }
  for (size_t r = 0; r < outputs.size(); ++r) {
    add_step_copy(l, *w.body, result_refs[r], returned[r], counter, out_layout[r], reverse, false,
                  what);
  }
  add_counter_kernel(l, *w.body, "kiln_scan_advance", {counter}, what);
  const std::vector<BufferRef> next(returned.begin() + static_cast<long>(outputs.size()),
                                    returned.end());
  std::vector<BufferRef> temps = carry_back(l, w, next, state);
  l.add(std::move(w));
  for (const BufferRef& r : temps) l.release(r);
  for (const BufferRef& r : returned) l.release(r);
  for (const BufferRef& r : slices) l.release(r);
  l.release(counter);
  l.release(more);
  return ok_status();
}

}  // namespace

KILN_REGISTER_CUDA_LOWERING("chlo.scan", lower_scan);

}  // namespace kiln::backend::cuda

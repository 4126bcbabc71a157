// The lowering's driver: slots, constants, blocks (with liveness), the op dispatch (a
// registered lowering, else a generated kernel through the op's elemental rule), modules.
#include "backend/cuda/lower.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <thread>
#include <tuple>
#include <utility>

#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/codegen/reduction_kernel.h"
#include "backend/cuda/finite_guard.h"
#include "backend/cuda/lowerer.h"
#include "backend/cuda/module_groups.h"
#include "backend/cuda/tuple_layout.h"
#include "kernels/cuda/sources.h"

namespace kiln::backend::cuda {

namespace {

std::unordered_map<std::string, OpLowering>& lowerings() {
  static std::unordered_map<std::string, OpLowering> table;
  return table;
}

int64_t bytes_of(const ir::Type& type) { return value_bytes(type); }

// The op of `block` that is or contains `op`.
const ir::Operation* ancestor_in(const ir::Block& block, const ir::Operation* op) {
  while (op && op->parent_block() != &block) op = op->parent_op();
  return op;
}

constexpr int kMaxCallDepth = 64;

}  // namespace

OpLowering find_lowering(std::string_view op_name) {
  auto it = lowerings().find(std::string(op_name));
  return it == lowerings().end() ? nullptr : it->second;
}

LoweringRegistration::LoweringRegistration(std::string_view op_name, OpLowering lowering) {
  lowerings().emplace(std::string(op_name), lowering);
}

Lowerer::Lowerer(const ir::Module& module, const LowerOptions& options)
    : module_(module), options_(options), finite_guards_(std::make_unique<FiniteGuards>()) {}

Lowerer::~Lowerer() = default;

Program* Lowerer::redirect(Program* p) {
  finite_guards_->leave_program(*this);
  return std::exchange(program_, p);
}

Status Lowerer::lower_nested(Program* nested, const std::function<Status()>& build) {
  const size_t mark = finite_guards_->mark();
  Program* outer = std::exchange(program_, nested);
  Status s = build();
  finite_guards_->forget_since(*this, mark);
  program_ = outer;
  return s;
}

Expected<BufferRef> Lowerer::ref(const ir::Value* v) const {
  auto it = slots_.find(v);
  if (it == slots_.end()) return Error::internal("cuda lowering: a value without a slot");
  return it->second;
}

Expected<std::vector<BufferRef>> Lowerer::operand_refs(const ir::Operation& op) const {
  std::vector<BufferRef> out;
  for (const ir::Value* v : op.operands()) {
    KILN_TRY(BufferRef r, ref(v));
    out.push_back(r);
  }
  return out;
}

BufferRef Lowerer::define(const ir::Value* v) {
  const int64_t bytes = bytes_of(v->type());
  if (auto it = preferred_.find(v); it != preferred_.end() && it->second.bytes == bytes) {
    BufferRef r = it->second;
    preferred_.erase(it);
    arena_.retain(r.offset);
    slots_[v] = r;
    return r;
  }
  BufferRef r{BufferRef::Space::kArena, arena_.allocate(bytes), bytes};
  slots_[v] = r;
  return r;
}

void Lowerer::pass_preference(const ir::Value* from, const ir::Value* to) {
  auto it = preferred_.find(from);
  if (it == preferred_.end()) return;
  preferred_[to] = it->second;
  preferred_.erase(from);
}

void Lowerer::alias(const ir::Value* v, const BufferRef& ref) {
  if (ref.space == BufferRef::Space::kArena) arena_.retain(ref.offset);
  BufferRef r = ref;
  r.bytes = bytes_of(v->type());
  slots_[v] = r;
}

void Lowerer::release(const BufferRef& ref) {
  if (ref.space != BufferRef::Space::kArena) return;
  if (held_) {
    held_->push_back(ref);
  } else {
    arena_.release(ref.offset);
  }
}

int64_t Lowerer::reserve_constants(int64_t bytes) {
  const int64_t offset =
      (static_cast<int64_t>(constants_.size()) + ArenaPlanner::kAlignment - 1) /
      ArenaPlanner::kAlignment * ArenaPlanner::kAlignment;
  constants_.resize(static_cast<size_t>(offset + std::max<int64_t>(bytes, 1)));  // zeros
  return offset;
}

BufferRef Lowerer::zeroed_state(int64_t bytes) {
  return {BufferRef::Space::kConstants, reserve_constants(bytes), bytes};
}

BufferRef Lowerer::constant(const ir::DenseElementsAttr& dense) {
  if (auto it = constant_slots_.find(dense.data.get()); it != constant_slots_.end() &&
                                                         it->second.bytes == bytes_of(dense.type)) {
    return it->second;
  }
  const int64_t bytes = bytes_of(dense.type);
  const int64_t offset = reserve_constants(bytes);
  const size_t elem = static_cast<size_t>(dense.type.element().storage_bytes());
  std::byte* out = constants_.data() + offset;
  if (bytes == 0) {
    // An empty constant: nothing to copy (its data may be null).
  } else if (dense.splat) {
    for (int64_t i = 0; i < dense.num_elements(); ++i) {
      std::memcpy(out + static_cast<size_t>(i) * elem, dense.data->data(), elem);
    }
  } else {
    std::memcpy(out, dense.data->data(), static_cast<size_t>(bytes));
  }
  // Sub-byte signed integers are held sign-extended in their byte (the attribute keeps the low
  // bits only).
  const ir::ElementType et = dense.type.element().storage_type();  // quantized: its storage
  if (et.is_signed_int() && et.bit_width() < 8) {
    const int shift = 8 - et.bit_width();
    for (int64_t i = 0; i < dense.num_elements(); ++i) {
      auto& b = reinterpret_cast<int8_t&>(out[i]);
      b = static_cast<int8_t>(static_cast<int8_t>(static_cast<uint8_t>(b) << shift) >> shift);
    }
  }
  BufferRef r{BufferRef::Space::kConstants, offset, bytes};
  constant_slots_[dense.data.get()] = r;
  return r;
}

std::string Lowerer::kernel_name() { return fmt::format("k{}", next_kernel_++); }

std::string Lowerer::describe(const ir::Operation& op) {
  const Location& loc = op.location();
  if (!loc.known()) return op.name();
  auto [line, col] = loc.buffer->line_col(loc.offset);
  return fmt::format("{} @ {}:{}:{}", op.name(), loc.buffer->name(), line, col);
}

Status Lowerer::add_loop_kernel(LoopKernel kernel, const std::vector<BufferRef>& param_refs,
                                const std::vector<BufferRef>& root_refs,
                                const ir::Operation& op) {
  if (loop_elements(kernel) == 0) return ok_status();
  std::vector<KernelArg> args(param_refs.begin(), param_refs.end());
  args.insert(args.end(), root_refs.begin(), root_refs.end());
  // Reductions that a cooperative strategy spreads over the GPU (codegen/reduction_kernel.h):
  // one launch, or two over a scratch slot for the slices' partial results.
  KILN_TRY(std::optional<ReductionKernels> reduction,
           emit_reduction_kernels(kernel, options_.device.sm_count));
  if (reduction) {
    BufferRef scratch_ref{BufferRef::Space::kArena, 0, 0};
    if (reduction->scratch_bytes > 0) scratch_ref = scratch(reduction->scratch_bytes);
    args.push_back(scratch_ref);
    for (ReductionLaunch& launch : reduction->launches) {
      add_generated_kernel(launch.function, launch.text, launch.blocks, kReductionBlock, args, op);
    }
    // Later steps that reuse the bytes run after both launches (one stream orders them).
    if (reduction->scratch_bytes > 0) release(scratch_ref);
    return ok_status();
  }
  KILN_TRY(LoopKernelCode code, emit_loop_kernel(kernel));
  const unsigned block = code.any_block ? std::clamp(options_.loop_block, 32u, kLoopBlock) : kLoopBlock;
  const int64_t per_sm = code.any_block ? options_.loop_blocks_per_sm : 16;
  const int64_t blocks = (code.threads + block - 1) / block;
  const int64_t cap = static_cast<int64_t>(std::max(1, options_.device.sm_count)) * per_sm;
  add_generated_kernel(kernel.function, code.text, std::min(blocks, cap), block, std::move(args),
                       op);
  return ok_status();
}

namespace {

// `text` with every use of the identifier `function`, alone or as the prefix of a helper's
// name (`k12_less`), replaced by "@": equal for two kernels that differ only in their names.
std::string name_free_text(const std::string& text, const std::string& function) {
  auto identifier = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  std::string out;
  out.reserve(text.size());
  size_t from = 0;
  for (size_t at; (at = text.find(function, from)) != std::string::npos;) {
    const size_t end = at + function.size();
    const bool whole = (at == 0 || !identifier(text[at - 1])) &&
                       (end == text.size() || !identifier(text[end]) || text[end] == '_');
    out.append(text, from, at - from);
    out += whole ? std::string("@") : function;
    from = end;
  }
  out.append(text, from, std::string::npos);
  return out;
}

}  // namespace

std::pair<int, std::string> Lowerer::add_generated_function(const std::string& function,
                                                            const std::string& text,
                                                            const ir::Operation& op) {
  // A kernel written before with another name (a loop's unrolled steps, one op at two places)
  // is launched again rather than compiled again.
  const std::string same_text = name_free_text(text, function);
  if (auto it = generated_kernels_.find(same_text); it != generated_kernels_.end()) {
    return it->second;
  }
  // A module of its own until finish() groups the generated kernels (module_groups.h).
  const int module = static_cast<int>(modules_.size());
  modules_.push_back({fmt::format("generated{}", module),
                      fmt::format("\n// {}\n{}", describe(op), text), {function}, true});
  generated_kernels_.emplace(same_text, std::make_pair(module, function));
  return {module, function};
}

void Lowerer::add_generated_kernel(const std::string& function, const std::string& text,
                                   int64_t blocks, unsigned block, std::vector<KernelArg> args,
                                   const ir::Operation& op) {
  KernelStep step;
  std::tie(step.module, step.function) = add_generated_function(function, text, op);
  step.grid = {static_cast<unsigned>(std::max<int64_t>(blocks, 1)), 1, 1};
  step.block = {block, 1, 1};
  step.args = std::move(args);
  step.what = describe(op);
  add(std::move(step));
  ++kernel_count_;
}

Expected<std::pair<int, std::string>> Lowerer::add_private_function(const std::string& prefix,
                                                                    const std::string& function,
                                                                    const std::string& text,
                                                                    const ir::Operation& op) {
  const std::string same_text = prefix + "\n" + name_free_text(text, function);
  if (auto it = private_kernels_.find(same_text); it != private_kernels_.end()) return it->second;
  // Not `generated`: finish() neither groups it nor gives it the prelude.
  KILN_TRY(std::string prelude, kernels::header_source("ops/scalar.cuh"));
  const int module = add_module(
      prefix + function, fmt::format("{}\n// {}\n{}", prelude, describe(op), text), {function});
  private_kernels_.emplace(same_text, std::make_pair(module, function));
  return std::make_pair(module, function);
}

int Lowerer::add_module(std::string name, std::string source, std::vector<std::string> functions) {
  modules_.push_back({std::move(name), std::move(source), std::move(functions), false});
  return static_cast<int>(modules_.size()) - 1;
}

int Lowerer::add_library_module(std::string name, std::string source, std::string function,
                                std::vector<std::string> options) {
  std::string key = fmt::format("{}\n{}\n{}", function, fmt::join(options, " "), source);
  if (auto it = library_modules_.find(key); it != library_modules_.end()) return it->second;
  KernelModule m{std::move(name), std::move(source), {std::move(function)}, false};
  m.library = true;
  m.options = std::move(options);
  modules_.push_back(std::move(m));
  const int index = static_cast<int>(modules_.size()) - 1;
  library_modules_.emplace(std::move(key), index);
  return index;
}

Status Lowerer::enter_call(const ir::Operation& call) {
  if (++call_depth_ > kMaxCallDepth) {
    return unsupported(call, fmt::format("calls nest deeper than {}: recursion", kMaxCallDepth));
  }
  return ok_status();
}

Status Lowerer::lower_op(const ir::Operation& op) {
  for (const auto& r : op.results()) {
    if (r->type().is_tensor() && !r->type().is_static()) return unsupported(op, "dynamic shapes");
  }
  if (OpLowering lowering = find_lowering(op.name())) {
    Status s = lowering(*this, op);
    return s;
  }
  return lower_elemental(op);
}

Status Lowerer::lower_elemental(const ir::Operation& op) {
  if (!find_elemental_rule(op.name())) return unsupported(op, "");
  // One generated kernel for the op alone.
  LoopKernel kernel{kernel_name(), {}, {}};
  std::vector<BufferRef> params, roots;
  for (const ir::Value* v : op.operands()) {
    KILN_TRY(BufferRef r, ref(v));
    kernel.params.push_back(v);
    params.push_back(r);
  }
  for (const auto& r : op.results()) {
    kernel.roots.push_back(r.get());
    roots.push_back(define(r.get()));
  }
  return add_loop_kernel(std::move(kernel), params, roots, op);
}

Expected<std::vector<BufferRef>> Lowerer::lower_single(const ir::Operation& op) {
  KILN_CHECK_OK(lower_op(op));
  std::vector<BufferRef> out;
  for (const auto& r : op.results()) {
    KILN_TRY(BufferRef b, ref(r.get()));
    out.push_back(b);
  }
  return out;
}

Expected<std::vector<BufferRef>> Lowerer::lower_block(const ir::Block& block,
                                                      const std::vector<BufferRef>& args,
                                                      Program& into) {
  Program* saved = redirect(&into);
  const auto& ops = block.operations();
  std::unordered_map<const ir::Operation*, size_t> position;
  for (size_t i = 0; i < ops.size(); ++i) position[ops[i].get()] = i;
  // Each value this block owns dies after the op (of this block) that uses it last.
  std::vector<std::vector<const ir::Value*>> dying(ops.size() + 1);
  auto plan_death = [&](const ir::Value* v) {
    size_t last = 0;
    bool used = false;
    for (const ir::Use& u : v->uses()) {
      if (const ir::Operation* a = ancestor_in(block, u.user)) {
        last = std::max(last, position[a]);
        used = true;
      }
    }
    dying[used ? last : ops.size()].push_back(v);
  };
  for (size_t i = 0; i < block.num_arguments(); ++i) {
    alias(block.argument(i), args.at(i));
    plan_death(block.argument(i));
  }
  for (const auto& op : ops) {
    for (const auto& r : op->results()) plan_death(r.get());
  }
  auto restore = [&] { redirect(saved); };
  std::vector<BufferRef> results;
  for (size_t i = 0; i < ops.size(); ++i) {
    const ir::Operation& op = *ops[i];
    if (&op == block.terminator() && (op.name() == "func.return" || op.name() == "stablehlo.return" ||
                                      op.name() == "kiln.yield" || op.name() == "check.return")) {
      for (const ir::Value* v : op.operands()) {
        Expected<BufferRef> r = ref(v);
        if (!r.ok()) {
          restore();
          return r.take_error();
        }
        alias(v, *r);  // one more owner: the caller's
        results.push_back(*r);
      }
    } else if (Status s = lower_op(op); !s.ok()) {
      restore();
      return s.take_error();
    }
    for (const ir::Value* v : dying[i]) release(slots_[v]);
  }
  // Values never used die at the end.
  for (const ir::Value* v : dying[ops.size()]) release(slots_[v]);
  restore();
  return results;
}

Expected<LoweredProgram> Lowerer::finish(Program main, std::vector<ir::Type> inputs,
                                         std::vector<ir::Type> outputs,
                                         std::vector<BufferRef> in_refs,
                                         std::vector<BufferRef> out_refs) {
  KILN_TRY(std::string prelude, kernels::header_source("ops/scalar.cuh"));
  renumber_modules(main, group_generated_modules(modules_, options_.compile_threads,
                                                 options_.max_kernels_per_module));
  LoweredProgram p;
  for (KernelModule& m : modules_) {
    // NVRTC's messages about generated code then name the module, not the prelude's file.
    if (m.generated) m.source = prelude + "#line 1 \"" + m.name + "\"\n" + m.source;
    p.modules.push_back(std::move(m));
  }
  p.main = std::move(main);
  p.num_replicas = options_.num_replicas;
  p.num_partitions = options_.num_partitions;
  p.arena_bytes = arena_.size();
  p.constants = std::move(constants_);
  p.input_types = std::move(inputs);
  p.output_types = std::move(outputs);
  for (const BufferRef& r : in_refs) {
    p.input_offsets.push_back(p.input_block_bytes);
    p.input_block_bytes += (r.bytes + ArenaPlanner::kAlignment - 1) / ArenaPlanner::kAlignment *
                           ArenaPlanner::kAlignment;
  }
  p.inputs = std::move(in_refs);
  p.outputs = std::move(out_refs);
  p.kernel_count = kernel_count_;
  p.gemm_count = gemm_count_;
  p.library_kernel_count = library_kernel_count_;
  p.attention_count = attention_count_;
  p.convolution_count = convolution_count_;
  p.notes = std::move(notes_);
  p.workspace_bytes = gemm_count_ ? 32 << 20 : 0;
  return p;
}

int LowerOptions::default_compile_threads() {
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

Expected<LoweredProgram> lower_module(const ir::Module& module, const ir::Operation& entry,
                                      const LowerOptions& options) {
  Lowerer l(module, options);
  const ir::Type& fn = entry.attr_as<ir::TypeAttr>("function_type")->type;
  const ir::Block& body = entry.region(0).front();
  std::vector<BufferRef> in_refs;
  for (size_t i = 0; i < body.num_arguments(); ++i) {
    const ir::Type& t = body.argument(i)->type();
    bool dynamic = false;
    for (const TensorLeaf& leaf : tensor_leaves(t)) dynamic = dynamic || !leaf.type.is_static();
    if (dynamic) {
      return Error::unimplemented(format_diagnostic(
          entry.location(), "the cuda backend cannot compile a function with dynamic shapes"));
    }
    if (!t.is_tensor() && !t.is_token() && !t.is_tuple()) {
      return Error::unimplemented(format_diagnostic(
          entry.location(), "the cuda backend takes tensors, tokens and tuples, not " + ir::to_string(t)));
    }
    in_refs.push_back(BufferRef{BufferRef::Space::kInput, 0, value_bytes(t), static_cast<int32_t>(i)});
  }
  l.finite_guards().reserve(l, module);
  Program main;
  KILN_TRY(std::vector<BufferRef> out_refs, l.lower_block(body, in_refs, main));
  KILN_CHECK_OK(l.finite_guards().finish(l, entry, main));
  return l.finish(std::move(main), fn.function_inputs(), fn.function_results(), in_refs, out_refs);
}

}  // namespace kiln::backend::cuda

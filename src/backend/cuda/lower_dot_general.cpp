// dot_general and dot through cuBLASLt: a dot of f32, f16, bf16, f64, complex operands (and
// i8 into i32, f8e4m3fn into f32 / f16 / bf16 where cuBLASLt's "TN" layout and alignment
// fit) is one GemmStep over
// (batches of) row-major matrices, [B, M, K] or [B, K, M] times [B, K, N] or [B, N, K], in
// cuBLASLt's column-major terms (C^T = B^T A^T: the row-major result [M, N] is the column-major
// [N, M]). An operand whose dimensions do not lie so (a batch dimension not leading, contracting
// dimensions apart or out of order) is first copied into [batch, free, contracting] (lhs) or
// [batch, contracting, free] (rhs) order by a generated permutation kernel. Every other dot
// (other types, an algorithm, an empty contraction, a complex128 dot product) is a generated
// kernel through the elemental rule (ops/dot_general.cpp). cuBLASLt computes in f32 without TF32
// (f64 for f64 and complex128, exact i32 for i8; vendor_cublaslt.cpp), which meets every
// precision_config, and rounds once to the result, as the interpreter does (it sums f8 and
// 16-bit products in f32 too).
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <optional>

#include "backend/cuda/dispatch_autotune.h"
#include "backend/cuda/lower_dot_general.h"
#include "backend/cuda/ops/dot_general.h"
#include "kernels/cuda/plan.h"
#include "kernels/cuda/registry.h"

namespace kiln::backend::cuda {

namespace {

using ::kiln::cuda::GemmDesc;
using ::kiln::cuda::GemmType;

std::optional<GemmType> gemm_type(const ir::Type& t) {
  switch (t.element().kind()) {
    case ir::ElementKind::kF32: return GemmType::kF32;
    case ir::ElementKind::kF16: return GemmType::kF16;
    case ir::ElementKind::kBF16: return GemmType::kBF16;
    case ir::ElementKind::kF64: return GemmType::kF64;
    case ir::ElementKind::kComplexF32: return GemmType::kC64;
    case ir::ElementKind::kComplexF64: return GemmType::kC128;
    case ir::ElementKind::kSI8: return GemmType::kI8;
    case ir::ElementKind::kSI32: return GemmType::kI32;
    // cuBLASLt's E4M3 is the finite-only format (NaN 0x7f, no infinities): f8E4M3FN. It has no
    // E5M2 x E5M2 product.
    case ir::ElementKind::kF8E4M3FN: return GemmType::kF8E4M3;
    default: return std::nullopt;
  }
}

// The products the interpreter and cuBLASLt compute alike: one type throughout (not i32: the
// interpreter wraps in i32 where cuBLASLt has no i32 operands), f16 / bf16 summed into f32
// (JAX's preferred_element_type), i8 into i32 (exact), f8 into f32, f16 or bf16 (summed in
// f32 by both, rounded once).
bool same_function(GemmType operands, GemmType result) {
  switch (operands) {
    case GemmType::kF16:
    case GemmType::kBF16: return result == operands || result == GemmType::kF32;
    case GemmType::kI8: return result == GemmType::kI32;
    case GemmType::kI32: return false;
    // cuBLASLt sums f8 products with less than f32's precision (measured on an H100: 4e-4
    // relative at k = 64, fast accumulation off): only a 16-bit result rounds that away.
    case GemmType::kF8E4M3:
    case GemmType::kF8E5M2:
      return result == GemmType::kF16 || result == GemmType::kBF16;
    default: return result == operands;
  }
}

// cuBLASLt's int8 and fp8 products want "TN" (both operands with their contracting dimension
// last, row-major), leading dimensions and the product's rows in multiples of `multiple`, and
// pointers aligned at least as much.
int64_t tn_multiple(GemmType t) {
  if (t == GemmType::kI8) return 4;
  if (t == GemmType::kF8E4M3 || t == GemmType::kF8E5M2) return 16;
  return 0;
}

// How one operand's non-batch dimensions lie: the contracting ones a contiguous block paired
// in order with the other operand's, first or last.
struct OperandLayout {
  int64_t free = 1, contracted = 1;
  bool contracting_first = false;
};

OperandLayout operand_sizes(const ir::Type& t, const std::vector<int64_t>& batching,
                            const std::vector<int64_t>& contracting, bool contracting_first) {
  OperandLayout o;
  for (int64_t c : contracting) o.contracted *= t.dim(c);
  for (int64_t f : dot_free_dims(t.rank(), batching, contracting)) o.free *= t.dim(f);
  o.contracting_first = contracting_first;
  return o;
}

// The layout of an operand as it lies, if it is a batch of matrices.
std::optional<OperandLayout> operand_layout(const ir::Type& t, const std::vector<int64_t>& batching,
                                            const std::vector<int64_t>& contracting) {
  const int64_t nb = static_cast<int64_t>(batching.size());
  for (int64_t i = 0; i < nb; ++i) {
    if (batching[static_cast<size_t>(i)] != i) return std::nullopt;
  }
  // The contracting dimensions, in the order they pair: consecutive and increasing, so the
  // flattened K index means the same element on both sides.
  for (size_t i = 1; i < contracting.size(); ++i) {
    if (contracting[i] != contracting[i - 1] + 1) return std::nullopt;
  }
  if (contracting.empty() || contracting.back() == t.rank() - 1) {
    return operand_sizes(t, batching, contracting, false);
  }
  if (contracting.front() == nb) return operand_sizes(t, batching, contracting, true);
  return std::nullopt;
}

// The dimension order that makes an operand a batch of matrices: batch dimensions (in pairing
// order), then the free ones and the contracting ones (in pairing order), contracting ones
// first when `contracting_first`.
std::vector<int64_t> gemm_order(const ir::Type& t, const std::vector<int64_t>& batching,
                                const std::vector<int64_t>& contracting, bool contracting_first) {
  std::vector<int64_t> order = batching;
  const std::vector<int64_t> free = dot_free_dims(t.rank(), batching, contracting);
  const auto& first = contracting_first ? contracting : free;
  const auto& second = contracting_first ? free : contracting;
  order.insert(order.end(), first.begin(), first.end());
  order.insert(order.end(), second.begin(), second.end());
  return order;
}

}  // namespace

int64_t batch_alignment(const DotGemm& g) {
  // Every batch's matrices start at a multiple of the strides' common power of two.
  int64_t align = 256;
  if (g.batch > 1) {
    for (int64_t s :
         {g.m * g.k * g.elem_bytes, g.k * g.n * g.elem_bytes, g.m * g.n * g.out_bytes}) {
      while (align > 1 && s % align != 0) align /= 2;
    }
  }
  return align;
}

std::optional<DotGemm> plan_dot_gemm(const ir::Operation& op) {
  if (op.name() != "stablehlo.dot_general" && op.name() != "stablehlo.dot") return std::nullopt;
  if (op.num_operands() != 2 || op.attr("algorithm") != nullptr) return std::nullopt;
  const ir::Type& lhs = op.operand(0)->type();
  const ir::Type& rhs = op.operand(1)->type();
  const ir::Type& out = op.result(0)->type();
  if (!lhs.is_static() || !rhs.is_static() || !out.is_static()) return std::nullopt;
  std::optional<GemmType> type = gemm_type(lhs);
  std::optional<GemmType> result_type = gemm_type(out);
  if (!type || !result_type || lhs.element() != rhs.element()) return std::nullopt;
  if (!same_function(*type, *result_type)) return std::nullopt;
  const int64_t tn = tn_multiple(*type);
  Expected<DotDims> d = dot_dims_of(op);
  if (!d.ok() || d->lhs_batching.size() != d->rhs_batching.size() ||
      d->lhs_contracting.size() != d->rhs_contracting.size()) {
    return std::nullopt;
  }
  DotGemm g;
  // An operand that does not lie as a batch of matrices is copied into one that does.
  std::optional<OperandLayout> l = operand_layout(lhs, d->lhs_batching, d->lhs_contracting);
  if (!l) {
    g.lhs_order = gemm_order(lhs, d->lhs_batching, d->lhs_contracting, false);
    l = operand_sizes(lhs, d->lhs_batching, d->lhs_contracting, false);
  }
  if (tn && l->contracting_first) {
    g.lhs_order = gemm_order(lhs, d->lhs_batching, d->lhs_contracting, false);
    l = operand_sizes(lhs, d->lhs_batching, d->lhs_contracting, false);
  }
  std::optional<OperandLayout> r = operand_layout(rhs, d->rhs_batching, d->rhs_contracting);
  // "TN" wants the rhs as [n, k] (contracting last), the other order than a plain x @ W.
  if (!r || (tn && r->contracting_first)) {
    g.rhs_order = gemm_order(rhs, d->rhs_batching, d->rhs_contracting, !tn);
    r = operand_sizes(rhs, d->rhs_batching, d->rhs_contracting, !tn);
  }
  for (int64_t b : d->lhs_batching) g.batch *= lhs.dim(b);
  g.m = l->free;
  g.n = r->free;
  g.k = l->contracted;
  g.elem_bytes = lhs.element().storage_bytes();
  g.out_bytes = out.element().storage_bytes();
  // An empty contraction is zeros: the elemental rule's.
  if (g.k == 0) return std::nullopt;
  // A complex128 dot product (one row, one column): cuBLASLt 13.0's first heuristic choice for
  // it (algo 13) crashed inside cublasLtMatmul on an H200 (session 32, the e2e dot_general
  // test at O0), so it is the generated kernel's, a K-long sum.
  if (*type == GemmType::kC128 && g.m == 1 && g.n == 1) return std::nullopt;
  // Column-major C^T [n, m] = op(A) op(B) with A the rhs and B the lhs. The rhs as stored,
  // row-major [k, n], is column-major [n, k]; row-major [n, k] is [k, n], transposed.
  GemmDesc& desc = g.desc;
  desc.type = *type;
  if (*result_type != *type) desc.result_type = *result_type;
  desc.m = g.n;
  desc.n = g.m;
  desc.k = g.k;
  desc.transpose_a = !r->contracting_first;
  desc.lda = r->contracting_first ? g.n : g.k;
  // The lhs, row-major [m, k], is column-major [k, m]; row-major [k, m] is [m, k], transposed.
  desc.transpose_b = l->contracting_first;
  desc.ldb = l->contracting_first ? g.m : g.k;
  desc.ldc = g.n;
  const int64_t align = batch_alignment(g);
  desc.alignment = align;
  if (tn && (g.k % tn != 0 || g.n % tn != 0 || align < tn)) return std::nullopt;
  // (An empty result is a GEMM of nothing: add_dot_gemm adds no step.)
  const bool empty = g.batch == 0 || g.m == 0 || g.n == 0;
  if (!empty && !::kiln::cuda::check_gemm_desc(desc).ok()) return std::nullopt;
  return g;
}

std::optional<DotGemm> plan_dot_gemm(const ir::Operation& op, const LowerOptions& options) {
  std::optional<DotGemm> g = plan_dot_gemm(op);
  if (g && g->k <= 1024 && g->batch * g->m * g->n * g->k <= options.elemental_dot_macs) {
    return std::nullopt;
  }
  return g;
}

int64_t LowerOptions::default_elemental_dot_macs() {
  static const int64_t macs = [] {
    const char* v = std::getenv("KILN_CUDA_ELEMENTAL_DOT_MACS");
    return v && *v ? std::strtoll(v, nullptr, 10) : int64_t{0};
  }();
  return macs;
}

namespace {

// The CUDA C++ of kernel `name`: out = in (row-major `shape`, `elem_bytes` a element) with its
// dimensions in `order`, one thread per output element in a grid-stride loop. The bits are
// copied as they are.
std::string permute_source(const std::string& name, const std::vector<int64_t>& shape,
                           const std::vector<int64_t>& order, int64_t elem_bytes) {
  // The bits as they are, in an unsigned type of the element's width.
  const char* type = elem_bytes == 1   ? "unsigned char"
                     : elem_bytes == 2 ? "unsigned short"
                     : elem_bytes == 4 ? "unsigned int"
                     : elem_bytes == 8 ? "unsigned long long"
                                       : "kiln_bits128";
  std::vector<int64_t> in_strides(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) in_strides[i - 1] = in_strides[i] * shape[i];
  int64_t count = 1;
  for (int64_t s : shape) count *= s;
  std::string body;
  for (size_t k = order.size(); k-- > 0;) {
    const auto from = static_cast<size_t>(order[k]);
    body += fmt::format("    src += (rest % {0}LL) * {1}LL;\n    rest /= {0}LL;\n", shape[from],
                        in_strides[from]);
  }
  return fmt::format(
      "struct __align__(16) kiln_bits128 {{ unsigned long long lo, hi; }};\n"
      "extern \"C\" __global__ void __launch_bounds__({0}) {1}(const {2}* __restrict__ in, {2}* "
      "__restrict__ out) {{\n"
      "  const long long stride = static_cast<long long>(gridDim.x) * blockDim.x;\n"
      "  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; i < "
      "{3}LL; i += stride) {{\n"
      "    long long rest = i, src = 0;\n{4}    out[i] = in[src];\n  }}\n}}\n",
      kLoopBlock, name, type, count, body);
}

// A scratch slot holding `in` (of type `t`) with its dimensions in `order`, and the kernel
// step that fills it.
BufferRef permuted_copy(Lowerer& l, const ir::Operation& op, const BufferRef& in, const ir::Type& t,
                        const std::vector<int64_t>& order) {
  const int64_t elem_bytes = t.element().storage_bytes();
  const int64_t count = t.num_elements().value_or(0);
  BufferRef out = l.scratch(count * elem_bytes);
  const std::string name = "permute_" + l.kernel_name();
  KernelStep step;
  step.module = l.add_module(name, permute_source(name, t.shape(), order, elem_bytes), {name});
  step.function = name;
  const int64_t blocks = (count + kLoopBlock - 1) / kLoopBlock;
  const int64_t cap = static_cast<int64_t>(std::max(1, l.options().device.sm_count)) * 16;
  step.grid = {static_cast<unsigned>(std::max<int64_t>(1, std::min(blocks, cap))), 1, 1};
  step.block = {kLoopBlock, 1, 1};
  step.args = {in, out};
  step.what = Lowerer::describe(op);
  l.add(std::move(step));
  l.count_kernel();
  return out;
}

// One generated kernel computing `op` through its elemental rule (as Lowerer::lower_op does
// for an op without a lowering).
Status lower_dot_elementally(Lowerer& l, const ir::Operation& op) {
  LoopKernel kernel{l.kernel_name(), {}, {}};
  std::vector<BufferRef> params, roots;
  for (const ir::Value* v : op.operands()) {
    KILN_TRY(BufferRef r, l.ref(v));
    kernel.params.push_back(v);
    params.push_back(r);
  }
  kernel.roots.push_back(op.result(0));
  roots.push_back(l.define(op.result(0)));
  return l.add_loop_kernel(std::move(kernel), params, roots, op);
}

Status lower_dot_general(Lowerer& l, const ir::Operation& op) {
  std::optional<DotGemm> g = plan_dot_gemm(op, l.options());
  if (!g) return lower_dot_elementally(l, op);
  GemmBuffers io;
  KILN_TRY(io.lhs, l.ref(op.operand(0)));
  KILN_TRY(io.rhs, l.ref(op.operand(1)));
  KILN_TRY(bool on_library, lower_dot_on_library(l, *g, op, io.lhs, io.rhs));
  if (on_library) return ok_status();
  io.out = l.define(op.result(0));
  add_dot_gemm(l, *g, op, io, Lowerer::describe(op));
  return ok_status();
}

// The library kernel and problem of `g`, where one computes it as its operands lie: 16-bit
// operands summed in f32 and rounded once to their own type, the lhs [B, M, K], the rhs
// [B, K, N] (gemm) or [B, N, K] (gemm_nt), no epilogue, a result that is not empty.
std::optional<kernels::KernelMatch> library_gemm(const DotGemm& g, const ir::ElementType& type) {
  const auto& d = g.desc;
  if (d.result_type || !g.lhs_order.empty() || !g.rhs_order.empty() || d.transpose_b ||
      d.epilogue != ::kiln::cuda::GemmEpilogue::kNone || d.bias || d.accumulate ||
      g.batch * g.m * g.n == 0) {
    return std::nullopt;
  }
  // C^T = op(A) op(B) with A the rhs: transpose_a says the rhs lies [N, K].
  Expected<const kernels::KernelSpec*> spec = kernels::find_kernel(d.transpose_a ? "gemm_nt" : "gemm");
  if (!spec.ok()) return std::nullopt;
  bool dtype_ok = false;
  for (const auto& t : (*spec)->dtypes) dtype_ok = dtype_ok || t == type;
  if (!dtype_ok) return std::nullopt;
  const kernels::Shape shape = g.batch == 1 ? kernels::Shape{g.m, g.n, g.k}
                                            : kernels::Shape{g.batch, g.m, g.n, g.k};
  Expected<kernels::Problem> problem = (*spec)->make_problem(shape, type);
  if (!problem.ok()) return std::nullopt;
  return kernels::KernelMatch{*spec, std::move(*problem)};
}

}  // namespace

Expected<bool> lower_dot_on_library(Lowerer& l, const DotGemm& g, const ir::Operation& op,
                                    const BufferRef& lhs, const BufferRef& rhs) {
  const ir::ElementType type = op.result(0)->type().element();
  std::optional<kernels::KernelMatch> m = library_gemm(g, type);
  if (!m) return false;
  DispatchProblem problem{"gemm", type, {{"batch", g.batch}, {"m", g.m}, {"n", g.n}, {"k", g.k}}};
  DispatchChoice choice = choose_implementation(problem, l.options());
  const std::string what = Lowerer::describe(op);
  if (l.options().autotune && (choice.source == DispatchChoice::Source::kTable ||
                               choice.source == DispatchChoice::Source::kDefault)) {
    // --autotune: time both sides now (a GPU needed), the winner cached for later compiles.
    Expected<::kiln::cuda::DispatchMeasurement> t = measure_gemm_dispatch(g, *m, problem, l.options());
    if (t.ok()) {
      choice = {t->library ? Implementation::kLibrary : Implementation::kVendor,
                DispatchChoice::Source::kMeasured,
                fmt::format("timed now: vendor {:.4g} ms, library {:.4g} ms", t->vendor_ms,
                            t->library_ms)};
    } else {
      l.note(fmt::format("{}: the dispatch was not timed ({})", what, t.error().message()));
    }
  }
  if (choice.implementation == Implementation::kVendor) {
    l.note(fmt::format("{}: cuBLASLt ({}; {})", what, problem.key(), choice.reason));
    return false;
  }
  Expected<kernels::Plan> plan = kernels::plan_kernel(*m->spec, m->problem, {}, l.options().device);
  if (!plan.ok()) {
    l.note(fmt::format("{}: cuBLASLt (the library's {} cannot take {}: {})", what, m->spec->name,
                       problem.key(), plan.error().message()));
    return false;
  }
  KILN_TRY(bool done, lower_library_plan(l, op, *m->spec, *plan, {lhs, rhs}));
  l.note(done ? fmt::format("{}: library {} ({}; {})", what, m->spec->name, problem.key(),
                            choice.reason)
              : fmt::format("{}: cuBLASLt (an operand lies where TMA cannot read it)", what));
  return done;
}

::kiln::cuda::GemmDesc gemm_step_desc(const DotGemm& g) {
  ::kiln::cuda::GemmDesc desc = g.desc;
  // One cuBLASLt call for the whole batch (strided), where it fits its 32-bit count.
  if (g.batch > 1 && g.batch < (int64_t{1} << 31)) {
    desc.batch = g.batch;
    desc.stride_a = g.k * g.n;
    desc.stride_b = g.m * g.k;
    desc.stride_c = g.m * g.n;
  }
  return desc;
}

void add_dot_gemm(Lowerer& l, const DotGemm& g, const ir::Operation& dot, GemmBuffers io,
                  const std::string& what) {
  // An empty result has nothing to compute (cuBLASLt wants every dimension at least 1).
  if (g.batch == 0 || g.m == 0 || g.n == 0) return;
  std::vector<BufferRef> copies;  // released once the GEMM is enqueued after them
  if (!g.lhs_order.empty()) {
    io.lhs = permuted_copy(l, dot, io.lhs, dot.operand(0)->type(), g.lhs_order);
    copies.push_back(io.lhs);
  }
  if (!g.rhs_order.empty()) {
    io.rhs = permuted_copy(l, dot, io.rhs, dot.operand(1)->type(), g.rhs_order);
    copies.push_back(io.rhs);
  }
  GemmStep step;
  step.desc = gemm_step_desc(g);
  step.batch = g.batch;
  step.a = io.rhs;
  step.b = io.lhs;
  step.c = io.out;
  step.bias = io.bias;
  step.residual = io.residual;
  step.stride_a = g.k * g.n * g.elem_bytes;
  step.stride_b = g.m * g.k * g.elem_bytes;
  step.stride_c = g.m * g.n * g.out_bytes;
  step.what = what;
  l.add(std::move(step));
  l.count_gemm();
  for (const BufferRef& c : copies) l.release(c);
}

bool dot_uses_gemm(const ir::Operation& op, const LowerOptions& options) {
  return plan_dot_gemm(op, options).has_value();
}

KILN_REGISTER_CUDA_LOWERING("stablehlo.dot_general", lower_dot_general);
KILN_REGISTER_CUDA_LOWERING("stablehlo.dot", lower_dot_general);

}  // namespace kiln::backend::cuda

// plan_vector_loop and emit_vector_loop: the 16-byte loads and stores of loop kernels.
#include "backend/cuda/codegen/vector_loop.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace kiln::backend::cuda {

namespace {

constexpr int kVectorBytes = 16;  // one ld.global.v4 / st.global.v4
// Below this many elements a loop kernel is bound by its launch, not by memory: the vector loop
// would gain nothing at run time and doubles the code NVRTC compiles (the lanes and the scalar
// tail each inline the element's computation; measured: a kernel of four f32 sines compiles in
// 0.21 s with the vector loop, 0.11 s without).
constexpr int64_t kMinVectorElements = 16384;

int storage_bytes(const ir::Value* v) {
  Expected<ScalarType> t = Emitter::scalar_type(v->type(), nullptr);
  return t.ok() ? t->bytes : 0;
}

// Whether computing `v` inside the kernel runs a loop per element (a reduce, an elemental
// dot or convolution): written once per lane, it would multiply the kernel's code for no gain
// in bandwidth.
bool loops_per_element(const ir::Value* v, const std::set<const ir::Value*>& params,
                       std::set<const ir::Value*>& seen) {
  if (params.count(v) || !seen.insert(v).second) return false;
  const ir::Operation* op = v->defining_op();
  if (!op) return false;
  if ((op->num_regions() > 0 && op->name() != "stablehlo.map") ||
      op->name() == "stablehlo.dot_general" || op->name() == "stablehlo.dot" ||
      op->name() == "stablehlo.convolution") {
    return true;
  }
  return std::any_of(op->operands().begin(), op->operands().end(),
                     [&](const ir::Value* o) { return loops_per_element(o, params, seen); });
}

}  // namespace

std::optional<VectorLoop> plan_vector_loop(const LoopKernel& kernel,
                                           const std::vector<size_t>& roots, int64_t elements,
                                           const std::vector<Emitter::ParamLoad>& loads) {
  if (elements < kMinVectorElements) return std::nullopt;
  const std::set<const ir::Value*> all_params(kernel.params.begin(), kernel.params.end());
  std::set<const ir::Value*> seen;
  for (size_t r : roots) {
    if (loops_per_element(kernel.roots[r], all_params, seen)) return std::nullopt;
  }
  VectorLoop plan;
  for (size_t j = 0; j < kernel.params.size(); ++j) {
    const ir::Value* p = kernel.params[j];
    const bool at_i = std::any_of(loads.begin(), loads.end(), [&](const Emitter::ParamLoad& l) {
      return l.value == p && l.linear == "i";
    });
    // A parameter read at "i" only under a condition (a concatenation's first operand) may
    // hold fewer elements than the loop: its vectors would read past its end.
    if (at_i && p->type().num_elements().value_or(0) >= elements) plan.params.push_back(j);
  }
  int narrowest = kVectorBytes;
  auto consider = [&](const ir::Value* v) {
    const int bytes = storage_bytes(v);
    if (bytes <= 0 || kVectorBytes % bytes != 0) return false;
    narrowest = std::min(narrowest, bytes);
    return true;
  };
  for (size_t r : roots) {
    if (!consider(kernel.roots[r])) return std::nullopt;
  }
  for (size_t j : plan.params) {
    if (!consider(kernel.params[j])) return std::nullopt;
  }
  plan.lanes = kVectorBytes / narrowest;
  if (plan.lanes < 2 || elements < plan.lanes) return std::nullopt;
  return plan;
}

Expected<std::string> emit_vector_loop(Emitter& e, const LoopKernel& kernel,
                                       const std::vector<size_t>& roots,
                                       const std::vector<int64_t>& shape, const VectorLoop& plan) {
  CodeWriter& out = e.out();
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  const int lanes = plan.lanes;
  const int64_t whole = n / lanes * lanes;
  // Every pointer the vectors touch, 16-byte aligned: then so is each vector, as `i` steps by
  // `lanes` elements of at least 16 / lanes bytes. One branch the whole grid takes alike.
  std::string misaligned;
  for (size_t j : plan.params) misaligned += fmt::format("{}reinterpret_cast<u64>(p{})", misaligned.empty() ? "" : " | ", j);
  for (size_t r : roots) misaligned += fmt::format("{}reinterpret_cast<u64>(o{})", misaligned.empty() ? "" : " | ", r);
  const std::string aligned = e.fresh("aligned");
  out.line(fmt::format("const bool {} = (({}) & {}) == 0;", aligned, misaligned, kVectorBytes - 1));
  const std::string start = e.fresh("start");
  out.line(fmt::format("i64 {} = 0;", start));
  out.open(fmt::format("if ({})", aligned));
  out.open(fmt::format("for (i64 i = (static_cast<i64>(blockIdx.x) * blockDim.x + threadIdx.x) * {0}; "
                       "i < {1}; i += stride * {0})", lanes, whole));
  e.push_scope();
  std::vector<std::string> lane(static_cast<size_t>(lanes));
  for (int k = 0; k < lanes; ++k) lane[k] = k == 0 ? "i" : e.let("i64", fmt::format("i + {}", k));
  auto at = [](int q, int per) { return q == 0 ? std::string("i") : fmt::format("i + {}", q * per); };
  // The parameters' vectors; each lane's element is what the scalar loop's load would give.
  for (size_t j : plan.params) {
    const ir::Value* v = kernel.params[j];
    KILN_TRY(ScalarType t, Emitter::scalar_type(v->type(), v->defining_op()));
    const int per = kVectorBytes / t.bytes;
    std::vector<std::string> packs;
    for (int q = 0; q * per < lanes; ++q) {
      packs.push_back(e.fresh("pack"));
      out.line(fmt::format("const Pack<{}> {} = load_pack(p{} + {});", t.storage, packs.back(), j,
                           at(q, per)));
    }
    for (int k = 0; k < lanes; ++k) {
      const std::string x = e.let(t.compute, t.load(packs[k / per] + ".v", std::to_string(k % per)));
      e.remember(v, Index::of_linear(shape, lane[k]), x);
    }
  }
  // The roots' vectors, filled lane by lane (the lanes of one element share its producers).
  std::vector<std::vector<std::string>> root_packs;
  std::vector<ScalarType> root_types;
  for (size_t r : roots) {
    const ir::Value* v = kernel.roots[r];
    KILN_TRY(ScalarType t, Emitter::scalar_type(v->type(), v->defining_op()));
    const int per = kVectorBytes / t.bytes;
    root_packs.emplace_back();
    for (int q = 0; q * per < lanes; ++q) {
      root_packs.back().push_back(e.fresh("pack"));
      out.line(fmt::format("Pack<{}> {};", t.storage, root_packs.back().back()));
    }
    root_types.push_back(std::move(t));
  }
  for (int k = 0; k < lanes; ++k) {
    Index index = Index::of_linear(shape, lane[k]);
    for (size_t x = 0; x < roots.size(); ++x) {
      const ScalarType& t = root_types[x];
      const int per = kVectorBytes / t.bytes;
      KILN_TRY(std::string value, e.emit(kernel.roots[roots[x]], index));
      out.line(t.store(root_packs[x][k / per] + ".v", std::to_string(k % per), value));
    }
  }
  for (size_t x = 0; x < roots.size(); ++x) {
    const int per = kVectorBytes / root_types[x].bytes;
    for (size_t q = 0; q < root_packs[x].size(); ++q) {
      out.line(fmt::format("store_pack(o{} + {}, {});", roots[x], at(static_cast<int>(q), per),
                           root_packs[x][q]));
    }
  }
  e.pop_scope();
  out.close();
  out.line(fmt::format("{} = {};", start, whole));
  out.close();
  return start;
}

}  // namespace kiln::backend::cuda

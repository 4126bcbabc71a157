// The cuda payload of a saved executable: the lowered program field by field (steps tagged by
// kind, nested programs inline), the cubins, the architecture and CUDA version; read back with
// every count and index checked against the bytes and the program.
#include "backend/cuda/executable_file.h"

#include <cuda.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstring>
#include <unordered_map>

#include "ir/attribute.h"
#include "ir/printer.h"

namespace kiln::backend::cuda {

namespace rt = ::kiln::cuda;

namespace {

// Deeper nesting of while / case bodies than this is refused (a corrupt count, not a program).
constexpr int kMaxDepth = 256;
// A saved grid's replicas or partitions at most (each a host thread and device state).
constexpr int64_t kMaxGridSide = 1 << 16;

// A step is tagged by its index in Step; a new kind needs its encoding in Encoder and Decoder
// (and a new kSavedExecutableFormat, as any change of layout).
static_assert(std::variant_size_v<Step> == 11, "encode and decode the new kind of step");

class Encoder {
 public:
  explicit Encoder(const ir::Module& module) {
    int64_t i = 0;
    module.op().walk([&](const ir::Operation& op) { index_[&op] = i++; });
  }

  Status program(const LoweredProgram& p, const std::vector<rt::Cubin>& cubins,
                 const std::string& arch) {
    w_.put_bytes(arch);
    w_.put<int32_t>(CUDA_VERSION);
    w_.put<int64_t>(p.arena_bytes);
    w_.put<int64_t>(p.workspace_bytes);
    w_.put<int64_t>(p.input_block_bytes);
    w_.put<uint64_t>(p.input_offsets.size());
    for (int64_t o : p.input_offsets) w_.put<int64_t>(o);
    w_.put<uint8_t>(p.autotune_gemms);
    w_.put<int64_t>(p.num_replicas);
    w_.put<int64_t>(p.num_partitions);
    for (int64_t n : {p.kernel_count, p.gemm_count, p.library_kernel_count, p.attention_count,
                      p.convolution_count}) {
      w_.put<int64_t>(n);
    }
    w_.put_bytes(std::string_view(reinterpret_cast<const char*>(p.constants.data()),
                                  p.constants.size()));
    for (const auto* types : {&p.input_types, &p.output_types}) {
      w_.put<uint64_t>(types->size());
      for (const ir::Type& t : *types) w_.put_bytes(ir::to_string(t));
    }
    refs(p.inputs);
    refs(p.outputs);
    w_.put<uint64_t>(p.modules.size());
    for (const KernelModule& m : p.modules) module(m);
    KILN_CHECK_OK(steps(p.main));
    strings(p.notes);
    w_.put<uint64_t>(cubins.size());
    for (const rt::Cubin& c : cubins) w_.put_bytes(std::string_view(c.image.data(), c.image.size()));
    return ok_status();
  }
  std::string take() { return std::move(w_.bytes()); }

 private:
  void ref(const BufferRef& r) {
    w_.put<uint8_t>(static_cast<uint8_t>(r.space));
    w_.put<int64_t>(r.offset);
    w_.put<int64_t>(r.bytes);
    w_.put<int32_t>(r.input);
  }
  void refs(const std::vector<BufferRef>& rs) {
    w_.put<uint64_t>(rs.size());
    for (const BufferRef& r : rs) ref(r);
  }
  void strings(const std::vector<std::string>& ss) {
    w_.put<uint64_t>(ss.size());
    for (const std::string& s : ss) w_.put_bytes(s);
  }
  void module(const KernelModule& m) {
    w_.put_bytes(m.name);
    w_.put_bytes(m.source);
    strings(m.functions);
    w_.put<uint8_t>(m.generated);
    w_.put<uint8_t>(m.library);
    strings(m.options);
  }
  void dims(const std::array<unsigned, 3>& d) {
    for (unsigned v : d) w_.put<uint32_t>(v);
  }
  void i64s(const std::vector<int64_t>& v) {
    w_.put<uint64_t>(v.size());
    for (int64_t x : v) w_.put<int64_t>(x);
  }
  // A tensor-map argument's view (its source and index are the argument's buffer).
  void tensor_map(const rt::TensorMap& m) {
    w_.put<uint8_t>(static_cast<uint8_t>(m.element));
    w_.put<uint8_t>(static_cast<uint8_t>(m.swizzle));
    w_.put<uint64_t>(m.dims.size());
    for (uint64_t x : m.dims) w_.put<uint64_t>(x);
    w_.put<uint64_t>(m.strides.size());
    for (uint64_t x : m.strides) w_.put<uint64_t>(x);
    w_.put<uint64_t>(m.box.size());
    for (uint32_t x : m.box) w_.put<uint32_t>(x);
  }
  void tensor(const rt::AttentionTensor& t) {
    for (int64_t x : t.dims) w_.put<int64_t>(x);
    for (int64_t x : t.strides) w_.put<int64_t>(x);
  }

  Status steps(const Program& p) {
    w_.put<uint64_t>(p.steps.size());
    for (const Step& s : p.steps) {
      w_.put<uint8_t>(static_cast<uint8_t>(s.index()));
      KILN_CHECK_OK(std::visit([&](const auto& x) { return step(x); }, s));
    }
    return ok_status();
  }
  Status step(const KernelStep& k) {
    w_.put<int32_t>(k.module);
    w_.put_bytes(k.function);
    dims(k.grid);
    dims(k.block);
    w_.put<uint32_t>(k.shared_bytes);
    w_.put<uint64_t>(k.args.size());
    for (const KernelArg& a : k.args) {
      w_.put<uint8_t>(static_cast<uint8_t>(a.kind));
      ref(a.buffer);
      w_.put<int64_t>(a.i);
      w_.put<float>(a.f);
      if (a.kind == KernelArg::Kind::kTensorMap) tensor_map(a.map);
    }
    w_.put_bytes(k.what);
    return ok_status();
  }
  Status step(const GemmStep& g) {
    const rt::GemmDesc& d = g.desc;
    w_.put<uint8_t>(static_cast<uint8_t>(d.type));
    w_.put<uint8_t>(d.result_type.has_value());
    w_.put<uint8_t>(static_cast<uint8_t>(d.result_type.value_or(rt::GemmType::kF32)));
    w_.put<uint8_t>(d.transpose_a);
    w_.put<uint8_t>(d.transpose_b);
    for (int64_t x : {d.m, d.n, d.k, d.lda, d.ldb, d.ldc, d.alignment, d.batch, d.stride_a,
                      d.stride_b, d.stride_c}) {
      w_.put<int64_t>(x);
    }
    w_.put<uint8_t>(static_cast<uint8_t>(d.epilogue));
    w_.put<uint8_t>(d.bias);
    w_.put<uint8_t>(d.accumulate);
    for (int64_t x : {g.batch, g.stride_a, g.stride_b, g.stride_c}) w_.put<int64_t>(x);
    for (const BufferRef* r : {&g.a, &g.b, &g.c, &g.bias, &g.residual}) ref(*r);
    w_.put_bytes(g.what);
    return ok_status();
  }
  Status step(const CopyStep& c) {
    ref(c.src);
    ref(c.dst);
    return ok_status();
  }
  Status step(const HostCheckStep& h) {
    auto it = index_.find(h.op);
    if (it == index_.end()) {
      return Error::internal("cuda: saving an executable: a host check's op is not in its module");
    }
    w_.put<int64_t>(it->second);
    w_.put_bytes(h.op->name());
    refs(h.operands);
    refs(h.results);
    return ok_status();
  }
  Status step(const WhileStep& s) {
    KILN_CHECK_OK(steps(*s.cond));
    KILN_CHECK_OK(steps(*s.body));
    ref(s.pred);
    w_.put<uint64_t>(s.next.size());
    for (const CopyStep& c : s.next) KILN_CHECK_OK(step(c));
    w_.put_bytes(s.what);
    w_.put<int32_t>(s.condition_module);
    return ok_status();
  }
  Status step(const CaseStep& s) {
    ref(s.selector);
    w_.put<uint8_t>(s.is_pred);
    w_.put<uint64_t>(s.branches.size());
    for (const auto& b : s.branches) KILN_CHECK_OK(steps(*b));
    w_.put_bytes(s.what);
    w_.put<int32_t>(s.condition_module);
    return ok_status();
  }
  Status step(const CollectiveStep& c) {
    w_.put_bytes(c.op_name);
    w_.put<int64_t>(c.channel);
    w_.put<uint64_t>(c.processes.size());
    for (const CollectiveMember& m : c.processes) {
      i64s(m.group);
      i64s(m.sources);
      w_.put<int64_t>(m.index);
    }
    refs(c.operands);
    refs(c.results);
    w_.put<int32_t>(c.module);
    w_.put_bytes(c.function);
    w_.put<uint32_t>(c.blocks);
    w_.put<uint32_t>(c.block);
    w_.put<int64_t>(c.max_sources);
    w_.put_bytes(c.what);
    return ok_status();
  }
  Status step(const GridStep& g) {
    w_.put<int64_t>(g.num_replicas);
    w_.put<int64_t>(g.num_partitions);
    w_.put<uint64_t>(g.processes.size());
    for (const auto& p : g.processes) KILN_CHECK_OK(steps(*p));
    w_.put_bytes(g.what);
    return ok_status();
  }
  Status step(const FftStep& f) {
    const rt::FftDesc& d = f.desc;
    w_.put<uint8_t>(static_cast<uint8_t>(d.type));
    w_.put<uint8_t>(d.f64);
    w_.put<uint8_t>(d.inverse);
    i64s(d.n);
    i64s(d.inembed);
    i64s(d.onembed);
    for (int64_t x : {d.istride, d.idist, d.ostride, d.odist, d.batch}) w_.put<int64_t>(x);
    for (int64_t x : {f.repeat, f.repeat_in, f.repeat_out}) w_.put<int64_t>(x);
    ref(f.in);
    ref(f.out);
    w_.put_bytes(f.what);
    return ok_status();
  }
  Status step(const AttentionStep& a) {
    const rt::AttentionDesc& d = a.desc;
    w_.put<uint8_t>(static_cast<uint8_t>(d.type));
    for (const rt::AttentionTensor* t : {&d.q, &d.k, &d.v, &d.o, &d.bias}) tensor(*t);
    w_.put<uint8_t>(d.has_bias);
    w_.put<float>(d.scale);
    w_.put<uint8_t>(d.causal);
    w_.put<uint8_t>(static_cast<uint8_t>(d.pass));
    for (const rt::AttentionTensor* t : {&d.d_o, &d.d_q, &d.d_k, &d.d_v}) tensor(*t);
    for (const BufferRef* r :
         {&a.q, &a.k, &a.v, &a.bias, &a.o, &a.stats, &a.d_o, &a.d_q, &a.d_k, &a.d_v}) {
      ref(*r);
    }
    w_.put<uint8_t>(a.fallback != nullptr);
    if (a.fallback) KILN_CHECK_OK(steps(*a.fallback));
    w_.put_bytes(a.what);
    return ok_status();
  }

  Status step(const ConvolutionStep& c) {
    const rt::ConvolutionDesc& d = c.desc;
    w_.put<uint8_t>(static_cast<uint8_t>(d.type));
    for (const rt::ConvolutionTensor* t : {&d.x, &d.w, &d.y}) {
      i64s(t->dims);
      i64s(t->strides);
    }
    for (const auto* v : {&d.pre_padding, &d.post_padding, &d.stride, &d.dilation}) i64s(*v);
    w_.put<uint8_t>(d.flip);
    w_.put<uint8_t>(d.data_grad);
    for (const BufferRef* r : {&c.x, &c.w, &c.y}) ref(*r);
    for (const auto* program : {&c.before, &c.after, &c.fallback}) {
      w_.put<uint8_t>(*program != nullptr);
      if (*program) KILN_CHECK_OK(steps(**program));
    }
    w_.put_bytes(c.what);
    return ok_status();
  }

  ByteWriter w_;
  std::unordered_map<const ir::Operation*, int64_t> index_;
};

// Reads what Encoder wrote. Reads go on after a failure (the reader gives zeros) until the
// next check; every index is checked before it is used.
class Decoder {
 public:
  Decoder(std::string_view bytes, const ir::Module& module, const std::string& entry,
          const std::string& name)
      : r_(bytes, "kiln: " + name), module_(module), entry_(entry), name_(name) {
    module.op().walk([&](const ir::Operation& op) { ops_.push_back(&op); });
  }

  Expected<CudaPayload> payload() {
    CudaPayload out;
    out.arch = r_.get_bytes();
    out.cuda_version = r_.get<int32_t>();
    KILN_CHECK_OK(r_.status(false));
    if (out.cuda_version != CUDA_VERSION) {
      return Error::invalid_argument(fmt::format(
          "kiln: {}: built with CUDA {}; this kiln was built with CUDA {}: compile the program "
          "again with this kiln",
          name_, cuda_version_name(out.cuda_version), cuda_version_name(CUDA_VERSION)));
    }
    LoweredProgram& p = out.program;
    p.arena_bytes = size("the arena's size");
    p.workspace_bytes = size("the GEMM workspace's size");
    p.input_block_bytes = size("the input block's size");
    for (uint64_t n = r_.get_count(8); n-- && !r_.failed();) {
      const int64_t at = size("an input's offset");
      if (at > p.input_block_bytes) {
        r_.fail(fmt::format("an input at {} past the input block of {} bytes", at,
                            p.input_block_bytes));
      }
      p.input_offsets.push_back(at);
    }
    p.autotune_gemms = r_.get_bool();
    p.num_replicas = r_.get<int64_t>();
    p.num_partitions = r_.get<int64_t>();
    if (!r_.failed() && (p.num_replicas < 1 || p.num_partitions < 1 ||
                         p.num_replicas > kMaxGridSide || p.num_partitions > kMaxGridSide)) {
      r_.fail(fmt::format("a grid of {} replicas x {} partitions", p.num_replicas,
                          p.num_partitions));
    }
    for (int64_t* n : {&p.kernel_count, &p.gemm_count, &p.library_kernel_count,
                       &p.attention_count, &p.convolution_count}) {
      *n = size("a step count");
    }
    const std::string constants = r_.get_bytes();
    p.constants.resize(constants.size());
    if (!constants.empty()) std::memcpy(p.constants.data(), constants.data(), constants.size());
    arena_ = p.arena_bytes;
    constants_ = static_cast<int64_t>(p.constants.size());
    // Each input's room: up to the next one's offset (the last: the block's end).
    for (size_t i = 0; i < p.input_offsets.size(); ++i) {
      const int64_t end = i + 1 < p.input_offsets.size() ? p.input_offsets[i + 1] : p.input_block_bytes;
      input_room_.push_back(std::max<int64_t>(0, end - p.input_offsets[i]));
    }
    types_ = {strings(), strings()};
    p.inputs = refs();
    p.outputs = refs();
    for (uint64_t n = r_.get_count(8 + 8 + 8 + 2 + 8); n-- && !r_.failed();) {
      p.modules.push_back(module());
    }
    modules_ = p.modules.size();
    p.main = steps(0);
    p.notes = strings();
    for (uint64_t n = r_.get_count(8); n-- && !r_.failed();) {
      const std::string image = r_.get_bytes();
      out.cubins.push_back(rt::Cubin{std::vector<char>(image.begin(), image.end()), "", false, ""});
    }
    KILN_CHECK_OK(r_.status());
    if (out.cubins.size() != p.modules.size()) {
      return mismatch(fmt::format("{} cubins for {} modules", out.cubins.size(), p.modules.size()));
    }
    KILN_CHECK_OK(entry_types(p));
    return out;
  }

 private:
  Error mismatch(const std::string& what) const {
    return Error::invalid_argument(
        fmt::format("kiln: {}: the saved program does not match its steps: {}", name_, what));
  }

  int64_t size(const char* what) {
    const int64_t v = r_.get<int64_t>();
    if (v < 0) r_.fail(fmt::format("{} of {}", what, v));
    return v;
  }
  std::vector<std::string> strings() {
    std::vector<std::string> out;
    for (uint64_t n = r_.get_count(8); n-- && !r_.failed();) out.push_back(r_.get_bytes());
    return out;
  }
  BufferRef ref() {
    BufferRef b;
    b.space = r_.get_enum(BufferRef::Space::kInput, "a buffer's space");
    b.offset = r_.get<int64_t>();
    b.bytes = r_.get<int64_t>();
    b.input = r_.get<int32_t>();
    if (b.space == BufferRef::Space::kInput) {
      // Within its input (the input block's room for it).
      if (arena_ >= 0 && (b.input < 0 || static_cast<size_t>(b.input) >= input_room_.size() ||
                          b.offset < 0 || b.bytes < 0 ||
                          b.offset > input_room_[static_cast<size_t>(b.input)] ||
                          b.bytes > input_room_[static_cast<size_t>(b.input)] - b.offset)) {
        r_.fail(fmt::format("a buffer of {} bytes at {} outside input {}", b.bytes, b.offset,
                            b.input));
      }
    } else if (arena_ >= 0) {
      // Where the limits are known (every step comes after them), a buffer must lie inside.
      const int64_t limit = b.space == BufferRef::Space::kArena ? arena_ : constants_;
      if (b.offset < 0 || b.bytes < 0 || b.offset > limit || b.bytes > limit - b.offset) {
        r_.fail(fmt::format("a buffer of {} bytes at {} outside the {} of {} bytes", b.bytes,
                            b.offset, b.space == BufferRef::Space::kArena ? "arena" : "constants",
                            limit));
      }
    }
    return b;
  }
  std::vector<BufferRef> refs() {
    std::vector<BufferRef> out;
    for (uint64_t n = r_.get_count(21); n-- && !r_.failed();) out.push_back(ref());
    return out;
  }
  KernelModule module() {
    KernelModule m;
    m.name = r_.get_bytes();
    m.source = r_.get_bytes();
    m.functions = strings();
    m.generated = r_.get_bool();
    m.library = r_.get_bool();
    m.options = strings();
    return m;
  }
  std::array<unsigned, 3> dims() {
    std::array<unsigned, 3> d{};
    for (unsigned& v : d) v = r_.get<uint32_t>();
    return d;
  }
  std::vector<int64_t> i64s() {
    std::vector<int64_t> out;
    for (uint64_t n = r_.get_count(8); n-- && !r_.failed();) out.push_back(r_.get<int64_t>());
    return out;
  }
  rt::AttentionTensor tensor() {
    rt::AttentionTensor t;
    for (int64_t& x : t.dims) x = r_.get<int64_t>();
    for (int64_t& x : t.strides) x = r_.get<int64_t>();
    return t;
  }
  int module_index(bool optional) {
    const int32_t m = r_.get<int32_t>();
    if (!(optional && m == -1) && (m < 0 || static_cast<size_t>(m) >= modules_)) {
      r_.fail(fmt::format("module {} of {}", m, modules_));
    }
    return m;
  }

  Program steps(int depth) {
    Program p;
    if (depth > kMaxDepth) {
      r_.fail(fmt::format("programs nested deeper than {}", kMaxDepth));
      return p;
    }
    for (uint64_t n = r_.get_count(1); n-- && !r_.failed();) {
      const uint8_t kind = r_.get_enum(uint8_t{std::variant_size_v<Step> - 1}, "a step kind");
      if (r_.failed()) break;
      p.steps.push_back(step(kind, depth));
    }
    return p;
  }
  std::shared_ptr<Program> nested(int depth) {
    return std::make_shared<Program>(steps(depth + 1));
  }
  Step step(uint8_t kind, int depth) {
    switch (kind) {
      case 0: return kernel();
      case 1: return gemm();
      case 2: return copy();
      case 3: return host_check();
      case 4: return while_step(depth);
      case 5: return case_step(depth);
      case 6: return fft();
      case 7: return attention(depth);
      case 8: return convolution(depth);
      case 9: return grid(depth);
      default: return collective();
    }
  }
  CollectiveStep collective() {
    CollectiveStep c;
    c.op_name = r_.get_bytes();
    c.channel = r_.get<int64_t>();
    for (uint64_t n = r_.get_count(8 + 8 + 8); n-- && !r_.failed();) {
      CollectiveMember m;
      m.group = i64s();
      m.sources = i64s();
      m.index = r_.get<int64_t>();
      c.processes.push_back(std::move(m));
    }
    c.operands = refs();
    c.results = refs();
    c.module = module_index(false);
    c.function = r_.get_bytes();
    c.blocks = r_.get<uint32_t>();
    c.block = r_.get<uint32_t>();
    c.max_sources = r_.get<int64_t>();
    c.what = r_.get_bytes();
    if (r_.failed()) return c;
    // Every id a process of the step, every source and index a place in the group, at most
    // max_sources sources: the runner indexes by them.
    const auto processes = static_cast<int64_t>(c.processes.size());
    for (const CollectiveMember& m : c.processes) {
      const auto size = static_cast<int64_t>(m.group.size());
      bool ok = static_cast<int64_t>(m.sources.size()) <= c.max_sources &&
                (size == 0 ? m.index == 0 : m.index >= 0 && m.index < size) &&
                (size > 0 || m.sources.empty());
      for (int64_t id : m.group) ok = ok && id >= 0 && id < processes;
      for (int64_t s : m.sources) ok = ok && s >= 0 && s < size;
      if (!ok) {
        r_.fail(fmt::format("a collective step whose groups do not fit its {} processes", processes));
        break;
      }
    }
    if (!r_.failed() && (c.block == 0 || c.blocks == 0 || c.operands.size() != c.results.size())) {
      r_.fail("a collective step of no threads or unpaired operands");
    }
    return c;
  }
  GridStep grid(int depth) {
    GridStep g;
    g.num_replicas = r_.get<int64_t>();
    g.num_partitions = r_.get<int64_t>();
    for (uint64_t n = r_.get_count(8); n-- && !r_.failed();) g.processes.push_back(nested(depth));
    g.what = r_.get_bytes();
    if (!r_.failed() && (g.num_replicas < 1 || g.num_partitions < 1 ||
                         g.num_replicas > kMaxGridSide || g.num_partitions > kMaxGridSide ||
                         static_cast<size_t>(g.num_replicas * g.num_partitions) !=
                             g.processes.size())) {
      r_.fail(fmt::format("a grid step of {} replicas x {} partitions with {} programs",
                          g.num_replicas, g.num_partitions, g.processes.size()));
    }
    return g;
  }
  KernelStep kernel() {
    KernelStep k;
    k.module = module_index(false);
    k.function = r_.get_bytes();
    k.grid = dims();
    k.block = dims();
    k.shared_bytes = r_.get<uint32_t>();
    for (uint64_t n = r_.get_count(1 + 21 + 8 + 4); n-- && !r_.failed();) {
      KernelArg a{BufferRef{}};
      a.kind = r_.get_enum(KernelArg::Kind::kTensorMap, "a kernel argument's kind");
      a.buffer = ref();
      a.i = r_.get<int64_t>();
      a.f = r_.get<float>();
      if (a.kind == KernelArg::Kind::kTensorMap) a.map = tensor_map(a.buffer);
      k.args.push_back(std::move(a));
    }
    k.what = r_.get_bytes();
    return k;
  }
  // A tensor-map argument's view over `buffer`: the driver's rules hold (checked as the
  // runner's encoding checks them, at an aligned address) and the view lies inside the buffer.
  rt::TensorMap tensor_map(const BufferRef& buffer) {
    rt::TensorMap m;
    m.element = r_.get_enum(rt::TensorMap::Element::kF32, "a tensor map's element type");
    m.swizzle = r_.get_enum(rt::TensorMap::Swizzle::k128B, "a tensor map's swizzle");
    for (uint64_t n = r_.get_count(8); n-- && !r_.failed();) m.dims.push_back(r_.get<uint64_t>());
    for (uint64_t n = r_.get_count(8); n-- && !r_.failed();) {
      m.strides.push_back(r_.get<uint64_t>());
    }
    for (uint64_t n = r_.get_count(4); n-- && !r_.failed();) m.box.push_back(r_.get<uint32_t>());
    if (r_.failed()) return m;
    if (Expected<rt::TensorMapEncoding> e = rt::tensor_map_encoding(m, 0); !e.ok()) {
      r_.fail(e.error().message());
    } else if (rt::tensor_map_span_bytes(m) > static_cast<uint64_t>(buffer.bytes)) {
      r_.fail(fmt::format("a tensor map spanning {} bytes over a buffer of {}",
                          rt::tensor_map_span_bytes(m), buffer.bytes));
    }
    return m;
  }
  GemmStep gemm() {
    GemmStep g;
    rt::GemmDesc& d = g.desc;
    d.type = r_.get_enum(rt::GemmType::kF8E5M2, "a GEMM type");
    const bool has_result = r_.get_bool();
    const rt::GemmType result = r_.get_enum(rt::GemmType::kF8E5M2, "a GEMM result type");
    if (has_result) d.result_type = result;
    d.transpose_a = r_.get_bool();
    d.transpose_b = r_.get_bool();
    for (int64_t* x : {&d.m, &d.n, &d.k, &d.lda, &d.ldb, &d.ldc, &d.alignment, &d.batch,
                       &d.stride_a, &d.stride_b, &d.stride_c}) {
      *x = r_.get<int64_t>();
    }
    d.epilogue = r_.get_enum(rt::GemmEpilogue::kGeluTanh, "a GEMM epilogue");
    d.bias = r_.get_bool();
    d.accumulate = r_.get_bool();
    for (int64_t* x : {&g.batch, &g.stride_a, &g.stride_b, &g.stride_c}) *x = r_.get<int64_t>();
    for (BufferRef* b : {&g.a, &g.b, &g.c, &g.bias, &g.residual}) *b = ref();
    g.what = r_.get_bytes();
    return g;
  }
  CopyStep copy() {
    CopyStep c;
    c.src = ref();
    c.dst = ref();
    return c;
  }
  HostCheckStep host_check() {
    HostCheckStep h;
    const int64_t index = r_.get<int64_t>();
    const std::string op = r_.get_bytes();
    if (!r_.failed()) {
      if (index < 0 || static_cast<size_t>(index) >= ops_.size() ||
          ops_[static_cast<size_t>(index)]->name() != op) {
        r_.fail(fmt::format("the saved program has no '{}' as its op #{}", op, index));
      } else {
        h.op = ops_[static_cast<size_t>(index)];
      }
    }
    h.operands = refs();
    h.results = refs();
    return h;
  }
  WhileStep while_step(int depth) {
    WhileStep w;
    w.cond = nested(depth);
    w.body = nested(depth);
    w.pred = ref();
    for (uint64_t n = r_.get_count(2 * 21); n-- && !r_.failed();) w.next.push_back(copy());
    w.what = r_.get_bytes();
    w.condition_module = module_index(true);
    return w;
  }
  CaseStep case_step(int depth) {
    CaseStep c;
    c.selector = ref();
    c.is_pred = r_.get_bool();
    for (uint64_t n = r_.get_count(8); n-- && !r_.failed();) c.branches.push_back(nested(depth));
    c.what = r_.get_bytes();
    c.condition_module = module_index(true);
    return c;
  }
  FftStep fft() {
    FftStep f;
    rt::FftDesc& d = f.desc;
    d.type = r_.get_enum(rt::FftDesc::Type::kC2R, "an FFT type");
    d.f64 = r_.get_bool();
    d.inverse = r_.get_bool();
    d.n = i64s();
    d.inembed = i64s();
    d.onembed = i64s();
    for (int64_t* x : {&d.istride, &d.idist, &d.ostride, &d.odist, &d.batch}) *x = r_.get<int64_t>();
    for (int64_t* x : {&f.repeat, &f.repeat_in, &f.repeat_out}) *x = r_.get<int64_t>();
    f.in = ref();
    f.out = ref();
    f.what = r_.get_bytes();
    return f;
  }
  AttentionStep attention(int depth) {
    AttentionStep a;
    rt::AttentionDesc& d = a.desc;
    d.type = r_.get_enum(rt::FloatType::kBF16, "an attention type");
    for (rt::AttentionTensor* t : {&d.q, &d.k, &d.v, &d.o, &d.bias}) *t = tensor();
    d.has_bias = r_.get_bool();
    d.scale = r_.get<float>();
    d.causal = r_.get_bool();
    d.pass = r_.get_enum(rt::AttentionPass::kBackward, "an attention pass");
    for (rt::AttentionTensor* t : {&d.d_o, &d.d_q, &d.d_k, &d.d_v}) *t = tensor();
    for (BufferRef* b :
         {&a.q, &a.k, &a.v, &a.bias, &a.o, &a.stats, &a.d_o, &a.d_q, &a.d_k, &a.d_v}) {
      *b = ref();
    }
    if (r_.get_bool()) a.fallback = nested(depth);
    a.what = r_.get_bytes();
    return a;
  }

  ConvolutionStep convolution(int depth) {
    ConvolutionStep c;
    rt::ConvolutionDesc& d = c.desc;
    d.type = r_.get_enum(rt::ConvolutionType::kF64, "a convolution type");
    for (rt::ConvolutionTensor* t : {&d.x, &d.w, &d.y}) {
      t->dims = i64s();
      t->strides = i64s();
    }
    for (auto* v : {&d.pre_padding, &d.post_padding, &d.stride, &d.dilation}) *v = i64s();
    d.flip = r_.get_bool();
    d.data_grad = r_.get_bool();
    for (BufferRef* b : {&c.x, &c.w, &c.y}) *b = ref();
    for (auto* program : {&c.before, &c.after, &c.fallback}) {
      if (r_.get_bool()) *program = nested(depth);
    }
    c.what = r_.get_bytes();
    return c;
  }

  // The entry's argument and result types are the program's (the saved text parsed again).
  Status entry_types(LoweredProgram& p) {
    const ir::Operation* fn = module_.lookup_function(entry_);
    const auto* type = fn ? fn->attr_as<ir::TypeAttr>("function_type") : nullptr;
    if (!type) return mismatch(fmt::format("it has no function @{}", entry_));
    p.input_types = type->type.function_inputs();
    p.output_types = type->type.function_results();
    for (int side = 0; side < 2; ++side) {
      const auto& have = side ? p.output_types : p.input_types;
      const auto& want = side ? types_.second : types_.first;
      std::vector<std::string> names;
      for (const ir::Type& t : have) names.push_back(ir::to_string(t));
      if (names != want) {
        return mismatch(fmt::format("@{} {} ({}) where the steps take ({})", entry_,
                                    side ? "returns" : "takes", fmt::join(names, ", "),
                                    fmt::join(want, ", ")));
      }
    }
    const auto in = p.input_types.size(), out = p.output_types.size();
    if (p.inputs.size() != in || p.outputs.size() != out) {
      return mismatch(fmt::format("{} inputs and {} outputs for {} and {} buffers", in, out,
                                  p.inputs.size(), p.outputs.size()));
    }
    return ok_status();
  }

  ByteReader r_;
  const ir::Module& module_;
  std::string entry_, name_;
  std::vector<const ir::Operation*> ops_;
  std::pair<std::vector<std::string>, std::vector<std::string>> types_;
  size_t modules_ = 0;
  int64_t arena_ = -1, constants_ = -1;
  std::vector<int64_t> input_room_;  // per input, the bytes a kInput buffer may span
};

}  // namespace

std::string cuda_version_name(int version) {
  return fmt::format("{}.{}", version / 1000, version % 1000 / 10);
}

Expected<std::string> encode_cuda_payload(const LoweredProgram& program,
                                          const std::vector<rt::Cubin>& cubins,
                                          const std::string& arch, const ir::Module& module) {
  Encoder e(module);
  KILN_CHECK_OK(e.program(program, cubins, arch));
  return e.take();
}

Expected<CudaPayload> decode_cuda_payload(std::string_view payload, const ir::Module& module,
                                          const std::string& entry, const std::string& name) {
  return Decoder(payload, module, entry, name).payload();
}

}  // namespace kiln::backend::cuda

namespace kiln::backend::cuda {

Status save_cuda_executable(const std::string& path, const ir::Module& module,
                            const std::string& entry, const LoweredProgram& program,
                            const std::vector<rt::Cubin>& cubins, const std::string& arch) {
  SavedExecutable saved;
  saved.backend = "cuda";
  saved.kiln_version = kiln_version();
  saved.entry = entry;
  ir::PrintOptions print;
  print.locations = true;
  saved.program_text = ir::print_module(module, print);
  KILN_TRY(saved.payload, encode_cuda_payload(program, cubins, arch, module));
  return write_file_bytes(path, encode_saved_executable(saved));
}

Expected<std::unique_ptr<CudaExecutable>> load_cuda_executable(const SavedExecutable& saved,
                                                               const ir::Module& module,
                                                               const std::string& device_arch) {
  KILN_TRY(CudaPayload payload, decode_cuda_payload(saved.payload, module, saved.entry, saved.name));
  if (!device_arch.empty() && device_arch != payload.arch) {
    return Error::invalid_argument(fmt::format(
        "kiln: {}: built for {}; this machine's GPU is {} (compile the program again on it)",
        saved.name, payload.arch, device_arch));
  }
  return std::make_unique<CudaExecutable>(module, saved.entry, std::move(payload.program),
                                          std::move(payload.cubins), std::move(payload.arch));
}

}  // namespace kiln::backend::cuda

// CudaExecutable: the device state (kernels, arena, constants, GEMM plans) and the step
// interpreter that enqueues a Program on the stream.
#include "backend/cuda/executable.h"

#include "backend/cuda/executable_file.h"

#include "backend/cuda/device_rendezvous.h"

#include <fmt/format.h>

#include <cstdlib>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <thread>
#include <type_traits>

#include "backend/cuda/run_attention.h"
#include "backend/cuda/run_convolution.h"
#include "backend/cuda/run_fft.h"
#include "backend/cuda/tuple_layout.h"
#include "interp/interpreter.h"
#include "runtime/cuda/device.h"
#include "runtime/cuda/gemm_autotune.h"
#include "support/source.h"

namespace kiln::backend::cuda {

namespace rt = ::kiln::cuda;

struct CudaExecutable::State {
  rt::Device device;
  rt::Stream stream;
  rt::Buffer arena, constants, workspace;
  std::map<std::pair<int, std::string>, rt::Kernel> kernels;
  std::set<const rt::Kernel*> raised_shared;  // dynamic shared memory limit set
  std::map<const GemmStep*, std::unique_ptr<rt::LtGemm>> gemms;
  std::shared_ptr<const rt::CublasLt> lt;
  std::optional<rt::Graph> graph;  // the main program's steps, once captured
  bool graph_tried = false;        // captured, or failed to: never again
  bool replayed = false;           // by the last run
  bool autotune = false;           // time the GEMMs' candidates (LoweredProgram::autotune_gemms)
  // The streams that capture the bodies of conditional nodes, one per nesting level.
  std::deque<rt::Stream> body_streams;
  FftPlans ffts;  // cuFFT plans of the FFT steps (run_fft.h)
  AttentionPlans attention;  // cuDNN's, for the AttentionSteps (run_attention.h)
  // Where host inputs (and tuples) land; device inputs are read where they are.
  rt::Buffer input_block;
  // The inputs' addresses the graph was captured with (its kernels read them): a run with
  // inputs elsewhere captures it again, up to kMaxRecaptures times; after that, device inputs
  // are copied into the input block instead, so that one graph serves every run.
  std::vector<CUdeviceptr> graph_inputs;
  int recaptures = 0;
  bool copy_device_inputs = false;
  ConvolutionPlans convolutions;  // cuDNN's, for the ConvolutionSteps (run_convolution.h)
  // Each tensor-map argument's descriptor (KernelArg::kTensorMap) and the address it was
  // encoded for: encoded at its first launch (before any capture), again only where the
  // address moved.
  std::map<const KernelArg*, std::pair<CUdeviceptr, CUtensorMap>> tensor_maps;
  std::deque<rt::Stream> grid_streams;  // a GridStep's, one per process
};

namespace {

// Whether every step of `p` is device work, loops and branches included. cuFFT's launches are
// captured in the main program (cuFFT supports stream capture) but not into a conditional
// node's body, whose graph takes fewer kinds of node: `top` says which `p` is.
bool device_only(const Program& p, bool top = true) {
  for (const Step& step : p.steps) {
    if (const auto* w = std::get_if<WhileStep>(&step)) {
      if (w->condition_module < 0 || !device_only(*w->cond, false) ||
          !device_only(*w->body, false)) {
        return false;
      }
    } else if (const auto* c = std::get_if<CaseStep>(&step)) {
      if (c->condition_module < 0) return false;
      for (const auto& b : c->branches) {
        if (!device_only(*b, false)) return false;
      }
    } else if (const auto* a = std::get_if<AttentionStep>(&step)) {
      // cuDNN's plan or the fallback, both chosen at the first run, before any capture.
      if (!device_only(*a->fallback, top)) return false;
    } else if (const auto* c = std::get_if<ConvolutionStep>(&step)) {
      // Likewise: cuDNN's plan with its copies, or the elemental kernel.
      if (!device_only(*c->before, top) || !device_only(*c->after, top) ||
          !device_only(*c->fallback, top)) {
        return false;
      }
    } else if (std::holds_alternative<HostCheckStep>(step) ||
               std::holds_alternative<GridStep>(step) ||
               std::holds_alternative<CollectiveStep>(step)) {
      // A collective meets its peers at the host's rendezvous at every run: a replayed graph
      // would skip the meeting (and read pointers of the captured run).
      return false;
    } else if (std::holds_alternative<FftStep>(step) && !top) {
      return false;
    }
  }
  return true;
}

bool has_conditionals(const Program& p) {
  for (const Step& step : p.steps) {
    if (std::holds_alternative<WhileStep>(step) || std::holds_alternative<CaseStep>(step)) {
      return true;
    }
  }
  return false;
}

}  // namespace

bool graph_capturable(const Program& program) {
  return !program.steps.empty() && device_only(program);
}

bool graphs_enabled() {
  const char* v = std::getenv("KILN_CUDA_GRAPHS");
  return !(v && std::string_view(v) == "0");
}

namespace {

// Runs `process(k)` (true when it succeeded) for each k < n on a thread of its own, as the
// interpreter's grid does (run_grid_functions), marking k done at `grid` when it returns, so
// that a process that fails or ends does not leave the others waiting for it at a rendezvous.
// `process` makes the primary context current on its thread first. Returns the first process
// to fail, in time: the cause (the others fail because it left).
template <class F>
std::optional<size_t> run_processes(size_t n, interp::ProcessGrid& grid, F&& process) {
  std::mutex first_mutex;
  std::optional<size_t> first_failure;
  std::vector<std::thread> threads;
  for (size_t k = 0; k < n; ++k) {
    threads.emplace_back([&, k] {
      if (!process(k)) {
        std::lock_guard<std::mutex> lock(first_mutex);
        if (!first_failure) first_failure = k;
      }
      grid.mark_done(static_cast<int64_t>(k));
    });
  }
  for (auto& t : threads) t.join();
  return first_failure;
}

class Runner {
 public:
  // `grid`: the run's rendezvous, where this runner is process `process` (flat id); the
  // host steps (send, recv, outfeed, collectives the device path leaves) meet the others there.
  // `rendezvous` (on `grid`): where its device collectives meet.
  Runner(CudaExecutable::State& s, const ir::Module& module, RunResults& results,
         interp::ProcessGrid* grid = nullptr, int64_t process = 0,
         DeviceRendezvous* rendezvous = nullptr)
      : s_(s), module_(module), interp_(module), results_(results), rendezvous_(rendezvous),
        process_(process) {
    if (grid) {
      interp_.grid = grid;
      interp_.process = grid->process(process);
    }
  }

  // From now on, time each device step into `timings` (in the order steps first run).
  Status time_into(std::vector<StepTiming>* timings) {
    KILN_TRY(rt::Event start, rt::Event::create(s_.device));
    KILN_TRY(rt::Event stop, rt::Event::create(s_.device));
    start_.emplace(std::move(start));
    stop_.emplace(std::move(stop));
    timings_ = timings;
    return ok_status();
  }

  // Makes the cuBLASLt plans of the GEMM steps of `p` (loop and branch bodies included), and
  // cuFFT's and cuDNN's, so that a capture meets none of the libraries' set-up.
  Status prepare(const Program& p) {
    for (const Step& step : p.steps) {
      if (const auto* g = std::get_if<GemmStep>(&step)) {
        KILN_CHECK_OK(plan(*g, /*may_time=*/false));
      } else if (const auto* f = std::get_if<FftStep>(&step)) {
        KILN_CHECK_OK(s_.ffts.prepare(*f));
      } else if (const auto* c = std::get_if<ConvolutionStep>(&step)) {
        // cuDNN builds its plan outside the capture (a step of a branch not taken yet).
        KILN_TRY(const rt::ConvolutionPlan* conv_plan, s_.convolutions.plan(*c, s_.device));
        (void)conv_plan;
      } else if (const auto* a = std::get_if<AttentionStep>(&step)) {
        // Likewise cuDNN's attention plans (in program order: a backward's forward first).
        KILN_TRY(const rt::AttentionPlan* attention_plan, s_.attention.plan(*a, s_.device));
        (void)attention_plan;
      } else if (const auto* w = std::get_if<WhileStep>(&step)) {
        KILN_CHECK_OK(prepare(*w->cond));
        KILN_CHECK_OK(prepare(*w->body));
      } else if (const auto* c = std::get_if<CaseStep>(&step)) {
        for (const auto& b : c->branches) KILN_CHECK_OK(prepare(*b));
      }
    }
    return ok_status();
  }

  // While set, loops and branches become conditional graph nodes (the stream is capturing).
  void set_capturing(bool on) { capturing_ = on; }

  CUdeviceptr ptr(const BufferRef& r) const {
    CUdeviceptr base = 0;
    switch (r.space) {
      case BufferRef::Space::kArena: base = s_.arena.ptr(); break;
      case BufferRef::Space::kConstants: base = s_.constants.ptr(); break;
      case BufferRef::Space::kInput: base = input_base_.at(static_cast<size_t>(r.input)); break;
    }
    return base + static_cast<CUdeviceptr>(r.offset);
  }
  // Where each input's bytes are for this run.
  void bind_inputs(std::vector<CUdeviceptr> bases) { input_base_ = std::move(bases); }
  const std::vector<CUdeviceptr>& input_bases() const { return input_base_; }

  Status run(const Program& p) {
    for (const Step& step : p.steps) KILN_CHECK_OK(std::visit([&](const auto& x) { return timed(x); }, step));
    return ok_status();
  }

  // The bytes of `r`, after everything enqueued so far.
  Status read(const BufferRef& r, void* host) {
    const rt::Driver* d = &s_.device.driver();
    if (r.bytes == 0) return ok_status();
    KILN_CU(d, cuMemcpyDtoHAsync, host, ptr(r), static_cast<size_t>(r.bytes), stream_->get());
    return stream_->synchronize();
  }

 private:
  // The step, timed between the events when profiling and the step is device work.
  template <class S>
  Status timed(const S& step) {
    constexpr bool device_work = std::is_same_v<S, KernelStep> || std::is_same_v<S, GemmStep> ||
                                 std::is_same_v<S, CopyStep> || std::is_same_v<S, FftStep> ||
                                 std::is_same_v<S, AttentionStep> ||
                                 std::is_same_v<S, ConvolutionStep>;
    if constexpr (std::is_same_v<S, AttentionStep>) {
      // Without cuDNN's plan the fallback's own steps are timed.
      KILN_TRY(const rt::AttentionPlan* plan, s_.attention.plan(step, s_.device));
      if (!plan) return run(*step.fallback);
    }
    if constexpr (std::is_same_v<S, ConvolutionStep>) {
      // Without cuDNN's plan the elemental kernel runs; with it, the copies around cuDNN's call
      // are steps of their own (timed as kernels).
      KILN_TRY(const rt::ConvolutionPlan* plan, s_.convolutions.plan(step, s_.device));
      if (!plan) return run(*step.fallback);
      KILN_CHECK_OK(run(*step.before));
      KILN_CHECK_OK(measured(step));
      return run(*step.after);
    } else if constexpr (!device_work) {
      return step_of(step);
    } else {
      return measured(step);
    }
  }

  // A device step, timed between the events when profiling.
  template <class S>
  Status measured(const S& step) {
    if (!timings_) return step_of(step);
    KILN_CHECK_OK(start_->record(s_.stream));
    KILN_CHECK_OK(step_of(step));
    KILN_CHECK_OK(stop_->record(s_.stream));
    KILN_TRY(float ms, stop_->elapsed_since(*start_));
    const StepTiming once = describe(step);
    auto [it, added] = timing_index_.emplace(&step, timings_->size());
    if (added) timings_->push_back({once.what, once.kind});
    StepTiming& t = (*timings_)[it->second];
    t.calls += 1;
    t.ms += ms;
    t.bytes += once.bytes;
    t.flops += once.flops;
    return ok_status();
  }

  // A step's name, kind and the bytes and FLOPs of one call (calls and ms left 0).
  static StepTiming describe(const KernelStep& k) {
    int64_t bytes = 0;
    for (const KernelArg& a : k.args) {
      if (a.kind == KernelArg::Kind::kBuffer || a.kind == KernelArg::Kind::kTensorMap) {
        bytes += a.buffer.bytes;
      }
    }
    return {k.what, "kernel", 0, 0, bytes, 0};
  }
  static StepTiming describe(const GemmStep& g) {
    return {g.what, "gemm", 0, 0,
            g.a.bytes + g.b.bytes + g.c.bytes + (g.desc.bias ? g.bias.bytes : 0) +
                (g.desc.accumulate ? g.residual.bytes : 0),
            2 * g.desc.m * g.desc.n * g.desc.k * g.batch};
  }
  static StepTiming describe(const CopyStep& c) { return {"copy", "copy", 0, 0, 2 * c.src.bytes, 0}; }
  static StepTiming describe(const FftStep& f) {
    return {f.what, "fft", 0, 0, f.in.bytes + f.out.bytes, 0};
  }
  // FLOPs of the two products as if no mask skipped any (b h s_q s_kv (d_qk + d_v) 2); the
  // backward's five (q·kᵀ again, dO·vᵀ, dSᵀ·q, dS·k, Pᵀ·dO) count 2.5 times that.
  static StepTiming describe(const AttentionStep& a) {
    const auto& q = a.desc.q.dims;
    const int64_t flops = 2 * q[0] * q[1] * q[2] * a.desc.k.dims[2] * (q[3] + a.desc.v.dims[3]);
    int64_t bytes = a.q.bytes + a.k.bytes + a.v.bytes + a.o.bytes +
                    (a.desc.has_bias ? a.bias.bytes : 0) + a.stats.bytes;
    if (a.desc.pass != rt::AttentionPass::kBackward) {
      return {a.what, "attention", 0, 0, bytes, flops};
    }
    bytes += a.d_o.bytes + a.d_q.bytes + a.d_k.bytes + a.d_v.bytes;
    return {a.what, "attention backward", 0, 0, bytes, flops * 5 / 2};
  }
  // FLOPs: 2 per product, y's elements times w's elements per output channel.
  static StepTiming describe(const ConvolutionStep& c) {
    int64_t y = 1, w = 1;
    for (int64_t n : c.desc.y.dims) y *= n;
    for (size_t i = 1; i < c.desc.w.dims.size(); ++i) w *= c.desc.w.dims[i];
    return {c.what, "convolution", 0, 0, c.x.bytes + c.w.bytes + c.y.bytes, 2 * y * w};
  }

  // `may_time`: the step runs now, outside any capture, so that timing its candidates on its
  // own buffers (which it writes anyway) is safe; prepare() plans steps that have not run, whose
  // result slots may hold live values, and does not time them.
  Expected<rt::LtGemm*> plan(const GemmStep& g, bool may_time = true) {
    auto& plan = s_.gemms[&g];
    if (!plan) {
      if (!s_.lt) {
        KILN_TRY(s_.lt, rt::CublasLt::shared());
      }
      KILN_TRY(plan, plan_gemm(g, may_time));
    }
    return plan.get();
  }

  // The heuristics' first algorithm; or a measured choice: the cache's (where the heuristics
  // still rank the same algorithm at its index), else, with --autotune, the fastest of the top
  // candidates timed now on the step's own buffers (where `may_time`), then remembered.
  Expected<std::unique_ptr<rt::LtGemm>> plan_gemm(const GemmStep& g, bool may_time) {
    const rt::GemmChoiceCache cache(rt::GemmChoiceCache::default_path());
    const std::string key = rt::gemm_autotune_key(s_.device.properties(), s_.lt->version(), g.desc,
                                                  s_.workspace.size());
    if (std::optional<rt::GemmChoice> c = cache.find(key)) {
      auto plan = s_.lt->prepare_gemm(g.desc, s_.workspace.size(), c->index + 1);
      if (plan.ok() && c->index < (*plan)->algorithm_count() &&
          (*plan)->algorithm_fingerprint(c->index) == c->fingerprint) {
        KILN_CHECK_OK((*plan)->use_algorithm(c->index));
        return plan;
      }
    }
    if (!s_.autotune || !may_time || capturing_) {
      return s_.lt->prepare_gemm(g.desc, s_.workspace.size());
    }
    KILN_TRY(auto plan, s_.lt->prepare_gemm(g.desc, s_.workspace.size(), rt::kAutotuneCandidates));
    KILN_TRY(rt::GemmChoice choice,
             rt::autotune_gemm(*plan, pointers(g, 0), reinterpret_cast<void*>(s_.workspace.ptr()),
                               s_.device, s_.stream));
    // A cache that cannot be written costs the next process a measurement, not this run.
    (void)cache.store(key, choice);
    return plan;
  }

  // The pointers of batch `b` of a GEMM step (a strided-batch description: of the whole batch).
  rt::GemmPointers pointers(const GemmStep& g, int64_t b) const {
    auto at = [&](const BufferRef& r, int64_t stride) {
      return reinterpret_cast<void*>(ptr(r) + static_cast<CUdeviceptr>(b * stride));
    };
    rt::GemmPointers p{at(g.a, g.stride_a), at(g.b, g.stride_b), at(g.c, g.stride_c)};
    if (g.desc.accumulate) p.c = at(g.residual, g.stride_c);
    if (g.desc.bias) p.bias = at(g.bias, 0);
    return p;
  }

  Status step_of(const KernelStep& k) {
    auto it = s_.kernels.find({k.module, k.function});
    if (it == s_.kernels.end()) return Error::internal("cuda backend: a kernel was not loaded");
    // Each parameter's value in a slot of its own; cuLaunchKernel reads them through pointers.
    union Value {
      CUdeviceptr ptr;
      int64_t i64;
      int32_t i32;
      float f32;
    };
    std::vector<Value> values(k.args.size());
    std::vector<void*> args(k.args.size());
    // The descriptors, 64-byte aligned as the parameter; reserved so that pointers stay put.
    std::vector<CUtensorMap> maps;
    maps.reserve(k.args.size());
    for (size_t a = 0; a < k.args.size(); ++a) {
      const KernelArg& arg = k.args[a];
      if (arg.kind == KernelArg::Kind::kTensorMap) {
        Expected<CUtensorMap> map = tensor_map(arg);
        if (!map.ok()) return map.error().with_prefix(k.what + ": ");
        maps.push_back(*map);
        args[a] = &maps.back();
        continue;
      }
      switch (arg.kind) {
        case KernelArg::Kind::kTensorMap: break;  // above
        case KernelArg::Kind::kBuffer: values[a].ptr = ptr(arg.buffer); break;
        case KernelArg::Kind::kI64: values[a].i64 = arg.i; break;
        case KernelArg::Kind::kI32: values[a].i32 = static_cast<int32_t>(arg.i); break;
        case KernelArg::Kind::kF32: values[a].f32 = arg.f; break;
        case KernelArg::Kind::kReplicaId:
          values[a].i32 = static_cast<int32_t>(interp_.process.replica);
          break;
        case KernelArg::Kind::kPartitionId:
          values[a].i32 = static_cast<int32_t>(interp_.process.partition);
          break;
      }
      args[a] = &values[a];
    }
    if (k.shared_bytes > 0) {  // every launch with any: see runtime/cuda/launcher.cpp
      std::unique_lock<std::mutex> lock;
      if (shared_) lock = std::unique_lock<std::mutex>(*shared_);
      if (s_.raised_shared.insert(&it->second).second) {
        KILN_CHECK_OK(it->second.set_max_dynamic_shared_memory(static_cast<int>(k.shared_bytes)));
      }
    }
    Status s = it->second.launch(*stream_, k.grid[0], k.grid[1], k.grid[2], k.block[0], k.block[1],
                                 k.block[2], k.shared_bytes, args.data());
    if (!s.ok()) return s.error().with_prefix(k.what + ": ");
    return ok_status();
  }

  // The descriptor of a kTensorMap argument over its buffer's address in this run: the one
  // encoded before (the capture bakes its value in), or encoded now where there is none or
  // the buffer moved.
  Expected<CUtensorMap> tensor_map(const KernelArg& arg) {
    std::unique_lock<std::mutex> lock;
    if (shared_) lock = std::unique_lock<std::mutex>(*shared_);
    const CUdeviceptr address = ptr(arg.buffer);
    auto it = s_.tensor_maps.find(&arg);
    if (it != s_.tensor_maps.end() && it->second.first == address) return it->second.second;
    KILN_TRY(rt::TensorMapEncoding e, rt::tensor_map_encoding(arg.map, address));
    KILN_TRY(CUtensorMap map, rt::encode_tensor_map(s_.device.driver(), e));
    s_.tensor_maps.insert_or_assign(&arg, std::make_pair(address, map));
    return map;
  }

  Status step_of(const GemmStep& g) {
    if (shared_) {
      // The processes of a grid share the one workspace: one GEMM at a time, finished before
      // the next takes it.
      std::lock_guard<std::mutex> lock(*shared_);
      KILN_CHECK_OK(gemm(g));
      return stream_->synchronize();
    }
    return gemm(g);
  }

  Status gemm(const GemmStep& g) {
    KILN_TRY(rt::LtGemm* plan, this->plan(g));
    // A strided-batch description runs the whole batch in one call.
    const int64_t calls = g.desc.batch > 1 ? 1 : g.batch;
    for (int64_t b = 0; b < calls; ++b) {
      Status s = plan->run(pointers(g, b), reinterpret_cast<void*>(s_.workspace.ptr()),
                           stream_->get());
      if (!s.ok()) return s.error().with_prefix(g.what + ": ");
    }
    return ok_status();
  }

  // cuDNN's fused attention, or its fallback (the flash kernel or the composite's region) where
  // cuDNN is missing or refuses it.
  Status step_of(const AttentionStep& a) {
    KILN_TRY(const rt::AttentionPlan* plan, s_.attention.plan(a, s_.device));
    if (!plan) return run(*a.fallback);
    rt::AttentionBuffers b;
    b.q = ptr(a.q);
    b.k = ptr(a.k);
    b.v = ptr(a.v);
    b.o = ptr(a.o);
    if (a.desc.has_bias) b.bias = ptr(a.bias);
    if (a.desc.pass != rt::AttentionPass::kForward) b.stats = ptr(a.stats);
    if (a.desc.pass == rt::AttentionPass::kBackward) {
      b.d_o = ptr(a.d_o);
      b.d_q = ptr(a.d_q);
      b.d_k = ptr(a.d_k);
      b.d_v = ptr(a.d_v);
    }
    return s_.attention.run(a, *plan, b, stream_->get());
  }

  // cuDNN's convolution (timed() ran the plan's copies around it, or the fallback instead).
  Status step_of(const ConvolutionStep& c) {
    KILN_TRY(const rt::ConvolutionPlan* plan, s_.convolutions.plan(c, s_.device));
    if (!plan) return Error::internal("cuda backend: " + c.what + ": no cuDNN plan");
    return s_.convolutions.run(c, *plan, ptr(c.x), ptr(c.w), ptr(c.y), stream_->get());
  }

  Status step_of(const CopyStep& c) {
    if (c.src.bytes == 0 || ptr(c.src) == ptr(c.dst)) return ok_status();
    const rt::Driver* d = &s_.device.driver();
    KILN_CU(d, cuMemcpyDtoDAsync, ptr(c.dst), ptr(c.src), static_cast<size_t>(c.src.bytes),
            stream_->get());
    return ok_status();
  }

  Status step_of(const FftStep& f) {
    return s_.ffts.run(f, [&](const BufferRef& r) { return ptr(r); }, stream_->get());
  }

  // The interpreter's own check on the operands' values, read back from the device.
  Status step_of(const HostCheckStep& h) {
    std::vector<interp::RuntimeValue> operands;
    for (size_t i = 0; i < h.operands.size(); ++i) {
      if (h.op->operand(i)->type().is_token()) {  // send's, outfeed's: no bytes
        operands.emplace_back(interp::Token{});
        continue;
      }
      KILN_TRY(interp::Tensor t, interp::Tensor::allocate(h.op->operand(i)->type()));
      KILN_CHECK_OK(read(h.operands[i], t.raw()));
      operands.emplace_back(std::move(t));
    }
    interp::InterpFn fn = interp::lookup_interp(h.op->name());
    if (!fn) return Error::internal("cuda backend: no host check for " + h.op->name());
    const size_t before = interp_.check_failures.size();
    KILN_TRY(std::vector<interp::RuntimeValue> out, fn(interp_, *h.op, operands));
    for (size_t i = before; i < interp_.check_failures.size(); ++i) {
      const auto& f = interp_.check_failures[i];
      results_.failed_checks.push_back(format_diagnostic(f.loc, f.message));
    }
    const rt::Driver* d = &s_.device.driver();
    for (size_t i = 0; i < h.results.size() && i < out.size(); ++i) {
      if (!out[i].is_tensor()) continue;
      KILN_CU(d, cuMemcpyHtoDAsync, ptr(h.results[i]), out[i].tensor().raw(),
              out[i].tensor().size_bytes(), stream_->get());
    }
    return stream_->synchronize();
  }

  // A device collective (README "Process grids"): meet the group with this process's operand
  // pointers and an event recorded after them; wait on the others' events; the kernel reads
  // the sources' operands where they lie; meet again with an event recorded after the kernel
  // and wait on every member's, so that no member's later step overwrites an operand that a
  // peer's kernel may still read. The host never waits for the device.
  Status step_of(const CollectiveStep& c) {
    if (!rendezvous_) {
      return Error::internal("cuda backend: " + c.what + ": a device collective outside a grid");
    }
    if (process_ < 0 || static_cast<size_t>(process_) >= c.processes.size()) {
      return Error::internal("cuda backend: " + c.what + ": no part for process " +
                             std::to_string(process_));
    }
    const CollectiveMember& me = c.processes[static_cast<size_t>(process_)];
    const size_t operands = c.operands.size();
    std::vector<CUdeviceptr> sources(static_cast<size_t>(c.max_sources) * operands, 0);
    if (!me.group.empty()) {
      DeviceRendezvous::Deposit mine;
      for (const BufferRef& r : c.operands) mine.buffers.push_back(ptr(r));
      KILN_TRY(mine.event, recorded_event());
      KILN_TRY(auto members, rendezvous_->exchange(process_, me.group, c.channel, c.op_name, mine));
      KILN_CHECK_OK(wait_for_peers(members, me.index));
      for (size_t j = 0; j < me.sources.size(); ++j) {
        const auto& from = members.at(static_cast<size_t>(me.sources[j]));
        for (size_t k = 0; k < operands; ++k) sources[j * operands + k] = from.buffers.at(k);
      }
    }
    KILN_CHECK_OK(launch_collective(c, sources, static_cast<int64_t>(me.sources.size()), me.index));
    if (me.group.empty()) return ok_status();
    DeviceRendezvous::Deposit read;
    KILN_TRY(read.event, recorded_event());
    KILN_TRY(auto members,
             rendezvous_->exchange(process_, me.group, c.channel, c.op_name + " (read)", read));
    return wait_for_peers(members, me.index);
  }

  // A fresh event of this process, recorded on its stream now.
  Expected<CUevent> recorded_event() {
    KILN_TRY(CUevent e, rendezvous_->event(process_, s_.device));
    const rt::Driver* d = &s_.device.driver();
    KILN_CU(d, cuEventRecord, e, stream_->get());
    return e;
  }

  // The stream waits (on the device) for every member's event but this process's own.
  Status wait_for_peers(const std::vector<DeviceRendezvous::Deposit>& members, int64_t self) {
    for (size_t m = 0; m < members.size(); ++m) {
      if (static_cast<int64_t>(m) != self) KILN_CHECK_OK(stream_->wait(members[m].event));
    }
    return ok_status();
  }

  // The collective's kernel: the sources' operand pointers, the count, the index, the results.
  Status launch_collective(const CollectiveStep& c, std::vector<CUdeviceptr> sources,
                           int64_t count, int64_t index) {
    auto it = s_.kernels.find({c.module, c.function});
    if (it == s_.kernels.end()) return Error::internal("cuda backend: a kernel was not loaded");
    std::vector<CUdeviceptr> results;
    for (const BufferRef& r : c.results) results.push_back(ptr(r));
    std::vector<void*> args;
    for (CUdeviceptr& p : sources) args.push_back(&p);
    args.push_back(&count);
    args.push_back(&index);
    for (CUdeviceptr& p : results) args.push_back(&p);
    Status s = it->second.launch(*stream_, c.blocks, 1, 1, c.block, 1, 1, 0, args.data());
    if (!s.ok()) return s.error().with_prefix(c.what + ": ");
    return ok_status();
  }

  // Each process's program on a thread and stream of its own, meeting at the rendezvous of a
  // grid made for this step; every process has finished (its stream too) when it returns.
  Status step_of(const GridStep& g) {
    KILN_CHECK_OK(stream_->synchronize());  // the operands, written on this stream
    const size_t n = g.processes.size();
    while (s_.grid_streams.size() < n) {
      KILN_TRY(rt::Stream stream, rt::Stream::create(s_.device));
      s_.grid_streams.push_back(std::move(stream));
    }
    // cuBLASLt's plans made here, outside the threads (steps of cuDNN and cuFFT, whose plans
    // and workspaces the processes would share, are refused at lowering inside a grid).
    for (const auto& p : g.processes) KILN_CHECK_OK(prepare(*p));
    interp::ProcessGrid grid(g.num_replicas, g.num_partitions);
    DeviceRendezvous rendezvous(grid);  // after the threads: they may wait on its events
    std::mutex shared;
    std::vector<RunResults> results(n);
    std::vector<Status> status(n, ok_status());
    std::optional<size_t> first_failure = run_processes(n, grid, [&](size_t k) {
      status[k] = [&]() -> Status {
        KILN_TRY(rt::Device current, rt::Device::open(0));  // the context, on this thread
        Runner runner(s_, module_, results[k], &grid, static_cast<int64_t>(k), &rendezvous);
        runner.stream_ = &s_.grid_streams[k];
        runner.shared_ = &shared;
        runner.bind_inputs(input_base_);
        KILN_CHECK_OK(runner.run(*g.processes[k]));
        return s_.grid_streams[k].synchronize();
      }();
      return status[k].ok();
    });
    for (RunResults& r : results) {
      for (std::string& f : r.failed_checks) results_.failed_checks.push_back(std::move(f));
    }
    // The interpreter's error, as run_grid_functions gives it (tests compare the text).
    if (first_failure) return status[*first_failure];
    return ok_status();
  }

  Status step_of(const WhileStep& w) {
    if (capturing_) return capture(w);
    for (;;) {
      KILN_CHECK_OK(run(*w.cond));
      bool pred = false;
      KILN_CHECK_OK(read(w.pred, &pred));
      if (!pred) return ok_status();
      KILN_CHECK_OK(run(*w.body));
      for (const CopyStep& c : w.next) KILN_CHECK_OK(timed(c));
    }
  }

  Status step_of(const CaseStep& c) {
    if (capturing_) return capture(c);
    size_t branch = 0;
    if (c.is_pred) {
      bool pred = false;
      KILN_CHECK_OK(read(c.selector, &pred));
      branch = pred ? 0 : 1;
    } else {
      int32_t index = 0;
      KILN_CHECK_OK(read(c.selector, &index));
      // An index out of range takes the last branch (spec: case).
      branch = index < 0 || static_cast<size_t>(index) >= c.branches.size()
                   ? c.branches.size() - 1
                   : static_cast<size_t>(index);
    }
    return run(*c.branches[branch]);
  }

  // A while as a conditional while node: the condition is computed and set before the node,
  // and again at the end of each pass through the body (body, state copies, condition).
  Status capture(const WhileStep& w) {
    KILN_CHECK_OK(run(*w.cond));
    KILN_TRY(CUgraphConditionalHandle h, rt::Graph::condition(*stream_));
    auto set = [&] { return set_condition(w.condition_module, "kiln_while_condition", h, w.pred); };
    KILN_CHECK_OK(set());
    KILN_TRY(std::vector<CUgraph> body,
             rt::Graph::add_conditional(*stream_, h, CU_GRAPH_COND_TYPE_WHILE, 1));
    return in_body(body[0], [&]() -> Status {
      KILN_CHECK_OK(run(*w.body));
      for (const CopyStep& c : w.next) KILN_CHECK_OK(step_of(c));
      KILN_CHECK_OK(run(*w.cond));
      return set();
    });
  }

  // if / case as a conditional switch node, one body per branch.
  Status capture(const CaseStep& c) {
    KILN_TRY(CUgraphConditionalHandle h, rt::Graph::condition(*stream_));
    KILN_CHECK_OK(set_condition(c.condition_module, "kiln_branch_condition", h, c.selector,
                                c.is_pred ? 1 : 0, static_cast<int>(c.branches.size())));
    KILN_TRY(std::vector<CUgraph> bodies,
             rt::Graph::add_conditional(*stream_, h, CU_GRAPH_COND_TYPE_SWITCH,
                                        static_cast<unsigned>(c.branches.size())));
    for (size_t b = 0; b < bodies.size(); ++b) {
      KILN_CHECK_OK(in_body(bodies[b], [&] { return run(*c.branches[b]); }));
    }
    return ok_status();
  }

  // Captures what `enqueue` does into a conditional node's body graph, on the stream of the
  // next nesting level.
  template <class F>
  Status in_body(CUgraph body, F&& enqueue) {
    if (s_.body_streams.size() <= depth_) {
      KILN_TRY(rt::Stream inner, rt::Stream::create(s_.device));
      s_.body_streams.push_back(std::move(inner));
    }
    const rt::Stream* outer = stream_;
    stream_ = &s_.body_streams[depth_++];
    Status st = rt::Graph::capture_into(body, *stream_, enqueue);
    stream_ = outer;
    --depth_;
    return st;
  }

  // Launches a condition kernel: (handle, the selector's pointer[, is_pred, branches]).
  Status set_condition(int module, const char* function, CUgraphConditionalHandle h,
                       const BufferRef& selector, int is_pred = 0, int branches = 0) {
    auto it = s_.kernels.find({module, function});
    if (it == s_.kernels.end()) return Error::internal("cuda backend: a condition kernel was not loaded");
    CUdeviceptr p = ptr(selector);
    void* args[] = {&h, &p, &is_pred, &branches};
    return it->second.launch(*stream_, 1, 1, 1, 1, 1, 1, 0, args);
  }

  CudaExecutable::State& s_;
  const ir::Module& module_;
  const rt::Stream* stream_ = &s_.stream;  // where steps go: the main stream, or a body's
  // Set in a GridStep's process runners, which share the State: its GEMM workspace and what
  // is made at a step's first use are taken under it.
  std::mutex* shared_ = nullptr;
  bool capturing_ = false;
  size_t depth_ = 0;  // conditional bodies being captured
  std::vector<CUdeviceptr> input_base_;  // bind_inputs
  interp::Interpreter interp_;
  RunResults& results_;
  DeviceRendezvous* rendezvous_ = nullptr;  // a grid's: where its device collectives meet
  int64_t process_ = 0;                     // this runner's flat process id on the grid
  std::vector<StepTiming>* timings_ = nullptr;
  std::map<const void*, size_t> timing_index_;
  std::optional<rt::Event> start_, stop_;
};

constexpr int kMaxRecaptures = 4;

// Runs the main program's steps: replays its graph when there is one; else runs them one by
// one and then, the first time for a program that allows it, captures them for later runs
// (after a run, so that what loads lazily has loaded outside the capture).
Status run_main(CudaExecutable::State& s, Runner& runner, const Program& main) {
  s.replayed = false;
  if (s.graph && s.graph_inputs == runner.input_bases()) {
    s.replayed = true;
    return s.graph->launch(s.stream);
  }
  if (s.graph) {  // captured with inputs elsewhere: capture again
    s.graph.reset();
    s.graph_tried = false;
    if (++s.recaptures >= kMaxRecaptures) s.copy_device_inputs = true;
  }
  KILN_CHECK_OK(runner.run(main));
  if (s.graph_tried || !graphs_enabled() || !graph_capturable(main)) return ok_status();
  s.graph_tried = true;
  if (has_conditionals(main) && !rt::Graph::conditionals_supported(s.stream)) return ok_status();
  KILN_CHECK_OK(runner.prepare(main));
  // A program the capture refuses runs as it did (plain launches): the failure is no error.
  runner.set_capturing(true);
  auto g = rt::Graph::capture(s.stream, [&] { return runner.run(main); });
  runner.set_capturing(false);
  if (g.ok()) {
    s.graph.emplace(std::move(*g));
    s.graph_inputs = runner.input_bases();
  }
  return ok_status();
}

}  // namespace

CudaExecutable::CudaExecutable(const ir::Module& module, std::string entry, LoweredProgram program,
                               std::vector<rt::Cubin> cubins, std::string arch,
                               std::shared_ptr<const ir::Module> keep)
    : keep_(std::move(keep)), module_(module), entry_(std::move(entry)),
      program_(std::move(program)),
      cubins_(std::move(cubins)), arch_(std::move(arch)) {}

Status CudaExecutable::save(const std::string& path) const {
  return save_cuda_executable(path, module_, entry_, program_, cubins_, arch_);
}

CudaExecutable::~CudaExecutable() = default;

namespace {

Expected<std::unique_ptr<CudaExecutable::State>> make_state(const LoweredProgram& p,
                                                            const std::vector<rt::Cubin>& cubins) {
  KILN_TRY(rt::Device device, rt::Device::open(0));
  KILN_TRY(rt::Stream stream, rt::Stream::create(device));
  auto s = std::unique_ptr<CudaExecutable::State>(
      new CudaExecutable::State{std::move(device), std::move(stream), {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}});
  KILN_TRY(s->arena, rt::Buffer::allocate(s->device, static_cast<size_t>(std::max<int64_t>(p.arena_bytes, 256))));
  KILN_TRY(s->constants, rt::Buffer::allocate(s->device, std::max<size_t>(p.constants.size(), 256)));
  KILN_TRY(s->input_block, rt::Buffer::allocate(s->device, static_cast<size_t>(std::max<int64_t>(p.input_block_bytes, 256))));
  s->autotune = p.autotune_gemms;
  if (!p.constants.empty()) KILN_CHECK_OK(s->constants.upload(p.constants.data(), p.constants.size()));
  // A synchronous copy from pageable memory may return before the bytes land; the run's
  // stream does not wait for the legacy stream, so wait here once.
  KILN_CHECK_OK(s->device.synchronize());
  if (p.workspace_bytes) {
    KILN_TRY(s->workspace, rt::Buffer::allocate(s->device, static_cast<size_t>(p.workspace_bytes)));
  }
  for (size_t m = 0; m < p.modules.size(); ++m) {
    for (const std::string& f : p.modules[m].functions) {
      KILN_TRY(rt::Kernel k, rt::Kernel::load(s->device, cubins[m], f));
      s->kernels.emplace(std::make_pair(static_cast<int>(m), f), std::move(k));
    }
  }
  return s;
}

}  // namespace

Expected<RunResults> CudaExecutable::run_each(const std::vector<std::vector<Buffer>>& inputs) const {
  return run_grid(inputs, false);
}

Expected<RunResults> CudaExecutable::run_grid(const std::vector<std::vector<Buffer>>& inputs,
                                              bool on_device) const {
  const auto n = static_cast<size_t>(num_processes());
  if (inputs.size() != n) {
    return Error::invalid_argument(fmt::format(
        "kiln: @{} runs on {} process{} but inputs for {} were given", entry_, n,
        n == 1 ? "" : "es", inputs.size()));
  }
  std::lock_guard<std::mutex> lock(mutex_);
  if (states_.size() != n) states_.resize(n);
  if (n == 1) return execute(0, inputs.front(), nullptr, on_device, nullptr);
  // Each process on a thread of its own, as the interpreter's grid (run_grid_functions): a
  // collective is a host step that blocks in the rendezvous until its group has come.
  interp::ProcessGrid grid(num_replicas(), num_partitions());
  DeviceRendezvous rendezvous(grid);  // its events live until every process has finished
  std::vector<std::optional<Expected<RunResults>>> results(n);
  std::optional<size_t> first_failure = run_processes(n, grid, [&](size_t k) {
    Expected<rt::Device> current = rt::Device::open(0);  // the context, on this thread
    if (!current.ok()) {
      results[k].emplace(current.take_error());
    } else {
      results[k].emplace(execute(k, inputs[k], nullptr, on_device, &grid, &rendezvous));
    }
    return results[k]->ok();
  });
  if (first_failure) return results[*first_failure]->take_error();
  RunResults out;
  for (auto& r : results) {
    RunResults& one = r->value();
    out.processes.push_back(std::move(one.processes.front()));
    for (std::string& f : one.failed_checks) out.failed_checks.push_back(std::move(f));
  }
  return out;
}

Expected<std::vector<StepTiming>> CudaExecutable::profile(const std::vector<Buffer>& inputs) const {
  if (num_processes() != 1) {
    return Error::unimplemented(fmt::format(
        "kiln: profiling a program of {} processes is not implemented (the cuda backend "
        "profiles one)", num_processes()));
  }
  std::lock_guard<std::mutex> lock(mutex_);
  if (states_.empty()) states_.resize(1);
  KILN_CHECK_OK(execute(0, inputs, nullptr, false, nullptr));
  std::vector<StepTiming> timings;
  KILN_CHECK_OK(execute(0, inputs, &timings, false, nullptr));
  return timings;
}

Expected<std::shared_ptr<DevicePool>> CudaExecutable::pool() const {
  std::lock_guard<std::mutex> lock(pool_mutex_);
  if (!pool_) {
    KILN_TRY(pool_, DevicePool::create());
  }
  return pool_;
}

Expected<Buffer> CudaExecutable::to_device(const Buffer& buffer) const {
  KILN_TRY(std::shared_ptr<DevicePool> p, pool());
  return p->upload(buffer);
}

Expected<RunResults> CudaExecutable::run_on_device(const std::vector<Buffer>& inputs) const {
  return run_grid(std::vector<std::vector<Buffer>>(static_cast<size_t>(num_processes()), inputs),
                  true);
}

bool CudaExecutable::replayed_graph() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return !states_.empty() && states_.front() && states_.front()->replayed;
}

namespace {

// The tensors of `b` in order (a tuple's depth first, as tensor_leaves).
void tensor_buffers(const Buffer& b, std::vector<const Buffer*>& out) {
  if (b.is_tensor()) out.push_back(&b);
  for (const Buffer& e : b.elements()) tensor_buffers(e, out);
}

// The value of type `t` whose bytes start at `at` of `bytes` (tuple_layout.h).
Expected<Buffer> buffer_of(const ir::Type& t, const std::vector<std::byte>& bytes, int64_t at) {
  if (t.is_token()) return Buffer::token();
  if (t.is_tuple()) {
    std::vector<Buffer> elements;
    for (size_t k = 0; k < t.tuple_elements().size(); ++k) {
      KILN_TRY(Buffer e, buffer_of(t.tuple_elements()[k], bytes, at + tuple_element_offset(t, k)));
      elements.push_back(std::move(e));
    }
    return Buffer::tuple(std::move(elements));
  }
  const auto begin = bytes.begin() + at;
  return Buffer::host_tensor(t, std::make_shared<std::vector<std::byte>>(begin, begin + value_bytes(t)));
}

}  // namespace

Expected<RunResults> CudaExecutable::execute(size_t process, const std::vector<Buffer>& in,
                                             std::vector<StepTiming>* timings, bool on_device,
                                             interp::ProcessGrid* grid,
                                             DeviceRendezvous* rendezvous) const {
  const auto& types = program_.input_types;
  if (in.size() != types.size()) {
    return Error::invalid_argument(fmt::format("kiln: @{} takes {} input{} but {} were given",
                                               entry_, types.size(), types.size() == 1 ? "" : "s",
                                               in.size()));
  }
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i].type() != types[i]) {
      return Error::invalid_argument(fmt::format("kiln: input {} of @{} is {} but @{} takes {}", i,
                                                 entry_, ir::to_string(in[i].type()), entry_,
                                                 ir::to_string(types[i])));
    }
  }
  std::shared_ptr<DevicePool> outputs_pool;
  if (on_device) {
    KILN_TRY(outputs_pool, pool());
  }
  std::unique_ptr<State>& state = states_.at(process);
  if (!state) {
    KILN_TRY(state, make_state(program_, cubins_));
  }
  State& s = *state;
  const rt::Driver* d = &s.device.driver();
  RunResults results;
  Runner runner(s, module_, results, grid, static_cast<int64_t>(process), rendezvous);
  // A tensor already in this device's memory is read where it is (bound in place); a host
  // tensor, and a tuple's tensors, are copied into the input block.
  std::vector<CUdeviceptr> bases(in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    bases[i] = s.input_block.ptr() + static_cast<CUdeviceptr>(program_.input_offsets.at(i));
    const auto& storage = in[i].is_tensor() ? in[i].device_storage() : nullptr;
    if (storage && storage->backend() == "cuda" && !s.copy_device_inputs) {
      bases[i] = storage->address();
      continue;
    }
    // A tuple's tensors go to their places in its slot (tuple_layout.h); a token has none.
    std::vector<const Buffer*> tensors;
    tensor_buffers(in[i], tensors);
    const std::vector<TensorLeaf> leaves = tensor_leaves(types[i]);
    for (size_t k = 0; k < leaves.size() && k < tensors.size(); ++k) {
      const auto bytes = static_cast<size_t>(value_bytes(leaves[k].type));
      if (bytes == 0) continue;
      const CUdeviceptr dst = bases[i] + static_cast<CUdeviceptr>(leaves[k].offset);
      const auto& leaf_storage = tensors[k]->device_storage();
      if (leaf_storage && leaf_storage->backend() == "cuda") {
        KILN_CU(d, cuMemcpyDtoDAsync, dst, leaf_storage->address(), bytes, s.stream.get());
      } else if (leaf_storage) {
        return Error::invalid_argument(fmt::format("kiln: input {} of @{} is in {}'s memory; read it back first",
                                                   i, entry_, leaf_storage->backend()));
      } else {
        KILN_CU(d, cuMemcpyHtoDAsync, dst, tensors[k]->host_bytes().data(), bytes, s.stream.get());
      }
    }
  }
  runner.bind_inputs(std::move(bases));
  if (timings) {
    s.replayed = false;
    KILN_CHECK_OK(runner.time_into(timings));
    KILN_CHECK_OK(runner.run(program_.main));
  } else {
    KILN_CHECK_OK(run_main(s, runner, program_.main));
  }
  std::vector<Buffer> outputs;
  for (size_t i = 0; on_device && i < program_.outputs.size(); ++i) {
    const BufferRef& r = program_.outputs[i];
    if (program_.output_types[i].is_token()) {
      outputs.push_back(Buffer::token());
      continue;
    }
    if (!program_.output_types[i].is_tensor()) {
      return Error::unimplemented("kiln: the cuda backend returns tuples in host memory only");
    }
    KILN_TRY(std::shared_ptr<const DeviceStorage> storage, outputs_pool->take(static_cast<size_t>(r.bytes)));
    if (r.bytes) {
      KILN_CU(d, cuMemcpyDtoDAsync, storage->address(), runner.ptr(r), static_cast<size_t>(r.bytes),
              s.stream.get());
    }
    KILN_TRY(Buffer b, Buffer::device_tensor(program_.output_types[i], std::move(storage)));
    outputs.push_back(std::move(b));
  }
  if (on_device) KILN_CHECK_OK(s.stream.synchronize());
  for (size_t i = 0; !on_device && i < program_.outputs.size(); ++i) {
    const ir::Type& t = program_.output_types[i];
    BufferRef r = program_.outputs[i];
    r.bytes = value_bytes(t);
    std::vector<std::byte> bytes(static_cast<size_t>(r.bytes));
    if (r.bytes > 0) KILN_CHECK_OK(runner.read(r, bytes.data()));
    KILN_TRY(Buffer b, buffer_of(t, bytes, 0));
    outputs.push_back(std::move(b));
  }
  results.processes.push_back(std::move(outputs));
  return results;
}

}  // namespace kiln::backend::cuda

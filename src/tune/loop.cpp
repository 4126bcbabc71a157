// The closed tuning loop for one kernel.
#include "tune/loop.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>

#include <fmt/format.h>

#include "bench/knob_sweep.h"
#include "kernels/cuda/plan.h"
#include "tune/candidate_run.h"
#include "tune/diagnosis.h"
#include "tune/file_lock.h"
#include "tune/ncu_profile.h"
#include "tune/search_proposer.h"

namespace kiln::tune {

namespace {

using Clock = std::chrono::steady_clock;

// One kernel's tuning: the state the rounds share.
class Session {
 public:
  Session(const cuda::Device& device, const kernels::KernelSpec& spec, const TuneOptions& o,
          Proposer& proposer, const ProgressFn& progress)
      : device_(device), spec_(spec), o_(o), proposer_(proposer), progress_(progress) {}

  Status start(const std::vector<std::unique_ptr<bench::BaselinePlugin>>& plugins,
               const bench::Ceilings& ceilings);
  Expected<TuneOutcome> run();

 private:
  Status measure_start();
  Status measure_hand_tuned();
  void profile_with_ncu(const std::vector<std::string>& functions);
  // The gate of `v` and what it says: `e` and, in `a`, the fastest baseline and the gate's
  // time. Errors: `v` could not be built or run.
  Expected<bench::KernelReport> gate_into(const Version& v, Evidence& e, Attempt& a) const;
  // `a`'s time, noise and figures against the roofs from a timing `s` of the version `r`
  // gated; returns the diagnosis (with ncu's sentence where `ncu` has metrics).
  Diagnosis figures_into(Attempt& a, const bench::KernelReport& r, const bench::Stats& s,
                         const std::map<std::string, double>& ncu = {}) const;
  // One round: up to 1 + retries tries; false when the proposer has nothing new.
  Expected<bool> round(int number);
  Expected<Attempt> attempt(int number, const Candidate& c);
  Attempt blank(int number) const;
  ProposerInput proposer_input(const std::optional<Attempt>& last_failure) const;
  Status record(const Attempt& a);
  Status keep(const Version& v, double ms);
  bool over_budget() const {
    return Clock::now() - started_ > std::chrono::duration<double>(o_.budget_minutes * 60);
  }

  const cuda::Device& device_;
  const kernels::KernelSpec& spec_;
  const TuneOptions& o_;
  Proposer& proposer_;
  const ProgressFn& progress_;
  Clock::time_point started_ = Clock::now();
  std::optional<Lineage> lineage_;
  RunContext ctx_;
  std::string slug_, dtype_, shape_;
  std::vector<Attempt> mine_;  // this dtype and shape's attempts
  std::map<std::string, std::string> sources_;  // by hash, from the history
  std::optional<Version> best_;
  double best_ms_ = 0;
  std::string current_source_;  // the best version's full text
  nlohmann::json profile_;
  std::string diagnosis_;
  TuneOutcome out_;
};

Status Session::start(const std::vector<std::unique_ptr<bench::BaselinePlugin>>& plugins,
                      const bench::Ceilings& ceilings) {
  std::string dtype_text = o_.dtype.empty() ? kernels::dtype_name(spec_.dtypes.front()) : o_.dtype;
  auto dtype = kernels::parse_dtype(dtype_text);
  if (!dtype || std::find(spec_.dtypes.begin(), spec_.dtypes.end(), *dtype) == spec_.dtypes.end()) {
    return Error::invalid_argument(fmt::format("kernel '{}' has no {} version", spec_.name, dtype_text));
  }
  kernels::Shape shape;
  if (o_.shape.empty() && spec_.bench_shapes.empty()) {
    return Error::invalid_argument(fmt::format("kernel '{}' has no bench shape: give --shape", spec_.name));
  }
  if (o_.shape.empty()) {
    shape = *std::max_element(spec_.bench_shapes.begin(), spec_.bench_shapes.end(),
                              [](const auto& x, const auto& y) {
                                return kernels::num_elements(x) < kernels::num_elements(y);
                              });
  } else {
    KILN_TRY(shape, kernels::parse_shape(o_.shape));
  }
  KILN_TRY(ctx_.problem, spec_.make_problem(shape, *dtype));
  ctx_.device = &device_;
  ctx_.spec = &spec_;
  ctx_.plugins = &plugins;
  ctx_.ceilings = ceilings;
  ctx_.baselines = o_.baselines;
  ctx_.iters = o_.iters;
  ctx_.verify_iters = o_.verify_iters;
  dtype_ = kernels::dtype_name(*dtype);
  shape_ = kernels::shape_string(shape);
  slug_ = gpu_slug(device_.properties().name);
  out_ = {spec_.name, dtype_, shape_};
  out_.element_type = *dtype;
  out_.problem_shape = shape;
  out_.input_bytes = kernels::input_bytes(ctx_.problem);
  out_.lineage = lineage_name(spec_.name, o_.start);
  KILN_TRY(auto lineage, Lineage::open(history_path(o_.results, slug_, out_.lineage)));
  lineage_.emplace(std::move(lineage));
  KILN_TRY(auto all, lineage_->read());
  for (auto& a : all) {
    if (a.source) sources_.emplace(a.source_hash, *a.source);
    if (a.dtype == dtype_ && a.shape == shape_) mine_.push_back(std::move(a));
  }
  auto top = top_kept(mine_, 1);
  if (!top.empty()) {
    const Attempt& t = top.front();
    auto s = sources_.find(t.source_hash);
    best_ = Version{t.knobs, s == sources_.end() ? std::nullopt : std::optional(s->second),
                    t.source_hash};
    if (!t.source_hash.empty() && !best_->source) {
      return Error::invalid_argument(fmt::format(
          "tune: {}: the best kept attempt's source {} is not in the history", lineage_->path(),
          t.source_hash));
    }
  }
  return measure_start();
}

// Times the best kept version (or, for a new lineage, its start: start_point.h) with the
// baselines: the starting point of this run, its profile and diagnosis.
Status Session::measure_start() {
  Version start = best_.value_or(Version{});
  if (!best_) {
    KILN_TRY(start.knobs, start_knobs(spec_, ctx_.problem, device_.properties(), o_.start));
  }
  KILN_TRY(auto text, plan_text(spec_, ctx_.problem, start, device_.properties()));
  current_source_ = text.source;
  Attempt a = blank(0);
  Evidence e;
  KILN_TRY(auto report, gate_into(start, e, a));
  const bench::Stats& stats = report.kiln.stats;
  profile_ = {{"median_ms", stats.median_ms}, {"stability", stats.stability},
              {"bytes", report.bytes}, {"flops", report.flops},
              {"copy_roof_gbps", ctx_.ceilings.copy_bytes_per_s / 1e9},
              {"gemm_roof_tflops", ctx_.ceilings.gemm_flops_per_s / 1e12}};
  out_.baseline = a.baseline;
  if (out_.baseline) {
    profile_["baseline"] = {{"name", out_.baseline->name}, {"median_ms", out_.baseline->median_ms}};
  }
  if (o_.ncu && start.source) {
    profile_["ncu"] = "skipped: the best version has a source of its own, which kiln bench does "
                      "not run";
  } else if (o_.ncu) {
    profile_with_ncu(text.functions);
  }
  std::map<std::string, double> ncu;
  if (profile_.contains("ncu") && profile_["ncu"].is_object()) {
    ncu = profile_["ncu"].get<std::map<std::string, double>>();
  }
  Diagnosis d = figures_into(a, report, stats, ncu);
  diagnosis_ = out_.diagnosis = d.text;
  out_.start_ms = best_ms_ = a.median_ms;
  out_.best_knobs = start.knobs;
  out_.best_source = start.source;
  progress_(fmt::format("{} {} {}: start ({}) {:.4f} ms{}. {}", spec_.name, dtype_, shape_,
                        out_.lineage, a.median_ms,
                        out_.baseline ? fmt::format(" ({} {:.4f} ms)", out_.baseline->name,
                                                    out_.baseline->median_ms)
                                      : "",
                        d.text));
  if (o_.start == StartFrom::kNeutral) KILN_CHECK_OK(measure_hand_tuned());
  if (best_) return ok_status();
  // A new lineage (for this dtype and shape): the starting point is its first attempt.
  a.proposer = "start";
  a.knobs = start.knobs;
  Decision decision = decide(e);
  a.verdict = decision.verdict;
  a.detail = "the starting point: " + decision.detail;
  if (a.verdict == Verdict::kKept) best_ = start;
  return record(a);
}

// The library's hand-tuned default (tuning table, declared defaults, embedded source), timed
// as a verification is, for the end table's comparison; not an attempt of the lineage.
Status Session::measure_hand_tuned() {
  Version hand;
  KILN_TRY(hand.knobs, start_knobs(spec_, ctx_.problem, device_.properties(), StartFrom::kCurrent));
  KILN_TRY(auto t, verify(ctx_, hand, std::nullopt));
  out_.hand_ms = t.candidate.median_ms;
  progress_(fmt::format("{} {} {}: the hand-tuned default ({}) takes {:.4f} ms",
                        spec_.name, dtype_, shape_, bench::config_text(hand.knobs),
                        *out_.hand_ms));
  return ok_status();
}

Expected<bench::KernelReport> Session::gate_into(const Version& v, Evidence& e, Attempt& a) const {
  KILN_TRY(auto report, gate(ctx_, v));
  gate_evidence(report, e);
  a.baseline = fastest_baseline(report);
  a.median_ms = e.candidate_ms = report.kiln.stats.median_ms;
  return report;
}

Diagnosis Session::figures_into(Attempt& a, const bench::KernelReport& r, const bench::Stats& s,
                                const std::map<std::string, double>& ncu) const {
  Diagnosis d = diagnose({r.bytes, r.flops, s.median_ms, s.stability,
                          ctx_.ceilings.copy_bytes_per_s, ctx_.ceilings.gemm_flops_per_s},
                         ncu);
  a.median_ms = s.median_ms;
  a.noise = noise_of_stability(s.stability);
  a.gbps = d.gbps;
  a.tflops = d.tflops;
  a.roof_fraction = d.roof_fraction;
  a.diagnosis = d.text;
  return d;
}

void Session::profile_with_ncu(const std::vector<std::string>& functions) {
  std::string ncu = find_ncu();
  if (ncu.empty() || o_.kiln_path.empty()) {
    profile_["ncu"] = "skipped: ncu is not on PATH";
    progress_("ncu is not on PATH: no hardware counters in the profile");
    return;
  }
  std::string knobs;
  for (const auto& [name, value] : best_ ? best_->knobs : kernels::Config{}) {
    knobs += fmt::format(" --knob {}={}", name, value);
  }
  std::string command = fmt::format(
      "'{}' bench {} --dtype {} --shape {} --iters 3 --warmup 1 --baseline none --no-check "
      "--results ''{}",
      o_.kiln_path, spec_.name, dtype_, shape_, knobs);
  auto lock = lock_gpu();
  auto metrics = lock.ok() ? run_ncu(ncu, command, functions, 300)
                           : Expected<std::map<std::string, double>>(lock.error());
  if (metrics.ok()) {
    profile_["ncu"] = *metrics;
  } else {
    profile_["ncu"] = "failed: " + metrics.error().message();
    progress_("ncu: " + metrics.error().message());
  }
}

Attempt Session::blank(int number) const {
  Attempt a;
  a.round = number;
  a.time = now_iso8601();
  a.kernel = spec_.name;
  a.gpu = device_.properties().name;
  a.arch = device_.properties().sm_name();
  a.dtype = dtype_;
  a.shape = shape_;
  a.proposer = proposer_.name();
  return a;
}

Status Session::record(const Attempt& a) {
  mine_.push_back(a);
  if (a.source) sources_.emplace(a.source_hash, *a.source);
  return lineage_->append(a);
}

ProposerInput Session::proposer_input(const std::optional<Attempt>& last_failure) const {
  ProposerInput in;
  in.kernel = spec_.name;
  in.dtype = dtype_;
  in.shape = shape_;
  std::vector<std::string> dtypes;
  for (auto d : spec_.dtypes) dtypes.push_back(kernels::dtype_name(d));
  std::vector<std::string> shapes;
  for (const auto& s : spec_.bench_shapes) shapes.push_back(kernels::shape_string(s));
  in.spec = {{"group", spec_.group}, {"summary", spec_.summary}, {"impl", spec_.impl},
             {"dtypes", dtypes}, {"bench_shapes", shapes}, {"baselines", spec_.baselines}};
  auto definition = kernels::render_stablehlo(spec_, ctx_.problem);
  in.definition = definition.ok() ? *definition : "";
  in.source = current_source_;
  in.source_hash = best_ ? best_->source_hash : "";
  in.best_knobs = best_ ? best_->knobs : out_.best_knobs;
  in.knobs = spec_.knobs;
  in.profile = profile_;
  in.diagnosis = diagnosis_;
  in.history = mine_;
  in.last_failure = last_failure;
  in.seed = o_.seed;
  return in;
}

}  // namespace

namespace {

Expected<bool> Session::round(int number) {
  std::optional<Attempt> last_failure;
  for (int t = 0; t <= o_.retries && !over_budget(); ++t) {
    auto proposal = proposer_.propose(proposer_input(last_failure));
    ++out_.tries;
    Attempt a = blank(number);
    if (!proposal.ok()) {
      a.detail = proposal.error().message();
    } else if (!*proposal) {
      return false;
    } else {
      KILN_TRY(a, attempt(number, **proposal));
    }
    KILN_CHECK_OK(record(a));
    std::string knobs = bench::config_text(a.knobs);
    progress_(fmt::format("{} {} {} round {} try {}: {}{}{} -> {} {}", spec_.name, dtype_, shape_,
                          number, t + 1, knobs.empty() ? "" : knobs,
                          a.source ? " +source " + a.source_hash.substr(0, 8) : "",
                          knobs.empty() && !a.source ? "(no candidate)" : "",
                          verdict_name(a.verdict), a.detail));
    if (a.verdict == Verdict::kKept || a.verdict == Verdict::kSlower) return true;
    last_failure = a;
  }
  return true;
}

Expected<Attempt> Session::attempt(int number, const Candidate& c) {
  Attempt a = blank(number);
  Version v{best_ ? best_->knobs : out_.best_knobs, best_ ? best_->source : std::nullopt, ""};
  for (const auto& [name, value] : c.knobs) v.knobs.set(name, value);
  if (c.source) v.source = c.source;
  v.source_hash = source_hash(v.source);
  a.knobs = v.knobs;
  a.source_hash = v.source_hash;
  if (c.source && !sources_.count(v.source_hash)) a.source = c.source;
  std::string key = configuration_key(v.knobs, v.source_hash);
  for (const Attempt& old : mine_) {
    if (configuration_key(old.knobs, old.source_hash) == key) {
      a.detail = fmt::format("this configuration is already in the history (round {})", old.round);
      return a;
    }
  }
  Evidence e;
  auto report = gate_into(v, e, a);
  if (!report.ok()) e.error = report.error().message();
  if (e.error.empty() && e.check_passed && e.baselines_agree) {
    auto t = verify(ctx_, v, best_);
    if (!t.ok()) {
      e.error = t.error().message();
    } else {
      figures_into(a, *report, t->candidate);
      e.candidate_ms = a.median_ms;
      e.candidate_noise = a.noise;
      if (t->best) {
        e.best_ms = best_ms_ = t->best->median_ms;
        e.best_noise = noise_of_stability(t->best->stability);
      }
    }
  }
  Decision d = decide(e);
  a.verdict = d.verdict;
  a.detail = d.detail;
  if (a.verdict == Verdict::kKept) KILN_CHECK_OK(keep(v, a.median_ms));
  return a;
}

Status Session::keep(const Version& v, double ms) {
  best_ = v;
  best_ms_ = ms;
  ++out_.kept;
  out_.best_knobs = v.knobs;
  out_.best_source = v.source;
  KILN_TRY(auto text, plan_text(spec_, ctx_.problem, v, device_.properties()));
  current_source_ = text.source;
  if (!v.source) return ok_status();
  const std::string arch = device_.properties().sm_name();
  std::vector<std::string> paths = {variant_path(o_.results, slug_, spec_.name, arch)};
  if (!o_.save_source.empty()) {
    paths.push_back((std::filesystem::path(o_.save_source) / (spec_.name + "." + arch + ".cu"))
                        .string());
  }
  for (const std::string& path : paths) {
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
    std::ofstream out(path);
    out << *v.source;
    if (!out) return Error::unavailable(fmt::format("tune: cannot write '{}'", path));
  }
  return ok_status();
}

Expected<TuneOutcome> Session::run() {
  int first = 1;
  for (const Attempt& a : mine_) first = std::max(first, a.round + 1);
  out_.stop_reason = "rounds done";
  for (int r = 0; r < o_.rounds; ++r) {
    if (over_budget()) {
      out_.stop_reason = "budget spent";
      break;
    }
    KILN_TRY(bool more, round(first + r));
    if (!more) {
      out_.stop_reason = "nothing new to propose";
      break;
    }
  }
  out_.best_ms = best_ms_;
  return out_;
}

}  // namespace

std::string variant_path(const std::string& results, const std::string& slug,
                         const std::string& kernel, const std::string& arch) {
  return (std::filesystem::path(results) / "tune" / slug / (kernel + "." + arch + ".cu")).string();
}

Expected<TuneOutcome> tune_kernel(const cuda::Device& device, const kernels::KernelSpec& spec,
                                  const TuneOptions& options,
                                  const std::vector<std::unique_ptr<bench::BaselinePlugin>>& plugins,
                                  const bench::Ceilings& ceilings, Proposer& proposer,
                                  const ProgressFn& progress) {
  Session session(device, spec, options, proposer, progress);
  KILN_CHECK_OK(session.start(plugins, ceilings));
  return session.run();
}

}  // namespace kiln::tune

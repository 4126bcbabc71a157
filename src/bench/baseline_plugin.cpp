// Loading baseline plugins and calling them through their C interface.
#include "bench/baseline_plugin.h"

#include <dlfcn.h>
#include <fmt/format.h>
#include <unistd.h>

#include <filesystem>

#include "bench/baselines/baseline_abi.h"

namespace kiln::bench {

int baseline_dtype(const ir::ElementType& t) {
  constexpr std::pair<ir::ElementKind, int> kNumbers[] = {
      {ir::ElementKind::kF32, KILN_BASELINE_F32},   {ir::ElementKind::kF16, KILN_BASELINE_F16},
      {ir::ElementKind::kBF16, KILN_BASELINE_BF16}, {ir::ElementKind::kSI32, KILN_BASELINE_I32},
      {ir::ElementKind::kUI32, KILN_BASELINE_U32},  {ir::ElementKind::kSI64, KILN_BASELINE_I64},
      {ir::ElementKind::kI1, KILN_BASELINE_PRED},   {ir::ElementKind::kF8E4M3FN, KILN_BASELINE_F8E4M3},
      {ir::ElementKind::kF8E5M2, KILN_BASELINE_F8E5M2}};
  for (const auto& [kind, number] : kNumbers) {
    if (kind == t.kind()) return number;
  }
  return -1;
}

struct BaselinePlugin::Api {
  decltype(&kiln_baseline_abi_version) abi_version;
  decltype(&kiln_baseline_library) library;
  decltype(&kiln_baseline_version) version;
  decltype(&kiln_baseline_describe) describe;
  decltype(&kiln_baseline_prepare) prepare;
  decltype(&kiln_baseline_run) run;
  decltype(&kiln_baseline_release) release;
};

Expected<std::unique_ptr<BaselinePlugin>> BaselinePlugin::load(const std::string& path) {
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle)
    return Error::unavailable(fmt::format("bench: cannot load baseline plugin: {}", dlerror()));
  std::unique_ptr<BaselinePlugin> p(new BaselinePlugin);
  p->handle_ = handle;
  p->path_ = path;
  p->api_ = std::make_unique<Api>();
  bool missing = false;
  auto sym = [&](auto& fn, const char* name) {
    fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(handle, name));
    missing = missing || !fn;
  };
  Api& a = *p->api_;
  sym(a.abi_version, "kiln_baseline_abi_version");
  sym(a.library, "kiln_baseline_library");
  sym(a.version, "kiln_baseline_version");
  sym(a.describe, "kiln_baseline_describe");
  sym(a.prepare, "kiln_baseline_prepare");
  sym(a.run, "kiln_baseline_run");
  sym(a.release, "kiln_baseline_release");
  if (missing)
    return Error::invalid_argument(fmt::format("bench: {} is not a kiln baseline plugin", path));
  if (a.abi_version() != KILN_BASELINE_ABI_VERSION) {
    return Error::invalid_argument(
        fmt::format("bench: {} was built for baseline ABI {}, kiln has {}", path, a.abi_version(),
                    KILN_BASELINE_ABI_VERSION));
  }
  p->library_ = a.library();
  p->version_ = a.version();
  return p;
}

BaselinePlugin::~BaselinePlugin() {
  // Plugins stay loaded: libraries such as cuBLAS and libtorch do not unload cleanly.
}

std::string BaselinePlugin::describe(const std::string& kernel, ir::ElementType dtype) const {
  const char* d = api_->describe(kernel.c_str(), baseline_dtype(dtype));
  return d ? d : "";
}

namespace {

// The C view of a problem's tensors; `shapes` keeps the dims alive.
struct CallView {
  std::vector<KilnBaselineTensor> inputs, outputs;
  KilnBaselineCall call{};
};

void fill_view(CallView& v, const std::string& kernel, const kernels::Problem& p,
               const DeviceTensors& t, void* stream) {
  auto tensor = [](const kernels::TensorSpec& s, CUdeviceptr ptr) {
    return KilnBaselineTensor{baseline_dtype(s.dtype), static_cast<int>(s.shape.size()),
                              s.shape.data(), reinterpret_cast<void*>(ptr)};
  };
  v.inputs.clear();
  v.outputs.clear();
  for (size_t i = 0; i < p.inputs.size(); ++i) v.inputs.push_back(tensor(p.inputs[i], t.inputs[i]));
  for (size_t i = 0; i < p.outputs.size(); ++i) {
    v.outputs.push_back(tensor(p.outputs[i], t.outputs[i]));
  }
  v.call = {kernel.c_str(),
            baseline_dtype(p.dtype),
            static_cast<int>(p.shape.size()),
            p.shape.data(),
            static_cast<int>(v.inputs.size()),
            v.inputs.data(),
            static_cast<int>(v.outputs.size()),
            v.outputs.data(),
            stream};
}

}  // namespace

Expected<std::optional<PreparedBaseline>> BaselinePlugin::try_prepare(
    const std::string& kernel, const kernels::Problem& problem, const cuda::Stream& stream,
    const DeviceTensors& tensors) const {
  CallView v;
  fill_view(v, kernel, problem, tensors, stream.get());
  char error[1024] = {0};
  void* state = nullptr;
  int rc = api_->prepare(&v.call, &state, error, sizeof error);
  if (rc == KILN_BASELINE_UNSUPPORTED) return std::optional<PreparedBaseline>();
  if (rc != KILN_BASELINE_OK)
    return Error::internal(fmt::format("bench: {} {}: {}", library_, kernel, error));
  PreparedBaseline b;
  b.plugin_ = this;
  b.state_ = state;
  b.problem_ = &problem;
  b.kernel_ = kernel;
  b.description_ = describe(kernel, problem.dtype);
  return std::optional<PreparedBaseline>(std::move(b));
}

Expected<PreparedBaseline> BaselinePlugin::prepare(const std::string& kernel,
                                                   const kernels::Problem& problem,
                                                   const cuda::Stream& stream,
                                                   const DeviceTensors& tensors) const {
  KILN_TRY(auto b, try_prepare(kernel, problem, stream, tensors));
  if (!b) {
    return Error::not_found(fmt::format("bench: {} has no baseline for {} {} {}", library_, kernel,
                                        kernels::dtype_name(problem.dtype),
                                        kernels::shape_string(problem.shape)));
  }
  return std::move(*b);
}

PreparedBaseline::PreparedBaseline(PreparedBaseline&& o) noexcept
    : plugin_(o.plugin_),
      state_(o.state_),
      kernel_(std::move(o.kernel_)),
      description_(std::move(o.description_)),
      problem_(o.problem_) {
  o.plugin_ = nullptr;
}

PreparedBaseline::~PreparedBaseline() {
  if (plugin_) plugin_->api_->release(state_);
}

Status PreparedBaseline::run(const cuda::Stream& stream, const DeviceTensors& tensors) const {
  CallView v;
  fill_view(v, kernel_, *problem_, tensors, stream.get());
  char error[1024] = {0};
  if (plugin_->api_->run(state_, &v.call, error, sizeof error) != KILN_BASELINE_OK) {
    return Error::internal(fmt::format("bench: {} {}: {}", plugin_->library_, description_, error));
  }
  return ok_status();
}

namespace {

std::vector<std::filesystem::path> plugin_dirs() {
  std::vector<std::filesystem::path> dirs;
  if (const char* d = std::getenv("KILN_BASELINE_DIR")) dirs.emplace_back(d);
  std::error_code ec;
  auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    dirs.push_back(exe.parent_path());
    dirs.push_back(exe.parent_path() / "lib");
  }
  return dirs;
}

}  // namespace

std::vector<std::unique_ptr<BaselinePlugin>> load_baseline_plugins(
    std::vector<std::string>& problems) {
  std::vector<std::unique_ptr<BaselinePlugin>> plugins;
  std::vector<std::string> seen;
  for (const auto& dir : plugin_dirs()) {
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
      std::string name = entry.path().filename().string();
      if (!name.starts_with("libkiln_baselines_") || !name.ends_with(".so")) continue;
      if (std::find(seen.begin(), seen.end(), name) != seen.end()) continue;
      seen.push_back(name);
      auto p = BaselinePlugin::load(entry.path().string());
      if (p.ok()) {
        plugins.push_back(std::move(*p));
      } else {
        problems.push_back(p.error().message());
      }
    }
  }
  return plugins;
}

}  // namespace kiln::bench

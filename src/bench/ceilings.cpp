// Measuring and caching the copy and GEMM ceilings.
#include "bench/ceilings.h"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "bench/device_data.h"
#include "bench/timing.h"

namespace kiln::bench {

namespace {

std::filesystem::path cache_file(const cuda::Device& device) {
  std::string name = device.properties().name + "-" + device.properties().arch();
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') c = '_';
  }
  return std::filesystem::path(cuda::cache_dir()) / "ceilings" / (name + ".json");
}

Expected<double> measure_copy(const cuda::Device& device) {
  size_t bytes = size_t{1} << 30;
  if (device.properties().memory_bytes < int64_t{8} << 30) bytes = size_t{256} << 20;
  KILN_TRY(auto stream, cuda::Stream::create(device));
  KILN_TRY(auto a, cuda::Buffer::allocate(device, bytes));
  KILN_TRY(auto b, cuda::Buffer::allocate(device, bytes));
  KILN_CHECK_OK(a.fill_bytes_async(0x3c, stream));
  TimingOptions opts{.warmup = 3, .iters = 20};
  auto copy = [&](int) { return b.copy_from_async(a, bytes, stream); };
  KILN_TRY(Stats s, time_runs(device, stream, copy, opts));
  return 2.0 * static_cast<double>(bytes) / (s.median_ms * 1e-3);
}

Expected<double> measure_gemm(const cuda::Device& device, const BaselinePlugin& plugin) {
  const int64_t n = 8192;
  kernels::Problem p{{n, n, n}, ir::ElementKind::kBF16, {}, {}};
  p.inputs = {{ir::ElementKind::kBF16, {n, n}}, {ir::ElementKind::kBF16, {n, n}}};
  p.outputs = {{ir::ElementKind::kBF16, {n, n}}};
  KILN_TRY(auto stream, cuda::Stream::create(device));
  KILN_TRY(DeviceSet set, allocate_set(device, p));
  KILN_CHECK_OK(fill_random(device, stream, p, set, 1));
  DeviceTensors t = set.pointers();
  KILN_TRY(auto gemm, plugin.prepare("ceiling_gemm", p, stream, t));
  TimingOptions opts{.warmup = 5, .iters = 20};
  KILN_TRY(Stats s, time_runs(
                        device, stream, [&](int) { return gemm.run(stream, t); }, opts));
  return 2.0 * static_cast<double>(n * n * n) / (s.median_ms * 1e-3);
}

std::string today() {
  return fmt::format(
      "{:%Y-%m-%d}",
      fmt::localtime(std::chrono::system_clock::to_time_t(std::chrono::system_clock::now())));
}

}  // namespace

Expected<Ceilings> device_ceilings(const cuda::Device& device,
                                   const std::vector<std::unique_ptr<BaselinePlugin>>& plugins,
                                   bool refresh) {
  auto file = cache_file(device);
  if (!refresh) {
    std::ifstream in(file);
    auto j = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
    if (in && !j.is_discarded() && j.contains("copy_bytes_per_s")) {
      Ceilings c{j.value("copy_bytes_per_s", 0.0), j.value("gemm_flops_per_s", 0.0),
                 j.value("gemm_how", ""), j.value("measured_at", ""), true};
      bool gemm_possible = false;
      for (const auto& p : plugins) {
        gemm_possible |= !p->describe("ceiling_gemm", ir::ElementKind::kBF16).empty();
      }
      // A GEMM ceiling cached before a vendor plugin was present is measured now.
      if (c.copy_bytes_per_s > 0 && (c.gemm_flops_per_s > 0 || !gemm_possible)) return c;
    }
  }
  Ceilings c;
  KILN_TRY(c.copy_bytes_per_s, measure_copy(device));
  for (const auto& p : plugins) {
    if (p->describe("ceiling_gemm", ir::ElementKind::kBF16).empty()) continue;
    KILN_TRY(c.gemm_flops_per_s, measure_gemm(device, *p));
    c.gemm_how = p->describe("ceiling_gemm", ir::ElementKind::kBF16) + " bf16 8192x8192x8192";
    break;
  }
  c.measured_at = today();
  std::error_code ec;
  std::filesystem::create_directories(file.parent_path(), ec);
  std::ofstream out(file);
  out << nlohmann::json{{"device", device.properties().name},
                        {"copy_bytes_per_s", c.copy_bytes_per_s},
                        {"gemm_flops_per_s", c.gemm_flops_per_s},
                        {"gemm_how", c.gemm_how},
                        {"measured_at", c.measured_at}}
             .dump(2);
  return c;
}

}  // namespace kiln::bench

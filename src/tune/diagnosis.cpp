// The profile's diagnosis.
#include "tune/diagnosis.h"

#include <fmt/format.h>

#include "tune/ncu_profile.h"

namespace kiln::tune {

Diagnosis diagnose(const Figures& f, const std::map<std::string, double>& ncu) {
  Diagnosis d;
  double seconds = f.median_ms / 1e3;
  double bandwidth = seconds > 0 ? f.bytes / seconds : 0;
  double rate = seconds > 0 ? f.flops / seconds : 0;
  d.gbps = bandwidth / 1e9;
  d.tflops = rate / 1e12;
  double intensity = f.bytes > 0 ? f.flops / f.bytes : 0;
  double ridge = f.copy_bytes_per_s > 0 ? f.gemm_flops_per_s / f.copy_bytes_per_s : 0;
  d.compute_bound = f.flops > 0 && f.gemm_flops_per_s > 0 && intensity >= ridge;
  if (d.compute_bound) {
    d.roof_fraction = rate / f.gemm_flops_per_s;
    d.text = fmt::format(
        "Compute-bound: {:.1f} FLOP/byte against a ridge of {:.1f}. It reaches {:.0f}% of the "
        "measured GEMM rate ({:.1f} of {:.1f} TFLOP/s), {:.0f}% from the roof.",
        intensity, ridge, d.roof_fraction * 100, d.tflops, f.gemm_flops_per_s / 1e12,
        (1 - d.roof_fraction) * 100);
  } else if (f.copy_bytes_per_s > 0) {
    d.roof_fraction = bandwidth / f.copy_bytes_per_s;
    d.text = fmt::format(
        "Memory-bound: {:.2f} FLOP/byte{}. It moves {:.0f}% of the measured copy rate ({:.0f} "
        "of {:.0f} GB/s), {:.0f}% from the roof.",
        intensity, ridge > 0 ? fmt::format(" against a ridge of {:.1f}", ridge) : "",
        d.roof_fraction * 100, d.gbps, f.copy_bytes_per_s / 1e9, (1 - d.roof_fraction) * 100);
  } else {
    d.text = fmt::format("No roof measured: {:.0f} GB/s, {:.2f} TFLOP/s.", d.gbps, d.tflops);
  }
  if (d.roof_fraction > 0.9) {
    d.text += " Little is left to gain at this size.";
  } else if (!d.compute_bound && f.bytes > 0 && f.bytes < 8e6) {
    d.text += " The problem is small: launch latency and the tail of the grid limit it.";
  }
  if (f.stability < 0.9) {
    d.text += fmt::format(" Timings spread {:.0f}%: gains below that are noise.",
                          (1 - f.stability) * 100);
  }
  if (!ncu.empty()) d.text += " " + describe_ncu(ncu);
  return d;
}

}  // namespace kiln::tune

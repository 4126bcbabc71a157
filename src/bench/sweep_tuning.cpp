// The best configurations of a knob sweep as tuning-table entries.
#include "bench/sweep_tuning.h"

#include <fmt/format.h>

#include <map>
#include <tuple>

namespace kiln::bench {

void add_best_configs(kernels::TuningTable& table, const std::vector<SweepRun>& runs,
                      const std::string& device) {
  using Key = std::tuple<std::string, std::string, std::string>;  // kernel, dtype, shape
  std::map<Key, const SweepRun*> best;
  std::map<std::pair<std::string, std::string>, int> shapes;  // per kernel and dtype
  for (const SweepRun& r : runs) {
    if (!r.correct || r.knobs.empty()) continue;
    Key key{r.kernel, kernels::dtype_name(r.dtype), kernels::shape_string(r.shape)};
    auto [it, added] = best.emplace(key, &r);
    if (added) ++shapes[{r.kernel, kernels::dtype_name(r.dtype)}];
    if (r.median_ms < it->second->median_ms) it->second = &r;
  }
  for (const auto& [key, r] : best) {
    kernels::TuningEntry e;
    e.dtypes = {r->dtype};
    if (!device.empty()) e.devices = {device};
    if (shapes[{r->kernel, kernels::dtype_name(r->dtype)}] > 1) {
      e.min_bytes = e.max_bytes = r->input_bytes;
    }
    e.values = r->knobs.values();
    e.note =
        fmt::format("kiln bench sweep: fastest at {} {} ({:.4f} ms{}{})",
                    kernels::dtype_name(r->dtype), kernels::shape_string(r->shape), r->median_ms,
                    device.empty() ? "" : " on ", device);
    table.prepend(r->kernel, std::move(e));
  }
}

}  // namespace kiln::bench

// The built-in search over declared knobs.
#include "tune/search_proposer.h"

#include <algorithm>
#include <limits>
#include <random>

#include "bench/knob_sweep.h"

namespace kiln::tune {

namespace {

// Tries to draw a new configuration this many times before calling the space exhausted.
constexpr int kMaxDraws = 4096;
// The most configurations scanned for an untried one once mutation finds none.
constexpr uint64_t kScanLimit = uint64_t{1} << 22;
// Parents of the evolutionary search: the best few kept configurations.
constexpr size_t kParents = 4;

// An integer in [0, n) from the generator; portable across standard libraries, unlike
// std::uniform_int_distribution, so that a seed gives the same search everywhere.
size_t draw(std::mt19937_64& rng, size_t n) { return static_cast<size_t>(rng() % n); }

// The configuration numbered `index` in odometer order (the last knob varies fastest).
kernels::Config nth_config(const std::vector<kernels::Knob>& knobs, uint64_t index) {
  kernels::Config c;
  for (size_t k = knobs.size(); k-- > 0;) {
    const auto& values = knobs[k].values;
    c.set(knobs[k].name, values[index % values.size()]);
    index /= values.size();
  }
  return c;
}

// `parent` with one or two knobs moved: to a neighbouring allowed value mostly, else to any.
kernels::Config mutate(const kernels::Config& parent, const std::vector<kernels::Knob>& knobs,
                       std::mt19937_64& rng) {
  kernels::Config child = parent;
  size_t changes = 1 + draw(rng, 2);
  for (size_t i = 0; i < changes; ++i) {
    const kernels::Knob& knob = knobs[draw(rng, knobs.size())];
    const auto& values = knob.values;
    auto current = parent.get(knob.name);
    size_t at = 0;
    for (size_t v = 0; v < values.size(); ++v) {
      if (current.ok() && values[v] == *current) at = v;
    }
    size_t next;
    if (draw(rng, 4) == 0 || values.size() < 3) {
      next = draw(rng, values.size());
    } else {
      next = draw(rng, 2) == 0 ? (at == 0 ? 1 : at - 1) : (at + 1 == values.size() ? at - 1 : at + 1);
    }
    child.set(knob.name, values[next]);
  }
  return child;
}

}  // namespace

uint64_t space_size(const std::vector<kernels::Knob>& knobs) {
  uint64_t n = 1;
  for (const auto& k : knobs) {
    uint64_t m = k.values.size();
    if (m == 0) return 0;
    if (n > std::numeric_limits<uint64_t>::max() / m) return std::numeric_limits<uint64_t>::max();
    n *= m;
  }
  return n;
}

std::string configuration_key(const kernels::Config& knobs, const std::string& source_hash) {
  return bench::config_text(knobs) + "|" + source_hash;
}

Expected<std::optional<Candidate>> SearchProposer::propose(const ProposerInput& in) {
  std::vector<kernels::Knob> knobs;
  for (const auto& k : in.knobs) {
    if (!k.values.empty()) knobs.push_back(k);
  }
  if (knobs.empty()) return std::optional<Candidate>{};
  std::set<std::string> seen;
  for (const Attempt& a : in.history) seen.insert(configuration_key(a.knobs, a.source_hash));
  auto fresh = [&](const kernels::Config& c) {
    return !seen.count(configuration_key(c, in.source_hash));
  };
  uint64_t size = space_size(knobs);
  if (size <= kExhaustiveSpace) {
    for (uint64_t i = 0; i < size; ++i) {
      kernels::Config c = nth_config(knobs, i);
      if (fresh(c)) return std::optional<Candidate>(Candidate{c, std::nullopt});
    }
    return std::optional<Candidate>{};
  }
  std::vector<kernels::Config> parents;
  for (const Attempt& a : top_kept(in.history, kParents * 4)) {
    if (a.source_hash == in.source_hash && parents.size() < kParents) parents.push_back(a.knobs);
  }
  if (parents.empty() && !in.best_knobs.empty()) parents.push_back(in.best_knobs);
  // The seed and the history's length pick the stream, so that each round draws anew and the
  // same history with the same seed proposes the same candidate.
  std::mt19937_64 rng(in.seed * 1000003u + in.history.size());
  for (int i = 0; i < kMaxDraws; ++i) {
    kernels::Config c = parents.empty() ? nth_config(knobs, rng() % size)
                                        : mutate(parents[draw(rng, parents.size())], knobs, rng);
    if (fresh(c)) return std::optional<Candidate>(Candidate{c, std::nullopt});
  }
  // Every neighbour of the parents is tried: any configuration not tried yet, from a random
  // place in the space, so that the search still covers it all in the end.
  uint64_t from = rng() % size;
  for (uint64_t i = 0; i < std::min(size, kScanLimit); ++i) {
    kernels::Config c = nth_config(knobs, (from + i) % size);
    if (fresh(c)) return std::optional<Candidate>(Candidate{c, std::nullopt});
  }
  return std::optional<Candidate>{};
}

}  // namespace kiln::tune

// The table `kiln tune` prints at the end: each kernel's start and best times, its gain, the
// hand-tuned default's time where a neutral start measured it, and the fastest baseline.
#pragma once

#include <string>
#include <vector>

#include "tune/loop.h"

namespace kiln::tune {

// One line per kernel (`names[i]` for an outcome that is an error, which the line gives), the
// columns: kernel (its lineage), dtype, shape, start ms, best ms, gain (start / best), hand ms
// and best vs hand (hand / best; "-" unless measured), base ms and best vs base, tries, kept,
// why it stopped.
std::string format_outcomes(const std::vector<Expected<TuneOutcome>>& outcomes,
                            const std::vector<std::string>& names);

}  // namespace kiln::tune

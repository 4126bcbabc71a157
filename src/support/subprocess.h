// Running a shell command with text on its standard input and a time limit, its standard
// output and error captured: how kiln talks to an external proposer (tune) and to its NVRTC
// worker processes (runtime/cuda/nvrtc.h).
#pragma once

#include <string>
#include <vector>

#include "support/error.h"

namespace kiln {

struct ProcessResult {
  int exit_status = -1;  // the exit status; -1 when it was killed by a signal
  int signal = 0;        // the signal that ended it, or 0
  bool timed_out = false;
  std::string out, err;  // standard output and error (each at most 64 MiB kept)
};

// Runs the program argv[0] (a path: no search of PATH) with arguments argv[1...] in a process
// group of its own, writes `input` to its standard input (then closes it), and collects its
// output until it exits. Past `timeout_s` seconds the whole group is killed and timed_out set.
// Errors: the program could not be started (no such file, not executable).
Expected<ProcessResult> run_process(const std::vector<std::string>& argv, const std::string& input,
                                    double timeout_s);

// run_process of `/bin/sh -c command`.
Expected<ProcessResult> run_command(const std::string& command, const std::string& input,
                                    double timeout_s);

}  // namespace kiln

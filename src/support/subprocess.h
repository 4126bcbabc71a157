// Running a shell command with text on its standard input and a time limit, its standard
// output and error captured: how kiln talks to an external proposer (tune) and to its NVRTC
// worker processes (runtime/cuda/nvrtc.h).
#pragma once

#include <string>

#include "support/error.h"

namespace kiln {

struct ProcessResult {
  int exit_status = -1;  // the exit status; -1 when it was killed by a signal
  int signal = 0;        // the signal that ended it, or 0
  bool timed_out = false;
  std::string out, err;  // standard output and error (each at most 64 MiB kept)
};

// Runs `/bin/sh -c command` in a process group of its own, writes `input` to its standard input
// (then closes it), and collects its output until it exits. Past `timeout_s` seconds the whole
// group is killed and timed_out set. Errors: the process could not be started.
Expected<ProcessResult> run_command(const std::string& command, const std::string& input,
                                    double timeout_s);

}  // namespace kiln

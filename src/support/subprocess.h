// Running a shell command with text on its standard input and a time limit, its standard
// output and error captured: how kiln talks to an external proposer (tune) and to its NVRTC
// worker processes (runtime/cuda/nvrtc.h).
#pragma once

#include <sys/types.h>

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

// A started program and kiln's ends of its standard streams (close-on-exec, so that programs
// started later do not hold them open). Owned by the caller: close the descriptors and wait for
// the process (waitpid).
struct SpawnedProcess {
  pid_t pid = -1;
  int in = -1;   // a socket: write with send(..., MSG_NOSIGNAL), so that a program that stopped
                 // reading fails the write with EPIPE instead of raising SIGPIPE in kiln
  int out = -1;  // a pipe
  int err = -1;  // a pipe, or -1 where the program writes to kiln's own standard error
};

// Starts argv[0] (a path: no search of PATH) with arguments argv[1...] in a process group of
// its own, with posix_spawn (no copy of a large, many-threaded process's page tables). With
// capture_err false, its standard error is kiln's. Errors (unavailable): the program could not
// be started (no such file, not executable), or no pipe could be made.
Expected<SpawnedProcess> spawn_process(const std::vector<std::string>& argv, bool capture_err);

// run_process of `/bin/sh -c command`.
Expected<ProcessResult> run_command(const std::string& command, const std::string& input,
                                    double timeout_s);

}  // namespace kiln

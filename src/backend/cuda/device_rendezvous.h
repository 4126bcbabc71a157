// The meeting of a grid's processes at a device collective (CollectiveStep): each member's
// operand pointers and an event, exchanged through the interpreter's rendezvous
// (interp::ProcessGrid, its rounds and its failure when a member never comes), and the events
// each process records for its collectives, kept alive until every process's run is over.
#pragma once

#include <cuda.h>

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "interp/process_grid.h"
#include "runtime/cuda/device.h"
#include "support/error.h"

namespace kiln::backend::cuda {

class DeviceRendezvous {
 public:
  // `grid`: the run's rendezvous; outlives this.
  explicit DeviceRendezvous(interp::ProcessGrid& grid);

  // What a member deposits: device pointers (its operands) and an event (recorded after it
  // wrote them, or after its kernel read the others'), or none (null).
  struct Deposit {
    std::vector<CUdeviceptr> buffers;
    CUevent event = nullptr;
  };

  // Deposits `mine` for process `self` at the meeting of `group` (flat ids, `self` among them)
  // on `channel` and waits for every member; returns their deposits in group order. Meetings
  // of one group and channel pair up in the order each process makes them; `name` must agree.
  // Errors: the grid's (a member finished or failed without coming), prefixed by `name`.
  // Thread-safe.
  Expected<std::vector<Deposit>> exchange(int64_t self, const std::vector<int64_t>& group,
                                          int64_t channel, const std::string& name,
                                          const Deposit& mine);

  // A fresh event (untimed) of process `self` on `device`, owned here: a peer may wait on it
  // until the run ends, after the process itself has finished. Each process calls this from
  // its own thread only (its pool is its own).
  Expected<CUevent> event(int64_t self, const ::kiln::cuda::Device& device);

 private:
  interp::ProcessGrid& grid_;
  std::vector<std::deque<::kiln::cuda::Event>> events_;  // by flat process id
};

}  // namespace kiln::backend::cuda

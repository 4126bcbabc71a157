// The interpreter dialect's test ops: probe (records its operand's value for
// check.expect_serialized_eq, then passes it through) and print run on the host like the check
// dialect's expectations, on the value read back; run_parallel runs its functions as a
// GridStep, one program per process.
#include "backend/cuda/codegen/emitter.h"
#include "backend/cuda/lowerer.h"

namespace kiln::backend::cuda {

namespace {

// The interpreter records the value (HostCheckStep, no result of its own); the result is the
// operand's slot.
Status lower_probe(Lowerer& l, const ir::Operation& op) {
  HostCheckStep step;
  step.op = &op;
  for (size_t i = 0; i < op.num_operands(); ++i) {
    KILN_TRY(BufferRef r, l.ref(op.operand(i)));
    step.operands.push_back(r);
    if (i < op.num_results()) l.alias(op.result(i), r);
  }
  l.add(std::move(step));
  return ok_status();
}

// The first step in `p` (or a program nested in it) whose library state the processes of a
// grid would share at run time: cuDNN's and cuFFT's plans and workspaces; null if none.
const char* shared_library_step(const Program& p) {
  for (const Step& step : p.steps) {
    if (std::holds_alternative<AttentionStep>(step)) return "cuDNN's attention";
    if (std::holds_alternative<ConvolutionStep>(step)) return "cuDNN's convolution";
    if (std::holds_alternative<FftStep>(step)) return "a cuFFT transform";
    const char* inner = nullptr;
    if (const auto* w = std::get_if<WhileStep>(&step)) {
      inner = shared_library_step(*w->cond);
      if (!inner) inner = shared_library_step(*w->body);
    } else if (const auto* c = std::get_if<CaseStep>(&step)) {
      for (const auto& b : c->branches) {
        if (!inner) inner = shared_library_step(*b);
      }
    }
    if (inner) return inner;
  }
  return nullptr;
}

// The function of each process, lowered as a call over its slice of the operands into a
// program of its own: a GridStep (program.h). Every slot the functions use is held until all
// are lowered, so that processes running at once share none.
Status lower_run_parallel(Lowerer& l, const ir::Operation& op) {
  if (op.attr("infeed")) {
    return unsupported(op, "an infeed (the grid's queues are the interpreter's)");
  }
  if (l.options().num_processes() > 1) return unsupported(op, "a grid inside a grid");
  const auto* programs = op.attr_as<ir::ArrayAttr>("programs");
  if (!programs || programs->elements.empty()) return unsupported(op, "no programs");
  GridStep step;
  step.what = Lowerer::describe(op);
  step.num_replicas = static_cast<int64_t>(programs->elements.size());
  step.num_partitions =
      static_cast<int64_t>(programs->elements[0].get<ir::ArrayAttr>().elements.size());
  KILN_TRY(std::vector<BufferRef> operands, l.operand_refs(op));
  std::vector<BufferRef> held;
  const LowerOptions before = l.set_grid(step.num_replicas, step.num_partitions);
  std::vector<BufferRef>* outer_hold = l.hold_releases(&held);
  auto lower_all = [&]() -> Status {
    size_t next_operand = 0, next_result = 0;
    for (const ir::Attribute& row : programs->elements) {
      for (const ir::Attribute& program : row.get<ir::ArrayAttr>().elements) {
        const std::string& name = program.get<ir::SymbolRefAttr>().name;
        const ir::Operation* f = l.module().lookup_function(name);
        if (!f) return unsupported(op, "program @" + name + " is not a function of the module");
        const ir::Block& body = f->region(0).front();
        if (next_operand + body.num_arguments() > operands.size()) {
          return unsupported(op, "too few inputs for its programs");
        }
        std::vector<BufferRef> args(operands.begin() + static_cast<ptrdiff_t>(next_operand),
                                    operands.begin() +
                                        static_cast<ptrdiff_t>(next_operand + body.num_arguments()));
        next_operand += body.num_arguments();
        auto process = std::make_shared<Program>();
        KILN_CHECK_OK(l.enter_call(op));
        Expected<std::vector<BufferRef>> out = l.lower_block(body, args, *process);
        l.leave_call();
        if (!out.ok()) return out.take_error();
        if (const char* what = shared_library_step(*process)) {
          return unsupported(op, std::string(what) + " in program @" + name +
                                     " (the processes would share its plan and workspace)");
        }
        for (const BufferRef& r : *out) {
          if (next_result >= op.num_results()) return unsupported(op, "too few results");
          l.alias(op.result(next_result++), r);
          l.release(r);
        }
        step.processes.push_back(std::move(process));
      }
    }
    if (static_cast<int64_t>(step.processes.size()) != step.num_replicas * step.num_partitions) {
      return unsupported(op, "rows of programs of different lengths");
    }
    return ok_status();
  };
  Status s = lower_all();
  l.hold_releases(outer_hold);
  l.restore_options(before);
  for (const BufferRef& r : held) l.release(r);
  KILN_CHECK_OK(s);
  l.add(std::move(step));
  return ok_status();
}

}  // namespace

KILN_REGISTER_CUDA_LOWERING("interpreter.probe", lower_probe);
KILN_REGISTER_CUDA_LOWERING("interpreter.print", lower_host_check);
KILN_REGISTER_CUDA_LOWERING("interpreter.run_parallel", lower_run_parallel);

}  // namespace kiln::backend::cuda

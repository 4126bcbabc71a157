// The interpreter test dialect: probe and print round-trip, and run_parallel checks its
// grid of programs against its operands and results, with located errors.
#include "verify_test_helpers.h"

namespace kiln {
namespace {

using testing::expect_error;
using testing::expect_round_trip;

const char* kReplica = R"(
func.func @replica(%x: tensor<2xf32>) -> tensor<ui32> {
  %0 = stablehlo.replica_id : tensor<ui32>
  return %0 : tensor<ui32>
}
)";

std::string with_main(const std::string& body) {
  return std::string(kReplica) + "func.func @main(%a: tensor<2xf32>, %b: tensor<2xf32>) {\n  " +
         body + "\n  return\n}\n";
}

TEST(Interpreter, RoundTripsEveryForm) {
  expect_round_trip(
      with_main("%0 = interpreter.probe %a, probe_id = \"a\" : tensor<2xf32>\n"
                "  interpreter.print %0 : tensor<2xf32>\n"
                "  %1:2 = \"interpreter.run_parallel\"(%a, %b) <{infeed = "
                "[@replica], programs = [[@replica], [@replica]]}> : "
                "(tensor<2xf32>, tensor<2xf32>) -> (tensor<ui32>, tensor<ui32>)"),
      {"interpreter.probe %arg1, probe_id = \"a\" : tensor<2xf32>",
       "interpreter.print %1 : tensor<2xf32>", "programs = [[@replica], [@replica]]"});
}

TEST(Interpreter, ProbeKeepsType) {
  expect_error(with_main("%0 = \"interpreter.probe\"(%a) <{probe_id = \"a\"}> : (tensor<2xf32>) "
                         "-> tensor<2xf64>"),
               "result tensor<2xf64> must have the operand's type tensor<2xf32>");
}

TEST(Interpreter, RunParallelProgramsAreFunctions) {
  expect_error(with_main("%0 = \"interpreter.run_parallel\"(%a) <{programs = [[@missing]]}> : "
                         "(tensor<2xf32>) -> tensor<ui32>"),
               "programs names @missing, which is not a function of the module");
}

TEST(Interpreter, RunParallelGridIsRectangular) {
  expect_error(with_main("%0:3 = \"interpreter.run_parallel\"(%a, %b, %a) <{programs = "
                         "[[@replica], [@replica, @replica]]}> : (tensor<2xf32>, tensor<2xf32>, "
                         "tensor<2xf32>) -> (tensor<ui32>, tensor<ui32>, tensor<ui32>)"),
               "programs row 1 has 2 programs but row 0 has 1");
}

TEST(Interpreter, RunParallelInputsMatchPrograms) {
  expect_error(with_main("%0 = \"interpreter.run_parallel\"() <{programs = [[@replica]]}> : () "
                         "-> tensor<ui32>"),
               "has 0 inputs that do not match the 1 inputs of its programs");
}

TEST(Interpreter, RunParallelResultsMatchPrograms) {
  expect_error(with_main("%0 = \"interpreter.run_parallel\"(%a) <{programs = [[@replica]]}> : "
                         "(tensor<2xf32>) -> tensor<i32>"),
               "results that do not match the 1 results of its programs");
}

TEST(Interpreter, RunParallelInfeedIsFunctions) {
  expect_error(with_main("%0 = \"interpreter.run_parallel\"(%a) <{infeed = [@nowhere], programs "
                         "= [[@replica]]}> : (tensor<2xf32>) -> tensor<ui32>"),
               "infeed names @nowhere");
}

}  // namespace
}  // namespace kiln

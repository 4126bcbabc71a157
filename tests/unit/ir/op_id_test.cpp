// Op identity: interned ids, the well-known constants, OpInfo and interpreter lookup by id.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "interp/interpreter.h"
#include "ir/op_id.h"
#include "ir/op_info.h"
#include "tests/unit/ir/edit_test_util.h"

namespace kiln::ir {
namespace {

TEST(OpId, SameNameGivesSameId) {
  EXPECT_EQ(OpId::of("stablehlo.add"), OpId::of(std::string("stablehlo.") + "add"));
  EXPECT_NE(OpId::of("stablehlo.add"), OpId::of("stablehlo.subtract"));
}

TEST(OpId, NameRoundTrips) {
  OpId id = OpId::of("stablehlo.dot_general");
  EXPECT_EQ(id.name(), "stablehlo.dot_general");
  EXPECT_LT(id.index(), num_op_ids());
}

TEST(OpId, DefaultIsTheEmptyName) {
  EXPECT_EQ(OpId().name(), "");
  EXPECT_EQ(OpId::of(""), OpId());
}

TEST(OpId, WellKnownConstantsMatchTheirNames) {
  EXPECT_EQ(OpId::of("func.return"), ops::kFuncReturn);
  EXPECT_EQ(OpId::of("stablehlo.return"), ops::kReturn);
  EXPECT_EQ(OpId::of("builtin.module"), ops::kModule);
  EXPECT_EQ(ops::kFunc.name(), "func.func");
  EXPECT_EQ(ops::kConstant.name(), "stablehlo.constant");
}

TEST(OpId, UnregisteredNamesAreInternedToo) {
  OpId id = OpId::of("mydialect.never_registered");
  EXPECT_EQ(id.name(), "mydialect.never_registered");
  EXPECT_EQ(lookup_op(id), nullptr);
}

TEST(OpId, InterningFromManyThreadsAgrees) {
  std::vector<std::thread> threads;
  std::vector<OpId> seen(8);
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([t, &seen] {
      for (int i = 0; i < 200; ++i) OpId::of("op_id_test.name" + std::to_string(i));
      seen[t] = OpId::of("op_id_test.name7");
    });
  }
  for (auto& th : threads) th.join();
  for (OpId id : seen) EXPECT_EQ(id, seen[0]);
  EXPECT_EQ(seen[0].name(), "op_id_test.name7");
}

TEST(OpId, OpInfoLookupByIdMatchesByName) {
  for (const OpInfo* info : all_ops()) {
    EXPECT_EQ(lookup_op(info->id), info) << info->name;
    EXPECT_EQ(lookup_op(info->name), info) << info->name;
    EXPECT_EQ(info->id.name(), info->name);
  }
}

TEST(OpId, OperationStoresItsId) {
  Operation op(std::string_view("stablehlo.add"), Location{});
  EXPECT_EQ(op.id(), OpId::of("stablehlo.add"));
  EXPECT_EQ(op.name(), "stablehlo.add");
  EXPECT_EQ(op.info(), lookup_op("stablehlo.add"));
}

TEST(OpId, InterpreterDispatchesById) {
  EXPECT_NE(interp::lookup_interp(OpId::of("stablehlo.add")), nullptr);
  EXPECT_EQ(interp::lookup_interp(OpId::of("stablehlo.add")),
            interp::lookup_interp("stablehlo.add"));
  EXPECT_EQ(interp::lookup_interp(OpId::of("mydialect.never_registered")), nullptr);
}

}  // namespace
}  // namespace kiln::ir

// Token and host/device I/O ops: create_token, after_all, infeed, outfeed, send, recv, and
// the process ids partition_id and replica_id — their table entries and verifiers.
#include "ir/op_info.h"
#include "ir/operation.h"
#include "ir/ops/type_constraints.h"

namespace kiln::ir {

namespace {

Status expect_token(const Operation& op, const Type& type, std::string_view what) {
  if (type.is_token()) return ok_status();
  return verify_error(op,
                      std::string(what) + " must be !stablehlo.token, but is " + to_string(type));
}

Status verify_token_result(const Operation& op) {
  return expect_token(op, op.result(0)->type(), "result");
}

Status verify_after_all(const Operation& op) {
  for (size_t i = 0; i < op.num_operands(); ++i) {
    KILN_CHECK_OK(expect_token(op, op.operand(i)->type(), "operand #" + std::to_string(i)));
  }
  return verify_token_result(op);
}

// Ops whose last result is the token that orders them after their input token, and whose
// other results are the received tensors (infeed, recv).
Status verify_data_then_token_results(const Operation& op) {
  KILN_CHECK_OK(expect_token(op, op.operand(op.num_operands() - 1)->type(), "token operand"));
  if (op.num_results() == 0) return verify_error(op, "must have a token result");
  for (size_t i = 0; i + 1 < op.num_results(); ++i) {
    KILN_CHECK_OK(expect_tensor(op, op.result(i)->type(), "result #" + std::to_string(i)));
  }
  return expect_token(op, op.result(op.num_results() - 1)->type(), "last result");
}

Status verify_infeed(const Operation& op) {
  KILN_CHECK_OK(verify_data_then_token_results(op));
  // layout, when given, holds one array per data result (the reference verifier's rule; the
  // spec leaves the layout's contents to the implementation).
  if (const auto* layout = op.attr_as<ArrayAttr>("layout")) {
    size_t data = op.num_results() - 1;
    if (layout->elements.size() != data) {
      return verify_error(op, "layout has " + std::to_string(layout->elements.size()) +
                                  " entries but the op has " + std::to_string(data) +
                                  " data results");
    }
    for (const Attribute& entry : layout->elements) {
      if (!entry.is<ArrayAttr>()) {
        return verify_error(op, "layout entries must be arrays, but one is " + to_string(entry));
      }
    }
  }
  return ok_status();
}

// Ops that consume tensors and a token and produce a token (outfeed, send).
Status verify_data_then_token_operands(const Operation& op) {
  for (size_t i = 0; i + 1 < op.num_operands(); ++i) {
    KILN_CHECK_OK(expect_tensor(op, op.operand(i)->type(), "operand #" + std::to_string(i)));
  }
  KILN_CHECK_OK(expect_token(op, op.operand(op.num_operands() - 1)->type(), "token operand"));
  return verify_token_result(op);
}

// spec: a host transfer goes DEVICE_TO_HOST (send, type 2) or HOST_TO_DEVICE (recv, type 3);
// a transfer between devices is DEVICE_TO_DEVICE (type 1).
Status verify_channel_type(const Operation& op, int64_t host_type) {
  const auto* handle = op.attr_as<ChannelHandleAttr>("channel_handle");
  const auto* host = op.attr_as<BoolAttr>("is_host_transfer");
  bool is_host = host && host->value;
  int64_t expected = is_host ? host_type : 1;
  if (handle && handle->type != 0 && handle->type != expected) {
    return verify_error(op, "channel_handle type is " + std::to_string(handle->type) + " but a " +
                                (is_host ? "host" : "device-to-device") + " transfer needs type " +
                                std::to_string(expected));
  }
  return ok_status();
}

Status verify_send(const Operation& op) {
  KILN_CHECK_OK(verify_data_then_token_operands(op));
  return verify_channel_type(op, 2);
}

Status verify_recv(const Operation& op) {
  KILN_CHECK_OK(verify_data_then_token_results(op));
  return verify_channel_type(op, 3);
}

// partition_id and replica_id return a rank-0 tensor<ui32>.
Status verify_process_id(const Operation& op) {
  const Type& t = op.result(0)->type();
  if (!t.is_tensor() || t.rank() != 0 || t.element().kind() != ElementKind::kUI32) {
    return verify_error(op, "result must be tensor<ui32>, but is " + to_string(t));
  }
  return ok_status();
}

std::vector<OpInfo> token_ops() {
  return {
      {.name = "stablehlo.create_token",
       .results = {{"result"}},
       .format = "attr-dict : type(results)",
       .verify = verify_token_result},
      {.name = "stablehlo.after_all",
       .operands = {{"inputs", Arity::kVariadic}},
       .results = {{"result"}},
       .format = "$inputs attr-dict : type(results)",
       .verify = verify_after_all},
      {.name = "stablehlo.infeed",
       .operands = {{"token"}},
       .results = {{"results", Arity::kVariadic}},
       .attrs = {{"infeed_config", AttrKind::kString, true}, {"layout", AttrKind::kArray, true}},
       .verify = verify_infeed},
      {.name = "stablehlo.outfeed",
       .operands = {{"inputs", Arity::kVariadic}, {"token"}},
       .results = {{"result"}},
       .attrs = {{"outfeed_config", AttrKind::kString, true}},
       .verify = verify_data_then_token_operands},
      {.name = "stablehlo.send",
       .operands = {{"inputs", Arity::kVariadic}, {"token"}},
       .results = {{"result"}},
       .attrs = {{"channel_handle", AttrKind::kChannelHandle},
                 {"is_host_transfer", AttrKind::kBool, true},
                 {"source_target_pairs", AttrKind::kIntElements, true}},
       .verify = verify_send},
      {.name = "stablehlo.recv",
       .operands = {{"token"}},
       .results = {{"results", Arity::kVariadic}},
       .attrs = {{"channel_handle", AttrKind::kChannelHandle},
                 {"is_host_transfer", AttrKind::kBool, true},
                 {"source_target_pairs", AttrKind::kIntElements, true}},
       .verify = verify_recv},
      {.name = "stablehlo.partition_id",
       .results = {{"result"}},
       .format = "attr-dict : type(results)",
       .verify = verify_process_id},
      {.name = "stablehlo.replica_id",
       .results = {{"result"}},
       .format = "attr-dict : type(results)",
       .verify = verify_process_id},
  };
}

KILN_REGISTER_OPS(token_ops);

}  // namespace

}  // namespace kiln::ir

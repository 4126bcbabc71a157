// create_token and after_all produce tokens that only order effects.
func.func @main() {
  %t0 = stablehlo.create_token : !stablehlo.token
  %t1 = stablehlo.after_all %t0, %t0 : !stablehlo.token
  %t2 = stablehlo.after_all : !stablehlo.token
  %c = stablehlo.constant dense<[1, 2]> : tensor<2xi32>
  check.expect_eq_const %c, dense<[1, 2]> : tensor<2xi32>
  func.return
}

// -----

// Outside a process grid the process is (0, 0).
func.func @main() {
  %r = stablehlo.replica_id : tensor<ui32>
  %p = stablehlo.partition_id : tensor<ui32>
  check.expect_eq_const %r, dense<0> : tensor<ui32>
  check.expect_eq_const %p, dense<0> : tensor<ui32>
  func.return
}

// -----

// replica_id and partition_id in a grid of 2 replicas x 3 partitions.
func.func @ids() -> (tensor<ui32>, tensor<ui32>) {
  %r = stablehlo.replica_id : tensor<ui32>
  %p = stablehlo.partition_id : tensor<ui32>
  func.return %r, %p : tensor<ui32>, tensor<ui32>
}

func.func @main() {
  %r:12 = "interpreter.run_parallel"() {programs = [[@ids, @ids, @ids], [@ids, @ids, @ids]]} : () -> (tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>)
  check.expect_eq_const %r#0, dense<0> : tensor<ui32>
  check.expect_eq_const %r#1, dense<0> : tensor<ui32>
  check.expect_eq_const %r#4, dense<0> : tensor<ui32>
  check.expect_eq_const %r#5, dense<2> : tensor<ui32>
  check.expect_eq_const %r#6, dense<1> : tensor<ui32>
  check.expect_eq_const %r#7, dense<0> : tensor<ui32>
  check.expect_eq_const %r#10, dense<1> : tensor<ui32>
  check.expect_eq_const %r#11, dense<2> : tensor<ui32>
  func.return
}

// -----

// send and recv between the two partitions of a grid: partition 0 sends two tensors on
// channel 7, partition 1 receives them; a recv waits for its send.
func.func @sender(%x: tensor<3xf32>, %y: tensor<i32>) {
  %t = stablehlo.create_token : !stablehlo.token
  %s = "stablehlo.send"(%x, %y, %t) <{channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>}> : (tensor<3xf32>, tensor<i32>, !stablehlo.token) -> !stablehlo.token
  func.return
}

func.func @receiver() -> (tensor<3xf32>, tensor<i32>) {
  %t = stablehlo.create_token : !stablehlo.token
  %r:3 = "stablehlo.recv"(%t) <{channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>}> : (!stablehlo.token) -> (tensor<3xf32>, tensor<i32>, !stablehlo.token)
  func.return %r#0, %r#1 : tensor<3xf32>, tensor<i32>
}

func.func @main() {
  %x = stablehlo.constant dense<[1.5, -2.0, 0x7F800000]> : tensor<3xf32>
  %y = stablehlo.constant dense<-42> : tensor<i32>
  %r:2 = "interpreter.run_parallel"(%x, %y) {programs = [[@sender, @receiver]]} : (tensor<3xf32>, tensor<i32>) -> (tensor<3xf32>, tensor<i32>)
  check.expect_eq_const %r#0, dense<[1.5, -2.0, 0x7F800000]> : tensor<3xf32>
  check.expect_eq_const %r#1, dense<-42> : tensor<i32>
  func.return
}

// -----

// send and recv with source_target_pairs: each of two processes sends its value to the other
// (pairs name flat process ids) and receives the other's.
func.func @swap(%x: tensor<2xi64>) -> tensor<2xi64> {
  %t = stablehlo.create_token : !stablehlo.token
  %s = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<2xi64>, !stablehlo.token) -> !stablehlo.token
  %r:2 = "stablehlo.recv"(%s) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (!stablehlo.token) -> (tensor<2xi64>, !stablehlo.token)
  func.return %r#0 : tensor<2xi64>
}

func.func @main() {
  %a = stablehlo.constant dense<[1, 2]> : tensor<2xi64>
  %b = stablehlo.constant dense<[3, 4]> : tensor<2xi64>
  %r:2 = "interpreter.run_parallel"(%a, %b) {programs = [[@swap], [@swap]]} : (tensor<2xi64>, tensor<2xi64>) -> (tensor<2xi64>, tensor<2xi64>)
  check.expect_eq_const %r#0, dense<[3, 4]> : tensor<2xi64>
  check.expect_eq_const %r#1, dense<[1, 2]> : tensor<2xi64>
  func.return
}

// -----

// infeed reads the results of interpreter.run_parallel's infeed functions, one function per
// infeed executed, in order.
func.func @feed0() -> (tensor<2xf32>, tensor<i1>) {
  %a = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<true> : tensor<i1>
  func.return %a, %b : tensor<2xf32>, tensor<i1>
}

func.func @feed1() -> (tensor<2xf32>, tensor<i1>) {
  %a = stablehlo.constant dense<[-3.0, 4.0]> : tensor<2xf32>
  %b = stablehlo.constant dense<false> : tensor<i1>
  func.return %a, %b : tensor<2xf32>, tensor<i1>
}

func.func @reader() -> (tensor<2xf32>, tensor<i1>, tensor<2xf32>, tensor<i1>) {
  %t = stablehlo.create_token : !stablehlo.token
  %0:3 = "stablehlo.infeed"(%t) <{infeed_config = ""}> : (!stablehlo.token) -> (tensor<2xf32>, tensor<i1>, !stablehlo.token)
  %1:3 = "stablehlo.infeed"(%0#2) : (!stablehlo.token) -> (tensor<2xf32>, tensor<i1>, !stablehlo.token)
  func.return %0#0, %0#1, %1#0, %1#1 : tensor<2xf32>, tensor<i1>, tensor<2xf32>, tensor<i1>
}

func.func @main() {
  %r:4 = "interpreter.run_parallel"() {infeed = [@feed0, @feed1], programs = [[@reader]]} : () -> (tensor<2xf32>, tensor<i1>, tensor<2xf32>, tensor<i1>)
  check.expect_eq_const %r#0, dense<[1.0, 2.0]> : tensor<2xf32>
  check.expect_eq_const %r#1, dense<true> : tensor<i1>
  check.expect_eq_const %r#2, dense<[-3.0, 4.0]> : tensor<2xf32>
  check.expect_eq_const %r#3, dense<false> : tensor<i1>
  func.return
}

// -----

// outfeed inside a grid writes to the grid's outfeed and returns a token; the program goes on.
func.func @writer(%x: tensor<2xbf16>) -> tensor<2xbf16> {
  %t = stablehlo.create_token : !stablehlo.token
  %o = "stablehlo.outfeed"(%x, %t) <{outfeed_config = ""}> : (tensor<2xbf16>, !stablehlo.token) -> !stablehlo.token
  %y = stablehlo.negate %x : tensor<2xbf16>
  func.return %y : tensor<2xbf16>
}

func.func @main() {
  %x = stablehlo.constant dense<[1.0, -0.5]> : tensor<2xbf16>
  %r = "interpreter.run_parallel"(%x) {programs = [[@writer]]} : (tensor<2xbf16>) -> tensor<2xbf16>
  check.expect_eq_const %r, dense<[-1.0, 0.5]> : tensor<2xbf16>
  func.return
}

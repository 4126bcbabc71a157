// all_reduce across 2 replicas (the spec's example).
func.func @sum(%x: tensor<4xi64>) -> tensor<4xi64> {
  %r = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi64>) -> tensor<4xi64>
  func.return %r : tensor<4xi64>
}

func.func @main() {
  %x0 = stablehlo.constant dense<[1, 2, 3, 4]> : tensor<4xi64>
  %x1 = stablehlo.constant dense<[5, 6, 7, 9223372036854775807]> : tensor<4xi64>
  %r:2 = "interpreter.run_parallel"(%x0, %x1) {programs = [[@sum], [@sum]]} : (tensor<4xi64>, tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>)
  check.expect_eq_const %r#0, dense<[6, 8, 10, -9223372036854775805]> : tensor<4xi64>
  check.expect_eq_const %r#1, dense<[6, 8, 10, -9223372036854775805]> : tensor<4xi64>
  func.return
}

// -----

// all_reduce (maximum, f32, NaN propagates) in two groups of a 4-replica grid.
func.func @max(%x: tensor<2xf32>) -> tensor<2xf32> {
  %r = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0, 2], [3, 1]]> : tensor<2x2xi64>} : (tensor<2xf32>) -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}

func.func @main() {
  %x0 = stablehlo.constant dense<[1.0, -1.0]> : tensor<2xf32>
  %x1 = stablehlo.constant dense<[2.0, 0x7FC00000]> : tensor<2xf32>
  %x2 = stablehlo.constant dense<[-3.0, 5.0]> : tensor<2xf32>
  %x3 = stablehlo.constant dense<[0x7F800000, -7.0]> : tensor<2xf32>
  %r:4 = "interpreter.run_parallel"(%x0, %x1, %x2, %x3) {programs = [[@max], [@max], [@max], [@max]]} : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  check.expect_eq_const %r#0, dense<[1.0, 5.0]> : tensor<2xf32>
  check.expect_eq_const %r#1, dense<[0x7F800000, 0x7FC00000]> : tensor<2xf32>
  check.expect_eq_const %r#2, dense<[1.0, 5.0]> : tensor<2xf32>
  check.expect_eq_const %r#3, dense<[0x7F800000, 0x7FC00000]> : tensor<2xf32>
  func.return
}

// -----

// all_gather along dimension 1 (the spec's example).
func.func @gather(%x: tensor<2x2xf32>) -> tensor<2x4xf32> {
  %r = "stablehlo.all_gather"(%x) {all_gather_dim = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x4xf32>
  func.return %r : tensor<2x4xf32>
}

func.func @main() {
  %x0 = stablehlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %x1 = stablehlo.constant dense<[[5.0, 6.0], [7.0, 8.0]]> : tensor<2x2xf32>
  %r:2 = "interpreter.run_parallel"(%x0, %x1) {programs = [[@gather], [@gather]]} : (tensor<2x2xf32>, tensor<2x2xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>)
  check.expect_eq_const %r#0, dense<[[1.0, 2.0, 5.0, 6.0], [3.0, 4.0, 7.0, 8.0]]> : tensor<2x4xf32>
  check.expect_eq_const %r#1, dense<[[1.0, 2.0, 5.0, 6.0], [3.0, 4.0, 7.0, 8.0]]> : tensor<2x4xf32>
  func.return
}

// -----

// all_to_all (the spec's example): split dimension 1, concatenate along dimension 0.
func.func @a2a(%x: tensor<2x4xi32>) -> tensor<4x2xi32> {
  %r = "stablehlo.all_to_all"(%x) {split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 2 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi32>) -> tensor<4x2xi32>
  func.return %r : tensor<4x2xi32>
}

func.func @main() {
  %x0 = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8]]> : tensor<2x4xi32>
  %x1 = stablehlo.constant dense<[[9, 10, 11, 12], [13, 14, 15, 16]]> : tensor<2x4xi32>
  %r:2 = "interpreter.run_parallel"(%x0, %x1) {programs = [[@a2a], [@a2a]]} : (tensor<2x4xi32>, tensor<2x4xi32>) -> (tensor<4x2xi32>, tensor<4x2xi32>)
  check.expect_eq_const %r#0, dense<[[1, 2], [5, 6], [9, 10], [13, 14]]> : tensor<4x2xi32>
  check.expect_eq_const %r#1, dense<[[3, 4], [7, 8], [11, 12], [15, 16]]> : tensor<4x2xi32>
  func.return
}

// -----

// reduce_scatter: sum, then block j of dimension 1 to the j-th member.
func.func @rs(%x: tensor<2x4xi32>) -> tensor<2x2xi32> {
  %r = "stablehlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {scatter_dimension = 1 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2x4xi32>) -> tensor<2x2xi32>
  func.return %r : tensor<2x2xi32>
}

func.func @main() {
  %x0 = stablehlo.constant dense<[[1, 2, 3, 4], [5, 6, 7, 8]]> : tensor<2x4xi32>
  %x1 = stablehlo.constant dense<[[9, 10, 11, 12], [13, 14, 15, 16]]> : tensor<2x4xi32>
  %r:2 = "interpreter.run_parallel"(%x0, %x1) {programs = [[@rs], [@rs]]} : (tensor<2x4xi32>, tensor<2x4xi32>) -> (tensor<2x2xi32>, tensor<2x2xi32>)
  check.expect_eq_const %r#0, dense<[[10, 12], [18, 20]]> : tensor<2x2xi32>
  check.expect_eq_const %r#1, dense<[[14, 16], [22, 24]]> : tensor<2x2xi32>
  func.return
}

// -----

// collective_permute over 3 replicas: 0 -> 1 -> 2; replica 0 receives nothing (zeros).
func.func @perm(%x: tensor<2xbf16>) -> tensor<2xbf16> {
  %r = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<2xbf16>) -> tensor<2xbf16>
  func.return %r : tensor<2xbf16>
}

func.func @main() {
  %x0 = stablehlo.constant dense<[1.0, 2.0]> : tensor<2xbf16>
  %x1 = stablehlo.constant dense<[3.0, 4.0]> : tensor<2xbf16>
  %x2 = stablehlo.constant dense<[5.0, 6.0]> : tensor<2xbf16>
  %r:3 = "interpreter.run_parallel"(%x0, %x1, %x2) {programs = [[@perm], [@perm], [@perm]]} : (tensor<2xbf16>, tensor<2xbf16>, tensor<2xbf16>) -> (tensor<2xbf16>, tensor<2xbf16>, tensor<2xbf16>)
  check.expect_eq_const %r#0, dense<[0.0, 0.0]> : tensor<2xbf16>
  check.expect_eq_const %r#1, dense<[1.0, 2.0]> : tensor<2xbf16>
  check.expect_eq_const %r#2, dense<[3.0, 4.0]> : tensor<2xbf16>
  func.return
}

// -----

// collective_broadcast: the group [[2, 1]] receives replica 2's operand.
func.func @bcast(%x: tensor<2xi8>) -> tensor<2xi8> {
  %r = "stablehlo.collective_broadcast"(%x) {replica_groups = dense<[[2, 1]]> : tensor<1x2xi64>} : (tensor<2xi8>) -> tensor<2xi8>
  func.return %r : tensor<2xi8>
}

func.func @main() {
  %x0 = stablehlo.constant dense<[1, 2]> : tensor<2xi8>
  %x1 = stablehlo.constant dense<[3, 4]> : tensor<2xi8>
  %x2 = stablehlo.constant dense<[5, -128]> : tensor<2xi8>
  %r:3 = "interpreter.run_parallel"(%x0, %x1, %x2) {programs = [[@bcast], [@bcast], [@bcast]]} : (tensor<2xi8>, tensor<2xi8>, tensor<2xi8>) -> (tensor<2xi8>, tensor<2xi8>, tensor<2xi8>)
  check.expect_eq_const %r#1, dense<[5, -128]> : tensor<2xi8>
  check.expect_eq_const %r#2, dense<[5, -128]> : tensor<2xi8>
  func.return
}

// -----

// With a channel and global device ids, ids are flattened processes: a grid of 2 replicas x
// 2 partitions where processes {0, 3} and {1, 2} sum; the ids come from replica_id and
// partition_id.
func.func @global(%x: tensor<i32>) -> tensor<i32> {
  %r = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 3], [1, 2]]> : tensor<2x2xi64>, use_global_device_ids} : (tensor<i32>) -> tensor<i32>
  func.return %r : tensor<i32>
}

func.func @main() {
  %x0 = stablehlo.constant dense<1> : tensor<i32>
  %x1 = stablehlo.constant dense<10> : tensor<i32>
  %x2 = stablehlo.constant dense<100> : tensor<i32>
  %x3 = stablehlo.constant dense<1000> : tensor<i32>
  %r:4 = "interpreter.run_parallel"(%x0, %x1, %x2, %x3) {programs = [[@global, @global], [@global, @global]]} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>)
  check.expect_eq_const %r#0, dense<1001> : tensor<i32>
  check.expect_eq_const %r#1, dense<110> : tensor<i32>
  check.expect_eq_const %r#2, dense<110> : tensor<i32>
  check.expect_eq_const %r#3, dense<1001> : tensor<i32>
  func.return
}

// -----

// all_reduce with a channel and no global ids: cross_replica_and_partition, so replica
// group [0] holds every partition of replica 0: {(0,0), (0,1)} and {(1,0), (1,1)}.
func.func @rows(%x: tensor<i32>) -> tensor<i32> {
  %r = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0], [1]]> : tensor<2x1xi64>} : (tensor<i32>) -> tensor<i32>
  func.return %r : tensor<i32>
}

func.func @main() {
  %x0 = stablehlo.constant dense<1> : tensor<i32>
  %x1 = stablehlo.constant dense<10> : tensor<i32>
  %x2 = stablehlo.constant dense<100> : tensor<i32>
  %x3 = stablehlo.constant dense<1000> : tensor<i32>
  %r:4 = "interpreter.run_parallel"(%x0, %x1, %x2, %x3) {programs = [[@rows, @rows], [@rows, @rows]]} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>)
  check.expect_eq_const %r#0, dense<11> : tensor<i32>
  check.expect_eq_const %r#1, dense<11> : tensor<i32>
  check.expect_eq_const %r#2, dense<1100> : tensor<i32>
  check.expect_eq_const %r#3, dense<1100> : tensor<i32>
  func.return
}

// -----

// collective_permute with a channel is cross-partition: within each replica, partition
// 0 -> 1 and 1 -> 0.
func.func @swap(%x: tensor<i32>) -> tensor<i32> {
  %r = "stablehlo.collective_permute"(%x) {channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<i32>) -> tensor<i32>
  func.return %r : tensor<i32>
}

func.func @main() {
  %x0 = stablehlo.constant dense<1> : tensor<i32>
  %x1 = stablehlo.constant dense<10> : tensor<i32>
  %x2 = stablehlo.constant dense<100> : tensor<i32>
  %x3 = stablehlo.constant dense<1000> : tensor<i32>
  %r:4 = "interpreter.run_parallel"(%x0, %x1, %x2, %x3) {programs = [[@swap, @swap], [@swap, @swap]]} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>)
  check.expect_eq_const %r#0, dense<10> : tensor<i32>
  check.expect_eq_const %r#1, dense<1> : tensor<i32>
  check.expect_eq_const %r#2, dense<1000> : tensor<i32>
  check.expect_eq_const %r#3, dense<100> : tensor<i32>
  func.return
}

// -----

// Outside a grid a collective acts on a group of one process.
func.func @main() {
  %x = stablehlo.constant dense<[1.5, -2.0]> : tensor<2xf64>
  %r = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %s = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2xf64>) -> tensor<2xf64>
  %g = "stablehlo.all_gather"(%x) {all_gather_dim = 0 : i64, replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<2xf64>) -> tensor<2xf64>
  check.expect_eq_const %r, dense<[1.5, -2.0]> : tensor<2xf64>
  check.expect_eq_const %g, dense<[1.5, -2.0]> : tensor<2xf64>
  func.return
}

// -----

// collective_reduce: the sum over each group goes to the group's first process only; in the
// group [[1, 0]] that is replica 1, and replica 0 gets zeros. Two operands: like all_reduce's,
// the computation combines two elements and is applied to each operand.
func.func @creduce(%x: tensor<3xi64>, %y: tensor<i64>) -> (tensor<3xi64>, tensor<i64>) {
  %r:2 = "stablehlo.collective_reduce"(%x, %y) ({
  ^bb0(%a: tensor<i64>, %b: tensor<i64>):
    %s = stablehlo.add %a, %b : tensor<i64>
    stablehlo.return %s : tensor<i64>
  }) {replica_groups = dense<[[1, 0]]> : tensor<1x2xi64>} : (tensor<3xi64>, tensor<i64>) -> (tensor<3xi64>, tensor<i64>)
  func.return %r#0, %r#1 : tensor<3xi64>, tensor<i64>
}

func.func @main() {
  %x0 = stablehlo.constant dense<[1, 2, 3]> : tensor<3xi64>
  %y0 = stablehlo.constant dense<5> : tensor<i64>
  %x1 = stablehlo.constant dense<[10, 20, -30]> : tensor<3xi64>
  %y1 = stablehlo.constant dense<-7> : tensor<i64>
  %r:4 = "interpreter.run_parallel"(%x0, %y0, %x1, %y1) {programs = [[@creduce], [@creduce]]} : (tensor<3xi64>, tensor<i64>, tensor<3xi64>, tensor<i64>) -> (tensor<3xi64>, tensor<i64>, tensor<3xi64>, tensor<i64>)
  check.expect_eq_const %r#0, dense<[0, 0, 0]> : tensor<3xi64>
  check.expect_eq_const %r#1, dense<0> : tensor<i64>
  check.expect_eq_const %r#2, dense<[11, 22, -27]> : tensor<3xi64>
  check.expect_eq_const %r#3, dense<-2> : tensor<i64>
  func.return
}

// -----

// cross-replica-sum (deprecated): the sum over each group of replicas [[0, 2], [1, 3]];
// i8 wraps around.
func.func @crsum(%x: tensor<2xi8>) -> tensor<2xi8> {
  %r = "stablehlo.cross-replica-sum"(%x) {replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>} : (tensor<2xi8>) -> tensor<2xi8>
  func.return %r : tensor<2xi8>
}

func.func @main() {
  %x0 = stablehlo.constant dense<[1, 100]> : tensor<2xi8>
  %x1 = stablehlo.constant dense<[2, -5]> : tensor<2xi8>
  %x2 = stablehlo.constant dense<[10, 100]> : tensor<2xi8>
  %x3 = stablehlo.constant dense<[20, -7]> : tensor<2xi8>
  %r:4 = "interpreter.run_parallel"(%x0, %x1, %x2, %x3) {programs = [[@crsum], [@crsum], [@crsum], [@crsum]]} : (tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>) -> (tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>)
  check.expect_eq_const %r#0, dense<[11, -56]> : tensor<2xi8>
  check.expect_eq_const %r#1, dense<[22, -12]> : tensor<2xi8>
  check.expect_eq_const %r#2, dense<[11, -56]> : tensor<2xi8>
  check.expect_eq_const %r#3, dense<[22, -12]> : tensor<2xi8>
  func.return
}

// -----

// Promoted computations (spec all_reduce C5-C7, reduce_scatter C7-C8): f32 operands summed in
// f64 keep 2^24 + 1, which f32 cannot hold; i8 operands summed in i32 do not wrap. Expected
// values by hand.
func.func @sum(%x: tensor<2xf32>, %y: tensor<4xi8>) -> (tensor<2xf64>, tensor<2xi32>) {
  %r = "stablehlo.all_reduce"(%x) ({
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %s = stablehlo.add %a, %b : tensor<f64>
    stablehlo.return %s : tensor<f64>
  }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<2xf32>) -> tensor<2xf64>
  %t = "stablehlo.reduce_scatter"(%y) ({
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = stablehlo.add %a, %b : tensor<i32>
    stablehlo.return %s : tensor<i32>
  }) {scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi8>) -> tensor<2xi32>
  func.return %r, %t : tensor<2xf64>, tensor<2xi32>
}

func.func @main() {
  %x0 = stablehlo.constant dense<[16777216.0, 1.0]> : tensor<2xf32>
  %x1 = stablehlo.constant dense<[1.0, 16777216.0]> : tensor<2xf32>
  %y0 = stablehlo.constant dense<[100, 100, -100, 1]> : tensor<4xi8>
  %y1 = stablehlo.constant dense<[100, 27, -100, 2]> : tensor<4xi8>
  %r:4 = "interpreter.run_parallel"(%x0, %y0, %x1, %y1) {programs = [[@sum], [@sum]]} : (tensor<2xf32>, tensor<4xi8>, tensor<2xf32>, tensor<4xi8>) -> (tensor<2xf64>, tensor<2xi32>, tensor<2xf64>, tensor<2xi32>)
  check.expect_eq_const %r#0, dense<[16777217.0, 16777217.0]> : tensor<2xf64>
  check.expect_eq_const %r#1, dense<[200, 127]> : tensor<2xi32>
  check.expect_eq_const %r#2, dense<[16777217.0, 16777217.0]> : tensor<2xf64>
  check.expect_eq_const %r#3, dense<[-200, 3]> : tensor<2xi32>
  func.return
}

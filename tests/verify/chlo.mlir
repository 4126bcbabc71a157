// The chlo ops: invalid programs with the error each must give.

// -----

func.func @main(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<4xi64>) {
  // expected-error@+1 {{group_sizes has 4 groups but the rhs group dimension has size 3}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<4xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @main(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<1x3xi64>) {
  // expected-error@+1 {{group_sizes tensor<1x3xi64> must have rank 1 or 1}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<1x3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @main(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) {
  // expected-error@+1 {{result tensor<11x8xf32> must have shape tensor<11x7xf32>}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x8xf32>
  return
}

// -----

func.func @main(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) {
  // expected-error@+1 {{must have exactly one lhs ragged dimension, but has []}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [], rhs_group_dimensions = [0]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @main(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) {
  // expected-error@+1 {{must have exactly one lhs ragged dimension, but has [0, 1]}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0, 1], rhs_group_dimensions = [0]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @main(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) {
  // expected-error@+1 {{needs one rhs group dimension when the lhs ragged dimension is neither batching nor contracting}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = []>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @main(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) {
  // expected-error@+1 {{takes no rhs group dimension when the lhs ragged dimension is batching or contracting}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @main(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) {
  // expected-error@+1 {{lhs_ragged_dimensions [2] has a dimension out of range [0, 2)}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [2], rhs_group_dimensions = [0]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @main(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) {
  // expected-error@+1 {{rhs batching, contracting and group dimensions [1, 1] repeats dimension 1}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [1]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @main(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) {
  // expected-error@+1 {{rhs batching, contracting and group dimensions [1, -1] has a dimension out of range [0, 3)}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [-1]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @main(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) {
  // expected-error@+1 {{lhs batching and contracting dimensions [-1] has a dimension out of range [0, 2)}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [-1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @main(%l: tensor<2x11x5xf32>, %r: tensor<3x2x5x7xf32>, %g: tensor<3x3xi64>) {
  // expected-error@+1 {{group_sizes tensor<3x3xi64> must begin with the lhs batch sizes [2]}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>}> : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<3x3xi64>) -> tensor<2x11x7xf32>
  return
}

// -----

func.func @main(%l: tensor<2x11x5xf32>, %r: tensor<3x2x5x7xf32>, %g: tensor<2x2x3xi64>) {
  // expected-error@+1 {{group_sizes tensor<2x2x3xi64> must have rank 1 or 2}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>}> : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<2x2x3xi64>) -> tensor<2x11x7xf32>
  return
}

// -----

func.func @main(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xf32>) {
  // expected-error@+1 {{group_sizes must be a tensor of integer type, but is tensor<3xf32>}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xf32>) -> tensor<11x7xf32>
  return
}

// -----

func.func @main(%l: tensor<11x5xf32>, %r: tensor<3x6x7xf32>, %g: tensor<3xi64>) {
  // expected-error@+1 {{contracting dimension 0 has size 5 in lhs but 6 in rhs}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<11x5xf32>, tensor<3x6x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @main(%l: tensor<2x11x5xf32>, %r: tensor<3x4x5x7xf32>, %g: tensor<2x3xi64>) {
  // expected-error@+1 {{batching dimension 0 has size 2 in lhs but 4 in rhs}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>}> : (tensor<2x11x5xf32>, tensor<3x4x5x7xf32>, tensor<2x3xi64>) -> tensor<2x11x7xf32>
  return
}

// -----

func.func @main(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) {
  // expected-error@+1 {{lhs and rhs must have the same number of contracting dimensions}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1, 1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

// -----

func.func @main(%l: tensor<2x11x5xf32>, %r: tensor<3x2x5x7xf32>, %g: tensor<2x3xi64>) {
  // expected-error@+1 {{lhs and rhs must have the same number of batching dimensions}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>}> : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<2x3xi64>) -> tensor<2x11x7xf32>
  return
}

// -----

func.func @main(%l: tensor<2x11x5xf32>, %r: tensor<3x2x5x7xf32>, %g: tensor<2x3xi64>) {
  // expected-error@+1 {{lhs batching and contracting dimensions [0, 0] repeats dimension 0}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>}> : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<2x3xi64>) -> tensor<2x11x7xf32>
  return
}

// -----

func.func @main(%l: tensor<11x5xf32>, %r: tensor<5x7xf32>, %g: tensor<3xi64>) {
  // expected-error@+1 {{result tensor<11x7xf32> must have shape tensor<3x11x7xf32>}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [1], rhs_group_dimensions = []>}> : (tensor<11x5xf32>, tensor<5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}

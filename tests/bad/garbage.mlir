// expect: 2:1: error: expected operation name
$$$ not mlir at all


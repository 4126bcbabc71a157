#!/usr/bin/env bash
# The kiln command line's contract: --version, --help, `-` for standard input, exit status 1
# with a located error on bad input, and print's output parsing back.
# Usage: cli_test.sh KILN SOURCE_DIR
set -uo pipefail
kiln=$1
src=$2
fail() { echo "FAIL: $*"; exit 1; }
"$kiln" --version | grep -q '^kiln [0-9]' || fail "--version"
"$kiln" --help | grep -q 'print' || fail "--help lists print"
"$kiln" print "$src/examples/mlp.mlir" > /tmp/kiln_cli_$$.mlir || fail "print example"
"$kiln" print - < /tmp/kiln_cli_$$.mlir > /tmp/kiln_cli2_$$.mlir || fail "print from stdin"
cmp -s /tmp/kiln_cli_$$.mlir /tmp/kiln_cli2_$$.mlir || fail "print is not a fixed point"
rm -f /tmp/kiln_cli_$$.mlir /tmp/kiln_cli2_$$.mlir
err=$("$kiln" print "$src/tests/bad/undefined_value.mlir" 2>&1 >/dev/null); status=$?
[[ $status -eq 1 ]] || fail "bad input exits 1 (got $status)"
[[ $err == *"undefined_value.mlir:3:10: error: use of undeclared SSA value"* ]] || fail "located error: $err"
[[ $err == *"^"* ]] || fail "caret in: $err"
err=$("$kiln" print /nonexistent.mlir 2>&1); [[ $err == *"cannot open /nonexistent.mlir"* ]] || fail "missing file"
printf 'func.func @main() -> () {\n  return\n}\n// -----\nfunc.func @main() -> () {\n  return\n}\n' |
  "$kiln" print --split-input-file - | grep -c 'func.func' | grep -q 2 || fail "--split-input-file"
echo "cli: all checks passed"

#!/usr/bin/env bash
# kiln's printed output of every test program is accepted by the official StableHLO parser
# and verifier (jaxlib's MLIR). Exits 77 (skipped) where jax is not installed.
# Usage: official_parser_check.sh KILN SOURCE_DIR
set -uo pipefail
kiln=$1
src=$2
if ! python3 -c "import jax" >/dev/null 2>&1; then
  echo "SKIPPED: jax is not installed (pip install jax jaxlib)"
  exit 77
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
n=0
while IFS= read -r file; do
  # The check and interpreter test dialects are kiln's and StableHLO's test tools, unknown
  # to jaxlib, and so is the quant dialect of quantized types: chunks using them are not sent.
  # Nor is kiln's own dialect (kiln.fusion, kiln.softmax, ...: an op name, not a composite's
  # "kiln.name" string).
  # Nor is stablehlo.collective_reduce, newer than the StableHLO bundled with jaxlib 0.10,
  # nor a collective_broadcast of several operands (variadic since then too).
  "$kiln" print --split-input-file "$file" > "$out/all.mlir" || { echo "kiln failed on $file"; exit 1; }
  csplit -s -z -f "$out/chunk_${n}_" "$out/all.mlir" '/^\/\/ -----$/' '{*}' 2>/dev/null || cp "$out/all.mlir" "$out/chunk_${n}_00"
  for c in "$out"/chunk_"$n"_*; do
    sed -i '/^\/\/ -----$/d' "$c"
    if grep -qE '(check|interpreter)\.|(^ *|= )kiln\.[a-z_]+|"kiln\.[a-z_]+"\(|!quant\.|stablehlo\.collective_reduce|collective_broadcast"\([^)]*,' "$c"; then rm "$c"; else mv "$c" "$out/$(basename "$file" .mlir)_$(basename "$c").mlir"; fi
  done
  n=$((n + 1))
done < <(find "$src/examples" "$src/tests/ops" "$src/tests/jax/programs" -name '*.mlir' 2>/dev/null | sort)
rm -f "$out/all.mlir"
python3 "$src/tests/jax/mlir_roundtrip.py" "$out"/*.mlir

# Sourced by the build, test and CI scripts: `phase NAME COMMAND...` runs COMMAND and prints its
# wall time when it ends (failed or not). With KILN_PHASE_LOG naming a file, each phase also
# appends "NAME<TAB>SECONDS<TAB>STATUS" to it, so .ci/run can print every phase in one summary.

phase() {
  local name=$1 start=$SECONDS status=0
  shift
  echo "== $name =="
  "$@" || status=$?
  local took=$((SECONDS - start)) note=""
  ((status == 0)) || note=" (failed, status $status)"
  printf '== %s: %dm%02ds%s ==\n' "$name" $((took / 60)) $((took % 60)) "$note"
  if [[ -n ${KILN_PHASE_LOG:-} ]]; then
    printf '%s\t%s\t%s\n' "$name" "$took" "$status" >>"$KILN_PHASE_LOG"
  fi
  return "$status"
}

# Runs a command with its standard output discarded (for `phase NAME quiet cmake ...`).
quiet() { "$@" >/dev/null; }

# Prints the phases logged in KILN_PHASE_LOG and the total since `since` (a $SECONDS value).
phase_summary() {
  local since=$1 name took status
  local total=$((SECONDS - since))
  echo "== phase times =="
  while IFS=$'\t' read -r name took status; do
    printf '  %-44s %4dm%02ds%s\n' "$name" $((took / 60)) $((took % 60)) \
      "$( ((status == 0)) || echo "  FAILED")"
  done <"$KILN_PHASE_LOG"
  printf '  %-44s %4dm%02ds\n' "total" $((total / 60)) $((total % 60))
}

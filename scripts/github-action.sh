#!/usr/bin/env bash
# The work of the GitHub Action in action.yml, kept here so that it can run (and be tested) outside
# GitHub. Two steps:
#
#   github-action.sh install    builds flowc from this repository and installs it under
#                               $RUNNER_TEMP/flowc (added to $GITHUB_PATH); FLOWC_BINARY=PATH installs
#                               a built flowc instead
#   github-action.sh validate   runs 'flowc validate' on INPUT_PATHS with workflow-command
#                               annotations; with INPUT_SARIF=true also writes INPUT_SARIF_FILE;
#                               exits as flowc does (0 clean, 1 findings, 2 usage or I/O)
#   github-action.sh check      runs 'flowc check' on INPUT_PATHS (every state each root flow reaches,
#                               every guarantee checked) with workflow-command annotations, --strict
#                               when INPUT_STRICT=true; exits as flowc check does
#   github-action.sh diff       runs 'flowc diff --baseline INPUT_BASELINE' on INPUT_PATHS with
#                               workflow-command annotations; exits as flowc diff does
#
# Inputs (environment): INPUT_PATHS (space-separated, default Flows), INPUT_STRICT (true|false),
# INPUT_CONFIG (a .flowc.yml), INPUT_SARIF (true|false), INPUT_SARIF_FILE (default flowc.sarif),
# INPUT_WORKING_DIRECTORY (default .), INPUT_BASELINE (git:REF, for diff).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"

# Sets flowc, paths and options from the inputs and enters the working directory; with 'strict', adds
# --strict when INPUT_STRICT=true.
inputs() {
  flowc="${FLOWC:-flowc}"
  cd "${INPUT_WORKING_DIRECTORY:-.}"
  read -r -a paths <<< "${INPUT_PATHS:-Flows}"
  options=()
  if [ "${1:-}" = "strict" ] && [ "${INPUT_STRICT:-false}" = "true" ]; then options+=(--strict); fi
  if [ -n "${INPUT_CONFIG:-}" ]; then options+=(--config "$INPUT_CONFIG"); fi
}

case "${1:-}" in
  install)
    prefix="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/flowc"
    "$here/scripts/install.sh" --prefix "$prefix"
    if [ -n "${GITHUB_PATH:-}" ]; then echo "$prefix/bin" >> "$GITHUB_PATH"; fi
    ;;
  validate)
    inputs strict
    status=0
    "$flowc" validate --format github "${options[@]}" "${paths[@]}" || status=$?
    if [ "${INPUT_SARIF:-false}" = "true" ]; then
      sarif="${INPUT_SARIF_FILE:-flowc.sarif}"
      sarif_status=0
      "$flowc" validate --format sarif "${options[@]}" "${paths[@]}" > "$sarif" || sarif_status=$?
      if [ "$sarif_status" -ge 2 ]; then rm -f "$sarif"; fi
      if [ -n "${GITHUB_OUTPUT:-}" ] && [ -f "$sarif" ]; then echo "sarif-file=$sarif" >> "$GITHUB_OUTPUT"; fi
    fi
    exit "$status"
    ;;
  check)
    inputs strict
    "$flowc" check --format github "${options[@]}" "${paths[@]}"
    ;;
  diff)
    inputs
    if [ -z "${INPUT_BASELINE:-}" ]; then
      echo "github-action.sh: error: diff needs INPUT_BASELINE (git:REF)" >&2
      exit 2
    fi
    "$flowc" diff --format github "${options[@]}" "${paths[@]}" --baseline "$INPUT_BASELINE"
    ;;
  *)
    echo "github-action.sh: error: expected 'install', 'validate', 'check' or 'diff'" >&2
    exit 2
    ;;
esac

#!/usr/bin/env bash
# Builds flowc in release mode and installs it as PREFIX/bin/flowc (docs/CI.md).
#
#   scripts/install.sh [--prefix DIR]      default: $PREFIX, else /usr/local (use sudo there when not root),
#                                          or "$HOME/.local" for a user install
#
# Installs the build's needs first (scripts/setup.sh --build-only: libyaml-dev, pkg-config).
# FLOWC_BINARY=PATH installs an already built flowc instead of building one (used by the tests).
# The installed flowc is a single executable with the Swift standard library and Foundation linked in
# (--static-swift-stdlib): it needs only libyaml (libyaml-0-2 on Debian) and the C libraries at run time,
# and starts in half the memory (docs/PERFORMANCE.md, "Results").
set -euo pipefail

prefix="${PREFIX:-/usr/local}"
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || { echo "install.sh: error: --prefix needs a folder" >&2; exit 2; }; prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#*=}"; shift ;;
    -h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: error: unknown option '$1'; see --help" >&2; exit 2 ;;
  esac
done

cd "$(dirname "$0")/.."
binary="${FLOWC_BINARY:-}"
if [ -z "$binary" ]; then
  scripts/setup.sh --build-only
  # On Linux the Swift libraries are linked in; macOS ships them with the OS.
  static=()
  if [ "$(uname -s)" = "Linux" ]; then static=(--static-swift-stdlib); fi
  swift build -c release ${static[@]+"${static[@]}"} --product flowc >/dev/null
  binary="$(swift build -c release ${static[@]+"${static[@]}"} --show-bin-path)/flowc"
fi
[ -x "$binary" ] || { echo "install.sh: error: '$binary' is not an executable flowc" >&2; exit 2; }
install -d "$prefix/bin"
install -m 0755 "$binary" "$prefix/bin/flowc"
"$prefix/bin/flowc" --version >/dev/null
echo "installed $("$prefix/bin/flowc" --version) as $prefix/bin/flowc"

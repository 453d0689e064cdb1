#!/usr/bin/env bash
# How fast `flowc view` writes and opens a large app's page (docs/PERFORMANCE.md, "flowc view"):
# generates the benchmark app (flowc-bench generate) at 2,000 screens (one flow) and 20,000 screens
# (20 flows of 1,000), times `flowc view` on each (wall time and peak RSS), then opens each page in
# headless chromium (Tests/Browser/view_paint.py): the overview's first paint, and the largest flow
# opened. Uses the release build (builds flowc and flowc-bench with -c release first).
#
#   scripts/view-bench.sh [WORKDIR]
set -euo pipefail
cd "$(dirname "$0")/.."
work="${1:-$(mktemp -d)}"
tools="${FLOWC_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/flowc}"
swift build -c release --product flowc >/dev/null
swift build -c release --product flowc-bench >/dev/null
bin="$(swift build -c release --show-bin-path)"
pages=()
for shape in "2000 1" "20000 20"; do
  set -- $shape
  app="$work/app$1"
  rm -rf "$app"
  "$bin/flowc-bench" generate "$app" --screens "$1" --files "$2" >/dev/null
  # The generated app's deep links in child flows are warned about (FC651); the page is written anyway.
  /usr/bin/time -o "$app.time" -f "%e s wall, %U s user, %M KiB peak" \
    "$bin/flowc" view "$app" --out "$app.html" 2>/dev/null
  echo "flowc view, $1 screens in $2 flow file(s): $(cat "$app.time"); page $(du -h "$app.html" | cut -f1)"
  pages+=("$app.html")
done
"$tools/venv/bin/python" Tests/Browser/view_paint.py "${pages[@]}"

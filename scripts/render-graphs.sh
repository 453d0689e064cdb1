#!/usr/bin/env bash
# Writes the pictures of the shipped flows that README and docs/FORMAT.md show: docs/graphs/NAME.dot
# ('flowc graph Flows --flow NAME --format dot') and NAME.svg (Graphviz's 'dot -Tsvg').
# and the app overview of every shipped flow, overview.dot ('flowc graph Flows --overview --format dot')
# and overview.svg. FlowDiagramTests fails when they are out of date. Needs Graphviz (scripts/setup.sh installs it).
# Then the screenshots of `flowc view`'s page that docs/GRAPHS.md shows (docs/graphs/view-*.png), taken
# by the browser suite (Tests/Browser/view_suite.py; chromium and playwright, from scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product flowc >/dev/null
flowc="$(swift build --show-bin-path)/flowc"
mkdir -p docs/graphs
for flow in reading app social; do
  "$flowc" graph Flows --flow "$flow" --format dot > "docs/graphs/$flow.dot"
  dot -Tsvg "docs/graphs/$flow.dot" > "docs/graphs/$flow.svg"
done
"$flowc" graph Flows --overview --format dot > docs/graphs/overview.dot
dot -Tsvg docs/graphs/overview.dot > docs/graphs/overview.svg
echo "wrote docs/graphs/{reading,app,social,overview}.{dot,svg}"
tools="${FLOWC_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/flowc}"
work="$(mktemp -d)"
"$tools/venv/bin/python" Tests/Browser/view_suite.py "$flowc" "$work" docs/graphs >/dev/null
rm -rf "$work"
echo "wrote docs/graphs/view-{overview,social,witness}.png"

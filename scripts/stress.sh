#!/usr/bin/env bash
# Runs the hostile inputs of docs/LIMITS.md at full size against a built flowc and prints, for each,
# the time, the peak memory and the exit status. Fails when a case crashes or exits with the wrong
# status; it prints figures and asserts no time (the suite has the same shapes at small sizes).
#
#   scripts/stress.sh             builds flowc in release mode first
#   FLOWC=path scripts/stress.sh  uses that binary
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${FLOWC:-}" ]; then
    swift build -c release --product flowc >&2
    FLOWC=$(swift build -c release --product flowc --show-bin-path)/flowc
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

# run NAME EXPECTED-STATUS COMMAND…: runs the command (in a shell with a 512 KiB stack), prints figures.
run() {
    local name=$1 expected=$2
    shift 2
    local status=0
    /usr/bin/time -f "%e s %M KiB" -o "$work/time" bash -c 'ulimit -s 512; "$@"' _ "$@" >"$work/out" 2>"$work/err" || status=$?
    printf '%-44s exit %s (expected %s)  %s\n' "$name" "$status" "$expected" "$(tail -n 1 "$work/time")"
    if [ "$status" != "$expected" ]; then
        failures=$((failures + 1))
        head -c 600 "$work/err" >&2
    fi
}

python3 - "$work" <<'PY'
import sys
work = sys.argv[1]
def write(name, text):
    with open(f"{work}/{name}", "w") as f:
        f.write(text)
deep = "/a" * 60000
write("deep-links.yaml", f'flow: deep\nstart: home\nscreens: {{ home: {{}} }}\nlinks:\n  ? "{deep}"\n  : [home]\n  ? "{deep}/{{s}}"\n  : [home]\n  ? "{deep}/x"\n  : [home]\n')
n = 20000
lines = ["flow: many", "start: home", "screens: { home: {} }", "links:"]
lines += [f'  "/{i}/z": [home]' for i in range(1, n + 1)]
lines += [f'  "/{{x:int}}/y{i}": [home]' for i in range(1, n + 1)]
write("prefix-links.yaml", "\n".join(lines) + "\n")
count = 10000
for part in range(10):
    lines = [f"flow: big{part}", "start: s0", "screens:"]
    for i in range(count):
        lines.append(f"  s{i}: {{ params: {{ n: {{ type: int, default: 0 }} }}, on: {{ next: {{ push: s{(i + 1) % count}, with: {{ n: {i} }} }} }} }}")
    lines.append("links:")
    lines += [f'  "/s/{i}": [s0, {{ s1: {{ n: {i} }} }}]' for i in range(count)]
    write(f"big{part}.yaml", "\n".join(lines) + "\n")
write("one-line.yaml", "flow: x\nstart: a\nscreens: { a: {}, " + ", ".join(f"s{i}: {{}}" for i in range(300000)) + ", b: { on: { go: { push: nowhere } } } }\n")
keys = ", ".join(f"q{i}: 1" for i in range(100))
write("alias-fan-out.yaml", f"flow: f\nstart: a\nscreens:\n  a: &s {{ {keys} }}\n" + "".join(f"  b{i}: *s\n" for i in range(4900)))
write("huge-line.flowscript", "start\nevent " + "x" * 10_000_000 + "\n")
PY
mkdir "$work/big" && mv "$work"/big[0-9].yaml "$work/big/"
truncate -s 1G "$work/sparse.yaml"

run "validate: links of 60,000 segments"        1 "$FLOWC" validate "$work/deep-links.yaml"
run "validate: 40,000 prefix-sharing links"     1 "$FLOWC" validate "$work/prefix-links.yaml"
run "compile: 100,000 screens + 100,000 links"  0 "$FLOWC" compile "$work/big" -o "$work/big.flowbundle"
run "validate: 1 GiB file"                      1 "$FLOWC" validate "$work/sparse.yaml"
run "validate: /dev/zero"                       1 "$FLOWC" validate /dev/zero
run "validate: one line of $(($(wc -c <"$work/one-line.yaml") / 1024)) KiB, error at its end" 1 "$FLOWC" validate "$work/one-line.yaml"
run "validate: 100 unknown keys aliased 4,900 times" 1 "$FLOWC" validate --format json "$work/alias-fan-out.yaml"
echo "JSON for the aliased keys: $(wc -c <"$work/out") bytes, $(grep -c '"code"' "$work/out") diagnostics"
run "run: a 10 MB script line"                  0 "$FLOWC" run Flows --flow reading --script "$work/huge-line.flowscript"
echo "trace of the 10 MB line: $(tail -n 1 "$work/out" | wc -c) bytes"

if [ "$failures" -gt 0 ]; then
    echo "stress: $failures case(s) failed" >&2
    exit 1
fi
echo "stress: every case behaved"

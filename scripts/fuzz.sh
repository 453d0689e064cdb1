#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (outside SwiftPM, with `swiftc -sanitize=fuzzer,address`)
# and runs one of them. See docs/FUZZING.md.
#
#   scripts/fuzz.sh build                       build the four targets into .build/fuzz/
#   scripts/fuzz.sh compiler [SECONDS] [ARGS…]  target (a): YAML → validate → lower → bundle → renderers
#   scripts/fuzz.sh runtime  [SECONDS] [ARGS…]  target (b): bundle → coordinator driven by the bytes
#   scripts/fuzz.sh lsp      [SECONDS] [ARGS…]  target (c): bytes → language server's reader and requests
#   scripts/fuzz.sh api      [SECONDS] [ARGS…]  target (d): bundle → the coordinator's host calls, any id
#   scripts/fuzz.sh replay   TARGET FILE…       run inputs once (a crash file, a fixture)
#
# SECONDS defaults to 60. ARGS go to libFuzzer (-jobs=2, -max_len=65536, …). Seeds are regenerated
# from Flows/, Tests/Fixtures and Tests/Fixtures/fuzz into .build/fuzz/seeds-TARGET on every run;
# inputs libFuzzer finds are kept in .build/fuzz/corpus-TARGET; a crash is written to
# .build/fuzz/crash-* and the script exits non-zero.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/.build/fuzz
# See the note at -detect_leaks below; ASan's own exit-time leak check needs the same.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
mkdir -p "$out"

# -package-name: the modules use `package` access, which swiftc allows only inside a named package
# (SwiftPM names it after the package).
flags=(-sanitize=fuzzer,address -parse-as-library -swift-version 6 -package-name flowc -O -g
    -I "$out" -I "$root/Sources/CYaml")

# Each target: its libFuzzer entry point in Fuzz/ and its checks, which the test suite shares.
targets=(compiler runtime lsp api)
declare -A entry=(
    [compiler]=Fuzz/CompilerFuzz.swift
    [runtime]=Fuzz/RuntimeFuzz.swift
    [lsp]=Fuzz/LanguageServerFuzz.swift
    [api]=Fuzz/PublicAPIFuzz.swift
)
# Space-separated: the api target's checks use the runtime target's input layout and bundle wrapping.
declare -A harness=(
    [compiler]=Tests/FlowCompilerTests/Fuzzing/CompilerFuzzHarness.swift
    [runtime]=Tests/FlowRuntimeTests/Fuzzing/RuntimeFuzzHarness.swift
    [lsp]=Tests/FlowLanguageServerTests/Fuzzing/LanguageServerFuzzHarness.swift
    [api]="Tests/FlowRuntimeTests/Fuzzing/PublicAPIFuzzHarness.swift Tests/FlowRuntimeTests/Fuzzing/RuntimeFuzzHarness.swift"
)

# Quietens a harmless gold-linker warning that every ASan link prints.
filter_link_noise() { grep -v "Cannot export local symbol '__asan" >&2 || true; }

# The Flow modules that FILES… import (`import M`, `public import M`, `import struct M.X`, …), one a line.
imports() {
    grep -hoE '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)?((public|package|internal|private|fileprivate)[[:space:]]+)?import[[:space:]]+((struct|class|enum|protocol|typealias|func|var|let)[[:space:]]+)?Flow[A-Za-z0-9_]*' /dev/null "$@" \
        | sed -E 's/.*[[:space:]]//; s/\..*//' | sort -u
}

# Appends MODULE to `order` after the modules it imports, each once: a dependency order, read from the
# sources, so it follows Package.swift without repeating it here.
declare -A visited=()
order=()
visit() {
    local name=$1 dependency
    [ -z "${visited[$name]:-}" ] || return 0
    visited[$name]=1
    [ -d "Sources/$name" ] || { echo "fuzz: no module Sources/$name" >&2; exit 1; }
    for dependency in $(imports $(find "Sources/$name" -name '*.swift')); do
        visit "$dependency"
    done
    order+=("$name")
}

# Compiles MODULE into .build/fuzz/MODULE.{o,swiftmodule} unless its object is newer than its sources,
# this script and the objects of the modules it imports (which are compiled first).
build_module() {
    local name=$1 sources dependency stale=0
    mapfile -t sources < <(find "Sources/$name" -name '*.swift' | sort)
    if [ ! -f "$out/$name.o" ] || [ "$0" -nt "$out/$name.o" ] \
        || [ -n "$(find "Sources/$name" -name '*.swift' -newer "$out/$name.o")" ]; then
        stale=1
    fi
    for dependency in $(imports "${sources[@]}"); do
        [ "$out/$dependency.o" -nt "$out/$name.o" ] && stale=1
    done
    [ "$stale" = 1 ] || return 0
    echo "fuzz: compiling $name" >&2
    swiftc "${flags[@]}" -module-name "$name" -wmo -emit-module -emit-module-path "$out/$name.swiftmodule" \
        -c "${sources[@]}" -o "$out/$name.o"
    touch "$out/$name.o"  # swiftc keeps the old file (and its time) when the object is unchanged
}

build() {
    local target module
    for target in "${targets[@]}"; do
        # shellcheck disable=SC2206 # a harness entry may list several files
        local sources=("${entry[$target]}" ${harness[$target]}) objects=() libraries=()
        # The modules this target needs: those its two files import, and theirs, in dependency order.
        visited=() order=()
        for module in $(imports "${sources[@]}"); do visit "$module"; done
        for module in "${order[@]}"; do
            build_module "$module"
            objects+=("$out/$module.o")
        done
        [ -z "${visited[FlowYAML]:-}" ] || libraries+=(-lyaml)
        local fresh=1 file
        [ -x "$out/$target-fuzz" ] || fresh=0
        for file in "${sources[@]}" "${objects[@]}"; do
            [ "$fresh" = 1 ] && [ "$file" -nt "$out/$target-fuzz" ] && fresh=0
        done
        [ "$fresh" = 1 ] && continue
        echo "fuzz: linking $target-fuzz (${order[*]})" >&2
        swiftc "${flags[@]}" -module-name "${target^}Fuzz" "${sources[@]}" "${objects[@]}" "${libraries[@]}" \
            -o "$out/$target-fuzz" 2> >(filter_link_noise)
    done
}

# Seeds for target (a): every flow file alone, each folder of flows joined with NUL (validated as a set),
# and the crash fixtures.
compiler_seeds() {
    local seeds=$out/seeds-compiler folder
    rm -rf "$seeds" && mkdir -p "$seeds"
    find Flows Tests/Fixtures -name '*.yaml' | sort | while read -r file; do
        cp "$file" "$seeds/$(echo "$file" | tr '/' '_')"
    done
    find Flows Tests/Fixtures -type d | sort | while read -r folder; do
        local files=("$folder"/*.yaml)
        [ -e "${files[0]}" ] && [ "${#files[@]}" -gt 1 ] || continue
        for file in "${files[@]}"; do cat "$file"; printf '\0'; done > "$seeds/set_$(echo "$folder" | tr '/' '_')"
    done
    [ -d Tests/Fixtures/fuzz/compiler ] && cp Tests/Fixtures/fuzz/compiler/* "$seeds/" 2>/dev/null || true
}

# Seeds for target (b): the payloads of the bundles of Flows/ and of each valid fixture folder, each with a
# few command sequences (the input layout is in RuntimeFuzzHarness.swift); and the crash fixtures.
runtime_seeds() {
    local seeds=$out/seeds-${1:-runtime} flowc folder name bundle header size
    rm -rf "$seeds" && mkdir -p "$seeds"
    swift build --product flowc >&2
    flowc=$(swift build --product flowc --show-bin-path)/flowc
    for folder in Flows Tests/Fixtures/valid/*/; do
        name=$(echo "${folder%/}" | tr '/' '_')
        bundle=$out/$name.bundle
        "$flowc" compile "$folder" -o "$bundle" >/dev/null 2>&1 || continue
        header=$(head -n 1 "$bundle" | wc -c)
        size=$(($(wc -c <"$bundle") - header - 8))
        local index=0 commands
        for commands in '\000\000\001\000\001\001\003\001\001\002' '\001\000\002\002\005\001\006\001\001\000\006\000\007\000\000\000' \
            '\002\000\001\003\001\001\004\000\003\002\010\001\005\004\001\001'; do
            {
                printf "$(printf '\\%03o\\%03o\\%03o\\%03o' $((size & 255)) $((size >> 8 & 255)) $((size >> 16 & 255)) $((size >> 24 & 255)))"
                tail -c "$size" "$bundle"
                printf "$commands"
            } >"$seeds/${name}_$index"
            index=$((index + 1))
        done
    done
    [ -d "Tests/Fixtures/fuzz/${1:-runtime}" ] && cp "Tests/Fixtures/fuzz/${1:-runtime}"/* "$seeds/" 2>/dev/null || true
}

# Seeds for target (d): the runtime target's bundles and command bytes (read three at a time: an operation
# and two arguments), and Tests/Fixtures/fuzz/api, whose inputs hold nested containers (a tab bar presented as
# a sheet, tab sets inside tabs).
api_seeds() { runtime_seeds api; }

# Seeds for target (c): each shipped flow file, then a NUL, then a few framed message streams (didChange
# with a typo, a request before its answer is cancelled, malformed framing); and the crash fixtures.
lsp_seeds() {
    local seeds=$out/seeds-lsp file name
    rm -rf "$seeds" && mkdir -p "$seeds"
    for file in Flows/*.yaml; do
        name=$(basename "$file" .yaml)
        {
            cat "$file"
            printf '\0'
            printf 'Content-Length: 56\r\n\r\n{"jsonrpc":"2.0","id":7,"method":"shutdown","params":{}}'
            printf 'Content-Length: x\r\n\r\n'
            printf 'Content-Length: 2\r\n\r\n[]'
        } >"$seeds/${name}_0"
        { cat "$file"; printf '\0\001\002\003\004\005\006'; } >"$seeds/${name}_1"
    done
    [ -d Tests/Fixtures/fuzz/lsp ] && cp Tests/Fixtures/fuzz/lsp/* "$seeds/" 2>/dev/null || true
}

command=${1:-}
case "$command" in
build)
    build
    ;;
compiler | runtime | lsp | api)
    seconds=${2:-60}
    shift $(($# >= 2 ? 2 : 1))
    build
    "${command}_seeds"
    mkdir -p "$out/corpus-$command"
    echo "fuzz: running $command-fuzz for ${seconds}s" >&2
    cd "$out"
    # -detect_leaks=0: the Swift runtime's metadata caches and Dispatch's worker threads keep memory that
    # LeakSanitizer reports as leaked (not reproducible when an input is replayed alone).
    "./$command-fuzz" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 -print_final_stats=1 \
        -artifact_prefix="$out/crash-$command-" "$@" "corpus-$command" "seeds-$command"
    ;;
replay)
    target=${2:?name the target: compiler, runtime, lsp or api}
    shift 2
    build
    "$out/$target-fuzz" -runs=1 -detect_leaks=0 "$@"
    ;;
*)
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac

#!/usr/bin/env bash
# Renames the flow types whose definition/compiled names broke the one naming scheme (issue 30, item 8),
# across every tracked text file, and renames the files named after them with `git mv`.
#
#   scripts/rename-pairs.sh          rename (idempotent: a second run changes nothing)
#   scripts/rename-pairs.sh check    exit 1, listing the files, when an old name is still written
#
# The scheme (docs/ARCHITECTURE.md, "Names"): what the decoder makes (FlowDefinitions) is `…Definition`;
# its compiled counterpart in the bundle (FlowModel/Graph) is `…Node`. `FlowGraph` is the named
# exception: the compiled flow, the whole that holds the nodes (against `FlowDefinition`). Primitives that
# both sides share (ParameterType, Presentation, LinkPatternSegment, the policies) keep their names.
#
# Only type names change, as whole words: no serialized name does (the bundle's binary encoding writes
# no type name, and the Codable keys are property and case names), so bundles stay byte-identical.
set -euo pipefail
cd "$(dirname "$0")/.."

# old name → new name
pairs=(
    ChildFlowDeclaration:ChildDefinition
    CompiledAction:ActionNode
    DeepLinkDefinition:LinkDefinition
    LinkAlias:LinkAliasNode
)

olds=()
perl_program=''
for pair in "${pairs[@]}"; do
    old=${pair%%:*}
    new=${pair#*:}
    olds+=("$old")
    perl_program+="s/\\b${old}\\b/${new}/g; "
done
alternation=$(IFS='|'; echo "${olds[*]}")
# "a `CompiledAction`" becomes "an `ActionNode`".
perl_program+='s/\b([Aa]) (`*)ActionNode\b/$1n $2ActionNode/g; '

# This script names the old names on purpose; CHANGELOG-style history keeps them too.
files_with_old_names() {
    git grep -I -l -w -E "$alternation" -- . ':!scripts/rename-pairs.sh' ':!CHANGELOG.md' || true
}

if [[ "${1:-}" == "check" ]]; then
    left=$(files_with_old_names)
    if [[ -n "$left" ]]; then
        echo "rename-pairs: old names still written in:" >&2
        echo "$left" >&2
        exit 1
    fi
    exit 0
elif [[ -n "${1:-}" ]]; then
    sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi

# 1. Files named after an old type (`CompiledAction.swift`, `CompiledAction+Codable.swift`,
#    `CompiledActionTests.swift`) take the new name.
git ls-files | while IFS= read -r path; do
    base=${path##*/}
    dir=${path%"$base"}
    for pair in "${pairs[@]}"; do
        old=${pair%%:*}
        new=${pair#*:}
        if [[ "$base" == "$old".* || "$base" == "$old"+* || "$base" == "$old"Tests.* ]]; then
            target="$dir$new${base#"$old"}"
            if [[ -e "$target" ]]; then
                echo "rename-pairs: both $path and $target exist; resolve by hand" >&2
                exit 1
            fi
            git mv "$path" "$target"
        fi
    done
done

# 2. Every whole-word use, in every tracked text file (sources, tests, docs, plugins, examples, fixtures).
files_with_old_names | while IFS= read -r path; do
    perl -pi -e "$perl_program" "$path"
done

# 3. Shorter and longer names move line breaks: format the Swift sources again.
if swift format --version >/dev/null 2>&1; then
    scripts/format.sh apply
fi

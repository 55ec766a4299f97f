#!/bin/sh
# tests/layers.sh: the house's rules (docs/architecture.md), checked. A file
# of src/ includes only its own folder and the folders its room may include
# (the map's third column); the library's objects use no symbol of a room
# theirs may not include; and no files depend on each other in a circle,
# by include lines or by symbols (a .c and its .h count as one file).
#
# Usage: tests/layers.sh [OBJ_DIR]
#   OBJ_DIR  the library's objects (build/obj): their symbols are checked
#            too; without it, the include lines only
# Environment: LAYERS_ROOT (.): the tree to check, which holds src/ and
# docs/architecture.md; LAYERS_SELFTEST=0 skips the check of the checker.
# Exit status: 0 if the rules hold, 1 if one is broken (each said on a
# line), 2 if the map cannot be read.
set -eu
root=${LAYERS_ROOT:-.}
objs=${1:-}
[ -z "$objs" ] || objs=$(cd "$objs" 2>/dev/null && pwd) || { echo "layers: no objects in $1" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)

# The check of the checker: a copy of the tree with an upward include, then
# with a circle inside a room, must each fail; the real tree must pass.
selftest() {
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    for case in upward circle; do
        rm -rf "$tmp/tree"
        mkdir -p "$tmp/tree/docs"
        cp -R "$root/src" "$root/include" "$tmp/tree/"
        cp "$root/docs/architecture.md" "$tmp/tree/docs/"
        case $case in
        upward) printf '#include "logic/state.h"\n' >> "$tmp/tree/src/solve/search.c" ;;
        circle) printf '#include "catalogue.h"\n' >> "$tmp/tree/src/logic/state.h" ;;
        esac
        if LAYERS_ROOT="$tmp/tree" LAYERS_SELFTEST=0 sh "$here/layers.sh" > "$tmp/out" 2>&1; then
            echo "layers: the check missed an injected $case include:"
            cat "$tmp/out"
            exit 1
        fi
        grep -q "$case" "$tmp/out" || {
            echo "layers: the injected $case include failed for another reason:"
            cat "$tmp/out"
            exit 1
        }
    done
    rm -rf "$tmp"
    trap - EXIT
}
[ "${LAYERS_SELFTEST:-1}" = 0 ] || selftest

map=$root/docs/architecture.md
[ -f "$map" ] || { echo "layers: no map: $map" >&2; exit 2; }
# "room allowed..." from the map's rows: | `room/` | what | `a/`, `b/` |
rules=$(awk -F'|' '
    $2 ~ /^ *`[a-z]+\/` *$/ {
        room = $2; gsub(/[ `\/]/, "", room)
        line = room; rest = $4
        while (match(rest, /`[a-z]+\/`/)) {
            name = substr(rest, RSTART + 1, RLENGTH - 3)
            line = line " " name
            rest = substr(rest, RSTART + RLENGTH)
        }
        print line
    }' "$map")
[ -n "$rules" ] || { echo "layers: no rooms in the map of $map" >&2; exit 2; }

failed=0
edges=$(mktemp)
problems=$(mktemp)
trap 'rm -f "$edges" "$edges.files" "$problems"' EXIT

# Include lines, each resolved as the compiler does: the including file's
# folder first, then src/ (-Isrc), then the public header. A file and its
# header are one file of the graph (src/logic/state.c and .h: logic/state).
cd "$root"
find src include -name '*.[ch]' 2>/dev/null | sort > "$edges.files"
grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' $(grep '^src/' "$edges.files") /dev/null |
    awk -v rules="$rules" -v problems="$problems" -v edges="$edges" -v files="$edges.files" '
    function module(path) { sub(/^src\//, "", path); sub(/\.[ch]$/, "", path); return path }
    BEGIN {
        while ((getline path < files) > 0) exists[path] = 1
        n = split(rules, rows, "\n")
        for (i = 1; i <= n; i++) {
            k = split(rows[i], r, " ")
            for (j = 2; j <= k; j++) may[r[1] " " r[j]] = 1
            allowed[r[1]] = substr(rows[i], length(r[1]) + 2)
        }
    }
    {
        split($0, part, ":"); file = part[1]; line = part[2]
        name = $0; sub(/^[^"]*"/, "", name); sub(/".*/, "", name)
        dir = file; sub(/\/[^\/]*$/, "", dir)
        split(file, f, "/"); room = f[2]
        if ((dir "/" name) in exists) target = dir "/" name
        else if (("src/" name) in exists) target = "src/" name
        else if (("include/" name) in exists) next
        else {
            printf "layers: %s:%s: includes \"%s\", which is no file of src/ or include/\n", file, line, name >> problems
            next
        }
        split(target, t, "/"); to = t[2]
        if (to != room && !((room " " to) in may))
            printf "layers: %s:%s: includes \"%s\": upward, %s/ may include only %s (docs/architecture.md)\n",
                file, line, name, room, allowed[room] == "" ? "the public header" : allowed[room] >> problems
        if (module(file) != module(target)) print module(file), module(target) >> edges
    }'
rm -f "$edges.files"

# Symbols: what each library object uses of the others.
if [ -n "$objs" ]; then
    [ -d "$objs" ] || { echo "layers: no objects in $objs" >&2; exit 2; }
    defs=$(mktemp)
    uses=$(mktemp)
    # One nm for all the objects (one per object cost seconds): "OBJ:ADDR T NAME"
    # and "OBJ: U NAME". An object whose source is gone is left from an older tree.
    find "$objs" -name '*.o' ! -path "$objs/cli/*" | sort > "$defs.objs"
    find src -name '*.c' | sed -e 's|^src/||' -e 's|\.c$||' > "$defs.sources"
    module_of='
        BEGIN { while ((getline s < sources) > 0) source[s] = 1 }
        { m = $1; sub(/:.*/, "", m); m = substr(m, length(objs) + 2); sub(/\.o$/, "", m) }
        m in source'
    xargs nm -A --defined-only -g < "$defs.objs" |
        awk -v objs="$objs" -v sources="$defs.sources" "$module_of"' && NF == 3 { print $3, m }' > "$defs"
    xargs nm -A -u < "$defs.objs" |
        awk -v objs="$objs" -v sources="$defs.sources" "$module_of"' { print $NF, m }' > "$uses"
    rm -f "$defs.objs" "$defs.sources"
    awk -v rules="$rules" -v problems="$problems" -v edges="$edges" '
        BEGIN {
            n = split(rules, rows, "\n")
            for (i = 1; i <= n; i++) {
                k = split(rows[i], f, " ")
                for (j = 2; j <= k; j++) may[f[1] " " f[j]] = 1
                allowed[f[1]] = substr(rows[i], length(f[1]) + 2)
            }
        }
        FNR == NR { owner[$1] = $2; next }
        ($1 in owner) && owner[$1] != $2 {
            from = $2; to = owner[$1]
            split(from, a, "/"); split(to, b, "/")
            if (a[1] != b[1] && !((a[1] " " b[1]) in may))
                printf "layers: %s.o uses %s of %s.o: upward, %s/ may include only %s (docs/architecture.md)\n",
                    from, $1, to, a[1], allowed[a[1]] == "" ? "the public header" : allowed[a[1]] >> problems
            print from, to >> edges
        }' "$defs" "$uses"
    rm -f "$defs" "$uses"
fi

# Circles: tsort names the files of the loops it meets.
circle=$(tsort "$edges" 2>&1 > /dev/null) || failed=1
if [ -s "$problems" ] || [ $failed = 1 ]; then
    sort -u "$problems"
    [ $failed = 0 ] || {
        echo "layers: a circle of files that depend on each other, among:"
        echo "$circle" | grep -v 'input contains a loop' | sed 's/^tsort: /  /'
    }
    exit 1
fi
echo "layers-check: passed: $(echo "$rules" | wc -l | tr -d ' ') rooms, $(sort -u "$edges" | wc -l | tr -d ' ') dependencies between files, none upward, no circle"

#!/bin/sh
# bench/digests.sh: one SHA-256 digest per output the toolkit promises to keep
# byte for byte (a refactoring, a new engine): explain --format json and rate
# on top1465, the 509 SE-rated puzzles and the first 2,000 of forum-hardest;
# solve, canon and check on the shared datasets; generate and transform from
# fixed seeds; the shared library's exported symbols. Compare two binaries by
# running it on each and diffing the two files it writes.
#
# Usage: bench/digests.sh BUILD_DIR OUT [SHARED]
#   BUILD_DIR  holds sudoku and libsudoku.so (a make build directory)
#   OUT        the digest file to write (one "digest  what" line each)
#   SHARED     ../shared by default (puzzles/ and ratings/ under it)
# Environment: DIGEST_JOBS (2): -j of the slow commands (the output is the
# same at any -j); DIGEST_QUICK=1 leaves out forum-hardest (a few minutes).
set -eu
[ $# -ge 2 ] || { echo "usage: bench/digests.sh BUILD_DIR OUT [SHARED]" >&2; exit 2; }
build=$1 shared=${3:-../shared}
out=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
bin=$(cd "$build" && pwd)/sudoku
lib=$(cd "$build" && pwd)/libsudoku.so
jobs=${DIGEST_JOBS:-2}
puzzles=$(cd "$shared/puzzles" 2>/dev/null && pwd) || puzzles=$shared/puzzles
[ -x "$bin" ] || { echo "bench/digests.sh: no program $bin" >&2; exit 2; }
[ -d "$puzzles" ] || { echo "bench/digests.sh: no datasets in $puzzles" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
grep -v '^#' "$shared/ratings/se-classic.txt" | cut -d' ' -f1 > "$tmp/se509.txt"
head -n 2000 "$puzzles/forum-hardest-11plus.txt" > "$tmp/hardest2000.txt"
for f in "$puzzles"/*.txt; do cp "$f" "$tmp/"; done
# Records name their source file as given: from inside $tmp, by name only,
# so that two runs (in two temporary folders) give the same bytes.
cd "$tmp"

: > "$out"
# record WHAT COMMAND...: the digest of the command's stdout, stderr and
# exit status, under the name WHAT.
record() {
    what=$1; shift
    rc=0
    "$@" > stdout 2> stderr || rc=$?
    sum=$({ cat stdout; echo "== stderr"; cat stderr; echo "== status $rc"; } |
        sha256sum | cut -c1-64)
    printf '%s  %s\n' "$sum" "$what" >> "$out"
    printf '%s  %s (%s lines)\n' "$(printf %s "$sum" | cut -c1-12)" "$what" \
        "$(wc -l < stdout | tr -d ' ')" >&2
}

sets="top1465 se509"
[ "${DIGEST_QUICK:-0}" = 1 ] || sets="$sets hardest2000"
for set in $sets; do
    record "explain --format json $set" "$bin" explain --format json -j "$jobs" "$set.txt"
    record "rate $set" "$bin" rate -j "$jobs" "$set.txt"
done
record "hint --format json top1465" "$bin" hint --format json -j "$jobs" top1465.txt
record "rate --no-chains se509" "$bin" rate --no-chains se509.txt
for f in *.txt; do
    case $f in se509.txt | hardest2000.txt) continue ;; esac
    name=$(basename "$f" .txt)
    record "solve $name" "$bin" solve -j "$jobs" "$name.txt"
    record "solve --format json $name" "$bin" solve --format json -j "$jobs" "$name.txt"
    record "canon $name" "$bin" canon -j "$jobs" "$name.txt"
    record "check $name" "$bin" check -j "$jobs" "$name.txt"
done
record "check --format json top1465" "$bin" check --format json top1465.txt
record "solve --show-candidates top1465" "$bin" solve --show-candidates top1465.txt
record "transform --random --seed 7 top1465" "$bin" transform --random --seed 7 top1465.txt
record "generate --seed 2026 300" "$bin" generate --seed 2026 --rate --solution 300
record "generate --seed 5 --symmetry random 200" "$bin" generate --seed 5 --symmetry random --format json 200
record "generate --seed 9 --difficulty hard 20" "$bin" generate --seed 9 --difficulty hard --rate 20
record "generate --seed 11 --clues 24 20" "$bin" generate --seed 11 --clues 24 20
record "nm -D libsudoku.so" sh -c "nm -D --defined-only '$lib' | awk '{print \$2, \$3}' | sort"

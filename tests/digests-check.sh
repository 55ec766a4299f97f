#!/bin/sh
# Part of `make check` (issue 31): the rating engine's steps stay byte for
# byte those of the reference. Each line of the list (tests/digests.txt;
# tests/digests-long.txt for `make digests-long`) is the SHA-256 digest of
# a command's output, stdout and exit status, on a slice of a shared
# dataset, as the engine before the chaining core of issue 31 gave it:
#
#   DIGEST  COMMAND SET FIRST COUNT
#
# COMMAND is explain (`explain --format json`, every step: technique,
# rating, complexity, placements, eliminations, the printed chains) or
# rate; SET is se509 (../shared/ratings/se-classic.txt's puzzles) or a file
# of ../shared/puzzles; FIRST and COUNT its lines. A step that differs is a
# bug of the new engine, whatever it rates: the digests change only on
# purpose (an output's wording), written again with DIGESTS_WRITE=1 from a
# binary known to be right.
#
# Usage: tests/digests-check.sh [LIST]   (SUDOKU_BIN, SHARED: ../shared)
set -u
bin=${SUDOKU_BIN:-build/sudoku}
shared=${SHARED:-../shared}
list=${1:-tests/digests.txt}
jobs=${DIGEST_JOBS:-2}
[ -x "$bin" ] || { echo "digests-check: no program $bin" >&2; exit 1; }
[ -r "$list" ] || { echo "digests-check: no list $list" >&2; exit 1; }
if [ ! -r "$shared/ratings/se-classic.txt" ] || [ ! -d "$shared/puzzles" ]; then
    echo "digests-check: skipped: the shared datasets are absent ($shared)"
    exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The slice of a set, on stdout.
slice() {
    case $1 in
    se509) grep -v '^#' "$shared/ratings/se-classic.txt" | cut -d' ' -f1 ;;
    *) cat "$shared/puzzles/$1.txt" ;;
    esac | sed -n "$2,$(($2 + $3 - 1))p"
}

failed=0 count=0
: > "$work/list"
while read -r digest command set first n; do
    case $digest in '' | '#'*) continue ;; esac
    case $command in
    explain) args="explain --format json" ;;
    rate) args=rate ;;
    *) echo "digests-check: $list: unknown command '$command'" >&2; exit 1 ;;
    esac
    slice "$set" "$first" "$n" > "$work/in"
    [ "$(wc -l < "$work/in")" -eq "$n" ] ||
        { echo "digests-check: $set has fewer than $((first + n - 1)) lines" >&2; exit 1; }
    rc=0
    # shellcheck disable=SC2086
    "$bin" $args -j "$jobs" < "$work/in" > "$work/out" 2> "$work/err" || rc=$?
    sum=$({ cat "$work/out"; echo "== status $rc"; } | sha256sum | cut -c1-64)
    printf '%s  %s %s %s %s\n' "$sum" "$command" "$set" "$first" "$n" >> "$work/list"
    count=$((count + 1))
    if [ "$sum" != "$digest" ]; then
        echo "digests-check: $command of $set lines $first-$((first + n - 1)) differs from the reference" >&2
        failed=1
    fi
done < "$list"
if [ "${DIGESTS_WRITE:-0}" = 1 ]; then
    { grep '^#' "$list"; cat "$work/list"; } > "$list.new" && mv "$list.new" "$list"
    echo "digests-check: wrote $list ($count digests)"
    exit 0
fi
[ "$count" -gt 0 ] || { echo "digests-check: $list lists nothing" >&2; exit 1; }
[ $failed = 0 ] || exit 1
echo "digests-check: passed ($count outputs of $list byte for byte as the reference)"

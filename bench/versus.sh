#!/bin/sh
# bench/versus.sh: our solver beside the reference solver (tdoku) on the same
# machine in the same minutes, as make bench's last part (docs/benchmarks.md).
# Every measurement alternates the two, run by run, and takes the medians:
#   in process: tdoku's run_benchmark (-r 0: the file's puzzles as they are,
#     in order) against sudoku-bench --rate, uniqueness (limit 2) and first
#     solution (limit 1);
#   whole process: tdoku's example program (solve 2 < FILE) against
#     sudoku solve FILE, each repeated until it has run for 0.3 s;
#   few-clue puzzles without a solution (bench/unsolvable.c, a family made
#     once and kept beside the builds): our slowest ones, and tdoku's example
#     on each of them (the puzzle 2,000 times in a file, which leaves its
#     start-up, about 1 ms, out of the figure but for 0.5 µs).
# The reference is an instrument: nothing of it is copied or built here.
#
# Usage: bench/versus.sh BUILD_DIR TDOKU_DIR FAMILY FILE...
# Environment: BENCH_RUNS (runs per measurement, 3 at least), BENCH_FORMAT
# (text or markdown), BENCH_SECONDS (1: each in-process run, whole seconds),
# BENCH_UNSOLVABLE (10000: the family's size).
set -eu
usage="usage: bench/versus.sh BUILD_DIR TDOKU_DIR FAMILY FILE..."
[ $# -ge 4 ] || { echo "$usage" >&2; exit 2; }
build=$1 tdoku=$2 family=$3
shift 3
runs=${BENCH_RUNS:-5}
[ "$runs" -ge 3 ] || runs=3
seconds=${BENCH_SECONDS:-1} # whole seconds: run_benchmark reads -t and -w as integers
family_size=${BENCH_UNSOLVABLE:-10000}
# Never over another file: FAMILY named in a dataset's place must not cost it.
if [ -s "$family" ] && [ "$(wc -l < "$family")" -ne "$family_size" ]; then
    echo "versus: $family has $(wc -l < "$family") lines, not a family of $family_size: left as it is ($usage)" >&2
    exit 2
fi
markdown=
[ "${BENCH_FORMAT:-text}" = markdown ] && markdown=1

title() {
    if [ -n "$markdown" ]; then printf '\n#### %s\n\n' "$1"; else printf '\n== %s\n' "$1"; fi
}

# A table row from its cells, separated by tabs.
row() {
    if [ -n "$markdown" ]; then
        printf '%s\n' "$1" | awk -F '\t' '{ printf "|"; for (i = 1; i <= NF; i++) printf " %s |", $i; print "" }'
    else
        printf '%s\n' "$1" | awk -F '\t' '{ printf "%-26s", $1; for (i = 2; i <= NF; i++) printf "%14s", $i; print "" }'
    fi
}

head_row() {
    row "$1"
    [ -n "$markdown" ] || return 0
    printf '%s\n' "$1" | awk -F '\t' '{ printf "|:---"; for (i = 2; i <= NF; i++) printf "|---:"; print "|" }'
}

median() {
    sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) print 0; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

ratio() {
    awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'
}

rounded() {
    awk -v x="$1" 'BEGIN { printf "%.0f", x }'
}

now_ns() {
    date +%s%N
}

# Runs a solver on a file as a whole process: "ours FILE" (sudoku solve) or
# "tdoku LIMIT FILE" (its example program), output discarded.
run_solver() {
    if [ "$1" = ours ]; then
        "$build/sudoku" solve -- "$2" >/dev/null 2>&1 || true
    else
        "$tdoku/solve" "$2" < "$3" >/dev/null 2>&1 || true
    fi
}

# Puzzles per second of run_solver ARGS on a file of n puzzles: one run
# says how many make about 0.3 s, and those are timed together (reading the
# clock costs a process too).
process_rate() {
    n=$1
    shift
    start=$(now_ns)
    run_solver "$@"
    one=$(($(now_ns) - start))
    reps=$((300000000 / (one > 0 ? one : 1)))
    [ "$reps" -ge 1 ] || reps=1
    i=0 start=$(now_ns)
    while [ $i -lt "$reps" ]; do
        run_solver "$@"
        i=$((i + 1))
    done
    elapsed=$(($(now_ns) - start))
    awk -v n="$n" -v r="$reps" -v e="$elapsed" 'BEGIN { printf "%.0f\n", n * r / (e / 1e9) }'
}

# The reference must run here: its build uses this machine kind's widest
# instructions, and dies on a processor without them.
probe=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
if ! echo "$probe" | "$tdoku/solve" 1 2>/dev/null | grep -q ":1:"; then
    echo "versus: $tdoku/solve does not run on this machine (no AVX-512?): the comparison with tdoku is left out;"
    echo "  see ../shared/docs/PERFORMANCE.md for its published figures"
    exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sudoku-versus.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# tdoku reads 81-character lines with dots: the same puzzles, in the same
# order, for both (comments, carriage returns and other lines left out).
clean() {
    tr -d '\r' < "$1" | grep -E '^[0-9.]{81}$' | tr 0 . > "$2" || true
}

started=$(date +%s)
printf '\n%s\n' "${markdown:+### }our solver beside tdoku (bench/versus.sh, $runs runs each, medians; ratio: ours / tdoku, above 1 is faster)"
echo "load before: $(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo unknown)"

title "in process, puzzles/s: tdoku's run_benchmark -r 0 against sudoku-bench --rate, ${seconds} s runs"
head_row "$(printf 'file\tmode\tpuzzles\tours\ttdoku\tratio')"
for file in "$@"; do
    name=$(basename "$file")
    clean "$file" "$tmp/$name"
    n=$(wc -l < "$tmp/$name")
    [ "$n" -gt 0 ] || continue
    for mode in uniqueness first; do
        limit=2 flag=
        [ $mode = first ] && limit=1 flag=-f
        : > "$tmp/ours" && : > "$tmp/theirs"
        r=0
        while [ $r -lt "$runs" ]; do
            "$tdoku/run_benchmark" -t "$seconds" -w 1 -r 0 -v 0 $flag -s tdoku "$tmp/$name" 2>/dev/null |
                awk -F '|' '/^\|tdoku/ { gsub(/ /, "", $3); print $3 }' >> "$tmp/theirs"
            "$build/sudoku-bench" --rate $limit --seconds "$seconds" "$tmp/$name" >> "$tmp/ours"
            r=$((r + 1))
        done
        ours=$(median < "$tmp/ours") theirs=$(median < "$tmp/theirs")
        row "$(printf '%s\t%s\t%s\t%s\t%s\t%s' "$name" "$mode" "$n" "$(rounded "$ours")" "$(rounded "$theirs")" "$(ratio "$ours" "$theirs")")"
    done
done

title "whole process, puzzles/s: tdoku's solve 2 < FILE against sudoku solve FILE (uniqueness checked, output written)"
head_row "$(printf 'file\tpuzzles\tours\ttdoku\tratio')"
for file in "$@"; do
    name=$(basename "$file")
    n=$(wc -l < "$tmp/$name")
    [ "$n" -gt 0 ] || continue
    : > "$tmp/ours" && : > "$tmp/theirs"
    r=0
    while [ $r -lt "$runs" ]; do
        process_rate "$n" tdoku 2 "$tmp/$name" >> "$tmp/theirs"
        process_rate "$n" ours "$tmp/$name" >> "$tmp/ours"
        r=$((r + 1))
    done
    ours=$(median < "$tmp/ours") theirs=$(median < "$tmp/theirs")
    row "$(printf '%s\t%s\t%s\t%s\t%s' "$name" "$n" "$(rounded "$ours")" "$(rounded "$theirs")" "$(ratio "$ours" "$theirs")")"
done

if [ ! -s "$family" ]; then
    echo "versus: making $family_size few-clue puzzles without a solution in $family (once; minutes)" >&2
    mkdir -p "$(dirname "$family")"
    "$build/sudoku-unsolvable" "$family_size" > "$family.tmp" && mv "$family.tmp" "$family"
fi
title "few-clue puzzles without a solution ($family_size made by bench/unsolvable.c): our slowest, and tdoku's example on each"
"$build/sudoku-bench" --slowest 5 "$family" > "$tmp/slowest"
head -n 1 "$tmp/slowest"
echo
head_row "$(printf 'puzzle\tguesses\tours µs\ttdoku µs\tratio')"
tail -n +2 "$tmp/slowest" | while read -r puzzle _ _ micro _ guesses _; do
    i=0
    while [ $i -lt 2000 ]; do echo "$puzzle"; i=$((i + 1)); done > "$tmp/one"
    : > "$tmp/theirs"
    r=0
    while [ $r -lt "$runs" ]; do
        process_rate 2000 tdoku 1 "$tmp/one" >> "$tmp/theirs"
        r=$((r + 1))
    done
    theirs=$(awk -v r="$(median < "$tmp/theirs")" 'BEGIN { printf "%.1f", 1e6 / r }')
    row "$(printf '%s\t%s\t%s\t%s\t%s' "$puzzle" "$guesses" "$micro" "$theirs" "$(ratio "$theirs" "$micro")")"
done
: > "$tmp/ours" && : > "$tmp/theirs"
r=0
while [ $r -lt "$runs" ]; do
    process_rate "$family_size" tdoku 1 "$family" >> "$tmp/theirs"
    process_rate "$family_size" ours "$family" >> "$tmp/ours"
    r=$((r + 1))
done
ours=$(median < "$tmp/ours") theirs=$(median < "$tmp/theirs")
echo
echo "the whole family, as whole processes: ours $(rounded "$ours") puzzles/s, tdoku's example $(rounded "$theirs") puzzles/s (ratio $(ratio "$ours" "$theirs"); ours also writes a diagnostic line for each, to stderr)"
echo "load after: $(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo unknown)"
echo "(versus: $(($(date +%s) - started)) s)"

#!/bin/sh
# bench/run.sh: one build's part of make bench (see the Makefile's top):
# says what is measured (compiler, flags, CPU, runs, date, load), then runs the
# bench program, with the build's sudoku timed as a whole process, on every
# *.txt of SHARED_PUZZLES (if that directory exists) and every file of
# puzzles/.
#
# Then, when the reference solver's programs are in TDOKU and the datasets are
# there, our solver beside it (bench/versus.sh).
#
# Usage: bench/run.sh BUILD_DIR CC FLAGS SHARED_PUZZLES
# Environment: BENCH_RUNS (5), BENCH_BUDGET (15 s), BENCH_FORMAT (text or markdown),
# BENCH_RATE_HARDEST (1000: forum-hardest puzzles rated; 0 skips the rating),
# BENCH_GENERATE (10000: puzzles per generate measurement; 0 skips them),
# BENCH_PICTURES (10000: puzzles drawn, a tenth of them in books; 0 skips them)
# BENCH_HINT_HARDEST (200: forum-hardest puzzles of the hint latency; 0 skips it)
# BENCH_SETTER (1: the setters' targets, bench/setter.c; 0 skips them; quick: a sample)
# BENCH_HODOKU (1: rate on HoDoKu's scale beside issue 26's targets; 0 skips it)
# TDOKU (the reference's directory), UNSOLVABLE_FAMILY (the file bench/versus.sh
# keeps the unsolvable family in), BENCH_UNSOLVABLE (its size)
set -eu
usage="usage: bench/run.sh BUILD_DIR CC FLAGS SHARED_PUZZLES"
[ $# -eq 4 ] || { echo "$usage" >&2; exit 2; }
build=$1 cc=$2 flags=$3 shared=$4
runs=${BENCH_RUNS:-5}
budget=${BENCH_BUDGET:-15}
case ${BENCH_FORMAT:-text} in
text) markdown= ;;
markdown) markdown=--markdown ;;
*) echo "bench/run.sh: BENCH_FORMAT is text or markdown, not '$BENCH_FORMAT'" >&2; exit 2 ;;
esac

compiler=$($cc --version 2>/dev/null | head -n 1) || compiler="$cc (no --version)"
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
cores=$(grep -c '^processor' /proc/cpuinfo 2>/dev/null) || cores="?"
started=$(date +%s)

# One line of the header: "name  value" in text, a list item in markdown.
say() {
    if [ -n "$markdown" ]; then printf -- '- %s: %s\n' "$1" "$2"; else printf '%-9s %s\n' "$1" "$2"; fi
}

if [ -n "$markdown" ]; then
    printf '### %s build\n\n' "$(basename "$build")"
else
    printf '== make bench: %s build\n' "$(basename "$build")"
fi
say compiler "$compiler"
say flags "$flags"
say cpu "${cpu:-unknown (no /proc/cpuinfo)}, $cores logical cores"
say runs "up to $runs per measurement, none started after ${budget} s; median shown; a run repeats passes for >= 0.2 s, after 0.5 s of warm-up"
say date "$(date '+%Y-%m-%d %H:%M %Z')"
say load "$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo unknown) (1, 5, 15-minute averages; the previous build's bench counts too)"

if [ -d "$shared" ]; then
    set -- "$shared"/*.txt puzzles/*
else
    echo "make bench: $shared is absent: timing puzzles/ only (SHARED_PUZZLES=DIR to name the datasets)"
    set -- puzzles/*
fi
"$build/sudoku-bench" --runs "$runs" --budget "$budget" $markdown --command "$build/sudoku" "$@"

# Rating, as `sudoku rate FILE > /dev/null` (whole process, one run each: the
# first 1,000 of forum-hardest take minutes): top1465 and the first
# BENCH_RATE_HARDEST puzzles of forum-hardest-11plus, -j 1 then -j 2.
hardest=${BENCH_RATE_HARDEST:-1000}
rate_line() { # NAME FILE: one row of the table
    n=$(grep -c '^[^#]' "$2")
    row="$1|$n"
    for j in 1 2; do
        t0=$(date +%s.%N)
        "$build/sudoku" rate -j "$j" "$2" > "$rated" 2>/dev/null || true
        t1=$(date +%s.%N)
        records=$(wc -l < "$rated")
        [ "$records" -eq "$n" ] || echo "make bench: rate -j $j gave $records records for $n puzzles of $2" >&2
        row="$row|$(awk -v a="$t0" -v b="$t1" -v n="$n" 'BEGIN { printf "%.1f|%.1f", b - a, n / (b - a) }')"
    done
    out=$(grep -c 'over.budget' "$rated") || true
    row="$row|$out"
    if [ -n "$markdown" ]; then
        echo "$row" | awk -F'|' '{ printf "| %s | %s | %s | %s | %s | %s | %.2f | %s |\n", $1, $2, $3, $4, $5, $6, $6 / $4, $7 }'
    else
        echo "$row" | awk -F'|' '{ printf "%-22s %8s %8s %10s %8s %10s %6.2f %12s\n", $1, $2, $3, $4, $5, $6, $6 / $4, $7 }'
    fi
}
if [ "$hardest" -gt 0 ] && [ -f "$shared/top1465.txt" ] && [ -f "$shared/forum-hardest-11plus.txt" ]; then
    sample=$(mktemp) rated=$(mktemp)
    trap 'rm -f "$sample" "$rated"' EXIT
    grep '^[^#]' "$shared/forum-hardest-11plus.txt" | head -n "$hardest" > "$sample"
    echo
    title="sudoku rate, whole process, one run each (SE's ER/EP/ED with chains; default budget)"
    if [ -n "$markdown" ]; then
        printf '%s\n\n| set | puzzles | -j 1 s | -j 1 puzzles/s | -j 2 s | -j 2 puzzles/s | -j 2 / -j 1 | over budget |\n|---|---:|---:|---:|---:|---:|---:|---:|\n' "$title"
    else
        printf '%s\n%-22s %8s %8s %10s %8s %10s %6s %12s\n' "$title" set puzzles "-j1 s" "-j1 p/s" "-j2 s" "-j2 p/s" ratio "over budget"
    fi
    rate_line top1465 "$shared/top1465.txt"
    rate_line "forum-hardest first $hardest" "$sample"
else
    echo
    echo "make bench: rating skipped (BENCH_RATE_HARDEST=0, or top1465.txt / forum-hardest-11plus.txt absent from $shared)"
fi
# Generating, as whole processes, the median of three runs each, beside
# QQWing (Debian's generator) when it is installed: unique puzzles, as
# both make them by default and with a half-turn symmetry; then our
# minimal symmetric puzzles and puzzles by difficulty (rarer, so fewer).
generating=${BENCH_GENERATE:-10000}
median_seconds() { # COMMAND...: the median wall time of three runs, output discarded
    for run in 1 2 3; do
        t0=$(date +%s.%N)
        "$@" > /dev/null 2>&1 || true
        t1=$(date +%s.%N)
        awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f\n", b - a }'
    done | sort -n | sed -n 2p
}
generate_row() { # LABEL COUNT QQWING_COUNT SUDOKU_ARGS -- QQWING_ARGS
    label=$1 count=$2 qcount=$3
    shift 3
    ours=
    while [ $# -gt 0 ] && [ "$1" != -- ]; do ours="$ours $1"; shift; done
    [ $# -gt 0 ] && shift
    # shellcheck disable=SC2086
    t=$(median_seconds "$build/sudoku" generate --seed 1 $ours "$count")
    rate=$(awk -v n="$count" -v t="$t" 'BEGIN { printf "%.0f", n / t }')
    qrate=- ratio=-
    if [ $# -gt 0 ] && [ "$qcount" -gt 0 ] && command -v qqwing > /dev/null; then
        q=$(median_seconds qqwing --generate "$qcount" --one-line "$@")
        qrate=$(awk -v n="$qcount" -v t="$q" 'BEGIN { printf "%.0f", n / t }')
        ratio=$(awk -v a="$rate" -v b="$qrate" 'BEGIN { printf "%.1f", a / b }')
    fi
    if [ -n "$markdown" ]; then
        printf '| %s | %s | %s | %s | %s |\n' "$label" "$count" "$rate" "$qrate" "$ratio"
    else
        printf '%-44s %8s %12s %12s %8s\n' "$label" "$count" "$rate" "$qrate" "$ratio"
    fi
}
if [ "$generating" -gt 0 ]; then
    echo
    command -v qqwing > /dev/null || echo "make bench: qqwing is not installed (apt-get install qqwing): its column is empty"
    title="sudoku generate, whole process, median of 3 runs (puzzles/s); QQWing the same way on a tenth as many"
    if [ -n "$markdown" ]; then
        printf '%s\n\n| puzzles | count | ours/s | QQWing/s | ours / QQWing |\n|---|---:|---:|---:|---:|\n' "$title"
    else
        printf '%s\n%-44s %8s %12s %12s %8s\n' "$title" puzzles count ours/s QQWing/s ratio
    fi
    tenth=$((generating / 10))
    generate_row "unique, no symmetry (ours minimal)" "$generating" "$tenth" -- --symmetry none
    generate_row "unique, rotate180" "$generating" "$tenth" --symmetry rotate180 -- --symmetry rotate180
    generate_row "unique, no symmetry, -j 2" "$generating" 0 -j 2
    generate_row "minimal, rotate180" "$tenth" 0 --symmetry rotate180 --minimal
    for d in easy medium hard expert; do
        generate_row "difficulty $d (rated)" "$((tenth / 10))" 0 --difficulty "$d"
    done
    generate_row "difficulty extreme (rated)" "$((tenth / 100 + 1))" 0 --difficulty extreme
fi

# HoDoKu's scale (issue 26): `sudoku rate --scale hodoku -j 1`, whole
# process, the median of three runs, beside the issue's targets (a hundred
# times HoDoKu 2.2's own speed): top1465, the SE-rated set, 17-clue.
hodoku_row() { # NAME FILE TARGET: one row of the table
    n=$(grep -c '^[^#]' "$2")
    t=$(median_seconds "$build/sudoku" rate --scale hodoku -j 1 "$2")
    awk -v name="$1" -v n="$n" -v t="$t" -v target="$3" -v md="$markdown" 'BEGIN {
        rate = n / t
        met = rate >= target ? "yes" : sprintf("no: %.2fx short", target / rate)
        if (md != "") printf "| %s | %d | %.2f | %.0f | %d | %s |\n", name, n, t, rate, target, met
        else printf "%-22s %8d %8.2f %10.0f %8d   %s\n", name, n, t, rate, target, met
    }'
}
se_rated="$shared/../ratings/se-classic.txt"
if [ "${BENCH_HODOKU:-1}" != 0 ] && [ -f "$shared/top1465.txt" ] && [ -f "$shared/17-clue.txt" ] &&
    [ -f "$se_rated" ]; then
    echo
    title="sudoku rate --scale hodoku -j 1, whole process, median of 3 runs (puzzles/s; issue 26's targets)"
    if [ -n "$markdown" ]; then
        printf '%s\n\n| set | puzzles | s | puzzles/s | target | met |\n|---|---:|---:|---:|---:|---|\n' "$title"
    else
        printf '%s\n%-22s %8s %8s %10s %8s   %s\n' "$title" set puzzles s puzzles/s target met
    fi
    hodoku_row top1465 "$shared/top1465.txt" 600
    hodoku_row SE-rated "$se_rated" 1000
    hodoku_row 17-clue "$shared/17-clue.txt" 20000
else
    echo "make bench: HoDoKu's scale skipped (BENCH_HODOKU=0, or top1465.txt, 17-clue.txt or ../ratings/se-classic.txt absent beside $shared)"
fi

# Pictures and books (bench/pictures.sh): SVG at 10,000 a second or more, a
# book of 1,000 puzzles in under a second.
sh bench/pictures.sh "$build" "$markdown"

# The game's hints (bench/hint_latency.c): at every state of each puzzle's
# path, the time from the key to the hint, as the game asks it (its worker
# thread and memo), and cold (the engine asked afresh); all of top1465, then
# the first BENCH_HINT_HARDEST of forum-hardest-11plus. The target: p99 at
# most 100 ms on top1465.
hint_hardest=${BENCH_HINT_HARDEST:-200}
if [ "$hint_hardest" -gt 0 ] && [ -f "$shared/top1465.txt" ] && [ -f "$shared/forum-hardest-11plus.txt" ]; then
    echo
    echo "sudoku play's hints: latency at every state of each path (bench/hint_latency.c)"
    printf '%-32s %s\n' "top1465" "$("$build/sudoku-hint-latency" "$shared/top1465.txt")"
    printf '%-32s %s\n' "forum-hardest, first $hint_hardest" \
        "$("$build/sudoku-hint-latency" "$shared/forum-hardest-11plus.txt" "$hint_hardest")"
else
    echo "make bench: hint latency skipped (BENCH_HINT_HARDEST=0, or the datasets absent from $shared)"
fi

# The setters' targets (issue 28): patterns, techniques, few clues, vicinity.
case ${BENCH_SETTER:-1} in
0) ;;
quick) "$build/sudoku-setter-bench" $markdown --quick "$build/sudoku" "$shared/top1465.txt" ;;
*) "$build/sudoku-setter-bench" $markdown "$build/sudoku" "$shared/top1465.txt" ;;
esac

# How well --budget tracks time (bench/budget.c): the time a unit of work
# takes on every kind of board; the default for --anyway's puzzles is set
# from the slowest kind (docs/logic.md).
units=${BENCH_UNITS_SAMPLE:-400}
if [ "$units" -gt 0 ] && [ -f "$shared/top1465.txt" ] && [ -f "$shared/forum-hardest-11plus.txt" ]; then
    echo
    echo "--budget's unit of work, CPU time per unit by input (every ${units}th puzzle; one path each, at most 20M units)"
    "$build/sudoku-budget" --cap 20000000 --sample "$units" $markdown \
        "$shared/top1465.txt" "$shared/forum-hardest-11plus.txt"
fi

tdoku=${TDOKU:-../shared/reference/tdoku}
if [ ! -d "$shared" ]; then
    echo "make bench: no datasets: the comparison with tdoku is left out"
elif [ ! -x "$tdoku/run_benchmark" ] || [ ! -x "$tdoku/solve" ]; then
    echo "make bench: $tdoku/run_benchmark and solve are absent: the comparison with tdoku is left out (TDOKU=DIR)"
else
    sh bench/versus.sh "$build" "$tdoku" "${UNSOLVABLE_FAMILY:-$build/unsolvable.txt}" "$shared"/*.txt
fi
echo
echo "($(basename "$build") build: $(($(date +%s) - started)) s)"

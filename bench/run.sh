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

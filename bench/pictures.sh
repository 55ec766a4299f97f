#!/bin/sh
# bench/pictures.sh: pictures and books, timed as whole processes (part of
# make bench; docs/pictures.md): SVG of COUNT generated puzzles' solutions
# (solve --format svg to standard output; COUNT / 10 of them to a new file
# each, which costs what the file system takes to make a file), beside the
# same solve writing lines; then books of COUNT / 10 puzzles (each
# checked and rated), from a file (sudoku book) and from generate. The
# targets: 10,000 pictures a second or more; a book of 1,000 puzzles in
# under a second. Median of 3 runs each, wall and processor time (the
# processor time of all threads, when /usr/bin/time is there).
#
# Usage: bench/pictures.sh BUILD_DIR [markdown]
# Environment: BENCH_PICTURES (10000; 0 skips)
set -eu
build=$1 markdown=${2:-}
count=${BENCH_PICTURES:-10000}
[ "$count" -gt 0 ] || { echo "make bench: pictures skipped (BENCH_PICTURES=0)"; exit 0; }
book=$((count / 10))
sudoku=$build/sudoku
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$sudoku" generate --seed 1 "$count" > "$tmp/puzzles.txt"
head -n "$book" "$tmp/puzzles.txt" > "$tmp/book.txt"

# The processor time of a run too, when GNU time is there: on a shared
# machine the wall time says how busy it was, the processor time what the
# work costs.
if [ -x /usr/bin/time ]; then timer=/usr/bin/time; else timer=; fi
before= # a command run, untimed, before each timed run
median_seconds() { # COMMAND...: "wall cpu", medians of three runs, output discarded
    for run in 1 2 3; do
        [ -z "$before" ] || $before
        t0=$(date +%s.%N)
        if [ -n "$timer" ]; then
            $timer -f '%U %S' -o "$tmp/cpu" "$@" > /dev/null 2>&1 || true
        else
            "$@" > /dev/null 2>&1 || true
            echo "- -" > "$tmp/cpu"
        fi
        t1=$(date +%s.%N)
        awk -v a="$t0" -v b="$t1" '{ printf "%.4f %s\n", b - a, ($1 == "-" ? "-" : $1 + $2) }' "$tmp/cpu"
    done > "$tmp/runs"
    wall=$(cut -d ' ' -f 1 "$tmp/runs" | sort -n | sed -n 2p)
    cpu=$(cut -d ' ' -f 2 "$tmp/runs" | sort -n | sed -n 2p)
    echo "$wall $cpu"
}
row() { # LABEL COUNT COMMAND...
    label=$1 n=$2
    shift 2
    set -- $(median_seconds "$@")
    rate=$(awk -v n="$n" -v t="$1" 'BEGIN { printf "%.0f", n / t }')
    if [ -n "$markdown" ]; then
        printf '| %s | %s | %.3f | %s | %s |\n' "$label" "$n" "$1" "$2" "$rate"
    else
        printf '%-54s %8s %8.3f %8s %10s\n' "$label" "$n" "$1" "$2" "$rate"
    fi
}
fresh_dir() { # before each run of --output-dir: new files, as a first run makes them
    rm -rf "$tmp/svg"
}

echo
title="pictures and books, whole process, median of 3 runs ($count generated puzzles; books of the first $book)"
if [ -n "$markdown" ]; then
    printf '%s\n\n| what | puzzles | seconds | cpu s | puzzles/s |\n|---|---:|---:|---:|---:|\n' "$title"
else
    printf '%s\n%-54s %8s %8s %8s %10s\n' "$title" what puzzles seconds "cpu s" puzzles/s
fi
row "solve --format line (beside: the same solving)" "$count" "$sudoku" solve "$tmp/puzzles.txt"
row "solve --format svg (one picture a puzzle, stdout)" "$count" "$sudoku" solve --format svg "$tmp/puzzles.txt"
before=fresh_dir
row "solve --format svg --output-dir (a new file a picture)" "$book" \
    "$sudoku" solve --format svg --output-dir "$tmp/svg" "$tmp/book.txt"
before=
row "solve --format svg -j 2" "$count" "$sudoku" solve --format svg -j 2 "$tmp/puzzles.txt"
row "book (each puzzle checked and rated)" "$book" "$sudoku" book "$tmp/book.txt"
row "book -j 2" "$book" "$sudoku" book -j 2 "$tmp/book.txt"
row "book --solutions --steps" "$book" "$sudoku" book --solutions --steps "$tmp/book.txt"
row "generate --format html --solution (made and rated)" "$book" "$sudoku" generate --seed 1 --format html --solution "$book"

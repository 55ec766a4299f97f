#!/bin/sh
# bench/pictures.sh: pictures and books, timed as whole processes (part of
# make bench; docs/pictures.md): SVG of COUNT generated puzzles' solutions
# (solve --format svg to standard output; COUNT / 10 of them to a new file
# each, which costs what the file system takes to make a file), beside the
# same solve writing lines; then books of COUNT / 10 puzzles (each
# checked and rated), from a file (sudoku book) and from generate. The
# targets: 10,000 pictures a second or more; a book of 1,000 puzzles in
# under a second. Median of 3 runs each.
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

median_seconds() { # COMMAND...: the median wall time of three runs, output discarded
    for run in 1 2 3; do
        t0=$(date +%s.%N)
        "$@" > /dev/null 2>&1 || true
        t1=$(date +%s.%N)
        awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.4f\n", b - a }'
    done | sort -n | sed -n 2p
}
row() { # LABEL COUNT COMMAND...
    label=$1 n=$2
    shift 2
    t=$(median_seconds "$@")
    rate=$(awk -v n="$n" -v t="$t" 'BEGIN { printf "%.0f", n / t }')
    if [ -n "$markdown" ]; then
        printf '| %s | %s | %.3f | %s |\n' "$label" "$n" "$t" "$rate"
    else
        printf '%-52s %8s %8.3f %10s\n' "$label" "$n" "$t" "$rate"
    fi
}
out_dir() { # a fresh folder for each run: new files, as a first run makes them
    rm -rf "$tmp/svg" && "$sudoku" solve --format svg --output-dir "$tmp/svg" "$tmp/book.txt"
}

echo
title="pictures and books, whole process, median of 3 runs ($count generated puzzles; books of the first $book)"
if [ -n "$markdown" ]; then
    printf '%s\n\n| what | puzzles | seconds | puzzles/s |\n|---|---:|---:|---:|\n' "$title"
else
    printf '%s\n%-52s %8s %8s %10s\n' "$title" what puzzles seconds puzzles/s
fi
row "solve --format line (beside: the same solving)" "$count" "$sudoku" solve "$tmp/puzzles.txt"
row "solve --format svg (one picture a puzzle, stdout)" "$count" "$sudoku" solve --format svg "$tmp/puzzles.txt"
row "solve --format svg --output-dir (a new file a picture)" "$book" out_dir
row "solve --format svg -j 2" "$count" "$sudoku" solve --format svg -j 2 "$tmp/puzzles.txt"
row "book (each puzzle checked and rated)" "$book" "$sudoku" book "$tmp/book.txt"
row "book -j 2" "$book" "$sudoku" book -j 2 "$tmp/book.txt"
row "book --solutions --steps" "$book" "$sudoku" book --solutions --steps "$tmp/book.txt"
row "generate --format html --solution (made and rated)" "$book" "$sudoku" generate --seed 1 --format html --solution "$book"

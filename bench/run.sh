#!/bin/sh
# make bench: in-process figures (bench.c) and whole-process figures (the
# command reading a file, output to /dev/null), median of 3 runs each.
# Usage: run.sh BUILD_DIR SHARED_PUZZLES
set -eu
build=$1
shared=$2
if [ ! -d "$shared" ]; then
    echo "make bench: $shared is absent; the benchmarks need the shared datasets" >&2
    exit 1
fi
sets="17-clue top1465 forum-hardest-11plus norvig-top95"
files=""
for s in $sets; do files="$files $shared/$s.txt"; done

echo "== in-process: parse first, then solve + uniqueness check (limit 2); median of 3"
"$build/bench" -r 3 $files

echo
echo "== whole process: sudoku solve FILE > /dev/null (uniqueness checked); median of 3"
printf '%-28s %8s %10s %12s\n' file puzzles seconds puzzles/s
for s in $sets; do
    f=$shared/$s.txt
    n=$(grep -c '^[0-9.]' "$f")
    times=""
    for run in 1 2 3; do
        t0=$(date +%s.%N)
        "$build/sudoku" solve "$f" > /dev/null
        t1=$(date +%s.%N)
        times="$times $(echo "$t1 - $t0" | bc -l)"
    done
    median=$(printf '%s\n' $times | sort -g | sed -n 2p)
    printf '%-28s %8d %10.3f %12.0f\n' "$s.txt" "$n" "$median" "$(echo "$n / $median" | bc -l)"
done

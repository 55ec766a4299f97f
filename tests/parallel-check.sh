#!/bin/sh
# Part of `make check`: the scale-out of docs/scale-out.md, run as written
# there: GNU parallel cuts a mixed stream (good puzzles, bad records of every
# kind, comments) into chunks of lines, runs `sudoku solve --first-line` on
# each, in parallel, and keeps the order (-k); the exit status is the
# highest of the jobs', from the job log. Its stdout, stderr and exit status
# must be those of one `sudoku solve` on the whole stream. Skipped, saying
# so, when GNU parallel is not installed (tests/need.sh installs it when it
# can).
set -u
sudoku=${SUDOKU_BIN:-build/sudoku}
if ! parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
    echo "parallel-check: skipped: GNU parallel is absent (tests/need.sh could not install it)"
    exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "parallel-check: $*" >&2; exit 1; }

sh tests/mixed-stream.sh 2100 > "$work/input"

"$sudoku" solve < "$work/input" > "$work/one.out" 2> "$work/one.err"
one=$?

# As docs/scale-out.md writes it: chunks of LINES lines, numbered in the whole.
lines=250
parallel --will-cite --pipe -k -j 2 -N $lines --joblog "$work/jobs" \
    "$sudoku solve --first-line \$(( ({#} - 1) * $lines + 1 ))" \
    < "$work/input" > "$work/par.out" 2> "$work/par.err"
status=$(awk 'NR > 1 && $7 > max { max = $7 } END { print max + 0 }' "$work/jobs")
jobs=$(($(wc -l < "$work/jobs") - 1))

cmp -s "$work/one.out" "$work/par.out" || fail "stdout differs from one process's ($(diff "$work/one.out" "$work/par.out" | head -3))"
cmp -s "$work/one.err" "$work/par.err" || fail "stderr differs from one process's ($(diff "$work/one.err" "$work/par.err" | head -3))"
[ "$status" = "$one" ] || fail "exit status $status, one process exits $one"
[ "$one" = 2 ] || fail "the mixed stream should exit 2, not $one"
[ "$jobs" -gt 1 ] || fail "only $jobs job ran"
echo "parallel-check: passed ($(wc -l < "$work/input") lines in $jobs chunks: stdout, stderr ($(wc -l < "$work/one.err") diagnostics) and exit status $one as one process)"

#!/bin/sh
# Part of `make check` (make thread-check): every batch command, with -j 2
# and -j 3, under ThreadSanitizer, on a mixed stream; its stdout, stderr and
# exit status must be the plain build's with -j 1, and the sanitizer must
# report nothing (a data race makes it exit 66). Then explain -j 2 into a
# full device, so that records worked on after the output failed are
# dropped on every thread.
# Usage: tests/thread-check.sh TSAN_SUDOKU PLAIN_SUDOKU
set -u
[ $# -eq 2 ] || { echo "usage: tests/thread-check.sh TSAN_SUDOKU PLAIN_SUDOKU" >&2; exit 2; }
tsan=$1 plain=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "thread-check: $*" >&2; exit 1; }
TSAN_OPTIONS="halt_on_error=1 exitcode=66 ${TSAN_OPTIONS:-}"
export TSAN_OPTIONS

sh tests/mixed-stream.sh 700 > "$work/input"
runs=0
for command in solve check canon explain hint rate "transform --rotate=90" "generate --seed 5 150"; do
    # shellcheck disable=SC2086 # the command's words are meant to split
    $plain $command -j 1 < "$work/input" > "$work/one.out" 2> "$work/one.err"
    one=$?
    for jobs in 2 3; do
        # shellcheck disable=SC2086
        $tsan $command -j $jobs < "$work/input" > "$work/par.out" 2> "$work/par.err"
        status=$?
        [ "$status" != 66 ] || fail "$command -j $jobs: $(grep -m 1 'WARNING: ThreadSanitizer' "$work/par.err")"
        cmp -s "$work/one.out" "$work/par.out" || fail "$command -j $jobs: stdout differs from -j 1's"
        cmp -s "$work/one.err" "$work/par.err" || fail "$command -j $jobs: stderr differs from -j 1's ($(diff "$work/one.err" "$work/par.err" | head -3))"
        [ "$status" = "$one" ] || fail "$command -j $jobs: exit status $status, -j 1 gives $one"
        runs=$((runs + 1))
    done
done
$tsan explain -j 2 < "$work/input" > /dev/full 2> "$work/full.err"
status=$?
[ "$status" != 66 ] || fail "explain -j 2 > /dev/full: $(grep -m 1 'WARNING: ThreadSanitizer' "$work/full.err")"
[ "$status" = 2 ] || fail "explain -j 2 > /dev/full: exit status $status, not 2"
echo "thread-check: passed ($runs runs of 8 commands on $(wc -l < "$work/input") lines with -j 2 and -j 3 under ThreadSanitizer: output as -j 1's, no race)"

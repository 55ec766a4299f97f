#!/bin/sh
# Runs test binaries JOBS at a time and shows each one's output whole, in
# the order given, as soon as it and those before it are done; each
# binary's output is kept in LOGS/NAME.log for tests/summary.sh. A failing
# binary fails the run only after all have run, so one report shows
# everything. The binaries named in TEST_FIRST (basenames) start first:
# the slowest, so that the others fill the second core around them.
#
#   sh tests/run-tests.sh JOBS LOGS BINARY...
#
# The environment (SUDOKU_BIN, SHARED_PUZZLES, SUDOKU_WRAPPER...) is the
# binaries'.
[ $# -ge 3 ] || { echo "usage: $0 JOBS LOGS BINARY..." >&2; exit 2; }
jobs=$1 logs=$2
shift 2
mkdir -p "$logs" || exit 2

log_of() { echo "$logs/$(basename "$1").log"; }
for t in "$@"; do rm -f "$(log_of "$t")" "$(log_of "$t").rc"; done

# Launch order: TEST_FIRST's binaries that are in the list, then the rest.
order=
for f in $TEST_FIRST; do
    for t in "$@"; do [ "$(basename "$t")" = "$f" ] && order="$order $t"; done
done
for t in "$@"; do
    case " $order " in *" $t "*) ;; *) order="$order $t" ;; esac
done

# Each run writes its log, then its status beside it: the status file
# appears only once the log is whole.
# shellcheck disable=SC2016,SC2086
printf '%s\n' $order | xargs -P "$jobs" -I{} sh -c \
    'log="$1/$(basename "$2").log"; "$2" > "$log" 2>&1; echo $? > "$log.tmp"; mv "$log.tmp" "$log.rc"' \
    sh "$logs" {} &
runner=$!

failed=0
for t in "$@"; do
    log=$(log_of "$t")
    while [ ! -e "$log.rc" ]; do
        if ! kill -0 "$runner" 2>/dev/null && [ ! -e "$log.rc" ]; then
            echo "== $t"
            echo "run-tests: $t did not run" | tee -a "$log"
            failed=1
            continue 2
        fi
        sleep 1
    done
    echo "== $t"
    cat "$log"
    [ "$(cat "$log.rc")" = 0 ] || failed=1
    rm -f "$log.rc"
done
wait "$runner" || failed=1
exit $failed

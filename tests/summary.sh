#!/bin/sh
# The last line of `make check`: every test run in every pass (the cmocka
# suites plain, under ASan + UBSan and under valgrind; the Python binding's
# tests; the install, GNU parallel and ThreadSanitizer checks), how many passed, failed and
# were skipped, and why they were skipped, from the logs the passes left in
# the directories given as arguments.
logs=$(find "$@" -name '*.log' 2>/dev/null | sort)
[ -n "$logs" ] || { echo "make check: no test logs found in $*" >&2; exit 1; }
# shellcheck disable=SC2086
awk '
function reason(text) {
    if (sub(/^\(skipped: */, "", text)) sub(/\)$/, "", text)
    sub(/^([a-z-]+-check: )?skipped: */, "", text)
    if (!(text in why)) { why[text] = 1; order[++reasons] = text }
}
# cmocka
/^\[==========\] [0-9]+ test\(s\) run\./ { run += $2 }
/^\[  PASSED  \] [0-9]+ test\(s\)\./ { passed += $4 }
/^\[  FAILED  \] [0-9]+ test\(s\), listed below:/ { failed += $4 }
/^\[  SKIPPED \] [0-9]+ test\(s\), listed below:/ { skipped += $4 }
/^\[  SKIPPED \] [A-Za-z_]/ && previous != "" { reason(previous) }
# Python unittest
/^Ran [0-9]+ tests? in / { prun = $2; run += prun }
/^OK( \(skipped=[0-9]+\))?$/ && prun != "" {
    s = 0; if (match($0, /skipped=[0-9]+/)) s = substr($0, RSTART + 8, RLENGTH - 8) + 0
    passed += prun - s; skipped += s; prun = ""
}
/^FAILED \(/ && prun != "" { failed += 1; passed += prun - 1; prun = "" }
/ \.\.\. skipped / { r = $0; sub(/.* \.\.\. skipped /, "", r); gsub(/\x27/, "", r); reason(r) }
# one-check scripts (install, parallel) and tools that are absent
/^[a-z-]+-check: passed/ { run++; passed++ }
/^[a-z-]+-check: skipped: / { run++; skipped++; reason($0) }
{ if ($0 !~ /^\[/) previous = $0; else if ($0 !~ /^\[  SKIPPED \]/) previous = "" }
END {
    line = sprintf("make check: %d tests run, %d passed, %d failed, %d skipped", run, passed, failed, skipped)
    if (reasons) {
        line = line " ("
        for (i = 1; i <= reasons; i++) line = line (i > 1 ? "; " : "") order[i]
        line = line ")"
    }
    print line "; lint clean"
    exit failed > 0
}' $logs

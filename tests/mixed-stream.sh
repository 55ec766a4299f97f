#!/bin/sh
# Writes the mixed stream the -j and scale-out checks feed the program
# (tests/parallel-check.sh, tests/thread-check.sh): COUNT lines, relabelings
# of two puzzles, and every 7th line something else: an 80-cell line, a bad
# character, clashing givens, a comment or a solved grid. One awk process:
# a process or four per line took a minute of make check.
# Usage: tests/mixed-stream.sh COUNT
set -eu
awk -v count="$1" '
function relabel(s, by,    out, k, c) {
    out = ""
    for (k = 1; k <= length(s); k++) {
        c = substr(s, k, 1)
        if (c ~ /[1-9]/) c = (c + by - 1) % 9 + 1
        out = out c
    }
    return out
}
BEGIN {
    hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    two = "4.3921.579.7345.21251876493548132976729564138136798245372689514814253769695417382"
    for (i = 0; i < count; i++) {
        r = i % 7
        if (r == 1) print relabel(easy, i % 9)
        else if (r == 3) print substr(hard, 1, 80)                            # 80 cells
        else if (r == 4) print substr(hard, 1, 20) "y" substr(hard, 22)       # a bad character
        else if (r == 5) print "55" substr(hard, 3)                           # clashing givens
        else if (r == 6) print (i % 2 == 0 ? "# a comment" : two)
        else print relabel(hard, i % 9)
    }
}'

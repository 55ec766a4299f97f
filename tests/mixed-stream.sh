#!/bin/sh
# Writes the mixed stream the -j and scale-out checks feed the program
# (tests/parallel-check.sh, tests/thread-check.sh): COUNT lines, relabelings
# of two puzzles, and every 7th line something else: an 80-cell line, a bad
# character, clashing givens, a comment or a solved grid.
# Usage: tests/mixed-stream.sh COUNT
set -eu
count=$1
hard=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
easy=..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
two=4.3921.579.7345.21251876493548132976729564138136798245372689514814253769695417382
i=0
while [ $i -lt "$count" ]; do
    shift_by=$((i % 9))
    from=123456789
    to=$(echo 123456789123456789 | cut -c$((shift_by + 1))-$((shift_by + 9)))
    case $((i % 7)) in
    1) echo "$easy" | tr "$from" "$to" ;;
    3) echo "$hard" | cut -c1-80 ;;                      # 80 cells
    4) echo "$hard" | sed 's/^\(.\{20\}\)./\1y/' ;;      # a bad character
    5) echo "55${hard#??}" ;;                              # clashing givens
    6) if [ $((i % 2)) = 0 ]; then echo "# a comment"; else echo "$two"; fi ;;
    *) echo "$hard" | tr "$from" "$to" ;;
    esac
    i=$((i + 1))
done

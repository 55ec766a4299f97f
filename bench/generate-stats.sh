#!/bin/sh
# bench/generate-stats.sh: what `sudoku generate` makes, in numbers, for
# docs/generate.md: for each symmetry, the clue counts and the ratings (ER,
# by difficulty) of PER_SYMMETRY puzzles; then the repeats among DUPLICATES
# puzzles without symmetry, exact and equivalent (the same canonical form).
# Prints markdown on standard output.
#
# Usage: bench/generate-stats.sh SUDOKU [PER_SYMMETRY [DUPLICATES [JOBS]]]
#        (defaults 10000, 100000 and 2)
set -eu
usage="usage: bench/generate-stats.sh SUDOKU [PER_SYMMETRY [DUPLICATES [JOBS]]]"
[ $# -ge 1 ] && [ $# -le 4 ] || { echo "$usage" >&2; exit 2; }
sudoku=$1 per=${2:-10000} many=${3:-100000} jobs=${4:-2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "Made by bench/generate-stats.sh ($per puzzles per symmetry, seed 1, $many for the"
echo "repeats) on $(date '+%Y-%m-%d'), $("$sudoku" --version)."
echo
echo "| symmetry | clues: min | mean | max | easy | medium | hard | expert | extreme | over budget | puzzles/s |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for symmetry in none rotate180 rotate90 mirror flip diagonal antidiagonal biaxial bidiagonal full; do
    t0=$(date +%s.%N)
    "$sudoku" generate --seed 1 --symmetry "$symmetry" --format json -j "$jobs" "$per" > "$work/$symmetry"
    t1=$(date +%s.%N)
    sed 's/.*"clues":\([0-9]*\),"er":\([0-9.null]*\),.*/\1 \2/' "$work/$symmetry" |
        awk -v s="$symmetry" -v t="$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" '
            { n++; c = $1; sum += c; if (n == 1 || c < lo) lo = c; if (c > hi) hi = c
              clues[c]++
              if ($2 == "null") { over++; next }
              er = $2 + 0
              if (er < 1.55) k = 1; else if (er < 2.55) k = 2; else if (er < 5.95) k = 3
              else if (er < 8.95) k = 4; else k = 5
              band[k]++ }
            END { printf "| %s | %d | %.2f | %d", s, lo, sum / n, hi
                  for (k = 1; k <= 5; k++) printf " | %.2f%%", 100 * band[k] / n
                  printf " | %d | %.0f |\n", over, n / t }'
done

echo
echo "Clue counts (clues: puzzles, of $per per symmetry):"
echo
for symmetry in none rotate180 rotate90 mirror flip diagonal antidiagonal biaxial bidiagonal full; do
    printf -- '- %s: ' "$symmetry"
    sed 's/.*"clues":\([0-9]*\),.*/\1/' "$work/$symmetry" | sort -n | uniq -c |
        awk '{ printf "%s%d: %d", (NR > 1 ? ", " : ""), $2, $1 } END { print "" }'
done
echo
echo "Ratings without symmetry (ER: puzzles, of $per):"
echo
sed 's/.*"er":\([0-9.null]*\),.*/\1/' "$work/none" | sort -n | uniq -c |
    awk '{ printf "%s%s: %d", (NR > 1 ? ", " : ""), $2, $1 } END { print "" }'

"$sudoku" generate --seed 2 -j "$jobs" "$many" > "$work/many"
exact=$(sort "$work/many" | uniq -d | wc -l)
equivalent=$("$sudoku" canon -j "$jobs" "$work/many" | sort | uniq -d | wc -l)
echo
echo "Repeats among $many puzzles without symmetry (seed 2): $exact puzzles drawn more"
echo "than once; $equivalent canonical forms met more than once."

#!/bin/sh
# docs/pictures/regenerate.sh SUDOKU: writes the step pictures of this
# folder (README.md and docs/pictures.md show them) with the program: each
# is the first step of its kind on a puzzle's path, as
# `sudoku explain --format svg` draws it. Run by `make pictures`.
set -eu
sudoku=$1
here=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# picture NAME PUZZLE TECHNIQUE: the first step whose line starts with TECHNIQUE
picture() {
    rm -rf "$tmp/steps"
    "$sudoku" explain --format svg --output-dir "$tmp/steps" "$2" > "$tmp/lines"
    file=$(grep -F ": $3" "$tmp/lines" | head -n 1 | sed 's/: .*//')
    [ -n "$file" ] || { echo "regenerate.sh: no '$3' step on $2" >&2; exit 1; }
    cp "$file" "$here/$1.svg"
    echo "$here/$1.svg: $(grep -F "$file: " "$tmp/lines" | sed "s|^$file: ||")"
}
picture single "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......" "Hidden single"
picture fish ".5.1.8.7.4..3.....2.........1.7...8.9.....4............3.....1.....4.2......5.6.." "X-wing"
picture uniqueness "6..1...8..53.............4....8...6..9....7....24.........7.3.9....2.5..1........" "Unique rectangle type 3"
picture chain "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........" "Forcing chain ("

#!/bin/sh
# Part of `make check`: README.md's examples run as written. Every command
# line of its ```sh blocks that runs build/sudoku, and its Python example
# (when python3 is there), runs from a scratch directory that sees the
# tree's build/, puzzles/ and python/ (so the files they write land there),
# and must exit 0. So do the man page's EXAMPLES, in order in one shell
# (a line may use a file an earlier one made), with `sudoku` the program
# just built; the line that needs GNU parallel only when it is installed,
# and not sudoku play's, which needs a terminal.
set -u
root=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$root/build" "$root/puzzles" "$root/python" "$work/"
awk '/^```sh$/ { block = 1; next } /^```$/ { block = 0 } block && /^build\/sudoku/' README.md \
    > "$work/commands"
count=0
while IFS= read -r command; do
    (cd "$work" && sh -c "$command") > /dev/null 2> "$work/err" || {
        echo "readme-check: README.md's example failed: $command" >&2
        cat "$work/err" >&2
        exit 1
    }
    count=$((count + 1))
done < "$work/commands"
[ "$count" -ge 5 ] || { echo "readme-check: found only $count examples in README.md" >&2; exit 1; }
if command -v python3 > /dev/null 2>&1; then
    awk '/^```python$/ { block = 1; next } /^```$/ { block = 0 } block' README.md > "$work/example.py"
    (cd "$work" && python3 example.py) > /dev/null || {
        echo "readme-check: README.md's Python example failed" >&2
        exit 1
    }
    count=$((count + 1))
fi
# The man page's EXAMPLES: the lines between .nf and .fi, roff escapes
# undone, run in order by one shell (p=$(...) then "$p"); the line that
# failed is named.
mkdir "$work/bin"
ln -s "$root/build/sudoku" "$work/bin/sudoku"
sed -n '/^\.SH EXAMPLES/,/^\.SH /p' docs/sudoku.1 | sed -n '/^\.nf/,/^\.fi/p' | sed '1d;$d' |
    sed -e 's/\\-/-/g' -e "s/\\\\(aq/'/g" > "$work/man-examples"
have_parallel=no
parallel --version 2>/dev/null | grep -q 'GNU parallel' && have_parallel=yes
man=0
: > "$work/man-script"
while IFS= read -r command; do
    man=$((man + 1))
    case $command in
    parallel*) [ $have_parallel = yes ] || {
        echo "readme-check: GNU parallel is absent: the man page's example with it is not run"
        continue
    } ;;
    "sudoku play"*)
        # the game needs a terminal (tests/test_play_tmux.c gives it one)
        continue ;;
    esac
    printf 'echo %d > "$at"\n%s\n' "$man" "$command" >> "$work/man-script"
done < "$work/man-examples"
[ "$man" -ge 10 ] || { echo "readme-check: found only $man examples in the man page" >&2; exit 1; }
(cd "$work" && PATH="$work/bin:$PATH" at="$work/at" sh -e man-script) > /dev/null 2> "$work/err" || {
    echo "readme-check: the man page's example failed: $(sed -n "$(cat "$work/at")p" "$work/man-examples")" >&2
    cat "$work/err" >&2
    exit 1
}
echo "readme-check: passed ($count examples of README.md, $man of the man page, run as written)"

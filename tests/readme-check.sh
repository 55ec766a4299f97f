#!/bin/sh
# Part of `make check`: README.md's examples run as written. Every command
# line of its ```sh blocks that runs build/sudoku, and its Python example
# (when python3 is there), runs from a scratch directory that sees the
# tree's build/, puzzles/ and python/ (so the files they write land there),
# and must exit 0.
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
echo "readme-check: passed ($count examples of README.md run as written)"

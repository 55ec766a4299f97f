#!/bin/sh
# Part of `make check`: installs into a scratch DESTDIR with a custom PREFIX,
# checks every file lands where it should, and builds a program against the
# installed header and library alone.
set -eu
make=${MAKE:-make}
cc=${CC:-cc}
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
prefix=/opt/sudoku-test

$make --no-print-directory -s install DESTDIR="$stage" PREFIX="$prefix"
root=$stage$prefix
for f in bin/sudoku lib/libsudoku.a include/sudoku.h share/man/man1/sudoku.1; do
    [ -f "$root/$f" ] || { echo "install-check: $prefix/$f was not installed" >&2; exit 1; }
done
[ -x "$root/bin/sudoku" ] || { echo "install-check: bin/sudoku is not executable" >&2; exit 1; }
"$root/bin/sudoku" --version | grep -q '^sudoku ' || { echo "install-check: installed sudoku does not run" >&2; exit 1; }

$cc -std=c11 -Wall -Wextra -Werror -I"$root/include" -Itests tests/install_check.c tests/checker.c \
    -L"$root/lib" -lsudoku -o "$stage/install_check"
"$stage/install_check"
echo "install-check: passed (DESTDIR and PREFIX honoured; header and library usable)"

#!/bin/sh
# Part of `make deb`: the packages it built install and work. Unpacks them
# into a scratch root (as dpkg would install them, without touching the
# system), then runs the program from it, checks its man pages and the
# packages' dependencies, and builds and runs a C program against the
# library with pkg-config, shared and static.
set -eu
dir=$1
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
fail() { echo "deb-check: $*" >&2; exit 1; }
for p in sudoku-toolkit libsudoku0 libsudoku-dev; do
    deb=$(ls "$dir"/${p}_*.deb 2>/dev/null | head -1)
    [ -n "$deb" ] || fail "no $p package in $dir"
    dpkg-deb -x "$deb" "$root"
done
dpkg-deb -f "$dir"/libsudoku-dev_*.deb Depends | grep -q 'libsudoku0 (= ' || fail "libsudoku-dev does not depend on libsudoku0"
puzzle=4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
"$root/usr/bin/sudoku" solve --format line "$puzzle" | grep -qx '[1-9]\{81\}' || fail "the packaged sudoku does not solve"
for c in solve explain hint; do
    [ -e "$root/usr/share/man/man1/sudoku-$c.1.gz" ] || fail "no man page sudoku-$c"
done
zcat "$root/usr/share/man/man1/sudoku.1.gz" | grep -q '/usr/share/doc/sudoku-toolkit' || fail "the man page does not name the package's documentation"
multiarch=$(ls "$root/usr/lib")
PKG_CONFIG_PATH=$root/usr/lib/$multiarch/pkgconfig PKG_CONFIG_SYSROOT_DIR=$root
export PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
${CC:-cc} -std=c11 -Itests $(pkg-config --cflags sudoku) tests/install_check.c tests/checker.c \
    $(pkg-config --libs sudoku) -o "$root/check"
LD_LIBRARY_PATH=$root/usr/lib/$multiarch "$root/check" > /dev/null || fail "a program against the packaged shared library failed"
${CC:-cc} -std=c11 -Itests $(pkg-config --cflags sudoku) tests/install_check.c tests/checker.c \
    $(pkg-config --libs-only-L sudoku) -Wl,-Bstatic -lsudoku -Wl,-Bdynamic -o "$root/check-static"
"$root/check-static" > /dev/null || fail "a program against the packaged static library failed"
echo "deb-check: passed (the program, its man pages, the library shared and static through pkg-config)"

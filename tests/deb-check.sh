#!/bin/sh
# Part of `make deb`: the packages it built install and work. Unpacks them
# into a scratch root (as dpkg would install them, without touching the
# system), then runs the program from it, checks its man pages and the
# packages' dependencies, and builds and runs a C program against the
# library with pkg-config, shared and static, and a Python program with the
# packaged module (when python3 is there).
set -eu
dir=$1
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
fail() { echo "deb-check: $*" >&2; exit 1; }
for p in sudoku-toolkit libsudoku0 libsudoku-dev python3-sudoku; do
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
multiarch=$(basename "$(dirname "$(dirname "$(ls "$root"/usr/lib/*/pkgconfig/sudoku.pc)")")")
[ -f "$root/usr/lib/$multiarch/pkgconfig/sudoku.pc" ] || fail "no sudoku.pc in the packages"
grep -q rpath "$root/usr/lib/$multiarch/pkgconfig/sudoku.pc" && fail "sudoku.pc gives a run path"
[ -f "$root/usr/lib/python3/dist-packages/sudoku/__init__.py" ] || fail "python3-sudoku holds no module"
dpkg-deb -f "$dir"/python3-sudoku_*.deb Depends | grep -q 'libsudoku0' || fail "python3-sudoku does not depend on libsudoku0"
PKG_CONFIG_PATH=$root/usr/lib/$multiarch/pkgconfig PKG_CONFIG_SYSROOT_DIR=$root
export PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
${CC:-cc} -std=c11 -Itests $(pkg-config --cflags sudoku) tests/install_check.c tests/checker.c \
    $(pkg-config --libs sudoku) -o "$root/check"
LD_LIBRARY_PATH=$root/usr/lib/$multiarch "$root/check" > /dev/null || fail "a program against the packaged shared library failed"
${CC:-cc} -std=c11 -Itests $(pkg-config --cflags sudoku) tests/install_check.c tests/checker.c \
    $(pkg-config --libs-only-L sudoku) -Wl,-Bstatic -lsudoku -Wl,-Bdynamic -o "$root/check-static"
"$root/check-static" > /dev/null || fail "a program against the packaged static library failed"
if command -v python3 > /dev/null 2>&1; then
    got=$(env -u SUDOKU_LIB PYTHONPATH="$root/usr/lib/python3/dist-packages" \
        LD_LIBRARY_PATH="$root/usr/lib/$multiarch" python3 -c \
        "import sudoku; print(sudoku._path, sudoku.solve('$puzzle'))") ||
        fail "the packaged Python module does not load"
    [ "${got%% *}" = libsudoku.so.0 ] || fail "the packaged Python module loads ${got%% *}, not libsudoku.so.0"
    echo "${got#* }" | grep -qx '[1-9]\{81\}' || fail "the packaged Python module does not solve"
fi
echo "deb-check: passed (the program, its man pages, the library shared and static through pkg-config, the Python module)"

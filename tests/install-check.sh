#!/bin/sh
# Part of `make check`: installs into a scratch DESTDIR with a custom PREFIX
# and checks, as a user of the installed files would:
#  - every file lands where it should: program, static and shared library
#    (with its soname and links), header, sudoku.pc, man pages (sudoku.1 and
#    a sudoku-COMMAND.1 link per command), documentation;
#  - the shared library exports the functions sudoku.h declares and nothing
#    else;
#  - a C program built with `pkg-config --cflags --libs sudoku` links against
#    the shared library and, built again, against the static one; a C++
#    program links too (sudoku.h's extern "C" guards); all three run;
#  - installed for real into a prefix of one's own (no DESTDIR), a program
#    built with pkg-config runs without LD_LIBRARY_PATH: sudoku.pc gives a
#    run path for a directory the dynamic linker does not search, and none
#    for the system's;
#  - `make uninstall` removes every file it installed.
set -eu
make=${MAKE:-make}
cc=${CC:-cc}
cxx=${CXX:-c++}
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
prefix=/opt/sudoku-test
version=$(sed -n 's/^#define SUDOKU_VERSION "\(.*\)"/\1/p' include/sudoku.h)
soname=libsudoku.so.${version%%.*}

fail() { echo "install-check: $*" >&2; exit 1; }

$make --no-print-directory -s install DESTDIR="$stage" PREFIX="$prefix" >/dev/null
root=$stage$prefix
for f in bin/sudoku lib/libsudoku.a "lib/libsudoku.so.$version" include/sudoku.h \
    lib/pkgconfig/sudoku.pc share/man/man1/sudoku.1 share/doc/sudoku/input-formats.md; do
    [ -f "$root/$f" ] || fail "$prefix/$f was not installed"
done
[ "$(readlink "$root/lib/$soname")" = "libsudoku.so.$version" ] || fail "lib/$soname is not a link to libsudoku.so.$version"
[ "$(readlink "$root/lib/libsudoku.so")" = "$soname" ] || fail "lib/libsudoku.so is not a link to $soname"
for c in $(sed -n 's/^COMMANDS = //p' Makefile); do
    [ "$(readlink "$root/share/man/man1/sudoku-$c.1")" = sudoku.1 ] || fail "no man page link sudoku-$c.1"
done
[ -x "$root/bin/sudoku" ] || fail "bin/sudoku is not executable"
"$root/bin/sudoku" --version | grep -q '^sudoku ' || fail "installed sudoku does not run"
grep -q "$prefix/share/doc/sudoku" "$root/share/man/man1/sudoku.1" || fail "the man page does not name the installed documentation"

# The soname, and exactly the header's functions exported.
objdump -p "$root/lib/libsudoku.so.$version" | grep -q "SONAME  *$soname\$" || fail "the shared library's soname is not $soname"
sed -n '/^typedef/!s/^[A-Za-z].*[ *]\(sudoku_[a-z0-9_]*\)(.*/\1/p' include/sudoku.h | sort > "$stage/declared"
nm -D --defined-only "$root/lib/libsudoku.so.$version" | awk '$2 ~ /^[TDBR]$/ {print $3}' | sort > "$stage/exported"
if ! cmp -s "$stage/declared" "$stage/exported"; then
    echo "install-check: the shared library's exports differ from sudoku.h's functions (< declared, > exported):" >&2
    diff "$stage/declared" "$stage/exported" >&2 || true
    exit 1
fi

# Builds as a user would, with pkg-config; the sysroot maps the .pc's
# directories into the staging area.
PKG_CONFIG_PATH=$root/lib/pkgconfig PKG_CONFIG_SYSROOT_DIR=$stage
export PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
[ "$(pkg-config --modversion sudoku)" = "$version" ] || fail "pkg-config does not find sudoku $version"
cflags=$(pkg-config --cflags sudoku)
libs=$(pkg-config --libs sudoku)

# shared: the default when both are there
$cc -std=c11 -Wall -Wextra -Werror $cflags -Itests tests/install_check.c tests/checker.c $libs \
    -o "$stage/check_shared"
readelf -d "$stage/check_shared" | grep -q "NEEDED.*\[$soname\]" || fail "the C program does not use $soname"
LD_LIBRARY_PATH=$root/lib "$stage/check_shared" >/dev/null || fail "the C program against the shared library failed"

# static: the archive, chosen explicitly; the program defines names the
# library's modules share among themselves, which must not clash, and calls
# the logic engine, whose modules hold them
cat > "$stage/own_names.c" <<'EOF'
#include <sudoku.h>
int chain_run(void);
int chain_run(void) { return 0; }
int logic_fish;
int rated(const sudoku_grid *g);
int rated(const sudoku_grid *g) { sudoku_rating r; return (int)sudoku_rate(g, 0, 0, 0, &r); }
EOF
$cc -std=c11 -Wall -Wextra -Werror $cflags -Itests tests/install_check.c tests/checker.c \
    "$stage/own_names.c" \
    $(pkg-config --libs-only-L sudoku) -Wl,-Bstatic -lsudoku -Wl,-Bdynamic -o "$stage/check_static"
if readelf -d "$stage/check_static" | grep -q "NEEDED.*libsudoku"; then fail "the static build needs libsudoku.so"; fi
"$stage/check_static" >/dev/null || fail "the C program against the static library failed"

# C++
$cxx -std=c++11 -Wall -Wextra -Werror $cflags tests/install_check.cpp $libs -o "$stage/check_cxx"
LD_LIBRARY_PATH=$root/lib "$stage/check_cxx" >/dev/null || fail "the C++ program failed"

$make --no-print-directory -s uninstall DESTDIR="$stage" PREFIX="$prefix" >/dev/null
left=$(find "$stage$prefix" ! -type d)
[ -z "$left" ] || fail "make uninstall left: $left"

# A prefix of one's own, installed for real: the run path is all it takes.
own=$stage/own
unset PKG_CONFIG_SYSROOT_DIR
$make --no-print-directory -s install PREFIX="$own" >/dev/null
PKG_CONFIG_PATH=$own/lib/pkgconfig
$cc -std=c11 -Wall -Wextra -Werror $(pkg-config --cflags sudoku) -Itests tests/install_check.c \
    tests/checker.c $(pkg-config --libs sudoku) -o "$stage/check_own"
env -u LD_LIBRARY_PATH "$stage/check_own" >/dev/null ||
    fail "a program built with pkg-config against PREFIX=$own does not run without LD_LIBRARY_PATH"
$make --no-print-directory -s install DESTDIR="$stage" PREFIX=/usr >/dev/null
grep -q rpath "$stage/usr/lib/pkgconfig/sudoku.pc" && fail "sudoku.pc gives a run path to /usr/lib"
echo "install-check: passed (files, soname $soname, exports, pkg-config with the shared and static library, C++, a prefix of one's own without LD_LIBRARY_PATH, uninstall)"

#!/bin/sh
# Makes sure the tools `make check` uses are here: the cmocka library (header
# and library), valgrind, cppcheck, clang-tidy, pkg-config and a C++ compiler
# (the install check), and, if it can, GNU parallel, python3, tmux (sudoku
# play's end-to-end test) and the tools that look at pictures (xmllint,
# rsvg-convert, pngtopnm, pdftoppm and pdfinfo, chromium), whose tests are
# skipped with a message without them; or only those named as arguments.
# Installs what is missing with apt-get when that is possible, and otherwise
# says exactly what to install (and fails only for the tools that are needed).
cc=${CC:-cc}
optional="parallel python3 tmux xmllint rsvg-convert pngtopnm pdftoppm chromium"

# Debian's package for each tool, and what to tell users of other systems.
package() {
    case $1 in
    cmocka) echo libcmocka-dev ;;
    clang-tidy) echo clang-tidy ;;
    c++) echo g++ ;;
    python3) echo python3 ;;
    xmllint) echo libxml2-utils ;;
    rsvg-convert) echo librsvg2-bin ;;
    pngtopnm) echo netpbm ;;
    pdftoppm) echo poppler-utils ;;
    *) echo "$1" ;;
    esac
}

hint() {
    case $1 in
    cmocka) echo "Fedora: dnf install libcmocka-devel; macOS: brew install cmocka" ;;
    valgrind) echo "Fedora: dnf install valgrind" ;;
    cppcheck) echo "Fedora: dnf install cppcheck; macOS: brew install cppcheck" ;;
    clang-tidy) echo "Fedora: dnf install clang-tools-extra; macOS: brew install llvm" ;;
    pkg-config) echo "Fedora: dnf install pkgconf; macOS: brew install pkgconf" ;;
    c++) echo "Fedora: dnf install gcc-c++" ;;
    parallel) echo "Fedora: dnf install parallel; macOS: brew install parallel" ;;
    python3) echo "Fedora: dnf install python3; macOS: brew install python" ;;
    xmllint) echo "Fedora: dnf install libxml2; macOS: brew install libxml2" ;;
    rsvg-convert) echo "Fedora: dnf install librsvg2-tools; macOS: brew install librsvg" ;;
    pngtopnm) echo "Fedora: dnf install netpbm-progs; macOS: brew install netpbm" ;;
    pdftoppm) echo "Fedora: dnf install poppler-utils; macOS: brew install poppler" ;;
    chromium) echo "Fedora: dnf install chromium" ;;
    tmux) echo "Fedora: dnf install tmux; macOS: brew install tmux" ;;
    esac
}

probe() {
    case $1 in
    cmocka)
        printf '#include <stdarg.h>\n#include <stddef.h>\n#include <setjmp.h>\n#include <stdint.h>\n#include <cmocka.h>\nint main(void) { return _cmocka_run_group_tests("probe", 0, 0, 0, 0); }\n' |
            $cc -x c - -o /dev/null ${CMOCKA_LIBS:--lcmocka} >/dev/null 2>&1
        ;;
    parallel) parallel --version 2>/dev/null | grep -q 'GNU parallel' ;;
    *) command -v "$1" >/dev/null 2>&1 ;;
    esac
}

is_optional() {
    case " $optional " in *" $1 "*) return 0 ;; esac
    return 1
}

[ $# -gt 0 ] || set -- cmocka valgrind cppcheck clang-tidy pkg-config c++ $optional
missing=""
for tool; do probe "$tool" || missing="$missing $tool"; done
[ -z "$missing" ] && exit 0

if command -v apt-get >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then
        sudo=""
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        sudo="sudo -n"
    else
        sudo="none"
    fi
    if [ "$sudo" != none ]; then
        packages=""
        for tool in $missing; do packages="$packages $(package "$tool")"; done
        echo "make check: missing:$missing; installing$packages with apt-get" >&2
        $sudo apt-get update -qq >/dev/null &&
            DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $packages >/dev/null
        still=""
        for tool in $missing; do probe "$tool" || still="$still $tool"; done
        missing=$still
        [ -z "$missing" ] && exit 0
    fi
fi

# Without an optional tool its tests are skipped, each saying why.
needed=""
for tool in $missing; do
    if is_optional "$tool"; then
        echo "make check: $tool is missing and could not be installed; its tests will be skipped" >&2
    else
        needed="$needed $tool"
    fi
done
missing=$needed
[ -z "$missing" ] && exit 0

echo "make check: missing and could not be installed here:$missing" >&2
echo "Install them, then run \`make check\` again:" >&2
for tool in $missing; do
    echo "  $tool: Debian/Ubuntu: sudo apt-get install $(package "$tool"); $(hint "$tool")" >&2
done
exit 1

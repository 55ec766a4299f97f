#!/bin/sh
# Makes sure cmocka (header and library) can be compiled against; installs
# Debian's libcmocka-dev with apt-get when it is missing and that is possible,
# and otherwise says exactly what to install. Used by `make check`.
cc=${CC:-cc}

probe() {
    printf '#include <stdarg.h>\n#include <stddef.h>\n#include <setjmp.h>\n#include <stdint.h>\n#include <cmocka.h>\nint main(void) { return _cmocka_run_group_tests("probe", 0, 0, 0, 0); }\n' \
        | $cc -x c - -o /dev/null ${CMOCKA_LIBS:--lcmocka} >/dev/null 2>&1
}

probe && exit 0

if command -v apt-get >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then
        sudo=""
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        sudo="sudo -n"
    else
        sudo="none"
    fi
    if [ "$sudo" != none ]; then
        echo "make check: cmocka not found; installing libcmocka-dev with apt-get" >&2
        $sudo apt-get update -qq >/dev/null &&
            DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libcmocka-dev >/dev/null
        probe && exit 0
    fi
fi

cat >&2 <<'MSG'
make check: the cmocka test library is missing and could not be installed here.
Install it, then run `make check` again:
  Debian/Ubuntu:  sudo apt-get install libcmocka-dev
  Fedora:         sudo dnf install libcmocka-devel
  macOS:          brew install cmocka
MSG
exit 1

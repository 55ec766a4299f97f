#!/bin/sh
# Part of `make check`: the technique table of docs/logic.md, between its
# "catalogue" markers, is the one the engine's catalogue prints
# (tests/catalogue_doc.c); `make catalogue` puts it there.
# Usage: tests/catalogue-check.sh CATALOGUE_DOC_PROGRAM
set -u
page=docs/logic.md
want=$("$1") || { echo "catalogue-check: $1 failed" >&2; exit 1; }
have=$(sed -n '/^<!-- catalogue: begin/,/^<!-- catalogue: end/p' "$page" | sed '1d;$d')
if [ "$have" != "$want" ]; then
    echo "catalogue-check: the technique table of $page is not the catalogue's (make catalogue):" >&2
    printf '%s\n' "$want" > /tmp/catalogue-want.$$
    printf '%s\n' "$have" | diff - /tmp/catalogue-want.$$ >&2
    rm -f /tmp/catalogue-want.$$
    exit 1
fi
echo "catalogue-check: passed: $page lists the $(printf '%s\n' "$want" | tail -n +3 | wc -l | tr -d ' ') techniques of the catalogue"

"""Prints the directory where `make install` puts the Python package for a
PREFIX: the interpreter's site directory for that prefix, as it would
install a package there (on Debian, dist-packages: /usr/lib/python3/ for
/usr, /usr/local/lib/python3.X/ for /usr/local).

    python3 python/sitedir.py PREFIX
"""

import sys
import sysconfig

prefix = sys.argv[1].rstrip("/") or "/"
schemes = sysconfig.get_scheme_names()
if prefix == "/usr" and "deb_system" in schemes:
    scheme, base = "deb_system", prefix
elif prefix == "/usr/local" and "posix_local" in schemes:
    scheme, base = "posix_local", "/usr"  # Debian's scheme adds the local/ itself
else:
    scheme, base = "posix_prefix", prefix
print(sysconfig.get_path("purelib", scheme, vars={"base": base, "platbase": base}))

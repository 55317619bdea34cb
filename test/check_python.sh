#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_python.sh - the Python binding's suites (test/python/test_*.py,
# unittest) against this build: the package from the source tree's
# python/, librti.so from the build tree (RTI_LIBRARY, the variable the
# README documents), rtiexec from the build tree on an ephemeral loopback
# port per test.  Skipped with a notice when configure found no python3,
# when librti is not built as a shared library (--disable-shared), or when
# it is built with sanitizers (the interpreter would need their runtime
# preloaded).
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=.}"
top_builddir=$(cd "$top_builddir" && pwd)

mkvar() {
	sed -n "s/^$1 = //p" "$top_builddir/Makefile" | head -n 1
}
PYTHON=${PYTHON:-$(mkvar PYTHON)}
if [ -z "$PYTHON" ] || [ "$PYTHON" = ":" ] ||
    ! command -v "$PYTHON" >/dev/null 2>&1; then
	echo "SKIP: python3 not installed (Debian package python3): the" \
	    "Python binding is not tested"
	exit 77
fi
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 8))'; then
	echo "SKIP: $PYTHON is older than Python 3.8"
	exit 77
fi
lib=$top_builddir/librti/.libs/librti.so
if [ ! -e "$lib" ]; then
	echo "SKIP: no shared librti (configure --disable-shared)"
	exit 77
fi
if [ -n "$(mkvar SAN_FLAGS)" ]; then
	echo "SKIP: librti is built with sanitizers"
	exit 77
fi

RTI_LIBRARY=$lib
PYTHONPATH=$top_srcdir/python:$top_srcdir/test/python
RTIEXEC=$top_builddir/rti/rtiexec
RTI_FOM_DIR=$top_srcdir/data/fom
RTI_SAMPLES=$top_builddir/samples
RTI_SAMPLES_SRC=$top_srcdir/samples
PYTHONDONTWRITEBYTECODE=1
export RTI_LIBRARY PYTHONPATH RTIEXEC RTI_FOM_DIR RTI_SAMPLES \
    RTI_SAMPLES_SRC PYTHONDONTWRITEBYTECODE
cd "$top_builddir" || exit 1
"$PYTHON" -m unittest discover -s "$top_srcdir/test/python" \
    -p 'test_*.py' -t "$top_srcdir/test/python" 2>&1
st=$?
[ $st -eq 0 ] && echo "check_python: passed" || echo "check_python: failed"
exit $st

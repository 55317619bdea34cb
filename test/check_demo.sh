#!/bin/sh
# check_demo.sh - the demo of README's Quick start (./demo.sh) runs and
# passes against this build.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=.}"
command -v bash >/dev/null 2>&1 || { echo "SKIP: no bash"; exit 77; }
if bash "$top_srcdir/demo.sh" --no-build --builddir "$top_builddir"; then
	echo "check_demo: 1 passed, 0 failed"
else
	echo "check_demo: 0 passed, 1 failed"
	exit 1
fi

#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_sizes.sh - no source file outside include/ and test/ is over
# 1,500 lines (STYLE.md): a file that grows past it is cut along a seam.
#
# The files are the tree's sources (.c .h .cpp .hpp .py .sh): those git
# tracks when the source tree is a git checkout, else every such file
# under it (a release tarball).  Generated files in the build tree are
# not sources and are not looked at.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
max=${CHECK_SIZES_MAX:-1500}
cd "$top_srcdir" || exit 1
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	files=$(git ls-files -- '*.c' '*.h' '*.cpp' '*.hpp' '*.py' '*.sh')
else
	files=$(find . -type f \( -name '*.c' -o -name '*.h' -o \
	    -name '*.cpp' -o -name '*.hpp' -o -name '*.py' -o \
	    -name '*.sh' \) | sed 's|^\./||')
fi
fail=0
n=0
for f in $files; do
	case $f in include/* | test/*) continue ;; esac
	[ -f "$f" ] || continue
	n=$((n + 1))
	lines=$(wc -l < "$f")
	if [ "$lines" -gt "$max" ]; then
		echo "FAIL: $f has $lines lines, over $max: cut it along a seam"
		fail=$((fail + 1))
	fi
done
if [ "$n" -eq 0 ]; then
	echo "FAIL: no source file found under $top_srcdir"
	exit 1
fi
[ $fail -eq 0 ] && echo "PASS: $n source files outside include/ and" \
    "test/, none over $max lines"
[ $fail -eq 0 ]

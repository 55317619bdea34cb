#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_license.sh - rti is under the Apache License 2.0: LICENSE holds its
# text, and every source, header, script, Python file, build file and man
# page of the tree carries the line "SPDX-License-Identifier: Apache-2.0"
# within its first three lines (after a #! line, a <!DOCTYPE> or nothing).
#
# The files are those git tracks when the tree is a clone, else (an
# unpacked tarball) those of the same kinds found in the tree, less what
# the build generates.  Fuzz corpora are data, not sources.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
cd "$top_srcdir" || exit 99
fail=0

if [ ! -f LICENSE ] || ! grep -q 'Apache License' LICENSE ||
   ! grep -q 'Version 2.0, January 2004' LICENSE; then
	echo "FAIL: LICENSE is missing or is not the Apache License 2.0"
	fail=1
fi

if [ -e .git ] && command -v git >/dev/null 2>&1; then
	files=$(git ls-files 2>/dev/null)
else
	files=$(find . -path ./autom4te.cache -prune -o -path './build-*' \
	    -prune -o -path ./m4 -prune -o -type f -print | sed 's|^\./||')
fi
files=$(printf '%s\n' "$files" | grep -E \
    '(\.(c|h|cpp|inc|sh|py|am|ac|in|html|[1-8])$|^bootstrap$|^demo\.sh$|^\.ci/run$)' |
    grep -vE '^test/fuzz/(corpus|regress)/' |
    grep -vE '(^|/)(Makefile\.in|config\.h\.in|fom/fom_mim\.c|rti/http_page\.c)$')

n=0
for f in $files; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	if ! head -n 3 "$f" | grep -q 'SPDX-License-Identifier: Apache-2\.0'; then
		echo "FAIL: $f has no 'SPDX-License-Identifier: Apache-2.0' line"
		fail=1
	fi
done
if [ "$n" -lt 50 ]; then
	echo "FAIL: only $n files found to check in $top_srcdir"
	fail=1
fi
[ "$fail" -eq 0 ] && echo "PASS: LICENSE and the SPDX line in $n files"
exit "$fail"

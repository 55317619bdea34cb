#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_cxx_headers.sh - every header of the C++ API compiles alone
# (self-contained) as C++11, C++14, C++17 and C++20, clean under -Wall
# -Wextra -pedantic -Werror (the deprecation of std::auto_ptr included:
# before C++17 the headers use it, and no warning of theirs reaches the
# program); and rti1516e(3) has an entry for every member function of
# RTIambassador and FederateAmbassador.  Skipped without a C++ compiler.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
CXX=${CXX:-c++}
command -v "$CXX" >/dev/null 2>&1 || { echo "SKIP: no C++ compiler"; exit 77; }
inc=$top_srcdir/librti1516e/include
[ -d "$inc/RTI" ] || { echo "FAIL: no headers in $inc"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
n=0
for std in c++11 c++14 c++17 c++20; do
	"$CXX" -std=$std -fsyntax-only -x c++ /dev/null 2>/dev/null || {
		echo "SKIP: $CXX has no -std=$std"; continue; }
	for h in $(cd "$inc" && find RTI -name '*.h' | sort); do
		n=$((n + 1))
		printf '#include <%s>\n#include <%s>\nint main () { return 0; }\n' \
		    "$h" "$h" >"$tmp/t.cpp"
		if "$CXX" -std=$std -Wall -Wextra -pedantic -Werror \
		    -I"$inc" -fsyntax-only "$tmp/t.cpp" 2>"$tmp/err"; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "FAIL: $h alone as $std:"
			head -20 "$tmp/err"
		fi
	done
done
[ "$n" -gt 0 ] || { echo "FAIL: nothing compiled"; exit 1; }

# rti1516e(3) has an entry (a ".BR name" line) for every member function
# of RTIambassador and FederateAmbassador.
page=$top_srcdir/man/rti1516e.3
for h in RTIambassador FederateAmbassador; do
	names=$(sed -n 's/^ *virtual .*[^A-Za-z0-9_]\([A-Za-z_][A-Za-z0-9_]*\) *(.*/\1/p' \
	    "$inc/RTI/$h.h" | grep -v "^$h\$" | sort -u)
	[ -n "$names" ] || { fail=$((fail + 1)); echo "FAIL: no method in $h.h"; }
	for m in $names; do
		if grep -q "^\.BR $m \"" "$page"; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "FAIL: $h::$m has no entry in man/rti1516e.3"
		fi
	done
done
echo "check_cxx_headers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

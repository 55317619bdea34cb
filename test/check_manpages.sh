#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_manpages.sh - every public function of include/librti.h has an entry
# in a man page under man/, and every page formats without groff warnings.
#
# An entry is a line of a man/*.[0-9] page that names the function in a
# heading (.SH/.SS), in bold (.B/.BR/.BI), or as a call "name(" in a
# synopsis.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
header=$top_srcdir/include/librti.h
pass=0
fail=0

# Function names declared with RTI_API, including declarations whose name
# is on the line after the return type.
functions=$(sed -n '/^RTI_API/{
	:a
	/(/!{
		N
		ba
	}
	s/([^(]*$//
	s/.*[^A-Za-z0-9_]\([A-Za-z_][A-Za-z0-9_]*\)$/\1/
	p
}' "$header" | sort -u)
if [ -z "$functions" ]; then
	echo "FAIL: no RTI_API function found in $header"
	exit 1
fi

pages=$(ls "$top_srcdir"/man/*.[0-9] 2>/dev/null)
if [ -z "$pages" ]; then
	echo "FAIL: no man page under $top_srcdir/man"
	exit 1
fi

# Lines that may be an entry of `fn`; a cross-reference "fn (3)" is not.
entries() {
	cat $pages | grep -E \
	    "^\\.(SH|SS|B|BR|BI|RB|IB)[[:space:]](.*[^A-Za-z0-9_])?$1([^A-Za-z0-9_]|\$)|(^|[^A-Za-z0-9_])$1\\(" |
	    grep -Ev "(^|[^A-Za-z0-9_])$1 \\([0-9]"
}

missing=
for fn in $functions; do
	if [ -n "$(entries "$fn")" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		missing="$missing $fn"
	fi
done
if [ -n "$missing" ]; then
	echo "FAIL: functions of include/librti.h without a man page entry:"
	for fn in $missing; do
		echo "  $fn"
	done
fi

# rti-protocol(7)'s message tables are checked by check_protocol.sh.

# Pages format without warnings (groff -ww); tbl for pages that ask for it.
if command -v groff >/dev/null 2>&1; then
	for page in $pages; do
		out=$(groff -t -man -Tutf8 -ww -z "$page" 2>&1)
		if [ -n "$out" ]; then
			fail=$((fail + 1))
			echo "FAIL: groff warnings in $(basename "$page"):"
			echo "$out" | sed 's/^/  /'
		else
			pass=$((pass + 1))
		fi
	done
else
	echo "check_manpages: no groff (Debian package groff-base): page" \
	    "formatting is not checked"
fi

echo "check_manpages: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

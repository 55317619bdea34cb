#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_cxx_bench.sh - the C++ API's benchmark federates (cxxbench) run
# their workloads end to end beside rtibench's (test/bench/cxx_report.sh,
# --quick, one run) and every ratio is printed.  No figure is judged
# here: `make bench-cxx` measures (BENCHMARKS.md).  Skipped when the C++
# API is not built.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=.}"
[ -x "$top_builddir/test/bench/cxxbench" ] ||
	{ echo "SKIP: C++ API not built"; exit 77; }
out=$(mktemp) || exit 1
trap 'rm -f "$out"' EXIT
pass=0
fail=0
if sh "$top_srcdir/test/bench/cxx_report.sh" -n 1 -q "$top_builddir" \
    >"$out" 2>&1; then
	pass=$((pass + 1))
else
	fail=$((fail + 1))
	echo "FAIL: cxx_report.sh exited $?"
fi
for f in round_trip_p50_us round_trip_p99_us updates_per_s \
    cpu_ns_per_update grants_per_s_2 grants_per_s_8 cpu_us_per_grant_2 \
    cpu_us_per_grant_8; do
	if grep -Eq "^RATIO runs=1 figure=$f c=[0-9.e+]+ cxx=[0-9.e+]+ ratio=[0-9]+\.[0-9]+$" \
	    "$out"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: no ratio for $f"
	fi
done
[ "$fail" -eq 0 ] || cat "$out"
grep '^RATIO' "$out"
echo "check_cxx_bench: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

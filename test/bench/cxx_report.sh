#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# cxx_report.sh [-n RUNS] [-q] [BUILDDIR] - the C++ API against C in the
# same run: one rtiexec on a loopback port, and RUNS times (default 3)
# rtibench's latency, throughput (instance packing) and timeadv (TAR, 2
# and 8 federates) beside cxxbench's (test/bench/cxxbench.cpp: the same
# workloads through the IEEE 1516-2010 C++ API), C first in odd runs and
# C++ first in even ones.  Each run's RESULT lines go to stderr; then per
# figure the medians and the ratio C++/C:
#   RATIO figure=updates_per_s c=... cxx=... ratio=...
# (for the round trip and the CPU per update or grant, a ratio above 1 is
# C++ slower; for the rates, below 1).  The CPU figures are of the
# federates' process alone (rtibench with --url counts only its own), and
# depend less on what else the machine runs than the rates do.  -q:
# --quick workloads (a smoke test: figures mean little).
set -u
runs=3
quick=
while [ $# -gt 0 ]; do
	case $1 in
	-n) runs=$2; shift 2 ;;
	-q) quick=--quick; shift ;;
	*) break ;;
	esac
done
case $runs in ''|*[!0-9]*|0) echo "cxx_report.sh: bad -n '$runs'" >&2; exit 2;; esac
b=${1:-.}
srcdir=$(cd "$(dirname "$0")" && pwd)
for p in rti/rtiexec test/bench/rtibench test/bench/cxxbench; do
	[ -x "$b/$p" ] || { echo "cxx_report.sh: no $b/$p" >&2; exit 2; }
done
tmp=$(mktemp -d) || exit 1
rx=
cleanup() {
	[ -n "$rx" ] && kill "$rx" 2>/dev/null && wait "$rx" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
"$b/rti/rtiexec" --port 0 --port-file "$tmp/port" --log-level warn \
    --fom-path "$srcdir" 2>"$tmp/rtiexec.log" &
rx=$!
i=0
while [ ! -s "$tmp/port" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
[ -s "$tmp/port" ] || { echo "cxx_report.sh: rtiexec did not start" >&2;
	cat "$tmp/rtiexec.log" >&2; exit 1; }
url=tcp://127.0.0.1:$(cat "$tmp/port")

c_run() {
	"$b/test/bench/rtibench" --url "$url" $quick -m latency &&
	RTIBENCH_PACKING=instance "$b/test/bench/rtibench" --url "$url" \
	    $quick -m throughput &&
	RTIBENCH_TIMEADV_FEDS=2 RTIBENCH_TIMEADV_REQUEST=tar \
	    "$b/test/bench/rtibench" --url "$url" $quick -m timeadv &&
	RTIBENCH_TIMEADV_FEDS=8 RTIBENCH_TIMEADV_REQUEST=tar \
	    "$b/test/bench/rtibench" --url "$url" $quick -m timeadv
}
cxx_run() {
	"$b/test/bench/cxxbench" --designator "$url" $quick
}
i=1
while [ "$i" -le "$runs" ]; do
	echo "== run $i of $runs" >&2
	if [ $((i % 2)) = 1 ]; then
		c_run >"$tmp/c.out" && cxx_run >"$tmp/cxx.out"
	else
		cxx_run >"$tmp/cxx.out" && c_run >"$tmp/c.out"
	fi || { cat "$tmp/c.out" "$tmp/cxx.out" 2>/dev/null >&2;
		echo "cxx_report.sh: run $i failed" >&2; exit 1; }
	grep -h '^RESULT ' "$tmp/c.out" "$tmp/cxx.out" | tee -a "$tmp/all" >&2
	i=$((i + 1))
done
# value KEY LINE-PATTERN: the values of KEY on the RESULT lines matching
# the pattern, one a line
value() {
	grep "^RESULT $2" "$tmp/all" | tr ' ' '\n' | sed -n "s/^$1=//p"
}
median() {
	sort -g | awk '{ v[NR] = $1 } END {
		if (NR == 0) { print "nan"; exit }
		if (NR % 2) print v[(NR + 1) / 2];
		else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
# ratio FIGURE KEY C-PATTERN CXX-PATTERN
ratio() {
	c=$(value "$2" "$3" | median)
	x=$(value "$2" "$4" | median)
	awk -v f="$1" -v c="$c" -v x="$x" -v n="$runs" 'BEGIN {
		printf "RATIO runs=%d figure=%s c=%s cxx=%s ratio=%.3f\n",
		    n, f, c, x, (c > 0 ? x / c : 0) }'
}
ratio round_trip_p50_us p50_us "mode=latency " "mode=cxx-latency "
ratio round_trip_p99_us p99_us "mode=latency " "mode=cxx-latency "
ratio updates_per_s updates_per_s "mode=throughput .*packing=instance " \
    "mode=cxx-throughput "
ratio cpu_ns_per_update cpu_ns_per_update \
    "mode=throughput .*packing=instance " "mode=cxx-throughput "
ratio grants_per_s_2 grants_per_s "mode=timeadv .*feds=2 request=tar " \
    "mode=cxx-timeadv .*feds=2 "
ratio grants_per_s_8 grants_per_s "mode=timeadv .*feds=8 request=tar " \
    "mode=cxx-timeadv .*feds=8 "
ratio cpu_us_per_grant_2 cpu_us_per_grant \
    "mode=timeadv .*feds=2 request=tar " "mode=cxx-timeadv .*feds=2 "
ratio cpu_us_per_grant_8 cpu_us_per_grant \
    "mode=timeadv .*feds=8 request=tar " "mode=cxx-timeadv .*feds=8 "

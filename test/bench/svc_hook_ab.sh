#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# svc_hook_ab.sh [-n ROUNDS] [-k] [rtibench options...]
# What service reporting (rti-mom(7) SERVICE REPORTING) costs while it is
# off.  Two builds of this checkout's HEAD (git archive, so what is
# measured is what is committed), in a temporary directory:
#   A  the per-service hooks compiled out: every test of
#      report_services on the hot paths (rtiexec's dispatch of a
#      federate's frame and of its datagrams, its replies; librti's
#      dispatch of a callback, its filtered updates and interactions)
#      replaced by the constant 0, so the compiler drops the branch;
#   B  HEAD as it is (reporting off, the default).
# Then ab.sh runs their rtibench alternately, ROUNDS times (default 3),
# with the given options (default: -m latency -m throughput --quick), and
# prints its AB lines: ratio_KEY is B over A, 1.00 meaning no cost.
# -k keeps the builds (their directory is printed).  Needs what a build
# from git needs (autoconf, automake, libtool).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
rounds=3
keep=0
while [ $# -gt 0 ]; do
	case $1 in
	-n) rounds=$2; shift 2;;
	-k) keep=1; shift;;
	*) break;;
	esac
done
[ $# -gt 0 ] || set -- -m latency -m throughput --quick
tmp=$(mktemp -d "${TMPDIR:-/tmp}/svc_hook_ab.XXXXXX")
[ $keep = 1 ] && echo "svc_hook_ab: builds in $tmp" >&2 ||
    trap 'rm -rf "$tmp"' EXIT INT TERM
jobs=${JOBS:-2}

for side in A B; do
	mkdir "$tmp/$side"
	git -C "$top" archive HEAD | tar -x -C "$tmp/$side"
done
# A: the hooks out.  Each replacement must hit, or the script is stale.
out() {
	f=$tmp/A/$1 pat=$2
	n=$(grep -c "$pat" "$f" || true)
	if [ "$n" -eq 0 ]; then
		echo "svc_hook_ab: no '$pat' in $1: update this script" >&2
		exit 1
	fi
	sed -i "s/$pat/0/g" "$f"
	echo "svc_hook_ab: A: $1: $n line(s) of $pat compiled out" >&2
}
out rti/core/conn_in.c 'c->fed->report_services'
out rti/core/conn_out.c 'c->fed->report_services'
out librti/evoke.c 'amb->report_services'
out librti/ddm_filter.c 'amb->report_services'

for side in A B; do
	echo "svc_hook_ab: building $side" >&2
	(cd "$tmp/$side" && ./bootstrap >/dev/null 2>&1 &&
	    ./configure -q >/dev/null &&
	    make -j"$jobs" rti/rtiexec test/bench/rtibench >/dev/null) ||
	    { echo "svc_hook_ab: build $side failed" >&2; exit 1; }
done
sh "$here/ab.sh" -n "$rounds" "$tmp/A" "$tmp/B" "$@"

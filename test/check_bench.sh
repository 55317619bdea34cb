#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_bench.sh - the benchmark program runs every mode end to end over
# both transports (--quick workloads), and time advance with SCHED_BATCH
# federates and with pinned ones, and prints the RESULT lines scripts
# read, each naming what it ran over; report.sh turns runs into MEDIAN
# lines; bad options are refused.  No figure is judged here: speed targets live
# in `make bench` (BENCHMARKS.md), never in timed tests.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=.}"
bench="$top_builddir/test/bench/rtibench"
[ -x "$bench" ] || { echo "SKIP: no $bench"; exit 77; }
out=$(mktemp) || exit 1
trap 'rm -f "$out"' EXIT INT TERM
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

# count PATTERN: RESULT lines of the last run matching PATTERN
count() { grep -c "^RESULT $1" "$out"; }

for t in tcp unix; do
	if [ "$t" = tcp ]; then
		modes=""
	else
		modes="-m baseline -m latency -m throughput -m timeadv"
	fi
	# shellcheck disable=SC2086
	if "$bench" --quick --transport "$t" $modes >"$out" 2>&1; then
		ok
	else
		bad "rtibench --quick --transport $t exited $?"; cat "$out"
		continue
	fi
	[ "$(count "mode=baseline transport=$t variant=")" = 2 ] && ok ||
	    bad "$t: baseline lines"
	[ "$(count "mode=latency transport=$t p50_us=[0-9.]* p99_us=")" = 1 ] &&
	    ok || bad "$t: latency line"
	[ "$(count "mode=throughput transport=$t packing=[a-z]* updates_per_s=[1-9]")" = 3 ] &&
	    ok || bad "$t: throughput lines"
	[ "$(count "mode=timeadv transport=$t feds=[0-9]* request=[a-z]* grants_per_s=[1-9]")" = 6 ] &&
	    ok || bad "$t: timeadv lines"
	# each compared with the raw barrier of the same size and run
	[ "$(count "mode=timeadv transport=$t .* ratio_to_barrier=[0-9.]* baseline_barrier_per_s=[1-9]")" = 6 ] &&
	    ok || bad "$t: timeadv lines without the raw barrier"
	if [ "$t" = tcp ]; then
		[ "$(count "mode=fanout transport=tcp filter=")" = 4 ] && ok ||
		    bad "fanout lines"
		grep -q "^RESULT mode=fanout .*ratio_wire_to_wanted=1\.0.* by=prefix" \
		    "$out" && ok || bad "fanout: prefix conditions' wire bytes"
		grep -q "^RESULT mode=fanout .*filter=on.*ratio_wire_to_wanted=1\.0" \
		    "$out" && ok || bad "fanout: filtered wire bytes"
		[ "$(count "mode=scale transport=tcp")" -ge 4 ] && ok ||
		    bad "scale lines"
		# two values, each memcpy plus four codec paths
		# reliable and best effort, round trip and throughput
		[ "$(count "mode=besteffort transport=tcp variant=latency transportation=[a-z_]* p50_us=[0-9.]* p99_us=[0-9.]* lost=[0-9]*")" = 2 ] &&
		    ok || bad "besteffort latency lines"
		[ "$(count "mode=besteffort transport=tcp variant=throughput transportation=best_effort updates_per_s=[1-9][0-9]* delivered=[01]\.")" = 1 ] &&
		    ok || bad "besteffort throughput line"
		[ "$(count "mode=encode transport=tcp value=[a-z0-9]* bytes=[1-9][0-9]* op=[a-z]* via=[a-z]* values_per_s=[1-9][0-9]* mb_per_s=[0-9.]* ratio_to_memcpy=[0-9.]*$")" = 10 ] &&
		    ok || bad "encode lines"
	fi
	# every line names the transport it ran over
	[ "$(grep -c '^RESULT ' "$out")" = "$(count "mode=[a-z]* transport=$t ")" ] &&
	    ok || bad "$t: a RESULT line without transport=$t"
done

if sh "$top_srcdir/test/bench/report.sh" -n 2 "$bench" --quick \
    --transport unix -m latency >"$out" 2>/dev/null &&
    [ "$(grep -c '^MEDIAN runs=2 mode=latency transport=unix p50_us=' "$out")" = 1 ]
then ok; else bad "report.sh MEDIAN line"; cat "$out"; fi

# the scale in federates, as processes: the grid samples' trainer with two
# consoles for 0.2 s of logical time, and ten idle federates
if RTIBENCH_CONSOLES=0,2 RTIBENCH_TRAINER_SECONDS=0.2 "$bench" --quick \
    -m trainer >"$out" 2>&1; then
	[ "$(count "mode=trainer transport=tcp consoles=[02] processes=1[79] forked_s=[0-9.]* sync_s=[0-9.]* frames_until_sync=[1-9][0-9]* .*x_realtime=[0-9.]* ms_per_step=[0-9.]* .*console_cpu_us_per_step=")" = 2 ] &&
	    ok || { bad "trainer lines"; cat "$out"; }
else
	bad "rtibench -m trainer exited $?"; cat "$out"
fi
if RTIBENCH_CROWD=10 "$bench" --quick -m crowd >"$out" 2>&1; then
	[ "$(count "mode=crowd transport=tcp federates=10 join_sync_s=[0-9.]* join_s=[0-9.]* rtiexec_rss_mb=[0-9.]* .*growth_p50=[0-9.]*$")" = 1 ] &&
	    ok || { bad "crowd line"; cat "$out"; }
else
	bad "rtibench -m crowd exited $?"; cat "$out"
fi

# timeadv_variant FLAG TAG DENIED: time advance with FLAG runs, every
# line carries TAG, or the run is skipped when it failed with DENIED (the
# system does not permit the setting)
timeadv_variant() {
	if "$bench" --quick $1 -m timeadv >"$out" 2>&1; then
		[ "$(count "mode=timeadv transport=tcp $2 feds=[0-9]* request=[a-z]* grants_per_s=[1-9]")" = 6 ] &&
		    ok || bad "$1: timeadv lines"
	elif grep -q "$3" "$out"; then
		echo "SKIP: $1 not permitted here"
	else
		bad "rtibench $1 failed"; cat "$out"
	fi
}
# federates as SCHED_BATCH threads, and pinned to CPUs round-robin
timeadv_variant "--sched batch" "sched=batch" "sched_setscheduler"
timeadv_variant "--pin" "pin=yes" "setaffinity"
"$bench" --sched fifo >"$out" 2>&1
[ $? = 2 ] && grep -q "unknown scheduling 'fifo'" "$out" && ok ||
    bad "--sched fifo not refused"
"$bench" --transport udp >"$out" 2>&1
[ $? = 2 ] && grep -q "unknown transport 'udp'" "$out" && ok ||
    bad "--transport udp not refused"
"$bench" --mode nosuch >"$out" 2>&1
[ $? = 2 ] && ok || bad "--mode nosuch not refused"

echo "check_bench: $pass passed, $fail failed"
[ "$fail" = 0 ]

#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_console_refresh.sh - the console sample's --refresh, with the real
# samples and a real rtiexec on loopback: a substation simulator (S1..S3),
# the instructor (a fault on S2's L1 at 0.5 s, the close of its B1 at
# 0.8 s) and three consoles of S2 run 1 s of logical time in 20 ms steps
# as fast as time management allows, the consoles reporting every 25
# steps:
#   a  --refresh 0.02: one time advance request per step (50);
#   b  the default (0.2 s, ten steps): up to ten steps per request, never
#      past a report: 10, 20, 25, 35, 45, 50 (6 requests);
#   c  --refresh 0.14 (seven steps): 7, 14, 21, 25, 32, 39, 46, 50 (8).
# All three must show the same: the same lines (each event with its time,
# each report with its values, in the same order), the same reflections
# and updates received, the same 50 steps to t=1.00.  Fewer requests lose
# nothing, and an event keeps the time it happened at.  (The substation's
# alarms come in receive order, shown at the console's time when they
# arrive: a race in any console, so only their number is compared.  The
# simulators run until the consoles are done, then get SIGINT: none
# resigns, deleting its instances in receive order, before the consoles
# reach t=1.00.)
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=.}"
samples=$top_builddir/samples
rtiexec=$top_builddir/rti/rtiexec
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok: $*"; }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }

tmp=$(mktemp -d)
rti_pid=
cleanup() {
	[ -n "$rti_pid" ] && kill "$rti_pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
"$rtiexec" --port 0 --port-file "$tmp/port" --heartbeat-timeout 60 \
    --fom-path "$top_srcdir/data/fom" 2>"$tmp/rtiexec.log" &
rti_pid=$!
for _ in $(seq 100); do
	grep -q '^[0-9][0-9]*$' "$tmp/port" 2>/dev/null && break
	sleep 0.1
done
url=tcp://127.0.0.1:$(cat "$tmp/port")
common="--url $url --fom $top_srcdir/data/fom/Grid.xml --peers 5
    --timeout 60 --state-dir $tmp"
# shellcheck disable=SC2086
"$samples/substation" $common --speed 2 --name sub --grid north --first 1 \
    --substations 3 >"$tmp/sub.log" 2>&1 &
p1=$!
# shellcheck disable=SC2086
"$samples/instructor" $common --speed 2 --name ins \
    --script "0.5:fault:S2:L1;0.8:close:S2:B1" >"$tmp/ins.log" 2>&1 &
p2=$!
pids=
for c in a:0.02 b: c:0.14; do
	name=${c%%:*} refresh=${c#*:}
	# shellcheck disable=SC2086
	"$samples/console" $common --speed 0 --duration 1 --name "$name" --substation S2 --every 25 \
	    ${refresh:+--refresh "$refresh"} >"$tmp/$name.log" 2>&1 &
	pids="$pids $!"
done
rcs=
for p in $pids; do
	wait "$p"
	rcs="$rcs $?"
done
kill -INT "$p1" "$p2"
for p in $p1 $p2; do
	wait "$p"
	rcs="$rcs $?"
done
if [ "$rcs" = " 0 0 0 0 0" ]; then
	ok "the five federates ran and exited 0"
else
	ko "exit statuses$rcs (a b c substation instructor)"
	tail -n 3 "$tmp"/*.log
fi

# key=value of the console's SUMMARY line
summary() {
	sed -n "s/^SUMMARY .* $2=\([^ ]*\).*/\1/p" "$tmp/$1.log"
}
for want in a:50 b:6 c:8; do
	n=${want%%:*} adv=${want#*:}
	got=$(summary "$n" advances)
	if [ "$got" = "$adv" ] && [ "$(summary "$n" steps)" = 50 ] &&
	    [ "$(summary "$n" time)" = 1.00 ]; then
		ok "console $n: 50 steps to t=1.00 in $adv requests"
	else
		ko "console $n: $(grep '^SUMMARY' "$tmp/$n.log")"
	fi
done
# what each showed, without its name
for n in a b c; do
	sed -n "s/^$n: \(t=.*\)/\1/p" "$tmp/$n.log" | grep -v ' ALARM ' \
	    >"$tmp/$n.shown"
done
if grep -q "FAULT 3ph on L1" "$tmp/a.shown" &&
    grep -q "breaker S2.B1 OPENED" "$tmp/a.shown" &&
    grep -q "breaker S2.B1 CLOSED" "$tmp/a.shown" &&
    [ "$(grep -c ': BUS1 ' "$tmp/a.shown")" = 2 ] &&
    [ "$(summary a alarms)" = 3 ]; then
	ok "console a showed the fault, the trip, B1 opened and closed, three alarms, two reports"
else
	ko "console a showed:"
	cat "$tmp/a.shown"
fi
for n in b c; do
	if cmp -s "$tmp/a.shown" "$tmp/$n.shown" &&
	    [ "$(summary a reflections)" = "$(summary "$n" reflections)" ] &&
	    [ "$(summary a updates_received)" = \
	    "$(summary "$n" updates_received)" ] &&
	    [ "$(summary "$n" alarms)" = 3 ]; then
		ok "console $n showed what a showed, at the same times"
	else
		ko "console $n differs from a:"
		diff "$tmp/a.shown" "$tmp/$n.shown"
		grep '^SUMMARY' "$tmp/a.log" "$tmp/$n.log"
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]

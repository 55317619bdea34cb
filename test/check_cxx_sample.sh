#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_cxx_sample.sh - the C++ sample samples/alarm_logger (the IEEE
# 1516-2010 C++ API) in a federation of the C samples: two substation
# simulators (grid north: S1-S3, grid south: S4-S6) and the instructor,
# which faults line L1 of S2 and of S5, as fast as time management
# allows.  The logger, subscribed with the condition "north/", must log
# the fault of S2 with its logical time, the protection trip and alarms
# that followed, nothing of the south grid, and reach the end time.
# Skipped when the C++ API is not built.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=.}"
top_builddir=$(cd "$top_builddir" && pwd)
s=$top_builddir/samples
[ -x "$s/alarm_logger" ] || { echo "SKIP: C++ API not built"; exit 77; }
pass=0
fail=0
ok() { pass=$((pass + 1)); }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }
tmp=$(mktemp -d)
rx=
cleanup() {
	[ -n "$rx" ] && kill "$rx" 2>/dev/null && wait "$rx" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT

"$top_builddir/rti/rtiexec" --port 0 --port-file "$tmp/port" \
    --heartbeat-timeout 60 \
    --fom-path "$top_srcdir/data/fom" -q 2>"$tmp/rtiexec.log" &
rx=$!
i=0
while [ ! -s "$tmp/port" ] && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
port=$(cat "$tmp/port" 2>/dev/null)
[ -n "$port" ] || { echo "FAIL: rtiexec did not start"; exit 1; }
url=tcp://127.0.0.1:$port
fom=$top_srcdir/data/fom/Grid.xml
common="--url $url --fom $fom --peers 4 --duration 2 --timeout 60"

timeout 90 "$s/substation" $common --grid north --first 1 \
    --substations 3 --speed 0 >"$tmp/north.log" 2>&1 &
pn=$!
timeout 90 "$s/substation" $common --grid south --first 4 \
    --substations 3 --speed 0 >"$tmp/south.log" 2>&1 &
ps=$!
timeout 90 "$s/instructor" $common --speed 0 \
    --script "0.3:fault:S2:L1;0.5:fault:S5:L1" >"$tmp/ins.log" 2>&1 &
pi=$!
timeout 90 "$s/alarm_logger" --url "$url" --fom "$fom" --grid north \
    --peers 4 --duration 2 >"$tmp/logger.log" 2>&1
rl=$?
wait $pn; rn=$?
wait $ps; rs=$?
wait $pi; ri=$?
if [ $rl -eq 0 ] && [ $rn -eq 0 ] && [ $rs -eq 0 ] && [ $ri -eq 0 ]; then
	ok
else
	ko "exit statuses: logger $rl, north $rn, south $rs, instructor $ri"
fi
log=$tmp/logger.log
# "   0.32  FAULT     north/S2 L1 kind 0": stamped after 0.3
if grep -Eq '^ *0\.[3-4][0-9]  FAULT +north/S2 L1 ' "$log"; then ok; else
	ko "no fault of north/S2 L1 at about 0.3 logged"; fi
if grep -Eq 'TRIP +north/S2 ' "$log"; then ok; else
	ko "no protection trip of north/S2 logged"; fi
if grep -Eq 'ALARM +north/S2 ' "$log"; then ok; else
	ko "no alarm of north/S2 logged"; fi
if grep -q 'south/' "$log"; then ko "the south grid's events were logged"
else ok; fi
if grep -Eq '^SUMMARY time=2 faults=1 .*trips=[1-9]' "$log"; then ok; else
	ko "no SUMMARY at time 2 with one fault and a trip"; fi
# the instructor saw the south fault's trip too: it was there to filter
if grep -q 'S5' "$tmp/ins.log"; then ok; else
	ko "the instructor saw nothing of S5"; fi
if [ $fail -ne 0 ]; then
	for f in logger north south ins; do
		echo "--- $f"; cat "$tmp/$f.log"
	done
fi
echo "check_cxx_sample: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_samples_save.sh - the samples' save and restore at their input
# boundaries, with the real samples and a real rtiexec on loopback:
#   1. the instructor refuses a save or restore step without a label
#      (exit 2, a message naming the step);
#   2. a substation whose state file was corrupted between the save and the
#      restore answers rti_federate_restore_not_complete: the federation is
#      not restored (the instructor prints "a federate reported failure"),
#      the substation says which file was bad and stops with status 1, not
#      a crash.  The restore step comes 2.3 s of wall clock after the save,
#      ample time to corrupt the file once the save is reported.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=.}"
samples=$top_builddir/samples
rtiexec=$top_builddir/rti/rtiexec
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok: $*"; }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }

for step in "0.5:save" "0.5:save:" "0.5:restore" "1:restore:;2:fault:S2:L1"
do
	out=$("$samples/instructor" --script "$step" --url tcp://127.0.0.1:1 \
	    2>&1)
	rc=$?
	if [ "$rc" -eq 2 ] && echo "$out" | grep -q "bad event .*LABEL"; then
		ok "instructor refuses '$step'"
	else
		ko "instructor took '$step' (exit $rc: $out)"
	fi
done

tmp=$(mktemp -d)
rti_pid=
cleanup() {
	[ -n "$rti_pid" ] && kill "$rti_pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
"$rtiexec" --port 0 --port-file "$tmp/port" \
    --heartbeat-timeout 60 \
    --fom-path "$top_srcdir/data/fom" --save-dir "$tmp/saves" \
    2>"$tmp/rtiexec.log" &
rti_pid=$!
for _ in $(seq 100); do
	grep -q '^[0-9][0-9]*$' "$tmp/port" 2>/dev/null && break
	sleep 0.1
done
url=tcp://127.0.0.1:$(cat "$tmp/port")
fom=$top_srcdir/data/fom/Grid.xml
"$samples/substation" --url "$url" --fom "$fom" --name sub --peers 2 \
    --duration 4 --timeout 20 --state-dir "$tmp" >"$tmp/sub.log" 2>&1 &
sub_pid=$!
"$samples/instructor" --url "$url" --fom "$fom" --name ins --peers 2 \
    --script "0.2:save:snap one;2.5:restore:snap one" --duration 4 \
    --timeout 20 --state-dir "$tmp" >"$tmp/ins.log" 2>&1 &
ins_pid=$!
for _ in $(seq 200); do
	grep -q "saved snap one" "$tmp/sub.log" && break
	sleep 0.05
done
# The label's space is '_' in the file name.
if [ -f "$tmp/snap_one.sub.state" ]; then
	ok "the substation saved to snap_one.sub.state"
	sed -i 's/^sub S2 1 1 1 /sub S2 1 7 1 /' "$tmp/snap_one.sub.state"
else
	ko "no state file snap_one.sub.state"
fi
wait "$ins_pid"
ins_rc=$?
wait "$sub_pid"
sub_rc=$?
if grep -q "not restored snap one: a federate reported failure" \
    "$tmp/ins.log"; then
	ok "the federation was not restored: a federate reported failure"
else
	ko "the instructor did not see the restore fail"
fi
if grep -q "snap_one.sub.state: not a good state file" "$tmp/sub.log" &&
    [ "$sub_rc" -eq 1 ]; then
	ok "the substation refused its corrupted file and stopped (exit 1)"
else
	ko "the substation: exit $sub_rc"
fi
[ "$ins_rc" -eq 0 ] && ok "the instructor went on and ended normally" ||
    ko "the instructor exited $ins_rc"
if [ "$fail" -ne 0 ]; then
	for f in ins.log sub.log rtiexec.log; do
		echo "--- $f"; cat "$tmp/$f"
	done
fi
echo "check_samples_save: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_cxx_federates.sh - federates written against the standard IEEE
# 1516.1-2010 C++ API, as other RTIs' users write them, run on rtiexec:
# three C++17 federates (std::unique_ptr, override; two on HLA_IMMEDIATE)
# step integer time exchanging timestamp-order updates; two C++11
# federates (NullFederateAmbassador with throw specifications,
# std::auto_ptr) exchange updates and interactions and step float time,
# first connecting with other RTIs' designators (rti://, crcAddress=),
# then with none and RTI_URL in the environment.  Skipped when the C++ API is not
# built.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=.}"
top_builddir=$(cd "$top_builddir" && pwd)
b=$top_builddir/test/cxx
[ -x "$b/fed_hello_cxx11" ] || { echo "SKIP: C++ API not built"; exit 77; }
pass=0
fail=0
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
fom=$top_srcdir/data/fom/HelloWorld.xml

# pair NAME DESIGNATOR_A DESIGNATOR_B: two federates run together; both
# must exit 0 within 60 s.
pair() {
	timeout 60 "$b/fed_hello_cxx11" a 2 "$2" "$fom" >"$tmp/a.log" 2>&1 &
	pa=$!
	timeout 60 "$b/fed_hello_cxx11" b 2 "$3" "$fom" >"$tmp/b.log" 2>&1
	rb=$?
	wait $pa
	ra=$?
	if [ $ra -eq 0 ] && [ $rb -eq 0 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $1 (exit $ra and $rb)"
		cat "$tmp/a.log" "$tmp/b.log"
	fi
}

# three C++17 federates, two taking callbacks on the RTI's thread
trio() {
	u=tcp://127.0.0.1:$port
	timeout 60 "$b/fed_hello_cxx17" a 3 "$u" "$fom" immediate \
	    >"$tmp/a.log" 2>&1 &
	pa=$!
	timeout 60 "$b/fed_hello_cxx17" b 3 "$u" "$fom" evoked \
	    >"$tmp/b.log" 2>&1 &
	pb=$!
	timeout 60 "$b/fed_hello_cxx17" c 3 "$u" "$fom" immediate \
	    >"$tmp/c.log" 2>&1
	rc=$?
	wait $pa
	ra=$?
	wait $pb
	rb=$?
	if [ $ra -eq 0 ] && [ $rb -eq 0 ] && [ $rc -eq 0 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: C++17 federates, HLA_IMMEDIATE and HLA_EVOKED" \
		    "(exit $ra, $rb, $rc)"
		cat "$tmp/a.log" "$tmp/b.log" "$tmp/c.log"
	fi
}

trio
pair "rti:// and crcAddress= designators" "rti://127.0.0.1:$port/" \
    "crcAddress=127.0.0.1:$port"
RTI_URL=tcp://127.0.0.1:$port
export RTI_URL
pair "no designator, RTI_URL" "" ""
unset RTI_URL

echo "check_cxx_federates: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

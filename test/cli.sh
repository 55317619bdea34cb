#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# cli.sh - rtiexec's command line: help, version, bad flags, --check-fom,
# signals.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=.}"
RTIEXEC=${top_builddir}/rti/rtiexec
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

expect() { # expect STATUS PATTERN -- ARGS...
	want=$1; pat=$2; shift 3
	out=$("$RTIEXEC" "$@" 2>&1); got=$?
	if [ "$got" -ne "$want" ]; then bad "rtiexec $* exited $got, want $want: $out"; return; fi
	if [ -n "$pat" ] && ! printf '%s' "$out" | grep -q -- "$pat"; then
		bad "rtiexec $*: output lacks '$pat': $out"; return; fi
	ok
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '<objectModel><objects>\n<objectClass><name>HLAobjectRoot</name>\n<objectClass><attribute><name>x</name></attribute></objectClass></objectClass></objects></objectModel>\n' > "$tmp/noname.xml"
printf 'not xml at all\n' > "$tmp/junk.xml"

expect 0 "Usage: rtiexec" -- --help
expect 0 "rtiexec (rti) " -- --version
expect 0 "^0x0404 one-way-serial joined TM" -- --list-messages
expect 2 "unrecognized option" -- --frobnicate
expect 2 "bad port" -- --port 70000
expect 2 "bad port" -- --port -1
expect 2 "bad log level" -- --log-level loud
expect 2 "needs --federation" -- --fom x.xml
expect 2 "needs at least one" -- --federation F
expect 2 "unexpected argument" -- extra
expect 2 "bad --max-frame" -- --max-frame 12
expect 2 "bad --slow-timeout" -- --slow-timeout 0
expect 2 "bad --slow-timeout" -- --slow-timeout soon
expect 2 "bad --max-queue" -- --max-queue 1000
expect 2 "bad --max-total-queue" -- --max-total-queue 12
expect 2 "bad --max-total-queue" -- --max-total-queue lots
expect 2 "is below --max-queue 67108864" -- --max-total-queue 1048576
expect 2 "is below --max-queue 2097152" -- --max-total-queue 1048576 --max-queue 2097152
expect 2 "cannot read key file" -- --auth-key-file /nonexistent/key
expect 0 "--handshake-timeout SECS" -- --help
expect 0 "--per-source-max-startups N" -- --help
expect 2 "bad --handshake-timeout" -- --handshake-timeout 0
expect 0 "--http ADDR:PORT" -- --help
expect 2 "bad --http" -- --http nowhere
expect 2 "bad --http" -- --http 127.0.0.1:65536
expect 2 "bad --http" -- --http ::1:80
expect 2 "bad --multicast-cell-depth" -- --multicast 239.192.10.0/24 --multicast-cell-depth 33
expect 2 "bad --multicast-cell-depth" -- --multicast 239.192.10.0/24 --multicast-cell-depth deep
expect 2 "go with --multicast" -- --multicast-cell-depth 2
expect 2 "bad --http" -- --http host.example:80
expect 2 "bad --http" -- --http 127.0.0.1:
expect 2 "bad --http-max-clients" -- --http :0 --http-max-clients 0
expect 2 "bad --http-max-output" -- --http :0 --http-max-output 100
expect 2 "go with --http" -- --http-max-clients 3
expect 2 "go with --http" -- --http-port-file "$tmp/p"
expect 1 "HTTP: cannot listen on 192.0.2.1" -- --port 0 --http 192.0.2.1:0
expect 2 "bad --handshake-timeout" -- --handshake-timeout 3601
expect 2 "bad --handshake-timeout" -- --handshake-timeout soon
expect 2 "bad --handshake-timeout" -- --handshake-timeout ""
expect 2 "bad --max-connections" -- --max-connections 0
expect 2 "bad --max-connections" -- --max-connections -5
expect 2 "bad --max-connections" -- --max-connections 1048577
expect 2 "bad --max-connections" -- --max-connections many
expect 2 "bad --max-startups" -- --max-startups 0
expect 2 "bad --max-startups" -- --max-startups 10x
expect 2 "bad --per-source-max-startups" -- --per-source-max-startups 0
expect 2 "bad --per-source-max-startups" -- --per-source-max-startups ""
expect 2 "needs at least one FILE" -- --check-fom
expect 0 "object class .* HLAobjectRoot.Equipment.Breaker" -- --check-fom "$top_srcdir/data/fom/Grid.xml"
expect 0 "Switching" -- --check-fom "$top_srcdir/data/fom/Grid.xml" "$top_srcdir/data/fom/HelloWorld.xml"
# Datatypes: warnings on stderr (exit 0), errors with --strict, the
# datatypes with --verbose, conflicts naming both places.
data="$top_srcdir/test/data/fom"
out=$("$RTIEXEC" --check-fom "$top_srcdir/data/fom/Grid.xml" 2>&1 >/dev/null)
if [ -n "$out" ]; then bad "Grid.xml: --check-fom wrote to stderr: $out"; else ok; fi
expect 0 "types-warning.xml:13: warning: attribute 'temperature' of object class 'HLAobjectRoot.House' names datatype 'double', which no module defines: its values are opaque" -- --check-fom "$data/types-warning.xml"
expect 0 "object class .* HLAobjectRoot.House" -- --check-fom "$data/types-warning.xml"
expect 1 "rtiexec: 1 warning, errors with --strict" -- --check-fom --strict "$data/types-warning.xml"
expect 0 "object class .* HLAobjectRoot.Equipment.Breaker" -- --check-fom --strict "$top_srcdir/data/fom/Grid.xml"
expect 0 "datatype 54 Kilovolts: simple on HLAfloat64BE, units kV; 8 octets, boundary 8" -- --check-fom --verbose "$top_srcdir/data/fom/Grid.xml"
expect 0 "        datatype 63 BreakerState: enumerated on HLAinteger32BE; 4 octets, boundary 4" -- --verbose --check-fom "$top_srcdir/data/fom/Grid.xml"
expect 0 "datatype double: not defined (values opaque)" -- --check-fom --verbose "$data/types-warning.xml"
expect 1 "types-conflict.xml:7: error: datatype 'Kilovolts' conflicts with its definition at .*/data/fom/Grid.xml:311 (units V vs kV)" -- --check-fom "$top_srcdir/data/fom/Grid.xml" "$data/types-conflict.xml"
expect 0 "module 2 .*types-conflict.xml" -- --check-fom "$data/types-conflict.xml"
expect 1 "types-error.xml:7: error: datatype 'Node' contains itself (Node -> Node): no value of it could be finite" -- --check-fom "$data/types-error.xml"
expect 1 "cannot create federation F: .*types-error.xml:7: datatype 'Node' contains itself" -- --port 0 --federation F --fom "$data/types-error.xml"
expect 2 "--strict and --verbose go with --check-fom" -- --strict
expect 2 "--strict and --verbose go with --check-fom" -- --port 0 --verbose
expect 1 "noname.xml:3" -- --check-fom "$tmp/noname.xml"
# --check-fom decides as a create does: in order, one module building on
# an earlier one's dimension; the same refusal code a create returns.
expect 0 "attribute 47 Load (reliable, receive, dims: Region)" -- --check-fom "$data/dims-base.xml" "$data/dims-user.xml"
expect 1 "dims-user.xml:16: error: unknown dimension 'Region' referenced by attribute 'Load'" -- --check-fom "$data/dims-user.xml" "$data/dims-base.xml"
expect 1 "refused (RTI_ERR_ERROR_READING_FDD)" -- --check-fom "$data/dims-user.xml" "$data/dims-base.xml"
expect 1 "refused (RTI_ERR_INCONSISTENT_FDD)" -- --check-fom "$top_srcdir/data/fom/Grid.xml" "$data/types-conflict.xml"
expect 1 "refused (RTI_ERR_COULD_NOT_OPEN_FDD)" -- --check-fom "$tmp/missing.xml"
# Every FOM holds the MIM, merged first: the shipped module and a module
# repeating it merge; one redefining a MIM class is refused.
expect 0 "object class 3 HLAobjectRoot.HLAmanager.HLAfederate" -- --check-fom "$top_srcdir/data/fom/Grid.xml"
expect 0 "attribute 2 HLAfederateHandle" -- --check-fom "$top_srcdir/data/fom/Grid.xml"
expect 0 "module 2 .*HLAstandardMIM.xml (HLAstandardMIM)" -- --check-fom --strict "$top_srcdir/data/fom/HLAstandardMIM.xml" "$top_srcdir/data/fom/Grid.xml"
expect 1 "mim-redefined.xml:11: error: conflicting merge of object class .HLAobjectRoot.HLAmanager.HLAfederate.: attribute .Mood. is not in its earlier definition" -- --check-fom "$top_srcdir/data/fom/Grid.xml" "$data/mim-redefined.xml"
expect 1 "refused (RTI_ERR_INCONSISTENT_FDD)" -- --check-fom "$data/mim-redefined.xml"
expect 1 "junk.xml" -- --check-fom "$tmp/junk.xml"
expect 1 "missing.xml" -- --check-fom "$tmp/missing.xml"
# A federation that cannot be created stops start-up with status 1.
expect 1 "cannot create federation" -- --port 0 --federation F --fom "$tmp/junk.xml"
expect 1 "bad bind address" -- --port 0 --bind nowhere

# Signals: SIGUSR1 logs the counters as a "status" line even with --quiet;
# SIGTERM exits 0.
"$RTIEXEC" --quiet --port 0 --port-file "$tmp/port" 2>"$tmp/log" &
pid=$!
i=0
while [ ! -s "$tmp/port" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
kill -USR1 $pid
i=0
while ! grep -q "status: connections=0 " "$tmp/log" && [ $i -lt 100 ]; do
	sleep 0.05; i=$((i + 1)); done
kill -TERM $pid
wait $pid; got=$?
if ! grep -q "status: connections=0 frames_in=0 " "$tmp/log"; then
	bad "SIGUSR1 with --quiet: no status line: $(cat "$tmp/log")"
elif grep -q " error: " "$tmp/log"; then
	bad "SIGUSR1: status logged as an error: $(cat "$tmp/log")"
elif [ "$got" -ne 0 ]; then
	bad "SIGTERM: exit status $got, want 0"
else
	ok
fi

# The start-up federation takes the modules --check-fom accepts.
"$RTIEXEC" --port 0 --port-file "$tmp/port3" --federation F \
    --fom "$data/dims-base.xml" --fom "$data/dims-user.xml" 2>"$tmp/log3" &
pid=$!
i=0
while [ ! -s "$tmp/port3" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
kill -TERM $pid
wait $pid; got=$?
if ! grep -q "federation F created" "$tmp/log3" || [ "$got" -ne 0 ]; then
	bad "create of modules in order: not created, or exit $got: $(cat "$tmp/log3")"
else
	ok
fi

# A federation created with warnings logs them (info) and runs.
"$RTIEXEC" --port 0 --port-file "$tmp/port2" --federation F \
    --fom "$data/types-warning.xml" 2>"$tmp/log2" &
pid=$!
i=0
while [ ! -s "$tmp/port2" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
kill -TERM $pid
wait $pid; got=$?
if ! grep -q "federation F: .*types-warning.xml:13: warning: attribute 'temperature' of object class 'HLAobjectRoot.House' names datatype 'double'" "$tmp/log2"; then
	bad "create with warnings: not logged: $(cat "$tmp/log2")"
elif ! grep -q "federation F created" "$tmp/log2" || [ "$got" -ne 0 ]; then
	bad "create with warnings: not created, or exit $got: $(cat "$tmp/log2")"
else
	ok
fi

echo "cli: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_protocol.sh - rti-protocol(7) says what both ends do, for every
# message type: its code and name (proto/wire.h), who sends it, and
# whether it is a request answered by a REPLY, a one-way message, a
# callback or an answer.  The implementation's side comes from rtiexec's
# dispatch tables (rtiexec --list-messages) and librti's tables
# (test/tools/protocol_librti); the page's from its message tables, one row per
# type after "From the federate:" or "From rtiexec:".  Then each row's
# payload layout is checked against the real frames of a session between
# rtiexec and librti federates (test/integration/protocol_frames, a recording
# proxy; built with Check): every save and restore message, and every
# other type the session sends.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=$top_srcdir}"
page=$top_srcdir/man/rti-protocol.7
wire=$top_srcdir/proto/wire.h
rtiexec=$top_builddir/rti/rtiexec
helper=$top_builddir/test/tools/protocol_librti
frames=$top_builddir/test/integration/protocol_frames
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check_protocol.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

for f in "$rtiexec" "$helper"; do
	if [ ! -x "$f" ]; then
		echo "FAIL: $f not built"
		exit 1
	fi
done
"$rtiexec" --list-messages >"$tmp/rtiexec" || {
	echo "FAIL: rtiexec --list-messages failed"
	exit 1
}
"$helper" >"$tmp/librti" || {
	echo "FAIL: $helper failed"
	exit 1
}
sed -n 's/^[[:space:]]*WIRE_\([A-Z0-9_]*\) = \(0x[0-9a-fA-F]\{4\}\).*/\2 \1/p' \
    "$wire" | awk '{ print tolower($1), $2 }' >"$tmp/wire"
if [ ! -s "$tmp/wire" ] || [ ! -s "$tmp/rtiexec" ] || [ ! -s "$tmp/librti" ]
then
	echo "FAIL: an input is empty"
	exit 1
fi

awk -v W="$tmp/wire" -v R="$tmp/rtiexec" -v L="$tmp/librti" -v P="$page" '
function fail(msg) { print "FAIL: " msg; nfail++ }
BEGIN {
	FS = " "
	while ((getline < W) > 0) {
		wname[$1] = $2
		codes[++ncodes] = $1
	}
	while ((getline < R) > 0)
		rkind[$1] = $2
	while ((getline < L) > 0) {
		if ($2 == "sends")
			lsend[$1] = $3
		else
			lrecv[$1] = $3
	}
	FS = "\t"
	dir = ""
	while ((getline line < P) > 0) {
		if (line ~ /^From the federate:/)
			dir = "federate"
		else if (line ~ /^From rtiexec:/)
			dir = "rtiexec"
		else if (line == ".TS")
			intable = 1
		else if (line == ".TE")
			intable = 0
		else if (intable && line ~ /^0x[0-9a-fA-F]+\t/) {
			n = split(line, f, "\t")
			c = tolower(f[1])
			if (c in pdir)
				fail("rti-protocol.7 lists " c " twice")
			pdir[c] = dir
			pname[c] = f[2]
			pkind[c] = f[3]
			getline text < P
			ppay[c] = text
			if (dir == "")
				fail(c " is in a table before any \"From\"")
		}
	}
	for (i = 1; i <= ncodes; i++) {
		c = codes[i]
		if (!(c in pdir)) {
			fail(c " " wname[c] " is not in rti-protocol.7")
			continue
		}
		if (pname[c] != wname[c])
			fail(c ": rti-protocol.7 names it " pname[c] \
			    ", wire.h " wname[c])
		checked++
		if (pdir[c] == "federate") {
			if (c in lrecv)
				fail(c " " wname[c] ": the page has it from the " \
				    "federate, librti receives it")
			if (!(c in rkind)) {
				fail(c " " wname[c] ": the page has it from " \
				    "the federate, rtiexec does not accept it")
				continue
			}
			k = rkind[c]
			if (k == "one-way-serial") {
				k = "one-way"
				if (ppay[c] !~ /^u32 0[,;]/)
					fail(c " " wname[c] ": rtiexec reads a " \
					    "serial it ignores; the payload must " \
					    "start with \"u32 0\"")
			}
			if (pkind[c] != k)
				fail(c " " wname[c] ": rti-protocol.7 says " \
				    pkind[c] ", rtiexec treats it as " rkind[c])
			if (c in lsend) {
				lk = lsend[c]
				if (lk == "one-way" && k == "handshake")
					lk = "handshake"
				if (lk != pkind[c])
					fail(c " " wname[c] ": rti-protocol.7 " \
					    "says " pkind[c] ", librti sends it " \
					    lsend[c])
			} else if (ppay[c] !~ /Not sent by librti/)
				fail(c " " wname[c] ": librti does not send " \
				    "it; the row must say \"Not sent by " \
				    "librti\"")
		} else {
			if (c in rkind)
				fail(c " " wname[c] ": the page has it from " \
				    "rtiexec, rtiexec accepts it")
			if (c in lsend)
				fail(c " " wname[c] ": the page has it from " \
				    "rtiexec, librti sends it")
			if (!(c in lrecv))
				fail(c " " wname[c] ": the page has it from " \
				    "rtiexec, librti does not decode it")
			else if (lrecv[c] != pkind[c])
				fail(c " " wname[c] ": rti-protocol.7 says " \
				    pkind[c] ", librti takes it as " lrecv[c])
		}
	}
	for (c in pdir)
		if (!(c in wname))
			fail(c " in rti-protocol.7 is not a type of wire.h")
	for (c in rkind)
		if (!(c in wname))
			fail(c " accepted by rtiexec is not in wire.h")
	for (c in lsend)
		if (!(c in wname))
			fail(c " sent by librti is not in wire.h")
	for (c in lrecv)
		if (!(c in wname))
			fail(c " decoded by librti is not in wire.h")
	printf "check_protocol: %d message types checked, %d failures\n", \
	    checked, nfail
	exit nfail > 0
}' || exit 1

if [ -x "$frames" ]; then
	"$frames" "$page" || exit 1
else
	echo "check_protocol: $frames not built (no Check): payload layouts" \
	    "not checked against frames"
fi

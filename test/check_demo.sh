#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_demo.sh - the demo of README's Quick start (./demo.sh) runs and
# passes against this build, without building: rtiexec and the seven
# sample federates of data/fom/Grid.xml (substation simulators, grid simulator,
# consoles, instructor) for 3 s of logical time in real time, about 5 s in
# all.  demo.sh itself checks that every federate exited 0 and reached 3 s,
# saved once and restored once (the backtrack to "prefault"), that the
# console of S2 saw the fault, the trip and breaker B1 opening once per
# pass and B1 closed in its restored view,
# that the console of S1 saw nothing of S2, and that filtering suppressed
# updates at the source and in rtiexec.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=.}"
command -v bash >/dev/null 2>&1 || {
	echo "SKIP: no bash (Debian package bash)"; exit 77; }
if bash "$top_srcdir/demo.sh" --no-build --builddir "$top_builddir"; then
	echo "check_demo: 1 passed, 0 failed"
else
	echo "check_demo: 0 passed, 1 failed"
	exit 1
fi

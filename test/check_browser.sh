#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_browser.sh - the page of rtiexec's HTTP view (rti-http(7)) in a real
# browser: Debian's chromium, headless, loads the page of a running
# federation and the test checks the DOM after the page's script ran.
#
# rtiexec --http and four real federates of data/fom/Grid.xml: two
# substation simulators and the grid simulator, all regulating and
# constrained, stepping 20 ms of logical time paced to the wall clock,
# and a console (constrained only) whose name is markup, which the page
# must show as text.
# The grid simulator is stopped with SIGSTOP, so its output bound holds
# the substations' GALT back: the page must show a row for every
# federate, the grid simulator's row with the class galt-holder, the
# substations' rows waiting.  A screenshot of the page is kept as
# $top_builddir/test/check_browser.png.  After SIGCONT the substations'
# time advances again.  Skips (77) with a notice where chromium is absent.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=.}"
chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser ||
    true)}
if [ -z "$chromium" ]; then
	echo "SKIP: check_browser: no chromium (Debian package chromium)"
	exit 77
fi
rtiexec=$top_builddir/rti/rtiexec
rtictl=$top_builddir/tools/rtictl
samples=$top_builddir/samples
fom=$top_srcdir/data/fom/Grid.xml
shot=$top_builddir/test/check_browser.png
tmp=$(mktemp -d)
pids=''
grid_pid=''
fail=0

cleanup() {
	[ -n "$grid_pid" ] && kill -CONT "$grid_pid" 2>/dev/null
	for p in $pids; do kill "$p" 2>/dev/null; done
	for p in $pids; do wait "$p" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT
bad() {
	echo "FAIL: check_browser: $*"
	fail=$((fail + 1))
}
# wait_for SECONDS COMMAND...: until COMMAND succeeds, 0; or 1
wait_for() {
	n=$(($1 * 10))
	shift
	while [ "$n" -gt 0 ]; do
		"$@" >/dev/null 2>&1 && return 0
		sleep 0.1
		n=$((n - 1))
	done
	return 1
}
has_port() { grep -q '^[0-9][0-9]*$' "$1"; }

# A generous heartbeat: a federate starved of the CPU on a loaded machine
# is not resigned in the middle of the test.
"$rtiexec" --port 0 --port-file "$tmp/port" \
    --heartbeat-timeout 60 --http 127.0.0.1:0 \
    --http-port-file "$tmp/http-port" --fom-path "$top_srcdir/data/fom" \
    2>"$tmp/rtiexec.log" &
pids="$!"
if ! wait_for 10 has_port "$tmp/port" ||
    ! wait_for 10 has_port "$tmp/http-port"; then
	cat "$tmp/rtiexec.log"
	echo "FAIL: check_browser: rtiexec did not start"
	exit 1
fi
url=tcp://127.0.0.1:$(cat "$tmp/port")
http=http://127.0.0.1:$(cat "$tmp/http-port")

# the console's name is markup: the page must show it as text
console='con<b>sole</b>'
for f in sub-north sub-south grid "$console"; do
	case $f in
	sub-north) a="substation --grid north --first 1 --substations 3" ;;
	sub-south) a="substation --grid south --first 4 --substations 3" ;;
	grid) a="grid" ;;
	*) a="console --grid north --substation S1" ;;
	esac
	# shellcheck disable=SC2086 # the sample and its arguments
	"$samples"/$a --url "$url" --name "$f" --fom "$fom" --peers 4 \
	    --duration 300 --timeout 120 >"$tmp/${f%%<*}.log" 2>&1 &
	pids="$pids $!"
	[ "$f" = grid ] && grid_pid=$!
done

# running: the grid simulator has advanced past 0
grid_moved() {
	"$rtictl" --url "$http" time | awk '$1 == "grid" && $2 > 0 { ok = 1 }
	    END { exit !ok }'
}
wait_for 30 grid_moved || bad "the federation did not start"
kill -STOP "$grid_pid"
held() {
	"$rtictl" --url "$http" time | grep -q 'held back by grid (waiting: '
}
wait_for 20 held || bad "rtictl does not show the grid simulator holding" \
    "time back"

"$chromium" --headless --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$tmp/profile" --virtual-time-budget=8000 \
    --dump-dom "$http/" >"$tmp/dom.html" 2>"$tmp/chromium.log" ||
    bad "chromium --dump-dom failed: $(tail -3 "$tmp/chromium.log")"
for f in sub-north sub-south grid; do
	grep -q "<tr class=\"federate[^\"]*\" data-federate=\"$f\">" \
	    "$tmp/dom.html" || bad "the page has no row for $f"
done
grep -q '<tr class="federate galt-holder" data-federate="grid">' \
    "$tmp/dom.html" || bad "the grid simulator's row is not the GALT holder"
for f in sub-north sub-south; do
	grep -q "<tr class=\"federate waiting\" data-federate=\"$f\">" \
	    "$tmp/dom.html" || bad "$f is not shown waiting"
done
grep -q '<td>con&lt;b&gt;sole&lt;/b&gt;</td>' "$tmp/dom.html" ||
    bad "the console's name is not shown as text"
grep -q '<b>sole</b>' "$tmp/dom.html" &&
    bad "the console's name went in as markup"
grep -q 'time held back' "$tmp/dom.html" ||
    bad "the page does not say time is held back"
grep -q '<svg[^>]*class="plot"' "$tmp/dom.html" || bad "the page has no plot"
grep -q '<table id="filtering-' "$tmp/dom.html" ||
    bad "the page has no filtering table"
grep -q '<th>sent B/s</th>' "$tmp/dom.html" ||
    bad "the traffic table has no bytes per second"
grep -q 'galt-holder' "$tmp/dom.html" || {
	echo "--- DOM"
	cat "$tmp/dom.html"
}

rm -f "$shot"
"$chromium" --headless --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$tmp/profile" --virtual-time-budget=8000 \
    --hide-scrollbars --window-size=1280,1100 --screenshot="$shot" \
    "$http/" >"$tmp/chromium.log" 2>&1
[ -s "$shot" ] || bad "no screenshot: $(tail -3 "$tmp/chromium.log")"

# it recovers: after SIGCONT the substations' time moves on
t0=$("$rtictl" --url "$http" time | awk '$1 == "sub-north" { print $2 }')
kill -CONT "$grid_pid"
moved() {
	"$rtictl" --url "$http" time | awk -v t0="$t0" \
	    '$1 == "sub-north" && $2 > t0 + 0.1 { ok = 1 } END { exit !ok }'
}
wait_for 20 moved || bad "sub-north did not advance after the grid resumed"

if [ "$fail" -gt 0 ]; then
	for f in sub-north sub-south grid con rtiexec; do
		echo "--- $f"
		tail -20 "$tmp/$f.log"
	done
	echo "check_browser: 0 passed, $fail failed"
	exit 1
fi
echo "check_browser: 1 passed, 0 failed (screenshot: $shot)"

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# demo.sh - build rti and run a short demo federation.
#
#   ./demo.sh               install the missing Debian build packages (with
#                           sudo when not root), bootstrap, configure and
#                           build in this tree, then run the demo
#   ./demo.sh --no-build    only run the demo, against an existing build
#   ./demo.sh --builddir D  use (or create) the build tree D
#   ./demo.sh --http PORT   also serve rtiexec's HTTP view (rti-http(7)) on
#                           127.0.0.1:PORT, run 300 s of logical time
#                           (DEMO_DURATION) and keep rtiexec serving after
#                           the demo until Ctrl-C
#
# The demo starts rti/rtiexec on a free loopback port and runs the grid
# samples against it (two substation simulators, the grid simulator, three
# consoles, the instructor) for DEMO_DURATION (default 3) seconds of
# logical time, then prints a timeline, what each federate sent and
# received, and what filtering saved.  It exits non-zero when the build
# fails or the expected events did not happen.  Running it again rebuilds
# only what changed.  With --http, open http://127.0.0.1:PORT/ in a browser
# (or run tools/rtictl top --url http://127.0.0.1:PORT) and pause the grid
# simulator with kill -STOP PID (the PIDs are printed): its row is
# highlighted as what holds the substations' time back until kill -CONT.
set -euo pipefail

srcdir=$(cd "$(dirname "$0")" && pwd)
builddir=$srcdir
build=1
http_port=

while [ $# -gt 0 ]; do
	case $1 in
	--no-build) build=0 ;;
	--builddir) builddir=${2:?--builddir needs a directory}; shift ;;
	--builddir=*) builddir=${1#--builddir=} ;;
	--http) http_port=${2:?--http needs a port}; shift ;;
	--http=*) http_port=${1#--http=} ;;
	-h|--help) sed -n '2,24s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "demo.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
	esac
	shift
done
mkdir -p "$builddir"
builddir=$(cd "$builddir" && pwd)
if [ -n "$http_port" ] && { ! [[ $http_port =~ ^[0-9]+$ ]] ||
    [ "$http_port" -lt 1 ] || [ "$http_port" -gt 65535 ]; }; then
	echo "demo.sh: --http wants a port 1..65535, not '$http_port'" >&2
	exit 2
fi

say() { printf '\n== %s\n' "$*"; }
die() { printf 'demo.sh: %s\n' "$*" >&2; exit 1; }

# ---- build ---------------------------------------------------------------

install_packages() {
	local pkgs missing=() p
	# shellcheck disable=SC2207 # one list of plain package names
	pkgs=($(cat "$srcdir/.ci/debian-packages"))
	if ! command -v dpkg-query >/dev/null; then
		echo "Not a Debian system: make sure these are installed:" \
		    "${pkgs[*]}"
		return
	fi
	for p in "${pkgs[@]}"; do
		[ "$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null)" \
		    = installed ] || missing+=("$p")
	done
	if [ ${#missing[@]} -eq 0 ]; then
		echo "All build packages are installed."
		return
	fi
	local sudo=()
	if [ "$(id -u)" -ne 0 ]; then
		command -v sudo >/dev/null ||
		    die "need root or sudo to install: ${missing[*]}"
		sudo=(sudo)
	fi
	echo "Installing: ${missing[*]}"
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y \
	    -qq --no-install-recommends "${missing[@]}"
}

build_tree() {
	if [ ! -f "$builddir/Makefile" ]; then
		if [ ! -x "$srcdir/configure" ]; then
			say "bootstrap"
			"$srcdir/bootstrap"
		fi
		say "configure"
		(cd "$builddir" && "$srcdir/configure" -q)
	fi
	# An existing Makefile reruns autoconf/configure itself when their
	# inputs changed.
	say "make"
	make -C "$builddir" -j"$(nproc 2>/dev/null || echo 2)" >/dev/null ||
	    die "build failed (run 'make' in $builddir to see why)"
	echo "Built rti/rtiexec, librti and the samples in $builddir."
}

if [ "$build" -eq 1 ]; then
	say "build packages"
	install_packages
	build_tree
fi

# ---- demo ----------------------------------------------------------------
#
# A training federation on data/fom/Grid.xml: two substation simulators
# (S1..S3 of grid north, S4..S6 of grid south), the grid simulator,
# consoles for substations S1 and S2 and for grid south, and the
# instructor's default scenario, a backtrack: a save "prefault" at 0.8 s,
# a fault on S2's line L1 at 1.0 s, which protection clears by opening
# breaker B1, a restore of "prefault" at 1.5 s, after which the scenario
# replays (the fault and trip again; B1 closed again at 1.8 s; breaker B2
# of S5 opened at 2.2 s).  Every federate keeps its state files in the
# demo's temporary directory (--state-dir), rtiexec its save there too.  They synchronize at "ready", then
# run DURATION seconds of logical time paced to the wall clock.  Each
# federate ends with a line "SUMMARY key=value ..." that the summary below
# is made of.

rtiexec=$builddir/rti/rtiexec
samples=$builddir/samples
fom=$srcdir/data/fom/Grid.xml
duration=${DEMO_DURATION:-$([ -n "$http_port" ] && echo 300 || echo 3)}
# how long a federate waits for a reply or a grant: long enough to pause
# one by hand when the view is on
fed_timeout=$([ -n "$http_port" ] && echo 3600 || echo 15)
http_args=()
[ -n "$http_port" ] && http_args=(--http "127.0.0.1:$http_port")
federates=(instructor sub-north sub-south grid console-S1 console-S2
    console-south)
declare -A args=(
	[sub-north]="substation --grid north --first 1 --substations 3"
	[sub-south]="substation --grid south --first 4 --substations 3"
	[grid]="grid"
	[console-S1]="console --grid north --substation S1"
	[console-S2]="console --grid north --substation S2"
	[console-south]="console --grid south"
	[instructor]="instructor"
)
if ! [[ $duration =~ ^[0-9]+([.][0-9]*)?$ ]] ||
    ! awk -v d="$duration" 'BEGIN { exit !(d >= 3) }'; then
	die "DEMO_DURATION must be a number of seconds >= 3 (the scenario's)"
fi
if [ ! -x "$rtiexec" ] || [ ! -x "$samples/substation" ]; then
	die "no build in $builddir (run ./demo.sh without --no-build)"
fi

tmp=$(mktemp -d)
pids=()
cleanup() {
	local p
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	rm -rf "$tmp"
}
trap cleanup EXIT

say "demo federation"
"$rtiexec" --port 0 --port-file "$tmp/port" --fom-path "$srcdir/data/fom" \
    --save-dir "$tmp/saves" "${http_args[@]}" 2>"$tmp/rtiexec.log" &
rti_pid=$!
pids+=("$rti_pid")
for _ in $(seq 100); do
	grep -q '^[0-9][0-9]*$' "$tmp/port" 2>/dev/null && break
	kill -0 "$rti_pid" 2>/dev/null || break
	sleep 0.1
done
grep -q '^[0-9][0-9]*$' "$tmp/port" 2>/dev/null || {
	cat "$tmp/rtiexec.log" >&2; die "rtiexec did not start"; }
url=tcp://127.0.0.1:$(cat "$tmp/port")
echo "rtiexec listening on $url"
echo "${#federates[@]} federates, ${duration} s of logical time in 20 ms" \
    "steps: ${federates[*]}"

# All at once: the first creates the federation, the others join, and all
# wait for each other at "ready".
declare -A fed_pid fed_status
for f in "${federates[@]}"; do
	read -r -a a <<<"${args[$f]}"
	"$samples/${a[0]}" "${a[@]:1}" --url "$url" --name "$f" \
	    --fom "$fom" --peers "${#federates[@]}" --duration "$duration" \
	    --timeout "$fed_timeout" --state-dir "$tmp" >"$tmp/$f.log" 2>&1 &
	fed_pid[$f]=$!
	pids+=("$!")
done
if [ -n "$http_port" ]; then
	grep -q 'HTTP listening' "$tmp/rtiexec.log" || sleep 0.5
	grep -q 'HTTP listening' "$tmp/rtiexec.log" || {
		cat "$tmp/rtiexec.log" >&2; die "the HTTP view did not start"; }
	echo "The view: http://127.0.0.1:$http_port/  (or: $builddir/tools/rtictl" \
	    "--url http://127.0.0.1:$http_port top)"
	for f in "${federates[@]}"; do
		echo "  $f: pid ${fed_pid[$f]}"
	done
	echo "Pause one with kill -STOP PID (the grid simulator holds the" \
	    "substations back), resume it with kill -CONT PID."
fi
for f in "${federates[@]}"; do
	status=0
	wait "${fed_pid[$f]}" || status=$?
	fed_status[$f]=$status
done

# rtiexec's counters (SIGUSR1 logs them), then a clean shutdown.
kill -USR1 "$rti_pid" 2>/dev/null || true
for _ in $(seq 50); do
	grep -q ' status: ' "$tmp/rtiexec.log" && break
	sleep 0.05
done
rti_status=0
if [ -z "$http_port" ]; then
	kill -TERM "$rti_pid" 2>/dev/null || true
	wait "$rti_pid" || rti_status=$?
	pids=()
fi

# ---- timeline --------------------------------------------------------------
#
# Every line "NAME: t=T ..." of every federate, in logical time order
# within each pass of the scenario: a federate's pass ends where it prints
# "restored LABEL" (the backtrack), and a line of dashes separates passes.

say "timeline (logical time)"
tab=$(printf '\t')
for f in "${federates[@]}"; do
	grep -v '^SUMMARY ' "$tmp/$f.log" |
	    sed -n "s/^$f: t=\([0-9.]*\) \(.*\)/\1\t$f\t\2/p" |
	    awk -F '\t' -v OFS='\t' '$3 ~ /^restored [^:]*$/ { pass++ }
	        { print pass + 0, $3 ~ /^restored / ? 0 : 1, $0 }'
done | sort -s -t "$tab" -k1,1n -k3,3n -k2,2n |
    awk -F '\t' '$1 != pass { pass = $1; split($5, w, " ")
	    printf "---- backtrack to %s (t=%s) ----\n", w[2], $3 }
	{ printf "%6s  %-14s %s\n", $3, $4, $5 }'

# ---- summary ---------------------------------------------------------------

# Every federate's SUMMARY line into S[federate.key]; sum F KEY prints
# one value ("-" when missing).
declare -A S
for f in "${federates[@]}"; do
	line=$(grep '^SUMMARY ' "$tmp/$f.log" | head -n 1 || true)
	for kv in ${line#SUMMARY }; do
		S[$f.${kv%%=*}]=${kv#*=}
	done
done
sum() { echo "${S[$1.$2]:--}"; }
# total KEY F...: KEY added up over federates.
total() {
	local key=$1 f n=0 v
	shift
	for f in "$@"; do
		v=$(sum "$f" "$key")
		[ "$v" = - ] || n=$((n + v))
	done
	echo "$n"
}
col_joined() {
	sed -n "s/^$1: joined .* as federate \([0-9]*\).*/\1/p" "$tmp/$1.log"
}
col_sent() {
	case $(sum "$1" kind) in
	substation|grid)
		echo "$(sum "$1" updates_sent) upd" \
		    "($(sum "$1" updates_suppressed) suppressed)" ;;
	instructor) echo "$(sum "$1" sent) events" ;;
	*) echo "-" ;;
	esac
}
col_received() {
	[ "$(sum "$1" updates_received)" = - ] && { echo -; return; }
	echo "$(sum "$1" updates_received) upd," \
	    "$(sum "$1" interactions_received) int"
}
col_events() {
	local f=$1
	case $(sum "$f" kind) in
	substation)
		echo "switching $(sum "$f" switching)," \
		    "fault $(sum "$f" faults), trips sent $(sum "$f" trips)" ;;
	grid)
		echo "trip $(sum "$f" trips); f north $(sum "$f" north_f)," \
		    "south $(sum "$f" south_f) Hz" ;;
	console)
		echo "fault $(sum "$f" faults), trip $(sum "$f" trips)," \
		    "switching $(sum "$f" switching)," \
		    "alarm $(sum "$f" alarms), opened $(sum "$f" opened)," \
		    "closed $(sum "$f" closed)," \
		    "foreign $(sum "$f" foreign)" ;;
	instructor)
		echo "trip $(sum "$f" trips), alarm $(sum "$f" alarms)" ;;
	*) echo "-" ;;
	esac
}
sum_kind() { sum "$1" kind; }
sum_time() { sum "$1" time; }
col_exit() { echo "${fed_status[$1]}"; }
# One row per federate, one column per entry ("Header|function"); a
# function gets the federate's name and prints one short cell.
COLUMNS=(
	"kind|sum_kind"
	"handle|col_joined"
	"time|sum_time"
	"sent|col_sent"
	"received|col_received"
	"events seen|col_events"
	"exit|col_exit"
)

say "summary"
{
	row="federate"
	for c in "${COLUMNS[@]}"; do row+=$'\t'${c%%|*}; done
	echo "$row"
	for f in "${federates[@]}"; do
		row=$f
		for c in "${COLUMNS[@]}"; do
			cell=$("${c#*|}" "$f" || true)
			row+=$'\t'${cell:--}
		done
		echo "$row"
	done
} | awk -F '\t' '
	{ for (i = 1; i <= NF; i++) { cell[NR, i] = $i
	      if (length($i) > w[i]) w[i] = length($i) }
	  if (NF > nf) nf = NF }
	END { for (r = 1; r <= NR; r++) { line = ""
	      for (i = 1; i <= nf; i++)
	          line = line sprintf(i < nf ? "%-" w[i] + 2 "s" : "%s",
	              cell[r, i])
	      print line } }'

# What filtering saved: at the source (the simulators' libraries never
# sent updates nobody subscribed to) and in rtiexec (bundles cut per
# subscriber, messages withheld from subscribers whose conditions do not
# match).
sims=(sub-north sub-south)
src_sent=$(total updates_sent "${sims[@]}")
src_supp=$(total updates_suppressed "${sims[@]}")
src_bsent=$(total bytes_sent "${sims[@]}")
src_bsupp=$(total bytes_suppressed "${sims[@]}")
status_line=$(grep ' status: ' "$tmp/rtiexec.log" | tail -n 1)
rtx() { echo "$status_line" | sed -n "s/.* $1=\([0-9]*\).*/\1/p"; }
pct() { [ "$2" -gt 0 ] && echo "$((100 * $1 / $2))%" || echo "-"; }

say "what filtering saved"
echo "at the source:  $src_supp of $((src_sent + src_supp)) instance" \
    "updates ($(pct "$src_supp" $((src_sent + src_supp)))) never left the" \
    "simulators:"
echo "                $src_bsupp of $((src_bsent + src_bsupp)) value bytes" \
    "($(pct "$src_bsupp" $((src_bsent + src_bsupp))))"
if [ -n "$status_line" ]; then
	echo "in rtiexec:     $(rtx routed) messages routed to subscribers," \
	    "$(rtx filtered) cut down or withheld by filters"
	echo "                (frames in/out" \
	    "$(rtx frames_in)/$(rtx frames_out), bytes in/out" \
	    "$(rtx bytes_in)/$(rtx bytes_out))"
else
	echo "in rtiexec:     (no counters: rtiexec did not log them)"
fi
echo "by condition:   each console got its own substations only:" \
    "console-S1 $(sum console-S1 updates_received) updates," \
    "console-S2 $(sum console-S2 updates_received),"
echo "                console-south $(sum console-south updates_received)" \
    "(foreign: $(total foreign console-S1 console-S2 console-south))"
echo
echo "rtiexec: $(grep -c ' joined ' "$tmp/rtiexec.log") joined," \
    "$(grep -c ' resigned from ' "$tmp/rtiexec.log") resigned," \
    "$(grep -c "federation Grid destroyed" "$tmp/rtiexec.log")" \
    "federation destroyed, exit status $rti_status"

# ---- verdict ---------------------------------------------------------------

failures=()
expect() { # expect DESCRIPTION TEST...
	local what=$1
	shift
	"$@" 2>/dev/null || failures+=("$what")
}
is() { [ "$(sum "$1" "$2")" = "$3" ]; }
atleast() { local v; v=$(sum "$1" "$2"); [ "$v" != - ] && [ "$v" -ge "$3" ]; }

for f in "${federates[@]}"; do
	expect "$f exited ${fed_status[$f]}" [ "${fed_status[$f]}" -eq 0 ]
	expect "$f did not reach t=$duration" awk -v t="$(sum "$f" time)" \
	    -v d="$duration" 'BEGIN { exit !(t != "-" && t + 0.01 >= d) }'
	[ "$(sum "$f" kind)" = console ] &&
	    expect "$f received another substation's data" is "$f" foreign 0
done
# The backtrack: each federate saved once and restored once; the scenario
# replays after it, so the fault and the trip happen twice (the session's
# counters are not restored) and console-S2 shows B1 closed again.
for f in "${federates[@]}"; do
	expect "$f did not save once" is "$f" saves 1
	expect "$f did not restore once" is "$f" restores 1
done
expect "console-S2 did not show B1 closed after the restore" grep -q \
    '^console-S2: t=[0-9.]* restored prefault: S2 B1 closed' \
    "$tmp/console-S2.log"
expect "sub-north did not trip S2's L1 once per pass" is sub-north trips 2
expect "sub-south did not open S5's B2" is sub-south switching 1
expect "the grid simulator missed lines" is grid north_lines 6
expect "the grid simulator missed lines" is grid south_lines 6
expect "the grid simulator owns no Frequency" is grid frequency_owned 6
expect "console-S2 did not see the fault twice" is console-S2 faults 2
expect "console-S2 did not see the trip twice" is console-S2 trips 2
expect "console-S2 did not see B1 open twice" is console-S2 opened 2
expect "console-S2 did not see B1 close" atleast console-S2 closed 1
expect "console-S1 saw no data of S1" atleast console-S1 reflections 1
for k in faults trips switching alarms opened; do
	expect "console-S1 saw S2's events ($k)" is console-S1 "$k" 0
done
expect "console-south did not follow 3 substations" \
    is console-south substations 3
expect "console-south did not see S5's B2 open" \
    atleast console-south opened 1
expect "console-south saw north's fault" is console-south faults 0
expect "the instructor did not send its 4 events (the fault twice)" \
    is instructor sent 4
expect "nothing was suppressed at the source" [ "$src_supp" -gt 0 ]
expect "rtiexec filtered nothing" [ "$(rtx filtered)" -gt 0 ]
expect "rtiexec exited $rti_status" [ "$rti_status" -eq 0 ]

if [ ${#failures[@]} -gt 0 ]; then
	for f in "${federates[@]}"; do
		echo "--- $f" >&2
		cat "$tmp/$f.log" >&2
	done
	echo "--- rtiexec" >&2
	cat "$tmp/rtiexec.log" >&2
	printf 'demo.sh: %s\n' "${failures[@]}" >&2
	die "the demo failed"
fi
echo
echo "Demo passed.  Next: 'make check' runs the test suite; README.md shows" \
    "how to run the samples by hand."
if [ -n "$http_port" ]; then
	echo "rtiexec keeps serving http://127.0.0.1:$http_port/ (its" \
	    "counters; the federation is gone): Ctrl-C stops it."
	wait "$rti_pid" || true
fi

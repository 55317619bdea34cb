#!/usr/bin/env bash
# demo.sh - build rti and run a short demo federation.
#
#   ./demo.sh               install the missing Debian build packages (with
#                           sudo when not root), bootstrap, configure and
#                           build in this tree, then run the demo
#   ./demo.sh --no-build    only run the demo, against an existing build
#   ./demo.sh --builddir D  use (or create) the build tree D
#
# The demo starts rti/rtiexec on a free loopback port, runs the sample
# federates against it and prints what each of them did.  It exits non-zero
# when the build or the demo fails.  Running it again rebuilds only what
# changed.
set -euo pipefail

srcdir=$(cd "$(dirname "$0")" && pwd)
builddir=$srcdir
build=1

while [ $# -gt 0 ]; do
	case $1 in
	--no-build) build=0 ;;
	--builddir) builddir=${2:?--builddir needs a directory}; shift ;;
	--builddir=*) builddir=${1#--builddir=} ;;
	-h|--help) sed -n '2,13s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "demo.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
	esac
	shift
done
mkdir -p "$builddir"
builddir=$(cd "$builddir" && pwd)

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
	echo "Built rti/rtiexec, librti and samples/hello in $builddir."
}

if [ "$build" -eq 1 ]; then
	say "build packages"
	install_packages
	build_tree
fi

# ---- demo ----------------------------------------------------------------

rtiexec=$builddir/rti/rtiexec
hello=$builddir/samples/hello
fom=$srcdir/fom/HelloWorld.xml
federation=HelloWorld
federates=(alice bob)
[ -x "$rtiexec" ] && [ -x "$hello" ] ||
    die "no build in $builddir (run ./demo.sh without --no-build)"

tmp=$(mktemp -d)
pids=()
cleanup() {
	local p
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	rm -rf "$tmp"
}
trap cleanup EXIT

say "demo federation"
"$rtiexec" --port 0 --port-file "$tmp/port" --fom-path "$srcdir/fom" \
    2>"$tmp/rtiexec.log" &
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

# All federates at once: the first creates the federation, the others join.
declare -A fed_pid fed_status
for f in "${federates[@]}"; do
	"$hello" --url "$url" --federation "$federation" --name "$f" \
	    --fom "$fom" --peers "${#federates[@]}" --timeout 20 \
	    >"$tmp/$f.log" 2>&1 &
	fed_pid[$f]=$!
	pids+=("$!")
done
for f in "${federates[@]}"; do
	status=0
	wait "${fed_pid[$f]}" || status=$?
	fed_status[$f]=$status
done

kill -TERM "$rti_pid"
rti_status=0
wait "$rti_pid" || rti_status=$?
pids=()

for f in "${federates[@]}"; do
	echo "--- $f"
	sed "s/^$f: /  /" "$tmp/$f.log"
done

# ---- summary -------------------------------------------------------------
#
# One row per federate, one column per entry of COLUMNS ("Header|function").
# A column function gets the federate's name and log file and prints one
# short cell; extend the demo by adding a column.

col_joined() {
	sed -n -e 's/^[^:]*: joined .*(created it) as federate \([0-9]*\)$/handle \1, created/p' \
	    -e 's/^[^:]*: joined .* as federate \([0-9]*\)$/handle \1/p' "$2"
}
col_peers() {
	sed -n 's/^[^:]*: .* has \([0-9]*\) federate(s) joined$/\1/p' "$2"
}
col_sync() {
	sed -n 's/^[^:]*: federation synchronized at "\(.*\)" .*/\1/p' "$2" |
	    paste -sd, -
}
col_received() {
	sed -n 's/^[^:]*: reflected "\(.*\)" .*/\1/p' "$2" | paste -sd, -
}
col_resigned() {
	grep -q ': resigned$' "$2" && echo yes
}
col_exit() {
	echo "${fed_status[$1]}"
}
COLUMNS=(
	"joined|col_joined"
	"saw joined|col_peers"
	"synced at|col_sync"
	"received|col_received"
	"resigned|col_resigned"
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
			cell=$("${c#*|}" "$f" "$tmp/$f.log" || true)
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
echo
echo "rtiexec: $(grep -c ' joined ' "$tmp/rtiexec.log") joined," \
    "$(grep -c ' resigned from ' "$tmp/rtiexec.log") resigned," \
    "$(grep -c "federation $federation destroyed" "$tmp/rtiexec.log")" \
    "federation destroyed, exit status $rti_status"

# ---- verdict -------------------------------------------------------------

ok=1
for f in "${federates[@]}"; do
	[ "${fed_status[$f]}" -eq 0 ] || ok=0
	grep -q "federation synchronized at \"ready\"" "$tmp/$f.log" || ok=0
	grep -q ': resigned$' "$tmp/$f.log" || ok=0
	# every federate hears the greeting of every other one
	[ "$(grep -c ': reflected "Hello from ' "$tmp/$f.log")" -eq \
	    $((${#federates[@]} - 1)) ] || ok=0
done
[ "$rti_status" -eq 0 ] || ok=0
if [ "$ok" -ne 1 ]; then
	echo "--- rtiexec log" >&2
	cat "$tmp/rtiexec.log" >&2
	die "the demo failed"
fi
echo
echo "Demo passed.  Next: 'make check' runs the test suite; README.md has more."

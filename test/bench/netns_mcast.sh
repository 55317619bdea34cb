#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# netns_mcast.sh [RTIBENCH_ARGS...] - rtibench's multicast mode across
# network namespaces, as across hosts of a LAN: two rtiexecs (without
# and with --multicast) in one namespace on a bridge, the publisher in a
# second, ten subscribers in ten more, each joined to the bridge by a
# veth pair.  Needs root and ip(8).  Only private addresses (10.203.0.0/24)
# and an administratively scoped group range (239.192.203.0/24, TTL 1,
# routed on that bridge only) inside the namespaces it makes, which it
# deletes on every exit.  Prints rtibench's RESULT lines (mode=multicast:
# off, on, ratio); any argument goes to rtibench, e.g. --quick.  CELLS=1:
# the subscribers filter by area, and the two rtiexecs are --multicast
# with one group for the class and a group per area.
# Run from the build tree: BUILD=DIR points elsewhere.
set -eu
build=${BUILD:-.}
src=$(cd "$(dirname "$0")/../.." && pwd)
bench=$build/test/bench/rtibench
rtiexec=$build/rti/rtiexec
[ "$(id -u)" = 0 ] || { echo "netns_mcast.sh: needs root" >&2; exit 77; }
[ -x "$bench" ] && [ -x "$rtiexec" ] ||
    { echo "netns_mcast.sh: build rtibench and rtiexec first" >&2; exit 2; }
net=10.203.0 group=239.192.203.0/24
r=rtimc$$r p=rtimc$$p subs=
for i in 1 2 3 4 5 6 7 8 9 10; do
	subs="$subs rtimc$$s$i"
done
cleanup() {
	for n in $subs "$p" "$r"; do
		ip netns pids "$n" 2>/dev/null | xargs -r kill -9 2>/dev/null ||:
		ip netns del "$n" 2>/dev/null ||:
	done
}
trap cleanup EXIT
trap 'exit 1' INT TERM
ip netns add "$r"
ip -n "$r" link set lo up
ip -n "$r" link add br0 type bridge
ip -n "$r" addr add "$net.1/24" dev br0
ip -n "$r" link set br0 up
# the groups leave by the bridge, and go nowhere else
ip -n "$r" route add "$group" dev br0
k=0
for n in "$p" $subs; do
	k=$((k + 1))
	ip netns add "$n"
	ip -n "$n" link set lo up
	ip -n "$r" link add "va$k" type veth peer name vb netns "$n"
	ip -n "$r" link set "va$k" master br0 up
	ip -n "$n" addr add "$net.$((k + 1))/24" dev vb
	ip -n "$n" link set vb up
done
fom="$src/test/bench:$src/data/fom"
# CELLS=1: subscribers by area; "off" is --multicast with one group for
# the class, "on" a group per area (rtibench --mc-cells)
if [ "${CELLS:-0}" = 1 ]; then
	offmc="--multicast $group --multicast-cell-depth 0" cells=--mc-cells
else
	offmc= cells=
fi
# shellcheck disable=SC2086 # $offmc is words
ip netns exec "$r" "$rtiexec" --bind "$net.1" --port 14321 \
    --http "$net.1:14331" --log-level warn --fom-path "$fom" $offmc &
off=$!
ip netns exec "$r" "$rtiexec" --bind "$net.1" --port 14322 \
    --http "$net.1:14332" --multicast "$group" --log-level warn \
    --fom-path "$fom" &
on=$!
# both listening (ip netns exec runs rtiexec in its own process: $!)
t=0
until ip netns exec "$r" ss -ltn | grep -q ":14331 " &&
    ip netns exec "$r" ss -ltn | grep -q ":14332 "; do
	t=$((t + 1))
	[ $t -lt 100 ] || { echo "netns_mcast.sh: rtiexec did not start" >&2
	    exit 1; }
	sleep 0.1
done
list=$(echo $subs | tr ' ' ,)
ip netns exec "$p" "$bench" -m multicast \
    --mc-off "tcp://$net.1:14321,$net.1:14331,$off" \
    --mc-on "tcp://$net.1:14322,$net.1:14332,$on" \
    --mc-netns "$list" $cells "$@" &
# waiting in wait, a signal's trap runs at once (and kills rtibench)
wait $!

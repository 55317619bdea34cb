#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# netns_bench.sh [RTIBENCH_ARGS...] - rti across a veth pair between two
# network namespaces, as across two hosts of a LAN: rtiexec and a raw
# relay (rtibench --serve-relay) in one, rtibench's federates in the
# other, reliable against best effort against the raw relay over the
# same link.  Needs root and ip(8); with LOSS=PERCENT both ends of the
# link drop that share of the packets (tc(8) netem on what they send, or,
# without netem, nft(8) on what they receive).
# Only private addresses (10.202.0.1 and .2) inside the two namespaces
# it makes, which it deletes on every exit.  Prints rtibench's RESULT
# lines (default modes: baseline latency throughput besteffort; any
# argument replaces them, e.g. "-m besteffort --quick").
# Run from the build tree: BUILD=DIR points elsewhere.
set -eu
build=${BUILD:-.}
src=$(cd "$(dirname "$0")/../.." && pwd)
bench=$build/test/bench/rtibench
rtiexec=$build/rti/rtiexec
[ "$(id -u)" = 0 ] || { echo "netns_bench.sh: needs root" >&2; exit 77; }
[ -x "$bench" ] && [ -x "$rtiexec" ] ||
    { echo "netns_bench.sh: build rtibench and rtiexec first" >&2; exit 2; }
a=rtibench$$a b=rtibench$$b
cleanup() {
	for n in "$a" "$b"; do
		ip netns pids "$n" 2>/dev/null | xargs -r kill -9 2>/dev/null ||:
		ip netns del "$n" 2>/dev/null ||:
	done
}
trap cleanup EXIT INT TERM
ip netns add "$a"
ip netns add "$b"
ip -n "$a" link set lo up
ip -n "$b" link set lo up
ip -n "$a" link add va type veth peer name vb netns "$b"
ip -n "$a" addr add 10.202.0.1/24 dev va
ip -n "$b" addr add 10.202.0.2/24 dev vb
ip -n "$a" link set va up
ip -n "$b" link set vb up
if [ -n "${LOSS:-}" ]; then
	case $LOSS in
	[1-9]|[1-9][0-9]) ;;
	*) echo "netns_bench.sh: LOSS is a whole percent, 1 to 99" >&2
	   exit 2 ;;
	esac
	if ip netns exec "$a" tc qdisc add dev va root netem \
	    loss "$LOSS%" 2>/dev/null; then
		ip netns exec "$b" tc qdisc add dev vb root netem loss "$LOSS%"
		by=netem
	else
		# no sch_netem: nftables drops that share of what each
		# namespace receives (TCP too, which retransmits)
		for n in "$a" "$b"; do
			ip netns exec "$n" nft add table inet loss
			ip netns exec "$n" nft add chain inet loss in \
			    '{ type filter hook input priority 0; }'
			ip netns exec "$n" nft add rule inet loss in \
			    numgen random mod 100 '<' "$LOSS" drop
		done
		by=nftables
	fi
	echo "netns_bench.sh: $LOSS % loss each way ($by)" >&2
fi
ip netns exec "$a" "$rtiexec" --bind 10.202.0.1 --port 14321 \
    --log-level warn --fom-path "$src/test/bench:$src/data/fom" &
ip netns exec "$a" "$bench" --serve-relay 10.202.0.1:14400 &
sleep 0.5
[ $# -gt 0 ] || set -- -m baseline -m latency -m throughput -m besteffort
ip netns exec "$b" "$bench" --url tcp://10.202.0.1:14321 \
    --relay 10.202.0.1:14400 "$@"

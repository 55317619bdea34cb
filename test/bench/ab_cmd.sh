#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# ab_cmd.sh [-n ROUNDS] A B [options...]
# Runs two builds' benchmark, A and B (each a command of the shell, say
# two builds' rtibench, each starting the rtiexec of its own tree, or
# "cd TREE && PYTHONPATH=python ... python3 test/bench/python_bench.py"),
# alternately, A then B, ROUNDS times (default 4), with the same options
# appended, and prints per figure one line
#   AB key=value... metric=NAME a=MEDIAN_A b=MEDIAN_B b_over_a=RATIO
# for every measurement of every RESULT line (the identity keys of
# report.sh name the figure).  Alternating spreads a machine's changing
# load over both; the ratio of medians is the figure to read, and a
# difference inside the spread of the runs (printed to stderr) is noise.
runs=4
if [ "${1:-}" = "-n" ]; then runs=$2; shift 2; fi
case $runs in ''|*[!0-9]*|0) echo "ab_cmd.sh: bad -n '$runs'" >&2; exit 2;; esac
[ $# -ge 2 ] || { echo "usage: ab_cmd.sh [-n ROUNDS] A B [options]" >&2; exit 2; }
a=$1 b=$2
shift 2
tmp=$(mktemp) || exit 1
trap 'rm -f "$tmp" "$tmp.out"' EXIT INT TERM
i=1
while [ "$i" -le "$runs" ]; do
	for side in a b; do
		if [ "$side" = a ]; then cmd=$a; else cmd=$b; fi
		echo "== round $i of $runs: $side" >&2
		sh -c "$cmd \"\$@\"" sh "$@" >"$tmp.out" || {
		    cat "$tmp.out" >&2;
		    echo "ab_cmd.sh: $side failed" >&2; exit 1; }
		grep '^RESULT ' "$tmp.out" | sed "s/^RESULT /$side /" |
		    tee -a "$tmp" >&2
	done
	i=$((i + 1))
done
awk '
BEGIN {
	n = split("mode transport sched pin figure variant packing filter by " \
	    "feds request instances federates attributes payload frame " \
	    "substations subscribers value bytes op via", k)
	for (i = 1; i <= n; i++) ident[k[i]] = 1
}
{
	side = $1
	id = ""
	for (i = 2; i <= NF; i++) {
		split($i, kv, "=")
		if (kv[1] in ident) id = id " " $i
	}
	if (!(id in seen)) { seen[id] = 1; order[++nid] = id }
	for (i = 2; i <= NF; i++) {
		split($i, kv, "=")
		if (kv[1] in ident) continue
		key = id SUBSEP kv[1]
		if (!(key in known)) { known[key] = 1; mets[id] = mets[id] " " kv[1] }
		c = ++cnt[side, key]
		val[side, key, c] = kv[2] + 0
	}
}
function median(side, key,    m, i, j, t, v) {
	m = cnt[side, key]
	for (i = 1; i <= m; i++) v[i] = val[side, key, i]
	for (i = 2; i <= m; i++)
		for (j = i; j > 1 && v[j - 1] > v[j]; j--) {
			t = v[j]; v[j] = v[j - 1]; v[j - 1] = t
		}
	return m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
}
END {
	for (o = 1; o <= nid; o++) {
		id = order[o]
		n = split(mets[id], ms, " ")
		for (j = 1; j <= n; j++) {
			key = id SUBSEP ms[j]
			ma = median("a", key)
			mb = median("b", key)
			printf "AB%s metric=%s a=%g b=%g b_over_a=%s\n", id, ms[j],
			    ma, mb, ma != 0 ? sprintf("%.3f", mb / ma) : "-"
		}
	}
}' "$tmp"

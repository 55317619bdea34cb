#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# report.sh [-n RUNS] [RTIBENCH] [rtibench options...]
# Runs rtibench RUNS times (default 3) and prints, per figure, one line
#   MEDIAN runs=N mode=... key=median ...
# Identity keys (mode, transport, sched, pin, figure, variant, packing,
# filter, by, feds, request, instances, federates, attributes, payload,
# frame, substations, subscribers, consoles, comm) name a figure; every other key is a
# measurement whose median over the runs is printed.  Each run's RESULT lines go to stderr.
runs=3
if [ "${1:-}" = "-n" ]; then runs=$2; shift 2; fi
bench=${1:-$(dirname "$0")/rtibench}
[ $# -gt 0 ] && shift
case $runs in ''|*[!0-9]*|0) echo "report.sh: bad -n '$runs'" >&2; exit 2;; esac
[ -x "$bench" ] || { echo "report.sh: no rtibench at $bench" >&2; exit 2; }
tmp=$(mktemp) || exit 1
trap 'rm -f "$tmp" "$tmp.out"' EXIT INT TERM
i=1
while [ "$i" -le "$runs" ]; do
	echo "== run $i of $runs" >&2
	"$bench" "$@" >"$tmp.out" || { cat "$tmp.out" >&2; rm -f "$tmp.out";
	    echo "report.sh: run $i failed" >&2; exit 1; }
	grep '^RESULT ' "$tmp.out" | tee -a "$tmp" >&2
	rm -f "$tmp.out"
	i=$((i + 1))
done
awk -v runs="$runs" '
BEGIN {
	n = split("mode transport sched pin figure variant packing filter by feds request instances " \
	    "federates attributes payload frame substations subscribers consoles comm", a)
	for (i = 1; i <= n; i++) ident[a[i]] = 1
}
{
	id = ""
	for (i = 2; i <= NF; i++) {
		split($i, kv, "=")
		if (kv[1] in ident) id = id " " $i
	}
	if (!(id in seen)) { seen[id] = 1; order[++nid] = id }
	for (i = 2; i <= NF; i++) {
		split($i, kv, "=")
		if (kv[1] in ident) continue
		k = id SUBSEP kv[1]
		if (!(k in cnt)) { keys[id] = keys[id] " " kv[1]; cnt[k] = 0 }
		val[k, ++cnt[k]] = kv[2] + 0
	}
}
function median(k,    m, i, j, t, v) {
	m = cnt[k]
	for (i = 1; i <= m; i++) v[i] = val[k, i]
	for (i = 2; i <= m; i++)
		for (j = i; j > 1 && v[j - 1] > v[j]; j--) {
			t = v[j]; v[j] = v[j - 1]; v[j - 1] = t
		}
	return m % 2 ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
}
END {
	for (o = 1; o <= nid; o++) {
		id = order[o]
		line = "MEDIAN runs=" runs id
		nk = split(keys[id], ks, " ")
		for (j = 1; j <= nk; j++)
			line = line " " ks[j] "=" median(id SUBSEP ks[j])
		print line
	}
}' "$tmp"

#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# ab.sh [-n ROUNDS] A_BUILDDIR B_BUILDDIR [rtibench options...]
# Runs the rtibench of build tree A and that of build tree B (each with
# its own rtiexec and librti) alternately, A then B, ROUNDS times (default
# 3), with the same options, so that what else loads the machine falls
# on both alike.  Then, per figure, one line
#   AB rounds=N mode=... key=A_MEDIAN/B_MEDIAN ratio_key=MEDIAN ...
# where ratio_key is the median over the rounds of B's value over A's in
# the same round (1.00: no change; above 1, B is higher).  Each run's
# RESULT lines go to stderr, prefixed by A or B.  Identity keys as in
# report.sh.
rounds=3
if [ "${1:-}" = "-n" ]; then rounds=$2; shift 2; fi
case $rounds in ''|*[!0-9]*|0) echo "ab.sh: bad -n '$rounds'" >&2; exit 2;; esac
if [ $# -lt 2 ]; then
	echo "usage: ab.sh [-n ROUNDS] A_BUILDDIR B_BUILDDIR [rtibench options...]" >&2
	exit 2
fi
a=$1/test/bench/rtibench
b=$2/test/bench/rtibench
shift 2
for x in "$a" "$b"; do
	[ -x "$x" ] || { echo "ab.sh: no rtibench at $x" >&2; exit 2; }
done
tmp=$(mktemp) || exit 1
trap 'rm -f "$tmp" "$tmp.out"' EXIT INT TERM
i=1
while [ "$i" -le "$rounds" ]; do
	for side in A B; do
		if [ $side = A ]; then bin=$a; else bin=$b; fi
		echo "== round $i of $rounds: $side" >&2
		"$bin" "$@" >"$tmp.out" || { cat "$tmp.out" >&2;
		    echo "ab.sh: $side failed in round $i" >&2; exit 1; }
		grep '^RESULT ' "$tmp.out" | sed "s/^RESULT /$side $i /" |
		    tee -a "$tmp" >&2
	done
	i=$((i + 1))
done
awk -v rounds="$rounds" '
BEGIN {
	n = split("mode transport sched pin figure variant packing filter by feds request instances " \
	    "federates attributes payload frame substations subscribers consoles comm", a)
	for (i = 1; i <= n; i++) ident[a[i]] = 1
}
{
	side = $1; round = $2; id = ""
	for (i = 3; i <= NF; i++) {
		split($i, kv, "=")
		if (kv[1] in ident) id = id " " $i
	}
	if (!(id in seen)) { seen[id] = 1; order[++nid] = id }
	for (i = 3; i <= NF; i++) {
		split($i, kv, "=")
		if (kv[1] in ident) continue
		k = id SUBSEP kv[1]
		if (!(k in known)) { known[k] = 1; keys[id] = keys[id] " " kv[1] }
		v[side, k, round] = kv[2] + 0
		have[side, k, round] = 1
	}
}
function median(arr, m,    i, j, t) {
	for (i = 2; i <= m; i++)
		for (j = i; j > 1 && arr[j - 1] > arr[j]; j--) {
			t = arr[j]; arr[j] = arr[j - 1]; arr[j - 1] = t
		}
	return m % 2 ? arr[(m + 1) / 2] : (arr[m / 2] + arr[m / 2 + 1]) / 2
}
END {
	for (o = 1; o <= nid; o++) {
		id = order[o]
		line = "AB rounds=" rounds id
		nk = split(keys[id], ks, " ")
		for (j = 1; j <= nk; j++) {
			k = id SUBSEP ks[j]
			na = nb = nr = 0
			delete va; delete vb; delete vr
			for (r = 1; r <= rounds; r++) {
				if (have["A", k, r]) va[++na] = v["A", k, r]
				if (have["B", k, r]) vb[++nb] = v["B", k, r]
				if (have["A", k, r] && have["B", k, r] &&
				    v["A", k, r] != 0)
					vr[++nr] = v["B", k, r] / v["A", k, r]
			}
			if (!na || !nb)
				continue
			line = line sprintf(" %s=%g/%g", ks[j], median(va, na),
			    median(vb, nb))
			if (nr)
				line = line sprintf(" ratio_%s=%.2f", ks[j],
				    median(vr, nr))
		}
		print line
	}
}' "$tmp"

#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# trainer_perf.sh [-c CONSOLES] [-s SECONDS] [-w WAIT] [-l LENGTH] BUILDDIR OUTDIR
# Where a step of the trainer goes, per process kind, from every process
# of the run: starts BUILDDIR's `rtibench -m trainer` with CONSOLES
# consoles (default 100) for SECONDS of logical time (default 10), waits
# WAIT seconds (default 8: past the synchronization), then for LENGTH
# seconds (default 4) records every child of rtibench (rtiexec and every
# federate) with `perf record -g` and counts their CPU, system calls and
# context switches with `perf stat --per-thread`.  It prints, per kind
# (substation, grid, console, rtiexec), the CPU, system calls and
# context switches per step and per process, and where the kind's samples
# ran (its own program, librti, libc, the kernel); the recording and
# `perf report`s stay in OUTDIR.  Steps in the window are the window over
# the run's ms_per_step (the RESULT line): a mean, not a count.  The
# window must fall within the stepping: the script says when it did not.
consoles=100 seconds=10 wait=8 length=4
while getopts c:s:w:l: o; do
	case $o in
	c) consoles=$OPTARG;; s) seconds=$OPTARG;; w) wait=$OPTARG;;
	l) length=$OPTARG;; *) exit 2;;
	esac
done
shift $((OPTIND - 1))
if [ $# -ne 2 ]; then
	echo "usage: trainer_perf.sh [-c N] [-s S] [-w WAIT] [-l LEN] BUILDDIR OUTDIR" >&2
	exit 2
fi
bin=$1/test/bench/rtibench out=$2
[ -x "$bin" ] || { echo "trainer_perf.sh: no rtibench at $bin" >&2; exit 2; }
mkdir -p "$out" || exit 1
RTIBENCH_CONSOLES=$consoles RTIBENCH_TRAINER_SECONDS=$seconds \
    "$bin" -m trainer >"$out/result.txt" 2>&1 &
bpid=$!
t0=$(date +%s.%N)
sleep "$wait"
pids=$(pgrep -P "$bpid" | paste -sd, -)
[ -n "$pids" ] || { echo "trainer_perf.sh: rtibench has no children" >&2; exit 1; }
tw=$(date +%s.%N)
perf record -q -g -F 499 -o "$out/run.data" -p "$pids" -- sleep "$length" \
    >/dev/null 2>&1 &
rpid=$!
perf stat --per-thread -x, -e task-clock,raw_syscalls:sys_enter,context-switches \
    -o "$out/stat.csv" -p "$pids" -- sleep "$length" >/dev/null 2>&1
wait "$rpid"
wait "$bpid" || { cat "$out/result.txt" >&2; echo "trainer_perf.sh: rtibench failed" >&2; exit 1; }
grep '^RESULT' "$out/result.txt"
perf report -i "$out/run.data" --stdio --no-children --sort comm,dso,sym \
    --percent-limit 0.2 -g none >"$out/report.txt" 2>/dev/null
perf report -i "$out/run.data" --stdio --no-children --sort comm,dso \
    -g none >"$out/dso.txt" 2>/dev/null
res=$(grep "^RESULT mode=trainer.*ms_per_step=" "$out/result.txt" | head -1)
awk -v res="$res" -v len="$length" -v t0="$t0" -v tw="$tw" '
function kind(c) {
	if (c ~ /^substation/) return "substation"
	if (c ~ /^grid/) return "grid"
	if (c ~ /^console/) return "console"
	if (c ~ /^rtiexec/) return "rtiexec"
	return ""
}
BEGIN {
	n = split(res, f, " ")
	for (i = 1; i <= n; i++) { split(f[i], kv, "="); r[kv[1]] = kv[2] }
	steps = len * 1000 / r["ms_per_step"]
	start = tw - t0
	if (start < r["sync_s"] || start + len > r["sync_s"] + r["seconds"] / r["x_realtime"])
		printf("WARNING window %.1f-%.1f s is not within the stepping (%.1f-%.1f s)\n",
		    start, start + len, r["sync_s"], r["sync_s"] + r["seconds"] / r["x_realtime"])
	printf("window %.1f s, about %.0f steps (ms_per_step %s, x_realtime %s)\n",
	    len, steps, r["ms_per_step"], r["x_realtime"])
}
FILENAME ~ /stat.csv$/ {
	# thread-pid,count,unit,event,...
	if ($0 ~ /^#/ || split($0, a, ",") < 4 || a[2] ~ /not counted/) next
	nt = split(a[1], tp, "-"); c = tp[1]
	k = kind(c); if (k == "") next
	pid = tp[nt]
	if (a[4] ~ /task-clock/) { cpu[k] += a[2]; if (!((k, pid) in seen)) { seen[k, pid] = 1; procs[k]++ } }
	else if (a[4] ~ /sys_enter/) sc[k] += a[2]
	else if (a[4] ~ /context-switches/) cs[k] += a[2]
	next
}
FILENAME ~ /dso.txt$/ {
	if ($0 ~ /^#/ || NF < 3) next
	p = $1; sub(/%/, "", p); k = kind($2); if (k == "") next
	d = $3
	w = d ~ /librti/ ? "librti" : d ~ /kernel/ ? "kernel" : (d ~ /libc|ld-linux/ ? "libc" : "own")
	sh[k, w] += p; tot[k] += p
}
END {
	split("substation grid console rtiexec", ks, " ")
	for (i = 1; i <= 4; i++) {
		k = ks[i]; if (!procs[k]) continue
		printf("TRAINER_PERF consoles=%s kind=%s threads=%d cpu_us_per_step=%.0f cpu_us_per_step_each_thread=%.1f syscalls_per_step_each_thread=%.1f cs_per_step_each_thread=%.2f",
		    r["consoles"], k, procs[k], cpu[k] * 1000 / steps, cpu[k] * 1000 / steps / procs[k],
		    sc[k] / steps / procs[k], cs[k] / steps / procs[k])
		if (tot[k] > 0)
			printf(" own_pct=%.0f librti_pct=%.0f libc_pct=%.0f kernel_pct=%.0f",
			    100 * sh[k, "own"] / tot[k], 100 * sh[k, "librti"] / tot[k],
			    100 * sh[k, "libc"] / tot[k], 100 * sh[k, "kernel"] / tot[k])
		printf("\n")
	}
}' "$out/stat.csv" "$out/dso.txt"

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# run.sh SECONDS [BUILD_DIR] - build the libFuzzer targets with clang and run
# each for SECONDS (for CI).  BUILD_DIR (default: $FUZZ_BUILD_DIR, else
# build/fuzz under the source tree) is configured with
#   --enable-fuzzers --disable-shared CC=clang
# unless it already holds a configured build.  Each target starts from
# test/fuzz/corpus/<target> (copied; new inputs stay in BUILD_DIR).  Exits
# 1 when a target crashes, leaks, times out or breaks an invariant, after
# printing the reproducer's path; 2 on a build or usage error.
set -euo pipefail

usage() { echo "usage: $0 SECONDS [BUILD_DIR]" >&2; exit 2; }
[ $# -ge 1 ] && [ $# -le 2 ] || usage
secs=$1
case $secs in ""|0|*[!0-9]*) usage ;; esac

src=$(cd "$(dirname "$0")/../.." && pwd)
build=${2:-${FUZZ_BUILD_DIR:-$src/build/fuzz}}
mkdir -p "$build"
build=$(cd "$build" && pwd)

if [ ! -f "$build/config.status" ]; then
	if [ -f "$src/config.status" ]; then
		echo "run.sh: $src is configured in place; run" \
		    "'make distclean' there first" >&2
		exit 2
	fi
	[ -x "$src/configure" ] || (cd "$src" && autoreconf -fi)
	(cd "$build" && "$src/configure" -q --enable-fuzzers \
	    --disable-shared CC="${FUZZ_CC:-clang}") || exit 2
fi
progs=$(grep -o 'test/fuzz/fuzz_[a-z0-9_]*\$(EXEEXT)' "$build/Makefile" |
    sed 's/\$(EXEEXT)//' | sort -u)
[ -n "$progs" ] || {
	echo "run.sh: $build is not configured with --enable-fuzzers" >&2
	exit 2
}
# shellcheck disable=SC2086 # a list of make targets
make -C "$build" -j"$(nproc)" $progs >"$build/fuzz-build.log" 2>&1 || {
	tail -40 "$build/fuzz-build.log" >&2
	exit 2
}

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

status=0
targets=0
for prog in $progs; do
	exe="$build/$prog"
	t=${prog##*/fuzz_}
	targets=$((targets + 1))
	work="$build/fuzz-corpus/$t"
	art="$build/fuzz-artifacts/$t"
	log="$build/fuzz-$t.log"
	mkdir -p "$work" "$art"
	opts=(-max_total_time="$secs" -timeout=10 -rss_limit_mb=2048
	    -print_final_stats=1 -artifact_prefix="$art/")
	dict="$src/test/fuzz/$t.dict"
	[ -f "$dict" ] && opts+=(-dict="$dict")
	[ "$t" = fom ] && opts+=(-max_len=16384)
	seeds=("$src/test/fuzz/corpus/$t")
	regress="$src/test/fuzz/regress/$t"
	[ -d "$regress" ] && seeds+=("$regress")
	if "$exe" "${opts[@]}" "$work" "${seeds[@]}" >"$log" 2>&1; then
		runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
		rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
		echo "fuzz_$t: ${runs:-?} runs in ${secs} s" \
		    "(${rate:-?} exec/s), no crash"
	else
		status=1
		echo "fuzz_$t: FAILED; log $log" >&2
		grep -E '^(==[0-9]+==|SUMMARY)|invariant failed|runtime err' \
		    "$log" | head -20 >&2 || true
		for a in "$art"/*; do
			[ -f "$a" ] || continue
			echo "reproducer: $a (copy it to" \
			    "test/fuzz/regress/$t/ and fix the bug)" >&2
		done
	fi
done
if [ "$targets" -eq 0 ]; then
	echo "run.sh: no fuzz targets built in $build" >&2
	exit 2
fi
exit $status

#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# valgrind.sh [BUILD_DIR] [TEST]... - run the unit, integration and fuzz
# replay test programs of a build directory (default: the current one)
# under valgrind memcheck, with every rtiexec that the integration tests
# start also under valgrind (through testutil's RTI_TEST_WRAPPER).  TESTs
# are program paths relative to BUILD_DIR (default: all of test/unit,
# test/integration and test/fuzz/replay_*).  Definite and indirect leaks
# and every memory error count as failures.  Logs go to
# BUILD_DIR/valgrind/.  VALGRIND_JOBS programs run at a time (default:
# the number of CPUs).  Also `make check-valgrind`.
# Exit 0 when every program passed, 1 otherwise, 2 on usage errors.
set -uo pipefail

build=${1:-.}
[ $# -gt 0 ] && shift
if [ ! -f "$build/config.status" ]; then
	echo "valgrind.sh: $build is not a configured build directory" >&2
	exit 2
fi
build=$(cd "$build" && pwd)
command -v valgrind >/dev/null || {
	echo "valgrind.sh: valgrind not found (Debian package valgrind)" >&2
	exit 2
}
if grep -q '^SAN_FLAGS = .*-fsanitize' "$build/Makefile"; then
	echo "valgrind.sh: $build is a sanitizer build; use a plain one" >&2
	exit 2
fi

make -C "$build" -j"$(nproc)" all >/dev/null &&
    make -C "$build" -j"$(nproc)" check TESTS= >/dev/null || {
	echo "valgrind.sh: build failed" >&2
	exit 2
}

logs="$build/valgrind"
rm -rf "$logs"
mkdir -p "$logs"
libtool="$build/libtool"
vg=(valgrind -q --leak-check=full --errors-for-leak-kinds=definite,indirect
    --show-leak-kinds=definite,indirect --track-origins=yes
    --error-exitcode=99
    --suppressions="$(cd "$(dirname "$0")" && pwd)/valgrind.supp")

# rtiexec under valgrind exits 99 on errors, which fails rtiexec_stop; its
# report goes to $logs/NAME.rtiexec/rtiexec.<pid>.log, kept (as
# $logs/NAME.rtiexec.<pid>.log) when it holds an error.
wrapper="$libtool --mode=execute ${vg[*]}"
export CK_FORK=no
export CK_DEFAULT_TIMEOUT=${CK_DEFAULT_TIMEOUT:-120}

if [ $# -gt 0 ]; then
	progs=("$@")
else
	progs=()
	for p in "$build"/test/unit/check_* "$build"/test/integration/check_* \
	    "$build"/test/fuzz/replay_*; do
		[ -f "$p" ] && [ -x "$p" ] || continue
		case $p in *.o|*.log|*.trs) continue ;; esac
		progs+=("${p#"$build"/}")
	done
fi

# 1 when valgrind report $1 holds an error (not only warnings).
has_errors() {
	grep -E '^==[0-9]+== [^ ]' "$1" 2>/dev/null |
	    grep -v -q -E '^==[0-9]+== Warning:'
}

# One program: its valgrind report and its rtiexecs' in $logs/NAME.*,
# its verdict (PASS or FAIL lines) in $logs/NAME.result.
run_one() {
	local prog=$1 name log dir rc r bad_rtiexec="" n_rtiexec=0
	name=$(echo "$prog" | tr / _)
	log="$logs/$name.log"
	dir="$logs/$name.rtiexec"
	mkdir -p "$dir"
	if (cd "$build" &&
	    export RTI_TEST_WRAPPER="$wrapper --log-file=$dir/rtiexec.%p.log" &&
	    "$libtool" --mode=execute "${vg[@]}" \
	    --log-file="$logs/$name.valgrind" "./$prog") >"$log" 2>&1; then
		rc=0
	else
		rc=$?
	fi
	# Every rtiexec report with an error counts, even when the test did
	# not check rtiexec_stop's status.
	for r in "$dir"/rtiexec.*.log; do
		[ -f "$r" ] || continue
		n_rtiexec=$((n_rtiexec + 1))
		if has_errors "$r"; then
			mv "$r" "$logs/$name.${r##*/}"
			bad_rtiexec="$bad_rtiexec $logs/$name.${r##*/}"
		fi
	done
	rm -rf "$dir"
	{
		if [ "$rc" -eq 0 ] && [ -z "$bad_rtiexec" ] &&
		    ! has_errors "$logs/$name.valgrind"; then
			echo "PASS: $prog ($n_rtiexec rtiexec runs)"
		else
			echo "FAIL: $prog (exit $rc; $log," \
			    "$logs/$name.valgrind$bad_rtiexec)"
			has_errors "$logs/$name.valgrind" &&
			    head -40 "$logs/$name.valgrind"
			for r in $bad_rtiexec; do head -40 "$r"; done
		fi
	} >"$logs/$name.result"
}

# VALGRIND_JOBS programs at a time (default: the number of CPUs): a
# test and its rtiexec mostly wait for each other, so one program keeps
# about one CPU busy.
jobs=${VALGRIND_JOBS:-$(nproc)}
running=0
for prog in "${progs[@]}"; do
	if [ "$running" -ge "$jobs" ]; then
		wait -n
		running=$((running - 1))
	fi
	run_one "$prog" &
	running=$((running + 1))
done
wait
passed=0
failed=0
for prog in "${progs[@]}"; do
	name=$(echo "$prog" | tr / _)
	cat "$logs/$name.result"
	if head -1 "$logs/$name.result" | grep -q '^PASS:'; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
	fi
done
echo "valgrind: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

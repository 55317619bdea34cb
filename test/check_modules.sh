#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_modules.sh - rtiexec's modules call downward only.
#
# The layers of rti/, bottom to top; a module may call the functions of
# the modules below it, and the core (server.h: connections, replies,
# logging, the delivery of hooks; the files in `core` below) which every
# module may call and which calls none:
#
#   tm     time management (a leaf)
#   dm     declarations: publications, subscriptions, the routes
#   ddm    regions, conditions, filters, the replicated tables (reads dm)
#   om     instances and the update route (reads dm, ddm, tm)
#   owm    ownership (reads om, dm)
#   fedm   federations and federates (drives the others through the
#          module hooks of server.h)
#   mom    the Management Object Model (reads every module below)
#   http   the read-only HTTP view (reads every module below)
#
# A file belongs to the module its name starts with (om_route.c is OM's,
# om_ddm.c too); a module's functions are those its headers rti/M.h and
# rti/M_int.h declare.  A call from a module to a function of a module
# above it, or an include of such a module's header, fails the check, and
# so does a call from the core to any module or an include of a module's
# header: what a module must tell those above it is an event of
# server.h's struct module_ops that the core delivers (hooks.c).  An
# exception would be listed in `known` below ("m>o:function", one a
# line), each with the reason it cannot go; there is none.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
cd "$top_srcdir/rti" || exit 1
layers='tm dm ddm om owm fedm mom http'
core='server.c hooks.c log.c listen.c conn_in.c conn_out.c heartbeat.c uring.c'
known=''
fail=0
rank() {
	i=0
	for l in $layers; do
		[ "$l" = "$1" ] && { echo $i; return; }
		i=$((i + 1))
	done
	echo -1
}
# funcs M: the functions M's headers declare
funcs() {
	for h in "$1.h" "$1_int.h"; do
		[ -f "$h" ] && sed -n "s/.*\b\($1_[a-z0-9_]*\)(.*/\1/p" "$h"
	done
}
for m in $layers; do
	for f in "$m".c "$m"_*.c; do
		[ -f "$f" ] || continue
		r=$(rank "$m")
		for o in $layers; do
			[ "$(rank "$o")" -gt "$r" ] || continue
			for fn in $(funcs "$o" | sort -u); do
				grep -q "\b$fn(" "$f" || continue
				if echo "$known" | grep -qx "$m>$o:$fn"; then
					continue
				fi
				echo "FAIL: $f ($m) calls $fn of $o, a module above it"
				fail=$((fail + 1))
			done
			for h in "$o.h" "${o}_int.h"; do
				grep -q "^#include \"$h\"" "$f" || continue
				echo "FAIL: $f ($m) includes $h of $o, a module" \
				    "above it"
				fail=$((fail + 1))
			done
		done
	done
done
# the core calls no module: what it must tell them goes through the hooks
for f in $core; do
	if [ ! -f "$f" ]; then
		echo "FAIL: core file $f is missing"
		fail=$((fail + 1))
		continue
	fi
	for o in $layers; do
		for fn in $(funcs "$o" | sort -u); do
			grep -q "\b$fn(" "$f" || continue
			echo "FAIL: $f (core) calls $fn of $o"
			fail=$((fail + 1))
		done
		for h in "$o.h" "${o}_int.h"; do
			grep -q "^#include \"$h\"" "$f" || continue
			echo "FAIL: $f (core) includes $h of $o"
			fail=$((fail + 1))
		done
	done
done
# a listed exception that no longer happens must leave the list
for k in $known; do
	m=${k%%>*}
	fn=${k#*:}
	if ! cat "$m".c "$m"_*.c 2>/dev/null | grep -q "\b$fn("; then
		echo "FAIL: $k is listed in check_modules.sh but no longer called"
		fail=$((fail + 1))
	fi
done
[ $fail -eq 0 ] && echo "PASS: rti/ modules call downward only (with" \
    "$(printf '%s' "$known" | grep -c .) listed exceptions)"
[ $fail -eq 0 ]

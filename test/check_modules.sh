#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_modules.sh - rtiexec's modules use only the modules the build lets
# them use; the core uses none.
#
# The graph is the build's (rti/include.am, printed by rti_graph.sh): each
# folder of rti/ builds as one library whose include path names itself,
# rti/core and the folders of the modules it uses below it, so that an
# include of any other module's header does not compile.  This check is
# the second guard, for what an include path cannot see: a call to a
# function of a module outside the graph through a declaration written by
# hand, or a header reached through another.  It has no list of folders
# or files: every folder of rti/ must be in the graph and every source in
# it is checked (rti/core's UDP and multicast files too).  A module's
# functions are those declared in the headers of its folder.
#
# It fails on: a module that reads the core's struct server_pub or
# struct conn_pub other than through server.h's accessors (the core's
# private headers, rti/core/internal, are on no module's include path);
# a folder of rti/ not in the graph; a graph that is not
# acyclic; an order of server.h's MOD_* that is not one of the layers
# (every module after the modules it uses); a file that calls a function
# of, or includes a header of, a module its folder may not use.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
rti=$top_srcdir/rti
graph=$(top_srcdir=$top_srcdir sh "$top_srcdir/test/rti_graph.sh")
fail=0
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# deps M: the folders M may use besides itself and core
deps() { echo "$graph" | sed -n "s|^$1: *||p"; }
in_graph() { echo "$graph" | grep -q "^$1:"; }
modules=$(echo "$graph" | sed -n 's/^\([a-z]*\):.*/\1/p' |
    grep -vx 'core\|rtiexec')

for d in "$rti"/*/; do
	d=${d%/}
	d=${d##*/}
	in_graph "$d" || bad "rti/$d/ is not in the build's graph" \
	    "(rti/include.am)"
done

# acyclic: peel off the modules whose uses are all peeled
left=$modules
done_=core
while [ -n "$left" ]; do
	next=
	for m in $left; do
		ok=1
		for o in $(deps "$m"); do
			case " $done_ " in *" $o "*) ;; *) ok=0 ;; esac
		done
		if [ $ok = 1 ]; then done_="$done_ $m"; else next="$next $m"; fi
	done
	if [ "$(echo $next)" = "$(echo $left)" ]; then
		bad "the module graph has a cycle among:$next"
		break
	fi
	left=$next
done

# MOD_* in server.h: each module after those it uses
order=$(sed -n '/^enum {/,/MOD_COUNT/p' "$rti/core/server.h" |
    sed -n 's/^[[:space:]]*MOD_\([A-Z]*\).*/\1/p' | tr 'A-Z' 'a-z' |
    grep -vx count)
seen=
for m in $order; do
	in_graph "$m" || bad "MOD_$m of server.h is no folder of rti/"
	for o in $(deps "$m"); do
		case " $seen " in *" $o "*) ;; *)
			bad "MOD_$m comes before MOD_$o, which it uses" ;;
		esac
	done
	seen="$seen $m"
done
for m in $modules; do
	case " $seen " in *" $m "*) ;; *)
		[ "$m" = http ] || bad "module $m has no MOD_* in server.h" ;;
	esac
done

# funcs M: the functions M's headers declare (a prototype: the type,
# then the name; a static inline helper of a private header is M's own)
funcs() {
	grep -h '^[a-z][a-z_0-9 *]*[ *][a-z_][a-z0-9_]*(' "$rti/$1"/*.h \
	    2>/dev/null | grep -v '^static' |
	    sed 's/^[a-z][a-z_0-9 *]*[ *]\([a-z_][a-z0-9_]*\)(.*/\1/' |
	    grep -v '^\(sizeof\|__attribute__\|defined\)$' | sort -u
}
calls=0
for m in core $modules; do
	may=" $m core $(deps "$m") "
	for o in $modules; do
		case "$may" in *" $o "*) continue ;; esac
		re=$(funcs "$o" | tr '\n' '|' | sed 's/|$//')
		hdrs=$(cd "$rti/$o" && ls *.h 2>/dev/null)
		for f in "$rti/$m"/*.c "$rti/$m"/*.h; do
			[ -f "$f" ] || continue
			calls=$((calls + 1))
			[ -n "$re" ] && grep -noE "\b($re)\(" "$f" |
			    while IFS=: read -r line fn; do
				echo "FAIL: rti/$m/${f##*/}:$line calls" \
				    "${fn%(} of $o, which $m may not use"
			done | grep . && fail=$((fail + 1))
			for h in $hdrs; do
				grep -q "^#[[:space:]]*include[[:space:]]*\"$h\"" \
				    "$f" || continue
				bad "rti/$m/${f##*/} includes $h of $o, which" \
				    "$m may not use"
			done
		done
	done
done
# the server's and a connection's public head: through the accessors
for m in $modules; do
	for f in "$rti/$m"/*.c "$rti/$m"/*.h; do
		[ -f "$f" ] || continue
		grep -nE '(->|\.)pub\.|\b(server_c?pub|conn_c?pub)\(' "$f" |
		    while IFS=: read -r line _; do
			echo "FAIL: rti/$m/${f##*/}:$line reads the core's" \
			    "struct server_pub or conn_pub directly (use" \
			    "server.h's accessors)"
		done | grep . && fail=$((fail + 1))
	done
done

[ $fail -eq 0 ] && echo "PASS: rti/ modules use only the modules the" \
    "build lets them ($(echo $modules | wc -w) modules, $calls file checks)"
[ $fail -eq 0 ]

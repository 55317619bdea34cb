#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_layers.sh - no folder includes a header of a folder above it.
#
# The layers, and the folders each may include headers of besides its own
# ("config.h" is the header configure writes in the build directory):
#
#   include           nothing: the installed header stands alone
#   proto             include config.h
#   fom               include proto config.h
#   librti            include proto fom config.h
#   rti/M             include proto fom config.h rti/core and the folders
#                     of the modules M uses (the build's graph:
#                     test/rti_graph.sh reads it from rti/include.am)
#   rti               the same, for main.c and modules.c
#   rti/core/internal the core's private headers (server_int.h, conn.h,
#                     udp_int.h...): only rti/core, rti (main.c) and the
#                     tests of the core include them, never a module
#   tools             proto config.h (rtictl, reading JSON with proto/json.h)
#   samples           include (and <RTI/...>, the C++ API's own headers)
#   test              include config.h
#   test/unit         include proto fom rti/* test config.h
#   test/integration  include proto fom test config.h (fom: a fake rtiexec
#                     sends modules in compact form, check_joinfom)
#   test/fuzz         include proto fom rti/* tools config.h
#   test/bench        include proto rti/core/internal config.h
#   test/tools        include proto fom librti config.h
#   librti1516e/src   include (the C++ API over librti.h alone)
#   librti1516e/include/RTI, .../encoding, .../time, .../rti
#                     nothing of the tree (<RTI/...> are their own)
#   test/cxx          include test config.h
#
# that is: include <- proto <- fom <- librti, rti; proto <- librti, rti,
# tools; librti and rti never include each other; samples see only the
# public header.
# A test reaches the internals of the layer it tests (test/include.am),
# never librti/'s; test/tools holds the programs that print a layer's
# internal tables for a test (librti's message tables, check_protocol.sh).  The build enforces the same graph with each folder's
# include path (the *_CPPFLAGS of its include.am); this check also catches
# what an include path cannot: a header named with a directory
# ("../rti/server.h"), or reached through the -I. -I$(srcdir) that
# automake gives every target (<proto/wire.h>).
#
# Every `#include "name"` and every `#include <name>` that names a header
# of the tree is checked; a quoted include must name a header by its file
# name alone, found in the including file's folder, in a folder it may
# use, or be config.h.  A folder holding sources that the graph does not
# list fails too.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
pass=0
fail=0

rtig=$(top_srcdir=$top_srcdir sh "$top_srcdir/test/rti_graph.sh" |
    sed 's|^rtiexec:|rti:|; /^rti:/!s|^|rti/|; s|: *|: |' |
    awk -F': ' '{ n = split($2, d, " "); s = ""
	for (i = 1; i <= n; i++) s = s " rti/" d[i]
	c = $1 == "rti/core" ? "" : " rti/core"
	print $1 ": include proto fom config.h" c s }')
rtig=$(echo "$rtig" | sed -E "s,^(rti/core|rti): .*,& rti/core/internal,")
rtiall="$(echo "$rtig" | sed 's/:.*//' | grep -vx rti | tr '\n' ' ')rti/core/internal"
graph="include:
proto: include config.h
fom: include proto config.h
librti: include proto fom config.h
$rtig
rti/core/internal: include proto fom config.h rti/core
tools: proto config.h
samples: include
test: include config.h
test/unit: include proto fom $rtiall test config.h
test/integration: include proto fom test config.h
test/fuzz: include proto fom $rtiall tools config.h
test/bench: include proto rti/core/internal config.h
test/tools: include proto fom librti config.h
librti1516e/src: include
librti1516e/include/RTI:
librti1516e/include/RTI/encoding:
librti1516e/include/RTI/time:
librti1516e/include/RTI/rti:
test/cxx: include test config.h"

folders=$(echo "$graph" | sed 's/:.*//')

bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# allowed FOLDER: the folders FOLDER may include headers of.
allowed() {
	echo "$graph" | sed -n "s|^$1: *||p"
}

# is_folder NAME: NAME is a folder of the graph.
is_folder() {
	echo "$folders" | grep -qx "$1"
}

# holders NAME: the folders of the graph that hold a header NAME.
holders() {
	for g in $folders; do
		[ -f "$top_srcdir/$g/$1" ] && printf '%s ' "$g"
	done
}

# check_include FILE DIR LINE FORM NAME: the include of header NAME in
# form FORM ('"' or '<') on line LINE of FILE, in folder DIR.
check_include() {
	file=$1 dir=$2 line=$3 form=$4 name=$5
	may=$(allowed "$dir")
	case $form$name in
	'"'*/*)
		bad "$file:$line: \"$name\" names a directory; include" \
		    "a header by its name alone"
		return ;;
	'"config.h')
		from=config.h ;;
	'<'*/*)
		# <folder/name.h> of the tree, found through -I$(srcdir)
		[ -f "$top_srcdir/$name" ] && is_folder "${name%/*}" ||
		    return 0	# a system header
		from=${name%/*} ;;
	*)
		if [ -f "$top_srcdir/$dir/$name" ]; then
			from=$dir
		else
			from=$(holders "$name")
		fi
		if [ -z "$from" ]; then
			[ "$form" = '<' ] && return 0	# a system header
			bad "$file:$line: \"$name\" is in no folder of the tree"
			return
		fi ;;
	esac
	for g in $from; do
		case " $dir $may " in
		*" $g "*) pass=$((pass + 1)); return ;;
		esac
	done
	if [ "$from" = config.h ]; then
		what="the generated config.h"
	else
		what="${name##*/} of $(echo "$from" |
		    sed 's|\([^ ][^ ]*\)|\1/|g; s/ *$//')"
	fi
	bad "$file:$line: includes $what; $dir/ may include only:" \
	    "${may:-nothing}"
}

# LINE FORM NAME of each #include line.
pat='^\([0-9]*\):[[:space:]]*#[[:space:]]*include[[:space:]]*'
pat=$pat'\(["<]\)\([^">]*\)[">].*'
n_files=0
for dir in $folders; do
	for f in "$top_srcdir/$dir"/*.c "$top_srcdir/$dir"/*.h \
	    "$top_srcdir/$dir"/*.cpp "$top_srcdir/$dir"/*.inc; do
		[ -f "$f" ] || continue
		n_files=$((n_files + 1))
		incs=$(grep -n '^[[:space:]]*#[[:space:]]*include' "$f" |
		    sed -n "s/$pat/\1 \2 \3/p")
		while read -r line form name; do
			[ -n "$line" ] || continue
			check_include "$dir/${f##*/}" "$dir" "$line" "$form" \
			    "$name"
		done <<EOF
$incs
EOF
	done
done
[ "$n_files" -gt 0 ] || bad "no source found under $top_srcdir"

# Every folder with sources is in the graph.  Build directories (below
# the top, where configure ran) and tool output hold none.
unlisted=$(cd "$top_srcdir" && find . \
    \( -name .git -o -name autom4te.cache -o -name .libs -o -name .deps \
    -o \( -type d ! -name . -exec sh -c 'test -f "$1/config.status"' \
    sh '{}' \; \) \) -prune -o -type f \( -name '*.[ch]' -o -name '*.cpp' \) \
    -print |
    sed 's|^\./||; s|/[^/]*$||; /\.[ch]$/d; /\.cpp$/d' | sort -u)
for d in $unlisted; do
	is_folder "$d" ||
	    bad "$d/ holds sources but is not in the graph of check_layers.sh"
done
# Only the generated config.h may sit at the top.
for f in "$top_srcdir"/*.c "$top_srcdir"/*.h "$top_srcdir"/*.cpp; do
	[ -f "$f" ] || continue
	[ "${f##*/}" = config.h ] ||
	    bad "${f##*/} at the top of the tree is in no layer"
done

echo "check_layers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

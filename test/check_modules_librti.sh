#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_modules_librti.sh - librti's modules call one another in one
# direction only.
#
# The modules, lowest first, and the modules each may call besides itself
# (a module may name only modules before it in this list):
#
#   core   ambassador.c connection.c request.c evoke.c svcreport.c: the
#          connection, requests, evoke, the joined state, service
#          reporting; calls no module (it runs their hooks through the
#          module table)
#   fedm   core
#   dm     core
#   tm     core
#   save   core tm (the save and restore services: TM's held messages)
#   om     core dm tm
#   owm    core dm om
#   ddm    core om
#   values core (typed values: the FOM's datatypes, no module state)
#
# What a lower module must tell a higher one is an event raised through
# the module table (librti_int.h: unpublished, send_update, ...), never a
# call.  A file belongs to the module its name starts with (om_update.c
# to om); a private header X_int.h is for module X alone, librti_int.h for
# every file.
#
# Checked, in every librti/*.c and *.h with comments and strings removed:
# each call of a function that another module's file defines (rti_* and
# rti__* functions with the name at the start of a line, the project's
# style) names a module the caller may call; no file reads another
# module's state (amb->mod[RTI__MOD_X]); no file includes another
# module's private header; and the graph above names only lower modules.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
dir=$top_srcdir/librti

order='core fedm dm tm save om owm ddm values'
graph='core:
fedm: core
dm: core
tm: core
save: core tm
om: core dm tm
owm: core dm om
ddm: core om
values: core'

files=$(ls "$dir"/*.c "$dir"/*.h 2>/dev/null)
if [ -z "$files" ]; then
	echo "FAIL: no source found under $dir"
	exit 1
fi

# awk does it all: strip comments and strings (keeping line numbers),
# map files to modules, collect definitions, then check every use.
awk -v order="$order" -v graph="$graph" '
function module_of(path,   b) {
	b = path
	sub(/.*\//, "", b)
	sub(/\.[ch]$/, "", b)
	if (b == "librti_int")
		return "*"
	sub(/_.*/, "", b)
	if (b == "ambassador" || b == "connection" || b == "request" ||
	    b == "evoke" || b == "svcreport")
		return "core"
	return b
}
function bad(msg) {
	fail++
	print "FAIL: " msg
}
# Remove comments, string and character literals from line `s`;
# in_comment carries over lines.
function strip(s,   out, i, n, c, c2, q) {
	out = ""
	n = length(s)
	for (i = 1; i <= n; i++) {
		c = substr(s, i, 1)
		c2 = substr(s, i, 2)
		if (in_comment) {
			if (c2 == "*/") {
				in_comment = 0
				i++
			}
			continue
		}
		if (c2 == "/*") {
			in_comment = 1
			i++
			continue
		}
		if (c == "\"" || c == "\047") {
			q = c
			for (i++; i <= n && substr(s, i, 1) != q; i++)
				if (substr(s, i, 1) == "\\")
					i++
			out = out q q
			continue
		}
		out = out c
	}
	return out
}
BEGIN {
	n = split(order, ord, " ")
	for (i = 1; i <= n; i++)
		rank[ord[i]] = i
	m = split(graph, lines, "\n")
	for (i = 1; i <= m; i++) {
		mod = lines[i]
		sub(/:.*/, "", mod)
		deps = lines[i]
		sub(/^[^:]*: */, "", deps)
		allowed[mod] = " " deps " "
		k = split(deps, d, " ")
		for (j = 1; j <= k; j++)
			if (!(d[j] in rank) || rank[d[j]] >= rank[mod])
				bad("graph: " mod " may call " d[j] \
				    ", which is not below it in: " order)
	}
}
FNR == 1 {
	nfiles++
	in_comment = 0
	f = FILENAME
	sub(/.*\//, "", f)
	fmod[nfiles] = module_of(FILENAME)
	fname[nfiles] = f
	if (fmod[nfiles] != "*" && !(fmod[nfiles] in rank))
		bad(f ": module " fmod[nfiles] " is not in the graph")
}
{
	s = strip($0)
	text[nfiles, FNR] = s
	nlines[nfiles] = FNR
	# a definition: the name at the start of the line (static or not;
	# only rti_/rti__ names can be called from another file)
	if (match(s, /^rti_[a-z0-9_]*\(/)) {
		name = substr(s, 1, RLENGTH - 1)
		if (!(name in def))
			def[name] = fmod[nfiles]
	}
}
END {
	for (fi = 1; fi <= nfiles; fi++) {
		me = fmod[fi]
		for (ln = 1; ln <= nlines[fi]; ln++) {
			s = text[fi, ln]
			rest = s
			while (match(rest, /rti_[a-z0-9_]*[ \t]*\(/)) {
				name = substr(rest, RSTART, RLENGTH)
				pre = RSTART > 1 ? substr(rest, RSTART - 1, 1) : ""
				rest = substr(rest, RSTART + RLENGTH)
				if (pre ~ /[A-Za-z0-9_]/)
					continue
				sub(/[ \t]*\($/, "", name)
				if (!(name in def))
					continue
				to = def[name]
				if (to == me || to == "*" || me == "*")
					continue
				if (index(allowed[me], " " to " ") == 0)
					bad(fname[fi] ":" ln ": " me \
					    " calls " name " of " to "; " me \
					    " may call only:" allowed[me])
				else
					pass++
			}
			rest = s
			while (match(rest, /RTI__MOD_[A-Z]+/)) {
				to = tolower(substr(rest, RSTART + 9,
				    RLENGTH - 9))
				rest = substr(rest, RSTART + RLENGTH)
				if (s !~ /mod\[/ || me == "*" || to == "count")
					continue
				if (to != me)
					bad(fname[fi] ":" ln ": " me \
					    " reads the state of " to)
				else
					pass++
			}
		}
	}
	if (nfiles == 0)
		bad("no source read")
	printf "check_modules_librti: %d passed, %d failed\n", pass, fail
	exit fail > 0
}' $files
status=$?

# Private headers: X_int.h only from files of module X (the includes
# are read unstripped: the header name is a string).
fail=0
for f in $files; do
	b=${f##*/}
	m=$(echo "$b" | sed 's/\.[ch]$//; s/_.*//')
	case $m in
	ambassador|connection|request|evoke|svcreport) m=core ;;
	esac
	for h in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*_int\.h\)".*/\1/p' "$f"); do
		[ "$h" = librti_int.h ] && continue
		hm=${h%_int.h}
		if [ "$hm" != "$m" ]; then
			echo "FAIL: $b includes $h, private to module $hm"
			fail=$((fail + 1))
		fi
	done
done
[ "$fail" -eq 0 ] && [ "$status" -eq 0 ]

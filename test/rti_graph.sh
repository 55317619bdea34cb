#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# rti_graph.sh - print rtiexec's module graph as the build writes it
# (rti/include.am): one line per folder of rti/ that builds a library,
# "NAME: the folders of rti/ on its include path besides its own", core
# first; then "rtiexec: ..." for main.c and modules.c.  The include
# paths are the graph: test/check_modules.sh and test/check_layers.sh
# read it here, so that it is written in one place.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
awk '
# join continuation lines
/\\$/ { sub(/\\$/, ""); buf = buf $0 " "; next }
{ line = buf $0; buf = "" }
line ~ /^rti_[a-z]+_lib[a-z]+_la_CPPFLAGS *=/ || line ~ /^rti_rtiexec_CPPFLAGS *=/ {
	name = line
	sub(/_CPPFLAGS.*/, "", name)
	if (name == "rti_rtiexec")
		name = "rtiexec"
	else {
		sub(/^rti_/, "", name)
		sub(/_lib.*/, "", name)
	}
	deps = ""
	n = split(line, w, /[ \t]+/)
	for (i = 1; i <= n; i++)
		if (w[i] ~ /^-I\$\(RTI_TOP\)\//) {
			d = w[i]
			sub(/^-I\$\(RTI_TOP\)\//, "", d)
			if (d != name)
				deps = deps " " d
		}
	print name ":" deps
}' "$top_srcdir/rti/include.am"

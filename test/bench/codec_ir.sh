#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# codec_ir.sh [-n ITERATIONS] A_BUILDDIR B_BUILDDIR
# The instructions the value codec runs, counted by valgrind (cachegrind's
# "I refs", user space), for two build trees: rtibench -m encode's values
# (Grid.xml's BayMeasurement and a list of 100) decoded to and encoded from
# the value tree and JSON text, ITERATIONS times each (default 2000).  An
# instruction count does not move with the machine's load, as rates do:
# a change of the codec shows at a few percent where rtibench's
# alternating runs (ab_cmd.sh) spread by tens.  Prints one line per operation
#   IR value=V op=O a=N b=N b_over_a=R
# with N the instructions of one operation (the run's, less a run doing
# only the setup, divided by ITERATIONS).  Needs cc, valgrind and each
# tree built (fom/.libs/libfom.a, proto/.libs/libproto.a).
set -u
iters=2000
if [ "${1:-}" = "-n" ]; then iters=$2; shift 2; fi
case $iters in ''|*[!0-9]*|0) echo "codec_ir.sh: bad -n '$iters'" >&2
    exit 2;; esac
[ $# -eq 2 ] || { echo "usage: codec_ir.sh [-n N] A_BUILDDIR B_BUILDDIR" >&2
    exit 2; }
command -v valgrind >/dev/null 2>&1 || { echo "codec_ir.sh: no valgrind" >&2
    exit 2; }
: "${top_srcdir:=$(cd "$(dirname "$0")/../.." && pwd)}"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

# The driver: OP is 0 (setup only), or one operation run ITERATIONS times.
cat >"$tmp/drv.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fom.h"
#include "fom_value.h"

#define SAMPLE "{\"Time\":12.34,\"Voltage\":[107.9,108.2,108.05]," \
    "\"Current\":[212.5,210.75,214.0],\"Frequency\":49.98," \
    "\"Breaker\":\"Closed\"}"

int
main(int argc, char **argv)
{
	struct fom_error fe;
	struct fom *f = fom_new();
	int op = atoi(argv[2]), list = atoi(argv[3]);
	long n = atol(argv[4]), i;
	static char json[100 * (sizeof(SAMPLE) + 1) + 3];
	static unsigned char bytes[8192], out[8192];
	struct rti_value *v;
	size_t len, jl, o = 0;
	uint32_t dt;
	char *j, err[256];

	(void)argc;
	if (!f || fom_load_file(f, argv[1], &fe) < 0)
		return 1;
	dt = fom_datatype_by_name(f, list ? "BayMeasurementList" :
	    "BayMeasurement");
	if (list) {
		json[o++] = '[';
		for (i = 0; i < 100; i++) {
			memcpy(json + o, SAMPLE, sizeof(SAMPLE) - 1);
			o += sizeof(SAMPLE) - 1;
			json[o++] = i < 99 ? ',' : ']';
		}
	} else {
		memcpy(json, SAMPLE, sizeof(SAMPLE) - 1);
		o = sizeof(SAMPLE) - 1;
	}
	json[o] = '\0';
	jl = o;
	if (fom_value_encode_json(f, dt, json, jl, bytes, sizeof bytes, &len,
	    err, sizeof err) != 0) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	if (fom_value_decode(f, dt, bytes, len, &v, err, sizeof err) != 0)
		return 1;
	for (i = 0; op && i < n; i++) {
		size_t l;

		switch (op) {
		case 1: {
			struct rti_value *w;

			fom_value_decode(f, dt, bytes, len, &w, err,
			    sizeof err);
			fom_value_free_tree(w);
			break;
		}
		case 2:
			fom_value_encode(f, dt, v, out, sizeof out, &l, err,
			    sizeof err);
			break;
		case 3:
			fom_value_decode_json(f, dt, bytes, len, &j, &l, err,
			    sizeof err);
			free(j);
			break;
		case 4:
			fom_value_encode_json(f, dt, json, jl, out, sizeof out,
			    &l, err, sizeof err);
			break;
		}
	}
	fom_value_free_tree(v);
	fom_free(f);
	return 0;
}
EOF

# ir TREE OP LIST: the instructions of one run of the driver of TREE.
ir() {
	valgrind --tool=cachegrind --cache-sim=no \
	    --cachegrind-out-file=/dev/null "$tmp/drv.$1" \
	    "$top_srcdir/data/fom/Grid.xml" "$2" "$3" "$iters" 2>&1 |
	    sed -n 's/.*I *refs: *//p' | tr -d ,
}

for side in a b; do
	if [ "$side" = a ]; then dir=$1; else dir=$2; fi
	dir=$(cd "$dir" && pwd) || exit 2
	# the tree's own sources: its headers, its libraries
	src=$(sed -n 's/^abs_top_srcdir = //p' "$dir/Makefile")
	# shellcheck disable=SC2046 # flags are lists
	cc -O2 -o "$tmp/drv.$side" "$tmp/drv.c" -I"$src/fom" \
	    -I"$src/proto" -I"$src/include" "$dir/fom/.libs/libfom.a" \
	    "$dir/proto/.libs/libproto.a" $(pkg-config --libs libxml-2.0) \
	    -lm -lpthread || exit 1
done
for list in 0 1; do
	[ "$list" = 0 ] && value=record || value=list100
	base_a=$(ir a 0 "$list")
	base_b=$(ir b 0 "$list")
	for op in 1 2 3 4; do
		case $op in
		1) name="decode via=tree" ;;
		2) name="encode via=tree" ;;
		3) name="decode via=json" ;;
		4) name="encode via=json" ;;
		esac
		a=$(ir a "$op" "$list")
		b=$(ir b "$op" "$list")
		echo "$base_a $base_b $a $b" | awk -v v="$value" -v o="$name" \
		    -v n="$iters" '{ a = ($3 - $1) / n; b = ($4 - $2) / n;
		    printf "IR value=%s op=%s a=%.0f b=%.0f b_over_a=%.3f\n",
		    v, o, a, b, b / a }'
	done
done

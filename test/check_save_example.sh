#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_save_example.sh - the EXAMPLE of librti-save(3), as a reader would
# copy it, with a real rtiexec on loopback: its code is taken from the
# page, compiled into a federate and driven with labels that any federate
# of the federation may choose.  A plain label is saved to DIR/LABEL.model;
# one that climbs out of DIR ("../../x", an absolute path) is saved under
# an escaped name inside DIR, nothing is written outside; a label whose
# file name cannot fit is not saved (federation_not_saved), never cut
# short into another name.  A sanitizer build links the federate with the
# same -fsanitize flags (SAN_FLAGS, from make check) as its static librti.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=.}"
page=$top_srcdir/man/librti-save.3
rtiexec=$top_builddir/rti/rtiexec
libtool=$top_builddir/libtool
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok: $*"; }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }

[ -x "$libtool" ] && [ -f "$top_builddir/librti/librti.la" ] || {
	echo "check_save_example: librti not built"
	exit 1
}
tmp=$(mktemp -d)
rti_pid=
cleanup() {
	[ -n "$rti_pid" ] && kill "$rti_pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT

# the example's code: between .nf and .fi of EXAMPLE, troff escapes undone
sed -n '/^\.SH EXAMPLE/,/^\.SH /p' "$page" | sed -n '/^\.nf/,/^\.fi/p' |
    sed '1d;$d' | sed 's/\\\\/\\/g; s/\\e/\\/g' >"$tmp/example.c"
[ -s "$tmp/example.c" ] || { echo "FAIL: no EXAMPLE code in $page"; exit 1; }
cat >"$tmp/fed.c" <<'EOC'
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "librti.h"

struct model {
	rti_ambassador *amb;
	const char *dir;
	rti_federate_handle self;
	struct { double volts[4]; } state;
	int done;
};

#include "example.c"

static void
saved(void *arg)
{
	((struct model *)arg)->done = 1;
}

static void
not_saved(void *arg, enum rti_save_failure_reason r)
{
	(void)r;
	((struct model *)arg)->done = 2;
}

/* fed URL FOM DIR LABEL: join, save LABEL; prints saved or not saved */
int
main(int argc, char **argv)
{
	struct rti_callbacks cb = { 0 };
	struct model m = { 0 };
	const char *mods[1];
	time_t end = time(NULL) + 20;

	if (argc != 5)
		return 2;
	mods[0] = argv[2];
	m.dir = argv[3];
	m.amb = rti_ambassador_new();
	cb.initiate_federate_save = on_initiate_save;
	cb.initiate_federate_restore = on_initiate_restore;
	cb.federation_saved = saved;
	cb.federation_not_saved = not_saved;
	if (rti_connect(m.amb, argv[1], &cb, &m) != RTI_OK) {
		fprintf(stderr, "fed: %s\n", rti_error_message(m.amb));
		return 1;
	}
	/* the first run creates it */
	(void)rti_create_federation_execution(m.amb, "X", mods, 1, NULL);
	if (rti_join_federation_execution(m.amb, "f", "t", "X", &m.self) !=
	    RTI_OK ||
	    rti_request_federation_save(m.amb, argv[4]) != RTI_OK) {
		fprintf(stderr, "fed: %s\n", rti_error_message(m.amb));
		return 1;
	}
	while (!m.done && time(NULL) < end)
		rti_evoke_callbacks(m.amb, 0.05, 0.2, NULL);
	puts(m.done == 1 ? "saved" : m.done == 2 ? "not saved" : "no answer");
	rti_resign_federation_execution(m.amb, RTI_RESIGN_NO_ACTION);
	rti_ambassador_free(m.amb);
	return 0;
}
EOC
if ! "$libtool" --mode=link --tag=CC ${CC:-cc} ${SAN_FLAGS:-} -std=gnu11 -w \
    -I"$top_srcdir/include" -I"$tmp" -o "$tmp/fed" "$tmp/fed.c" \
    "$top_builddir/librti/librti.la" >"$tmp/cc.log" 2>&1; then
	cat "$tmp/cc.log"
	echo "FAIL: the EXAMPLE of librti-save(3) does not compile"
	exit 1
fi
ok "the EXAMPLE compiles"

"$rtiexec" --port 0 --port-file "$tmp/port" \
    --heartbeat-timeout 60 \
    --fom-path "$top_srcdir/data/fom" --save-dir "$tmp/saves" \
    2>"$tmp/rtiexec.log" &
rti_pid=$!
for _ in $(seq 100); do
	grep -q '^[0-9][0-9]*$' "$tmp/port" 2>/dev/null && break
	sleep 0.1
done
url=tcp://127.0.0.1:$(cat "$tmp/port")
fom=$top_srcdir/data/fom/HelloWorld.xml
mkdir -p "$tmp/work/model" "$tmp/work/outside"

save() {
	"$libtool" --mode=execute "$tmp/fed" "$url" "$fom" \
	    "$tmp/work/model" "$1" 2>>"$tmp/fed.log"
}

out=$(save plain)
if [ "$out" = saved ] && [ -f "$tmp/work/model/plain.model" ]; then
	ok "a plain label is saved to DIR/LABEL.model"
else
	ko "plain label: $out, $(ls "$tmp/work/model")"
fi
out=$(save "../outside/escaped")
if [ "$out" = saved ] && [ -z "$(ls -A "$tmp/work/outside")" ] &&
    [ "$(ls "$tmp/work/model" | grep -c 'escaped')" -eq 1 ]; then
	ok "a label climbing out of DIR is saved inside it, escaped"
else
	ko "'../outside/escaped': $out, outside: $(ls -A "$tmp/work/outside")"
fi
out=$(save "$tmp/work/outside/abs")
if [ "$out" = saved ] && [ -z "$(ls -A "$tmp/work/outside")" ]; then
	ok "an absolute label is saved inside DIR"
else
	ko "absolute label: $out, outside: $(ls -A "$tmp/work/outside")"
fi
long=$(head -c 1000 /dev/zero | tr '\0' 'a')
out=$(save "$long")
if [ "$out" = "not saved" ] &&
    [ "$(ls "$tmp/work/model" | grep -c 'aaaa')" -eq 0 ]; then
	ok "a label whose file name cannot fit is not saved"
else
	ko "1000-byte label: $out, $(ls "$tmp/work/model" | cut -c1-40)"
fi
echo "check_save_example: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

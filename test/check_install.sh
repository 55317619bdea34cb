#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_install.sh - `make install` into a temporary DESTDIR installs
# rtiexec, librti (shared and static, libtool-versioned), <librti.h>,
# librti.pc, the man pages and the FOMs; the installed example hello.c
# builds out of tree with nothing but `pkg-config --cflags --libs librti`
# and runs against the installed rtiexec, and the grid demo's examples
# build with the sample.c installed beside them; `make uninstall` removes
# it all.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=.}"
top_builddir=$(cd "$top_builddir" && pwd)
MAKE=${MAKE:-make}
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
check() { # check DESCRIPTION COMMAND...
	what=$1; shift
	if "$@" >/dev/null 2>&1; then ok; else bad "$what"; fi
}

# Values configure chose, read from the build's Makefile.
mkvar() {
	sed -n "s/^$1 = //p" "$top_builddir/Makefile" | head -n 1
}

command -v pkg-config >/dev/null 2>&1 || {
	echo "SKIP: pkg-config not installed"; exit 77; }

tmp=$(mktemp -d)
rti_pid=
cleanup() {
	[ -n "$rti_pid" ] && kill "$rti_pid" 2>/dev/null
	chmod -R u+w "$tmp" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
dest=$tmp/dest

if ! $MAKE -C "$top_builddir" install DESTDIR="$dest" >"$tmp/install.log" \
    2>&1; then
	cat "$tmp/install.log"
	echo "FAIL: make install"
	echo "check_install: $pass passed, 1 failed"
	exit 1
fi
ok

pc=$(find "$dest" -name librti.pc | head -n 1)
[ -n "$pc" ] && ok || { bad "librti.pc not installed"; pc=/nonexistent; }
PKG_CONFIG_PATH=$(dirname "$pc")
PKG_CONFIG_SYSROOT_DIR=$dest
export PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
# Installed location of a pkg-config variable (pkgconf prefixes the
# sysroot to variables, pkg-config does not).
pcdir() {
	v=$(pkg-config --variable="$1" librti)
	case $v in
	"$dest"/*) echo "$v" ;;
	*) echo "$dest$v" ;;
	esac
}
prefix=$(pcdir prefix)
prefix=${prefix#"$dest"}
libdir=$(pcdir libdir)
includedir=$(pcdir includedir)
fomdir=$(pcdir fomdir)
version=$(pkg-config --modversion librti)
bindir=$dest$prefix/bin
mandir=$dest$prefix/share/man
docdir=$dest$prefix/share/doc/rti

check "pkg-config version $version is the package's" \
    test "$version" = "$(mkvar PACKAGE_VERSION)"
check "rtiexec in $bindir" test -x "$bindir/rtiexec"
check "librti.h in $includedir" test -f "$includedir/librti.h"
check "only librti.h installed as a header" \
    test "$(ls "$includedir")" = librti.h
check "static librti.a" test -f "$libdir/librti.a"
check "librti.la" test -f "$libdir/librti.la"
shared=0
if "$top_builddir/libtool" --config | grep -q "^build_libtool_libs=yes"; then
	shared=1
	check "versioned librti.so.0.0.0" test -f "$libdir/librti.so.0.0.0"
	check "librti.so.0 soname link" test -L "$libdir/librti.so.0"
	check "librti.so link" test -L "$libdir/librti.so"
	# Only the API is exported: no codec, FOM or internal symbols.
	if command -v nm >/dev/null 2>&1; then
		leaked=$(nm -D --defined-only "$libdir/librti.so" |
		    awk '$2 ~ /^[TDB]$/ && $3 !~ /^rti_/ { print $3 }')
		[ -z "$leaked" ] && ok ||
		    bad "librti.so exports non-API symbols:" $leaked
	fi
fi
for f in Grid.xml HelloWorld.xml; do
	check "FOM $f in $fomdir" test -f "$fomdir/$f"
done
for page in man1/rtiexec.1 man3/librti.3 man3/librti-fedm.3 \
    man5/rti-fom.5 man7/rti-protocol.7 man3/rti_connect.3; do
	check "man page $page" test -f "$mandir/$page"
done
check "example hello.c in $docdir/examples" \
    test -f "$docdir/examples/hello.c"

# Build the installed example out of tree, as a user would.
cc=$(mkvar CC)
san=$(mkvar SAN_FLAGS)
mkdir "$tmp/user"
cp "$docdir/examples/hello.c" "$tmp/user/" 2>/dev/null
if [ "$shared" -eq 1 ]; then
	libs=$(pkg-config --libs librti)
else
	# Static only: the archive and its private dependencies.
	libs="$libdir/librti.a $(pkg-config --static --libs librti |
	    sed 's/-lrti//')"
fi
# shellcheck disable=SC2086 # flags are lists
if (cd "$tmp/user" && $cc $san -o hello hello.c \
    $(pkg-config --cflags librti) $libs) >"$tmp/cc.log" 2>&1; then
	ok
else
	cat "$tmp/cc.log"
	bad "hello.c does not build with pkg-config --cflags --libs librti"
fi

# The examples of the grid demo build the same way, each with sample.c,
# the part they share, installed beside them.
for ex in substation grid console instructor; do
	cp "$docdir/examples/$ex.c" "$tmp/user/" 2>/dev/null
done
cp "$docdir/examples/sample.c" "$docdir/examples/sample.h" "$tmp/user/" \
    2>/dev/null
for ex in substation grid console instructor; do
	# shellcheck disable=SC2086 # flags are lists
	if (cd "$tmp/user" && $cc $san -o "$ex" "$ex.c" sample.c \
	    $(pkg-config --cflags librti) $libs -lm) >"$tmp/cc.log" 2>&1; then
		ok
	else
		cat "$tmp/cc.log"
		bad "$ex.c and sample.c do not build with pkg-config" \
		    "--cflags --libs librti"
	fi
done

# Run it against the installed rtiexec, which finds HelloWorld.xml in the
# installed FOM directory.
if [ -x "$tmp/user/hello" ]; then
	"$bindir/rtiexec" --port 0 --port-file "$tmp/port" \
	    --fom-path "$fomdir" 2>"$tmp/rtiexec.log" &
	rti_pid=$!
	i=0
	while [ $i -lt 100 ] && ! grep -q '^[0-9]' "$tmp/port" 2>/dev/null
	do
		kill -0 "$rti_pid" 2>/dev/null || break
		sleep 0.1
		i=$((i + 1))
	done
	if grep -q '^[0-9]' "$tmp/port" 2>/dev/null; then
		url=tcp://127.0.0.1:$(cat "$tmp/port")
		LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
		    "$tmp/user/hello" --url "$url" --name installed \
		    --timeout 10 >"$tmp/hello.log" 2>&1
		st=$?
		[ "$st" -eq 0 ] && grep -q 'synchronized at "ready"' \
		    "$tmp/hello.log" && ok ||
		    { cat "$tmp/hello.log"; bad "installed hello exited $st"; }
		kill "$rti_pid"
		wait "$rti_pid"
		st=$?
		rti_pid=
		[ "$st" -eq 0 ] && ok ||
		    { cat "$tmp/rtiexec.log"; bad "rtiexec exited $st"; }
	else
		cat "$tmp/rtiexec.log"
		bad "installed rtiexec did not start"
	fi
fi

# Uninstall leaves no file behind.
if $MAKE -C "$top_builddir" uninstall DESTDIR="$dest" >"$tmp/un.log" 2>&1
then
	left=$(find "$dest" -type f -o -type l)
	[ -z "$left" ] && ok || bad "left after make uninstall:" $left
else
	cat "$tmp/un.log"
	bad "make uninstall"
fi

echo "check_install: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

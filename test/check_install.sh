#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_install.sh - `make install` into a temporary DESTDIR installs
# rtiexec, librti (shared and static, libtool-versioned), <librti.h>,
# librti.pc, the man pages and the FOMs; the installed examples build out
# of tree with their Makefile (through pkg-config), hello.c also with
# `cc hello.c $(pkg-config --cflags --libs librti) -lm`, and runs against
# the installed rtiexec, and so does the C++ API's alarm_logger.cpp
# (pkg-config rti1516e, or -I.../rti1516e -lrti1516e -lfedtime1516e) when
# it is built; `make uninstall` removes it all, rti's own folders included.
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
	echo "SKIP: pkg-config not installed (Debian package pkg-config)"
	exit 77; }

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
# Beside it only the C++ API's directory (rti1516e/RTI/..., when built).
hdrs=$(ls "$includedir" | tr '\n' ' ')
check "only librti.h (and rti1516e/) installed as headers" \
    test "$hdrs" = "librti.h " -o "$hdrs" = "librti.h rti1516e "
if [ -d "$includedir/rti1516e" ]; then
	check "the C++ API's 32 headers in $includedir/rti1516e/RTI" \
	    test "$(find "$includedir/rti1516e/RTI" -name '*.h' | wc -l)" = 32
	check "rti1516e.pc" test -n "$(find "$dest" -name rti1516e.pc)"
	check "librti1516e and libfedtime1516e" test -f \
	    "$libdir/librti1516e.la" -a -f "$libdir/libfedtime1516e.la"
fi
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
	else
		echo "check_install: no nm(1) (Debian package binutils): the" \
		    "exported symbols are not checked"
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

# Build the installed examples out of tree, as a user would: make in a
# copy of them (their Makefile goes through pkg-config), and one by hand.
cc=$(mkvar CC)
san=$(mkvar SAN_FLAGS)
check "examples' Makefile in $docdir/examples" \
    test -f "$docdir/examples/Makefile"
cp -r "$docdir/examples" "$tmp/user" 2>/dev/null || mkdir "$tmp/user"
if [ "$shared" -eq 1 ]; then
	libs=$(pkg-config --libs librti)
else
	# Static only: the archive and its private dependencies.
	libs="$libdir/librti.a $(pkg-config --static --libs librti |
	    sed 's/-lrti//')"
fi
# shellcheck disable=SC2086 # flags are lists
if (unset MAKEFLAGS MFLAGS MAKELEVEL; $MAKE -C "$tmp/user" CC="$cc" \
    CFLAGS="-O2 $san" LDFLAGS="$san" RTI_LIBS="$libs") >"$tmp/ex.log" 2>&1
then
	ok
else
	cat "$tmp/ex.log"
	bad "the installed examples do not build with their Makefile"
fi
for e in hello substation grid console instructor; do
	check "the examples' make built $e" test -x "$tmp/user/$e"
	rm -f "$tmp/user/$e"
done
# shellcheck disable=SC2086 # flags are lists
if (cd "$tmp/user" && $cc $san -o hello hello.c \
    $(pkg-config --cflags librti) $libs -lm) >"$tmp/cc.log" 2>&1; then
	ok
else
	cat "$tmp/cc.log"
	bad "hello.c does not build with pkg-config --cflags --libs librti"
fi

# The C++ API's example, alarm_logger.cpp, builds the same way with
# pkg-config rti1516e, and with the flags other RTIs' build files give.
cxx=$(mkvar CXX)
if [ -d "$includedir/rti1516e" ]; then
	check "man page man3/rti1516e.3" test -f "$mandir/man3/rti1516e.3"
	cp "$docdir/examples/alarm_logger.cpp" "$tmp/user/" 2>/dev/null
	if [ "$shared" -eq 1 ]; then
		cxxlibs=$(pkg-config --libs rti1516e)
		flat="-I$includedir/rti1516e -L$libdir -lrti1516e -lfedtime1516e"
	else
		cxxlibs="$libdir/libfedtime1516e.a $libdir/librti1516e.a $libs \
		    -pthread"
		flat="-I$includedir/rti1516e $cxxlibs"
	fi
	# librti1516e.so needs librti.so, which the linker looks for where
	# the loader would: LD_LIBRARY_PATH stands for the installed system's
	# library path.
	# shellcheck disable=SC2086 # flags are lists
	if (cd "$tmp/user" &&
	    LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} &&
	    export LD_LIBRARY_PATH &&
	    $cxx $san -o alarm_logger alarm_logger.cpp \
	    $(pkg-config --cflags rti1516e) $cxxlibs &&
	    $cxx $san -o alarm_logger2 alarm_logger.cpp $flat) \
	    >"$tmp/cxx.log" 2>&1; then
		ok
	else
		cat "$tmp/cxx.log"
		bad "alarm_logger.cpp does not build against the installed" \
		    "C++ API"
	fi
fi

# The examples of the grid demo build the same way, each with sample.c,
# the part they share, installed beside them, by hand too.
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

# Run them against the installed rtiexec, which finds HelloWorld.xml in the
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
		if [ -x "$tmp/user/alarm_logger" ]; then
			LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} \
			    "$tmp/user/alarm_logger" --url "$url" \
			    --fom "$fomdir/Grid.xml" --duration 0.1 \
			    >"$tmp/logger.log" 2>&1
			st=$?
			[ "$st" -eq 0 ] && grep -q '^SUMMARY time=0.1 ' \
			    "$tmp/logger.log" && ok ||
			    { cat "$tmp/logger.log"
			      bad "installed alarm_logger exited $st"; }
		fi
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
	# and rti's own folders, now empty
	for d in "$fomdir" "$dest$prefix/share/rti" "$docdir/examples" \
	    "$docdir"; do
		[ ! -e "$d" ] && ok || bad "make uninstall left $d"
	done
else
	cat "$tmp/un.log"
	bad "make uninstall"
fi

echo "check_install: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_install_prefix.sh - install to a prefix of the user's, as the
# README says, in a copy of the distribution (make distdir) configured
# and built in a temporary folder with the build's compiler:
#   - configure refuses a --prefix that is the source tree or the build
#     tree, saying so, and writes nothing there;
#   - a default build (prefix /usr/local), then ./configure --prefix=P:
#     make rebuilds rtiexec, and after make install the rtiexec in P
#     finds its FOM module HelloWorld.xml in P (no --fom-path);
#   - with PKG_CONFIG_PATH=P/lib/pkgconfig (the README's line), pkg-config
#     finds librti, and `make` in a copy of the installed examples builds
#     all five through it; the built hello joins P's rtiexec with its
#     default FOM and without LD_LIBRARY_PATH;
#   - make uninstall leaves no file in P, nor rti's own folders;
#   - configure with the same prefix again: make rebuilds nothing.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=.}"
top_builddir=$(cd "$top_builddir" && pwd)
MAKE=${MAKE:-make}
# the copy is a build of its own: none of this make's flags and variables
unset MAKEFLAGS MFLAGS MAKELEVEL
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
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
src=$tmp/src
if ! $MAKE -C "$top_builddir" distdir distdir="$src" >"$tmp/distdir.log" \
    2>&1; then
	cat "$tmp/distdir.log"
	echo "FAIL: make distdir"; exit 1
fi
cc=$(mkvar CC)
cxx=$(mkvar CXX)
mkdir "$tmp/b"
cd "$tmp/b" || exit 1

# 1. A prefix that is the source or the build tree.
refused() { # refused WHAT PREFIX
	out=$("$src/configure" --prefix="$2" CC="$cc" CXX="$cxx" 2>&1)
	st=$?
	if [ "$st" -ne 0 ] && printf '%s' "$out" | grep -q "is the $1 tree"
	then
		ok
	else
		bad "configure --prefix=$2 (the $1 tree) exited $st:" \
		    "$(printf '%s' "$out" | tail -n 3)"
	fi
	[ ! -e "$tmp/b/config.status" ] && ok ||
	    bad "configure --prefix=$2 wrote config.status"
}
refused source "$src"
refused source "$src/"
refused build "$tmp/b"
ln -s "$tmp/b" "$tmp/link"
refused build "$tmp/link"

# 2. A default build, then a prefix of the user's (a folder inside the
# build tree is a prefix like any other).
conf() { # conf [--prefix=P]
	"$src/configure" -q "$@" CC="$cc" CXX="$cxx" CFLAGS=-O0 \
	    >"$tmp/configure.log" 2>&1 ||
	    { cat "$tmp/configure.log"; bad "configure $*"; exit 1; }
}
conf
# (the one object that names the FOM folder: the rest builds once, below)
$MAKE rti/rtiexec-main.o >"$tmp/make1.log" 2>&1 ||
    { tail -n 20 "$tmp/make1.log"; bad "make rti/rtiexec-main.o"; exit 1; }
p=$tmp/b/home/.local
conf --prefix="$p"
$MAKE rti/rtiexec >"$tmp/make2.log" 2>&1 ||
    { tail -n 20 "$tmp/make2.log"; bad "make rti/rtiexec"; exit 1; }
grep -q 'rtiexec-main\.o' "$tmp/make2.log" && ok ||
    bad "a new --prefix did not rebuild rti/main.c"
# what the steps below use (make install would build all the samples and
# tools at -O0 too)
$MAKE install-binPROGRAMS install-libLTLIBRARIES install-includeHEADERS \
    install-pkgconfigDATA install-dist_fomDATA install-dist_examplesDATA \
    install-examples-makefile >"$tmp/install.log" 2>&1 ||
    { tail -n 20 "$tmp/install.log"; bad "make install"; exit 1; }
if out=$("$p/bin/rtiexec" --check-fom HelloWorld.xml 2>&1); then
	ok
else
	bad "rtiexec of --prefix=$p did not find HelloWorld.xml: $out"
fi

# 3. pkg-config with the README's variable; the examples' Makefile.
PKG_CONFIG_PATH=$p/lib/pkgconfig
export PKG_CONFIG_PATH
unset PKG_CONFIG_SYSROOT_DIR PKG_CONFIG_LIBDIR
v=$(pkg-config --modversion librti 2>&1) && ok ||
    bad "pkg-config with PKG_CONFIG_PATH=$PKG_CONFIG_PATH: $v"
case $(pkg-config --cflags --libs librti 2>&1) in
*"-I$p/include"*"-L$p/lib"*) ok ;;
*) bad "pkg-config --cflags --libs librti:" \
    "$(pkg-config --cflags --libs librti 2>&1)" ;;
esac
cp -r "$p/share/doc/rti/examples" "$tmp/ex"
if $MAKE -C "$tmp/ex" CC="$cc" >"$tmp/ex.log" 2>&1; then
	ok
else
	tail -n 20 "$tmp/ex.log"; bad "make in the installed examples"
fi
for e in hello substation grid console instructor; do
	[ -x "$tmp/ex/$e" ] && ok || bad "the examples' make built no $e"
done
# where pkg-config does not find librti, it says what to set
mkdir "$tmp/nopc"
out=$(PKG_CONFIG_PATH= PKG_CONFIG_LIBDIR=$tmp/nopc $MAKE -C "$tmp/ex" -B \
    hello 2>&1) &&
    bad "the examples built without PKG_CONFIG_PATH" ||
    case $out in
    *PKG_CONFIG_PATH=PREFIX/lib/pkgconfig*) ok ;;
    *) bad "the examples' make without PKG_CONFIG_PATH: $out" ;;
    esac

# 4. The example joins the installed rtiexec: the FOM from its default,
# librti by its rpath.
if [ -x "$tmp/ex/hello" ]; then
	"$p/bin/rtiexec" --port 0 --port-file "$tmp/port" \
	    2>"$tmp/rtiexec.log" &
	rti_pid=$!
	i=0
	while [ $i -lt 300 ] && ! grep -q '^[0-9]' "$tmp/port" 2>/dev/null
	do
		kill -0 "$rti_pid" 2>/dev/null || break
		sleep 0.1
		i=$((i + 1))
	done
	if grep -q '^[0-9]' "$tmp/port" 2>/dev/null; then
		env -u LD_LIBRARY_PATH "$tmp/ex/hello" --url \
		    "tcp://127.0.0.1:$(cat "$tmp/port")" --name prefix \
		    --timeout 30 >"$tmp/hello.log" 2>&1
		st=$?
		[ "$st" -eq 0 ] && grep -q 'synchronized at "ready"' \
		    "$tmp/hello.log" && ok ||
		    { cat "$tmp/hello.log"; bad "installed hello exited $st"; }
	else
		cat "$tmp/rtiexec.log"
		bad "the rtiexec of $p did not start"
	fi
	kill "$rti_pid" 2>/dev/null
	wait "$rti_pid" 2>/dev/null
	rti_pid=
fi

# 5. Uninstall.
$MAKE uninstall >"$tmp/uninstall.log" 2>&1 && ok ||
    { tail -n 20 "$tmp/uninstall.log"; bad "make uninstall"; }
left=$(find "$p" -type f -o -type l)
[ -z "$left" ] && ok || bad "left after make uninstall:" $left
for d in share/rti share/doc/rti; do
	[ ! -e "$p/$d" ] && ok || bad "make uninstall left $p/$d"
done

# 6. The same prefix again: nothing to rebuild.
conf --prefix="$p"
$MAKE rti/rtiexec >"$tmp/make3.log" 2>&1 ||
    { tail -n 20 "$tmp/make3.log"; bad "make rti/rtiexec"; }
if grep -q '\.o$\|\.lo$\| -c ' "$tmp/make3.log"; then
	bad "reconfiguring with the same prefix rebuilt:" \
	    "$(grep '\.o$\|\.lo$\| -c ' "$tmp/make3.log" | head -n 3)"
else
	ok
fi

echo "check_install_prefix: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

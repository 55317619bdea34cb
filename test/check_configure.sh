#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_configure.sh - configure's guards and the paths it compiles in,
# in a copy of the distribution (make distdir) built in a temporary
# folder with the build's compiler:
#   - --prefix equal to the source tree or to the build tree is refused
#     with a message that says so, and configure writes nothing there;
#   - configured with one prefix and built, then reconfigured with
#     another: make rebuilds rtiexec, and the rtiexec installed under the
#     new prefix finds its FOM module HelloWorld.xml there (no --fom-path);
#   - reconfigured with the same prefix: make rebuilds nothing.
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

tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
src=$tmp/src
if ! $MAKE -C "$top_builddir" distdir distdir="$src" >"$tmp/distdir.log" \
    2>&1; then
	cat "$tmp/distdir.log"
	echo "FAIL: make distdir"; exit 1
fi
cc=$(mkvar CC)
mkdir "$tmp/b"
cd "$tmp/b" || exit 1

# 1. A prefix that is the source or the build tree.
refused() { # refused WHAT PREFIX
	out=$("$src/configure" --prefix="$2" CC="$cc" 2>&1)
	st=$?
	if [ "$st" -ne 0 ] && printf '%s' "$out" |
	    grep -q -- "is the $1 tree"; then
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

# 2. Another prefix reaches the installed rtiexec.
conf() { # conf PREFIX
	"$src/configure" -q --prefix="$1" CC="$cc" CFLAGS=-O0 \
	    >"$tmp/configure.log" 2>&1 ||
	    { cat "$tmp/configure.log"; bad "configure --prefix=$1"; exit 1; }
}
# (a folder inside the build tree is a prefix like any other)
conf "$tmp/b/first"
$MAKE rti/rtiexec >"$tmp/make1.log" 2>&1 ||
    { tail -n 20 "$tmp/make1.log"; bad "make rti/rtiexec"; exit 1; }
conf "$tmp/second"
$MAKE rti/rtiexec >"$tmp/make2.log" 2>&1 ||
    { tail -n 20 "$tmp/make2.log"; bad "make rti/rtiexec"; exit 1; }
grep -q 'rtiexec-main\.o' "$tmp/make2.log" && ok ||
    bad "a new --prefix did not rebuild rti/main.c"
$MAKE install-binPROGRAMS install-dist_fomDATA >"$tmp/install.log" 2>&1 ||
    { tail -n 20 "$tmp/install.log"; bad "make install"; }
if out=$("$tmp/second/bin/rtiexec" --check-fom HelloWorld.xml 2>&1); then
	ok
else
	bad "rtiexec of --prefix=$tmp/second did not find HelloWorld.xml: $out"
fi
case $out in
*"$tmp/b/first"*) bad "rtiexec still names the first prefix: $out" ;;
*) ok ;;
esac

# 3. The same prefix again: nothing to rebuild.
conf "$tmp/second"
$MAKE rti/rtiexec >"$tmp/make3.log" 2>&1 ||
    { tail -n 20 "$tmp/make3.log"; bad "make rti/rtiexec"; }
if grep -q '\.o$\|\.lo$\| -c ' "$tmp/make3.log"; then
	bad "reconfiguring with the same prefix rebuilt:" \
	    "$(grep '\.o$\|\.lo$\| -c ' "$tmp/make3.log" | head -n 3)"
else
	ok
fi

echo "check_configure: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# check_install_python.sh - the install steps beyond check_install.sh:
#   - `make install prefix=DIR` puts the Python package rti in the site
#     directory configure chose ($(pythondir)), and `python3 -c "import
#     rti"` there loads the installed librti.so.0 (through rti/_paths.py,
#     no RTI_LIBRARY, no LD_LIBRARY_PATH) and joins the installed rtiexec;
#   - that directory, for the prefix python3 itself installs to (Debian:
#     /usr/local), is on python3's sys.path;
#   - as root without DESTDIR, make install runs $(LDCONFIG); with DESTDIR
#     it does not;
#   - librti-uninstalled.pc: samples/hello.c builds against the build tree
#     with `PKG_CONFIG_PATH=BUILDDIR/librti pkg-config --cflags --libs
#     librti` and runs without LD_LIBRARY_PATH;
#   - make uninstall removes the package, with the byte-compiled files
#     Python wrote beside it (as it does on a fresh machine, where
#     PYTHONDONTWRITEBYTECODE is not set) and its folder.
set -u
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=.}"
top_builddir=$(cd "$top_builddir" && pwd)
MAKE=${MAKE:-make}
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
mkvar() {
	sed -n "s/^$1 = //p" "$top_builddir/Makefile" | head -n 1
}
PYTHON=$(mkvar PYTHON)
if [ -z "$PYTHON" ] || [ "$PYTHON" = ":" ]; then
	echo "SKIP: no python3 (Debian package python3)"; exit 77
fi
if [ ! -e "$top_builddir/librti/.libs/librti.so" ] ||
    [ -n "$(mkvar SAN_FLAGS)" ]; then
	echo "SKIP: needs a shared librti without sanitizers"; exit 77
fi

tmp=$(mktemp -d)
rti_pid=
cleanup() {
	[ -n "$rti_pid" ] && kill "$rti_pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
prefix=$tmp/prefix
fake=$tmp/fake-ldconfig
printf '#!/bin/sh\necho called >> %s/ldconfig.calls\n' "$tmp" > "$fake"
chmod +x "$fake"

# 1. A real install into a prefix (no DESTDIR).  Of the libraries only
# librti, which the package loads: libtool relinks the C++ API's
# libraries against librti as it installs them and refuses a prefix other
# than configure's (rti1516e(3) says to configure with the prefix).
only_librti="lib_LTLIBRARIES=librti/librti.la"
if ! $MAKE -C "$top_builddir" install prefix="$prefix" LDCONFIG="$fake" \
    "$only_librti" \
    >"$tmp/install.log" 2>&1; then
	cat "$tmp/install.log"
	echo "FAIL: make install prefix=$prefix"; exit 1
fi
ok
pydir=$(mkvar pythondir | sed "s|\${prefix}|$prefix|")
[ -f "$pydir/rti/__init__.py" ] && [ -f "$pydir/rti/_paths.py" ] && ok ||
    bad "package rti not in $pydir"
grep -q "LIBDIR = '$prefix/lib'" "$pydir/rti/_paths.py" 2>/dev/null && ok ||
    bad "rti/_paths.py does not name $prefix/lib"
if [ "$(id -u)" = 0 ]; then
	[ -f "$tmp/ldconfig.calls" ] && ok ||
	    bad "make install as root did not run LDCONFIG"
else
	[ ! -f "$tmp/ldconfig.calls" ] && ok ||
	    bad "make install as a user ran LDCONFIG"
fi

# 2. The installed package, the installed library, the installed rtiexec.
"$prefix/bin/rtiexec" --port 0 --port-file "$tmp/port" \
    --fom-path "$prefix/share/rti/fom" 2>"$tmp/rtiexec.log" &
rti_pid=$!
i=0
while [ $i -lt 100 ] && ! grep -q '^[0-9]' "$tmp/port" 2>/dev/null; do
	sleep 0.1; i=$((i + 1))
done
url=tcp://127.0.0.1:$(cat "$tmp/port" 2>/dev/null)
cat > "$tmp/fed.py" <<'PY'
import sys
import rti
print(rti.library_path)
with rti.Ambassador(None, sys.argv[1]) as amb:
    amb.create_federation_execution("Installed", "Grid.xml")
    amb.join_federation_execution("py", "installed", "Installed")
    bus = amb.get_object_class_handle("Bus")
    print(amb.get_object_class_name(bus))
PY
if (cd "$tmp" && env -u RTI_LIBRARY -u LD_LIBRARY_PATH \
    -u PYTHONDONTWRITEBYTECODE -u PYTHONPYCACHEPREFIX PYTHONPATH="$pydir" \
    "$PYTHON" fed.py "$url") >"$tmp/fed.log" 2>&1; then
	ok
else
	cat "$tmp/fed.log"; bad "installed Python federate failed"
fi
grep -qx "$prefix/lib/librti.so.0" "$tmp/fed.log" && ok ||
    { cat "$tmp/fed.log"; bad "not the installed librti.so.0"; }
grep -qx "HLAobjectRoot.Equipment.Bus" "$tmp/fed.log" && ok ||
    bad "installed Python federate did not join"
kill "$rti_pid"; wait "$rti_pid"; rti_pid=

# 3. The default layout is on python3's own path.
if "$PYTHON" - "$(mkvar pythondir)" <<'PY'
import sys, sysconfig
get = getattr(sysconfig, "get_default_scheme", None) or \
    sysconfig._get_default_scheme
scheme = get()
prefix = sys.prefix + ("/local" if scheme == "posix_local" else "")
d = sys.argv[1].replace("${prefix}", prefix)
sys.exit(0 if d in sys.path or d == sysconfig.get_path("purelib") else 1)
PY
then ok; else bad "pythondir $(mkvar pythondir) is not on $PYTHON's path"; fi

# 4. make uninstall removes the package, its byte-compiled files and its
# folder, and rti's own folders.
ls "$pydir/rti/__pycache__/"*.pyc >/dev/null 2>&1 && ok ||
    bad "importing the installed package wrote no __pycache__"
$MAKE -C "$top_builddir" uninstall prefix="$prefix" "$only_librti" \
    >/dev/null 2>&1
[ ! -e "$pydir/rti" ] && ok ||
    bad "make uninstall left $pydir/rti:" $(ls -A "$pydir/rti")
for d in share/rti share/doc/rti; do
	[ ! -e "$prefix/$d" ] && ok || bad "make uninstall left $prefix/$d"
done
left=$(find "$prefix" -type f -o -type l)
[ -z "$left" ] && ok || bad "left after make uninstall:" $left

# 5. DESTDIR: no LDCONFIG.
rm -f "$tmp/ldconfig.calls"
$MAKE -C "$top_builddir" install DESTDIR="$tmp/dest" LDCONFIG="$fake" \
    >/dev/null 2>&1 && ok || bad "make install DESTDIR"
[ ! -f "$tmp/ldconfig.calls" ] && ok || bad "LDCONFIG ran with DESTDIR"

# 6. Build against the build tree with librti-uninstalled.pc.
if command -v pkg-config >/dev/null 2>&1; then
	flags=$(PKG_CONFIG_PATH=$top_builddir/librti pkg-config --cflags \
	    --libs librti 2>&1)
	case $flags in
	*"$top_builddir/librti/.libs"*) ok ;;
	*) bad "pkg-config librti did not pick librti-uninstalled: $flags" ;;
	esac
	cc=$(mkvar CC)
	# shellcheck disable=SC2086
	if $cc -o "$tmp/hello" "$top_srcdir/samples/hello.c" $flags \
	    >"$tmp/cc.log" 2>&1; then
		ok
		"$top_builddir/rti/rtiexec" --port 0 --port-file "$tmp/port2" \
		    --fom-path "$top_srcdir/data/fom" 2>/dev/null &
		rti_pid=$!
		i=0
		while [ $i -lt 100 ] &&
		    ! grep -q '^[0-9]' "$tmp/port2" 2>/dev/null; do
			sleep 0.1; i=$((i + 1))
		done
		env -u LD_LIBRARY_PATH "$tmp/hello" --url \
		    "tcp://127.0.0.1:$(cat "$tmp/port2")" --name tree \
		    --fom "$top_srcdir/data/fom/HelloWorld.xml" --timeout 10 \
		    >"$tmp/hello.log" 2>&1 &&
		    grep -q 'synchronized at "ready"' "$tmp/hello.log" && ok ||
		    { cat "$tmp/hello.log"; bad "hello built uninstalled"; }
		kill "$rti_pid"; wait "$rti_pid"; rti_pid=
	else
		cat "$tmp/cc.log"; bad "hello.c does not build uninstalled"
	fi
else
	echo "check_install_python: no pkg-config (Debian package" \
	    "pkg-config): librti-uninstalled.pc is not tried"
fi

echo "check_install_python: $pass passed, $fail failed"
[ "$fail" -eq 0 ]

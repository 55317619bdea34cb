#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""python_bench.py - what the Python binding costs, as ratios to C measured
in the same run.

  reflect   a Python publisher process sends class bundles of 1000 Line
            instances x 3 attributes (HLAfloat64BE) to a Python subscriber:
            values received per second, per instance as bytes
            (reflect_attribute_values), per instance decoded to Python
            values, and as whole class bundles decoded to Python values
            (reflect_class_bundle); against rtibench's throughput mode
            (C, class packing, received through reflect_class_bundle:
            updates_per_s x 4 attributes)
  timeadv   two Python federates, each its own process, regulating and
            constrained with lookahead 1, stepping TAR(t+1): grants per
            second per federate; against rtibench's timeadv mode (2 C
            federates, TAR)

Each prints "RESULT mode=python-MODE key=value ...".  Usage:

    PYTHONPATH=python RTI_LIBRARY=librti/.libs/librti.so \\
        python3 test/bench/python_bench.py [--quick] [--no-c]

rtiexec and rtibench come from the build tree (RTIEXEC, RTIBENCH).  It binds
to loopback only.
"""

import argparse
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.normpath(os.path.join(HERE, os.pardir, os.pardir))
sys.path.insert(0, os.path.join(TOP, "test", "python"))

import rti  # noqa: E402
from rtitest import GRID, RtiExec, barrier  # noqa: E402

N_INST = 1000
ATTRS = ("ActivePower", "ReactivePower", "Current")


def join(url, name, federation, ti=rti.FLOAT64_TIME, fed=None):
    amb = rti.Ambassador(fed, url)
    try:
        amb.create_federation_execution(federation, GRID, ti)
    except rti.FederationExecutionAlreadyExists:
        pass
    amb.join_federation_execution(name, "bench", federation)
    return amb


# -- reflect ---------------------------------------------------------------

class Counter(rti.FederateAmbassador):
    def __init__(self, decode):
        self.n = 0
        self.first = self.last = None
        self.decode = decode

    def reflect_attribute_values(self, obj, values, tag, info):
        if self.first is None:
            self.first = time.perf_counter()
        if self.decode:
            values.decoded()
        self.n += len(values)
        self.last = time.perf_counter()


class BundleCounter(Counter):
    def reflect_class_bundle(self, cls, instances, tag, info):
        if self.first is None:
            self.first = time.perf_counter()
        for v in instances.values():
            v.decoded()
            self.n += len(v)
        self.last = time.perf_counter()


def publisher(url, federation, bundles):
    amb = join(url, "pub", federation)
    line = amb.get_object_class_handle("Line")
    attrs = amb.get_attribute_handles(line, *ATTRS)
    amb.publish_object_class_attributes(line, attrs)
    barrier(amb)
    objs = [amb.register_object_instance(line) for _ in range(N_INST)]
    payload = {o: {a: amb.encode_attribute(a, float(k))
                   for a in attrs} for k, o in enumerate(objs)}
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    sys.stdin.readline()
    for _ in range(bundles):
        amb.update_class_attribute_values(line, payload)
        amb.evoke()
    amb.flush_updates()
    sys.stdin.readline()        # until the subscriber is done
    amb.close()


def reflect(url, variant, bundles):
    federation = "R-" + variant
    fed = BundleCounter(True) if variant == "bundle-decoded" else \
        Counter(variant == "instance-decoded")
    sub = join(url, "sub", federation, fed=fed)
    line = sub.get_object_class_handle("Line")
    sub.subscribe_object_class_attributes(
        line, sub.get_attribute_handles(line, *ATTRS))
    pub = subprocess.Popen(
        [sys.executable, __file__, "--role", "pub", "--url", url,
         "--federation", federation, "--bundles", str(bundles)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    pub.stdout.readline()
    barrier(sub)                # discoveries in
    pub.stdin.write("go\n")
    pub.stdin.flush()
    want = bundles * N_INST * len(ATTRS)
    deadline = time.monotonic() + 120
    while fed.n < want and time.monotonic() < deadline:
        sub.evoke(0.0, 0.5)
        sub.evoke_callback(0.1)
    pub.stdin.write("done\n")
    pub.stdin.close()
    pub.wait()
    sub.close()
    if fed.n < want:
        raise RuntimeError("%s: %d of %d values" % (variant, fed.n, want))
    return fed.n / (fed.last - fed.first)


# -- timeadv ---------------------------------------------------------------

class Stepper(rti.FederateAmbassador):
    def __init__(self):
        self.granted = 0
        self.reg = self.con = False
        self.synced = False
        self.announced = False

    def time_regulation_enabled(self, time):
        self.reg = True

    def time_constrained_enabled(self, time):
        self.con = True

    def time_advance_grant(self, time):
        self.granted = time

    def announce_synchronization_point(self, label, tag):
        self.announced = True

    def federation_synchronized(self, label, failed):
        self.synced = True


def stepper(url, federation, name, steps):
    fed = Stepper()
    amb = join(url, name, federation, rti.INTEGER64_TIME, fed)
    amb.enable_time_regulation(1)
    amb.wait_until(lambda: fed.reg, 30)
    amb.enable_time_constrained()
    amb.wait_until(lambda: fed.con, 30)
    if name == "s1":
        # s2 joins before s1 registers: s1 waits for it
        while True:
            try:
                amb.get_federate_handle("s2")
                break
            except rti.NameNotFound:
                time.sleep(0.01)
        amb.register_federation_synchronization_point("go")
    amb.wait_until(lambda: fed.announced, 30)
    amb.synchronization_point_achieved("go")
    amb.wait_until(lambda: fed.synced, 30)
    t0 = time.perf_counter()
    evoke1 = amb.evoke_callback
    tar = amb.time_advance_request
    for t in range(1, steps + 1):
        tar(t)
        while fed.granted < t:
            evoke1(1.0)
    dt = time.perf_counter() - t0
    print("%.0f" % (steps / dt))
    amb.close()


def timeadv(url, steps):
    procs = [subprocess.Popen(
        [sys.executable, __file__, "--role", "step", "--url", url,
         "--federation", "TA", "--name", n, "--steps", str(steps)],
        stdout=subprocess.PIPE, text=True) for n in ("s1", "s2")]
    rates = []
    for p in procs:
        out, _ = p.communicate(timeout=300)
        if p.returncode != 0:
            raise RuntimeError("stepper failed")
        rates.append(float(out.split()[-1]))
    return min(rates)


# -- C figures of the same run ---------------------------------------------

def c_figures(quick):
    exe = os.environ.get("RTIBENCH",
                         os.path.join(TOP, "test", "bench", "rtibench"))
    args = [exe, "--mode", "throughput", "--mode", "timeadv"]
    if quick:
        args.append("--quick")
    out = subprocess.run(args, capture_output=True, text=True,
                         timeout=600).stdout
    values = grants = None
    for line in out.splitlines():
        if line.startswith("RESULT mode=throughput") and \
                "packing=class" in line:
            values = 4 * float(re.search(r"updates_per_s=([0-9.]+)",
                                         line).group(1))
        if line.startswith("RESULT mode=timeadv") and " feds=2 " in line \
                and "request=tar" in line:
            grants = float(re.search(r"grants_per_s=([0-9.]+)",
                                     line).group(1))
    return values, grants


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--no-c", action="store_true",
                    help="do not run rtibench for the C figures")
    ap.add_argument("--role", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--url", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--federation", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--bundles", type=int, default=0,
                    help=argparse.SUPPRESS)
    ap.add_argument("--name", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--steps", type=int, default=0, help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.role == "pub":
        return publisher(a.url, a.federation, a.bundles)
    if a.role == "step":
        return stepper(a.url, a.federation, a.name, a.steps)

    bundles = 20 if a.quick else 200
    steps = 500 if a.quick else 5000
    c_values, c_grants = (None, None) if a.no_c else c_figures(a.quick)
    r = RtiExec()
    try:
        for variant in ("instance", "instance-decoded", "bundle-decoded"):
            v = reflect(r.url, variant, bundles)
            print("RESULT mode=python-reflect via=%s values_per_s=%.0f "
                  "c_values_per_s=%s ratio_to_c=%s" % (
                      variant, v, "%.0f" % c_values if c_values else "-",
                      "%.3f" % (v / c_values) if c_values else "-"),
                  flush=True)
        g = timeadv(r.url, steps)
        print("RESULT mode=python-timeadv feds=2 grants_per_s=%.0f "
              "c_grants_per_s=%s ratio_to_c=%s" % (
                  g, "%.0f" % c_grants if c_grants else "-",
                  "%.3f" % (g / c_grants) if c_grants else "-"), flush=True)
    finally:
        r.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())

# SPDX-License-Identifier: Apache-2.0
"""Test support for the Python binding: a real rtiexec on an ephemeral
loopback port, and federates that record their callbacks.

Paths come from the environment check_python.sh sets (RTIEXEC, RTI_FOM_DIR)
or default to the source tree this file sits in, built in place.
"""

import os
import shutil
import subprocess
import tempfile
import time
import unittest

import rti

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.normpath(os.path.join(HERE, os.pardir, os.pardir))
RTIEXEC = os.environ.get("RTIEXEC", os.path.join(TOP, "rti", "rtiexec"))
FOM_DIR = os.environ.get("RTI_FOM_DIR", os.path.join(TOP, "data", "fom"))
GRID = os.path.join(FOM_DIR, "Grid.xml")
HELLO = os.path.join(FOM_DIR, "HelloWorld.xml")
# Generous: the machine may be loaded (2 cores, other suites at once).
TIMEOUT = 20.0


class RtiExec:
    """rtiexec on 127.0.0.1, port chosen by the kernel (--port 0), its
    FOM path the tree's data/fom, a 60 s heartbeat (a federate starved
    of the CPU on a loaded machine is not resigned; a test's own args
    come after).  ``url`` once started."""

    def __init__(self, *args):
        self.dir = tempfile.mkdtemp(prefix="rti-pytest-")
        portfile = os.path.join(self.dir, "port")
        self.log = open(os.path.join(self.dir, "rtiexec.log"), "w+")
        self.proc = subprocess.Popen(
            [RTIEXEC, "--bind", "127.0.0.1", "--port", "0", "--port-file",
             portfile, "--fom-path", FOM_DIR,
             "--heartbeat-timeout", "60"] + list(args),
            stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + TIMEOUT
        port = ""
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                break
            try:
                with open(portfile) as f:
                    port = f.read().strip()
            except FileNotFoundError:
                pass
            if port.isdigit():
                break
            time.sleep(0.02)
        if not port.isdigit():
            self.stop()
            raise RuntimeError("rtiexec did not start")
        self.url = "tcp://127.0.0.1:" + port

    def stop(self):
        """SIGTERM and wait; returns the exit status."""
        st = None
        if self.proc.poll() is None:
            self.proc.terminate()
        try:
            st = self.proc.wait(TIMEOUT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            st = self.proc.wait()
        self.log.close()
        shutil.rmtree(self.dir, ignore_errors=True)
        return st


class Recorder(rti.FederateAmbassador):
    """Records every callback as (name, args) in ``events``; the ones
    named in ``skip`` stay undefined (so not registered)."""

    def __init__(self):
        self.events = []

    def of(self, name):
        """The argument tuples of every `name` callback so far."""
        return [a for n, a in self.events if n == name]


def _recording(name):
    def method(self, *args):
        self.events.append((name, args))
    method.__name__ = name
    return method


for _name, _ in rti._native.CALLBACKS:
    if _name != "reflect_class_bundle":
        setattr(Recorder, _name, _recording(_name))


class BundleRecorder(Recorder):
    """A Recorder that takes class bundles whole."""

    def reflect_class_bundle(self, cls, instances, tag, info):
        self.events.append(("reflect_class_bundle",
                            (cls, instances, tag, info)))


def barrier(amb):
    """Everything rtiexec sent `amb` so far has been delivered: a request
    round trip (its reply follows every earlier frame), then evoke."""
    try:
        amb.get_federate_handle("no such federate")
    except rti.NameNotFound:
        pass
    while amb.evoke():
        pass
    amb.evoke()


def wait(amb, pred, others=(), timeout=TIMEOUT):
    """Evoke `amb` (and evoke `others`, so that they flush what they send)
    until pred() holds; fail the test after `timeout`."""
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        for o in others:
            o.evoke()
        amb.evoke(0.0, 0.01)
        amb.evoke_callback(0.01)
    return True


class RtiTestCase(unittest.TestCase):
    """A test with its own rtiexec (self.rtiexec, self.url) and helpers
    to join federates, all closed at the end."""

    rtiexec_args = ()

    def setUp(self):
        self.rtiexec = RtiExec(*self.rtiexec_args)
        self.url = self.rtiexec.url
        self.ambs = []

    def tearDown(self):
        for a in reversed(self.ambs):
            a.close()
        st = self.rtiexec.stop()
        self.assertEqual(st, 0, "rtiexec exit status")

    def connect(self, fed=None):
        amb = rti.Ambassador(fed if fed is not None else Recorder(),
                             self.url)
        self.ambs.append(amb)
        return amb

    def join(self, name, fom=GRID, federation="F",
             time_implementation=rti.FLOAT64_TIME, fed=None):
        """A new federate joined to `federation` (created if needed)."""
        amb = self.connect(fed)
        try:
            amb.create_federation_execution(federation, fom,
                                            time_implementation)
        except rti.FederationExecutionAlreadyExists:
            pass
        amb.join_federation_execution(name, "test", federation)
        return amb

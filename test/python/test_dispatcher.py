# SPDX-License-Identifier: Apache-2.0
"""samples/dispatcher.py against the demo's C federates: two substation
simulators (grids north and south) and an instructor who faults line L1
of S2 and L1 of S5; the dispatcher follows grid north by condition."""

import os
import re
import signal
import subprocess
import sys
import time
import unittest

from rtitest import GRID, RtiTestCase, TIMEOUT

SAMPLES = os.environ.get("RTI_SAMPLES")
SAMPLES_SRC = os.environ.get("RTI_SAMPLES_SRC")


@unittest.skipUnless(SAMPLES and os.path.exists(
    os.path.join(SAMPLES or "", "substation")), "C samples not built")
class TestDispatcher(RtiTestCase):
    def test_follows_grid_north(self):
        env = dict(os.environ)
        # no --duration: it runs until it has shown what the federates
        # did, then gets SIGINT (a wall-clock window would race them)
        disp = subprocess.Popen(
            [sys.executable, os.path.join(SAMPLES_SRC, "dispatcher.py"),
             "--url", self.url, "--grid", "north", "--every", "0.2"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env=env)
        first = disp.stdout.readline()
        self.assertIn("following grid north", first)
        c = ["--url", self.url, "--fom", GRID, "--duration", "3"]
        procs = [
            subprocess.Popen([os.path.join(SAMPLES, "substation"), "--grid",
                              "north", "--substations", "3"] + c,
                             stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL),
            subprocess.Popen([os.path.join(SAMPLES, "substation"), "--grid",
                              "south", "--first", "4"] + c,
                             stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL),
            subprocess.Popen([os.path.join(SAMPLES, "instructor"),
                              "--url", self.url, "--fom", GRID, "--script",
                              "0.5:fault:S2:L1;0.6:fault:S5:L1"],
                             stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)]
        lines = [first]
        try:
            for p in procs:
                p.wait(TIMEOUT * 3)
            # until its table shows the fault and the trip of S2 (sent
            # before the federates resigned) and the updates of grid north
            seen = re.compile(r"^== north at \S+, (\d+) updates, (\d+) "
                              r"events$")
            deadline = time.monotonic() + TIMEOUT
            fault = trip = False
            while time.monotonic() < deadline:
                line = disp.stdout.readline()
                if not line:
                    break
                lines.append(line)
                fault = fault or ("Fault" in line and " S2 L1" in line)
                trip = trip or ("ProtectionTrip" in line and " S2 " in line)
                m = seen.match(line.rstrip("\n"))
                if m and fault and trip and int(m.group(1)) > 100:
                    break
            disp.send_signal(signal.SIGINT)
            out, _ = disp.communicate(timeout=TIMEOUT)
        finally:
            for p in procs + [disp]:
                if p.poll() is None:
                    p.kill()
                    p.wait()
        out = "".join(lines) + out
        self.assertEqual(disp.returncode, 0, out)
        for p in procs:
            self.assertEqual(p.returncode, 0)
        lines = out.splitlines()
        summary = [l for l in lines if l.startswith("SUMMARY")]
        self.assertEqual(len(summary), 1, out)
        kv = dict(w.split("=") for w in summary[0].split()[1:])
        self.assertEqual(kv["substations"], "3", out)
        self.assertEqual(kv["foreign"], "0", out)
        self.assertEqual(kv["lost"], "0", out)
        self.assertGreater(int(kv["updates"]), 100, out)
        events = [l for l in lines if l.startswith("EVENT")]
        self.assertTrue(any("Fault" in l and " S2 L1" in l for l in events),
                        out)
        self.assertTrue(any("ProtectionTrip" in l and " S2 " in l
                            for l in events), out)
        self.assertFalse(any(" S5 " in l or " S4 " in l or " S6 " in l
                             for l in events), out)


if __name__ == "__main__":
    unittest.main()

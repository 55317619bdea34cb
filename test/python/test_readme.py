# SPDX-License-Identifier: Apache-2.0
"""The first Python federate of README.md, run as it is printed (only the
URL changed to this test's rtiexec) against a substation simulator of
grid north: it prints the line flows of S2 and nothing of S1 or S3."""

import os
import re
import signal
import subprocess
import sys
import unittest

from rtitest import GRID, TOP, RtiTestCase, TIMEOUT

SAMPLES = os.environ.get("RTI_SAMPLES")


def readme_example():
    with open(os.path.join(TOP, "README.md")) as f:
        text = f.read()
    section = text[text.index("\n## Python\n"):]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)


class TestReadme(RtiTestCase):
    def test_first_federate_is_twenty_lines(self):
        self.assertLessEqual(len(readme_example().splitlines()), 20)

    @unittest.skipUnless(SAMPLES and os.path.exists(
        os.path.join(SAMPLES or "", "substation")), "C samples not built")
    def test_first_federate_runs(self):
        code = readme_example()
        self.assertIn("tcp://127.0.0.1:14321", code)
        code = code.replace("tcp://127.0.0.1:14321", self.url)
        # the simulator runs until the example is done (SIGINT then), so
        # that the example's 5 s of evoke see it however slow the machine
        sub = subprocess.Popen(
            [os.path.join(SAMPLES, "substation"), "--url", self.url,
             "--fom", GRID, "--grid", "north", "--substations", "3"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            # the federation exists once the simulator is up
            deadline = TIMEOUT
            r = None
            for _ in range(int(deadline / 0.5)):
                r = subprocess.run([sys.executable, "-c", code],
                                   capture_output=True, text=True,
                                   timeout=TIMEOUT)
                if "FederationExecutionDoesNotExist" not in r.stderr:
                    break
                __import__("time").sleep(0.5)
        finally:
            sub.send_signal(signal.SIGINT)
            try:
                sub.wait(TIMEOUT)
            except subprocess.TimeoutExpired:
                sub.kill()
                sub.wait()
        self.assertEqual(sub.returncode, 0)
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = r.stdout.splitlines()
        names = {l.split()[0] for l in lines}
        self.assertEqual(names, {"S2.L1", "S2.L2"}, r.stdout)
        for l in lines:
            self.assertRegex(l, r"^S2\.L[12] -?[0-9.]+ MW$")


if __name__ == "__main__":
    unittest.main()

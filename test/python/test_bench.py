# SPDX-License-Identifier: Apache-2.0
"""A smoke run of test/bench/python_bench.py --quick (no figure is judged,
as for rtibench in check_bench.sh): every mode runs and prints its RESULT
line."""

import os
import subprocess
import sys
import unittest

from rtitest import TOP


class TestBenchSmoke(unittest.TestCase):
    def test_quick(self):
        r = subprocess.run(
            [sys.executable, os.path.join(TOP, "test", "bench",
                                          "python_bench.py"),
             "--quick", "--no-c"], capture_output=True, text=True,
            timeout=300)
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = [l for l in r.stdout.splitlines()
                 if l.startswith("RESULT ")]
        self.assertEqual(len(lines), 4, r.stdout)
        for l in lines:
            kv = dict(w.split("=", 1) for w in l.split()[1:])
            rate = kv.get("values_per_s") or kv.get("grants_per_s")
            self.assertGreater(float(rate), 0, l)


if __name__ == "__main__":
    unittest.main()

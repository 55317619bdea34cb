# SPDX-License-Identifier: Apache-2.0
"""Federation save and restore through the binding (librti-save(3)):
a save, a change of time, the restore, and the state back."""

import shutil
import tempfile
import unittest

import rti

from rtitest import RtiExec, RtiTestCase, wait


class TestSaveRestore(RtiTestCase):
    def setUp(self):
        self.savedir = tempfile.mkdtemp(prefix="rti-pysave-")
        self.rtiexec_args = ("--save-dir", self.savedir)
        super().setUp()

    def tearDown(self):
        super().tearDown()
        shutil.rmtree(self.savedir, ignore_errors=True)

    def test_save_then_restore(self):
        a = self.join("a")
        b = self.join("b")
        a.enable_time_regulation(1.0)
        wait(a, lambda: a.federate.of("time_regulation_enabled"))
        a.time_advance_request(4.0)
        wait(a, lambda: a.federate.of("time_advance_grant"))
        a.request_federation_save("snap")
        for x in (a, b):
            wait(x, lambda: x.federate.of("initiate_federate_save"))
            self.assertEqual(x.federate.of("initiate_federate_save"),
                             [("snap", None)])
        with self.assertRaises(rti.SaveInProgress):
            a.time_advance_request(5.0)
        a.query_federation_save_status()
        wait(a, lambda: a.federate.of("federation_save_status_response"))
        st = a.federate.of("federation_save_status_response")[0][0]
        self.assertEqual([s for _, s in st],
                         [rti.SaveStatus.FEDERATE_INSTRUCTED_TO_SAVE] * 2)
        for x in (a, b):
            x.federate_save_begun()
            x.federate_save_complete()
        for x in (a, b):
            wait(x, lambda: x.federate.of("federation_saved"), (a, b))
        a.time_advance_request(9.0)
        wait(a, lambda: len(a.federate.of("time_advance_grant")) == 2)
        self.assertEqual(a.query_logical_time(), 9.0)
        b.request_federation_restore("nothing")
        wait(b, lambda: b.federate.of("request_federation_restore_failed"))
        label, why = b.federate.of("request_federation_restore_failed")[0]
        self.assertEqual(label, "nothing")
        self.assertIn("no save", why)
        b.request_federation_restore("snap")
        wait(b, lambda: b.federate.of(
            "request_federation_restore_succeeded"), (a,))
        # the save is read off rtiexec's loop: restore begun may come
        # after the request's reply, and each federate must take it
        for x in (a, b):
            wait(x, lambda: x.federate.of("initiate_federate_restore"),
                 (a, b))
            x.federate_restore_complete()
        for x in (a, b):
            wait(x, lambda: x.federate.of("federation_restored"), (a, b))
        label, name, h = a.federate.of("initiate_federate_restore")[0]
        self.assertEqual((label, name), ("snap", "a"))
        self.assertEqual(h, a.get_federate_handle("a"))
        self.assertEqual(a.query_logical_time(), 4.0)
        self.assertEqual(a.query_lookahead(), 1.0)


if __name__ == "__main__":
    unittest.main()

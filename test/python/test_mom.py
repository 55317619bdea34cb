# SPDX-License-Identifier: Apache-2.0
"""The MOM seen from Python as ordinary classes (rti-mom(7)): a monitor
written against the MIM's names alone turns on service reporting for a
federate and sees its services and callbacks reported, and sees a killed
federate reported lost."""

import os
import signal
import struct
import unittest

import rti

from rtitest import GRID, Recorder, RtiTestCase, wait

MGR = "HLAinteractionRoot.HLAmanager.HLAfederate."


def handle_bytes(h):
    """An HLAhandle: HLAvariableArray of HLAbyte of the handle's four
    octets (rti-mom(7) ENCODINGS)."""
    return struct.pack(">II", 4, h.id)


class TestMom(RtiTestCase):
    def monitor(self, *reports):
        m = self.join("monitor")
        for r in reports:
            m.subscribe_interaction_class(
                m.get_interaction_class_handle(MGR + "HLAreport." + r))
        return m

    def reports(self, m, name):
        """(service-or-name, values) of every report `name` so far."""
        cls = m.get_interaction_class_handle(MGR + "HLAreport." + name)
        return [v for c, v, _, _ in m.federate.of("receive_interaction")
                if c == cls]

    def test_service_reporting(self):
        m = self.monitor("HLAreportServiceInvocation")
        w = self.join("worker")
        setrep = m.get_interaction_class_handle(
            MGR + "HLAadjust.HLAsetServiceReporting")
        fp, sp = m.get_parameter_handles(setrep, "HLAfederate",
                                         "HLAreportingState")
        m.publish_interaction_class(setrep)
        m.send_interaction(setrep, {fp: handle_bytes(w.get_federate_handle(
            "worker")), sp: struct.pack(">i", 1)})
        m.flush_updates()
        rep = m.get_interaction_class_handle(
            MGR + "HLAreport.HLAreportServiceInvocation")
        svc, ok, args, serial = m.get_parameter_handles(
            rep, "HLAservice", "HLAsuccessIndicator", "HLAsuppliedArguments",
            "HLAserialNumber")
        # a round trip: rtiexec has carried the setting out
        m.get_federate_handle("worker")
        alarm = w.get_interaction_class_handle("Alarm")
        w.subscribe_interaction_class(alarm)
        seen = {}

        def got():
            for v in self.reports(m, "HLAreportServiceInvocation"):
                seen[v.decode(svc)] = v
            return "subscribeInteractionClass" in seen
        wait(m, got, others=(w,))
        v = seen["subscribeInteractionClass"]
        self.assertIs(v.decode(ok), True)
        self.assertEqual(v.decode(args),
                         ["interactionClass=%d" % alarm.id, "active=true"])
        self.assertGreaterEqual(v.decode(serial), 1)

    def test_federate_lost(self):
        m = self.monitor("HLAreportFederateLost")
        r, wr = os.pipe()
        pid = os.fork()
        if pid == 0:
            try:
                os.close(r)
                a = rti.Ambassador(Recorder(), self.url)
                a.join_federation_execution("doomed", "t", "F")
                os.write(wr, b"j")
                while True:
                    a.evoke(0.05, 0.05)
            finally:
                os._exit(1)
        os.close(wr)
        self.assertEqual(os.read(r, 1), b"j")
        os.close(r)
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        rep = m.get_interaction_class_handle(
            MGR + "HLAreport.HLAreportFederateLost")
        name, fault = m.get_parameter_handles(rep, "HLAfederateName",
                                              "HLAfaultDescription")
        wait(m, lambda: self.reports(m, "HLAreportFederateLost"))
        v = self.reports(m, "HLAreportFederateLost")[0]
        self.assertEqual(v.decode(name), "doomed")
        self.assertIn("connection closed", v.decode(fault))


if __name__ == "__main__":
    unittest.main()

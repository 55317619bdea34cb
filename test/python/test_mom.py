# SPDX-License-Identifier: Apache-2.0
"""The MOM seen from Python as ordinary classes (rti-mom(7)): a monitor
written against the MIM's names alone turns on service reporting for a
federate and sees its services and callbacks reported, sees a killed
federate reported lost, asks for a federate's publications and gets the
reports that match what it declared, and reads a federate's HLAfederate
attributes (its name, type, time state, instance counts, and what only
its librti knows) with their values."""

import os
import signal
import struct
import unittest

import rti

from rtitest import GRID, Recorder, RtiTestCase, barrier, wait

MGR = "HLAinteractionRoot.HLAmanager.HLAfederate."
FED = "HLAobjectRoot.HLAmanager.HLAfederate"


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

    def test_request_publications(self):
        m = self.monitor("HLAreportObjectClassPublication",
                         "HLAreportInteractionPublication")
        w = self.join("worker")
        breaker = w.get_object_class_handle("Breaker")
        status, current = w.get_attribute_handles(breaker, "Status",
                                                  "Current")
        alarm = w.get_interaction_class_handle("Alarm")
        w.publish_object_class_attributes(breaker, [status, current])
        w.publish_interaction_class(alarm)
        barrier(w)
        req = m.get_interaction_class_handle(
            MGR + "HLArequest.HLArequestPublications")
        (fp,) = m.get_parameter_handles(req, "HLAfederate")
        m.publish_interaction_class(req)
        wh = w.get_federate_handle("worker")
        m.send_interaction(req, {fp: handle_bytes(wh)})
        m.flush_updates()
        ocp = m.get_interaction_class_handle(
            MGR + "HLAreport.HLAreportObjectClassPublication")
        fed, num, cls, attrs = m.get_parameter_handles(
            ocp, "HLAfederate", "HLAnumberOfClasses", "HLAobjectClass",
            "HLAattributeList")
        icp = m.get_interaction_class_handle(
            MGR + "HLAreport.HLAreportInteractionPublication")
        (icl,) = m.get_parameter_handles(icp, "HLAinteractionClassList")
        wait(m, lambda: self.reports(m, "HLAreportObjectClassPublication")
             and self.reports(m, "HLAreportInteractionPublication"),
             others=(w,))
        (v,) = self.reports(m, "HLAreportObjectClassPublication")
        self.assertEqual(v[fed], handle_bytes(wh))
        self.assertEqual(v.decode(num), 1)
        self.assertEqual(v[cls], handle_bytes(breaker))
        self.assertEqual(v[attrs], struct.pack(
            ">I", 2) + handle_bytes(status) + handle_bytes(current))
        (v,) = self.reports(m, "HLAreportInteractionPublication")
        self.assertEqual(v[icl], struct.pack(">I", 1) + handle_bytes(alarm))

    def test_federate_attributes(self):
        m = self.join("monitor")
        oc = m.get_object_class_handle(FED)
        names = ("HLAfederateName", "HLAfederateType", "HLAtimeRegulating",
                 "HLAtimeConstrained", "HLAlogicalTime", "HLAlookahead",
                 "HLAobjectInstancesRegistered", "HLAtimeGrantedTime",
                 "HLAtimeAdvancingTime", "HLAROlength")
        hs = dict(zip(names, m.get_attribute_handles(oc, *names)))
        m.subscribe_object_class_attributes(oc, list(hs.values()))
        w = self.join("worker")
        breaker = w.get_object_class_handle("Breaker")
        (status,) = w.get_attribute_handles(breaker, "Status")
        w.publish_object_class_attributes(breaker, [status])
        w.register_object_instance(breaker)
        w.enable_time_regulation(0.5)
        wait(w, lambda: w.federate.of("time_regulation_enabled"))
        w.time_advance_request(2.0)
        wait(w, lambda: (2.0,) in w.federate.of("time_advance_grant"))
        barrier(w)
        seen = {}

        def got():
            insts = [o for o, c, n, _ in m.federate.of(
                "discover_object_instance") if c == oc]
            for o, vals, _, _ in m.federate.of("reflect_attribute_values"):
                if o in insts:
                    seen.setdefault(o, {}).update(
                        {a: vals.decode(a) if a != hs["HLAlogicalTime"]
                         and a != hs["HLAlookahead"] else vals[a]
                         for a in vals})
            for o, d in seen.items():
                if (d.get(hs["HLAfederateName"]) == "worker" and
                        hs["HLAtimeGrantedTime"] in d and
                        d.get(hs["HLAobjectInstancesRegistered"]) == 1):
                    return d
            return None
        m.request_attribute_value_update(oc, list(hs.values()))
        wait(m, got, others=(w,))
        d = got()
        self.assertEqual(d[hs["HLAfederateType"]], "test")
        self.assertIs(d[hs["HLAtimeRegulating"]], True)
        self.assertIs(d[hs["HLAtimeConstrained"]], False)
        # HLAlogicalTime, HLAlookahead: an HLAvariableArray of HLAbyte of
        # the federation's time encoding (HLAfloat64Time: a big-endian
        # double)
        self.assertEqual(d[hs["HLAlogicalTime"]], struct.pack(">Id", 8, 2.0))
        self.assertEqual(d[hs["HLAlookahead"]], struct.pack(">Id", 8, 0.5))
        # librti's own figures: milliseconds granted since its grant, none
        # advancing (it is granted), nothing queued
        self.assertGreaterEqual(d[hs["HLAtimeGrantedTime"]], 0)
        self.assertEqual(d[hs["HLAtimeAdvancingTime"]], 0)
        self.assertEqual(d[hs["HLAROlength"]], 0)


if __name__ == "__main__":
    unittest.main()

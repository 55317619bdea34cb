# SPDX-License-Identifier: Apache-2.0
"""Callbacks that raise, and bad arguments: a clear Python exception,
nothing sent, librti unharmed."""

import unittest

import rti

from rtitest import Recorder, RtiTestCase, barrier, wait
from test_services import Grid


class Boom(Exception):
    pass


class Raiser(Recorder):
    """Raises Boom from the reflection of a value 13.0, records the
    rest."""

    def reflect_attribute_values(self, obj, values, tag, info):
        v = values.decoded()
        self.events.append(("reflect_attribute_values", (obj, v)))
        if 13.0 in v.values():
            raise Boom("thirteen")


class TestCallbackExceptions(RtiTestCase):
    def test_raise_reaches_evoke_and_queue_survives(self):
        p = self.join("pub")
        s = self.join("sub", fed=Raiser())
        g = Grid(p)
        p.publish_object_class_attributes(g.bus, [g.voltage])
        s.subscribe_object_class_attributes(g.bus, [g.voltage])
        barrier(p)
        o = p.register_object_instance(g.bus)
        for v in (12.0, 13.0, 14.0, 15.0):
            p.update_attribute_values(o, {g.voltage: v})
        p.evoke()
        # All four are at sub (a round trip after them), none delivered.
        barrier(p)
        seen = lambda: [a[1][g.voltage] for a in
                        s.federate.of("reflect_attribute_values")]
        with self.assertRaises(Boom) as cm:
            while True:
                s.evoke(0.0, 1.0)
        self.assertEqual(str(cm.exception), "thirteen")
        notes = getattr(cm.exception, "__notes__", [])
        self.assertIn("raised by the reflect_attribute_values callback",
                      notes)
        # the evoke stopped at the callback that raised
        self.assertEqual(seen(), [12.0, 13.0])
        # the rest are still queued and come with the next evoke
        wait(s, lambda: len(seen()) == 4)
        self.assertEqual(seen(), [12.0, 13.0, 14.0, 15.0])
        # and librti works: services, another round of updates
        p.update_attribute_values(o, {g.voltage: 16.0})
        p.evoke()
        wait(s, lambda: len(seen()) == 5)
        self.assertEqual(s.get_federate_name(s.get_federate_handle("pub")),
                         "pub")

    def test_raise_from_evoke_callback_and_async_errors_inside(self):
        class Nested(Recorder):
            def announce_synchronization_point(self, label, tag):
                self.ambassador.evoke()     # not allowed in a callback

        a = self.join("a", fed=Nested())
        a.register_federation_synchronization_point("p")
        with self.assertRaises(rti.CallNotAllowedFromWithinCallback):
            wait(a, lambda: False, timeout=10)
        a.synchronization_point_achieved("p")   # still usable

    def test_keyboard_interrupt_propagates(self):
        class Stop(Recorder):
            def synchronization_point_registration_succeeded(self, label):
                raise KeyboardInterrupt

        a = self.join("a", fed=Stop())
        a.register_federation_synchronization_point("p")
        with self.assertRaises(KeyboardInterrupt):
            wait(a, lambda: False, timeout=10)


class TestOnlyDefinedCallbacksRegistered(RtiTestCase):
    def test_undefined_callback_dropped(self):
        class OnlyDiscover(rti.FederateAmbassador):
            def __init__(self):
                self.disc = []

            def discover_object_instance(self, obj, cls, name, producer):
                self.disc.append(obj)

        p = self.join("pub")
        s = self.join("sub", fed=OnlyDiscover())
        self.assertTrue(s._cbs.discover_object_instance)
        self.assertFalse(s._cbs.reflect_attribute_values)
        self.assertFalse(s._cbs.reflect_class_bundle)
        g = Grid(p)
        p.publish_object_class_attributes(g.bus, [g.voltage])
        s.subscribe_object_class_attributes(g.bus, [g.voltage])
        barrier(p)
        o = p.register_object_instance(g.bus)
        p.update_attribute_values(o, {g.voltage: 1.0})
        p.evoke()
        wait(s, lambda: s.federate.disc)
        barrier(s)      # the reflection arrives and is dropped by librti
        self.assertEqual(len(s.federate.disc), 1)


class TestBadArguments(RtiTestCase):
    def setUp(self):
        super().setUp()
        self.p = self.join("pub")
        self.s = self.join("sub")
        self.g = g = Grid(self.p)
        self.p.publish_object_class_attributes(g.bus, [g.voltage, g.name])
        self.s.subscribe_object_class_attributes(g.bus, [g.voltage, g.name])
        self.p.publish_interaction_class(g.fault)
        self.s.subscribe_interaction_class(g.fault)
        barrier(self.p)
        self.o = self.p.register_object_instance(g.bus)

    def assertNothingSent(self, fn, exc):
        p, s = self.p, self.s
        before = p.get_statistics()
        with self.assertRaises(exc) as cm:
            fn()
        self.assertEqual(p.get_statistics(), before)
        # a good update after it is the only one the subscriber gets
        p.update_attribute_values(self.o, {self.g.voltage: 7.0})
        p.evoke()
        barrier(p)
        wait(s, lambda: s.federate.of("reflect_attribute_values"))
        barrier(s)
        vals = [v.decoded() for _, v, _, _ in
                s.federate.of("reflect_attribute_values")]
        self.assertEqual(vals, [{self.g.voltage: 7.0}])
        s.federate.events.clear()
        return cm.exception

    def test_wrong_handle_kinds(self):
        g, p = self.g, self.p
        e = self.assertNothingSent(lambda: p.update_attribute_values(
            self.o, {g.bus: 1.0}), TypeError)
        self.assertIn("AttributeHandle", str(e))
        self.assertNothingSent(lambda: p.update_attribute_values(
            g.bus, {g.voltage: 1.0}), TypeError)
        self.assertNothingSent(lambda: p.update_attribute_values(
            self.o.id, {g.voltage: 1.0}), TypeError)
        self.assertNothingSent(lambda: p.update_attribute_values(
            self.o, {g.voltage.id: 1.0}), TypeError)
        with self.assertRaises(TypeError):
            p.publish_object_class_attributes(g.fault, [g.voltage])
        with self.assertRaises(TypeError):
            p.subscribe_object_class_attributes(g.bus, g.voltage)
        with self.assertRaises(TypeError):
            p.send_interaction(g.fault, {g.voltage: 1.0})
        with self.assertRaises(TypeError):
            p.get_attribute_handle(g.fault, "Voltage")
        with self.assertRaises(TypeError):
            p.add_subscription_condition(self.o, "north/")

    def test_wrong_value_types(self):
        g, p = self.g, self.p
        e = self.assertNothingSent(lambda: p.update_attribute_values(
            self.o, {g.voltage: "high"}), rti.InvalidArgument)
        self.assertIn("expected a number", str(e))
        # one good value and one bad: the whole update is refused
        self.assertNothingSent(lambda: p.update_attribute_values(
            self.o, {g.voltage: 1.0, g.name: 5}), rti.InvalidArgument)
        e = self.assertNothingSent(lambda: p.update_attribute_values(
            self.o, {g.voltage: object()}), TypeError)
        self.assertIn("cannot encode", str(e))
        self.assertNothingSent(lambda: p.update_attribute_values(
            self.o, {g.voltage: 1.0}, "tag as str"), TypeError)
        self.assertNothingSent(lambda: p.update_attribute_values(
            self.o, [(g.voltage, 1.0)]), TypeError)
        before = p.get_statistics()["interactions_sent"]
        with self.assertRaises(rti.InvalidArgument):
            p.send_interaction(g.fault, {g.ftype: "NoSuchKind"})
        with self.assertRaises(rti.InvalidArgument):
            p.send_interaction(g.fault, {g.imp: 0.1, g.ftype: 99})
        self.assertEqual(p.get_statistics()["interactions_sent"], before)

    def test_wrong_time_types(self):
        g, p = self.g, self.p
        self.assertNothingSent(lambda: p.update_attribute_values(
            self.o, {g.voltage: 1.0}, time="1.0"), TypeError)
        with self.assertRaises(TypeError):
            p.time_advance_request(None)
        with self.assertRaises(TypeError):
            p.enable_time_regulation(True)
        with self.assertRaises(rti.InvalidLookahead):
            p.enable_time_regulation(-1.0)

    def test_other_bad_arguments(self):
        p = self.p
        with self.assertRaises(TypeError):
            p.join_federation_execution(b"bytes", "t", "F")
        with self.assertRaises(ValueError):
            p.resign_federation_execution(42)
        with self.assertRaises(TypeError):
            p.evoke("1")
        with self.assertRaises(rti.InvalidArgument):
            p.evoke(-1.0)
        with self.assertRaises(TypeError):
            p.decode_attribute(self.g.voltage, 1.0)
        with self.assertRaises(rti.DecoderError):
            p.decode_attribute(self.g.voltage, b"\x00")


if __name__ == "__main__":
    unittest.main()

# SPDX-License-Identifier: Apache-2.0
"""asyncio: federates driven by the event loop through the ambassador's fd
(loop.add_reader), several in one loop."""

import asyncio
import unittest

import rti

from rtitest import Recorder, RtiTestCase, barrier
from test_services import Grid


class Stepper(Recorder):
    def __init__(self):
        super().__init__()
        self.granted = 0.0
        self.regulating = self.constrained = False
        self.values = []

    def time_regulation_enabled(self, time):
        self.regulating = True

    def time_constrained_enabled(self, time):
        self.constrained = True

    def time_advance_grant(self, time):
        self.granted = time

    def reflect_attribute_values(self, obj, values, tag, info):
        self.values.append((info.time, values.decoded()))


class TestAsyncio(RtiTestCase):
    def test_two_federates_step_in_one_loop(self):
        a = self.join("a", fed=Stepper())
        b = self.join("b", fed=Stepper())
        g = Grid(a)
        a.publish_object_class_attributes(g.bus, [g.voltage])
        b.subscribe_object_class_attributes(g.bus, [g.voltage])
        barrier(a)
        steps = 20

        async def federate(amb, publish):
            f = amb.federate
            amb.enable_time_regulation(0.125)
            await amb.until(lambda: f.regulating, timeout=20)
            amb.enable_time_constrained()
            await amb.until(lambda: f.constrained, timeout=20)
            amb.register_federation_synchronization_point("go") \
                if publish else None
            await amb.until(lambda: f.of("announce_synchronization_point"),
                            timeout=20)
            amb.synchronization_point_achieved("go")
            await amb.until(lambda: f.of("federation_synchronized"),
                            timeout=20)
            o = amb.register_object_instance(g.bus) if publish else None
            for k in range(1, steps + 1):
                t = k * 0.125
                if publish:
                    amb.update_attribute_values(o, {g.voltage: float(k)},
                                                time=t)
                amb.time_advance_request(t)
                await amb.until(lambda: f.granted >= t, timeout=20)
            return f.granted

        async def main():
            return await asyncio.gather(federate(a, True),
                                        federate(b, False))

        ta, tb = asyncio.run(main())
        self.assertEqual(ta, steps * 0.125)
        self.assertEqual(tb, steps * 0.125)
        # b got every timestamped value before the grant of its time
        vals = [v[g.voltage] for _, v in b.federate.values]
        self.assertEqual(vals, [float(k) for k in range(1, steps + 1)])
        self.assertEqual([t for t, _ in b.federate.values],
                         [k * 0.125 for k in range(1, steps + 1)])

    def test_exception_from_await_and_timeout(self):
        class Raise(Recorder):
            def synchronization_point_registration_succeeded(self, label):
                raise ZeroDivisionError(label)

        a = self.join("a", fed=Raise())

        async def main():
            # nothing arrives: a timeout, no exception
            self.assertEqual(await a.evoke_async(timeout=0.05), 0)
            with self.assertRaises(asyncio.TimeoutError):
                await a.until(lambda: False, timeout=0.1)
            a.register_federation_synchronization_point("p")
            with self.assertRaises(ZeroDivisionError):
                await a.until(lambda: False, timeout=20)
            # the reader was removed: the loop still works, the fd too
            await asyncio.sleep(0)
            a.synchronization_point_achieved("p")
            await a.until(lambda: a.federate.of("federation_synchronized"),
                          timeout=20)

        asyncio.run(main())


if __name__ == "__main__":
    unittest.main()

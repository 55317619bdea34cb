#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""dispatcher.py - a dispatcher console for data/fom/Grid.xml in Python.

It follows a whole grid (--grid, "north" by default) by subscription
condition: the substation simulators (samples/substation) give every piece
of equipment of substation S2 of grid north the send condition "north/S2",
and each Substation instance the condition "north", so one prefix
condition "north/" on the equipment classes and "north" on Substation bring
every substation of the grid and nothing of another.  It prints a live
table, one row per substation (bus voltages, breaker states, line flows,
load, frequency), every --every seconds, and one line per event
(Fault, Switching, ProtectionTrip, Alarm).

It runs on asyncio: the federate's callbacks are delivered by
``amb.evoke_async()`` (loop.add_reader on the ambassador's socket) while
another task prints the table.  It is neither time regulating nor time
constrained: it receives the simulators' timestamped measurements as they
come and never holds anyone back.  At exit it prints one line
"SUMMARY key=value ...".

    rti/rtiexec --fom-path data/fom
    samples/substation --grid north --substations 3
    samples/substation --grid south --first 4
    PYTHONPATH=python RTI_LIBRARY=librti/.libs/librti.so \\
        python3 samples/dispatcher.py --grid north

Ctrl-C resigns and exits cleanly.
"""

import argparse
import asyncio
import signal
import sys
import time

import rti

EQUIPMENT = {
    "Bus": ("Voltage", "Angle"),
    "Breaker": ("Status", "Current"),
    "Line": ("ActivePower", "ReactivePower", "Current"),
}
SUBSTATION_ATTRS = ("Name", "Grid", "TotalLoad", "Frequency")
EVENTS = ("Fault", "Switching", "ProtectionTrip", "Alarm")


class Dispatcher(rti.FederateAmbassador):
    """The callbacks: what is known of each instance, and the counters."""

    def __init__(self, grid, out):
        self.grid = grid
        self.out = out
        self.kind = {}          # ObjectInstanceHandle -> class name
        self.name = {}          # ObjectInstanceHandle -> "S2.B1" / "S2"
        self.values = {}        # "S2.B1" -> {attribute name: value}
        self.attr_names = {}    # AttributeHandle -> attribute name
        self.param_names = {}   # ParameterHandle -> parameter name
        self.class_names = {}   # ObjectClassHandle / InteractionClass...
        self.updates = 0
        self.events = 0
        self.lost = None

    def connection_lost(self, fault):
        self.lost = fault

    def discover_object_instance(self, obj, cls, name, producer):
        self.kind[obj] = self.class_names.get(cls, "?")
        self.name[obj] = name
        self.values.setdefault(name, {})

    def remove_object_instance(self, obj, tag, info):
        self.kind.pop(obj, None)
        self.name.pop(obj, None)

    def reflect_attribute_values(self, obj, values, tag, info):
        name = self.name.get(obj)
        if name is None:
            return
        row = self.values.setdefault(name, {})
        for attr, value in values.decoded().items():
            row[self.attr_names.get(attr, str(attr))] = value
        self.updates += 1

    def receive_interaction(self, cls, values, tag, info):
        v = {self.param_names.get(p, str(p)): x
             for p, x in values.decoded().items()}
        what = self.class_names.get(cls, "?")
        self.events += 1
        detail = " ".join("%s=%s" % (k, v[k]) for k in sorted(v)
                          if k not in ("Substation", "Equipment"))
        print("EVENT %-14s %s %s %s" % (what, v.get("Substation", "?"),
                                        v.get("Equipment", ""), detail),
              file=self.out, flush=True)

    def substations(self):
        """Names of the substations seen, in order S1, S2, ..."""
        subs = {n for n, v in self.values.items() if "." not in n}
        subs |= {n.split(".")[0] for n in self.values if "." in n}
        return sorted(subs, key=lambda s: (len(s), s))

    def foreign(self):
        """Substations seen that are not of the grid followed: their
        Substation instance says another grid (there should be none)."""
        return [s for s in self.substations()
                if self.values.get(s, {}).get("Grid", self.grid)
                != self.grid]

    def table(self):
        """The live table as a string."""
        rows = ["%-5s %7s %7s %-8s %8s %8s %8s %6s" % (
            "sub", "U1 kV", "U2 kV", "B1B2B3", "P1 MW", "P2 MW", "load MW",
            "f Hz")]
        for s in self.substations():
            v = self.values
            br = "".join({"Open": "o", "Closed": "C"}.get(
                v.get("%s.B%d" % (s, k), {}).get("Status"), "?")
                for k in (1, 2, 3))

            def num(name, attr, fmt="%8.1f"):
                x = v.get(name, {}).get(attr)
                return fmt % x if isinstance(x, (int, float)) else \
                    fmt.replace(".1f", "s").replace(".2f", "s") % "-"
            rows.append("%-5s %s %s %-8s %s %s %s %s" % (
                s, num(s + ".BUS1", "Voltage", "%7.1f"),
                num(s + ".BUS2", "Voltage", "%7.1f"), br,
                num(s + ".L1", "ActivePower"), num(s + ".L2", "ActivePower"),
                num(s, "TotalLoad"), num(s, "Frequency", "%6.2f")))
        return "\n".join(rows)


def setup(amb, fed, grid):
    """Lookups, subscriptions and conditions."""
    for cname, attrs in list(EQUIPMENT.items()) + [
            ("Substation", SUBSTATION_ATTRS)]:
        cls = amb.get_object_class_handle(cname)
        fed.class_names[cls] = cname
        handles = amb.get_attribute_handles(cls, *attrs)
        for a, n in zip(handles, attrs):
            fed.attr_names[a] = n
        # Substation instances carry the grid's name as condition, the
        # equipment "<grid>/<substation>": the prefix takes them all.
        amb.set_subscription_conditions(
            cls, [grid if cname == "Substation" else grid + "/"])
        amb.subscribe_object_class_attributes(cls, handles)
    for iname in EVENTS:
        cls = amb.get_interaction_class_handle(iname)
        fed.class_names[cls] = iname
        for p in ("Substation", "Equipment"):
            fed.param_names[amb.get_parameter_handle(cls, p)] = p
        for p in {"Fault": ("FaultType", "Impedance", "Duration"),
                  "Switching": ("Operation", "Operator"),
                  "ProtectionTrip": ("Function",),
                  "Alarm": ("Text", "Severity")}[iname]:
            fed.param_names[amb.get_parameter_handle(cls, p)] = p
        amb.set_subscription_conditions(cls, [grid + "/"])
        amb.subscribe_interaction_class(cls)


async def run(amb, fed, args):
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)

    async def deliver():
        while not stop.is_set() and fed.lost is None:
            await amb.evoke_async(timeout=0.2)

    async def show():
        while not stop.is_set():
            try:
                await asyncio.wait_for(stop.wait(), args.every)
            except asyncio.TimeoutError:
                pass
            print("== %s at %s, %d updates, %d events" % (
                args.grid, time.strftime("%H:%M:%S"), fed.updates,
                fed.events), file=fed.out)
            print(fed.table(), file=fed.out, flush=True)

    async def deadline():
        if args.duration > 0:
            try:
                await asyncio.wait_for(stop.wait(), args.duration)
            except asyncio.TimeoutError:
                stop.set()

    tasks = [asyncio.create_task(c) for c in (deliver(), show(),
                                               deadline())]
    await stop.wait()
    for t in tasks:
        t.cancel()
    for t in tasks:
        try:
            await t
        except asyncio.CancelledError:
            pass


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Dispatcher console: follow a whole grid of "
        "data/fom/Grid.xml by condition and print a live table.")
    ap.add_argument("-u", "--url", default=rti.DEFAULT_URL,
                    help="rtiexec to connect to (default %(default)s)")
    ap.add_argument("-f", "--federation", default="Grid",
                    help="federation execution (default %(default)s)")
    ap.add_argument("-n", "--name", default=None,
                    help="federate name (default dispatcher-GRID)")
    ap.add_argument("-m", "--fom", default="Grid.xml",
                    help="FOM module, to create the federation if it does "
                    "not exist (default %(default)s, in rtiexec's FOM path)")
    ap.add_argument("-g", "--grid", default="north",
                    help="grid to follow (default %(default)s)")
    ap.add_argument("-e", "--every", type=float, default=1.0,
                    help="seconds between tables (default %(default)s)")
    ap.add_argument("-d", "--duration", type=float, default=0.0,
                    help="wall-clock seconds to run (default 0: until "
                    "interrupted)")
    args = ap.parse_args(argv)

    fed = Dispatcher(args.grid, sys.stdout)
    with rti.Ambassador(fed, args.url) as amb:
        try:
            amb.create_federation_execution(args.federation, args.fom)
        except rti.FederationExecutionAlreadyExists:
            pass
        amb.join_federation_execution(args.name or "dispatcher-" + args.grid,
                                      "dispatcher", args.federation)
        setup(amb, fed, args.grid)
        print("dispatcher: following grid %s in federation %s" % (
            args.grid, args.federation), flush=True)
        asyncio.run(run(amb, fed, args))
        print(fed.table())
    print("SUMMARY substations=%d updates=%d events=%d foreign=%d lost=%d"
          % (len(fed.substations()), fed.updates, fed.events,
             len(fed.foreign()), fed.lost is not None))
    return 0 if fed.lost is None else 1


if __name__ == "__main__":
    sys.exit(main())

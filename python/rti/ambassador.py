# SPDX-License-Identifier: Apache-2.0
"""The RTI ambassador (:class:`Ambassador`).

Every RTIambassador service of librti is a method of :class:`Ambassador`
named as the C function without ``rti_`` (``rti_join_federation_execution``
is ``amb.join_federation_execution``); the ``_at``, ``_with_condition``
and ``_with_regions`` variants of a send are keyword arguments of one
method (``time=``, ``condition=``, ``regions=``).  A failed service raises
the exception class of its ``RTI_ERR_*`` code (:mod:`rti.errors`) with
librti's message.  Arguments are checked before anything is sent: a handle
of the wrong kind, a time of the wrong type or a value that does not fit
its datatype raises and sends nothing.

:class:`Ambassador` is one class with a method per service, in the order
of librti.h's service groups; the ownership, order and transportation
services (``rti._ownership``) and the condition and region services
(``rti._regions``) are written in mixins of their own.  Beside it: the federate's callbacks
(:mod:`rti.federate`: :class:`FederateAmbassador` and how librti's
callbacks reach it), the values that are not handles (:mod:`rti.types`)
and the conversions both sides share (``rti._convert``).
"""

import asyncio
import ctypes
import json
import math
import time as _time
from ctypes import byref, c_char_p, c_int, c_size_t, c_uint32, c_uint64

from . import _native
from . import federate as _federate
from ._convert import (_Cache, _bytes_arg, _str_arg, _to_json_value,
                       _walk)
from ._native import F
from . import errors as _errors
from .errors import RTIError, error_class
from .federate import FederateAmbassador
from ._ownership import _OwnershipServices
from ._regions import _RegionServices
from .handles import (AttributeHandle, DatatypeHandle, DimensionHandle,
                      FederateHandle, Handle, InteractionClassHandle,
                      MessageRetractionHandle, ObjectClassHandle,
                      ObjectInstanceHandle, ParameterHandle, RegionHandle,
                      check as _check_handle)
from .types import (AttributeValues, FederationExecutionInfo, MessageInfo,
                    Order, Packing, ParameterValues, ResignAction,
                    RestoreFailureReason, RestoreStatus, SaveFailureReason,
                    SaveStatus, SyncFailureReason, Transportation)

__all__ = ["Ambassador", "FederateAmbassador", "MessageInfo",
           "FederationExecutionInfo", "AttributeValues", "ParameterValues",
           "ResignAction", "Order", "Transportation", "SyncFailureReason",
           "Packing", "SaveFailureReason", "SaveStatus",
           "RestoreFailureReason", "RestoreStatus",
           "FLOAT64_TIME", "INTEGER64_TIME", "DEFAULT_URL"]

FLOAT64_TIME = "HLAfloat64Time"
INTEGER64_TIME = "HLAinteger64Time"
DEFAULT_URL = "tcp://127.0.0.1:14321"

_BUF = 512
_LIMIT = _errors.LimitExceeded.code


class Ambassador(_OwnershipServices, _RegionServices):
    """One federate's connection to rtiexec (an rti_ambassador).

    ``Ambassador(federate=None, url=None, *, auth_key=None,
    heartbeat_timeout=None)`` connects at
    once: ``federate`` is a FederateAmbassador (or None: no callbacks),
    ``url`` as rti_connect takes it (``"tcp://HOST:PORT"``, ``"HOST:PORT"``,
    ``"unix:///path"``; None: ``tcp://127.0.0.1:14321``), ``auth_key`` the
    shared secret (bytes or str) of rtiexec --auth-key-file,
    ``heartbeat_timeout`` the seconds of silence from rtiexec after which
    the connection is lost (rti_set_heartbeat_timeout; None: rtiexec's).

    Used as a context manager it resigns (if joined, with
    ResignAction.CANCEL_THEN_DELETE_THEN_DIVEST) and disconnects on exit;
    :meth:`close` does the same.

    Services take handles of the right kind (rti.handles), tags as bytes,
    times as ``float`` in an HLAfloat64Time federation and ``int`` in an
    HLAinteger64Time one, attribute and parameter values as ``bytes`` (sent
    as they are) or as Python values encoded by the FOM datatype of the
    attribute or parameter (see :meth:`encode_attribute`).
    """

    def __init__(self, federate=None, url=None, *, auth_key=None,
                 heartbeat_timeout=None):
        self._a = None
        self._joined = False
        self._int_time = False
        self._time_impl = None
        self._federate = None
        self._exc = None
        self._ncb = 0
        self._dt_attr = {}
        self._dt_param = {}
        self._hc = {k: _Cache(k) for k in (
            FederateHandle, ObjectClassHandle, AttributeHandle,
            InteractionClassHandle, ParameterHandle, DimensionHandle)}
        url_b = _str_arg(url, "url", allow_none=True)
        a = F.rti_ambassador_new()
        if not a:
            raise MemoryError("rti_ambassador_new")
        self._a = a
        if auth_key is not None:
            if isinstance(auth_key, str):
                auth_key = auth_key.encode("utf-8")
            key, n = _bytes_arg(auth_key, "auth_key")
            self._check(F.rti_set_auth_key(a, key, n))
        if heartbeat_timeout is not None:
            self._check(F.rti_set_heartbeat_timeout(
                a, float(heartbeat_timeout)))
        self._cbs = _native.Callbacks()
        self._thunks = []
        if federate is not None:
            self._federate = federate
            _federate.install(self, federate)
            if isinstance(federate, FederateAmbassador):
                federate.ambassador = self
        self._check(F.rti_connect(a, url_b, byref(self._cbs), None))

    # -- plumbing ---------------------------------------------------------

    def _check(self, rc):
        if rc:
            msg = F.rti_error_message(self._a) if self._a else None
            msg = msg.decode("utf-8", "replace") if msg else ""
            if not msg:
                msg = F.rti_strerror(rc).decode()
            raise error_class(rc)(msg)

    def _amb(self):
        if self._a is None:
            raise _errors.NotConnected("the ambassador is closed")
        return self._a

    def _time_in(self, t, what="time"):
        if isinstance(t, bool) or not isinstance(t, (int, float)):
            raise TypeError("%s must be a number, not %s"
                            % (what, type(t).__name__))
        if self._int_time:
            if not isinstance(t, int):
                raise TypeError(
                    "%s must be an int in an HLAinteger64Time federation, "
                    "not %s" % (what, type(t).__name__))
            if not -(1 << 63) <= t < 1 << 63:
                raise ValueError("%s %d is outside the int64 range"
                                 % (what, t))
            return _native.Time(0.0, t)
        return _native.Time(float(t), 0)

    def _time_out(self, ct):
        return ct.i64 if self._int_time else ct.f64

    def _handles(self, hs, kind, what):
        if isinstance(hs, Handle):
            raise TypeError("%s must be an iterable of %s, not one handle"
                            % (what, kind.__name__))
        ids = [_check_handle(h, kind, what[:-1] if what.endswith("s")
                             else what) for h in hs]
        arr = (c_uint32 * len(ids))(*ids)
        return arr, len(ids)

    def _names(self, names, what):
        if isinstance(names, str):
            names = [names]
        bs = [_str_arg(n, what) for n in names]
        return (c_char_p * len(bs))(*bs), len(bs)

    def _record(self, name, exc):
        if self._exc is None:
            if hasattr(exc, "add_note"):
                exc.add_note("raised by the %s callback" % name)
            self._exc = exc

    def _raise_pending(self):
        exc = self._exc
        if exc is not None:
            self._exc = None
            try:
                raise exc
            finally:
                exc = None

    # -- connection and callbacks -----------------------------------------

    @property
    def federate(self):
        """The FederateAmbassador given at construction (or None)."""
        return self._federate

    def fileno(self):
        """The one descriptor to wait on (readable when callbacks may
        be pending; over TCP an epoll set of the stream and the
        best-effort datagram socket), for select/poll/asyncio; -1 when
        not connected."""
        return F.rti_get_fd(self._amb())

    def evoke(self, min_s=0.0, max_s=None):
        """Deliver callbacks (evokeMultipleCallbacks).

        Delivers callbacks as they arrive for at least ``min_s`` seconds,
        and returns once ``min_s`` has passed and none is pending, or once
        ``max_s`` has passed (None: no limit but ``min_s``; a federate
        receiving an endless stream should give one).  ``evoke()`` delivers
        what is pending without waiting.  Returns True when more callbacks
        are queued.

        A callback that raises ends the evoke: the exception (with a note
        naming the callback) is raised from here; the callbacks still
        queued stay queued for the next evoke.
        """
        a = self._amb()
        for v in (min_s, max_s):
            if v is not None and (isinstance(v, bool) or
                                  not isinstance(v, (int, float))):
                raise TypeError("evoke times must be numbers")
            if v is not None and not v >= 0:
                raise _errors.InvalidArgument("negative or NaN evoke time")
        min_s = float(min_s)
        max_s = math.inf if max_s is None else max(float(max_s), min_s)
        pending = c_int(0)
        pp = byref(pending)
        evoke1 = F.rti_evoke_callback
        now = _time.monotonic
        start = now()
        while True:
            el = now() - start
            n0 = self._ncb
            rc = evoke1(a, min_s - el if el < min_s else 0.0, pp)
            self._raise_pending()
            self._check(rc)
            el = now() - start
            if self._ncb != n0:
                if el >= max_s:
                    break
                continue
            if el >= min_s:
                break
        return bool(pending.value)

    def evoke_callback(self, wait_s=0.0):
        """Deliver at most one callback, waiting up to ``wait_s`` seconds
        for it (evokeCallback).  Returns True when one was delivered.  A
        callback's exception is raised from here."""
        a = self._amb()
        if isinstance(wait_s, bool) or not isinstance(wait_s, (int, float)):
            raise TypeError("wait_s must be a number")
        if not wait_s >= 0:
            raise _errors.InvalidArgument("negative or NaN evoke time")
        n0 = self._ncb
        rc = F.rti_evoke_callback(a, float(wait_s), None)
        self._raise_pending()
        self._check(rc)
        return self._ncb != n0

    def _deliver_queued(self, budget=1000):
        """Deliver what is queued or readable now, at most ``budget``
        callbacks; True when more may be pending."""
        a = self._amb()
        pending = c_int(0)
        pp = byref(pending)
        for _ in range(budget):
            n0 = self._ncb
            rc = F.rti_evoke_callback(a, 0.0, pp)
            self._raise_pending()
            self._check(rc)
            if self._ncb == n0:
                return False
        return True

    async def evoke_async(self, timeout=None):
        """asyncio: wait (without blocking the event loop) until callbacks
        arrive, deliver those queued, and return how many were delivered
        (0 on ``timeout`` seconds without any).  The wait is
        ``loop.add_reader`` on :meth:`fileno`.  A callback's exception is
        raised from this await."""
        loop = asyncio.get_running_loop()
        n0 = self._ncb
        more = self._deliver_queued()
        if self._ncb != n0:
            if more:
                await asyncio.sleep(0)  # let the loop run between batches
            return self._ncb - n0
        fd = self.fileno()
        if fd < 0:
            raise _errors.NotConnected("not connected")
        fut = loop.create_future()

        def ready():
            if not fut.done():
                fut.set_result(None)
        loop.add_reader(fd, ready)
        try:
            await asyncio.wait_for(fut, timeout)
        except asyncio.TimeoutError:
            return 0
        finally:
            loop.remove_reader(fd)
        self._deliver_queued()
        return self._ncb - n0

    async def until(self, predicate, timeout=None):
        """asyncio: deliver callbacks (evoke_async) until ``predicate()``
        is true; ``asyncio.TimeoutError`` after ``timeout`` seconds."""
        loop = asyncio.get_running_loop()
        deadline = None if timeout is None else loop.time() + timeout
        while not predicate():
            left = None if deadline is None else deadline - loop.time()
            if left is not None and left <= 0:
                raise asyncio.TimeoutError("condition not met in %s s"
                                           % timeout)
            await self.evoke_async(left)
        return True

    def wait_until(self, predicate, timeout=None, step=0.05):
        """Blocking: evoke until ``predicate()`` is true; TimeoutError
        after ``timeout`` seconds (None: wait for ever)."""
        deadline = None if timeout is None else _time.monotonic() + timeout
        while not predicate():
            if deadline is not None:
                left = deadline - _time.monotonic()
                if left <= 0:
                    raise TimeoutError("condition not met in %s s"
                                       % timeout)
                self.evoke(0.0, min(step, left))
                if not predicate():
                    self.evoke_callback(min(step, max(0.0, left)))
            else:
                self.evoke(0.0, step)
                if not predicate():
                    self.evoke_callback(step)
        return True

    def disconnect(self):
        """Close the connection (rtiexec resigns a joined federate with
        its automatic resign action)."""
        self._check(F.rti_disconnect(self._amb()))
        self._joined = False

    def close(self):
        """Resign (if joined, CANCEL_THEN_DELETE_THEN_DIVEST), disconnect
        and free the ambassador.  Best effort: a lost connection is no
        error.  Idempotent."""
        a = self._a
        if a is None:
            return
        if self._joined:
            F.rti_resign_federation_execution(
                a, ResignAction.CANCEL_THEN_DELETE_THEN_DIVEST)
            self._joined = False
        F.rti_disconnect(a)
        self._a = None
        F.rti_ambassador_free(a)
        if isinstance(self._federate, FederateAmbassador) and \
                self._federate.ambassador is self:
            self._federate.ambassador = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    # -- federation management -------------------------------------------

    def create_federation_execution(self, federation, modules,
                                    time_implementation=FLOAT64_TIME):
        """Create federation ``federation`` from FOM ``modules`` (a path or
        name, or a list of them: a readable file is sent, any other name
        is resolved by rtiexec in its --fom-path).  ``time_implementation``
        is FLOAT64_TIME ("HLAfloat64Time") or INTEGER64_TIME."""
        a = self._amb()
        fed = _str_arg(federation, "federation")
        if isinstance(modules, str):
            modules = [modules]
        arr, n = self._names(modules, "FOM module")
        ti = _str_arg(time_implementation, "time_implementation")
        self._check(F.rti_create_federation_execution(a, fed, arr, n, ti))

    @staticmethod
    def _fom_modules(modules):
        """(array, n, keep) of rti_fom_module from (designator, text)
        pairs; text None: the designator is a module as in
        create_federation_execution."""
        mods = list(modules)
        arr = (_native.FomModule * max(1, len(mods)))()
        keep = []
        for i, m in enumerate(mods):
            if not isinstance(m, tuple) or len(m) != 2:
                raise TypeError("modules must be (designator, text) pairs")
            d = _str_arg(m[0], "designator")
            t = m[1]
            if isinstance(t, str):
                t = t.encode("utf-8")
            if t is not None and not isinstance(t, (bytes, bytearray)):
                raise TypeError("a module's text must be str or bytes")
            t = bytes(t) if t is not None else None
            keep.append((d, t))
            arr[i].designator = d
            arr[i].text = t
            arr[i].len = len(t) if t is not None else 0
        return arr, len(mods), keep

    def create_federation_execution_from_modules(
            self, federation, modules, time_implementation=FLOAT64_TIME):
        """Create ``federation`` from FOM ``modules``, a list of
        (designator, text) pairs: a module's XML text (str or bytes) sent
        under its designator, or with text None a module as
        create_federation_execution takes it."""
        a = self._amb()
        arr, n, keep = self._fom_modules(modules)
        self._check(F.rti_create_federation_execution_from_modules(
            a, _str_arg(federation, "federation"), arr, n,
            _str_arg(time_implementation, "time_implementation")))
        del keep

    def join_federation_execution_from_modules(self, federate_name,
                                               federate_type, federation,
                                               modules):
        """join_federation_execution with ``modules`` given as
        create_federation_execution_from_modules takes them."""
        a = self._amb()
        arr, n, keep = self._fom_modules(modules)
        h = c_uint32(0)
        self._check(F.rti_join_federation_execution_from_modules(
            a, _str_arg(federate_name, "federate_name", allow_none=True),
            _str_arg(federate_type, "federate_type"),
            _str_arg(federation, "federation"), arr, n, byref(h)))
        del keep
        self._joined = True
        ti = c_char_p()
        self._check(F.rti_get_time_implementation(a, byref(ti)))
        self._time_impl = ti.value.decode()
        self._int_time = self._time_impl == INTEGER64_TIME
        self._dt_attr.clear()
        self._dt_param.clear()
        self._handle = FederateHandle(h.value)
        return self._handle

    def destroy_federation_execution(self, federation):
        """Destroy ``federation`` (FederatesCurrentlyJoined while any
        federate is joined)."""
        self._check(F.rti_destroy_federation_execution(
            self._amb(), _str_arg(federation, "federation")))

    def list_federation_executions(self):
        """Ask for the federations: answered by
        report_federation_executions."""
        self._check(F.rti_list_federation_executions(self._amb()))

    def join_federation_execution(self, federate_name, federate_type,
                                  federation, modules=()):
        """Join ``federation`` as ``federate_name`` (None: rtiexec chooses)
        of ``federate_type``; returns this federate's FederateHandle.
        ``modules`` (a path or name, or a list of them) are more FOM
        modules, merged into the running federation's FOM as at create.
        The federation's time representation decides the Python type of
        times from now on (:attr:`time_implementation`)."""
        a = self._amb()
        name = _str_arg(federate_name, "federate_name", allow_none=True)
        ftype = _str_arg(federate_type, "federate_type")
        fed = _str_arg(federation, "federation")
        if isinstance(modules, str):
            modules = [modules]
        arr, n = self._names(list(modules), "FOM module")
        h = c_uint32(0)
        self._check(F.rti_join_federation_execution_with_modules(
            a, name, ftype, fed, arr, n, byref(h)))
        self._joined = True
        ti = c_char_p()
        self._check(F.rti_get_time_implementation(a, byref(ti)))
        self._time_impl = ti.value.decode()
        self._int_time = self._time_impl == INTEGER64_TIME
        self._dt_attr.clear()
        self._dt_param.clear()
        self._handle = FederateHandle(h.value)
        return self._handle

    @property
    def joined(self):
        """True while joined to a federation."""
        return self._joined

    @property
    def time_implementation(self):
        """The joined federation's time representation ("HLAfloat64Time":
        times are float; "HLAinteger64Time": int), None before a join."""
        return self._time_impl

    def resign_federation_execution(
            self, action=ResignAction.CANCEL_THEN_DELETE_THEN_DIVEST):
        """Resign with ``action`` (a ResignAction)."""
        a = self._amb()
        self._check(F.rti_resign_federation_execution(
            a, self._enum(action, ResignAction, "action")))
        self._joined = False
        self._time_impl = None
        self._int_time = False

    def set_automatic_resign_directive(self, action):
        """The ResignAction rtiexec applies when the connection drops."""
        self._check(F.rti_set_automatic_resign_directive(
            self._amb(), self._enum(action, ResignAction, "action")))

    def get_automatic_resign_directive(self):
        """The ResignAction set last (default
        CANCEL_THEN_DELETE_THEN_DIVEST)."""
        v = c_int(0)
        self._check(F.rti_get_automatic_resign_directive(self._amb(),
                                                         byref(v)))
        return ResignAction(v.value)

    @staticmethod
    def _enum(v, kind, what):
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError("%s must be a %s" % (what, kind.__name__))
        return int(kind(v))

    def register_federation_synchronization_point(self, label, tag=b"",
                                                  federates=None):
        """Register point ``label`` for ``federates`` (FederateHandles;
        None: every joined federate).  Answered by
        synchronization_point_registration_succeeded / _failed."""
        a = self._amb()
        lb = _str_arg(label, "label")
        t, tn = _bytes_arg(tag)
        if federates is None:
            arr, n = None, 0
        else:
            arr, n = self._handles(federates, FederateHandle, "federates")
        self._check(F.rti_register_federation_synchronization_point(
            a, lb, t, tn, arr, n))

    def synchronization_point_achieved(self, label, successfully=True):
        """This federate reached point ``label``."""
        self._check(F.rti_synchronization_point_achieved(
            self._amb(), _str_arg(label, "label"), 1 if successfully else 0))

    # -- save and restore (librti-save(3)) -------------------------------

    def request_federation_save(self, label, time=None):
        """Save the federation under ``label``, now or (``time`` given)
        at that logical time.  Every federate is then told
        initiate_federate_save."""
        lb = _str_arg(label, "label")
        if time is None:
            self._check(F.rti_request_federation_save(self._amb(), lb))
        else:
            self._check(F.rti_request_federation_save_at_time(
                self._amb(), lb, self._time_in(time)))

    def request_federation_save_at_time(self, label, time):
        """request_federation_save(label, time)."""
        self.request_federation_save(label, time)

    def federate_save_begun(self):
        """This federate began saving its state."""
        self._check(F.rti_federate_save_begun(self._amb()))

    def federate_save_complete(self):
        """This federate saved its state."""
        self._check(F.rti_federate_save_complete(self._amb()))

    def federate_save_not_complete(self):
        """This federate could not save its state."""
        self._check(F.rti_federate_save_not_complete(self._amb()))

    def abort_federation_save(self):
        """Abort the save in progress (federation_not_saved ABORTED)."""
        self._check(F.rti_abort_federation_save(self._amb()))

    def query_federation_save_status(self):
        """Answered by federation_save_status_response."""
        self._check(F.rti_query_federation_save_status(self._amb()))

    def request_federation_restore(self, label):
        """Restore the federation to its save ``label``: answered by
        request_federation_restore_succeeded / _failed."""
        self._check(F.rti_request_federation_restore(
            self._amb(), _str_arg(label, "label")))

    def federate_restore_complete(self):
        """This federate restored its state."""
        self._check(F.rti_federate_restore_complete(self._amb()))

    def federate_restore_not_complete(self):
        """This federate could not restore its state."""
        self._check(F.rti_federate_restore_not_complete(self._amb()))

    def abort_federation_restore(self):
        """Abort the restore in progress (federation_not_restored
        ABORTED)."""
        self._check(F.rti_abort_federation_restore(self._amb()))

    def query_federation_restore_status(self):
        """Answered by federation_restore_status_response."""
        self._check(F.rti_query_federation_restore_status(self._amb()))

    # -- lookups ----------------------------------------------------------

    def _lookup(self, fn, kind, *args):
        h = c_uint32(0)
        self._check(fn(self._amb(), *args, byref(h)))
        return self._hc[kind][h.value] if kind in self._hc else \
            kind(h.value)

    def _name(self, fn, *args):
        s = c_char_p()
        self._check(fn(self._amb(), *args, byref(s)))
        return s.value.decode("utf-8", "replace")

    def get_federate_handle(self, name):
        """The FederateHandle of the joined federate ``name``."""
        return self._lookup(F.rti_get_federate_handle, FederateHandle,
                            _str_arg(name, "name"))

    def get_federate_name(self, federate):
        """The name of a FederateHandle."""
        return self._name(F.rti_get_federate_name,
                          _check_handle(federate, FederateHandle))

    def get_object_class_handle(self, name):
        """The ObjectClassHandle of ``name`` ("Equipment.Breaker",
        "HLAobjectRoot.Equipment.Breaker" or, when unique, "Breaker")."""
        return self._lookup(F.rti_get_object_class_handle, ObjectClassHandle,
                            _str_arg(name, "name"))

    def get_object_class_name(self, cls):
        """The name of an ObjectClassHandle."""
        return self._name(F.rti_get_object_class_name,
                          _check_handle(cls, ObjectClassHandle))

    def get_attribute_handle(self, cls, name):
        """The AttributeHandle of attribute ``name`` of ``cls``."""
        return self._lookup(F.rti_get_attribute_handle, AttributeHandle,
                            _check_handle(cls, ObjectClassHandle),
                            _str_arg(name, "name"))

    def get_attribute_handles(self, cls, *names):
        """A list of the AttributeHandles of ``names`` of ``cls``."""
        return [self.get_attribute_handle(cls, n) for n in names]

    def get_attribute_name(self, cls, attr):
        """The name of attribute ``attr`` of ``cls``."""
        return self._name(F.rti_get_attribute_name,
                          _check_handle(cls, ObjectClassHandle),
                          _check_handle(attr, AttributeHandle))

    def get_interaction_class_handle(self, name):
        """The InteractionClassHandle of ``name``."""
        return self._lookup(F.rti_get_interaction_class_handle,
                            InteractionClassHandle, _str_arg(name, "name"))

    def get_interaction_class_name(self, cls):
        """The name of an InteractionClassHandle."""
        return self._name(F.rti_get_interaction_class_name,
                          _check_handle(cls, InteractionClassHandle))

    def get_parameter_handle(self, cls, name):
        """The ParameterHandle of parameter ``name`` of ``cls``."""
        return self._lookup(F.rti_get_parameter_handle, ParameterHandle,
                            _check_handle(cls, InteractionClassHandle),
                            _str_arg(name, "name"))

    def get_parameter_handles(self, cls, *names):
        """A list of the ParameterHandles of ``names`` of ``cls``."""
        return [self.get_parameter_handle(cls, n) for n in names]

    def get_parameter_name(self, cls, param):
        """The name of parameter ``param`` of ``cls``."""
        return self._name(F.rti_get_parameter_name,
                          _check_handle(cls, InteractionClassHandle),
                          _check_handle(param, ParameterHandle))

    def get_dimension_handle(self, name):
        """The DimensionHandle of ``name``."""
        return self._lookup(F.rti_get_dimension_handle, DimensionHandle,
                            _str_arg(name, "name"))

    def get_dimension_name(self, dim):
        """The name of a DimensionHandle."""
        return self._name(F.rti_get_dimension_name,
                          _check_handle(dim, DimensionHandle))

    def get_dimension_upper_bound(self, dim):
        """The upper bound (an int) of a dimension."""
        v = c_uint64(0)
        self._check(F.rti_get_dimension_upper_bound(
            self._amb(), _check_handle(dim, DimensionHandle), byref(v)))
        return v.value

    def _dims(self, fn, *args):
        out = (c_uint32 * 64)()
        n = c_size_t(0)
        self._check(fn(self._amb(), *args, out, 64, byref(n)))
        return [DimensionHandle(out[i]) for i in range(min(n.value, 64))]

    def get_available_dimensions_for_class_attribute(self, cls, attr):
        """The DimensionHandles the FOM gives ``attr`` of ``cls``."""
        return self._dims(F.rti_get_available_dimensions_for_class_attribute,
                          _check_handle(cls, ObjectClassHandle, "cls"),
                          _check_handle(attr, AttributeHandle, "attr"))

    def get_available_dimensions_for_interaction_class(self, cls):
        """The DimensionHandles the FOM gives interaction class ``cls``."""
        return self._dims(
            F.rti_get_available_dimensions_for_interaction_class,
            _check_handle(cls, InteractionClassHandle, "cls"))

    def get_region_dimensions(self, region):
        """The DimensionHandles of a region this federate created."""
        return self._dims(F.rti_get_region_dimensions,
                          _check_handle(region, RegionHandle, "region"))

    # -- time management --------------------------------------------------

    def enable_time_regulation(self, lookahead):
        """Become regulating with ``lookahead``; answered by
        time_regulation_enabled."""
        la = self._time_in(lookahead, "lookahead")
        self._check(F.rti_enable_time_regulation(self._amb(), la))

    def disable_time_regulation(self):
        """Stop regulating."""
        self._check(F.rti_disable_time_regulation(self._amb()))

    def enable_time_constrained(self):
        """Become constrained; answered by time_constrained_enabled."""
        self._check(F.rti_enable_time_constrained(self._amb()))

    def disable_time_constrained(self):
        """Stop being constrained."""
        self._check(F.rti_disable_time_constrained(self._amb()))

    def _tm(self, fn, t):
        ct = self._time_in(t)
        self._check(fn(self._amb(), ct))

    def time_advance_request(self, time):
        """TAR: answered by time_advance_grant."""
        self._tm(F.rti_time_advance_request, time)

    def time_advance_request_available(self, time):
        """TARA: answered by time_advance_grant."""
        self._tm(F.rti_time_advance_request_available, time)

    def next_message_request(self, time):
        """NMR: answered by time_advance_grant."""
        self._tm(F.rti_next_message_request, time)

    def next_message_request_available(self, time):
        """NMRA: answered by time_advance_grant."""
        self._tm(F.rti_next_message_request_available, time)

    def flush_queue_request(self, time):
        """FQR: answered by time_advance_grant."""
        self._tm(F.rti_flush_queue_request, time)

    def enable_asynchronous_delivery(self):
        """Receive-order messages also while no time advance is pending."""
        self._check(F.rti_enable_asynchronous_delivery(self._amb()))

    def disable_asynchronous_delivery(self):
        """Undo enable_asynchronous_delivery."""
        self._check(F.rti_disable_asynchronous_delivery(self._amb()))

    def retract(self, retraction):
        """Retract a timestamped message this federate sent (its
        MessageRetractionHandle)."""
        self._check(F.rti_retract(
            self._amb(), _check_handle(retraction, MessageRetractionHandle)))

    def query_logical_time(self):
        """The federate's logical time (the last granted one)."""
        t = _native.Time()
        self._check(F.rti_query_logical_time(self._amb(), byref(t)))
        return self._time_out(t)

    def query_galt(self):
        """The GALT, or None when nothing constrains it."""
        t, d = _native.Time(), c_int(0)
        self._check(F.rti_query_galt(self._amb(), byref(t), byref(d)))
        return self._time_out(t) if d.value else None

    def query_lits(self):
        """The LITS, or None when nothing constrains it."""
        t, d = _native.Time(), c_int(0)
        self._check(F.rti_query_lits(self._amb(), byref(t), byref(d)))
        return self._time_out(t) if d.value else None

    def query_lookahead(self):
        """The lookahead (TimeRegulationIsNotEnabled when not
        regulating)."""
        t = _native.Time()
        self._check(F.rti_query_lookahead(self._amb(), byref(t)))
        return self._time_out(t)

    def modify_lookahead(self, lookahead):
        """Change the lookahead."""
        la = self._time_in(lookahead, "lookahead")
        self._check(F.rti_modify_lookahead(self._amb(), la))

    # -- declaration management ------------------------------------------

    def _cls_attrs(self, fn, cls, attrs):
        c = _check_handle(cls, ObjectClassHandle, "cls")
        arr, n = self._handles(attrs, AttributeHandle, "attributes")
        self._check(fn(self._amb(), c, arr, n))

    def publish_object_class_attributes(self, cls, attrs):
        """Publish ``attrs`` (AttributeHandles) of ``cls``."""
        self._cls_attrs(F.rti_publish_object_class_attributes, cls, attrs)

    def unpublish_object_class(self, cls):
        """Unpublish the whole object class."""
        self._check(F.rti_unpublish_object_class(
            self._amb(), _check_handle(cls, ObjectClassHandle, "cls")))

    def unpublish_object_class_attributes(self, cls, attrs):
        """Unpublish ``attrs`` of ``cls``."""
        self._cls_attrs(F.rti_unpublish_object_class_attributes, cls, attrs)

    def publish_interaction_class(self, cls):
        """Publish an interaction class."""
        self._check(F.rti_publish_interaction_class(
            self._amb(), _check_handle(cls, InteractionClassHandle, "cls")))

    def unpublish_interaction_class(self, cls):
        """Unpublish an interaction class."""
        self._check(F.rti_unpublish_interaction_class(
            self._amb(), _check_handle(cls, InteractionClassHandle, "cls")))

    def subscribe_object_class_attributes(self, cls, attrs, passive=False):
        """Subscribe to ``attrs`` of ``cls`` (``passive``: without making
        publishers relevant)."""
        self._cls_attrs(
            F.rti_subscribe_object_class_attributes_passively if passive
            else F.rti_subscribe_object_class_attributes, cls, attrs)

    def unsubscribe_object_class(self, cls):
        """Unsubscribe the whole object class."""
        self._check(F.rti_unsubscribe_object_class(
            self._amb(), _check_handle(cls, ObjectClassHandle, "cls")))

    def unsubscribe_object_class_attributes(self, cls, attrs):
        """Unsubscribe ``attrs`` of ``cls``."""
        self._cls_attrs(F.rti_unsubscribe_object_class_attributes, cls,
                        attrs)

    def subscribe_interaction_class(self, cls, passive=False):
        """Subscribe to an interaction class."""
        c = _check_handle(cls, InteractionClassHandle, "cls")
        self._check((F.rti_subscribe_interaction_class_passively if passive
                     else F.rti_subscribe_interaction_class)(self._amb(), c))

    def unsubscribe_interaction_class(self, cls):
        """Unsubscribe an interaction class."""
        self._check(F.rti_unsubscribe_interaction_class(
            self._amb(), _check_handle(cls, InteractionClassHandle, "cls")))

    def enable_object_class_relevance_advisory_switch(self):
        """Turn start/stop registration advisories on."""
        self._check(F.rti_enable_object_class_relevance_advisory_switch(
            self._amb()))

    def disable_object_class_relevance_advisory_switch(self):
        """Turn start/stop registration advisories off."""
        self._check(F.rti_disable_object_class_relevance_advisory_switch(
            self._amb()))

    def enable_interaction_relevance_advisory_switch(self):
        """Turn turn-interactions-on/off advisories on."""
        self._check(F.rti_enable_interaction_relevance_advisory_switch(
            self._amb()))

    def disable_interaction_relevance_advisory_switch(self):
        """Turn turn-interactions-on/off advisories off."""
        self._check(F.rti_disable_interaction_relevance_advisory_switch(
            self._amb()))

    def enable_attribute_relevance_advisory_switch(self):
        """Turn turn-updates-on/off advisories on."""
        self._check(F.rti_enable_attribute_relevance_advisory_switch(
            self._amb()))

    def disable_attribute_relevance_advisory_switch(self):
        """Turn turn-updates-on/off advisories off."""
        self._check(F.rti_disable_attribute_relevance_advisory_switch(
            self._amb()))

    # -- values -----------------------------------------------------------

    def get_datatype_handle(self, name):
        """The DatatypeHandle of datatype ``name`` of the FOM."""
        return self._lookup(F.rti_get_datatype_handle, DatatypeHandle,
                            _str_arg(name, "name"))

    def get_datatype_name(self, dt):
        """The name of a DatatypeHandle."""
        return self._name(F.rti_get_datatype_name,
                          _check_handle(dt, DatatypeHandle))

    def get_attribute_datatype(self, attr):
        """The DatatypeHandle of an attribute (DatatypeNotDefined when its
        values are opaque)."""
        i = _check_handle(attr, AttributeHandle, "attribute")
        return DatatypeHandle(self._attr_dt(i))

    def get_parameter_datatype(self, param):
        """The DatatypeHandle of a parameter."""
        i = _check_handle(param, ParameterHandle, "parameter")
        return DatatypeHandle(self._param_dt(i))

    def _attr_dt(self, i):
        dt = self._dt_attr.get(i)
        if dt is None:
            h = c_uint32(0)
            self._check(F.rti_get_attribute_datatype(self._amb(), i,
                                                     byref(h)))
            dt = self._dt_attr[i] = h.value
        return dt

    def _param_dt(self, i):
        dt = self._dt_param.get(i)
        if dt is None:
            h = c_uint32(0)
            self._check(F.rti_get_parameter_datatype(self._amb(), i,
                                                     byref(h)))
            dt = self._dt_param[i] = h.value
        return dt

    def _encode_dt(self, dt, value, what):
        if isinstance(value, (bytes, bytearray, memoryview)):
            return bytes(value)
        try:
            text = json.dumps(_to_json_value(value), allow_nan=False,
                              ensure_ascii=False).encode("utf-8")
        except TypeError as e:
            raise TypeError("%s: %s" % (what, e)) from None
        a = self._amb()
        n = c_size_t(0)
        buf = ctypes.create_string_buffer(_BUF)
        rc = F.rti_encode_json(a, dt, text, buf, _BUF, byref(n))
        if rc == _LIMIT and n.value > _BUF:
            buf = ctypes.create_string_buffer(n.value)
            rc = F.rti_encode_json(a, dt, text, buf, n.value, byref(n))
        if rc:
            try:
                self._check(rc)
            except RTIError as e:
                e.args = ("%s: %s" % (what, e.message),)
                e.message = e.args[0]
                raise
        return buf.raw[:n.value]

    def _decode_tree(self, fn, i, data):
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError("value must be bytes, not %s"
                            % type(data).__name__)
        data = bytes(data)
        out = ctypes.c_void_p()
        self._check(fn(self._amb(), i, data, len(data), byref(out)))
        try:
            return _walk(out.value)
        finally:
            F.rti_value_free(out)

    def _decode_json(self, fn, i, data):
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError("value must be bytes, not %s"
                            % type(data).__name__)
        data = bytes(data)
        out = ctypes.c_void_p()
        self._check(fn(self._amb(), i, data, len(data), byref(out)))
        try:
            return json.loads(ctypes.string_at(out.value))
        finally:
            F.rti_free(out)

    def encode_attribute(self, attr, value):
        """``value`` (a Python value) as the bytes of ``attr``'s datatype.

        A record is a dict of field name -> value, an array a list, an
        enumerator its name (str) or value, a string a str, a boolean a
        bool, numbers int or float, opaque data bytes (see
        librti-values(3) JSON).  bytes are returned as they are.  A value
        that does not fit raises InvalidArgument (a ValueError) naming the
        path, one of an unsupported type TypeError."""
        i = _check_handle(attr, AttributeHandle, "attribute")
        return self._encode_dt(self._attr_dt(i), value,
                               "attribute %d" % i)

    def encode_parameter(self, param, value):
        """``value`` as the bytes of ``param``'s datatype (as
        encode_attribute)."""
        i = _check_handle(param, ParameterHandle, "parameter")
        return self._encode_dt(self._param_dt(i), value,
                               "parameter %d" % i)

    def encode_value(self, dt, value):
        """``value`` as the bytes of datatype ``dt`` (a DatatypeHandle)."""
        return self._encode_dt(_check_handle(dt, DatatypeHandle), value,
                               "datatype %d" % dt.id)

    def decode_attribute(self, attr, data):
        """The bytes of attribute ``attr`` as a Python value, from
        librti's value tree (librti-values(3)): integers int, floats float
        (NaN and infinities included), HLAboolean bool, strings str, octet
        arrays and opaque data bytes, enumerators their name (str), arrays
        lists, records dicts of field name -> value, variant records the
        dict of their JSON form ({discriminant name: enumerator,
        alternative name: value}).  DecoderError when the bytes do not fit
        the datatype."""
        return self._decode_tree(F.rti_decode_attribute,
                                 _check_handle(attr, AttributeHandle,
                                               "attribute"), data)

    def decode_parameter(self, param, data):
        """The bytes of parameter ``param`` as a Python value."""
        return self._decode_tree(F.rti_decode_parameter,
                                 _check_handle(param, ParameterHandle,
                                               "parameter"), data)

    def decode_value(self, dt, data):
        """The bytes of datatype ``dt`` as a Python value."""
        return self._decode_tree(F.rti_decode_value,
                                 _check_handle(dt, DatatypeHandle), data)

    def _avals(self, values):
        """(array, n, keep) of a {AttributeHandle: value} mapping."""
        return self._values(values, _native.AttributeValue, AttributeHandle,
                            "attribute", self._attr_dt)

    def _pvals(self, values):
        """(array, n, keep) of a {ParameterHandle: value} mapping."""
        return self._values(values, _native.ParameterValue, ParameterHandle,
                            "parameter", self._param_dt)

    def _values(self, values, struct, kind, what, datatype_of):
        """(array of `struct`, n, keep) of a {`kind` handle: value}
        mapping: bytes as they are, other values encoded by the datatype
        of each handle; `keep` holds the bytes the array points into."""
        if not hasattr(values, "items"):
            raise TypeError("%s values must be a mapping of %s to value, "
                            "not %s" % (what, kind.__name__,
                                        type(values).__name__))
        items = list(values.items())
        arr = (struct * len(items))()
        keep = []
        for k, (h, v) in enumerate(items):
            i = _check_handle(h, kind, what)
            if isinstance(v, (bytes, bytearray, memoryview)):
                b = bytes(v)
            else:
                b = self._encode_dt(datatype_of(i), v, "%s %d" % (what, i))
            keep.append(b)
            setattr(arr[k], what, i)
            arr[k].value = ctypes.cast(c_char_p(b), ctypes.c_void_p) \
                if b else None
            arr[k].length = len(b)
        return arr, len(items), keep

    # -- object management ------------------------------------------------

    def reserve_object_instance_name(self, name):
        """Reserve ``name``: answered by
        object_instance_name_reservation_succeeded / _failed."""
        self._check(F.rti_reserve_object_instance_name(
            self._amb(), _str_arg(name, "name")))

    def reserve_multiple_object_instance_names(self, names):
        """Reserve every name of ``names`` or none."""
        arr, n = self._names(names, "name")
        self._check(F.rti_reserve_multiple_object_instance_names(
            self._amb(), arr, n))

    def release_object_instance_name(self, name):
        """Release a reserved name."""
        self._check(F.rti_release_object_instance_name(
            self._amb(), _str_arg(name, "name")))

    def release_multiple_object_instance_names(self, names):
        """Release reserved names."""
        arr, n = self._names(names, "name")
        self._check(F.rti_release_multiple_object_instance_names(
            self._amb(), arr, n))

    def register_object_instance(self, cls, name=None, *, condition=None):
        """Register an instance of published class ``cls`` (with reserved
        ``name``, and send ``condition``, when given); returns its
        ObjectInstanceHandle."""
        a = self._amb()
        c = _check_handle(cls, ObjectClassHandle, "cls")
        nm = _str_arg(name, "name", allow_none=True)
        cond = _str_arg(condition, "condition", allow_none=True)
        h = c_uint32(0)
        if cond is not None:
            self._check(F.rti_register_object_instance_with_condition(
                a, c, nm, cond, byref(h)))
        elif nm is not None:
            self._check(F.rti_register_object_instance_with_name(
                a, c, nm, byref(h)))
        else:
            self._check(F.rti_register_object_instance(a, c, byref(h)))
        return ObjectInstanceHandle(h.value)

    def update_attribute_values(self, obj, values, tag=b"", *, time=None,
                                condition=None):
        """Update ``values`` ({AttributeHandle: bytes or value}) of
        ``obj``.  ``time``: timestamp order at that time (returns the
        MessageRetractionHandle); ``condition``: the send condition of this
        update only."""
        a = self._amb()
        o = _check_handle(obj, ObjectInstanceHandle, "obj")
        t, tn = _bytes_arg(tag)
        cond = _str_arg(condition, "condition", allow_none=True)
        ct = None if time is None else self._time_in(time)
        arr, n, keep = self._avals(values)
        if ct is None:
            if cond is None:
                self._check(F.rti_update_attribute_values(a, o, arr, n, t,
                                                          tn))
            else:
                self._check(F.rti_update_attribute_values_with_condition(
                    a, o, arr, n, t, tn, cond))
            return None
        r = c_uint64(0)
        if cond is None:
            self._check(F.rti_update_attribute_values_at(
                a, o, arr, n, t, tn, ct, byref(r)))
        else:
            self._check(F.rti_update_attribute_values_with_condition_at(
                a, o, arr, n, t, tn, cond, ct, byref(r)))
        return MessageRetractionHandle(r.value)

    def update_class_attribute_values(self, cls, instances, tag=b"", *,
                                      time=None):
        """Update many instances of ``cls`` in one bundle: ``instances``
        maps ObjectInstanceHandle -> {AttributeHandle: value}.  ``time``
        as for update_attribute_values."""
        a = self._amb()
        c = _check_handle(cls, ObjectClassHandle, "cls")
        t, tn = _bytes_arg(tag)
        ct = None if time is None else self._time_in(time)
        if not hasattr(instances, "items"):
            raise TypeError("instances must be a mapping of "
                            "ObjectInstanceHandle to attribute values")
        items = list(instances.items())
        barr = (_native.BundleInstance * len(items))()
        keep = []
        for k, (o, vals) in enumerate(items):
            barr[k].object = _check_handle(o, ObjectInstanceHandle,
                                           "instance")
            arr, n, kv = self._avals(vals)
            keep.append((arr, kv))
            barr[k].values = ctypes.cast(arr, ctypes.POINTER(
                _native.AttributeValue))
            barr[k].n_values = n
        if ct is None:
            self._check(F.rti_update_class_attribute_values(
                a, c, barr, len(items), t, tn))
            return None
        r = c_uint64(0)
        self._check(F.rti_update_class_attribute_values_at(
            a, c, barr, len(items), t, tn, ct, byref(r)))
        return MessageRetractionHandle(r.value)

    def set_update_packing(self, packing, max_bundle_bytes=0):
        """How updates are packed into frames (a Packing)."""
        self._check(F.rti_set_update_packing(
            self._amb(), self._enum(packing, Packing, "packing"),
            int(max_bundle_bytes)))

    def flush_updates(self):
        """Send updates buffered by Packing.CLASS now."""
        self._check(F.rti_flush_updates(self._amb()))

    def send_interaction(self, cls, values, tag=b"", *, time=None,
                         condition=None, regions=None):
        """Send an interaction of published ``cls`` with ``values``
        ({ParameterHandle: bytes or value}).  ``time``: timestamp order
        (returns the MessageRetractionHandle); ``condition``: its send
        condition; ``regions``: RegionHandles to send it in (not with
        condition)."""
        a = self._amb()
        c = _check_handle(cls, InteractionClassHandle, "cls")
        t, tn = _bytes_arg(tag)
        cond = _str_arg(condition, "condition", allow_none=True)
        ct = None if time is None else self._time_in(time)
        if regions is not None:
            if cond is not None:
                raise TypeError("regions= cannot be combined with "
                                "condition=")
            rarr, m = self._handles(regions, RegionHandle, "regions")
        arr, n, keep = self._pvals(values)
        if regions is not None and ct is not None:
            r = c_uint64(0)
            self._check(F.rti_send_interaction_with_regions_at(
                a, c, arr, n, rarr, m, t, tn, ct, byref(r)))
            return MessageRetractionHandle(r.value)
        if regions is not None:
            self._check(F.rti_send_interaction_with_regions(
                a, c, arr, n, rarr, m, t, tn))
            return None
        if ct is None:
            if cond is None:
                self._check(F.rti_send_interaction(a, c, arr, n, t, tn))
            else:
                self._check(F.rti_send_interaction_with_condition(
                    a, c, arr, n, t, tn, cond))
            return None
        r = c_uint64(0)
        if cond is None:
            self._check(F.rti_send_interaction_at(a, c, arr, n, t, tn, ct,
                                                  byref(r)))
        else:
            self._check(F.rti_send_interaction_with_condition_at(
                a, c, arr, n, t, tn, cond, ct, byref(r)))
        return MessageRetractionHandle(r.value)

    def delete_object_instance(self, obj, tag=b"", *, time=None):
        """Delete ``obj`` (``time``: in timestamp order; returns the
        MessageRetractionHandle)."""
        a = self._amb()
        o = _check_handle(obj, ObjectInstanceHandle, "obj")
        t, tn = _bytes_arg(tag)
        if time is None:
            self._check(F.rti_delete_object_instance(a, o, t, tn))
            return None
        ct = self._time_in(time)
        r = c_uint64(0)
        self._check(F.rti_delete_object_instance_at(a, o, t, tn, ct,
                                                    byref(r)))
        return MessageRetractionHandle(r.value)

    def local_delete_object_instance(self, obj):
        """Forget a discovered instance."""
        self._check(F.rti_local_delete_object_instance(
            self._amb(), _check_handle(obj, ObjectInstanceHandle, "obj")))

    def request_attribute_value_update(self, target, attrs, tag=b""):
        """Ask the owners of ``attrs`` of ``target`` for their values:
        ``target`` an ObjectInstanceHandle, or an ObjectClassHandle for
        every instance of the class."""
        a = self._amb()
        t, tn = _bytes_arg(tag)
        arr, n = self._handles(attrs, AttributeHandle, "attributes")
        if type(target) is ObjectClassHandle:
            self._check(F.rti_request_class_attribute_value_update(
                a, target.id, arr, n, t, tn))
        else:
            o = _check_handle(target, ObjectInstanceHandle, "target")
            self._check(F.rti_request_attribute_value_update(a, o, arr, n,
                                                             t, tn))

    def get_object_instance_handle(self, name):
        """The ObjectInstanceHandle of a known instance called ``name``."""
        return self._lookup(F.rti_get_object_instance_handle,
                            ObjectInstanceHandle, _str_arg(name, "name"))

    def get_object_instance_name(self, obj):
        """The name of a known instance."""
        return self._name(F.rti_get_object_instance_name,
                          _check_handle(obj, ObjectInstanceHandle, "obj"))

    def get_known_object_class_handle(self, obj):
        """The class this federate knows ``obj`` as."""
        return self._lookup(F.rti_get_known_object_class_handle,
                            ObjectClassHandle,
                            _check_handle(obj, ObjectInstanceHandle, "obj"))

    # -- counters ---------------------------------------------------------

    def get_statistics(self):
        """This federate's counters since it joined, as a dict
        (updates_sent, updates_suppressed, updates_received,
        interactions_sent, interactions_suppressed,
        interactions_received)."""
        s = _native.Statistics()
        self._check(F.rti_get_statistics(self._amb(), byref(s)))
        return {n: getattr(s, n) for n, _ in s._fields_}

    def get_transport_stats(self):
        """What best effort did since the connection opened, as a dict:
        udp (True while the datagram path is confirmed), datagrams_sent,
        bytes_sent, datagrams_received, bytes_received, send_failed,
        rejected, stale, late, unknown, too_large, unconfirmed, and of
        multicast mc_groups, mc_datagrams_received, mc_bytes_received,
        mc_cut, mc_not_addressed, mc_join_failed (librti-object(3),
        TRANSPORTATION TYPES)."""
        s = _native.TransportStatistics()
        self._check(F.rti_get_transport_stats(self._amb(), byref(s)))
        d = {n: getattr(s, n) for n, _ in s._fields_}
        d["udp"] = bool(d["udp"])
        return d

    def query_server_statistics(self):
        """rtiexec's counters as a dict (routed, filtered, frames_in,
        frames_out, bytes_in, bytes_out, slow_consumers_dropped)."""
        s = _native.ServerStatistics()
        self._check(F.rti_query_server_statistics(self._amb(), byref(s)))
        return {n: getattr(s, n) for n, _ in s._fields_}

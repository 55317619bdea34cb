# SPDX-License-Identifier: Apache-2.0
"""The callback side of a federate: :class:`FederateAmbassador`, the base
class of its callbacks, and how librti's C callbacks become calls of its
methods with Python values (:func:`install`, used by
:class:`rti.Ambassador`)."""

import ctypes

from . import _native
from ._convert import _mk, _s
from .handles import (AttributeHandle, FederateHandle,
                      InteractionClassHandle, MessageRetractionHandle,
                      ObjectClassHandle, ObjectInstanceHandle,
                      ParameterHandle)
from .types import (AttributeValues, FederationExecutionInfo, MessageInfo,
                    Order, ParameterValues, RestoreFailureReason,
                    RestoreStatus, SaveFailureReason, SaveStatus,
                    SyncFailureReason, Transportation)

__all__ = ["FederateAmbassador"]


class FederateAmbassador:
    """Base class of a federate's callbacks.

    Subclass it and define the callbacks you want as methods; only those
    are registered with librti (the others are dropped there, as NULL
    members of struct rti_callbacks).  Callbacks run inside
    :meth:`Ambassador.evoke` (or ``evoke_async``), on the caller's thread,
    and may call any service of the ambassador except evoke.  An exception
    a callback raises stops that evoke and is re-raised by it; librti's
    state is not affected and the callbacks still queued are delivered by
    the next evoke.

    ``ambassador`` is set to the :class:`Ambassador` the instance was given
    to.  The methods below document each callback's arguments; they do
    nothing.  Strings are ``str``, tags ``bytes``, sets of handles lists,
    times ``float`` or ``int`` by the federation's time representation.
    """

    ambassador = None

    # Connection and federation management
    def connection_lost(self, fault):
        """The connection to rtiexec is gone (``fault``: why)."""

    def report_federation_executions(self, infos):
        """Answer to list_federation_executions: a list of
        FederationExecutionInfo."""

    def synchronization_point_registration_succeeded(self, label):
        """The point ``label`` this federate registered exists."""

    def synchronization_point_registration_failed(self, label, reason):
        """Registration of ``label`` failed (``reason``:
        SyncFailureReason)."""

    def announce_synchronization_point(self, label, tag):
        """Point ``label`` (with ``tag``, bytes) is announced: call
        synchronization_point_achieved(label) when there."""

    def federation_synchronized(self, label, failed):
        """Every member achieved ``label``; ``failed``: the
        FederateHandles that achieved it unsuccessfully."""

    # Declaration management
    def start_registration_for_object_class(self, cls):
        """Someone subscribes to ``cls`` (ObjectClassHandle)."""

    def stop_registration_for_object_class(self, cls):
        """Nobody subscribes to ``cls`` any more."""

    def turn_interactions_on(self, cls):
        """Someone subscribes to interaction class ``cls``."""

    def turn_interactions_off(self, cls):
        """Nobody subscribes to interaction class ``cls`` any more."""

    # Object management
    def object_instance_name_reservation_succeeded(self, name):
        """``name`` is reserved for this federate."""

    def object_instance_name_reservation_failed(self, name):
        """``name`` could not be reserved."""

    def multiple_object_instance_name_reservation_succeeded(self, names):
        """Every name of ``names`` (a list of str) is reserved."""

    def multiple_object_instance_name_reservation_failed(self, names):
        """The names ``names`` could not be reserved (none is)."""

    def discover_object_instance(self, obj, cls, name, producer):
        """A new instance ``obj`` of ``cls`` called ``name``, registered by
        ``producer`` (FederateHandle)."""

    def reflect_attribute_values(self, obj, values, tag, info):
        """New values of instance ``obj``: ``values`` an AttributeValues
        (AttributeHandle -> bytes), ``tag`` bytes, ``info`` a
        MessageInfo."""

    def reflect_class_bundle(self, cls, instances, tag, info):
        """Defined, it takes class bundles whole instead of one
        reflect_attribute_values per instance: ``instances`` is a dict of
        ObjectInstanceHandle -> AttributeValues, in the bundle's order,
        each with ``.condition``, the instance's send condition (or
        None)."""

    def receive_interaction(self, cls, values, tag, info):
        """An interaction of class ``cls``: ``values`` a ParameterValues
        (ParameterHandle -> bytes)."""

    def remove_object_instance(self, obj, tag, info):
        """Instance ``obj`` was deleted."""

    def attributes_in_scope(self, obj, attrs):
        """Attributes ``attrs`` of ``obj`` came into scope."""

    def attributes_out_of_scope(self, obj, attrs):
        """Attributes ``attrs`` of ``obj`` went out of scope."""

    def provide_attribute_value_update(self, obj, attrs, tag):
        """Someone asks for the current values of ``attrs`` of ``obj``."""

    def turn_updates_on_for_object_instance(self, obj, attrs):
        """Someone wants updates of ``attrs`` of ``obj``."""

    def turn_updates_off_for_object_instance(self, obj, attrs):
        """Nobody wants updates of ``attrs`` of ``obj`` any more."""

    # Ownership management
    def request_attribute_ownership_assumption(self, obj, attrs, tag):
        """Attributes ``attrs`` of ``obj`` are offered to this federate."""

    def request_divestiture_confirmation(self, obj, attrs):
        """Someone wants the offered ``attrs``: confirm_divestiture."""

    def attribute_ownership_acquisition_notification(self, obj, attrs, tag):
        """This federate now owns ``attrs`` of ``obj``."""

    def attribute_ownership_unavailable(self, obj, attrs):
        """``attrs`` of ``obj`` could not be acquired."""

    def request_attribute_ownership_release(self, obj, attrs, tag):
        """Someone wants ``attrs`` of ``obj`` that this federate owns."""

    def confirm_attribute_ownership_acquisition_cancellation(self, obj,
                                                             attrs):
        """The acquisition of ``attrs`` of ``obj`` is cancelled."""

    def inform_attribute_ownership(self, obj, attr, owner):
        """Answer to query_attribute_ownership: ``owner`` owns it."""

    def attribute_is_not_owned(self, obj, attr):
        """Answer to query_attribute_ownership: nobody owns it."""

    def attribute_is_owned_by_rti(self, obj, attr):
        """Answer to query_attribute_ownership: the RTI owns it."""

    # Time management
    def time_regulation_enabled(self, time):
        """Time regulation is on; ``time`` the federate's logical time."""

    def time_constrained_enabled(self, time):
        """Time constrained is on; ``time`` the federate's logical time."""

    def time_advance_grant(self, time):
        """The logical time advanced to ``time``."""

    def request_retraction(self, retraction):
        """A message received earlier (MessageRetractionHandle) was
        retracted by its sender."""

    # Federation save and restore (librti-save(3))
    def initiate_federate_save(self, label, time):
        """Save this federate's state under ``label`` (``time``: the
        save's logical time, None for an untimed save): call
        federate_save_begun, then federate_save_complete or
        federate_save_not_complete."""

    def federation_saved(self):
        """The federation is saved."""

    def federation_not_saved(self, reason):
        """The federation was not saved (``reason``:
        SaveFailureReason)."""

    def federation_save_status_response(self, status):
        """Answer to query_federation_save_status: a list of
        (FederateHandle, SaveStatus)."""

    def request_federation_restore_succeeded(self, label):
        """The restore of ``label`` this federate asked for is taken."""

    def request_federation_restore_failed(self, label, reason):
        """The restore of ``label`` is refused; ``reason`` says why."""

    def federation_restore_begun(self):
        """A restore begins: only the save and restore services work."""

    def initiate_federate_restore(self, label, name, federate):
        """Restore this federate's state of ``label``; it is now
        ``name`` (str), ``federate`` (FederateHandle).  Call
        federate_restore_complete or federate_restore_not_complete."""

    def federation_restored(self):
        """The federation is restored."""

    def federation_not_restored(self, reason):
        """The federation was not restored (``reason``:
        RestoreFailureReason)."""

    def federation_restore_status_response(self, status):
        """Answer to query_federation_restore_status: a list of
        (FederateHandle before, FederateHandle after or None,
        RestoreStatus)."""
    # Transportation types
    def report_attribute_transportation_type(self, obj, attr, type):
        """Answer to query_attribute_transportation_type: ``attr`` of
        ``obj`` is sent with ``type`` (:class:`Transportation`)."""

    def report_interaction_transportation_type(self, federate, cls, type):
        """Answer to query_interaction_transportation_type: ``federate``
        sends ``cls`` with ``type`` (:class:`Transportation`)."""


def install(amb, fed):
    """Register the callbacks ``fed`` defines (the methods it overrides)
    in ``amb``'s struct rti_callbacks, each as a C callback that converts
    librti's arguments and calls the method; the others stay NULL."""
    base = FederateAmbassador
    for name, _ in _native.CALLBACKS:
        m = getattr(type(fed), name, None)
        if m is None or m is getattr(base, name, None):
            continue
        thunk = _native.CALLBACK_TYPES[name](
            _thunk(amb, name, getattr(fed, name)))
        amb._thunks.append(thunk)
        setattr(amb._cbs, name, thunk)


def _info(amb, p):
    i = p.contents
    ro = Order(i.received_order)
    return MessageInfo(
        amb._hc[FederateHandle][i.producer], Order(i.sent_order), ro,
        amb._time_out(i.time) if i.has_time else None,
        _mk(MessageRetractionHandle, i.retraction) if i.retraction
        else None, _s(i.condition))


def _avs(amb, p, n):
    out = AttributeValues()
    out._amb = amb
    ah = amb._hc[AttributeHandle]
    sa = ctypes.string_at
    for k in range(n):
        v = p[k]
        out[ah[v.attribute]] = sa(v.value, v.length) if v.length \
            else b""
    return out


def _thunk(amb, name, method):
    """A C callback that converts librti's arguments and calls
    ``method``; an exception is kept for the evoke to raise."""
    hc = amb._hc
    oc, at = hc[ObjectClassHandle], hc[AttributeHandle]
    ic, pa = hc[InteractionClassHandle], hc[ParameterHandle]
    fh = hc[FederateHandle]
    sa = ctypes.string_at

    def tag(p, n):
        return sa(p, n) if n else b""

    def obj(i):
        return _mk(ObjectInstanceHandle, i)

    def attrs(p, n):
        return [at[i] for i in p[:n]] if n else []

    if name == "connection_lost":
        conv = lambda f: (_s(f),)
    elif name == "report_federation_executions":
        conv = lambda p, n: ([FederationExecutionInfo(
            _s(p[i].name), _s(p[i].time_implementation),
            p[i].federates) for i in range(n)],)
    elif name == "synchronization_point_registration_failed":
        conv = lambda l, r: (_s(l), SyncFailureReason(r))
    elif name == "announce_synchronization_point":
        conv = lambda l, p, n: (_s(l), tag(p, n))
    elif name == "federation_synchronized":
        conv = lambda l, p, n: (_s(l), [fh[i] for i in p[:n]]
                                if n else [])
    elif name in ("start_registration_for_object_class",
                  "stop_registration_for_object_class"):
        conv = lambda c: (oc[c],)
    elif name in ("turn_interactions_on", "turn_interactions_off"):
        conv = lambda c: (ic[c],)
    elif name.startswith("multiple_object_instance_name_reservation"):
        conv = lambda p, n: ([_s(p[i]) for i in range(n)],)
    elif name in ("synchronization_point_registration_succeeded",
                  "object_instance_name_reservation_succeeded",
                  "object_instance_name_reservation_failed"):
        conv = lambda l: (_s(l),)
    elif name == "discover_object_instance":
        conv = lambda o, c, nm, pr: (obj(o), oc[c], _s(nm), fh[pr])
    elif name == "reflect_attribute_values":
        conv = lambda o, p, n, t, tn, i: (obj(o), _avs(amb, p, n),
                                          tag(t, tn), _info(amb, i))
    elif name == "reflect_class_bundle":
        def conv(c, p, n, t, tn, i):
            inst = {}
            for k in range(n):
                b = p[k]
                av = _avs(amb, b.values, b.n_values)
                av.condition = _s(b.condition)
                inst[obj(b.object)] = av
            return oc[c], inst, tag(t, tn), _info(amb, i)
    elif name == "receive_interaction":
        def conv(c, p, n, t, tn, i):
            out = ParameterValues()
            out._amb = amb
            for k in range(n):
                v = p[k]
                out[pa[v.parameter]] = sa(v.value, v.length) \
                    if v.length else b""
            return ic[c], out, tag(t, tn), _info(amb, i)
    elif name == "remove_object_instance":
        conv = lambda o, t, tn, i: (obj(o), tag(t, tn), _info(amb, i))
    elif name in ("provide_attribute_value_update",
                  "request_attribute_ownership_assumption",
                  "attribute_ownership_acquisition_notification",
                  "request_attribute_ownership_release"):
        conv = lambda o, p, n, t, tn: (obj(o), attrs(p, n), tag(t, tn))
    elif name in ("inform_attribute_ownership",):
        conv = lambda o, a, f: (obj(o), at[a], fh[f])
    elif name in ("attribute_is_not_owned", "attribute_is_owned_by_rti"):
        conv = lambda o, a: (obj(o), at[a])
    elif name in ("time_regulation_enabled", "time_constrained_enabled",
                  "time_advance_grant"):
        conv = lambda t: (amb._time_out(t),)
    elif name == "request_retraction":
        conv = lambda r: (_mk(MessageRetractionHandle, r),)
    elif name == "initiate_federate_save":
        conv = lambda l, ht, t: (_s(l), amb._time_out(t) if ht
                                 else None)
    elif name in ("federation_saved", "federation_restore_begun",
                  "federation_restored"):
        conv = lambda: ()
    elif name == "federation_not_saved":
        conv = lambda r: (SaveFailureReason(r),)
    elif name == "federation_not_restored":
        conv = lambda r: (RestoreFailureReason(r),)
    elif name == "federation_save_status_response":
        conv = lambda p, n: ([(_mk(FederateHandle, p[i].federate),
                               SaveStatus(p[i].status))
                              for i in range(n)],)
    elif name == "federation_restore_status_response":
        conv = lambda p, n: ([(
            _mk(FederateHandle, p[i].pre_restore),
            _mk(FederateHandle, p[i].post_restore)
            if p[i].post_restore else None,
            RestoreStatus(p[i].status)) for i in range(n)],)
    elif name == "request_federation_restore_succeeded":
        conv = lambda l: (_s(l),)
    elif name == "request_federation_restore_failed":
        conv = lambda l, r: (_s(l), _s(r))
    elif name == "initiate_federate_restore":
        conv = lambda l, nm, h: (_s(l), _s(nm),
                                 _mk(FederateHandle, h))
    elif name == "report_attribute_transportation_type":
        conv = lambda o, a, t: (obj(o), at[a], Transportation(t))
    elif name == "report_interaction_transportation_type":
        conv = lambda f, c, t: (fh[f], ic[c], Transportation(t))
    else:   # (obj, attrs, n): scope, turn updates, ownership answers
        conv = lambda o, p, n: (obj(o), attrs(p, n))

    def thunk(arg, *args):
        amb._ncb += 1
        try:
            method(*conv(*args))
        except BaseException as e:  # re-raised by the evoke
            amb._record(name, e)
    return thunk

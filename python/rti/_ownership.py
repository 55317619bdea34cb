# SPDX-License-Identifier: Apache-2.0
"""The ownership, order and transportation services of :class:`rti.Ambassador`.

A mixin of :class:`rti.ambassador.Ambassador` (IEEE 1516-2010 chapter 7
and 8.23-8.26): the methods use the ambassador's plumbing (``_amb``,
``_check``, ``_handles``) and are documented as its own.
"""

from ctypes import byref, c_int, c_size_t, c_uint32

from ._convert import _bytes_arg
from ._native import F
from .handles import (AttributeHandle, FederateHandle,
                      InteractionClassHandle, ObjectInstanceHandle,
                      check as _check_handle)
from .types import Order, Transportation, _order_arg, _transport_arg


class _OwnershipServices:
    """Ownership, order type and transportation type services."""

    def _own(self, fn, obj, attrs, tag=None):
        o = _check_handle(obj, ObjectInstanceHandle, "obj")
        arr, n = self._handles(attrs, AttributeHandle, "attributes")
        if tag is None:
            self._check(fn(self._amb(), o, arr, n))
        else:
            t, tn = _bytes_arg(tag)
            self._check(fn(self._amb(), o, arr, n, t, tn))

    def change_attribute_order_type(self, obj, attrs, order):
        """Send ``attrs`` of ``obj`` (owned here) in ``order`` (:class:`Order`)
        from now on, instead of the FOM's order type (IEEE 1516-2010
        8.23)."""
        o = _check_handle(obj, ObjectInstanceHandle, "obj")
        arr, n = self._handles(attrs, AttributeHandle, "attributes")
        self._check(F.rti_change_attribute_order_type(
            self._amb(), o, arr, n, _order_arg(order)))

    def change_interaction_order_type(self, cls, order):
        """Send interactions of the published class ``cls`` in ``order``
        (:class:`Order`) from now on (IEEE 1516-2010 8.24)."""
        self._check(F.rti_change_interaction_order_type(
            self._amb(), _check_handle(cls, InteractionClassHandle, "cls"),
            _order_arg(order)))

    def change_attribute_transportation_type(self, obj, attrs, type):
        """Send ``attrs`` of ``obj`` (owned here) with ``type``
        (:class:`Transportation`) from now on (IEEE 1516-2010 8.21)."""
        o = _check_handle(obj, ObjectInstanceHandle, "obj")
        arr, n = self._handles(attrs, AttributeHandle, "attributes")
        self._check(F.rti_change_attribute_transportation_type(
            self._amb(), o, arr, n, _transport_arg(type)))

    def query_attribute_transportation_type(self, obj, attr):
        """Ask the type ``attr`` of ``obj`` is sent with: answered by
        report_attribute_transportation_type."""
        self._check(F.rti_query_attribute_transportation_type(
            self._amb(), _check_handle(obj, ObjectInstanceHandle, "obj"),
            _check_handle(attr, AttributeHandle, "attribute")))

    def change_interaction_transportation_type(self, cls, type):
        """Send interactions of the published class ``cls`` with ``type``
        (:class:`Transportation`) from now on (IEEE 1516-2010 8.22)."""
        self._check(F.rti_change_interaction_transportation_type(
            self._amb(), _check_handle(cls, InteractionClassHandle, "cls"),
            _transport_arg(type)))

    def query_interaction_transportation_type(self, federate, cls):
        """Ask the type ``federate`` sends ``cls`` with: answered by
        report_interaction_transportation_type."""
        self._check(F.rti_query_interaction_transportation_type(
            self._amb(), _check_handle(federate, FederateHandle,
                                       "federate"),
            _check_handle(cls, InteractionClassHandle, "cls")))

    def unconditional_attribute_ownership_divestiture(self, obj, attrs):
        """Give up ``attrs`` of ``obj`` at once."""
        self._own(F.rti_unconditional_attribute_ownership_divestiture, obj,
                  attrs)

    def negotiated_attribute_ownership_divestiture(self, obj, attrs,
                                                   tag=b""):
        """Offer ``attrs`` of ``obj`` to others."""
        self._own(F.rti_negotiated_attribute_ownership_divestiture, obj,
                  attrs, tag)

    def confirm_divestiture(self, obj, attrs, tag=b""):
        """Hand the offered ``attrs`` to the acquirer."""
        self._own(F.rti_confirm_divestiture, obj, attrs, tag)

    def cancel_negotiated_attribute_ownership_divestiture(self, obj, attrs):
        """Withdraw an offer."""
        self._own(F.rti_cancel_negotiated_attribute_ownership_divestiture,
                  obj, attrs)

    def attribute_ownership_divestiture_if_wanted(self, obj, attrs):
        """Give those of ``attrs`` someone waits for; returns the list of
        AttributeHandles given."""
        o = _check_handle(obj, ObjectInstanceHandle, "obj")
        arr, n = self._handles(attrs, AttributeHandle, "attributes")
        out = (c_uint32 * max(n, 1))()
        k = c_size_t(0)
        self._check(F.rti_attribute_ownership_divestiture_if_wanted(
            self._amb(), o, arr, n, out, byref(k)))
        return [self._hc[AttributeHandle][out[i]] for i in range(k.value)]

    def attribute_ownership_release_denied(self, obj, attrs):
        """Keep ``attrs`` someone asked for."""
        self._own(F.rti_attribute_ownership_release_denied, obj, attrs)

    def attribute_ownership_acquisition(self, obj, attrs, tag=b""):
        """Acquire ``attrs`` of ``obj``: answered by
        attribute_ownership_acquisition_notification."""
        self._own(F.rti_attribute_ownership_acquisition, obj, attrs, tag)

    def attribute_ownership_acquisition_if_available(self, obj, attrs):
        """Acquire those of ``attrs`` that are free or offered."""
        self._own(F.rti_attribute_ownership_acquisition_if_available, obj,
                  attrs)

    def cancel_attribute_ownership_acquisition(self, obj, attrs):
        """Cancel a pending acquisition."""
        self._own(F.rti_cancel_attribute_ownership_acquisition, obj, attrs)

    def query_attribute_ownership(self, obj, attr):
        """Ask who owns ``attr`` of ``obj``: answered by
        inform_attribute_ownership, attribute_is_not_owned or
        attribute_is_owned_by_rti."""
        self._check(F.rti_query_attribute_ownership(
            self._amb(), _check_handle(obj, ObjectInstanceHandle, "obj"),
            _check_handle(attr, AttributeHandle, "attribute")))

    def is_attribute_owned_by_federate(self, obj, attr):
        """True when this federate owns ``attr`` of ``obj`` (local)."""
        v = c_int(0)
        self._check(F.rti_is_attribute_owned_by_federate(
            self._amb(), _check_handle(obj, ObjectInstanceHandle, "obj"),
            _check_handle(attr, AttributeHandle, "attribute"), byref(v)))
        return bool(v.value)

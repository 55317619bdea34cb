# SPDX-License-Identifier: Apache-2.0
"""The condition and region services of :class:`rti.Ambassador` (DDM).

A mixin of :class:`rti.ambassador.Ambassador` (IEEE 1516-2010 chapter 9,
and rti's subscription conditions): the methods use the ambassador's
plumbing (``_amb``, ``_check``, ``_handles``, ``_names``) and are
documented as its own.
"""

from ctypes import byref, c_uint32, c_uint64

from ._convert import _bytes_arg, _str_arg
from ._native import F
from .handles import (AttributeHandle, DimensionHandle,
                      InteractionClassHandle, ObjectClassHandle,
                      ObjectInstanceHandle, RegionHandle,
                      check as _check_handle)


class _RegionServices:
    """Subscription conditions, instance conditions and regions."""

    def _class_fn(self, cls, ofn, ifn):
        if type(cls) is ObjectClassHandle:
            return ofn, cls.id
        if type(cls) is InteractionClassHandle:
            return ifn, cls.id
        raise TypeError("cls must be an ObjectClassHandle or an "
                        "InteractionClassHandle, not %s"
                        % type(cls).__name__)

    def add_subscription_condition(self, cls, condition):
        """Narrow the subscription of ``cls`` (an object or interaction
        class) to ``condition`` ("north/S2"; a prefix ending in "/"
        matches everything under it); conditions add up (OR)."""
        fn, c = self._class_fn(cls, F.rti_add_subscription_condition,
                               F.rti_add_interaction_subscription_condition)
        self._check(fn(self._amb(), c, _str_arg(condition, "condition")))

    def remove_subscription_condition(self, cls, condition):
        """Remove a subscription condition of ``cls``."""
        fn, c = self._class_fn(
            cls, F.rti_remove_subscription_condition,
            F.rti_remove_interaction_subscription_condition)
        self._check(fn(self._amb(), c, _str_arg(condition, "condition")))

    def set_subscription_conditions(self, cls, conditions):
        """Replace the conditions of ``cls``'s subscription in one step
        (an empty list: no conditions, everything)."""
        fn, c = self._class_fn(
            cls, F.rti_set_subscription_conditions,
            F.rti_set_interaction_subscription_conditions)
        arr, n = self._names(list(conditions), "condition")
        self._check(fn(self._amb(), c, arr, n))

    def set_object_instance_condition(self, obj, condition):
        """The send condition of ``obj``'s updates (None clears it)."""
        self._check(F.rti_set_object_instance_condition(
            self._amb(), _check_handle(obj, ObjectInstanceHandle, "obj"),
            _str_arg(condition, "condition", allow_none=True)))

    def create_region(self, dims):
        """A new region over DimensionHandles ``dims`` (each range [0,
        upper bound)); returns its RegionHandle."""
        arr, n = self._handles(dims, DimensionHandle, "dimensions")
        h = c_uint32(0)
        self._check(F.rti_create_region(self._amb(), arr, n, byref(h)))
        return RegionHandle(h.value)

    @staticmethod
    def _bound(v, what):
        if isinstance(v, bool) or not isinstance(v, int):
            raise TypeError("%s must be an int" % what)
        if not 0 <= v < 1 << 64:
            raise ValueError("%s %d out of range" % (what, v))
        return v

    def set_range_bounds(self, region, dim, lower, upper):
        """Set the range [lower, upper) of ``region`` on ``dim`` (sent by
        commit_region_modifications)."""
        self._check(F.rti_set_range_bounds(
            self._amb(), _check_handle(region, RegionHandle, "region"),
            _check_handle(dim, DimensionHandle, "dimension"),
            self._bound(lower, "lower"), self._bound(upper, "upper")))

    def get_range_bounds(self, region, dim):
        """(lower, upper) of ``region`` on ``dim``."""
        lo, up = c_uint64(0), c_uint64(0)
        self._check(F.rti_get_range_bounds(
            self._amb(), _check_handle(region, RegionHandle, "region"),
            _check_handle(dim, DimensionHandle, "dimension"), byref(lo),
            byref(up)))
        return lo.value, up.value

    def commit_region_modifications(self, regions):
        """Send the changed ranges of ``regions``."""
        arr, n = self._handles(regions, RegionHandle, "regions")
        self._check(F.rti_commit_region_modifications(self._amb(), arr, n))

    def delete_region(self, region):
        """Delete a region no subscription or update uses."""
        self._check(F.rti_delete_region(
            self._amb(), _check_handle(region, RegionHandle, "region")))

    def subscribe_object_class_attributes_with_regions(self, cls, attrs,
                                                       regions,
                                                       passive=False):
        """Subscribe ``attrs`` of ``cls`` within ``regions`` (passively:
        without making publishers relevant)."""
        c = _check_handle(cls, ObjectClassHandle, "cls")
        arr, n = self._handles(attrs, AttributeHandle, "attributes")
        rarr, m = self._handles(regions, RegionHandle, "regions")
        fn = (F.rti_subscribe_object_class_attributes_passively_with_regions
              if passive else
              F.rti_subscribe_object_class_attributes_with_regions)
        self._check(fn(self._amb(), c, arr, n, rarr, m))

    def unsubscribe_object_class_attributes_with_regions(self, cls,
                                                         regions):
        """Remove the subscriptions of ``cls`` made with ``regions``."""
        c = _check_handle(cls, ObjectClassHandle, "cls")
        rarr, m = self._handles(regions, RegionHandle, "regions")
        self._check(F.rti_unsubscribe_object_class_attributes_with_regions(
            self._amb(), c, rarr, m))

    def subscribe_interaction_class_with_regions(self, cls, regions,
                                                 passive=False):
        """Subscribe interaction class ``cls`` within ``regions``
        (passively: without making publishers relevant)."""
        c = _check_handle(cls, InteractionClassHandle, "cls")
        rarr, m = self._handles(regions, RegionHandle, "regions")
        fn = (F.rti_subscribe_interaction_class_passively_with_regions
              if passive else F.rti_subscribe_interaction_class_with_regions)
        self._check(fn(self._amb(), c, rarr, m))

    def unsubscribe_interaction_class_with_regions(self, cls, regions):
        """Remove the subscription of ``cls`` made with ``regions``."""
        c = _check_handle(cls, InteractionClassHandle, "cls")
        rarr, m = self._handles(regions, RegionHandle, "regions")
        self._check(F.rti_unsubscribe_interaction_class_with_regions(
            self._amb(), c, rarr, m))

    def register_object_instance_with_regions(self, cls, attrs, regions,
                                              name=None):
        """Register an instance of ``cls`` (with a reserved ``name``)
        whose ``attrs`` are updated in ``regions``; returns its
        ObjectInstanceHandle."""
        c = _check_handle(cls, ObjectClassHandle, "cls")
        arr, n = self._handles(attrs, AttributeHandle, "attributes")
        rarr, m = self._handles(regions, RegionHandle, "regions")
        nm = _str_arg(name, "name", allow_none=True)
        h = c_uint32(0)
        self._check(F.rti_register_object_instance_with_name_and_regions(
            self._amb(), c, nm, arr, n, rarr, m, byref(h)))
        return ObjectInstanceHandle(h.value)

    def associate_regions_for_updates(self, obj, attrs, regions):
        """Send updates of ``attrs`` of ``obj`` in ``regions``."""
        o = _check_handle(obj, ObjectInstanceHandle, "obj")
        arr, n = self._handles(attrs, AttributeHandle, "attributes")
        rarr, m = self._handles(regions, RegionHandle, "regions")
        self._check(F.rti_associate_regions_for_updates(
            self._amb(), o, arr, n, rarr, m))

    def unassociate_regions_for_updates(self, obj, attrs, regions):
        """Undo associate_regions_for_updates."""
        o = _check_handle(obj, ObjectInstanceHandle, "obj")
        arr, n = self._handles(attrs, AttributeHandle, "attributes")
        rarr, m = self._handles(regions, RegionHandle, "regions")
        self._check(F.rti_unassociate_regions_for_updates(
            self._amb(), o, arr, n, rarr, m))

    def request_attribute_value_update_with_regions(self, cls, attrs,
                                                    regions, tag=b""):
        """Ask for ``attrs`` of the instances of ``cls`` in ``regions``."""
        c = _check_handle(cls, ObjectClassHandle, "cls")
        arr, n = self._handles(attrs, AttributeHandle, "attributes")
        rarr, m = self._handles(regions, RegionHandle, "regions")
        t, tn = _bytes_arg(tag)
        self._check(F.rti_request_attribute_value_update_with_regions(
            self._amb(), c, arr, n, rarr, m, t, tn))

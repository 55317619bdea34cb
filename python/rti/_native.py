# SPDX-License-Identifier: Apache-2.0
"""librti through ctypes: finding the library, the structs of librti.h and
the prototypes of its functions.

Private to the package: the public names are in :mod:`rti`.

Which library is loaded, first match wins:

1. ``RTI_LIBRARY``: the path of a ``librti.so`` (for a build tree:
   ``RTI_LIBRARY=librti/.libs/librti.so``);
2. the build tree this package sits in (``python/rti`` next to
   ``librti/.libs``), when the package is imported from a source tree
   built in place;
3. the library installed with the package (the ``libdir`` recorded by
   ``make install`` in ``rti/_paths.py``);
4. ``librti.so.0`` by soname, as the dynamic linker finds it.
"""

import ctypes
import os
from ctypes import (CFUNCTYPE, POINTER, Structure, c_char_p, c_double,
                    c_int, c_int64, c_size_t, c_uint32, c_uint64, c_void_p)

SONAME = "librti.so.0"


def _candidates():
    env = os.environ.get("RTI_LIBRARY")
    if env:
        # An explicit choice is the only one: a wrong path is an error,
        # never a silent fallback to some other librti.
        return [env], True
    here = os.path.dirname(os.path.abspath(__file__))
    out = [os.path.normpath(os.path.join(here, os.pardir, os.pardir,
                                         "librti", ".libs", SONAME))]
    try:
        from . import _paths  # written by make install
        out.append(os.path.join(_paths.LIBDIR, SONAME))
    except ImportError:
        pass
    out.append(SONAME)
    return out, False


def _load():
    names, explicit = _candidates()
    errors = []
    for name in names:
        if os.sep in name and not explicit and not os.path.exists(name):
            continue
        try:
            return ctypes.CDLL(name), name
        except OSError as e:
            errors.append("%s: %s" % (name, e))
    raise ImportError(
        "rti: cannot load librti (%s).  Set RTI_LIBRARY to the path of "
        "librti.so (in a build tree: librti/.libs/librti.so), or install "
        "rti." % "; ".join(errors))


lib, path = _load()

# Handles are structs of one uint32_t (the retraction handle one uint64_t),
# passed by value as that integer is (librti.h): ctypes passes the integer.
handle_t = c_uint32
retraction_t = c_uint64


class Time(Structure):
    """rti_time: 16 bytes, double at 0, int64_t at 8, passed by value."""
    _fields_ = [("f64", c_double), ("i64", c_int64)]


class AttributeValue(Structure):
    _fields_ = [("attribute", handle_t), ("value", c_void_p),
                ("length", c_uint32)]


class ParameterValue(Structure):
    _fields_ = [("parameter", handle_t), ("value", c_void_p),
                ("length", c_uint32)]


class MessageInfo(Structure):
    _fields_ = [("producer", handle_t), ("sent_order", c_int),
                ("received_order", c_int), ("time", Time),
                ("retraction", retraction_t), ("condition", c_char_p),
                ("has_time", c_int), ("transportation", c_int)]


class FederationExecutionInfo(Structure):
    _fields_ = [("name", c_char_p), ("time_implementation", c_char_p),
                ("federates", c_uint32)]


class FederateSaveStatus(Structure):
    _fields_ = [("federate", handle_t), ("status", c_int)]


class FederateRestoreStatus(Structure):
    _fields_ = [("pre_restore", handle_t), ("post_restore", handle_t),
                ("status", c_int)]


class BundleInstance(Structure):
    _fields_ = [("object", handle_t), ("values", POINTER(AttributeValue)),
                ("n_values", c_size_t), ("condition", c_char_p)]


class FomModule(Structure):
    """struct rti_fom_module: a designator and, unless NULL, its text."""
    _fields_ = [("designator", c_char_p), ("text", c_char_p),
                ("len", c_size_t)]


class Statistics(Structure):
    _fields_ = [(n, c_uint64) for n in (
        "updates_sent", "updates_suppressed", "updates_received",
        "interactions_sent", "interactions_suppressed",
        "interactions_received")]


class TransportStatistics(Structure):
    _fields_ = [("udp", c_int)] + [(n, c_uint64) for n in (
        "datagrams_sent", "bytes_sent", "datagrams_received",
        "bytes_received", "send_failed", "rejected", "stale", "late",
        "unknown", "too_large", "unconfirmed", "mc_groups",
        "mc_datagrams_received", "mc_bytes_received", "mc_cut",
        "mc_not_addressed", "mc_join_failed")]


class ServerStatistics(Structure):
    _fields_ = [(n, c_uint64) for n in (
        "routed", "filtered", "frames_in", "frames_out", "bytes_in",
        "bytes_out", "slow_consumers_dropped")]


_p = c_void_p        # the callback's arg, and borrowed byte pointers
_h = handle_t
_hs = POINTER(handle_t)
_mi = POINTER(MessageInfo)

# struct rti_callbacks, member by member in the header's order.
CALLBACKS = [
    ("connection_lost", (_p, c_char_p)),
    ("report_federation_executions",
     (_p, POINTER(FederationExecutionInfo), c_size_t)),
    ("synchronization_point_registration_succeeded", (_p, c_char_p)),
    ("synchronization_point_registration_failed", (_p, c_char_p, c_int)),
    ("announce_synchronization_point", (_p, c_char_p, _p, c_size_t)),
    ("federation_synchronized", (_p, c_char_p, _hs, c_size_t)),
    ("start_registration_for_object_class", (_p, _h)),
    ("stop_registration_for_object_class", (_p, _h)),
    ("turn_interactions_on", (_p, _h)),
    ("turn_interactions_off", (_p, _h)),
    ("object_instance_name_reservation_succeeded", (_p, c_char_p)),
    ("object_instance_name_reservation_failed", (_p, c_char_p)),
    ("multiple_object_instance_name_reservation_succeeded",
     (_p, POINTER(c_char_p), c_size_t)),
    ("multiple_object_instance_name_reservation_failed",
     (_p, POINTER(c_char_p), c_size_t)),
    ("discover_object_instance", (_p, _h, _h, c_char_p, _h)),
    ("reflect_attribute_values",
     (_p, _h, POINTER(AttributeValue), c_size_t, _p, c_size_t, _mi)),
    ("reflect_class_bundle",
     (_p, _h, POINTER(BundleInstance), c_size_t, _p, c_size_t, _mi)),
    ("receive_interaction",
     (_p, _h, POINTER(ParameterValue), c_size_t, _p, c_size_t, _mi)),
    ("remove_object_instance", (_p, _h, _p, c_size_t, _mi)),
    ("attributes_in_scope", (_p, _h, _hs, c_size_t)),
    ("attributes_out_of_scope", (_p, _h, _hs, c_size_t)),
    ("provide_attribute_value_update", (_p, _h, _hs, c_size_t, _p,
                                        c_size_t)),
    ("turn_updates_on_for_object_instance", (_p, _h, _hs, c_size_t)),
    ("turn_updates_off_for_object_instance", (_p, _h, _hs, c_size_t)),
    ("request_attribute_ownership_assumption",
     (_p, _h, _hs, c_size_t, _p, c_size_t)),
    ("request_divestiture_confirmation", (_p, _h, _hs, c_size_t)),
    ("attribute_ownership_acquisition_notification",
     (_p, _h, _hs, c_size_t, _p, c_size_t)),
    ("attribute_ownership_unavailable", (_p, _h, _hs, c_size_t)),
    ("request_attribute_ownership_release",
     (_p, _h, _hs, c_size_t, _p, c_size_t)),
    ("confirm_attribute_ownership_acquisition_cancellation",
     (_p, _h, _hs, c_size_t)),
    ("inform_attribute_ownership", (_p, _h, _h, _h)),
    ("attribute_is_not_owned", (_p, _h, _h)),
    ("attribute_is_owned_by_rti", (_p, _h, _h)),
    ("time_regulation_enabled", (_p, Time)),
    ("time_constrained_enabled", (_p, Time)),
    ("time_advance_grant", (_p, Time)),
    ("request_retraction", (_p, retraction_t)),
    ("initiate_federate_save", (_p, c_char_p, c_int, Time)),
    ("federation_saved", (_p,)),
    ("federation_not_saved", (_p, c_int)),
    ("federation_save_status_response",
     (_p, POINTER(FederateSaveStatus), c_size_t)),
    ("request_federation_restore_succeeded", (_p, c_char_p)),
    ("request_federation_restore_failed", (_p, c_char_p, c_char_p)),
    ("federation_restore_begun", (_p,)),
    ("initiate_federate_restore", (_p, c_char_p, c_char_p, _h)),
    ("federation_restored", (_p,)),
    ("federation_not_restored", (_p, c_int)),
    ("federation_restore_status_response",
     (_p, POINTER(FederateRestoreStatus), c_size_t)),
    ("report_attribute_transportation_type", (_p, _h, _h, c_int)),
    ("report_interaction_transportation_type", (_p, _h, _h, c_int)),
]

CALLBACK_TYPES = {name: CFUNCTYPE(None, *args) for name, args in CALLBACKS}


class Callbacks(Structure):
    _fields_ = [(name, CALLBACK_TYPES[name]) for name, _ in CALLBACKS]


_amb = c_void_p
_str = c_char_p
_int = c_int
_sz = c_size_t
_ps = POINTER(c_size_t)
_pi = POINTER(c_int)
_pu64 = POINTER(c_uint64)
_pstr = POINTER(c_char_p)
_ph = POINTER(handle_t)
_pr = POINTER(retraction_t)
_pav = POINTER(AttributeValue)
_ppv = POINTER(ParameterValue)
_pbi = POINTER(BundleInstance)
_pt = POINTER(Time)

# name: (restype, argtypes); every service returns int (RTI_OK or a code).
PROTOTYPES = {
    "rti_strerror": (c_char_p, [c_int]),
    "rti_err_name": (c_char_p, [c_int]),
    "rti_ambassador_new": (_amb, []),
    "rti_ambassador_free": (None, [_amb]),
    "rti_connect": (_int, [_amb, _str, POINTER(Callbacks), c_void_p]),
    "rti_set_auth_key": (_int, [_amb, c_char_p, _sz]),
    "rti_set_heartbeat_timeout": (_int, [_amb, c_double]),
    "rti_disconnect": (_int, [_amb]),
    "rti_get_fd": (_int, [_amb]),
    "rti_evoke_callbacks": (_int, [_amb, c_double, c_double, _pi]),
    "rti_evoke_callback": (_int, [_amb, c_double, _pi]),
    "rti_error_message": (c_char_p, [_amb]),
    "rti_create_federation_execution": (_int, [_amb, _str, _pstr, _sz,
                                               _str]),
    "rti_destroy_federation_execution": (_int, [_amb, _str]),
    "rti_list_federation_executions": (_int, [_amb]),
    "rti_join_federation_execution": (_int, [_amb, _str, _str, _str, _ph]),
    "rti_join_federation_execution_with_modules":
        (_int, [_amb, _str, _str, _str, _pstr, _sz, _ph]),
    "rti_resign_federation_execution": (_int, [_amb, _int]),
    "rti_set_automatic_resign_directive": (_int, [_amb, _int]),
    "rti_get_automatic_resign_directive": (_int, [_amb, _pi]),
    "rti_create_federation_execution_from_modules":
        (_int, [_amb, _str, POINTER(FomModule), _sz, _str]),
    "rti_join_federation_execution_from_modules":
        (_int, [_amb, _str, _str, _str, POINTER(FomModule), _sz, _ph]),
    "rti_get_available_dimensions_for_class_attribute":
        (_int, [_amb, _h, _h, _ph, _sz, POINTER(c_size_t)]),
    "rti_get_available_dimensions_for_interaction_class":
        (_int, [_amb, _h, _ph, _sz, POINTER(c_size_t)]),
    "rti_get_region_dimensions": (_int, [_amb, _h, _ph, _sz,
                                         POINTER(c_size_t)]),
    "rti_subscribe_object_class_attributes_passively_with_regions":
        (_int, [_amb, _h, _ph, _sz, _ph, _sz]),
    "rti_subscribe_interaction_class_passively_with_regions":
        (_int, [_amb, _h, _ph, _sz]),
    "rti_register_object_instance_with_name_and_regions":
        (_int, [_amb, _h, _str, _ph, _sz, _ph, _sz, _ph]),
    "rti_send_interaction_with_regions_at":
        (_int, [_amb, _h, _ppv, _sz, _ph, _sz, c_char_p, _sz, Time, _pr]),
    "rti_register_federation_synchronization_point":
        (_int, [_amb, _str, c_char_p, _sz, _ph, _sz]),
    "rti_synchronization_point_achieved": (_int, [_amb, _str, _int]),
    "rti_request_federation_save": (_int, [_amb, _str]),
    "rti_request_federation_save_at_time": (_int, [_amb, _str, Time]),
    "rti_federate_save_begun": (_int, [_amb]),
    "rti_federate_save_complete": (_int, [_amb]),
    "rti_federate_save_not_complete": (_int, [_amb]),
    "rti_abort_federation_save": (_int, [_amb]),
    "rti_query_federation_save_status": (_int, [_amb]),
    "rti_request_federation_restore": (_int, [_amb, _str]),
    "rti_federate_restore_complete": (_int, [_amb]),
    "rti_federate_restore_not_complete": (_int, [_amb]),
    "rti_abort_federation_restore": (_int, [_amb]),
    "rti_query_federation_restore_status": (_int, [_amb]),
    "rti_get_federate_handle": (_int, [_amb, _str, _ph]),
    "rti_get_federate_name": (_int, [_amb, _h, _pstr]),
    "rti_get_object_class_handle": (_int, [_amb, _str, _ph]),
    "rti_get_object_class_name": (_int, [_amb, _h, _pstr]),
    "rti_get_attribute_handle": (_int, [_amb, _h, _str, _ph]),
    "rti_get_attribute_name": (_int, [_amb, _h, _h, _pstr]),
    "rti_get_interaction_class_handle": (_int, [_amb, _str, _ph]),
    "rti_get_interaction_class_name": (_int, [_amb, _h, _pstr]),
    "rti_get_parameter_handle": (_int, [_amb, _h, _str, _ph]),
    "rti_get_parameter_name": (_int, [_amb, _h, _h, _pstr]),
    "rti_get_dimension_handle": (_int, [_amb, _str, _ph]),
    "rti_get_dimension_name": (_int, [_amb, _h, _pstr]),
    "rti_get_dimension_upper_bound": (_int, [_amb, _h, _pu64]),
    "rti_get_time_implementation": (_int, [_amb, _pstr]),
    "rti_enable_time_regulation": (_int, [_amb, Time]),
    "rti_disable_time_regulation": (_int, [_amb]),
    "rti_enable_time_constrained": (_int, [_amb]),
    "rti_disable_time_constrained": (_int, [_amb]),
    "rti_time_advance_request": (_int, [_amb, Time]),
    "rti_time_advance_request_available": (_int, [_amb, Time]),
    "rti_next_message_request": (_int, [_amb, Time]),
    "rti_next_message_request_available": (_int, [_amb, Time]),
    "rti_flush_queue_request": (_int, [_amb, Time]),
    "rti_enable_asynchronous_delivery": (_int, [_amb]),
    "rti_disable_asynchronous_delivery": (_int, [_amb]),
    "rti_retract": (_int, [_amb, retraction_t]),
    "rti_query_logical_time": (_int, [_amb, _pt]),
    "rti_query_galt": (_int, [_amb, _pt, _pi]),
    "rti_query_lits": (_int, [_amb, _pt, _pi]),
    "rti_query_lookahead": (_int, [_amb, _pt]),
    "rti_modify_lookahead": (_int, [_amb, Time]),
    "rti_publish_object_class_attributes": (_int, [_amb, _h, _ph, _sz]),
    "rti_unpublish_object_class": (_int, [_amb, _h]),
    "rti_unpublish_object_class_attributes": (_int, [_amb, _h, _ph, _sz]),
    "rti_publish_interaction_class": (_int, [_amb, _h]),
    "rti_unpublish_interaction_class": (_int, [_amb, _h]),
    "rti_subscribe_object_class_attributes": (_int, [_amb, _h, _ph, _sz]),
    "rti_subscribe_object_class_attributes_passively":
        (_int, [_amb, _h, _ph, _sz]),
    "rti_unsubscribe_object_class": (_int, [_amb, _h]),
    "rti_unsubscribe_object_class_attributes": (_int, [_amb, _h, _ph, _sz]),
    "rti_subscribe_interaction_class": (_int, [_amb, _h]),
    "rti_subscribe_interaction_class_passively": (_int, [_amb, _h]),
    "rti_unsubscribe_interaction_class": (_int, [_amb, _h]),
    "rti_enable_object_class_relevance_advisory_switch": (_int, [_amb]),
    "rti_disable_object_class_relevance_advisory_switch": (_int, [_amb]),
    "rti_enable_interaction_relevance_advisory_switch": (_int, [_amb]),
    "rti_disable_interaction_relevance_advisory_switch": (_int, [_amb]),
    "rti_enable_attribute_relevance_advisory_switch": (_int, [_amb]),
    "rti_disable_attribute_relevance_advisory_switch": (_int, [_amb]),
    "rti_reserve_object_instance_name": (_int, [_amb, _str]),
    "rti_reserve_multiple_object_instance_names": (_int, [_amb, _pstr, _sz]),
    "rti_release_object_instance_name": (_int, [_amb, _str]),
    "rti_release_multiple_object_instance_names": (_int, [_amb, _pstr, _sz]),
    "rti_register_object_instance": (_int, [_amb, _h, _ph]),
    "rti_register_object_instance_with_name": (_int, [_amb, _h, _str, _ph]),
    "rti_update_attribute_values": (_int, [_amb, _h, _pav, _sz, c_char_p,
                                           _sz]),
    "rti_update_attribute_values_at": (_int, [_amb, _h, _pav, _sz, c_char_p,
                                              _sz, Time, _pr]),
    "rti_update_class_attribute_values": (_int, [_amb, _h, _pbi, _sz,
                                                 c_char_p, _sz]),
    "rti_update_class_attribute_values_at":
        (_int, [_amb, _h, _pbi, _sz, c_char_p, _sz, Time, _pr]),
    "rti_set_update_packing": (_int, [_amb, _int, _sz]),
    "rti_flush_updates": (_int, [_amb]),
    "rti_send_interaction": (_int, [_amb, _h, _ppv, _sz, c_char_p, _sz]),
    "rti_send_interaction_at": (_int, [_amb, _h, _ppv, _sz, c_char_p, _sz,
                                       Time, _pr]),
    "rti_delete_object_instance": (_int, [_amb, _h, c_char_p, _sz]),
    "rti_delete_object_instance_at": (_int, [_amb, _h, c_char_p, _sz, Time,
                                             _pr]),
    "rti_local_delete_object_instance": (_int, [_amb, _h]),
    "rti_request_attribute_value_update": (_int, [_amb, _h, _ph, _sz,
                                                  c_char_p, _sz]),
    "rti_request_class_attribute_value_update":
        (_int, [_amb, _h, _ph, _sz, c_char_p, _sz]),
    "rti_change_attribute_order_type": (_int, [_amb, _h, _ph, _sz, _int]),
    "rti_change_attribute_transportation_type":
        (_int, [_amb, _h, _ph, _sz, _int]),
    "rti_query_attribute_transportation_type": (_int, [_amb, _h, _h]),
    "rti_change_interaction_transportation_type": (_int, [_amb, _h, _int]),
    "rti_query_interaction_transportation_type": (_int, [_amb, _h, _h]),
    "rti_change_interaction_order_type": (_int, [_amb, _h, _int]),
    "rti_get_object_instance_handle": (_int, [_amb, _str, _ph]),
    "rti_get_object_instance_name": (_int, [_amb, _h, _pstr]),
    "rti_get_known_object_class_handle": (_int, [_amb, _h, _ph]),
    "rti_unconditional_attribute_ownership_divestiture":
        (_int, [_amb, _h, _ph, _sz]),
    "rti_negotiated_attribute_ownership_divestiture":
        (_int, [_amb, _h, _ph, _sz, c_char_p, _sz]),
    "rti_confirm_divestiture": (_int, [_amb, _h, _ph, _sz, c_char_p, _sz]),
    "rti_cancel_negotiated_attribute_ownership_divestiture":
        (_int, [_amb, _h, _ph, _sz]),
    "rti_attribute_ownership_divestiture_if_wanted":
        (_int, [_amb, _h, _ph, _sz, _ph, _ps]),
    "rti_attribute_ownership_release_denied": (_int, [_amb, _h, _ph, _sz]),
    "rti_attribute_ownership_acquisition": (_int, [_amb, _h, _ph, _sz,
                                                   c_char_p, _sz]),
    "rti_attribute_ownership_acquisition_if_available":
        (_int, [_amb, _h, _ph, _sz]),
    "rti_cancel_attribute_ownership_acquisition":
        (_int, [_amb, _h, _ph, _sz]),
    "rti_query_attribute_ownership": (_int, [_amb, _h, _h]),
    "rti_is_attribute_owned_by_federate": (_int, [_amb, _h, _h, _pi]),
    "rti_add_subscription_condition": (_int, [_amb, _h, _str]),
    "rti_remove_subscription_condition": (_int, [_amb, _h, _str]),
    "rti_add_interaction_subscription_condition": (_int, [_amb, _h, _str]),
    "rti_remove_interaction_subscription_condition":
        (_int, [_amb, _h, _str]),
    "rti_set_subscription_conditions": (_int, [_amb, _h, _pstr, _sz]),
    "rti_set_interaction_subscription_conditions":
        (_int, [_amb, _h, _pstr, _sz]),
    "rti_set_object_instance_condition": (_int, [_amb, _h, _str]),
    "rti_register_object_instance_with_condition":
        (_int, [_amb, _h, _str, _str, _ph]),
    "rti_update_attribute_values_with_condition":
        (_int, [_amb, _h, _pav, _sz, c_char_p, _sz, _str]),
    "rti_send_interaction_with_condition":
        (_int, [_amb, _h, _ppv, _sz, c_char_p, _sz, _str]),
    "rti_update_attribute_values_with_condition_at":
        (_int, [_amb, _h, _pav, _sz, c_char_p, _sz, _str, Time, _pr]),
    "rti_send_interaction_with_condition_at":
        (_int, [_amb, _h, _ppv, _sz, c_char_p, _sz, _str, Time, _pr]),
    "rti_create_region": (_int, [_amb, _ph, _sz, _ph]),
    "rti_set_range_bounds": (_int, [_amb, _h, _h, c_uint64, c_uint64]),
    "rti_get_range_bounds": (_int, [_amb, _h, _h, _pu64, _pu64]),
    "rti_commit_region_modifications": (_int, [_amb, _ph, _sz]),
    "rti_delete_region": (_int, [_amb, _h]),
    "rti_subscribe_object_class_attributes_with_regions":
        (_int, [_amb, _h, _ph, _sz, _ph, _sz]),
    "rti_unsubscribe_object_class_attributes_with_regions":
        (_int, [_amb, _h, _ph, _sz]),
    "rti_subscribe_interaction_class_with_regions":
        (_int, [_amb, _h, _ph, _sz]),
    "rti_unsubscribe_interaction_class_with_regions":
        (_int, [_amb, _h, _ph, _sz]),
    "rti_register_object_instance_with_regions":
        (_int, [_amb, _h, _ph, _sz, _ph, _sz, _ph]),
    "rti_associate_regions_for_updates":
        (_int, [_amb, _h, _ph, _sz, _ph, _sz]),
    "rti_unassociate_regions_for_updates":
        (_int, [_amb, _h, _ph, _sz, _ph, _sz]),
    "rti_send_interaction_with_regions":
        (_int, [_amb, _h, _ppv, _sz, _ph, _sz, c_char_p, _sz]),
    "rti_request_attribute_value_update_with_regions":
        (_int, [_amb, _h, _ph, _sz, _ph, _sz, c_char_p, _sz]),
    "rti_get_statistics": (_int, [_amb, POINTER(Statistics)]),
    "rti_query_server_statistics": (_int, [_amb, POINTER(ServerStatistics)]),
    "rti_get_transport_stats": (_int, [_amb,
                                       POINTER(TransportStatistics)]),
    "rti_get_datatype_handle": (_int, [_amb, _str, _ph]),
    "rti_get_datatype_name": (_int, [_amb, _h, _pstr]),
    "rti_get_attribute_datatype": (_int, [_amb, _h, _ph]),
    "rti_get_parameter_datatype": (_int, [_amb, _h, _ph]),
    "rti_free": (None, [c_void_p]),
    "rti_decode_value": (_int, [_amb, _h, c_void_p, _sz,
                                POINTER(c_void_p)]),
    "rti_decode_attribute": (_int, [_amb, _h, c_void_p, _sz,
                                    POINTER(c_void_p)]),
    "rti_decode_parameter": (_int, [_amb, _h, c_void_p, _sz,
                                    POINTER(c_void_p)]),
    "rti_value_free": (None, [c_void_p]),
    "rti_value_to_json": (_int, [c_void_p, POINTER(c_void_p)]),
    "rti_value_kind": (_int, [c_void_p]),
    "rti_value_int": (c_int64, [c_void_p]),
    "rti_value_uint": (c_uint64, [c_void_p]),
    "rti_value_double": (c_double, [c_void_p]),
    "rti_value_bool": (_int, [c_void_p]),
    "rti_value_string": (c_void_p, [c_void_p, _ps]),
    "rti_value_bytes": (c_void_p, [c_void_p, _ps]),
    "rti_value_count": (_sz, [c_void_p]),
    "rti_value_at": (c_void_p, [c_void_p, _sz]),
    "rti_value_field_name": (c_char_p, [c_void_p, _sz]),
    "rti_value_enumerator": (c_char_p, [c_void_p]),
    "rti_decode_json": (_int, [_amb, _h, c_void_p, _sz,
                               POINTER(c_void_p)]),
    "rti_encode_json": (_int, [_amb, _h, _str, c_void_p, _sz, _ps]),
    "rti_decode_attribute_json": (_int, [_amb, _h, c_void_p, _sz,
                                         POINTER(c_void_p)]),
    "rti_decode_parameter_json": (_int, [_amb, _h, c_void_p, _sz,
                                         POINTER(c_void_p)]),
}


class _Functions:
    """The prototyped functions of librti as attributes (``F.rti_connect``).
    A function this librti lacks raises AttributeError when used."""


F = _Functions()
for _name, (_res, _args) in PROTOTYPES.items():
    try:
        _fn = getattr(lib, _name)
    except AttributeError:
        continue
    _fn.restype = _res
    _fn.argtypes = _args
    setattr(F, _name, _fn)

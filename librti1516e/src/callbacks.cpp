// SPDX-License-Identifier: Apache-2.0
// callbacks.cpp - librti's callbacks turned into the FederateAmbassador's
// (IEEE 1516.1-2010 clause 12).  Each runs inside an evoke of the
// ambassador (its thread under HLA_IMMEDIATE); librti's arguments are
// borrowed for the call, and so are the values, tags and maps passed on.
// An exception from the federate's callback is reported on standard error
// and stops nothing: C frames of librti lie between here and the evoke.
#include "ambassador.h"

#include <cstdio>
#include <cstring>
#include <cwchar>

namespace rti1516e_impl
{
   namespace
   {
      // Runs f on the federate ambassador of `arg`, counted as a callback.
      template <class F>
      void deliver (void * arg, char const * what, F f)
      {
         Ambassador * a = static_cast<Ambassador *> (arg);
         if (!a->fed)
            return;
         if (!a->in_callback++)
            a->cb_thread = std::this_thread::get_id ();
         try {
            f (*a->fed, *a);
         } catch (Exception const & e) {
            std::fprintf (stderr, "rti1516e: %s: exception: %ls\n", what,
               e.what ().c_str ());
         } catch (std::exception const & e) {
            std::fprintf (stderr, "rti1516e: %s: exception: %s\n", what,
               e.what ());
         } catch (...) {
            std::fprintf (stderr, "rti1516e: %s: exception\n", what);
         }
         a->in_callback--;
      }

      VariableLengthData borrow (void const * p, size_t n)
      {
         VariableLengthData v;
         v.setDataPointer (const_cast<void *> (p), n);
         return v;
      }

      OrderType order_of (rti_order o)
      {
         return o == RTI_ORDER_TIMESTAMP ? TIMESTAMP : RECEIVE;
      }

      TransportationType trans_of (rti_transportation t)
      {
         return t == RTI_TRANSPORT_BEST_EFFORT ? BEST_EFFORT : RELIABLE;
      }

      AttributeHandleSet attr_set (rti_attribute_handle const * a, size_t n)
      {
         AttributeHandleSet s;
         for (size_t i = 0; i < n; i++)
            s.insert (s.end (), cxx_of (a[i]));
         return s;
      }

      // Fills the reused map m with n values (each a handle and bytes
      // lent for the call).  When the handles are those of the last
      // fill, in librti's order (an update of the same attributes), the
      // values are reached through `slots`: no node is allocated, no tree
      // walked.
      template <class Map, class V, class H>
      void fill_map (Map & m, std::vector<uint32_t> & keys,
         std::vector<VariableLengthData *> & slots, V const * v, size_t n,
         H (*key) (V const &), uint32_t (*id) (V const &))
      {
         bool same = keys.size () == n && m.size () == n;
         for (size_t i = 0; same && i < n; i++)
            same = keys[i] == id (v[i]);
         if (!same) {
            m.clear ();
            keys.resize (n);
            slots.resize (n);
            for (size_t i = 0; i < n; i++) {
               keys[i] = id (v[i]);
               slots[i] = &m[key (v[i])];
            }
            if (m.size () != n) {
               // a handle twice: the last value wins, as a map keeps one
               keys.clear ();
               for (size_t i = 0; i < n; i++)
                  m[key (v[i])].setDataPointer (
                     const_cast<void *> (v[i].value), v[i].length);
               return;
            }
         }
         for (size_t i = 0; i < n; i++)
            VariableLengthDataFriend::lend (*slots[i], v[i].value,
               v[i].length);
      }

      uint32_t aid (rti_attribute_value const & v)
      {
         return v.attribute.id;
      }

      uint32_t pid (rti_parameter_value const & v)
      {
         return v.parameter.id;
      }

      AttributeHandle akey (rti_attribute_value const & v)
      {
         return cxx_of (v.attribute);
      }

      ParameterHandle pkey (rti_parameter_value const & v)
      {
         return cxx_of (v.parameter);
      }

      // Drops the lent bytes once the callback returned (the map keeps
      // its keys for the next call).
      template <class Map>
      void unborrow (Map & m, std::vector<uint32_t> const & keys,
         std::vector<VariableLengthData *> const & slots)
      {
         if (keys.size () == m.size ()) {
            for (size_t i = 0; i < slots.size (); i++)
               VariableLengthDataFriend::lend (*slots[i], 0, 0);
            return;
         }
         for (typename Map::iterator it = m.begin (); it != m.end (); ++it)
            it->second.setDataPointer (0, 0);
      }

      // ---- federation management ----

      void cb_connection_lost (void * arg, char const * fault)
      {
         static_cast<Ambassador *> (arg)->joined = false;
         deliver (arg, "connectionLost", [&] (FederateAmbassador & f,
            Ambassador &) {
            f.connectionLost (widen (fault));
         });
      }

      void cb_report_federation_executions (void * arg,
         rti_federation_execution_info const * infos, size_t n)
      {
         deliver (arg, "reportFederationExecutions", [&] (
            FederateAmbassador & f, Ambassador &) {
            FederationExecutionInformationVector v;
            for (size_t i = 0; i < n; i++)
               v.push_back (FederationExecutionInformation (
                  widen (infos[i].name),
                  widen (infos[i].time_implementation)));
            f.reportFederationExecutions (v);
         });
      }

      void cb_sync_succeeded (void * arg, char const * label)
      {
         deliver (arg, "synchronizationPointRegistrationSucceeded", [&] (
            FederateAmbassador & f, Ambassador &) {
            f.synchronizationPointRegistrationSucceeded (widen (label));
         });
      }

      void cb_sync_failed (void * arg, char const * label,
         rti_sync_failure_reason r)
      {
         deliver (arg, "synchronizationPointRegistrationFailed", [&] (
            FederateAmbassador & f, Ambassador &) {
            f.synchronizationPointRegistrationFailed (widen (label),
               r == RTI_SYNC_SET_MEMBER_NOT_JOINED ?
               SYNCHRONIZATION_SET_MEMBER_NOT_JOINED :
               SYNCHRONIZATION_POINT_LABEL_NOT_UNIQUE);
         });
      }

      void cb_announce (void * arg, char const * label, void const * tag,
         size_t tag_len)
      {
         deliver (arg, "announceSynchronizationPoint", [&] (
            FederateAmbassador & f, Ambassador &) {
            f.announceSynchronizationPoint (widen (label),
               borrow (tag, tag_len));
         });
      }

      void cb_synchronized (void * arg, char const * label,
         rti_federate_handle const * failed, size_t n)
      {
         deliver (arg, "federationSynchronized", [&] (
            FederateAmbassador & f, Ambassador &) {
            FederateHandleSet s;
            for (size_t i = 0; i < n; i++)
               s.insert (cxx_of (failed[i]));
            f.federationSynchronized (widen (label), s);
         });
      }

      // ---- save and restore ----

      void cb_initiate_save (void * arg, char const * label, int has_time,
         rti_time t)
      {
         deliver (arg, "initiateFederateSave", [&] (FederateAmbassador & f,
            Ambassador & a) {
            if (!has_time)
               f.initiateFederateSave (widen (label));
            else if (a.time_kind == 2)
               f.initiateFederateSave (widen (label),
                  HLAinteger64Time (t.i64));
            else
               f.initiateFederateSave (widen (label),
                  HLAfloat64Time (t.f64));
         });
      }

      void cb_saved (void * arg)
      {
         deliver (arg, "federationSaved", [&] (FederateAmbassador & f,
            Ambassador &) {
            f.federationSaved ();
         });
      }

      void cb_not_saved (void * arg, rti_save_failure_reason r)
      {
         deliver (arg, "federationNotSaved", [&] (FederateAmbassador & f,
            Ambassador &) {
            f.federationNotSaved (static_cast<SaveFailureReason> (r));
         });
      }

      void cb_save_status (void * arg, rti_federate_save_status const * s,
         size_t n)
      {
         deliver (arg, "federationSaveStatusResponse", [&] (
            FederateAmbassador & f, Ambassador &) {
            FederateHandleSaveStatusPairVector v;
            for (size_t i = 0; i < n; i++)
               v.push_back (FederateHandleSaveStatusPair (
                  cxx_of (s[i].federate),
                  static_cast<SaveStatus> (s[i].status)));
            f.federationSaveStatusResponse (v);
         });
      }

      void cb_restore_succeeded (void * arg, char const * label)
      {
         deliver (arg, "requestFederationRestoreSucceeded", [&] (
            FederateAmbassador & f, Ambassador &) {
            f.requestFederationRestoreSucceeded (widen (label));
         });
      }

      void cb_restore_failed (void * arg, char const * label, char const *)
      {
         deliver (arg, "requestFederationRestoreFailed", [&] (
            FederateAmbassador & f, Ambassador &) {
            f.requestFederationRestoreFailed (widen (label));
         });
      }

      void cb_restore_begun (void * arg)
      {
         deliver (arg, "federationRestoreBegun", [&] (FederateAmbassador & f,
            Ambassador &) {
            f.federationRestoreBegun ();
         });
      }

      void cb_initiate_restore (void * arg, char const * label,
         char const * name, rti_federate_handle h)
      {
         deliver (arg, "initiateFederateRestore", [&] (
            FederateAmbassador & f, Ambassador &) {
            f.initiateFederateRestore (widen (label), widen (name),
               cxx_of (h));
         });
      }

      void cb_restored (void * arg)
      {
         deliver (arg, "federationRestored", [&] (FederateAmbassador & f,
            Ambassador &) {
            f.federationRestored ();
         });
      }

      void cb_not_restored (void * arg, rti_restore_failure_reason r)
      {
         deliver (arg, "federationNotRestored", [&] (FederateAmbassador & f,
            Ambassador &) {
            f.federationNotRestored (static_cast<RestoreFailureReason> (r));
         });
      }

      void cb_restore_status (void * arg,
         rti_federate_restore_status const * s, size_t n)
      {
         deliver (arg, "federationRestoreStatusResponse", [&] (
            FederateAmbassador & f, Ambassador &) {
            FederateRestoreStatusVector v;
            for (size_t i = 0; i < n; i++)
               v.push_back (FederateRestoreStatus (cxx_of (s[i].pre_restore),
                  cxx_of (s[i].post_restore),
                  static_cast<RestoreStatus> (s[i].status)));
            f.federationRestoreStatusResponse (v);
         });
      }

      // ---- declaration management ----

      void cb_start_registration (void * arg, rti_object_class_handle c)
      {
         deliver (arg, "startRegistrationForObjectClass", [&] (
            FederateAmbassador & f, Ambassador &) {
            f.startRegistrationForObjectClass (cxx_of (c));
         });
      }

      void cb_stop_registration (void * arg, rti_object_class_handle c)
      {
         deliver (arg, "stopRegistrationForObjectClass", [&] (
            FederateAmbassador & f, Ambassador &) {
            f.stopRegistrationForObjectClass (cxx_of (c));
         });
      }

      void cb_interactions_on (void * arg, rti_interaction_class_handle c)
      {
         deliver (arg, "turnInteractionsOn", [&] (FederateAmbassador & f,
            Ambassador &) {
            f.turnInteractionsOn (cxx_of (c));
         });
      }

      void cb_interactions_off (void * arg, rti_interaction_class_handle c)
      {
         deliver (arg, "turnInteractionsOff", [&] (FederateAmbassador & f,
            Ambassador &) {
            f.turnInteractionsOff (cxx_of (c));
         });
      }

      // ---- object management ----

      void cb_name_succeeded (void * arg, char const * name)
      {
         deliver (arg, "objectInstanceNameReservationSucceeded", [&] (
            FederateAmbassador & f, Ambassador &) {
            f.objectInstanceNameReservationSucceeded (widen (name));
         });
      }

      void cb_name_failed (void * arg, char const * name)
      {
         deliver (arg, "objectInstanceNameReservationFailed", [&] (
            FederateAmbassador & f, Ambassador &) {
            f.objectInstanceNameReservationFailed (widen (name));
         });
      }

      std::set<std::wstring> name_set (char const * const * names, size_t n)
      {
         std::set<std::wstring> s;
         for (size_t i = 0; i < n; i++)
            s.insert (widen (names[i]));
         return s;
      }

      void cb_names_succeeded (void * arg, char const * const * names,
         size_t n)
      {
         deliver (arg, "multipleObjectInstanceNameReservationSucceeded",
            [&] (FederateAmbassador & f, Ambassador &) {
            f.multipleObjectInstanceNameReservationSucceeded (
               name_set (names, n));
         });
      }

      void cb_names_failed (void * arg, char const * const * names, size_t n)
      {
         deliver (arg, "multipleObjectInstanceNameReservationFailed",
            [&] (FederateAmbassador & f, Ambassador &) {
            f.multipleObjectInstanceNameReservationFailed (
               name_set (names, n));
         });
      }

      void cb_discover (void * arg, rti_object_instance_handle obj,
         rti_object_class_handle cls, char const * name, rti_federate_handle)
      {
         deliver (arg, "discoverObjectInstance", [&] (FederateAmbassador & f,
            Ambassador &) {
            f.discoverObjectInstance (cxx_of (obj), cxx_of (cls),
               widen (name));
         });
      }

      // The overload IEEE 1516.1-2010 6.11 chooses: with the time when the
      // sender gave one, with the retraction handle when it was sent
      // timestamp order.
      void cb_reflect (void * arg, rti_object_instance_handle obj,
         rti_attribute_value const * values, size_t n, void const * tag,
         size_t tag_len, rti_message_info const * info)
      {
         deliver (arg, "reflectAttributeValues", [&] (FederateAmbassador & f,
            Ambassador & a) {
            fill_map (a.reflect_map, a.reflect_keys, a.reflect_slots,
               values, n, akey, aid);
            a.received_condition = info->condition;
            VariableLengthData t = borrow (tag, tag_len);
            SupplementalReflectInfo si (cxx_of (info->producer));
            OrderType sent = order_of (info->sent_order);
            TransportationType tt = trans_of (info->transportation);
            struct Unborrow {
               Ambassador & a;
               ~Unborrow ()
               {
                  unborrow (a.reflect_map, a.reflect_keys, a.reflect_slots);
                  a.received_condition = 0;
               }
            } u = { a };
            if (!info->has_time) {
               f.reflectAttributeValues (cxx_of (obj), a.reflect_map, t, sent,
                  tt, si);
            } else if (a.time_kind == 2) {
               HLAinteger64Time lt (info->time.i64);
               if (info->retraction.id)
                  f.reflectAttributeValues (cxx_of (obj), a.reflect_map, t,
                     sent, tt, lt, order_of (info->received_order),
                     cxx_of (info->retraction), si);
               else
                  f.reflectAttributeValues (cxx_of (obj), a.reflect_map, t,
                     sent, tt, lt, order_of (info->received_order), si);
            } else {
               HLAfloat64Time lt (info->time.f64);
               if (info->retraction.id)
                  f.reflectAttributeValues (cxx_of (obj), a.reflect_map, t,
                     sent, tt, lt, order_of (info->received_order),
                     cxx_of (info->retraction), si);
               else
                  f.reflectAttributeValues (cxx_of (obj), a.reflect_map, t,
                     sent, tt, lt, order_of (info->received_order), si);
            }
         });
      }

      void cb_interaction (void * arg, rti_interaction_class_handle cls,
         rti_parameter_value const * values, size_t n, void const * tag,
         size_t tag_len, rti_message_info const * info)
      {
         deliver (arg, "receiveInteraction", [&] (FederateAmbassador & f,
            Ambassador & a) {
            fill_map (a.param_map, a.param_keys, a.param_slots, values,
               n, pkey, pid);
            a.received_condition = info->condition;
            VariableLengthData t = borrow (tag, tag_len);
            SupplementalReceiveInfo si (cxx_of (info->producer));
            OrderType sent = order_of (info->sent_order);
            TransportationType tt = trans_of (info->transportation);
            struct Unborrow {
               Ambassador & a;
               ~Unborrow ()
               {
                  unborrow (a.param_map, a.param_keys, a.param_slots);
                  a.received_condition = 0;
               }
            } u = { a };
            if (!info->has_time) {
               f.receiveInteraction (cxx_of (cls), a.param_map, t, sent, tt,
                  si);
            } else if (a.time_kind == 2) {
               HLAinteger64Time lt (info->time.i64);
               if (info->retraction.id)
                  f.receiveInteraction (cxx_of (cls), a.param_map, t, sent,
                     tt, lt, order_of (info->received_order),
                     cxx_of (info->retraction), si);
               else
                  f.receiveInteraction (cxx_of (cls), a.param_map, t, sent,
                     tt, lt, order_of (info->received_order), si);
            } else {
               HLAfloat64Time lt (info->time.f64);
               if (info->retraction.id)
                  f.receiveInteraction (cxx_of (cls), a.param_map, t, sent,
                     tt, lt, order_of (info->received_order),
                     cxx_of (info->retraction), si);
               else
                  f.receiveInteraction (cxx_of (cls), a.param_map, t, sent,
                     tt, lt, order_of (info->received_order), si);
            }
         });
      }

      void cb_remove (void * arg, rti_object_instance_handle obj,
         void const * tag, size_t tag_len, rti_message_info const * info)
      {
         deliver (arg, "removeObjectInstance", [&] (FederateAmbassador & f,
            Ambassador & a) {
            VariableLengthData t = borrow (tag, tag_len);
            SupplementalRemoveInfo si (cxx_of (info->producer));
            OrderType sent = order_of (info->sent_order);
            if (!info->has_time) {
               f.removeObjectInstance (cxx_of (obj), t, sent, si);
            } else if (a.time_kind == 2) {
               HLAinteger64Time lt (info->time.i64);
               if (info->retraction.id)
                  f.removeObjectInstance (cxx_of (obj), t, sent, lt,
                     order_of (info->received_order),
                     cxx_of (info->retraction), si);
               else
                  f.removeObjectInstance (cxx_of (obj), t, sent, lt,
                     order_of (info->received_order), si);
            } else {
               HLAfloat64Time lt (info->time.f64);
               if (info->retraction.id)
                  f.removeObjectInstance (cxx_of (obj), t, sent, lt,
                     order_of (info->received_order),
                     cxx_of (info->retraction), si);
               else
                  f.removeObjectInstance (cxx_of (obj), t, sent, lt,
                     order_of (info->received_order), si);
            }
         });
      }

#define ATTRS_CB(cname, method)                                             \
      void cname (void * arg, rti_object_instance_handle obj,               \
         rti_attribute_handle const * attrs, size_t n)                      \
      {                                                                     \
         deliver (arg, #method, [&] (FederateAmbassador & f, Ambassador &)  \
         {                                                                  \
            f.method (cxx_of (obj), attr_set (attrs, n));                   \
         });                                                                \
      }
#define ATTRS_TAG_CB(cname, method)                                         \
      void cname (void * arg, rti_object_instance_handle obj,               \
         rti_attribute_handle const * attrs, size_t n, void const * tag,    \
         size_t tag_len)                                                    \
      {                                                                     \
         deliver (arg, #method, [&] (FederateAmbassador & f, Ambassador &)  \
         {                                                                  \
            f.method (cxx_of (obj), attr_set (attrs, n),                    \
               borrow (tag, tag_len));                                      \
         });                                                                \
      }
      ATTRS_CB(cb_in_scope, attributesInScope)
      ATTRS_CB(cb_out_of_scope, attributesOutOfScope)
      ATTRS_TAG_CB(cb_provide, provideAttributeValueUpdate)
      ATTRS_CB(cb_updates_on, turnUpdatesOnForObjectInstance)
      ATTRS_CB(cb_updates_off, turnUpdatesOffForObjectInstance)
      ATTRS_TAG_CB(cb_ownership_assumption,
         requestAttributeOwnershipAssumption)
      ATTRS_CB(cb_divestiture_confirmation, requestDivestitureConfirmation)
      ATTRS_TAG_CB(cb_acquisition_notification,
         attributeOwnershipAcquisitionNotification)
      ATTRS_CB(cb_unavailable, attributeOwnershipUnavailable)
      ATTRS_TAG_CB(cb_release, requestAttributeOwnershipRelease)
      ATTRS_CB(cb_cancellation,
         confirmAttributeOwnershipAcquisitionCancellation)
#undef ATTRS_CB
#undef ATTRS_TAG_CB

      void cb_inform (void * arg, rti_object_instance_handle obj,
         rti_attribute_handle attr, rti_federate_handle owner)
      {
         deliver (arg, "informAttributeOwnership", [&] (
            FederateAmbassador & f, Ambassador &) {
            f.informAttributeOwnership (cxx_of (obj), cxx_of (attr),
               cxx_of (owner));
         });
      }

      void cb_not_owned (void * arg, rti_object_instance_handle obj,
         rti_attribute_handle attr)
      {
         deliver (arg, "attributeIsNotOwned", [&] (FederateAmbassador & f,
            Ambassador &) {
            f.attributeIsNotOwned (cxx_of (obj), cxx_of (attr));
         });
      }

      void cb_owned_by_rti (void * arg, rti_object_instance_handle obj,
         rti_attribute_handle attr)
      {
         deliver (arg, "attributeIsOwnedByRTI", [&] (FederateAmbassador & f,
            Ambassador &) {
            f.attributeIsOwnedByRTI (cxx_of (obj), cxx_of (attr));
         });
      }

      // ---- time ----

#define TIME_CB(cname, method)                                              \
      void cname (void * arg, rti_time t)                                   \
      {                                                                     \
         deliver (arg, #method, [&] (FederateAmbassador & f, Ambassador & a)\
         {                                                                  \
            if (a.time_kind == 2)                                           \
               f.method (HLAinteger64Time (t.i64));                         \
            else                                                            \
               f.method (HLAfloat64Time (t.f64));                           \
         });                                                                \
      }
      TIME_CB(cb_regulation_enabled, timeRegulationEnabled)
      TIME_CB(cb_constrained_enabled, timeConstrainedEnabled)
      TIME_CB(cb_grant, timeAdvanceGrant)
#undef TIME_CB

      void cb_retraction (void * arg, rti_message_retraction_handle h)
      {
         deliver (arg, "requestRetraction", [&] (FederateAmbassador & f,
            Ambassador &) {
            f.requestRetraction (cxx_of (h));
         });
      }

      // ---- transportation types ----

      void cb_report_attr_transport (void * arg,
         rti_object_instance_handle obj, rti_attribute_handle attr,
         rti_transportation t)
      {
         deliver (arg, "reportAttributeTransportationType", [&] (
            FederateAmbassador & f, Ambassador &) {
            f.reportAttributeTransportationType (cxx_of (obj), cxx_of (attr),
               trans_of (t));
         });
      }

      void cb_report_ic_transport (void * arg, rti_federate_handle who,
         rti_interaction_class_handle cls, rti_transportation t)
      {
         deliver (arg, "reportInteractionTransportationType", [&] (
            FederateAmbassador & f, Ambassador &) {
            f.reportInteractionTransportationType (cxx_of (who),
               cxx_of (cls), trans_of (t));
         });
      }

      rti_callbacks make_callbacks ()
      {
         rti_callbacks c;
         std::memset (&c, 0, sizeof c);
         c.connection_lost = cb_connection_lost;
         c.report_federation_executions = cb_report_federation_executions;
         c.synchronization_point_registration_succeeded = cb_sync_succeeded;
         c.synchronization_point_registration_failed = cb_sync_failed;
         c.announce_synchronization_point = cb_announce;
         c.federation_synchronized = cb_synchronized;
         c.start_registration_for_object_class = cb_start_registration;
         c.stop_registration_for_object_class = cb_stop_registration;
         c.turn_interactions_on = cb_interactions_on;
         c.turn_interactions_off = cb_interactions_off;
         c.object_instance_name_reservation_succeeded = cb_name_succeeded;
         c.object_instance_name_reservation_failed = cb_name_failed;
         c.multiple_object_instance_name_reservation_succeeded =
            cb_names_succeeded;
         c.multiple_object_instance_name_reservation_failed =
            cb_names_failed;
         c.discover_object_instance = cb_discover;
         c.reflect_attribute_values = cb_reflect;
         c.receive_interaction = cb_interaction;
         c.remove_object_instance = cb_remove;
         c.attributes_in_scope = cb_in_scope;
         c.attributes_out_of_scope = cb_out_of_scope;
         c.provide_attribute_value_update = cb_provide;
         c.turn_updates_on_for_object_instance = cb_updates_on;
         c.turn_updates_off_for_object_instance = cb_updates_off;
         c.request_attribute_ownership_assumption = cb_ownership_assumption;
         c.request_divestiture_confirmation = cb_divestiture_confirmation;
         c.attribute_ownership_acquisition_notification =
            cb_acquisition_notification;
         c.attribute_ownership_unavailable = cb_unavailable;
         c.request_attribute_ownership_release = cb_release;
         c.confirm_attribute_ownership_acquisition_cancellation =
            cb_cancellation;
         c.inform_attribute_ownership = cb_inform;
         c.attribute_is_not_owned = cb_not_owned;
         c.attribute_is_owned_by_rti = cb_owned_by_rti;
         c.time_regulation_enabled = cb_regulation_enabled;
         c.time_constrained_enabled = cb_constrained_enabled;
         c.time_advance_grant = cb_grant;
         c.request_retraction = cb_retraction;
         c.initiate_federate_save = cb_initiate_save;
         c.federation_saved = cb_saved;
         c.federation_not_saved = cb_not_saved;
         c.federation_save_status_response = cb_save_status;
         c.request_federation_restore_succeeded = cb_restore_succeeded;
         c.request_federation_restore_failed = cb_restore_failed;
         c.federation_restore_begun = cb_restore_begun;
         c.initiate_federate_restore = cb_initiate_restore;
         c.federation_restored = cb_restored;
         c.federation_not_restored = cb_not_restored;
         c.federation_restore_status_response = cb_restore_status;
         c.report_attribute_transportation_type = cb_report_attr_transport;
         c.report_interaction_transportation_type = cb_report_ic_transport;
         return c;
      }
   }

   const rti_callbacks callbacks = make_callbacks ();
}

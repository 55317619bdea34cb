// SPDX-License-Identifier: Apache-2.0
// tm.cpp - ownership management (IEEE 1516.1-2010 clause 7), time
// management (clause 8) and data distribution management (clause 9) of
// librti1516e's RTIambassador.
#include "ambassador.h"

namespace rti1516e_impl
{
   // ---- ownership ----

#define OWN(name, call)                                                   \
   void Ambassador::name (ObjectInstanceHandle obj,                       \
      AttributeHandleSet const & attrs)                                   \
   {                                                                      \
      Guard g (this);                                                     \
      fill_aset (attrs);                                                  \
      check (call (amb, c_of (obj), aset.data (), aset.size ()), amb);    \
   }
#define OWN_TAG(name, call)                                               \
   void Ambassador::name (ObjectInstanceHandle obj,                       \
      AttributeHandleSet const & attrs, VariableLengthData const & tag)   \
   {                                                                      \
      Guard g (this);                                                     \
      fill_aset (attrs);                                                  \
      check (call (amb, c_of (obj), aset.data (), aset.size (),           \
         tag.data (), tag.size ()), amb);                                 \
   }
   OWN(unconditionalAttributeOwnershipDivestiture,
      rti_unconditional_attribute_ownership_divestiture)
   OWN_TAG(negotiatedAttributeOwnershipDivestiture,
      rti_negotiated_attribute_ownership_divestiture)
   OWN_TAG(confirmDivestiture, rti_confirm_divestiture)
   OWN_TAG(attributeOwnershipAcquisition, rti_attribute_ownership_acquisition)
   OWN(attributeOwnershipAcquisitionIfAvailable,
      rti_attribute_ownership_acquisition_if_available)
   OWN(attributeOwnershipReleaseDenied, rti_attribute_ownership_release_denied)
   OWN(cancelNegotiatedAttributeOwnershipDivestiture,
      rti_cancel_negotiated_attribute_ownership_divestiture)
   OWN(cancelAttributeOwnershipAcquisition,
      rti_cancel_attribute_ownership_acquisition)
#undef OWN
#undef OWN_TAG

   void Ambassador::attributeOwnershipDivestitureIfWanted (
      ObjectInstanceHandle obj, AttributeHandleSet const & attrs,
      AttributeHandleSet & divested)
   {
      Guard g (this);
      fill_aset (attrs);
      std::vector<rti_attribute_handle> out (aset.size () + 1);
      size_t n = 0;
      check (rti_attribute_ownership_divestiture_if_wanted (amb, c_of (obj),
         aset.data (), aset.size (), out.data (), &n), amb);
      divested.clear ();
      for (size_t i = 0; i < n && i < aset.size (); i++)
         divested.insert (cxx_of (out[i]));
   }

   void Ambassador::queryAttributeOwnership (ObjectInstanceHandle obj,
      AttributeHandle a)
   {
      Guard g (this);
      check (rti_query_attribute_ownership (amb, c_of (obj), c_of (a)), amb);
   }

   bool Ambassador::isAttributeOwnedByFederate (ObjectInstanceHandle obj,
      AttributeHandle a)
   {
      Guard g (this, false);
      int owned = 0;
      check (rti_is_attribute_owned_by_federate (amb, c_of (obj), c_of (a),
         &owned), amb);
      return owned != 0;
   }

   // ---- time ----

   void Ambassador::enableTimeRegulation (LogicalTimeInterval const & la)
   {
      Guard g (this);
      rti_time l = interval_c (la);
      check (rti_enable_time_regulation (amb, l), amb);
   }

   void Ambassador::disableTimeRegulation ()
   {
      Guard g (this);
      check (rti_disable_time_regulation (amb), amb);
   }

   void Ambassador::enableTimeConstrained ()
   {
      Guard g (this);
      check (rti_enable_time_constrained (amb), amb);
   }

   void Ambassador::disableTimeConstrained ()
   {
      Guard g (this);
      check (rti_disable_time_constrained (amb), amb);
   }

#define ADVANCE(name, call)                                               \
   void Ambassador::name (LogicalTime const & t)                          \
   {                                                                      \
      Guard g (this);                                                     \
      rti_time ct = time_c (t);                                           \
      check (call (amb, ct), amb);                                        \
   }
   ADVANCE(timeAdvanceRequest, rti_time_advance_request)
   ADVANCE(timeAdvanceRequestAvailable, rti_time_advance_request_available)
   ADVANCE(nextMessageRequest, rti_next_message_request)
   ADVANCE(nextMessageRequestAvailable, rti_next_message_request_available)
   ADVANCE(flushQueueRequest, rti_flush_queue_request)
#undef ADVANCE

   void Ambassador::enableAsynchronousDelivery ()
   {
      Guard g (this);
      check (rti_enable_asynchronous_delivery (amb), amb);
   }

   void Ambassador::disableAsynchronousDelivery ()
   {
      Guard g (this);
      check (rti_disable_asynchronous_delivery (amb), amb);
   }

   bool Ambassador::queryGALT (LogicalTime & t)
   {
      Guard g (this, false);
      need_joined ();
      rti_time ct;
      int defined = 0;
      check (rti_query_galt (amb, &ct, &defined), amb);
      if (defined)
         set_time (t, ct);
      return defined != 0;
   }

   void Ambassador::queryLogicalTime (LogicalTime & t)
   {
      Guard g (this, false);
      need_joined ();
      rti_time ct;
      check (rti_query_logical_time (amb, &ct), amb);
      set_time (t, ct);
   }

   bool Ambassador::queryLITS (LogicalTime & t)
   {
      Guard g (this, false);
      need_joined ();
      rti_time ct;
      int defined = 0;
      check (rti_query_lits (amb, &ct, &defined), amb);
      if (defined)
         set_time (t, ct);
      return defined != 0;
   }

   void Ambassador::modifyLookahead (LogicalTimeInterval const & la)
   {
      Guard g (this);
      rti_time l = interval_c (la);
      check (rti_modify_lookahead (amb, l), amb);
   }

   void Ambassador::queryLookahead (LogicalTimeInterval & la)
   {
      Guard g (this, false);
      need_joined ();
      rti_time ct;
      check (rti_query_lookahead (amb, &ct), amb);
      set_interval (la, ct);
   }

   void Ambassador::retract (MessageRetractionHandle h)
   {
      Guard g (this);
      check (rti_retract (amb, c_of (h)), amb);
   }

   static rti_order order_c (OrderType t)
   {
      if (t == RECEIVE)
         return RTI_ORDER_RECEIVE;
      if (t == TIMESTAMP)
         return RTI_ORDER_TIMESTAMP;
      throw RTIinternalError (L"unknown order type");
   }

   void Ambassador::changeAttributeOrderType (ObjectInstanceHandle obj,
      AttributeHandleSet const & attrs, OrderType t)
   {
      Guard g (this);
      rti_order o = order_c (t);
      fill_aset (attrs);
      check (rti_change_attribute_order_type (amb, c_of (obj), aset.data (),
         aset.size (), o), amb);
   }

   void Ambassador::changeInteractionOrderType (InteractionClassHandle cls,
      OrderType t)
   {
      Guard g (this);
      rti_order o = order_c (t);
      check (rti_change_interaction_order_type (amb, c_of (cls), o), amb);
   }

   // ---- data distribution management ----

   static void regions_c (RegionHandleSet const & s,
      std::vector<rti_region_handle> & out)
   {
      out.clear ();
      for (RegionHandleSet::const_iterator i = s.begin (); i != s.end (); ++i)
         out.push_back (c_of (*i));
   }

   static void attrs_c (AttributeHandleSet const & s,
      std::vector<rti_attribute_handle> & out)
   {
      out.clear ();
      for (AttributeHandleSet::const_iterator i = s.begin (); i != s.end ();
           ++i)
         out.push_back (c_of (*i));
   }

   RegionHandle Ambassador::createRegion (DimensionHandleSet const & dims)
   {
      Guard g (this);
      std::vector<rti_dimension_handle> d;
      for (DimensionHandleSet::const_iterator i = dims.begin ();
           i != dims.end (); ++i)
         d.push_back (c_of (*i));
      rti_region_handle r;
      check (rti_create_region (amb, d.data (), d.size (), &r), amb);
      return cxx_of (r);
   }

   void Ambassador::commitRegionModifications (RegionHandleSet const & s)
   {
      Guard g (this);
      std::vector<rti_region_handle> r;
      regions_c (s, r);
      check (rti_commit_region_modifications (amb, r.data (), r.size ()),
         amb);
   }

   void Ambassador::deleteRegion (RegionHandle const & r)
   {
      Guard g (this);
      check (rti_delete_region (amb, c_of (r)), amb);
   }

   // The services with attribute-set/region-set pairs apply one librti
   // call per pair; a pair that fails stops there, with the pairs before it
   // applied (the first pair's errors change nothing).
   ObjectInstanceHandle Ambassador::registerObjectInstanceWithRegions (
      ObjectClassHandle cls,
      AttributeHandleSetRegionHandleSetPairVector const & pairs)
   {
      return registerObjectInstanceWithRegions (cls, pairs, std::wstring ());
   }

   ObjectInstanceHandle Ambassador::registerObjectInstanceWithRegions (
      ObjectClassHandle cls,
      AttributeHandleSetRegionHandleSetPairVector const & pairs,
      std::wstring const & name)
   {
      Guard g (this);
      std::vector<rti_attribute_handle> a;
      std::vector<rti_region_handle> r;
      std::string n = narrow (name);
      rti_object_instance_handle h;
      if (pairs.empty ()) {
         check (name.empty () ? rti_register_object_instance (amb,
            c_of (cls), &h) : rti_register_object_instance_with_name (amb,
            c_of (cls), n.c_str (), &h), amb);
         return cxx_of (h);
      }
      attrs_c (pairs[0].first, a);
      regions_c (pairs[0].second, r);
      check (rti_register_object_instance_with_name_and_regions (amb,
         c_of (cls), name.empty () ? NULL : n.c_str (), a.data (), a.size (),
         r.data (), r.size (), &h), amb);
      for (size_t i = 1; i < pairs.size (); i++) {
         attrs_c (pairs[i].first, a);
         regions_c (pairs[i].second, r);
         check (rti_associate_regions_for_updates (amb, h, a.data (),
            a.size (), r.data (), r.size ()), amb);
      }
      return cxx_of (h);
   }

#define PAIRS(name, call)                                                  \
   void Ambassador::name (ObjectInstanceHandle obj,                        \
      AttributeHandleSetRegionHandleSetPairVector const & pairs)           \
   {                                                                       \
      Guard g (this);                                                      \
      std::vector<rti_attribute_handle> a;                                 \
      std::vector<rti_region_handle> r;                                    \
      for (size_t i = 0; i < pairs.size (); i++) {                         \
         attrs_c (pairs[i].first, a);                                      \
         regions_c (pairs[i].second, r);                                   \
         check (call (amb, c_of (obj), a.data (), a.size (), r.data (),    \
            r.size ()), amb);                                              \
      }                                                                    \
   }
   PAIRS(associateRegionsForUpdates, rti_associate_regions_for_updates)
   PAIRS(unassociateRegionsForUpdates, rti_unassociate_regions_for_updates)
#undef PAIRS

   void Ambassador::subscribeObjectClassAttributesWithRegions (
      ObjectClassHandle cls,
      AttributeHandleSetRegionHandleSetPairVector const & pairs, bool active,
      std::wstring const & rate)
   {
      Guard g (this);
      std::vector<rti_attribute_handle> a;
      std::vector<rti_region_handle> r;
      for (size_t i = 0; i < pairs.size (); i++) {
         attrs_c (pairs[i].first, a);
         regions_c (pairs[i].second, r);
         check (active ? rti_subscribe_object_class_attributes_with_regions (
            amb, c_of (cls), a.data (), a.size (), r.data (), r.size ()) :
            rti_subscribe_object_class_attributes_passively_with_regions (
            amb, c_of (cls), a.data (), a.size (), r.data (), r.size ()),
            amb);
         std::map<unsigned, std::wstring> & m = rates[c_of (cls).id];
         for (size_t k = 0; k < a.size (); k++)
            m[a[k].id] = rate;
      }
   }

   // librti unsubscribes a class's regions for all of its attributes.
   void Ambassador::unsubscribeObjectClassAttributesWithRegions (
      ObjectClassHandle cls,
      AttributeHandleSetRegionHandleSetPairVector const & pairs)
   {
      Guard g (this);
      std::vector<rti_region_handle> r;
      for (size_t i = 0; i < pairs.size (); i++) {
         regions_c (pairs[i].second, r);
         check (rti_unsubscribe_object_class_attributes_with_regions (amb,
            c_of (cls), r.data (), r.size ()), amb);
      }
   }

   void Ambassador::subscribeInteractionClassWithRegions (
      InteractionClassHandle cls, RegionHandleSet const & s, bool active)
   {
      Guard g (this);
      std::vector<rti_region_handle> r;
      regions_c (s, r);
      check (active ? rti_subscribe_interaction_class_with_regions (amb,
         c_of (cls), r.data (), r.size ()) :
         rti_subscribe_interaction_class_passively_with_regions (amb,
         c_of (cls), r.data (), r.size ()), amb);
   }

   void Ambassador::unsubscribeInteractionClassWithRegions (
      InteractionClassHandle cls, RegionHandleSet const & s)
   {
      Guard g (this);
      std::vector<rti_region_handle> r;
      regions_c (s, r);
      check (rti_unsubscribe_interaction_class_with_regions (amb, c_of (cls),
         r.data (), r.size ()), amb);
   }

   void Ambassador::sendInteractionWithRegions (InteractionClassHandle cls,
      ParameterHandleValueMap const & values, RegionHandleSet const & s,
      VariableLengthData const & tag)
   {
      Guard g (this, false);
      std::vector<rti_region_handle> r;
      regions_c (s, r);
      fill_pvals (values);
      check (rti_send_interaction_with_regions (amb, c_of (cls),
         pvals.data (), pvals.size (), r.data (), r.size (), tag.data (),
         tag.size ()), amb);
   }

   MessageRetractionHandle Ambassador::sendInteractionWithRegions (
      InteractionClassHandle cls, ParameterHandleValueMap const & values,
      RegionHandleSet const & s, VariableLengthData const & tag,
      LogicalTime const & t)
   {
      Guard g (this, false);
      rti_time ct = time_c (t);
      std::vector<rti_region_handle> r;
      regions_c (s, r);
      fill_pvals (values);
      rti_message_retraction_handle h;
      h.id = 0;
      check (rti_send_interaction_with_regions_at (amb, c_of (cls),
         pvals.data (), pvals.size (), r.data (), r.size (), tag.data (),
         tag.size (), ct, &h), amb);
      return cxx_of (h);
   }

   void Ambassador::requestAttributeValueUpdateWithRegions (
      ObjectClassHandle cls,
      AttributeHandleSetRegionHandleSetPairVector const & pairs,
      VariableLengthData const & tag)
   {
      Guard g (this);
      std::vector<rti_attribute_handle> a;
      std::vector<rti_region_handle> r;
      for (size_t i = 0; i < pairs.size (); i++) {
         attrs_c (pairs[i].first, a);
         regions_c (pairs[i].second, r);
         check (rti_request_attribute_value_update_with_regions (amb,
            c_of (cls), a.data (), a.size (), r.data (), r.size (),
            tag.data (), tag.size ()), amb);
      }
   }
}

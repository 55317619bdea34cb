// SPDX-License-Identifier: Apache-2.0
// om.cpp - declaration management (IEEE 1516.1-2010 clause 5) and object
// management (clause 6) of librti1516e's RTIambassador.
#include "ambassador.h"

#include <cstring>

namespace rti1516e_impl
{
   // ---- declaration management ----

   void Ambassador::publishObjectClassAttributes (ObjectClassHandle cls,
      AttributeHandleSet const & attrs)
   {
      Guard g (this);
      fill_aset (attrs);
      check (rti_publish_object_class_attributes (amb, c_of (cls),
         aset.data (), aset.size ()), amb);
   }

   void Ambassador::unpublishObjectClass (ObjectClassHandle cls)
   {
      Guard g (this);
      check (rti_unpublish_object_class (amb, c_of (cls)), amb);
   }

   void Ambassador::unpublishObjectClassAttributes (ObjectClassHandle cls,
      AttributeHandleSet const & attrs)
   {
      Guard g (this);
      fill_aset (attrs);
      if (aset.empty ())
         return;
      check (rti_unpublish_object_class_attributes (amb, c_of (cls),
         aset.data (), aset.size ()), amb);
   }

   void Ambassador::publishInteractionClass (InteractionClassHandle cls)
   {
      Guard g (this);
      check (rti_publish_interaction_class (amb, c_of (cls)), amb);
   }

   void Ambassador::unpublishInteractionClass (InteractionClassHandle cls)
   {
      Guard g (this);
      check (rti_unpublish_interaction_class (amb, c_of (cls)), amb);
   }

   void Ambassador::subscribeObjectClassAttributes (ObjectClassHandle cls,
      AttributeHandleSet const & attrs, bool active,
      std::wstring const & rate)
   {
      Guard g (this);
      fill_aset (attrs);
      if (aset.empty ())
         return;
      check (active ? rti_subscribe_object_class_attributes (amb, c_of (cls),
         aset.data (), aset.size ()) :
         rti_subscribe_object_class_attributes_passively (amb, c_of (cls),
         aset.data (), aset.size ()), amb);
      std::map<unsigned, std::wstring> & r =
         rates[static_cast<unsigned> (c_of (cls).id)];
      for (size_t i = 0; i < aset.size (); i++)
         r[aset[i].id] = rate;
   }

   void Ambassador::unsubscribeObjectClass (ObjectClassHandle cls)
   {
      Guard g (this);
      check (rti_unsubscribe_object_class (amb, c_of (cls)), amb);
      rates.erase (c_of (cls).id);
   }

   void Ambassador::unsubscribeObjectClassAttributes (ObjectClassHandle cls,
      AttributeHandleSet const & attrs)
   {
      Guard g (this);
      fill_aset (attrs);
      if (aset.empty ())
         return;
      check (rti_unsubscribe_object_class_attributes (amb, c_of (cls),
         aset.data (), aset.size ()), amb);
   }

   void Ambassador::subscribeInteractionClass (InteractionClassHandle cls,
      bool active)
   {
      Guard g (this);
      check (active ? rti_subscribe_interaction_class (amb, c_of (cls)) :
         rti_subscribe_interaction_class_passively (amb, c_of (cls)), amb);
   }

   void Ambassador::unsubscribeInteractionClass (InteractionClassHandle cls)
   {
      Guard g (this);
      check (rti_unsubscribe_interaction_class (amb, c_of (cls)), amb);
   }

   // ---- names ----

   void Ambassador::reserveObjectInstanceName (std::wstring const & name)
   {
      Guard g (this);
      std::string n = narrow (name);
      check (rti_reserve_object_instance_name (amb, n.c_str ()), amb);
   }

   void Ambassador::releaseObjectInstanceName (std::wstring const & name)
   {
      Guard g (this);
      std::string n = narrow (name);
      check (rti_release_object_instance_name (amb, n.c_str ()), amb);
   }

   static void name_list (std::set<std::wstring> const & names,
      std::vector<std::string> & s, std::vector<char const *> & p)
   {
      for (std::set<std::wstring>::const_iterator i = names.begin ();
           i != names.end (); ++i)
         s.push_back (narrow (*i));
      for (size_t i = 0; i < s.size (); i++)
         p.push_back (s[i].c_str ());
   }

   void Ambassador::reserveMultipleObjectInstanceName (
      std::set<std::wstring> const & names)
   {
      Guard g (this);
      if (names.empty ())
         throw NameSetWasEmpty (L"no name to reserve");
      std::vector<std::string> s;
      std::vector<char const *> p;
      name_list (names, s, p);
      check (rti_reserve_multiple_object_instance_names (amb, p.data (),
         p.size ()), amb);
   }

   void Ambassador::releaseMultipleObjectInstanceName (
      std::set<std::wstring> const & names)
   {
      Guard g (this);
      std::vector<std::string> s;
      std::vector<char const *> p;
      name_list (names, s, p);
      check (rti_release_multiple_object_instance_names (amb, p.data (),
         p.size ()), amb);
   }

   // ---- instances ----

   ObjectInstanceHandle Ambassador::registerObjectInstance (
      ObjectClassHandle cls)
   {
      Guard g (this);
      rti_object_instance_handle h;
      check (rti_register_object_instance (amb, c_of (cls), &h), amb);
      return cxx_of (h);
   }

   ObjectInstanceHandle Ambassador::registerObjectInstance (
      ObjectClassHandle cls, std::wstring const & name)
   {
      Guard g (this);
      std::string n = narrow (name);
      rti_object_instance_handle h;
      check (rti_register_object_instance_with_name (amb, c_of (cls),
         n.c_str (), &h), amb);
      return cxx_of (h);
   }

   // Updates and interactions: the hot path.  The values are borrowed
   // (librti copies them); the lock is taken without waking the delivery
   // thread (a one-way send brings no callbacks).
   void Ambassador::updateAttributeValues (ObjectInstanceHandle obj,
      AttributeHandleValueMap const & values, VariableLengthData const & tag)
   {
      Guard g (this, false);
      fill_avals (values);
      int rc = rti_update_attribute_values (amb, c_of (obj), avals.data (),
         avals.size (), tag.data (), tag.size ());
      if (rc != RTI_OK)
         raise (rc, amb);
   }

   MessageRetractionHandle Ambassador::updateAttributeValues (
      ObjectInstanceHandle obj, AttributeHandleValueMap const & values,
      VariableLengthData const & tag, LogicalTime const & t)
   {
      Guard g (this, false);
      rti_time ct = time_c (t);
      fill_avals (values);
      rti_message_retraction_handle r;
      r.id = 0;
      check (rti_update_attribute_values_at (amb, c_of (obj), avals.data (),
         avals.size (), tag.data (), tag.size (), ct, &r), amb);
      return cxx_of (r);
   }

   void Ambassador::sendInteraction (InteractionClassHandle cls,
      ParameterHandleValueMap const & values, VariableLengthData const & tag)
   {
      Guard g (this, false);
      fill_pvals (values);
      int rc = rti_send_interaction (amb, c_of (cls), pvals.data (),
         pvals.size (), tag.data (), tag.size ());
      if (rc != RTI_OK)
         raise (rc, amb);
   }

   MessageRetractionHandle Ambassador::sendInteraction (
      InteractionClassHandle cls, ParameterHandleValueMap const & values,
      VariableLengthData const & tag, LogicalTime const & t)
   {
      Guard g (this, false);
      rti_time ct = time_c (t);
      fill_pvals (values);
      rti_message_retraction_handle r;
      r.id = 0;
      check (rti_send_interaction_at (amb, c_of (cls), pvals.data (),
         pvals.size (), tag.data (), tag.size (), ct, &r), amb);
      return cxx_of (r);
   }

   void Ambassador::deleteObjectInstance (ObjectInstanceHandle obj,
      VariableLengthData const & tag)
   {
      Guard g (this);
      check (rti_delete_object_instance (amb, c_of (obj), tag.data (),
         tag.size ()), amb);
   }

   MessageRetractionHandle Ambassador::deleteObjectInstance (
      ObjectInstanceHandle obj, VariableLengthData const & tag,
      LogicalTime const & t)
   {
      Guard g (this);
      rti_time ct = time_c (t);
      rti_message_retraction_handle r;
      r.id = 0;
      check (rti_delete_object_instance_at (amb, c_of (obj), tag.data (),
         tag.size (), ct, &r), amb);
      return cxx_of (r);
   }

   void Ambassador::localDeleteObjectInstance (ObjectInstanceHandle obj)
   {
      Guard g (this);
      check (rti_local_delete_object_instance (amb, c_of (obj)), amb);
   }

   void Ambassador::requestAttributeValueUpdate (ObjectInstanceHandle obj,
      AttributeHandleSet const & attrs, VariableLengthData const & tag)
   {
      Guard g (this);
      fill_aset (attrs);
      check (rti_request_attribute_value_update (amb, c_of (obj),
         aset.data (), aset.size (), tag.data (), tag.size ()), amb);
   }

   void Ambassador::requestAttributeValueUpdate (ObjectClassHandle cls,
      AttributeHandleSet const & attrs, VariableLengthData const & tag)
   {
      Guard g (this);
      fill_aset (attrs);
      check (rti_request_class_attribute_value_update (amb, c_of (cls),
         aset.data (), aset.size (), tag.data (), tag.size ()), amb);
   }

   // ---- transportation types: librti changes them at once; the
   // confirmation callbacks the standard has are delivered at the next
   // evoke ----

   static rti_transportation trans_c (TransportationType t)
   {
      if (t == RELIABLE)
         return RTI_TRANSPORT_RELIABLE;
      if (t == BEST_EFFORT)
         return RTI_TRANSPORT_BEST_EFFORT;
      throw InvalidTransportationType (L"unknown transportation type");
   }

   void Ambassador::requestAttributeTransportationTypeChange (
      ObjectInstanceHandle obj, AttributeHandleSet const & attrs,
      TransportationType t)
   {
      Guard g (this);
      rti_transportation ct = trans_c (t);
      fill_aset (attrs);
      check (rti_change_attribute_transportation_type (amb, c_of (obj),
         aset.data (), aset.size (), ct), amb);
      FederateAmbassador * f = fed;
      deferred.push_back ([f, obj, attrs, t] () {
         f->confirmAttributeTransportationTypeChange (obj, attrs, t);
      });
   }

   void Ambassador::queryAttributeTransportationType (
      ObjectInstanceHandle obj, AttributeHandle a)
   {
      Guard g (this);
      check (rti_query_attribute_transportation_type (amb, c_of (obj),
         c_of (a)), amb);
   }

   void Ambassador::requestInteractionTransportationTypeChange (
      InteractionClassHandle cls, TransportationType t)
   {
      Guard g (this);
      rti_transportation ct = trans_c (t);
      check (rti_change_interaction_transportation_type (amb, c_of (cls),
         ct), amb);
      FederateAmbassador * f = fed;
      deferred.push_back ([f, cls, t] () {
         f->confirmInteractionTransportationTypeChange (cls, t);
      });
   }

   void Ambassador::queryInteractionTransportationType (FederateHandle who,
      InteractionClassHandle cls)
   {
      Guard g (this);
      check (rti_query_interaction_transportation_type (amb, c_of (who),
         c_of (cls)), amb);
   }
}

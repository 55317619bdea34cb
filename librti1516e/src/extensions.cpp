// SPDX-License-Identifier: Apache-2.0
// extensions.cpp - rti's own services from C++ (RTI/rti/Extensions.h):
// librti's conditions, class bundles, packing and statistics on the
// rti_ambassador behind an Ambassador.
#include "ambassador.h"

#include <RTI/rti/Extensions.h>

namespace rti1516e_impl
{
   // The Ambassador behind amb, or RTIinternalError.
   static Ambassador & impl (RTIambassador & amb)
   {
      Ambassador * a = dynamic_cast<Ambassador *> (&amb);
      if (!a)
         throw RTIinternalError (L"not an RTIambassador of rti");
      return *a;
   }

   static std::vector<char const *> cstrs (std::vector<std::string> & s,
      std::vector<std::wstring> const & w)
   {
      std::vector<char const *> p;
      for (size_t i = 0; i < w.size (); i++)
         s.push_back (narrow (w[i]));
      for (size_t i = 0; i < s.size (); i++)
         p.push_back (s[i].c_str ());
      return p;
   }
}

using namespace rti1516e_impl;

namespace rti1516e
{
   namespace rti
   {
#define COND(fn, Cls, call)                                               \
      void fn (RTIambassador & r, Cls cls, std::wstring const & cond)     \
      {                                                                   \
         Ambassador & a = impl (r);                                       \
         Guard g (&a);                                                    \
         std::string c = narrow (cond);                                   \
         check (call (a.amb, c_of (cls), c.c_str ()), a.amb);             \
      }
      COND(addSubscriptionCondition, ObjectClassHandle,
         rti_add_subscription_condition)
      COND(removeSubscriptionCondition, ObjectClassHandle,
         rti_remove_subscription_condition)
      COND(addSubscriptionCondition, InteractionClassHandle,
         rti_add_interaction_subscription_condition)
      COND(removeSubscriptionCondition, InteractionClassHandle,
         rti_remove_interaction_subscription_condition)
      COND(setObjectInstanceCondition, ObjectInstanceHandle,
         rti_set_object_instance_condition)
#undef COND

      void setSubscriptionConditions (RTIambassador & r,
         ObjectClassHandle cls, std::vector<std::wstring> const & conds)
      {
         Ambassador & a = impl (r);
         Guard g (&a);
         std::vector<std::string> s;
         std::vector<char const *> p = cstrs (s, conds);
         check (rti_set_subscription_conditions (a.amb, c_of (cls),
            p.data (), p.size ()), a.amb);
      }

      void setSubscriptionConditions (RTIambassador & r,
         InteractionClassHandle cls, std::vector<std::wstring> const & conds)
      {
         Ambassador & a = impl (r);
         Guard g (&a);
         std::vector<std::string> s;
         std::vector<char const *> p = cstrs (s, conds);
         check (rti_set_interaction_subscription_conditions (a.amb,
            c_of (cls), p.data (), p.size ()), a.amb);
      }

      ObjectInstanceHandle registerObjectInstanceWithCondition (
         RTIambassador & r, ObjectClassHandle cls,
         std::wstring const & cond, std::wstring const & name)
      {
         Ambassador & a = impl (r);
         Guard g (&a);
         std::string c = narrow (cond), n = narrow (name);
         rti_object_instance_handle h;
         check (rti_register_object_instance_with_condition (a.amb,
            c_of (cls), name.empty () ? NULL : n.c_str (), c.c_str (), &h),
            a.amb);
         return cxx_of (h);
      }

      void updateAttributeValuesWithCondition (RTIambassador & r,
         ObjectInstanceHandle obj, AttributeHandleValueMap const & values,
         VariableLengthData const & tag, std::wstring const & cond)
      {
         Ambassador & a = impl (r);
         Guard g (&a, false);
         std::string c = narrow (cond);
         a.fill_avals (values);
         check (rti_update_attribute_values_with_condition (a.amb,
            c_of (obj), a.avals.data (), a.avals.size (), tag.data (),
            tag.size (), c.c_str ()), a.amb);
      }

      MessageRetractionHandle updateAttributeValuesWithCondition (
         RTIambassador & r, ObjectInstanceHandle obj,
         AttributeHandleValueMap const & values,
         VariableLengthData const & tag, std::wstring const & cond,
         LogicalTime const & t)
      {
         Ambassador & a = impl (r);
         Guard g (&a, false);
         rti_time ct = a.time_c (t);
         std::string c = narrow (cond);
         a.fill_avals (values);
         rti_message_retraction_handle h;
         h.id = 0;
         check (rti_update_attribute_values_with_condition_at (a.amb,
            c_of (obj), a.avals.data (), a.avals.size (), tag.data (),
            tag.size (), c.c_str (), ct, &h), a.amb);
         return cxx_of (h);
      }

      void sendInteractionWithCondition (RTIambassador & r,
         InteractionClassHandle cls, ParameterHandleValueMap const & values,
         VariableLengthData const & tag, std::wstring const & cond)
      {
         Ambassador & a = impl (r);
         Guard g (&a, false);
         std::string c = narrow (cond);
         a.fill_pvals (values);
         check (rti_send_interaction_with_condition (a.amb, c_of (cls),
            a.pvals.data (), a.pvals.size (), tag.data (), tag.size (),
            c.c_str ()), a.amb);
      }

      MessageRetractionHandle sendInteractionWithCondition (
         RTIambassador & r, InteractionClassHandle cls,
         ParameterHandleValueMap const & values,
         VariableLengthData const & tag, std::wstring const & cond,
         LogicalTime const & t)
      {
         Ambassador & a = impl (r);
         Guard g (&a, false);
         rti_time ct = a.time_c (t);
         std::string c = narrow (cond);
         a.fill_pvals (values);
         rti_message_retraction_handle h;
         h.id = 0;
         check (rti_send_interaction_with_condition_at (a.amb, c_of (cls),
            a.pvals.data (), a.pvals.size (), tag.data (), tag.size (),
            c.c_str (), ct, &h), a.amb);
         return cxx_of (h);
      }

      std::wstring receivedCondition (RTIambassador & r)
      {
         Ambassador & a = impl (r);
         return a.received_condition ? widen (a.received_condition) :
            std::wstring ();
      }

      // The bundle's instances as librti takes them: values borrowed from
      // the maps for the call.
      static void bundle (std::vector<InstanceAttributeValues> const & in,
         std::vector<rti_bundle_instance> & out,
         std::vector<rti_attribute_value> & vals)
      {
         size_t total = 0;
         for (size_t i = 0; i < in.size (); i++)
            total += in[i].values.size ();
         vals.resize (total);
         out.resize (in.size ());
         size_t k = 0;
         for (size_t i = 0; i < in.size (); i++) {
            out[i].object = c_of (in[i].object);
            out[i].values = vals.data () + k;
            out[i].n_values = in[i].values.size ();
            out[i].condition = NULL;
            for (AttributeHandleValueMap::const_iterator j =
                 in[i].values.begin (); j != in[i].values.end (); ++j, ++k) {
               vals[k].attribute = c_of (j->first);
               vals[k].value = j->second.data ();
               vals[k].length = static_cast<uint32_t> (j->second.size ());
            }
         }
      }

      void updateClassAttributeValues (RTIambassador & r,
         ObjectClassHandle cls,
         std::vector<InstanceAttributeValues> const & instances,
         VariableLengthData const & tag)
      {
         Ambassador & a = impl (r);
         Guard g (&a, false);
         std::vector<rti_bundle_instance> b;
         bundle (instances, b, a.avals);
         check (rti_update_class_attribute_values (a.amb, c_of (cls),
            b.data (), b.size (), tag.data (), tag.size ()), a.amb);
      }

      MessageRetractionHandle updateClassAttributeValues (RTIambassador & r,
         ObjectClassHandle cls,
         std::vector<InstanceAttributeValues> const & instances,
         VariableLengthData const & tag, LogicalTime const & t)
      {
         Ambassador & a = impl (r);
         Guard g (&a, false);
         rti_time ct = a.time_c (t);
         std::vector<rti_bundle_instance> b;
         bundle (instances, b, a.avals);
         rti_message_retraction_handle h;
         h.id = 0;
         check (rti_update_class_attribute_values_at (a.amb, c_of (cls),
            b.data (), b.size (), tag.data (), tag.size (), ct, &h), a.amb);
         return cxx_of (h);
      }

      void setUpdatePacking (RTIambassador & r, UpdatePacking p,
         size_t maxBundleBytes)
      {
         Ambassador & a = impl (r);
         Guard g (&a, false);
         rti_packing cp = p == PACK_PER_ATTRIBUTE ? RTI_PACKING_ATTRIBUTE :
            p == PACK_PER_CLASS ? RTI_PACKING_CLASS : RTI_PACKING_INSTANCE;
         check (rti_set_update_packing (a.amb, cp, maxBundleBytes), a.amb);
      }

      void flushUpdates (RTIambassador & r)
      {
         Ambassador & a = impl (r);
         Guard g (&a, false);
         check (rti_flush_updates (a.amb), a.amb);
      }

      void throwLibrtiError (int code, std::wstring const & message)
      {
         if (code != RTI_OK)
            raise_msg (code, message);
      }

      Statistics getStatistics (RTIambassador & r)
      {
         Ambassador & a = impl (r);
         Guard g (&a, false);
         rti_statistics s;
         check (rti_get_statistics (a.amb, &s), a.amb);
         Statistics o;
         o.updatesSent = s.updates_sent;
         o.updatesSuppressed = s.updates_suppressed;
         o.updatesReceived = s.updates_received;
         o.interactionsSent = s.interactions_sent;
         o.interactionsSuppressed = s.interactions_suppressed;
         o.interactionsReceived = s.interactions_received;
         return o;
      }
   }
}

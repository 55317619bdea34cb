// SPDX-License-Identifier: Apache-2.0
// RTI/rti/Extensions.h - rti's own services from C++ (NOT part of IEEE
// 1516.1-2010): content filtering by conditions, send conditions on
// instances, updates and interactions, class bundles and update packing,
// the counters of what filtering saved.  librti-ddm(3) and
// librti-object(3) describe the services; these are the same, on the
// RTIambassador an rti RTIambassadorFactory made (RTIinternalError for
// any other, and for a condition that is not valid: "north/S12", at most
// 64 bytes, a subscription's prefix may end in '/').
//
// A federate that includes only the standard headers is portable to other
// RTIs; one that includes this one is not.
#ifndef RTI_rti_Extensions_h
#define RTI_rti_Extensions_h

#include <RTI/RTIambassador.h>
#include <RTI/Typedefs.h>

#include <string>
#include <vector>

namespace rti1516e
{
   class LogicalTime;

   namespace rti
   {
      // ---- subscription conditions (OR within a class) ----
      RTI_EXPORT void addSubscriptionCondition (RTIambassador & amb,
         ObjectClassHandle theClass, std::wstring const & condition);
      RTI_EXPORT void removeSubscriptionCondition (RTIambassador & amb,
         ObjectClassHandle theClass, std::wstring const & condition);
      // Replaces them all in one step (none: the whole class).
      RTI_EXPORT void setSubscriptionConditions (RTIambassador & amb,
         ObjectClassHandle theClass,
         std::vector<std::wstring> const & conditions);
      RTI_EXPORT void addSubscriptionCondition (RTIambassador & amb,
         InteractionClassHandle theClass, std::wstring const & condition);
      RTI_EXPORT void removeSubscriptionCondition (RTIambassador & amb,
         InteractionClassHandle theClass, std::wstring const & condition);
      RTI_EXPORT void setSubscriptionConditions (RTIambassador & amb,
         InteractionClassHandle theClass,
         std::vector<std::wstring> const & conditions);

      // ---- send conditions ----
      // The condition of every update of the instance without its own
      // ("" clears it).
      RTI_EXPORT void setObjectInstanceCondition (RTIambassador & amb,
         ObjectInstanceHandle theObject, std::wstring const & condition);
      // Registers (with a reserved name, or none: "") and sets the
      // instance's condition.
      RTI_EXPORT ObjectInstanceHandle registerObjectInstanceWithCondition (
         RTIambassador & amb, ObjectClassHandle theClass,
         std::wstring const & condition,
         std::wstring const & theObjectInstanceName = std::wstring ());
      RTI_EXPORT void updateAttributeValuesWithCondition (
         RTIambassador & amb, ObjectInstanceHandle theObject,
         AttributeHandleValueMap const & theAttributeValues,
         VariableLengthData const & theUserSuppliedTag,
         std::wstring const & condition);
      RTI_EXPORT MessageRetractionHandle updateAttributeValuesWithCondition (
         RTIambassador & amb, ObjectInstanceHandle theObject,
         AttributeHandleValueMap const & theAttributeValues,
         VariableLengthData const & theUserSuppliedTag,
         std::wstring const & condition, LogicalTime const & theTime);
      RTI_EXPORT void sendInteractionWithCondition (RTIambassador & amb,
         InteractionClassHandle theInteraction,
         ParameterHandleValueMap const & theParameterValues,
         VariableLengthData const & theUserSuppliedTag,
         std::wstring const & condition);
      RTI_EXPORT MessageRetractionHandle sendInteractionWithCondition (
         RTIambassador & amb, InteractionClassHandle theInteraction,
         ParameterHandleValueMap const & theParameterValues,
         VariableLengthData const & theUserSuppliedTag,
         std::wstring const & condition, LogicalTime const & theTime);

      // Inside reflectAttributeValues / receiveInteraction: the send
      // condition of the message being delivered ("" when none).
      RTI_EXPORT std::wstring receivedCondition (RTIambassador & amb);

      // ---- class bundles: many instances of one class in one message --
      struct InstanceAttributeValues
      {
         ObjectInstanceHandle object;
         AttributeHandleValueMap values;
      };
      RTI_EXPORT void updateClassAttributeValues (RTIambassador & amb,
         ObjectClassHandle theClass,
         std::vector<InstanceAttributeValues> const & instances,
         VariableLengthData const & theUserSuppliedTag);
      RTI_EXPORT MessageRetractionHandle updateClassAttributeValues (
         RTIambassador & amb, ObjectClassHandle theClass,
         std::vector<InstanceAttributeValues> const & instances,
         VariableLengthData const & theUserSuppliedTag,
         LogicalTime const & theTime);

      // ---- how updates are packed into messages ----
      enum UpdatePacking
      {
         PACK_PER_ATTRIBUTE,   // one message per attribute value
         PACK_PER_INSTANCE,    // one per update (the default)
         PACK_PER_CLASS        // updates of a class coalesced until a
                               // flush, evoke or request
      };
      RTI_EXPORT void setUpdatePacking (RTIambassador & amb,
         UpdatePacking packing, size_t maxBundleBytes = 0);
      RTI_EXPORT void flushUpdates (RTIambassador & amb);

      // ---- what filtering saved (since the join) ----
      struct Statistics
      {
         unsigned long long updatesSent, updatesSuppressed, updatesReceived;
         unsigned long long interactionsSent, interactionsSuppressed,
            interactionsReceived;
      };
      RTI_EXPORT Statistics getStatistics (RTIambassador & amb);

      // ---- C and C++ together ----
      // Throws the exception a service throws for librti's error code
      // `code` (enum rti_err of librti.h), with `message`; nothing for 0.
      RTI_EXPORT void throwLibrtiError (int code,
         std::wstring const & message);
   }
}

#endif // RTI_rti_Extensions_h

// SPDX-License-Identifier: Apache-2.0
// RTI/NullFederateAmbassador.h - a FederateAmbassador whose callbacks do
// nothing: derive from it and override the callbacks wanted.
//
// The forms with more arguments pass the message on to the form with
// fewer, so that a federate that overrides only the simplest form sees
// every message: reflectAttributeValues, receiveInteraction and
// removeObjectInstance with a MessageRetractionHandle call the form with
// the time, which calls the form without; discoverObjectInstance with the
// producing federate, initiateFederateSave with a time and
// turnUpdatesOnForObjectInstance with an update rate call their shorter
// forms.
#ifndef RTI_NullFederateAmbassador_h
#define RTI_NullFederateAmbassador_h

#include <RTI/SpecificConfig.h>
#include <RTI/FederateAmbassador.h>

namespace rti1516e
{
   class RTI_EXPORT NullFederateAmbassador : public FederateAmbassador
   {
   public:
      NullFederateAmbassador () {}
      virtual ~NullFederateAmbassador ();

      // 4.4
      virtual void connectionLost (
         std::wstring const &) {}

      // 4.8
      virtual void reportFederationExecutions (
         FederationExecutionInformationVector const &) {}

      // 4.12
      virtual void synchronizationPointRegistrationSucceeded (
         std::wstring const &) {}

      // 4.12
      virtual void synchronizationPointRegistrationFailed (
         std::wstring const &,
         SynchronizationPointFailureReason) {}

      // 4.13
      virtual void announceSynchronizationPoint (
         std::wstring const &,
         VariableLengthData const &) {}

      // 4.15
      virtual void federationSynchronized (
         std::wstring const &,
         FederateHandleSet const &) {}

      // 4.17
      virtual void initiateFederateSave (
         std::wstring const &) {}

      // 4.17
      virtual void initiateFederateSave (
         std::wstring const & label,
         LogicalTime const &)
      { initiateFederateSave (label); }

      // 4.20
      virtual void federationSaved () {}

      // 4.20
      virtual void federationNotSaved (
         SaveFailureReason) {}

      // 4.23
      virtual void federationSaveStatusResponse (
         FederateHandleSaveStatusPairVector const &) {}

      // 4.25
      virtual void requestFederationRestoreSucceeded (
         std::wstring const &) {}

      // 4.25
      virtual void requestFederationRestoreFailed (
         std::wstring const &) {}

      // 4.26
      virtual void federationRestoreBegun () {}

      // 4.27
      virtual void initiateFederateRestore (
         std::wstring const &,
         std::wstring const &,
         FederateHandle) {}

      // 4.29
      virtual void federationRestored () {}

      // 4.29
      virtual void federationNotRestored (
         RestoreFailureReason) {}

      // 4.32
      virtual void federationRestoreStatusResponse (
         FederateRestoreStatusVector const &) {}

      // 5.10
      virtual void startRegistrationForObjectClass (
         ObjectClassHandle) {}

      // 5.11
      virtual void stopRegistrationForObjectClass (
         ObjectClassHandle) {}

      // 5.12
      virtual void turnInteractionsOn (
         InteractionClassHandle) {}

      // 5.13
      virtual void turnInteractionsOff (
         InteractionClassHandle) {}

      // 6.3
      virtual void objectInstanceNameReservationSucceeded (
         std::wstring const &) {}

      // 6.3
      virtual void objectInstanceNameReservationFailed (
         std::wstring const &) {}

      // 6.6
      virtual void multipleObjectInstanceNameReservationSucceeded (
         std::set<std::wstring> const &) {}

      // 6.6
      virtual void multipleObjectInstanceNameReservationFailed (
         std::set<std::wstring> const &) {}

      // 6.9
      virtual void discoverObjectInstance (
         ObjectInstanceHandle,
         ObjectClassHandle,
         std::wstring const &) {}

      // 6.9
      virtual void discoverObjectInstance (
         ObjectInstanceHandle theObject,
         ObjectClassHandle theObjectClass,
         std::wstring const & theObjectInstanceName,
         FederateHandle)
      { discoverObjectInstance (theObject, theObjectClass, theObjectInstanceName); }

      // 6.11
      virtual void reflectAttributeValues (
         ObjectInstanceHandle,
         AttributeHandleValueMap const &,
         VariableLengthData const &,
         OrderType,
         TransportationType,
         SupplementalReflectInfo) {}

      // 6.11
      virtual void reflectAttributeValues (
         ObjectInstanceHandle theObject,
         AttributeHandleValueMap const & theAttributeValues,
         VariableLengthData const & theUserSuppliedTag,
         OrderType sentOrder,
         TransportationType theType,
         LogicalTime const &,
         OrderType,
         SupplementalReflectInfo theReflectInfo)
      { reflectAttributeValues (theObject, theAttributeValues, theUserSuppliedTag, sentOrder, theType, theReflectInfo); }

      // 6.11
      virtual void reflectAttributeValues (
         ObjectInstanceHandle theObject,
         AttributeHandleValueMap const & theAttributeValues,
         VariableLengthData const & theUserSuppliedTag,
         OrderType sentOrder,
         TransportationType theType,
         LogicalTime const & theTime,
         OrderType receivedOrder,
         MessageRetractionHandle,
         SupplementalReflectInfo theReflectInfo)
      { reflectAttributeValues (theObject, theAttributeValues, theUserSuppliedTag, sentOrder, theType, theTime, receivedOrder, theReflectInfo); }

      // 6.13
      virtual void receiveInteraction (
         InteractionClassHandle,
         ParameterHandleValueMap const &,
         VariableLengthData const &,
         OrderType,
         TransportationType,
         SupplementalReceiveInfo) {}

      // 6.13
      virtual void receiveInteraction (
         InteractionClassHandle theInteraction,
         ParameterHandleValueMap const & theParameterValues,
         VariableLengthData const & theUserSuppliedTag,
         OrderType sentOrder,
         TransportationType theType,
         LogicalTime const &,
         OrderType,
         SupplementalReceiveInfo theReceiveInfo)
      { receiveInteraction (theInteraction, theParameterValues, theUserSuppliedTag, sentOrder, theType, theReceiveInfo); }

      // 6.13
      virtual void receiveInteraction (
         InteractionClassHandle theInteraction,
         ParameterHandleValueMap const & theParameterValues,
         VariableLengthData const & theUserSuppliedTag,
         OrderType sentOrder,
         TransportationType theType,
         LogicalTime const & theTime,
         OrderType receivedOrder,
         MessageRetractionHandle,
         SupplementalReceiveInfo theReceiveInfo)
      { receiveInteraction (theInteraction, theParameterValues, theUserSuppliedTag, sentOrder, theType, theTime, receivedOrder, theReceiveInfo); }

      // 6.15
      virtual void removeObjectInstance (
         ObjectInstanceHandle,
         VariableLengthData const &,
         OrderType,
         SupplementalRemoveInfo) {}

      // 6.15
      virtual void removeObjectInstance (
         ObjectInstanceHandle theObject,
         VariableLengthData const & theUserSuppliedTag,
         OrderType sentOrder,
         LogicalTime const &,
         OrderType,
         SupplementalRemoveInfo theRemoveInfo)
      { removeObjectInstance (theObject, theUserSuppliedTag, sentOrder, theRemoveInfo); }

      // 6.15
      virtual void removeObjectInstance (
         ObjectInstanceHandle theObject,
         VariableLengthData const & theUserSuppliedTag,
         OrderType sentOrder,
         LogicalTime const & theTime,
         OrderType receivedOrder,
         MessageRetractionHandle,
         SupplementalRemoveInfo theRemoveInfo)
      { removeObjectInstance (theObject, theUserSuppliedTag, sentOrder, theTime, receivedOrder, theRemoveInfo); }

      // 6.17
      virtual void attributesInScope (
         ObjectInstanceHandle,
         AttributeHandleSet const &) {}

      // 6.18
      virtual void attributesOutOfScope (
         ObjectInstanceHandle,
         AttributeHandleSet const &) {}

      // 6.20
      virtual void provideAttributeValueUpdate (
         ObjectInstanceHandle,
         AttributeHandleSet const &,
         VariableLengthData const &) {}

      // 6.21
      virtual void turnUpdatesOnForObjectInstance (
         ObjectInstanceHandle,
         AttributeHandleSet const &) {}

      // 6.21
      virtual void turnUpdatesOnForObjectInstance (
         ObjectInstanceHandle theObject,
         AttributeHandleSet const & theAttributes,
         std::wstring const &)
      { turnUpdatesOnForObjectInstance (theObject, theAttributes); }

      // 6.22
      virtual void turnUpdatesOffForObjectInstance (
         ObjectInstanceHandle,
         AttributeHandleSet const &) {}

      // 6.24
      virtual void confirmAttributeTransportationTypeChange (
         ObjectInstanceHandle,
         AttributeHandleSet,
         TransportationType) {}

      // 6.26
      virtual void reportAttributeTransportationType (
         ObjectInstanceHandle,
         AttributeHandle,
         TransportationType) {}

      // 6.28
      virtual void confirmInteractionTransportationTypeChange (
         InteractionClassHandle,
         TransportationType) {}

      // 6.30
      virtual void reportInteractionTransportationType (
         FederateHandle,
         InteractionClassHandle,
         TransportationType) {}

      // 7.4
      virtual void requestAttributeOwnershipAssumption (
         ObjectInstanceHandle,
         AttributeHandleSet const &,
         VariableLengthData const &) {}

      // 7.5
      virtual void requestDivestitureConfirmation (
         ObjectInstanceHandle,
         AttributeHandleSet const &) {}

      // 7.7
      virtual void attributeOwnershipAcquisitionNotification (
         ObjectInstanceHandle,
         AttributeHandleSet const &,
         VariableLengthData const &) {}

      // 7.10
      virtual void attributeOwnershipUnavailable (
         ObjectInstanceHandle,
         AttributeHandleSet const &) {}

      // 7.11
      virtual void requestAttributeOwnershipRelease (
         ObjectInstanceHandle,
         AttributeHandleSet const &,
         VariableLengthData const &) {}

      // 7.16
      virtual void confirmAttributeOwnershipAcquisitionCancellation (
         ObjectInstanceHandle,
         AttributeHandleSet const &) {}

      // 7.18
      virtual void informAttributeOwnership (
         ObjectInstanceHandle,
         AttributeHandle,
         FederateHandle) {}

      // 7.18
      virtual void attributeIsNotOwned (
         ObjectInstanceHandle,
         AttributeHandle) {}

      // 7.18
      virtual void attributeIsOwnedByRTI (
         ObjectInstanceHandle,
         AttributeHandle) {}

      // 8.3
      virtual void timeRegulationEnabled (
         LogicalTime const &) {}

      // 8.6
      virtual void timeConstrainedEnabled (
         LogicalTime const &) {}

      // 8.13
      virtual void timeAdvanceGrant (
         LogicalTime const &) {}

      // 8.22
      virtual void requestRetraction (
         MessageRetractionHandle) {}
   };
}

#endif // RTI_NullFederateAmbassador_h

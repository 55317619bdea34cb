// SPDX-License-Identifier: Apache-2.0
// cxxtest.h - helpers of the C++ API's tests: a real rtiexec (testutil),
// a recording FederateAmbassador, and a federate that waits for what it
// recorded while evoking.
#ifndef RTI_CXXTEST_H
#define RTI_CXXTEST_H

#include <RTI/RTI1516.h>
#include <RTI/NullFederateAmbassador.h>
#include <RTI/rti/Extensions.h>
#include <RTI/encoding/BasicDataElements.h>
#include <RTI/time/HLAfloat64Time.h>
#include <RTI/time/HLAinteger64Time.h>

#include <check.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

extern "C" {
#include "testutil.h"
}

// Records every callback as one line of text ("reflect OBJ n=2 t=1.5 ..."),
// with the last values of interest kept.
class Recorder : public rti1516e::NullFederateAmbassador
{
public:
   std::vector<std::wstring> events;
   rti1516e::AttributeHandleValueMap lastValues;
   rti1516e::ParameterHandleValueMap lastParams;
   rti1516e::VariableLengthData lastTag;
   rti1516e::SupplementalReflectInfo lastInfo;
   rti1516e::TransportationType lastTransport;
   double granted;
   long long grantedInt;
   // The ambassador the callbacks come from, and the send condition of
   // the last update or interaction (rti::receivedCondition).
   rti1516e::RTIambassador * self;
   std::wstring lastCondition;

   Recorder () : lastTransport (rti1516e::RELIABLE), granted (-1),
      grantedInt (-1), self (0) {}

   void condition ()
   {
      if (self)
         lastCondition = rti1516e::rti::receivedCondition (*self);
   }

   void add (std::wstring const & e) { events.push_back (e); }
   size_t count (std::wstring const & prefix) const;
   bool has (std::wstring const & prefix) const { return count (prefix) > 0; }
   std::wstring first (std::wstring const & prefix) const;

   static std::wstring t2s (rti1516e::LogicalTime const & t)
   {
      return t.toString ();
   }

   void connectionLost (std::wstring const & f)
   { add (L"lost " + f); }
   void reportFederationExecutions (
      rti1516e::FederationExecutionInformationVector const & v);
   void synchronizationPointRegistrationSucceeded (std::wstring const & l)
   { add (L"syncok " + l); }
   void synchronizationPointRegistrationFailed (std::wstring const & l,
      rti1516e::SynchronizationPointFailureReason r)
   { add (L"syncfail " + l + L" " + std::to_wstring (r)); }
   void announceSynchronizationPoint (std::wstring const & l,
      rti1516e::VariableLengthData const &)
   { add (L"announce " + l); }
   void federationSynchronized (std::wstring const & l,
      rti1516e::FederateHandleSet const & failed)
   { add (L"synced " + l + L" " + std::to_wstring (failed.size ())); }
   void initiateFederateSave (std::wstring const & l)
   { add (L"save " + l); }
   void federationSaved () { add (L"saved"); }
   void federationNotSaved (rti1516e::SaveFailureReason r)
   { add (L"notsaved " + std::to_wstring (r)); }
   void federationSaveStatusResponse (
      rti1516e::FederateHandleSaveStatusPairVector const & v)
   { add (L"savestatus " + std::to_wstring (v.size ())); }
   void requestFederationRestoreSucceeded (std::wstring const & l)
   { add (L"restoreok " + l); }
   void requestFederationRestoreFailed (std::wstring const & l)
   { add (L"restorefail " + l); }
   void federationRestoreBegun () { add (L"restorebegun"); }
   void initiateFederateRestore (std::wstring const & l,
      std::wstring const & name, rti1516e::FederateHandle)
   { add (L"restore " + l + L" " + name); }
   void federationRestored () { add (L"restored"); }
   void federationNotRestored (rti1516e::RestoreFailureReason r)
   { add (L"notrestored " + std::to_wstring (r)); }
   void federationRestoreStatusResponse (
      rti1516e::FederateRestoreStatusVector const & v)
   { add (L"restorestatus " + std::to_wstring (v.size ())); }
   void startRegistrationForObjectClass (rti1516e::ObjectClassHandle c)
   { add (L"startreg " + c.toString ()); }
   void stopRegistrationForObjectClass (rti1516e::ObjectClassHandle c)
   { add (L"stopreg " + c.toString ()); }
   void turnInteractionsOn (rti1516e::InteractionClassHandle c)
   { add (L"interon " + c.toString ()); }
   void turnInteractionsOff (rti1516e::InteractionClassHandle c)
   { add (L"interoff " + c.toString ()); }
   void objectInstanceNameReservationSucceeded (std::wstring const & n)
   { add (L"reserved " + n); }
   void objectInstanceNameReservationFailed (std::wstring const & n)
   { add (L"notreserved " + n); }
   void multipleObjectInstanceNameReservationSucceeded (
      std::set<std::wstring> const & n)
   { add (L"mreserved " + std::to_wstring (n.size ())); }
   void multipleObjectInstanceNameReservationFailed (
      std::set<std::wstring> const & n)
   { add (L"mnotreserved " + std::to_wstring (n.size ())); }
   void discoverObjectInstance (rti1516e::ObjectInstanceHandle o,
      rti1516e::ObjectClassHandle, std::wstring const & name)
   { add (L"discover " + name + L" " + o.toString ()); }
   void reflectAttributeValues (rti1516e::ObjectInstanceHandle o,
      rti1516e::AttributeHandleValueMap const & v,
      rti1516e::VariableLengthData const & tag, rti1516e::OrderType sent,
      rti1516e::TransportationType tt, rti1516e::SupplementalReflectInfo i)
   {
      condition ();
      lastValues = v;
      lastTag = tag;
      lastInfo = i;
      lastTransport = tt;
      add (L"reflect " + o.toString () + L" n=" + std::to_wstring (v.size ())
         + L" sent=" + std::to_wstring (sent));
   }
   void reflectAttributeValues (rti1516e::ObjectInstanceHandle o,
      rti1516e::AttributeHandleValueMap const & v,
      rti1516e::VariableLengthData const & tag, rti1516e::OrderType sent,
      rti1516e::TransportationType tt, rti1516e::LogicalTime const & t,
      rti1516e::OrderType recv, rti1516e::SupplementalReflectInfo i)
   {
      condition ();
      lastValues = v;
      lastTag = tag;
      lastInfo = i;
      lastTransport = tt;
      add (L"treflect " + o.toString () + L" n=" + std::to_wstring (v.size ())
         + L" t=" + t2s (t) + L" sent=" + std::to_wstring (sent) +
         L" recv=" + std::to_wstring (recv));
   }
   void reflectAttributeValues (rti1516e::ObjectInstanceHandle o,
      rti1516e::AttributeHandleValueMap const & v,
      rti1516e::VariableLengthData const & tag, rti1516e::OrderType sent,
      rti1516e::TransportationType tt, rti1516e::LogicalTime const & t,
      rti1516e::OrderType recv, rti1516e::MessageRetractionHandle h,
      rti1516e::SupplementalReflectInfo i)
   {
      condition ();
      lastValues = v;
      lastTag = tag;
      lastInfo = i;
      lastTransport = tt;
      add (L"rreflect " + o.toString () + L" n=" + std::to_wstring (v.size ())
         + L" t=" + t2s (t) + L" recv=" + std::to_wstring (recv) +
         (h.isValid () ? L" retract" : L" none") + L" sent=" +
         std::to_wstring (sent));
   }
   void receiveInteraction (rti1516e::InteractionClassHandle c,
      rti1516e::ParameterHandleValueMap const & p,
      rti1516e::VariableLengthData const & tag, rti1516e::OrderType,
      rti1516e::TransportationType, rti1516e::SupplementalReceiveInfo)
   {
      condition ();
      lastParams = p;
      lastTag = tag;
      add (L"interaction " + c.toString () + L" n=" +
         std::to_wstring (p.size ()));
   }
   void receiveInteraction (rti1516e::InteractionClassHandle c,
      rti1516e::ParameterHandleValueMap const & p,
      rti1516e::VariableLengthData const & tag, rti1516e::OrderType,
      rti1516e::TransportationType, rti1516e::LogicalTime const & t,
      rti1516e::OrderType recv, rti1516e::SupplementalReceiveInfo)
   {
      condition ();
      lastParams = p;
      lastTag = tag;
      add (L"tinteraction " + c.toString () + L" t=" + t2s (t) + L" recv=" +
         std::to_wstring (recv));
   }
   void removeObjectInstance (rti1516e::ObjectInstanceHandle o,
      rti1516e::VariableLengthData const &, rti1516e::OrderType,
      rti1516e::SupplementalRemoveInfo)
   { add (L"remove " + o.toString ()); }
   void provideAttributeValueUpdate (rti1516e::ObjectInstanceHandle o,
      rti1516e::AttributeHandleSet const & a,
      rti1516e::VariableLengthData const &)
   { add (L"provide " + o.toString () + L" " + std::to_wstring (a.size ())); }
   void turnUpdatesOnForObjectInstance (rti1516e::ObjectInstanceHandle o,
      rti1516e::AttributeHandleSet const &)
   { add (L"updateson " + o.toString ()); }
   void turnUpdatesOffForObjectInstance (rti1516e::ObjectInstanceHandle o,
      rti1516e::AttributeHandleSet const &)
   { add (L"updatesoff " + o.toString ()); }
   void confirmAttributeTransportationTypeChange (
      rti1516e::ObjectInstanceHandle o, rti1516e::AttributeHandleSet,
      rti1516e::TransportationType t)
   { add (L"confirmattrtt " + o.toString () + L" " + std::to_wstring (t)); }
   void reportAttributeTransportationType (rti1516e::ObjectInstanceHandle,
      rti1516e::AttributeHandle, rti1516e::TransportationType t)
   { add (L"reportattrtt " + std::to_wstring (t)); }
   void confirmInteractionTransportationTypeChange (
      rti1516e::InteractionClassHandle, rti1516e::TransportationType t)
   { add (L"confirmictt " + std::to_wstring (t)); }
   void reportInteractionTransportationType (rti1516e::FederateHandle,
      rti1516e::InteractionClassHandle, rti1516e::TransportationType t)
   { add (L"reportictt " + std::to_wstring (t)); }
   void requestAttributeOwnershipAssumption (
      rti1516e::ObjectInstanceHandle, rti1516e::AttributeHandleSet const & a,
      rti1516e::VariableLengthData const &)
   { add (L"assume " + std::to_wstring (a.size ())); }
   void requestDivestitureConfirmation (rti1516e::ObjectInstanceHandle,
      rti1516e::AttributeHandleSet const & a)
   { add (L"confirmdivest " + std::to_wstring (a.size ())); }
   void attributeOwnershipAcquisitionNotification (
      rti1516e::ObjectInstanceHandle, rti1516e::AttributeHandleSet const & a,
      rti1516e::VariableLengthData const &)
   { add (L"acquired " + std::to_wstring (a.size ())); }
   void attributeOwnershipUnavailable (rti1516e::ObjectInstanceHandle,
      rti1516e::AttributeHandleSet const & a)
   { add (L"unavailable " + std::to_wstring (a.size ())); }
   void requestAttributeOwnershipRelease (rti1516e::ObjectInstanceHandle,
      rti1516e::AttributeHandleSet const & a,
      rti1516e::VariableLengthData const &)
   { add (L"release " + std::to_wstring (a.size ())); }
   void confirmAttributeOwnershipAcquisitionCancellation (
      rti1516e::ObjectInstanceHandle, rti1516e::AttributeHandleSet const & a)
   { add (L"cancelled " + std::to_wstring (a.size ())); }
   void informAttributeOwnership (rti1516e::ObjectInstanceHandle,
      rti1516e::AttributeHandle, rti1516e::FederateHandle f)
   { add (L"owner " + f.toString ()); }
   void attributeIsNotOwned (rti1516e::ObjectInstanceHandle,
      rti1516e::AttributeHandle)
   { add (L"notowned"); }
   void attributeIsOwnedByRTI (rti1516e::ObjectInstanceHandle,
      rti1516e::AttributeHandle)
   { add (L"ownedbyrti"); }
   void timeRegulationEnabled (rti1516e::LogicalTime const & t)
   { add (L"regulating " + t2s (t)); }
   void timeConstrainedEnabled (rti1516e::LogicalTime const & t)
   { add (L"constrained " + t2s (t)); }
   void timeAdvanceGrant (rti1516e::LogicalTime const & t);
   void requestRetraction (rti1516e::MessageRetractionHandle)
   { add (L"retraction"); }
};

// One federate: a Recorder and its RTIambassador, connected to the test's
// rtiexec.
struct Fed
{
   Recorder rec;
   std::unique_ptr<rti1516e::RTIambassador> amb;

   explicit Fed (struct rtiexec * rx,
      rti1516e::CallbackModel m = rti1516e::HLA_EVOKED);
   // Evokes until an event starting with prefix is recorded (n of them),
   // or WAIT_S passes; fails the test then.
   void wait (std::wstring const & prefix, size_t n = 1);
   // Evokes for s seconds.
   void pump (double s);
};

// Waits on several federates, evoking each in turn.
void wait_all (std::vector<Fed *> const & feds, Fed & f,
   std::wstring const & prefix, size_t n = 1);

std::wstring wurl (struct rtiexec * rx);
std::wstring wstr (char const * s);

#define HELLO_FOM TOP_SRCDIR "/data/fom/HelloWorld.xml"
#define GRID_FOM TOP_SRCDIR "/data/fom/Grid.xml"

// The exception expr throws is of class E.
#define ck_assert_throws(expr, E)                                          \
   do {                                                                     \
      bool thrown_ = false;                                                 \
      try {                                                                 \
         expr;                                                              \
      } catch (E const &) {                                                 \
         thrown_ = true;                                                    \
      } catch (rti1516e::Exception const & e_) {                            \
         ck_abort_msg ("%s threw another exception: %ls", #expr,            \
            e_.what ().c_str ());                                           \
      }                                                                     \
      ck_assert_msg (thrown_, "%s did not throw %s", #expr, #E);            \
   } while (0)

#endif

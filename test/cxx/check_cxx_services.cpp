// SPDX-License-Identifier: Apache-2.0
// check_cxx_services.cpp - every service group of the IEEE 1516.1-2010 C++
// API against a real rtiexec: federation management (create, join, list,
// synchronization points, save and restore), declarations and their
// advisories, objects (names, registration, updates with every callback
// overload, interactions, deletes, value requests, transportation and
// order types), ownership, time (regulation, constraint, advances, the
// queries), DDM (regions, subscriptions, queries), the support services,
// and the standard's exceptions for the standard's conditions; and rti's
// own services from <RTI/rti/Extensions.h> (conditions, send conditions,
// class bundles, update packing, the filtering counters).
#include "cxxtest.h"

#include <cstdlib>
#include <exception>

#include <RTI/time/HLAfloat64Interval.h>
#include <RTI/time/HLAfloat64TimeFactory.h>
#include <RTI/time/HLAinteger64Interval.h>
#include <RTI/time/HLAinteger64TimeFactory.h>

using namespace rti1516e;

static struct rtiexec rx;

static void setup (void)
{
   ck_assert_int_eq (rtiexec_start (&rx, NULL), 0);
}

static void teardown (void)
{
   ck_assert_int_eq (rtiexec_stop (&rx), 0);
}

START_TEST (test_federation_management)
{
   Fed a (&rx), b (&rx);
   ck_assert_throws (a.amb->connect (a.rec, HLA_EVOKED, wurl (&rx)),
      AlreadyConnected);
   ck_assert_throws (a.amb->joinFederationExecution (L"t", L"F"),
      FederationExecutionDoesNotExist);
   a.amb->createFederationExecution (L"F", wstr (HELLO_FOM));
   ck_assert_throws (a.amb->createFederationExecution (L"F",
      wstr (HELLO_FOM)), FederationExecutionAlreadyExists);
   ck_assert_throws (a.amb->createFederationExecution (L"G",
      L"no-such-module.xml"), CouldNotOpenFDD);
   ck_assert_throws (a.amb->createFederationExecution (L"G",
      wstr (HELLO_FOM), L"MyTime"), CouldNotCreateLogicalTimeFactory);
   // a FOM module given as its text, and as a data: URL
   a.amb->createFederationExecution (L"T", std::vector<std::wstring> (1,
      L"<objectModel xmlns=\"http://standards.ieee.org/IEEE1516-2010\">"
      L"<objects><objectClass><name>HLAobjectRoot</name><objectClass>"
      L"<name>Thing</name></objectClass></objectClass></objects>"
      L"</objectModel>"), L"HLAinteger64Time");
   a.amb->createFederationExecution (L"D", std::vector<std::wstring> (1,
      L"data:text/xml,%3CobjectModel%3E%3C/objectModel%3E"));
   a.amb->listFederationExecutions ();
   a.wait (L"feds");
   ck_assert (a.rec.first (L"feds").find (L"T/HLAinteger64Time") !=
      std::wstring::npos);
   a.amb->destroyFederationExecution (L"D");
   ck_assert_throws (a.amb->destroyFederationExecution (L"D"),
      FederationExecutionDoesNotExist);

   FederateHandle ha = a.amb->joinFederationExecution (L"alice", L"t", L"F");
   ck_assert (ha.isValid ());
   ck_assert_throws (a.amb->joinFederationExecution (L"t", L"F"),
      FederateAlreadyExecutionMember);
   ck_assert_throws (b.amb->joinFederationExecution (L"alice", L"t", L"F"),
      FederateNameAlreadyInUse);
   FederateHandle hb = b.amb->joinFederationExecution (L"t", L"F");
   ck_assert (hb != ha);
   ck_assert (a.amb->getFederateHandle (L"alice") == ha);
   ck_assert (a.amb->getFederateName (ha) == L"alice");
   ck_assert_throws (a.amb->getFederateHandle (L"nobody"), NameNotFound);
   ck_assert_throws (a.amb->destroyFederationExecution (L"F"),
      FederatesCurrentlyJoined);
   ck_assert_throws (a.amb->disconnect (), FederateIsExecutionMember);

   // synchronization points: all, and a set
   a.amb->registerFederationSynchronizationPoint (L"p",
      VariableLengthData ("x", 1));
   a.wait (L"syncok p");
   b.wait (L"announce p");
   a.amb->registerFederationSynchronizationPoint (L"p",
      VariableLengthData ());
   a.wait (L"syncfail p 0");
   ck_assert_throws (a.amb->synchronizationPointAchieved (L"nope"),
      SynchronizationPointLabelNotAnnounced);
   a.amb->synchronizationPointAchieved (L"p");
   b.amb->synchronizationPointAchieved (L"p", false);
   std::vector<Fed *> both;
   both.push_back (&a);
   both.push_back (&b);
   wait_all (both, a, L"synced p 1");
   FederateHandleSet set;
   set.insert (ha);
   a.amb->registerFederationSynchronizationPoint (L"q",
      VariableLengthData (), set);
   a.wait (L"announce q");
   b.pump (0.1);
   ck_assert (!b.rec.has (L"announce q"));

   // the automatic resign directive
   ck_assert_int_eq (a.amb->getAutomaticResignDirective (),
      CANCEL_THEN_DELETE_THEN_DIVEST);
   a.amb->setAutomaticResignDirective (DELETE_OBJECTS);
   ck_assert_int_eq (a.amb->getAutomaticResignDirective (), DELETE_OBJECTS);
   // 7: within the enum's range of values (0..7, the smallest bit-field
   // holding its enumerators; 42 would be undefined), no action's value
   ck_assert_throws (a.amb->setAutomaticResignDirective (
      static_cast<ResignAction> (7)), InvalidResignAction);

   b.amb->resignFederationExecution (NO_ACTION);
   ck_assert_throws (b.amb->resignFederationExecution (NO_ACTION),
      FederateNotExecutionMember);
   b.amb->disconnect ();
   ck_assert_throws (b.amb->listFederationExecutions (), NotConnected);
   a.amb->resignFederationExecution (NO_ACTION);
   a.amb->destroyFederationExecution (L"F");
   a.amb->disconnect ();
}
END_TEST

START_TEST (test_save_restore)
{
   Fed a (&rx);
   a.amb->createFederationExecution (L"S", wstr (HELLO_FOM));
   a.amb->joinFederationExecution (L"a", L"t", L"S");
   a.amb->requestFederationSave (L"one");
   a.wait (L"save one");
   ck_assert_throws (a.amb->publishInteractionClass (
      a.amb->getInteractionClassHandle (L"Hello")), SaveInProgress);
   a.amb->federateSaveBegun ();
   a.amb->queryFederationSaveStatus ();
   a.wait (L"savestatus 1");
   a.amb->federateSaveComplete ();
   a.wait (L"saved");
   ck_assert_throws (a.amb->federateSaveComplete (), FederateHasNotBegunSave);
   a.amb->requestFederationRestore (L"none");
   a.wait (L"restorefail none");
   a.amb->requestFederationRestore (L"one");
   a.wait (L"restoreok one");
   a.wait (L"restorebegun");
   a.wait (L"restore one a");
   a.amb->queryFederationRestoreStatus ();
   a.wait (L"restorestatus");
   a.amb->federateRestoreComplete ();
   a.wait (L"restored");
   a.amb->resignFederationExecution (NO_ACTION);
   a.amb->destroyFederationExecution (L"S");
}
END_TEST

START_TEST (test_declarations_objects)
{
   Fed p (&rx), s (&rx);
   p.amb->createFederationExecution (L"O", wstr (HELLO_FOM));
   p.amb->joinFederationExecution (L"p", L"t", L"O");
   s.amb->joinFederationExecution (L"s", L"t", L"O");
   ObjectClassHandle g = p.amb->getObjectClassHandle (L"Greeter");
   ck_assert (g == p.amb->getObjectClassHandle (L"HLAobjectRoot.Greeter"));
   ck_assert (p.amb->getObjectClassName (g) == L"HLAobjectRoot.Greeter");
   AttributeHandle msg = p.amb->getAttributeHandle (g, L"Message");
   ck_assert (msg == p.amb->getAttributeHandle (g,
      L"HLAobjectRoot.Greeter.Message"));
   AttributeHandle cnt = p.amb->getAttributeHandle (g, L"Count");
   ck_assert (p.amb->getAttributeName (g, cnt) == L"Count");
   ck_assert_throws (p.amb->getAttributeHandle (g, L"Nope"), NameNotFound);
   InteractionClassHandle hello = p.amb->getInteractionClassHandle (
      L"HLAinteractionRoot.Hello");
   ParameterHandle text = p.amb->getParameterHandle (hello, L"Text");
   ck_assert (p.amb->getParameterName (hello, text) == L"Text");
   AttributeHandleSet attrs;
   attrs.insert (msg);
   attrs.insert (cnt);

   ck_assert_throws (p.amb->registerObjectInstance (g),
      ObjectClassNotPublished);
   ck_assert_throws (p.amb->publishObjectClassAttributes (ObjectClassHandle (),
      attrs), ObjectClassNotDefined);
   p.amb->publishObjectClassAttributes (g, attrs);
   p.amb->publishInteractionClass (hello);
   s.amb->subscribeObjectClassAttributes (g, attrs);
   s.amb->subscribeInteractionClass (hello);
   p.wait (L"startreg");
   p.wait (L"interon");

   // names
   p.amb->reserveObjectInstanceName (L"G1");
   p.wait (L"reserved G1");
   ck_assert_throws (p.amb->reserveObjectInstanceName (L"HLAx"),
      IllegalName);
   std::set<std::wstring> names;
   ck_assert_throws (p.amb->reserveMultipleObjectInstanceName (names),
      NameSetWasEmpty);
   names.insert (L"G2");
   names.insert (L"G3");
   p.amb->reserveMultipleObjectInstanceName (names);
   p.wait (L"mreserved 2");
   p.amb->releaseMultipleObjectInstanceName (names);
   ck_assert_throws (p.amb->registerObjectInstance (g, L"G9"),
      ObjectInstanceNameNotReserved);
   ObjectInstanceHandle o = p.amb->registerObjectInstance (g, L"G1");
   ck_assert (p.amb->getObjectInstanceHandle (L"G1") == o);
   ck_assert (p.amb->getObjectInstanceName (o) == L"G1");
   ck_assert (p.amb->getKnownObjectClassHandle (o) == g);
   s.wait (L"discover G1");

   // updates: values and tag arrive; producing federate in the info
   AttributeHandleValueMap v;
   v[msg] = HLAunicodeString (L"hé ✓").encode ();
   v[cnt] = HLAinteger32BE (7).encode ();
   std::vector<Fed *> ps;
   ps.push_back (&p);
   ps.push_back (&s);
   p.amb->updateAttributeValues (o, v, VariableLengthData ("tag", 3));
   wait_all (ps, s, L"reflect");
   ck_assert_uint_eq (s.rec.lastValues.size (), 2);
   HLAunicodeString rs;
   rs.decode (s.rec.lastValues[msg]);
   ck_assert (rs.get () == L"hé ✓");
   HLAinteger32BE rc;
   rc.decode (s.rec.lastValues[cnt]);
   ck_assert_int_eq (rc.get (), 7);
   ck_assert_uint_eq (s.rec.lastTag.size (), 3);
   ck_assert (s.rec.lastInfo.hasProducingFederate);
   ck_assert (s.rec.lastInfo.producingFederate ==
      p.amb->getFederateHandle (L"p"));
   ck_assert_int_eq (s.rec.lastTransport, RELIABLE);
   // a time on a receive-order update: the time overload, no retraction
   p.amb->updateAttributeValues (o, v, VariableLengthData (),
      HLAfloat64Time (3.5));
   wait_all (ps, s, L"treflect");
   ck_assert (s.rec.first (L"treflect").find (L"t=3.5 sent=1 recv=1") !=
      std::wstring::npos);
   ck_assert_throws (p.amb->updateAttributeValues (o, v,
      VariableLengthData (), HLAinteger64Time (3)), InvalidLogicalTime);
   ck_assert_throws (s.amb->updateAttributeValues (o, v,
      VariableLengthData ()), AttributeNotOwned);
   ck_assert_throws (p.amb->updateAttributeValues (ObjectInstanceHandle (),
      v, VariableLengthData ()), ObjectInstanceNotKnown);

   // interactions
   ParameterHandleValueMap pv;
   pv[text] = HLAunicodeString (L"hi").encode ();
   p.amb->sendInteraction (hello, pv, VariableLengthData ());
   wait_all (ps, s, L"interaction");
   ck_assert_throws (s.amb->sendInteraction (hello, pv,
      VariableLengthData ()), InteractionClassNotPublished);

   // value requests, transportation and order types
   s.amb->requestAttributeValueUpdate (o, attrs, VariableLengthData ());
   p.wait (L"provide");
   s.amb->requestAttributeValueUpdate (g, attrs, VariableLengthData ());
   p.wait (L"provide", 2);
   p.amb->requestAttributeTransportationTypeChange (o, attrs, BEST_EFFORT);
   p.wait (L"confirmattrtt");
   p.amb->queryAttributeTransportationType (o, msg);
   p.wait (L"reportattrtt 2");
   p.amb->requestInteractionTransportationTypeChange (hello, RELIABLE);
   p.wait (L"confirmictt 1");
   p.amb->queryInteractionTransportationType (p.amb->getFederateHandle (
      L"p"), hello);
   p.wait (L"reportictt 1");
   p.amb->changeAttributeOrderType (o, attrs, TIMESTAMP);
   p.amb->changeInteractionOrderType (hello, RECEIVE);

   // deletes
   ck_assert_throws (s.amb->deleteObjectInstance (o, VariableLengthData ()),
      DeletePrivilegeNotHeld);
   s.amb->localDeleteObjectInstance (o);
   ck_assert_throws (s.amb->getObjectInstanceName (o), ObjectInstanceNotKnown);
   p.amb->deleteObjectInstance (o, VariableLengthData ());
   p.amb->unpublishObjectClass (g);
   p.amb->unpublishInteractionClass (hello);
   s.amb->unsubscribeObjectClassAttributes (g, attrs);
   s.amb->unsubscribeObjectClass (g);
   s.amb->unsubscribeInteractionClass (hello);
   p.amb->resignFederationExecution (CANCEL_THEN_DELETE_THEN_DIVEST);
   s.amb->resignFederationExecution (NO_ACTION);
}
END_TEST

START_TEST (test_ownership)
{
   Fed a (&rx), b (&rx);
   a.amb->createFederationExecution (L"W", wstr (HELLO_FOM));
   a.amb->joinFederationExecution (L"a", L"t", L"W");
   b.amb->joinFederationExecution (L"b", L"t", L"W");
   ObjectClassHandle g = a.amb->getObjectClassHandle (L"Greeter");
   AttributeHandle cnt = a.amb->getAttributeHandle (g, L"Count");
   AttributeHandleSet attrs;
   attrs.insert (cnt);
   a.amb->publishObjectClassAttributes (g, attrs);
   b.amb->publishObjectClassAttributes (g, attrs);
   b.amb->subscribeObjectClassAttributes (g, attrs);
   ObjectInstanceHandle o = a.amb->registerObjectInstance (g);
   b.wait (L"discover");
   ck_assert (a.amb->isAttributeOwnedByFederate (o, cnt));
   ck_assert (!b.amb->isAttributeOwnedByFederate (o, cnt));
   b.amb->queryAttributeOwnership (o, cnt);
   b.wait (L"owner");
   // a divests, b takes it
   a.amb->negotiatedAttributeOwnershipDivestiture (o, attrs,
      VariableLengthData ());
   b.wait (L"assume 1");
   b.amb->attributeOwnershipAcquisition (o, attrs, VariableLengthData ());
   a.wait (L"confirmdivest 1");
   a.amb->confirmDivestiture (o, attrs, VariableLengthData ());
   b.wait (L"acquired 1");
   ck_assert (b.amb->isAttributeOwnedByFederate (o, cnt));
   // a wants it back: b is asked, gives it
   a.amb->attributeOwnershipAcquisition (o, attrs, VariableLengthData ());
   b.wait (L"release 1");
   AttributeHandleSet divested;
   b.amb->attributeOwnershipDivestitureIfWanted (o, attrs, divested);
   ck_assert_uint_eq (divested.size (), 1);
   a.wait (L"acquired 1");
   // b asks, a denies; b cancels
   b.amb->attributeOwnershipAcquisitionIfAvailable (o, attrs);
   b.wait (L"unavailable 1");
   b.amb->attributeOwnershipAcquisition (o, attrs, VariableLengthData ());
   a.wait (L"release 1");
   a.amb->attributeOwnershipReleaseDenied (o, attrs);
   b.wait (L"unavailable 1", 2);
   ck_assert_throws (b.amb->cancelAttributeOwnershipAcquisition (o, attrs),
      AttributeAcquisitionWasNotRequested);
   b.amb->attributeOwnershipAcquisition (o, attrs, VariableLengthData ());
   a.wait (L"release 1", 2);
   b.amb->cancelAttributeOwnershipAcquisition (o, attrs);
   b.wait (L"cancelled 1");
   ck_assert_throws (b.amb->unconditionalAttributeOwnershipDivestiture (o,
      attrs), AttributeNotOwned);
   a.amb->negotiatedAttributeOwnershipDivestiture (o, attrs,
      VariableLengthData ());
   ck_assert_throws (a.amb->negotiatedAttributeOwnershipDivestiture (o,
      attrs, VariableLengthData ()), AttributeAlreadyBeingDivested);
   a.amb->cancelNegotiatedAttributeOwnershipDivestiture (o, attrs);
   a.amb->unconditionalAttributeOwnershipDivestiture (o, attrs);
   a.amb->queryAttributeOwnership (o, cnt);
   a.wait (L"notowned");
   a.amb->resignFederationExecution (CANCEL_THEN_DELETE_THEN_DIVEST);
   b.amb->resignFederationExecution (CANCEL_THEN_DELETE_THEN_DIVEST);
}
END_TEST

START_TEST (test_time)
{
   Fed a (&rx), b (&rx);
   a.amb->createFederationExecution (L"TM", wstr (HELLO_FOM),
      L"HLAinteger64Time");
   a.amb->joinFederationExecution (L"a", L"t", L"TM");
   b.amb->joinFederationExecution (L"b", L"t", L"TM");
   std::unique_ptr<LogicalTimeFactory> tf = a.amb->getTimeFactory ();
   ck_assert (tf->getName () == L"HLAinteger64Time");
   ck_assert_throws (a.amb->enableTimeRegulation (HLAfloat64Interval (1.0)),
      InvalidLookahead);
   a.amb->enableTimeRegulation (HLAinteger64Interval (2));
   a.wait (L"regulating 0");
   ck_assert_throws (a.amb->enableTimeRegulation (HLAinteger64Interval (2)),
      TimeRegulationAlreadyEnabled);
   b.amb->enableTimeConstrained ();
   b.wait (L"constrained 0");
   HLAinteger64Interval la;
   a.amb->queryLookahead (la);
   ck_assert_int_eq (la.getInterval (), 2);
   ck_assert_throws (b.amb->queryLookahead (la), TimeRegulationIsNotEnabled);
   // a TSO interaction: b gets it with a retraction handle at its grant
   InteractionClassHandle hello = a.amb->getInteractionClassHandle (L"Hello");
   a.amb->publishInteractionClass (hello);
   b.amb->subscribeInteractionClass (hello);
   a.amb->changeInteractionOrderType (hello, TIMESTAMP);
   MessageRetractionHandle r = a.amb->sendInteraction (hello,
      ParameterHandleValueMap (), VariableLengthData (),
      HLAinteger64Time (5));
   ck_assert (r.isValid ());
   MessageRetractionHandle r2 = a.amb->sendInteraction (hello,
      ParameterHandleValueMap (), VariableLengthData (),
      HLAinteger64Time (6));
   a.amb->retract (r2);
   ck_assert_throws (a.amb->retract (r2), MessageCanNoLongerBeRetracted);
   a.amb->timeAdvanceRequest (HLAinteger64Time (10));
   ck_assert_throws (a.amb->timeAdvanceRequest (HLAinteger64Time (11)),
      InTimeAdvancingState);
   b.amb->timeAdvanceRequest (HLAinteger64Time (8));
   std::vector<Fed *> both;
   both.push_back (&a);
   both.push_back (&b);
   wait_all (both, b, L"grant 8");
   wait_all (both, a, L"grant 10");
   ck_assert_uint_eq (b.rec.count (L"tinteraction"), 1);
   ck_assert (b.rec.first (L"tinteraction").find (L"t=5 recv=2") !=
      std::wstring::npos);
   HLAinteger64Time now;
   b.amb->queryLogicalTime (now);
   ck_assert_int_eq (now.getTime (), 8);
   HLAinteger64Time galt;
   ck_assert (b.amb->queryGALT (galt));
   ck_assert_int_ge (galt.getTime (), 8);
   b.amb->queryLITS (galt);
   ck_assert_throws (b.amb->timeAdvanceRequest (HLAinteger64Time (1)),
      LogicalTimeAlreadyPassed);
   ck_assert_throws (b.amb->timeAdvanceRequest (HLAfloat64Time (9)),
      InvalidLogicalTime);
   b.amb->nextMessageRequest (HLAinteger64Time (9));
   wait_all (both, b, L"grant 9");
   b.amb->timeAdvanceRequestAvailable (HLAinteger64Time (10));
   wait_all (both, b, L"grant 10");
   b.amb->nextMessageRequestAvailable (HLAinteger64Time (11));
   a.amb->timeAdvanceRequest (HLAinteger64Time (12));
   wait_all (both, b, L"grant 11");
   b.amb->flushQueueRequest (HLAinteger64Time (20));
   wait_all (both, b, L"grant", 5);
   // a's own grant (its request of 12) may still be on its way: a
   // federate with a request pending may not change its lookahead
   wait_all (both, a, L"grant 12");
   a.amb->modifyLookahead (HLAinteger64Interval (1));
   b.amb->enableAsynchronousDelivery ();
   ck_assert_throws (b.amb->enableAsynchronousDelivery (),
      AsynchronousDeliveryAlreadyEnabled);
   b.amb->disableAsynchronousDelivery ();
   b.amb->disableTimeConstrained ();
   ck_assert_throws (b.amb->disableTimeConstrained (),
      TimeConstrainedIsNotEnabled);
   a.pump (0.05);
   a.amb->disableTimeRegulation ();
   a.amb->resignFederationExecution (NO_ACTION);
   b.amb->resignFederationExecution (NO_ACTION);
}
END_TEST

START_TEST (test_ddm_and_support)
{
   Fed a (&rx), b (&rx);
   a.amb->createFederationExecution (L"DD", wstr (GRID_FOM));
   a.amb->joinFederationExecution (L"a", L"t", L"DD");
   b.amb->joinFederationExecution (L"b", L"t", L"DD");
   DimensionHandle grid = a.amb->getDimensionHandle (L"Grid");
   DimensionHandle sub = a.amb->getDimensionHandle (L"Substation");
   ck_assert (a.amb->getDimensionName (sub) == L"Substation");
   ck_assert_uint_gt (a.amb->getDimensionUpperBound (grid), 1);
   InteractionClassHandle alarm = a.amb->getInteractionClassHandle (L"Alarm");
   ck_assert_uint_eq (a.amb->getAvailableDimensionsForInteractionClass (
      alarm).size (), 2);
   ObjectClassHandle br = a.amb->getObjectClassHandle (L"Breaker");
   AttributeHandle st = a.amb->getAttributeHandle (br, L"Status");
   ck_assert_uint_eq (a.amb->getAvailableDimensionsForClassAttribute (br,
      st).size (), 2);
   DimensionHandleSet dims;
   dims.insert (grid);
   dims.insert (sub);
   RegionHandle ra = a.amb->createRegion (dims);
   ck_assert (a.amb->getDimensionHandleSet (ra) == dims);
   a.amb->setRangeBounds (ra, sub, RangeBounds (1, 2));
   ck_assert_uint_eq (a.amb->getRangeBounds (ra, sub).getLowerBound (), 1);
   ck_assert_throws (a.amb->setRangeBounds (ra, sub, RangeBounds (2, 1)),
      InvalidRangeBound);
   RegionHandleSet rs;
   rs.insert (ra);
   a.amb->commitRegionModifications (rs);
   RegionHandle rb = b.amb->createRegion (dims);
   b.amb->setRangeBounds (rb, sub, RangeBounds (1, 2));
   RegionHandleSet rbs;
   rbs.insert (rb);
   b.amb->commitRegionModifications (rbs);
   ck_assert_throws (b.amb->deleteRegion (ra),
      RegionNotCreatedByThisFederate);
   b.amb->subscribeInteractionClassWithRegions (alarm, rbs, false);
   a.amb->publishInteractionClass (alarm);
   std::vector<Fed *> ab;
   ab.push_back (&a);
   ab.push_back (&b);
   a.amb->sendInteractionWithRegions (alarm, ParameterHandleValueMap (), rs,
      VariableLengthData ("r", 1));
   wait_all (ab, b, L"interaction");
   a.amb->sendInteractionWithRegions (alarm, ParameterHandleValueMap (), rs,
      VariableLengthData (), HLAfloat64Time (1.0));
   wait_all (ab, b, L"tinteraction");
   b.amb->unsubscribeInteractionClassWithRegions (alarm, rbs);
   ck_assert_throws (b.amb->deleteRegion (RegionHandle ()), InvalidRegion);

   AttributeHandleSet sa;
   sa.insert (st);
   AttributeHandleSetRegionHandleSetPairVector pairs;
   pairs.push_back (AttributeHandleSetRegionHandleSetPair (sa, rbs));
   b.amb->subscribeObjectClassAttributesWithRegions (br, pairs);
   AttributeHandleSetRegionHandleSetPairVector apairs;
   apairs.push_back (AttributeHandleSetRegionHandleSetPair (sa, rs));
   a.amb->publishObjectClassAttributes (br, sa);
   a.amb->reserveObjectInstanceName (L"B1");
   a.wait (L"reserved B1");
   ObjectInstanceHandle o = a.amb->registerObjectInstanceWithRegions (br,
      apairs, L"B1");
   b.wait (L"discover B1");
   a.amb->unassociateRegionsForUpdates (o, apairs);
   a.amb->associateRegionsForUpdates (o, apairs);
   b.amb->requestAttributeValueUpdateWithRegions (br, pairs,
      VariableLengthData ());
   a.wait (L"provide");
   b.amb->unsubscribeObjectClassAttributesWithRegions (br, pairs);
   ck_assert_throws (a.amb->deleteRegion (ra),
      RegionInUseForUpdateOrSubscription);

   // names of order and transportation types, normalization, switches
   ck_assert_int_eq (a.amb->getOrderType (L"HLAtimestamp"), TIMESTAMP);
   ck_assert (a.amb->getOrderName (RECEIVE) == L"HLAreceive");
   ck_assert_throws (a.amb->getOrderType (L"sometimes"), InvalidOrderName);
   ck_assert_int_eq (a.amb->getTransportationType (L"HLAbestEffort"),
      BEST_EFFORT);
   ck_assert (a.amb->getTransportationName (RELIABLE) == L"HLAreliable");
   ck_assert_throws (a.amb->getTransportationType (L"carrier pigeon"),
      InvalidTransportationName);
   FederateHandle fa = a.amb->getFederateHandle (L"a");
   ck_assert_uint_gt (a.amb->normalizeFederateHandle (fa), 0);
   ck_assert_uint_eq (a.amb->normalizeServiceGroup (TIME_MANAGEMENT), 4);
   ck_assert_throws (a.amb->getUpdateRateValue (L"fast"),
      InvalidUpdateRateDesignator);
   ck_assert (a.amb->getUpdateRateValueForAttribute (o, st) == 0.0);
   a.amb->disableObjectClassRelevanceAdvisorySwitch ();
   ck_assert_throws (a.amb->disableObjectClassRelevanceAdvisorySwitch (),
      ObjectClassRelevanceAdvisorySwitchIsOff);
   a.amb->enableObjectClassRelevanceAdvisorySwitch ();
   a.amb->enableAttributeRelevanceAdvisorySwitch ();
   ck_assert_throws (a.amb->enableAttributeRelevanceAdvisorySwitch (),
      AttributeRelevanceAdvisorySwitchIsOn);
   a.amb->disableAttributeRelevanceAdvisorySwitch ();
   a.amb->disableInteractionRelevanceAdvisorySwitch ();
   a.amb->enableInteractionRelevanceAdvisorySwitch ();
   a.amb->enableAttributeScopeAdvisorySwitch ();
   a.amb->disableAttributeScopeAdvisorySwitch ();
   ck_assert_throws (a.amb->disableAttributeScopeAdvisorySwitch (),
      AttributeScopeAdvisorySwitchIsOff);

   // handles encode and decode
   ck_assert (a.amb->decodeFederateHandle (fa.encode ()) == fa);
   ck_assert (a.amb->decodeObjectInstanceHandle (o.encode ()) == o);
   ck_assert (a.amb->decodeRegionHandle (ra.encode ()) == ra);
   ck_assert (a.amb->decodeDimensionHandle (grid.encode ()) == grid);
   ck_assert (a.amb->decodeAttributeHandle (st.encode ()) == st);
   ck_assert (a.amb->decodeObjectClassHandle (br.encode ()) == br);
   ck_assert (a.amb->decodeInteractionClassHandle (alarm.encode ()) ==
      alarm);
   ck_assert_throws (a.amb->decodeParameterHandle (VariableLengthData ("x",
      1)), CouldNotDecode);
   MessageRetractionHandle mr;
   ck_assert_uint_eq (mr.encodedLength (), 8);
   ck_assert_throws (a.amb->decodeMessageRetractionHandle (
      VariableLengthData ("abcd", 4)), CouldNotDecode);
   a.amb->resignFederationExecution (CANCEL_THEN_DELETE_THEN_DIVEST);
   b.amb->resignFederationExecution (CANCEL_THEN_DELETE_THEN_DIVEST);
}
END_TEST

// <RTI/rti/Extensions.h>: subscription and send conditions filter
// discoveries, updates and interactions; the receiver sees the condition;
// class bundles and packing deliver; the counters count.
START_TEST (test_extensions)
{
   Fed a (&rx), b (&rx);
   a.amb->createFederationExecution (L"X", wstr (GRID_FOM));
   a.amb->joinFederationExecution (L"a", L"t", L"X");
   b.amb->joinFederationExecution (L"b", L"t", L"X");
   ObjectClassHandle sub = a.amb->getObjectClassHandle (L"Substation");
   AttributeHandle name = a.amb->getAttributeHandle (sub, L"Name");
   AttributeHandleSet as;
   as.insert (name);
   a.amb->publishObjectClassAttributes (sub, as);
   rti::setSubscriptionConditions (*b.amb, sub,
      std::vector<std::wstring> (1, L"north/"));
   b.amb->subscribeObjectClassAttributes (sub, as);
   InteractionClassHandle alarm = a.amb->getInteractionClassHandle (
      L"Alarm");
   ParameterHandle text = a.amb->getParameterHandle (alarm, L"Text");
   a.amb->publishInteractionClass (alarm);
   rti::addSubscriptionCondition (*b.amb, alarm, L"north/S1");
   rti::addSubscriptionCondition (*b.amb, alarm, L"north/S3");
   rti::removeSubscriptionCondition (*b.amb, alarm, L"north/S3");
   b.amb->subscribeInteractionClass (alarm);
   ck_assert_throws (rti::addSubscriptionCondition (*b.amb, alarm,
      std::wstring (100, L'x')), RTIinternalError);

   a.amb->reserveObjectInstanceName (L"S4");
   a.wait (L"reserved S4");
   ObjectInstanceHandle n1 = rti::registerObjectInstanceWithCondition (
      *a.amb, sub, L"north/S1");
   ObjectInstanceHandle s4 = rti::registerObjectInstanceWithCondition (
      *a.amb, sub, L"south/S4", L"S4");
   ck_assert (a.amb->getObjectInstanceName (s4) == L"S4");
   HLAunicodeString v (L"S1");
   AttributeHandleValueMap m;
   m[name] = v.encode ();
   a.amb->updateAttributeValues (n1, m, VariableLengthData ());
   a.amb->updateAttributeValues (s4, m, VariableLengthData ());
   std::vector<Fed *> ab;
   ab.push_back (&a);
   ab.push_back (&b);
   wait_all (ab, b, L"reflect " + n1.toString ());
   ck_assert (b.rec.lastCondition == L"north/S1");
   a.pump (0.1);
   b.pump (0.2);
   ck_assert_uint_eq (b.rec.count (L"reflect " + s4.toString ()), 0);
   // an update with its own condition, and the instance's moved north
   rti::updateAttributeValuesWithCondition (*a.amb, n1, m,
      VariableLengthData (), L"north/S2");
   wait_all (ab, b, L"reflect " + n1.toString (), 2);
   ck_assert (b.rec.lastCondition == L"north/S2");
   rti::setObjectInstanceCondition (*a.amb, s4, L"north/S4");
   a.amb->updateAttributeValues (s4, m, VariableLengthData ());
   wait_all (ab, b, L"reflect " + s4.toString ());
   ck_assert (b.rec.lastCondition == L"north/S4");

   // interactions: north/S1 only
   ParameterHandleValueMap p;
   p[text] = HLAunicodeString (L"alarm").encode ();
   rti::sendInteractionWithCondition (*a.amb, alarm, p,
      VariableLengthData (), L"north/S3");
   rti::sendInteractionWithCondition (*a.amb, alarm, p,
      VariableLengthData (), L"north/S1");
   wait_all (ab, b, L"interaction");
   ck_assert (b.rec.lastCondition == L"north/S1");
   b.pump (0.2);
   ck_assert_uint_eq (b.rec.count (L"interaction"), 1);

   // a class bundle, then updates packed per class until a flush
   std::vector<rti::InstanceAttributeValues> bundle (2);
   bundle[0].object = n1;
   bundle[0].values = m;
   bundle[1].object = s4;
   bundle[1].values = m;
   rti::updateClassAttributeValues (*a.amb, sub, bundle,
      VariableLengthData ());
   wait_all (ab, b, L"reflect " + s4.toString (), 2);
   wait_all (ab, b, L"reflect " + n1.toString (), 3);
   rti::setUpdatePacking (*a.amb, rti::PACK_PER_CLASS);
   a.amb->updateAttributeValues (n1, m, VariableLengthData ());
   a.amb->updateAttributeValues (s4, m, VariableLengthData ());
   rti::flushUpdates (*a.amb);
   wait_all (ab, b, L"reflect " + s4.toString (), 3);
   wait_all (ab, b, L"reflect " + n1.toString (), 4);
   rti::setUpdatePacking (*a.amb, rti::PACK_PER_INSTANCE);

   rti::Statistics sa = rti::getStatistics (*a.amb);
   rti::Statistics sb = rti::getStatistics (*b.amb);
   ck_assert_uint_ge (sa.updatesSent, 6);
   ck_assert_uint_ge (sa.interactionsSent, 1);
   ck_assert_uint_ge (sb.updatesReceived, 7);
   ck_assert_uint_eq (sb.interactionsReceived, 1);

   a.amb->resignFederationExecution (DELETE_OBJECTS);
   b.amb->resignFederationExecution (NO_ACTION);
   a.amb->destroyFederationExecution (L"X");
}
END_TEST

static Suite * suite (void)
{
   Suite * s = suite_create ("cxx_services");
   TCase * tc = tcase_create ("services");
   tcase_add_checked_fixture (tc, setup, teardown);
   tcase_set_timeout (tc, 120);
   tcase_add_test (tc, test_federation_management);
   tcase_add_test (tc, test_save_restore);
   tcase_add_test (tc, test_declarations_objects);
   tcase_add_test (tc, test_ownership);
   tcase_add_test (tc, test_time);
   tcase_add_test (tc, test_ddm_and_support);
   tcase_add_test (tc, test_extensions);
   suite_add_tcase (s, tc);
   return s;
}

// An rti1516e exception that escapes a test: its message before abort.
static void report_terminate ()
{
   try {
      throw;
   } catch (Exception const & e) {
      std::fprintf (stderr, "uncaught rti1516e exception: %ls\n",
         e.what ().c_str ());
   } catch (...) {
      std::fprintf (stderr, "uncaught exception\n");
   }
   std::abort ();
}

int main (void)
{
   std::set_terminate (report_terminate);
   SRunner * sr = srunner_create (suite ());
   srunner_run_all (sr, CK_NORMAL);
   int failed = srunner_ntests_failed (sr);
   srunner_free (sr);
   return failed ? 1 : 0;
}

// SPDX-License-Identifier: Apache-2.0
// fed_hello_cxx11.cpp - a federate written as C++11 HLA federates are
// written for other RTIs: only the standard headers, `using namespace` of
// both rti1516e and std, a NullFederateAmbassador subclass whose
// callbacks declare throw (FederateInternalError), std::auto_ptr, the
// standard encoding helpers, HLAfloat64Time.  Run in pairs by
// test/check_cxx_federates.sh:
//
//   fed_hello_cxx11 NAME PEERS DESIGNATOR FOM
//
// joins federation "HelloCxx" (creating it if needed), waits for PEERS
// federates at the synchronization point "ReadyToRun", steps logical time
// by 1.0 ten times publishing a Greeter update and a Hello interaction per
// step, and exits 0 when it reflected and received the others' and saw its
// grants in order.
#include <RTI/RTI1516.h>
#include <RTI/NullFederateAmbassador.h>
#include <RTI/encoding/BasicDataElements.h>
#include <RTI/time/HLAfloat64Interval.h>
#include <RTI/time/HLAfloat64Time.h>

#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <string>

using namespace rti1516e;
using namespace std;

class HelloAmbassador : public NullFederateAmbassador
{
public:
   HelloAmbassador ()
      : announced (false), synchronized (false), regulating (false),
        constrained (false), advancing (false), time (0.0), reflections (0),
        interactions (0), timed (0), lastReflectTime (-1.0), badOrder (0)
   {}
   virtual ~HelloAmbassador () throw () {}

   virtual void announceSynchronizationPoint (const wstring & label,
      const VariableLengthData &) throw (FederateInternalError)
   {
      if (label == L"ReadyToRun")
         announced = true;
   }

   virtual void federationSynchronized (const wstring & label,
      const FederateHandleSet &) throw (FederateInternalError)
   {
      if (label == L"ReadyToRun")
         synchronized = true;
   }

   virtual void timeRegulationEnabled (const LogicalTime & t)
      throw (FederateInternalError)
   {
      regulating = true;
      time = dynamic_cast<const HLAfloat64Time &> (t).getTime ();
   }

   virtual void timeConstrainedEnabled (const LogicalTime & t)
      throw (FederateInternalError)
   {
      constrained = true;
      time = dynamic_cast<const HLAfloat64Time &> (t).getTime ();
   }

   virtual void timeAdvanceGrant (const LogicalTime & t)
      throw (FederateInternalError)
   {
      double g = dynamic_cast<const HLAfloat64Time &> (t).getTime ();
      if (g < time)
         badOrder++;
      time = g;
      advancing = false;
   }

   virtual void discoverObjectInstance (ObjectInstanceHandle obj,
      ObjectClassHandle, const wstring & name) throw (FederateInternalError)
   {
      names[obj] = name;
   }

   virtual void reflectAttributeValues (ObjectInstanceHandle obj,
      const AttributeHandleValueMap & values, const VariableLengthData &,
      OrderType, TransportationType, SupplementalReflectInfo)
      throw (FederateInternalError)
   {
      note (obj, values);
   }

   virtual void reflectAttributeValues (ObjectInstanceHandle obj,
      const AttributeHandleValueMap & values, const VariableLengthData &,
      OrderType, TransportationType, const LogicalTime & t, OrderType,
      SupplementalReflectInfo) throw (FederateInternalError)
   {
      double rt = dynamic_cast<const HLAfloat64Time &> (t).getTime ();
      if (rt < lastReflectTime || rt > time + 1.0)
         badOrder++;
      lastReflectTime = rt;
      timed++;
      note (obj, values);
   }

   virtual void receiveInteraction (InteractionClassHandle,
      const ParameterHandleValueMap & params, const VariableLengthData &,
      OrderType, TransportationType, SupplementalReceiveInfo)
      throw (FederateInternalError)
   {
      if (params.size () == 1)
         interactions++;
   }

   void note (ObjectInstanceHandle obj, const AttributeHandleValueMap & v)
   {
      if (names.find (obj) == names.end ())
         throw FederateInternalError (L"reflection before discovery");
      for (AttributeHandleValueMap::const_iterator i = v.begin ();
           i != v.end (); ++i) {
         if (i->first == messageHandle) {
            HLAunicodeString s;
            s.decode (i->second);
            lastMessage = s.get ();
         }
      }
      reflections++;
   }

   bool announced, synchronized, regulating, constrained, advancing;
   double time;
   int reflections, interactions, timed;
   double lastReflectTime;
   int badOrder;
   AttributeHandle messageHandle;
   wstring lastMessage;
   map<ObjectInstanceHandle, wstring> names;
};

static wstring widen (const char * s)
{
   wstring w;
   while (*s)
      w += static_cast<wchar_t> (*s++);
   return w;
}

int main (int argc, char ** argv)
{
   if (argc != 5) {
      cerr << "usage: fed_hello_cxx11 NAME PEERS DESIGNATOR FOM" << endl;
      return 2;
   }
   wstring name = widen (argv[1]);
   unsigned peers = static_cast<unsigned> (atoi (argv[2]));
   HelloAmbassador fedamb;
   RTIambassadorFactory factory = RTIambassadorFactory ();
   auto_ptr<RTIambassador> rti (factory.createRTIambassador ());

   try {
      rti->connect (fedamb, HLA_EVOKED, widen (argv[3]));
      try {
         vector<wstring> foms;
         foms.push_back (widen (argv[4]));
         rti->createFederationExecution (L"HelloCxx", foms);
      } catch (FederationExecutionAlreadyExists &) {
      }
      rti->joinFederationExecution (name, L"hello", L"HelloCxx");

      ObjectClassHandle greeter =
         rti->getObjectClassHandle (L"HLAobjectRoot.Greeter");
      AttributeHandle message = rti->getAttributeHandle (greeter,
         L"Message");
      AttributeHandle count = rti->getAttributeHandle (greeter, L"Count");
      fedamb.messageHandle = message;
      InteractionClassHandle hello =
         rti->getInteractionClassHandle (L"Hello");
      ParameterHandle text = rti->getParameterHandle (hello, L"Text");

      AttributeHandleSet attrs;
      attrs.insert (message);
      attrs.insert (count);
      rti->publishObjectClassAttributes (greeter, attrs);
      rti->subscribeObjectClassAttributes (greeter, attrs);
      rti->publishInteractionClass (hello);
      rti->subscribeInteractionClass (hello);

      ObjectInstanceHandle obj = rti->registerObjectInstance (greeter);
      wcout << name << L" registered " << obj << endl;
      auto_ptr<HLAfloat64Interval> lookahead (new HLAfloat64Interval (1.0));
      rti->enableTimeRegulation (*lookahead);
      while (!fedamb.regulating)
         rti->evokeMultipleCallbacks (0.1, 1.0);
      rti->enableTimeConstrained ();
      while (!fedamb.constrained)
         rti->evokeMultipleCallbacks (0.1, 1.0);

      // Every peer joined, regulating and constrained before the first
      // update: its Greeter is discovered before the synchronization
      // point is registered (whoever registers it first, the others are
      // joined then and in its set), and each enabled its time first.
      while (fedamb.names.size () + 1 < peers)
         rti->evokeMultipleCallbacks (0.1, 1.0);
      rti->registerFederationSynchronizationPoint (L"ReadyToRun",
         VariableLengthData ("", 1));
      while (!fedamb.announced)
         rti->evokeMultipleCallbacks (0.1, 1.0);
      rti->synchronizationPointAchieved (L"ReadyToRun");
      while (!fedamb.synchronized)
         rti->evokeMultipleCallbacks (0.1, 1.0);

      for (int step = 0; step < 10; step++) {
         AttributeHandleValueMap values;
         values[message] = HLAunicodeString (L"Hello from " + name).encode ();
         values[count] = HLAinteger32BE (step).encode ();
         rti->updateAttributeValues (obj, values,
            VariableLengthData ("tag", 3),
            HLAfloat64Time (fedamb.time + 1.0));
         ParameterHandleValueMap params;
         params[text] = HLAunicodeString (L"hi").encode ();
         rti->sendInteraction (hello, params, VariableLengthData ());

         fedamb.advancing = true;
         rti->timeAdvanceRequest (HLAfloat64Time (fedamb.time + 1.0));
         while (fedamb.advancing)
            rti->evokeMultipleCallbacks (0.1, 1.0);
      }
      // One more step delivers the others' last updates.
      fedamb.advancing = true;
      rti->timeAdvanceRequest (HLAfloat64Time (fedamb.time + 1.0));
      while (fedamb.advancing)
         rti->evokeMultipleCallbacks (0.1, 1.0);

      rti->deleteObjectInstance (obj, VariableLengthData ());
      rti->resignFederationExecution (CANCEL_THEN_DELETE_THEN_DIVEST);
      try {
         rti->destroyFederationExecution (L"HelloCxx");
      } catch (FederatesCurrentlyJoined &) {
      } catch (FederationExecutionDoesNotExist &) {
      }
      rti->disconnect ();
   } catch (Exception & e) {
      wcerr << name << L": " << e.what () << endl;
      return 1;
   }
   wcout << name << L": reflections " << fedamb.reflections
         << L" timed " << fedamb.timed << L" interactions "
         << fedamb.interactions << L" time " << fedamb.time
         << L" last '" << fedamb.lastMessage << L"'" << endl;
   unsigned others = peers - 1;
   if (fedamb.reflections < static_cast<int> (10 * others) ||
       fedamb.timed < static_cast<int> (10 * others) ||
       fedamb.interactions < static_cast<int> (10 * others) ||
       fedamb.badOrder || fedamb.time != 11.0 ||
       (others && fedamb.lastMessage.compare (0, 11, L"Hello from ") != 0))
      return 1;
   return 0;
}

// SPDX-License-Identifier: Apache-2.0
// fed_hello_cxx17.cpp - a federate as C++17 code is written against the
// standard API: std::unique_ptr from the factories, override, no
// exception specifications, callbacks from the RTI's thread
// (HLA_IMMEDIATE) or evoked, HLAinteger64Time.  Built with -std=c++17
// -Wall -Wextra -pedantic -Werror: the standard headers are clean there.
//
//   fed_hello_cxx17 NAME PEERS DESIGNATOR FOM immediate|evoked
//
// Joins "HelloCxx17" (integer time), waits for PEERS federates at
// "ready", steps 1..10 publishing its Count and reading the others', and
// exits 0 when every other federate's updates of every step arrived in
// timestamp order before its grant.
#include <RTI/RTI1516.h>
#include <RTI/NullFederateAmbassador.h>
#include <RTI/encoding/BasicDataElements.h>
#include <RTI/time/HLAinteger64Interval.h>
#include <RTI/time/HLAinteger64Time.h>
#include <RTI/time/HLAinteger64TimeFactory.h>

#include <chrono>
#include <condition_variable>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace
{
   class Federate final : public rti1516e::NullFederateAmbassador
   {
   public:
      std::mutex mu;
      std::condition_variable cv;
      bool announced = false, synced = false, regulating = false,
         constrained = false;
      long long granted = 0;
      int updates = 0, outOfOrder = 0, discovered = 0;
      rti1516e::AttributeHandle count;
      std::map<rti1516e::ObjectInstanceHandle, long long> last;

      void announceSynchronizationPoint (std::wstring const &,
         rti1516e::VariableLengthData const &) override
      {
         set ([this] { announced = true; });
      }
      void federationSynchronized (std::wstring const &,
         rti1516e::FederateHandleSet const &) override
      {
         set ([this] { synced = true; });
      }
      void discoverObjectInstance (rti1516e::ObjectInstanceHandle,
         rti1516e::ObjectClassHandle, std::wstring const &) override
      {
         set ([this] { discovered++; });
      }
      void timeRegulationEnabled (rti1516e::LogicalTime const &) override
      {
         set ([this] { regulating = true; });
      }
      void timeConstrainedEnabled (rti1516e::LogicalTime const &) override
      {
         set ([this] { constrained = true; });
      }
      void timeAdvanceGrant (rti1516e::LogicalTime const & t) override
      {
         auto const & i = dynamic_cast<rti1516e::HLAinteger64Time const &> (t);
         set ([&] { granted = i.getTime (); });
      }
      void reflectAttributeValues (rti1516e::ObjectInstanceHandle o,
         rti1516e::AttributeHandleValueMap const & v,
         rti1516e::VariableLengthData const &, rti1516e::OrderType,
         rti1516e::TransportationType, rti1516e::LogicalTime const & t,
         rti1516e::OrderType received,
         rti1516e::MessageRetractionHandle,
         rti1516e::SupplementalReflectInfo) override
      {
         auto it = v.find (count);
         if (it == v.end ())
            return;
         rti1516e::HLAinteger64BE c;
         c.decode (it->second);
         auto ts = dynamic_cast<rti1516e::HLAinteger64Time const &> (t);
         set ([&] {
            if (received != rti1516e::TIMESTAMP || c.get () != ts.getTime ()
                || c.get () <= last[o] || ts.getTime () <= granted)
               outOfOrder++;
            last[o] = c.get ();
            updates++;
         });
      }

      template <class F> void set (F f)
      {
         std::lock_guard<std::mutex> l (mu);
         f ();
         cv.notify_all ();
      }
   };
}

// Waits for pred: on the condition variable under HLA_IMMEDIATE, evoking
// otherwise; false after 30 s.
template <class P>
static bool until (rti1516e::RTIambassador & rti, Federate & f, bool immediate,
   P pred)
{
   auto end = std::chrono::steady_clock::now () + std::chrono::seconds (30);
   std::unique_lock<std::mutex> l (f.mu);
   while (!pred ()) {
      if (std::chrono::steady_clock::now () > end)
         return false;
      if (immediate) {
         f.cv.wait_for (l, std::chrono::milliseconds (100));
      } else {
         l.unlock ();
         rti.evokeMultipleCallbacks (0.01, 0.1);
         l.lock ();
      }
   }
   return true;
}

int main (int argc, char ** argv)
{
   if (argc != 6) {
      std::cerr << "usage: fed_hello_cxx17 NAME PEERS DESIGNATOR FOM "
         "immediate|evoked\n";
      return 2;
   }
   std::string n (argv[1]), d (argv[3]), m (argv[4]);
   std::wstring name (n.begin (), n.end ()), url (d.begin (), d.end ()),
      fom (m.begin (), m.end ());
   int peers = std::stoi (argv[2]);
   bool immediate = std::string (argv[5]) == "immediate";
   Federate fed;
   try {
      rti1516e::RTIambassadorFactory factory;
      std::unique_ptr<rti1516e::RTIambassador> rti =
         factory.createRTIambassador ();
      rti->connect (fed, immediate ? rti1516e::HLA_IMMEDIATE :
         rti1516e::HLA_EVOKED, url);
      try {
         rti->createFederationExecution (L"HelloCxx17", fom,
            L"HLAinteger64Time");
      } catch (rti1516e::FederationExecutionAlreadyExists const &) {
      }
      rti->joinFederationExecution (name, L"hello17", L"HelloCxx17");
      auto factoryOfTimes = rti->getTimeFactory ();
      if (factoryOfTimes->getName () != L"HLAinteger64Time")
         return 1;
      auto greeter = rti->getObjectClassHandle (L"Greeter");
      fed.count = rti->getAttributeHandle (greeter, L"Count");
      rti1516e::AttributeHandleSet attrs{fed.count};
      rti->publishObjectClassAttributes (greeter, attrs);
      rti->subscribeObjectClassAttributes (greeter, attrs);
      auto obj = rti->registerObjectInstance (greeter);
      rti->changeAttributeOrderType (obj, attrs, rti1516e::TIMESTAMP);
      rti->enableTimeRegulation (rti1516e::HLAinteger64Interval (1));
      if (!until (*rti, fed, immediate, [&] { return fed.regulating; }))
         return 1;
      rti->enableTimeConstrained ();
      if (!until (*rti, fed, immediate, [&] { return fed.constrained; }))
         return 1;
      // every peer joined (its Greeter discovered) before "ready" is
      // registered, so that whoever registers it, all are in its set
      if (!until (*rti, fed, immediate,
          [&] { return fed.discovered + 1 >= peers; }))
         return 1;
      rti->registerFederationSynchronizationPoint (L"ready",
         rti1516e::VariableLengthData ());
      if (!until (*rti, fed, immediate, [&] { return fed.announced; }))
         return 1;
      rti->synchronizationPointAchieved (L"ready");
      if (!until (*rti, fed, immediate, [&] { return fed.synced; }))
         return 1;
      for (long long step = 1; step <= 10; step++) {
         rti1516e::AttributeHandleValueMap v;
         v[fed.count] = rti1516e::HLAinteger64BE (step).encode ();
         rti->updateAttributeValues (obj, v, rti1516e::VariableLengthData (),
            rti1516e::HLAinteger64Time (step));
         rti->timeAdvanceRequest (rti1516e::HLAinteger64Time (step));
         if (!until (*rti, fed, immediate, [&] { return fed.granted == step; }))
            return 1;
      }
      rti->resignFederationExecution (
         rti1516e::CANCEL_THEN_DELETE_THEN_DIVEST);
      try {
         rti->destroyFederationExecution (L"HelloCxx17");
      } catch (rti1516e::FederatesCurrentlyJoined const &) {
      } catch (rti1516e::FederationExecutionDoesNotExist const &) {
         // another federate, resigned first, destroyed it
      }
      rti->disconnect ();
   } catch (rti1516e::Exception const & e) {
      std::wcerr << name << L": " << e.what () << std::endl;
      return 1;
   }
   std::lock_guard<std::mutex> l (fed.mu);
   std::wcout << name << L": " << fed.updates << L" updates, "
      << fed.outOfOrder << L" out of order" << std::endl;
   // the others' step 10 update arrives with the grant of 10 at the latest
   return fed.updates >= 9 * (peers - 1) && fed.outOfOrder == 0 ? 0 : 1;
}

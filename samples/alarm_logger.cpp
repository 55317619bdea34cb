// SPDX-License-Identifier: Apache-2.0
// alarm_logger.cpp - a C++ federate of the substation demo, written
// against the IEEE 1516-2010 C++ API (rti1516e): it logs every event of a
// grid - faults, switching, protection trips and alarms - with its logical
// time, the substation (the send condition the simulators give) and the
// decoded parameters, and counts them.  Faults, switching and trips come
// in timestamp order with their time; alarms come in receive order, as
// soon as they are sent, logged with the logger's time at their arrival.
//
// It shows the standard API (RTIambassadorFactory, a NullFederateAmbassador
// subclass, the encoding helpers, HLAfloat64Time) and one of rti's own
// services from <RTI/rti/Extensions.h>: a subscription condition, so that
// only the events of one grid ("north/") arrive.
//
//   alarm_logger [--url URL] [--federation NAME] [--grid NAME]
//                [--peers N] [--duration S] [--step S] [--fom FILE]
//
// Build against an installed rti:
//   c++ -o alarm_logger alarm_logger.cpp $(pkg-config --cflags --libs rti1516e)
#include <RTI/RTI1516.h>
#include <RTI/NullFederateAmbassador.h>
#include <RTI/encoding/BasicDataElements.h>
#include <RTI/rti/Extensions.h>
#include <RTI/time/HLAfloat64Interval.h>
#include <RTI/time/HLAfloat64Time.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <memory>
#include <string>

#ifndef RTI_FOMDIR
#define RTI_FOMDIR "/usr/local/share/rti/fom"
#endif

using namespace rti1516e;

namespace
{
   volatile std::sig_atomic_t stop = 0;

   void on_signal (int) { stop = 1; }

   std::wstring wide (char const * s)
   {
      std::string n (s);
      return std::wstring (n.begin (), n.end ());
   }

   std::wstring text (ParameterHandleValueMap const & p, ParameterHandle h)
   {
      ParameterHandleValueMap::const_iterator i = p.find (h);
      if (i == p.end ())
         return L"?";
      HLAunicodeString s;
      try {
         s.decode (i->second);
      } catch (EncoderException const &) {
         return L"(undecodable)";
      }
      return s.get ();
   }

   int enumerator (ParameterHandleValueMap const & p, ParameterHandle h)
   {
      ParameterHandleValueMap::const_iterator i = p.find (h);
      HLAinteger32BE v;
      if (i == p.end ())
         return 0;
      try {
         v.decode (i->second);
      } catch (EncoderException const &) {
         return 0;
      }
      return v.get ();
   }

   // The grid's events, by interaction class; the handles looked up at
   // the join.
   struct Handles
   {
      ObjectClassHandle federate;
      InteractionClassHandle fault, switching, trip, alarm;
      ParameterHandle substation, equipment, function, alarmText, severity,
         faultType, operation;
   };

   class Logger : public NullFederateAmbassador
   {
   public:
      RTIambassador * rti;
      Handles h;
      double time;
      bool announced, synchronized, constrained, granted;
      unsigned joined, faults, switchings, trips, alarms;

      Logger () : rti (0), time (0), announced (false), synchronized (false),
         constrained (false), granted (false), joined (0), faults (0),
         switchings (0), trips (0), alarms (0) {}

      // The joined federates, as the MOM's HLAmanager.HLAfederate
      // instances (the standard way to count them).
      void discoverObjectInstance (ObjectInstanceHandle,
         ObjectClassHandle cls, std::wstring const &) override
      {
         if (cls == h.federate)
            joined++;
      }

      void removeObjectInstance (ObjectInstanceHandle,
         VariableLengthData const &, OrderType, SupplementalRemoveInfo)
         override
      {
         if (joined > 0)
            joined--;
      }

      void announceSynchronizationPoint (std::wstring const & label,
         VariableLengthData const &) override
      {
         if (label == L"ready")
            announced = true;
      }

      void federationSynchronized (std::wstring const & label,
         FederateHandleSet const &) override
      {
         if (label == L"ready")
            synchronized = true;
      }

      void timeConstrainedEnabled (LogicalTime const & t) override
      {
         constrained = true;
         time = dynamic_cast<HLAfloat64Time const &> (t).getTime ();
      }

      void timeAdvanceGrant (LogicalTime const & t) override
      {
         time = dynamic_cast<HLAfloat64Time const &> (t).getTime ();
         granted = true;
      }

      // Faults, switching and trips travel in timestamp order, alarms in
      // receive order: both forms end here.
      void receiveInteraction (InteractionClassHandle cls,
         ParameterHandleValueMap const & p, VariableLengthData const &,
         OrderType, TransportationType, LogicalTime const & t, OrderType,
         SupplementalReceiveInfo info) override
      {
         log (cls, p, dynamic_cast<HLAfloat64Time const &> (t).getTime (),
            info);
      }

      void receiveInteraction (InteractionClassHandle cls,
         ParameterHandleValueMap const & p, VariableLengthData const &,
         OrderType, TransportationType, SupplementalReceiveInfo info)
         override
      {
         log (cls, p, time, info);
      }

      void log (InteractionClassHandle cls, ParameterHandleValueMap const & p,
         double t, SupplementalReceiveInfo const &)
      {
         std::wstring where = rti::receivedCondition (*rti);
         std::wstring equipment = text (p, h.equipment);
         wchar_t stamp[32];
         std::swprintf (stamp, 32, L"%7.2f", t);
         std::wcout << stamp << L"  ";
         if (cls == h.fault) {
            faults++;
            std::wcout << L"FAULT     " << where << L" " << equipment
               << L" kind " << enumerator (p, h.faultType);
         } else if (cls == h.switching) {
            switchings++;
            std::wcout << L"SWITCHING " << where << L" " << equipment
               << (enumerator (p, h.operation) ? L" close" : L" open");
         } else if (cls == h.trip) {
            trips++;
            std::wcout << L"TRIP      " << where << L" " << equipment
               << L" by " << text (p, h.function);
         } else if (cls == h.alarm) {
            static wchar_t const * sev[] = { L"?", L"information",
               L"protection operated", L"fault in progress" };
            int s = enumerator (p, h.severity);
            alarms++;
            std::wcout << L"ALARM     " << where << L" ["
               << sev[s >= 1 && s <= 3 ? s : 0] << L"] "
               << text (p, h.alarmText);
         } else {
            std::wcout << L"event " << cls;
         }
         std::wcout << std::endl;
      }
   };

   // Evokes until flag is set, `seconds` at most; false on a timeout or
   // an interrupt.
   bool wait_for (RTIambassador & rti, bool const & flag, double seconds)
   {
      for (double waited = 0; !flag && !stop && waited < seconds;
           waited += 0.1)
         rti.evokeMultipleCallbacks (0.1, 0.1);
      return flag;
   }

   void usage ()
   {
      std::printf ("Usage: alarm_logger [OPTION]...\n"
         "Log the faults, switching, protection trips and alarms of a grid"
         "\nof the substation demo, with their logical time.\n\n"
         "  -u, --url URL          rtiexec (default: $RTI_URL, else "
         "tcp://127.0.0.1:14321)\n"
         "  -f, --federation NAME  federation execution (default Grid)\n"
         "  -g, --grid NAME        log only this grid's events (default: "
         "all)\n"
         "  -p, --peers N          wait for N joined federates and "
         "synchronize at \"ready\"\n"
         "  -d, --duration S       run S seconds of logical time (default 0:"
         " until interrupted)\n"
         "  -s, --step S           time step (default 0.02)\n"
         "  -m, --fom FILE         FOM module (default " RTI_FOMDIR
         "/Grid.xml)\n"
         "  -h, --help             show this help\n");
   }
}

int main (int argc, char ** argv)
{
   std::wstring url, federation (L"Grid"), grid;
   std::string fom = RTI_FOMDIR "/Grid.xml";
   double duration = 0, step = 0.02;
   unsigned peers = 0;
   for (int i = 1; i < argc; i++) {
      std::string a (argv[i]);
      if (a == "-h" || a == "--help") {
         usage ();
         return 0;
      }
      if (i + 1 >= argc) {
         std::fprintf (stderr, "alarm_logger: %s needs a value\n", argv[i]);
         return 2;
      }
      char const * v = argv[++i];
      char * end = 0;
      if (a == "-u" || a == "--url")
         url = wide (v);
      else if (a == "-f" || a == "--federation")
         federation = wide (v);
      else if (a == "-g" || a == "--grid")
         grid = wide (v);
      else if (a == "-m" || a == "--fom")
         fom = v;
      else if (a == "-p" || a == "--peers")
         peers = static_cast<unsigned> (std::strtoul (v, &end, 10));
      else if (a == "-d" || a == "--duration")
         duration = std::strtod (v, &end);
      else if (a == "-s" || a == "--step")
         step = std::strtod (v, &end);
      else {
         std::fprintf (stderr, "alarm_logger: unknown option %s\n", argv[i]);
         return 2;
      }
      if (end && (*end || end == v || !(step > 0) || duration < 0)) {
         std::fprintf (stderr, "alarm_logger: bad value '%s' for %s\n", v,
            argv[i - 1]);
         return 2;
      }
   }
   std::signal (SIGINT, on_signal);
   std::signal (SIGTERM, on_signal);

   Logger logger;
   RTIambassadorFactory factory;
   try {
#if __cplusplus >= 201703L
      std::unique_ptr<RTIambassador> rti = factory.createRTIambassador ();
#else
      std::auto_ptr<RTIambassador> rti = factory.createRTIambassador ();
#endif
      logger.rti = rti.get ();
      rti->connect (logger, HLA_EVOKED, url);
      try {
         rti->createFederationExecution (federation, wide (fom.c_str ()));
      } catch (FederationExecutionAlreadyExists const &) {
      }
      rti->joinFederationExecution (L"alarm-logger", L"logger", federation);

      Handles & h = logger.h;
      h.fault = rti->getInteractionClassHandle (L"Fault");
      h.switching = rti->getInteractionClassHandle (L"Switching");
      h.trip = rti->getInteractionClassHandle (L"ProtectionTrip");
      h.alarm = rti->getInteractionClassHandle (L"Alarm");
      h.substation = rti->getParameterHandle (h.fault, L"Substation");
      h.equipment = rti->getParameterHandle (h.fault, L"Equipment");
      h.faultType = rti->getParameterHandle (h.fault, L"FaultType");
      h.operation = rti->getParameterHandle (h.switching, L"Operation");
      h.function = rti->getParameterHandle (h.trip, L"Function");
      h.alarmText = rti->getParameterHandle (h.alarm, L"Text");
      h.severity = rti->getParameterHandle (h.alarm, L"Severity");
      h.federate = rti->getObjectClassHandle (L"HLAmanager.HLAfederate");
      AttributeHandleSet name;
      name.insert (rti->getAttributeHandle (h.federate, L"HLAfederateName"));
      rti->subscribeObjectClassAttributes (h.federate, name);
      InteractionClassHandle all[] = { h.fault, h.switching, h.trip,
         h.alarm };
      for (InteractionClassHandle c : all) {
         if (!grid.empty ())
            rti::setSubscriptionConditions (*rti, c,
               std::vector<std::wstring> (1, grid + L"/"));
         rti->subscribeInteractionClass (c);
      }

      rti->enableTimeConstrained ();
      if (!wait_for (*rti, logger.constrained, 30))
         throw RTIinternalError (L"time constraint was not enabled");
      if (peers) {
         // Once N federates have joined, all synchronize at "ready"
         // (the C samples' convention: each registers the point, all but
         // the first registration fail, which is fine).
         for (double waited = 0; logger.joined < peers && !stop;
              waited += 0.1) {
            if (waited > 60)
               throw RTIinternalError (L"not all federates joined");
            rti->evokeMultipleCallbacks (0.1, 0.1);
         }
         rti->registerFederationSynchronizationPoint (L"ready",
            VariableLengthData ());
         if (!wait_for (*rti, logger.announced, 60))
            throw RTIinternalError (L"\"ready\" was not announced");
         rti->synchronizationPointAchieved (L"ready");
         if (!wait_for (*rti, logger.synchronized, 60))
            throw RTIinternalError (L"no synchronization at \"ready\"");
      }
      while (!stop && (duration == 0 || logger.time + step / 2 < duration)) {
         logger.granted = false;
         rti->timeAdvanceRequest (HLAfloat64Time (logger.time + step));
         while (!logger.granted && !stop)
            rti->evokeMultipleCallbacks (0.1, 0.1);
      }
      rti->resignFederationExecution (CANCEL_THEN_DELETE_THEN_DIVEST);
      try {
         rti->destroyFederationExecution (federation);
      } catch (FederatesCurrentlyJoined const &) {
      } catch (FederationExecutionDoesNotExist const &) {
         // another federate, resigned first, destroyed it
      }
      rti->disconnect ();
   } catch (Exception const & e) {
      std::wcerr << L"alarm_logger: " << e.what () << std::endl;
      return 1;
   }
   std::wcout << L"SUMMARY time=" << logger.time << L" faults="
      << logger.faults << L" switching=" << logger.switchings << L" trips="
      << logger.trips << L" alarms=" << logger.alarms << std::endl;
   return 0;
}

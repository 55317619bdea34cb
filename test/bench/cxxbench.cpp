// SPDX-License-Identifier: Apache-2.0
// cxxbench.cpp - the C++ API's benchmark federates: rtibench's latency,
// throughput (instance packing) and timeadv (TAR) workloads written with
// the standard IEEE 1516.1-2010 C++ API alone, so that the same source
// builds against another RTI's rti1516e headers and libraries
// (BENCHMARKS.md).  Federates run as threads of this process, each with
// its own RTIambassador, HLA_EVOKED, as rtibench's do; each figure is
// printed as one line
//   RESULT mode=cxx-MODE api=rti1516e key=value ...
// test/bench/cxx_report.sh runs it beside rtibench and gives the ratios.
//
//   cxxbench [--designator D] [--fom FILE] [--mode M]... [--quick]
//
// D is connect's local settings designator ("" by default: rti takes
// $RTI_URL); FILE is Bench.xml (found by rtiexec in its FOM path, or give
// a path), which another RTI needs as a path.
#include <RTI/RTI1516.h>
#include <RTI/NullFederateAmbassador.h>
#include <RTI/time/HLAfloat64Interval.h>
#include <RTI/time/HLAfloat64Time.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <time.h>
#include <unistd.h>

using namespace rti1516e;

namespace
{
   std::wstring designator;
   std::wstring fom = L"Bench.xml";
   bool quick = false;

   double now ()
   {
      return std::chrono::duration<double> (
         std::chrono::steady_clock::now ().time_since_epoch ()).count ();
   }

   // CPU seconds of this process (every federate's thread), as rtibench
   // counts its own.
   double cpu ()
   {
      struct timespec ts;
      if (clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
         return 0;
      return static_cast<double> (ts.tv_sec) +
         static_cast<double> (ts.tv_nsec) / 1e9;
   }

   std::wstring widen (std::string const & s)
   {
      return std::wstring (s.begin (), s.end ());
   }

   [[noreturn]] void die (char const * what, Exception const & e)
   {
      std::wcerr << L"cxxbench: " << what << L": " << e.what () << std::endl;
      std::exit (1);
   }

   double quantile (std::vector<double> v, double q)
   {
      std::sort (v.begin (), v.end ());
      size_t i = static_cast<size_t> (q * static_cast<double> (v.size ()));
      return v[std::min (i, v.size () - 1)];
   }

   // One federate: its ambassador and the callbacks the workloads count.
   class Fed : public NullFederateAmbassador
   {
   public:
      std::unique_ptr<RTIambassador> rti;
      ObjectClassHandle cls;
      std::vector<AttributeHandle> attrs;
      ObjectInstanceHandle own;
      std::atomic<size_t> discovered, reflected;
      std::atomic<size_t> target;
      double first, last;
      size_t nLast;
      bool echo;
      AttributeHandleValueMap values;        // what it updates
      volatile bool got, granted, regulating, constrained;
      double time;

      Fed () : discovered (0), reflected (0), target (0), first (0),
         last (0), nLast (0), echo (false), got (false), granted (false),
         regulating (false), constrained (false), time (0) {}

      // Connects, creates (or finds) and joins federation `fx`, and
      // looks up Sample's attributes a0..a7 (each valued 8 bytes).
      void join (std::wstring const & fx)
      {
         try {
            RTIambassadorFactory factory;
            rti.reset (factory.createRTIambassador ().release ());
            rti->connect (*this, HLA_EVOKED, designator);
            try {
               rti->createFederationExecution (fx, fom);
            } catch (FederationExecutionAlreadyExists const &) {
            }
            rti->joinFederationExecution (L"bench", fx);
            cls = rti->getObjectClassHandle (L"Sample");
            for (int i = 0; i < 8; i++) {
               std::wostringstream n;
               n << L"a" << i;
               attrs.push_back (rti->getAttributeHandle (cls, n.str ()));
            }
         } catch (Exception const & e) {
            die ("join", e);
         }
      }

      void setValues (size_t n)
      {
         values.clear ();
         for (size_t i = 0; i < n; i++) {
            unsigned char b[8];
            std::memset (b, static_cast<int> (i + 1), sizeof b);
            values[attrs[i]] = VariableLengthData (b, sizeof b);
         }
      }

      void pubsub (bool publish, bool subscribe)
      {
         AttributeHandleSet s (attrs.begin (), attrs.end ());
         if (publish)
            rti->publishObjectClassAttributes (cls, s);
         if (subscribe)
            rti->subscribeObjectClassAttributes (cls, s);
      }

      // Resigns, destroys federation fx when it is the last, and
      // disconnects.
      void leave (std::wstring const & fx)
      {
         try {
            rti->resignFederationExecution (
               DELETE_OBJECTS_THEN_DIVEST);
            try {
               rti->destroyFederationExecution (fx);
            } catch (FederatesCurrentlyJoined const &) {
            }
            rti->disconnect ();
         } catch (Exception const & e) {
            die ("resign", e);
         }
      }

      void waitDiscovered (size_t n)
      {
         double deadline = now () + 60;
         while (discovered.load () < n) {
            if (now () > deadline) {
               std::fprintf (stderr, "cxxbench: no discovery\n");
               std::exit (1);
            }
            rti->evokeMultipleCallbacks (0.01, 0.1);
         }
      }

      void waitFlag (volatile bool & flag, char const * what)
      {
         double deadline = now () + 60;
         while (!flag) {
            if (now () > deadline) {
               std::fprintf (stderr, "cxxbench: no %s\n", what);
               std::exit (1);
            }
            rti->evokeCallback (1.0);
         }
      }

      // ---- callbacks ----

      void discoverObjectInstance (ObjectInstanceHandle,
         ObjectClassHandle, std::wstring const &) override
      {
         discovered++;
      }

      void reflectAttributeValues (ObjectInstanceHandle,
         AttributeHandleValueMap const &, VariableLengthData const &,
         OrderType, TransportationType, SupplementalReflectInfo) override
      {
         if (echo) {
            rti->updateAttributeValues (own, values, VariableLengthData ());
            return;
         }
         // the clock every 64 reflections and at the last one, as
         // rtibench reads it
         size_t k = ++reflected;
         if (k == 1)
            first = now ();
         if (k == 1 || (k & 63) == 0 || k == target.load ()) {
            last = now ();
            nLast = k;
         }
         got = true;
      }

      void timeRegulationEnabled (LogicalTime const & t) override
      {
         time = dynamic_cast<HLAfloat64Time const &> (t).getTime ();
         regulating = true;
      }

      void timeConstrainedEnabled (LogicalTime const & t) override
      {
         time = dynamic_cast<HLAfloat64Time const &> (t).getTime ();
         constrained = true;
      }

      void timeAdvanceGrant (LogicalTime const & t) override
      {
         time = dynamic_cast<HLAfloat64Time const &> (t).getTime ();
         granted = true;
      }
   };

   std::wstring fx_name (char const * mode)
   {
      std::wostringstream n;
      n << L"cxxbench-" << mode << L"-" << getpid ();
      return n.str ();
   }

   // ---- latency: A updates its instance (8 attributes x 8 bytes), B
   // reflects and updates its own back; round trip ----

   void latency ()
   {
      long warmup = quick ? 100 : 1000, count = quick ? 2000 : 20000;
      std::wstring fx = fx_name ("latency");
      Fed a, b;
      a.join (fx);
      b.join (fx);
      try {
         a.setValues (8);
         b.setValues (8);
         a.pubsub (true, true);
         b.pubsub (true, true);
         a.own = a.rti->registerObjectInstance (a.cls);
         b.own = b.rti->registerObjectInstance (b.cls);
         a.waitDiscovered (1);
         b.waitDiscovered (1);
         b.echo = true;
         std::atomic<bool> stop (false);
         std::thread echo ([&] () {
            while (!stop.load ())
               b.rti->evokeMultipleCallbacks (0.0, 0.05);
         });
         std::vector<double> rtt;
         for (long i = 0; i < warmup + count; i++) {
            double t0 = now (), deadline = t0 + 10;
            a.got = false;
            a.rti->updateAttributeValues (a.own, a.values,
               VariableLengthData ());
            while (!a.got) {
               a.rti->evokeCallback (1.0);
               if (now () > deadline) {
                  std::fprintf (stderr, "cxxbench: no round trip\n");
                  std::exit (1);
               }
            }
            if (i >= warmup)
               rtt.push_back ((now () - t0) * 1e6);
         }
         stop = true;
         echo.join ();
         std::printf ("RESULT mode=cxx-latency api=rti1516e p50_us=%.1f "
            "p99_us=%.1f\n", quantile (rtt, 0.5), quantile (rtt, 0.99));
         std::fflush (stdout);
      } catch (Exception const & e) {
         die ("latency", e);
      }
      b.leave (fx);
      a.leave (fx);
   }

   // ---- throughput: A updates 1000 instances (4 attributes x 8 bytes)
   // round-robin, B counts reflections ----

   void throughput ()
   {
      size_t const instances = 1000, window = 20000;
      double seconds = quick ? 0.3 : 2.0;
      std::wstring fx = fx_name ("throughput");
      Fed a, b;
      a.join (fx);
      b.join (fx);
      try {
         a.setValues (4);
         a.pubsub (true, false);
         b.pubsub (false, true);
         std::vector<ObjectInstanceHandle> objs;
         for (size_t i = 0; i < instances; i++)
            objs.push_back (a.rti->registerObjectInstance (a.cls));
         b.waitDiscovered (instances);
         b.target = static_cast<size_t> (-1);
         std::atomic<bool> stop (false);
         std::thread sink ([&] () {
            while (!stop.load ())
               b.rti->evokeMultipleCallbacks (0.01, 0.01);
         });
         size_t sent = 0;
         VariableLengthData tag;
         double cpu0 = cpu ();
         double end = now () + seconds;
         while (now () < end) {
            for (int i = 0; i < 1000; i++) {
               a.rti->updateAttributeValues (objs[sent % instances],
                  a.values, tag);
               sent++;
            }
            // stay within a window of what B has reflected
            while (sent - b.reflected.load () > window) {
               a.rti->evokeMultipleCallbacks (0.0, 0.0);
               usleep (20);
            }
         }
         b.target = sent;
         a.rti->evokeMultipleCallbacks (0.0, 0.0);
         double deadline = now () + 30;
         while (b.reflected.load () < sent && now () < deadline)
            a.rti->evokeMultipleCallbacks (0.001, 0.01);
         cpu0 = cpu () - cpu0;
         stop = true;
         sink.join ();
         if (b.reflected.load () < sent) {
            std::fprintf (stderr, "cxxbench: throughput: %zu of %zu "
               "reflections arrived\n", b.reflected.load (), sent);
            std::exit (1);
         }
         double rate = static_cast<double> (b.nLast) / (b.last - b.first);
         std::printf ("RESULT mode=cxx-throughput api=rti1516e "
            "updates_per_s=%.0f mb_per_s=%.1f cpu_ns_per_update=%.0f\n", rate,
            rate * 4 * 8 / 1e6, cpu0 / static_cast<double> (sent) * 1e9);
         std::fflush (stdout);
      } catch (Exception const & e) {
         die ("throughput", e);
      }
      b.leave (fx);
      a.leave (fx);
   }

   // ---- timeadv: N regulating and constrained federates, lookahead 1,
   // stepping TAR(t+1); grants per second per federate ----

   void timeadv (int n)
   {
      long steps = quick ? 300 : 5000;
      std::wostringstream fxs;
      fxs << fx_name ("timeadv") << L"-" << n;
      std::vector<std::unique_ptr<Fed> > f;
      for (int i = 0; i < n; i++) {
         f.push_back (std::unique_ptr<Fed> (new Fed ()));
         f[i]->join (fxs.str ());
      }
      try {
         for (int i = 0; i < n; i++)
            f[i]->rti->enableTimeRegulation (HLAfloat64Interval (1.0));
         for (int i = 0; i < n; i++)
            f[i]->waitFlag (f[i]->regulating, "regulation");
         for (int i = 0; i < n; i++) {
            f[i]->rti->enableTimeConstrained ();
            f[i]->waitFlag (f[i]->constrained, "constraint");
         }
      } catch (Exception const & e) {
         die ("timeadv", e);
      }
      std::vector<double> elapsed (static_cast<size_t> (n));
      // all start together (a barrier: waiting, not spinning)
      std::mutex mu;
      std::condition_variable cv;
      int ready = 0;
      std::vector<std::thread> th;
      double cpu0 = cpu ();
      for (int i = 0; i < n; i++)
         th.push_back (std::thread ([&, i] () {
            Fed & g = *f[i];
            {
               std::unique_lock<std::mutex> lock (mu);
               if (++ready == n)
                  cv.notify_all ();
               else
                  cv.wait (lock, [&] () { return ready == n; });
            }
            double t0 = now ();
            try {
               for (long s = 0; s < steps; s++) {
                  g.granted = false;
                  g.rti->timeAdvanceRequest (HLAfloat64Time (g.time + 1));
                  g.waitFlag (g.granted, "grant");
               }
            } catch (Exception const & e) {
               die ("timeAdvanceRequest", e);
            }
            elapsed[i] = now () - t0;
         }));
      double sum = 0;
      for (int i = 0; i < n; i++) {
         th[i].join ();
         sum += static_cast<double> (steps) / elapsed[i];
      }
      cpu0 = cpu () - cpu0;
      std::printf ("RESULT mode=cxx-timeadv api=rti1516e feds=%d "
         "request=tar grants_per_s=%.0f cpu_us_per_grant=%.1f\n", n,
         sum / n, cpu0 / static_cast<double> (steps * n) * 1e6);
      std::fflush (stdout);
      for (int i = 0; i < n; i++)
         f[i]->leave (fxs.str ());
   }

   void usage (FILE * out)
   {
      std::fprintf (out,
         "Usage: cxxbench [--designator D] [--fom FILE] [--mode MODE]... "
         "[--quick]\n"
         "rtibench's latency, throughput and timeadv workloads with the "
         "IEEE 1516-2010\nC++ API; one RESULT line per figure.\n\n"
         "  -d, --designator D  connect's local settings designator "
         "(default \"\")\n"
         "  -f, --fom FILE      the Bench.xml FOM module (default "
         "Bench.xml)\n"
         "  -m, --mode MODE     latency, throughput, timeadv (default: "
         "all)\n"
         "  -n, --feds N,...    timeadv: federation sizes (default 2,8)\n"
         "  -q, --quick         smaller workloads\n"
         "  -h, --help          this help\n");
   }
}

int main (int argc, char ** argv)
{
   std::vector<std::string> modes;
   std::vector<int> sizes;
   for (int i = 1; i < argc; i++) {
      std::string a (argv[i]);
      if (a == "-h" || a == "--help") {
         usage (stdout);
         return 0;
      }
      if (a == "-q" || a == "--quick") {
         quick = true;
         continue;
      }
      if (i + 1 >= argc) {
         usage (stderr);
         return 2;
      }
      std::string v (argv[++i]);
      if (a == "-d" || a == "--designator")
         designator = widen (v);
      else if (a == "-f" || a == "--fom")
         fom = widen (v);
      else if (a == "-m" || a == "--mode")
         modes.push_back (v);
      else if (a == "-n" || a == "--feds") {
         std::istringstream in (v);
         std::string one;
         while (std::getline (in, one, ',')) {
            int k = std::atoi (one.c_str ());
            if (k < 1 || k > 256) {
               std::fprintf (stderr, "cxxbench: bad --feds '%s'\n",
                  v.c_str ());
               return 2;
            }
            sizes.push_back (k);
         }
      } else {
         usage (stderr);
         return 2;
      }
   }
   if (sizes.empty ()) {
      sizes.push_back (2);
      sizes.push_back (8);
   }
   for (size_t i = 0; i < modes.size (); i++)
      if (modes[i] != "latency" && modes[i] != "throughput" &&
          modes[i] != "timeadv") {
         std::fprintf (stderr, "cxxbench: unknown mode '%s'\n",
            modes[i].c_str ());
         return 2;
      }
   bool all = modes.empty ();
   if (all || std::count (modes.begin (), modes.end (), "latency"))
      latency ();
   if (all || std::count (modes.begin (), modes.end (), "throughput"))
      throughput ();
   if (all || std::count (modes.begin (), modes.end (), "timeadv"))
      for (size_t i = 0; i < sizes.size (); i++)
         timeadv (sizes[i]);
   return 0;
}

// SPDX-License-Identifier: Apache-2.0
// cxxtest.cpp - the helpers of cxxtest.h.
#include "cxxtest.h"

#include <RTI/RTIambassadorFactory.h>

#include <ctime>

size_t Recorder::count (std::wstring const & prefix) const
{
   size_t n = 0;
   for (size_t i = 0; i < events.size (); i++)
      if (events[i].compare (0, prefix.size (), prefix) == 0)
         n++;
   return n;
}

std::wstring Recorder::first (std::wstring const & prefix) const
{
   for (size_t i = 0; i < events.size (); i++)
      if (events[i].compare (0, prefix.size (), prefix) == 0)
         return events[i];
   return std::wstring ();
}

void Recorder::reportFederationExecutions (
   rti1516e::FederationExecutionInformationVector const & v)
{
   std::wstring s = L"feds";
   for (size_t i = 0; i < v.size (); i++)
      s += L" " + v[i].federationExecutionName + L"/" +
         v[i].logicalTimeImplementationName;
   add (s);
}

void Recorder::timeAdvanceGrant (rti1516e::LogicalTime const & t)
{
   rti1516e::HLAfloat64Time const * f =
      dynamic_cast<rti1516e::HLAfloat64Time const *> (&t);
   rti1516e::HLAinteger64Time const * i =
      dynamic_cast<rti1516e::HLAinteger64Time const *> (&t);
   if (f)
      granted = f->getTime ();
   if (i)
      grantedInt = i->getTime ();
   add (L"grant " + t2s (t));
}

std::wstring wstr (char const * s)
{
   std::wstring w;
   while (*s)
      w += static_cast<wchar_t> (*s++);
   return w;
}

std::wstring wurl (struct rtiexec * rx)
{
   return wstr (rx->url);
}

Fed::Fed (struct rtiexec * rx, rti1516e::CallbackModel m)
{
   rti1516e::RTIambassadorFactory f;
   amb = f.createRTIambassador ();
   rec.self = amb.get ();
   amb->connect (rec, m, wurl (rx));
}

static double now ()
{
   struct timespec ts;
   clock_gettime (CLOCK_MONOTONIC, &ts);
   return ts.tv_sec + ts.tv_nsec / 1e9;
}

void Fed::wait (std::wstring const & prefix, size_t n)
{
   double end = now () + WAIT_S;
   while (rec.count (prefix) < n && now () < end)
      amb->evokeMultipleCallbacks (0.01, 0.05);
   ck_assert_msg (rec.count (prefix) >= n, "no '%ls' (%zu of %zu)",
      prefix.c_str (), rec.count (prefix), n);
}

void Fed::pump (double s)
{
   double end = now () + s;
   while (now () < end)
      amb->evokeMultipleCallbacks (0.01, 0.05);
}

void wait_all (std::vector<Fed *> const & feds, Fed & f,
   std::wstring const & prefix, size_t n)
{
   double end = now () + WAIT_S;
   while (f.rec.count (prefix) < n && now () < end)
      for (size_t i = 0; i < feds.size (); i++)
         feds[i]->amb->evokeMultipleCallbacks (0, 0.01);
   ck_assert_msg (f.rec.count (prefix) >= n, "no '%ls'", prefix.c_str ());
}

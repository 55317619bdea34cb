// SPDX-License-Identifier: Apache-2.0
// ambassador.h - librti1516e's RTIambassador: every service of IEEE
// 1516.1-2010 clause 12 over librti's public API (librti.h), and the
// FederateAmbassador callbacks from librti's.  Private to the library.
//
// One Ambassador owns one rti_ambassador.  librti is single-threaded:
// under HLA_IMMEDIATE a delivery thread evokes callbacks, and every
// service and the thread hold `mu` (recursive: a callback may call
// services) while in librti.  Under HLA_EVOKED nothing is locked.
#ifndef LIBRTI1516E_AMBASSADOR_H
#define LIBRTI1516E_AMBASSADOR_H

#include <RTI/RTI1516.h>
#include <RTI/time/HLAfloat64Time.h>
#include <RTI/time/HLAinteger64Time.h>

#include <atomic>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "handles-int.h"
#include "librti.h"

namespace rti1516e_impl
{
   using namespace rti1516e;

   // Throws the rti1516e exception of librti error `rc`, with librti's
   // message for `amb`.
   [[noreturn]] void raise (int rc, rti_ambassador const * amb);
   // The same with message m.
   [[noreturn]] void raise_msg (int rc, std::wstring const & m);
   // rc != RTI_OK: raise.
   inline void check (int rc, rti_ambassador const * amb)
   {
      if (rc != RTI_OK)
         raise (rc, amb);
   }

   // Handle conversions.
#define RTI1516E_CONV(Kind, ctype)                                        \
   inline ctype c_of (Kind const & h)                                     \
   {                                                                      \
      ctype c;                                                            \
      c.id = static_cast<decltype (c.id)> (Kind##Friend::value (h));      \
      return c;                                                           \
   }                                                                      \
   inline Kind cxx_of (ctype c) { return Kind##Friend::make (c.id); }
   RTI1516E_CONV(FederateHandle, rti_federate_handle)
   RTI1516E_CONV(ObjectClassHandle, rti_object_class_handle)
   RTI1516E_CONV(InteractionClassHandle, rti_interaction_class_handle)
   RTI1516E_CONV(ObjectInstanceHandle, rti_object_instance_handle)
   RTI1516E_CONV(AttributeHandle, rti_attribute_handle)
   RTI1516E_CONV(ParameterHandle, rti_parameter_handle)
   RTI1516E_CONV(DimensionHandle, rti_dimension_handle)
   RTI1516E_CONV(MessageRetractionHandle, rti_message_retraction_handle)
   RTI1516E_CONV(RegionHandle, rti_region_handle)
#undef RTI1516E_CONV

   class Ambassador;

   // Holds the ambassador's lock for a service under HLA_IMMEDIATE (and
   // wakes the delivery thread afterwards: a reply waited for may have
   // brought callbacks).
   class Guard
   {
   public:
      explicit Guard (Ambassador * a, bool kick = true);
      ~Guard ();
   private:
      Ambassador * _a;
      bool _locked, _kick;
   };

   class Ambassador : public RTIambassador
   {
   public:
      Ambassador ();
      virtual ~Ambassador ();

#include "overrides.inc"

      // ---- state (see ambassador.cpp) ----
      rti_ambassador * amb;
      FederateAmbassador * fed;
      bool connected;        // connect succeeded, disconnect not called
      bool joined;
      int time_kind;         // 0 none, 1 HLAfloat64Time, 2 HLAinteger64Time
      bool callbacks_on;     // enableCallbacks/disableCallbacks
      int in_callback;       // depth of callbacks being delivered
      std::thread::id cb_thread;  // ... on this thread
      char const * received_condition;  // of the reflection delivered
      bool in_cb () const
      {
         return in_callback && cb_thread == std::this_thread::get_id ();
      }
      bool scope_switch;     // attribute scope advisory switch
      bool oc_relevance, ic_relevance, attr_relevance;

      // HLA_IMMEDIATE
      bool threaded;
      std::recursive_mutex mu;
      std::thread thr;
      int wake_fd;
      std::atomic<bool> stop, woken;
      void start_thread ();
      void stop_thread ();
      void thread_main ();

      // Callbacks made by this layer (confirm...TransportationTypeChange),
      // delivered at the next evoke before librti's.
      std::vector<std::function<void ()> > deferred;
      bool deliver_deferred ();
      int evoke (double min_s, double max_s, int * pending, bool one);

      // Update rates: class -> attribute -> designator subscribed.
      std::map<unsigned, std::map<unsigned, std::wstring> > rates;

      // Reused by the callbacks: value maps, with the handles of their
      // last fill in librti's order and the value each went to
      // (callbacks.cpp: fill_map), scratch arrays.
      AttributeHandleValueMap reflect_map;
      ParameterHandleValueMap param_map;
      std::vector<uint32_t> reflect_keys, param_keys;
      std::vector<VariableLengthData *> reflect_slots, param_slots;
      std::vector<rti_attribute_value> avals;
      std::vector<rti_parameter_value> pvals;
      std::vector<rti_attribute_handle> aset;

      // ---- helpers ----
      void need_joined ();                 // NotConnected / FNEM
      rti_time time_c (LogicalTime const & t, bool lookahead_msg = false);
      rti_time interval_c (LogicalTimeInterval const & i);
      void set_time (LogicalTime & out, rti_time t);
      void set_interval (LogicalTimeInterval & out, rti_time t);
      void fill_avals (AttributeHandleValueMap const & m);
      void fill_pvals (ParameterHandleValueMap const & m);
      void fill_aset (AttributeHandleSet const & s);
      std::string attr_name (std::wstring const & name);
      void modules (std::vector<std::wstring> const & in,
         std::vector<std::string> & names, std::vector<std::string> & texts,
         std::vector<rti_fom_module> & out, bool mim);
      void after_join (rti_federate_handle h);
   };

   // The callbacks table the ambassador connects with (callbacks.cpp).
   extern const rti_callbacks callbacks;

   // The local settings designator of connect() as a librti URL; "" for
   // librti's default (RTI_URL, else the default).  Throws
   // InvalidLocalSettingsDesignator (ambassador.cpp).
   std::string designator_url (std::wstring const & designator);
}

#endif

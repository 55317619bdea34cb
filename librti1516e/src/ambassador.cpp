// SPDX-License-Identifier: Apache-2.0
// ambassador.cpp - the core of librti1516e's RTIambassador: construction,
// errors, connect and disconnect, evoke and the HLA_IMMEDIATE delivery
// thread, and the conversions the services share.
#include "ambassador.h"

#include <RTI/RTIambassadorFactory.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <cwchar>
#include <cwctype>
#include <ctime>
#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

namespace rti1516e
{
   RTIambassador * RTIambassadorFactory::newRTIambassador ()
   {
      try {
         return new rti1516e_impl::Ambassador ();
      } catch (std::bad_alloc const &) {
         throw RTIinternalError (L"out of memory");
      }
   }
}

namespace rti1516e_impl
{
   // ---- errors ----

   void raise (int rc, rti_ambassador const * amb)
   {
      std::wstring m = widen (amb ? rti_error_message (amb) :
         rti_strerror (rc));

      if (m.empty ())
         m = widen (rti_strerror (rc));
      raise_msg (rc, m);
   }

   void raise_msg (int rc, std::wstring const & m)
   {
      switch (rc) {
#define E(code, cls) case RTI_ERR_##code: throw cls (m);
      E(NOT_CONNECTED, NotConnected)
      E(CONNECTION_LOST, NotConnected)
      E(ALREADY_CONNECTED, AlreadyConnected)
      E(CONNECTION_FAILED, ConnectionFailed)
      E(AUTHENTICATION_FAILED, ConnectionFailed)
      E(INVALID_LOCAL_SETTINGS_DESIGNATOR, InvalidLocalSettingsDesignator)
      E(CALL_NOT_ALLOWED_FROM_WITHIN_CALLBACK,
         CallNotAllowedFromWithinCallback)
      E(COULD_NOT_OPEN_FDD, CouldNotOpenFDD)
      E(ERROR_READING_FDD, ErrorReadingFDD)
      E(INCONSISTENT_FDD, InconsistentFDD)
      E(COULD_NOT_CREATE_LOGICAL_TIME_FACTORY,
         CouldNotCreateLogicalTimeFactory)
      E(FEDERATION_EXECUTION_ALREADY_EXISTS, FederationExecutionAlreadyExists)
      E(FEDERATION_EXECUTION_DOES_NOT_EXIST, FederationExecutionDoesNotExist)
      E(FEDERATES_CURRENTLY_JOINED, FederatesCurrentlyJoined)
      E(FEDERATE_ALREADY_EXECUTION_MEMBER, FederateAlreadyExecutionMember)
      E(FEDERATE_NOT_EXECUTION_MEMBER, FederateNotExecutionMember)
      E(FEDERATE_NAME_ALREADY_IN_USE, FederateNameAlreadyInUse)
      E(FEDERATE_OWNS_ATTRIBUTES, FederateOwnsAttributes)
      E(INVALID_RESIGN_ACTION, InvalidResignAction)
      E(OWNERSHIP_ACQUISITION_PENDING, OwnershipAcquisitionPending)
      E(SYNCHRONIZATION_POINT_LABEL_NOT_ANNOUNCED,
         SynchronizationPointLabelNotAnnounced)
      E(NAME_NOT_FOUND, NameNotFound)
      E(INVALID_FEDERATE_HANDLE, InvalidFederateHandle)
      E(FEDERATE_HANDLE_NOT_KNOWN, FederateHandleNotKnown)
      E(INVALID_OBJECT_CLASS_HANDLE, InvalidObjectClassHandle)
      E(INVALID_ATTRIBUTE_HANDLE, InvalidAttributeHandle)
      E(INVALID_INTERACTION_CLASS_HANDLE, InvalidInteractionClassHandle)
      E(INVALID_PARAMETER_HANDLE, InvalidParameterHandle)
      E(INVALID_DIMENSION_HANDLE, InvalidDimensionHandle)
      E(INVALID_REGION, InvalidRegion)
      E(INVALID_REGION_CONTEXT, InvalidRegionContext)
      E(INVALID_RANGE_BOUND, InvalidRangeBound)
      E(REGION_NOT_CREATED_BY_THIS_FEDERATE, RegionNotCreatedByThisFederate)
      E(REGION_IN_USE_FOR_UPDATE_OR_SUBSCRIPTION,
         RegionInUseForUpdateOrSubscription)
      E(REGION_DOES_NOT_CONTAIN_SPECIFIED_DIMENSION,
         RegionDoesNotContainSpecifiedDimension)
      E(OBJECT_CLASS_NOT_DEFINED, ObjectClassNotDefined)
      E(OBJECT_CLASS_NOT_PUBLISHED, ObjectClassNotPublished)
      E(ATTRIBUTE_NOT_DEFINED, AttributeNotDefined)
      E(ATTRIBUTE_NOT_PUBLISHED, AttributeNotPublished)
      E(ATTRIBUTE_NOT_OWNED, AttributeNotOwned)
      E(ATTRIBUTE_ALREADY_OWNED, AttributeAlreadyOwned)
      E(ATTRIBUTE_ALREADY_BEING_ACQUIRED, AttributeAlreadyBeingAcquired)
      E(ATTRIBUTE_ALREADY_BEING_DIVESTED, AttributeAlreadyBeingDivested)
      E(ATTRIBUTE_DIVESTITURE_WAS_NOT_REQUESTED,
         AttributeDivestitureWasNotRequested)
      E(ATTRIBUTE_ACQUISITION_WAS_NOT_REQUESTED,
         AttributeAcquisitionWasNotRequested)
      E(NO_ACQUISITION_PENDING, NoAcquisitionPending)
      E(INTERACTION_CLASS_NOT_DEFINED, InteractionClassNotDefined)
      E(INTERACTION_CLASS_NOT_PUBLISHED, InteractionClassNotPublished)
      E(INTERACTION_PARAMETER_NOT_DEFINED, InteractionParameterNotDefined)
      E(OBJECT_INSTANCE_NOT_KNOWN, ObjectInstanceNotKnown)
      E(OBJECT_INSTANCE_NAME_IN_USE, ObjectInstanceNameInUse)
      E(OBJECT_INSTANCE_NAME_NOT_RESERVED, ObjectInstanceNameNotReserved)
      E(ILLEGAL_NAME, IllegalName)
      E(DELETE_PRIVILEGE_NOT_HELD, DeletePrivilegeNotHeld)
      E(INVALID_LOGICAL_TIME, InvalidLogicalTime)
      E(INVALID_LOOKAHEAD, InvalidLookahead)
      E(LOGICAL_TIME_ALREADY_PASSED, LogicalTimeAlreadyPassed)
      E(IN_TIME_ADVANCING_STATE, InTimeAdvancingState)
      E(REQUEST_FOR_TIME_REGULATION_PENDING, RequestForTimeRegulationPending)
      E(REQUEST_FOR_TIME_CONSTRAINED_PENDING,
         RequestForTimeConstrainedPending)
      E(TIME_REGULATION_ALREADY_ENABLED, TimeRegulationAlreadyEnabled)
      E(TIME_REGULATION_IS_NOT_ENABLED, TimeRegulationIsNotEnabled)
      E(TIME_CONSTRAINED_ALREADY_ENABLED, TimeConstrainedAlreadyEnabled)
      E(TIME_CONSTRAINED_IS_NOT_ENABLED, TimeConstrainedIsNotEnabled)
      E(ASYNCHRONOUS_DELIVERY_ALREADY_ENABLED,
         AsynchronousDeliveryAlreadyEnabled)
      E(ASYNCHRONOUS_DELIVERY_ALREADY_DISABLED,
         AsynchronousDeliveryAlreadyDisabled)
      E(INVALID_MESSAGE_RETRACTION_HANDLE, InvalidMessageRetractionHandle)
      E(MESSAGE_CAN_NO_LONGER_BE_RETRACTED, MessageCanNoLongerBeRetracted)
      E(DECODER_ERROR, CouldNotDecode)
      E(SAVE_IN_PROGRESS, SaveInProgress)
      E(RESTORE_IN_PROGRESS, RestoreInProgress)
      E(SAVE_NOT_INITIATED, SaveNotInitiated)
      E(SAVE_NOT_IN_PROGRESS, SaveNotInProgress)
      E(FEDERATE_HAS_NOT_BEGUN_SAVE, FederateHasNotBegunSave)
      E(RESTORE_NOT_REQUESTED, RestoreNotRequested)
      E(RESTORE_NOT_IN_PROGRESS, RestoreNotInProgress)
      E(FEDERATE_UNABLE_TO_USE_TIME, FederateUnableToUseTime)
      E(SPECIFIED_SAVE_LABEL_DOES_NOT_EXIST, SpecifiedSaveLabelDoesNotExist)
      E(COULD_NOT_INITIATE_RESTORE, CouldNotInitiateRestore)
      E(INVALID_TRANSPORTATION_TYPE, InvalidTransportationType)
#undef E
      default:
         // INVALID_ARGUMENT, PROTOCOL_ERROR, NO_MEMORY, LIMIT_EXCEEDED,
         // INTERNAL_ERROR, DATATYPE_NOT_DEFINED, INVALID_CONDITION
         throw RTIinternalError (widen (rti_err_name (rc)) + L": " + m);
      }
   }

   // ---- lock ----

   Guard::Guard (Ambassador * a, bool kick)
      : _a (a), _locked (a->threaded), _kick (kick)
   {
      if (_locked)
         a->mu.lock ();
   }

   Guard::~Guard ()
   {
      if (!_locked)
         return;
      if (_kick && !_a->woken.exchange (true)) {
         uint64_t one = 1;
         ssize_t w = ::write (_a->wake_fd, &one, sizeof one);
         (void)w;
      }
      _a->mu.unlock ();
   }

   // ---- construction ----

   Ambassador::Ambassador ()
      : amb (rti_ambassador_new ()), fed (0), connected (false),
        joined (false), time_kind (0), callbacks_on (true), in_callback (0),
        received_condition (0),
        scope_switch (false), oc_relevance (true), ic_relevance (true),
        attr_relevance (false), threaded (false), wake_fd (-1), stop (false),
        woken (false)
   {
      if (!amb)
         throw RTIinternalError (L"out of memory");
   }

   Ambassador::~Ambassador ()
   {
      stop_thread ();
      rti_ambassador_free (amb);
   }

   // ---- connect ----

   static bool iequal (std::wstring const & a, char const * b)
   {
      size_t n = std::strlen (b);
      if (a.size () != n)
         return false;
      for (size_t i = 0; i < n; i++)
         if (std::towlower (a[i]) != std::towlower (b[i]))
            return false;
      return true;
   }

   static std::wstring trim (std::wstring const & s)
   {
      size_t b = 0, e = s.size ();
      while (b < e && std::iswspace (s[b]))
         b++;
      while (e > b && std::iswspace (s[e - 1]))
         e--;
      return s.substr (b, e - b);
   }

   // rti's URLs (tcp://, unix://), an address HOST[:PORT], the forms of
   // other RTIs' settings: rti://HOST[:PORT][/...] and lines of key=value
   // (crcAddress=HOST:PORT, or crcHost= and crcPort=; other keys are
   // ignored).
   std::string designator_url (std::wstring const & designator)
   {
      std::wstring d = trim (designator);

      if (d.empty ())
         return std::string ();
      if (d.find (L'=') != std::wstring::npos) {
         std::wstring host, port, addr;
         size_t p = 0;

         while (p <= d.size ()) {
            size_t e = d.find_first_of (L"\n\r;,", p);
            if (e == std::wstring::npos)
               e = d.size ();
            std::wstring line = trim (d.substr (p, e - p));
            size_t eq = line.find (L'=');
            p = e + 1;
            if (eq == std::wstring::npos)
               continue;
            std::wstring k = trim (line.substr (0, eq));
            std::wstring v = trim (line.substr (eq + 1));
            if (iequal (k, "crcAddress") || iequal (k, "address") ||
                iequal (k, "url") || iequal (k, "rtiUrl"))
               addr = v;
            else if (iequal (k, "crcHost") || iequal (k, "host"))
               host = v;
            else if (iequal (k, "crcPort") || iequal (k, "port"))
               port = v;
         }
         if (addr.empty () && !host.empty ())
            addr = port.empty () ? host : host + L":" + port;
         if (addr.empty () && !port.empty ())
            addr = L"127.0.0.1:" + port;
         if (addr.empty ())
            return std::string ();
         d = addr;
      }
      if (d.compare (0, 6, L"rti://") == 0) {
         std::wstring r = d.substr (6);
         size_t slash = r.find (L'/');
         if (slash != std::wstring::npos)
            r = r.substr (0, slash);   // a path or options: ignored
         if (r.empty ())
            return std::string ();
         d = L"tcp://" + r;
      }
      if (d.compare (0, 6, L"tcp://") != 0 &&
          d.compare (0, 7, L"unix://") != 0 &&
          d.find (L"://") != std::wstring::npos)
         throw InvalidLocalSettingsDesignator (L"unsupported designator '" +
            designator + L"': rti takes tcp://HOST:PORT, unix:///PATH, "
            L"rti://HOST:PORT or crcAddress=HOST:PORT");
      return narrow (d);
   }

   void Ambassador::connect (FederateAmbassador & federateAmbassador,
      CallbackModel model, std::wstring const & designator)
   {
      if (in_cb ())
         throw CallNotAllowedFromWithinCallback (L"connect in a callback");
      if (connected)
         throw AlreadyConnected (L"already connected");
      if (model != HLA_EVOKED && model != HLA_IMMEDIATE)
         throw UnsupportedCallbackModel (L"unknown callback model");
      std::string url = designator_url (designator);
      // A connection lost earlier: librti still holds it closed.
      rti_disconnect (amb);
      int rc = rti_connect (amb, url.empty () ? NULL : url.c_str (),
         &callbacks, this);
      check (rc, amb);
      fed = &federateAmbassador;
      connected = true;
      joined = false;
      time_kind = 0;
      callbacks_on = true;
      oc_relevance = ic_relevance = true;
      attr_relevance = scope_switch = false;
      deferred.clear ();
      if (model == HLA_IMMEDIATE)
         start_thread ();
   }

   void Ambassador::disconnect ()
   {
      if (in_cb ())
         throw CallNotAllowedFromWithinCallback (L"disconnect in a callback");
      {
         Guard g (this, false);
         if (connected && joined && rti_get_fd (amb) >= 0)
            throw FederateIsExecutionMember (
               L"resign before disconnecting");
      }
      stop_thread ();
      rti_disconnect (amb);
      connected = false;
      joined = false;
      time_kind = 0;
      fed = 0;
      deferred.clear ();
   }

   // ---- evoke ----

   // Delivers the callbacks this layer queued; true when one was.
   bool Ambassador::deliver_deferred ()
   {
      if (deferred.empty ())
         return false;
      std::vector<std::function<void ()> > q;
      q.swap (deferred);
      if (!in_callback++)
         cb_thread = std::this_thread::get_id ();
      for (size_t i = 0; i < q.size (); i++) {
         try {
            q[i] ();
         } catch (Exception const & e) {
            std::fwprintf (stderr, L"rti1516e: exception in a callback: "
               L"%ls\n", e.what ().c_str ());
         } catch (std::exception const & e) {
            std::fprintf (stderr, "rti1516e: exception in a callback: "
               "%s\n", e.what ());
         } catch (...) {
            std::fprintf (stderr, "rti1516e: exception in a callback\n");
         }
      }
      in_callback--;
      return true;
   }

   // librti's evoke (one callback, or many for min_s..max_s) after this
   // layer's own; *pending: more are queued.
   int Ambassador::evoke (double min_s, double max_s, int * pending, bool one)
   {
      bool own = deliver_deferred ();
      int rc;

      if (one && own) {
         *pending = 1;
         return RTI_OK;
      }
      if (one)
         rc = rti_evoke_callback (amb, min_s, pending);
      else
         rc = rti_evoke_callbacks (amb, own ? 0 : min_s, max_s, pending);
      if (!deferred.empty ())
         *pending = 1;
      return rc;
   }

   static void pause_s (double s)
   {
      if (s > 0) {
         struct timespec ts;
         ts.tv_sec = static_cast<time_t> (s);
         ts.tv_nsec = static_cast<long> ((s - ts.tv_sec) * 1e9);
         nanosleep (&ts, 0);
      }
   }

   bool Ambassador::evokeCallback (double min_s)
   {
      if (in_cb ())
         throw CallNotAllowedFromWithinCallback (L"evoke in a callback");
      if (!(min_s >= 0))
         min_s = 0;
      if (!connected || !callbacks_on) {
         pause_s (min_s);
         return false;
      }
      Guard g (this, false);
      int pending = 0;
      int rc = evoke (min_s, min_s, &pending, true);
      if (rc == RTI_ERR_CONNECTION_LOST || rc == RTI_ERR_NOT_CONNECTED)
         return false;
      check (rc, amb);
      return pending != 0;
   }

   bool Ambassador::evokeMultipleCallbacks (double min_s, double max_s)
   {
      if (in_cb ())
         throw CallNotAllowedFromWithinCallback (L"evoke in a callback");
      if (!(min_s >= 0))
         min_s = 0;
      if (!(max_s >= min_s))
         max_s = min_s;
      if (!connected || !callbacks_on) {
         pause_s (min_s);
         return false;
      }
      Guard g (this, false);
      int pending = 0;
      int rc = evoke (min_s, max_s, &pending, false);
      if (rc == RTI_ERR_CONNECTION_LOST || rc == RTI_ERR_NOT_CONNECTED)
         return false;
      check (rc, amb);
      return pending != 0;
   }

   void Ambassador::enableCallbacks ()
   {
      Guard g (this);
      callbacks_on = true;
   }

   void Ambassador::disableCallbacks ()
   {
      Guard g (this, false);
      callbacks_on = false;
   }

   // ---- HLA_IMMEDIATE ----

   void Ambassador::start_thread ()
   {
      wake_fd = eventfd (0, EFD_CLOEXEC | EFD_NONBLOCK);
      if (wake_fd < 0)
         throw RTIinternalError (L"eventfd failed");
      stop = false;
      woken = false;
      threaded = true;
      thr = std::thread (&Ambassador::thread_main, this);
   }

   void Ambassador::stop_thread ()
   {
      if (!threaded)
         return;
      stop = true;
      uint64_t one = 1;
      ssize_t w = ::write (wake_fd, &one, sizeof one);
      (void)w;
      if (thr.joinable () && thr.get_id () != std::this_thread::get_id ())
         thr.join ();
      else if (thr.joinable ())
         thr.detach ();
      threaded = false;
      ::close (wake_fd);
      wake_fd = -1;
   }

   // Waits on the connection and the wake descriptor; delivers what
   // arrived, with the lock held, while callbacks are enabled.  Wakes at
   // least every 100 ms (librti's heartbeats need a call now and then).
   void Ambassador::thread_main ()
   {
      while (!stop) {
         struct pollfd p[2];
         int fd;
         {
            std::lock_guard<std::recursive_mutex> l (mu);
            fd = rti_get_fd (amb);
         }
         p[0].fd = fd;
         p[0].events = POLLIN;
         p[0].revents = 0;
         p[1].fd = wake_fd;
         p[1].events = POLLIN;
         p[1].revents = 0;
         int n = poll (p, 2, 100);
         if (stop)
            break;
         if (n > 0 && (p[1].revents & POLLIN)) {
            uint64_t v;
            ssize_t r = ::read (wake_fd, &v, sizeof v);
            (void)r;
         }
         woken = false;
         std::lock_guard<std::recursive_mutex> l (mu);
         if (stop || !connected || !callbacks_on)
            continue;
         for (int i = 0; i < 1000 && !stop; i++) {
            int pending = 0;
            int rc = evoke (0, 0, &pending, false);
            if (rc != RTI_OK || !pending)
               break;
         }
      }
   }

   // ---- conversions ----

   void Ambassador::need_joined ()
   {
      if (!connected)
         throw NotConnected (L"not connected");
      if (!joined || !time_kind)
         throw FederateNotExecutionMember (L"not joined");
   }

   rti_time Ambassador::time_c (LogicalTime const & t, bool)
   {
      need_joined ();
      if (time_kind == 1) {
         HLAfloat64Time const * f =
            dynamic_cast<HLAfloat64Time const *> (&t);
         if (!f)
            throw InvalidLogicalTime (L"the federation's time is "
               L"HLAfloat64Time, not " + t.implementationName ());
         return rti_time_f64 (f->getTime ());
      }
      HLAinteger64Time const * i =
         dynamic_cast<HLAinteger64Time const *> (&t);
      if (!i)
         throw InvalidLogicalTime (L"the federation's time is "
            L"HLAinteger64Time, not " + t.implementationName ());
      return rti_time_i64 (i->getTime ());
   }

   rti_time Ambassador::interval_c (LogicalTimeInterval const & t)
   {
      need_joined ();
      if (time_kind == 1) {
         HLAfloat64Interval const * f =
            dynamic_cast<HLAfloat64Interval const *> (&t);
         if (!f)
            throw InvalidLookahead (L"the federation's intervals are "
               L"HLAfloat64Interval, not " + t.implementationName ());
         return rti_time_f64 (f->getInterval ());
      }
      HLAinteger64Interval const * i =
         dynamic_cast<HLAinteger64Interval const *> (&t);
      if (!i)
         throw InvalidLookahead (L"the federation's intervals are "
            L"HLAinteger64Interval, not " + t.implementationName ());
      return rti_time_i64 (i->getInterval ());
   }

   void Ambassador::set_time (LogicalTime & out, rti_time t)
   {
      if (time_kind == 1)
         out = HLAfloat64Time (t.f64);
      else
         out = HLAinteger64Time (t.i64);
   }

   void Ambassador::set_interval (LogicalTimeInterval & out, rti_time t)
   {
      if (time_kind == 1)
         out = HLAfloat64Interval (t.f64);
      else
         out = HLAinteger64Interval (t.i64);
   }

   void Ambassador::fill_avals (AttributeHandleValueMap const & m)
   {
      avals.resize (m.size ());
      size_t k = 0;
      for (AttributeHandleValueMap::const_iterator i = m.begin ();
           i != m.end (); ++i, ++k) {
         avals[k].attribute = c_of (i->first);
         avals[k].value = i->second.data ();
         avals[k].length = static_cast<uint32_t> (i->second.size ());
      }
   }

   void Ambassador::fill_pvals (ParameterHandleValueMap const & m)
   {
      pvals.resize (m.size ());
      size_t k = 0;
      for (ParameterHandleValueMap::const_iterator i = m.begin ();
           i != m.end (); ++i, ++k) {
         pvals[k].parameter = c_of (i->first);
         pvals[k].value = i->second.data ();
         pvals[k].length = static_cast<uint32_t> (i->second.size ());
      }
   }

   void Ambassador::fill_aset (AttributeHandleSet const & s)
   {
      aset.resize (s.size ());
      size_t k = 0;
      for (AttributeHandleSet::const_iterator i = s.begin (); i != s.end ();
           ++i)
         aset[k++] = c_of (*i);
   }

   // An attribute or parameter name as librti takes it: a class-qualified
   // name ("HLAobjectRoot.Breaker.Status", "Breaker.Status") loses its
   // class part.
   std::string Ambassador::attr_name (std::wstring const & name)
   {
      size_t dot = name.rfind (L'.');
      return narrow (dot == std::wstring::npos ? name :
         name.substr (dot + 1));
   }
}

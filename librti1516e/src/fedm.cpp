// SPDX-License-Identifier: Apache-2.0
// fedm.cpp - federation management (IEEE 1516.1-2010 clause 4) and the
// support services (clause 10) of librti1516e's RTIambassador.
#include "ambassador.h"

#include <cstdio>
#include <cstring>
#include <cwctype>

#if __cplusplus < 201703L
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

namespace rti1516e_impl
{
   // ---- FOM module designators ----

   static int hexval (int c)
   {
      if (c >= '0' && c <= '9')
         return c - '0';
      if (c >= 'a' && c <= 'f')
         return c - 'a' + 10;
      if (c >= 'A' && c <= 'F')
         return c - 'A' + 10;
      return -1;
   }

   static std::string percent_decode (std::string const & s)
   {
      std::string o;
      for (size_t i = 0; i < s.size (); i++) {
         if (s[i] == '%' && i + 2 < s.size () &&
             hexval (s[i + 1]) >= 0 && hexval (s[i + 2]) >= 0) {
            o += static_cast<char> (hexval (s[i + 1]) * 16 +
               hexval (s[i + 2]));
            i += 2;
         } else {
            o += s[i];
         }
      }
      return o;
   }

   static bool base64_decode (std::string const & in, std::string & out)
   {
      unsigned v = 0;
      int bits = 0;
      for (size_t i = 0; i < in.size (); i++) {
         char c = in[i];
         int d;
         if (c >= 'A' && c <= 'Z') d = c - 'A';
         else if (c >= 'a' && c <= 'z') d = c - 'a' + 26;
         else if (c >= '0' && c <= '9') d = c - '0' + 52;
         else if (c == '+' || c == '-') d = 62;
         else if (c == '/' || c == '_') d = 63;
         else if (c == '=' || c == '\n' || c == '\r' || c == ' ') continue;
         else return false;
         v = (v << 6) | static_cast<unsigned> (d);
         bits += 6;
         if (bits >= 8) {
            bits -= 8;
            out += static_cast<char> ((v >> bits) & 0xff);
         }
      }
      return true;
   }

   static bool trim_empty (std::wstring const & s)
   {
      for (size_t i = 0; i < s.size (); i++)
         if (!std::iswspace (s[i]))
            return false;
      return true;
   }

   // A designator for a module given by its text: its FNV-1a hash.
   static std::string text_name (char const * kind, std::string const & t)
   {
      unsigned long long h = 1469598103934665603ULL;
      for (size_t i = 0; i < t.size (); i++) {
         h ^= static_cast<unsigned char> (t[i]);
         h *= 1099511628211ULL;
      }
      char b[64];
      std::snprintf (b, sizeof b, "%s-%016llx.xml", kind, h);
      return b;
   }

   // Each designator as librti takes it: a file name (relative to the
   // working directory, else resolved in rtiexec's FOM path), a file: URL
   // (a file name), a data: URL or the text of a module (a text).
   void Ambassador::modules (std::vector<std::wstring> const & in,
      std::vector<std::string> & names, std::vector<std::string> & texts,
      std::vector<rti_fom_module> & out, bool mim)
   {
      names.resize (in.size ());
      texts.resize (in.size ());
      out.resize (in.size ());
      for (size_t i = 0; i < in.size (); i++) {
         std::string d = narrow (in[i]);
         size_t b = d.find_first_not_of (" \t\r\n");
         bool text = false;

         if (b == std::string::npos) {
            if (mim)
               throw CouldNotOpenMIM (L"empty MIM designator");
            throw CouldNotOpenFDD (L"empty FOM module designator");
         }
         if (d[b] == '<') {
            texts[i] = d;
            names[i] = text_name ("module", d);
            text = true;
         } else if (d.compare (b, 5, "data:") == 0) {
            size_t comma = d.find (',', b);
            if (comma == std::string::npos) {
               std::wstring m = L"data: URL without ',': " + in[i];
               if (mim)
                  throw ErrorReadingMIM (m);
               throw ErrorReadingFDD (m);
            }
            std::string meta = d.substr (b + 5, comma - b - 5);
            std::string payload = d.substr (comma + 1);
            bool b64 = meta.size () >= 7 &&
               meta.compare (meta.size () - 7, 7, ";base64") == 0;
            texts[i].clear ();
            if (b64 ? !base64_decode (payload, texts[i]) : false) {
               std::wstring m = L"data: URL with bad base64";
               if (mim)
                  throw ErrorReadingMIM (m);
               throw ErrorReadingFDD (m);
            }
            if (!b64)
               texts[i] = percent_decode (payload);
            names[i] = text_name ("data", texts[i]);
            text = true;
         } else if (d.compare (b, 5, "file:") == 0) {
            std::string p = d.substr (b + 5);
            if (p.compare (0, 2, "//") == 0) {
               size_t slash = p.find ('/', 2);
               p = slash == std::string::npos ? std::string () :
                  p.substr (slash);
            }
            names[i] = percent_decode (p);
         } else {
            names[i] = d.substr (b);
         }
         out[i].designator = names[i].c_str ();
         out[i].text = text ? texts[i].data () : 0;
         out[i].len = text ? texts[i].size () : 0;
      }
   }

   // ---- 4.5 create, 4.6 destroy, 4.7 list ----

   void Ambassador::createFederationExecution (std::wstring const & name,
      std::wstring const & fomModule, std::wstring const & timeName)
   {
      std::vector<std::wstring> v (1, fomModule);
      createFederationExecutionWithMIM (name, v, std::wstring (), timeName);
   }

   void Ambassador::createFederationExecution (std::wstring const & name,
      std::vector<std::wstring> const & fomModules,
      std::wstring const & timeName)
   {
      createFederationExecutionWithMIM (name, fomModules, std::wstring (),
         timeName);
   }

   // rti's federations hold the standard MIM always: a MIM module given
   // here is merged onto it first, so one that repeats it is accepted and
   // one that conflicts with it is InconsistentFDD.
   void Ambassador::createFederationExecutionWithMIM (
      std::wstring const & name, std::vector<std::wstring> const & fom,
      std::wstring const & mimModule, std::wstring const & timeName)
   {
      Guard g (this);
      if (!connected)
         throw NotConnected (L"not connected");
      std::wstring tn = timeName.empty () ? std::wstring (L"HLAfloat64Time")
         : timeName;
      if (tn != L"HLAfloat64Time" && tn != L"HLAinteger64Time")
         throw CouldNotCreateLogicalTimeFactory (L"rti has the time "
            L"implementations HLAfloat64Time and HLAinteger64Time, not " +
            timeName);
      std::vector<std::string> names, texts, mn, mt;
      std::vector<rti_fom_module> m, mm;
      bool mim = !trim_empty (mimModule);
      if (mim) {
         if (mimModule == L"HLAstandardMIM")
            throw DesignatorIsHLAstandardMIM (L"HLAstandardMIM is the MIM "
               L"of every federation: use createFederationExecution");
         std::vector<std::wstring> one (1, mimModule);
         modules (one, mn, mt, mm, true);
      }
      modules (fom, names, texts, m, false);
      if (mim)
         m.insert (m.begin (), mm[0]);
      std::string n = narrow (name), t = narrow (tn);
      int rc = rti_create_federation_execution_from_modules (amb, n.c_str (),
         m.data (), m.size (), t.c_str ());
      if (rc != RTI_OK && mim && std::strstr (rti_error_message (amb),
          mm[0].designator)) {
         std::wstring msg = widen (rti_error_message (amb));
         if (rc == RTI_ERR_COULD_NOT_OPEN_FDD)
            throw CouldNotOpenMIM (msg);
         if (rc == RTI_ERR_ERROR_READING_FDD)
            throw ErrorReadingMIM (msg);
      }
      check (rc, amb);
   }

   void Ambassador::destroyFederationExecution (std::wstring const & name)
   {
      Guard g (this);
      std::string n = narrow (name);
      check (rti_destroy_federation_execution (amb, n.c_str ()), amb);
   }

   void Ambassador::listFederationExecutions ()
   {
      Guard g (this);
      check (rti_list_federation_executions (amb), amb);
   }

   // ---- 4.9 join, 4.10 resign ----

   void Ambassador::after_join (rti_federate_handle)
   {
      char const * impl = 0;
      joined = true;
      time_kind = 1;
      if (rti_get_time_implementation (amb, &impl) == RTI_OK && impl &&
          std::strcmp (impl, "HLAinteger64Time") == 0)
         time_kind = 2;
      oc_relevance = ic_relevance = true;
      attr_relevance = scope_switch = false;
      rates.clear ();
   }

   FederateHandle Ambassador::joinFederationExecution (
      std::wstring const & type, std::wstring const & federation,
      std::vector<std::wstring> const & additional)
   {
      return joinFederationExecution (std::wstring (), type, federation,
         additional);
   }

   FederateHandle Ambassador::joinFederationExecution (
      std::wstring const & fedName, std::wstring const & type,
      std::wstring const & federation,
      std::vector<std::wstring> const & additional)
   {
      if (in_cb ())
         throw CallNotAllowedFromWithinCallback (L"join in a callback");
      Guard g (this);
      if (!connected)
         throw NotConnected (L"not connected");
      std::vector<std::string> names, texts;
      std::vector<rti_fom_module> m;
      modules (additional, names, texts, m, false);
      std::string fn = narrow (fedName), ty = narrow (type),
         fe = narrow (federation);
      rti_federate_handle h;
      check (rti_join_federation_execution_from_modules (amb,
         fedName.empty () ? NULL : fn.c_str (), ty.c_str (), fe.c_str (),
         m.data (), m.size (), &h), amb);
      after_join (h);
      return cxx_of (h);
   }

   void Ambassador::resignFederationExecution (ResignAction action)
   {
      if (in_cb ())
         throw CallNotAllowedFromWithinCallback (L"resign in a callback");
      Guard g (this);
      if (static_cast<unsigned> (action) > NO_ACTION)
         throw InvalidResignAction (L"unknown resign action");
      check (rti_resign_federation_execution (amb,
         static_cast<rti_resign_action> (action)), amb);
      joined = false;
      time_kind = 0;
      deferred.clear ();
   }

   // ---- 4.11 - 4.15 synchronization points ----

   void Ambassador::registerFederationSynchronizationPoint (
      std::wstring const & label, VariableLengthData const & tag)
   {
      Guard g (this);
      std::string l = narrow (label);
      check (rti_register_federation_synchronization_point (amb, l.c_str (),
         tag.data (), tag.size (), NULL, 0), amb);
   }

   void Ambassador::registerFederationSynchronizationPoint (
      std::wstring const & label, VariableLengthData const & tag,
      FederateHandleSet const & set)
   {
      Guard g (this);
      std::string l = narrow (label);
      std::vector<rti_federate_handle> s;
      for (FederateHandleSet::const_iterator i = set.begin ();
           i != set.end (); ++i) {
         if (!i->isValid ())
            throw InvalidFederateHandle (L"invalid handle in the set");
         s.push_back (c_of (*i));
      }
      check (rti_register_federation_synchronization_point (amb, l.c_str (),
         tag.data (), tag.size (), s.data (), s.size ()), amb);
   }

   void Ambassador::synchronizationPointAchieved (std::wstring const & label,
      bool successfully)
   {
      Guard g (this);
      std::string l = narrow (label);
      check (rti_synchronization_point_achieved (amb, l.c_str (),
         successfully ? 1 : 0), amb);
   }

   // ---- 4.16 - 4.31 save and restore ----

   void Ambassador::requestFederationSave (std::wstring const & label)
   {
      Guard g (this);
      std::string l = narrow (label);
      check (rti_request_federation_save (amb, l.c_str ()), amb);
   }

   void Ambassador::requestFederationSave (std::wstring const & label,
      LogicalTime const & t)
   {
      Guard g (this);
      std::string l = narrow (label);
      rti_time ct = time_c (t);
      check (rti_request_federation_save_at_time (amb, l.c_str (), ct), amb);
   }

#define SIMPLE(name, call)                                             \
   void Ambassador::name ()                                            \
   {                                                                   \
      Guard g (this);                                                  \
      check (call (amb), amb);                                         \
   }
   SIMPLE(federateSaveBegun, rti_federate_save_begun)
   SIMPLE(federateSaveComplete, rti_federate_save_complete)
   SIMPLE(federateSaveNotComplete, rti_federate_save_not_complete)
   SIMPLE(abortFederationSave, rti_abort_federation_save)
   SIMPLE(queryFederationSaveStatus, rti_query_federation_save_status)
   SIMPLE(federateRestoreComplete, rti_federate_restore_complete)
   SIMPLE(federateRestoreNotComplete, rti_federate_restore_not_complete)
   SIMPLE(abortFederationRestore, rti_abort_federation_restore)
   SIMPLE(queryFederationRestoreStatus, rti_query_federation_restore_status)
#undef SIMPLE

   // ---- 10.33 - 10.40 advisory switches ----

#define SWITCH(fn, flag, on, call, Exc)                                \
   void Ambassador::fn ()                                              \
   {                                                                   \
      Guard g (this);                                                  \
      need_joined ();                                                  \
      if (flag == on)                                                  \
         throw Exc (L"the switch is already " + std::wstring (         \
            on ? L"on" : L"off"));                                     \
      check (call (amb), amb);                                         \
      flag = on;                                                       \
   }
   SWITCH(enableObjectClassRelevanceAdvisorySwitch, oc_relevance, true,
      rti_enable_object_class_relevance_advisory_switch,
      ObjectClassRelevanceAdvisorySwitchIsOn)
   SWITCH(disableObjectClassRelevanceAdvisorySwitch, oc_relevance, false,
      rti_disable_object_class_relevance_advisory_switch,
      ObjectClassRelevanceAdvisorySwitchIsOff)
   SWITCH(enableAttributeRelevanceAdvisorySwitch, attr_relevance, true,
      rti_enable_attribute_relevance_advisory_switch,
      AttributeRelevanceAdvisorySwitchIsOn)
   SWITCH(disableAttributeRelevanceAdvisorySwitch, attr_relevance, false,
      rti_disable_attribute_relevance_advisory_switch,
      AttributeRelevanceAdvisorySwitchIsOff)
   SWITCH(enableInteractionRelevanceAdvisorySwitch, ic_relevance, true,
      rti_enable_interaction_relevance_advisory_switch,
      InteractionRelevanceAdvisorySwitchIsOn)
   SWITCH(disableInteractionRelevanceAdvisorySwitch, ic_relevance, false,
      rti_disable_interaction_relevance_advisory_switch,
      InteractionRelevanceAdvisorySwitchIsOff)
#undef SWITCH

   // The attribute scope advisory switch: kept here; rti delivers no
   // attributesInScope/OutOfScope (rti1516e(3), STATUS).
   void Ambassador::enableAttributeScopeAdvisorySwitch ()
   {
      Guard g (this);
      need_joined ();
      if (scope_switch)
         throw AttributeScopeAdvisorySwitchIsOn (L"the switch is already on");
      scope_switch = true;
   }

   void Ambassador::disableAttributeScopeAdvisorySwitch ()
   {
      Guard g (this);
      need_joined ();
      if (!scope_switch)
         throw AttributeScopeAdvisorySwitchIsOff (
            L"the switch is already off");
      scope_switch = false;
   }

   void Ambassador::requestFederationRestore (std::wstring const & label)
   {
      Guard g (this);
      std::string l = narrow (label);
      check (rti_request_federation_restore (amb, l.c_str ()), amb);
   }
}

// SPDX-License-Identifier: Apache-2.0
// support.cpp - the RTI support services (IEEE 1516.1-2010 clause 10) of
// librti1516e's RTIambassador: names and handles, dimensions and ranges,
// order and transportation names, the time factory, handle decoding.
#include "ambassador.h"

#include <RTI/time/HLAfloat64TimeFactory.h>
#include <RTI/time/HLAinteger64TimeFactory.h>

#include <cstring>

#if __cplusplus < 201703L
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

namespace rti1516e_impl
{
   ResignAction Ambassador::getAutomaticResignDirective ()
   {
      Guard g (this, false);
      rti_resign_action a;
      check (rti_get_automatic_resign_directive (amb, &a), amb);
      return static_cast<ResignAction> (a);
   }

   void Ambassador::setAutomaticResignDirective (ResignAction a)
   {
      Guard g (this);
      if (static_cast<unsigned> (a) > NO_ACTION)
         throw InvalidResignAction (L"unknown resign action");
      check (rti_set_automatic_resign_directive (amb,
         static_cast<rti_resign_action> (a)), amb);
   }

   FederateHandle Ambassador::getFederateHandle (std::wstring const & name)
   {
      Guard g (this);
      std::string n = narrow (name);
      rti_federate_handle h;
      check (rti_get_federate_handle (amb, n.c_str (), &h), amb);
      return cxx_of (h);
   }

   std::wstring Ambassador::getFederateName (FederateHandle h)
   {
      Guard g (this);
      if (!h.isValid ())
         throw InvalidFederateHandle (L"invalid federate handle");
      char const * n;
      check (rti_get_federate_name (amb, c_of (h), &n), amb);
      return widen (n);
   }

   ObjectClassHandle Ambassador::getObjectClassHandle (
      std::wstring const & name)
   {
      Guard g (this, false);
      std::string n = narrow (name);
      rti_object_class_handle h;
      check (rti_get_object_class_handle (amb, n.c_str (), &h), amb);
      return cxx_of (h);
   }

   std::wstring Ambassador::getObjectClassName (ObjectClassHandle h)
   {
      Guard g (this, false);
      char const * n;
      check (rti_get_object_class_name (amb, c_of (h), &n), amb);
      return widen (n);
   }

   ObjectClassHandle Ambassador::getKnownObjectClassHandle (
      ObjectInstanceHandle obj)
   {
      Guard g (this, false);
      rti_object_class_handle h;
      check (rti_get_known_object_class_handle (amb, c_of (obj), &h), amb);
      return cxx_of (h);
   }

   ObjectInstanceHandle Ambassador::getObjectInstanceHandle (
      std::wstring const & name)
   {
      Guard g (this, false);
      std::string n = narrow (name);
      rti_object_instance_handle h;
      check (rti_get_object_instance_handle (amb, n.c_str (), &h), amb);
      return cxx_of (h);
   }

   std::wstring Ambassador::getObjectInstanceName (ObjectInstanceHandle obj)
   {
      Guard g (this, false);
      char const * n;
      check (rti_get_object_instance_name (amb, c_of (obj), &n), amb);
      return widen (n);
   }

   AttributeHandle Ambassador::getAttributeHandle (ObjectClassHandle cls,
      std::wstring const & name)
   {
      Guard g (this, false);
      std::string n = narrow (name);
      rti_attribute_handle h;
      int rc = rti_get_attribute_handle (amb, c_of (cls), n.c_str (), &h);
      if (rc == RTI_ERR_NAME_NOT_FOUND && n.find ('.') != std::string::npos)
         rc = rti_get_attribute_handle (amb, c_of (cls),
            attr_name (name).c_str (), &h);
      check (rc, amb);
      return cxx_of (h);
   }

   std::wstring Ambassador::getAttributeName (ObjectClassHandle cls,
      AttributeHandle a)
   {
      Guard g (this, false);
      char const * n;
      check (rti_get_attribute_name (amb, c_of (cls), c_of (a), &n), amb);
      return widen (n);
   }

   // rti reads no update rates from the FOM (rti1516e(3), STATUS).
   double Ambassador::getUpdateRateValue (std::wstring const & designator)
   {
      Guard g (this, false);
      need_joined ();
      throw InvalidUpdateRateDesignator (L"no update rate named '" +
         designator + L"': rti does not read the FOM's update rates");
   }

   double Ambassador::getUpdateRateValueForAttribute (
      ObjectInstanceHandle obj, AttributeHandle a)
   {
      Guard g (this, false);
      rti_object_class_handle cls;
      char const * n;
      check (rti_get_known_object_class_handle (amb, c_of (obj), &cls), amb);
      if (rti_get_attribute_name (amb, cls, c_of (a), &n) != RTI_OK)
         throw AttributeNotDefined (L"not an attribute of the instance's "
            L"class");
      return 0.0;
   }

   InteractionClassHandle Ambassador::getInteractionClassHandle (
      std::wstring const & name)
   {
      Guard g (this, false);
      std::string n = narrow (name);
      rti_interaction_class_handle h;
      check (rti_get_interaction_class_handle (amb, n.c_str (), &h), amb);
      return cxx_of (h);
   }

   std::wstring Ambassador::getInteractionClassName (
      InteractionClassHandle h)
   {
      Guard g (this, false);
      char const * n;
      check (rti_get_interaction_class_name (amb, c_of (h), &n), amb);
      return widen (n);
   }

   ParameterHandle Ambassador::getParameterHandle (InteractionClassHandle cls,
      std::wstring const & name)
   {
      Guard g (this, false);
      std::string n = narrow (name);
      rti_parameter_handle h;
      int rc = rti_get_parameter_handle (amb, c_of (cls), n.c_str (), &h);
      if (rc == RTI_ERR_NAME_NOT_FOUND && n.find ('.') != std::string::npos)
         rc = rti_get_parameter_handle (amb, c_of (cls),
            attr_name (name).c_str (), &h);
      check (rc, amb);
      return cxx_of (h);
   }

   std::wstring Ambassador::getParameterName (InteractionClassHandle cls,
      ParameterHandle p)
   {
      Guard g (this, false);
      char const * n;
      int rc = rti_get_parameter_name (amb, c_of (cls), c_of (p), &n);
      if (rc == RTI_ERR_INVALID_PARAMETER_HANDLE && p.isValid ())
         throw InteractionParameterNotDefined (
            widen (rti_error_message (amb)));
      check (rc, amb);
      return widen (n);
   }

   // The names of the MIM's order and transportation types.
   OrderType Ambassador::getOrderType (std::wstring const & name)
   {
      Guard g (this, false);
      need_joined ();
      if (name == L"HLAreceive" || name == L"Receive" || name == L"RECEIVE")
         return RECEIVE;
      if (name == L"HLAtimestamp" || name == L"TimeStamp" ||
          name == L"Timestamp" || name == L"TIMESTAMP")
         return TIMESTAMP;
      throw InvalidOrderName (L"no order type named '" + name + L"'");
   }

   std::wstring Ambassador::getOrderName (OrderType t)
   {
      Guard g (this, false);
      need_joined ();
      if (t == RECEIVE)
         return L"HLAreceive";
      if (t == TIMESTAMP)
         return L"HLAtimestamp";
      throw InvalidOrderType (L"unknown order type");
   }

   TransportationType Ambassador::getTransportationType (
      std::wstring const & name)
   {
      Guard g (this, false);
      need_joined ();
      if (name == L"HLAreliable")
         return RELIABLE;
      if (name == L"HLAbestEffort")
         return BEST_EFFORT;
      throw InvalidTransportationName (L"no transportation type named '" +
         name + L"'");
   }

   std::wstring Ambassador::getTransportationName (TransportationType t)
   {
      Guard g (this, false);
      need_joined ();
      if (t == RELIABLE)
         return L"HLAreliable";
      if (t == BEST_EFFORT)
         return L"HLAbestEffort";
      throw InvalidTransportationType (L"unknown transportation type");
   }

   static DimensionHandleSet dim_set (rti_dimension_handle const * d,
      size_t n)
   {
      DimensionHandleSet s;
      for (size_t i = 0; i < n; i++)
         s.insert (cxx_of (d[i]));
      return s;
   }

   DimensionHandleSet Ambassador::getAvailableDimensionsForClassAttribute (
      ObjectClassHandle cls, AttributeHandle a)
   {
      Guard g (this, false);
      rti_dimension_handle d[64];
      size_t n = 0;
      int rc = rti_get_available_dimensions_for_class_attribute (amb,
         c_of (cls), c_of (a), d, 64, &n);
      if (rc == RTI_ERR_INVALID_ATTRIBUTE_HANDLE && a.isValid ())
         throw AttributeNotDefined (widen (rti_error_message (amb)));
      check (rc, amb);
      return dim_set (d, n < 64 ? n : 64);
   }

   DimensionHandleSet Ambassador::getAvailableDimensionsForInteractionClass (
      InteractionClassHandle cls)
   {
      Guard g (this, false);
      rti_dimension_handle d[64];
      size_t n = 0;
      check (rti_get_available_dimensions_for_interaction_class (amb,
         c_of (cls), d, 64, &n), amb);
      return dim_set (d, n < 64 ? n : 64);
   }

   DimensionHandle Ambassador::getDimensionHandle (std::wstring const & name)
   {
      Guard g (this, false);
      std::string n = narrow (name);
      rti_dimension_handle h;
      check (rti_get_dimension_handle (amb, n.c_str (), &h), amb);
      return cxx_of (h);
   }

   std::wstring Ambassador::getDimensionName (DimensionHandle h)
   {
      Guard g (this, false);
      char const * n;
      check (rti_get_dimension_name (amb, c_of (h), &n), amb);
      return widen (n);
   }

   unsigned long Ambassador::getDimensionUpperBound (DimensionHandle h)
   {
      Guard g (this, false);
      uint64_t u;
      check (rti_get_dimension_upper_bound (amb, c_of (h), &u), amb);
      return static_cast<unsigned long> (u);
   }

   DimensionHandleSet Ambassador::getDimensionHandleSet (RegionHandle r)
   {
      Guard g (this, false);
      rti_dimension_handle d[16];
      size_t n = 0;
      check (rti_get_region_dimensions (amb, c_of (r), d, 16, &n), amb);
      return dim_set (d, n < 16 ? n : 16);
   }

   RangeBounds Ambassador::getRangeBounds (RegionHandle r, DimensionHandle d)
   {
      Guard g (this, false);
      uint64_t lo, hi;
      check (rti_get_range_bounds (amb, c_of (r), c_of (d), &lo, &hi), amb);
      return RangeBounds (static_cast<unsigned long> (lo),
         static_cast<unsigned long> (hi));
   }

   void Ambassador::setRangeBounds (RegionHandle r, DimensionHandle d,
      RangeBounds const & b)
   {
      Guard g (this, false);
      check (rti_set_range_bounds (amb, c_of (r), c_of (d),
         b.getLowerBound (), b.getUpperBound ()), amb);
   }

   // The MOM's dimension HLAfederate: a federate handle's value.
   unsigned long Ambassador::normalizeFederateHandle (FederateHandle h)
   {
      Guard g (this, false);
      need_joined ();
      if (!h.isValid ())
         throw InvalidFederateHandle (L"invalid federate handle");
      return static_cast<unsigned long> (FederateHandleFriend::value (h));
   }

   // The MOM's dimension HLAserviceGroup: the group's position.
   unsigned long Ambassador::normalizeServiceGroup (ServiceGroup s)
   {
      Guard g (this, false);
      need_joined ();
      if (static_cast<unsigned> (s) > SUPPORT_SERVICES)
         throw InvalidServiceGroup (L"unknown service group");
      return static_cast<unsigned long> (s);
   }

   RTI_UNIQUE_PTR<LogicalTimeFactory> Ambassador::getTimeFactory () const
   {
      if (!connected)
         throw NotConnected (L"not connected");
      if (!joined || !time_kind)
         throw FederateNotExecutionMember (L"not joined");
      if (time_kind == 2)
         return RTI_UNIQUE_PTR<LogicalTimeFactory> (
            new HLAinteger64TimeFactory ());
      return RTI_UNIQUE_PTR<LogicalTimeFactory> (new HLAfloat64TimeFactory ());
   }

   // ---- decoding of handles: the bytes of Handle::encode ----

   template <class F>
   static auto decode_handle (Ambassador const * a,
      VariableLengthData const & v, size_t width)
      -> decltype (F::make (0ULL))
   {
      if (!a->connected)
         throw NotConnected (L"not connected");
      if (!a->joined)
         throw FederateNotExecutionMember (L"not joined");
      if (v.size () != width)
         throw CouldNotDecode (L"an encoded handle has the wrong length");
      unsigned long long x = get_be (
         static_cast<unsigned char const *> (v.data ()),
         static_cast<int> (width));
      if (width == 4 && x == 0)
         throw CouldNotDecode (L"an encoded handle is 0");
      return F::make (x);
   }

#define DECODE(Kind, width)                                              \
   Kind Ambassador::decode##Kind (VariableLengthData const & v) const    \
   {                                                                    \
      return decode_handle<Kind##Friend> (this, v, width);              \
   }
   DECODE(FederateHandle, 4)
   DECODE(ObjectClassHandle, 4)
   DECODE(InteractionClassHandle, 4)
   DECODE(ObjectInstanceHandle, 4)
   DECODE(AttributeHandle, 4)
   DECODE(ParameterHandle, 4)
   DECODE(DimensionHandle, 4)
   DECODE(MessageRetractionHandle, 8)
   DECODE(RegionHandle, 4)
#undef DECODE
}

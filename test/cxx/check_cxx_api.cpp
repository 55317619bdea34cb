// SPDX-License-Identifier: Apache-2.0
// check_cxx_api.cpp - the C++ API beyond the services: the exception of
// every librti error, the encoding helpers' bytes (against the tables of
// IEEE 1516.2-2010 4.13 and against librti's typed-value codec, both
// ways), the HLA_IMMEDIATE model with enableCallbacks/disableCallbacks,
// an exception thrown by a callback, handles and VariableLengthData, the
// standard times, and a C federate (librti) and a C++ federate in one
// federation exchanging typed values while stepping time.
#include "cxxtest.h"

#include <RTI/encoding/HLAfixedArray.h>
#include <RTI/encoding/HLAfixedRecord.h>
#include <RTI/encoding/HLAhandle.h>
#include <RTI/encoding/HLAopaqueData.h>
#include <RTI/encoding/HLAvariableArray.h>
#include <RTI/encoding/HLAvariantRecord.h>
#include <RTI/rti/Extensions.h>
#include <RTI/time/HLAfloat64Interval.h>
#include <RTI/time/HLAfloat64TimeFactory.h>
#include <RTI/time/HLAinteger64Interval.h>
#include <RTI/time/HLAinteger64TimeFactory.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <thread>
#include <typeinfo>

using namespace rti1516e;

static struct rtiexec rx;

#define TYPES_FOM TOP_SRCDIR "/test/data/fom/cxx-types.xml"

static void setup (void)
{
   ck_assert_int_eq (rtiexec_start (&rx, NULL), 0);
}

static void teardown (void)
{
   ck_assert_int_eq (rtiexec_stop (&rx), 0);
}

static std::string hex (VariableLengthData const & v)
{
   std::string s;
   char b[4];
   for (size_t i = 0; i < v.size (); i++) {
      std::snprintf (b, sizeof b, "%02x", static_cast<unsigned char const *> (
         v.data ())[i]);
      s += b;
   }
   return s;
}

#define ck_assert_hex(v, expected)                                        \
   do {                                                                   \
      std::string h_ = hex (v);                                           \
      ck_assert_str_eq (h_.c_str (), expected);                           \
   } while (0)
// Two strings equal (held until compared).
#define ck_assert_strings(a, b)                                           \
   do {                                                                   \
      std::string a_ = (a), b_ = (b);                                     \
      ck_assert_str_eq (a_.c_str (), b_.c_str ());                        \
   } while (0)

// ---- every librti error: the standard's exception, librti's message ----

START_TEST (test_exception_per_error)
{
   struct { int code; std::type_info const * type; } table[] = {
#define X(code, E) { RTI_ERR_##code, &typeid (E) },
      X(INVALID_ARGUMENT, RTIinternalError)
      X(NOT_CONNECTED, NotConnected)
      X(ALREADY_CONNECTED, AlreadyConnected)
      X(CONNECTION_FAILED, ConnectionFailed)
      X(CONNECTION_LOST, NotConnected)
      X(INVALID_LOCAL_SETTINGS_DESIGNATOR, InvalidLocalSettingsDesignator)
      X(PROTOCOL_ERROR, RTIinternalError)
      X(AUTHENTICATION_FAILED, ConnectionFailed)
      X(NO_MEMORY, RTIinternalError)
      X(LIMIT_EXCEEDED, RTIinternalError)
      X(CALL_NOT_ALLOWED_FROM_WITHIN_CALLBACK,
         CallNotAllowedFromWithinCallback)
      X(COULD_NOT_OPEN_FDD, CouldNotOpenFDD)
      X(ERROR_READING_FDD, ErrorReadingFDD)
      X(INCONSISTENT_FDD, InconsistentFDD)
      X(COULD_NOT_CREATE_LOGICAL_TIME_FACTORY,
         CouldNotCreateLogicalTimeFactory)
      X(FEDERATION_EXECUTION_ALREADY_EXISTS, FederationExecutionAlreadyExists)
      X(FEDERATION_EXECUTION_DOES_NOT_EXIST, FederationExecutionDoesNotExist)
      X(FEDERATES_CURRENTLY_JOINED, FederatesCurrentlyJoined)
      X(FEDERATE_ALREADY_EXECUTION_MEMBER, FederateAlreadyExecutionMember)
      X(FEDERATE_NOT_EXECUTION_MEMBER, FederateNotExecutionMember)
      X(FEDERATE_NAME_ALREADY_IN_USE, FederateNameAlreadyInUse)
      X(FEDERATE_OWNS_ATTRIBUTES, FederateOwnsAttributes)
      X(INVALID_RESIGN_ACTION, InvalidResignAction)
      X(OWNERSHIP_ACQUISITION_PENDING, OwnershipAcquisitionPending)
      X(SYNCHRONIZATION_POINT_LABEL_NOT_ANNOUNCED,
         SynchronizationPointLabelNotAnnounced)
      X(NAME_NOT_FOUND, NameNotFound)
      X(INVALID_FEDERATE_HANDLE, InvalidFederateHandle)
      X(FEDERATE_HANDLE_NOT_KNOWN, FederateHandleNotKnown)
      X(INVALID_OBJECT_CLASS_HANDLE, InvalidObjectClassHandle)
      X(INVALID_ATTRIBUTE_HANDLE, InvalidAttributeHandle)
      X(INVALID_INTERACTION_CLASS_HANDLE, InvalidInteractionClassHandle)
      X(INVALID_PARAMETER_HANDLE, InvalidParameterHandle)
      X(INVALID_DIMENSION_HANDLE, InvalidDimensionHandle)
      X(INVALID_REGION, InvalidRegion)
      X(INVALID_REGION_CONTEXT, InvalidRegionContext)
      X(INVALID_RANGE_BOUND, InvalidRangeBound)
      X(REGION_NOT_CREATED_BY_THIS_FEDERATE, RegionNotCreatedByThisFederate)
      X(REGION_IN_USE_FOR_UPDATE_OR_SUBSCRIPTION,
         RegionInUseForUpdateOrSubscription)
      X(REGION_DOES_NOT_CONTAIN_SPECIFIED_DIMENSION,
         RegionDoesNotContainSpecifiedDimension)
      X(INVALID_CONDITION, RTIinternalError)
      X(OBJECT_CLASS_NOT_DEFINED, ObjectClassNotDefined)
      X(OBJECT_CLASS_NOT_PUBLISHED, ObjectClassNotPublished)
      X(ATTRIBUTE_NOT_DEFINED, AttributeNotDefined)
      X(ATTRIBUTE_NOT_PUBLISHED, AttributeNotPublished)
      X(ATTRIBUTE_NOT_OWNED, AttributeNotOwned)
      X(ATTRIBUTE_ALREADY_OWNED, AttributeAlreadyOwned)
      X(ATTRIBUTE_ALREADY_BEING_ACQUIRED, AttributeAlreadyBeingAcquired)
      X(ATTRIBUTE_ALREADY_BEING_DIVESTED, AttributeAlreadyBeingDivested)
      X(ATTRIBUTE_DIVESTITURE_WAS_NOT_REQUESTED,
         AttributeDivestitureWasNotRequested)
      X(ATTRIBUTE_ACQUISITION_WAS_NOT_REQUESTED,
         AttributeAcquisitionWasNotRequested)
      X(NO_ACQUISITION_PENDING, NoAcquisitionPending)
      X(INTERACTION_CLASS_NOT_DEFINED, InteractionClassNotDefined)
      X(INTERACTION_CLASS_NOT_PUBLISHED, InteractionClassNotPublished)
      X(INTERACTION_PARAMETER_NOT_DEFINED, InteractionParameterNotDefined)
      X(OBJECT_INSTANCE_NOT_KNOWN, ObjectInstanceNotKnown)
      X(OBJECT_INSTANCE_NAME_IN_USE, ObjectInstanceNameInUse)
      X(OBJECT_INSTANCE_NAME_NOT_RESERVED, ObjectInstanceNameNotReserved)
      X(ILLEGAL_NAME, IllegalName)
      X(DELETE_PRIVILEGE_NOT_HELD, DeletePrivilegeNotHeld)
      X(INVALID_LOGICAL_TIME, InvalidLogicalTime)
      X(INVALID_LOOKAHEAD, InvalidLookahead)
      X(LOGICAL_TIME_ALREADY_PASSED, LogicalTimeAlreadyPassed)
      X(IN_TIME_ADVANCING_STATE, InTimeAdvancingState)
      X(REQUEST_FOR_TIME_REGULATION_PENDING, RequestForTimeRegulationPending)
      X(REQUEST_FOR_TIME_CONSTRAINED_PENDING,
         RequestForTimeConstrainedPending)
      X(TIME_REGULATION_ALREADY_ENABLED, TimeRegulationAlreadyEnabled)
      X(TIME_REGULATION_IS_NOT_ENABLED, TimeRegulationIsNotEnabled)
      X(TIME_CONSTRAINED_ALREADY_ENABLED, TimeConstrainedAlreadyEnabled)
      X(TIME_CONSTRAINED_IS_NOT_ENABLED, TimeConstrainedIsNotEnabled)
      X(ASYNCHRONOUS_DELIVERY_ALREADY_ENABLED,
         AsynchronousDeliveryAlreadyEnabled)
      X(ASYNCHRONOUS_DELIVERY_ALREADY_DISABLED,
         AsynchronousDeliveryAlreadyDisabled)
      X(INVALID_MESSAGE_RETRACTION_HANDLE, InvalidMessageRetractionHandle)
      X(MESSAGE_CAN_NO_LONGER_BE_RETRACTED, MessageCanNoLongerBeRetracted)
      X(INTERNAL_ERROR, RTIinternalError)
      X(DECODER_ERROR, CouldNotDecode)
      X(DATATYPE_NOT_DEFINED, RTIinternalError)
      X(SAVE_IN_PROGRESS, SaveInProgress)
      X(RESTORE_IN_PROGRESS, RestoreInProgress)
      X(SAVE_NOT_INITIATED, SaveNotInitiated)
      X(SAVE_NOT_IN_PROGRESS, SaveNotInProgress)
      X(FEDERATE_HAS_NOT_BEGUN_SAVE, FederateHasNotBegunSave)
      X(RESTORE_NOT_REQUESTED, RestoreNotRequested)
      X(RESTORE_NOT_IN_PROGRESS, RestoreNotInProgress)
      X(FEDERATE_UNABLE_TO_USE_TIME, FederateUnableToUseTime)
      X(SPECIFIED_SAVE_LABEL_DOES_NOT_EXIST, SpecifiedSaveLabelDoesNotExist)
      X(COULD_NOT_INITIATE_RESTORE, CouldNotInitiateRestore)
      X(INVALID_TRANSPORTATION_TYPE, InvalidTransportationType)
#undef X
   };
   size_t n = sizeof table / sizeof table[0];
   // every error of librti.h has its row
   ck_assert_uint_eq (n, RTI_ERR__COUNT - 1);
   for (size_t i = 0; i < n; i++) {
      bool thrown = false;
      try {
         rti::throwLibrtiError (table[i].code, L"the message");
      } catch (Exception const & e) {
         thrown = true;
         ck_assert_msg (typeid (e) == *table[i].type, "%s: %s, not %s",
            rti_err_name (table[i].code), typeid (e).name (),
            table[i].type->name ());
         ck_assert_msg (e.what ().find (L"the message") !=
            std::wstring::npos, "%s: what() lost the message",
            rti_err_name (table[i].code));
      }
      ck_assert_msg (thrown, "%s threw nothing", rti_err_name (
         table[i].code));
   }
   rti::throwLibrtiError (RTI_OK, L"");
}
END_TEST

// ---- the encoding helpers against IEEE 1516.2-2010 4.13 ----

START_TEST (test_encoding_tables)
{
   ck_assert_hex (HLAinteger16BE (0x0102).encode (), "0102");
   ck_assert_hex (HLAinteger16LE (0x0102).encode (), "0201");
   ck_assert_hex (HLAinteger32BE (-2).encode (), "fffffffe");
   ck_assert_hex (HLAinteger32LE (1).encode (), "01000000");
   ck_assert_hex (HLAinteger64BE (1).encode (), "0000000000000001");
   ck_assert_hex (HLAinteger64LE (-1).encode (), "ffffffffffffffff");
   ck_assert_hex (HLAfloat32BE (1.0f).encode (), "3f800000");
   ck_assert_hex (HLAfloat32LE (1.0f).encode (), "0000803f");
   ck_assert_hex (HLAfloat64BE (1.0).encode (), "3ff0000000000000");
   ck_assert_hex (HLAfloat64LE (-2.0).encode (), "00000000000000c0");
   ck_assert_hex (HLAoctet (static_cast<Octet> (0xab)).encode (), "ab");
   ck_assert_hex (HLAbyte (static_cast<Octet> (7)).encode (), "07");
   ck_assert_hex (HLAASCIIchar ('A').encode (), "41");
   ck_assert_hex (HLAoctetPairBE (OctetPair (1, 2)).encode (), "0102");
   ck_assert_hex (HLAoctetPairLE (OctetPair (1, 2)).encode (), "0201");
   ck_assert_hex (HLAboolean (true).encode (), "00000001");
   ck_assert_hex (HLAboolean (false).encode (), "00000000");
   ck_assert_hex (HLAunicodeChar (L'\u20ac').encode (), "20ac");
   ck_assert_hex (HLAASCIIstring ("hi").encode (), "000000026869");
   // a character beyond U+FFFF is a surrogate pair
   ck_assert_hex (HLAunicodeString (L"A\u20ac\U0001D11E").encode (),
      "00000004004120acd834dd1e");
   Octet raw[3] = { 1, 2, 3 };
   ck_assert_hex (HLAopaqueData (raw, 3).encode (), "00000003010203");

   // a fixed record {HLAoctet, HLAfloat64BE}: padding to the double's 8
   HLAfixedRecord rec;
   rec.appendElement (HLAoctet (1));
   rec.appendElement (HLAfloat64BE (1.0));
   ck_assert_hex (rec.encode (), "01000000000000003ff0000000000000");
   ck_assert_uint_eq (rec.getOctetBoundary (), 8);
   ck_assert_uint_eq (rec.getEncodedLength (), 16);
   // a variable array of HLAinteger16BE: count, then 2-byte elements
   HLAvariableArray va ((HLAinteger16BE ()));
   va.addElement (HLAinteger16BE (1));
   va.addElement (HLAinteger16BE (2));
   ck_assert_hex (va.encode (), "0000000200010002");
   // of doubles: the elements start on 8
   HLAvariableArray vd ((HLAfloat64BE ()));
   vd.addElement (HLAfloat64BE (1.0));
   ck_assert_hex (vd.encode (), "00000001000000003ff0000000000000");
   // a fixed array of 3 HLAASCIIchar: no count
   HLAfixedArray fa (HLAASCIIchar ('x'), 3);
   ck_assert_hex (fa.encode (), "787878");
   // a variant on an HLAinteger32BE discriminant
   HLAvariantRecord vr ((HLAinteger32BE ()));
   vr.addVariant (HLAinteger32BE (1), HLAfloat64BE (2.0));
   vr.addVariant (HLAinteger32BE (2), HLAinteger16BE ());
   vr.setDiscriminant (HLAinteger32BE (1));
   ck_assert_hex (vr.encode (), "00000001000000004000000000000000");
   vr.setVariant (HLAinteger32BE (2), HLAinteger16BE (5));
   ck_assert_hex (vr.encode (), "000000020005");
   vr.setDiscriminant (HLAinteger32BE (4));
   ck_assert_hex (vr.encode (), "00000004");
   ck_assert_throws (vr.getVariant (), EncoderException);
   // an HLAhandle: the handle's encoding as an HLAvariableArray of bytes
   FederateHandle fh;
   HLAhandle hh (fh);
   ck_assert_hex (hh.encode (), "0000000400000000");
   HLAhandle hd;
   hd.decode (hh.encode ());
   ck_assert (hd.getFederateHandle () == fh);
   ck_assert_throws (hd.getMessageRetractionHandle (), EncoderException);

   // decoding: the values back, truncated bytes refused
   // one wchar_t per UTF-16 code unit: any units come back unchanged,
   // paired surrogates too; U+1D11E went as its pair, comes back as it
   HLAunicodeString us;
   std::wstring units (L"a");
   units += static_cast<wchar_t> (0xd834);
   units += static_cast<wchar_t> (0xdd1e);
   units += static_cast<wchar_t> (0xdc00);
   units += static_cast<wchar_t> (0xd800);
   us.decode (HLAunicodeString (units).encode ());
   ck_assert (us.get () == units);
   us.decode (HLAunicodeString (L"a\U0001D11E").encode ());
   ck_assert (us.get () == units.substr (0, 3));
   HLAinteger32BE i32;
   ck_assert_throws (i32.decode (VariableLengthData ("ab", 2)),
      EncoderException);
   HLAvariableArray vb ((HLAinteger16BE ()));
   ck_assert_throws (vb.decode (VariableLengthData ("\x7f\xff\xff\xff", 4)),
      EncoderException);
   vb.decode (va.encode ());
   ck_assert_uint_eq (vb.size (), 2);
   ck_assert_int_eq (static_cast<HLAinteger16BE const &> (vb.get (1)).get (),
      2);
   HLAvariantRecord vd2 ((HLAinteger32BE ()));
   vd2.addVariant (HLAinteger32BE (1), HLAfloat64BE ());
   vd2.addVariant (HLAinteger32BE (2), HLAinteger16BE ());
   vd2.decode (VariableLengthData ("\0\0\0\2\0\7", 6));
   ck_assert_int_eq (static_cast<HLAinteger16BE const &> (
      vd2.getVariant ()).get (), 7);

   // external memory: set writes there, decode writes there
   double d = 0;
   HLAfloat64LE ext (&d);
   ext.set (2.5);
   ck_assert (d == 2.5);
   ext.decode (HLAfloat64LE (-1.0).encode ());
   ck_assert (d == -1.0);
   std::vector<Octet> buf;
   HLAoctet (9).encodeInto (buf);
   HLAfloat64BE (1.0).encodeInto (buf);
   ck_assert_uint_eq (buf.size (), 16);
   HLAfloat64BE back;
   ck_assert_uint_eq (back.decodeFrom (buf, 1), 16);
   ck_assert (back.get () == 1.0);
}
END_TEST

// ---- the same bytes as librti's typed-value codec, both ways ----

struct CFed
{
   rti_ambassador * amb;
   int grants, reflects, interactions;
   long long granted;
   std::vector<unsigned char> last;
   std::string lastJson;
};

static void c_grant (void * arg, rti_time t)
{
   CFed * f = static_cast<CFed *> (arg);
   f->grants++;
   f->granted = t.i64;
}

static void c_reflect (void * arg, rti_object_instance_handle,
   rti_attribute_value const * v, size_t n, void const *, size_t,
   rti_message_info const *)
{
   CFed * f = static_cast<CFed *> (arg);
   f->reflects++;
   for (size_t i = 0; i < n; i++) {
      char * json = 0;
      if (rti_decode_attribute_json (f->amb, v[i].attribute, v[i].value,
          v[i].length, &json) == RTI_OK) {
         f->lastJson = json;
         rti_free (json);
      }
   }
}

static void c_interaction (void * arg, rti_interaction_class_handle,
   rti_parameter_value const *, size_t, void const *, size_t,
   rti_message_info const *)
{
   static_cast<CFed *> (arg)->interactions++;
}

static void c_regulation (void * arg, rti_time)
{
   static_cast<CFed *> (arg)->grants = 0;
}

// The bytes librti encodes `json` to as datatype `type`.
static VariableLengthData c_bytes (rti_ambassador * a, char const * type,
   char const * json)
{
   rti_datatype_handle dt;
   unsigned char buf[512];
   size_t len = 0;
   ck_assert_int_eq (rti_get_datatype_handle (a, type, &dt), RTI_OK);
   int rc = rti_encode_json (a, dt, json, buf, sizeof buf, &len);
   ck_assert_msg (rc == RTI_OK, "%s %s: %s", type, json,
      rti_error_message (a));
   return VariableLengthData (buf, len);
}

// The JSON librti decodes bytes of datatype `type` to.
static std::string c_json (rti_ambassador * a, char const * type,
   VariableLengthData const & v)
{
   rti_datatype_handle dt;
   char * json = 0;
   ck_assert_int_eq (rti_get_datatype_handle (a, type, &dt), RTI_OK);
   int rc = rti_decode_json (a, dt, v.data (), v.size (), &json);
   ck_assert_msg (rc == RTI_OK, "%s: %s", type, rti_error_message (a));
   std::string s (json);
   rti_free (json);
   return s;
}

static HLAfixedRecord mixed (bool on, char const * who, Octet const * data,
   size_t n, Integer16 s, Integer64 big, wchar_t const * name, float f)
{
   HLAfixedRecord r;
   r.appendElement (HLAboolean (on));
   r.appendElement (HLAASCIIstring (who));
   r.appendElement (HLAopaqueData (data, n));
   r.appendElement (HLAinteger16LE (s));
   r.appendElement (HLAinteger64LE (big));
   r.appendElement (HLAunicodeString (name));
   r.appendElement (HLAfloat32BE (f));
   return r;
}

static HLAvariantRecord shape ()
{
   HLAvariantRecord v ((HLAinteger32BE ()));
   v.addVariant (HLAinteger32BE (1), HLAfloat64BE ());
   v.addVariant (HLAinteger32BE (2), HLAinteger16BE ());
   return v;
}

START_TEST (test_encoding_matches_librti)
{
   CFed c = CFed ();
   c.amb = rti_ambassador_new ();
   ck_assert_int_eq (rti_connect (c.amb, rx.url, NULL, NULL), RTI_OK);
   char const * m[] = { TYPES_FOM };
   ck_assert_int_eq (rti_create_federation_execution (c.amb, "E", m, 1,
      NULL), RTI_OK);
   ck_assert_int_eq (rti_join_federation_execution (c.amb, "c", "t", "E",
      NULL), RTI_OK);
   rti_ambassador * a = c.amb;

   // Phase and PhaseList: a record on 8, an array of them
   HLAfixedRecord ph;
   ph.appendElement (HLAfloat64BE (1.5));
   ph.appendElement (HLAfloat32LE (-0.25f));
   ph.appendElement (HLAoctet (7));
   HLAvariableArray list (ph);
   list.addElement (ph);
   list.addElement (ph);
   VariableLengthData lc = c_bytes (a, "PhaseList",
      "[{\"V\":1.5,\"I\":-0.25,\"Tag\":7},{\"V\":1.5,\"I\":-0.25,\"Tag\":7}]");
   ck_assert_strings (hex (list.encode ()), hex (lc));
   HLAvariableArray back (ph);
   back.decode (lc);
   ck_assert_uint_eq (back.size (), 2);
   ck_assert_strings (hex (back.encode ()), hex (lc));

   // Tag8: a fixed array of HLAASCIIchar is the string's octets
   HLAfixedArray tag (HLAASCIIchar (' '), 8);
   char const * t8 = "ABCDEFGH";
   for (size_t i = 0; i < 8; i++)
      tag.set (i, HLAASCIIchar (t8[i]));
   ck_assert_strings (hex (tag.encode ()),
      hex (c_bytes (a, "Tag8", "\"ABCDEFGH\"")));

   // Mixed: every kind of field, padding between them
   Octet data[2] = { 1, static_cast<Octet> (0xfe) };
   HLAfixedRecord mx = mixed (true, "bob", data, 2, -3, 1234567890123LL,
      L"\u00e9t\u00e9", 0.5f);
   VariableLengthData mc = c_bytes (a, "Mixed", "{\"On\":true,\"Who\":\"bob\","
      "\"Data\":\"Af4=\",\"S\":-3,\"Big\":1234567890123,"
      "\"Name\":\"\xc3\xa9t\xc3\xa9\",\"F\":0.5}");
   ck_assert_strings (hex (mx.encode ()), hex (mc));
   HLAfixedRecord mb = mixed (false, "", data, 0, 0, 0, L"", 0);
   mb.decode (mc);
   ck_assert (static_cast<HLAunicodeString const &> (mb.get (5)).get () ==
      L"\u00e9t\u00e9");
   ck_assert_int_eq (static_cast<HLAinteger64LE const &> (mb.get (4)).get (),
      1234567890123LL);
   ck_assert_strings (c_json (a, "Mixed", mx.encode ()),
      c_json (a, "Mixed", mc));

   // Shape: each alternative, and one without data
   HLAvariantRecord sh = shape ();
   sh.setVariant (HLAinteger32BE (1), HLAfloat64BE (2.0));
   ck_assert_strings (hex (sh.encode ()), hex (c_bytes (a, "Shape",
      "{\"Kind\":\"Circle\",\"Radius\":2}")));
   sh.setVariant (HLAinteger32BE (2), HLAinteger16BE (-5));
   ck_assert_strings (hex (sh.encode ()), hex (c_bytes (a, "Shape",
      "{\"Kind\":\"Square\",\"Side\":-5}")));
   sh.setDiscriminant (HLAinteger32BE (4));
   ck_assert_strings (hex (sh.encode ()), hex (c_bytes (a, "Shape",
      "{\"Kind\":\"Dot\"}")));
   HLAvariantRecord sb = shape ();
   sb.decode (c_bytes (a, "Shape", "{\"Kind\":\"Circle\",\"Radius\":-1.5}"));
   ck_assert (static_cast<HLAfloat64BE const &> (sb.getVariant ()).get () ==
      -1.5);

   // OctLong: 1 + 7 padding + 8
   HLAfixedRecord ol;
   ol.appendElement (HLAoctet (1));
   ol.appendElement (HLAinteger64BE (-2));
   ck_assert_strings (hex (ol.encode ()), hex (c_bytes (a,
      "OctLong", "{\"a\":1,\"b\":-2}")));

   // HLAhandle (the MIM's): librti reads the C++ encoding of a handle
   HLAhandle hh ((AttributeHandle ()));
   std::string hj = c_json (a, "HLAhandle", hh.encode ());
   ck_assert_msg (hj.find ("AAAAAA") != std::string::npos, "%s", hj.c_str ());
   rti_resign_federation_execution (a, RTI_RESIGN_NO_ACTION);
   rti_destroy_federation_execution (a, "E");
   rti_ambassador_free (a);
}
END_TEST

// ---- HLA_IMMEDIATE, enableCallbacks/disableCallbacks ----

class Counting : public NullFederateAmbassador
{
public:
   std::atomic<int> interactions;
   std::atomic<bool> wrongThread;
   std::thread::id main;
   Counting () : interactions (0), wrongThread (false),
      main (std::this_thread::get_id ()) {}
   void receiveInteraction (InteractionClassHandle,
      ParameterHandleValueMap const &, VariableLengthData const &, OrderType,
      TransportationType, SupplementalReceiveInfo) override
   {
      if (std::this_thread::get_id () == main)
         wrongThread = true;
      interactions++;
   }
};

// The end of a wait: WAIT_S from now (a bound in time, not in turns, so
// that callbacks arriving fast do not end it early).
static std::chrono::steady_clock::time_point deadline ()
{
   return std::chrono::steady_clock::now () +
      std::chrono::milliseconds (static_cast<long> (WAIT_S * 1000));
}

static bool before (std::chrono::steady_clock::time_point end)
{
   return std::chrono::steady_clock::now () < end;
}

static bool wait_for (std::atomic<int> & v, int n)
{
   for (auto end = deadline (); before (end) && v < n;)
      std::this_thread::sleep_for (std::chrono::milliseconds (10));
   return v >= n;
}

START_TEST (test_immediate)
{
   Fed p (&rx);
   Counting fa;
   RTIambassadorFactory factory;
   std::unique_ptr<RTIambassador> s = factory.createRTIambassador ();
   s->connect (fa, HLA_IMMEDIATE, wurl (&rx));
   p.amb->createFederationExecution (L"I", wstr (HELLO_FOM));
   p.amb->joinFederationExecution (L"p", L"t", L"I");
   s->joinFederationExecution (L"s", L"t", L"I");
   InteractionClassHandle hello = s->getInteractionClassHandle (L"Hello");
   s->subscribeInteractionClass (hello);
   p.amb->publishInteractionClass (hello);
   // the subscriber never evokes: its thread delivers
   p.amb->sendInteraction (hello, ParameterHandleValueMap (),
      VariableLengthData ());
   p.amb->evokeMultipleCallbacks (0, 0);
   ck_assert_msg (wait_for (fa.interactions, 1), "nothing delivered");
   ck_assert (!fa.wrongThread);
   // disabled: nothing delivered; enabled again: delivered
   s->disableCallbacks ();
   p.amb->sendInteraction (hello, ParameterHandleValueMap (),
      VariableLengthData ());
   p.amb->evokeMultipleCallbacks (0, 0);
   std::this_thread::sleep_for (std::chrono::milliseconds (300));
   ck_assert_int_eq (fa.interactions, 1);
   s->enableCallbacks ();
   ck_assert_msg (wait_for (fa.interactions, 2), "not delivered after "
      "enableCallbacks");
   // services from the main thread meanwhile
   for (int i = 0; i < 20; i++) {
      p.amb->sendInteraction (hello, ParameterHandleValueMap (),
         VariableLengthData ());
      ck_assert (s->getInteractionClassName (hello) ==
         L"HLAinteractionRoot.Hello");
   }
   p.amb->evokeMultipleCallbacks (0, 0);
   ck_assert (wait_for (fa.interactions, 22));
   s->resignFederationExecution (NO_ACTION);
   s->disconnect ();
   p.amb->resignFederationExecution (NO_ACTION);
}
END_TEST

// ---- a callback that throws: reported, the evoke goes on ----

class Throwing : public NullFederateAmbassador
{
public:
   int n;
   Throwing () : n (0) {}
   void receiveInteraction (InteractionClassHandle,
      ParameterHandleValueMap const &, VariableLengthData const &, OrderType,
      TransportationType, SupplementalReceiveInfo) override
   {
      n++;
      throw FederateInternalError (L"a federate's own failure");
   }
};

START_TEST (test_callback_throws)
{
   Fed p (&rx);
   Throwing th;
   RTIambassadorFactory factory;
   std::unique_ptr<RTIambassador> s = factory.createRTIambassador ();
   s->connect (th, HLA_EVOKED, wurl (&rx));
   p.amb->createFederationExecution (L"X", wstr (HELLO_FOM));
   p.amb->joinFederationExecution (L"p", L"t", L"X");
   s->joinFederationExecution (L"s", L"t", L"X");
   InteractionClassHandle hello = s->getInteractionClassHandle (L"Hello");
   s->subscribeInteractionClass (hello);
   p.amb->publishInteractionClass (hello);
   for (int i = 0; i < 3; i++)
      p.amb->sendInteraction (hello, ParameterHandleValueMap (),
         VariableLengthData ());
   p.amb->evokeMultipleCallbacks (0, 0);
   for (auto end = deadline (); before (end) && th.n < 3;)
      s->evokeMultipleCallbacks (0.01, 0.01);
   ck_assert_int_eq (th.n, 3);
   // evoking from within a callback is refused
   s->resignFederationExecution (NO_ACTION);
   p.amb->resignFederationExecution (NO_ACTION);
}
END_TEST

// ---- handles, VariableLengthData, times ----

START_TEST (test_values_and_times)
{
   VariableLengthData a ("abc", 3);
   VariableLengthData b (a);
   ck_assert_uint_eq (b.size (), 3);
   ck_assert (b.data () != a.data ());
   char big[40];
   std::memset (big, 'x', sizeof big);
   b.setDataPointer (big, sizeof big);
   ck_assert (b.data () == big);
   VariableLengthData c = b;
   ck_assert (c.data () != big);
   ck_assert_uint_eq (c.size (), 40);
   b.resize (50);
   ck_assert (b.data () != big);
   ck_assert_int_eq (static_cast<char const *> (b.data ())[39], 'x');
   ck_assert_int_eq (static_cast<char const *> (b.data ())[49], 0);
   char * taken = new char[5];
   c.takeDataPointer (taken, 5);
   ck_assert (c.data () == taken);
   c = a;
   ck_assert_uint_eq (c.size (), 3);
   VariableLengthData moved (std::move (c));
   ck_assert_uint_eq (moved.size (), 3);
   ck_assert_uint_eq (c.size (), 0);

   ObjectInstanceHandle h1, h2;
   ck_assert (!h1.isValid () && h1 == h2 && !(h1 < h2));
   ck_assert (h1.toString () == L"ObjectInstanceHandle(invalid)");
   ck_assert_uint_eq (h1.encodedLength (), 4);
   unsigned char out[2];
   ck_assert_throws (h1.encode (out, 2), CouldNotEncode);

   HLAfloat64TimeFactory ff;
   std::unique_ptr<LogicalTime> t = ff.makeInitial ();
   std::unique_ptr<LogicalTime> fin = ff.makeFinal ();
   ck_assert (t->isInitial () && fin->isFinal () && *t < *fin);
   *t += HLAfloat64Interval (1.5);
   ck_assert (*t == HLAfloat64Time (1.5));
   std::unique_ptr<LogicalTimeInterval> eps = ff.makeEpsilon ();
   HLAfloat64Time next (1.5);
   next += *eps;
   ck_assert (next > HLAfloat64Time (1.5));
   ck_assert_throws (*t -= HLAfloat64Interval (5.0), IllegalTimeArithmetic);
   ck_assert_throws (*t = HLAinteger64Time (1), InvalidLogicalTime);
   // T + I > T and T - I < T for every I > 0, even one the double sum
   // rounds away (IEEE 1516.1 12.4)
   HLAfloat64Time huge (1e300);
   huge += HLAfloat64Interval (1.0);
   ck_assert (huge > HLAfloat64Time (1e300));
   huge -= HLAfloat64Interval (1.0);
   huge -= HLAfloat64Interval (1.0);
   ck_assert (huge < HLAfloat64Time (1e300));
   // a sum past the greatest integer time is the final time; intervals
   // stop at INT64_MAX rather than wrap
   HLAinteger64Time ilate (std::numeric_limits<Integer64>::max () - 1);
   ilate += HLAinteger64Interval (5);
   ck_assert (ilate.isFinal ());
   HLAinteger64Interval ibig (std::numeric_limits<Integer64>::max () / 2 + 1);
   ibig += ibig;
   ck_assert_int_eq (ibig.getInterval (),
      std::numeric_limits<Integer64>::max ());
   ibig -= HLAinteger64Interval (std::numeric_limits<Integer64>::min ());
   ck_assert_int_eq (ibig.getInterval (),
      std::numeric_limits<Integer64>::max ());
   std::unique_ptr<LogicalTime> dec = ff.decodeLogicalTime (
      HLAfloat64Time (2.25).encode ());
   ck_assert (*dec == HLAfloat64Time (2.25));
   ck_assert_throws (ff.decodeLogicalTime (VariableLengthData ("x", 1)),
      CouldNotDecode);
   HLAinteger64TimeFactory fi;
   std::unique_ptr<HLAinteger64Time> it = fi.makeLogicalTime (5);
   HLAinteger64Interval d;
   d.setToDifference (*it, HLAinteger64Time (2));
   ck_assert_int_eq (d.getInterval (), 3);
   ck_assert_hex (it->encode (), "0000000000000005");
   std::unique_ptr<LogicalTimeFactory> byName =
      LogicalTimeFactoryFactory::makeLogicalTimeFactory (L"HLAinteger64Time");
   ck_assert (byName.get () && byName->getName () == L"HLAinteger64Time");
   ck_assert (!LogicalTimeFactoryFactory::makeLogicalTimeFactory (
      L"NoSuchTime").get ());
   ck_assert (HLAlogicalTimeFactoryFactory::makeLogicalTimeFactory (
      L"")->getName () == L"HLAfloat64Time");
   ck_assert (rtiName () == L"rti");
}
END_TEST

// ---- a C federate and a C++ federate: typed values, time steps ----

START_TEST (test_c_and_cxx_federation)
{
   CFed c = CFed ();
   rti_callbacks cb;
   std::memset (&cb, 0, sizeof cb);
   cb.time_advance_grant = c_grant;
   cb.time_regulation_enabled = c_regulation;
   cb.time_constrained_enabled = c_regulation;
   cb.reflect_attribute_values = c_reflect;
   cb.receive_interaction = c_interaction;
   c.amb = rti_ambassador_new ();
   ck_assert_int_eq (rti_connect (c.amb, rx.url, &cb, &c), RTI_OK);
   char const * m[] = { TYPES_FOM };
   ck_assert_int_eq (rti_create_federation_execution (c.amb, "M", m, 1,
      "HLAinteger64Time"), RTI_OK);
   ck_assert_int_eq (rti_join_federation_execution (c.amb, "c", "t", "M",
      NULL), RTI_OK);
   Fed x (&rx);
   x.amb->joinFederationExecution (L"x", L"t", L"M");

   ObjectClassHandle probe = x.amb->getObjectClassHandle (L"Probe");
   AttributeHandle shAttr = x.amb->getAttributeHandle (probe, L"Shape");
   AttributeHandleSet sa;
   sa.insert (shAttr);
   x.amb->publishObjectClassAttributes (probe, sa);
   InteractionClassHandle ping = x.amb->getInteractionClassHandle (L"Ping");
   ParameterHandle mixP = x.amb->getParameterHandle (ping, L"Mix");
   x.amb->subscribeInteractionClass (ping);

   rti_object_class_handle cprobe;
   rti_attribute_handle cshape;
   rti_interaction_class_handle cping;
   rti_parameter_handle cmix;
   ck_assert_int_eq (rti_get_object_class_handle (c.amb, "Probe", &cprobe),
      RTI_OK);
   ck_assert_int_eq (rti_get_attribute_handle (c.amb, cprobe, "Shape",
      &cshape), RTI_OK);
   ck_assert_int_eq (rti_get_interaction_class_handle (c.amb, "Ping",
      &cping), RTI_OK);
   ck_assert_int_eq (rti_get_parameter_handle (c.amb, cping, "Mix", &cmix),
      RTI_OK);
   ck_assert_int_eq (rti_subscribe_object_class_attributes (c.amb, cprobe,
      &cshape, 1), RTI_OK);
   ck_assert_int_eq (rti_publish_interaction_class (c.amb, cping), RTI_OK);

   // both regulating and constrained, lookahead 1
   ck_assert_int_eq (rti_enable_time_regulation (c.amb, rti_time_i64 (1)),
      RTI_OK);
   x.amb->enableTimeRegulation (HLAinteger64Interval (1));
   std::vector<Fed *> xs (1, &x);
   for (auto end = deadline (); before (end) &&
        !x.rec.has (L"regulating");) {
      rti_evoke_callbacks (c.amb, 0, 0.01, NULL);
      x.amb->evokeMultipleCallbacks (0, 0.01);
   }
   ck_assert_int_eq (rti_enable_time_constrained (c.amb), RTI_OK);
   x.amb->enableTimeConstrained ();
   for (auto end = deadline (); before (end) &&
        !x.rec.has (L"constrained");) {
      rti_evoke_callbacks (c.amb, 0, 0.01, NULL);
      x.amb->evokeMultipleCallbacks (0, 0.01);
   }
   ck_assert (x.rec.has (L"constrained"));
   ObjectInstanceHandle o = x.amb->registerObjectInstance (probe);

   Octet data[1] = { 42 };
   for (long long step = 1; step <= 5; step++) {
      // the C++ federate: a Shape (Square, side = step) at step
      HLAvariantRecord sh = shape ();
      sh.setVariant (HLAinteger32BE (2), HLAinteger16BE (
         static_cast<Integer16> (step)));
      AttributeHandleValueMap v;
      v[shAttr] = sh.encode ();
      x.amb->updateAttributeValues (o, v, VariableLengthData (),
         HLAinteger64Time (step));
      // the C federate: a Ping with a Mixed of Big = step, by JSON
      char json[256];
      std::snprintf (json, sizeof json, "{\"On\":true,\"Who\":\"c\","
         "\"Data\":\"Kg==\",\"S\":1,\"Big\":%lld,\"Name\":\"n\","
         "\"F\":1}", step);
      VariableLengthData mv = c_bytes (c.amb, "Mixed", json);
      rti_parameter_value pv = { cmix, mv.data (),
         static_cast<uint32_t> (mv.size ()) };
      ck_assert_int_eq (rti_send_interaction_at (c.amb, cping, &pv, 1, "",
         0, rti_time_i64 (step), NULL), RTI_OK);
      ck_assert_int_eq (rti_time_advance_request (c.amb,
         rti_time_i64 (step)), RTI_OK);
      x.amb->timeAdvanceRequest (HLAinteger64Time (step));
      for (auto end = deadline (); before (end) && (c.granted < step ||
           x.rec.grantedInt < step);) {
         rti_evoke_callbacks (c.amb, 0, 0.005, NULL);
         x.amb->evokeMultipleCallbacks (0, 0.005);
      }
      ck_assert_int_eq (c.granted, step);
      ck_assert_int_eq (x.rec.grantedInt, step);
      // what each received before its grant, decoded by the other API
      char want[64];
      std::snprintf (want, sizeof want, "{\"Kind\":\"Square\",\"Side\":%lld}",
         step);
      ck_assert_str_eq (c.lastJson.c_str (), want);
      HLAfixedRecord mr = mixed (false, "", data, 0, 0, 0, L"", 0);
      mr.decode (x.rec.lastParams[mixP]);
      ck_assert_int_eq (static_cast<HLAinteger64LE const &> (
         mr.get (4)).get (), step);
      ck_assert_int_eq (static_cast<HLAopaqueData const &> (
         mr.get (2)).get ()[0], 42);
   }
   ck_assert_int_eq (c.reflects, 5);
   ck_assert_uint_eq (x.rec.count (L"tinteraction"), 5);
   x.amb->resignFederationExecution (CANCEL_THEN_DELETE_THEN_DIVEST);
   rti_resign_federation_execution (c.amb, RTI_RESIGN_NO_ACTION);
   rti_ambassador_free (c.amb);
}
END_TEST

static Suite * suite (void)
{
   Suite * s = suite_create ("cxx_api");
   TCase * tc = tcase_create ("api");
   tcase_add_checked_fixture (tc, setup, teardown);
   tcase_set_timeout (tc, 120);
   tcase_add_test (tc, test_exception_per_error);
   tcase_add_test (tc, test_encoding_tables);
   tcase_add_test (tc, test_encoding_matches_librti);
   tcase_add_test (tc, test_immediate);
   tcase_add_test (tc, test_callback_throws);
   tcase_add_test (tc, test_values_and_times);
   tcase_add_test (tc, test_c_and_cxx_federation);
   suite_add_tcase (s, tc);
   return s;
}

int main (void)
{
   SRunner * sr = srunner_create (suite ());
   srunner_run_all (sr, CK_NORMAL);
   int failed = srunner_ntests_failed (sr);
   srunner_free (sr);
   return failed ? 1 : 0;
}

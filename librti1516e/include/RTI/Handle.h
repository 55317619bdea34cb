// SPDX-License-Identifier: Apache-2.0
// RTI/Handle.h - the handle classes of IEEE 1516.1-2010 clause 12.
//
// Each kind of handle is its own class (a value of one kind never
// converts to another): default-constructed it is invalid; copies compare
// equal; every invalid handle equals every other of its kind.  encode()
// gives bytes another federate turns back into the handle with the
// RTIambassador's decode...Handle service (big-endian: four bytes, eight
// for a MessageRetractionHandle).  A handle is one 64-bit integer: cheap
// to copy, compare and hash.
#ifndef RTI_Handle_h
#define RTI_Handle_h

#include <RTI/SpecificConfig.h>
#include <RTI/Exception.h>
#include <RTI/VariableLengthData.h>
#include <iosfwd>
#include <string>

#define RTI1516E_DECLARE_HANDLE(Kind)                                   \
   class Kind##Friend;                                                  \
   class RTI_EXPORT Kind                                                \
   {                                                                    \
   public:                                                              \
      /* An invalid handle. */                                          \
      Kind () : _value (0) {}                                           \
      bool isValid () const { return _value != 0; }                     \
      bool operator== (Kind const & rhs) const                          \
      { return _value == rhs._value; }                                  \
      bool operator!= (Kind const & rhs) const                          \
      { return _value != rhs._value; }                                  \
      bool operator< (Kind const & rhs) const                           \
      { return _value < rhs._value; }                                   \
      /* Equal handles hash equal. */                                   \
      long hash () const                                                \
      { return static_cast<long> (_value ^ (_value >> 32)); }           \
      VariableLengthData encode () const;                               \
      void encode (VariableLengthData & buffer) const;                  \
      /* Writes encodedLength() bytes; CouldNotEncode when they do   */ \
      /* not fit.  Returns the bytes written.                        */ \
      size_t encode (void * buffer, size_t bufferSize) const;           \
      size_t encodedLength () const;                                    \
      /* "Kind(n)", or "Kind(invalid)". */                              \
      std::wstring toString () const;                                   \
   protected:                                                           \
      friend class Kind##Friend;                                        \
      unsigned long long _value;                                        \
   };                                                                   \
   /* Writes toString(). */                                             \
   RTI_EXPORT std::wostream & operator<< (std::wostream & stream,       \
      Kind const & handle);

namespace rti1516e
{
   RTI1516E_DECLARE_HANDLE(FederateHandle)
   RTI1516E_DECLARE_HANDLE(ObjectClassHandle)
   RTI1516E_DECLARE_HANDLE(InteractionClassHandle)
   RTI1516E_DECLARE_HANDLE(ObjectInstanceHandle)
   RTI1516E_DECLARE_HANDLE(AttributeHandle)
   RTI1516E_DECLARE_HANDLE(ParameterHandle)
   RTI1516E_DECLARE_HANDLE(DimensionHandle)
   RTI1516E_DECLARE_HANDLE(MessageRetractionHandle)
   RTI1516E_DECLARE_HANDLE(RegionHandle)
}

#undef RTI1516E_DECLARE_HANDLE

#endif // RTI_Handle_h

// SPDX-License-Identifier: Apache-2.0
// RTI/encoding/BasicDataElements.h - the basic data elements of IEEE
// 1516.1-2010 clause 12: one class per basic representation and simple
// datatype of the MIM.
//
// Each holds a value of its C++ type, either in its own memory or in the
// caller's (the pointer constructor, setDataPointer: the caller keeps it
// valid; set, decode and assignment of a value then write there).  The
// encodings, boundaries and padding are those of IEEE 1516.2-2010 4.13 and
// librti-encoding(3): HLAinteger*, HLAfloat*, HLAoctetPair* in the byte
// order of their name; HLAoctet, HLAbyte, HLAASCIIchar one octet;
// HLAboolean an HLAinteger32BE 0 or 1; HLAunicodeChar one UTF-16 code
// unit, big-endian; HLAASCIIstring and HLAunicodeString an HLAinteger32BE
// count, then the octets or code units (a wstring converts to and from
// UTF-16, surrogate pairs included).
#ifndef RTI_BasicDataElements_h_
#define RTI_BasicDataElements_h_

#include <RTI/SpecificConfig.h>
#include <RTI/encoding/DataElement.h>
#include <RTI/encoding/EncodingConfig.h>
#include <string>

#if defined(__GNUC__) && __cplusplus < 201703L
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

#define RTI1516E_DECLARE_BASIC(Element, Value)                              \
   class RTI_EXPORT Element : public DataElement                            \
   {                                                                        \
   public:                                                                  \
      /* Own memory, the value zero (empty for strings). */                 \
      Element ();                                                           \
      /* Own memory holding inData. */                                      \
      explicit Element (Value const & inData);                              \
      /* The caller's memory (own memory when inData is null). */           \
      explicit Element (Value * inData);                                    \
      /* Own memory holding rhs's value. */                                 \
      Element (Element const & rhs);                                        \
      virtual ~Element ();                                                  \
      /* Sets this element's value (in the memory it uses). */              \
      Element & operator= (Element const & rhs);                            \
      virtual RTI_UNIQUE_PTR<DataElement> clone () const;                   \
      virtual VariableLengthData encode () const;                           \
      virtual void encode (VariableLengthData & inData) const;              \
      virtual void encodeInto (std::vector<Octet> & buffer) const;          \
      virtual void decode (VariableLengthData const & inData);              \
      virtual size_t decodeFrom (std::vector<Octet> const & buffer,         \
         size_t index);                                                     \
      virtual size_t getEncodedLength () const;                             \
      virtual unsigned int getOctetBoundary () const;                       \
      virtual Integer64 hash () const;                                      \
      /* Use the caller's memory from now on (EncoderException if null). */ \
      virtual void setDataPointer (Value * inData);                         \
      virtual void set (Value inData);                                      \
      virtual Value get () const;                                           \
      Element & operator= (Value rhs);                                      \
      operator Value () const;                                              \
   protected:                                                               \
      Value _value;                                                         \
      Value * _ref;                                                         \
   };

namespace rti1516e
{
   RTI1516E_DECLARE_BASIC(HLAASCIIchar, char)
   RTI1516E_DECLARE_BASIC(HLAASCIIstring, std::string)
   RTI1516E_DECLARE_BASIC(HLAboolean, bool)
   RTI1516E_DECLARE_BASIC(HLAbyte, Octet)
   RTI1516E_DECLARE_BASIC(HLAfloat32BE, float)
   RTI1516E_DECLARE_BASIC(HLAfloat32LE, float)
   RTI1516E_DECLARE_BASIC(HLAfloat64BE, double)
   RTI1516E_DECLARE_BASIC(HLAfloat64LE, double)
   RTI1516E_DECLARE_BASIC(HLAinteger16LE, Integer16)
   RTI1516E_DECLARE_BASIC(HLAinteger16BE, Integer16)
   RTI1516E_DECLARE_BASIC(HLAinteger32BE, Integer32)
   RTI1516E_DECLARE_BASIC(HLAinteger32LE, Integer32)
   RTI1516E_DECLARE_BASIC(HLAinteger64BE, Integer64)
   RTI1516E_DECLARE_BASIC(HLAinteger64LE, Integer64)
   RTI1516E_DECLARE_BASIC(HLAoctet, Octet)
   RTI1516E_DECLARE_BASIC(HLAoctetPairBE, OctetPair)
   RTI1516E_DECLARE_BASIC(HLAoctetPairLE, OctetPair)
   RTI1516E_DECLARE_BASIC(HLAunicodeChar, wchar_t)
   RTI1516E_DECLARE_BASIC(HLAunicodeString, std::wstring)
}

#undef RTI1516E_DECLARE_BASIC

#if defined(__GNUC__) && __cplusplus < 201703L
#pragma GCC diagnostic pop
#endif

#endif // RTI_BasicDataElements_h_

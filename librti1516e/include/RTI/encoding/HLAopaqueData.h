// SPDX-License-Identifier: Apache-2.0
// RTI/encoding/HLAopaqueData.h - the MIM's HLAopaqueData: an
// HLAinteger32BE count, then that many octets; boundary 4.
#ifndef RTI_HLAopaqueData_h_
#define RTI_HLAopaqueData_h_

#include <RTI/SpecificConfig.h>
#include <RTI/encoding/DataElement.h>
#include <RTI/encoding/EncodingConfig.h>

#if defined(__GNUC__) && __cplusplus < 201703L
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

namespace rti1516e
{
   class HLAopaqueDataImplementation;

   class RTI_EXPORT HLAopaqueData : public DataElement
   {
   public:
      HLAopaqueData ();
      // Own memory holding a copy of dataSize octets.
      HLAopaqueData (Octet const * inData, size_t dataSize);
      // The caller's buffer *inData of bufferSize octets, of which
      // dataSize hold data (EncoderException: null, or size 0).  Decoding
      // writes there (and fails when the data do not fit).
      HLAopaqueData (Octet ** inData, size_t bufferSize, size_t dataSize);
      HLAopaqueData (HLAopaqueData const & rhs);
      virtual ~HLAopaqueData ();
      virtual RTI_UNIQUE_PTR<DataElement> clone () const;
      virtual VariableLengthData encode () const;
      virtual void encode (VariableLengthData & inData) const;
      virtual void encodeInto (std::vector<Octet> & buffer) const;
      virtual void decode (VariableLengthData const & inData);
      virtual size_t decodeFrom (std::vector<Octet> const & buffer,
         size_t index);
      virtual size_t getEncodedLength () const;
      virtual unsigned int getOctetBoundary () const;
      virtual size_t bufferLength () const;
      virtual size_t dataLength () const;
      virtual void setDataPointer (Octet ** inData, size_t bufferSize,
         size_t dataSize);
      virtual void set (Octet const * inData, size_t dataSize);
      virtual Octet const * get () const;
      operator Octet const * () const;

   private:
      HLAopaqueData & operator= (HLAopaqueData const & rhs);

   protected:
      HLAopaqueDataImplementation * _impl;
   };
}

#if defined(__GNUC__) && __cplusplus < 201703L
#pragma GCC diagnostic pop
#endif

#endif // RTI_HLAopaqueData_h_

// SPDX-License-Identifier: Apache-2.0
// RTI/encoding/DataElement.h - the interface of every encoding helper
// (IEEE 1516.1-2010 clause 12, the encodings of IEEE 1516.2-2010 4.13).
//
// An element encodes to and decodes from the bytes of an attribute or
// parameter value.  encodeInto appends to a buffer, padding first to the
// element's octet boundary counted from the start of the buffer;
// decodeFrom reads at index (rounded up to that boundary) and returns the
// index after the element.  Failures throw EncoderException.
#ifndef RTI_DataElement_h_
#define RTI_DataElement_h_

#include <RTI/SpecificConfig.h>
#include <RTI/encoding/EncodingConfig.h>
#include <RTI/encoding/EncodingExceptions.h>
#include <RTI/VariableLengthData.h>
#include <memory>
#include <vector>

#if defined(__GNUC__) && __cplusplus < 201703L
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

namespace rti1516e
{
   class RTI_EXPORT DataElement
   {
   public:
      virtual ~DataElement ();

      // A new copy of this element, in its own memory.
      virtual RTI_UNIQUE_PTR<DataElement> clone () const = 0;

      virtual VariableLengthData encode () const = 0;
      virtual void encode (VariableLengthData & inData) const = 0;
      virtual void encodeInto (std::vector<Octet> & buffer) const = 0;

      // decode: the whole of inData is this element.
      virtual void decode (VariableLengthData const & inData) = 0;
      virtual size_t decodeFrom (std::vector<Octet> const & buffer,
         size_t index) = 0;

      // The bytes of the encoding (without padding before it).
      virtual size_t getEncodedLength () const = 0;
      // 1, 2, 4 or 8.
      virtual unsigned int getOctetBoundary () const = 0;

      // The same class of element (and, for arrays and records, the same
      // layout).
      virtual bool isSameTypeAs (DataElement const & inData) const;

      // A hash of the encoding (equal encodings hash equal).
      virtual Integer64 hash () const;
   };
}

#if defined(__GNUC__) && __cplusplus < 201703L
#pragma GCC diagnostic pop
#endif

#endif // RTI_DataElement_h_

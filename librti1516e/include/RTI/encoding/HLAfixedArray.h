// SPDX-License-Identifier: Apache-2.0
// RTI/encoding/HLAfixedArray.h - an array of a fixed number of
// elements of one type (IEEE 1516.2-2010 4.13.9): the elements one after
// the other, each padded to the element type's octet boundary; the
// array's boundary is its element's.
#ifndef RTI_HLAfixedArray_h_
#define RTI_HLAfixedArray_h_

#include <RTI/SpecificConfig.h>
#include <RTI/encoding/DataElement.h>
#include <RTI/encoding/EncodingConfig.h>

#if defined(__GNUC__) && __cplusplus < 201703L
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

namespace rti1516e
{
   class HLAfixedArrayImplementation;

   class RTI_EXPORT HLAfixedArray : public DataElement
   {
   public:
      // length elements, each a clone of protoType until set.
      explicit HLAfixedArray (DataElement const & protoType, size_t length);
      HLAfixedArray (HLAfixedArray const & rhs);
      virtual ~HLAfixedArray ();
      virtual RTI_UNIQUE_PTR<DataElement> clone () const;
      virtual VariableLengthData encode () const;
      virtual void encode (VariableLengthData & inData) const;
      virtual void encodeInto (std::vector<Octet> & buffer) const;
      virtual void decode (VariableLengthData const & inData);
      virtual size_t decodeFrom (std::vector<Octet> const & buffer,
         size_t index);
      virtual size_t getEncodedLength () const;
      virtual unsigned int getOctetBoundary () const;
      virtual bool isSameTypeAs (DataElement const & inData) const;
      virtual bool hasPrototypeSameTypeAs (DataElement const & dataElement)
         const;
      virtual size_t size () const;
      // Copies dataElement's value into element index (the element's
      // memory: the caller's when it was set by pointer).
      virtual void set (size_t index, DataElement const & dataElement);
      // Element index is the caller's dataElement from now on.
      virtual void setElementPointer (size_t index,
         DataElement * dataElement);
      virtual DataElement const & get (size_t index) const;
      DataElement const & operator[] (size_t index) const;

   private:
      HLAfixedArray ();
      HLAfixedArray & operator= (HLAfixedArray const & rhs);

   protected:
      HLAfixedArrayImplementation * _impl;
   };
}

#if defined(__GNUC__) && __cplusplus < 201703L
#pragma GCC diagnostic pop
#endif

#endif // RTI_HLAfixedArray_h_

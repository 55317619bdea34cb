// SPDX-License-Identifier: Apache-2.0
// RTI/encoding/HLAvariableArray.h - an array of a varying number of
// elements of one type (IEEE 1516.2-2010 4.13.9): an HLAinteger32BE count,
// then the elements, each padded to the element type's octet boundary;
// the array's boundary is the larger of 4 and its element's.
#ifndef RTI_HLAvariableArray_h_
#define RTI_HLAvariableArray_h_

#include <RTI/SpecificConfig.h>
#include <RTI/encoding/DataElement.h>
#include <RTI/encoding/EncodingConfig.h>

#if defined(__GNUC__) && __cplusplus < 201703L
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

namespace rti1516e
{
   class HLAvariableArrayImplementation;

   class RTI_EXPORT HLAvariableArray : public DataElement
   {
   public:
      // An empty array of elements of prototype's type.
      explicit HLAvariableArray (DataElement const & prototype);
      HLAvariableArray (HLAvariableArray const & rhs);
      virtual ~HLAvariableArray ();
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
      virtual size_t size () const;
      virtual bool hasPrototypeSameTypeAs (DataElement const & dataElement)
         const;
      // Appends a copy of dataElement / the caller's dataElement.
      virtual void addElement (DataElement const & dataElement);
      virtual void addElementPointer (DataElement * dataElement);
      virtual void set (size_t index, DataElement const & dataElement);
      virtual void setElementPointer (size_t index,
         DataElement * dataElement);
      virtual DataElement const & get (size_t index) const;
      DataElement const & operator[] (size_t index) const;

   private:
      HLAvariableArray ();
      HLAvariableArray & operator= (HLAvariableArray const & rhs);

   protected:
      HLAvariableArrayImplementation * _impl;
   };
}

#if defined(__GNUC__) && __cplusplus < 201703L
#pragma GCC diagnostic pop
#endif

#endif // RTI_HLAvariableArray_h_

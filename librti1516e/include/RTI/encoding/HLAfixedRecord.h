// SPDX-License-Identifier: Apache-2.0
// RTI/encoding/HLAfixedRecord.h - a record of fields of given types
// (IEEE 1516.2-2010 4.13.10): the fields in order, each padded to its own
// octet boundary; the record's boundary is its largest field's.
#ifndef RTI_HLAfixedRecord_h_
#define RTI_HLAfixedRecord_h_

#include <RTI/SpecificConfig.h>
#include <RTI/encoding/DataElement.h>
#include <RTI/encoding/EncodingConfig.h>

#if defined(__GNUC__) && __cplusplus < 201703L
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

namespace rti1516e
{
   class HLAfixedRecordImplementation;

   class RTI_EXPORT HLAfixedRecord : public DataElement
   {
   public:
      // A record of no fields: appendElement adds them.
      HLAfixedRecord ();
      HLAfixedRecord (HLAfixedRecord const & rhs);
      virtual ~HLAfixedRecord ();
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
      virtual bool hasElementSameTypeAs (size_t index,
         DataElement const & inData) const;
      virtual size_t size () const;
      // Appends a copy of dataElement / the caller's dataElement.
      virtual void appendElement (DataElement const & dataElement);
      virtual void appendElementPointer (DataElement * dataElement);
      virtual void set (size_t index, DataElement const & dataElement);
      virtual void setElementPointer (size_t index,
         DataElement * dataElement);
      virtual DataElement const & get (size_t index) const;
      DataElement const & operator[] (size_t index) const;

   private:
      HLAfixedRecord & operator= (HLAfixedRecord const & rhs);

   protected:
      HLAfixedRecordImplementation * _impl;
   };
}

#if defined(__GNUC__) && __cplusplus < 201703L
#pragma GCC diagnostic pop
#endif

#endif // RTI_HLAfixedRecord_h_

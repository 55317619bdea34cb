// SPDX-License-Identifier: Apache-2.0
// RTI/encoding/HLAvariantRecord.h - a discriminant and the value of the
// alternative it selects (IEEE 1516.2-2010 4.13.11): the discriminant,
// then the alternative padded to its boundary (nothing when the
// discriminant selects no value); the record's boundary is the largest of
// the discriminant's and the alternatives'.
#ifndef RTI_HLAvariantRecord_h_
#define RTI_HLAvariantRecord_h_

#include <RTI/SpecificConfig.h>
#include <RTI/encoding/DataElement.h>
#include <RTI/encoding/EncodingConfig.h>

#if defined(__GNUC__) && __cplusplus < 201703L
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

namespace rti1516e
{
   class HLAvariantRecordImplementation;

   class RTI_EXPORT HLAvariantRecord : public DataElement
   {
   public:
      // A record whose discriminants are of discriminantPrototype's type.
      explicit HLAvariantRecord (DataElement const & discriminantPrototype);
      HLAvariantRecord (HLAvariantRecord const & rhs);
      virtual ~HLAvariantRecord ();
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
      // inData is the type of the alternative discriminant selects.
      virtual bool isSameTypeAs (DataElement const & discriminant,
         DataElement const & inData) const;
      virtual bool hasMatchingDiscriminantTypeAs (
         DataElement const & dataElement) const;
      // Maps discriminant (by its encoding) to a copy of valuePrototype /
      // to the caller's valuePtr, and selects it.
      virtual void addVariant (DataElement const & discriminant,
         DataElement const & valuePrototype);
      virtual void addVariantPointer (DataElement const & discriminant,
         DataElement * valuePtr);
      // Selects the alternative of discriminant (one with no value when
      // none was added for it).
      virtual void setDiscriminant (DataElement const & discriminant);
      virtual void setVariant (DataElement const & discriminant,
         DataElement const & value);
      virtual void setVariantPointer (DataElement const & discriminant,
         DataElement * valuePtr);
      virtual DataElement const & getDiscriminant () const;
      // EncoderException when the discriminant selects no value.
      virtual DataElement const & getVariant () const;

   private:
      HLAvariantRecord ();
      HLAvariantRecord & operator= (HLAvariantRecord const & rhs);

   protected:
      HLAvariantRecordImplementation * _impl;
   };
}

#if defined(__GNUC__) && __cplusplus < 201703L
#pragma GCC diagnostic pop
#endif

#endif // RTI_HLAvariantRecord_h_

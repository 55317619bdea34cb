// SPDX-License-Identifier: Apache-2.0
// RTI/encoding/HLAhandle.h - the MIM's HLAhandle (the datatype of the
// MOM's handle values): an HLAinteger32BE count, then a handle's encode()
// bytes; boundary 4.  Holds a handle of any kind; the get...Handle
// functions read the bytes as that kind (EncoderException when they are
// not of its length).
#ifndef RTI_HLAhandle_h_
#define RTI_HLAhandle_h_

#include <RTI/SpecificConfig.h>
#include <RTI/Handle.h>
#include <RTI/encoding/DataElement.h>
#include <RTI/encoding/EncodingConfig.h>

#if defined(__GNUC__) && __cplusplus < 201703L
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

namespace rti1516e
{
   class RTI_EXPORT HLAhandle : public DataElement
   {
   public:
      // An invalid handle (no octets).
      HLAhandle ();
      HLAhandle (HLAhandle const & rhs);
      explicit HLAhandle (FederateHandle const & handle);
      explicit HLAhandle (ObjectClassHandle const & handle);
      explicit HLAhandle (InteractionClassHandle const & handle);
      explicit HLAhandle (ObjectInstanceHandle const & handle);
      explicit HLAhandle (AttributeHandle const & handle);
      explicit HLAhandle (ParameterHandle const & handle);
      explicit HLAhandle (DimensionHandle const & handle);
      explicit HLAhandle (MessageRetractionHandle const & handle);
      explicit HLAhandle (RegionHandle const & handle);
      virtual ~HLAhandle ();
      HLAhandle & operator= (HLAhandle const & rhs);

      virtual RTI_UNIQUE_PTR<DataElement> clone () const;
      virtual VariableLengthData encode () const;
      virtual void encode (VariableLengthData & inData) const;
      virtual void encodeInto (std::vector<Octet> & buffer) const;
      virtual void decode (VariableLengthData const & inData);
      virtual size_t decodeFrom (std::vector<Octet> const & buffer,
         size_t index);
      virtual size_t getEncodedLength () const;
      virtual unsigned int getOctetBoundary () const;

      void set (FederateHandle const & handle);
      void set (ObjectClassHandle const & handle);
      void set (InteractionClassHandle const & handle);
      void set (ObjectInstanceHandle const & handle);
      void set (AttributeHandle const & handle);
      void set (ParameterHandle const & handle);
      void set (DimensionHandle const & handle);
      void set (MessageRetractionHandle const & handle);
      void set (RegionHandle const & handle);

      FederateHandle getFederateHandle () const;
      ObjectClassHandle getObjectClassHandle () const;
      InteractionClassHandle getInteractionClassHandle () const;
      ObjectInstanceHandle getObjectInstanceHandle () const;
      AttributeHandle getAttributeHandle () const;
      ParameterHandle getParameterHandle () const;
      DimensionHandle getDimensionHandle () const;
      MessageRetractionHandle getMessageRetractionHandle () const;
      RegionHandle getRegionHandle () const;

   private:
      unsigned long long _value;
      unsigned int _length;   // octets of the handle: 0, 4 or 8
   };
}

#if defined(__GNUC__) && __cplusplus < 201703L
#pragma GCC diagnostic pop
#endif

#endif // RTI_HLAhandle_h_

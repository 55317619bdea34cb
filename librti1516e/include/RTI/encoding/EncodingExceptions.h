// SPDX-License-Identifier: Apache-2.0
// RTI/encoding/EncodingExceptions.h - the exception of the encoding
// helpers: a value that does not encode, bytes that do not decode, an
// element of the wrong type, an index out of range.
#ifndef RTI_EncodingExceptions_h_
#define RTI_EncodingExceptions_h_

#include <RTI/SpecificConfig.h>
#include <RTI/Exception.h>
#include <RTI/encoding/EncodingConfig.h>

namespace rti1516e
{
   class RTI_EXPORT EncoderException : public Exception
   {
   public:
      EncoderException (std::wstring const & message) RTI_NOEXCEPT;
      virtual std::wstring what () const RTI_NOEXCEPT;

   private:
      std::wstring _msg;
   };
}

#endif // RTI_EncodingExceptions_h_

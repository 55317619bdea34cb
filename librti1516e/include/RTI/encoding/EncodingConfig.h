// SPDX-License-Identifier: Apache-2.0
// RTI/encoding/EncodingConfig.h - the integer types of the encoding
// helpers (IEEE 1516.1-2010 clause 12).
#ifndef RTI_EncodingConfig_h_
#define RTI_EncodingConfig_h_

#include <utility>
#include <vector>

namespace rti1516e
{
   typedef char Integer8;
   typedef short Integer16;
   typedef int Integer32;
   typedef long long Integer64;

   typedef Integer8 Octet;
   typedef std::pair<Octet, Octet> OctetPair;
}

#endif // RTI_EncodingConfig_h_

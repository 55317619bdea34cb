// SPDX-License-Identifier: Apache-2.0
// RTI/RTI1516.h - the whole IEEE 1516.1-2010 C++ API in one include.
#ifndef RTI_1516_h
#define RTI_1516_h

// The version of the API these headers implement.
#define HLA_SPECIFICATION_NAME "1516"
#define HLA_API_MAJOR_VERSION 2
#define HLA_API_MINOR_VERSION 0

#include <RTI/SpecificConfig.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <RTI/Enums.h>
#include <RTI/Exception.h>
#include <RTI/Handle.h>
#include <RTI/RangeBounds.h>
#include <RTI/Typedefs.h>
#include <RTI/VariableLengthData.h>

#include <RTI/LogicalTime.h>
#include <RTI/LogicalTimeFactory.h>
#include <RTI/LogicalTimeInterval.h>

namespace rti1516e
{
   // The RTI's name ("rti") and version ("0.1.0").
   RTI_EXPORT std::wstring rtiName ();
   RTI_EXPORT std::wstring rtiVersion ();
}

#include <RTI/FederateAmbassador.h>
#include <RTI/RTIambassador.h>
#include <RTI/RTIambassadorFactory.h>

#endif // RTI_1516_h

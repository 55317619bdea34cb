// SPDX-License-Identifier: Apache-2.0
// fedtime.cpp - libfedtime1516e: the entry point of a federation's time
// library (IEEE 1516.1-2010 12), here forwarding to the RTI's factories of
// the standard time types.  A federation may build its own instead.
#include <RTI/LogicalTimeFactory.h>

namespace rti1516e
{
   LogicalTimeFactory * LogicalTimeFactoryFactory::newLogicalTimeFactory (
      std::wstring const & name)
   {
      return HLAlogicalTimeFactoryFactory::makeLogicalTimeFactory (name)
         .release ();
   }
}

// SPDX-License-Identifier: Apache-2.0
// RTI/RTIambassadorFactory.h - makes RTIambassadors (IEEE 1516.1-2010
// clause 12).
//
// createRTIambassador returns std::auto_ptr before C++17 and
// std::unique_ptr from C++17 (RTI_UNIQUE_PTR): it is an inline function
// over one exported function returning a plain pointer, so that programs
// built at any language level use the same library.
#ifndef RTI_RTIambassadorFactory_h
#define RTI_RTIambassadorFactory_h

#include <RTI/SpecificConfig.h>
#include <RTI/Exception.h>
#include <RTI/RTIambassador.h>
#include <memory>
#include <string>
#include <vector>

#if defined(__GNUC__) && __cplusplus < 201703L
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

namespace rti1516e
{
   class RTI_EXPORT RTIambassadorFactory
   {
   public:
      RTIambassadorFactory ();
      virtual ~RTIambassadorFactory () RTI_NOEXCEPT;

      // A new RTIambassador, not connected (RTIinternalError when none
      // can be made).
      RTI_UNIQUE_PTR<RTIambassador> createRTIambassador ()
      {
         return RTI_UNIQUE_PTR<RTIambassador> (newRTIambassador ());
      }

   private:
      static RTIambassador * newRTIambassador ();
   };
}

#if defined(__GNUC__) && __cplusplus < 201703L
#pragma GCC diagnostic pop
#endif

#endif // RTI_RTIambassadorFactory_h

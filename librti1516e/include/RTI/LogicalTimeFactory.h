// SPDX-License-Identifier: Apache-2.0
// RTI/LogicalTimeFactory.h - factories of logical times and intervals
// (IEEE 1516.1-2010 clause 12).
//
// HLAlogicalTimeFactoryFactory (librti1516e) makes the factories of the
// standard time types, HLAfloat64Time and HLAinteger64Time (RTI/time/).
// LogicalTimeFactoryFactory is the entry point of a federation's time
// library (libfedtime1516e); rti's forwards to HLAlogicalTimeFactoryFactory.
// Both return a null pointer for a name they do not know; "" is
// HLAfloat64Time.
#ifndef RTI_LogicalTimeFactory_h
#define RTI_LogicalTimeFactory_h

#include <RTI/SpecificConfig.h>
#include <RTI/Exception.h>
#include <RTI/LogicalTime.h>
#include <RTI/LogicalTimeInterval.h>
#include <memory>
#include <string>

#if defined(__GNUC__) && __cplusplus < 201703L
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

namespace rti1516e
{
   class VariableLengthData;

   class RTI_EXPORT LogicalTimeFactory
   {
   public:
      virtual ~LogicalTimeFactory () RTI_NOEXCEPT;

      virtual RTI_UNIQUE_PTR<LogicalTime> makeInitial () = 0;
      virtual RTI_UNIQUE_PTR<LogicalTime> makeFinal () = 0;
      virtual RTI_UNIQUE_PTR<LogicalTimeInterval> makeZero () = 0;
      virtual RTI_UNIQUE_PTR<LogicalTimeInterval> makeEpsilon () = 0;

      // CouldNotDecode when the bytes are not a time of this factory.
      virtual RTI_UNIQUE_PTR<LogicalTime> decodeLogicalTime (
         VariableLengthData const & encodedLogicalTime) = 0;
      virtual RTI_UNIQUE_PTR<LogicalTime> decodeLogicalTime (
         void * buffer, size_t bufferSize) = 0;
      virtual RTI_UNIQUE_PTR<LogicalTimeInterval> decodeLogicalTimeInterval (
         VariableLengthData const & encodedValue) = 0;
      virtual RTI_UNIQUE_PTR<LogicalTimeInterval> decodeLogicalTimeInterval (
         void * buffer, size_t bufferSize) = 0;

      // The implementation name ("HLAfloat64Time", ...).
      virtual std::wstring getName () const = 0;
   };

   class RTI_EXPORT HLAlogicalTimeFactoryFactory
   {
   public:
      static RTI_UNIQUE_PTR<LogicalTimeFactory> makeLogicalTimeFactory (
         std::wstring const & implementationName)
      {
         return RTI_UNIQUE_PTR<LogicalTimeFactory> (
            newLogicalTimeFactory (implementationName));
      }
   private:
      static LogicalTimeFactory * newLogicalTimeFactory (
         std::wstring const & implementationName);
   };

   class RTI_EXPORT_FEDTIME LogicalTimeFactoryFactory
   {
   public:
      static RTI_UNIQUE_PTR<LogicalTimeFactory> makeLogicalTimeFactory (
         std::wstring const & implementationName)
      {
         return RTI_UNIQUE_PTR<LogicalTimeFactory> (
            newLogicalTimeFactory (implementationName));
      }
   private:
      static LogicalTimeFactory * newLogicalTimeFactory (
         std::wstring const & implementationName);
   };
}

#if defined(__GNUC__) && __cplusplus < 201703L
#pragma GCC diagnostic pop
#endif

#endif // RTI_LogicalTimeFactory_h

// SPDX-License-Identifier: Apache-2.0
// RTI/time/HLAfloat64TimeFactory.h - the factory of HLAfloat64Time and
// HLAfloat64Interval.
#ifndef RTI_HLAfloat64TimeFactory_H_
#define RTI_HLAfloat64TimeFactory_H_

#include <RTI/LogicalTimeFactory.h>
#include <RTI/encoding/EncodingConfig.h>
#include <RTI/time/HLAfloat64Time.h>
#include <RTI/time/HLAfloat64Interval.h>

#if defined(__GNUC__) && __cplusplus < 201703L
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

namespace rti1516e
{
   const std::wstring HLAfloat64TimeName (L"HLAfloat64Time");

   class RTI_EXPORT HLAfloat64TimeFactory : public LogicalTimeFactory
   {
   public:
      HLAfloat64TimeFactory ();
      virtual ~HLAfloat64TimeFactory () RTI_NOEXCEPT;

      virtual RTI_UNIQUE_PTR<HLAfloat64Time> makeLogicalTime (double value);
      virtual RTI_UNIQUE_PTR<HLAfloat64Interval> makeLogicalTimeInterval (
         double value);

      virtual RTI_UNIQUE_PTR<LogicalTime> makeInitial ();
      virtual RTI_UNIQUE_PTR<LogicalTime> makeFinal ();
      virtual RTI_UNIQUE_PTR<LogicalTimeInterval> makeZero ();
      virtual RTI_UNIQUE_PTR<LogicalTimeInterval> makeEpsilon ();
      virtual RTI_UNIQUE_PTR<LogicalTime> decodeLogicalTime (
         VariableLengthData const & encodedLogicalTime);
      virtual RTI_UNIQUE_PTR<LogicalTime> decodeLogicalTime (
         void * buffer, size_t bufferSize);
      virtual RTI_UNIQUE_PTR<LogicalTimeInterval> decodeLogicalTimeInterval (
         VariableLengthData const & encodedValue);
      virtual RTI_UNIQUE_PTR<LogicalTimeInterval> decodeLogicalTimeInterval (
         void * buffer, size_t bufferSize);

      virtual std::wstring getName () const;
   };
}

#if defined(__GNUC__) && __cplusplus < 201703L
#pragma GCC diagnostic pop
#endif

#endif // RTI_HLAfloat64TimeFactory_H_

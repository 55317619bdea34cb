// SPDX-License-Identifier: Apache-2.0
// RTI/time/HLAinteger64TimeFactory.h - the factory of HLAinteger64Time and
// HLAinteger64Interval.
#ifndef RTI_HLAinteger64TimeFactory_H_
#define RTI_HLAinteger64TimeFactory_H_

#include <RTI/LogicalTimeFactory.h>
#include <RTI/encoding/EncodingConfig.h>
#include <RTI/time/HLAinteger64Time.h>
#include <RTI/time/HLAinteger64Interval.h>

#if defined(__GNUC__) && __cplusplus < 201703L
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

namespace rti1516e
{
   const std::wstring HLAinteger64TimeName (L"HLAinteger64Time");

   class RTI_EXPORT HLAinteger64TimeFactory : public LogicalTimeFactory
   {
   public:
      HLAinteger64TimeFactory ();
      virtual ~HLAinteger64TimeFactory () RTI_NOEXCEPT;

      virtual RTI_UNIQUE_PTR<HLAinteger64Time> makeLogicalTime (Integer64 value);
      virtual RTI_UNIQUE_PTR<HLAinteger64Interval> makeLogicalTimeInterval (
         Integer64 value);

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

#endif // RTI_HLAinteger64TimeFactory_H_

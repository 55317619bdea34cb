// SPDX-License-Identifier: Apache-2.0
// RTI/LogicalTime.h - the abstract logical time of IEEE 1516.1-2010
// clause 12.  rti's federations use HLAfloat64Time or HLAinteger64Time
// (RTI/time/).
#ifndef RTI_LogicalTime_h
#define RTI_LogicalTime_h

#include <RTI/SpecificConfig.h>
#include <RTI/Exception.h>
#include <RTI/VariableLengthData.h>
#include <iosfwd>
#include <string>

namespace rti1516e
{
   class LogicalTimeInterval;

   class RTI_EXPORT LogicalTime
   {
   public:
      virtual ~LogicalTime () RTI_NOEXCEPT;

      virtual void setInitial () = 0;
      virtual bool isInitial () const = 0;
      virtual void setFinal () = 0;
      virtual bool isFinal () const = 0;

      // A time of another implementation is InvalidLogicalTime, an
      // interval of another one InvalidLogicalTimeInterval.
      virtual LogicalTime & operator= (LogicalTime const & value) = 0;
      virtual LogicalTime & operator+= (LogicalTimeInterval const & addend)
         = 0;
      virtual LogicalTime & operator-= (
         LogicalTimeInterval const & subtrahend) = 0;
      virtual bool operator> (LogicalTime const & value) const = 0;
      virtual bool operator< (LogicalTime const & value) const = 0;
      virtual bool operator== (LogicalTime const & value) const = 0;
      virtual bool operator>= (LogicalTime const & value) const = 0;
      virtual bool operator<= (LogicalTime const & value) const = 0;

      // The encoding another federate decodes (LogicalTimeFactory).
      virtual VariableLengthData encode () const = 0;
      virtual size_t encode (void * buffer, size_t bufferSize) const = 0;
      virtual size_t encodedLength () const = 0;
      virtual void decode (VariableLengthData const & encodedLogicalTime)
         = 0;
      virtual void decode (void * buffer, size_t bufferSize) = 0;

      virtual std::wstring toString () const = 0;
      // "HLAfloat64Time", "HLAinteger64Time", ...
      virtual std::wstring implementationName () const = 0;
   };

   // Writes toString().
   RTI_EXPORT std::wostream & operator<< (std::wostream & stream,
      LogicalTime const & time);
}

#endif // RTI_LogicalTime_h

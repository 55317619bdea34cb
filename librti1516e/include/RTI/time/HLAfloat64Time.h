// SPDX-License-Identifier: Apache-2.0
// RTI/time/HLAfloat64Time.h - the standard logical time HLAfloat64Time: an IEEE 754 double,
// encoded as HLAfloat64BE.  Its initial value is 0, its final value the
// largest one.
#ifndef RTI_HLAfloat64Time_H_
#define RTI_HLAfloat64Time_H_

#include <RTI/LogicalTime.h>
#include <RTI/time/HLAfloat64Interval.h>

namespace rti1516e
{
   class RTI_EXPORT HLAfloat64Time : public LogicalTime
   {
   public:
      HLAfloat64Time ();
      HLAfloat64Time (double const & value);
      HLAfloat64Time (LogicalTime const & value);
      HLAfloat64Time (HLAfloat64Time const & value);
      virtual ~HLAfloat64Time () RTI_NOEXCEPT;

      virtual void setInitial ();
      virtual bool isInitial () const;
      virtual void setFinal ();
      virtual bool isFinal () const;

      virtual LogicalTime & operator= (LogicalTime const & value);
      virtual LogicalTime & operator+= (LogicalTimeInterval const & addend);
      virtual LogicalTime & operator-= (
         LogicalTimeInterval const & subtrahend);
      virtual bool operator> (LogicalTime const & value) const;
      virtual bool operator< (LogicalTime const & value) const;
      virtual bool operator== (LogicalTime const & value) const;
      virtual bool operator>= (LogicalTime const & value) const;
      virtual bool operator<= (LogicalTime const & value) const;

      virtual VariableLengthData encode () const;
      virtual size_t encode (void * buffer, size_t bufferSize) const;
      virtual size_t encodedLength () const;
      virtual void decode (VariableLengthData const & encodedLogicalTime);
      virtual void decode (void * buffer, size_t bufferSize);

      virtual std::wstring toString () const;
      virtual std::wstring implementationName () const;

      virtual double getTime () const;
      virtual void setTime (double value);
      virtual HLAfloat64Time & operator= (HLAfloat64Time const & value);
      operator double () const;

   private:
      friend class HLAfloat64Interval;
      double _time;
   };
}

#endif // RTI_HLAfloat64Time_H_

// SPDX-License-Identifier: Apache-2.0
// RTI/time/HLAinteger64Time.h - the standard logical time HLAinteger64Time: a 64-bit integer,
// encoded as HLAinteger64BE.  Its initial value is 0, its final value the
// largest one.
#ifndef RTI_HLAinteger64Time_H_
#define RTI_HLAinteger64Time_H_

#include <RTI/LogicalTime.h>
#include <RTI/time/HLAinteger64Interval.h>

namespace rti1516e
{
   class RTI_EXPORT HLAinteger64Time : public LogicalTime
   {
   public:
      HLAinteger64Time ();
      HLAinteger64Time (Integer64 const & value);
      HLAinteger64Time (LogicalTime const & value);
      HLAinteger64Time (HLAinteger64Time const & value);
      virtual ~HLAinteger64Time () RTI_NOEXCEPT;

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

      virtual Integer64 getTime () const;
      virtual void setTime (Integer64 value);
      virtual HLAinteger64Time & operator= (HLAinteger64Time const & value);
      operator Integer64 () const;

   private:
      friend class HLAinteger64Interval;
      Integer64 _time;
   };
}

#endif // RTI_HLAinteger64Time_H_

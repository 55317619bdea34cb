// SPDX-License-Identifier: Apache-2.0
// time.cpp - the standard logical times of IEEE 1516.1-2010 clause 12:
// HLAfloat64Time (a double; final +infinity, epsilon the next double up)
// and HLAinteger64Time (an int64; final INT64_MAX, epsilon 1; sums past
// it are final), their
// intervals and factories, HLAlogicalTimeFactoryFactory, and the
// abstract bases.  Encodings: HLAfloat64BE and HLAinteger64BE.
#include <RTI/LogicalTime.h>
#include <RTI/LogicalTimeFactory.h>
#include <RTI/LogicalTimeInterval.h>
#include <RTI/time/HLAfloat64TimeFactory.h>
#include <RTI/time/HLAinteger64TimeFactory.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <ostream>
#include <sstream>

#include "handles-int.h"

using rti1516e_impl::get_be;
using rti1516e_impl::put_be;

namespace rti1516e
{
   LogicalTime::~LogicalTime () RTI_NOEXCEPT {}
   LogicalTimeInterval::~LogicalTimeInterval () RTI_NOEXCEPT {}
   LogicalTimeFactory::~LogicalTimeFactory () RTI_NOEXCEPT {}

   std::wostream & operator<< (std::wostream & stream, LogicalTime const & t)
   {
      return stream << t.toString ();
   }

   std::wostream & operator<< (std::wostream & stream,
      LogicalTimeInterval const & i)
   {
      return stream << i.toString ();
   }
}

namespace
{
   using namespace rti1516e;

   double const F_FINAL = std::numeric_limits<double>::infinity ();
   double const F_EPSILON = std::numeric_limits<double>::denorm_min ();
   Integer64 const I_FINAL = std::numeric_limits<Integer64>::max ();

   unsigned long long dbits (double d)
   {
      unsigned long long u;
      std::memcpy (&u, &d, 8);
      return u;
   }

   double bitsd (unsigned long long u)
   {
      double d;
      std::memcpy (&d, &u, 8);
      return d;
   }

   // 8 big-endian bytes of v into buffer, or CouldNotEncode.
   size_t put8 (void * buffer, size_t size, unsigned long long v)
   {
      if (!buffer || size < 8)
         throw CouldNotEncode (L"a logical time needs 8 bytes");
      put_be (static_cast<unsigned char *> (buffer), v, 8);
      return 8;
   }

   unsigned long long get8 (void const * buffer, size_t size)
   {
      if (!buffer || size != 8)
         throw CouldNotDecode (L"a logical time is 8 bytes");
      return get_be (static_cast<unsigned char const *> (buffer), 8);
   }

   std::wstring fstr (double v)
   {
      std::wostringstream s;
      s.precision (17);
      s << v;
      return s.str ();
   }

   double fval (LogicalTime const & t)
   {
      HLAfloat64Time const * p = dynamic_cast<HLAfloat64Time const *> (&t);
      if (!p)
         throw InvalidLogicalTime (L"not an HLAfloat64Time: " +
            t.implementationName ());
      return p->getTime ();
   }

   double fval (LogicalTimeInterval const & i)
   {
      HLAfloat64Interval const * p =
         dynamic_cast<HLAfloat64Interval const *> (&i);
      if (!p)
         throw InvalidLogicalTimeInterval (
            L"not an HLAfloat64Interval: " + i.implementationName ());
      return p->getInterval ();
   }

   Integer64 ival (LogicalTime const & t)
   {
      HLAinteger64Time const * p =
         dynamic_cast<HLAinteger64Time const *> (&t);
      if (!p)
         throw InvalidLogicalTime (L"not an HLAinteger64Time: " +
            t.implementationName ());
      return p->getTime ();
   }

   Integer64 ival (LogicalTimeInterval const & i)
   {
      HLAinteger64Interval const * p =
         dynamic_cast<HLAinteger64Interval const *> (&i);
      if (!p)
         throw InvalidLogicalTimeInterval (
            L"not an HLAinteger64Interval: " + i.implementationName ());
      return p->getInterval ();
   }

   // a + b for times: IllegalTimeArithmetic below 0; a sum past the
   // greatest time is the final time (as +infinity is for doubles), and
   // the final time stays final.
   Integer64 iadd (Integer64 a, Integer64 b)
   {
      if (a == I_FINAL || (b > 0 && a > I_FINAL - b))
         return I_FINAL;
      if (a + b < 0)
         throw IllegalTimeArithmetic (L"HLAinteger64Time out of range");
      return a + b;
   }

   // a + b for float times, IEEE 1516.1's rule that T + I > T (T - I < T)
   // for every I > 0: a sum the double rounds back to `a` is the next
   // double up (down).
   double fadd (double a, double b, bool epsilon)
   {
      double r;

      if (a == F_FINAL)
         return a;
      r = epsilon ? std::nextafter (a, F_FINAL) : a + b;
      if (b > 0 && r == a)
         r = std::nextafter (a, F_FINAL);
      else if (b < 0 && r == a)
         r = std::nextafter (a, -F_FINAL);
      if (!(r >= 0))
         throw IllegalTimeArithmetic (L"HLAfloat64Time out of range");
      return r;
   }

   // a + b for integer intervals, held to [-INT64_MAX, INT64_MAX].
   Integer64 iiadd (Integer64 a, Integer64 b)
   {
      if (b > 0 && a > I_FINAL - b)
         return I_FINAL;
      if (b < 0 && a < -I_FINAL - b)
         return -I_FINAL;
      return a + b;
   }
}

namespace rti1516e
{
   // ---- HLAfloat64Interval ----

   HLAfloat64Interval::HLAfloat64Interval () : _interval (0) {}
   HLAfloat64Interval::HLAfloat64Interval (double value) : _interval (value)
   {}
   HLAfloat64Interval::HLAfloat64Interval (LogicalTimeInterval const & v)
      : _interval (fval (v)) {}
   HLAfloat64Interval::HLAfloat64Interval (HLAfloat64Interval const & v)
      : LogicalTimeInterval (), _interval (v._interval) {}
   HLAfloat64Interval::~HLAfloat64Interval () RTI_NOEXCEPT {}
   void HLAfloat64Interval::setZero () { _interval = 0; }
   bool HLAfloat64Interval::isZero () const { return _interval == 0; }
   void HLAfloat64Interval::setEpsilon () { _interval = F_EPSILON; }
   bool HLAfloat64Interval::isEpsilon () const
   {
      return _interval == F_EPSILON;
   }
   LogicalTimeInterval & HLAfloat64Interval::operator= (
      LogicalTimeInterval const & v)
   {
      _interval = fval (v);
      return *this;
   }
   HLAfloat64Interval & HLAfloat64Interval::operator= (
      HLAfloat64Interval const & v)
   {
      _interval = v._interval;
      return *this;
   }
   LogicalTimeInterval & HLAfloat64Interval::operator+= (
      LogicalTimeInterval const & v)
   {
      _interval += fval (v);
      return *this;
   }
   LogicalTimeInterval & HLAfloat64Interval::operator-= (
      LogicalTimeInterval const & v)
   {
      _interval -= fval (v);
      return *this;
   }
   bool HLAfloat64Interval::operator> (LogicalTimeInterval const & v) const
   { return _interval > fval (v); }
   bool HLAfloat64Interval::operator< (LogicalTimeInterval const & v) const
   { return _interval < fval (v); }
   bool HLAfloat64Interval::operator== (LogicalTimeInterval const & v) const
   { return _interval == fval (v); }
   bool HLAfloat64Interval::operator>= (LogicalTimeInterval const & v) const
   { return _interval >= fval (v); }
   bool HLAfloat64Interval::operator<= (LogicalTimeInterval const & v) const
   { return _interval <= fval (v); }
   void HLAfloat64Interval::setToDifference (LogicalTime const & minuend,
      LogicalTime const & subtrahend)
   {
      _interval = fval (minuend) - fval (subtrahend);
   }
   VariableLengthData HLAfloat64Interval::encode () const
   {
      unsigned char b[8];
      put_be (b, dbits (_interval), 8);
      return VariableLengthData (b, 8);
   }
   size_t HLAfloat64Interval::encode (void * buffer, size_t size) const
   {
      return put8 (buffer, size, dbits (_interval));
   }
   size_t HLAfloat64Interval::encodedLength () const { return 8; }
   void HLAfloat64Interval::decode (VariableLengthData const & v)
   {
      _interval = bitsd (get8 (v.data (), v.size ()));
   }
   void HLAfloat64Interval::decode (void * buffer, size_t size)
   {
      _interval = bitsd (get8 (buffer, size));
   }
   std::wstring HLAfloat64Interval::toString () const
   {
      return fstr (_interval);
   }
   std::wstring HLAfloat64Interval::implementationName () const
   {
      return L"HLAfloat64Time";
   }
   double HLAfloat64Interval::getInterval () const { return _interval; }
   void HLAfloat64Interval::setInterval (double v) { _interval = v; }
   HLAfloat64Interval::operator double () const { return _interval; }

   // ---- HLAfloat64Time ----

   HLAfloat64Time::HLAfloat64Time () : _time (0) {}
   HLAfloat64Time::HLAfloat64Time (double const & value) : _time (value) {}
   HLAfloat64Time::HLAfloat64Time (LogicalTime const & v) : _time (fval (v))
   {}
   HLAfloat64Time::HLAfloat64Time (HLAfloat64Time const & v)
      : LogicalTime (), _time (v._time) {}
   HLAfloat64Time::~HLAfloat64Time () RTI_NOEXCEPT {}
   void HLAfloat64Time::setInitial () { _time = 0; }
   bool HLAfloat64Time::isInitial () const { return _time == 0; }
   void HLAfloat64Time::setFinal () { _time = F_FINAL; }
   bool HLAfloat64Time::isFinal () const { return _time == F_FINAL; }
   LogicalTime & HLAfloat64Time::operator= (LogicalTime const & v)
   {
      _time = fval (v);
      return *this;
   }
   HLAfloat64Time & HLAfloat64Time::operator= (HLAfloat64Time const & v)
   {
      _time = v._time;
      return *this;
   }
   LogicalTime & HLAfloat64Time::operator+= (LogicalTimeInterval const & v)
   {
      _time = fadd (_time, fval (v), v.isEpsilon ());
      return *this;
   }
   LogicalTime & HLAfloat64Time::operator-= (LogicalTimeInterval const & v)
   {
      double d = fval (v);

      if (_time == F_FINAL)
         return *this;
      if (!v.isEpsilon ()) {
         _time = fadd (_time, -d, false);
         return *this;
      }
      if (!(std::nextafter (_time, -F_FINAL) >= 0))
         throw IllegalTimeArithmetic (L"HLAfloat64Time below 0");
      _time = std::nextafter (_time, -F_FINAL);
      return *this;
   }
   bool HLAfloat64Time::operator> (LogicalTime const & v) const
   { return _time > fval (v); }
   bool HLAfloat64Time::operator< (LogicalTime const & v) const
   { return _time < fval (v); }
   bool HLAfloat64Time::operator== (LogicalTime const & v) const
   { return _time == fval (v); }
   bool HLAfloat64Time::operator>= (LogicalTime const & v) const
   { return _time >= fval (v); }
   bool HLAfloat64Time::operator<= (LogicalTime const & v) const
   { return _time <= fval (v); }
   VariableLengthData HLAfloat64Time::encode () const
   {
      unsigned char b[8];
      put_be (b, dbits (_time), 8);
      return VariableLengthData (b, 8);
   }
   size_t HLAfloat64Time::encode (void * buffer, size_t size) const
   {
      return put8 (buffer, size, dbits (_time));
   }
   size_t HLAfloat64Time::encodedLength () const { return 8; }
   void HLAfloat64Time::decode (VariableLengthData const & v)
   {
      _time = bitsd (get8 (v.data (), v.size ()));
   }
   void HLAfloat64Time::decode (void * buffer, size_t size)
   {
      _time = bitsd (get8 (buffer, size));
   }
   std::wstring HLAfloat64Time::toString () const { return fstr (_time); }
   std::wstring HLAfloat64Time::implementationName () const
   {
      return L"HLAfloat64Time";
   }
   double HLAfloat64Time::getTime () const { return _time; }
   void HLAfloat64Time::setTime (double v) { _time = v; }
   HLAfloat64Time::operator double () const { return _time; }

   // ---- HLAinteger64Interval ----

   HLAinteger64Interval::HLAinteger64Interval () : _interval (0) {}
   HLAinteger64Interval::HLAinteger64Interval (Integer64 value)
      : _interval (value) {}
   HLAinteger64Interval::HLAinteger64Interval (LogicalTimeInterval const & v)
      : _interval (ival (v)) {}
   HLAinteger64Interval::HLAinteger64Interval (HLAinteger64Interval const & v)
      : LogicalTimeInterval (), _interval (v._interval) {}
   HLAinteger64Interval::~HLAinteger64Interval () RTI_NOEXCEPT {}
   void HLAinteger64Interval::setZero () { _interval = 0; }
   bool HLAinteger64Interval::isZero () const { return _interval == 0; }
   void HLAinteger64Interval::setEpsilon () { _interval = 1; }
   bool HLAinteger64Interval::isEpsilon () const { return _interval == 1; }
   LogicalTimeInterval & HLAinteger64Interval::operator= (
      LogicalTimeInterval const & v)
   {
      _interval = ival (v);
      return *this;
   }
   HLAinteger64Interval & HLAinteger64Interval::operator= (
      HLAinteger64Interval const & v)
   {
      _interval = v._interval;
      return *this;
   }
   LogicalTimeInterval & HLAinteger64Interval::operator+= (
      LogicalTimeInterval const & v)
   {
      _interval = iiadd (_interval, ival (v));
      return *this;
   }
   LogicalTimeInterval & HLAinteger64Interval::operator-= (
      LogicalTimeInterval const & v)
   {
      Integer64 d = ival (v);
      _interval = iiadd (_interval,
         d == std::numeric_limits<Integer64>::min () ? I_FINAL : -d);
      return *this;
   }
   bool HLAinteger64Interval::operator> (LogicalTimeInterval const & v) const
   { return _interval > ival (v); }
   bool HLAinteger64Interval::operator< (LogicalTimeInterval const & v) const
   { return _interval < ival (v); }
   bool HLAinteger64Interval::operator== (LogicalTimeInterval const & v)
      const
   { return _interval == ival (v); }
   bool HLAinteger64Interval::operator>= (LogicalTimeInterval const & v)
      const
   { return _interval >= ival (v); }
   bool HLAinteger64Interval::operator<= (LogicalTimeInterval const & v)
      const
   { return _interval <= ival (v); }
   void HLAinteger64Interval::setToDifference (LogicalTime const & minuend,
      LogicalTime const & subtrahend)
   {
      _interval = ival (minuend) - ival (subtrahend);
   }
   VariableLengthData HLAinteger64Interval::encode () const
   {
      unsigned char b[8];
      put_be (b, static_cast<unsigned long long> (_interval), 8);
      return VariableLengthData (b, 8);
   }
   size_t HLAinteger64Interval::encode (void * buffer, size_t size) const
   {
      return put8 (buffer, size, static_cast<unsigned long long> (_interval));
   }
   size_t HLAinteger64Interval::encodedLength () const { return 8; }
   void HLAinteger64Interval::decode (VariableLengthData const & v)
   {
      _interval = static_cast<Integer64> (get8 (v.data (), v.size ()));
   }
   void HLAinteger64Interval::decode (void * buffer, size_t size)
   {
      _interval = static_cast<Integer64> (get8 (buffer, size));
   }
   std::wstring HLAinteger64Interval::toString () const
   {
      std::wostringstream s;
      s << _interval;
      return s.str ();
   }
   std::wstring HLAinteger64Interval::implementationName () const
   {
      return L"HLAinteger64Time";
   }
   Integer64 HLAinteger64Interval::getInterval () const { return _interval; }
   void HLAinteger64Interval::setInterval (Integer64 v) { _interval = v; }
   HLAinteger64Interval::operator Integer64 () const { return _interval; }

   // ---- HLAinteger64Time ----

   HLAinteger64Time::HLAinteger64Time () : _time (0) {}
   HLAinteger64Time::HLAinteger64Time (Integer64 const & value)
      : _time (value) {}
   HLAinteger64Time::HLAinteger64Time (LogicalTime const & v)
      : _time (ival (v)) {}
   HLAinteger64Time::HLAinteger64Time (HLAinteger64Time const & v)
      : LogicalTime (), _time (v._time) {}
   HLAinteger64Time::~HLAinteger64Time () RTI_NOEXCEPT {}
   void HLAinteger64Time::setInitial () { _time = 0; }
   bool HLAinteger64Time::isInitial () const { return _time == 0; }
   void HLAinteger64Time::setFinal () { _time = I_FINAL; }
   bool HLAinteger64Time::isFinal () const { return _time == I_FINAL; }
   LogicalTime & HLAinteger64Time::operator= (LogicalTime const & v)
   {
      _time = ival (v);
      return *this;
   }
   HLAinteger64Time & HLAinteger64Time::operator= (HLAinteger64Time const & v)
   {
      _time = v._time;
      return *this;
   }
   LogicalTime & HLAinteger64Time::operator+= (LogicalTimeInterval const & v)
   {
      _time = iadd (_time, ival (v));
      return *this;
   }
   LogicalTime & HLAinteger64Time::operator-= (LogicalTimeInterval const & v)
   {
      Integer64 d = ival (v);
      if (d == std::numeric_limits<Integer64>::min ())
         throw IllegalTimeArithmetic (L"HLAinteger64Time out of range");
      _time = iadd (_time, -d);
      return *this;
   }
   bool HLAinteger64Time::operator> (LogicalTime const & v) const
   { return _time > ival (v); }
   bool HLAinteger64Time::operator< (LogicalTime const & v) const
   { return _time < ival (v); }
   bool HLAinteger64Time::operator== (LogicalTime const & v) const
   { return _time == ival (v); }
   bool HLAinteger64Time::operator>= (LogicalTime const & v) const
   { return _time >= ival (v); }
   bool HLAinteger64Time::operator<= (LogicalTime const & v) const
   { return _time <= ival (v); }
   VariableLengthData HLAinteger64Time::encode () const
   {
      unsigned char b[8];
      put_be (b, static_cast<unsigned long long> (_time), 8);
      return VariableLengthData (b, 8);
   }
   size_t HLAinteger64Time::encode (void * buffer, size_t size) const
   {
      return put8 (buffer, size, static_cast<unsigned long long> (_time));
   }
   size_t HLAinteger64Time::encodedLength () const { return 8; }
   void HLAinteger64Time::decode (VariableLengthData const & v)
   {
      _time = static_cast<Integer64> (get8 (v.data (), v.size ()));
   }
   void HLAinteger64Time::decode (void * buffer, size_t size)
   {
      _time = static_cast<Integer64> (get8 (buffer, size));
   }
   std::wstring HLAinteger64Time::toString () const
   {
      std::wostringstream s;
      s << _time;
      return s.str ();
   }
   std::wstring HLAinteger64Time::implementationName () const
   {
      return L"HLAinteger64Time";
   }
   Integer64 HLAinteger64Time::getTime () const { return _time; }
   void HLAinteger64Time::setTime (Integer64 v) { _time = v; }
   HLAinteger64Time::operator Integer64 () const { return _time; }
}

#if __cplusplus < 201703L
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

// ---- the factories ----
#define RTI1516E_FACTORY(K, V)                                              \
   HLA##K##TimeFactory::HLA##K##TimeFactory () {}                            \
   HLA##K##TimeFactory::~HLA##K##TimeFactory () RTI_NOEXCEPT {}              \
   RTI_UNIQUE_PTR<HLA##K##Time> HLA##K##TimeFactory::makeLogicalTime (V v)   \
   {                                                                         \
      return RTI_UNIQUE_PTR<HLA##K##Time> (new HLA##K##Time (v));            \
   }                                                                         \
   RTI_UNIQUE_PTR<HLA##K##Interval>                                          \
   HLA##K##TimeFactory::makeLogicalTimeInterval (V v)                        \
   {                                                                         \
      return RTI_UNIQUE_PTR<HLA##K##Interval> (new HLA##K##Interval (v));    \
   }                                                                         \
   RTI_UNIQUE_PTR<LogicalTime> HLA##K##TimeFactory::makeInitial ()           \
   {                                                                         \
      return RTI_UNIQUE_PTR<LogicalTime> (new HLA##K##Time ());              \
   }                                                                         \
   RTI_UNIQUE_PTR<LogicalTime> HLA##K##TimeFactory::makeFinal ()             \
   {                                                                         \
      HLA##K##Time * t = new HLA##K##Time ();                                \
      t->setFinal ();                                                        \
      return RTI_UNIQUE_PTR<LogicalTime> (t);                                \
   }                                                                         \
   RTI_UNIQUE_PTR<LogicalTimeInterval> HLA##K##TimeFactory::makeZero ()      \
   {                                                                         \
      return RTI_UNIQUE_PTR<LogicalTimeInterval> (new HLA##K##Interval ());  \
   }                                                                         \
   RTI_UNIQUE_PTR<LogicalTimeInterval> HLA##K##TimeFactory::makeEpsilon ()   \
   {                                                                         \
      HLA##K##Interval * i = new HLA##K##Interval ();                        \
      i->setEpsilon ();                                                      \
      return RTI_UNIQUE_PTR<LogicalTimeInterval> (i);                        \
   }                                                                         \
   RTI_UNIQUE_PTR<LogicalTime> HLA##K##TimeFactory::decodeLogicalTime (      \
      VariableLengthData const & v)                                          \
   {                                                                         \
      HLA##K##Time * t = new HLA##K##Time ();                                \
      RTI_UNIQUE_PTR<LogicalTime> p (t);                                     \
      t->decode (v);                                                         \
      return p;                                                              \
   }                                                                         \
   RTI_UNIQUE_PTR<LogicalTime> HLA##K##TimeFactory::decodeLogicalTime (      \
      void * buffer, size_t size)                                            \
   {                                                                         \
      HLA##K##Time * t = new HLA##K##Time ();                                \
      RTI_UNIQUE_PTR<LogicalTime> p (t);                                     \
      t->decode (buffer, size);                                              \
      return p;                                                              \
   }                                                                         \
   RTI_UNIQUE_PTR<LogicalTimeInterval>                                       \
   HLA##K##TimeFactory::decodeLogicalTimeInterval (                          \
      VariableLengthData const & v)                                          \
   {                                                                         \
      HLA##K##Interval * i = new HLA##K##Interval ();                        \
      RTI_UNIQUE_PTR<LogicalTimeInterval> p (i);                             \
      i->decode (v);                                                         \
      return p;                                                              \
   }                                                                         \
   RTI_UNIQUE_PTR<LogicalTimeInterval>                                       \
   HLA##K##TimeFactory::decodeLogicalTimeInterval (void * buffer,            \
      size_t size)                                                           \
   {                                                                         \
      HLA##K##Interval * i = new HLA##K##Interval ();                        \
      RTI_UNIQUE_PTR<LogicalTimeInterval> p (i);                             \
      i->decode (buffer, size);                                              \
      return p;                                                              \
   }                                                                         \
   std::wstring HLA##K##TimeFactory::getName () const                        \
   {                                                                         \
      return L"HLA" #K "Time";                                               \
   }

namespace rti1516e
{
   RTI1516E_FACTORY(float64, double)
   RTI1516E_FACTORY(integer64, Integer64)

   LogicalTimeFactory * HLAlogicalTimeFactoryFactory::newLogicalTimeFactory (
      std::wstring const & name)
   {
      if (name.empty () || name == L"HLAfloat64Time")
         return new HLAfloat64TimeFactory ();
      if (name == L"HLAinteger64Time")
         return new HLAinteger64TimeFactory ();
      return 0;
   }
}

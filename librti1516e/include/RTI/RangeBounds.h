// SPDX-License-Identifier: Apache-2.0
// RTI/RangeBounds.h - the range [lower, upper) of a region on one
// dimension (IEEE 1516.1-2010 9.1).
#ifndef RTI_RangeBounds_h
#define RTI_RangeBounds_h

#include <RTI/SpecificConfig.h>

namespace rti1516e
{
   class RTI_EXPORT RangeBounds
   {
   public:
      RangeBounds () : _lowerBound (0), _upperBound (0) {}
      RangeBounds (unsigned long lowerBound, unsigned long upperBound)
         : _lowerBound (lowerBound), _upperBound (upperBound) {}
      ~RangeBounds () RTI_NOEXCEPT {}
      RangeBounds (RangeBounds const & rhs)
         : _lowerBound (rhs._lowerBound), _upperBound (rhs._upperBound) {}
      RangeBounds & operator= (RangeBounds const & rhs)
      {
         _lowerBound = rhs._lowerBound;
         _upperBound = rhs._upperBound;
         return *this;
      }
      unsigned long getLowerBound () const { return _lowerBound; }
      unsigned long getUpperBound () const { return _upperBound; }
      void setLowerBound (unsigned long lowerBound)
      { _lowerBound = lowerBound; }
      void setUpperBound (unsigned long upperBound)
      { _upperBound = upperBound; }

   private:
      unsigned long _lowerBound;
      unsigned long _upperBound;
   };
}

#endif // RTI_RangeBounds_h

// SPDX-License-Identifier: Apache-2.0
// handles-int.h - librti1516e's access to the value inside a handle, and
// the wide/UTF-8 conversions every part of the library uses.  Private to
// the library (not installed).
#ifndef LIBRTI1516E_HANDLES_INT_H
#define LIBRTI1516E_HANDLES_INT_H

#include <RTI/Handle.h>
#include <RTI/VariableLengthData.h>
#include <string>

namespace rti1516e
{
#define RTI1516E_HANDLE_FRIEND(Kind)                                     \
   class Kind##Friend                                                   \
   {                                                                    \
   public:                                                              \
      static Kind make (unsigned long long v)                           \
      {                                                                 \
         Kind h;                                                        \
         h._value = v;                                                  \
         return h;                                                      \
      }                                                                 \
      static unsigned long long value (Kind const & h)                  \
      {                                                                 \
         return h._value;                                               \
      }                                                                 \
   };
   RTI1516E_HANDLE_FRIEND(FederateHandle)
   RTI1516E_HANDLE_FRIEND(ObjectClassHandle)
   RTI1516E_HANDLE_FRIEND(InteractionClassHandle)
   RTI1516E_HANDLE_FRIEND(ObjectInstanceHandle)
   RTI1516E_HANDLE_FRIEND(AttributeHandle)
   RTI1516E_HANDLE_FRIEND(ParameterHandle)
   RTI1516E_HANDLE_FRIEND(DimensionHandle)
   RTI1516E_HANDLE_FRIEND(MessageRetractionHandle)
   RTI1516E_HANDLE_FRIEND(RegionHandle)
#undef RTI1516E_HANDLE_FRIEND

   // The callbacks' fast path: lends librti's bytes to a value that holds
   // borrowed bytes or none (types.cpp's VLD_BORROWED is 0), as
   // setDataPointer does, without a call.
   class VariableLengthDataFriend
   {
   public:
      static void lend (VariableLengthData & v, void const * p, size_t n)
      {
         if (v._mode == 0) {
            v._data = const_cast<void *> (p);
            v._size = p ? n : 0;
         } else {
            v.setDataPointer (const_cast<void *> (p), n);
         }
      }
   };
}

namespace rti1516e_impl
{
   // UTF-8 of a wide string (UTF-32 on this platform; a code point that is
   // not Unicode becomes U+FFFD).
   std::string narrow (std::wstring const & w);
   // The wide string of UTF-8 text (an invalid sequence becomes U+FFFD).
   std::wstring widen (char const * s);
   std::wstring widen (char const * s, size_t n);

   // Big-endian integers in and out of bytes.
   inline void put_be (unsigned char * p, unsigned long long v, int n)
   {
      for (int i = n - 1; i >= 0; i--) {
         p[i] = static_cast<unsigned char> (v);
         v >>= 8;
      }
   }
   inline unsigned long long get_be (unsigned char const * p, int n)
   {
      unsigned long long v = 0;
      for (int i = 0; i < n; i++)
         v = (v << 8) | p[i];
      return v;
   }
}

#endif

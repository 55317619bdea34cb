// SPDX-License-Identifier: Apache-2.0
// encoding-int.h - the byte-level helpers of librti1516e's encoding
// helpers (encoding.cpp, encoding_complex.cpp): appending with the
// padding to an octet boundary, reading with bounds checks.
#ifndef LIBRTI1516E_ENCODING_INT_H
#define LIBRTI1516E_ENCODING_INT_H

#include <RTI/encoding/DataElement.h>
#include <RTI/encoding/EncodingExceptions.h>

#include <string>
#include <vector>

namespace rti1516e_impl
{
   using rti1516e::Octet;
   using rti1516e::EncoderException;

   // Zero octets until buf.size() is a multiple of boundary.
   inline void pad (std::vector<Octet> & buf, unsigned boundary)
   {
      while (boundary > 1 && buf.size () % boundary)
         buf.push_back (0);
   }

   // index rounded up to a multiple of boundary.
   inline size_t align (size_t index, unsigned boundary)
   {
      return boundary > 1 ? (index + boundary - 1) / boundary * boundary :
         index;
   }

   // n octets at index of buf, or EncoderException naming `what`.
   inline unsigned char const * take (std::vector<Octet> const & buf,
      size_t index, size_t n, char const * what)
   {
      if (index > buf.size () || buf.size () - index < n)
         throw EncoderException (L"decoding " + std::wstring (what,
            what + std::char_traits<char>::length (what)) +
            L": not enough bytes");
      return reinterpret_cast<unsigned char const *> (buf.data ()) + index;
   }

   inline void put_u (std::vector<Octet> & buf, unsigned long long v, int n,
      bool be)
   {
      for (int i = 0; i < n; i++) {
         int shift = be ? 8 * (n - 1 - i) : 8 * i;
         buf.push_back (static_cast<Octet> ((v >> shift) & 0xff));
      }
   }

   inline unsigned long long get_u (unsigned char const * p, int n, bool be)
   {
      unsigned long long v = 0;
      for (int i = 0; i < n; i++)
         v |= static_cast<unsigned long long> (p[i]) <<
            (be ? 8 * (n - 1 - i) : 8 * i);
      return v;
   }

   // The VariableLengthData's bytes as a vector (decode() of elements).
   inline std::vector<Octet> bytes_of (rti1516e::VariableLengthData const & v)
   {
      Octet const * p = static_cast<Octet const *> (v.data ());
      return std::vector<Octet> (p, p + v.size ());
   }

   // FNV-1a of bytes (DataElement::hash).
   inline long long fnv (std::vector<Octet> const & b)
   {
      unsigned long long h = 1469598103934665603ULL;
      for (size_t i = 0; i < b.size (); i++) {
         h ^= static_cast<unsigned char> (b[i]);
         h *= 1099511628211ULL;
      }
      return static_cast<long long> (h);
   }
}

#endif
